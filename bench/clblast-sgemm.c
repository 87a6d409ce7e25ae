/* CLBlast's SGEMM and the naive hand-written kernel (bench/mxm-naive.cl)
 * timed side by side on one OpenCL device, for row-major C = A * B with
 * A M x K and B K x N: a size N is the square M = N = K, a shape MxNxK
 * any other.  For each size, A and B get fresh seeded uniform
 * values in [-1, 1]; C is poisoned with NaN before every run, on the
 * device (clEnqueueFillBuffer, as bnbtune's harness and torch's fill_
 * before cuBLAS do) or, with --poison host, by a blocking write from the
 * host and a clFinish, which leaves the device idle before the launch
 * (how this program timed up to 2026-11-28); CLBlast is
 * timed on the host around the call and a clFinish (it may launch several
 * kernels), the naive kernel by its profiling event; both report the
 * median of the timed runs after untimed warm-ups, and the last result of
 * each is checked against a double-precision product on the CPU.  One
 * tab-separated line per size goes to standard output, after a header;
 * errors go to standard error and end the program with status 1.
 * Not part of libbnbtune (it links it, for the names of OpenCL's error
 * codes): CLBlast (Debian's libclblast-dev) is needed by this benchmark
 * only.
 *
 * Build, from the repository root:
 *   make build/release/bench/clblast-sgemm
 * Usage:
 *   build/release/bench/clblast-sgemm [--device N]
 *     [--sizes 256,1000,4096x4096x64] [--warmup W] [--repetitions R]
 *     [--seed S] [--naive-source bench/mxm-naive.cl]
 *     [--xgemm "GEMMK=0 KREG=1 KWG=32 ..."] [--ours CANDIDATE.cl]
 *     [--poison device|host]
 * --device N is the index across all platforms, in platform order then
 * device order, as `bnbtune devices` lists them.  --xgemm replaces
 * CLBlast's parameters of its Xgemm kernel (single precision) on that
 * device, through CLBlastOverrideParameters: the best parameters its
 * tuner found (bench/clblast-best.py reads them from the tuner's table,
 * whose columns are Xgemm's parameters).  --ours adds a column: a kernel
 * `bnbtune emit` wrote for mxm (sizes built in, so --sizes must name that
 * one size, which its header's "(M=.., N=.., K=..)" must match when it
 * has one; its arguments A, B and C only; its launch read from its
 * header comment, "local size X x Y x Z, GX x GY x GZ groups"), timed
 * and checked as the naive kernel is, for the sizes where the reference
 * interpreter would take minutes. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120

#include "codegen/codegen.h"
#include "devices/devices.h"

#include <clblast_c.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZES 64
#define SAMPLE_ELEMENTS 4096
#define CHECK_ALL_UP_TO 256
#define WORK_GROUP_SIDE 16

/* A product's sizes: C is m x n, the sum runs over k. */
typedef struct {
  size_t m, n, k;
} Shape;

typedef struct {
  unsigned device;
  Shape sizes[MAX_SIZES];
  unsigned n_sizes;
  unsigned warmup;
  unsigned repetitions;
  uint64_t seed;
  const char *naive_source;
  const char *xgemm; /* "NAME=VALUE ..." or NULL */
  const char *ours;  /* a `bnbtune emit` source, or NULL */
  int poison_host;   /* --poison host */
} Options;

typedef struct {
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  char *naive_text;
  char *ours_text; /* or NULL */
  int poison_host;
} Bench;

/* One size's operands: host copies of A and B (and C, read back), their
 * device buffers, and a host array of NaN that poisons C. */
typedef struct {
  Shape s;
  float *a, *b, *c, *poison;
  cl_mem da, db, dc;
} Operands;

typedef struct {
  int code;
  const char *name;
} ErrorName;

/* CLBlast's own codes; OpenCL's are named by bnbtune's table
 * (devices/cl-check.c). */
static const ErrorName clblast_error_names[] = {
  { -1007, "CLBlastInsufficientMemoryY" },
  { -1008, "CLBlastInsufficientMemoryX" },
  { -1009, "CLBlastInsufficientMemoryC" },
  { -1010, "CLBlastInsufficientMemoryB" },
  { -1011, "CLBlastInsufficientMemoryA" },
  { -1012, "CLBlastInvalidIncrementY" },
  { -1013, "CLBlastInvalidIncrementX" },
  { -1014, "CLBlastInvalidLeadDimC" },
  { -1015, "CLBlastInvalidLeadDimB" },
  { -1016, "CLBlastInvalidLeadDimA" },
  { -1017, "CLBlastInvalidDimension" },
  { -1018, "CLBlastInvalidVectorY" },
  { -1019, "CLBlastInvalidVectorX" },
  { -1020, "CLBlastInvalidMatrixC" },
  { -1021, "CLBlastInvalidMatrixB" },
  { -1022, "CLBlastInvalidMatrixA" },
  { -1024, "CLBlastNotImplemented" },
  { -2039, "CLBlastUnexpectedError" },
  { -2040, "CLBlastUnknownError" },
  { -2041, "CLBlastDatabaseError" },
  { -2042, "CLBlastInsufficientMemoryScalar" },
  { -2043, "CLBlastInvalidVectorScalar" },
  { -2044, "CLBlastNoDoublePrecision" },
  { -2045, "CLBlastNoHalfPrecision" },
  { -2046, "CLBlastInvalidLocalMemUsage" },
  { -2047, "CLBlastMissingOverrideParameter" },
  { -2048, "CLBlastInvalidOverrideKernel" },
  { -2049, "CLBlastInvalidBatchCount" },
  { -2050, "CLBlastInsufficientMemoryTemp" },
};

static void
die (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fputs ("clblast-sgemm: ", stderr);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
  exit (EXIT_FAILURE);
}

static const char *
error_name (int code)
{
  for (size_t i = 0;
       i < sizeof clblast_error_names / sizeof *clblast_error_names; i++)
    if (clblast_error_names[i].code == code)
      return clblast_error_names[i].name;
  return bnb_device_cl_error_name (code);
}

/* Every OpenCL and CLBlast call goes through here: on failure, the call,
 * the code's name and the code, then exit. */
static void
check (int status, const char *call)
{
  if (status != CL_SUCCESS)
    die ("%s failed: %s (%d)", call, error_name (status), status);
}

static void *
xmalloc (size_t bytes)
{
  void *p = malloc (bytes);
  if (!p)
    die ("out of memory (%zu bytes)", bytes);
  return p;
}

static double
now_s (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* splitmix64: small, seedable, and good enough for test data. */
static uint64_t
next_random (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static float
uniform_pm1 (uint64_t *state)
{
  return (float)((double)(next_random (state) >> 40) / (double)(1u << 23)
                 - 1.0);
}

static int
compare_doubles (const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* The median of times[0..n), which it sorts. */
static double
median (double *times, unsigned n)
{
  qsort (times, n, sizeof *times, compare_doubles);
  return n % 2 ? times[n / 2] : 0.5 * (times[n / 2 - 1] + times[n / 2]);
}

static unsigned long
parse_number (const char *text, const char *option, unsigned long min)
{
  char *end;
  errno = 0;
  unsigned long v = strtoul (text, &end, 10);
  if (errno || end == text || *end || text[0] == '-' || v < min)
    die ("%s wants an integer >= %lu, not '%s'", option, min, text);
  return v;
}

/* "N" (the square N x N x N) or "MxNxK". */
static Shape
parse_shape (char *text)
{
  char *x1 = strchr (text, 'x'), *x2 = x1 ? strchr (x1 + 1, 'x') : NULL;
  Shape sh;
  if (x1 == NULL)
    {
      sh.m = sh.n = sh.k = parse_number (text, "--sizes", 1);
      return sh;
    }
  if (x2 == NULL || strchr (x2 + 1, 'x'))
    die ("--sizes: '%s' is neither N nor MxNxK", text);
  *x1 = *x2 = '\0';
  sh.m = parse_number (text, "--sizes", 1);
  sh.n = parse_number (x1 + 1, "--sizes", 1);
  sh.k = parse_number (x2 + 1, "--sizes", 1);
  return sh;
}

static void
parse_sizes (Options *o, const char *text)
{
  char *copy = xmalloc (strlen (text) + 1), *saved = NULL;
  strcpy (copy, text);
  o->n_sizes = 0;
  for (char *s = strtok_r (copy, ",", &saved); s;
       s = strtok_r (NULL, ",", &saved))
    {
      if (o->n_sizes == MAX_SIZES)
        die ("--sizes: at most %d sizes", MAX_SIZES);
      o->sizes[o->n_sizes++] = parse_shape (s);
    }
  free (copy);
  if (!o->n_sizes)
    die ("--sizes wants a list such as 256,512,1024");
}

static void
usage (void)
{
  printf ("Usage: clblast-sgemm [--device N] [--sizes 256,1000,4096x4096x64] "
          "[--warmup W]\n"
          "         [--repetitions R] [--seed S] "
          "[--naive-source bench/mxm-naive.cl]\n"
          "         [--xgemm \"GEMMK=0 KREG=1 KWG=32 ...\"] "
          "[--ours CANDIDATE.cl]\n"
          "         [--poison device|host]\n");
  exit (EXIT_SUCCESS);
}

static void
set_option (Options *o, const char *name, const char *value)
{
  if (!strcmp (name, "--device"))
    o->device = parse_number (value, name, 0);
  else if (!strcmp (name, "--sizes"))
    parse_sizes (o, value);
  else if (!strcmp (name, "--warmup"))
    o->warmup = parse_number (value, name, 0);
  else if (!strcmp (name, "--repetitions"))
    o->repetitions = parse_number (value, name, 1);
  else if (!strcmp (name, "--seed"))
    o->seed = parse_number (value, name, 0);
  else if (!strcmp (name, "--naive-source"))
    o->naive_source = value;
  else if (!strcmp (name, "--xgemm"))
    o->xgemm = value;
  else if (!strcmp (name, "--ours"))
    o->ours = value;
  else if (!strcmp (name, "--poison"))
    {
      if (strcmp (value, "device") && strcmp (value, "host"))
        die ("--poison takes device or host, not '%s'", value);
      o->poison_host = !strcmp (value, "host");
    }
  else
    die ("unknown option '%s' (try --help)", name);
}

static Options
parse_options (int argc, char **argv)
{
  Options o = { .warmup = 3,
                .repetitions = 20,
                .seed = 1,
                .naive_source = "bench/mxm-naive.cl" };
  parse_sizes (&o, "256,512,1024");
  for (int i = 1; i < argc; i += 2)
    {
      if (!strcmp (argv[i], "--help") || !strcmp (argv[i], "-h"))
        usage ();
      if (i + 1 == argc)
        die ("%s wants a value", argv[i]);
      set_option (&o, argv[i], argv[i + 1]);
    }
  return o;
}

static char *
read_file (const char *path)
{
  FILE *f = fopen (path, "rb");
  if (!f)
    die ("cannot open %s: %s", path, strerror (errno));
  char *text = NULL;
  size_t length = 0, capacity = 0, got;
  do
    {
      capacity = capacity ? 2 * capacity : 4096;
      text = realloc (text, capacity + 1);
      if (!text)
        die ("out of memory reading %s", path);
      got = fread (text + length, 1, capacity - length, f);
      length += got;
    }
  while (length == capacity);
  if (ferror (f))
    die ("cannot read %s", path);
  fclose (f);
  text[length] = '\0';
  return text;
}

/* The devices of one platform, appended to ids[*count..]; a platform
 * without devices adds none. */
static void
platform_devices (cl_platform_id platform, cl_device_id **ids, cl_uint *count)
{
  cl_uint n = 0;
  cl_int status = clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n);
  if (status == CL_DEVICE_NOT_FOUND || (status == CL_SUCCESS && !n))
    return;
  check (status, "clGetDeviceIDs");
  *ids = realloc (*ids, (*count + n) * sizeof **ids);
  if (!*ids)
    die ("out of memory listing devices");
  check (clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, n, *ids + *count, NULL),
         "clGetDeviceIDs");
  *count += n;
}

static cl_device_id
device_at (unsigned index)
{
  cl_uint n_platforms = 0, n_devices = 0;
  cl_device_id *ids = NULL;
  check (clGetPlatformIDs (0, NULL, &n_platforms), "clGetPlatformIDs");
  cl_platform_id *platforms = xmalloc ((n_platforms + 1) * sizeof *platforms);
  check (clGetPlatformIDs (n_platforms, platforms, NULL), "clGetPlatformIDs");
  for (cl_uint p = 0; p < n_platforms; p++)
    platform_devices (platforms[p], &ids, &n_devices);
  free (platforms);
  if (index >= n_devices)
    die ("--device %u: there are %u OpenCL devices", index, n_devices);
  cl_device_id device = ids[index];
  free (ids);
  return device;
}

static Bench
bench_open (const Options *o)
{
  Bench b = { .device = device_at (o->device),
              .poison_host = o->poison_host };
  cl_int status;
  char name[256] = "";
  check (clGetDeviceInfo (b.device, CL_DEVICE_NAME, sizeof name - 1, name,
                          NULL),
         "clGetDeviceInfo");
  fprintf (stderr, "# device %u: %s\n", o->device, name);
  b.context = clCreateContext (NULL, 1, &b.device, NULL, NULL, &status);
  check (status, "clCreateContext");
  b.queue = clCreateCommandQueue (b.context, b.device,
                                  CL_QUEUE_PROFILING_ENABLE, &status);
  check (status, "clCreateCommandQueue");
  b.naive_text = read_file (o->naive_source);
  b.ours_text = o->ours ? read_file (o->ours) : NULL;
  return b;
}

static void
bench_close (Bench *b)
{
  free (b->naive_text);
  free (b->ours_text);
  check (clReleaseCommandQueue (b->queue), "clReleaseCommandQueue");
  check (clReleaseContext (b->context), "clReleaseContext");
}

static void
fill_uniform (float *x, size_t count, uint64_t *state)
{
  int nonzero = 0;
  for (size_t i = 0; i < count; i++)
    nonzero |= (x[i] = uniform_pm1 (state)) != 0.0f;
  if (!nonzero)
    die ("random fill produced only zeros");
}

static cl_mem
device_buffer (const Bench *b, size_t bytes, const void *data)
{
  cl_int status;
  cl_mem m
      = clCreateBuffer (b->context, CL_MEM_READ_WRITE, bytes, NULL, &status);
  check (status, "clCreateBuffer");
  if (data)
    check (clEnqueueWriteBuffer (b->queue, m, CL_TRUE, 0, bytes, data, 0, NULL,
                                 NULL),
           "clEnqueueWriteBuffer");
  return m;
}

static Operands
operands_new (const Bench *b, Shape sh, uint64_t seed)
{
  size_t na = sh.m * sh.k, nb = sh.k * sh.n, nc = sh.m * sh.n;
  uint64_t state
      = seed ^ (0x5851f42d4c957f2du * (sh.m + 7919 * sh.n + 104729 * sh.k));
  Operands x = { .s = sh };
  x.a = xmalloc (na * sizeof (float));
  x.b = xmalloc (nb * sizeof (float));
  x.c = xmalloc (nc * sizeof (float));
  x.poison = xmalloc (nc * sizeof (float));
  fill_uniform (x.a, na, &state);
  fill_uniform (x.b, nb, &state);
  for (size_t i = 0; i < nc; i++)
    x.poison[i] = NAN;
  x.da = device_buffer (b, na * sizeof (float), x.a);
  x.db = device_buffer (b, nb * sizeof (float), x.b);
  x.dc = device_buffer (b, nc * sizeof (float), NULL);
  return x;
}

static void
operands_free (Operands *x)
{
  check (clReleaseMemObject (x->da), "clReleaseMemObject");
  check (clReleaseMemObject (x->db), "clReleaseMemObject");
  check (clReleaseMemObject (x->dc), "clReleaseMemObject");
  free (x->a);
  free (x->b);
  free (x->c);
  free (x->poison);
}

/* Bytes of C. */
static size_t
c_bytes (const Operands *x)
{
  return x->s.m * x->s.n * sizeof (float);
}

/* C filled with NaN before a run: by a fill the queue runs ahead of the
 * next command, then a clFinish where `idle` (a run timed on the host);
 * with --poison host, by a blocking write and a clFinish. */
static void
poison_c (const Bench *b, const Operands *x, int idle)
{
  if (b->poison_host)
    {
      check (clEnqueueWriteBuffer (b->queue, x->dc, CL_TRUE, 0, c_bytes (x),
                                   x->poison, 0, NULL, NULL),
             "clEnqueueWriteBuffer");
      idle = 1;
    }
  else
    {
      const float nan = NAN;
      check (clEnqueueFillBuffer (b->queue, x->dc, &nan, sizeof nan, 0,
                                  c_bytes (x), 0, NULL, NULL),
             "clEnqueueFillBuffer");
    }
  if (idle)
    check (clFinish (b->queue), "clFinish");
}

static void
read_c (const Bench *b, Operands *x)
{
  check (clEnqueueReadBuffer (b->queue, x->dc, CL_TRUE, 0,
                              c_bytes (x), x->c, 0, NULL, NULL),
         "clEnqueueReadBuffer");
}

static double
reference_element (const Operands *x, size_t i, size_t j)
{
  double sum = 0.0;
  for (size_t k = 0; k < x->s.k; k++)
    sum += (double)x->a[i * x->s.k + k] * (double)x->b[k * x->s.n + j];
  return sum;
}

/* The relative error of C[i][j], dying with the element's position when it
 * is NaN or above the tolerance. */
static double
check_element (const Operands *x, size_t i, size_t j, const char *what)
{
  double ref = reference_element (x, i, j), got = x->c[i * x->s.n + j];
  double error = fabs (got - ref) / fmax (fabs (ref), 1.0);
  double tolerance = 1e-3 * sqrt ((double)x->s.k);
  if (!(error <= tolerance))
    die ("%s, %zux%zux%zu: C[%zu][%zu] = %.9g, expected %.9g (relative "
         "error %g > tolerance %g)",
         what, x->s.m, x->s.n, x->s.k, i, j, got, ref, error, tolerance);
  return error;
}

/* C, read back, against the double-precision product: every element up
 * to CHECK_ALL_UP_TO, a random sample of SAMPLE_ELEMENTS above.  Gives
 * the largest relative error seen. */
static double
verify (const Bench *b, Operands *x, uint64_t seed, const char *what)
{
  double worst = 0.0;
  uint64_t state = seed ^ 0xd1b54a32d192ed03u;
  read_c (b, x);
  if (x->s.m * x->s.n <= CHECK_ALL_UP_TO * CHECK_ALL_UP_TO)
    for (size_t i = 0; i < x->s.m; i++)
      for (size_t j = 0; j < x->s.n; j++)
        worst = fmax (worst, check_element (x, i, j, what));
  else
    for (unsigned s = 0; s < SAMPLE_ELEMENTS; s++)
      {
        size_t at = next_random (&state) % (x->s.m * x->s.n);
        worst = fmax (worst,
                      check_element (x, at / x->s.n, at % x->s.n, what));
      }
  return worst;
}

static void
run_clblast (const Bench *b, const Operands *x)
{
  cl_command_queue queue = b->queue;
  Shape sh = x->s;
  check (CLBlastSgemm (CLBlastLayoutRowMajor, CLBlastTransposeNo,
                       CLBlastTransposeNo, sh.m, sh.n, sh.k, 1.0f, x->da, 0,
                       sh.k, x->db, 0, sh.n, 0.0f, x->dc, 0, sh.n, &queue,
                       NULL),
         "CLBlastSgemm");
  check (clFinish (b->queue), "clFinish");
}

/* Median seconds of CLBlastSgemm plus clFinish, timed on the host. */
static double
time_clblast (const Bench *b, const Operands *x, const Options *o)
{
  double *times = xmalloc (o->repetitions * sizeof *times);
  for (unsigned w = 0; w < o->warmup; w++)
    {
      poison_c (b, x, 1);
      run_clblast (b, x);
    }
  for (unsigned r = 0; r < o->repetitions; r++)
    {
      poison_c (b, x, 1);
      double start = now_s ();
      run_clblast (b, x);
      times[r] = now_s () - start;
    }
  double t = median (times, o->repetitions);
  free (times);
  return t;
}

static void
print_build_log (const Bench *b, cl_program program)
{
  size_t size = 0;
  if (clGetProgramBuildInfo (program, b->device, CL_PROGRAM_BUILD_LOG, 0, NULL,
                             &size)
      != CL_SUCCESS)
    return;
  char *log = xmalloc (size + 1);
  if (clGetProgramBuildInfo (program, b->device, CL_PROGRAM_BUILD_LOG, size,
                             log, NULL)
      == CL_SUCCESS)
    fprintf (stderr, "%.*s\n", (int)size, log);
  free (log);
}

/* Kernel `name` of the program built from parts[0..n). */
static cl_kernel
build_kernel (const Bench *b, const char **parts, cl_uint n, const char *name,
              cl_program *program)
{
  cl_int status;
  *program = clCreateProgramWithSource (b->context, n, parts, NULL, &status);
  check (status, "clCreateProgramWithSource");
  status = clBuildProgram (*program, 1, &b->device, "", NULL, NULL);
  if (status == CL_BUILD_PROGRAM_FAILURE)
    print_build_log (b, *program);
  check (status, "clBuildProgram");
  cl_kernel kernel = clCreateKernel (*program, name, &status);
  check (status, "clCreateKernel");
  return kernel;
}

/* The naive kernel for one shape: M, N and K defined as macros ahead of
 * the source, as `bnbtune run --source` does. */
static cl_kernel
naive_kernel (const Bench *b, Shape sh, cl_program *program)
{
  char sizes[160];
  snprintf (sizes, sizeof sizes,
            "#define M %zu\n#define N %zu\n#define K %zu\n#line 1\n", sh.m,
            sh.n, sh.k);
  const char *parts[] = { sizes, b->naive_text };
  return build_kernel (b, parts, 2, "naive_mxm", program);
}

static void
set_naive_arguments (cl_kernel kernel, const Operands *x)
{
  check (clSetKernelArg (kernel, 0, sizeof x->da, &x->da), "clSetKernelArg");
  check (clSetKernelArg (kernel, 1, sizeof x->db, &x->db), "clSetKernelArg");
  check (clSetKernelArg (kernel, 2, sizeof x->dc, &x->dc), "clSetKernelArg");
}

static size_t
round_up (size_t n)
{
  return (n + WORK_GROUP_SIDE - 1) / WORK_GROUP_SIDE * WORK_GROUP_SIDE;
}

/* One timed launch: from the start of the zero fill of C where `zero` (a
 * bnbtune kernel whose split store adds into C, timed as bnbtune's
 * harness times it), else of the kernel, to the kernel's end. */
static double
run_launch (const Bench *b, const Operands *x, cl_kernel kernel,
            const size_t global[3], const size_t local[3], int zero)
{
  cl_event event, fill = NULL;
  cl_ulong start, end;
  poison_c (b, x, 0);
  if (zero)
    {
      const float nothing = 0.0f;
      check (clEnqueueFillBuffer (b->queue, x->dc, &nothing, sizeof nothing,
                                  0, c_bytes (x), 0, NULL, &fill),
             "clEnqueueFillBuffer");
    }
  check (clEnqueueNDRangeKernel (b->queue, kernel, 3, NULL, global, local, 0,
                                 NULL, &event),
         "clEnqueueNDRangeKernel");
  check (clWaitForEvents (1, &event), "clWaitForEvents");
  check (clGetEventProfilingInfo (fill ? fill : event,
                                  CL_PROFILING_COMMAND_START, sizeof start,
                                  &start, NULL),
         "clGetEventProfilingInfo");
  check (clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_END, sizeof end,
                                  &end, NULL),
         "clGetEventProfilingInfo");
  check (clReleaseEvent (event), "clReleaseEvent");
  if (fill)
    check (clReleaseEvent (fill), "clReleaseEvent");
  return 1e-9 * (double)(end - start);
}

/* Median seconds of a kernel of A, B and C by profiling events, after the
 * warm-ups; releases the kernel and its program. */
static double
time_kernel (const Bench *b, const Operands *x, const Options *o,
             cl_program program, cl_kernel kernel, const size_t global[3],
             const size_t local[3], int zero)
{
  double *times = xmalloc (o->repetitions * sizeof *times);
  set_naive_arguments (kernel, x);
  for (unsigned w = 0; w < o->warmup; w++)
    run_launch (b, x, kernel, global, local, zero);
  for (unsigned r = 0; r < o->repetitions; r++)
    times[r] = run_launch (b, x, kernel, global, local, zero);
  double t = median (times, o->repetitions);
  free (times);
  check (clReleaseKernel (kernel), "clReleaseKernel");
  check (clReleaseProgram (program), "clReleaseProgram");
  return t;
}

/* Our kernel (--ours): built as it is, launched as its header says. */
static double
time_ours (const Bench *b, const Operands *x, const Options *o)
{
  size_t local[3], groups[3], global[3];
  const char *at = strstr (b->ours_text, "local size ");
  if (at == NULL
      || sscanf (at, "local size %zu x %zu x %zu, %zu x %zu x %zu groups",
                 &local[0], &local[1], &local[2], &groups[0], &groups[1],
                 &groups[2])
             != 6)
    die ("%s: no \"local size X x Y x Z, GX x GY x GZ groups\" in its "
         "header (bnbtune emit writes one)", o->ours);
  for (int d = 0; d < 3; d++)
    global[d] = local[d] * groups[d];
  const char *parts[] = { b->ours_text };
  cl_program program;
  cl_kernel kernel = build_kernel (b, parts, 1, "bnb_mxm", &program);
  cl_uint n_args = 0;
  check (clGetKernelInfo (kernel, CL_KERNEL_NUM_ARGS, sizeof n_args, &n_args,
                          NULL),
         "clGetKernelInfo");
  if (n_args != 3)
    die ("%s: bnb_mxm takes %u arguments; --ours runs kernels of A, B and C "
         "only (no temporary in global memory)",
         o->ours, (unsigned)n_args);
  /* bnbtune emit's header names the arrays the host zeroes first. */
  int zero = strstr (b->ours_text, BNB_CODEGEN_ZEROED_MARK "C\n") != NULL;
  return time_kernel (b, x, o, program, kernel, global, local, zero);
}

/* Median seconds of the naive kernel, by profiling events. */
static double
time_naive (const Bench *b, const Operands *x, const Options *o)
{
  const size_t global[3] = { round_up (x->s.n), round_up (x->s.m), 1 };
  const size_t local[3] = { WORK_GROUP_SIDE, WORK_GROUP_SIDE, 1 };
  cl_program program;
  cl_kernel kernel = naive_kernel (b, x->s, &program);
  return time_kernel (b, x, o, program, kernel, global, local, 0);
}

static double
tflops (Shape sh, double seconds)
{
  return 2.0 * (double)sh.m * (double)sh.n * (double)sh.k / seconds / 1e12;
}

static void
bench_size (const Bench *b, const Options *o, Shape sh)
{
  Operands x = operands_new (b, sh, o->seed);
  double clblast_s = time_clblast (b, &x, o);
  double clblast_error = verify (b, &x, o->seed, "CLBlast");
  double naive_s = time_naive (b, &x, o);
  double naive_error = verify (b, &x, o->seed, "naive");
  double ours_s = 0, ours_error = 0;
  if (b->ours_text != NULL)
    {
      ours_s = time_ours (b, &x, o);
      ours_error = verify (b, &x, o->seed, "ours");
    }
  if (sh.m == sh.n && sh.n == sh.k)
    printf ("%zu", sh.n);
  else
    printf ("%zux%zux%zu", sh.m, sh.n, sh.k);
  printf ("\t%.6e\t%.4g\t%.6e\t%.4g\t%.3e\t%.3e", clblast_s,
          tflops (sh, clblast_s), naive_s, tflops (sh, naive_s),
          clblast_error, naive_error);
  if (b->ours_text != NULL)
    printf ("\t%.6e\t%.4g\t%.3e", ours_s, tflops (sh, ours_s), ours_error);
  fputc ('\n', stdout);
  fflush (stdout);
  operands_free (&x);
}

/* CLBlast's Xgemm parameters for single precision on the device, from
 * "NAME=VALUE NAME=VALUE ...". */
static void
override_xgemm (const Bench *b, const char *text)
{
  enum { MOST = 32 };
  char *copy = xmalloc (strlen (text) + 1), *saved = NULL;
  const char *names[MOST];
  size_t values[MOST], n = 0;
  strcpy (copy, text);
  for (char *s = strtok_r (copy, " \t\n", &saved); s;
       s = strtok_r (NULL, " \t\n", &saved))
    {
      char *eq = strchr (s, '=');
      if (eq == NULL || eq == s || n == MOST)
        die ("--xgemm: '%s' is not NAME=VALUE (at most %d of them)", s,
             MOST);
      *eq = '\0';
      names[n] = s;
      values[n++] = parse_number (eq + 1, "--xgemm", 0);
    }
  if (n == 0)
    die ("--xgemm wants NAME=VALUE pairs");
  check (CLBlastOverrideParameters (b->device, "Xgemm",
                                    CLBlastPrecisionSingle, n, names, values),
         "CLBlastOverrideParameters");
  fprintf (stderr, "clblast-sgemm: Xgemm parameters set: %s\n", text);
  free (copy);
}

int
main (int argc, char **argv)
{
  Options o = parse_options (argc, argv);
  if (o.ours != NULL && o.n_sizes != 1)
    die ("--ours: its kernel has its sizes built in; give one size");
  Bench b = bench_open (&o);
  if (b.ours_text != NULL)
    {
      size_t m, n, k;
      const char *at = strstr (b.ours_text, "(M=");
      if (at && sscanf (at, "(M=%zu, N=%zu, K=%zu)", &m, &n, &k) == 3
          && (m != o.sizes[0].m || n != o.sizes[0].n || k != o.sizes[0].k))
        die ("%s was written for M=%zu, N=%zu, K=%zu, not the size asked",
             o.ours, m, n, k);
    }
  if (o.xgemm != NULL)
    override_xgemm (&b, o.xgemm);
  printf ("N\tclblast_s\tclblast_tflops\tnaive_s\tnaive_tflops\t"
          "max_rel_error_clblast\tmax_rel_error_naive%s\n",
          o.ours ? "\tours_s\tours_tflops\tmax_rel_error_ours" : "");
  for (unsigned s = 0; s < o.n_sizes; s++)
    bench_size (&b, &o, o.sizes[s]);
  bench_close (&b);
  return EXIT_SUCCESS;
}
