/* The harness object: the kernel it was made for, the device, and the
 * evaluations, done in this process (local.c) or by workers (pool.c).
 * Also the evaluation records and their one-line summaries.
 */
#include "harness/harness-private.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (bnb - harness - error - quark, bnb_harness_error)

struct BnbHarness {
  BnbHarnessOptions options;
  char *worker_program;
  char *build_options;
  char *device_spec;
  char *kernel_path;
  char *kernel_text;
  char *kernel_hash;
  char *sizes;
  BnbIrKernel *kernel;
  gboolean owns_kernel; /* taken: freed with the harness */
  BnbDeviceDesc desc;
  char *reason;
  GMutex lock;       /* one evaluation at a time */
  GMutex local_lock; /* the `local` pointer, for prepare */
  double timeout_s;
  double slow_s; /* bnb_harness_set_slow's, 0: none */
  _Atomic gint64 end_us; /* the search's deadline, 0: none */
  BnbHarnessProblem *problem;
  BnbHarnessLocal *local;
  BnbHarnessPool *pool;
};

static const char *const outcome_names[] = {
  "ok", "build-failed", "launch-failed", "wrong-result", "timed-out",
};

const char *
bnb_outcome_name (BnbOutcome outcome)
{
  g_return_val_if_fail (outcome < BNB_OUTCOME_COUNT, "?");
  return outcome_names[outcome];
}

BnbOutcome
bnb_outcome_from_name (const char *name)
{
  for (guint o = 0; o < BNB_OUTCOME_COUNT; o++)
    if (name && strcmp (name, outcome_names[o]) == 0)
      return o;
  return BNB_OUTCOME_COUNT;
}

BnbEvaluation *
bnb_evaluation_new (void)
{
  BnbEvaluation *e = g_new0 (BnbEvaluation, 1);
  e->outcome = BNB_OUTCOME_OK;
  e->wrong_index = -1;
  e->private_mem_bytes = e->local_mem_bytes = e->kernel_work_group_size = -1;
  e->lane = -1;
  return e;
}

BnbEvaluation *
bnb_evaluation_copy (const BnbEvaluation *e)
{
  BnbEvaluation *copy = g_memdup2 (e, sizeof *e);
  copy->decisions = g_strdup (e->decisions);
  copy->wrong_array = g_strdup (e->wrong_array);
  copy->message = g_strdup (e->message);
  copy->date = g_strdup (e->date);
  copy->kernel_key = g_strdup (e->kernel_key);
  return copy;
}

void
bnb_evaluation_free (BnbEvaluation *e)
{
  if (!e)
    return;
  g_free (e->decisions);
  g_free (e->wrong_array);
  g_free (e->message);
  g_free (e->date);
  g_free (e->kernel_key);
  g_free (e);
}

BnbEvaluation *
bnb_harness_evaluation_failed (BnbOutcome outcome, const char *message)
{
  BnbEvaluation *e = bnb_evaluation_new ();
  e->outcome = outcome;
  e->message = g_strdup (message);
  e->date = bnb_harness_now_iso8601 ();
  return e;
}

char *
bnb_harness_now_iso8601 (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%S.%fZ");
}

static char *
format_seconds (double s)
{
  if (s < 1e-3)
    return g_strdup_printf ("%.2f us", s * 1e6);
  if (s < 1)
    return g_strdup_printf ("%.3f ms", s * 1e3);
  return g_strdup_printf ("%.3f s", s);
}

static char *
first_line (const char *text)
{
  const char *end;
  if (!text)
    return g_strdup ("");
  end = strchr (text, '\n');
  return end ? g_strndup (text, end - text) : g_strdup (text);
}

static char *
summary_ok (const BnbEvaluation *e)
{
  g_autofree char *median = format_seconds (e->median_s);
  g_autofree char *min = format_seconds (e->min_s);
  g_autofree char *max = format_seconds (e->max_s);
  return g_strdup_printf ("ok: %s (median of %u; min %s, max %s)", median,
                          e->repetitions, min, max);
}

static char *
summary_wrong (const BnbEvaluation *e)
{
  return g_strdup_printf ("wrong-result: %s[%" G_GINT64_FORMAT "] = %.9g, "
                          "expected %.9g (tolerance %.3g; max error %.3g)",
                          e->wrong_array ? e->wrong_array : "?",
                          e->wrong_index, e->wrong_value, e->wrong_expected,
                          e->tolerance, e->max_error);
}

char *
bnb_evaluation_summary (const BnbEvaluation *e)
{
  g_autofree char *line = NULL;
  if (e->outcome == BNB_OUTCOME_OK)
    return summary_ok (e);
  if (e->outcome == BNB_OUTCOME_WRONG_RESULT && !e->message)
    return summary_wrong (e);
  line = first_line (e->message);
  return g_strdup_printf ("%s: %s", bnb_outcome_name (e->outcome), line);
}

void
bnb_harness_options_init (BnbHarnessOptions *o)
{
  memset (o, 0, sizeof *o);
  o->warmup = 2;
  o->repetitions = 10;
  o->final_repetitions = 50;
  o->timeout_s = 10;
  o->build_timeout_s = 300;
  o->seed = 1;
  o->reference_cache = TRUE;
}

#define MAX_DEFAULT_PARALLEL 8
#define MAX_DEFAULT_WORKERS 16

/* One on a CPU device, whose builds and runs share the processors; else
 * one per processor, at most 8; a process that drives one device only
 * takes half the processors where that is more, at most 16 (on a host of
 * 32, one H200 with 16 workers searched the mapped mxm proofs 1.3 to
 * 1.7 times faster than with 8, and ended 0.1 to 2.7 s sooner for all
 * that its workers took longer to start; docs/results.md). */
guint
bnb_harness_default_workers (const BnbDeviceDesc *desc, guint devices)
{
  guint n = g_get_num_processors ();
  guint workers = CLAMP (n, 1, MAX_DEFAULT_PARALLEL);
  if (desc->type == BNB_DEVICE_TYPE_CPU)
    return 1;
  if (devices <= 1)
    workers = MAX (workers, MIN (n / 2, MAX_DEFAULT_WORKERS));
  return workers;
}

/* One per processor (at most 8) in a single worker or in process; one in
 * each of several workers, where the processes build in parallel. */
guint
bnb_harness_default_build_threads (guint workers)
{
  if (workers > 1)
    return 1;
  return CLAMP (g_get_num_processors (), 1, MAX_DEFAULT_PARALLEL);
}

static char *
canonical_sizes (const BnbIrKernel *k)
{
  GString *s = g_string_new (NULL);
  for (guint p = 0; p < k->params->len; p++)
    g_string_append_printf (s, "%s%s=%" G_GINT64_FORMAT, p ? "," : "",
                            bnb_ir_param (k, p)->name, k->param_values[p]);
  return g_string_free (s, FALSE);
}

/* The caller's kernel, parsed from `text` and bound. */
static void
set_kernel (BnbHarness *h, const char *text, const BnbIrKernel *kernel,
            gboolean take)
{
  h->kernel_text = g_strdup (text);
  h->kernel = (BnbIrKernel *)kernel;
  h->owns_kernel = take;
  h->kernel_hash
      = g_compute_checksum_for_string (G_CHECKSUM_SHA256, h->kernel_text, -1);
  h->sizes = canonical_sizes (h->kernel);
}

static gboolean
open_device (BnbHarness *h, GError **error)
{
  const BnbHarnessOptions *o = &h->options;
  if (o->in_process)
    {
      const BnbDevice *dev;
      h->local
          = bnb_harness_local_new (h->device_spec, o->build_threads,
                                   o->build_options, error);
      if (!h->local)
        return FALSE;
      dev = bnb_harness_local_device (h->local);
      h->desc = *bnb_device_desc (dev);
      h->reason = g_strdup (bnb_device_reason (dev));
      return TRUE;
    }
  h->pool = bnb_harness_pool_new (h->worker_program, h->device_spec,
                                  o->workers, o->build_threads,
                                  o->build_options, error);
  if (!h->pool)
    return FALSE;
  h->desc = *bnb_harness_pool_device (h->pool);
  h->reason = g_strdup (bnb_harness_pool_reason (h->pool));
  return TRUE;
}

static char *
default_worker_program (void)
{
  char *path = g_file_read_link ("/proc/self/exe", NULL);
  return path ? path : g_strdup ("/proc/self/exe");
}

BnbHarness *
bnb_harness_new_bound (const char *kernel_path, const char *kernel_text,
                       const BnbIrKernel *kernel, gboolean take,
                       const char *device, const BnbHarnessOptions *options,
                       GError **error)
{
  g_autoptr (BnbHarness) h = g_new0 (BnbHarness, 1);
  g_return_val_if_fail (kernel_path != NULL && kernel_text != NULL
                            && kernel != NULL && options != NULL,
                        NULL);
  g_mutex_init (&h->lock);
  g_mutex_init (&h->local_lock);
  set_kernel (h, kernel_text, kernel, take);
  h->options = *options;
  h->options.repetitions = MAX (h->options.repetitions, 1);
  h->options.final_repetitions = MAX (h->options.final_repetitions, 1);
  if (h->options.in_process && !h->options.build_threads)
    h->options.build_threads = bnb_harness_default_build_threads (1);
  h->timeout_s = options->timeout_s > 0 ? options->timeout_s : 10;
  h->worker_program = options->worker_program
                          ? g_strdup (options->worker_program)
                          : default_worker_program ();
  h->options.worker_program = h->worker_program;
  h->build_options = g_strdup (options->build_options);
  h->options.build_options = h->build_options;
  h->device_spec = g_strdup (device);
  h->kernel_path = g_strdup (kernel_path);
  if (!open_device (h, error))
    return NULL;
  return g_steal_pointer (&h);
}

void
bnb_harness_free (BnbHarness *h)
{
  if (!h)
    return;
  bnb_harness_local_free (h->local);
  bnb_harness_pool_free (h->pool);
  bnb_harness_problem_free (h->problem);
  if (h->owns_kernel)
    bnb_ir_kernel_free (h->kernel);
  g_free (h->worker_program);
  g_free (h->build_options);
  g_free (h->device_spec);
  g_free (h->kernel_path);
  g_free (h->kernel_text);
  g_free (h->kernel_hash);
  g_free (h->sizes);
  g_free (h->reason);
  g_mutex_clear (&h->lock);
  g_mutex_clear (&h->local_lock);
  g_free (h);
}

const BnbIrKernel *
bnb_harness_kernel (const BnbHarness *h)
{
  return h->kernel;
}

const BnbDeviceDesc *
bnb_harness_device (const BnbHarness *h)
{
  return &h->desc;
}

const char *
bnb_harness_device_reason (const BnbHarness *h)
{
  return h->reason;
}

const char *
bnb_harness_kernel_hash (const BnbHarness *h)
{
  return h->kernel_hash;
}

const char *
bnb_harness_sizes (const BnbHarness *h)
{
  return h->sizes;
}

guint
bnb_harness_n_workers (const BnbHarness *h)
{
  return h->pool ? bnb_harness_pool_n_workers (h->pool) : 0;
}

GPid
bnb_harness_worker_pid (const BnbHarness *h, guint i)
{
  return h->pool ? bnb_harness_pool_worker_pid (h->pool, i) : 0;
}

void
bnb_harness_set_timeout (BnbHarness *h, double seconds)
{
  g_return_if_fail (seconds > 0);
  g_mutex_lock (&h->lock);
  h->timeout_s = seconds;
  g_mutex_unlock (&h->lock);
}

void
bnb_harness_set_slow (BnbHarness *h, double seconds)
{
  g_return_if_fail (seconds >= 0);
  g_mutex_lock (&h->lock);
  h->slow_s = seconds;
  g_mutex_unlock (&h->lock);
}

void
bnb_harness_set_deadline (BnbHarness *h, gint64 end_us)
{
  atomic_store (&h->end_us, end_us);
}

void
bnb_harness_prepare (BnbHarness *h, const BnbCodegenProgram *program)
{
  g_return_if_fail (program != NULL && program->source != NULL);
  if (h->pool)
    {
      bnb_harness_pool_prepare (h->pool, program->source);
      return;
    }
  g_mutex_lock (&h->local_lock);
  if (h->local)
    bnb_harness_local_prepare (h->local, program->source);
  g_mutex_unlock (&h->local_lock);
}

void
bnb_harness_forget_builds (BnbHarness *h)
{
  if (h->pool)
    {
      bnb_harness_pool_forget (h->pool);
      return;
    }
  g_mutex_lock (&h->local_lock);
  if (h->local)
    bnb_harness_local_forget (h->local);
  g_mutex_unlock (&h->local_lock);
}

gboolean
bnb_harness_built (BnbHarness *h, const char *source)
{
  g_return_val_if_fail (source != NULL, FALSE);
  if (h->pool)
    return bnb_harness_pool_built (h->pool, source);
  g_autofree char *hash
      = g_compute_checksum_for_string (G_CHECKSUM_SHA256, source, -1);
  g_mutex_lock (&h->local_lock);
  gboolean built = h->local && bnb_harness_local_built (h->local, hash);
  g_mutex_unlock (&h->local_lock);
  return built;
}

/* Inputs and reference, made once. */
static BnbHarnessProblem *
make_problem (BnbHarness *h, GError **error)
{
  g_autoptr (BnbHarnessProblem) p
      = bnb_harness_problem_new (h->kernel, h->options.seed);
  g_autofree char *key
      = g_strdup_printf ("%s\n%s\n%" G_GUINT64_FORMAT, h->kernel_hash,
                         h->sizes, h->options.seed);
  if (!bnb_harness_problem_compute (p, h->options.reference_cache ? key : NULL,
                                    error))
    {
      g_prefix_error (error, "the reference of %s: ", h->kernel_path);
      return NULL;
    }
  return g_steal_pointer (&p);
}

static gboolean
ensure_problem (BnbHarness *h, GError **error)
{
  if (!h->problem && !(h->problem = make_problem (h, error)))
    return FALSE;
  if (!h->local || bnb_harness_local_has_problem (h->local))
    return TRUE;
  if (!bnb_harness_local_set_problem (h->local, h->problem, error))
    {
      g_prefix_error (error, "uploading the inputs: ");
      return FALSE;
    }
  return TRUE;
}

/* In this process, a context that a failed run may have broken is
 * opened again before the next evaluation. */
static gboolean
reopen_local (BnbHarness *h, GError **error)
{
  BnbHarnessLocal *local
      = bnb_harness_local_new (h->device_spec, h->options.build_threads,
                               h->options.build_options, error);
  if (!local)
    return FALSE;
  g_mutex_lock (&h->local_lock);
  h->local = local;
  g_mutex_unlock (&h->local_lock);
  return TRUE;
}

static void
close_local (BnbHarness *h)
{
  g_mutex_lock (&h->local_lock);
  g_clear_pointer (&h->local, bnb_harness_local_free);
  g_mutex_unlock (&h->local_lock);
}

static BnbEvaluation *
evaluate_local (BnbHarness *h, const BnbCodegenProgram *program,
                guint repetitions, GError **error)
{
  gboolean fatal = FALSE;
  BnbEvaluation *e;
  if (!h->local && !reopen_local (h, error))
    return NULL;
  if (!ensure_problem (h, error))
    return NULL;
  e = bnb_harness_local_evaluate (h->local, program, h->options.warmup,
                                  repetitions, h->slow_s, NULL, &fatal);
  if (fatal)
    close_local (h);
  return e;
}

static BnbEvaluation *
evaluate_pool (BnbHarness *h, const BnbCodegenProgram *program,
               guint repetitions, GError **error)
{
  BnbHarnessSetup setup
      = { h->kernel_path, h->kernel_text, h->sizes, h->options.seed, NULL };
  gboolean first = h->problem == NULL;
  if (!ensure_problem (h, error))
    return NULL;
  setup.problem = h->problem;
  /* the workers start on what was prepared for them */
  if (first)
    bnb_harness_pool_set_up_all (h->pool, &setup);
  /* The first launch may hold a late compile: it gets --timeout at least,
   * whatever limit the search has set since. */
  BnbHarnessLimits limits
      = { h->options.build_timeout_s, MAX (h->timeout_s, h->options.timeout_s),
          h->timeout_s, &h->end_us, h->slow_s };
  return bnb_harness_pool_evaluate (h->pool, &setup, program,
                                    h->options.warmup, repetitions, &limits,
                                    error);
}

BnbEvaluation *
bnb_harness_evaluate (BnbHarness *h, const BnbCodegenProgram *program,
                      gboolean final, GError **error)
{
  BnbEvaluation *e;
  guint repetitions
      = final ? h->options.final_repetitions : h->options.repetitions;
  g_return_val_if_fail (program != NULL && program->source != NULL, NULL);
  g_mutex_lock (&h->lock);
  if (h->pool)
    e = evaluate_pool (h, program, repetitions, error);
  else
    e = evaluate_local (h, program, repetitions, error);
  if (e)
    {
      e->timeout_s = h->timeout_s;
      g_free (e->kernel_key);
      e->kernel_key = g_strdup (program->kernel_key);
    }
  g_mutex_unlock (&h->lock);
  return e;
}

void
bnb_harness_journal_key (const BnbHarness *h, guint space, BnbJournalKey *key)
{
  key->kernel_name = h->kernel->name;
  key->kernel_path = h->kernel_path;
  key->kernel_hash = h->kernel_hash;
  key->sizes = h->sizes;
  key->device = h->desc.name;
  key->driver = h->desc.driver_version;
  key->space = space;
}
