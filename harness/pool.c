/* Several workers, so that builds run in parallel: a driver may serialize
 * clBuildProgram within one process (NVIDIA's does, at about 0.9 s a
 * kernel), but processes build at once.  Each worker has its own context,
 * buffers and inputs (drawn from the same seed) and is sent the one
 * reference the parent computed.  Evaluations stay one at a time (the
 * harness's lock): one worker runs kernels while the others only build.
 *
 *   prepare (source)  --route-->  worker w: builds it ahead
 *   evaluate (source) --route-->  the same worker w: finds it built
 *
 * A source goes where it went before (the worker that has it built, or
 * building); a new one goes to the least loaded worker: running ones
 * first, then the fewest sources prepared there and not yet evaluated,
 * then the first.  A worker lost during an evaluation (killed by the
 * watchdog, or dead) is started again at once, alone; one that cannot
 * start is dropped with a warning while another remains.
 *
 * `lock` guards the routes and the slots' `enabled` flags.  Proxies are
 * called outside it (they have their own locks) and live as long as the
 * pool.
 */
#include "harness/harness-private.h"

#define MAX_WORKERS 64
#define MAX_ROUTES 4096

typedef struct {
  BnbHarnessProxy *proxy;
  gboolean enabled;
} Slot;

struct BnbHarnessPool {
  GMutex lock;
  Slot *slots;
  guint n_slots;
  guint n_enabled;
  GHashTable *routes; /* source SHA-256 (owned) -> slot index + 1 */
  GQueue order;       /* the routes' keys (borrowed), oldest first */
};

/* One worker started on its own thread. */
typedef struct {
  const char *program;
  const char *device;
  guint threads;
  const char *build_options;
  BnbHarnessProxy *proxy;
  GError *error;
} Start;

static gpointer
start_one (gpointer data)
{
  Start *s = data;
  s->proxy
      = bnb_harness_proxy_new (s->program, s->device, s->threads,
                               s->build_options, &s->error);
  return NULL;
}

static void
add_slot (BnbHarnessPool *pool, BnbHarnessProxy *proxy)
{
  pool->slots[pool->n_slots].proxy = proxy;
  pool->slots[pool->n_slots].enabled = TRUE;
  pool->n_slots++;
  pool->n_enabled++;
}

/* Workers being started, each on its own thread. */
typedef struct {
  guint n;
  Start *starts;
  GThread **threads;
} Starting;

static void
start_begin (Starting *s, const char *program, const char *device, guint n,
             guint threads, const char *build_options)
{
  s->n = n;
  s->starts = g_new0 (Start, MAX (n, 1));
  s->threads = g_new0 (GThread *, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      s->starts[i]
          = (Start){ program, device, threads, build_options, NULL, NULL };
      s->threads[i]
          = g_thread_new ("bnb-worker-start", start_one, &s->starts[i]);
    }
}

/* Those started join `pool` (or are stopped, when `pool` is NULL); those
 * that failed are warned of. */
static void
start_end (Starting *s, BnbHarnessPool *pool)
{
  for (guint i = 0; i < s->n; i++)
    {
      g_thread_join (s->threads[i]);
      if (s->starts[i].proxy && pool)
        add_slot (pool, s->starts[i].proxy);
      else if (s->starts[i].proxy)
        {
          bnb_harness_proxy_hang_up (s->starts[i].proxy);
          bnb_harness_proxy_free (s->starts[i].proxy);
        }
      else
        g_warning ("worker %u of %u could not start, going on with fewer: "
                   "%s",
                   i + 2, s->n + 1, s->starts[i].error->message);
      g_clear_error (&s->starts[i].error);
    }
  g_free (s->starts);
  g_free (s->threads);
}

static BnbHarnessPool *
pool_alloc (guint n)
{
  BnbHarnessPool *pool = g_new0 (BnbHarnessPool, 1);
  g_mutex_init (&pool->lock);
  pool->slots = g_new0 (Slot, n);
  pool->routes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_queue_init (&pool->order);
  return pool;
}

/* With `workers` given, all start at once; else the first starts alone,
 * and its device says how many more (bnb_harness_default_workers). */
BnbHarnessPool *
bnb_harness_pool_new (const char *program, const char *device, guint workers,
                      guint build_threads, const char *build_options,
                      GError **error)
{
  guint given = MIN (workers, MAX_WORKERS);
  guint first_threads
      = build_threads ? build_threads
                      : bnb_harness_default_build_threads (MAX (given, 1));
  Starting others = { 0 };
  if (given > 1)
    start_begin (&others, program, device, given - 1, first_threads,
                 build_options);
  BnbHarnessProxy *first = bnb_harness_proxy_new (
      program, device, first_threads, build_options, error);
  BnbHarnessPool *pool;
  guint n, threads;
  if (!first)
    {
      start_end (&others, NULL);
      return NULL;
    }
  n = given ? given
            : bnb_harness_default_workers (bnb_harness_proxy_device (first),
                                           1);
  n = CLAMP (n, 1, MAX_WORKERS);
  threads
      = build_threads ? build_threads : bnb_harness_default_build_threads (n);
  bnb_harness_proxy_set_threads (first, threads);
  pool = pool_alloc (n);
  add_slot (pool, first);
  if (given == 0)
    start_begin (&others, program, device, n - 1, threads, build_options);
  start_end (&others, pool);
  return pool;
}

/* All the workers are told to exit, then waited for. */
void
bnb_harness_pool_free (BnbHarnessPool *pool)
{
  if (!pool)
    return;
  for (guint i = 0; i < pool->n_slots; i++)
    bnb_harness_proxy_hang_up (pool->slots[i].proxy);
  for (guint i = 0; i < pool->n_slots; i++)
    bnb_harness_proxy_free (pool->slots[i].proxy);
  g_queue_clear (&pool->order);
  g_hash_table_destroy (pool->routes);
  g_free (pool->slots);
  g_mutex_clear (&pool->lock);
  g_free (pool);
}

const BnbDeviceDesc *
bnb_harness_pool_device (const BnbHarnessPool *pool)
{
  return bnb_harness_proxy_device (pool->slots[0].proxy);
}

const char *
bnb_harness_pool_reason (const BnbHarnessPool *pool)
{
  return bnb_harness_proxy_reason (pool->slots[0].proxy);
}

guint
bnb_harness_pool_n_workers (BnbHarnessPool *pool)
{
  guint n;
  g_mutex_lock (&pool->lock);
  n = pool->n_enabled;
  g_mutex_unlock (&pool->lock);
  return n;
}

GPid
bnb_harness_pool_worker_pid (BnbHarnessPool *pool, guint i)
{
  if (i >= pool->n_slots)
    return 0;
  return bnb_harness_proxy_pid (pool->slots[i].proxy);
}

/* Under the lock: the enabled slot that is running, has the fewest
 * sources waiting, and comes first. */
static guint
least_loaded (BnbHarnessPool *pool)
{
  guint best = 0;
  guint64 best_key = G_MAXUINT64;
  for (guint i = 0; i < pool->n_slots; i++)
    {
      BnbHarnessProxy *proxy = pool->slots[i].proxy;
      guint64 key;
      if (!pool->slots[i].enabled)
        continue;
      key = (guint64)!bnb_harness_proxy_is_running (proxy) << 32
            | bnb_harness_proxy_load (proxy);
      if (key < best_key)
        {
          best = i;
          best_key = key;
        }
    }
  return best;
}

/* Under the lock: the route of `hash` set to `slot`, the oldest routes
 * forgotten beyond MAX_ROUTES. */
static void
remember (BnbHarnessPool *pool, const char *hash, guint slot)
{
  char *key = g_strdup (hash);
  if (!g_hash_table_contains (pool->routes, key))
    g_queue_push_tail (&pool->order, key);
  g_hash_table_insert (pool->routes, key, GUINT_TO_POINTER (slot + 1));
  while (pool->order.length > MAX_ROUTES)
    g_hash_table_remove (pool->routes, g_queue_pop_head (&pool->order));
}

/* The slot that has the source whose SHA-256 is `hash`, or gets it. */
static guint
route (BnbHarnessPool *pool, const char *hash)
{
  guint slot;
  g_mutex_lock (&pool->lock);
  slot = GPOINTER_TO_UINT (g_hash_table_lookup (pool->routes, hash));
  if (!slot || !pool->slots[slot - 1].enabled)
    {
      slot = least_loaded (pool) + 1;
      remember (pool, hash, slot - 1);
    }
  g_mutex_unlock (&pool->lock);
  return slot - 1;
}

static char *
source_hash (const char *source)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, source, -1);
}

void
bnb_harness_pool_prepare (BnbHarnessPool *pool, const char *source)
{
  g_autofree char *hash = source_hash (source);
  bnb_harness_proxy_prepare (pool->slots[route (pool, hash)].proxy, source);
}

void
bnb_harness_pool_forget (BnbHarnessPool *pool)
{
  for (guint i = 0; i < pool->n_slots; i++)
    bnb_harness_proxy_forget (pool->slots[i].proxy);
}

/* Whether the worker that has `source` (if any has it) has built it. */
gboolean
bnb_harness_pool_built (BnbHarnessPool *pool, const char *source)
{
  g_autofree char *hash = source_hash (source);
  guint slot;
  g_mutex_lock (&pool->lock);
  slot = GPOINTER_TO_UINT (g_hash_table_lookup (pool->routes, hash));
  gboolean known = slot != 0 && pool->slots[slot - 1].enabled;
  g_mutex_unlock (&pool->lock);
  return known && bnb_harness_proxy_built (pool->slots[slot - 1].proxy, hash);
}

/* A worker that cannot start: dropped with a warning if another remains
 * (TRUE), else kept for the next evaluation to try again (FALSE). */
static gboolean
drop (BnbHarnessPool *pool, guint slot, const GError *why)
{
  guint left = 0;
  g_mutex_lock (&pool->lock);
  if (pool->n_enabled > 1)
    {
      pool->slots[slot].enabled = FALSE;
      left = --pool->n_enabled;
    }
  g_mutex_unlock (&pool->lock);
  if (left)
    g_warning ("worker %u of the harness stopped, going on with %u: %s",
               slot + 1, left, why->message);
  return left > 0;
}

/* A worker lost during the evaluation is started again now, so that it
 * builds what was prepared for it while the next evaluations run. */
static void
restart_if_lost (BnbHarnessPool *pool, guint slot,
                 const BnbHarnessSetup *setup)
{
  g_autoptr (GError) error = NULL;
  BnbHarnessProxy *proxy = pool->slots[slot].proxy;
  if (!bnb_harness_proxy_is_running (proxy)
      && !bnb_harness_proxy_ensure (proxy, setup, &error))
    drop (pool, slot, error);
}

/* One worker given the problem on its own thread. */
typedef struct {
  BnbHarnessProxy *proxy;
  const BnbHarnessSetup *setup;
  GError *error;
} SetUp;

static gpointer
set_up_one (gpointer data)
{
  SetUp *u = data;
  bnb_harness_proxy_ensure (u->proxy, u->setup, &u->error);
  return NULL;
}

void
bnb_harness_pool_set_up_all (BnbHarnessPool *pool,
                             const BnbHarnessSetup *setup)
{
  guint n = pool->n_slots;
  g_autofree SetUp *ups = g_new0 (SetUp, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  for (guint i = 0; i < n; i++)
    {
      ups[i] = (SetUp){ pool->slots[i].proxy, setup, NULL };
      g_mutex_lock (&pool->lock);
      gboolean enabled = pool->slots[i].enabled;
      g_mutex_unlock (&pool->lock);
      if (enabled)
        threads[i] = g_thread_new ("bnb-set-up", set_up_one, &ups[i]);
    }
  for (guint i = 0; i < n; i++)
    {
      if (threads[i] != NULL)
        g_thread_join (threads[i]);
      if (ups[i].error != NULL)
        drop (pool, i, ups[i].error);
      g_clear_error (&ups[i].error);
    }
}

BnbEvaluation *
bnb_harness_pool_evaluate (BnbHarnessPool *pool, const BnbHarnessSetup *setup,
                           const BnbHarnessProgram *program, guint warmup,
                           guint repetitions, const BnbHarnessLimits *limits,
                           GError **error)
{
  g_autofree char *hash = source_hash (program->source);
  for (;;)
    {
      g_autoptr (GError) failed = NULL;
      guint slot = route (pool, hash);
      BnbEvaluation *e
          = bnb_harness_proxy_evaluate (pool->slots[slot].proxy, setup,
                                        program, warmup, repetitions, limits,
                                        &failed);
      if (e)
        {
          /* a stopped evaluation ends a search: its worker starts again
           * at the next evaluation, if any (ensure_worker), not now.  The
           * device waits for a restart as for a build: its time is the
           * evaluation's wait too */
          if (!e->stopped)
            {
              gint64 lost_us = g_get_monotonic_time ();
              restart_if_lost (pool, slot, setup);
              e->build_wait_s += (g_get_monotonic_time () - lost_us) / 1e6;
            }
          return e;
        }
      if (!drop (pool, slot, failed))
        {
          g_propagate_error (error, g_steal_pointer (&failed));
          return NULL;
        }
    }
}
