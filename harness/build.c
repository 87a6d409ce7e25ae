/* The build cache: OpenCL programs built from source, keyed by the
 * source's SHA-256, built ahead on a thread pool or on demand.
 *
 * An entry goes QUEUED (a prepare put it on the pool) -> BUILDING -> DONE.
 * A thread that needs a QUEUED entry builds it itself rather than wait for
 * the pool to reach it; one that needs a BUILDING entry waits for it.
 * clBuildProgram may be called from several threads on one context
 * (OpenCL 1.2, section A.2).  While paused, or held by a thread that
 * builds its own entry beside a pool of one thread (get_told), the pool
 * starts no build; `building` counts those under way, so that a pause or
 * a hold can wait for them.
 * Only DONE entries are evicted, oldest first, beyond MAX_DONE (forget
 * drops them all, and the QUEUED ones);
 * evaluations hold their own reference, and a waiter looks its entry up
 * again after each wake-up.
 */
#include "harness/harness-private.h"

#define MAX_DONE 256

typedef enum {
  ENTRY_QUEUED,
  ENTRY_BUILDING,
  ENTRY_DONE,
} EntryState;

typedef struct {
  char *hash;
  char *source; /* until built */
  EntryState state;
  gint64 started_us; /* when its build started (BUILDING) */
  BnbHarnessBuilt *built;
} Entry;

struct BnbHarnessBuilds {
  cl_context context;
  cl_device_id device;
  GMutex lock;
  GCond done;
  GHashTable *entries; /* hash -> Entry* */
  GQueue finished;     /* Entry*, DONE, oldest first */
  GThreadPool *pool;   /* of hashes (char*) */
  char *options;       /* for clBuildProgram */
  gboolean closing;
  gboolean paused;     /* the pool starts no build */
  guint held;          /* as paused, by evaluations that build their own
                          (bnb_harness_builds_get_told) */
  guint building;      /* entries BUILDING */
};

BnbHarnessBuilt *
bnb_harness_built_ref (BnbHarnessBuilt *built)
{
  g_atomic_int_inc (&built->ref_count);
  return built;
}

void
bnb_harness_built_unref (BnbHarnessBuilt *built)
{
  if (!built || !g_atomic_int_dec_and_test (&built->ref_count))
    return;
  if (built->program)
    bnb_device_check_cl (clReleaseProgram (built->program), "clReleaseProgram",
                         NULL);
  g_free (built->log);
  g_free (built);
}

static void
entry_free (Entry *entry)
{
  g_free (entry->hash);
  g_free (entry->source);
  if (entry->built)
    bnb_harness_built_unref (entry->built);
  g_free (entry);
}

static char *
build_log (cl_program program, cl_device_id device)
{
  size_t size = 0;
  char *log;
  if (clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, 0, NULL,
                             &size)
          != CL_SUCCESS
      || size == 0)
    return g_strdup ("");
  log = g_malloc0 (size + 1);
  if (clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, size, log,
                             NULL)
      != CL_SUCCESS)
    log[0] = 0;
  return g_strstrip (log);
}

/* The log, with the failed call's error under it. */
static char *
failure_log (cl_program program, cl_device_id device, cl_int status,
             const char *call)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *log = program ? build_log (program, device) : NULL;
  bnb_device_check_cl (status, call, &error);
  if (!log || !*log)
    return g_strdup (error->message);
  return g_strdup_printf ("%s\n%s", log, error->message);
}

static BnbHarnessBuilt *
build (BnbHarnessBuilds *b, const char *source)
{
  BnbHarnessBuilt *built = g_new0 (BnbHarnessBuilt, 1);
  gint64 start = g_get_monotonic_time ();
  cl_int status = CL_SUCCESS;
  cl_program program
      = clCreateProgramWithSource (b->context, 1, &source, NULL, &status);
  built->ref_count = 1;
  if (status != CL_SUCCESS)
    built->log
        = failure_log (NULL, b->device, status, "clCreateProgramWithSource");
  else if ((status = clBuildProgram (program, 1, &b->device, b->options,
                                     NULL, NULL))
           != CL_SUCCESS)
    built->log = failure_log (program, b->device, status, "clBuildProgram");
  else
    built->program = g_steal_pointer (&program);
  if (program)
    clReleaseProgram (program);
  built->seconds = (g_get_monotonic_time () - start) / 1e6;
  return built;
}

/* Under the lock: an entry is DONE; wake its waiters, evict the oldest. */
static void
finish (BnbHarnessBuilds *b, Entry *entry, BnbHarnessBuilt *built)
{
  entry->state = ENTRY_DONE;
  entry->built = built;
  g_clear_pointer (&entry->source, g_free);
  g_queue_push_tail (&b->finished, entry);
  g_cond_broadcast (&b->done);
  while (b->finished.length > MAX_DONE)
    {
      Entry *old = g_queue_pop_head (&b->finished);
      g_hash_table_remove (b->entries, old->hash);
    }
}

/* Under the lock, which it releases while building. */
static BnbHarnessBuilt *
build_entry (BnbHarnessBuilds *b, Entry *entry)
{
  g_autofree char *source = g_strdup (entry->source);
  BnbHarnessBuilt *built;
  entry->state = ENTRY_BUILDING;
  entry->started_us = g_get_monotonic_time ();
  b->building++;
  g_mutex_unlock (&b->lock);
  built = build (b, source);
  g_mutex_lock (&b->lock);
  b->building--;
  finish (b, entry, built);
  return built;
}

static void
pool_build (gpointer data, gpointer user_data)
{
  BnbHarnessBuilds *b = user_data;
  g_autofree char *hash = data;
  Entry *entry;
  g_mutex_lock (&b->lock);
  while ((b->paused || b->held > 0) && !b->closing)
    g_cond_wait (&b->done, &b->lock);
  entry = g_hash_table_lookup (b->entries, hash);
  if (!b->closing && entry && entry->state == ENTRY_QUEUED)
    build_entry (b, entry);
  g_mutex_unlock (&b->lock);
}

/* An entry under way stays: its builder holds it. */
static gboolean
not_building (gpointer key, gpointer value, gpointer user_data)
{
  return ((Entry *)value)->state != ENTRY_BUILDING;
}

void
bnb_harness_builds_forget (BnbHarnessBuilds *b)
{
  g_mutex_lock (&b->lock);
  g_queue_clear (&b->finished); /* its entries are DONE: removed below */
  g_hash_table_foreach_remove (b->entries, not_building, NULL);
  g_mutex_unlock (&b->lock);
}

void
bnb_harness_builds_pause (BnbHarnessBuilds *b)
{
  g_mutex_lock (&b->lock);
  b->paused = TRUE;
  while (b->building > 0)
    g_cond_wait (&b->done, &b->lock);
  g_mutex_unlock (&b->lock);
}

void
bnb_harness_builds_counts (BnbHarnessBuilds *b, guint *building, guint *done)
{
  g_mutex_lock (&b->lock);
  *building = b->building;
  *done = b->finished.length;
  g_mutex_unlock (&b->lock);
}

void
bnb_harness_builds_resume (BnbHarnessBuilds *b)
{
  g_mutex_lock (&b->lock);
  b->paused = FALSE;
  g_cond_broadcast (&b->done);
  g_mutex_unlock (&b->lock);
}

BnbHarnessBuilds *
bnb_harness_builds_new (cl_context context, cl_device_id device, guint threads,
                        const char *options)
{
  BnbHarnessBuilds *b = g_new0 (BnbHarnessBuilds, 1);
  b->options = g_strdup (options ? options : "");
  b->context = context;
  b->device = device;
  g_mutex_init (&b->lock);
  g_cond_init (&b->done);
  b->entries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                      (GDestroyNotify)entry_free);
  g_queue_init (&b->finished);
  b->pool
      = g_thread_pool_new (pool_build, b, (gint)MAX (threads, 1), FALSE, NULL);
  return b;
}

void
bnb_harness_builds_free (BnbHarnessBuilds *b)
{
  if (!b)
    return;
  g_mutex_lock (&b->lock);
  b->closing = TRUE;
  g_cond_broadcast (&b->done);
  g_mutex_unlock (&b->lock);
  g_thread_pool_free (b->pool, FALSE, TRUE);
  g_queue_clear (&b->finished);
  g_hash_table_destroy (b->entries);
  g_mutex_clear (&b->lock);
  g_cond_clear (&b->done);
  g_free (b->options);
  g_free (b);
}

static Entry *
entry_new (BnbHarnessBuilds *b, const char *hash, const char *source)
{
  Entry *entry = g_new0 (Entry, 1);
  entry->hash = g_strdup (hash);
  entry->source = g_strdup (source);
  entry->state = ENTRY_QUEUED;
  g_hash_table_insert (b->entries, entry->hash, entry);
  return entry;
}

void
bnb_harness_builds_set_threads (BnbHarnessBuilds *b, guint threads)
{
  g_thread_pool_set_max_threads (b->pool, (gint)MAX (threads, 1), NULL);
}

void
bnb_harness_builds_prepare (BnbHarnessBuilds *b, const char *source)
{
  g_autofree char *hash
      = g_compute_checksum_for_string (G_CHECKSUM_SHA256, source, -1);
  g_mutex_lock (&b->lock);
  if (!g_hash_table_contains (b->entries, hash))
    {
      entry_new (b, hash, source);
      g_thread_pool_push (b->pool, g_steal_pointer (&hash), NULL);
    }
  g_mutex_unlock (&b->lock);
}

gboolean
bnb_harness_builds_done (BnbHarnessBuilds *b, const char *hash)
{
  g_mutex_lock (&b->lock);
  Entry *entry = g_hash_table_lookup (b->entries, hash);
  gboolean done = entry != NULL && entry->state == ENTRY_DONE;
  g_mutex_unlock (&b->lock);
  return done;
}

BnbHarnessBuilt *
bnb_harness_builds_get (BnbHarnessBuilds *b, const char *source)
{
  return bnb_harness_builds_get_told (b, source, NULL, NULL);
}

BnbHarnessBuilt *
bnb_harness_builds_get_told (BnbHarnessBuilds *b, const char *source,
                             BnbHarnessStarting starting, gpointer data)
{
  g_autofree char *hash
      = g_compute_checksum_for_string (G_CHECKSUM_SHA256, source, -1);
  BnbHarnessBuilt *built = NULL;
  gboolean told = starting == NULL, held = FALSE;
  g_mutex_lock (&b->lock);
  while (!built)
    {
      Entry *entry = g_hash_table_lookup (b->entries, hash);
      if (!entry)
        entry = entry_new (b, hash, source);
      if (!told && entry->state == ENTRY_QUEUED
          && g_thread_pool_get_max_threads (b->pool) == 1)
        {
          /* this thread builds it, beside a pool of one thread (a worker
           * among several): the pool starts no other meanwhile, and the
           * build under way ends first */
          if (!held)
            b->held++;
          held = TRUE;
          if (b->building > 0)
            {
              g_cond_wait (&b->done, &b->lock);
              continue;
            }
        }
      if (!told && entry->state != ENTRY_DONE)
        {
          double ago_s
              = entry->state == ENTRY_BUILDING
                    ? (g_get_monotonic_time () - entry->started_us) / 1e6
                    : 0;
          told = TRUE;
          g_mutex_unlock (&b->lock);
          starting (ago_s, data);
          g_mutex_lock (&b->lock);
          continue;
        }
      if (entry->state == ENTRY_QUEUED)
        build_entry (b, entry);
      if (entry->state == ENTRY_DONE)
        built = bnb_harness_built_ref (entry->built);
      else
        g_cond_wait (&b->done, &b->lock);
    }
  if (held)
    {
      b->held--;
      g_cond_broadcast (&b->done);
    }
  g_mutex_unlock (&b->lock);
  return built;
}
