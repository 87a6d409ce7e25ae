/* The least time of one step of a loop whose body a barrier splits, for
 * bench/barrier-step.sh: axpy, with every work-item first running ITERS
 * steps of "store to a buffer, barrier, load a neighbour's element,
 * barrier", the shape codegen prints for a temporary that crosses
 * work-items inside a loop (docs/codegen.md, Barriers).  The buffer is
 * local memory, or a scratch buffer in global memory where GLOBAL is
 * defined.  Where DEP is defined the next store takes the value just
 * loaded (a chain through memory); else it takes the step number, and
 * the loaded values only add up.  Where ONE is defined the buffer is
 * twice over and step k stores into half k % 2, with only the first
 * barrier: the shape codegen prints for prefetch(v)=double.  The sum is
 * compared with a value it never takes, so that X comes out as axpy's. */
#ifndef ITERS
#define ITERS 4096
#endif
#ifndef WG
#define WG 32
#endif
#ifdef GLOBAL
#define FENCE CLK_GLOBAL_MEM_FENCE
#else
#define FENCE CLK_LOCAL_MEM_FENCE
#endif
__kernel __attribute__ ((reqd_work_group_size (WG, 1, 1))) void
barrier_step (__global float *restrict a_X, const float s_alpha
#ifdef GLOBAL
              , __global float *scratch
#endif
              )
{
  const int l = (int)get_local_id (0);
  const size_t i = get_global_id (0);
#ifdef GLOBAL
  __global float *buf = scratch + get_group_id (0) * 2 * WG;
#else
  __local float buf[2 * WG];
#endif
  float v = a_X[i], sum = 0;
  for (int k = 0; k < ITERS; ++k)
    {
#ifdef ONE
      const int off = (k & 1) * WG;
#else
      const int off = 0;
#endif
#ifdef DEP
      buf[off + l] = v;
#else
      buf[off + l] = (float)k;
#endif
      barrier (FENCE);
      v = buf[off + (l + 1) % WG];
      sum += v;
#ifndef ONE
      barrier (FENCE);
#endif
    }
  const float x = s_alpha * a_X[i];
  a_X[i] = sum == -1.0f ? 0.0f : x;
}
