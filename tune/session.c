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
  g_autoptr (BnbDevice) opened
      = bnb_device_open_full (device, BNB_DEVICE_CALIBRATE_CACHED, error);
  if (opened == NULL)
    return FALSE;
  *desc = *bnb_device_desc (opened);
  *reason = g_strdup (bnb_device_reason (opened));
  return TRUE;
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

BnbTuneSession *
bnb_tune_session_open (const BnbTuneOptions *o, GError **error)
{
  g_autoptr (BnbTuneSession) s = g_new0 (BnbTuneSession, 1);
  g_return_val_if_fail (o != NULL && o->kernel_path != NULL, NULL);
  /* the kernel first: a file that does not parse or a size that does not
   * bind is said before any device is opened (or calibrated) */
  if (!(s->kernel
        = load_kernel (o->kernel_path, o->sizes, &s->kernel_text, error))
      || !bnb_tune_describe_device (o->device, o->simulate, &s->desc,
                                    &s->device_reason, error))
    return NULL;
  BnbChoiceLimits limits = bnb_device_desc_limits (&s->desc);
  if (!(s->space = bnb_codegen_space_new (s->kernel, &limits, error))
      || !(s->root = bnb_tune_start_node (s->space, o->decisions, error))
      || !(s->model = bnb_model_new (s->space, &s->desc, error)))
    return NULL;
  if (o->simulate != NULL)
    {
      s->evaluator
          = bnb_evaluator_new_simulated (s->model, o->simulate_seed, o->spread,
                                         o->failure_rate, o->exact_rate);
      /* the report says which device was simulated */
      g_free (s->evaluator->name);
      s->evaluator->name = g_strdup_printf ("simulated %s", s->desc.name);
      return g_steal_pointer (&s);
    }
  /* the session's kernel: the harness parses nothing again */
  s->harness
      = bnb_harness_new_bound (o->kernel_path, s->kernel_text, s->kernel,
                               FALSE, o->device, &o->harness, error);
  if (s->harness == NULL || !open_journal (o, s, error))
    return NULL;
  s->evaluator = bnb_tune_evaluator_new (s->harness, s->journal, o->resume,
                                         &o->harness);
  return g_steal_pointer (&s);
}

void
bnb_tune_session_free (BnbTuneSession *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->evaluator, bnb_evaluator_free);
  g_clear_pointer (&s->journal, bnb_journal_free);
  g_clear_pointer (&s->harness, bnb_harness_free);
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
  return r;
}

void
bnb_tune_session_interrupt (BnbTuneSession *s)
{
  g_atomic_int_set (&s->interrupt, 1);
  if (s->harness != NULL)
    bnb_harness_set_deadline (s->harness, 1);
}

gboolean
bnb_tune_session_interrupted (const BnbTuneSession *s)
{
  return g_atomic_int_get (&s->interrupt) != 0;
}
