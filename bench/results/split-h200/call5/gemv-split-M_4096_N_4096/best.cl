/* bnbtune candidate of kernel gemv (M=4096, N=4096)
 * local size 32 x 1 x 1, 128 x 8 x 1 groups
 * zeroed by the host before each launch (a split store adds into it): y
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(m.1)=32
 *   tile(m.2)=1
 *   tile(n.1)=16
 *   tile(n.2)=32
 *   kind(m.0)=block
 *   kind(m.1@acc)=thread.x
 *   kind(m.2@acc)=elided
 *   kind(n.0)=block
 *   kind(n.1)=loop
 *   kind(m.1@a)=loop
 *   kind(m.2@a)=elided
 *   kind(n.2@a)=thread.x
 *   kind(n.2@v)=thread.x
 *   kind(m.1@acc.upd)=thread.x
 *   kind(m.2@acc.upd)=elided
 *   kind(n.2@acc.upd)=loop
 *   kind(m.1@st.y)=thread.x
 *   kind(m.2@st.y)=elided
 *   mem(acc)=private
 *   mem(a)=local
 *   mem(v)=local
 *   order(m.0,m.1@acc)=outside
 *   order(m.0,n.0)=inside
 *   order(m.0,n.1)=outside
 *   order(m.0,m.1@a)=outside
 *   order(m.0,n.2@a)=outside
 *   order(m.0,n.2@v)=outside
 *   order(m.0,m.1@acc.upd)=outside
 *   order(m.0,n.2@acc.upd)=outside
 *   order(m.0,m.1@st.y)=outside
 *   order(m.0,acc)=outside
 *   order(m.0,a)=outside
 *   order(m.0,v)=outside
 *   order(m.0,acc.upd)=outside
 *   order(m.0,st.y)=outside
 *   order(m.1@acc,n.0)=inside
 *   order(m.1@acc,n.1)=before
 *   order(m.1@acc,m.1@a)=before
 *   order(m.1@acc,n.2@a)=before
 *   order(m.1@acc,n.2@v)=before
 *   order(m.1@acc,m.1@acc.upd)=before
 *   order(m.1@acc,n.2@acc.upd)=before
 *   order(m.1@acc,m.1@st.y)=before
 *   order(m.1@acc,acc)=outside
 *   order(m.1@acc,a)=before
 *   order(m.1@acc,v)=before
 *   order(m.1@acc,acc.upd)=before
 *   order(m.1@acc,st.y)=before
 *   order(n.0,n.1)=outside
 *   order(n.0,m.1@a)=outside
 *   order(n.0,n.2@a)=outside
 *   order(n.0,n.2@v)=outside
 *   order(n.0,m.1@acc.upd)=outside
 *   order(n.0,n.2@acc.upd)=outside
 *   order(n.0,m.1@st.y)=outside
 *   order(n.0,acc)=outside
 *   order(n.0,a)=outside
 *   order(n.0,v)=outside
 *   order(n.0,acc.upd)=outside
 *   order(n.0,st.y)=outside
 *   order(n.1,m.1@a)=outside
 *   order(n.1,n.2@a)=outside
 *   order(n.1,n.2@v)=outside
 *   order(n.1,m.1@acc.upd)=outside
 *   order(n.1,n.2@acc.upd)=outside
 *   order(n.1,m.1@st.y)=before
 *   order(n.1,acc)=after
 *   order(n.1,a)=outside
 *   order(n.1,v)=outside
 *   order(n.1,acc.upd)=outside
 *   order(n.1,st.y)=before
 *   order(m.1@a,n.2@a)=inside
 *   order(m.1@a,n.2@v)=inside
 *   order(m.1@a,m.1@acc.upd)=before
 *   order(m.1@a,n.2@acc.upd)=before
 *   order(m.1@a,m.1@st.y)=before
 *   order(m.1@a,acc)=after
 *   order(m.1@a,a)=outside
 *   order(m.1@a,v)=before
 *   order(m.1@a,acc.upd)=before
 *   order(m.1@a,st.y)=before
 *   order(n.2@a,n.2@v)=fused
 *   order(n.2@a,m.1@acc.upd)=before
 *   order(n.2@a,n.2@acc.upd)=before
 *   order(n.2@a,m.1@st.y)=before
 *   order(n.2@a,acc)=after
 *   order(n.2@a,a)=outside
 *   order(n.2@a,v)=outside
 *   order(n.2@a,acc.upd)=before
 *   order(n.2@a,st.y)=before
 *   order(n.2@v,m.1@acc.upd)=before
 *   order(n.2@v,n.2@acc.upd)=before
 *   order(n.2@v,m.1@st.y)=before
 *   order(n.2@v,acc)=after
 *   order(n.2@v,a)=outside
 *   order(n.2@v,v)=outside
 *   order(n.2@v,acc.upd)=before
 *   order(n.2@v,st.y)=before
 *   order(m.1@acc.upd,n.2@acc.upd)=inside
 *   order(m.1@acc.upd,m.1@st.y)=before
 *   order(m.1@acc.upd,acc)=after
 *   order(m.1@acc.upd,a)=after
 *   order(m.1@acc.upd,v)=after
 *   order(m.1@acc.upd,acc.upd)=outside
 *   order(m.1@acc.upd,st.y)=before
 *   order(n.2@acc.upd,m.1@st.y)=before
 *   order(n.2@acc.upd,acc)=after
 *   order(n.2@acc.upd,a)=after
 *   order(n.2@acc.upd,v)=after
 *   order(n.2@acc.upd,acc.upd)=outside
 *   order(n.2@acc.upd,st.y)=before
 *   order(m.1@st.y,acc)=after
 *   order(m.1@st.y,a)=after
 *   order(m.1@st.y,v)=after
 *   order(m.1@st.y,acc.upd)=after
 *   order(m.1@st.y,st.y)=outside
 *   order(acc,a)=before
 *   order(acc,v)=before
 *   order(acc,acc.upd)=before
 *   order(acc,st.y)=before
 *   order(a,v)=before
 *   order(a,acc.upd)=before
 *   order(a,st.y)=before
 *   order(v,acc.upd)=before
 *   order(v,st.y)=before
 *   order(acc.upd,st.y)=before
 *   pad(acc)=no
 *   pad(a)=yes
 *   pad(v)=yes
 *   prefetch(acc)=no
 *   prefetch(a)=no
 *   prefetch(v)=no
 *   interleave(acc)=no
 *   interleave(a)=no
 *   interleave(v)=no
 */
/* A split store's partial sum, added to a zeroed array. */
void bnb_add(volatile __global float *at, float v)
{
#ifdef cl_nv_pragma_unroll
  asm volatile("red.global.add.f32 [%0], %1;"
               :: "l"(at), "f"(v) : "memory");
#else
  uint seen = as_uint(*at), old;
  do {
    old = seen;
    seen = atomic_cmpxchg((volatile __global uint *)at, old,
                          as_uint(as_float(old) + v));
  } while (seen != old);
#endif
}
__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void bnb_gemv(
    __global const float *restrict a_A,
    __global const float *restrict a_x,
    __global float *a_y)
{
  float v_acc;
  __local float v_a[1152] __attribute__ ((aligned (16)));
  __local float v_v[36] __attribute__ ((aligned (16)));
  const int i0 = get_group_id(0); /* m.0 */
  const int i1 = get_local_id(0); /* m.1@acc */
  const int i3 = get_group_id(1); /* n.0 */
  const int i7 = get_local_id(0); /* n.2@a */
  const int i9 = get_local_id(0); /* m.1@acc.upd */
  const int i12 = get_local_id(0); /* m.1@st.y */
  v_acc = (0.0f);
  for (int i4 = 0; i4 < 16; ++i4) {
    for (int i5 = 0; i5 < 32; ++i5) {
      v_a[i5 * 36 + i7] = a_A[((i5 + i0 * 32)) * 4096 + ((i7 + i4 * 32 + i3 * 512))];
    }
    v_v[i7] = a_x[(i7 + i4 * 32 + i3 * 512)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i11 = 0; i11 < 32; ++i11) {
      v_acc = fma(v_a[i9 * 36 + i11], v_v[i11], v_acc);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  bnb_add(&a_y[(i12 + i0 * 32)], v_acc);
}
