/* bnbtune candidate of kernel mxm (M=4096, N=4096, K=4096)
 * local size 16 x 16 x 1, 64 x 64 x 1 groups
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(T1)=16
 *   tile(T2)=4
 *   tile(TK)=16
 *   kind(m.0)=block
 *   kind(n.0)=block
 *   kind(m.1@acc)=thread.y
 *   kind(m.2@acc)=unroll
 *   kind(n.1@acc)=thread.x
 *   kind(n.2@acc)=unroll
 *   kind(k.0)=loop
 *   kind(m.1@a)=thread.y
 *   kind(m.2@a)=loop
 *   kind(k.1@a)=thread.x
 *   kind(k.1@b)=thread.y
 *   kind(n.1@b)=thread.x
 *   kind(n.2@b)=vector
 *   kind(m.1@acc.upd)=thread.y
 *   kind(m.2@acc.upd)=unroll
 *   kind(n.1@acc.upd)=thread.x
 *   kind(n.2@acc.upd)=unroll
 *   kind(k.1@acc.upd)=loop
 *   kind(m.1@st.C)=thread.y
 *   kind(m.2@st.C)=unroll
 *   kind(n.1@st.C)=thread.x
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
 *   order(m.2@acc,n.2@acc)=outside
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
 *   order(n.1@acc,n.2@acc)=outside
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
 *   order(m.1@a,k.1@b)=after
 *   order(m.1@a,n.1@b)=after
 *   order(m.1@a,n.2@b)=after
 *   order(m.1@a,m.1@acc.upd)=fused
 *   order(m.1@a,m.2@acc.upd)=outside
 *   order(m.1@a,n.1@acc.upd)=outside
 *   order(m.1@a,n.2@acc.upd)=outside
 *   order(m.1@a,k.1@acc.upd)=outside
 *   order(m.1@a,m.1@st.C)=before
 *   order(m.1@a,m.2@st.C)=before
 *   order(m.1@a,n.1@st.C)=before
 *   order(m.1@a,n.2@st.C)=before
 *   order(m.1@a,acc)=after
 *   order(m.1@a,a)=outside
 *   order(m.1@a,b)=after
 *   order(m.1@a,acc.upd)=outside
 *   order(m.1@a,st.C)=before
 *   order(m.2@a,k.1@a)=inside
 *   order(m.2@a,k.1@b)=after
 *   order(m.2@a,n.1@b)=after
 *   order(m.2@a,n.2@b)=after
 *   order(m.2@a,m.1@acc.upd)=inside
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
 *   order(m.2@a,b)=after
 *   order(m.2@a,acc.upd)=before
 *   order(m.2@a,st.C)=before
 *   order(k.1@a,k.1@b)=after
 *   order(k.1@a,n.1@b)=after
 *   order(k.1@a,n.2@b)=after
 *   order(k.1@a,m.1@acc.upd)=inside
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
 *   order(k.1@a,b)=after
 *   order(k.1@a,acc.upd)=before
 *   order(k.1@a,st.C)=before
 *   order(k.1@b,n.1@b)=inside
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
 *   order(k.1@b,a)=before
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
 *   order(n.1@b,a)=before
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
 *   order(n.2@b,a)=before
 *   order(n.2@b,b)=outside
 *   order(n.2@b,acc.upd)=before
 *   order(n.2@b,st.C)=before
 *   order(m.1@acc.upd,m.2@acc.upd)=outside
 *   order(m.1@acc.upd,n.1@acc.upd)=outside
 *   order(m.1@acc.upd,n.2@acc.upd)=outside
 *   order(m.1@acc.upd,k.1@acc.upd)=outside
 *   order(m.1@acc.upd,m.1@st.C)=before
 *   order(m.1@acc.upd,m.2@st.C)=before
 *   order(m.1@acc.upd,n.1@st.C)=before
 *   order(m.1@acc.upd,n.2@st.C)=before
 *   order(m.1@acc.upd,acc)=after
 *   order(m.1@acc.upd,a)=outside
 *   order(m.1@acc.upd,b)=after
 *   order(m.1@acc.upd,acc.upd)=outside
 *   order(m.1@acc.upd,st.C)=before
 *   order(m.2@acc.upd,n.1@acc.upd)=inside
 *   order(m.2@acc.upd,n.2@acc.upd)=outside
 *   order(m.2@acc.upd,k.1@acc.upd)=outside
 *   order(m.2@acc.upd,m.1@st.C)=before
 *   order(m.2@acc.upd,m.2@st.C)=before
 *   order(m.2@acc.upd,n.1@st.C)=before
 *   order(m.2@acc.upd,n.2@st.C)=before
 *   order(m.2@acc.upd,acc)=after
 *   order(m.2@acc.upd,a)=after
 *   order(m.2@acc.upd,b)=after
 *   order(m.2@acc.upd,acc.upd)=outside
 *   order(m.2@acc.upd,st.C)=before
 *   order(n.1@acc.upd,n.2@acc.upd)=outside
 *   order(n.1@acc.upd,k.1@acc.upd)=outside
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
 *   order(m.2@st.C,n.2@st.C)=outside
 *   order(m.2@st.C,acc)=after
 *   order(m.2@st.C,a)=after
 *   order(m.2@st.C,b)=after
 *   order(m.2@st.C,acc.upd)=after
 *   order(m.2@st.C,st.C)=outside
 *   order(n.1@st.C,n.2@st.C)=outside
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
 *   order(a,b)=after
 *   order(a,acc.upd)=before
 *   order(a,st.C)=before
 *   order(b,acc.upd)=before
 *   order(b,st.C)=before
 *   order(acc.upd,st.C)=before
 *   pad(acc)=no
 *   pad(a)=yes
 *   pad(b)=rows
 *   prefetch(acc)=no
 *   prefetch(a)=no
 *   prefetch(b)=no
 *   interleave(acc)=no
 *   interleave(a)=no
 *   interleave(b)=no
 */
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void bnb_mxm(
    __global const float *restrict a_A,
    __global const float *restrict a_B,
    __global float *a_C)
{
  float v_acc[4][4];
  __local float v_a[1280] __attribute__ ((aligned (16)));
  __local float v_b[1088] __attribute__ ((aligned (16)));
  const int i0 = get_group_id(0); /* m.0 */
  const int i1 = get_group_id(1); /* n.0 */
  const int i2 = get_local_id(1); /* m.1@acc */
  const int i4 = get_local_id(0); /* n.1@acc */
  const int i7 = get_local_id(1); /* m.1@a */
  const int i9 = get_local_id(0); /* k.1@a */
  const int i10 = get_local_id(1); /* k.1@b */
  const int i11 = get_local_id(0); /* n.1@b */
  const int i15 = get_local_id(0); /* n.1@acc.upd */
  const int i18 = get_local_id(1); /* m.1@st.C */
  const int i20 = get_local_id(0); /* n.1@st.C */
  { /* m.2@acc = 0 */
    const int i3 = 0;
    { /* n.2@acc = 0 */
      const int i5 = 0;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 1 */
      const int i5 = 1;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 2 */
      const int i5 = 2;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 3 */
      const int i5 = 3;
      v_acc[i3][i5] = (0.0f);
    }
  }
  { /* m.2@acc = 1 */
    const int i3 = 1;
    { /* n.2@acc = 0 */
      const int i5 = 0;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 1 */
      const int i5 = 1;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 2 */
      const int i5 = 2;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 3 */
      const int i5 = 3;
      v_acc[i3][i5] = (0.0f);
    }
  }
  { /* m.2@acc = 2 */
    const int i3 = 2;
    { /* n.2@acc = 0 */
      const int i5 = 0;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 1 */
      const int i5 = 1;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 2 */
      const int i5 = 2;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 3 */
      const int i5 = 3;
      v_acc[i3][i5] = (0.0f);
    }
  }
  { /* m.2@acc = 3 */
    const int i3 = 3;
    { /* n.2@acc = 0 */
      const int i5 = 0;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 1 */
      const int i5 = 1;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 2 */
      const int i5 = 2;
      v_acc[i3][i5] = (0.0f);
    }
    { /* n.2@acc = 3 */
      const int i5 = 3;
      v_acc[i3][i5] = (0.0f);
    }
  }
  for (int i6 = 0; i6 < 256; ++i6) {
    {
      const float4 t = *(__global const float4 *)(a_B + (((i10 + i6 * 16)) * 4096 + ((i11 * 4 + i1 * 64))));
      v_b[i10 * 68 + i11 * 4 + 0] = t.s0;
      v_b[i10 * 68 + i11 * 4 + 1] = t.s1;
      v_b[i10 * 68 + i11 * 4 + 2] = t.s2;
      v_b[i10 * 68 + i11 * 4 + 3] = t.s3;
    }
    for (int i8 = 0; i8 < 4; ++i8) {
      v_a[i7 * 80 + i8 * 20 + i9] = a_A[((i8 + i7 * 4 + i0 * 64)) * 4096 + ((i9 + i6 * 16))];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    { /* m.2@acc.upd = 0 */
      const int i14 = 0;
      for (int i17 = 0; i17 < 16; ++i17) {
        { /* n.2@acc.upd = 0 */
          const int i16 = 0;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 1 */
          const int i16 = 1;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 2 */
          const int i16 = 2;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 3 */
          const int i16 = 3;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
      }
    }
    { /* m.2@acc.upd = 1 */
      const int i14 = 1;
      for (int i17 = 0; i17 < 16; ++i17) {
        { /* n.2@acc.upd = 0 */
          const int i16 = 0;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 1 */
          const int i16 = 1;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 2 */
          const int i16 = 2;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 3 */
          const int i16 = 3;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
      }
    }
    { /* m.2@acc.upd = 2 */
      const int i14 = 2;
      for (int i17 = 0; i17 < 16; ++i17) {
        { /* n.2@acc.upd = 0 */
          const int i16 = 0;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 1 */
          const int i16 = 1;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 2 */
          const int i16 = 2;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 3 */
          const int i16 = 3;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
      }
    }
    { /* m.2@acc.upd = 3 */
      const int i14 = 3;
      for (int i17 = 0; i17 < 16; ++i17) {
        { /* n.2@acc.upd = 0 */
          const int i16 = 0;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 1 */
          const int i16 = 1;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 2 */
          const int i16 = 2;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
        { /* n.2@acc.upd = 3 */
          const int i16 = 3;
          v_acc[i14][i16] = fma(v_a[i7 * 80 + i14 * 20 + i17], v_b[i17 * 68 + i15 * 4 + i16], v_acc[i14][i16]);
        }
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  { /* m.2@st.C = 0 */
    const int i19 = 0;
    { /* n.2@st.C = 0 */
      const int i21 = 0;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 1 */
      const int i21 = 1;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 2 */
      const int i21 = 2;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 3 */
      const int i21 = 3;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
  }
  { /* m.2@st.C = 1 */
    const int i19 = 1;
    { /* n.2@st.C = 0 */
      const int i21 = 0;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 1 */
      const int i21 = 1;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 2 */
      const int i21 = 2;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 3 */
      const int i21 = 3;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
  }
  { /* m.2@st.C = 2 */
    const int i19 = 2;
    { /* n.2@st.C = 0 */
      const int i21 = 0;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 1 */
      const int i21 = 1;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 2 */
      const int i21 = 2;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 3 */
      const int i21 = 3;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
  }
  { /* m.2@st.C = 3 */
    const int i19 = 3;
    { /* n.2@st.C = 0 */
      const int i21 = 0;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 1 */
      const int i21 = 1;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 2 */
      const int i21 = 2;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
    { /* n.2@st.C = 3 */
      const int i21 = 3;
      a_C[((i19 + i18 * 4 + i0 * 64)) * 4096 + ((i21 + i20 * 4 + i1 * 64))] = v_acc[i19][i21];
    }
  }
}
