/* One search: the options, the result, the context the strategies share
 * and the evaluation of a leaf through it (budget, seen leaves, best time,
 * the timeout tied to the best, bound violations, records). */
#include "bnb/bnb-private.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (bnb-search-error-quark, bnb_search_error)

static const char *const strategy_names[BNB_STRATEGY_COUNT] = {
  "bnb", "exhaustive", "random", "genetic", "nelder-mead", "coordinate",
};

const char *
bnb_strategy_name (BnbStrategy strategy)
{
  g_return_val_if_fail (strategy < BNB_STRATEGY_COUNT, "?");
  return strategy_names[strategy];
}

static const char *const node_order_names[BNB_NODE_ORDER_COUNT] = {
  "bound", "learned", "occupancy", "dives",
};

const char *
bnb_node_order_name (BnbNodeOrder order)
{
  g_return_val_if_fail (order < BNB_NODE_ORDER_COUNT, "?");
  return node_order_names[order];
}

BnbNodeOrder
bnb_node_order_from_name (const char *name)
{
  for (guint o = 0; o < BNB_NODE_ORDER_COUNT; o++)
    if (g_strcmp0 (name, node_order_names[o]) == 0)
      return o;
  return BNB_NODE_ORDER_COUNT;
}

BnbStrategy
bnb_strategy_from_name (const char *name)
{
  for (guint s = 0; s < BNB_STRATEGY_COUNT; s++)
    if (g_strcmp0 (name, strategy_names[s]) == 0)
      return s;
  return BNB_STRATEGY_COUNT;
}

void
bnb_search_options_init (BnbSearchOptions *options)
{
  memset (options, 0, sizeof *options);
  options->strategy = BNB_STRATEGY_BNB;
  options->seed = 1;
  options->threads = g_get_num_processors ();
  options->final_candidates = 3;
  options->timeout_factor = 4;
  options->min_timeout_s = 0.5;
  options->exhaustive_limit = 1e6;
  options->count_seconds = 0.01;
  options->count_samples = 64;
  options->genetic.population = 20;
  options->genetic.elite = 2;
  options->genetic.tournament = 3;
  options->genetic.crossover = 0.8;
  options->genetic.mutation = 0.05;
  options->genetic.patience = 5;
}

static void
record_clear (gpointer data)
{
  BnbSearchRecord *r = data;
  g_free (r->decisions);
  g_free (r->kernel_key);
}

static BnbSearchResult *
result_new (const BnbSearchOptions *options)
{
  BnbSearchResult *r = g_new0 (BnbSearchResult, 1);
  r->strategy = options->strategy;
  r->seed = options->seed;
  if (options->strategy == BNB_STRATEGY_BNB)
    r->order = bnb_node_order_name (options->order);
  r->best_s = INFINITY;
  r->best_bound_s = NAN;
  r->lowest_open_s = INFINITY;
  r->records = g_array_new (FALSE, TRUE, sizeof (BnbSearchRecord));
  g_array_set_clear_func (r->records, record_clear);
  r->depths = g_array_new (FALSE, TRUE, sizeof (BnbSearchDepth));
  return r;
}

void
bnb_search_result_free (BnbSearchResult *result)
{
  if (result == NULL)
    return;
  g_free (result->best_decisions);
  g_array_unref (result->records);
  g_array_unref (result->depths);
  g_free (result);
}

guint64
bnb_search_result_evaluations_to (const BnbSearchResult *result,
                                  double target, double tolerance)
{
  for (guint i = 0; i < result->records->len; i++)
    {
      const BnbSearchRecord *r
          = &g_array_index (result->records, BnbSearchRecord, i);
      if (r->outcome == BNB_OUTCOME_OK && !r->final
          && r->time_s <= target * (1 + tolerance))
        return r->index;
    }
  return 0;
}

const char *
bnb_search_result_why_no_best (const BnbSearchResult *result)
{
  if (result->evaluations > 0)
    return "no candidate ran correctly";
  if (result->interrupted)
    return "no candidate was evaluated before the search was interrupted";
  return result->budget_hit ? "no candidate was evaluated within the budget"
                            : "no candidate was evaluated";
}

static gboolean
interrupted (const BnbSearchContext *ctx)
{
  const gint *flag = ctx->options->interrupt;
  return flag != NULL && g_atomic_int_get (flag) != 0;
}

gboolean
bnb_search_over_budget (BnbSearchContext *ctx)
{
  const BnbSearchOptions *o = ctx->options;
  if (interrupted (ctx))
    return TRUE;
  if (o->max_evaluations > 0 && ctx->result->evaluations >= o->max_evaluations)
    return TRUE;
  return o->max_seconds > 0
         && g_timer_elapsed (ctx->timer, NULL) >= o->max_seconds;
}

/* The final re-measure may go on this long past a time budget. */
#define FINAL_GRACE_S 3.0

void
bnb_search_set_deadline (BnbSearchContext *ctx, gboolean final)
{
  const BnbSearchOptions *o = ctx->options;
  const BnbEvaluatorClass *k = ctx->evaluator->klass;
  gint64 end_us = 0;
  if (k->set_deadline == NULL)
    return;
  if (interrupted (ctx))
    end_us = 1; /* long past */
  else if (o->max_seconds > 0)
    {
      double left = o->max_seconds - g_timer_elapsed (ctx->timer, NULL);
      if (final)
        left = MAX (left, 0) + FINAL_GRACE_S;
      end_us = g_get_monotonic_time () + (gint64)(MAX (left, 0) * 1e6) + 1;
    }
  k->set_deadline (ctx->evaluator->self, end_us);
  /* an interrupt that came between the test and the store above */
  if (interrupted (ctx))
    k->set_deadline (ctx->evaluator->self, 1);
}

gboolean
bnb_search_interrupted (const BnbSearchContext *ctx)
{
  return interrupted (ctx);
}

gboolean
bnb_search_progress_due (const BnbSearchContext *ctx)
{
  return ctx->options->progress != NULL
         && g_timer_elapsed (ctx->timer, NULL) - ctx->last_progress_s >= 0.25;
}

void
bnb_search_progress (BnbSearchContext *ctx, guint64 nodes, guint64 queued,
                     double lowest_open_s, gboolean force)
{
  const BnbSearchOptions *o = ctx->options;
  double now = g_timer_elapsed (ctx->timer, NULL);
  if (o->progress == NULL || (!force && now - ctx->last_progress_s < 0.25))
    return;
  ctx->last_progress_s = now;
  BnbSearchProgress p = {
    .strategy = o->strategy,
    .elapsed_s = now,
    .nodes = nodes,
    .queued = queued,
    .evaluations = ctx->result->evaluations,
    .same_kernel = ctx->result->same_kernel,
    .best_s = ctx->result->best_s,
    .lowest_open_s = lowest_open_s,
    .budget_fraction = NAN,
  };
  if (o->max_evaluations > 0)
    p.budget_fraction = (double) p.evaluations / o->max_evaluations;
  if (o->max_seconds > 0)
    p.budget_fraction = fmax (isnan (p.budget_fraction) ? 0
                                                        : p.budget_fraction,
                              now / o->max_seconds);
  o->progress (o->progress_data, &p);
}

BnbSearchDepth *
bnb_search_depth_stats (BnbSearchResult *result, guint depth)
{
  if (depth >= result->depths->len)
    g_array_set_size (result->depths, depth + 1);
  return &g_array_index (result->depths, BnbSearchDepth, depth);
}

static void
update_timeout (BnbSearchContext *ctx)
{
  const BnbSearchOptions *o = ctx->options;
  const BnbEvaluatorClass *k = ctx->evaluator->klass;
  if (!isfinite (ctx->result->best_s) || o->timeout_factor <= 0)
    return;
  if (k->set_timeout != NULL)
    k->set_timeout (ctx->evaluator->self,
                    fmax (o->timeout_factor * ctx->result->best_s,
                          o->min_timeout_s));
  /* no floor here: the profiling event times one launch exactly, and
   * the worker goes on (a launch past the limit above is killed) */
  if (k->set_slow != NULL)
    k->set_slow (ctx->evaluator->self,
                 o->timeout_factor * ctx->result->best_s);
}

static void
note_best (BnbSearchContext *ctx, const char *decisions, double time_s,
           double bound_s, guint64 index)
{
  BnbSearchResult *r = ctx->result;
  if (!(time_s < r->best_s))
    return;
  r->best_s = time_s;
  r->best_bound_s = bound_s;
  r->best_index = index;
  g_free (r->best_decisions);
  r->best_decisions = g_strdup (decisions);
  update_timeout (ctx);
}

static void
add_times (BnbSearchContext *ctx, const BnbEvaluation *e)
{
  BnbSearchResult *r = ctx->result;
  if (e->from_journal || e->same_kernel)
    return;
  r->compile_s += e->compile_s;
  r->build_wait_s += e->build_wait_s;
  if (e->outcome == BNB_OUTCOME_OK)
    r->run_s += e->median_s * (e->warmup + e->repetitions);
}

/* Appends the record of evaluation `e` of the leaf `decisions`. */
static void
append_record (BnbSearchContext *ctx, const char *decisions, double bound_s,
               const BnbEvaluation *e, gboolean final)
{
  BnbSearchResult *r = ctx->result;
  gboolean ok = e->outcome == BNB_OUTCOME_OK;
  BnbSearchRecord rec = {
    .index = r->records->len + 1,
    .elapsed_s = g_timer_elapsed (ctx->timer, NULL),
    .decisions = g_strdup (decisions),
    .bound_s = bound_s,
    .outcome = e->outcome,
    .time_s = ok ? e->median_s : NAN,
    .best_s = r->best_s,
    .compile_s = e->compile_s,
    .from_journal = e->from_journal,
    .same_kernel = e->same_kernel,
    .kernel_key = g_strdup (e->kernel_key),
    .final = final,
    .private_mem_bytes = e->private_mem_bytes,
    .local_mem_bytes = e->local_mem_bytes,
    .kernel_work_group_size = e->kernel_work_group_size,
    .lane = e->lane,
  };
  if (ok && e->median_s < bound_s)
    r->violations++;
  add_times (ctx, e);
  g_array_append_val (r->records, rec);
}

/* Counts evaluation `e` of the leaf `decisions` (taken) in the search. */
static double
record_taken (BnbSearchContext *ctx, char *decisions, double bound_s,
              guint depth, const BnbEvaluation *e)
{
  BnbSearchResult *r = ctx->result;
  double time_s = e->outcome == BNB_OUTCOME_OK ? e->median_s : INFINITY;
  r->evaluations++;
  r->same_kernel += e->same_kernel;
  r->outcomes[e->outcome]++;
  bnb_search_depth_stats (r, depth)->leaves++;
  note_best (ctx, decisions, time_s, bound_s, r->records->len + 1);
  append_record (ctx, decisions, bound_s, e, FALSE);
  g_hash_table_insert (ctx->seen, decisions,
                       g_memdup2 (&time_s, sizeof time_s));
  if (bnb_search_over_budget (ctx))
    ctx->stop = TRUE;
  bnb_search_progress (ctx, r->nodes, 0, NAN, FALSE);
  return time_s;
}

double
bnb_search_record (BnbSearchContext *ctx, const BnbChoiceNode *leaf,
                   double bound_s, guint depth, BnbEvaluation *e)
{
  if (e->stopped)
    {
      ctx->result->build_wait_s += e->build_wait_s; /* not run, but waited */
      ctx->stop = TRUE;
      return NAN;
    }
  return record_taken (ctx, bnb_choice_node_to_string (leaf, FALSE), bound_s,
                       depth, e);
}

double
bnb_search_evaluate (BnbSearchContext *ctx, const BnbChoiceNode *leaf,
                     guint depth)
{
  g_autofree char *decisions = bnb_choice_node_to_string (leaf, FALSE);
  const double *seen = g_hash_table_lookup (ctx->seen, decisions);
  if (seen != NULL)
    return *seen;
  if (ctx->stop || bnb_search_over_budget (ctx))
    {
      ctx->stop = TRUE;
      return NAN;
    }
  gint64 t0 = g_get_monotonic_time ();
  double bound_s = bnb_model_bound (ctx->model, leaf, NULL);
  ctx->result->model_s += (g_get_monotonic_time () - t0) / 1e6;
  const BnbEvaluatorClass *k = ctx->evaluator->klass;
  bnb_search_set_deadline (ctx, FALSE);
  g_autoptr (BnbEvaluation) e
      = k->evaluate (ctx->evaluator->self, leaf, FALSE, 0, &ctx->error);
  if (e == NULL || e->stopped)
    {
      if (e != NULL)
        ctx->result->build_wait_s += e->build_wait_s; /* not run, waited */
      ctx->stop = TRUE;
      return NAN;
    }
  return record_taken (ctx, g_steal_pointer (&decisions), bound_s, depth, e);
}

void
bnb_search_prepare (BnbSearchContext *ctx, GPtrArray *leaves)
{
  const BnbEvaluatorClass *k = ctx->evaluator->klass;
  if (k->prepare != NULL)
    for (guint i = 0; i < leaves->len; i++)
      k->prepare (ctx->evaluator->self, leaves->pdata[i], 0);
}

void
bnb_search_evaluate_batch (BnbSearchContext *ctx, GPtrArray *leaves,
                           guint depth)
{
  bnb_search_prepare (ctx, leaves);
  for (guint i = 0; i < leaves->len && !ctx->stop; i++)
    bnb_search_evaluate (ctx, leaves->pdata[i], depth);
  g_ptr_array_set_size (leaves, 0);
}

static BnbChoiceNode *
leaf_of (const BnbSearchContext *ctx, const char *decisions)
{
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_node_copy (ctx->root);
  if (!bnb_choice_node_apply_string (leaf, decisions, NULL)
      || !bnb_choice_node_is_leaf (leaf))
    return NULL;
  return g_steal_pointer (&leaf);
}

static gint
by_time (gconstpointer a, gconstpointer b)
{
  const BnbSearchRecord *x = *(BnbSearchRecord *const *) a;
  const BnbSearchRecord *y = *(BnbSearchRecord *const *) b;
  return (x->time_s > y->time_s) - (x->time_s < y->time_s);
}

/* Whether `rec` is the kernel of a record already picked for the
 * re-measure, so that the best few are distinct kernels, not one kernel
 * under several names. */
static gboolean
same_kernel_as_picked (const GPtrArray *picked, const BnbSearchRecord *rec)
{
  for (guint i = 0; i < picked->len && rec->kernel_key; i++)
    if (g_strcmp0 (((const BnbSearchRecord *)picked->pdata[i])->kernel_key,
                   rec->kernel_key)
        == 0)
      return TRUE;
  return FALSE;
}

static GPtrArray *
best_records (const BnbSearchResult *r, guint n)
{
  g_autoptr (GPtrArray) ok = g_ptr_array_new ();
  for (guint i = 0; i < r->records->len; i++)
    {
      BnbSearchRecord *rec = &g_array_index (r->records, BnbSearchRecord, i);
      if (rec->outcome == BNB_OUTCOME_OK)
        g_ptr_array_add (ok, rec);
    }
  g_ptr_array_sort (ok, by_time);
  g_autoptr (GPtrArray) picked = g_ptr_array_new ();
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < ok->len && names->len < n; i++)
    {
      const BnbSearchRecord *rec = ok->pdata[i];
      if (!same_kernel_as_picked (picked, rec))
        {
          g_ptr_array_add (picked, (gpointer) rec);
          g_ptr_array_add (names, g_strdup (rec->decisions));
        }
    }
  return names;
}

static double
remeasure (BnbSearchContext *ctx, const char *decisions)
{
  g_autoptr (BnbChoiceNode) leaf = leaf_of (ctx, decisions);
  if (leaf == NULL)
    return INFINITY;
  const BnbEvaluatorClass *k = ctx->evaluator->klass;
  bnb_search_set_deadline (ctx, TRUE);
  g_autoptr (BnbEvaluation) e
      = k->evaluate (ctx->evaluator->self, leaf, TRUE, 0, &ctx->error);
  if (e == NULL)
    return INFINITY;
  if (e->stopped)
    {
      ctx->result->build_wait_s += e->build_wait_s;
      return NAN; /* the grace ran out: no more re-measures */
    }
  double bound_s = bnb_model_bound (ctx->model, leaf, NULL);
  gboolean ok = e->outcome == BNB_OUTCOME_OK;
  append_record (ctx, decisions, bound_s, e, TRUE);
  return ok ? e->median_s : INFINITY;
}

/* The best few measured again with the final repetitions; the winner is
 * the fastest of those re-measured times. */
static void
name_winner (BnbSearchContext *ctx)
{
  BnbSearchResult *r = ctx->result;
  g_autoptr (GPtrArray) best = best_records (r, ctx->options->final_candidates);
  double winner_s = INFINITY;
  const char *winner = NULL;
  for (guint i = 0; i < best->len && ctx->error == NULL && !interrupted (ctx);
       i++)
    {
      double t = remeasure (ctx, best->pdata[i]);
      if (isnan (t))
        break;
      if (t < winner_s)
        winner_s = t, winner = best->pdata[i];
    }
  if (winner == NULL)
    return;
  g_autoptr (BnbChoiceNode) leaf = leaf_of (ctx, winner);
  r->best_s = winner_s;
  r->best_bound_s = bnb_model_bound (ctx->model, leaf, NULL);
  g_free (r->best_decisions);
  r->best_decisions = g_strdup (winner);
  for (guint i = 0; i < r->records->len; i++)
    {
      BnbSearchRecord *rec = &g_array_index (r->records, BnbSearchRecord, i);
      if (!rec->final && g_strcmp0 (rec->decisions, winner) == 0)
        r->best_index = rec->index;
    }
}

static void
count_space (BnbSearchContext *ctx)
{
  BnbChoiceCount count;
  bnb_choice_count (ctx->root, 1.0, 1000, ctx->options->seed, &count);
  ctx->result->space_size = count.leaves;
  ctx->result->space_exact = count.exact;
}

typedef gboolean (*StrategyFunc) (BnbSearchContext *ctx, GError **error);

static const StrategyFunc strategies[BNB_STRATEGY_COUNT] = {
  bnb_strategy_bnb,     bnb_strategy_exhaustive,  bnb_strategy_random,
  bnb_strategy_genetic, bnb_strategy_nelder_mead, bnb_strategy_coordinate,
};

static void
context_clear (BnbSearchContext *ctx)
{
  g_clear_pointer (&ctx->timer, g_timer_destroy);
  g_clear_pointer (&ctx->rand, g_rand_free);
  g_clear_pointer (&ctx->seen, g_hash_table_unref);
  g_clear_error (&ctx->error);
  g_clear_pointer (&ctx->result, bnb_search_result_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BnbSearchContext, context_clear)

static gboolean
check_options (const BnbSearchOptions *o, GError **error)
{
  if (o->strategy >= BNB_STRATEGY_COUNT)
    {
      g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_OPTIONS,
                   "unknown strategy %d", o->strategy);
      return FALSE;
    }
  if (o->margin < 0 || o->margin >= 1 || o->max_seconds < 0)
    {
      g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_OPTIONS,
                   "the margin must be in [0, 1) and the budget >= 0");
      return FALSE;
    }
  return TRUE;
}

BnbSearchResult *
bnb_search_run (const BnbChoiceNode *root, const BnbModel *model,
                BnbEvaluator *evaluator, const BnbSearchOptions *options,
                GError **error)
{
  if (!check_options (options, error))
    return NULL;
  g_auto (BnbSearchContext) ctx = {
    .root = root,
    .space = bnb_choice_node_space (root),
    .model = model,
    .evaluator = evaluator,
    .options = options,
    .result = result_new (options),
    .timer = g_timer_new (),
    .rand = g_rand_new_with_seed_array ((const guint32 *) &options->seed, 2),
    .seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free),
  };
  count_space (&ctx);
  if (evaluator->klass->begin != NULL)
    evaluator->klass->begin (evaluator->self);
  g_timer_start (ctx.timer);
  if (!strategies[options->strategy](&ctx, error))
    {
      if (ctx.error != NULL)
        g_propagate_error (error, g_steal_pointer (&ctx.error));
      return NULL;
    }
  ctx.result->interrupted = interrupted (&ctx);
  ctx.result->budget_hit = !ctx.result->proven && !ctx.result->interrupted
                           && bnb_search_over_budget (&ctx);
  if (ctx.error == NULL && !ctx.result->interrupted)
    name_winner (&ctx);
  ctx.result->interrupted = interrupted (&ctx); /* during the re-measure */
  if (ctx.error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&ctx.error));
      return NULL;
    }
  ctx.result->total_s = g_timer_elapsed (ctx.timer, NULL);
  bnb_search_progress (&ctx, ctx.result->nodes, 0, NAN, TRUE);
  return g_steal_pointer (&ctx.result);
}
