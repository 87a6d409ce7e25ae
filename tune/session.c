/* A tuning session: the kernel, the device description, the space, the
 * model and the evaluator, each made once and shared by every search of
 * the session (one for `tune`, several for `compare`). */
#include "tune/tune.h"

void
bnb_tune_options_init (BnbTuneOptions *o)
{
  *o = (BnbTuneOptions){ 0 };
  bnb_harness_options_init (&o->harness);
  o->simulate_seed = 1;
  o->spread = 1;
  o->failure_rate = 0.02;
  o->exact_rate = 0.1;
}

gboolean
bnb_tune_describe_device (const char *device, const char *file,
                          BnbDeviceDesc *desc, char **reason, GError **error)
{
  *reason = NULL;
  if (file != NULL)
    return bnb_device_desc_load_file (file, desc, error);
  return bnb_device_describe (device, desc, reason, error);
}

/* A --size that names no parameter, or an impossible value, is an
 * option's bad value (a usage error), not a fault of the kernel.  The
 * kernel's text is *text if given, else the file's, read here; it goes
 * to *text when the kernel binds. */
static BnbIrKernel *
load_kernel (const char *path, const char *sizes, char **text, GError **error)
{
  g_autoptr (GError) bind_error = NULL;
  g_autofree char *contents = g_steal_pointer (text);
  g_autoptr (BnbIrKernel) kernel
      = contents ? bnb_ir_kernel_parse_string (path, contents,
                                               strlen (contents), error)
                 : bnb_ir_kernel_parse_file_text (path, &contents, error);
  if (!kernel)
    return NULL;
  if (bnb_ir_kernel_bind (kernel, sizes, &bind_error))
    {
      *text = g_steal_pointer (&contents);
      return g_steal_pointer (&kernel);
    }
  if (sizes != NULL
      && g_error_matches (bind_error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE))
    g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         bind_error->message);
  else
    g_propagate_error (error, g_steal_pointer (&bind_error));
  return NULL;
}

BnbIrKernel *
bnb_tune_load_kernel (const char *path, const char *sizes, char **text,
                      GError **error)
{
  g_autofree char *contents = NULL;
  BnbIrKernel *kernel = load_kernel (path, sizes, &contents, error);
  if (kernel && text)
    *text = g_steal_pointer (&contents);
  return kernel;
}

BnbHarness *
bnb_tune_harness_new (const char *path, const char *text, const char *sizes,
                      const char *device, const BnbHarnessOptions *options,
                      GError **error)
{
  g_autofree char *contents = g_strdup (text);
  BnbIrKernel *kernel = load_kernel (path, sizes, &contents, error);
  if (!kernel)
    return NULL;
  return bnb_harness_new_bound (path, contents, kernel, TRUE, device, options,
                                error);
}

BnbChoiceNode *
bnb_tune_start_node (const BnbChoiceSpace *space, const char *decisions,
                     GError **error)
{
  g_autoptr (BnbChoiceNode) root = bnb_choice_node_root (space, error);
  if (root && decisions
      && !bnb_choice_node_apply_string (root, decisions, error))
    return NULL;
  return g_steal_pointer (&root);
}

static gboolean
open_journal (const BnbTuneOptions *o, BnbTuneSession *s, GError **error)
{
  BnbJournalKey key;
  if (o->no_journal)
    return TRUE;
  bnb_harness_journal_key (s->harness, bnb_choice_space_n_choices (s->space),
                           &key);
  /* the device as the session describes it, as the model sees it */
  key.device = s->desc.name;
  key.driver = s->desc.driver_version;
  g_autofree char *path
      = o->journal ? g_strdup (o->journal) : bnb_journal_default_path (&key);
  s->journal = bnb_journal_open (path, &key, error);
  return s->journal != NULL;
}

/* One harness opened on its own thread. */
typedef struct {
  const BnbTuneOptions *o;
  const BnbTuneSession *s;
  const char *device;
  BnbHarness *harness;
  GError *error;
} Opening;

static gpointer
open_one (gpointer data)
{
  Opening *x = data;
  x->harness = bnb_harness_new_bound (x->o->kernel_path, x->s->kernel_text,
                                      x->s->kernel, FALSE, x->device,
                                      &x->o->harness, &x->error);
  return NULL;
}

/* A harness per device of `devices` (of one kind, as
 * bnb_device_split_specs makes sure: one description serves the model and
 * the journal); the first is s->harness.  Each has the session's kernel:
 * it parses nothing again.  They open at once, each on a thread: opening
 * one starts its workers, which each open the device. */
static gboolean
open_harnesses (const BnbTuneOptions *o, BnbTuneSession *s,
                char **devices, GError **error)
{
  guint n = g_strv_length (devices);
  g_autofree Opening *x = g_new0 (Opening, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  /* several devices (or MPI ranks) share the host's processors: each
   * gets the default for one of several, unless --workers says */
  BnbTuneOptions each = *o;
  guint sharing = MAX (n, bnb_ranks_local_size ());
  if (sharing > 1 && each.harness.workers == 0)
    each.harness.workers = bnb_harness_default_workers (&s->desc, sharing);
  for (guint i = 0; i < n; i++)
    {
      x[i] = (Opening){ .o = &each, .s = s, .device = devices[i] };
      if (i > 0)
        threads[i] = g_thread_new ("bnb-open", open_one, &x[i]);
    }
  open_one (&x[0]);
  s->harnesses = g_ptr_array_new_with_free_func (
      (GDestroyNotify) bnb_harness_free);
  for (guint i = 0; i < n; i++)
    {
      if (threads[i] != NULL)
        g_thread_join (threads[i]);
      if (x[i].harness != NULL)
        g_ptr_array_add (s->harnesses, x[i].harness);
      else if (error != NULL && *error == NULL)
        g_propagate_error (error, g_steal_pointer (&x[i].error));
      g_clear_error (&x[i].error);
    }
  if (s->harnesses->len < n)
    return FALSE;
  s->harness = s->harnesses->pdata[0];
  return TRUE;
}

static gpointer
free_one (gpointer harness)
{
  bnb_harness_free (harness);
  return NULL;
}

/* Each harness closes its workers; several close at once. */
static void
free_harnesses (GPtrArray *harnesses)
{
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();
  g_ptr_array_set_free_func (harnesses, NULL);
  for (guint i = 1; i < harnesses->len; i++)
    g_ptr_array_add (threads,
                     g_thread_new ("bnb-close", free_one, harnesses->pdata[i]));
  if (harnesses->len > 0)
    bnb_harness_free (harnesses->pdata[0]);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (threads->pdata[i]);
  g_ptr_array_unref (harnesses);
}

/* The session's evaluator: the simulated device of the description, or
 * the harnesses of `devices` (their workers started), the journal opened
 * (under MPI by rank 0, which hears from the others). */
static BnbEvaluator *
open_evaluator (const BnbTuneOptions *o, BnbTuneSession *s, char **devices,
                GError **error)
{
  if (o->simulate != NULL)
    {
      BnbEvaluator *ev
          = bnb_evaluator_new_simulated (s->model, o->simulate_seed, o->spread,
                                         o->failure_rate, o->exact_rate);
      /* the report says which device was simulated */
      g_free (ev->name);
      ev->name = g_strdup_printf ("simulated %s", s->desc.name);
      return ev;
    }
  gboolean first = bnb_ranks_rank () == 0;
  guint ranks = first ? bnb_ranks_size () - 1 : 0;
  gint64 start = g_get_monotonic_time ();
  if (!open_harnesses (o, s, devices, error)
      || (first && !open_journal (o, s, error))
      || (ranks > 0 && !bnb_ranks_hello_all (&s->desc, error)))
    return NULL;
  g_debug ("session: devices open in %.3f s",
           (g_get_monotonic_time () - start) * 1e-6);
  return bnb_tune_evaluator_new_lanes (
      (BnbHarness **)s->harnesses->pdata, s->harnesses->len, ranks,
      s->journal, o->resume && first, &o->harness);
}

BnbTuneSession *
bnb_tune_session_open (const BnbTuneOptions *o, GError **error)
{
  g_autoptr (BnbTuneSession) s = g_new0 (BnbTuneSession, 1);
  g_return_val_if_fail (o != NULL && o->kernel_path != NULL, NULL);
  /* the kernel first: a file that does not parse or a size that does not
   * bind is said before any device is opened (or calibrated) */
  g_auto (GStrv) devices = NULL;
  if (!(s->kernel
        = load_kernel (o->kernel_path, o->sizes, &s->kernel_text, error))
      || (o->simulate == NULL
          && !(devices = bnb_device_split_specs (o->device, error))))
    return NULL;
  if (devices != NULL && bnb_ranks_size () > 1)
    {
      /* under MPI a rank has one device: its own of the list */
      guint n = g_strv_length (devices);
      char *mine = g_strdup (devices[bnb_ranks_local_rank () % n]);
      g_strfreev (devices);
      devices = g_new0 (char *, 2);
      devices[0] = mine;
    }
  /* under MPI rank 0 describes first (and calibrates, if nothing is
   * cached), so that ranks do not measure one device at once */
  if (bnb_ranks_rank () > 0)
    bnb_ranks_barrier ();
  gint64 start = g_get_monotonic_time ();
  gboolean described
      = bnb_tune_describe_device (devices ? devices[0] : NULL, o->simulate,
                                  &s->desc, &s->device_reason, error);
  if (bnb_ranks_rank () == 0)
    bnb_ranks_barrier ();
  if (!described)
    return NULL;
  g_debug ("session: device described in %.3f s",
           (g_get_monotonic_time () - start) * 1e-6);
  if (devices != NULL && devices[1] != NULL)
    {
      g_autofree char *list = g_strjoinv (", ", devices);
      g_free (s->device_reason);
      s->device_reason = g_strdup_printf ("devices %s, as --device %s asked",
                                          list, o->device);
    }
  BnbChoiceLimits limits = bnb_device_desc_limits (&s->desc);
  limits.every_design |= o->every_design;
  if (o->max_unrolled > 0)
    limits.max_unrolled = o->max_unrolled;
  if (!(s->space = bnb_codegen_space_new (s->kernel, &limits, error))
      || !(s->root = bnb_tune_start_node (s->space, o->decisions, error))
      || !(s->model = bnb_model_new (s->space, &s->desc, error)))
    return NULL;
  if (!(s->evaluator = open_evaluator (o, s, devices, error)))
    return NULL;
  if (o->ahead > 0)
    s->evaluator->ahead = o->ahead;
  s->evaluator->built_first = o->built_first;
  return g_steal_pointer (&s);
}

void
bnb_tune_session_free (BnbTuneSession *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->evaluator, bnb_evaluator_free);
  g_clear_pointer (&s->journal, bnb_journal_free);
  s->harness = NULL;
  if (s->harnesses != NULL)
    {
      gint64 start = g_get_monotonic_time ();
      g_clear_pointer (&s->harnesses, free_harnesses);
      g_debug ("session: devices closed in %.3f s",
               (g_get_monotonic_time () - start) * 1e-6);
    }
  g_clear_pointer (&s->model, bnb_model_free);
  g_clear_pointer (&s->root, bnb_choice_node_free);
  g_clear_pointer (&s->space, bnb_choice_space_free);
  g_clear_pointer (&s->kernel, bnb_ir_kernel_free);
  g_free (s->kernel_text);
  g_free (s->device_reason);
  g_free (s);
}

BnbSearchResult *
bnb_tune_session_search (BnbTuneSession *s, const BnbSearchOptions *options,
                         GError **error)
{
  BnbSearchOptions o = *options;
  o.interrupt = &s->interrupt;
  BnbSearchResult *r
      = bnb_search_run (s->root, s->model, s->evaluator, &o, error);
  if (s->evaluator->klass->set_timeout != NULL)
    s->evaluator->klass->set_timeout (s->evaluator->self, 0);
  if (s->evaluator->klass->set_slow != NULL)
    s->evaluator->klass->set_slow (s->evaluator->self, 0);
  return r;
}

void
bnb_tune_session_interrupt (BnbTuneSession *s)
{
  g_atomic_int_set (&s->interrupt, 1);
  for (guint i = 0; s->harnesses != NULL && i < s->harnesses->len; i++)
    bnb_harness_set_deadline (s->harnesses->pdata[i], 1);
}

gboolean
bnb_tune_session_interrupted (const BnbTuneSession *s)
{
  return g_atomic_int_get (&s->interrupt) != 0;
}
