/* What the files of harness/ share and no other folder may include.
 *
 *   problem.c   inputs, reference, tolerance, verification (no OpenCL)
 *   build.c     the build cache and its threads (OpenCL programs)
 *   guard.c     device buffers with guard zones around them
 *   local.c     one evaluation in this process: buffers, launches, times
 *   protocol.c  the worker's messages and their framing
 *   worker.c    `bnbtune worker`: a local harness behind the protocol
 *   proxy.c     the parent's side of a worker: spawn, timeouts, kill,
 *               restart
 *   pool.c      several workers: routing builds and evaluations
 *   harness.c   the public object over local.c or pool.c
 *   json.c      a writer and reader of flat JSON objects
 *   journal.c   the journal of evaluations
 */
#ifndef BNB_HARNESS_PRIVATE_H
#define BNB_HARNESS_PRIVATE_H

#include "harness/harness.h"

#include <stdatomic.h>

#include <CL/cl.h>

/* The inputs of one kernel at its sizes, and what it must compute.
 * `host[a]` holds array a in the device's element type (float or double):
 * the initial contents of in and inout arrays, NULL for out arrays.
 * `reference[a]` holds the expected contents of out and inout arrays after
 * one run, NULL for in arrays. */
typedef struct {
  const BnbIrKernel *kernel;
  guint n_arrays;
  gint64 *elements;
  gsize *element_size;
  void **host;
  double **reference;
  guint n_scalars;
  double *scalars;      /* as the interpreter reads them */
  guint64 *scalar_bits; /* as the kernel receives them, element_size bytes */
  gsize *scalar_size;
  double tolerance;
} BnbHarnessProblem;

/* Draws the inputs from `seed`; no reference yet.  `kernel` must be bound
 * and outlive the problem. */
BNB_GIVE BnbHarnessProblem *bnb_harness_problem_new (BNB_KEEP const BnbIrKernel
                                                         *k,
                                                     guint64 seed)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_harness_problem_free (BNB_TAKE BnbHarnessProblem *problem);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbHarnessProblem, bnb_harness_problem_free)

/* Runs the interpreter on the inputs.  With a `cache_key`, a reference
 * stored under it is read instead, and one that took long is stored. */
gboolean bnb_harness_problem_compute (BnbHarnessProblem *problem,
                                      const char *cache_key, GError **error);
/* Takes the reference of array `a` (problem->elements[a] doubles). */
void bnb_harness_problem_set_reference (BnbHarnessProblem *problem, guint a,
                                        BNB_TAKE double *reference);
/* Compares array `a` as read back (device element type) with the
 * reference, updating e->max_error and, for the first array with an
 * element beyond the tolerance, the wrong_* fields.  TRUE if all match. */
gboolean bnb_harness_problem_verify (const BnbHarnessProblem *problem, guint a,
                                     const void *data, BnbEvaluation *e);
/* The tolerance rule of docs/harness.md for a bound kernel. */
double bnb_harness_tolerance (const BnbIrKernel *kernel);

/* A program as the harness runs it: codegen's, or one written by hand. */
typedef BnbCodegenProgram BnbHarnessProgram;

/* A built program, shared between the cache and evaluations. */
typedef struct {
  gint ref_count;
  cl_program program; /* NULL if the build failed */
  char *log;
  double seconds;
} BnbHarnessBuilt;

BnbHarnessBuilt *bnb_harness_built_ref (BnbHarnessBuilt *built);
void bnb_harness_built_unref (BnbHarnessBuilt *built);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbHarnessBuilt, bnb_harness_built_unref)

typedef struct BnbHarnessBuilds BnbHarnessBuilds;

/* `options`: for clBuildProgram (NULL: none). */
BNB_GIVE BnbHarnessBuilds *bnb_harness_builds_new (cl_context context,
                                                   cl_device_id device,
                                                   guint threads,
                                                   const char *options)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_harness_builds_free (BNB_TAKE BnbHarnessBuilds *builds);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbHarnessBuilds, bnb_harness_builds_free)
/* The number of threads that build ahead (at least 1).  Thread-safe. */
void bnb_harness_builds_set_threads (BnbHarnessBuilds *builds, guint threads);
/* Queues a build of `source` unless it is built or queued.  Thread-safe. */
void bnb_harness_builds_prepare (BnbHarnessBuilds *builds, const char *source);
/* Whether the source of SHA-256 `hash` (hex) is built and in the cache, so
 * that an evaluation of it would not wait for a build.  Thread-safe. */
gboolean bnb_harness_builds_done (BnbHarnessBuilds *builds, const char *hash);
/* The build of `source`: from the cache, from a build under way (waiting
 * for it), or built now on this thread.  Thread-safe. */
BNB_GIVE BnbHarnessBuilt *bnb_harness_builds_get (BnbHarnessBuilds *builds,
                                                  const char *source)
    G_GNUC_WARN_UNUSED_RESULT;
/* Told when a source's own build starts: `ago_s` 0 where the caller's
 * thread is about to build it, else how long ago the pool started it. */
typedef void (*BnbHarnessStarting) (double ago_s, gpointer data);
/* As bnb_harness_builds_get, calling `starting` (if not NULL) once
 * before it waits for or makes the source's build, not at all when the
 * source is built.  Where this thread builds it and the pool has one
 * thread (a worker among several), the pool starts no other build
 * meanwhile and the one under way, if any, ends first (a driver that
 * makes one build at a time in a process, as NVIDIA's does, would make
 * it wait anyway, unseen), so that the build's limit can run from its
 * own start (harness/proxy.c).  With more threads (one worker, a CPU
 * device's default) it builds beside them, as before. */
BNB_GIVE BnbHarnessBuilt *bnb_harness_builds_get_told (BnbHarnessBuilds
                                                           *builds,
                                                       const char *source,
                                                       BnbHarnessStarting
                                                           starting,
                                                       gpointer data)
    G_GNUC_WARN_UNUSED_RESULT;
/* Builds ahead wait from now until resume, and pause returns once the
 * builds under way have ended: on a CPU device the runs then have the
 * processors to themselves.  A thread that needs a build (get) still
 * builds it.  Thread-safe; one pause at a time. */
void bnb_harness_builds_pause (BnbHarnessBuilds *builds);
void bnb_harness_builds_resume (BnbHarnessBuilds *builds);
/* Forgets what was built or queued (a queued build is not started; one
 * under way ends, and is kept): the next search builds its own kernels
 * (bnb_harness_forget_builds). */
void bnb_harness_builds_forget (BnbHarnessBuilds *builds);
/* The builds under way and those done (still cached), for the tests. */
void bnb_harness_builds_counts (BnbHarnessBuilds *builds, guint *building,
                                guint *done);

/* A device buffer between two guard zones (guard.c); kernels get
 * `region`, `bytes` long, at offset `guard` in `whole`. */
typedef struct {
  cl_mem whole;
  cl_mem region;
  gsize bytes;
  gsize guard;
  guint8 *host; /* a guard read back, kept from one check to the next */
} BnbHarnessGuarded;

gboolean bnb_harness_guarded_create (cl_context context, cl_device_id device,
                                     gsize bytes, BnbHarnessGuarded *g,
                                     GError **error);
void bnb_harness_guarded_release (BnbHarnessGuarded *g);
/* Fills both guards with the pattern (enqueued). */
gboolean bnb_harness_guarded_arm (cl_command_queue queue,
                                  const BnbHarnessGuarded *g, GError **error);
/* Reads the guards back: *outside is 0 if both are intact, else the byte
 * offset from the region's start of the changed byte nearest to it
 * (negative before the region, >= bytes after it). */
gboolean bnb_harness_guarded_check (cl_command_queue queue,
                                    BnbHarnessGuarded *g, gint64 *outside,
                                    GError **error);

/* The device work of a harness, in this process. */
typedef struct BnbHarnessLocal BnbHarnessLocal;

BNB_GIVE BnbHarnessLocal *bnb_harness_local_new (const char *device,
                                                 guint build_threads,
                                                 const char *build_options,
                                                 GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_harness_local_free (BNB_TAKE BnbHarnessLocal *local);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbHarnessLocal, bnb_harness_local_free)
BNB_KEEP const BnbDevice *bnb_harness_local_device (const BnbHarnessLocal *l);
/* Allocates the device buffers of `problem` and uploads its inputs; the
 * problem must outlive the local harness or the next call.  NULL only
 * frees the buffers of the problem before, so that it may be freed. */
gboolean bnb_harness_local_set_problem (BnbHarnessLocal *local,
                                        BNB_KEEP const BnbHarnessProblem
                                            *problem,
                                        GError **error);
gboolean bnb_harness_local_has_problem (const BnbHarnessLocal *local);
void bnb_harness_local_set_build_threads (BnbHarnessLocal *local,
                                          guint threads);
void bnb_harness_local_prepare (BnbHarnessLocal *local, const char *source);
void bnb_harness_local_forget (BnbHarnessLocal *local);
/* Whether the source of SHA-256 `hash` is built (bnb_harness_builds_done). */
gboolean bnb_harness_local_built (BnbHarnessLocal *local, const char *hash);

/* What an evaluation tells as it goes (a worker sends it on): `building`
 * when the program's own build starts, or how long ago it started
 * (bnb_harness_builds_get_told), not at all when it is built already;
 * `built` once the program is built, before its first launch; `launched`
 * after the first launch, which on some devices includes a late compile
 * (PoCL builds its work-group function then).  Any may be NULL. */
typedef struct {
  void (*building) (double ago_s, gpointer data);
  void (*built) (const BnbHarnessBuilt *built, gpointer data);
  void (*launched) (gpointer data);
  gpointer data;
} BnbHarnessHooks;

/* One evaluation; `*fatal` is set when the context may be unusable after
 * it (an error the device reported while running).  A second launch
 * that takes more than `slow_s` (0: none) may end the launches
 * (bnb_harness_set_slow). */
BNB_GIVE BnbEvaluation *bnb_harness_local_evaluate (BnbHarnessLocal *local,
                                                    const BnbHarnessProgram
                                                        *program,
                                                    guint warmup,
                                                    guint repetitions,
                                                    double slow_s,
                                                    const BnbHarnessHooks
                                                        *hooks,
                                                    gboolean *fatal)
    G_GNUC_WARN_UNUSED_RESULT;

/* protocol.c: a message is a 4-byte little-endian length, then a GVariant
 * of type (sa{sv}): a tag and its fields. */
typedef enum {
  BNB_HARNESS_RECEIVED,
  BNB_HARNESS_RECEIVE_TIMEOUT,
  BNB_HARNESS_RECEIVE_CLOSED,
  BNB_HARNESS_RECEIVE_ERROR,
} BnbHarnessReceive;

typedef struct {
  int fd;
  GByteArray *pending;
} BnbHarnessChannel;

void bnb_harness_channel_init (BnbHarnessChannel *channel, int fd);
void bnb_harness_channel_clear (BnbHarnessChannel *channel);
/* Sends a message; `fields` (an a{sv}) is sunk if floating. */
gboolean bnb_harness_channel_send (BnbHarnessChannel *channel, const char *tag,
                                   GVariant *fields, GError **error);
/* Waits for a message until `deadline` (g_get_monotonic_time; -1: no
 * limit).  On RECEIVED, *tag and *fields are the caller's. */
BnbHarnessReceive bnb_harness_channel_receive (BnbHarnessChannel *channel,
                                               gint64 deadline, char **tag,
                                               GVariant **fields,
                                               GError **error);

BNB_GIVE GVariant *bnb_harness_evaluation_to_variant (const BnbEvaluation *e)
    G_GNUC_WARN_UNUSED_RESULT;
BNB_GIVE BnbEvaluation *bnb_harness_evaluation_from_variant (GVariant *v)
    G_GNUC_WARN_UNUSED_RESULT;
BNB_GIVE GVariant *bnb_harness_program_to_variant (const BnbHarnessProgram *p)
    G_GNUC_WARN_UNUSED_RESULT;
/* A program whose strings point into `v` (which must outlive it) and
 * whose scratch_bytes the caller frees. */
void bnb_harness_program_from_variant (GVariant *v, BnbHarnessProgram *p);

/* The parent's side of a worker. */
typedef struct BnbHarnessProxy BnbHarnessProxy;

/* What a fresh worker is told before its first evaluation. */
typedef struct {
  const char *kernel_path;
  const char *kernel_text;
  const char *sizes;
  guint64 seed;
  const BnbHarnessProblem *problem; /* its reference is sent */
} BnbHarnessSetup;

BNB_GIVE BnbHarnessProxy *bnb_harness_proxy_new (const char *program,
                                                 const char *device,
                                                 guint build_threads,
                                                 const char *build_options,
                                                 GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_harness_proxy_free (BNB_TAKE BnbHarnessProxy *proxy);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbHarnessProxy, bnb_harness_proxy_free)
BNB_KEEP const BnbDeviceDesc *bnb_harness_proxy_device (const BnbHarnessProxy
                                                            *proxy);
BNB_KEEP const char *bnb_harness_proxy_reason (const BnbHarnessProxy *proxy);
/* Whether a worker is up, not being started; read without waiting. */
gboolean bnb_harness_proxy_is_running (BnbHarnessProxy *proxy);
/* Sources prepared and not yet evaluated (at most 64); read without
 * waiting. */
guint bnb_harness_proxy_load (BnbHarnessProxy *proxy);
/* The worker's process id; 0 when there is none. */
GPid bnb_harness_proxy_pid (BnbHarnessProxy *proxy);
/* The worker's build threads, now and after a restart. */
void bnb_harness_proxy_set_threads (BnbHarnessProxy *proxy, guint threads);
/* Tells the worker to exit, without waiting: only before _free. */
void bnb_harness_proxy_hang_up (BnbHarnessProxy *proxy);
void bnb_harness_proxy_prepare (BnbHarnessProxy *proxy, const char *source);
/* The worker forgets its builds (a "forget" message), and the proxy the
 * sources it would send a new worker. */
void bnb_harness_proxy_forget (BnbHarnessProxy *proxy);
/* Whether its worker has built the source of SHA-256 `hash` (asked now;
 * FALSE where it cannot tell).  Not while an evaluation runs on it. */
gboolean bnb_harness_proxy_built (BnbHarnessProxy *proxy, const char *hash);
/* Starts a worker if there is none, and sends it the problem and the
 * prepared sources if it has not had them. */
gboolean bnb_harness_proxy_ensure (BnbHarnessProxy *proxy,
                                   const BnbHarnessSetup *setup,
                                   GError **error);
/* The limits of one evaluation in a worker, in seconds: its build, its
 * first launch (a late compile may be in it), and the launches after the
 * first with the checks; and the search's deadline on the monotonic clock
 * (0: none), past which the evaluation is stopped whatever stage it is
 * in.  The deadline may move while the evaluation waits (an interrupt
 * sets it to the past), so the waits read it every STOP_POLL_S. */
typedef struct {
  double build_s;
  double first_launch_s;
  double runs_s;
  const _Atomic gint64 *end_us; /* read at every wait, NULL: none */
  double slow_s; /* bnb_harness_local_evaluate's, sent to the worker */
} BnbHarnessLimits;

BNB_GIVE BnbEvaluation *bnb_harness_proxy_evaluate (BnbHarnessProxy *proxy,
                                                    const BnbHarnessSetup
                                                        *setup,
                                                    const BnbHarnessProgram
                                                        *program,
                                                    guint warmup,
                                                    guint repetitions,
                                                    const BnbHarnessLimits
                                                        *limits,
                                                    GError **error)
    G_GNUC_WARN_UNUSED_RESULT;

/* Several workers, one evaluation at a time (pool.c).  Thread-safe:
 * prepare may be called while an evaluation waits. */
typedef struct BnbHarnessPool BnbHarnessPool;

/* Starts `workers` workers (0: the default for the device the first one
 * opens), each with `build_threads` build threads (0: the default for that
 * many workers).  Workers after the first that cannot start are left out
 * with a warning. */
BNB_GIVE BnbHarnessPool *bnb_harness_pool_new (const char *program,
                                               const char *device,
                                               guint workers,
                                               guint build_threads,
                                               const char *build_options,
                                               GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_harness_pool_free (BNB_TAKE BnbHarnessPool *pool);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbHarnessPool, bnb_harness_pool_free)
/* As the first worker opened it. */
BNB_KEEP const BnbDeviceDesc *bnb_harness_pool_device (const BnbHarnessPool
                                                           *pool);
BNB_KEEP const char *bnb_harness_pool_reason (const BnbHarnessPool *pool);
guint bnb_harness_pool_n_workers (BnbHarnessPool *pool);
/* The process id of worker `i` (0 if it has none now). */
GPid bnb_harness_pool_worker_pid (BnbHarnessPool *pool, guint i);
void bnb_harness_pool_prepare (BnbHarnessPool *pool, const char *source);
void bnb_harness_pool_forget (BnbHarnessPool *pool);
/* Whether the worker that has `source` has built it (FALSE: not routed,
 * not built yet, or it cannot tell).  Not while an evaluation runs. */
gboolean bnb_harness_pool_built (BnbHarnessPool *pool, const char *source);
/* As bnb_harness_proxy_evaluate, on the worker that has the source. */
/* Every worker is sent the problem at once (each on its own thread), so
 * that each starts on the builds prepared for it without waiting for an
 * evaluation to reach it; one that cannot take it is dropped with a
 * warning while another remains. */
void bnb_harness_pool_set_up_all (BnbHarnessPool *pool,
                                  const BnbHarnessSetup *setup);
BNB_GIVE BnbEvaluation *bnb_harness_pool_evaluate (BnbHarnessPool *pool,
                                                   const BnbHarnessSetup
                                                       *setup,
                                                   const BnbHarnessProgram
                                                       *program,
                                                   guint warmup,
                                                   guint repetitions,
                                                   const BnbHarnessLimits
                                                       *limits,
                                                   GError **error)
    G_GNUC_WARN_UNUSED_RESULT;

/* harness.c */
/* The default of BnbHarnessOptions.build_threads for a number of
 * workers. */
guint bnb_harness_default_build_threads (guint workers);
/* Process id of worker `i`, 0 if none (or in process): for the tests. */
GPid bnb_harness_worker_pid (const BnbHarness *harness, guint i);
BNB_GIVE char *bnb_harness_now_iso8601 (void) G_GNUC_WARN_UNUSED_RESULT;
BNB_GIVE BnbEvaluation *bnb_harness_evaluation_failed (BnbOutcome outcome,
                                                       const char *message)
    G_GNUC_WARN_UNUSED_RESULT;

/* json.c: the reader of flat objects of strings, numbers, booleans and
 * null (the journal's lines; the writer is in harness.h). */
typedef struct BnbJsonObject BnbJsonObject;

BNB_GIVE BnbJsonObject *bnb_json_parse (const char *text, gsize length,
                                        GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_json_object_free (BNB_TAKE BnbJsonObject *object);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbJsonObject, bnb_json_object_free)
BNB_KEEP const char *bnb_json_get_string (const BnbJsonObject *o,
                                          const char *key);
/* `fallback` if absent, not a number, or null. */
double bnb_json_get_number (const BnbJsonObject *o, const char *key,
                            double fallback);
gboolean bnb_json_has (const BnbJsonObject *o, const char *key);

#endif
