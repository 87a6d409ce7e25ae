/* One warp's local-memory load rate, for bench/lds-rate.sh: axpy, with
 * every work-item first running ITERS steps, each of LDS loads from local
 * memory, independent of each other and of every earlier step's results,
 * then ACCS independent FMA chains fed by them (LDS per step, an FMA for
 * each load at least).  Within a warp the loads of one step read 32
 * consecutive floats (no bank conflict, no broadcast); the address moves
 * on every step, so no load repeats an earlier one that a compiler could
 * reuse.  The chains cannot change X: their sum is compared with a value
 * it never takes.  With one warp per scheduler, the time gives the local
 * loads one warp issues per cycle when nothing else holds it. */
#ifndef ACCS
#define ACCS 16
#endif
#ifndef LDS
#define LDS 16
#endif
#ifndef ITERS
#define ITERS 4096
#endif
#ifndef WG
#define WG 128
#endif
#define TILE 4096 /* floats of local memory: 16 KiB */
__kernel __attribute__ ((reqd_work_group_size (WG, 1, 1))) void
lds_rate (__global float *restrict a_X, const float s_alpha)
{
  const size_t i = get_global_id (0);
  const int lane = (int)(get_local_id (0) & 31);
  __local float tile[TILE];
  for (int t = (int)get_local_id (0); t < TILE; t += WG)
    tile[t] = 1.0f + 1e-7f * (float)t;
  barrier (CLK_LOCAL_MEM_FENCE);
  float acc[ACCS];
  for (int a = 0; a < ACCS; ++a)
    acc[a] = a_X[i] + (float)a;
  for (int k = 0; k < ITERS; ++k)
    {
      float v[LDS];
#pragma unroll
      for (int l = 0; l < LDS; ++l)
        v[l] = tile[((k * LDS + l) * 32 + lane) & (TILE - 1)];
#pragma unroll
      for (int a = 0; a < (ACCS > LDS ? ACCS : LDS); ++a)
        acc[a % ACCS] = fma (acc[a % ACCS], v[a % LDS], 1e-3f);
    }
  float sum = 0;
  for (int a = 0; a < ACCS; ++a)
    sum += acc[a];
  const float x = s_alpha * a_X[i];
  a_X[i] = sum == -1.0f ? 0.0f : x;
}
