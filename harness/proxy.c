/* The parent's side of one worker: spawning `bnbtune worker` on one end
 * of a socket pair (its stdin and stdout), the watchdog, and restarts.
 * A harness has one or several (pool.c).
 *
 * OpenCL cannot stop a running kernel, so a candidate that runs past its
 * limit is stopped by killing the worker (SIGKILL).  The evaluation is
 * recorded as timed-out and a fresh worker is started (bnb_harness_proxy_
 * ensure, called at once by the pool, or by the next evaluation), which is
 * sent the problem again (the reference is computed here once and sent,
 * never recomputed) and the builds prepared but not yet evaluated.
 *
 *   evaluate -> [spawn, hello -> device] -> [problem -> ready]
 *            -> evaluate -> built (build limit) -> result (run limit)
 *
 * `lock` guards the worker (pid, socket) and the prepared sources, so that
 * prepare may be called from any thread while an evaluation waits.
 * `running` and `n_pending` mirror them for readers that must not wait
 * for the lock (it is held while a worker starts).
 */
#include "harness/harness-private.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_PENDING 64
#define START_SECONDS 300
#define STOP_SECONDS 30
#define QUERY_SECONDS 2

struct BnbHarnessProxy {
  char *program;
  char *device;
  guint build_threads;
  char *build_options;
  GMutex lock;
  GPid pid; /* 0: no worker */
  BnbHarnessChannel channel;
  gboolean has_problem;
  BnbDeviceDesc desc;
  char *reason;
  GQueue pending; /* sources prepared, not evaluated, oldest first */
  guint next_id;
  gint running;   /* atomic: a worker is up and not being started */
  gint n_pending; /* atomic: pending.length */
};

static gint64
deadline_after (double seconds)
{
  return g_get_monotonic_time () + (gint64)(seconds * 1e6);
}

static char *
describe_status (int status)
{
  if (WIFEXITED (status))
    return g_strdup_printf ("exited with status %d", WEXITSTATUS (status));
  if (WIFSIGNALED (status))
    return g_strdup_printf ("killed by signal %d (%s)", WTERMSIG (status),
                            g_strsignal (WTERMSIG (status)));
  return g_strdup_printf ("ended with wait status %d", status);
}

static int
reap (GPid pid)
{
  int status = 0;
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  return status;
}

/* Under the lock. */
static void
forget_worker (BnbHarnessProxy *p)
{
  g_atomic_int_set (&p->running, 0);
  bnb_harness_channel_clear (&p->channel);
  p->pid = 0;
  p->has_problem = FALSE;
}

/* Under the lock: kills the worker; says how it had ended if it had. */
static char *
kill_worker (BnbHarnessProxy *p)
{
  int status;
  if (!p->pid)
    return g_strdup ("no worker");
  kill (p->pid, SIGKILL);
  status = reap (p->pid);
  forget_worker (p);
  return describe_status (status);
}

static gboolean
wait_exit (GPid pid, double seconds, int *status)
{
  gint64 deadline = deadline_after (seconds);
  while (g_get_monotonic_time () < deadline)
    {
      pid_t done = waitpid (pid, status, WNOHANG);
      if (done == pid || (done < 0 && errno != EINTR))
        return TRUE;
      g_usleep (5000);
    }
  return FALSE;
}

/* Under the lock: closes the socket and lets the worker exit by itself
 * (killed if it has not within STOP_SECONDS: a build that does not end);
 * a worker that exits badly (a leak report, a crash) is worth a warning. */
static void
stop_worker (BnbHarnessProxy *p)
{
  GPid pid = p->pid;
  int status = 0;
  gint64 start;
  if (!pid)
    return;
  start = g_get_monotonic_time ();
  forget_worker (p);
  if (!wait_exit (pid, STOP_SECONDS, &status))
    {
      kill (pid, SIGKILL);
      reap (pid);
    }
  else if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      g_autofree char *how = describe_status (status);
      g_warning ("the harness's worker (pid %d) %s", (int)pid, how);
    }
  g_debug ("worker %d: exited in %.3f s", (int)pid,
           (g_get_monotonic_time () - start) * 1e-6);
}

static gboolean
spawn (BnbHarnessProxy *p, GError **error)
{
  char *argv[] = { p->program, (char *)"worker", NULL };
  int sv[2];
  gboolean ok;
  if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
    {
      g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_WORKER,
                   "socketpair: %s", g_strerror (errno));
      return FALSE;
    }
  ok = g_spawn_async_with_fds (NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                               NULL, NULL, &p->pid, sv[1], sv[1], -1, error);
  close (sv[1]);
  if (!ok)
    {
      close (sv[0]);
      p->pid = 0;
      g_prefix_error (error, "starting the harness's worker: ");
      return FALSE;
    }
  bnb_harness_channel_init (&p->channel, sv[0]);
  return TRUE;
}

/* Waits for the message tagged `want` or `also` (NULL: none), or `error`,
 * until `deadline`; *got_also says which came. */
static BnbHarnessReceive
wait_for_either (BnbHarnessProxy *p, const char *want, const char *also,
                 gint64 deadline, GVariant **fields, gboolean *got_also,
                 GError **error)
{
  for (;;)
    {
      g_autofree char *tag = NULL;
      g_autoptr (GVariant) got = NULL;
      BnbHarnessReceive status
          = bnb_harness_channel_receive (&p->channel, deadline, &tag, &got,
                                         error);
      if (status != BNB_HARNESS_RECEIVED)
        return status;
      if (strcmp (tag, "error") == 0)
        {
          const char *message = "unknown error";
          g_variant_lookup (got, "message", "&s", &message);
          g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_WORKER,
                       "%s", message);
          return BNB_HARNESS_RECEIVE_ERROR;
        }
      if (strcmp (tag, want) == 0 || (also && strcmp (tag, also) == 0))
        {
          if (got_also)
            *got_also = also && strcmp (tag, also) == 0;
          *fields = g_steal_pointer (&got);
          return BNB_HARNESS_RECEIVED;
        }
    }
}

/* Waits for the message tagged `want` (or `error`), until `deadline`. */
static BnbHarnessReceive
wait_for (BnbHarnessProxy *p, const char *want, gint64 deadline,
          GVariant **fields, GError **error)
{
  return wait_for_either (p, want, NULL, deadline, fields, NULL, error);
}

/* Under the lock: a failed exchange with a new worker, as an error. */
static gboolean
startup_failed (BnbHarnessProxy *p, BnbHarnessReceive status, const char *step,
                GError **error)
{
  g_autofree char *how = kill_worker (p);
  if (status == BNB_HARNESS_RECEIVE_ERROR)
    return FALSE;
  g_clear_error (error);
  g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_WORKER,
               "the harness's worker (%s worker) %s before %s: %s", p->program,
               status == BNB_HARNESS_RECEIVE_TIMEOUT ? "hung" : "stopped",
               step, how);
  return FALSE;
}

static gboolean
read_device (BnbHarnessProxy *p, GVariant *fields, GError **error)
{
  g_autoptr (GVariant) desc
      = g_variant_lookup_value (fields, "desc", G_VARIANT_TYPE_BYTESTRING);
  const char *reason = "";
  gsize size = 0;
  const void *data = desc ? g_variant_get_fixed_array (desc, &size, 1) : NULL;
  if (size != sizeof p->desc)
    {
      g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_WORKER,
                   "the worker %s is not this build of bnbtune", p->program);
      return FALSE;
    }
  memcpy (&p->desc, data, size);
  g_variant_lookup (fields, "reason", "&s", &reason);
  g_free (p->reason);
  p->reason = g_strdup (reason);
  return TRUE;
}

static GVariant *
hello_fields (BnbHarnessProxy *p)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "device",
                         g_variant_new_string (p->device ? p->device : ""));
  g_variant_builder_add (&b, "{sv}", "threads",
                         g_variant_new_uint32 (p->build_threads));
  g_variant_builder_add (&b, "{sv}", "build_options",
                         g_variant_new_string (p->build_options));
  return g_variant_builder_end (&b);
}

/* Under the lock: a worker with the device open. */
static gboolean
start_worker (BnbHarnessProxy *p, GError **error)
{
  g_autoptr (GVariant) fields = NULL;
  BnbHarnessReceive status;
  gint64 start = g_get_monotonic_time ();
  if (!spawn (p, error))
    return FALSE;
  if (!bnb_harness_channel_send (&p->channel, "hello", hello_fields (p), NULL))
    return startup_failed (p, BNB_HARNESS_RECEIVE_CLOSED,
                           "it opened the device", error);
  status
      = wait_for (p, "device", deadline_after (START_SECONDS), &fields, error);
  if (status != BNB_HARNESS_RECEIVED)
    return startup_failed (p, status, "it opened the device", error);
  if (!read_device (p, fields, error))
    {
      g_autofree char *how = kill_worker (p);
      return FALSE;
    }
  g_debug ("worker %d: started, device open in %.3f s", (int)p->pid,
           (g_get_monotonic_time () - start) * 1e-6);
  return TRUE;
}

BnbHarnessProxy *
bnb_harness_proxy_new (const char *program, const char *device,
                       guint build_threads, const char *build_options,
                       GError **error)
{
  BnbHarnessProxy *p = g_new0 (BnbHarnessProxy, 1);
  gboolean ok;
  p->program = g_strdup (program);
  p->device = g_strdup (device);
  p->build_options = g_strdup (build_options ? build_options : "");
  p->build_threads = build_threads;
  p->channel.fd = -1;
  g_mutex_init (&p->lock);
  g_queue_init (&p->pending);
  g_mutex_lock (&p->lock);
  ok = start_worker (p, error);
  g_atomic_int_set (&p->running, ok);
  g_mutex_unlock (&p->lock);
  if (ok)
    return p;
  bnb_harness_proxy_free (p);
  return NULL;
}

void
bnb_harness_proxy_free (BnbHarnessProxy *p)
{
  if (!p)
    return;
  g_mutex_lock (&p->lock);
  stop_worker (p);
  g_mutex_unlock (&p->lock);
  g_queue_clear_full (&p->pending, g_free);
  g_mutex_clear (&p->lock);
  g_free (p->program);
  g_free (p->device);
  g_free (p->build_options);
  g_free (p->reason);
  g_free (p);
}

const BnbDeviceDesc *
bnb_harness_proxy_device (const BnbHarnessProxy *p)
{
  return &p->desc;
}

const char *
bnb_harness_proxy_reason (const BnbHarnessProxy *p)
{
  return p->reason;
}

gboolean
bnb_harness_proxy_is_running (BnbHarnessProxy *p)
{
  return g_atomic_int_get (&p->running);
}

guint
bnb_harness_proxy_load (BnbHarnessProxy *p)
{
  return (guint)g_atomic_int_get (&p->n_pending);
}

GPid
bnb_harness_proxy_pid (BnbHarnessProxy *p)
{
  GPid pid;
  g_mutex_lock (&p->lock);
  pid = p->pid;
  g_mutex_unlock (&p->lock);
  return pid;
}

static GVariant *
threads_fields (guint threads)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "threads",
                         g_variant_new_uint32 (threads));
  return g_variant_builder_end (&b);
}

/* This worker's and later ones'; a failed send means the worker died. */
void
bnb_harness_proxy_set_threads (BnbHarnessProxy *p, guint threads)
{
  g_mutex_lock (&p->lock);
  if (threads != p->build_threads && p->pid)
    bnb_harness_channel_send (&p->channel, "threads", threads_fields (threads),
                              NULL);
  p->build_threads = threads;
  g_mutex_unlock (&p->lock);
}

/* Closing the socket tells the worker to exit; bnb_harness_proxy_free
 * then waits for it, so that several exit at once. */
void
bnb_harness_proxy_hang_up (BnbHarnessProxy *p)
{
  g_mutex_lock (&p->lock);
  g_atomic_int_set (&p->running, 0);
  if (p->channel.fd >= 0)
    close (p->channel.fd);
  p->channel.fd = -1;
  g_mutex_unlock (&p->lock);
}

static GVariant *
source_fields (const char *source)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "source", g_variant_new_string (source));
  return g_variant_builder_end (&b);
}

/* A failed send means the worker died; the evaluation will see it. */
void
bnb_harness_proxy_prepare (BnbHarnessProxy *p, const char *source)
{
  g_mutex_lock (&p->lock);
  if (!g_queue_find_custom (&p->pending, source, (GCompareFunc)strcmp))
    {
      g_queue_push_tail (&p->pending, g_strdup (source));
      if (p->pending.length > MAX_PENDING)
        g_free (g_queue_pop_head (&p->pending));
      g_atomic_int_set (&p->n_pending, (gint)p->pending.length);
      if (p->pid)
        bnb_harness_channel_send (&p->channel, "prepare",
                                  source_fields (source), NULL);
    }
  g_mutex_unlock (&p->lock);
}

void
bnb_harness_proxy_forget (BnbHarnessProxy *p)
{
  g_mutex_lock (&p->lock);
  g_queue_clear_full (&p->pending, g_free);
  g_atomic_int_set (&p->n_pending, 0);
  if (p->pid)
    bnb_harness_channel_send (&p->channel, "forget",
                              g_variant_new_array (G_VARIANT_TYPE ("{sv}"),
                                                   NULL, 0),
                              NULL);
  g_mutex_unlock (&p->lock);
}

/* Whether the worker has built the source whose SHA-256 is `hash`: asked
 * and answered at once, between evaluations.  FALSE where no worker is up
 * or the answer does not come within QUERY_SECONDS (the evaluation will
 * see a worker that died). */
gboolean
bnb_harness_proxy_built (BnbHarnessProxy *p, const char *hash)
{
  gboolean built = FALSE;
  GVariantBuilder b;
  g_mutex_lock (&p->lock);
  if (p->pid && p->has_problem)
    {
      gint64 deadline = deadline_after (QUERY_SECONDS);
      g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&b, "{sv}", "hash", g_variant_new_string (hash));
      gboolean sent = bnb_harness_channel_send (
          &p->channel, "query", g_variant_builder_end (&b), NULL);
      while (sent)
        {
          g_autoptr (GVariant) fields = NULL;
          const char *got = "";
          if (wait_for (p, "state", deadline, &fields, NULL)
              != BNB_HARNESS_RECEIVED)
            break;
          g_variant_lookup (fields, "hash", "&s", &got);
          if (strcmp (got, hash) == 0)
            {
              g_variant_lookup (fields, "built", "b", &built);
              break;
            }
        }
    }
  g_mutex_unlock (&p->lock);
  return built;
}

static void
forget_pending (BnbHarnessProxy *p, const char *source)
{
  GList *link
      = g_queue_find_custom (&p->pending, source, (GCompareFunc)strcmp);
  if (link)
    {
      g_free (link->data);
      g_queue_delete_link (&p->pending, link);
      g_atomic_int_set (&p->n_pending, (gint)p->pending.length);
    }
}

static GVariant *
problem_fields (const BnbHarnessSetup *s)
{
  const BnbHarnessProblem *problem = s->problem;
  GVariantBuilder b, refs;
  g_variant_builder_init (&refs, G_VARIANT_TYPE ("a(uay)"));
  for (guint a = 0; a < problem->n_arrays; a++)
    if (problem->reference[a])
      g_variant_builder_add (&refs, "(u@ay)", a,
                             g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE,
                                                        problem->reference[a],
                                                        problem->elements[a]
                                                            * sizeof (double),
                                                        1));
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "path",
                         g_variant_new_string (s->kernel_path));
  g_variant_builder_add (&b, "{sv}", "text",
                         g_variant_new_string (s->kernel_text));
  g_variant_builder_add (&b, "{sv}", "sizes", g_variant_new_string (s->sizes));
  g_variant_builder_add (&b, "{sv}", "seed", g_variant_new_uint64 (s->seed));
  g_variant_builder_add (&b, "{sv}", "reference",
                         g_variant_builder_end (&refs));
  return g_variant_builder_end (&b);
}

/* Under the lock: the problem sent to a started worker, then the
 * prepared sources. */
static gboolean
send_problem (BnbHarnessProxy *p, const BnbHarnessSetup *s, GError **error)
{
  g_autoptr (GVariant) fields = NULL;
  BnbHarnessReceive status;
  gint64 start = g_get_monotonic_time ();
  if (!bnb_harness_channel_send (&p->channel, "problem", problem_fields (s),
                                 NULL))
    return startup_failed (p, BNB_HARNESS_RECEIVE_CLOSED,
                           "it set the problem up", error);
  status
      = wait_for (p, "ready", deadline_after (START_SECONDS), &fields, error);
  if (status != BNB_HARNESS_RECEIVED)
    return startup_failed (p, status, "it set the problem up", error);
  g_debug ("worker %d: problem set up in %.3f s", (int)p->pid,
           (g_get_monotonic_time () - start) * 1e-6);
  p->has_problem = TRUE;
  for (GList *l = p->pending.head; l; l = l->next)
    bnb_harness_channel_send (&p->channel, "prepare", source_fields (l->data),
                              NULL);
  return TRUE;
}

/* Under the lock: a worker that has the problem and the prepared
 * sources. */
static gboolean
ensure_worker (BnbHarnessProxy *p, const BnbHarnessSetup *s, GError **error)
{
  if (!p->pid && !start_worker (p, error))
    return FALSE;
  if (!p->has_problem && !send_problem (p, s, error))
    return FALSE;
  g_atomic_int_set (&p->running, 1);
  return TRUE;
}

gboolean
bnb_harness_proxy_ensure (BnbHarnessProxy *p, const BnbHarnessSetup *s,
                          GError **error)
{
  gboolean ok;
  g_mutex_lock (&p->lock);
  ok = ensure_worker (p, s, error);
  g_mutex_unlock (&p->lock);
  return ok;
}

static GVariant *
evaluate_fields (guint id, const BnbHarnessProgram *program, guint warmup,
                 guint repetitions, double slow_s)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "id", g_variant_new_uint32 (id));
  g_variant_builder_add (&b, "{sv}", "program",
                         bnb_harness_program_to_variant (program));
  g_variant_builder_add (&b, "{sv}", "warmup", g_variant_new_uint32 (warmup));
  g_variant_builder_add (&b, "{sv}", "repetitions",
                         g_variant_new_uint32 (repetitions));
  g_variant_builder_add (&b, "{sv}", "slow", g_variant_new_double (slow_s));
  return g_variant_builder_end (&b);
}

/* What one evaluation waits for. */
typedef struct {
  const BnbHarnessProgram *program;
  guint warmup;
  guint repetitions;
  const BnbHarnessLimits *limits;
  double compile_s;
  gint64 start_us;     /* when the evaluation was asked for */
  double build_wait_s; /* until the worker said "built" (or gave up) */
} Wait;

/* The search's deadline now (0: none). */
static gint64
search_end (const Wait *w)
{
  return w->limits->end_us ? atomic_load (w->limits->end_us) : 0;
}

static gboolean
past_search_end (const Wait *w)
{
  gint64 end = search_end (w);
  return end > 0 && g_get_monotonic_time () >= end;
}

/* How often a wait looks at the search's deadline, which may move. */
#define STOP_POLL_US 100000

/* wait_for_either for one stage of an evaluation: until its limit of
 * `seconds`, or the search's deadline, whichever comes first. */
static BnbHarnessReceive
wait_stage (BnbHarnessProxy *p, const Wait *w, const char *want,
            const char *also, double seconds, GVariant **fields,
            gboolean *got_also)
{
  gint64 stage_end = deadline_after (seconds);
  for (;;)
    {
      gint64 end = search_end (w);
      gint64 until = MIN (stage_end, g_get_monotonic_time () + STOP_POLL_US);
      if (end > 0)
        until = MIN (until, end);
      BnbHarnessReceive status = wait_for_either (p, want, also, until,
                                                  fields, got_also, NULL);
      if (status != BNB_HARNESS_RECEIVE_TIMEOUT)
        return status;
      if (g_get_monotonic_time () >= stage_end || past_search_end (w))
        return status;
    }
}

/* Where an evaluation was when its worker stopped answering: waiting for
 * its program's build to start (another build under way in the worker),
 * building it, at its first launch, at the runs after it. */
typedef enum { AT_BUILD_START, AT_BUILD, AT_FIRST_LAUNCH, AT_RUNS } Stage;

/* The worker stopped answering: killed if it lives, and the outcome. */
static BnbEvaluation *
worker_lost (BnbHarnessProxy *p, const Wait *w, Stage stage,
             BnbHarnessReceive status)
{
  gboolean building = stage == AT_BUILD || stage == AT_BUILD_START;
  g_autofree char *how = NULL;
  g_autofree char *message = NULL;
  BnbEvaluation *e;
  gboolean stopped
      = status == BNB_HARNESS_RECEIVE_TIMEOUT && past_search_end (w);
  g_mutex_lock (&p->lock);
  how = kill_worker (p);
  g_mutex_unlock (&p->lock);
  if (stopped)
    message = g_strdup_printf ("stopped while %s: the search's time budget "
                               "ran out",
                               building ? "building" : "running");
  else if (status == BNB_HARNESS_RECEIVE_TIMEOUT && stage == AT_BUILD)
    message = g_strdup_printf ("the build took more than %g s",
                               w->limits->build_s);
  else if (status == BNB_HARNESS_RECEIVE_TIMEOUT && stage == AT_BUILD_START)
    message = g_strdup_printf ("waited more than %g s for its build to "
                               "start: the worker was building other "
                               "programs",
                               w->limits->build_s);
  else if (status == BNB_HARNESS_RECEIVE_TIMEOUT && stage == AT_FIRST_LAUNCH)
    message = g_strdup_printf ("the first launch (which may include the "
                               "driver's own late compile) took more than "
                               "%g s",
                               w->limits->first_launch_s);
  else if (status == BNB_HARNESS_RECEIVE_TIMEOUT)
    message = g_strdup_printf ("the runs after the first launch (%u "
                               "warm-up, %u timed in all) took more than "
                               "%g s",
                               w->warmup, w->repetitions, w->limits->runs_s);
  else
    message = g_strdup_printf ("the worker died while %s: %s",
                               building ? "building" : "running", how);
  e = bnb_harness_evaluation_failed (status == BNB_HARNESS_RECEIVE_TIMEOUT
                                         ? BNB_OUTCOME_TIMED_OUT
                                     : building ? BNB_OUTCOME_BUILD_FAILED
                                                : BNB_OUTCOME_LAUNCH_FAILED,
                                     message);
  e->decisions = g_strdup (w->program->decisions);
  e->compile_s = w->compile_s;
  e->build_wait_s = building ? (g_get_monotonic_time () - w->start_us) / 1e6
                             : w->build_wait_s;
  e->stopped = stopped;
  return e;
}

static BnbEvaluation *
await_result (BnbHarnessProxy *p, Wait *w)
{
  g_autoptr (GVariant) built = NULL;
  g_autoptr (GVariant) result = NULL;
  g_autoptr (GVariant) evaluation = NULL;
  gboolean fatal = FALSE;
  gboolean launched = FALSE;
  gboolean starting = FALSE;
  /* The build's limit runs from its own start: the worker says
   * "building" when it starts (or how long ago it did), after the build
   * under way there, if any, which the limit bounds too; nothing when the
   * program is built already. */
  BnbHarnessReceive status
      = wait_stage (p, w, "built", "building", w->limits->build_s, &built,
                    &starting);
  if (status != BNB_HARNESS_RECEIVED)
    return worker_lost (p, w, AT_BUILD_START, status);
  if (starting)
    {
      double ago_s = 0;
      g_variant_lookup (built, "ago", "d", &ago_s);
      g_clear_pointer (&built, g_variant_unref);
      status = wait_stage (p, w, "built", NULL,
                           MAX (w->limits->build_s - ago_s, 0), &built, NULL);
      if (status != BNB_HARNESS_RECEIVED)
        return worker_lost (p, w, AT_BUILD, status);
    }
  w->build_wait_s = (g_get_monotonic_time () - w->start_us) / 1e6;
  g_variant_lookup (built, "compile", "d", &w->compile_s);
  /* "launched" after the first launch; "result" at once when there is no
   * launch (a failed build or set-up) */
  status = wait_stage (p, w, "result", "launched", w->limits->first_launch_s,
                       &result, &launched);
  if (status != BNB_HARNESS_RECEIVED)
    return worker_lost (p, w, AT_FIRST_LAUNCH, status);
  if (launched)
    {
      g_clear_pointer (&result, g_variant_unref);
      status = wait_stage (p, w, "result", NULL, w->limits->runs_s, &result,
                           NULL);
      if (status != BNB_HARNESS_RECEIVED)
        return worker_lost (p, w, AT_RUNS, status);
    }
  evaluation
      = g_variant_lookup_value (result, "evaluation", G_VARIANT_TYPE_VARDICT);
  g_variant_lookup (result, "fatal", "b", &fatal);
  if (fatal)
    {
      g_mutex_lock (&p->lock);
      stop_worker (p);
      g_mutex_unlock (&p->lock);
    }
  if (!evaluation)
    return worker_lost (p, w, AT_RUNS, BNB_HARNESS_RECEIVE_CLOSED);
  BnbEvaluation *e = bnb_harness_evaluation_from_variant (evaluation);
  e->build_wait_s = w->build_wait_s; /* the parent's wait, not the worker's */
  return e;
}

BnbEvaluation *
bnb_harness_proxy_evaluate (BnbHarnessProxy *p, const BnbHarnessSetup *s,
                            const BnbHarnessProgram *program, guint warmup,
                            guint repetitions, const BnbHarnessLimits *limits,
                            GError **error)
{
  Wait w = { program, warmup, repetitions, limits, 0, g_get_monotonic_time (),
             0 };
  gboolean sent;
  g_mutex_lock (&p->lock);
  if (!ensure_worker (p, s, error))
    {
      g_mutex_unlock (&p->lock);
      return NULL;
    }
  forget_pending (p, program->source);
  sent = bnb_harness_channel_send (&p->channel, "evaluate",
                                   evaluate_fields (++p->next_id, program,
                                                    warmup, repetitions,
                                                    limits->slow_s),
                                   NULL);
  g_mutex_unlock (&p->lock);
  if (!sent)
    return worker_lost (p, &w, AT_BUILD, BNB_HARNESS_RECEIVE_CLOSED);
  return await_result (p, &w);
}
