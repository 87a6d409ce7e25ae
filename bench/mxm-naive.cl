/* The naive SGEMM a newcomer writes first: one work-item per element of C,
 * 16 x 16 work-groups, the dot product over k in one loop.  Arguments in
 * the order bnbtune passes them for data/kernels/mxm.ir (A, B, C); sizes
 * fixed at compile time by -D M=... -D N=... -D K=... (bnbtune run
 * --source passes the kernel's sizes that way). */
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void naive_mxm(__global const float *restrict A,
               __global const float *restrict B,
               __global float *restrict C)
{
  const int n = get_global_id(0);
  const int m = get_global_id(1);
  if (m >= M || n >= N) /* the grid is rounded up to whole work-groups */
    return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc = fma(A[m * K + k], B[k * N + n], acc);
  C[m * N + n] = acc;
}
