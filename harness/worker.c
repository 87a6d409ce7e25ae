/* `bnbtune worker`: a local harness behind the protocol of protocol.c,
 * serving the parent that spawned it on its stdin and stdout.  A parent
 * may run several, each with its own context (pool.c).
 *
 * A reader thread takes the parent's messages as they come: `prepare`
 * goes straight to the build threads, so that builds proceed while the
 * main thread runs a candidate, `threads` resizes them and `forget` drops
 * what they built or have queued; the rest is queued for the main thread.
 * At the end of input (the parent closed the socket, or died) the main
 * thread is told to stop; if it does not within a few seconds (a kernel
 * that never ends), the reader ends the process.
 *
 * The protocol keeps a private copy of stdout; fd 1 then points at
 * stderr, so that anything a library prints cannot break a message.
 */
#include "harness/harness-private.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#define EXIT_GRACE_SECONDS 3

typedef struct {
  BnbHarnessChannel in;  /* read by the reader thread only */
  BnbHarnessChannel out; /* written by the main thread only */
  BnbHarnessLocal *local;
  BnbIrKernel *kernel;
  BnbHarnessProblem *problem;
  GAsyncQueue *queue; /* GVariant* (sa{sv}); NULL-tag sentinel at the end */
  GMutex lock;
  GCond finished_cond;
  gboolean finished;
  guint id; /* of the evaluation under way */
} Worker;

static void
send_error (Worker *w, const char *message)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "message",
                         g_variant_new_string (message));
  bnb_harness_channel_send (&w->out, "error", g_variant_builder_end (&b),
                            NULL);
}

static void
send_empty (Worker *w, const char *tag)
{
  bnb_harness_channel_send (&w->out, tag,
                            g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL,
                                                 0),
                            NULL);
}

static void
wait_or_exit (Worker *w)
{
  gint64 end = g_get_monotonic_time () + EXIT_GRACE_SECONDS * G_USEC_PER_SEC;
  gboolean finished;
  g_mutex_lock (&w->lock);
  while (!w->finished && g_cond_wait_until (&w->finished_cond, &w->lock, end))
    ;
  finished = w->finished;
  g_mutex_unlock (&w->lock);
  if (!finished)
    _exit (3);
}

static gpointer
reader (gpointer data)
{
  Worker *w = data;
  for (;;)
    {
      g_autofree char *tag = NULL;
      g_autoptr (GVariant) fields = NULL;
      const char *source = NULL;
      guint32 threads = 0;
      if (bnb_harness_channel_receive (&w->in, -1, &tag, &fields, NULL)
          != BNB_HARNESS_RECEIVED)
        break;
      if (strcmp (tag, "prepare") == 0
          && g_variant_lookup (fields, "source", "&s", &source))
        bnb_harness_local_prepare (w->local, source);
      else if (strcmp (tag, "threads") == 0
               && g_variant_lookup (fields, "threads", "u", &threads))
        bnb_harness_local_set_build_threads (w->local, threads);
      else if (strcmp (tag, "forget") == 0)
        bnb_harness_local_forget (w->local);
      else
        g_async_queue_push (w->queue,
                            g_variant_ref_sink (g_variant_new ("(s@a{sv})",
                                                               tag, fields)));
    }
  g_async_queue_push (w->queue,
                      g_variant_ref_sink (g_variant_new (
                          "(s@a{sv})", "",
                          g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL,
                                               0))));
  wait_or_exit (w);
  return NULL;
}

static void
take_reference (BnbHarnessProblem *p, GVariant *fields)
{
  g_autoptr (GVariant) refs
      = g_variant_lookup_value (fields, "reference",
                                G_VARIANT_TYPE ("a(uay)"));
  for (gsize i = 0; refs && i < g_variant_n_children (refs); i++)
    {
      g_autoptr (GVariant) bytes = NULL;
      guint32 a;
      gsize size = 0;
      const void *data;
      g_variant_get_child (refs, i, "(u@ay)", &a, &bytes);
      data = g_variant_get_fixed_array (bytes, &size, 1);
      if (a < p->n_arrays && size == p->elements[a] * sizeof (double))
        bnb_harness_problem_set_reference (p, a, g_memdup2 (data, size));
    }
}

static gboolean
complete_reference (const BnbHarnessProblem *p, GError **error)
{
  for (guint a = 0; a < p->n_arrays; a++)
    if ((bnb_ir_array (p->kernel, a)->mode & BNB_IR_OUT) && !p->reference[a])
      {
        g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_PROBLEM,
                     "no reference for array %s",
                     bnb_ir_array (p->kernel, a)->name);
        return FALSE;
      }
  return TRUE;
}

/* The parent's kernel, drawn again from the same seed, with the parent's
 * reference. */
static gboolean
set_problem (Worker *w, GVariant *fields, GError **error)
{
  const char *path = "", *text = "", *sizes = "";
  guint64 seed = 0;
  g_variant_lookup (fields, "path", "&s", &path);
  g_variant_lookup (fields, "text", "&s", &text);
  g_variant_lookup (fields, "sizes", "&s", &sizes);
  g_variant_lookup (fields, "seed", "t", &seed);
  /* the local harness frees its buffers first: it reads the old problem
   * to do so, which is freed below */
  (void)bnb_harness_local_set_problem (w->local, NULL, NULL);
  g_clear_pointer (&w->problem, bnb_harness_problem_free);
  g_clear_pointer (&w->kernel, bnb_ir_kernel_free);
  w->kernel = bnb_ir_kernel_parse_string (path, text, strlen (text), error);
  if (!w->kernel || !bnb_ir_kernel_bind (w->kernel, sizes, error))
    return FALSE;
  w->problem = bnb_harness_problem_new (w->kernel, seed);
  take_reference (w->problem, fields);
  return complete_reference (w->problem, error)
         && bnb_harness_local_set_problem (w->local, w->problem, error);
}

static void
send_built (const BnbHarnessBuilt *built, gpointer data)
{
  Worker *w = data;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "id", g_variant_new_uint32 (w->id));
  g_variant_builder_add (&b, "{sv}", "compile",
                         g_variant_new_double (built->seconds));
  g_variant_builder_add (&b, "{sv}", "ok",
                         g_variant_new_boolean (built->program != NULL));
  bnb_harness_channel_send (&w->out, "built", g_variant_builder_end (&b),
                            NULL);
}

static void
send_building (double ago_s, gpointer data)
{
  Worker *w = data;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "id", g_variant_new_uint32 (w->id));
  g_variant_builder_add (&b, "{sv}", "ago", g_variant_new_double (ago_s));
  bnb_harness_channel_send (&w->out, "building", g_variant_builder_end (&b),
                            NULL);
}

static void
send_launched (gpointer data)
{
  Worker *w = data;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "id", g_variant_new_uint32 (w->id));
  bnb_harness_channel_send (&w->out, "launched", g_variant_builder_end (&b),
                            NULL);
}

static void
evaluate (Worker *w, GVariant *fields)
{
  g_autoptr (GVariant) pv
      = g_variant_lookup_value (fields, "program", G_VARIANT_TYPE_VARDICT);
  g_autoptr (BnbEvaluation) e = NULL;
  g_autoptr (GVariant) ev = NULL;
  BnbHarnessProgram program;
  guint32 warmup = 0, repetitions = 1;
  double slow_s = 0;
  gboolean fatal = FALSE;
  GVariantBuilder b;
  /* the local harness may hold no problem where a second one failed */
  if (!pv || !w->problem || !bnb_harness_local_has_problem (w->local))
    {
      send_error (w, "evaluate: no program or no problem");
      return;
    }
  g_variant_lookup (fields, "id", "u", &w->id);
  g_variant_lookup (fields, "warmup", "u", &warmup);
  g_variant_lookup (fields, "repetitions", "u", &repetitions);
  g_variant_lookup (fields, "slow", "d", &slow_s);
  bnb_harness_program_from_variant (pv, &program);
  BnbHarnessHooks hooks = { .building = send_building,
                            .built = send_built,
                            .launched = send_launched,
                            .data = w };
  e = bnb_harness_local_evaluate (w->local, &program, warmup,
                                  MAX (repetitions, 1), slow_s, &hooks,
                                  &fatal);
  g_free (program.scratch_bytes);
  ev = bnb_harness_evaluation_to_variant (e);
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "id", g_variant_new_uint32 (w->id));
  g_variant_builder_add (&b, "{sv}", "evaluation", ev);
  g_variant_builder_add (&b, "{sv}", "fatal", g_variant_new_boolean (fatal));
  bnb_harness_channel_send (&w->out, "result", g_variant_builder_end (&b),
                            NULL);
}

/* Whether a source is built, answered at once (queued behind nothing
 * slow: the parent asks only between evaluations). */
static void
query (Worker *w, GVariant *fields)
{
  const char *hash = "";
  GVariantBuilder b;
  g_variant_lookup (fields, "hash", "&s", &hash);
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "hash", g_variant_new_string (hash));
  g_variant_builder_add (&b, "{sv}", "built",
                         g_variant_new_boolean (
                             bnb_harness_local_built (w->local, hash)));
  bnb_harness_channel_send (&w->out, "state", g_variant_builder_end (&b),
                            NULL);
}

/* The main thread's loop, until the end of input. */
static void
serve (Worker *w)
{
  for (;;)
    {
      g_autoptr (GVariant) message = g_async_queue_pop (w->queue);
      g_autoptr (GVariant) fields = NULL;
      g_autoptr (GError) error = NULL;
      const char *tag;
      g_variant_get (message, "(&s@a{sv})", &tag, &fields);
      if (!*tag)
        return;
      if (strcmp (tag, "problem") == 0)
        {
          if (set_problem (w, fields, &error))
            send_empty (w, "ready");
          else
            send_error (w, error->message);
        }
      else if (strcmp (tag, "evaluate") == 0)
        evaluate (w, fields);
      else if (strcmp (tag, "query") == 0)
        query (w, fields);
    }
}

/* The first message names the device; the answer is its description. */
static gboolean
open_device (Worker *w)
{
  g_autofree char *tag = NULL;
  g_autoptr (GVariant) fields = NULL;
  g_autoptr (GError) error = NULL;
  const char *device = "";
  guint32 threads = 1;
  const BnbDevice *dev;
  GVariantBuilder b;
  if (bnb_harness_channel_receive (&w->in, -1, &tag, &fields, NULL)
          != BNB_HARNESS_RECEIVED
      || strcmp (tag, "hello") != 0)
    return FALSE;
  g_variant_lookup (fields, "device", "&s", &device);
  const char *options = "";
  g_variant_lookup (fields, "threads", "u", &threads);
  g_variant_lookup (fields, "build_options", "&s", &options);
  w->local = bnb_harness_local_new (*device ? device : NULL, threads, options,
                                    &error);
  if (!w->local)
    {
      send_error (w, error->message);
      return FALSE;
    }
  dev = bnb_harness_local_device (w->local);
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "desc",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE,
                                                    bnb_device_desc (dev),
                                                    sizeof (BnbDeviceDesc),
                                                    1));
  g_variant_builder_add (&b, "{sv}", "reason",
                         g_variant_new_string (bnb_device_reason (dev)));
  return bnb_harness_channel_send (&w->out, "device",
                                   g_variant_builder_end (&b), NULL);
}

static gboolean
worker_init (Worker *w, GError **error)
{
  int out = dup (STDOUT_FILENO);
  if (out < 0 || dup2 (STDERR_FILENO, STDOUT_FILENO) < 0)
    {
      g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_WORKER,
                   "cannot set the worker's output up");
      return FALSE;
    }
  bnb_harness_channel_init (&w->in, STDIN_FILENO);
  bnb_harness_channel_init (&w->out, out);
  w->queue = g_async_queue_new_full ((GDestroyNotify)g_variant_unref);
  g_mutex_init (&w->lock);
  g_cond_init (&w->finished_cond);
  return TRUE;
}

static void
worker_clear (Worker *w)
{
  bnb_harness_local_free (w->local);
  bnb_harness_problem_free (w->problem);
  bnb_ir_kernel_free (w->kernel);
  g_async_queue_unref (w->queue);
  bnb_harness_channel_clear (&w->in);
  bnb_harness_channel_clear (&w->out);
  g_mutex_clear (&w->lock);
  g_cond_clear (&w->finished_cond);
}

gboolean
bnb_harness_worker_main (GError **error)
{
  Worker w = { 0 };
  GThread *thread;
  /* Ctrl-C reaches the whole process group: the parent decides when a
   * worker stops (it hangs up, or kills it), so that an interrupted search
   * still ends cleanly. */
  signal (SIGINT, SIG_IGN);
  if (!worker_init (&w, error))
    return FALSE;
  if (open_device (&w))
    {
      thread = g_thread_new ("bnb-worker-reader", reader, &w);
      serve (&w);
      g_mutex_lock (&w.lock);
      w.finished = TRUE;
      g_cond_signal (&w.finished_cond);
      g_mutex_unlock (&w.lock);
      g_thread_join (thread);
    }
  worker_clear (&w);
  return TRUE;
}
