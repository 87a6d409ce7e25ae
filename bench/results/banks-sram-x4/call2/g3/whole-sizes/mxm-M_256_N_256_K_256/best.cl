/* bnbtune candidate of kernel mxm (M=256, N=256, K=256)
 * local size 4 x 4 x 4, 16 x 16 x 1 groups
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(T1)=4
 *   tile(T2)=4
 *   tile(TK)=32
 *   kind(m.0)=block
 *   kind(n.0)=block
 *   kind(m.1@acc)=unroll
 *   kind(m.2@acc)=unroll
 *   kind(n.1@acc)=thread.z
 *   kind(n.2@acc)=thread.x
 *   kind(k.0)=loop
 *   kind(m.1@a)=thread.x
 *   kind(m.2@a)=thread.z
 *   kind(k.1@a)=unroll
 *   kind(k.1@b)=loop
 *   kind(n.1@b)=thread.x
 *   kind(n.2@b)=thread.y
 *   kind(m.1@acc.upd)=unroll
 *   kind(m.2@acc.upd)=unroll
 *   kind(n.1@acc.upd)=thread.z
 *   kind(n.2@acc.upd)=thread.x
 *   kind(k.1@acc.upd)=loop
 *   kind(m.1@st.C)=unroll
 *   kind(m.2@st.C)=unroll
 *   kind(n.1@st.C)=thread.z
 *   kind(n.2@st.C)=thread.x
 *   mem(acc)=private
 *   mem(a)=local
 *   mem(b)=local
 *   order(m.0,n.0)=inside
 *   order(m.0,m.1@acc)=outside
 *   order(m.0,m.2@acc)=outside
 *   order(m.0,n.1@acc)=outside
 *   order(m.0,n.2@acc)=outside
 *   order(m.0,k.0)=outside
 *   order(m.0,m.1@a)=outside
 *   order(m.0,m.2@a)=outside
 *   order(m.0,k.1@a)=outside
 *   order(m.0,k.1@b)=outside
 *   order(m.0,n.1@b)=outside
 *   order(m.0,n.2@b)=outside
 *   order(m.0,m.1@acc.upd)=outside
 *   order(m.0,m.2@acc.upd)=outside
 *   order(m.0,n.1@acc.upd)=outside
 *   order(m.0,n.2@acc.upd)=outside
 *   order(m.0,k.1@acc.upd)=outside
 *   order(m.0,m.1@st.C)=outside
 *   order(m.0,m.2@st.C)=outside
 *   order(m.0,n.1@st.C)=outside
 *   order(m.0,n.2@st.C)=outside
 *   order(m.0,acc)=outside
 *   order(m.0,a)=outside
 *   order(m.0,b)=outside
 *   order(m.0,acc.upd)=outside
 *   order(m.0,st.C)=outside
 *   order(n.0,m.1@acc)=outside
 *   order(n.0,m.2@acc)=outside
 *   order(n.0,n.1@acc)=outside
 *   order(n.0,n.2@acc)=outside
 *   order(n.0,k.0)=outside
 *   order(n.0,m.1@a)=outside
 *   order(n.0,m.2@a)=outside
 *   order(n.0,k.1@a)=outside
 *   order(n.0,k.1@b)=outside
 *   order(n.0,n.1@b)=outside
 *   order(n.0,n.2@b)=outside
 *   order(n.0,m.1@acc.upd)=outside
 *   order(n.0,m.2@acc.upd)=outside
 *   order(n.0,n.1@acc.upd)=outside
 *   order(n.0,n.2@acc.upd)=outside
 *   order(n.0,k.1@acc.upd)=outside
 *   order(n.0,m.1@st.C)=outside
 *   order(n.0,m.2@st.C)=outside
 *   order(n.0,n.1@st.C)=outside
 *   order(n.0,n.2@st.C)=outside
 *   order(n.0,acc)=outside
 *   order(n.0,a)=outside
 *   order(n.0,b)=outside
 *   order(n.0,acc.upd)=outside
 *   order(n.0,st.C)=outside
 *   order(m.1@acc,m.2@acc)=inside
 *   order(m.1@acc,n.1@acc)=inside
 *   order(m.1@acc,n.2@acc)=inside
 *   order(m.1@acc,k.0)=before
 *   order(m.1@acc,m.1@a)=before
 *   order(m.1@acc,m.2@a)=before
 *   order(m.1@acc,k.1@a)=before
 *   order(m.1@acc,k.1@b)=before
 *   order(m.1@acc,n.1@b)=before
 *   order(m.1@acc,n.2@b)=before
 *   order(m.1@acc,m.1@acc.upd)=before
 *   order(m.1@acc,m.2@acc.upd)=before
 *   order(m.1@acc,n.1@acc.upd)=before
 *   order(m.1@acc,n.2@acc.upd)=before
 *   order(m.1@acc,k.1@acc.upd)=before
 *   order(m.1@acc,m.1@st.C)=before
 *   order(m.1@acc,m.2@st.C)=before
 *   order(m.1@acc,n.1@st.C)=before
 *   order(m.1@acc,n.2@st.C)=before
 *   order(m.1@acc,acc)=outside
 *   order(m.1@acc,a)=before
 *   order(m.1@acc,b)=before
 *   order(m.1@acc,acc.upd)=before
 *   order(m.1@acc,st.C)=before
 *   order(m.2@acc,n.1@acc)=inside
 *   order(m.2@acc,n.2@acc)=inside
 *   order(m.2@acc,k.0)=before
 *   order(m.2@acc,m.1@a)=before
 *   order(m.2@acc,m.2@a)=before
 *   order(m.2@acc,k.1@a)=before
 *   order(m.2@acc,k.1@b)=before
 *   order(m.2@acc,n.1@b)=before
 *   order(m.2@acc,n.2@b)=before
 *   order(m.2@acc,m.1@acc.upd)=before
 *   order(m.2@acc,m.2@acc.upd)=before
 *   order(m.2@acc,n.1@acc.upd)=before
 *   order(m.2@acc,n.2@acc.upd)=before
 *   order(m.2@acc,k.1@acc.upd)=before
 *   order(m.2@acc,m.1@st.C)=before
 *   order(m.2@acc,m.2@st.C)=before
 *   order(m.2@acc,n.1@st.C)=before
 *   order(m.2@acc,n.2@st.C)=before
 *   order(m.2@acc,acc)=outside
 *   order(m.2@acc,a)=before
 *   order(m.2@acc,b)=before
 *   order(m.2@acc,acc.upd)=before
 *   order(m.2@acc,st.C)=before
 *   order(n.1@acc,n.2@acc)=inside
 *   order(n.1@acc,k.0)=before
 *   order(n.1@acc,m.1@a)=before
 *   order(n.1@acc,m.2@a)=before
 *   order(n.1@acc,k.1@a)=before
 *   order(n.1@acc,k.1@b)=before
 *   order(n.1@acc,n.1@b)=before
 *   order(n.1@acc,n.2@b)=before
 *   order(n.1@acc,m.1@acc.upd)=before
 *   order(n.1@acc,m.2@acc.upd)=before
 *   order(n.1@acc,n.1@acc.upd)=before
 *   order(n.1@acc,n.2@acc.upd)=before
 *   order(n.1@acc,k.1@acc.upd)=before
 *   order(n.1@acc,m.1@st.C)=before
 *   order(n.1@acc,m.2@st.C)=before
 *   order(n.1@acc,n.1@st.C)=before
 *   order(n.1@acc,n.2@st.C)=before
 *   order(n.1@acc,acc)=outside
 *   order(n.1@acc,a)=before
 *   order(n.1@acc,b)=before
 *   order(n.1@acc,acc.upd)=before
 *   order(n.1@acc,st.C)=before
 *   order(n.2@acc,k.0)=before
 *   order(n.2@acc,m.1@a)=before
 *   order(n.2@acc,m.2@a)=before
 *   order(n.2@acc,k.1@a)=before
 *   order(n.2@acc,k.1@b)=before
 *   order(n.2@acc,n.1@b)=before
 *   order(n.2@acc,n.2@b)=before
 *   order(n.2@acc,m.1@acc.upd)=before
 *   order(n.2@acc,m.2@acc.upd)=before
 *   order(n.2@acc,n.1@acc.upd)=before
 *   order(n.2@acc,n.2@acc.upd)=before
 *   order(n.2@acc,k.1@acc.upd)=before
 *   order(n.2@acc,m.1@st.C)=before
 *   order(n.2@acc,m.2@st.C)=before
 *   order(n.2@acc,n.1@st.C)=before
 *   order(n.2@acc,n.2@st.C)=before
 *   order(n.2@acc,acc)=outside
 *   order(n.2@acc,a)=before
 *   order(n.2@acc,b)=before
 *   order(n.2@acc,acc.upd)=before
 *   order(n.2@acc,st.C)=before
 *   order(k.0,m.1@a)=outside
 *   order(k.0,m.2@a)=outside
 *   order(k.0,k.1@a)=outside
 *   order(k.0,k.1@b)=outside
 *   order(k.0,n.1@b)=outside
 *   order(k.0,n.2@b)=outside
 *   order(k.0,m.1@acc.upd)=outside
 *   order(k.0,m.2@acc.upd)=outside
 *   order(k.0,n.1@acc.upd)=outside
 *   order(k.0,n.2@acc.upd)=outside
 *   order(k.0,k.1@acc.upd)=outside
 *   order(k.0,m.1@st.C)=before
 *   order(k.0,m.2@st.C)=before
 *   order(k.0,n.1@st.C)=before
 *   order(k.0,n.2@st.C)=before
 *   order(k.0,acc)=after
 *   order(k.0,a)=outside
 *   order(k.0,b)=outside
 *   order(k.0,acc.upd)=outside
 *   order(k.0,st.C)=before
 *   order(m.1@a,m.2@a)=outside
 *   order(m.1@a,k.1@a)=outside
 *   order(m.1@a,k.1@b)=outside
 *   order(m.1@a,n.1@b)=fused
 *   order(m.1@a,n.2@b)=outside
 *   order(m.1@a,m.1@acc.upd)=before
 *   order(m.1@a,m.2@acc.upd)=before
 *   order(m.1@a,n.1@acc.upd)=before
 *   order(m.1@a,n.2@acc.upd)=before
 *   order(m.1@a,k.1@acc.upd)=before
 *   order(m.1@a,m.1@st.C)=before
 *   order(m.1@a,m.2@st.C)=before
 *   order(m.1@a,n.1@st.C)=before
 *   order(m.1@a,n.2@st.C)=before
 *   order(m.1@a,acc)=after
 *   order(m.1@a,a)=outside
 *   order(m.1@a,b)=outside
 *   order(m.1@a,acc.upd)=before
 *   order(m.1@a,st.C)=before
 *   order(m.2@a,k.1@a)=inside
 *   order(m.2@a,k.1@b)=before
 *   order(m.2@a,n.1@b)=inside
 *   order(m.2@a,n.2@b)=before
 *   order(m.2@a,m.1@acc.upd)=before
 *   order(m.2@a,m.2@acc.upd)=before
 *   order(m.2@a,n.1@acc.upd)=before
 *   order(m.2@a,n.2@acc.upd)=before
 *   order(m.2@a,k.1@acc.upd)=before
 *   order(m.2@a,m.1@st.C)=before
 *   order(m.2@a,m.2@st.C)=before
 *   order(m.2@a,n.1@st.C)=before
 *   order(m.2@a,n.2@st.C)=before
 *   order(m.2@a,acc)=after
 *   order(m.2@a,a)=outside
 *   order(m.2@a,b)=before
 *   order(m.2@a,acc.upd)=before
 *   order(m.2@a,st.C)=before
 *   order(k.1@a,k.1@b)=before
 *   order(k.1@a,n.1@b)=inside
 *   order(k.1@a,n.2@b)=before
 *   order(k.1@a,m.1@acc.upd)=before
 *   order(k.1@a,m.2@acc.upd)=before
 *   order(k.1@a,n.1@acc.upd)=before
 *   order(k.1@a,n.2@acc.upd)=before
 *   order(k.1@a,k.1@acc.upd)=before
 *   order(k.1@a,m.1@st.C)=before
 *   order(k.1@a,m.2@st.C)=before
 *   order(k.1@a,n.1@st.C)=before
 *   order(k.1@a,n.2@st.C)=before
 *   order(k.1@a,acc)=after
 *   order(k.1@a,a)=outside
 *   order(k.1@a,b)=before
 *   order(k.1@a,acc.upd)=before
 *   order(k.1@a,st.C)=before
 *   order(k.1@b,n.1@b)=inside
 *   order(k.1@b,n.2@b)=inside
 *   order(k.1@b,m.1@acc.upd)=before
 *   order(k.1@b,m.2@acc.upd)=before
 *   order(k.1@b,n.1@acc.upd)=before
 *   order(k.1@b,n.2@acc.upd)=before
 *   order(k.1@b,k.1@acc.upd)=before
 *   order(k.1@b,m.1@st.C)=before
 *   order(k.1@b,m.2@st.C)=before
 *   order(k.1@b,n.1@st.C)=before
 *   order(k.1@b,n.2@st.C)=before
 *   order(k.1@b,acc)=after
 *   order(k.1@b,a)=after
 *   order(k.1@b,b)=outside
 *   order(k.1@b,acc.upd)=before
 *   order(k.1@b,st.C)=before
 *   order(n.1@b,n.2@b)=outside
 *   order(n.1@b,m.1@acc.upd)=before
 *   order(n.1@b,m.2@acc.upd)=before
 *   order(n.1@b,n.1@acc.upd)=before
 *   order(n.1@b,n.2@acc.upd)=before
 *   order(n.1@b,k.1@acc.upd)=before
 *   order(n.1@b,m.1@st.C)=before
 *   order(n.1@b,m.2@st.C)=before
 *   order(n.1@b,n.1@st.C)=before
 *   order(n.1@b,n.2@st.C)=before
 *   order(n.1@b,acc)=after
 *   order(n.1@b,a)=outside
 *   order(n.1@b,b)=outside
 *   order(n.1@b,acc.upd)=before
 *   order(n.1@b,st.C)=before
 *   order(n.2@b,m.1@acc.upd)=before
 *   order(n.2@b,m.2@acc.upd)=before
 *   order(n.2@b,n.1@acc.upd)=before
 *   order(n.2@b,n.2@acc.upd)=before
 *   order(n.2@b,k.1@acc.upd)=before
 *   order(n.2@b,m.1@st.C)=before
 *   order(n.2@b,m.2@st.C)=before
 *   order(n.2@b,n.1@st.C)=before
 *   order(n.2@b,n.2@st.C)=before
 *   order(n.2@b,acc)=after
 *   order(n.2@b,a)=after
 *   order(n.2@b,b)=outside
 *   order(n.2@b,acc.upd)=before
 *   order(n.2@b,st.C)=before
 *   order(m.1@acc.upd,m.2@acc.upd)=inside
 *   order(m.1@acc.upd,n.1@acc.upd)=inside
 *   order(m.1@acc.upd,n.2@acc.upd)=inside
 *   order(m.1@acc.upd,k.1@acc.upd)=inside
 *   order(m.1@acc.upd,m.1@st.C)=before
 *   order(m.1@acc.upd,m.2@st.C)=before
 *   order(m.1@acc.upd,n.1@st.C)=before
 *   order(m.1@acc.upd,n.2@st.C)=before
 *   order(m.1@acc.upd,acc)=after
 *   order(m.1@acc.upd,a)=after
 *   order(m.1@acc.upd,b)=after
 *   order(m.1@acc.upd,acc.upd)=outside
 *   order(m.1@acc.upd,st.C)=before
 *   order(m.2@acc.upd,n.1@acc.upd)=inside
 *   order(m.2@acc.upd,n.2@acc.upd)=inside
 *   order(m.2@acc.upd,k.1@acc.upd)=inside
 *   order(m.2@acc.upd,m.1@st.C)=before
 *   order(m.2@acc.upd,m.2@st.C)=before
 *   order(m.2@acc.upd,n.1@st.C)=before
 *   order(m.2@acc.upd,n.2@st.C)=before
 *   order(m.2@acc.upd,acc)=after
 *   order(m.2@acc.upd,a)=after
 *   order(m.2@acc.upd,b)=after
 *   order(m.2@acc.upd,acc.upd)=outside
 *   order(m.2@acc.upd,st.C)=before
 *   order(n.1@acc.upd,n.2@acc.upd)=inside
 *   order(n.1@acc.upd,k.1@acc.upd)=inside
 *   order(n.1@acc.upd,m.1@st.C)=before
 *   order(n.1@acc.upd,m.2@st.C)=before
 *   order(n.1@acc.upd,n.1@st.C)=before
 *   order(n.1@acc.upd,n.2@st.C)=before
 *   order(n.1@acc.upd,acc)=after
 *   order(n.1@acc.upd,a)=after
 *   order(n.1@acc.upd,b)=after
 *   order(n.1@acc.upd,acc.upd)=outside
 *   order(n.1@acc.upd,st.C)=before
 *   order(n.2@acc.upd,k.1@acc.upd)=inside
 *   order(n.2@acc.upd,m.1@st.C)=before
 *   order(n.2@acc.upd,m.2@st.C)=before
 *   order(n.2@acc.upd,n.1@st.C)=before
 *   order(n.2@acc.upd,n.2@st.C)=before
 *   order(n.2@acc.upd,acc)=after
 *   order(n.2@acc.upd,a)=after
 *   order(n.2@acc.upd,b)=after
 *   order(n.2@acc.upd,acc.upd)=outside
 *   order(n.2@acc.upd,st.C)=before
 *   order(k.1@acc.upd,m.1@st.C)=before
 *   order(k.1@acc.upd,m.2@st.C)=before
 *   order(k.1@acc.upd,n.1@st.C)=before
 *   order(k.1@acc.upd,n.2@st.C)=before
 *   order(k.1@acc.upd,acc)=after
 *   order(k.1@acc.upd,a)=after
 *   order(k.1@acc.upd,b)=after
 *   order(k.1@acc.upd,acc.upd)=outside
 *   order(k.1@acc.upd,st.C)=before
 *   order(m.1@st.C,m.2@st.C)=inside
 *   order(m.1@st.C,n.1@st.C)=inside
 *   order(m.1@st.C,n.2@st.C)=inside
 *   order(m.1@st.C,acc)=after
 *   order(m.1@st.C,a)=after
 *   order(m.1@st.C,b)=after
 *   order(m.1@st.C,acc.upd)=after
 *   order(m.1@st.C,st.C)=outside
 *   order(m.2@st.C,n.1@st.C)=inside
 *   order(m.2@st.C,n.2@st.C)=inside
 *   order(m.2@st.C,acc)=after
 *   order(m.2@st.C,a)=after
 *   order(m.2@st.C,b)=after
 *   order(m.2@st.C,acc.upd)=after
 *   order(m.2@st.C,st.C)=outside
 *   order(n.1@st.C,n.2@st.C)=inside
 *   order(n.1@st.C,acc)=after
 *   order(n.1@st.C,a)=after
 *   order(n.1@st.C,b)=after
 *   order(n.1@st.C,acc.upd)=after
 *   order(n.1@st.C,st.C)=outside
 *   order(n.2@st.C,acc)=after
 *   order(n.2@st.C,a)=after
 *   order(n.2@st.C,b)=after
 *   order(n.2@st.C,acc.upd)=after
 *   order(n.2@st.C,st.C)=outside
 *   order(acc,a)=before
 *   order(acc,b)=before
 *   order(acc,acc.upd)=before
 *   order(acc,st.C)=before
 *   order(a,b)=before
 *   order(a,acc.upd)=before
 *   order(a,st.C)=before
 *   order(b,acc.upd)=before
 *   order(b,st.C)=before
 *   order(acc.upd,st.C)=before
 *   pad(acc)=no
 *   pad(a)=yes
 *   pad(b)=rows
 */
__kernel __attribute__((reqd_work_group_size(4, 4, 4)))
void bnb_mxm(
    __global const float *restrict a_A,
    __global const float *restrict a_B,
    __global float *a_C)
{
  float v_acc[4][4];
  __local float v_a[576] __attribute__ ((aligned (16)));
  __local float v_b[640] __attribute__ ((aligned (16)));
  const int i0 = get_group_id(0); /* m.0 */
  const int i1 = get_group_id(1); /* n.0 */
  const int i4 = get_local_id(2); /* n.1@acc */
  const int i5 = get_local_id(0); /* n.2@acc */
  const int i7 = get_local_id(0); /* m.1@a */
  const int i8 = get_local_id(2); /* m.2@a */
  const int i12 = get_local_id(1); /* n.2@b */
  const int i15 = get_local_id(2); /* n.1@acc.upd */
  const int i16 = get_local_id(0); /* n.2@acc.upd */
  const int i20 = get_local_id(2); /* n.1@st.C */
  const int i21 = get_local_id(0); /* n.2@st.C */
  { /* m.2@acc = 0 */
    const int i3 = 0;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i3] = (0.0f);
    }
  }
  { /* m.2@acc = 1 */
    const int i3 = 1;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i3] = (0.0f);
    }
  }
  { /* m.2@acc = 2 */
    const int i3 = 2;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i3] = (0.0f);
    }
  }
  { /* m.2@acc = 3 */
    const int i3 = 3;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i3] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i3] = (0.0f);
    }
  }
  for (int i6 = 0; i6 < 8; ++i6) {
    { /* k.1@a = 0 */
      const int i9 = 0;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 1 */
      const int i9 = 1;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 2 */
      const int i9 = 2;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 3 */
      const int i9 = 3;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 4 */
      const int i9 = 4;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 5 */
      const int i9 = 5;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 6 */
      const int i9 = 6;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 7 */
      const int i9 = 7;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 8 */
      const int i9 = 8;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 9 */
      const int i9 = 9;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 10 */
      const int i9 = 10;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 11 */
      const int i9 = 11;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 12 */
      const int i9 = 12;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 13 */
      const int i9 = 13;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 14 */
      const int i9 = 14;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 15 */
      const int i9 = 15;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 16 */
      const int i9 = 16;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 17 */
      const int i9 = 17;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 18 */
      const int i9 = 18;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 19 */
      const int i9 = 19;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 20 */
      const int i9 = 20;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 21 */
      const int i9 = 21;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 22 */
      const int i9 = 22;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 23 */
      const int i9 = 23;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 24 */
      const int i9 = 24;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 25 */
      const int i9 = 25;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 26 */
      const int i9 = 26;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 27 */
      const int i9 = 27;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 28 */
      const int i9 = 28;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 29 */
      const int i9 = 29;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 30 */
      const int i9 = 30;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    { /* k.1@a = 31 */
      const int i9 = 31;
      v_a[i7 * 144 + i8 * 36 + i9] = a_A[((i8 + i7 * 4 + i0 * 16)) * 256 + ((i9 + i6 * 32))];
    }
    for (int i10 = 0; i10 < 32; ++i10) {
      v_b[i10 * 20 + i7 * 4 + i12] = a_B[((i10 + i6 * 32)) * 256 + ((i12 + i7 * 4 + i1 * 16))];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i17 = 0; i17 < 32; ++i17) {
      { /* m.2@acc.upd = 0 */
        const int i14 = 0;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
      }
      { /* m.2@acc.upd = 1 */
        const int i14 = 1;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
      }
      { /* m.2@acc.upd = 2 */
        const int i14 = 2;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
      }
      { /* m.2@acc.upd = 3 */
        const int i14 = 3;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i14] = fma(v_a[i13 * 144 + i14 * 36 + i17], v_b[i17 * 20 + i15 * 4 + i16], v_acc[i13][i14]);
        }
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  { /* m.2@st.C = 0 */
    const int i19 = 0;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
  }
  { /* m.2@st.C = 1 */
    const int i19 = 1;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
  }
  { /* m.2@st.C = 2 */
    const int i19 = 2;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
  }
  { /* m.2@st.C = 3 */
    const int i19 = 3;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 4 + i0 * 16)) * 256 + ((i21 + i20 * 4 + i1 * 16))] = v_acc[i18][i19];
    }
  }
}
