/* Issue 14, gen56 (tests/data/open/gen56-one-iteration-nan.ir): a
 * correct kernel that PoCL 3.1 (CPU, LLVM) miscompiles with every
 * work-group method (loops, cbs).  Work-item 0 must store 5 to Y3[0];
 * PoCL leaves Y3[0] unwritten (NaN).  It stores 5 when the loop around
 * the barriers is dropped, when the guarded read of v_v25 takes index 0
 * instead of the local id, or when that read is not guarded.  Run with
 *
 *   POCL_WORK_GROUP_METHOD=loops ./bnbtune run --device 0 --no-journal \
 *     --kernel tests/data/open/gen56-one-iteration-nan.ir \
 *     --source tests/data/open/gen56-pocl-min.cl \
 *     --global 8 --local 8 --scratch 64,64
 *
 * ("first wrong: Y3[0] = -nan"; with a store that PoCL keeps it reads
 * "Y3[0] = 5", since 5 is not the kernel's right answer either). */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void bnb_gen56(
    __global const float *restrict a_A0,
    __global const float *restrict a_A1,
    __global const float *restrict a_A2,
    __global double *restrict a_Y3,
    __global const float *restrict a_A4,
    __global const float *restrict a_A5,
    __global const double *restrict a_A6,
    __global const double *restrict a_A7,
    __global float *restrict a_Y8,
    const double s_s0,
    __global double *restrict v_v21,
    __global double *restrict v_v23)
{
  const int i4 = get_local_id(0);
  const int i11 = get_local_id(0);
  const int i13 = get_local_id(0);
  float v_v19;
  __local double v_v25[8];
  if (i4 < 2) {
    v_v19 = (0.0f);
  }
  for (int i5 = 0; i5 < 2; ++i5) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i4 < 2) {
      v_v25[i4] = 1.0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i11 < 2) {
      v_v19 = (double)v_v19 + v_v25[i11];
    }
  }
  if (i13 < 2) {
    a_Y8[i13] = v_v19; if (i13 == 0) a_Y3[0] = 5.0;
  }
}
