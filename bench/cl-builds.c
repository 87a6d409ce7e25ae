/* How fast a driver builds programs, in one process: each source file
 * given is built (clBuildProgram, no options) one after another in one
 * context on device D of platform 0.  Run several at once
 * (bench/cl-builds.sh) to see how builds scale across processes, which
 * is what the harness's workers count on (issue 19).  Prints one line:
 * the device index, the device open and the builds in seconds, and the
 * builds' count.  The harness builds with no options too (an empty
 * --build-options, its default).
 * Usage: cl-builds DEVICE-INDEX FILE.cl...   (platform 0) */
#include "bench/cl-pick.h"

#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  guint want = argc > 1 ? (guint)atoi (argv[1]) : 0;
  cl_device_id device;
  cl_int err = CL_SUCCESS;
  double t0 = cl_pick_now (), t1;
  if (!cl_pick_device ("cl-builds", want, &device))
    return 1;
  cl_context ctx = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS)
    {
      g_printerr ("cl-builds: clCreateContext: %d\n", err);
      return 1;
    }
  t1 = cl_pick_now ();
  for (int i = 2; i < argc; i++)
    {
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;
      if (!g_file_get_contents (argv[i], &text, NULL, &error))
        {
          g_printerr ("cl-builds: %s\n", error->message);
          return 1;
        }
      const char *source = text;
      cl_program program
          = clCreateProgramWithSource (ctx, 1, &source, NULL, &err);
      if (err == CL_SUCCESS)
        err = clBuildProgram (program, 1, &device, "", NULL, NULL);
      if (err != CL_SUCCESS)
        {
          g_printerr ("cl-builds: %s: OpenCL error %d\n", argv[i], err);
          return 1;
        }
      clReleaseProgram (program);
    }
  double t2 = cl_pick_now ();
  clReleaseContext (ctx);
  printf ("%u\t%.3f\t%.3f\t%d\n", want, t1 - t0, t2 - t1, MAX (argc - 2, 0));
  return 0;
}
