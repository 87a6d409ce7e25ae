/* What the strategies share: one search's state, the evaluation of a leaf
 * (journal of the run, budget, best time, timeouts, records) and the ways
 * of making leaves (random descent, greedy completion by the model). */
#ifndef BNB_BNB_PRIVATE_H
#define BNB_BNB_PRIVATE_H

#include "bnb/bnb.h"

typedef struct {
  const BnbChoiceNode *root;
  const BnbChoiceSpace *space;
  const BnbModel *model;
  BnbEvaluator *evaluator;
  const BnbSearchOptions *options;
  BnbSearchResult *result;
  GTimer *timer;
  GRand *rand;
  /* decisions -> time in seconds (INFINITY for a failure), boxed double:
   * a leaf met again is not evaluated again and costs no budget. */
  GHashTable *seen;
  double last_progress_s;
  GError *error; /* the evaluator's own failure: the search stops */
  gboolean stop; /* the budget is spent or an error happened */
} BnbSearchContext;

/* Evaluates `leaf` (depth = decisions taken from the root, for the
 * statistics; 0 if unknown) unless it was seen, records it, keeps the best
 * and the timeout in step, and sets ctx->stop when the budget is spent or
 * the evaluator fails.  Returns the time, INFINITY for a failed candidate,
 * NAN when nothing was evaluated because the search is stopping. */
double bnb_search_evaluate (BnbSearchContext *ctx, const BnbChoiceNode *leaf,
                            guint depth);

/* Hands every leaf of `leaves` to the evaluator's prepare, so that they
 * build in parallel before their evaluations. */
void bnb_search_prepare (BnbSearchContext *ctx, GPtrArray *leaves);

/* Prepares every leaf of `leaves` (so that they build in parallel), then
 * evaluates them in turn as above; empties `leaves` (whose free function
 * frees the nodes). */
void bnb_search_evaluate_batch (BnbSearchContext *ctx, GPtrArray *leaves,
                                guint depth);

/* The same for a leaf already evaluated by the caller's own thread
 * (branch and bound's device thread): records `e` as above. */
double bnb_search_record (BnbSearchContext *ctx, const BnbChoiceNode *leaf,
                          double bound_s, guint depth, BnbEvaluation *e);

/* The statistics of `depth`, the array grown to hold it. */
BnbSearchDepth *bnb_search_depth_stats (BnbSearchResult *result,
                                        guint depth);

/* Tells the evaluator when the time budget ends (for a final re-measure,
 * a few seconds later), so that no build or run outlasts it; an
 * evaluation it stops comes back `stopped` and counts for nothing.  Call
 * it on the evaluating thread, before each evaluation. */
void bnb_search_set_deadline (BnbSearchContext *ctx, gboolean final);

/* Whether options->interrupt is set: safe from any thread. */
gboolean bnb_search_interrupted (const BnbSearchContext *ctx);

/* TRUE when the budget (evaluations or seconds) is spent. */
gboolean bnb_search_over_budget (BnbSearchContext *ctx);

/* Whether bnb_search_progress would call back now (not forced). */
gboolean bnb_search_progress_due (const BnbSearchContext *ctx);
/* Calls the progress callback when 0.25 s have passed since the last call
 * (or always when `force`). */
void bnb_search_progress (BnbSearchContext *ctx, guint64 nodes,
                          guint64 queued, double lowest_open_s,
                          gboolean force);

/* Completes `node` into a leaf by taking, at each split of the space's
 * tree, the child with the lowest bound (ties to the first), backtracking
 * over dead ends; a leaf of the tree is settled.  NULL if none is
 * reachable. */
BNB_GIVE BnbChoiceNode *bnb_search_complete_greedy (const BnbModel *model,
                                                    const BnbChoiceNode *node)
    G_GNUC_WARN_UNUSED_RESULT;

/* `node` with `choice` narrowed to the alternatives in `keep` and
 * propagated; NULL when the child is dead. */
BNB_GIVE BnbChoiceNode *bnb_search_child_in (const BnbChoiceNode *node,
                                             guint choice, BnbDomain keep)
    G_GNUC_WARN_UNUSED_RESULT;

/* Number of decisions `leaf` took from `root`: the open choices of root. */
guint bnb_search_depth (const BnbChoiceNode *root);

/* The strategies: each runs to its end, the budget, or ctx->stop, filling
 * ctx->result (best_*, proven, lowest_open_s, depths).  FALSE only when
 * ctx->error is set or the setting is unusable (error set). */
gboolean bnb_strategy_bnb (BnbSearchContext *ctx, GError **error);
gboolean bnb_strategy_exhaustive (BnbSearchContext *ctx, GError **error);
gboolean bnb_strategy_random (BnbSearchContext *ctx, GError **error);
gboolean bnb_strategy_genetic (BnbSearchContext *ctx, GError **error);
gboolean bnb_strategy_nelder_mead (BnbSearchContext *ctx, GError **error);
gboolean bnb_strategy_coordinate (BnbSearchContext *ctx, GError **error);

#endif
