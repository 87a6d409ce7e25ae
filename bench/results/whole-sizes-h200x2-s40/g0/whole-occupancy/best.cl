/* bnbtune candidate of kernel mxm (M=4096, N=4096, K=4096)
 * local size 8 x 16 x 1, 32 x 32 x 1 groups
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(T1)=16
 *   tile(T2)=8
 *   tile(TK)=32
 *   kind(m.0)=block
 *   kind(n.0)=block
 *   kind(m.1@acc)=unroll
 *   kind(m.2@acc)=thread.x
 *   kind(n.1@acc)=thread.y
 *   kind(n.2@acc)=unroll
 *   kind(k.0)=loop
 *   kind(m.1@a)=thread.y
 *   kind(m.2@a)=thread.x
 *   kind(k.1@a)=unroll
 *   kind(k.1@b)=unroll
 *   kind(n.1@b)=thread.y
 *   kind(n.2@b)=thread.x
 *   kind(m.1@acc.upd)=unroll
 *   kind(m.2@acc.upd)=thread.x
 *   kind(n.1@acc.upd)=thread.y
 *   kind(n.2@acc.upd)=unroll
 *   kind(k.1@acc.upd)=loop
 *   kind(m.1@st.C)=unroll
 *   kind(m.2@st.C)=thread.x
 *   kind(n.1@st.C)=thread.y
 *   kind(n.2@st.C)=unroll
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
 *   order(m.1@a,m.2@a)=inside
 *   order(m.1@a,k.1@a)=inside
 *   order(m.1@a,k.1@b)=inside
 *   order(m.1@a,n.1@b)=fused
 *   order(m.1@a,n.2@b)=inside
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
 *   order(m.2@a,k.1@b)=inside
 *   order(m.2@a,n.1@b)=outside
 *   order(m.2@a,n.2@b)=fused
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
 *   order(m.2@a,b)=outside
 *   order(m.2@a,acc.upd)=before
 *   order(m.2@a,st.C)=before
 *   order(k.1@a,k.1@b)=fused
 *   order(k.1@a,n.1@b)=outside
 *   order(k.1@a,n.2@b)=outside
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
 *   order(k.1@a,b)=outside
 *   order(k.1@a,acc.upd)=before
 *   order(k.1@a,st.C)=before
 *   order(k.1@b,n.1@b)=outside
 *   order(k.1@b,n.2@b)=outside
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
 *   order(k.1@b,a)=outside
 *   order(k.1@b,b)=outside
 *   order(k.1@b,acc.upd)=before
 *   order(k.1@b,st.C)=before
 *   order(n.1@b,n.2@b)=inside
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
 *   order(n.2@b,a)=outside
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
 *   pad(b)=yes
 */
__kernel __attribute__((reqd_work_group_size(8, 16, 1)))
void bnb_mxm(
    __global const float *restrict a_A,
    __global const float *restrict a_B,
    __global float *a_C)
{
  float v_acc[16][8];
  __local float v_a[4608] __attribute__ ((aligned (16)));
  __local float v_b[6144] __attribute__ ((aligned (16)));
  const int i0 = get_group_id(0); /* m.0 */
  const int i1 = get_group_id(1); /* n.0 */
  const int i3 = get_local_id(0); /* m.2@acc */
  const int i4 = get_local_id(1); /* n.1@acc */
  const int i7 = get_local_id(1); /* m.1@a */
  const int i8 = get_local_id(0); /* m.2@a */
  const int i14 = get_local_id(0); /* m.2@acc.upd */
  const int i15 = get_local_id(1); /* n.1@acc.upd */
  const int i19 = get_local_id(0); /* m.2@st.C */
  const int i20 = get_local_id(1); /* n.1@st.C */
  { /* n.2@acc = 0 */
    const int i5 = 0;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  { /* n.2@acc = 1 */
    const int i5 = 1;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  { /* n.2@acc = 2 */
    const int i5 = 2;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  { /* n.2@acc = 3 */
    const int i5 = 3;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  { /* n.2@acc = 4 */
    const int i5 = 4;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  { /* n.2@acc = 5 */
    const int i5 = 5;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  { /* n.2@acc = 6 */
    const int i5 = 6;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  { /* n.2@acc = 7 */
    const int i5 = 7;
    { /* m.1@acc = 0 */
      const int i2 = 0;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 1 */
      const int i2 = 1;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 2 */
      const int i2 = 2;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 3 */
      const int i2 = 3;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 4 */
      const int i2 = 4;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 5 */
      const int i2 = 5;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 6 */
      const int i2 = 6;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 7 */
      const int i2 = 7;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 8 */
      const int i2 = 8;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 9 */
      const int i2 = 9;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 10 */
      const int i2 = 10;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 11 */
      const int i2 = 11;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 12 */
      const int i2 = 12;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 13 */
      const int i2 = 13;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 14 */
      const int i2 = 14;
      v_acc[i2][i5] = (0.0f);
    }
    { /* m.1@acc = 15 */
      const int i2 = 15;
      v_acc[i2][i5] = (0.0f);
    }
  }
  for (int i6 = 0; i6 < 128; ++i6) {
    { /* k.1@a = 0 */
      const int i9 = 0;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 1 */
      const int i9 = 1;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 2 */
      const int i9 = 2;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 3 */
      const int i9 = 3;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 4 */
      const int i9 = 4;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 5 */
      const int i9 = 5;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 6 */
      const int i9 = 6;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 7 */
      const int i9 = 7;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 8 */
      const int i9 = 8;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 9 */
      const int i9 = 9;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 10 */
      const int i9 = 10;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 11 */
      const int i9 = 11;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 12 */
      const int i9 = 12;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 13 */
      const int i9 = 13;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 14 */
      const int i9 = 14;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 15 */
      const int i9 = 15;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 16 */
      const int i9 = 16;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 17 */
      const int i9 = 17;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 18 */
      const int i9 = 18;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 19 */
      const int i9 = 19;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 20 */
      const int i9 = 20;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 21 */
      const int i9 = 21;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 22 */
      const int i9 = 22;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 23 */
      const int i9 = 23;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 24 */
      const int i9 = 24;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 25 */
      const int i9 = 25;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 26 */
      const int i9 = 26;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 27 */
      const int i9 = 27;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 28 */
      const int i9 = 28;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 29 */
      const int i9 = 29;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 30 */
      const int i9 = 30;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    { /* k.1@a = 31 */
      const int i9 = 31;
      v_a[i7 * 288 + i8 * 36 + i9] = a_A[((i8 + i7 * 8 + i0 * 128)) * 4096 + ((i9 + i6 * 32))];
      v_b[i9 * 192 + i7 * 12 + i8] = a_B[((i9 + i6 * 32)) * 4096 + ((i8 + i7 * 8 + i1 * 128))];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i17 = 0; i17 < 32; ++i17) {
      { /* n.2@acc.upd = 0 */
        const int i16 = 0;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
      { /* n.2@acc.upd = 1 */
        const int i16 = 1;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
      { /* n.2@acc.upd = 2 */
        const int i16 = 2;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
      { /* n.2@acc.upd = 3 */
        const int i16 = 3;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
      { /* n.2@acc.upd = 4 */
        const int i16 = 4;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
      { /* n.2@acc.upd = 5 */
        const int i16 = 5;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
      { /* n.2@acc.upd = 6 */
        const int i16 = 6;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
      { /* n.2@acc.upd = 7 */
        const int i16 = 7;
        { /* m.1@acc.upd = 0 */
          const int i13 = 0;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 1 */
          const int i13 = 1;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 2 */
          const int i13 = 2;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 3 */
          const int i13 = 3;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 4 */
          const int i13 = 4;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 5 */
          const int i13 = 5;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 6 */
          const int i13 = 6;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 7 */
          const int i13 = 7;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 8 */
          const int i13 = 8;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 9 */
          const int i13 = 9;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 10 */
          const int i13 = 10;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 11 */
          const int i13 = 11;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 12 */
          const int i13 = 12;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 13 */
          const int i13 = 13;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 14 */
          const int i13 = 14;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
        { /* m.1@acc.upd = 15 */
          const int i13 = 15;
          v_acc[i13][i16] = fma(v_a[i13 * 288 + i14 * 36 + i17], v_b[i17 * 192 + i15 * 12 + i16], v_acc[i13][i16]);
        }
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  { /* n.2@st.C = 0 */
    const int i21 = 0;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
  { /* n.2@st.C = 1 */
    const int i21 = 1;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
  { /* n.2@st.C = 2 */
    const int i21 = 2;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
  { /* n.2@st.C = 3 */
    const int i21 = 3;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
  { /* n.2@st.C = 4 */
    const int i21 = 4;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
  { /* n.2@st.C = 5 */
    const int i21 = 5;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
  { /* n.2@st.C = 6 */
    const int i21 = 6;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
  { /* n.2@st.C = 7 */
    const int i21 = 7;
    { /* m.1@st.C = 0 */
      const int i18 = 0;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 1 */
      const int i18 = 1;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 2 */
      const int i18 = 2;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 3 */
      const int i18 = 3;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 4 */
      const int i18 = 4;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 5 */
      const int i18 = 5;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 6 */
      const int i18 = 6;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 7 */
      const int i18 = 7;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 8 */
      const int i18 = 8;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 9 */
      const int i18 = 9;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 10 */
      const int i18 = 10;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 11 */
      const int i18 = 11;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 12 */
      const int i18 = 12;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 13 */
      const int i18 = 13;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 14 */
      const int i18 = 14;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
    { /* m.1@st.C = 15 */
      const int i18 = 15;
      a_C[((i19 + i18 * 8 + i0 * 128)) * 4096 + ((i21 + i20 * 8 + i1 * 128))] = v_acc[i18][i21];
    }
  }
}
