/* The L1's rate for global loads that hit it, for bench/l1-rate.sh: axpy,
 * with every work-item first running ITERS steps, each of LDS independent
 * loads from a scratch buffer, then ACCS FMA chains fed by them.  Each
 * warp load touches LINES distinct 128-byte lines: lane l reads, in line
 * l % LINES of a 4 KiB window, the float (l / LINES + s) % 32 of load s
 * (VEC = 4: the float4 (l / LINES + s + k) % 8 in step k, 16-byte
 * aligned and not the same in every step; VEC = 2: the float2
 * (l / LINES + s + k) % 16, 8-byte aligned), and the window moves on
 * every load within a 16 KiB region per work-group, so that after the
 * first pass every load hits L1 and no load repeats one that a compiler
 * could reuse or hoist.  The chains cannot change X: their sum is
 * compared with a value it never takes. */
#ifndef ACCS
#define ACCS 16
#endif
#ifndef LDS
#define LDS 8
#endif
#ifndef ITERS
#define ITERS 2048
#endif
#ifndef WG
#define WG 128
#endif
#ifndef LINES
#define LINES 1
#endif
#ifndef VEC
#define VEC 1
#endif
#define REGION 4096 /* floats per work-group: 16 KiB */
__kernel __attribute__ ((reqd_work_group_size (WG, 1, 1))) void
l1_rate (__global float *restrict a_X, const float s_alpha,
         __global const float *restrict scratch)
{
  const size_t i = get_global_id (0);
  const int lane = (int)(get_local_id (0) & 31);
  __global const float *region = scratch + get_group_id (0) * REGION;

  float acc[ACCS];
  for (int a = 0; a < ACCS; ++a)
    acc[a] = a_X[i] + (float)a;
  for (int k = 0; k < ITERS; ++k)
    {
      float v[LDS];
#pragma unroll
      for (int l = 0; l < LDS; ++l)
        {
          const int step = k * LDS + l;
          const int window = (step * 1024) & (REGION - 1);
#if VEC == 4
          const int at
              = (lane % LINES) * 32 + (((lane / LINES) + step + k) * 4 & 31);
          const float4 q = vload4 (0, region + window + at);
          v[l] = q.x + q.w;
#elif VEC == 2
          const int at
              = (lane % LINES) * 32 + (((lane / LINES) + step + k) * 2 & 31);
          const float2 q = vload2 (0, region + window + at);
          v[l] = q.x + q.y;
#else
          const int at = (lane % LINES) * 32 + ((lane / LINES + step) & 31);
          v[l] = region[window + at];
#endif
        }
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
