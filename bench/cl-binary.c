/* Writes what an OpenCL driver makes of one source file: the program
 * binary of device 0 of platform 0 (PTX text on NVIDIA's driver), for
 * reading the code a candidate became (`ptxas -v` for its registers,
 * `cuobjdump -sass` for its instructions).
 * The build log goes to stderr, also when the build worked.
 * Usage: cl-binary SOURCE.cl OUT [BUILD-OPTIONS] */
#include <CL/cl.h>
#include <glib.h>
#include <string.h>

int
main (int argc, char **argv)
{
  cl_platform_id platform;
  cl_device_id device;
  cl_int err;
  g_autofree char *src = NULL;
  g_autofree unsigned char *bin = NULL;
  g_autoptr (GError) error = NULL;
  size_t n_src, n_bin;
  cl_context ctx;
  cl_program prog;

  if (argc < 3)
    {
      g_printerr ("usage: cl-binary SOURCE.cl OUT [BUILD-OPTIONS]\n");
      return 2;
    }
  if (!g_file_get_contents (argv[1], &src, &n_src, &error))
    {
      g_printerr ("cl-binary: %s\n", error->message);
      return 1;
    }
  if (clGetPlatformIDs (1, &platform, NULL) != CL_SUCCESS
      || clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL)
             != CL_SUCCESS)
    {
      g_printerr ("cl-binary: no OpenCL device\n");
      return 1;
    }
  ctx = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  prog = clCreateProgramWithSource (ctx, 1, (const char **)&src, &n_src, &err);
  cl_int built
      = clBuildProgram (prog, 1, &device, argc > 3 ? argv[3] : "", NULL, NULL);
  /* The log of a build that worked too: NVIDIA's compiler writes only
   * "N warnings generated." to stderr, the warnings to the log. */
  char log[65536] = "";
  clGetProgramBuildInfo (prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log,
                         NULL);
  if (built != CL_SUCCESS)
    {
      g_printerr ("cl-binary: the build failed:\n%s\n", log);
      return 1;
    }
  if (log[strspn (log, " \t\r\n")])
    g_printerr ("cl-binary: the build log:\n%s\n", log);
  clGetProgramInfo (prog, CL_PROGRAM_BINARY_SIZES, sizeof n_bin, &n_bin, NULL);
  bin = g_malloc (n_bin);
  clGetProgramInfo (prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
  if (!g_file_set_contents (argv[2], (const char *)bin, (gssize)n_bin, &error))
    {
      g_printerr ("cl-binary: %s\n", error->message);
      return 1;
    }
  clReleaseProgram (prog);
  clReleaseContext (ctx);
  return 0;
}
