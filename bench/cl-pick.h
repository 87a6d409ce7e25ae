/* What bench/cl-startup.c and bench/cl-builds.c share: the monotonic
 * clock in seconds, and device WANT of platform 0. */
#ifndef BNB_BENCH_CL_PICK_H
#define BNB_BENCH_CL_PICK_H

#include <CL/cl.h>
#include <glib.h>

#define CL_PICK_MAX_DEVICES 16

static inline double
cl_pick_now (void)
{
  return g_get_monotonic_time () * 1e-6;
}

/* Device `want` of platform 0 in *device; FALSE, with a message naming
 * `program` on stderr, when there is none. */
static inline gboolean
cl_pick_device (const char *program, guint want, cl_device_id *device)
{
  cl_platform_id platform;
  cl_device_id devices[CL_PICK_MAX_DEVICES];
  cl_uint n_devices = 0;
  if (clGetPlatformIDs (1, &platform, NULL) != CL_SUCCESS
      || clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, CL_PICK_MAX_DEVICES,
                         devices, &n_devices)
             != CL_SUCCESS
      || want >= MIN (n_devices, CL_PICK_MAX_DEVICES))
    {
      g_printerr ("%s: no OpenCL device %u\n", program, want);
      return FALSE;
    }
  *device = devices[want];
  return TRUE;
}

#endif
