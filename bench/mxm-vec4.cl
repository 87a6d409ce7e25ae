/* bnbtune hand-written experiment (issue 17): the design of the tuned
 * 4096 winner (bench/results/mxm-tuned-h200/mxm-4096.decisions: 128 x 128
 * per work-group, 16 x 16 work-items of 8 x 8 each, k chunks of 16, both
 * operands in local memory), with two changes the space does not have:
 * the chunks are laid out k-major, a row of the chunk holding the tile's
 * 128 rows (columns) in order, and a work-item computes rows (columns)
 * 4 t .. 4 t + 3 and 64 + 4 t .. 64 + 4 t + 3 (t its local id), so that it
 * reads its operands of one k as four float4 local loads instead of 16
 * scalar ones, without bank conflicts; and (PREFETCH) the next chunk's
 * global loads are issued into registers before the current chunk's
 * FMAs.  With SCALAR the same elements are read one float at a time
 * from the same 16-byte-aligned arrays: whether the compiler merges
 * them into vector loads by itself.
 * local size 16 x 16 x 1, 32 x 32 x 1 groups (N = 4096)
 * Timed by build/release/bench/clblast-sgemm --ours (sizes built in). */
#ifndef N
#define N 4096
#endif
#define TM 128 /* rows (and columns) of C per work-group */
#define TK 16  /* k per chunk */
#define ROW (TM + 4) /* floats per k row of a chunk: 16-byte aligned, fewer bank conflicts */
__kernel __attribute__ ((reqd_work_group_size (16, 16, 1))) void
bnb_mxm (__global const float *restrict A, __global const float *restrict B,
         __global float *restrict C)
{
  __local float4 sa4[TK * ROW / 4], sb4[TK * ROW / 4];
  __local float *sa = (__local float *)sa4, *sb = (__local float *)sb4;
  const int tx = get_local_id (0), ty = get_local_id (1);
  const int m0 = get_group_id (1) * TM, n0 = get_group_id (0) * TM;
  float acc[8][8];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      acc[i][j] = 0.0f;
  /* Each work-item loads 8 elements of A (rows ty + 16 i, column tx of the
   * chunk) and 8 of B (row ty of the chunk, columns tx + 16 j), as the
   * generated kernel does. */
  float ra[8], rb[8];
#define LOAD_CHUNK(K0)                                                        \
  _Pragma ("unroll") for (int i = 0; i < 8; ++i)                              \
    {                                                                         \
      ra[i] = A[(m0 + ty + 16 * i) * N + (K0) + tx];                          \
      rb[i] = B[((K0) + ty) * N + n0 + tx + 16 * i];                          \
    }
  LOAD_CHUNK (0);
  for (int k0 = 0; k0 < N; k0 += TK)
    {
#pragma unroll
      for (int i = 0; i < 8; ++i)
        {
          sa[tx * ROW + ty + 16 * i] = ra[i];
          sb[ty * ROW + tx + 16 * i] = rb[i];
        }
      barrier (CLK_LOCAL_MEM_FENCE);
#ifdef PREFETCH
      if (k0 + TK < N)
        LOAD_CHUNK (k0 + TK);
#endif
#pragma unroll
      for (int k = 0; k < TK; ++k)
        {
#ifdef SCALAR
          float av[8], bv[8];
#pragma unroll
          for (int c = 0; c < 4; ++c)
            {
              av[c] = sa[k * ROW + 4 * ty + c];
              av[4 + c] = sa[k * ROW + 64 + 4 * ty + c];
              bv[c] = sb[k * ROW + 4 * tx + c];
              bv[4 + c] = sb[k * ROW + 64 + 4 * tx + c];
            }
#else
          const float4 a0 = sa4[k * (ROW / 4) + ty];
          const float4 a1 = sa4[k * (ROW / 4) + 16 + ty];
          const float4 b0 = sb4[k * (ROW / 4) + tx];
          const float4 b1 = sb4[k * (ROW / 4) + 16 + tx];
          const float av[8] = { a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w };
          const float bv[8] = { b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w };
#endif
#pragma unroll
          for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j)
              acc[i][j] = fma (av[i], bv[j], acc[i][j]);
        }
      barrier (CLK_LOCAL_MEM_FENCE);
#ifndef PREFETCH
      if (k0 + TK < N)
        LOAD_CHUNK (k0 + TK);
#endif
    }
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j)
      C[(m0 + (i < 4 ? 4 * ty + i : 64 + 4 * ty + i - 4)) * N + n0
        + (j < 4 ? 4 * tx + j : 64 + 4 * tx + j - 4)]
          = acc[i][j];
}
