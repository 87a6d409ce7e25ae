/* bnbtune candidate of kernel gemv (M=4096, N=4096)
 * local size 8 x 4 x 1, 1024 x 1 x 1 groups
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(m.1)=1
 *   tile(m.2)=4
 *   tile(n.1)=8
 *   kind(m.0)=block
 *   kind(m.1@acc)=elided
 *   kind(m.2@acc)=thread.y
 *   kind(n.0)=loop
 *   kind(m.1@a)=elided
 *   kind(m.2@a)=thread.y
 *   kind(n.1@a)=thread.x
 *   kind(n.1@v)=thread.x
 *   kind(m.1@acc.upd)=elided
 *   kind(m.2@acc.upd)=thread.y
 *   kind(n.1@acc.upd)=loop
 *   kind(m.1@st.y)=elided
 *   kind(m.2@st.y)=thread.y
 *   mem(acc)=private
 *   mem(a)=local
 *   mem(v)=local
 *   order(m.0,m.2@acc)=outside
 *   order(m.0,n.0)=outside
 *   order(m.0,m.2@a)=outside
 *   order(m.0,n.1@a)=outside
 *   order(m.0,n.1@v)=outside
 *   order(m.0,m.2@acc.upd)=outside
 *   order(m.0,n.1@acc.upd)=outside
 *   order(m.0,m.2@st.y)=outside
 *   order(m.0,acc)=outside
 *   order(m.0,a)=outside
 *   order(m.0,v)=outside
 *   order(m.0,acc.upd)=outside
 *   order(m.0,st.y)=outside
 *   order(m.2@acc,n.0)=before
 *   order(m.2@acc,m.2@a)=before
 *   order(m.2@acc,n.1@a)=before
 *   order(m.2@acc,n.1@v)=before
 *   order(m.2@acc,m.2@acc.upd)=before
 *   order(m.2@acc,n.1@acc.upd)=before
 *   order(m.2@acc,m.2@st.y)=before
 *   order(m.2@acc,acc)=outside
 *   order(m.2@acc,a)=before
 *   order(m.2@acc,v)=before
 *   order(m.2@acc,acc.upd)=before
 *   order(m.2@acc,st.y)=before
 *   order(n.0,m.2@a)=outside
 *   order(n.0,n.1@a)=outside
 *   order(n.0,n.1@v)=outside
 *   order(n.0,m.2@acc.upd)=outside
 *   order(n.0,n.1@acc.upd)=outside
 *   order(n.0,m.2@st.y)=before
 *   order(n.0,acc)=after
 *   order(n.0,a)=outside
 *   order(n.0,v)=outside
 *   order(n.0,acc.upd)=outside
 *   order(n.0,st.y)=before
 *   order(m.2@a,n.1@a)=outside
 *   order(m.2@a,n.1@v)=after
 *   order(m.2@a,m.2@acc.upd)=fused
 *   order(m.2@a,n.1@acc.upd)=outside
 *   order(m.2@a,m.2@st.y)=before
 *   order(m.2@a,acc)=after
 *   order(m.2@a,a)=outside
 *   order(m.2@a,v)=after
 *   order(m.2@a,acc.upd)=outside
 *   order(m.2@a,st.y)=before
 *   order(n.1@a,n.1@v)=after
 *   order(n.1@a,m.2@acc.upd)=inside
 *   order(n.1@a,n.1@acc.upd)=before
 *   order(n.1@a,m.2@st.y)=before
 *   order(n.1@a,acc)=after
 *   order(n.1@a,a)=outside
 *   order(n.1@a,v)=after
 *   order(n.1@a,acc.upd)=before
 *   order(n.1@a,st.y)=before
 *   order(n.1@v,m.2@acc.upd)=before
 *   order(n.1@v,n.1@acc.upd)=before
 *   order(n.1@v,m.2@st.y)=before
 *   order(n.1@v,acc)=after
 *   order(n.1@v,a)=before
 *   order(n.1@v,v)=outside
 *   order(n.1@v,acc.upd)=before
 *   order(n.1@v,st.y)=before
 *   order(m.2@acc.upd,n.1@acc.upd)=outside
 *   order(m.2@acc.upd,m.2@st.y)=before
 *   order(m.2@acc.upd,acc)=after
 *   order(m.2@acc.upd,a)=outside
 *   order(m.2@acc.upd,v)=after
 *   order(m.2@acc.upd,acc.upd)=outside
 *   order(m.2@acc.upd,st.y)=before
 *   order(n.1@acc.upd,m.2@st.y)=before
 *   order(n.1@acc.upd,acc)=after
 *   order(n.1@acc.upd,a)=after
 *   order(n.1@acc.upd,v)=after
 *   order(n.1@acc.upd,acc.upd)=outside
 *   order(n.1@acc.upd,st.y)=before
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
 *   pad(v)=yes
 *   prefetch(acc)=no
 *   prefetch(a)=no
 *   prefetch(v)=no
 *   interleave(acc)=no
 *   interleave(a)=no
 *   interleave(v)=no
 */
__kernel __attribute__((reqd_work_group_size(8, 4, 1)))
void bnb_gemv(
    __global const float *restrict a_A,
    __global const float *restrict a_x,
    __global float *a_y)
{
  float v_acc;
  __local float v_a[32] __attribute__ ((aligned (16)));
  __local float v_v[12] __attribute__ ((aligned (16)));
  const int i0 = get_group_id(0); /* m.0 */
  const int i2 = get_local_id(1); /* m.2@acc */
  const int i5 = get_local_id(1); /* m.2@a */
  const int i6 = get_local_id(0); /* n.1@a */
  const int i7 = get_local_id(0); /* n.1@v */
  const int i12 = get_local_id(1); /* m.2@st.y */
  v_acc = (0.0f);
  for (int i3 = 0; i3 < 512; ++i3) {
    v_v[i7] = a_x[(i7 + i3 * 8)];
    v_a[i5 * 8 + i6] = a_A[((i5 + i0 * 4)) * 4096 + ((i6 + i3 * 8))];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i10 = 0; i10 < 8; ++i10) {
      v_acc = fma(v_a[i5 * 8 + i10], v_v[i10], v_acc);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a_y[(i12 + i0 * 4)] = v_acc;
}
