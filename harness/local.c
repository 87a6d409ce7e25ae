/* One evaluation in this process: the device, its buffers for the
 * problem's arrays (in arrays uploaded once), and the launches.
 *
 * Before every launch, warm-up or timed, inout arrays are uploaded again
 * and out arrays and scratch buffers are filled with 0xFF bytes (NaN as
 * float and as double), so that an element a candidate fails to write
 * shows.  Each launch is waited for on its own; its time is its profiling
 * event's END - START.  The last run's output is read back and verified.
 */
#include "harness/harness-private.h"

#include <math.h>
#include <string.h>

struct BnbHarnessLocal {
  BnbDevice *device;
  cl_context context;
  cl_device_id id;
  cl_command_queue queue;
  BnbHarnessBuilds *builds;
  const BnbHarnessProblem *problem;
  BnbHarnessGuarded *buffers;
  /* per array, where its output is read back (allocated at its first
   * read-back, the slots with the buffers): kept from one evaluation to the
   * next, as a fresh 64 MB took 30 ms of page faults each time */
  void **readback;
};

/* The state of one evaluation. */
typedef struct {
  BnbHarnessLocal *local;
  const BnbHarnessProgram *program;
  BnbHarnessBuilt *built;
  cl_kernel kernel;
  BnbHarnessGuarded *scratch;
  double *times;
  BnbEvaluation *e;
  gboolean fatal;
  const BnbHarnessHooks *hooks;
  char *slow_note; /* why the launches ended early, NULL if they did not */
} Run;

static void
release_buffers (BnbHarnessLocal *l)
{
  if (l->readback)
    for (guint a = 0; a < l->problem->n_arrays; a++)
      g_free (l->readback[a]);
  g_clear_pointer (&l->readback, g_free);
  if (!l->buffers)
    return;
  for (guint a = 0; a < l->problem->n_arrays; a++)
    bnb_harness_guarded_release (&l->buffers[a]);
  g_clear_pointer (&l->buffers, g_free);
}

BnbHarnessLocal *
bnb_harness_local_new (const char *device, guint build_threads,
                       const char *build_options, GError **error)
{
  g_autoptr (BnbDevice) dev
      = bnb_device_open_full (device, BNB_DEVICE_CALIBRATE_NEVER, error);
  BnbHarnessLocal *l;
  if (!dev)
    return NULL;
  l = g_new0 (BnbHarnessLocal, 1);
  l->device = g_steal_pointer (&dev);
  l->context = bnb_device_context (l->device);
  l->id = bnb_device_id (l->device);
  l->queue = bnb_device_queue (l->device);
  l->builds = bnb_harness_builds_new (l->context, l->id, build_threads,
                                      build_options);
  return l;
}

void
bnb_harness_local_free (BnbHarnessLocal *l)
{
  if (!l)
    return;
  bnb_harness_builds_free (l->builds);
  if (l->problem)
    release_buffers (l);
  bnb_device_free (l->device);
  g_free (l);
}

const BnbDevice *
bnb_harness_local_device (const BnbHarnessLocal *l)
{
  return l->device;
}

gboolean
bnb_harness_local_has_problem (const BnbHarnessLocal *l)
{
  return l->problem != NULL;
}

void
bnb_harness_local_set_build_threads (BnbHarnessLocal *l, guint threads)
{
  bnb_harness_builds_set_threads (l->builds, threads);
}

void
bnb_harness_local_prepare (BnbHarnessLocal *l, const char *source)
{
  bnb_harness_builds_prepare (l->builds, source);
}

void
bnb_harness_local_forget (BnbHarnessLocal *l)
{
  bnb_harness_builds_forget (l->builds);
}

gboolean
bnb_harness_local_built (BnbHarnessLocal *l, const char *hash)
{
  return bnb_harness_builds_done (l->builds, hash);
}

static gsize
array_bytes (const BnbHarnessProblem *p, guint a)
{
  return MAX ((gsize)p->elements[a] * p->element_size[a], 1);
}

static gboolean
create_buffers (BnbHarnessLocal *l, GError **error)
{
  const BnbHarnessProblem *p = l->problem;
  l->buffers = g_new0 (BnbHarnessGuarded, MAX (p->n_arrays, 1));
  l->readback = g_new0 (void *, MAX (p->n_arrays, 1));
  for (guint a = 0; a < p->n_arrays; a++)
    {
      if (!bnb_harness_guarded_create (l->context, l->id, array_bytes (p, a),
                                       &l->buffers[a], error))
        return FALSE;
      if (p->host[a]
          && !bnb_device_check_cl (clEnqueueWriteBuffer (l->queue,
                                                         l->buffers[a].region,
                                                         CL_TRUE, 0,
                                                         array_bytes (p, a),
                                                         p->host[a], 0, NULL,
                                                         NULL),
                                   "clEnqueueWriteBuffer", error))
        return FALSE;
    }
  return TRUE;
}

gboolean
bnb_harness_local_set_problem (BnbHarnessLocal *l,
                               const BnbHarnessProblem *problem,
                               GError **error)
{
  if (l->problem)
    release_buffers (l);
  l->problem = problem;
  if (problem == NULL || create_buffers (l, error))
    return TRUE;
  release_buffers (l);
  l->problem = NULL;
  return FALSE;
}

/* A launch failure: the outcome, with the OpenCL error as message. */
static gboolean
launch_failed (Run *run, GError *error)
{
  run->e->outcome = BNB_OUTCOME_LAUNCH_FAILED;
  g_free (run->e->message);
  run->e->message = g_strdup (error->message);
  g_error_free (error);
  return FALSE;
}

static gboolean
check (Run *run, cl_int status, const char *call)
{
  GError *error = NULL;
  if (bnb_device_check_cl (status, call, &error))
    return TRUE;
  return launch_failed (run, error);
}

static gboolean
check_error (Run *run, gboolean ok, GError *error)
{
  if (ok)
    return TRUE;
  return launch_failed (run, error);
}

/* Scratch buffers, and the guards of every buffer armed. */
static gboolean
create_buffers_of_run (Run *run)
{
  const BnbHarnessProgram *prog = run->program;
  BnbHarnessLocal *l = run->local;
  GError *error = NULL;
  run->scratch = g_new0 (BnbHarnessGuarded, MAX (prog->n_scratch, 1));
  for (guint s = 0; s < prog->n_scratch; s++)
    if (!check_error (run,
                      bnb_harness_guarded_create (l->context, l->id,
                                                  prog->scratch_bytes[s],
                                                  &run->scratch[s], &error)
                          && bnb_harness_guarded_arm (l->queue,
                                                      &run->scratch[s],
                                                      &error),
                      error))
      return FALSE;
  for (guint a = 0; a < l->problem->n_arrays; a++)
    if (!check_error (run,
                      bnb_harness_guarded_arm (l->queue, &l->buffers[a],
                                               &error),
                      error))
      return FALSE;
  return TRUE;
}

/* Arrays, scalars, scratch buffers: codegen.h's order. */
static gboolean
set_arguments (Run *run)
{
  const BnbHarnessProblem *p = run->local->problem;
  cl_uint arg = 0;
  for (guint a = 0; a < p->n_arrays; a++, arg++)
    if (!check (run,
                clSetKernelArg (run->kernel, arg, sizeof (cl_mem),
                                &run->local->buffers[a].region),
                "clSetKernelArg"))
      return FALSE;
  for (guint s = 0; s < p->n_scalars; s++, arg++)
    if (!check (run,
                clSetKernelArg (run->kernel, arg, p->scalar_size[s],
                                &p->scalar_bits[s]),
                "clSetKernelArg"))
      return FALSE;
  for (guint s = 0; s < run->program->n_scratch; s++, arg++)
    if (!check (run,
                clSetKernelArg (run->kernel, arg, sizeof (cl_mem),
                                &run->scratch[s].region),
                "clSetKernelArg"))
      return FALSE;
  return TRUE;
}

static gboolean
poison (Run *run, cl_mem buffer, gsize bytes)
{
  static const guint8 nan_bytes = 0xFF;
  return check (run,
                clEnqueueFillBuffer (run->local->queue, buffer, &nan_bytes, 1,
                                     0, bytes, 0, NULL, NULL),
                "clEnqueueFillBuffer");
}

static gboolean
reset_arrays (Run *run)
{
  BnbHarnessLocal *l = run->local;
  const BnbHarnessProblem *p = l->problem;
  for (guint a = 0; a < p->n_arrays; a++)
    {
      BnbIrMode mode = bnb_ir_array (p->kernel, a)->mode;
      if (mode == BNB_IR_INOUT
          && !check (run,
                     clEnqueueWriteBuffer (l->queue, l->buffers[a].region,
                                           CL_FALSE, 0, array_bytes (p, a),
                                           p->host[a], 0, NULL, NULL),
                     "clEnqueueWriteBuffer"))
        return FALSE;
      if (mode == BNB_IR_OUT
          && !poison (run, l->buffers[a].region, array_bytes (p, a)))
        return FALSE;
    }
  for (guint s = 0; s < run->program->n_scratch; s++)
    if (!poison (run, run->scratch[s].region, run->scratch[s].bytes))
      return FALSE;
  return TRUE;
}

/* After the event completed or failed: a negative execution status is an
 * error the device raised while running, which may leave the context
 * unusable. */
static gboolean
wait_launch (Run *run, cl_event event)
{
  cl_int status = clWaitForEvents (1, &event);
  cl_int exec = CL_COMPLETE;
  if (clGetEventInfo (event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof exec,
                      &exec, NULL)
          == CL_SUCCESS
      && exec < 0)
    {
      run->fatal = TRUE;
      return check (run, exec, "the kernel's execution");
    }
  if (status != CL_SUCCESS)
    run->fatal = TRUE;
  return check (run, status, "clWaitForEvents");
}

static gboolean
event_time (Run *run, cl_event event, cl_profiling_info which, cl_ulong *at)
{
  return check (run,
                clGetEventProfilingInfo (event, which, sizeof *at, at, NULL),
                "clGetEventProfilingInfo");
}

/* The time from the start of `first` (the zero fill of a split store's
 * array, else the kernel) to the end of the kernel: a split store's
 * kernel is correct only after the fill, so the fill is part of its
 * run. */
static gboolean
event_seconds (Run *run, cl_event first, cl_event kernel, double *seconds)
{
  cl_ulong start = 0, end = 0;
  if (!event_time (run, first, CL_PROFILING_COMMAND_START, &start)
      || !event_time (run, kernel, CL_PROFILING_COMMAND_END, &end))
    return FALSE;
  *seconds = (end > start ? end - start : 0) * 1e-9;
  return TRUE;
}

/* Zeroes the arrays a split store adds into (BnbCodegenProgram.zeroed);
 * *first is the first fill's event, NULL when there is none. */
static gboolean
zero_arrays (Run *run, cl_event *first)
{
  BnbHarnessLocal *l = run->local;
  const BnbHarnessProblem *p = l->problem;
  static const guint8 zero = 0;
  *first = NULL;
  for (guint a = 0; a < p->n_arrays && a < 64; a++)
    if (run->program->zeroed >> a & 1)
      if (!check (run,
                  clEnqueueFillBuffer (l->queue, l->buffers[a].region, &zero,
                                       1, 0, array_bytes (p, a), 0, NULL,
                                       *first ? NULL : first),
                  "clEnqueueFillBuffer"))
        return FALSE;
  return TRUE;
}

static gboolean
launch (Run *run, double *seconds)
{
  cl_event event = NULL, zero = NULL;
  gboolean ok;
  if (!reset_arrays (run) || !zero_arrays (run, &zero)
      || !check (run,
                 clEnqueueNDRangeKernel (run->local->queue, run->kernel, 3,
                                         NULL, run->program->global_size,
                                         run->program->local_size, 0, NULL,
                                         &event),
                 "clEnqueueNDRangeKernel"))
    {
      if (zero)
        clReleaseEvent (zero);
      return FALSE;
    }
  ok = wait_launch (run, event)
       && event_seconds (run, zero ? zero : event, event, seconds);
  clReleaseEvent (event);
  if (zero)
    clReleaseEvent (zero);
  return ok;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void
summarize_times (BnbEvaluation *e, double *times, guint n)
{
  qsort (times, n, sizeof (double), compare_doubles);
  e->repetitions = n;
  e->min_s = times[0];
  e->max_s = times[n - 1];
  e->median_s = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

/* The launches, warm-up then timed.  If the second launch (the first
 * may hold a late compile) takes more than `slow_s` (0: no limit), and
 * the first did too where it was timed, they end there: the timed ones
 * among the two (the second alone after a warm-up) are the repetitions,
 * each over `slow_s`, and the output is verified as any.  A slow launch
 * after a fast one is noise, and the launches go on. */
static gboolean
launches (Run *run, guint warmup, guint repetitions, double slow_s)
{
  run->times = g_new0 (double, repetitions);
  run->e->warmup = warmup;
  for (guint i = 0; i < warmup + repetitions; i++)
    {
      double seconds = 0;
      if (!launch (run, &seconds))
        return FALSE;
      if (i == 0 && run->hooks && run->hooks->launched)
        run->hooks->launched (run->hooks->data);
      if (i >= warmup)
        run->times[i - warmup] = seconds;
      if (i == 1 && i + 1 < warmup + repetitions && slow_s > 0
          && seconds > slow_s && (warmup > 0 || run->times[0] > slow_s))
        {
          guint timed = warmup > 0 ? 1 : 2;
          run->e->warmup = warmup > 0 ? 1 : 0;
          run->times[timed - 1] = seconds;
          run->slow_note = g_strdup_printf (
              "stopped after launch 2 of %u: %.6g s, more than the search's "
              "%.6g s (slower than its best)",
              warmup + repetitions, seconds, slow_s);
          summarize_times (run->e, run->times, timed);
          return TRUE;
        }
    }
  summarize_times (run->e, run->times, repetitions);
  return TRUE;
}

/* `at`: the byte offset of the write from the buffer's start. */
static void
note_outside (Run *run, const char *name, gsize element_size, gint64 at)
{
  BnbEvaluation *e = run->e;
  gint64 size = (gint64)element_size;
  gint64 index = at < 0 ? -((-at + size - 1) / size) : at / size;
  e->outcome = BNB_OUTCOME_WRONG_RESULT;
  e->max_error = INFINITY;
  e->wrong_array = g_strdup (name);
  e->wrong_index = index;
  e->wrong_value = NAN;
  e->wrong_expected = NAN;
  e->message
      = g_strdup_printf ("wrote outside %s: at element %" G_GINT64_FORMAT
                         " (%s it)",
                         name, index, at < 0 ? "before" : "after");
}

/* The guards of every buffer, after the last launch: a write outside an
 * array is a wrong result, found before the comparison. */
static gboolean
check_guards (Run *run)
{
  BnbHarnessLocal *l = run->local;
  const BnbHarnessProblem *p = l->problem;
  GError *error = NULL;
  gint64 at = 0;
  for (guint a = 0; a < p->n_arrays && !run->e->wrong_array; a++)
    {
      if (!bnb_harness_guarded_check (l->queue, &l->buffers[a], &at, &error))
        return launch_failed (run, error);
      if (at)
        note_outside (run, bnb_ir_array (p->kernel, a)->name,
                      p->element_size[a], at);
    }
  for (guint s = 0; s < run->program->n_scratch && !run->e->wrong_array; s++)
    {
      g_autofree char *name = g_strdup_printf ("scratch %u", s);
      if (!bnb_harness_guarded_check (l->queue, &run->scratch[s], &at, &error))
        return launch_failed (run, error);
      if (at)
        note_outside (run, name, 1, at);
    }
  return TRUE;
}

static gboolean
verify (Run *run)
{
  BnbHarnessLocal *l = run->local;
  const BnbHarnessProblem *p = l->problem;
  gboolean right = TRUE;
  for (guint a = 0; a < p->n_arrays; a++)
    {
      if (!(bnb_ir_array (p->kernel, a)->mode & BNB_IR_OUT))
        continue;
      if (!l->readback[a])
        l->readback[a] = g_malloc (array_bytes (p, a));
      void *data = l->readback[a];
      if (!check (run,
                  clEnqueueReadBuffer (l->queue, l->buffers[a].region, CL_TRUE,
                                       0, array_bytes (p, a), data, 0, NULL,
                                       NULL),
                  "clEnqueueReadBuffer"))
        return FALSE;
      right = bnb_harness_problem_verify (p, a, data, run->e) && right;
    }
  if (!right)
    run->e->outcome = BNB_OUTCOME_WRONG_RESULT;
  return right;
}

/* The driver's figures for the built kernel; left -1 where it does not
 * answer. */
static void
query_kernel (Run *run)
{
  cl_ulong private_mem = 0, local_mem = 0;
  size_t wg = 0;
  cl_device_id id = run->local->id;
  if (clGetKernelWorkGroupInfo (run->kernel, id, CL_KERNEL_PRIVATE_MEM_SIZE,
                                sizeof private_mem, &private_mem, NULL)
      == CL_SUCCESS)
    run->e->private_mem_bytes = (gint64) private_mem;
  if (clGetKernelWorkGroupInfo (run->kernel, id, CL_KERNEL_LOCAL_MEM_SIZE,
                                sizeof local_mem, &local_mem, NULL)
      == CL_SUCCESS)
    run->e->local_mem_bytes = (gint64) local_mem;
  if (clGetKernelWorkGroupInfo (run->kernel, id, CL_KERNEL_WORK_GROUP_SIZE,
                                sizeof wg, &wg, NULL)
      == CL_SUCCESS)
    run->e->kernel_work_group_size = (gint64) wg;
}

static gboolean
create_kernel (Run *run)
{
  cl_int status = CL_SUCCESS;
  GError *error = NULL;
  run->kernel = clCreateKernel (run->built->program, run->program->kernel_name,
                                &status);
  if (bnb_device_check_cl (status, "clCreateKernel", &error))
    {
      query_kernel (run);
      return TRUE;
    }
  launch_failed (run, error);
  run->e->outcome = BNB_OUTCOME_BUILD_FAILED;
  return FALSE;
}

static void
run_clear (Run *run)
{
  if (run->kernel)
    clReleaseKernel (run->kernel);
  for (guint s = 0; run->scratch && s < run->program->n_scratch; s++)
    bnb_harness_guarded_release (&run->scratch[s]);
  g_free (run->scratch);
  g_free (run->times);
  bnb_harness_built_unref (run->built);
}

static void
note_build (Run *run)
{
  run->e->compile_s = run->built->seconds;
  if (!run->built->program)
    {
      run->e->outcome = BNB_OUTCOME_BUILD_FAILED;
      run->e->message = g_strdup (run->built->log);
    }
}

/* On a CPU device the kernel runs on the processors that build ahead:
 * this process's builds pause for its run, or its times would be theirs
 * too.  The wait for those under way comes before `built`, within the
 * build's limit, not the first launch's. */
BnbEvaluation *
bnb_harness_local_evaluate (BnbHarnessLocal *l,
                            const BnbHarnessProgram *program, guint warmup,
                            guint repetitions, double slow_s,
                            const BnbHarnessHooks *hooks, gboolean *fatal)
{
  Run run = { l, program, NULL, NULL, NULL, NULL, NULL, FALSE, hooks, NULL };
  g_return_val_if_fail (l->problem != NULL, NULL);
  g_return_val_if_fail (repetitions >= 1, NULL);
  run.e = bnb_evaluation_new ();
  run.e->decisions = g_strdup (program->decisions);
  gint64 asked_us = g_get_monotonic_time ();
  run.built = bnb_harness_builds_get_told (l->builds, program->source,
                                           hooks ? hooks->building : NULL,
                                           hooks ? hooks->data : NULL);
  note_build (&run);
  gboolean alone = run.built->program
                   && bnb_device_desc (l->device)->type == BNB_DEVICE_TYPE_CPU;
  if (alone)
    bnb_harness_builds_pause (l->builds);
  /* up to `built`, as a worker's parent measures it */
  run.e->build_wait_s = (g_get_monotonic_time () - asked_us) / 1e6;
  if (hooks && hooks->built)
    hooks->built (run.built, hooks->data);
  if (run.built->program && create_kernel (&run)
      && create_buffers_of_run (&run) && set_arguments (&run)
      && launches (&run, warmup, repetitions, slow_s) && check_guards (&run))
    verify (&run);
  /* the note of an early stop is the message of a candidate that ran
   * right; a failure keeps its own */
  if (run.slow_note && run.e->outcome == BNB_OUTCOME_OK && !run.e->message)
    run.e->message = g_steal_pointer (&run.slow_note);
  g_free (run.slow_note);
  if (alone)
    bnb_harness_builds_resume (l->builds);
  run_clear (&run);
  if (fatal)
    *fatal = run.fatal;
  run.e->date = bnb_harness_now_iso8601 ();
  return run.e;
}
