/* The harness: build, run, time and verify one candidate on one device,
 * and the journal every evaluation is appended to (docs/harness.md).
 *
 * A harness is made for one kernel, bound to its sizes, on one device.
 * It draws the inputs once from a seeded generator (uniform in [-1, 1],
 * never near zero), computes the reference result once with the IR's
 * double-precision interpreter, and then evaluates programs:
 *
 *   build (cached by source) -> for each warm-up and timed launch:
 *   re-upload inout arrays, poison out arrays and scratch with NaN,
 *   launch, wait -> median of the profiling events' END - START ->
 *   read back the last run -> compare every element with the reference
 *
 * The device work runs in worker processes (`bnbtune worker`), each
 * owning an OpenCL context, so that a candidate that never ends is killed
 * with its worker, which is started again.  Several workers build at once
 * (a driver may serialize builds within a process); evaluations run one at
 * a time, each on the worker that built its program:
 *
 *   search --prepare---> BnbHarness --socket--> worker 1: context, buffers,
 *          --evaluate--> (routes,    --socket--> worker 2: build threads,
 *          <-outcome---   timeouts)  ...         launches
 *
 * An in-process mode does the same work in the calling process, without
 * the watchdog; the worker itself runs on it.
 */
#ifndef BNB_HARNESS_H
#define BNB_HARNESS_H

#include "codegen/codegen.h"
#include "devices/devices.h"

#define BNB_HARNESS_ERROR (bnb_harness_error_quark ())
GQuark bnb_harness_error_quark (void);

/* Failures of the harness itself; a candidate's failure is an outcome. */
typedef enum {
  BNB_HARNESS_ERROR_WORKER,  /* the worker could not start or talk */
  BNB_HARNESS_ERROR_PROBLEM, /* inputs or reference could not be made */
  BNB_HARNESS_ERROR_JOURNAL, /* the journal cannot be read or written */
} BnbHarnessError;

typedef enum {
  BNB_OUTCOME_OK,
  BNB_OUTCOME_BUILD_FAILED,  /* the source does not compile: log kept */
  BNB_OUTCOME_LAUNCH_FAILED, /* an OpenCL error at or after the launch */
  BNB_OUTCOME_WRONG_RESULT,  /* an element beyond the tolerance, or NaN */
  BNB_OUTCOME_TIMED_OUT,     /* the build or the runs passed their limit */
  BNB_OUTCOME_COUNT,
} BnbOutcome;

/* "ok", "build-failed", "launch-failed", "wrong-result", "timed-out". */
const char *bnb_outcome_name (BnbOutcome outcome);
/* BNB_OUTCOME_COUNT for an unknown name. */
BnbOutcome bnb_outcome_from_name (const char *name);

/* One evaluation of one program.  Times are in seconds.  The error of an
 * element is |x - ref| / max(|ref|, 1), infinite for NaN or infinity;
 * `max_error` is over every element of every output array, and the
 * `wrong_*` fields name the first element (in array order, then element
 * order) above `tolerance`. */
typedef struct {
  char *decisions;
  BnbOutcome outcome;
  double median_s;
  double min_s;
  double max_s;
  guint repetitions; /* timed launches */
  guint warmup;
  double max_error;
  double tolerance;
  char *wrong_array;  /* NULL unless wrong-result */
  gint64 wrong_index; /* row-major element index; -1 if none */
  double wrong_value;
  double wrong_expected;
  double compile_s; /* wall time of the build, wherever it ran */
  /* How long the evaluation waited for its build before it could launch:
   * the build's own time or less when it was built ahead (in process,
   * from the build's look-up; on a CPU, the pause of the builds under way
   * too), with workers from the request to the worker's "built", and a
   * lost worker's restart after it; 0 when not built here (journal,
   * equal kernel) */
  double build_wait_s;
  double timeout_s; /* the limit the runs had */
  char *message;    /* build log, OpenCL error or what went wrong */
  char *date;       /* ISO 8601, UTC, when the evaluation ended */
  gboolean from_journal;
  /* Not run: the answer of an identical kernel (equal
   * BnbCodegenProgram.kernel_key) that another leaf ran, in this run or
   * (with from_journal) an earlier one; compile_s is 0 and the times are
   * that kernel's. */
  gboolean same_kernel;
  char *kernel_key; /* the program's kernel_key; NULL if it had none */
  /* Cut by the search's deadline (bnb_harness_set_deadline): no verdict
   * on the candidate, never journaled; outcome is timed-out. */
  gboolean stopped;
  /* What the driver says of the built kernel (clGetKernelWorkGroupInfo):
   * private memory per work-item (spilled registers, private arrays),
   * local memory per work-group, the largest work-group it can launch
   * with; -1 when unknown (not built, or not asked). */
  gint64 private_mem_bytes;
  gint64 local_mem_bytes;
  gint64 kernel_work_group_size;
  /* The lane (the device of a --device list, from 0) that ran it; -1
   * when none did here (an answer from the journal or an equal kernel). */
  gint lane;
} BnbEvaluation;

BNB_GIVE BnbEvaluation *bnb_evaluation_new (void) G_GNUC_WARN_UNUSED_RESULT;
BNB_GIVE BnbEvaluation *bnb_evaluation_copy (const BnbEvaluation *e)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_evaluation_free (BNB_TAKE BnbEvaluation *e);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbEvaluation, bnb_evaluation_free)
/* An evaluation as bytes, and back (to another process: MPI ranks).  The
 * lane, from_journal and same_kernel are the receiver's to set. */
BNB_GIVE GBytes *bnb_evaluation_to_bytes (const BnbEvaluation *e)
    G_GNUC_WARN_UNUSED_RESULT;
BNB_GIVE BnbEvaluation *bnb_evaluation_from_bytes (GBytes *bytes)
    G_GNUC_WARN_UNUSED_RESULT;
/* One line: "ok: 12.3 us (median of 10, min 12.0, max 13.1)",
 * "wrong-result: C[17] = 3.5, expected 2.5 (error 0.4 > 0.001)". */
BNB_GIVE char *bnb_evaluation_summary (const BnbEvaluation *e)
    G_GNUC_WARN_UNUSED_RESULT;

typedef struct {
  guint warmup;            /* untimed launches first (default 2) */
  guint repetitions;       /* timed launches (default 10) */
  guint final_repetitions; /* timed launches of a final evaluation (50) */
  /* limit on an evaluation's runs (default 10); in a worker process, the
   * first launch (PoCL compiles its work-group function then) is limited
   * apart, to the larger of this and bnb_harness_set_timeout's */
  double timeout_s;
  double build_timeout_s; /* limit on one build (default 300) */
  guint64 seed;           /* of the inputs (default 1) */
  /* Worker processes (0, the default: 1 on a CPU device, else one per
   * processor, at most 8, or half of them, at most 16, where that is more;
   * at most 64).  A search on several devices gives each of them the
   * per-processor default (tune/session.c). */
  guint workers;
  /* Build threads in each worker or in process (0, the default: one per
   * processor, at most 8, with one worker; 1 with several). */
  guint build_threads;
  gboolean in_process; /* no worker, no watchdog */
  /* Options for clBuildProgram (default NULL: none), e.g.
   * "-cl-opt-disable" to tell a driver compiler's bug from the
   * candidate's (the tests do on PoCL: docs/harness.md). */
  const char *build_options;
  /* The bnbtune binary whose `worker` command serves this harness
   * (default: this process's own executable). */
  const char *worker_program;
  /* Reuse references computed before, from $XDG_CACHE_HOME/bnbtune/
   * reference/ (default TRUE). */
  gboolean reference_cache;
} BnbHarnessOptions;

void bnb_harness_options_init (BnbHarnessOptions *options);
/* The default of BnbHarnessOptions.workers for a device that is one of
 * `devices` a process drives. */
guint bnb_harness_default_workers (const BnbDeviceDesc *desc, guint devices);

typedef struct BnbHarness BnbHarness;

/* A harness for `kernel`, parsed from `kernel_text` (the text of the file
 * `kernel_path`) and bound by the caller, on the device `device` names
 * (devices.h).  The harness parses nothing itself (the engine's session,
 * tune/, parses a kernel once; bnb_tune_harness_new does it for one
 * harness); its workers parse the text in their own processes.  It opens
 * the device (starting the worker unless in_process); inputs and reference
 * are made at the first evaluation.  With `take` the harness frees
 * `kernel` (at once if it fails), else `kernel` must outlive it. */
BNB_GIVE BnbHarness *bnb_harness_new_bound (const char *kernel_path,
                                            const char *kernel_text,
                                            const BnbIrKernel *kernel,
                                            gboolean take, const char *device,
                                            const BnbHarnessOptions *options,
                                            GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_harness_free (BNB_TAKE BnbHarness *harness);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbHarness, bnb_harness_free)

/* The kernel, bound to the sizes (bnb_harness_new_bound's). */
BNB_KEEP const BnbIrKernel *bnb_harness_kernel (const BnbHarness *harness);
/* The device as opened (not calibrated: limits and names). */
BNB_KEEP const BnbDeviceDesc *bnb_harness_device (const BnbHarness *harness);
/* Why that device was chosen, as devices.h says it. */
BNB_KEEP const char *bnb_harness_device_reason (const BnbHarness *harness);
/* SHA-256 of the kernel's text, hex. */
BNB_KEEP const char *bnb_harness_kernel_hash (const BnbHarness *harness);
/* "M=24,N=24,K=24": every parameter as bound. */
BNB_KEEP const char *bnb_harness_sizes (const BnbHarness *harness);
/* The worker processes serving the harness (0 in process). */
guint bnb_harness_n_workers (const BnbHarness *harness);

/* The limit on the runs of later evaluations (seconds > 0); in a worker
 * process, on the launches after the first. */
void bnb_harness_set_timeout (BnbHarness *harness, double seconds);
/* Later evaluations end their launches after the second when it takes
 * more than `seconds` (0, the default: never), and the first did too if
 * it was timed: the timed ones of the two are the repetitions (the
 * second alone after a warm-up), the output is verified as any, and the
 * message of a candidate that ran right says so.  A search sets it to a
 * multiple of its best time, so that a candidate far slower than the best
 * costs two launches, not all of them (docs/harness.md, "Slow
 * candidates"). */
void bnb_harness_set_slow (BnbHarness *harness, double seconds);
/* Evaluations stop at `end_us` on the monotonic clock (0: no deadline),
 * whatever stage they are in, and come back `stopped`: a search's time
 * budget holds even while a build or a run would go on.  Safe from any
 * thread, and it moves the deadline of the evaluation in flight too
 * (within 0.1 s): 1 stops it at once (an interrupt).  Evaluations in
 * this process (no workers) cannot be stopped. */
void bnb_harness_set_deadline (BnbHarness *harness, gint64 end_us);

/* Starts building `program` on the build threads (in one of the workers,
 * which its evaluation will then use) and returns at once, so that it is
 * built by the time it is evaluated.  Thread-safe, also while another
 * thread evaluates; builds are cached by source. */
void bnb_harness_prepare (BnbHarness *harness,
                          BNB_KEEP const BnbCodegenProgram *program);

/* Forgets every program built or prepared (in this process, or in the
 * workers), so that what follows builds its own: each search of a
 * `compare` starts without the kernels an earlier one built.  A build
 * under way ends and is kept. */
void bnb_harness_forget_builds (BnbHarness *harness);

/* Whether the program of `source` is built, so that its evaluation would
 * start at once rather than wait for its build (FALSE also where this
 * cannot be told: never prepared, or its worker down).  Called between
 * evaluations: it asks the worker that has it, which answers at once
 * only when no evaluation runs. */
gboolean bnb_harness_built (BnbHarness *harness, const char *source);

/* Builds (or finds built), runs, times and verifies `program`, with
 * options->final_repetitions if `final`.  Every failure of the candidate
 * is an outcome; NULL with `error` only when the harness itself fails
 * (the device cannot be opened again, the reference cannot be made).
 * One evaluation at a time, across all workers: calls from several threads
 * are serialized. */
BNB_GIVE BnbEvaluation *bnb_harness_evaluate (BnbHarness *harness,
                                              BNB_KEEP const BnbCodegenProgram
                                                  *prog,
                                              gboolean final, GError **error)
    G_GNUC_WARN_UNUSED_RESULT;

/* The hidden `bnbtune worker` command: serves one parent harness over
 * stdin/stdout until the parent closes them. */
gboolean bnb_harness_worker_main (GError **error);

/* The journal: JSON lines, a header per (kernel, sizes, device) followed
 * by one line per evaluation (docs/harness.md).  Each line is written,
 * flushed and synced before append returns. */
typedef struct BnbJournal BnbJournal;

typedef struct {
  const char *kernel_name;
  const char *kernel_path;
  const char *kernel_hash;
  const char *sizes;
  const char *device;
  const char *driver;
  guint space; /* number of choices of the space */
} BnbJournalKey;

/* The key of a harness's evaluations (its strings are the harness's). */
void bnb_harness_journal_key (const BnbHarness *harness, guint space,
                              BnbJournalKey *key);
/* $XDG_DATA_HOME/bnbtune/journal/KERNEL-SIZES-DEVICE.jsonl */
BNB_GIVE char *bnb_journal_default_path (const BnbJournalKey *key)
    G_GNUC_WARN_UNUSED_RESULT;

/* Opens (creating it and its folders if need be) the journal at `path`
 * and reads the evaluations recorded under `key`.  A last line cut short
 * by a crash is dropped from the file; bnb_journal_repair_note says so. */
BNB_GIVE BnbJournal *bnb_journal_open (const char *path,
                                       const BnbJournalKey *key,
                                       GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_journal_free (BNB_TAKE BnbJournal *journal);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbJournal, bnb_journal_free)

BNB_KEEP const char *bnb_journal_path (const BnbJournal *journal);
/* What was repaired on open ("dropped a truncated last line (37 bytes)"),
 * or NULL. */
BNB_KEEP const char *bnb_journal_repair_note (const BnbJournal *journal);
/* Evaluations recorded under the journal's key. */
guint bnb_journal_n_evaluations (const BnbJournal *journal);
/* The journal's ok evaluations under its key, fastest first (borrowed;
 * valid until the next append). */
BNB_GIVE GPtrArray *bnb_journal_fastest (const BnbJournal *journal);
/* The latest evaluation of `decisions` under the key, or NULL. */
BNB_KEEP const BnbEvaluation *bnb_journal_lookup (const BnbJournal *journal,
                                                  const char *decisions);
/* The latest evaluation of any leaf whose kernel has `kernel_key`
 * (BnbCodegenProgram.kernel_key) under the key, or NULL. */
BNB_KEEP const BnbEvaluation *bnb_journal_lookup_kernel (const BnbJournal
                                                             *journal,
                                                         const char
                                                             *kernel_key);
/* Whether a recorded evaluation answers a new one with runs limited to
 * `timeout_s`: anything but a timeout shorter than that. */
gboolean bnb_evaluation_is_reusable (const BnbEvaluation *e, double timeout_s);
gboolean bnb_journal_append (BnbJournal *journal, const BnbEvaluation *e,
                             GError **error);

/* export.c: the decisions of the `n` fastest leaves that ran right (each
 * at its fastest evaluation) under the key of kernel `kernel` in the
 * journal at `path` that holds the most of them (its other keys are
 * other sizes or devices, whose times do not rank against these), fastest
 * first; NULL-terminated, fewer (none) if it holds fewer; NULL with
 * `error` if the file cannot be read. */
BNB_GIVE GStrv bnb_journal_read_fastest (const char *path, const char *kernel,
                                         guint n, GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* export.c: the journal at `path` as a Kernel Tuner cache file
 * (docs/harness.md), appended to `out`: the evaluations of its one key, or
 * of the key at `sizes` ("M=1024,N=1024,K=1024", as its header says)
 * when it holds several; one entry per distinct kernel, times in
 * milliseconds.  The parameters are the choices that vary between the
 * kernels, unless the product of their numbers of values passes
 * `max_combinations` (Kernel Tuner's simulation enumerates it): then the
 * tile sizes that vary and a variant index, and *note says so (else it
 * is NULL). */
gboolean bnb_journal_export_kernel_tuner (const char *path, const char *sizes,
                                          double max_combinations,
                                          GString *out, BNB_GIVE char **note,
                                          GError **error);

/* json.c: the one JSON writer of bnbtune (reports, the journal, the
 * listings of `devices` and `count`).  Strings are written as valid
 * UTF-8 (invalid bytes replaced) with the escapes RFC 8259 requires;
 * numbers that are not finite as null; numbers with `digits` significant
 * digits (17 by default: they read back exactly). */
typedef enum {
  BNB_JSON_TIGHT,  /* one line, no spaces: a line of a JSON Lines file */
  BNB_JSON_LINE,   /* one line, ", " and ": " between the parts */
  BNB_JSON_PRETTY, /* a member per line, indented two spaces a level */
} BnbJsonLayout;

typedef struct {
  GString *out;
  BnbJsonLayout layout;
  int digits;
  guint depth;
  gboolean first; /* nothing written yet in the open container */
} BnbJson;

void bnb_json_init (BnbJson *j, GString *out, BnbJsonLayout layout);
/* Opens an object ('{') or an array ('['): a member of the open object
 * when `key` is non-NULL, else an element (or the top value). */
void bnb_json_open (BnbJson *j, const char *key, char bracket);
void bnb_json_close (BnbJson *j, char bracket);
void bnb_json_string (BnbJson *j, const char *key, const char *value);
void bnb_json_number (BnbJson *j, const char *key, double value);
/* A number that reads back as a float in Python too: "2.0", not "2". */
void bnb_json_float (BnbJson *j, const char *key, double value);
void bnb_json_int (BnbJson *j, const char *key, gint64 value);
void bnb_json_uint (BnbJson *j, const char *key, guint64 value);
void bnb_json_bool (BnbJson *j, const char *key, gboolean value);

#endif
