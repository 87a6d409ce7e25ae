/* One warp's instruction rate, for bench/warp-rate.sh: axpy, with every
 * work-item first running ITERS steps of ACCS independent FMA chains
 * (and, where LDS is defined, ACCS/LDS loads from local memory per
 * step that feed them).  The chains cannot change X: their sum is
 * compared with a value it never takes.  With one work-group of one
 * warp per scheduler, the time gives the FMAs (and loads) one warp
 * issues per cycle. */
#ifndef ACCS
#define ACCS 16
#endif
#ifndef ITERS
#define ITERS 4096
#endif
#ifndef WG
#define WG 128
#endif
__kernel __attribute__ ((reqd_work_group_size (WG, 1, 1))) void
warp_rate (__global float *restrict a_X, const float s_alpha)
{
  const size_t i = get_global_id (0);
  float acc[ACCS];
#ifdef LDS
  __local float tile[WG + LDS];
  tile[get_local_id (0)] = 1.0f + 1e-7f * (float)get_local_id (0);
  if (get_local_id (0) < LDS)
    tile[WG + get_local_id (0)] = 0.5f;
  barrier (CLK_LOCAL_MEM_FENCE);
#endif
  for (int a = 0; a < ACCS; ++a)
    acc[a] = a_X[i] + (float)a;
  for (int k = 0; k < ITERS; ++k)
    {
#ifdef LDS
      float v[LDS];
#pragma unroll
      for (int l = 0; l < LDS; ++l)
        v[l] = tile[(k + l) & (WG - 1)];
#pragma unroll
      for (int a = 0; a < ACCS; ++a)
        acc[a] = fma (acc[a], v[a % LDS], 1e-3f);
#else
#pragma unroll
      for (int a = 0; a < ACCS; ++a)
        acc[a] = fma (acc[a], 0.9999f, 1e-3f);
#endif
    }
  float sum = 0;
  for (int a = 0; a < ACCS; ++a)
    sum += acc[a];
  const float x = s_alpha * a_X[i];
  a_X[i] = sum == -1.0f ? 0.0f : x;
}
