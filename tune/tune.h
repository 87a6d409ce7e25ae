/* The engine: a tuning session over one kernel on one device, or on
 * several devices of one kind (a lane each).  The
 * kernel is parsed and bound once, the device opened and described once
 * (calibrated, from the cache when it can), and the space, the model,
 * the harness, the journal and the evaluator are wired to that one
 * description; the evaluator's policy (journal answers by kernel key,
 * same-kernel answers, timeouts tied to the best, the deadline of a time
 * budget) lives here, not in the command line, which only parses options
 * and prints (docs/search.md). */
#ifndef BNB_TUNE_H
#define BNB_TUNE_H

#include "bnb/bnb.h"
#include "codegen/codegen.h"
#include "harness/harness.h"

typedef struct {
  const char *kernel_path; /* the .ir file (required) */
  const char *sizes;       /* "M=1024,N=1024"; NULL: the file's */
  const char *device; /* an OpenCL device spec, or a list (devices.h) */
  /* A device description file: a simulated device (each leaf takes its
   * bound times a seeded factor, docs/search.md); no device is opened. */
  const char *simulate;
  guint64 simulate_seed;
  double spread, failure_rate, exact_rate;
  const char *decisions; /* the node searched below; NULL: the root */
  gboolean every_design; /* no design rule narrows the space */
  guint max_unrolled;    /* copies unrolling makes, at most; 0: the device's */
  guint ahead; /* leaves sent ahead per lane (0: the evaluator's default) */
  gboolean built_first; /* lanes run built leaves first (BnbEvaluator) */
  BnbHarnessOptions harness;
  const char *journal; /* NULL: the default path for the kernel key */
  gboolean no_journal;
  gboolean resume; /* the journal answers the kernels it holds */
} BnbTuneOptions;

/* Defaults: no journal path, a real device, the harness's defaults. */
void bnb_tune_options_init (BnbTuneOptions *options);

typedef struct {
  BnbDeviceDesc desc;  /* the one description everything reads */
  char *device_reason; /* why this device was chosen; NULL: simulated */
  BnbIrKernel *kernel;
  char *kernel_text; /* the file's text, which the harness's workers parse */
  BnbChoiceSpace *space;
  BnbChoiceNode *root; /* the root, or the node of options->decisions */
  BnbModel *model;
  BnbHarness *harness; /* the first of harnesses; NULL on a simulated device */
  GPtrArray *harnesses; /* BnbHarness: one per device; NULL simulated */
  BnbJournal *journal; /* NULL without one */
  BnbEvaluator *evaluator;
  gint interrupt; /* set by bnb_tune_session_interrupt (g_atomic_int) */
} BnbTuneSession;

/* Parses the kernel at `path` and binds it to `sizes` (NULL: the file's
 * defaults); a `sizes` that binds no parameter or an impossible value is
 * a G_OPTION_ERROR (a usage error), not a fault of the kernel.  With
 * `text`, the file's text goes there (for a harness that borrows the
 * kernel: bnb_harness_new_bound). */
BNB_GIVE BnbIrKernel *bnb_tune_load_kernel (const char *path,
                                            const char *sizes, char **text,
                                            GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* A harness of its own for the kernel of the file `path` (its text is
 * `text`, or read from the file if NULL), bound to `sizes` as
 * bnb_tune_load_kernel binds it: for one command on one harness (`run`,
 * `explain --measure`) and for tests; a search opens a session. */
BNB_GIVE BnbHarness *bnb_tune_harness_new (const char *path, const char *text,
                                           const char *sizes,
                                           const char *device,
                                           const BnbHarnessOptions *options,
                                           GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* A device's description: read from `file` when it is not NULL (a
 * description of a device that need not be there; *reason NULL), else
 * that of the device `device` names, from the calibration cache or
 * opened and calibrated (bnb_device_describe; *reason: why that device,
 * devices.h). */
gboolean bnb_tune_describe_device (const char *device, const char *file,
                                   BnbDeviceDesc *desc, BNB_GIVE char **reason,
                                   GError **error);
/* The root of `space`, or the node that `decisions` (may be NULL) make. */
BNB_GIVE BnbChoiceNode *bnb_tune_start_node (const BnbChoiceSpace *space,
                                             const char *decisions,
                                             GError **error)
    G_GNUC_WARN_UNUSED_RESULT;

BNB_GIVE BnbTuneSession *bnb_tune_session_open (const BnbTuneOptions *options,
                                                GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_tune_session_free (BNB_TAKE BnbTuneSession *session);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbTuneSession, bnb_tune_session_free)

/* One search on the session (options->interrupt is set to the session's
 * flag); afterwards the evaluator forgets the search's launch limit, so
 * that the next search starts as this one did. */
BNB_GIVE BnbSearchResult *bnb_tune_session_search (BnbTuneSession *session,
                                                   const BnbSearchOptions
                                                       *options,
                                                   GError **error)
    G_GNUC_WARN_UNUSED_RESULT;

/* Stops the session's search as its budget would, the evaluation in
 * flight too: safe from any thread (not from a signal handler). */
void bnb_tune_session_interrupt (BnbTuneSession *session);
gboolean bnb_tune_session_interrupted (const BnbTuneSession *session);

/* An evaluator over `harness` (kept, made with `options`), recording into
 * `journal` (kept, may be NULL) and answering from it when `resume`.  Its
 * set_timeout is the limit of one launch; an evaluation may take that
 * times its launches (warm-up and timed), plus a second. */
BNB_GIVE BnbEvaluator *bnb_tune_evaluator_new (BNB_KEEP BnbHarness *harness,
                                               BNB_KEEP BnbJournal *journal,
                                               gboolean resume,
                                               const BnbHarnessOptions
                                                   *options)
    G_GNUC_WARN_UNUSED_RESULT;
/* The same over `n` harnesses (kept), one lane each, then one lane per
 * other MPI rank (ranks 1 to `ranks`): devices of one kind, which the
 * journal and the model take as one (docs/search.md). */
BNB_GIVE BnbEvaluator *bnb_tune_evaluator_new_lanes (BNB_KEEP BnbHarness
                                                         **harnesses,
                                                     guint n, guint ranks,
                                                     BNB_KEEP BnbJournal
                                                         *journal,
                                                     gboolean resume,
                                                     const BnbHarnessOptions
                                                         *options)
    G_GNUC_WARN_UNUSED_RESULT;

/* Forgets the kernels the evaluator (one of the two above) ran, so that
 * it answers none from them; its builds stay.  A search's begin does
 * this and forgets the builds too; a rank serving rank 0 does only this
 * before each evaluation, keeping what rank 0 asked it to build ahead. */
void bnb_tune_evaluator_forget_answers (BnbEvaluator *evaluator);

/* ---- Ranks: several processes through MPI (tune/ranks.c) ----------------
 * Built with `make mpi` (BNB_WITH_MPI); otherwise there is one rank and
 * these do nothing.  Rank 0 searches; every other rank serves it leaves
 * on its one device, as one more lane of rank 0's evaluator. */

#define BNB_RANKS_ERROR (bnb_ranks_error_quark ())
GQuark bnb_ranks_error_quark (void);

typedef enum {
  BNB_RANKS_ERROR_FAILED,      /* MPI or another rank failed */
  BNB_RANKS_ERROR_UNSUPPORTED, /* this build or MPI library cannot */
} BnbRanksError;

/* MPI_Init_thread when built with MPI (every rank, first thing). */
gboolean bnb_ranks_init (int *argc, char ***argv, GError **error);
guint bnb_ranks_rank (void);
guint bnb_ranks_size (void);
/* The rank among those of its host (its device: that of the list). */
guint bnb_ranks_local_rank (void);
/* The ranks of its host (1 without MPI). */
guint bnb_ranks_local_size (void);
/* Every rank waits for all (MPI_Barrier); nothing with one rank. */
void bnb_ranks_barrier (void);
/* Rank 0: each other rank's device is of `desc`'s kind (its HELLO). */
gboolean bnb_ranks_hello_all (const BnbDeviceDesc *desc, GError **error);
/* A rank whose session did not open tells rank 0 why. */
void bnb_ranks_hello_failed (const GError *why);
/* Rank 0, lane of rank `rank`: build ahead, evaluate (the launch limit,
 * the slow launch of set_slow and the seconds left to the search travel
 * with the leaf). */
void bnb_ranks_prepare (guint rank, const char *decisions);
BNB_GIVE BnbEvaluation *bnb_ranks_evaluate (guint rank, const char *decisions,
                                            gboolean final, double launch_s,
                                            double slow_s, double left_s,
                                            GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* The other ranks: say HELLO, then serve rank 0 until it says stop. */
gboolean bnb_ranks_serve (BnbTuneSession *s, GError **error);
/* Rank 0 tells the others to stop; every rank leaves MPI. */
void bnb_ranks_finish (void);

#endif
