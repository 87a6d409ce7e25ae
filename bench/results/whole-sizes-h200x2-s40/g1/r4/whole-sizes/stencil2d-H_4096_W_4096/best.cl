/* bnbtune candidate of kernel stencil2d (H=4096, W=4096)
 * local size 64 x 2 x 1, 2047 x 1 x 1 groups
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(y.1)=1
 *   tile(y.2)=2
 *   tile(x.1)=64
 *   tile(x.2)=2
 *   kind(y.0)=block
 *   kind(x.0)=loop
 *   kind(y.1)=elided
 *   kind(x.1)=thread.x
 *   kind(y.2)=thread.y
 *   kind(x.2@n)=vector
 *   kind(x.2@s)=vector
 *   kind(x.2@w)=loop
 *   kind(x.2@e)=unroll
 *   kind(x.2@ns)=unroll
 *   kind(x.2@we)=unroll
 *   kind(x.2@sum)=unroll
 *   kind(x.2@r)=unroll
 *   kind(x.2@st.out)=vector
 *   mem(n)=private
 *   mem(s)=local
 *   mem(w)=local
 *   mem(e)=local
 *   mem(ns)=private
 *   mem(we)=local
 *   mem(sum)=private
 *   mem(r)=private
 *   order(y.0,x.0)=outside
 *   order(y.0,x.1)=outside
 *   order(y.0,y.2)=outside
 *   order(y.0,x.2@n)=outside
 *   order(y.0,x.2@s)=outside
 *   order(y.0,x.2@w)=outside
 *   order(y.0,x.2@e)=outside
 *   order(y.0,x.2@ns)=outside
 *   order(y.0,x.2@we)=outside
 *   order(y.0,x.2@sum)=outside
 *   order(y.0,x.2@r)=outside
 *   order(y.0,x.2@st.out)=outside
 *   order(y.0,n)=outside
 *   order(y.0,s)=outside
 *   order(y.0,w)=outside
 *   order(y.0,e)=outside
 *   order(y.0,ns)=outside
 *   order(y.0,we)=outside
 *   order(y.0,sum)=outside
 *   order(y.0,r)=outside
 *   order(y.0,st.out)=outside
 *   order(x.0,x.1)=inside
 *   order(x.0,y.2)=inside
 *   order(x.0,x.2@n)=outside
 *   order(x.0,x.2@s)=outside
 *   order(x.0,x.2@w)=outside
 *   order(x.0,x.2@e)=outside
 *   order(x.0,x.2@ns)=outside
 *   order(x.0,x.2@we)=outside
 *   order(x.0,x.2@sum)=outside
 *   order(x.0,x.2@r)=outside
 *   order(x.0,x.2@st.out)=outside
 *   order(x.0,n)=outside
 *   order(x.0,s)=outside
 *   order(x.0,w)=outside
 *   order(x.0,e)=outside
 *   order(x.0,ns)=outside
 *   order(x.0,we)=outside
 *   order(x.0,sum)=outside
 *   order(x.0,r)=outside
 *   order(x.0,st.out)=outside
 *   order(x.1,y.2)=inside
 *   order(x.1,x.2@n)=outside
 *   order(x.1,x.2@s)=outside
 *   order(x.1,x.2@w)=outside
 *   order(x.1,x.2@e)=outside
 *   order(x.1,x.2@ns)=outside
 *   order(x.1,x.2@we)=outside
 *   order(x.1,x.2@sum)=outside
 *   order(x.1,x.2@r)=outside
 *   order(x.1,x.2@st.out)=outside
 *   order(x.1,n)=outside
 *   order(x.1,s)=outside
 *   order(x.1,w)=outside
 *   order(x.1,e)=outside
 *   order(x.1,ns)=outside
 *   order(x.1,we)=outside
 *   order(x.1,sum)=outside
 *   order(x.1,r)=outside
 *   order(x.1,st.out)=outside
 *   order(y.2,x.2@n)=outside
 *   order(y.2,x.2@s)=outside
 *   order(y.2,x.2@w)=outside
 *   order(y.2,x.2@e)=outside
 *   order(y.2,x.2@ns)=outside
 *   order(y.2,x.2@we)=outside
 *   order(y.2,x.2@sum)=outside
 *   order(y.2,x.2@r)=outside
 *   order(y.2,x.2@st.out)=outside
 *   order(y.2,n)=outside
 *   order(y.2,s)=outside
 *   order(y.2,w)=outside
 *   order(y.2,e)=outside
 *   order(y.2,ns)=outside
 *   order(y.2,we)=outside
 *   order(y.2,sum)=outside
 *   order(y.2,r)=outside
 *   order(y.2,st.out)=outside
 *   order(x.2@n,x.2@s)=before
 *   order(x.2@n,x.2@w)=before
 *   order(x.2@n,x.2@e)=before
 *   order(x.2@n,x.2@ns)=before
 *   order(x.2@n,x.2@we)=before
 *   order(x.2@n,x.2@sum)=before
 *   order(x.2@n,x.2@r)=before
 *   order(x.2@n,x.2@st.out)=before
 *   order(x.2@n,n)=outside
 *   order(x.2@n,s)=before
 *   order(x.2@n,w)=before
 *   order(x.2@n,e)=before
 *   order(x.2@n,ns)=before
 *   order(x.2@n,we)=before
 *   order(x.2@n,sum)=before
 *   order(x.2@n,r)=before
 *   order(x.2@n,st.out)=before
 *   order(x.2@s,x.2@w)=before
 *   order(x.2@s,x.2@e)=before
 *   order(x.2@s,x.2@ns)=before
 *   order(x.2@s,x.2@we)=before
 *   order(x.2@s,x.2@sum)=before
 *   order(x.2@s,x.2@r)=before
 *   order(x.2@s,x.2@st.out)=before
 *   order(x.2@s,n)=after
 *   order(x.2@s,s)=outside
 *   order(x.2@s,w)=before
 *   order(x.2@s,e)=before
 *   order(x.2@s,ns)=before
 *   order(x.2@s,we)=before
 *   order(x.2@s,sum)=before
 *   order(x.2@s,r)=before
 *   order(x.2@s,st.out)=before
 *   order(x.2@w,x.2@e)=before
 *   order(x.2@w,x.2@ns)=before
 *   order(x.2@w,x.2@we)=before
 *   order(x.2@w,x.2@sum)=before
 *   order(x.2@w,x.2@r)=before
 *   order(x.2@w,x.2@st.out)=before
 *   order(x.2@w,n)=after
 *   order(x.2@w,s)=after
 *   order(x.2@w,w)=outside
 *   order(x.2@w,e)=before
 *   order(x.2@w,ns)=before
 *   order(x.2@w,we)=before
 *   order(x.2@w,sum)=before
 *   order(x.2@w,r)=before
 *   order(x.2@w,st.out)=before
 *   order(x.2@e,x.2@ns)=fused
 *   order(x.2@e,x.2@we)=fused
 *   order(x.2@e,x.2@sum)=fused
 *   order(x.2@e,x.2@r)=fused
 *   order(x.2@e,x.2@st.out)=before
 *   order(x.2@e,n)=after
 *   order(x.2@e,s)=after
 *   order(x.2@e,w)=after
 *   order(x.2@e,e)=outside
 *   order(x.2@e,ns)=outside
 *   order(x.2@e,we)=outside
 *   order(x.2@e,sum)=outside
 *   order(x.2@e,r)=outside
 *   order(x.2@e,st.out)=before
 *   order(x.2@ns,x.2@we)=fused
 *   order(x.2@ns,x.2@sum)=fused
 *   order(x.2@ns,x.2@r)=fused
 *   order(x.2@ns,x.2@st.out)=before
 *   order(x.2@ns,n)=after
 *   order(x.2@ns,s)=after
 *   order(x.2@ns,w)=after
 *   order(x.2@ns,e)=outside
 *   order(x.2@ns,ns)=outside
 *   order(x.2@ns,we)=outside
 *   order(x.2@ns,sum)=outside
 *   order(x.2@ns,r)=outside
 *   order(x.2@ns,st.out)=before
 *   order(x.2@we,x.2@sum)=fused
 *   order(x.2@we,x.2@r)=fused
 *   order(x.2@we,x.2@st.out)=before
 *   order(x.2@we,n)=after
 *   order(x.2@we,s)=after
 *   order(x.2@we,w)=after
 *   order(x.2@we,e)=outside
 *   order(x.2@we,ns)=outside
 *   order(x.2@we,we)=outside
 *   order(x.2@we,sum)=outside
 *   order(x.2@we,r)=outside
 *   order(x.2@we,st.out)=before
 *   order(x.2@sum,x.2@r)=fused
 *   order(x.2@sum,x.2@st.out)=before
 *   order(x.2@sum,n)=after
 *   order(x.2@sum,s)=after
 *   order(x.2@sum,w)=after
 *   order(x.2@sum,e)=outside
 *   order(x.2@sum,ns)=outside
 *   order(x.2@sum,we)=outside
 *   order(x.2@sum,sum)=outside
 *   order(x.2@sum,r)=outside
 *   order(x.2@sum,st.out)=before
 *   order(x.2@r,x.2@st.out)=before
 *   order(x.2@r,n)=after
 *   order(x.2@r,s)=after
 *   order(x.2@r,w)=after
 *   order(x.2@r,e)=outside
 *   order(x.2@r,ns)=outside
 *   order(x.2@r,we)=outside
 *   order(x.2@r,sum)=outside
 *   order(x.2@r,r)=outside
 *   order(x.2@r,st.out)=before
 *   order(x.2@st.out,n)=after
 *   order(x.2@st.out,s)=after
 *   order(x.2@st.out,w)=after
 *   order(x.2@st.out,e)=after
 *   order(x.2@st.out,ns)=after
 *   order(x.2@st.out,we)=after
 *   order(x.2@st.out,sum)=after
 *   order(x.2@st.out,r)=after
 *   order(x.2@st.out,st.out)=outside
 *   order(n,s)=before
 *   order(n,w)=before
 *   order(n,e)=before
 *   order(n,ns)=before
 *   order(n,we)=before
 *   order(n,sum)=before
 *   order(n,r)=before
 *   order(n,st.out)=before
 *   order(s,w)=before
 *   order(s,e)=before
 *   order(s,ns)=before
 *   order(s,we)=before
 *   order(s,sum)=before
 *   order(s,r)=before
 *   order(s,st.out)=before
 *   order(w,e)=before
 *   order(w,ns)=before
 *   order(w,we)=before
 *   order(w,sum)=before
 *   order(w,r)=before
 *   order(w,st.out)=before
 *   order(e,ns)=before
 *   order(e,we)=before
 *   order(e,sum)=before
 *   order(e,r)=before
 *   order(e,st.out)=before
 *   order(ns,we)=before
 *   order(ns,sum)=before
 *   order(ns,r)=before
 *   order(ns,st.out)=before
 *   order(we,sum)=before
 *   order(we,r)=before
 *   order(we,st.out)=before
 *   order(sum,r)=before
 *   order(sum,st.out)=before
 *   order(r,st.out)=before
 *   pad(n)=no
 *   pad(s)=yes
 *   pad(w)=yes
 *   pad(e)=yes
 *   pad(ns)=no
 *   pad(we)=yes
 *   pad(sum)=no
 *   pad(r)=no
 */
__kernel __attribute__((reqd_work_group_size(64, 2, 1)))
void bnb_stencil2d(
    __global const float *restrict a_in,
    __global float *a_out)
{
  float v_n[2];
  __local float v_s[384] __attribute__ ((aligned (16)));
  __local float v_w[384] __attribute__ ((aligned (16)));
  __local float v_e[192] __attribute__ ((aligned (16)));
  float v_ns;
  __local float v_we[192] __attribute__ ((aligned (16)));
  float v_sum;
  float v_r[2];
  const int i0 = get_group_id(0); /* y.0 */
  const int i3 = get_local_id(0); /* x.1 */
  const int i4 = get_local_id(1); /* y.2 */
  for (int i1 = 0; i1 < 32; ++i1) {
    if ((i3 * 2 + i1 * 128) < 4094) {
      v_n[0] = a_in[((i4 + i0 * 2)) * 4096 + ((i3 * 2 + i1 * 128) + 1)];
    }
    if ((1 + i3 * 2 + i1 * 128) < 4094) {
      v_n[1] = a_in[((i4 + i0 * 2)) * 4096 + ((1 + i3 * 2 + i1 * 128) + 1)];
    }
    if ((i3 * 2 + i1 * 128) < 4094) {
      v_s[0 * 192 + i3 * 3 + i4] = a_in[((i4 + i0 * 2) + 2) * 4096 + ((i3 * 2 + i1 * 128) + 1)];
    }
    if ((1 + i3 * 2 + i1 * 128) < 4094) {
      v_s[1 * 192 + i3 * 3 + i4] = a_in[((i4 + i0 * 2) + 2) * 4096 + ((1 + i3 * 2 + i1 * 128) + 1)];
    }
    for (int i7 = 0; i7 < 2; ++i7) {
      if ((i7 + i3 * 2 + i1 * 128) < 4094) {
        v_w[i7 * 192 + i3 * 3 + i4] = a_in[((i4 + i0 * 2) + 1) * 4096 + ((i7 + i3 * 2 + i1 * 128))];
      }
    }
    { /* x.2@e = 0 */
      const int i8 = 0;
      if ((i8 + i3 * 2 + i1 * 128) < 4094) {
        v_e[i3 * 3 + i4] = a_in[((i4 + i0 * 2) + 1) * 4096 + ((i8 + i3 * 2 + i1 * 128) + 2)];
      }
      v_ns = v_n[i8] + v_s[i8 * 192 + i3 * 3 + i4];
      v_we[i3 * 3 + i4] = v_w[i8 * 192 + i3 * 3 + i4] + v_e[i3 * 3 + i4];
      v_sum = v_ns + v_we[i3 * 3 + i4];
      v_r[i8] = v_sum * (0.25f);
    }
    { /* x.2@e = 1 */
      const int i8 = 1;
      if ((i8 + i3 * 2 + i1 * 128) < 4094) {
        v_e[i3 * 3 + i4] = a_in[((i4 + i0 * 2) + 1) * 4096 + ((i8 + i3 * 2 + i1 * 128) + 2)];
      }
      v_ns = v_n[i8] + v_s[i8 * 192 + i3 * 3 + i4];
      v_we[i3 * 3 + i4] = v_w[i8 * 192 + i3 * 3 + i4] + v_e[i3 * 3 + i4];
      v_sum = v_ns + v_we[i3 * 3 + i4];
      v_r[i8] = v_sum * (0.25f);
    }
    if ((i3 * 2 + i1 * 128) < 4094) {
      a_out[((i4 + i0 * 2)) * 4094 + ((i3 * 2 + i1 * 128))] = v_r[0];
    }
    if ((1 + i3 * 2 + i1 * 128) < 4094) {
      a_out[((i4 + i0 * 2)) * 4094 + ((1 + i3 * 2 + i1 * 128))] = v_r[1];
    }
  }
}
