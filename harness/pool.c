/* Several workers, so that builds run in parallel: a driver may serialize
 * clBuildProgram within one process (NVIDIA's does, at about 0.9 s a
 * kernel), but processes build at once.  Each worker has its own context,
 * buffers and inputs (drawn from the same seed) and is sent the one
 * reference the parent computed.  Evaluations stay one at a time (the
 * harness's lock): one worker runs kernels while the others only build.
 *
 *   prepare (source) --> waiting (oldest first) --> worker w with room
 *   evaluate (source) --route--> the same worker w: finds it built
 *
 * The workers pull: a source prepared waits in the pool until a worker
 * has fewer than CREDIT sources sent to it and not yet evaluated, and
 * goes to the one with the fewest, the first on a tie.  A device thread
 * evaluates the sources of its pool in the order they were prepared (the
 * search sends them so), so an evaluation also settles every source
 * prepared before it: evaluated, or skipped (cut) and never to be.  A
 * source is evaluated where it went, or, if still waiting, on the least
 * loaded worker, which builds it then.
 *
 * The first worker starts alone (its device says how many more to start,
 * bnb_harness_default_workers); the others start in the background,
 * STARTERS at a time, and join as each is up, taking sources that wait,
 * so that a search begins as soon as one worker is.  NVIDIA's driver
 * opens devices about one process after another (0.27 s each, docs/
 * harness.md): 16 workers used to hold a search back about 4 s.
 *
 * A worker lost during an evaluation (killed by the watchdog, or dead) is
 * started again at once, alone; one that cannot start is dropped with a
 * warning while another remains.
 *
 * `lock` guards everything but the proxies' own state; proxies are called
 * outside it (they have their own locks, held while a worker starts) and
 * live as long as the pool.
 */
#include "harness/harness-private.h"

#include <string.h>

#define MAX_WORKERS 64
#define MAX_ROUTES 4096
/* Sources sent to a worker and not yet evaluated, at most: one being
 * built and the next ones queued there. */
#define CREDIT 4
/* Workers started at once in the background. */
#define STARTERS 4

typedef struct {
  BnbHarnessProxy *proxy;
  gboolean enabled;
  guint outstanding; /* sources sent here, not yet settled */
  GQueue seqs;       /* their preparation numbers, oldest first */
} Slot;

/* Where a source went: slot + 1 (0: it waits), and its number. */
typedef struct {
  guint slot;
  guint seq;
} Route;

/* A source prepared that no worker has yet. */
typedef struct {
  char *source;
  char *hash;
  guint seq;
} Waiting;

struct BnbHarnessPool {
  GMutex lock;
  GCond changed; /* a worker joined or failed to */
  Slot *slots;
  guint n_slots; /* joined */
  guint n_enabled;
  guint n_planned;  /* slots allocated */
  guint n_starting; /* neither joined nor failed yet */
  guint next_start; /* workers handed to a starter so far, the first too */
  GHashTable *routes; /* source SHA-256 (owned) -> Route (owned) */
  GQueue order;       /* the routes' keys (borrowed), oldest first */
  GQueue waiting;     /* Waiting, oldest first */
  guint next_seq;
  guint settled; /* sources numbered up to this one are settled */
  gboolean has_setup;
  BnbHarnessSetup setup; /* the harness's, borrowed: it outlives the pool */
  gboolean closing;
  /* what the background starters need */
  char *program;
  char *device;
  char *build_options;
  guint threads;
  GThread *starters[STARTERS];
};

/* A source to send to a worker, once the lock is let go. */
typedef struct {
  BnbHarnessProxy *proxy;
  char *source;
} Send;

static void
waiting_free (Waiting *w)
{
  g_free (w->source);
  g_free (w->hash);
  g_free (w);
}

static void
send_all (GArray *sends)
{
  for (guint i = 0; i < sends->len; i++)
    {
      Send *s = &g_array_index (sends, Send, i);
      bnb_harness_proxy_prepare (s->proxy, s->source);
      g_free (s->source);
    }
  g_array_unref (sends);
}

static void
add_slot (BnbHarnessPool *pool, BnbHarnessProxy *proxy)
{
  Slot *slot = &pool->slots[pool->n_slots];
  slot->proxy = proxy;
  slot->enabled = TRUE;
  slot->outstanding = 0;
  g_queue_init (&slot->seqs);
  pool->n_slots++;
  pool->n_enabled++;
}

/* Under the lock: the enabled slot that is running, has the fewest
 * sources outstanding, and comes first. */
static guint
least_loaded (BnbHarnessPool *pool)
{
  guint best = 0;
  guint64 best_key = G_MAXUINT64;
  for (guint i = 0; i < pool->n_slots; i++)
    {
      guint64 key;
      if (!pool->slots[i].enabled)
        continue;
      key = (guint64)!bnb_harness_proxy_is_running (pool->slots[i].proxy)
                << 32
            | pool->slots[i].outstanding;
      if (key < best_key)
        {
          best = i;
          best_key = key;
        }
    }
  return best;
}

/* Under the lock: the route of `hash`, made if there is none; the oldest
 * routes forgotten beyond MAX_ROUTES. */
static Route *
route_of (BnbHarnessPool *pool, const char *hash)
{
  Route *r = g_hash_table_lookup (pool->routes, hash);
  if (r)
    return r;
  char *key = g_strdup (hash);
  r = g_new0 (Route, 1);
  g_queue_push_tail (&pool->order, key);
  g_hash_table_insert (pool->routes, key, r);
  while (pool->order.length > MAX_ROUTES)
    g_hash_table_remove (pool->routes, g_queue_pop_head (&pool->order));
  return g_hash_table_lookup (pool->routes, hash);
}

/* Under the lock: `slot` gets the source numbered `seq`. */
static void
give (BnbHarnessPool *pool, guint slot, guint seq)
{
  pool->slots[slot].outstanding++;
  g_queue_push_tail (&pool->slots[slot].seqs, GUINT_TO_POINTER (seq));
}

/* Under the lock: the sources that wait go to the workers with room,
 * oldest first; those settled already (skipped) are forgotten.  What to
 * send is added to `sends`. */
static void
dispatch (BnbHarnessPool *pool, GArray *sends)
{
  Waiting *w;
  while ((w = g_queue_peek_head (&pool->waiting)) != NULL)
    {
      if (w->seq > pool->settled)
        {
          guint slot = least_loaded (pool);
          if (!pool->slots[slot].enabled
              || !bnb_harness_proxy_is_running (pool->slots[slot].proxy)
              || pool->slots[slot].outstanding >= CREDIT)
            return;
          route_of (pool, w->hash)->slot = slot + 1;
          give (pool, slot, w->seq);
          Send s = { pool->slots[slot].proxy, g_steal_pointer (&w->source) };
          g_array_append_val (sends, s);
        }
      waiting_free (g_queue_pop_head (&pool->waiting));
    }
}

/* Under the lock: every source numbered up to `seq` is settled. */
static void
settle (BnbHarnessPool *pool, guint seq)
{
  pool->settled = MAX (pool->settled, seq);
  for (guint i = 0; i < pool->n_slots; i++)
    {
      Slot *slot = &pool->slots[i];
      while (!g_queue_is_empty (&slot->seqs)
             && GPOINTER_TO_UINT (g_queue_peek_head (&slot->seqs))
                    <= pool->settled)
        {
          g_queue_pop_head (&slot->seqs);
          slot->outstanding--;
        }
    }
}

static GArray *
new_sends (void)
{
  return g_array_new (FALSE, FALSE, sizeof (Send));
}

static BnbHarnessPool *
pool_alloc (guint n)
{
  BnbHarnessPool *pool = g_new0 (BnbHarnessPool, 1);
  g_mutex_init (&pool->lock);
  g_cond_init (&pool->changed);
  pool->slots = g_new0 (Slot, n);
  pool->n_planned = n;
  pool->routes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        g_free);
  g_queue_init (&pool->order);
  g_queue_init (&pool->waiting);
  return pool;
}

/* A worker that will not join: one fewer planned. */
static void
give_up_one (BnbHarnessPool *pool, guint i, const GError *why)
{
  g_mutex_lock (&pool->lock);
  if (!pool->closing)
    g_warning ("worker %u of %u could not start, going on with fewer: %s",
               i + 1, pool->n_planned, why->message);
  pool->n_starting--;
  g_cond_broadcast (&pool->changed);
  g_mutex_unlock (&pool->lock);
}

/* One starter: takes the next worker to start until none is left, and
 * has each join the pool once it is up (and has the problem, if the pool
 * has one by then). */
static gpointer
starter (gpointer data)
{
  BnbHarnessPool *pool = data;
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      guint i;
      g_mutex_lock (&pool->lock);
      if (pool->closing || pool->next_start >= pool->n_planned)
        {
          g_mutex_unlock (&pool->lock);
          return NULL;
        }
      i = pool->next_start++;
      g_mutex_unlock (&pool->lock);
      BnbHarnessProxy *proxy
          = bnb_harness_proxy_new (pool->program, pool->device, pool->threads,
                                   pool->build_options, &error);
      if (!proxy)
        {
          give_up_one (pool, i, error);
          continue;
        }
      g_mutex_lock (&pool->lock);
      if (pool->has_setup && !pool->closing)
        {
          BnbHarnessSetup setup = pool->setup;
          g_mutex_unlock (&pool->lock);
          if (!bnb_harness_proxy_ensure (proxy, &setup, &error))
            {
              bnb_harness_proxy_free (proxy);
              give_up_one (pool, i, error);
              continue;
            }
          g_mutex_lock (&pool->lock);
        }
      if (pool->closing)
        {
          pool->n_starting--;
          g_cond_broadcast (&pool->changed);
          g_mutex_unlock (&pool->lock);
          bnb_harness_proxy_hang_up (proxy);
          bnb_harness_proxy_free (proxy);
          continue;
        }
      GArray *sends = new_sends ();
      add_slot (pool, proxy);
      pool->n_starting--;
      dispatch (pool, sends);
      g_cond_broadcast (&pool->changed);
      g_mutex_unlock (&pool->lock);
      send_all (sends);
    }
}

/* The first worker starts alone, with `workers` given or not (0: the
 * default for the device it opens); the others start in the
 * background. */
BnbHarnessPool *
bnb_harness_pool_new (const char *program, const char *device, guint workers,
                      guint build_threads, const char *build_options,
                      GError **error)
{
  guint given = MIN (workers, MAX_WORKERS);
  guint threads
      = build_threads ? build_threads
                      : bnb_harness_default_build_threads (MAX (given, 1));
  BnbHarnessProxy *first = bnb_harness_proxy_new (program, device, threads,
                                                  build_options, error);
  BnbHarnessPool *pool;
  guint n;
  if (!first)
    return NULL;
  n = given ? given
            : bnb_harness_default_workers (bnb_harness_proxy_device (first),
                                           1);
  n = CLAMP (n, 1, MAX_WORKERS);
  threads
      = build_threads ? build_threads : bnb_harness_default_build_threads (n);
  bnb_harness_proxy_set_threads (first, threads);
  pool = pool_alloc (n);
  add_slot (pool, first);
  pool->next_start = 1;
  pool->n_starting = n - 1;
  pool->program = g_strdup (program);
  pool->device = g_strdup (device);
  pool->build_options = g_strdup (build_options);
  pool->threads = threads;
  for (guint i = 0; i < MIN (STARTERS, n - 1); i++)
    pool->starters[i] = g_thread_new ("bnb-worker-start", starter, pool);
  return pool;
}

void
bnb_harness_pool_wait_started (BnbHarnessPool *pool)
{
  g_mutex_lock (&pool->lock);
  while (pool->n_starting > 0)
    g_cond_wait (&pool->changed, &pool->lock);
  g_mutex_unlock (&pool->lock);
}

/* The workers still starting are waited for (and stopped), then all are
 * told to exit, then waited for. */
void
bnb_harness_pool_free (BnbHarnessPool *pool)
{
  if (!pool)
    return;
  g_mutex_lock (&pool->lock);
  pool->closing = TRUE;
  g_mutex_unlock (&pool->lock);
  for (guint i = 0; i < STARTERS; i++)
    if (pool->starters[i])
      g_thread_join (pool->starters[i]);
  for (guint i = 0; i < pool->n_slots; i++)
    bnb_harness_proxy_hang_up (pool->slots[i].proxy);
  for (guint i = 0; i < pool->n_slots; i++)
    {
      bnb_harness_proxy_free (pool->slots[i].proxy);
      g_queue_clear (&pool->slots[i].seqs);
    }
  g_queue_clear_full (&pool->waiting, (GDestroyNotify)waiting_free);
  g_queue_clear (&pool->order);
  g_hash_table_destroy (pool->routes);
  g_free (pool->slots);
  g_free (pool->program);
  g_free (pool->device);
  g_free (pool->build_options);
  g_cond_clear (&pool->changed);
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

/* Those up and those still starting. */
guint
bnb_harness_pool_n_workers (BnbHarnessPool *pool)
{
  guint n;
  g_mutex_lock (&pool->lock);
  n = pool->n_enabled + pool->n_starting;
  g_mutex_unlock (&pool->lock);
  return n;
}

GPid
bnb_harness_pool_worker_pid (BnbHarnessPool *pool, guint i)
{
  BnbHarnessProxy *proxy = NULL;
  g_mutex_lock (&pool->lock);
  if (i < pool->n_slots)
    proxy = pool->slots[i].proxy;
  g_mutex_unlock (&pool->lock);
  return proxy ? bnb_harness_proxy_pid (proxy) : 0;
}

static char *
source_hash (const char *source)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, source, -1);
}

gint
bnb_harness_pool_worker_of (BnbHarnessPool *pool, const char *source)
{
  g_autofree char *hash = source_hash (source);
  gint slot = -2;
  g_mutex_lock (&pool->lock);
  Route *r = g_hash_table_lookup (pool->routes, hash);
  if (r != NULL && r->slot > 0)
    slot = (gint)r->slot - 1;
  else if (r != NULL && r->seq > pool->settled)
    slot = -1;
  g_mutex_unlock (&pool->lock);
  return slot;
}

/* A source waiting, or sent to a worker still enabled, is left where it
 * is; any other (one skipped while it waited, too) waits for a worker
 * with room. */
void
bnb_harness_pool_prepare (BnbHarnessPool *pool, const char *source)
{
  char *hash = source_hash (source);
  GArray *sends = new_sends ();
  g_mutex_lock (&pool->lock);
  Route *r = g_hash_table_lookup (pool->routes, hash);
  if (r == NULL || (r->slot > 0 && !pool->slots[r->slot - 1].enabled)
      || (r->slot == 0 && r->seq <= pool->settled))
    {
      Waiting *w = g_new0 (Waiting, 1);
      r = route_of (pool, hash);
      r->slot = 0;
      r->seq = ++pool->next_seq;
      w->source = g_strdup (source);
      w->hash = g_steal_pointer (&hash);
      w->seq = r->seq;
      g_queue_push_tail (&pool->waiting, w);
      dispatch (pool, sends);
    }
  g_mutex_unlock (&pool->lock);
  g_free (hash);
  send_all (sends);
}

/* Under the lock: the source whose SHA-256 is `hash` taken out of the
 * sources that wait, if it is there. */
static void
unwait (BnbHarnessPool *pool, const char *hash)
{
  for (GList *l = pool->waiting.head; l; l = l->next)
    {
      Waiting *w = l->data;
      if (strcmp (w->hash, hash) == 0)
        {
          waiting_free (w);
          g_queue_delete_link (&pool->waiting, l);
          return;
        }
    }
}

/* The slot that has the source whose SHA-256 is `hash`, or gets it (then
 * builds it at its evaluation).  The source and every one prepared before
 * it are settled: their workers take more. */
static guint
route (BnbHarnessPool *pool, const char *hash)
{
  guint slot;
  GArray *sends = new_sends ();
  g_mutex_lock (&pool->lock);
  Route *r = route_of (pool, hash);
  if (r->slot == 0 || !pool->slots[r->slot - 1].enabled)
    {
      unwait (pool, hash);
      r->slot = least_loaded (pool) + 1;
    }
  slot = r->slot - 1;
  settle (pool, r->seq);
  dispatch (pool, sends);
  g_mutex_unlock (&pool->lock);
  send_all (sends);
  return slot;
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

/* The workers up now, each on a thread; those that join later are given
 * the problem by their starter. */
void
bnb_harness_pool_set_up_all (BnbHarnessPool *pool,
                             const BnbHarnessSetup *setup)
{
  g_mutex_lock (&pool->lock);
  pool->setup = *setup;
  pool->has_setup = TRUE;
  guint n = pool->n_slots;
  g_mutex_unlock (&pool->lock);
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
           * at the next evaluation, if any (ensure_worker), not now */
          if (!e->stopped)
            restart_if_lost (pool, slot, setup);
          return e;
        }
      if (!drop (pool, slot, failed))
        {
          g_propagate_error (error, g_steal_pointer (&failed));
          return NULL;
        }
    }
}
