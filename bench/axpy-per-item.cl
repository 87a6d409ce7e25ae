/* axpy with one element per work-item, for bench/group-rate.sh: at small
 * local sizes its time is set by how fast the GPU starts work-groups. */
__kernel void axpy_per_item(__global float *restrict a_X, const float s_alpha)
{
  const size_t i = get_global_id(0);
  a_X[i] = s_alpha * a_X[i];
}
