/* Tests of the baseline strategies of bnb/ (the genetic algorithm, and
 * Nelder-Mead and coordinate search over the tile sizes) on the simulated
 * device with the H100 description: a seed gives the same run and other
 * seeds another; the evaluation budget is met exactly; every evaluated
 * leaf is a valid leaf below the root, evaluated once; direct search
 * leaves the non-numeric decisions to the model's greedy completion; the
 * genetic algorithm ends no worse than its first generation and usually
 * better; no baseline beats the exhaustive optimum; the evaluator's failure
 * and unusable settings come back as errors.
 *
 * bnb_search_run counts the space before it starts (a second or more on
 * mxm), so the cases on whole spaces call the strategy directly through
 * the context of bnb-private.h; the cases through bnb_search_run use
 * spaces small enough to enumerate. */
#include "bnb/bnb-private.h"
#include "tests/support/fixture.h"

#include <math.h>
#include <string.h>

#define DEVICE "data/devices/h100.ini"
#define SIM_SEED 7
#define SIM_SPREAD 1.0
#define SIM_FAILURES 0.05
#define SIM_EXACT 0.1
#define MAX_LEAVES 5000.0

static const char *const kernels[][2] = {
  { "data/kernels/axpy.ir", "N=1024" },
  { "data/kernels/mxm.ir", "M=16,N=16,K=16" },
};

/* Evaluations per run on each kernel: axpy has 27 tile points. */
static const guint64 budgets[] = { 12, 25 };

static const BnbStrategy baselines[] = {
  BNB_STRATEGY_GENETIC,
  BNB_STRATEGY_NELDER_MEAD,
  BNB_STRATEGY_COORDINATE,
};

/* axpy with one loop nest for its three instructions: 2368 leaves. */
static const char axpy_nest[] = "kernel axpy_nest;\nparam N = 256;\n"
                                "scalar alpha : f32;\n"
                                "array X : f32[N] inout;\n"
                                "dim i = N tile {1, 2, 4, 8, 16, 32} "
                                "tile {1, 2, 4};\n"
                                "loop i.0, i.1, i.2 {\n"
                                "  x = load X[i];\n  y = mul alpha, x;\n"
                                "  store X[i], y;\n}\n";

/* No tile choice at all: direct search has no coordinate. */
static const char untiled[] = "kernel sq;\nparam N = 64;\n"
                              "array X : f32[N] inout;\n"
                              "dim i = N;\nloop i.0 {\n"
                              "  x = load X[i];\n  y = mul x, x;\n"
                              "  store X[i], y;\n}\n";

typedef BnbTestFixture Fixture;
#define fixture_clear bnb_test_fixture_clear

static void
fixture_build (Fixture *f, BnbIrKernel *kernel, const char *sizes)
{
  bnb_test_fixture_build (f, kernel, sizes, DEVICE);
}

static void
fixture_load (Fixture *f, guint which)
{
  g_autoptr (GError) error = NULL;
  BnbIrKernel *k = bnb_ir_kernel_parse_file (kernels[which][0], &error);
  g_assert_no_error (error);
  fixture_build (f, k, kernels[which][1]);
}

static void
fixture_load_text (Fixture *f, const char *text)
{
  g_autoptr (GError) error = NULL;
  BnbIrKernel *k
      = bnb_ir_kernel_parse_string ("test.ir", text, strlen (text), &error);
  g_assert_no_error (error);
  fixture_build (f, k, NULL);
}


static void
options_for (BnbSearchOptions *o, BnbStrategy strategy, guint64 seed,
             guint64 budget)
{
  bnb_search_options_init (o);
  o->strategy = strategy;
  o->seed = seed;
  o->max_evaluations = budget;
  o->threads = 1;
}

static void
assert_not_proven (const BnbSearchResult *r)
{
  g_assert_false (r->proven);
  g_assert_cmpfloat (r->lowest_open_s, ==, INFINITY);
}

/* Through the search's front door, with its final re-measures. */
static BnbSearchResult *
run_search (const Fixture *f, const BnbChoiceNode *root, BnbStrategy strategy,
            guint64 seed, guint64 budget)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbEvaluator) ev
      = bnb_evaluator_new_simulated (f->model, SIM_SEED, SIM_SPREAD,
                                     SIM_FAILURES, SIM_EXACT);
  BnbSearchOptions o;
  options_for (&o, strategy, seed, budget);
  BnbSearchResult *r = bnb_search_run (root, f->model, ev, &o, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_cmpint (r->strategy, ==, strategy);
  return r;
}

static void
record_clear (gpointer data)
{
  BnbSearchRecord *rec = data;
  g_free (rec->decisions);
}

static BnbSearchResult *
result_new (BnbStrategy strategy, guint64 seed)
{
  BnbSearchResult *r = g_new0 (BnbSearchResult, 1);
  r->strategy = strategy;
  r->seed = seed;
  r->best_s = INFINITY;
  r->best_bound_s = NAN;
  r->lowest_open_s = INFINITY;
  r->records = g_array_new (FALSE, TRUE, sizeof (BnbSearchRecord));
  g_array_set_clear_func (r->records, record_clear);
  r->depths = g_array_new (FALSE, TRUE, sizeof (BnbSearchDepth));
  return r;
}

static gboolean
call_strategy (BnbSearchContext *ctx, GError **error)
{
  switch (ctx->options->strategy)
    {
    case BNB_STRATEGY_GENETIC:
      return bnb_strategy_genetic (ctx, error);
    case BNB_STRATEGY_NELDER_MEAD:
      return bnb_strategy_nelder_mead (ctx, error);
    case BNB_STRATEGY_COORDINATE:
      return bnb_strategy_coordinate (ctx, error);
    default:
      g_assert_not_reached ();
    }
}

/* The strategy alone on the whole space, in the context bnb_search_run
 * makes, without its count of the space and its final re-measures. */
static BnbSearchResult *
run_strategy (const Fixture *f, BnbStrategy strategy, guint64 seed,
              guint64 budget)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbEvaluator) ev
      = bnb_evaluator_new_simulated (f->model, SIM_SEED, SIM_SPREAD,
                                     SIM_FAILURES, SIM_EXACT);
  BnbSearchOptions o;
  options_for (&o, strategy, seed, budget);
  BnbSearchContext ctx = {
    .root = f->root,
    .space = f->space,
    .model = f->model,
    .evaluator = ev,
    .options = &o,
    .result = result_new (strategy, seed),
    .timer = g_timer_new (),
    .rand = g_rand_new_with_seed_array ((const guint32 *)&o.seed, 2),
    .seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free),
  };
  gboolean ok = call_strategy (&ctx, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_null (ctx.error);
  g_timer_destroy (ctx.timer);
  g_rand_free (ctx.rand);
  g_hash_table_unref (ctx.seen);
  assert_not_proven (ctx.result);
  return ctx.result;
}

static const BnbSearchRecord *
record_at (const BnbSearchResult *r, guint i)
{
  return &g_array_index (r->records, BnbSearchRecord, i);
}

/* Records of the search itself, before the final re-measures. */
static guint
n_searched (const BnbSearchResult *r)
{
  guint n = 0;
  for (guint i = 0; i < r->records->len; i++)
    n += !record_at (r, i)->final;
  return n;
}

static gboolean
same_time (double a, double b)
{
  return (isnan (a) && isnan (b)) || a == b;
}

static gboolean
same_records (const BnbSearchResult *a, const BnbSearchResult *b)
{
  if (a->records->len != b->records->len)
    return FALSE;
  for (guint i = 0; i < a->records->len; i++)
    {
      const BnbSearchRecord *x = record_at (a, i), *y = record_at (b, i);
      if (g_strcmp0 (x->decisions, y->decisions) != 0
          || x->outcome != y->outcome || x->final != y->final
          || !same_time (x->time_s, y->time_s))
        return FALSE;
    }
  return TRUE;
}

/* Lowest ok time among the searched records [from, to). */
static double
best_between (const BnbSearchResult *r, guint from, guint to)
{
  double best = INFINITY;
  for (guint i = from; i < to && i < r->records->len; i++)
    {
      const BnbSearchRecord *rec = record_at (r, i);
      if (!rec->final && rec->outcome == BNB_OUTCOME_OK)
        best = MIN (best, rec->time_s);
    }
  return best;
}

static BnbChoiceNode *
leaf_below (const BnbChoiceNode *root, const char *decisions)
{
  g_autoptr (GError) error = NULL;
  BnbChoiceNode *leaf = bnb_choice_node_copy (root);
  g_assert_true (bnb_choice_node_apply_string (leaf, decisions, &error));
  g_assert_no_error (error);
  g_assert_true (bnb_choice_node_is_leaf (leaf));
  g_assert_true (bnb_choice_node_check_leaf (leaf, &error));
  g_assert_no_error (error);
  return leaf;
}

/* The leaf's tile sizes under `root`, completed by the model: what direct
 * search evaluates for the point of those sizes. */
static char *
greedy_of_tiles (const Fixture *f, const BnbChoiceNode *root,
                 const BnbChoiceNode *leaf)
{
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (root);
  for (guint c = 0; c < bnb_choice_space_n_choices (f->space); c++)
    {
      BnbDomain size = bnb_choice_node_domain (leaf, c);
      if (bnb_choice_type (f->space, c) == BNB_CHOICE_TILE)
        g_assert_cmpint (bnb_choice_node_restrict (n, c, size), ==,
                         BNB_CHOICE_ALIVE);
    }
  g_autoptr (BnbChoiceNode) done = bnb_search_complete_greedy (f->model, n);
  g_assert_nonnull (done);
  return bnb_choice_node_to_string (done, FALSE);
}

/* Every record names a valid leaf below `root`; no leaf is searched
 * twice; the best is the fastest searched; direct search leaves the rest
 * to the model. */
static void
assert_sound (const Fixture *f, const BnbChoiceNode *root,
              const BnbSearchResult *r)
{
  g_autoptr (GHashTable) met = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean direct = r->strategy != BNB_STRATEGY_GENETIC;
  double best = best_between (r, 0, r->records->len);
  g_assert_cmpuint (r->evaluations, ==, n_searched (r));
  for (guint i = 0; i < r->records->len; i++)
    {
      const BnbSearchRecord *rec = record_at (r, i);
      g_autoptr (BnbChoiceNode) leaf = leaf_below (root, rec->decisions);
      if (rec->final)
        continue;
      g_assert_cmpuint (rec->index, ==, i + 1);
      g_assert_true (g_hash_table_add (met, rec->decisions));
      if (direct)
        {
          g_autofree char *greedy = greedy_of_tiles (f, root, leaf);
          g_assert_cmpstr (greedy, ==, rec->decisions);
        }
    }
  if (isfinite (best))
    g_assert_cmpfloat (r->best_s, ==, best);
}

/* Same seed, same run; another seed, another run; the budget exactly. */
static void
test_repeatable (gconstpointer data)
{
  guint k = GPOINTER_TO_UINT (data) / G_N_ELEMENTS (baselines);
  BnbStrategy s
      = baselines[GPOINTER_TO_UINT (data) % G_N_ELEMENTS (baselines)];
  Fixture f;
  fixture_load (&f, k);
  g_autoptr (BnbSearchResult) a = run_strategy (&f, s, 1, budgets[k]);
  g_autoptr (BnbSearchResult) b = run_strategy (&f, s, 1, budgets[k]);
  g_autoptr (BnbSearchResult) c = run_strategy (&f, s, 2, budgets[k]);
  g_assert_true (same_records (a, b));
  g_assert_cmpstr (a->best_decisions, ==, b->best_decisions);
  g_assert_cmpfloat (a->best_s, ==, b->best_s);
  g_assert_false (same_records (a, c));
  assert_sound (&f, f.root, a);
  g_assert_cmpuint (n_searched (a), ==, budgets[k]);
  g_assert_cmpuint (n_searched (c), ==, budgets[k]);
  g_test_message ("%s: best %g s at evaluation %" G_GUINT64_FORMAT,
                  kernels[k][0], a->best_s, a->best_index);
  fixture_clear (&f);
}

/* Budgets are met exactly, from the first evaluation on. */
static void
test_budget (gconstpointer data)
{
  static const guint64 limits[] = { 1, 2, 7 };
  guint k = GPOINTER_TO_UINT (data) / G_N_ELEMENTS (baselines);
  BnbStrategy s
      = baselines[GPOINTER_TO_UINT (data) % G_N_ELEMENTS (baselines)];
  Fixture f;
  fixture_load (&f, k);
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      g_autoptr (BnbSearchResult) r = run_strategy (&f, s, 5 + i, limits[i]);
      assert_sound (&f, f.root, r);
      g_assert_cmpuint (n_searched (r), ==, limits[i]);
    }
  fixture_clear (&f);
}

/* The best is never worse than the first generation's, and on mxm the
 * later generations do improve on it for some seed. */
static void
test_genetic_improves (void)
{
  guint improved = 0, population = 20;
  Fixture f;
  fixture_load (&f, 1);
  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autoptr (BnbSearchResult) r
          = run_strategy (&f, BNB_STRATEGY_GENETIC, seed, 80);
      double initial = best_between (r, 0, population);
      g_test_message ("seed %" G_GUINT64_FORMAT ": first generation %g s, "
                      "best %g s after %u evaluations",
                      seed, initial, r->best_s, n_searched (r));
      g_assert_cmpuint (n_searched (r), >, population);
      g_assert_true (isfinite (initial));
      g_assert_cmpfloat (r->best_s, <=, initial);
      improved += r->best_s < initial;
    }
  g_assert_cmpuint (improved, >, 0);
  fixture_clear (&f);
}

/* Below a random leaf of axpy: `n_fixed` of its other-than-tile decisions,
 * drawn from `seed`, taken; the tile sizes stay open where they can. */
static BnbChoiceNode *
axpy_sub_space (const Fixture *f, guint32 seed, guint n_fixed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (BnbChoiceNode) leaf
      = bnb_choice_random_leaf (f->root, rand, 1000);
  guint n = bnb_choice_space_n_choices (f->space), m = 0;
  g_autofree guint *order = g_new (guint, n);
  g_assert_nonnull (leaf);
  /* the open choices only: the draw does not depend on how many decided
   * choices the space has */
  for (guint c = 0; c < n; c++)
    if (bnb_choice_type (f->space, c) != BNB_CHOICE_TILE
        && (bnb_choice_node_domain (f->root, c)
                & (bnb_choice_node_domain (f->root, c) - 1)) != 0)
      order[m++] = c;
  for (guint i = m; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, (gint32)i), t = order[i - 1];
      order[i - 1] = order[j], order[j] = t;
    }
  BnbChoiceNode *node = bnb_choice_node_copy (f->root);
  for (guint i = 0; i < n_fixed && i < m; i++)
    g_assert_cmpint (
        bnb_choice_node_restrict (node, order[i],
                                  bnb_choice_node_domain (leaf, order[i])),
        ==, BNB_CHOICE_ALIVE);
  return node;
}

/* Without a budget each baseline stops by itself, evaluates no more than
 * the whole space, and finds nothing faster than the exhaustive optimum. */
static void
compare_exhaustive (const Fixture *f, const BnbChoiceNode *root)
{
  BnbChoiceCount count;
  g_assert_true (bnb_choice_count_exact (root, 10.0, &count));
  g_assert_cmpfloat (count.leaves, <=, MAX_LEAVES);
  g_autoptr (BnbSearchResult) all
      = run_search (f, root, BNB_STRATEGY_EXHAUSTIVE, 1, 0);
  g_assert_cmpfloat (n_searched (all), ==, count.leaves);
  g_assert_true (isfinite (all->best_s));
  for (guint i = 0; i < G_N_ELEMENTS (baselines); i++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autoptr (BnbSearchResult) r
            = run_search (f, root, baselines[i], seed, 0);
        assert_not_proven (r);
        assert_sound (f, root, r);
        g_assert_false (r->budget_hit);
        g_assert_cmpuint (r->evaluations, <=, all->evaluations);
        g_assert_true (isfinite (r->best_s));
        g_assert_cmpfloat (r->best_s, >=, all->best_s);
        g_test_message ("%s seed %" G_GUINT64_FORMAT ": %" G_GUINT64_FORMAT
                        " of %.0f leaves, best / optimum %.3f",
                        bnb_strategy_name (baselines[i]), seed, r->evaluations,
                        count.leaves, r->best_s / all->best_s);
      }
}

static void
test_exhaustive_nest (void)
{
  Fixture f;
  fixture_load_text (&f, axpy_nest);
  compare_exhaustive (&f, f.root);
  fixture_clear (&f);
}

static void
test_exhaustive_axpy (void)
{
  static const guint sub[][2] = { { 1, 24 }, { 3, 16 }, { 2, 16 } };
  Fixture f;
  fixture_load (&f, 0);
  for (guint i = 0; i < G_N_ELEMENTS (sub); i++)
    {
      g_autoptr (BnbChoiceNode) root
          = axpy_sub_space (&f, sub[i][0], sub[i][1]);
      compare_exhaustive (&f, root);
    }
  fixture_clear (&f);
}

/* No tile choice: direct search evaluates the model's completion of the
 * root, once. */
static void
test_untiled (void)
{
  Fixture f;
  fixture_load_text (&f, untiled);
  g_autoptr (BnbChoiceNode) greedy
      = bnb_search_complete_greedy (f.model, f.root);
  g_autofree char *expected = bnb_choice_node_to_string (greedy, FALSE);
  for (guint i = 1; i < G_N_ELEMENTS (baselines); i++)
    {
      g_autoptr (BnbSearchResult) r
          = run_search (&f, f.root, baselines[i], 1, 50);
      assert_not_proven (r);
      assert_sound (&f, f.root, r);
      g_assert_cmpuint (n_searched (r), ==, 1);
      g_assert_cmpstr (record_at (r, 0)->decisions, ==, expected);
    }
  fixture_clear (&f);
}

typedef struct {
  guint calls;
  guint fail_at;
} Failing;

static BnbEvaluation *
failing_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                  guint lane, GError **error)
{
  Failing *fl = self;
  if (++fl->calls >= fl->fail_at)
    {
      g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_EVALUATE,
                   "the device is gone");
      return NULL;
    }
  BnbEvaluation *e = bnb_evaluation_new ();
  e->decisions = bnb_choice_node_to_string (leaf, FALSE);
  e->outcome = BNB_OUTCOME_OK;
  e->median_s = e->min_s = e->max_s = 1e-3 + 1e-6 * fl->calls;
  e->repetitions = 1;
  return e;
}

static const BnbEvaluatorClass failing_class = {
  .evaluate = failing_evaluate,
  .free = g_free,
};

/* An evaluator that counts leaves prepared and not yet evaluated. */
typedef struct {
  GHashTable *waiting; /* decisions of leaves prepared, not evaluated */
  guint most_waiting;
  guint evaluated;
} Ahead;

static void
ahead_prepare (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  Ahead *a = self;
  g_hash_table_add (a->waiting, bnb_choice_node_to_string (leaf, FALSE));
  a->most_waiting = MAX (a->most_waiting, g_hash_table_size (a->waiting));
}

static BnbEvaluation *
ahead_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                guint lane, GError **error)
{
  Ahead *a = self;
  BnbEvaluation *e = bnb_evaluation_new ();
  e->decisions = bnb_choice_node_to_string (leaf, FALSE);
  g_hash_table_remove (a->waiting, e->decisions);
  e->outcome = BNB_OUTCOME_OK;
  e->median_s = 1e-3 * (1 + g_str_hash (e->decisions) % 97);
  e->min_s = e->max_s = e->median_s;
  e->repetitions = 1;
  a->evaluated++;
  return e;
}

static void
ahead_free (gpointer self)
{
  Ahead *a = self;
  g_hash_table_unref (a->waiting);
  g_free (a);
}

static const BnbEvaluatorClass ahead_class = {
  .prepare = ahead_prepare,
  .evaluate = ahead_evaluate,
  .free = ahead_free,
};

/* The genetic algorithm hands a whole generation to prepare before it
 * evaluates any of it, so that on a device the builds run in parallel. */
static void
test_genetic_prepares_ahead (void)
{
  g_autoptr (GError) error = NULL;
  Fixture f;
  fixture_load (&f, 1);
  Ahead *a = g_new0 (Ahead, 1);
  a->waiting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&ahead_class, a, "ahead");
  BnbSearchOptions o;
  options_for (&o, BNB_STRATEGY_GENETIC, 1, 60);
  g_autoptr (BnbSearchResult) r
      = bnb_search_run (f.root, f.model, ev, &o, &error);
  g_assert_no_error (error);
  g_test_message ("%u evaluated, at most %u prepared ahead", a->evaluated,
                  a->most_waiting);
  g_assert_cmpuint (a->evaluated, >, o.genetic.population);
  /* distinct leaves of one generation, all prepared before the first of
   * them is evaluated (a bred child may repeat one) */
  g_assert_cmpuint (a->most_waiting, >, o.genetic.population / 2);
  fixture_clear (&f);
}

/* The evaluator's own failure stops the search and comes back. */
static void
test_evaluator_error (void)
{
  Fixture f;
  fixture_load_text (&f, axpy_nest);
  for (guint i = 0; i < G_N_ELEMENTS (baselines); i++)
    {
      g_autoptr (GError) error = NULL;
      Failing *fl = g_new0 (Failing, 1);
      fl->fail_at = 4;
      g_autoptr (BnbEvaluator) ev
          = bnb_evaluator_new (&failing_class, fl, "failing");
      BnbSearchOptions o;
      options_for (&o, baselines[i], 1, 100);
      g_autoptr (BnbSearchResult) r
          = bnb_search_run (f.root, f.model, ev, &o, &error);
      g_assert_null (r);
      g_assert_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_EVALUATE);
      g_assert_cmpuint (fl->calls, ==, 4);
    }
  fixture_clear (&f);
}

/* Genetic settings that cannot work are refused before any evaluation. */
static void
test_genetic_options (void)
{
  Fixture f;
  fixture_load_text (&f, axpy_nest);
  g_autoptr (BnbEvaluator) ev
      = bnb_evaluator_new_simulated (f.model, SIM_SEED, SIM_SPREAD,
                                     SIM_FAILURES, SIM_EXACT);
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr (GError) error = NULL;
      BnbSearchOptions o;
      options_for (&o, BNB_STRATEGY_GENETIC, 1, 10);
      o.genetic.population = i == 0 ? 1 : o.genetic.population;
      o.genetic.elite = i == 1 ? o.genetic.population : o.genetic.elite;
      o.genetic.tournament = i == 2 ? 0 : o.genetic.tournament;
      o.genetic.mutation = i == 3 ? 1.5 : o.genetic.mutation;
      o.genetic.crossover = i == 4 ? NAN : o.genetic.crossover;
      g_autoptr (BnbSearchResult) r
          = bnb_search_run (f.root, f.model, ev, &o, &error);
      g_assert_null (r);
      g_assert_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_OPTIONS);
    }
  fixture_clear (&f);
}

static void
add_per_strategy (const char *what, GTestDataFunc test, guint kernel)
{
  for (guint s = 0; s < G_N_ELEMENTS (baselines); s++)
    {
      g_autofree char *kb = g_path_get_basename (kernels[kernel][0]);
      g_autofree char *path
          = g_strdup_printf ("/baselines/%s/%s/%s",
                             bnb_strategy_name (baselines[s]), what, kb);
      g_test_add_data_func (path,
                            GUINT_TO_POINTER (kernel * G_N_ELEMENTS (baselines)
                                              + s),
                            test);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    add_per_strategy ("repeatable", test_repeatable, k);
  add_per_strategy ("budget", test_budget, 1);
  g_test_add_func ("/baselines/genetic/improves", test_genetic_improves);
  g_test_add_func ("/baselines/genetic/options", test_genetic_options);
  g_test_add_func ("/baselines/direct/untiled", test_untiled);
  g_test_add_func ("/baselines/all/exhaustive/axpy-nest",
                   test_exhaustive_nest);
  g_test_add_func ("/baselines/all/exhaustive/axpy-sub-spaces",
                   test_exhaustive_axpy);
  g_test_add_func ("/baselines/all/evaluator-error", test_evaluator_error);
  g_test_add_func ("/baselines/genetic/prepares-ahead",
                   test_genetic_prepares_ahead);
  return g_test_run ();
}
