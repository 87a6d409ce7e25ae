/* Calibration: micro-benchmarks that measure a device's peak rates, and
 * their cache.
 *
 *   fp32_flops         16 independent FMA chains per work-item, scalar and
 *                      vector (float4, and the preferred width on CPUs);
 *                      an FMA counts 2 FLOP
 *   global_bandwidth   a copy (read + write bytes) and a read-reduce of
 *                      buffers much larger than the caches
 *   local_bandwidth    work-items reading float4s from local memory
 *   launch_overhead_s  END - START of an empty kernel (median of a batch,
 *                      least of the batches); launch_host_s is the median
 *                      host round trip, enqueue to clFinish
 *
 * Every kernel is timed with profiling events after a warm-up; loop counts
 * grow until a run lasts the target time (20 ms on a GPU, 60 ms on a CPU).
 * A rate is the best of its repetitions: these are peaks for the model.
 * Results are cached in $XDG_CACHE_HOME/bnbtune/NAME-DRIVER.ini. */
#define G_LOG_DOMAIN "bnbtune-devices"
#include "devices/devices-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FMA_CHAINS 16
#define FMA_REPEAT 4
#define LOCAL_FLOAT4S 1024
#define LAUNCH_BATCHES 5
#define LAUNCH_PER_BATCH 40

typedef struct {
  BnbDevice *dev;
  cl_context ctx;
  cl_command_queue queue;
  BnbClProgram *program;
  gboolean cpu;
  guint reps;
  double target_s;
  size_t local;  /* work-group size of the FMA and local kernels */
  size_t global; /* and their number of work-items */
} Bench;

static const char bench_source[]
    = "__kernel void copy4 (__global const float4 *in, __global float4 *out,\n"
      "                     uint chunk, uint a, uint b)\n"
      "{\n"
      "  size_t base = (size_t)get_global_id (0) * a;\n"
      "  for (uint i = 0; i < chunk; i++)\n"
      "    out[base + (size_t)i * b] = in[base + (size_t)i * b];\n"
      "}\n"
      "__kernel void read4 (__global const float4 *in, __global float *out,\n"
      "                     uint chunk, uint a, uint b)\n"
      "{\n"
      "  size_t base = (size_t)get_global_id (0) * a;\n"
      "  float4 s0 = 0, s1 = 0, s2 = 0, s3 = 0;\n"
      "  for (uint i = 0; i < chunk; i += 4) {\n"
      "    s0 += in[base + (size_t)i * b];\n"
      "    s1 += in[base + (size_t)(i + 1) * b];\n"
      "    s2 += in[base + (size_t)(i + 2) * b];\n"
      "    s3 += in[base + (size_t)(i + 3) * b];\n"
      "  }\n"
      "  out[get_global_id (0)] = dot (s0 + s1 + s2 + s3, (float4)(1.0f));\n"
      "}\n"
      "#define N 1024\n"
      "__kernel void local4 (__global float *out, int iters)\n"
      "{\n"
      "  __local float4 buf[N];\n"
      "  int lid = get_local_id (0), p = lid;\n"
      "  for (int j = lid; j < N; j += get_local_size (0))\n"
      "    buf[j] = (float4)(j, j + 1, j + 2, j + 3) * 1e-3f;\n"
      "  barrier (CLK_LOCAL_MEM_FENCE);\n"
      "  float4 s0 = 0, s1 = 0, s2 = 0, s3 = 0;\n"
      "  for (int i = 0; i < iters; i++) {\n"
      "    s0 += buf[p];\n"
      "    s1 += buf[p ^ 32];\n"
      "    s2 += buf[p ^ 64];\n"
      "    s3 += buf[p ^ 128];\n"
      "    p = (p + 1) & (N - 1);\n"
      "  }\n"
      "  out[get_global_id (0)] = dot (s0 + s1 + s2 + s3, (float4)(1.0f));\n"
      "}\n"
      "__kernel void empty (void)\n"
      "{\n"
      "}\n";

/* Source. */

static void
append_fma_kernel (GString *s, guint width)
{
  g_autofree char *t
      = width == 1 ? g_strdup ("float") : g_strdup_printf ("float%u", width);
  g_string_append_printf (s,
                          "__kernel void fma%u (__global %s *out, float a, "
                          "float b, int iters)\n{\n"
                          "  %s va = (%s)(a), vb = (%s)(b);\n"
                          "  %s x0 = (%s)(get_global_id (0) & 255) * 1e-3f;\n",
                          width, t, t, t, t, t, t);
  for (guint c = 1; c < FMA_CHAINS; c++)
    g_string_append_printf (s, "  %s x%u = x0 + %u.0f;\n", t, c, c);
  g_string_append (s, "  for (int i = 0; i < iters; i++) {\n");
  for (guint r = 0; r < FMA_REPEAT; r++)
    for (guint c = 0; c < FMA_CHAINS; c++)
      g_string_append_printf (s, "    x%u = mad (x%u, va, vb);\n", c, c);
  g_string_append (s, "  }\n  out[get_global_id (0)] = x0");
  for (guint c = 1; c < FMA_CHAINS; c++)
    g_string_append_printf (s, " + x%u", c);
  g_string_append (s, ";\n}\n");
}

static GArray *
fma_widths (const BnbDeviceDesc *d)
{
  GArray *w = g_array_new (FALSE, FALSE, sizeof (guint));
  guint widths[] = { 1, 4, d->preferred_vector_width_float };
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    if (i < 2 || (widths[i] == 8 || widths[i] == 16))
      g_array_append_val (w, widths[i]);
  return w;
}

static char *
bench_program_source (GArray *widths)
{
  GString *s = g_string_new (bench_source);
  for (guint i = 0; i < widths->len; i++)
    append_fma_kernel (s, g_array_index (widths, guint, i));
  return g_string_free (s, FALSE);
}

static void
append_build_log (Bench *b, GError **error)
{
  cl_device_id id = bnb_device_id (b->dev);
  char log[4096] = { 0 };
  if (!error || !*error)
    return;
  if (bnb_device_check_cl (clGetProgramBuildInfo (b->program, id,
                                                  CL_PROGRAM_BUILD_LOG,
                                                  sizeof log - 1, log, NULL),
                           "clGetProgramBuildInfo", NULL))
    g_prefix_error (error, "calibration kernels: %s\n", log);
}

static gboolean
build_program (Bench *b, GArray *widths, GError **error)
{
  g_autofree char *source = bench_program_source (widths);
  const char *text = source;
  cl_device_id id = bnb_device_id (b->dev);
  cl_int status = CL_SUCCESS;
  b->program = clCreateProgramWithSource (b->ctx, 1, &text, NULL, &status);
  if (!bnb_device_check_cl (status, "clCreateProgramWithSource", error))
    return FALSE;
  status = clBuildProgram (b->program, 1, &id, "", NULL, NULL);
  if (bnb_device_check_cl (status, "clBuildProgram", error))
    return TRUE;
  append_build_log (b, error);
  return FALSE;
}

/* Running. */

static gboolean
set_arg (cl_kernel k, cl_uint index, size_t size, const void *value,
         GError **error)
{
  return bnb_device_check_cl (clSetKernelArg (k, index, size, value),
                              "clSetKernelArg", error);
}

static gboolean
event_seconds (cl_event ev, double *seconds, GError **error)
{
  cl_ulong start = 0, end = 0;
  if (!bnb_device_check_cl (
          clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START,
                                   sizeof start, &start, NULL),
          "clGetEventProfilingInfo", error)
      || !bnb_device_check_cl (
          clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, sizeof end,
                                   &end, NULL),
          "clGetEventProfilingInfo", error))
    return FALSE;
  *seconds = end > start ? (double)(end - start) * 1e-9 : 0;
  return TRUE;
}

/* Runs `k` once and waits; its time from the profiling events. */
static gboolean
run_once (Bench *b, cl_kernel k, size_t global, size_t local, double *seconds,
          GError **error)
{
  g_autoptr (BnbClEvent) ev = NULL;
  if (!bnb_device_check_cl (clEnqueueNDRangeKernel (b->queue, k, 1, NULL,
                                                    &global,
                                                    local ? &local : NULL, 0,
                                                    NULL, &ev),
                            "clEnqueueNDRangeKernel", error)
      || !bnb_device_check_cl (clWaitForEvents (1, &ev), "clWaitForEvents",
                               error))
    return FALSE;
  return event_seconds (ev, seconds, error);
}

/* The least time of `reps` runs, after one warm-up run. */
static gboolean
best_time (Bench *b, cl_kernel k, size_t global, size_t local, double *best,
           GError **error)
{
  double t = 0;
  *best = INFINITY;
  if (!run_once (b, k, global, local, &t, error))
    return FALSE;
  for (guint r = 0; r < b->reps; r++)
    {
      if (!run_once (b, k, global, local, &t, error))
        return FALSE;
      if (t > 0)
        *best = MIN (*best, t);
    }
  if (isfinite (*best))
    return TRUE;
  g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_CALIBRATION,
               "the profiling events of the calibration gave no time");
  return FALSE;
}

/* Grows the loop count (argument `arg` of `k`) until a run lasts about
 * the target time; the kernel is warm afterwards. */
static gboolean
size_loop (Bench *b, cl_kernel k, cl_uint arg, cl_int *iters, GError **error)
{
  double t = 0;
  for (guint round = 0; round < 16; round++)
    {
      if (!set_arg (k, arg, sizeof *iters, iters, error)
          || !run_once (b, k, b->global, b->local, &t, error))
        return FALSE;
      if (t >= b->target_s / 4 || *iters >= (1 << 24))
        break;
      *iters *= (cl_int)CLAMP (b->target_s / MAX (t, 1e-7), 2, 64);
      *iters = MIN (*iters, 1 << 24);
    }
  return set_arg (k, arg, sizeof *iters, iters, error);
}

static BnbClKernel *
kernel_new (Bench *b, const char *name, GError **error)
{
  cl_int status = CL_SUCCESS;
  cl_kernel k = clCreateKernel (b->program, name, &status);
  if (bnb_device_check_cl (status, "clCreateKernel", error))
    return k;
  return NULL;
}

static BnbClMem *
buffer_new (Bench *b, size_t bytes, GError **error)
{
  cl_int status = CL_SUCCESS;
  cl_mem m = clCreateBuffer (b->ctx, CL_MEM_READ_WRITE, bytes, NULL, &status);
  float pattern = 1.5f;
  if (!bnb_device_check_cl (status, "clCreateBuffer", error))
    return NULL;
  if (bnb_device_check_cl (clEnqueueFillBuffer (b->queue, m, &pattern,
                                                sizeof pattern, 0, bytes, 0,
                                                NULL, NULL),
                           "clEnqueueFillBuffer", error)
      && bnb_device_check_cl (clFinish (b->queue), "clFinish", error))
    return m;
  bnb_device_release_mem (m);
  return NULL;
}

/* FP32 throughput. */

static gboolean
measure_fma (Bench *b, guint width, double *flops, GError **error)
{
  g_autofree char *name = g_strdup_printf ("fma%u", width);
  g_autoptr (BnbClKernel) k = kernel_new (b, name, error);
  g_autoptr (BnbClMem) out = NULL;
  float a = 0.999f, c = 0.001f;
  cl_int iters = 16;
  double t = 0;
  if (!k || !(out = buffer_new (b, b->global * width * sizeof (float), error)))
    return FALSE;
  if (!set_arg (k, 0, sizeof (cl_mem), &out, error)
      || !set_arg (k, 1, sizeof a, &a, error)
      || !set_arg (k, 2, sizeof c, &c, error)
      || !size_loop (b, k, 3, &iters, error)
      || !best_time (b, k, b->global, b->local, &t, error))
    return FALSE;
  *flops = (double)b->global * iters * FMA_REPEAT * FMA_CHAINS * width * 2 / t;
  g_debug ("%s: %.4g FLOP/s (%d iterations, %.3g s)", name, *flops, iters, t);
  return TRUE;
}

static gboolean
measure_fp32 (Bench *b, double *flops, GError **error)
{
  g_autoptr (GArray) widths = fma_widths (&b->dev->desc);
  double f = 0;
  *flops = 0;
  for (guint i = 0; i < widths->len; i++)
    {
      if (!measure_fma (b, g_array_index (widths, guint, i), &f, error))
        return FALSE;
      *flops = MAX (*flops, f);
    }
  return TRUE;
}

/* Global bandwidth. */

typedef struct {
  size_t global, local;
  cl_uint chunk, a, b; /* work-item g, step i reads element g*a + i*b */
  size_t float4s;      /* per buffer */
} Stream;

static guint64
stream_bytes (const Bench *b)
{
  const BnbDeviceDesc *d = &b->dev->desc;
  guint64 cap = MIN (d->max_alloc_bytes, d->global_mem_bytes / 8);
  guint64 want = 1 << 30;
  if (b->cpu)
    want = CLAMP (4 * d->l3_bytes * MAX (d->l3_count, 1), 32 << 20, 256 << 20);
  return MAX (MIN (want, cap), 1 << 20);
}

static Stream
stream_shape (const Bench *b)
{
  Stream s = { 0 };
  size_t n = stream_bytes (b) / 16;
  s.local = b->cpu ? 1 : MIN (256, b->dev->desc.max_work_group_size);
  s.global = b->cpu ? 4 * (size_t)b->dev->desc.compute_units
                    : 2048 * (size_t)b->dev->desc.compute_units;
  s.global = MAX (s.global / s.local, 1) * s.local;
  s.chunk = (cl_uint)MAX ((n / s.global) & ~(size_t)3, 4);
  s.a = b->cpu ? s.chunk : 1;
  s.b = b->cpu ? 1 : (cl_uint)s.global;
  s.float4s = (size_t)s.chunk * s.global;
  return s;
}

static gboolean
stream_args (cl_kernel k, cl_mem in, cl_mem out, const Stream *s,
             GError **error)
{
  return set_arg (k, 0, sizeof in, &in, error)
         && set_arg (k, 1, sizeof out, &out, error)
         && set_arg (k, 2, sizeof s->chunk, &s->chunk, error)
         && set_arg (k, 3, sizeof s->a, &s->a, error)
         && set_arg (k, 4, sizeof s->b, &s->b, error);
}

static gboolean
measure_stream (Bench *b, const char *name, cl_mem in, cl_mem out,
                const Stream *s, double *bytes_per_s, GError **error)
{
  g_autoptr (BnbClKernel) k = kernel_new (b, name, error);
  gboolean copy = strcmp (name, "copy4") == 0;
  double t = 0;
  if (!k || !stream_args (k, in, out, s, error)
      || !best_time (b, k, s->global, s->local, &t, error))
    return FALSE;
  *bytes_per_s = (copy ? 2.0 : 1.0) * (double)s->float4s * 16 / t;
  g_debug ("%s: %.4g B/s (%zu bytes per buffer, %.3g s)", name, *bytes_per_s,
           s->float4s * 16, t);
  return TRUE;
}

static gboolean
measure_global (Bench *b, double *bytes_per_s, GError **error)
{
  Stream s = stream_shape (b);
  g_autoptr (BnbClMem) in = buffer_new (b, s.float4s * 16, error);
  g_autoptr (BnbClMem) out = NULL;
  double copy = 0, read = 0;
  if (!in || !(out = buffer_new (b, s.float4s * 16, error))
      || !measure_stream (b, "copy4", in, out, &s, &copy, error)
      || !measure_stream (b, "read4", in, out, &s, &read, error))
    return FALSE;
  *bytes_per_s = MAX (copy, read);
  return TRUE;
}

/* Local bandwidth. */

static gboolean
measure_local (Bench *b, double *bytes_per_s, GError **error)
{
  g_autoptr (BnbClKernel) k = kernel_new (b, "local4", error);
  g_autoptr (BnbClMem) out = NULL;
  cl_int iters = 16;
  double t = 0;
  if (b->dev->desc.local_mem_bytes < LOCAL_FLOAT4S * 16)
    return TRUE;
  if (!k || !(out = buffer_new (b, b->global * sizeof (float), error)))
    return FALSE;
  if (!set_arg (k, 0, sizeof (cl_mem), &out, error)
      || !size_loop (b, k, 1, &iters, error)
      || !best_time (b, k, b->global, b->local, &t, error))
    return FALSE;
  *bytes_per_s = (double)b->global * iters * 4 * 16 / t;
  g_debug ("local4: %.4g B/s (%d iterations, %.3g s)", *bytes_per_s, iters, t);
  return TRUE;
}

/* Launch overhead. */

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
compare_doubles (gconstpointer x, gconstpointer y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

static double
median (double *v, guint n)
{
  qsort (v, n, sizeof *v, compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One empty launch: its event time and the host's round trip. */
static gboolean
launch_once (Bench *b, cl_kernel k, double *device_s, double *host_s,
             GError **error)
{
  size_t one = 1;
  g_autoptr (BnbClEvent) ev = NULL;
  double t0 = now_s ();
  if (!bnb_device_check_cl (clEnqueueNDRangeKernel (b->queue, k, 1, NULL, &one,
                                                    &one, 0, NULL, &ev),
                            "clEnqueueNDRangeKernel", error)
      || !bnb_device_check_cl (clFinish (b->queue), "clFinish", error))
    return FALSE;
  *host_s = now_s () - t0;
  return event_seconds (ev, device_s, error);
}

static gboolean
measure_launch (Bench *b, double *device_s, double *host_s, GError **error)
{
  g_autoptr (BnbClKernel) k = kernel_new (b, "empty", error);
  double dev[LAUNCH_PER_BATCH], host[LAUNCH_BATCHES * LAUNCH_PER_BATCH];
  double unused;
  if (!k || !launch_once (b, k, &dev[0], &unused, error))
    return FALSE;
  *device_s = INFINITY;
  for (guint batch = 0; batch < LAUNCH_BATCHES; batch++)
    {
      for (guint j = 0; j < LAUNCH_PER_BATCH; j++)
        if (!launch_once (b, k, &dev[j], &host[batch * LAUNCH_PER_BATCH + j],
                          error))
          return FALSE;
      *device_s = MIN (*device_s, median (dev, LAUNCH_PER_BATCH));
    }
  *host_s = median (host, G_N_ELEMENTS (host));
  g_debug ("empty: %.3g s on the device, %.3g s host round trip", *device_s,
           *host_s);
  return TRUE;
}

/* The whole calibration. */

static void
bench_init (Bench *b, BnbDevice *dev)
{
  const BnbDeviceDesc *d = &dev->desc;
  b->dev = dev;
  b->ctx = dev->context;
  b->queue = dev->queue;
  b->cpu = d->type == BNB_DEVICE_TYPE_CPU;
  b->reps = b->cpu ? 5 : 10;
  b->target_s = b->cpu ? 0.06 : 0.02;
  b->local = MIN (b->cpu ? 16 : 256, MAX (d->max_work_group_size, 1));
  b->global = (b->cpu ? 4 * b->local : 2048) * MAX (d->compute_units, 1);
  b->global = MAX (b->global / b->local, 1) * b->local;
}

static gboolean
build_timed (Bench *b, GArray *widths, GError **error)
{
  gint64 start = g_get_monotonic_time ();
  if (!build_program (b, widths, error))
    return FALSE;
  g_debug ("build: %.3g s", (g_get_monotonic_time () - start) * 1e-6);
  return TRUE;
}

static gboolean
measure_all (Bench *b, BnbDeviceDesc *d, GError **error)
{
  g_autoptr (GArray) widths = fma_widths (d);
  if (!build_timed (b, widths, error)
      || !measure_fp32 (b, &d->fp32_flops.measured, error)
      || !measure_global (b, &d->global_bandwidth.measured, error)
      || !measure_local (b, &d->local_bandwidth.measured, error)
      || !measure_launch (b, &d->launch_overhead_s.measured, &d->launch_host_s,
                          error))
    return FALSE;
  return TRUE;
}

gboolean
bnb_device_calibrate (BnbDevice *dev, GError **error)
{
  BnbDeviceDesc *d = &dev->desc;
  Bench b = { 0 };
  gint64 start = g_get_monotonic_time ();
  gboolean ok;
  bench_init (&b, dev);
  d->fp32_flops.measured = d->global_bandwidth.measured = 0;
  d->local_bandwidth.measured = d->launch_overhead_s.measured = 0;
  ok = measure_all (&b, d, error);
  bnb_device_release_program (b.program);
  if (!ok)
    {
      g_prefix_error (error, "calibrating %s: ", d->name);
      return FALSE;
    }
  d->calibrated_at = g_get_real_time ();
  d->calibration_seconds = (double)(g_get_monotonic_time () - start) * 1e-6;
  bnb_device_desc_settle_peaks (d);
  return TRUE;
}

/* The cache. */

static char *
sanitize (const char *text)
{
  GString *s = g_string_new ("");
  for (const char *p = text; *p; p++)
    {
      gboolean keep = g_ascii_isalnum (*p) || *p == '.' || *p == '-';
      if (keep)
        g_string_append_c (s, *p);
      else if (s->len && s->str[s->len - 1] != '_')
        g_string_append_c (s, '_');
    }
  while (s->len && s->str[s->len - 1] == '_')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

char *
bnb_device_desc_cache_path (const BnbDeviceDesc *d)
{
  g_autofree char *name = sanitize (d->name);
  g_autofree char *driver = sanitize (d->driver_version);
  g_autofree char *file = g_strdup_printf ("%s-%s.ini", name, driver);
  return g_build_filename (g_get_user_cache_dir (), "bnbtune", file, NULL);
}

static void
take_measured (BnbDevicePeak *dest, const BnbDevicePeak *src)
{
  dest->measured = src->measured;
}

gboolean
bnb_device_cache_apply (const char *path, BnbDeviceDesc *d)
{
  BnbDeviceDesc c;
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR)
      || !bnb_device_desc_load_file (path, &c, NULL)
      || strcmp (c.name, d->name) != 0
      || strcmp (c.driver_version, d->driver_version) != 0
      || c.calibrated_at <= 0 || c.fp32_flops.measured <= 0)
    return FALSE;
  take_measured (&d->fp32_flops, &c.fp32_flops);
  take_measured (&d->global_bandwidth, &c.global_bandwidth);
  take_measured (&d->local_bandwidth, &c.local_bandwidth);
  take_measured (&d->launch_overhead_s, &c.launch_overhead_s);
  d->launch_host_s = c.launch_host_s;
  d->calibrated_at = c.calibrated_at;
  d->calibration_seconds = c.calibration_seconds;
  bnb_device_desc_settle_peaks (d);
  return TRUE;
}
