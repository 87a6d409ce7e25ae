/* bnbtune candidate of kernel gemv (M=40, N=37)
 * local size 1 x 1 x 4, 5 x 1 x 1 groups
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(m.1)=4
 *   tile(m.2)=2
 *   tile(n.1)=2
 *   kind(m.0)=block
 *   kind(m.1@acc)=loop
 *   kind(m.2@acc)=loop
 *   kind(n.0)=loop
 *   kind(m.1@a)=thread.z
 *   kind(m.2@a)=unroll
 *   kind(n.1@a)=loop
 *   kind(n.1@v)=loop
 *   kind(m.1@acc.upd)=thread.z
 *   kind(m.2@acc.upd)=loop
 *   kind(n.1@acc.upd)=unroll
 *   kind(m.1@st.y)=loop
 *   kind(m.2@st.y)=loop
 *   mem(acc)=global
 *   mem(a)=local
 *   mem(v)=global
 *   order(m.0,m.1@acc)=outside
 *   order(m.0,m.2@acc)=outside
 *   order(m.0,n.0)=outside
 *   order(m.0,m.1@a)=outside
 *   order(m.0,m.2@a)=outside
 *   order(m.0,n.1@a)=outside
 *   order(m.0,n.1@v)=outside
 *   order(m.0,m.1@acc.upd)=outside
 *   order(m.0,m.2@acc.upd)=outside
 *   order(m.0,n.1@acc.upd)=outside
 *   order(m.0,m.1@st.y)=outside
 *   order(m.0,m.2@st.y)=outside
 *   order(m.0,acc)=outside
 *   order(m.0,a)=outside
 *   order(m.0,v)=outside
 *   order(m.0,acc.upd)=outside
 *   order(m.0,st.y)=outside
 *   order(m.1@acc,m.2@acc)=outside
 *   order(m.1@acc,n.0)=before
 *   order(m.1@acc,m.1@a)=before
 *   order(m.1@acc,m.2@a)=before
 *   order(m.1@acc,n.1@a)=before
 *   order(m.1@acc,n.1@v)=before
 *   order(m.1@acc,m.1@acc.upd)=before
 *   order(m.1@acc,m.2@acc.upd)=before
 *   order(m.1@acc,n.1@acc.upd)=before
 *   order(m.1@acc,m.1@st.y)=before
 *   order(m.1@acc,m.2@st.y)=before
 *   order(m.1@acc,acc)=outside
 *   order(m.1@acc,a)=before
 *   order(m.1@acc,v)=before
 *   order(m.1@acc,acc.upd)=before
 *   order(m.1@acc,st.y)=before
 *   order(m.2@acc,n.0)=before
 *   order(m.2@acc,m.1@a)=before
 *   order(m.2@acc,m.2@a)=before
 *   order(m.2@acc,n.1@a)=before
 *   order(m.2@acc,n.1@v)=before
 *   order(m.2@acc,m.1@acc.upd)=before
 *   order(m.2@acc,m.2@acc.upd)=before
 *   order(m.2@acc,n.1@acc.upd)=before
 *   order(m.2@acc,m.1@st.y)=before
 *   order(m.2@acc,m.2@st.y)=before
 *   order(m.2@acc,acc)=outside
 *   order(m.2@acc,a)=before
 *   order(m.2@acc,v)=before
 *   order(m.2@acc,acc.upd)=before
 *   order(m.2@acc,st.y)=before
 *   order(n.0,m.1@a)=outside
 *   order(n.0,m.2@a)=outside
 *   order(n.0,n.1@a)=outside
 *   order(n.0,n.1@v)=outside
 *   order(n.0,m.1@acc.upd)=outside
 *   order(n.0,m.2@acc.upd)=outside
 *   order(n.0,n.1@acc.upd)=outside
 *   order(n.0,m.1@st.y)=before
 *   order(n.0,m.2@st.y)=before
 *   order(n.0,acc)=after
 *   order(n.0,a)=outside
 *   order(n.0,v)=outside
 *   order(n.0,acc.upd)=outside
 *   order(n.0,st.y)=before
 *   order(m.1@a,m.2@a)=outside
 *   order(m.1@a,n.1@a)=outside
 *   order(m.1@a,n.1@v)=after
 *   order(m.1@a,m.1@acc.upd)=fused
 *   order(m.1@a,m.2@acc.upd)=outside
 *   order(m.1@a,n.1@acc.upd)=outside
 *   order(m.1@a,m.1@st.y)=before
 *   order(m.1@a,m.2@st.y)=before
 *   order(m.1@a,acc)=after
 *   order(m.1@a,a)=outside
 *   order(m.1@a,v)=after
 *   order(m.1@a,acc.upd)=outside
 *   order(m.1@a,st.y)=before
 *   order(m.2@a,n.1@a)=outside
 *   order(m.2@a,n.1@v)=after
 *   order(m.2@a,m.1@acc.upd)=inside
 *   order(m.2@a,m.2@acc.upd)=before
 *   order(m.2@a,n.1@acc.upd)=before
 *   order(m.2@a,m.1@st.y)=before
 *   order(m.2@a,m.2@st.y)=before
 *   order(m.2@a,acc)=after
 *   order(m.2@a,a)=outside
 *   order(m.2@a,v)=after
 *   order(m.2@a,acc.upd)=before
 *   order(m.2@a,st.y)=before
 *   order(n.1@a,n.1@v)=after
 *   order(n.1@a,m.1@acc.upd)=inside
 *   order(n.1@a,m.2@acc.upd)=before
 *   order(n.1@a,n.1@acc.upd)=before
 *   order(n.1@a,m.1@st.y)=before
 *   order(n.1@a,m.2@st.y)=before
 *   order(n.1@a,acc)=after
 *   order(n.1@a,a)=outside
 *   order(n.1@a,v)=after
 *   order(n.1@a,acc.upd)=before
 *   order(n.1@a,st.y)=before
 *   order(n.1@v,m.1@acc.upd)=before
 *   order(n.1@v,m.2@acc.upd)=before
 *   order(n.1@v,n.1@acc.upd)=before
 *   order(n.1@v,m.1@st.y)=before
 *   order(n.1@v,m.2@st.y)=before
 *   order(n.1@v,acc)=after
 *   order(n.1@v,a)=before
 *   order(n.1@v,v)=outside
 *   order(n.1@v,acc.upd)=before
 *   order(n.1@v,st.y)=before
 *   order(m.1@acc.upd,m.2@acc.upd)=outside
 *   order(m.1@acc.upd,n.1@acc.upd)=outside
 *   order(m.1@acc.upd,m.1@st.y)=before
 *   order(m.1@acc.upd,m.2@st.y)=before
 *   order(m.1@acc.upd,acc)=after
 *   order(m.1@acc.upd,a)=outside
 *   order(m.1@acc.upd,v)=after
 *   order(m.1@acc.upd,acc.upd)=outside
 *   order(m.1@acc.upd,st.y)=before
 *   order(m.2@acc.upd,n.1@acc.upd)=inside
 *   order(m.2@acc.upd,m.1@st.y)=before
 *   order(m.2@acc.upd,m.2@st.y)=before
 *   order(m.2@acc.upd,acc)=after
 *   order(m.2@acc.upd,a)=after
 *   order(m.2@acc.upd,v)=after
 *   order(m.2@acc.upd,acc.upd)=outside
 *   order(m.2@acc.upd,st.y)=before
 *   order(n.1@acc.upd,m.1@st.y)=before
 *   order(n.1@acc.upd,m.2@st.y)=before
 *   order(n.1@acc.upd,acc)=after
 *   order(n.1@acc.upd,a)=after
 *   order(n.1@acc.upd,v)=after
 *   order(n.1@acc.upd,acc.upd)=outside
 *   order(n.1@acc.upd,st.y)=before
 *   order(m.1@st.y,m.2@st.y)=inside
 *   order(m.1@st.y,acc)=after
 *   order(m.1@st.y,a)=after
 *   order(m.1@st.y,v)=after
 *   order(m.1@st.y,acc.upd)=after
 *   order(m.1@st.y,st.y)=outside
 *   order(m.2@st.y,acc)=after
 *   order(m.2@st.y,a)=after
 *   order(m.2@st.y,v)=after
 *   order(m.2@st.y,acc.upd)=after
 *   order(m.2@st.y,st.y)=outside
 *   order(acc,a)=before
 *   order(acc,v)=before
 *   order(acc,acc.upd)=before
 *   order(acc,st.y)=before
 *   order(a,v)=after
 *   order(a,acc.upd)=before
 *   order(a,st.y)=before
 *   order(v,acc.upd)=before
 *   order(v,st.y)=before
 *   order(acc.upd,st.y)=before
 *   pad(acc)=no
 *   pad(a)=no
 *   pad(v)=no
 */
__kernel __attribute__((reqd_work_group_size(1, 1, 4)))
void bnb_gemv(
    __global const float *restrict a_A,
    __global const float *restrict a_x,
    __global float *restrict a_y,
    __global float *restrict v_acc,
    __global float *restrict v_v)
{
  __local float v_a[16];
  const int i0 = get_group_id(0); /* m.0 */
  const int i4 = get_local_id(2); /* m.1@a */
  for (int i1 = 0; i1 < 4; ++i1) {
    for (int i2 = 0; i2 < 2; ++i2) {
      v_acc[i1 * 10 + i2 * 5 + i0] = (0.0f);
    }
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  for (int i3 = 0; i3 < 19; ++i3) {
    for (int i7 = 0; i7 < 2; ++i7) {
      if ((i7 + i3 * 2) < 37) {
        v_v[i7 * 5 + i0] = a_x[(i7 + i3 * 2)];
      }
    }
    { /* m.2@a = 0 */
      const int i5 = 0;
      for (int i6 = 0; i6 < 2; ++i6) {
        if ((i6 + i3 * 2) < 37) {
          v_a[i4 * 4 + i5 * 2 + i6] = a_A[((i5 + i4 * 2 + i0 * 8)) * 37 + ((i6 + i3 * 2))];
        }
      }
    }
    { /* m.2@a = 1 */
      const int i5 = 1;
      for (int i6 = 0; i6 < 2; ++i6) {
        if ((i6 + i3 * 2) < 37) {
          v_a[i4 * 4 + i5 * 2 + i6] = a_A[((i5 + i4 * 2 + i0 * 8)) * 37 + ((i6 + i3 * 2))];
        }
      }
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    { /* n.1@acc.upd = 0 */
      const int i10 = 0;
      for (int i9 = 0; i9 < 2; ++i9) {
        if ((i10 + i3 * 2) < 37) {
          v_acc[i4 * 10 + i9 * 5 + i0] = fma(v_a[i4 * 4 + i9 * 2 + i10], v_v[i10 * 5 + i0], v_acc[i4 * 10 + i9 * 5 + i0]);
        }
      }
    }
    { /* n.1@acc.upd = 1 */
      const int i10 = 1;
      for (int i9 = 0; i9 < 2; ++i9) {
        if ((i10 + i3 * 2) < 37) {
          v_acc[i4 * 10 + i9 * 5 + i0] = fma(v_a[i4 * 4 + i9 * 2 + i10], v_v[i10 * 5 + i0], v_acc[i4 * 10 + i9 * 5 + i0]);
        }
      }
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  for (int i12 = 0; i12 < 2; ++i12) {
    for (int i11 = 0; i11 < 4; ++i11) {
      a_y[(i12 + i11 * 2 + i0 * 8)] = v_acc[i11 * 10 + i12 * 5 + i0];
    }
  }
}
