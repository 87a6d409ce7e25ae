/* The search: branch and bound over the choices (the Telamon paper's
 * Algorithm 2) and the baselines on the same space, behind one strategy
 * interface, with the statistics and reports of a run (docs/search.md).
 *
 *          root node ──> strategy ──bound?──> model/
 *                           │
 *                           └──leaf──> BnbEvaluator ──> harness/ (a device)
 *                                                   └─> simulated device
 *
 * The search knows nothing of how a leaf is run: an evaluator turns a leaf
 * into a BnbEvaluation (an outcome and a time).  cli/ makes the one that
 * goes through codegen and the harness; bnb_evaluator_new_simulated makes a
 * deterministic one from the model, for tests and experiments.
 */
#ifndef BNB_BNB_H
#define BNB_BNB_H

#include "choices/choices.h"
#include "harness/harness.h"
#include "model/model.h"

#define BNB_SEARCH_ERROR (bnb_search_error_quark ())
GQuark bnb_search_error_quark (void);

typedef enum {
  BNB_SEARCH_ERROR_OPTIONS,  /* a setting that cannot be used */
  BNB_SEARCH_ERROR_EMPTY,    /* the space has no candidate */
  BNB_SEARCH_ERROR_TOO_BIG,  /* exhaustive on a space past its limit */
  BNB_SEARCH_ERROR_EVALUATE, /* the evaluator itself failed */
  BNB_SEARCH_ERROR_REPORT,   /* a report file cannot be written */
  BNB_SEARCH_ERROR_INTERRUPTED, /* stopped on request (Ctrl-C) */
} BnbSearchError;

/* ---- Evaluators ------------------------------------------------------ */

/* How leaves are run.  An evaluator has one lane or several (one per
 * device): `prepare` starts work ahead (a build) on a lane and may be
 * called from any thread; `evaluate` runs a leaf on a lane, is called
 * from one thread at a time per lane (lanes run at once), and returns
 * NULL only when the evaluator itself fails (with `error`); every failure
 * of the candidate is an outcome.  A leaf is evaluated on the lane it was
 * prepared on; an evaluator may move it to another (a lane whose device
 * failed).  Strategies other than branch and bound use lane 0. */
typedef struct {
  void (*prepare) (gpointer self, const BnbChoiceNode *leaf, guint lane);
  BnbEvaluation *(*evaluate) (gpointer self, const BnbChoiceNode *leaf,
                              gboolean final, guint lane, GError **error);
  /* Later evaluations may stop a candidate one of whose launches takes
   * more than `seconds` (0: the evaluator's own limit; NULL: ignored). */
  void (*set_timeout) (gpointer self, double seconds);
  /* Later evaluations, the final ones aside, may end a candidate's
   * launches after the second if it (and the first, where timed) took
   * more than `seconds` (0: never): those are then its time (NULL:
   * ignored). */
  void (*set_slow) (gpointer self, double seconds);
  /* Evaluations from now on end by `end_us` on the monotonic clock (0:
   * no deadline); one that would go on past it comes back `stopped`,
   * with no verdict on its candidate (NULL: evaluations are short
   * enough that the search's own check keeps its budget). */
  void (*set_deadline) (gpointer self, gint64 end_us);
  void (*free) (gpointer self);
  /* A leaf below `root` whose time is known already (a journal's
   * fastest, when resuming), which branch and bound evaluates first so
   * that it cuts from the start; NULL when none (NULL method: never). */
  BnbChoiceNode *(*incumbent) (gpointer self, const BnbChoiceNode *root);
  /* Called as a search begins: forget what earlier searches on this
   * evaluator measured (each strategy of a compare pays for its own
   * kernels; a journal, with --resume, still answers).  NULL: nothing. */
  void (*begin) (gpointer self);
  /* Whether `leaf`, prepared on `lane`, would run without waiting for
   * its build; called from the lane's thread between its evaluations
   * (NULL: always TRUE, leaves run in the order sent). */
  gboolean (*built) (gpointer self, const BnbChoiceNode *leaf, guint lane);
} BnbEvaluatorClass;

typedef struct {
  const BnbEvaluatorClass *klass;
  gpointer self;
  char *name;  /* "simulated", "NVIDIA H200 (OpenCL)", ... */
  guint lanes; /* evaluations that may run at once (1 unless set) */
  guint ahead; /* leaves worth preparing ahead per lane (0: 16) */
  /* Branch and bound: a lane runs first, of the leaves sent to it, those
   * whose klass->built says so, else the oldest (FALSE: in order). */
  gboolean built_first;
} BnbEvaluator;

BNB_GIVE BnbEvaluator *bnb_evaluator_new (const BnbEvaluatorClass *klass,
                                          BNB_TAKE gpointer self,
                                          const char *name)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_evaluator_free (BNB_TAKE BnbEvaluator *evaluator);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbEvaluator, bnb_evaluator_free)

/* The simulated device: a leaf's time is its bound under `model` times a
 * factor >= 1 drawn from a hash of (seed, the leaf's decisions), so that
 * the model is valid on it by construction and every run is repeatable:
 *
 *   time = bound * (1 + spread * v),  v = 0 for a share `exact_rate` of
 *                                     the leaves, else u^2, u in [0, 1)
 *
 * (the model is exact on a few leaves, as a good model is on the best
 * ones), and a share `failure_rate` of the leaves fails (build-failed,
 * wrong-result or timed-out), so that failures are exercised too.  The
 * model must outlive the evaluator. */
BNB_GIVE BnbEvaluator *bnb_evaluator_new_simulated (BNB_KEEP
                                                    const BnbModel *model,
                                                    guint64 seed,
                                                    double spread,
                                                    double failure_rate,
                                                    double exact_rate)
    G_GNUC_WARN_UNUSED_RESULT;

/* ---- Strategies ------------------------------------------------------ */

typedef enum {
  BNB_STRATEGY_BNB,
  BNB_STRATEGY_EXHAUSTIVE,
  BNB_STRATEGY_RANDOM,
  BNB_STRATEGY_GENETIC,
  BNB_STRATEGY_NELDER_MEAD,
  BNB_STRATEGY_COORDINATE,
  BNB_STRATEGY_COUNT,
} BnbStrategy;

/* "bnb", "exhaustive", "random", "genetic", "nelder-mead", "coordinate". */
const char *bnb_strategy_name (BnbStrategy strategy);

/* Branch and bound's order of open nodes (docs/search.md, "The order of
 * open nodes"); it changes how soon a good time is found, never what is
 * cut or proven. */
typedef enum {
  /* least bound first, the oldest of equals */
  BNB_NODE_ORDER_BOUND,
  /* per choice of tile sizes, least bound times the least measured/bound
   * seen there */
  BNB_NODE_ORDER_LEARNED,
  /* as learned, a bucket per choice of tile sizes and warps per scheduler
   * (bnb_model_warps_most), and under it one per design (every kind and
   * memory space decided), a design not yet run taking 0.8 of its tile
   * bucket's ratio; a dive among children of equal bounds follows the
   * alternative that ran fastest so far */
  BNB_NODE_ORDER_OCCUPANCY,
  /* by bound, the inner nodes taken diving to a leaf (at most 8 a
   * batch), of equal bounds first those near the fastest kernels; where
   * children's bounds are equal, the one whose alternative ran fastest
   * so far (a device whose bounds are all alike: a CPU) */
  BNB_NODE_ORDER_DIVES,
  BNB_NODE_ORDER_COUNT,
} BnbNodeOrder;

/* "bound", "learned", "occupancy", "dives". */
const char *bnb_node_order_name (BnbNodeOrder order);
/* BNB_NODE_ORDER_COUNT for an unknown name. */
BnbNodeOrder bnb_node_order_from_name (const char *name);
/* BNB_STRATEGY_COUNT for an unknown name. */
BnbStrategy bnb_strategy_from_name (const char *name);

/* What a progress line shows. */
typedef struct {
  BnbStrategy strategy;
  double elapsed_s;
  guint64 nodes;       /* nodes bounded */
  guint64 queued;      /* nodes waiting */
  guint64 evaluations; /* leaves evaluated */
  guint64 same_kernel; /* of them, answered by an identical kernel */
  double best_s;       /* INFINITY until a leaf ran ok */
  double lowest_open_s; /* lowest bound still open (bnb), else NAN */
  double budget_fraction; /* of the budget used, NAN if none */
} BnbSearchProgress;

/* The genetic algorithm's settings (HPL: docs/search.md). */
typedef struct {
  guint population;     /* individuals per generation (default 20) */
  guint elite;          /* best kept unchanged (default 2) */
  guint tournament;     /* individuals per selection tournament (3) */
  double crossover;     /* probability of a crossover (0.8) */
  double mutation;      /* probability per choice of a mutation (0.05) */
  guint patience;       /* generations without improvement (5) */
} BnbGeneticOptions;

typedef struct {
  BnbStrategy strategy;
  guint64 seed;            /* of every random draw (default 1) */
  guint64 max_evaluations; /* budget: leaves evaluated (0: none) */
  double max_seconds;      /* budget: wall time (0: none) */
  guint threads;           /* expanding nodes (default: processors) */
  /* Branch and bound cuts a node when bound >= best * (1 - margin): with a
   * margin the answer is proven within it (default 0). */
  double margin;
  /* Branch and bound's order of open nodes (default by bound). */
  BnbNodeOrder order;
  /* Branch and bound: nodes (each one's decisions, as
   * bnb_choice_node_apply_string reads them) whose leaves are evaluated
   * first, each completed by a greedy descent by bound; the first alive
   * is the incumbent unless the evaluator knows one (--resume).  A node
   * with no candidate at these sizes is left out.  NULL-terminated;
   * NULL: none (default). */
  const char *const *starts;
  /* The best few are measured again with the final repetitions before the
   * winner is named (default 3; 0: none). */
  guint final_candidates;
  /* Runs of a candidate stop after max(timeout_factor * best, min_timeout)
   * once a best is known, as OpenTuner does (default 4 and 0.5 s). */
  double timeout_factor;
  double min_timeout_s;
  /* Exhaustive refuses spaces with more leaves than this (default 1e6). */
  double exhaustive_limit;
  /* Counting the candidates under a cut: exact DFS up to this many
   * seconds, then Knuth's estimate (default 0.01). */
  double count_seconds;
  /* The cut nodes counted per depth, drawn uniformly from all cut there;
   * beyond that the depth's count is scaled and labelled an estimate
   * (default 64). */
  guint count_samples;
  BnbGeneticOptions genetic;
  /* Called after every evaluation and every 0.25 s of expansion, from the
   * search's own thread (NULL: none). */
  void (*progress) (gpointer data, const BnbSearchProgress *p);
  gpointer progress_data;
  /* When not NULL: once it reads non-zero (g_atomic_int_get; set it from
   * any thread, e.g. on SIGINT), the search stops as at its budget,
   * re-measures nothing and says it was interrupted. */
  const gint *interrupt;
} BnbSearchOptions;

void bnb_search_options_init (BnbSearchOptions *options);


/* ---- Results --------------------------------------------------------- */

/* One evaluated leaf, in evaluation order. */
typedef struct {
  guint64 index;    /* 1-based evaluation number */
  double elapsed_s; /* since the search began */
  char *decisions;
  double bound_s;
  BnbOutcome outcome;
  double time_s; /* median, NAN unless ok */
  double best_s; /* best time so far, after this one (INFINITY: none) */
  double compile_s;
  gboolean from_journal;
  gboolean same_kernel; /* answered by an identical kernel, not run */
  char *kernel_key; /* the evaluation's, NULL if the evaluator has none */
  gboolean final; /* a re-measure of the best few */
  /* the built kernel's private and local memory (bytes) and largest
   * work-group, as the driver reports them; -1: unknown */
  gint64 private_mem_bytes, local_mem_bytes, kernel_work_group_size;
  gint lane; /* the lane (device) that ran it, -1: none (BnbEvaluation) */
} BnbSearchRecord;

/* Branch and bound, per depth (number of decisions taken from the root). */
typedef struct {
  guint64 created;   /* children bounded */
  guint64 cuts;      /* nodes dropped for their bound */
  guint64 dead;      /* children with no candidate (propagation) */
  double pruned;     /* candidates below the cuts */
  gboolean pruned_estimated; /* some count above is Knuth's estimate */
  guint64 leaves;    /* leaves evaluated at this depth */
} BnbSearchDepth;

typedef struct {
  BnbStrategy strategy;
  guint64 seed;
  /* Branch and bound's order of open nodes (bnb_node_order_name); NULL
   * for the other strategies. */
  const char *order;
  /* The winner (NULL decisions when no leaf ran ok). */
  char *best_decisions;
  double best_s;       /* after the final re-measure */
  double best_bound_s;
  guint64 best_index;  /* evaluation that found it */
  /* The proof: TRUE when branch and bound (or exhaustive) emptied its
   * queue; otherwise the lowest bound left open bounds the gap. */
  gboolean proven;
  double lowest_open_s;   /* INFINITY when nothing is open */
  gboolean budget_hit;
  gboolean interrupted; /* stopped by options->interrupt */
  double space_size;
  gboolean space_exact;
  guint64 evaluations; /* including journal reuse and re-measures */
  /* evaluations answered by an identical kernel another leaf ran (the
   * evaluator's BnbEvaluation.same_kernel): nothing built or run */
  guint64 same_kernel;
  guint64 outcomes[BNB_OUTCOME_COUNT];
  guint64 violations; /* ok leaves measured below their bound */
  guint64 nodes;      /* nodes bounded */
  /* branch and bound: greedy descents from the queue's next node when the
   * device was short of leaves (bnb/branch.c's plunge) */
  guint64 plunges;
  /* branch and bound: leaves sent to a device ahead of their turn, then
   * cut there by a better time before they ran (built, if at all, for
   * nothing) */
  guint64 sent_cut;
  double model_s, compile_s, run_s, total_s;
  double propagate_s; /* making children: decisions applied, propagated */
  /* Where the device stood: the evaluations' waits for their builds
   * (BnbEvaluation.build_wait_s), and, branch and bound only, the device
   * threads' waits for a leaf from the search; each summed over the
   * devices (lanes) */
  double build_wait_s, leaf_wait_s;
  GArray *records; /* BnbSearchRecord */
  GArray *depths;  /* BnbSearchDepth, index = depth */
} BnbSearchResult;

void bnb_search_result_free (BNB_TAKE BnbSearchResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbSearchResult, bnb_search_result_free)

/* Runs one strategy from `root` (any node of the model's space).  The
 * evaluator is used from a thread of the search's own.  NULL with `error`
 * only for a bad setting, an empty space or an evaluator failure. */
BNB_GIVE BnbSearchResult *bnb_search_run (BNB_KEEP const BnbChoiceNode *root,
                                          BNB_KEEP const BnbModel *model,
                                          BnbEvaluator *evaluator,
                                          const BnbSearchOptions *options,
                                          GError **error)
    G_GNUC_WARN_UNUSED_RESULT;

/* The first evaluation whose time is within (1 + tolerance) of `target`
 * (0 when none): "evaluations to come within 5% of the optimum". */
guint64 bnb_search_result_evaluations_to (const BnbSearchResult *result,
                                          double target, double tolerance);

/* Why a result has no best: "no candidate ran correctly" only when some
 * ran; else that the budget ended before any evaluation finished, or that
 * none was evaluated. */
const char *bnb_search_result_why_no_best (const BnbSearchResult *result);

/* ---- Reports (docs/report.md) ---------------------------------------- */

/* What a report says beyond the results themselves. */
typedef struct {
  const char *kernel_path;
  const char *kernel_name;
  const char *sizes;
  const char *device;   /* as the evaluator names it */
  double flops;         /* of one run of the kernel, 0 if unknown */
  double bytes;         /* least bytes moved, 0 if unknown */
  const char *best_source; /* OpenCL of the winner of results[0], or NULL */
  const char *best_nest;   /* its loop nest (BnbCodegenProgram.nest) */
  const char *command;  /* the command line, for the record */
  const char *journal;  /* the journal's path, or NULL without one */
  /* What was searched: the space under the design rules or every design,
   * and the node below --decisions if one was given (docs/report.md). */
  gboolean every_design;
  gboolean below_decisions;
} BnbReportInfo;

/* Writes report.json, evaluations.csv, pruning.csv, best.cl and the SVG
 * plots into `dir` (created if need be) for one or more strategies run on
 * the same space; results[0] is the one the summary is about. */
gboolean bnb_report_write (const char *dir, const BnbReportInfo *info,
                           BnbSearchResult *const *results, guint n_results,
                           GError **error);

/* The human summary: best time, GFLOP/s, decisions, proof status,
 * reduction factor, failures; a comparison table when n_results > 1. */
BNB_GIVE char *bnb_report_summary (const BnbReportInfo *info,
                                   BnbSearchResult *const *results,
                                   guint n_results)
    G_GNUC_WARN_UNUSED_RESULT;

#endif
