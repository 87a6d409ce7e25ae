/* What one process pays to use an OpenCL device, phase by phase: the
 * platform (the driver loading), a context and queue on device D, a
 * buffer written, a trivial build, and releasing it all.  Run many at
 * once (bench/cl-startup.sh) to see whether a driver serializes them
 * across processes: the cost of the harness's workers (docs/harness.md).
 * Prints one line: device, then seconds per phase.
 * Usage: cl-startup [DEVICE-INDEX]   (platform 0) */
#include "bench/cl-pick.h"

#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  const char *source
      = "__kernel void twice (__global float *a)"
        " { a[get_global_id (0)] *= 2.0f; }";
  guint want = argc > 1 ? (guint)atoi (argv[1]) : 0;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  gsize bytes = 16u << 20;
  g_autofree float *host = g_malloc0 (bytes);
  double t[6];

  t[0] = cl_pick_now ();
  if (!cl_pick_device ("cl-startup", want, &device))
    return 1;
  t[1] = cl_pick_now ();
  cl_context ctx = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  cl_command_queue queue = err == CL_SUCCESS
                               ? clCreateCommandQueue (ctx, device, 0, &err)
                               : NULL;
  t[2] = cl_pick_now ();
  cl_mem buffer = err == CL_SUCCESS ? clCreateBuffer (ctx, CL_MEM_READ_WRITE,
                                                      bytes, NULL, &err)
                                    : NULL;
  if (err == CL_SUCCESS)
    err = clEnqueueWriteBuffer (queue, buffer, CL_TRUE, 0, bytes, host, 0,
                                NULL, NULL);
  t[3] = cl_pick_now ();
  cl_program program
      = err == CL_SUCCESS
            ? clCreateProgramWithSource (ctx, 1, &source, NULL, &err)
            : NULL;
  if (err == CL_SUCCESS)
    err = clBuildProgram (program, 1, &device, "", NULL, NULL);
  t[4] = cl_pick_now ();
  if (err != CL_SUCCESS)
    {
      g_printerr ("cl-startup: OpenCL error %d\n", err);
      return 1;
    }
  clReleaseProgram (program);
  clReleaseMemObject (buffer);
  clReleaseCommandQueue (queue);
  clReleaseContext (ctx);
  t[5] = cl_pick_now ();
  printf ("%u\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\n", want, t[1] - t[0],
          t[2] - t[1], t[3] - t[2], t[4] - t[3], t[5] - t[4], t[5] - t[0]);
  return 0;
}
