/* Issue 14, gen45 (tests/data/open/gen45-segv.ir): the part of the
 * kernel that leaf gen45-segv.decisions prints which still kills PoCL 3.1
 * (CPU) with signal 11, with both the loops and the cbs work-group
 * method, though every access is inside its buffer (scratch given far
 * larger than needed).  It runs (to a wrong result, being a part) when
 * the barrier is removed or the last loop stores a constant.  Run with
 *
 *   POCL_WORK_GROUP_METHOD=loops ./bnbtune run --device 0 --no-journal \
 *     --kernel tests/data/open/gen45-segv.ir \
 *     --source tests/data/open/gen45-pocl-min.cl \
 *     --global 4,6,1 --local 1,3,1 --scratch 100000,100000,100000,100000
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel __attribute__((reqd_work_group_size(1, 3, 1)))
void bnb_gen45(
    __global const double *restrict a_A0,
    __global const float *restrict a_A1,
    __global const float *restrict a_A2,
    __global const double *restrict a_A3,
    __global double *restrict a_Y4,
    __global double *restrict a_Y5,
    __global double *restrict v_v2,
    __global float *restrict v_v3,
    __global double *restrict v_v8,
    __global double *restrict v_v11)
{
  __local float v_v0[12];
  __local double v_v1[3];
  __local double v_v4[3];
  double v_v5;
  __local double v_v6[4];
  float v_v7;
  __local double v_v9[39];
  __local double v_v10[39];
  const int i0 = get_group_id(1); /* l.0 */
  const int i1 = get_local_id(1); /* l.1 */
  const int i2 = get_group_id(0); /* l.2 */
  for (int i33 = 0; i33 < 3; ++i33) {
    if ((i2 + i33 * 4 + i0 * 12) < 17) {
      v_v7 = a_A2[(i2 + i33 * 4 + i0 * 12) * -1 + 17 + -1];
    }
    for (int i41 = 0; i41 < 13; ++i41) {
      if ((i2 + i33 * 4 + i0 * 12) < 17) {
        v_v9[i41 * 3 + i33] = fmax((double)v_v7, v_v8[i41 * 24 + i0 * 12 + i33 * 4 + i2]);
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i47 = 0; i47 < 13; ++i47) {
    if ((i2 + i1 * 4 + i0 * 12) < 17) {
      v_v10[i47 * 3 + i1] = v_v9[i47 * 3 + i1];
    }
  }
  for (int i56 = 0; i56 < 13; ++i56) {
    for (int i54 = 0; i54 < 3; ++i54) {
      if ((i2 + i54 * 4 + i0 * 12) < 17) {
        v_v11[i0 * 156 + i54 * 52 + i2 * 13 + i56] = v_v10[i56 * 3 + i54] - v_v10[i56 * 3 + i54];
      }
    }
  }
}
