/* How fast a driver builds programs, in one process: each source file
 * given is built (clBuildProgram, no options) one after another in one
 * context on device D of platform 0.  Run several at once
 * (bench/cl-builds.sh) to see how builds scale across processes, which
 * is what the harness's workers count on (issue 19).  Prints one line:
 * the device open, then the builds, in seconds, and the builds' count.
 * Usage: cl-builds DEVICE-INDEX FILE.cl...   (platform 0) */
#include <CL/cl.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_DEVICES 16

static double
now (void)
{
  return g_get_monotonic_time () * 1e-6;
}

int
main (int argc, char **argv)
{
  guint want = argc > 1 ? (guint)atoi (argv[1]) : 0;
  cl_platform_id platform;
  cl_device_id devices[MAX_DEVICES], device;
  cl_uint n_devices = 0;
  cl_int err = CL_SUCCESS;
  double t0 = now (), t1;
  if (clGetPlatformIDs (1, &platform, NULL) != CL_SUCCESS
      || clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, MAX_DEVICES, devices,
                         &n_devices)
             != CL_SUCCESS
      || want >= MIN (n_devices, MAX_DEVICES))
    {
      g_printerr ("cl-builds: no OpenCL device %u\n", want);
      return 1;
    }
  device = devices[want];
  cl_context ctx = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS)
    {
      g_printerr ("cl-builds: clCreateContext: %d\n", err);
      return 1;
    }
  t1 = now ();
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
  double t2 = now ();
  clReleaseContext (ctx);
  printf ("%u\t%.3f\t%.3f\t%d\n", want, t1 - t0, t2 - t1, MAX (argc - 2, 0));
  return 0;
}
