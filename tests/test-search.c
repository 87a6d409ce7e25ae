/* Tests of bnb/: on the simulated device, branch and bound finds exactly
 * the optimum that exhaustive enumeration finds, on sub-spaces of every
 * shipped kernel at several sizes and seeds (the time, since several
 * leaves may tie), timing fewer leaves; its
 * statistics account for every candidate; a budget stops it with an
 * honest open bound; and it runs on any node as its root. */
#include "bnb/bnb.h"
#include "codegen/codegen.h"
#include "tests/support/fixture.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static const char *const kernels[][2] = {
  { "data/kernels/axpy.ir", "N=64" },
  { "data/kernels/axpy.ir", "N=1000" },
  { "data/kernels/mxm.ir", "M=16,N=16,K=16" },
  { "data/kernels/mxm.ir", "M=64,N=48,K=40" },
  { "data/kernels/gemv.ir", "M=32,N=32" },
  { "data/kernels/gemv.ir", "M=100,N=7" },
  { "data/kernels/stencil2d.ir", "H=10,W=10" },
  { "data/kernels/stencil2d.ir", "H=34,W=18" },
};

/* Sub-spaces small enough to enumerate, large enough to prune. */
#define MAX_LEAVES 1000.0
#define MIN_LEAVES 50.0

typedef BnbTestFixture Fixture;
#define fixture_clear bnb_test_fixture_clear

static void
fixture_load (Fixture *f, const char *path, const char *sizes)
{
  bnb_test_fixture_load (f, path, sizes, "data/devices/h100.ini");
}

static gboolean
small_enough (const BnbChoiceNode *node, double *leaves)
{
  BnbChoiceCount count;
  bnb_choice_count_estimate (node, 10, 0, 1, &count);
  if (count.leaves > 4 * MAX_LEAVES
      || !bnb_choice_count_exact (node, 2.0, &count))
    return FALSE;
  *leaves = count.leaves;
  return count.leaves <= MAX_LEAVES;
}

static BnbChoiceNode *
prefix_node (const Fixture *f, const BnbChoiceNode *leaf, const guint *order,
             guint m)
{
  BnbChoiceNode *node = bnb_choice_node_copy (f->root);
  for (guint i = 0; i < m; i++)
    g_assert_cmpint (bnb_choice_node_restrict (
                         node, order[i],
                         bnb_choice_node_domain (leaf, order[i])),
                     ==, BNB_CHOICE_ALIVE);
  return node;
}

/* A node above a random leaf: the leaf's decisions on the first m choices
 * of a random order, for the least m (found by bisection) that leaves a
 * node small enough. */
static BnbChoiceNode *
sub_space (const Fixture *f, GRand *rand, double *leaves)
{
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (f->root, rand,
                                                           1000);
  g_assert_nonnull (leaf);
  guint n = bnb_choice_space_n_choices (f->space);
  g_autofree guint *order = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, (gint32) i), t = order[i - 1];
      order[i - 1] = order[j], order[j] = t;
    }
  guint lo = 0, hi = n;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      g_autoptr (BnbChoiceNode) node = prefix_node (f, leaf, order, mid);
      if (small_enough (node, leaves))
        hi = mid;
      else
        lo = mid + 1;
    }
  BnbChoiceNode *node = prefix_node (f, leaf, order, lo);
  g_assert_true (small_enough (node, leaves));
  return node;
}

/* A search with the tests' options on evaluator `ev`. */
static BnbSearchResult *
search_on (const Fixture *f, const BnbChoiceNode *root, BnbEvaluator *ev,
           BnbStrategy strategy, guint64 seed, guint64 max_evaluations)
{
  g_autoptr (GError) error = NULL;
  BnbSearchOptions o;
  bnb_search_options_init (&o);
  o.strategy = strategy;
  o.seed = seed;
  o.threads = 3;
  o.max_evaluations = max_evaluations;
  o.count_seconds = max_evaluations > 0 ? 0.001 : 1.0;
  o.count_samples = max_evaluations > 0 ? 16 : 1000000;
  BnbSearchResult *r = bnb_search_run (root, f->model, ev, &o, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* A search on the simulated device. */
static BnbSearchResult *
search (const Fixture *f, const BnbChoiceNode *root, BnbStrategy strategy,
        guint64 seed, guint64 max_evaluations)
{
  double exact_rate = max_evaluations > 0 ? 0 : 0.1;
  g_autoptr (BnbEvaluator) ev
      = bnb_evaluator_new_simulated (f->model, seed, 1.0, 0.05, exact_rate);
  return search_on (f, root, ev, strategy, seed, max_evaluations);
}

static guint64
timed (const BnbSearchResult *r)
{
  guint64 n = 0;
  for (guint i = 0; i < r->records->len; i++)
    n += !g_array_index (r->records, BnbSearchRecord, i).final;
  return n;
}

/* Every candidate is either pruned (counted exactly) or evaluated. */
static void
assert_accounted (const BnbSearchResult *r, double leaves)
{
  double pruned = 0;
  for (guint d = 0; d < r->depths->len; d++)
    {
      const BnbSearchDepth *s = &g_array_index (r->depths, BnbSearchDepth, d);
      g_assert_false (s->pruned_estimated);
      pruned += s->pruned;
    }
  g_assert_cmpfloat (pruned + (double) timed (r), ==, leaves);
}

static void
compare_case (const Fixture *f, guint64 seed, guint64 *bnb_timed,
              guint64 *all_timed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
  double leaves = 0;
  g_autoptr (BnbChoiceNode) node = sub_space (f, rand, &leaves);
  if (leaves < MIN_LEAVES)
    return;
  g_autoptr (BnbSearchResult) ex
      = search (f, node, BNB_STRATEGY_EXHAUSTIVE, seed, 0);
  g_autoptr (BnbSearchResult) bb = search (f, node, BNB_STRATEGY_BNB, seed, 0);
  g_assert_cmpfloat (timed (ex), ==, leaves);
  g_assert_true (ex->proven && bb->proven);
  g_assert_cmpfloat (bb->best_s, ==, ex->best_s);
  g_assert_cmpuint (timed (bb), <=, timed (ex));
  g_assert_cmpuint (bb->violations + ex->violations, ==, 0);
  assert_accounted (bb, leaves);
  *bnb_timed += timed (bb);
  *all_timed += timed (ex);
}

static void
test_bnb_equals_exhaustive (void)
{
  guint64 bnb_timed = 0, all_timed = 0;
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    {
      Fixture f;
      fixture_load (&f, kernels[k][0], kernels[k][1]);
      for (guint64 seed = 1; seed <= 2; seed++)
        compare_case (&f, seed * 7919 + k, &bnb_timed, &all_timed);
      fixture_clear (&f);
    }
  g_test_message ("branch and bound timed %" G_GUINT64_FORMAT
                  " leaves, exhaustive %" G_GUINT64_FORMAT,
                  bnb_timed, all_timed);
  g_assert_cmpuint (all_timed, >, 0);
  g_assert_cmpuint (bnb_timed, <, all_timed);
}

/* The simulated device on several lanes, where lane 0 holds each of its
 * evaluations after the first until another lane has run one (or 2 s
 * passed): a search that keeps lane 0 busy must use the others. */
typedef struct {
  BnbEvaluator *inner;
  GMutex lock;
  GCond cond;
  guint lane0_runs;
  gboolean other_ran;
} Gated;

static BnbEvaluation *
gated_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                guint lane, GError **error)
{
  Gated *g = self;
  gint64 end = g_get_monotonic_time () + 2 * G_TIME_SPAN_SECOND;
  g_mutex_lock (&g->lock);
  if (lane == 0 && !final && g->lane0_runs++ > 0)
    while (!g->other_ran && g_cond_wait_until (&g->cond, &g->lock, end))
      ;
  if (lane > 0)
    {
      g->other_ran = TRUE;
      g_cond_broadcast (&g->cond);
    }
  g_mutex_unlock (&g->lock);
  return g->inner->klass->evaluate (g->inner->self, leaf, final, lane, error);
}

static void
gated_free (gpointer self)
{
  Gated *g = self;
  bnb_evaluator_free (g->inner);
  g_mutex_clear (&g->lock);
  g_cond_clear (&g->cond);
  g_free (g);
}

static const BnbEvaluatorClass gated_class = {
  .evaluate = gated_evaluate,
  .free = gated_free,
};

static BnbSearchResult *
search_gated (const Fixture *f, const BnbChoiceNode *root, guint64 seed,
              guint lanes)
{
  Gated *g = g_new0 (Gated, 1);
  g->inner = bnb_evaluator_new_simulated (f->model, seed, 1.0, 0.05, 0.1);
  g_mutex_init (&g->lock);
  g_cond_init (&g->cond);
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&gated_class, g, "gated");
  ev->lanes = lanes;
  return search_on (f, root, ev, BNB_STRATEGY_BNB, seed, 0);
}

/* With three lanes (three device threads, as with three devices) branch
 * and bound still proves the optimum exhaustive finds, accounts for every
 * candidate, evaluates each leaf once, and uses more than one lane. */
static void
test_bnb_lanes (void)
{
  guint cases = 0;
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    {
      Fixture f;
      fixture_load (&f, kernels[k][0], kernels[k][1]);
      guint64 seed = 104729 + k;
      g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
      double leaves = 0;
      g_autoptr (BnbChoiceNode) node = sub_space (&f, rand, &leaves);
      if (leaves >= MIN_LEAVES)
        {
          g_autoptr (BnbSearchResult) ex
              = search (&f, node, BNB_STRATEGY_EXHAUSTIVE, seed, 0);
          g_autoptr (BnbSearchResult) bb = search_gated (&f, node, seed, 3);
          g_assert_true (bb->proven);
          g_assert_cmpfloat (bb->best_s, ==, ex->best_s);
          assert_accounted (bb, leaves);
          g_autoptr (GHashTable) seen
              = g_hash_table_new (g_str_hash, g_str_equal);
          guint used = 0;
          for (guint i = 0; i < bb->records->len; i++)
            {
              const BnbSearchRecord *x
                  = &g_array_index (bb->records, BnbSearchRecord, i);
              if (x->final)
                continue;
              g_assert_true (g_hash_table_add (seen, x->decisions));
              g_assert_cmpint (x->lane, >=, 0);
              g_assert_cmpint (x->lane, <, 3);
              used |= 1u << x->lane;
            }
          if (timed (bb) >= 3)
            g_assert_cmpuint (used & (used - 1), !=, 0); /* two lanes */
          cases++;
        }
      fixture_clear (&f);
    }
  g_assert_cmpuint (cases, >, 0);
}

/* The simulated device where every third leaf prepared builds slowly:
 * `built` says FALSE for it, and its evaluation takes 2 ms, others 0.2
 * ms, so that leaves queue up behind it.  It records the order leaves
 * were prepared (sent) and evaluated in. */
typedef struct {
  BnbEvaluator *inner;
  GMutex lock;
  GHashTable *sent;   /* decisions -> order sent + 1 */
  GArray *evaluated;  /* guint: the order sent of each leaf evaluated */
} Slow;

static guint
slow_order (Slow *s, const BnbChoiceNode *leaf)
{
  g_autofree char *key = bnb_choice_node_to_string (leaf, FALSE);
  g_mutex_lock (&s->lock);
  guint order = GPOINTER_TO_UINT (g_hash_table_lookup (s->sent, key));
  g_mutex_unlock (&s->lock);
  return order;
}

static void
slow_prepare (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  Slow *s = self;
  (void)lane;
  char *key = bnb_choice_node_to_string (leaf, FALSE);
  g_mutex_lock (&s->lock);
  if (!g_hash_table_contains (s->sent, key))
    g_hash_table_insert (s->sent, key,
                         GUINT_TO_POINTER (g_hash_table_size (s->sent) + 1));
  else
    g_free (key);
  g_mutex_unlock (&s->lock);
}

static gboolean
slow_built (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  (void)lane;
  return slow_order (self, leaf) % 3 != 1;
}

static BnbEvaluation *
slow_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
               guint lane, GError **error)
{
  Slow *s = self;
  guint order = slow_order (s, leaf);
  if (!final)
    {
      g_usleep (order % 3 == 1 ? 2000 : 200);
      g_mutex_lock (&s->lock);
      g_array_append_val (s->evaluated, order);
      g_mutex_unlock (&s->lock);
    }
  return s->inner->klass->evaluate (s->inner->self, leaf, final, lane, error);
}

static void
slow_free (gpointer self)
{
  Slow *s = self;
  bnb_evaluator_free (s->inner);
  g_hash_table_destroy (s->sent);
  g_array_free (s->evaluated, TRUE);
  g_mutex_clear (&s->lock);
  g_free (s);
}

static const BnbEvaluatorClass slow_class = {
  .prepare = slow_prepare,
  .evaluate = slow_evaluate,
  .built = slow_built,
  .free = slow_free,
};

/* An evaluator that keeps what the search asks of set_slow, over the
 * simulated one: the times its evaluations returned (not the final
 * re-measures), and each limit set. */
typedef struct {
  BnbEvaluator *inner;
  GMutex lock;
  GArray *times;  /* double */
  GArray *limits; /* double */
  guint calls;    /* evaluations, the final re-measures too */
} Limits;

/* What each evaluation of the Limits evaluator says it waited for its
 * build (a binary fraction, so that the sum is exact) */
#define LIMITS_BUILD_WAIT 0.125

static BnbEvaluation *
limits_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                 guint lane, GError **error)
{
  Limits *l = self;
  BnbEvaluation *e
      = l->inner->klass->evaluate (l->inner->self, leaf, final, lane, error);
  g_mutex_lock (&l->lock);
  if (e != NULL)
    {
      e->build_wait_s = LIMITS_BUILD_WAIT;
      l->calls++;
    }
  if (e != NULL && !final && e->outcome == BNB_OUTCOME_OK)
    g_array_append_val (l->times, e->median_s);
  g_mutex_unlock (&l->lock);
  return e;
}

static void
limits_set_slow (gpointer self, double seconds)
{
  Limits *l = self;
  g_mutex_lock (&l->lock);
  g_array_append_val (l->limits, seconds);
  g_mutex_unlock (&l->lock);
}

static void
limits_free (gpointer self)
{
  Limits *l = self;
  bnb_evaluator_free (l->inner);
  g_array_free (l->times, TRUE);
  g_array_free (l->limits, TRUE);
  g_mutex_clear (&l->lock);
  g_free (l);
}

static const BnbEvaluatorClass limits_class = {
  .evaluate = limits_evaluate,
  .set_slow = limits_set_slow,
  .free = limits_free,
};

/* The search sets the slow launch (set_slow) to timeout_factor times each
 * new best, without the launch limit's floor: every limit is 4 times a
 * time an evaluation returned, each below the one before, the last 4
 * times the least.  The result sums where the device waited. */
static void
test_slow_limit (void)
{
  Fixture f;
  fixture_load (&f, "data/kernels/mxm.ir", "M=64,N=48,K=40");
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  double leaves = 0;
  g_autoptr (BnbChoiceNode) node = sub_space (&f, rand, &leaves);
  Limits *l = g_new0 (Limits, 1);
  l->inner = bnb_evaluator_new_simulated (f.model, 5, 1.0, 0.05, 0.1);
  g_mutex_init (&l->lock);
  l->times = g_array_new (FALSE, FALSE, sizeof (double));
  l->limits = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&limits_class, l, "limits");
  g_autoptr (BnbSearchResult) r
      = search_on (&f, node, ev, BNB_STRATEGY_BNB, 5, 0);
  g_assert_cmpuint (l->times->len, >=, 2);
  g_assert_cmpuint (l->limits->len, >=, 1);
  double least = INFINITY;
  for (guint i = 0; i < l->times->len; i++)
    least = MIN (least, g_array_index (l->times, double, i));
  for (guint i = 0; i < l->limits->len; i++)
    {
      double limit = g_array_index (l->limits, double, i);
      gboolean found = FALSE;
      for (guint j = 0; j < l->times->len; j++)
        found |= limit == 4 * g_array_index (l->times, double, j);
      g_assert_true (found);
      g_assert_cmpfloat (limit, <, 0.5); /* no floor: simulated microseconds */
      if (i > 0)
        g_assert_cmpfloat (limit, <, g_array_index (l->limits, double, i - 1));
    }
  g_assert_cmpfloat (g_array_index (l->limits, double, l->limits->len - 1), ==,
                     4 * least);
  /* where the device waited: every evaluation's wait for its build, and
   * the device thread's for leaves (at least for the first: the root is
   * bounded and split before any leaf exists), within the search's time */
  g_assert_cmpfloat (r->build_wait_s, ==, LIMITS_BUILD_WAIT * l->calls);
  g_assert_cmpfloat (r->leaf_wait_s, >, 0);
  g_assert_cmpfloat (r->leaf_wait_s, <=, r->total_s);
  fixture_clear (&f);
}

/* Leaves evaluated before one sent earlier, in the order of the run. */
static guint
inversions (const GArray *evaluated)
{
  guint n = 0, most = 0;
  for (guint i = 0; i < evaluated->len; i++)
    {
      guint o = g_array_index (evaluated, guint, i);
      n += o < most;
      most = MAX (most, o);
    }
  return n;
}

/* With built_first, a lane runs the leaves that are built before an older
 * one still building: the leaves run out of the order they were sent, and
 * branch and bound still proves the optimum exhaustive finds, accounts for
 * every candidate and runs each leaf once.  Without it, on one lane, they
 * run in the order sent. */
static void
test_built_first (void)
{
  guint cases = 0, out_of_order = 0;
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    {
      Fixture f;
      fixture_load (&f, kernels[k][0], kernels[k][1]);
      guint64 seed = 7727 + k;
      g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32)seed);
      double leaves = 0;
      g_autoptr (BnbChoiceNode) node = sub_space (&f, rand, &leaves);
      if (leaves >= MIN_LEAVES)
        {
          g_autoptr (BnbSearchResult) ex
              = search (&f, node, BNB_STRATEGY_EXHAUSTIVE, seed, 0);
          for (int built_first = 0; built_first <= 1; built_first++)
            {
              Slow *s = g_new0 (Slow, 1);
              s->inner = bnb_evaluator_new_simulated (f.model, seed, 1.0,
                                                      0.05, 0.1);
              g_mutex_init (&s->lock);
              s->sent = g_hash_table_new_full (g_str_hash, g_str_equal,
                                               g_free, NULL);
              s->evaluated = g_array_new (FALSE, FALSE, sizeof (guint));
              g_autoptr (BnbEvaluator) ev
                  = bnb_evaluator_new (&slow_class, s, "slow");
              ev->built_first = built_first;
              g_autoptr (BnbSearchResult) r
                  = search_on (&f, node, ev, BNB_STRATEGY_BNB, seed, 0);
              g_assert_true (r->proven);
              g_assert_cmpfloat (r->best_s, ==, ex->best_s);
              assert_accounted (r, leaves);
              g_assert_cmpuint (s->evaluated->len, ==, timed (r));
              g_autoptr (GHashTable) seen
                  = g_hash_table_new (g_direct_hash, g_direct_equal);
              for (guint i = 0; i < s->evaluated->len; i++)
                g_assert_true (g_hash_table_add (
                    seen, GUINT_TO_POINTER (
                              g_array_index (s->evaluated, guint, i))));
              if (built_first)
                out_of_order += inversions (s->evaluated);
              else
                g_assert_cmpuint (inversions (s->evaluated), ==, 0);
            }
          cases++;
        }
      fixture_clear (&f);
    }
  g_assert_cmpuint (cases, >, 0);
  g_test_message ("%u leaves ran before one sent earlier", out_of_order);
  g_assert_cmpuint (out_of_order, >, 0);
}

/* An evaluator that knows a time already: the simulated device, with the
 * leaf `decisions` (if any) offered as the incumbent, as the journal
 * does.  It counts the leaves prepared (built ahead).  Its
 * first evaluation (the incumbent's) waits until another leaf is
 * prepared (when `others` says one will be), or 5 s, and it counts what
 * is prepared after the incumbent and before its evaluation ends, and
 * what is evaluated meanwhile. */
typedef struct {
  BnbEvaluator *inner;
  char *decisions;
  gboolean others; /* leaves other than the incumbent will be sent */
  GMutex lock;
  GCond cond;
  guint prepares;
  guint evaluations;
  gboolean first_running;
  gboolean first_done;
  guint prepared_meanwhile;
  guint evaluated_meanwhile;
} Known;

static void
known_prepare (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  Known *k = self;
  g_mutex_lock (&k->lock);
  k->prepared_meanwhile += k->prepares++ > 0 && !k->first_done;
  g_cond_broadcast (&k->cond);
  g_mutex_unlock (&k->lock);
  if (k->inner->klass->prepare)
    k->inner->klass->prepare (k->inner->self, leaf, lane);
}

static BnbEvaluation *
known_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                guint lane, GError **error)
{
  Known *k = self;
  g_mutex_lock (&k->lock);
  gboolean first = k->evaluations++ == 0;
  k->evaluated_meanwhile += k->first_running;
  if (first)
    {
      gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
      k->first_running = TRUE;
      while (k->others && k->prepared_meanwhile == 0
             && g_cond_wait_until (&k->cond, &k->lock, end))
        ;
    }
  g_mutex_unlock (&k->lock);
  BnbEvaluation *e = k->inner->klass->evaluate (k->inner->self, leaf, final,
                                                lane, error);
  if (first)
    {
      g_mutex_lock (&k->lock);
      k->first_running = FALSE;
      k->first_done = TRUE;
      g_mutex_unlock (&k->lock);
    }
  return e;
}

static BnbChoiceNode *
known_incumbent (gpointer self, const BnbChoiceNode *root)
{
  Known *k = self;
  if (k->decisions == NULL)
    return NULL;
  BnbChoiceNode *leaf = bnb_choice_node_copy (root);
  g_assert_true (bnb_choice_node_apply_string (leaf, k->decisions, NULL));
  g_assert_true (bnb_choice_node_is_leaf (leaf));
  return leaf;
}

static void
known_free (gpointer self)
{
  Known *k = self;
  bnb_evaluator_free (k->inner);
  g_free (k->decisions);
  g_mutex_clear (&k->lock);
  g_cond_clear (&k->cond);
  g_free (k);
}

static const BnbEvaluatorClass known_class = {
  .prepare = known_prepare,
  .evaluate = known_evaluate,
  .free = known_free,
  .incumbent = known_incumbent,
};

static BnbEvaluator *
known_new (const Fixture *f, guint64 seed, double exact_rate,
           const char *decisions, gboolean others, Known **known)
{
  Known *k = g_new0 (Known, 1);
  k->inner = bnb_evaluator_new_simulated (f->model, seed, 1.0, 0.05,
                                          exact_rate);
  k->decisions = g_strdup (decisions);
  k->others = others;
  g_mutex_init (&k->lock);
  g_cond_init (&k->cond);
  *known = k;
  return bnb_evaluator_new (&known_class, k, "known");
}

static guint
count_evaluations_of (const BnbSearchResult *r, const char *decisions)
{
  guint n = 0;
  for (guint i = 0; i < r->records->len; i++)
    {
      const BnbSearchRecord *x = &g_array_index (r->records, BnbSearchRecord, i);
      n += !x->final && strcmp (x->decisions, decisions) == 0;
    }
  return n;
}

/* Started from the optimum, branch and bound evaluates it first and once,
 * still proves it, accounts for every candidate, and times no more
 * leaves than it does from nothing.  While the optimum runs, the search
 * goes on and prepares other leaves, but evaluates none of them; those
 * the optimum's time cuts are counted as sent then cut (sent_cut). */
static void
test_incumbent (void)
{
  guint cases = 0;
  guint64 sent_cut = 0;
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k += 2)
    {
      Fixture f;
      fixture_load (&f, kernels[k][0], kernels[k][1]);
      g_autoptr (GRand) rand = g_rand_new_with_seed (31 + k);
      double leaves = 0;
      g_autoptr (BnbChoiceNode) node = sub_space (&f, rand, &leaves);
      guint64 seed = 101 + k;
      g_autoptr (BnbSearchResult) ex
          = search (&f, node, BNB_STRATEGY_EXHAUSTIVE, seed, 0);
      g_autoptr (BnbSearchResult) plain
          = search (&f, node, BNB_STRATEGY_BNB, seed, 0);
      g_assert_nonnull (ex->best_decisions);
      Known *known;
      g_autoptr (BnbEvaluator) ev = known_new (
          &f, seed, 0.1, ex->best_decisions, leaves >= 2, &known);
      ev->lanes = 2; /* so that another leaf could run beside it */
      g_autoptr (BnbSearchResult) r
          = search_on (&f, node, ev, BNB_STRATEGY_BNB, seed, 0);
      g_assert_true (r->proven);
      g_assert_cmpfloat (r->best_s, ==, ex->best_s);
      g_assert_cmpstr (g_array_index (r->records, BnbSearchRecord, 0)
                           .decisions, ==, ex->best_decisions);
      g_assert_cmpuint (count_evaluations_of (r, ex->best_decisions), ==, 1);
      g_assert_cmpuint (timed (r), <=, timed (plain));
      /* every leaf sent (prepared) ran once or was cut at the device */
      g_assert_cmpuint (known->prepares, ==, timed (r) + r->sent_cut);
      sent_cut += r->sent_cut;
      assert_accounted (r, leaves);
      if (known->others)
        g_assert_cmpuint (known->prepared_meanwhile, >, 0);
      g_assert_cmpuint (known->evaluated_meanwhile, ==, 0);
      cases++;
      fixture_clear (&f);
    }
  g_assert_cmpuint (cases, ==, 4);
  /* the leaves sent while the optimum ran, before its time was in, that
   * its time then cut at the device: the report counts them */
  g_test_message ("%" G_GUINT64_FORMAT " leaves sent then cut",
                  sent_cut);
  g_assert_cmpuint (sent_cut, >, 0);
}

/* Under a budget of B evaluations, branch and bound builds no more than
 * the budget can still run: B leaves, one more on its way per lane, and
 * one sent before the incumbent took its evaluation (16 are sent ahead
 * without a budget). */
static void
test_budget_prepares (void)
{
  Fixture f;
  fixture_load (&f, "data/kernels/gemv.ir", "M=64,N=64");
  for (guint64 budget = 1; budget <= 4; budget += 3)
    {
      Known *known;
      g_autoptr (BnbEvaluator) ev = known_new (&f, 7, 0, NULL, FALSE, &known);
      g_autoptr (BnbSearchResult) r
          = search_on (&f, f.root, ev, BNB_STRATEGY_BNB, 7, budget);
      g_assert_cmpuint (timed (r), ==, budget);
      g_assert_cmpuint (known->prepares, <=, budget + 2);
    }
  fixture_clear (&f);
}

static void
test_budget (void)
{
  Fixture f;
  fixture_load (&f, "data/kernels/gemv.ir", "M=64,N=64");
  g_autoptr (BnbSearchResult) r = search (&f, f.root, BNB_STRATEGY_BNB, 5, 15);
  g_assert_cmpuint (timed (r), ==, 15);
  g_assert_false (r->proven);
  g_assert_true (r->budget_hit);
  g_assert_true (isfinite (r->best_s));
  g_assert_cmpfloat (r->lowest_open_s, <, r->best_s);
  g_assert_cmpfloat (r->lowest_open_s, >=,
                     bnb_model_bound (f.model, f.root, NULL));
  fixture_clear (&f);
}

/* A leaf as the root: one evaluation, proven. */
static void
test_leaf_root (void)
{
  Fixture f;
  fixture_load (&f, "data/kernels/gemv.ir", "M=32,N=32");
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (f.root, rand, 100);
  g_autoptr (BnbSearchResult) r = search (&f, leaf, BNB_STRATEGY_BNB, 11, 0);
  g_assert_cmpuint (timed (r), <=, 1);
  g_assert_true (r->proven);
  fixture_clear (&f);
}


/* The options of the searches on evaluators that answer at once: two
 * threads, `evaluations` or `seconds`, a quick count of what is cut, no
 * final re-measures. */
static void
quick_options (BnbSearchOptions *o, guint64 evaluations, double seconds)
{
  bnb_search_options_init (o);
  o->threads = 2;
  o->max_evaluations = evaluations;
  o->max_seconds = seconds;
  o->count_seconds = 0.001;
  o->count_samples = 4;
  o->final_candidates = 0;
}

/* Branch and bound on the simulated device of the fixture's model (every
 * leaf at its bound), on two threads, for at most `evaluations` and
 * `seconds`. */
static BnbSearchResult *
simulated_bnb (Fixture *f, guint64 evaluations, double seconds)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbEvaluator) ev
      = bnb_evaluator_new_simulated (f->model, 1, 1.0, 0, 0);
  BnbSearchOptions o;
  quick_options (&o, evaluations, seconds);
  BnbSearchResult *r = bnb_search_run (f->root, f->model, ev, &o, &error);
  g_assert_no_error (error);
  return r;
}

/* Branch and bound runs a leaf at once, however flat the bounds near the
 * root: on mxm at 1024^3 for the H100, where best-first expanded 2.9
 * million nodes in 50 s without reaching a leaf, a search allowed one
 * evaluation evaluates the end of its dive and has a best (30 s keep a
 * search without the dive from running for ever). */
static void
test_dive (void)
{
  Fixture f;
  fixture_load (&f, "data/kernels/mxm.ir", "M=1024,N=1024,K=1024");
  g_autoptr (BnbSearchResult) r = simulated_bnb (&f, 1, 30);
  g_assert_cmpuint (timed (r), >=, 1);
  g_assert_true (isfinite (r->best_s));
  g_assert_cmpfloat (r->best_s, >=, r->best_bound_s);
  g_assert_cmpfloat (r->lowest_open_s, <=, r->best_s);
  fixture_clear (&f);
}

/* Where the lowest bounds are those of inner nodes above leaves of higher
 * bounds (stencil2d at 4096^2: inner nodes at 4 us, leaves from 8 us on
 * the H200's model; the fixture's H100 is alike), lowest bound first
 * expands inner nodes for ever: on an H200 it bounded 27 M nodes in 60 s
 * and ran the first dive's kernel alone.  A search short of leaves dives
 * from the queue's next node, so it runs its budget of 20 evaluations,
 * and the result is still that of the same tree (a search to its end is
 * /search/bnb-equals-exhaustive). */
static void
test_plunge (void)
{
  Fixture f;
  fixture_load (&f, "data/kernels/stencil2d.ir", "H=4096,W=4096");
  g_autoptr (BnbSearchResult) r = simulated_bnb (&f, 20, 60);
  g_test_message ("%" G_GUINT64_FORMAT " evaluated, %" G_GUINT64_FORMAT
                  " nodes, %" G_GUINT64_FORMAT " dives",
                  timed (r), r->nodes, r->plunges);
  g_assert_cmpuint (timed (r), ==, 20);
  g_assert_cmpuint (r->plunges, >, 0);
  g_assert_true (r->budget_hit);
  g_assert_cmpfloat (r->lowest_open_s, <=, r->best_s);
  fixture_clear (&f);
}

/* A device on which the kernels of one tile choice, the one with the
 * lowest bounds (tiles 8 x 8 of mxm at 1024^3 on the H100's model), run
 * at 8 times their bound and every other kernel at 1.5 times: the shape
 * an H100 gave, where 7,911 kernels of that choice ran at 4.5 to 11 times
 * a bound of 35.18 us and a kernel of tiles 4 x 16 at 2 times 49.78 us. */
typedef struct {
  const BnbModel *model;
  guint trapped;
  guint evaluated, first_good; /* 1-based; 0: none */
  /* whether a leaf, by its decisions, runs at 8x its bound (else 1.5x) */
  gboolean (*slow) (const char *decisions);
  gulong wait_us; /* real time a leaf takes on the device; 0: at once */
} Trap;

static gboolean
tiles_8x8 (const char *decisions)
{
  return strstr (decisions, "tile(T1)=8;") != NULL
         && strstr (decisions, "tile(T2)=8;") != NULL;
}

static BnbEvaluation *
trap_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
               guint lane, GError **error)
{
  Trap *t = self;
  if (t->wait_us > 0)
    g_usleep (t->wait_us);
  BnbEvaluation *e = bnb_evaluation_new ();
  e->decisions = bnb_choice_node_to_string (leaf, FALSE);
  gboolean trap = t->slow (e->decisions);
  t->trapped += trap && !final;
  t->evaluated += !final;
  if (!trap && t->first_good == 0)
    t->first_good = t->evaluated;
  e->outcome = BNB_OUTCOME_OK;
  e->repetitions = 10;
  e->median_s = e->min_s = e->max_s
      = bnb_model_bound (t->model, leaf, NULL) * (trap ? 8 : 1.5);
  return e;
}

static const BnbEvaluatorClass trap_class = {
  .evaluate = trap_evaluate,
  .free = g_free,
};

/* 400 evaluations on the trap device whose slow leaves `slow` says, each
 * taking `wait_us` of real time, by the learned order (with design buckets
 * when `occupancy`), below `start`; the device's counts go to `out`. */
static BnbSearchResult *
trap_search (Fixture *f, const BnbChoiceNode *start,
             gboolean (*slow) (const char *), gboolean occupancy,
             gulong wait_us, Trap *out)
{
  g_autoptr (GError) error = NULL;
  Trap *t = g_new0 (Trap, 1);
  t->model = f->model;
  t->slow = slow;
  t->wait_us = wait_us;
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&trap_class, t, "trap");
  BnbSearchOptions o;
  quick_options (&o, 400, 120);
  o.order = occupancy ? BNB_NODE_ORDER_OCCUPANCY : BNB_NODE_ORDER_LEARNED;
  BnbSearchResult *r = bnb_search_run (start, f->model, ev, &o, &error);
  g_assert_no_error (error);
  *out = *t;
  return r;
}

/* Branch and bound learns, per choice of tile sizes, how far its kernels
 * ran above their bounds, and takes its next node from the choice where
 * bound x ratio is least (--order learned): within 400 evaluations it
 * leaves the trapped choice and finds a kernel at 1.5 times its bound
 * (12 evaluations trapped, two per tile choice of tiles 8 x 8; 6 since
 * the dives for want of leaves).  Taken by bound alone (the default),
 * 399 of 400 evaluations stayed in the trap; 55 with the dives. */
static void
test_learned_order (void)
{
  Fixture f;
  Trap t;
  fixture_load (&f, "data/kernels/mxm.ir", "M=1024,N=1024,K=1024");
  g_autoptr (BnbSearchResult) r
      = trap_search (&f, f.root, tiles_8x8, FALSE, 0, &t);
  g_test_message ("%u of %" G_GUINT64_FORMAT " evaluations trapped; best "
                  "%.4g us, %.3g x its bound",
                  t.trapped, timed (r), r->best_s * 1e6,
                  r->best_s / r->best_bound_s);
  g_assert_cmpuint (t.trapped, >, 0); /* the trap is where bounds are least */
  g_assert_cmpuint (t.trapped, <, timed (r) / 2);
  g_assert_cmpfloat (r->best_s, <, 2 * r->best_bound_s);
  fixture_clear (&f);
}

/* A device on which one design runs at 1.5 times its bound and every
 * other kernel at 8 times: the register tile on work-items n along x and
 * m along y, both chunks in local memory (the mapped best's design,
 * bench/mxm-mapped.decisions), as an H200 ran the whole mxm space at
 * 1024^3: within the tile choice 4 x 16 x 16 and 256 work-items, 6,983
 * kernels with m along x ran at 2.6 to 6 times a bound of 49.78 us while
 * the mapped best ran at 1.9 times it (docs/search.md). */
static gboolean
not_mapped_design (const char *decisions)
{
  return strstr (decisions, "kind(n.2@acc.upd)=thread.x;") == NULL
         || strstr (decisions, "kind(m.2@acc.upd)=thread.y;") == NULL
         || strstr (decisions, "mem(a)=local;") == NULL
         || strstr (decisions, "mem(b)=local;") == NULL;
}

/* Where leaves wait for the device in /search/occupancy-order: each
 * takes this long, so that the device, not the search, sets the pace. */
#define TRAP_WAIT_US 1000

/* The search left the trap: it found the design at 1.5x (after some
 * kernels at 8x, where the bounds are least). */
static void
assert_trap_left (const BnbSearchResult *r, const Trap *t)
{
  g_assert_cmpfloat (r->best_s, <, 2 * r->best_bound_s);
  g_assert_cmpuint (t->trapped, >, 0);
}

/* The occupancy order, end to end: below the tile choice of the mapped
 * best (4 x 16 x 16), within 400 evaluations it finds the one design
 * that runs at 1.5 times its bound, learning ratios per design and per
 * tile choice, both where the simulated device answers at once and where
 * each leaf waits 1 ms for it (as on a GPU, and as on a loaded machine,
 * where the device thread answers late): near the 150th kernel in each.
 * The second is the deterministic form of a failure CI met under load:
 * when the tile bucket's nodes were expanded breadth first unless the
 * device was short of leaves, one design whose key never rose took every
 * leaf of 3,000 (dives_spent, bnb/branch.c).  The learned order is
 * reported beside them, answered at once: it finds the design as soon
 * there (near the 134th), because the search dives for want of leaves
 * all along, which spreads its kernels over designs; on the GPU, where
 * leaves wait for the device, the order by tile buckets worked through
 * one design's nesting orders (docs/search.md, call 3). */
static void
test_occupancy_order (void)
{
  Fixture f;
  g_autoptr (GError) error = NULL;
  Trap t[3];
  fixture_load (&f, "data/kernels/mxm.ir", "M=1024,N=1024,K=1024");
  g_autoptr (BnbChoiceNode) start = bnb_choice_node_copy (f.root);
  g_assert_true (bnb_choice_node_apply_string (
      start, "tile(T1)=4; tile(T2)=16; tile(TK)=16", &error));
  g_assert_no_error (error);
  g_autoptr (BnbSearchResult) learned
      = trap_search (&f, start, not_mapped_design, FALSE, 0, &t[0]);
  g_autoptr (BnbSearchResult) at_once
      = trap_search (&f, start, not_mapped_design, TRUE, 0, &t[1]);
  g_autoptr (BnbSearchResult) waiting = trap_search (
      &f, start, not_mapped_design, TRUE, TRAP_WAIT_US, &t[2]);
  g_test_message ("learned: best %.3g x its bound, %u of %" G_GUINT64_FORMAT
                  " evaluations at 8x, the first at 1.5x the %uth; "
                  "occupancy: %.3g x, %u of %" G_GUINT64_FORMAT ", the %uth; "
                  "occupancy, %d us a leaf: %.3g x, %u of %" G_GUINT64_FORMAT
                  ", the %uth",
                  learned->best_s / learned->best_bound_s, t[0].trapped,
                  timed (learned), t[0].first_good,
                  at_once->best_s / at_once->best_bound_s, t[1].trapped,
                  timed (at_once), t[1].first_good, TRAP_WAIT_US,
                  waiting->best_s / waiting->best_bound_s, t[2].trapped,
                  timed (waiting), t[2].first_good);
  assert_trap_left (at_once, &t[1]);
  assert_trap_left (waiting, &t[2]);
  fixture_clear (&f);
}

static gboolean
never_slow (const char *decisions)
{
  return FALSE;
}

/* Dives that end in cuts push their bucket back (dive_ended,
 * bnb/branch.c): on the whole mxm space at 1024^3 (the H100's model),
 * every kernel at 1.5 times its bound and 1 ms a leaf, 400 evaluations
 * took about 6,100 dives for want of leaves, 15 an evaluation (the same
 * under three busy loops on two cores); without it, about 10,800, 27 an
 * evaluation, the search diving again and again into the one tile choice
 * whose inner nodes bound below the cut-off and whose leaves do not
 * (on an H200, the device waited 17 to 23 s of 107 s there).  The test
 * asks for fewer than 20 an evaluation, between the two. */
static void
test_failing_dives (void)
{
  Fixture f;
  Trap t;
  fixture_load (&f, "data/kernels/mxm.ir", "M=1024,N=1024,K=1024");
  g_autoptr (BnbSearchResult) r
      = trap_search (&f, f.root, never_slow, TRUE, TRAP_WAIT_US, &t);
  g_test_message ("%" G_GUINT64_FORMAT " evaluated, %" G_GUINT64_FORMAT
                  " dives for want of leaves, %" G_GUINT64_FORMAT " nodes",
                  timed (r), r->plunges, r->nodes);
  g_assert_cmpuint (timed (r), ==, 400);
  g_assert_cmpuint (r->plunges, <, 20 * timed (r));
  fixture_clear (&f);
}

/* A CPU-like device for the order of dives: every kernel of mxm at 256^3
 * has the same bound on the PoCL description, and a leaf runs in 1 ms
 * plus 1 ms for each of four traits it lacks (the traits of PoCL's
 * fastest kernels: a register tile of 4 unrolled along n, both chunks
 * in private memory), so that measurements, not bounds, point the way. */
typedef struct {
  guint evaluated, first_best; /* 1-based; 0: none */
} Hill;

static BnbEvaluation *
hill_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
               guint lane, GError **error)
{
  static const char *const traits[]
      = { "tile(T2)=4;", "kind(n.2@acc.upd)=unroll;", "mem(a)=private;",
          "mem(b)=private;" };
  Hill *h = self;
  BnbEvaluation *e = bnb_evaluation_new ();
  e->decisions = bnb_choice_node_to_string (leaf, FALSE);
  guint lacks = 0;
  for (guint i = 0; i < G_N_ELEMENTS (traits); i++)
    lacks += strstr (e->decisions, traits[i]) == NULL;
  h->evaluated += !final;
  if (lacks == 0 && h->first_best == 0 && !final)
    h->first_best = h->evaluated;
  e->outcome = BNB_OUTCOME_OK;
  e->repetitions = 10;
  e->median_s = e->min_s = e->max_s = 1e-3 * (1 + lacks);
  return e;
}

static const BnbEvaluatorClass hill_class = {
  .evaluate = hill_evaluate,
  .free = g_free,
};

static BnbSearchResult *
hill_search (const Fixture *f, BnbNodeOrder order, Hill *out)
{
  g_autoptr (GError) error = NULL;
  Hill *h = g_new0 (Hill, 1);
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&hill_class, h, "hill");
  BnbSearchOptions o;
  quick_options (&o, 150, 120);
  o.order = order;
  BnbSearchResult *r = bnb_search_run (f->root, f->model, ev, &o, &error);
  g_assert_no_error (error);
  *out = *h;
  return r;
}

/* The order of dives (a CPU's default) follows what it measured where
 * the bounds are flat: within 150 evaluations it reaches a kernel with
 * all four traits, which the order by bound, working through the plateau
 * oldest first, does not (the figures are printed, the order by bound's
 * not asserted).  The bounds are all alike, as the test checks. */
static void
test_dives_order (void)
{
  Fixture f;
  Hill by_bound, by_dives;
  bnb_test_fixture_load (&f, "data/kernels/mxm.ir", "M=256,N=256,K=256",
                         "data/devices/pocl-cpu.ini");
  g_autoptr (BnbSearchResult) bound
      = hill_search (&f, BNB_NODE_ORDER_BOUND, &by_bound);
  g_autoptr (BnbSearchResult) dives
      = hill_search (&f, BNB_NODE_ORDER_DIVES, &by_dives);
  g_test_message ("by bound: best %.3g ms (first at evaluation %u); dives: "
                  "%.3g ms (first at evaluation %u); bounds %.4g to %.4g us",
                  bound->best_s * 1e3, by_bound.first_best,
                  dives->best_s * 1e3, by_dives.first_best,
                  dives->best_bound_s * 1e6, dives->lowest_open_s * 1e6);
  g_assert_cmpfloat (dives->best_bound_s, ==, dives->lowest_open_s);
  g_assert_cmpfloat (dives->best_s, ==, 1e-3);
  g_assert_true (by_bound.first_best == 0
                 || by_dives.first_best < by_bound.first_best);
  g_assert_cmpuint (timed (dives), ==, 150);
  fixture_clear (&f);
}

/* Start nodes: their leaves are evaluated first, each completed by a
 * greedy descent, the first alive the incumbent; one with no candidate at
 * these sizes is left out.  On the flat device above, a node that names
 * the four traits (and nothing else) gives the 1 ms kernel at the first
 * evaluation. */
static void
test_start_from (void)
{
  static const char *const starts[]
      = { "tile(T1)=32; tile(T2)=32; tile(TK)=32; kind(m.1@acc)=thread.x; "
          "kind(n.1@acc)=thread.y; kind(m.2@acc)=thread.z",
          "tile(T2)=4; kind(n.2@acc.upd)=unroll; mem(a)=private; "
          "mem(b)=private",
          NULL };
  Fixture f;
  g_autoptr (GError) error = NULL;
  bnb_test_fixture_load (&f, "data/kernels/mxm.ir", "M=256,N=256,K=256",
                         "data/devices/pocl-cpu.ini");
  g_autoptr (BnbChoiceNode) dead = bnb_choice_node_copy (f.root);
  g_assert_false (bnb_choice_node_apply_string (dead, starts[0], &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD);
  g_clear_error (&error);
  Hill *h = g_new0 (Hill, 1);
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&hill_class, h, "hill");
  BnbSearchOptions o;
  quick_options (&o, 5, 60);
  o.starts = starts;
  g_autoptr (BnbSearchResult) r
      = bnb_search_run (f.root, f.model, ev, &o, &error);
  g_assert_no_error (error);
  const BnbSearchRecord *first
      = &g_array_index (r->records, BnbSearchRecord, 0);
  g_assert_cmpfloat (first->time_s, ==, 1e-3);
  g_assert_cmpuint (h->first_best, ==, 1);
  g_assert_nonnull (strstr (first->decisions, "tile(T2)=4;"));
  g_assert_cmpfloat (r->best_s, ==, 1e-3);
  fixture_clear (&f);
}

/* ---- End to end on the test device (PoCL on CI) -------------------- */


static double
json_number (const char *json, const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\": *([-0-9.e+]+)", key);
  g_autoptr (GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  if (!g_regex_match (regex, json, 0, &match))
    return NAN;
  g_autofree char *text = g_match_info_fetch (match, 1);
  return g_ascii_strtod (text, NULL);
}

/* Runs bnbtune with `argv` (argv[0] its path) and returns what it printed
 * on standard output; its failure fails the test. */
static char *
spawn_bnbtune_env (const char **argv, char **envp)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  gint status = 0;
  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("bnbtune %s failed:\n%s\n%s", argv[1], out, err);
  return g_steal_pointer (&out);
}

static char *
spawn_bnbtune (const char **argv)
{
  return spawn_bnbtune_env (argv, NULL);
}

/* A command that must succeed (`ok`) or fail: its standard error. */
static char *
spawn_stderr (const char **argv, char **envp, gboolean ok)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  char *err = NULL;
  gint status = 0;
  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_spawn_check_wait_status (status, NULL), ==, ok);
  return err;
}

static char *
spawn_failing (const char **argv, char **envp)
{
  return spawn_stderr (argv, envp, FALSE);
}

static char *
spawn_ok (const char **argv)
{
  return spawn_stderr (argv, NULL, TRUE);
}

/* Runs `bnbtune --strategy STRATEGY` below the node the decisions file
 * makes (the whole space if NULL), at `sizes` (NULL: the file's), with
 * no journal or, given one, with it and --resume, on `device` (NULL: the
 * test device) in the environment `envp` (NULL: this one's); returns the
 * best time of its report, which must be proven. */
static double
run_strategy_on (const char *kernel, const char *sizes,
                 const char *decisions, const char *strategy,
                 const char *dir, const char *journal, const char *device,
                 char **envp)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *json = NULL;
  if (decisions)
    g_assert_true (g_file_get_contents (decisions, &text, NULL, &error));
  g_autofree char *report = g_build_filename (dir, strategy, NULL);
  g_autofree char *dec_arg
      = g_strdup_printf ("--decisions=%s", text ? text : "");
  g_autofree char *dev_arg = g_strdup_printf (
      "--device=%s", device ? device : bnb_test_device ());
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  /* the sub-spaces of tests/data hold global temporaries */
  const char *fixed[] = { bnb_test_bnbtune (), "--kernel", kernel, dev_arg,
                          dec_arg, "--strategy", strategy, "--quiet",
                          "--report", report, "--threads", "2",
                          "--every-design" };
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    g_ptr_array_add (argv, g_strdup (fixed[i]));
  /* no --size: the file's own sizes */
  if (sizes)
    g_ptr_array_add (argv, g_strdup_printf ("--size=%s", sizes));
  if (journal)
    {
      g_ptr_array_add (argv, g_strdup_printf ("--journal=%s", journal));
      g_ptr_array_add (argv, g_strdup ("--resume"));
    }
  else
    g_ptr_array_add (argv, g_strdup ("--no-journal"));
  g_ptr_array_add (argv, NULL);
  g_free (spawn_bnbtune_env ((const char **)argv->pdata, envp));
  g_autofree char *path = g_build_filename (report, "report.json", NULL);
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_assert_nonnull (strstr (json, "\"proven\": true"));
  g_assert_cmpfloat (json_number (json, "violations"), ==, 0);
  return json_number (json, "overall_best_s");
}

static double
run_strategy_journal (const char *kernel, const char *sizes,
                      const char *decisions, const char *strategy,
                      const char *dir, const char *journal)
{
  return run_strategy_on (kernel, sizes, decisions, strategy, dir, journal,
                          NULL, NULL);
}

static double
run_strategy (const char *kernel, const char *sizes, const char *decisions,
              const char *strategy, const char *dir)
{
  return run_strategy_journal (kernel, sizes, decisions, strategy, dir, NULL);
}

/* The fields of one line of evaluations.csv (quoted fields unquoted). */
static GStrv
csv_fields (const char *line)
{
  g_autoptr (GPtrArray) fields = g_ptr_array_new ();
  GString *field = g_string_new (NULL);
  gboolean quoted = FALSE;
  for (const char *c = line;; c++)
    {
      if (quoted && *c == '"' && c[1] == '"')
        g_string_append_c (field, *c++);
      else if (*c == '"')
        quoted = !quoted;
      else if (*c == '\0' || (*c == ',' && !quoted))
        {
          g_ptr_array_add (fields, g_string_free (field, FALSE));
          if (*c == '\0')
            break;
          field = g_string_new (NULL);
        }
      else
        g_string_append_c (field, *c);
    }
  g_ptr_array_add (fields, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&fields), FALSE);
}

/* evaluations.csv's columns, by the header's names. */
enum { CSV_DECISIONS = 4, CSV_OUTCOME = 6, CSV_TIME = 7, CSV_FROM_JOURNAL = 10,
       CSV_SAME_KERNEL = 11, CSV_FINAL = 12, CSV_PRIVATE_MEM = 13,
       CSV_LANE = 16, CSV_COLUMNS = 17 };

static GStrv
csv_lines (const char *dir, const char *strategy)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path
      = g_build_filename (dir, strategy, "evaluations.csv", NULL);
  g_autofree char *csv = NULL;
  g_assert_true (g_file_get_contents (path, &csv, NULL, &error));
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_auto (GStrv) header = csv_fields (lines[0]);
  g_assert_cmpuint (g_strv_length (header), ==, CSV_COLUMNS);
  g_assert_cmpstr (header[CSV_DECISIONS], ==, "decisions");
  g_assert_cmpstr (header[CSV_TIME], ==, "time_s");
  g_assert_cmpstr (header[CSV_SAME_KERNEL], ==, "same_kernel");
  g_assert_cmpstr (header[CSV_FINAL], ==, "final");
  g_assert_cmpstr (header[CSV_PRIVATE_MEM], ==, "private_mem_bytes");
  return g_steal_pointer (&lines);
}

/* `bnbtune count --kernels --json --tree TREE` below the node of a
 * decisions file. */
static char *
count_kernels_json (const char *kernel, const char *sizes,
                    const char *decisions, const char *tree)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (decisions, &text, NULL, &error));
  g_autofree char *size_arg = g_strdup_printf ("--size=%s", sizes);
  g_autofree char *dec_arg = g_strdup_printf ("--decisions=%s", text);
  const char *argv[] = { bnb_test_bnbtune (), "count", "--kernel", kernel,
                         size_arg, dec_arg, "--kernels", "--json",
                         "--tree", tree, "--every-design", NULL };
  return spawn_bnbtune (argv);
}

/* --max-unrolled: an 8 x 8 register tile unrolled over a k step of 16
 * (1,024 copies of its update) is in the space by default and out of it
 * under 512, with the decision that empties it named. */
static void
test_cli_max_unrolled (void)
{
  const char *decisions
      = "--decisions=tile(T1)=8; tile(TK)=16; kind(m.1@acc.upd)=unroll; "
        "kind(n.1@acc.upd)=unroll; kind(k.1@acc.upd)=unroll";
  const char *argv[] = { bnb_test_bnbtune (), "count", "--kernel",
                         "data/kernels/mxm.ir", "--size=M=256,N=256,K=256",
                         decisions, "--time-limit", "1", NULL, NULL };
  g_autofree char *out = spawn_bnbtune (argv);
  g_assert_nonnull (strstr (out, "kernels: "));
  g_assert_null (strstr (out, "kernels: 0 "));
  argv[8] = "--max-unrolled=512";
  g_autofree char *err = spawn_failing (argv, NULL);
  g_assert_nonnull (strstr (err, "'kind(k.1@acc.upd)=unroll' leaves no "
                                 "valid candidate"));
}

/* --ahead 1: one leaf on its way at a time, so none is sent and then cut
 * (the summary says so when one is), and the proof is the same as with
 * the default (16 on the simulated device, where some are cut). */
static void
test_cli_ahead (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents ("bench/mxm-mapped.decisions", &text,
                                      NULL, &error));
  g_autofree char *decisions = g_strdup_printf ("--decisions=%s", text);
  const char *argv[] = { bnb_test_bnbtune (), "--kernel",
                         "data/kernels/mxm.ir", "--size=M=256,N=256,K=256",
                         "--device-file=data/devices/h200.ini", decisions,
                         "--no-journal", "--quiet", NULL, NULL };
  g_autofree char *plain = spawn_bnbtune (argv);
  argv[8] = "--ahead=1";
  g_autofree char *one = spawn_bnbtune (argv);
  for (guint i = 0; i < 2; i++)
    g_assert_nonnull (strstr (i ? one : plain, "proven best in the space"));
  g_assert_null (strstr (one, "sent then cut"));
  const char *best_plain = strstr (plain, "Best ");
  const char *best_one = strstr (one, "Best ");
  g_assert_nonnull (best_plain);
  g_assert_nonnull (best_one);
  g_assert_cmpint (strncmp (best_plain, best_one, 24), ==, 0);
}

/* `--built-first` on the test device with two workers (the workers asked
 * between runs which leaves they have built): the proof of a small
 * sub-space ends proven, every leaf run once and right. */
static void
test_cli_built_first (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents ("tests/data/axpy-small.decisions",
                                      &text, NULL, &error));
  g_autofree char *decisions = g_strdup_printf ("--decisions=%s", text);
  g_autofree char *device = g_strdup_printf ("--device=%s", bnb_test_device ());
  const char *argv[] = { bnb_test_bnbtune (), "--kernel",
                         "data/kernels/axpy.ir", "--size=N=4096", device,
                         decisions, "--workers=2", "--built-first",
                         "--no-journal", NULL };
  g_autofree char *out = spawn_bnbtune (argv);
  g_assert_nonnull (strstr (out, "proven best in the space"));
  g_assert_nonnull (strstr (out, "Violations  none"));
  g_assert_nonnull (strstr (out, "Failures    none"));
  g_assert_nonnull (strstr (out, "20 evaluated"));
}

/* `explain --measure` on a leaf: the decisions of a random leaf (from
 * the header `emit` writes), bounded and then run on the test device by
 * a harness that borrows the kernel explain parsed; the measured time is
 * not below the bound. */
static void
test_cli_explain_measure (void)
{
  const char *emit[] = { bnb_test_bnbtune (), "emit", "--kernel",
                         "data/kernels/axpy.ir", "--size=N=4096",
                         "--random-leaf=3", NULL };
  g_autofree char *source = spawn_bnbtune (emit);
  g_auto (GStrv) lines = g_strsplit (source, "\n", -1);
  g_autoptr (GString) decisions = g_string_new (NULL);
  g_autofree char *dec_arg = NULL, *dev_arg = NULL, *out = NULL;
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], " *   ") && strchr (lines[i], '='))
      g_string_append_printf (decisions, "%s; ", lines[i] + 5);
  g_assert_cmpuint (decisions->len, >, 0);
  dec_arg = g_strdup_printf ("--decisions=%s", decisions->str);
  dev_arg = g_strdup_printf ("--device=%s", bnb_test_device ());
  const char *argv[] = { bnb_test_bnbtune (), "explain", "--kernel",
                         "data/kernels/axpy.ir", "--size=N=4096", dec_arg,
                         dev_arg, "--measure", NULL };
  out = spawn_bnbtune (argv);
  g_assert_nonnull (strstr (out, "a leaf"));
  g_assert_nonnull (strstr (out, "measured ok: "));
  g_assert_nonnull (strstr (out, "measured / bound = "));
  g_assert_null (strstr (out, "VIOLATION"));
}

/* A leaf per kernel: the exhaustive run of a sub-space walks the tree of
 * kernels, whose leaves are distinct kernels (keys computed here, from
 * the code of each leaf it reports), as many as the distinct kernels of
 * every fully specified candidate (`count --tree full --kernels`, 16
 * candidates); a leaf answered as the same kernel as another would repeat
 * that kernel's outcome and time; the final re-measures are of distinct
 * kernels. */
static void
test_end_to_end_same_kernel (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-same-XXXXXX", &error);
  g_assert_no_error (error);
  const char *kernel = "data/kernels/mxm.ir", *sizes = "M=32,N=32,K=32";
  run_strategy (kernel, sizes, "tests/data/mxm-small.decisions",
                "exhaustive", dir);
  Fixture f = { 0 };
  bnb_test_fixture_load_every (&f, kernel, sizes, "data/devices/h100.ini");
  g_autoptr (GHashTable) runs = g_hash_table_new_full (
      g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_strfreev);
  g_auto (GStrv) lines = csv_lines (dir, "exhaustive");
  g_autoptr (GHashTable) remeasured
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint leaves = 0, same = 0;
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) row = csv_fields (lines[i]);
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_node_copy (f.root);
      g_assert_true (bnb_choice_node_apply_string (leaf, row[CSV_DECISIONS],
                                                   &error));
      g_assert_true (bnb_choice_node_is_leaf (leaf));
      g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
      g_assert_no_error (error);
      if (strcmp (row[CSV_FINAL], "true") == 0)
        {
          g_assert_true (g_hash_table_add (remeasured,
                                           g_strdup (p->kernel_key)));
          continue;
        }
      const char *const *twin = g_hash_table_lookup (runs, p->kernel_key);
      leaves++;
      if (strcmp (row[CSV_SAME_KERNEL], "true") == 0)
        {
          same++;
          g_assert_nonnull (twin); /* the kernel ran before */
          g_assert_cmpstr (row[CSV_OUTCOME], ==, twin[CSV_OUTCOME]);
          g_assert_cmpstr (row[CSV_TIME], ==, twin[CSV_TIME]);
        }
      else
        {
          g_assert_null (twin); /* each kernel runs once */
          g_hash_table_insert (runs, g_strdup (p->kernel_key),
                               g_steal_pointer (&row));
        }
    }
  g_test_message ("%u leaves, %u kernels run, %u answered by a twin", leaves,
                  g_hash_table_size (runs), same);
  g_assert_cmpuint (same, ==, 0);
  g_assert_cmpuint (g_hash_table_size (runs), ==, leaves);
  g_assert_cmpuint (g_hash_table_size (remeasured), ==, 3); /* --final */
  /* the full tree of the sub-space holds more candidates, and the same
   * kernels; the tree of kernels counts them as its leaves */
  g_autofree char *full = count_kernels_json (
      kernel, sizes, "tests/data/mxm-small.decisions", "full");
  g_autofree char *tree = count_kernels_json (
      kernel, sizes, "tests/data/mxm-small.decisions", "kernels");
  g_assert_cmpfloat (json_number (full, "leaves"), ==, 16);
  g_assert_cmpfloat (json_number (full, "kernels"), ==, leaves);
  g_assert_cmpfloat (json_number (tree, "leaves"), ==, leaves);
  g_assert_cmpfloat (json_number (tree, "kernels"), ==, leaves);
  fixture_clear (&f);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* Non-final rows of a report's evaluations.csv, and of them those from
 * the journal and those the same kernel as another. */
static guint
count_rows (const char *dir, const char *strategy, guint *from_journal,
            guint *same_kernel)
{
  g_auto (GStrv) lines = csv_lines (dir, strategy);
  guint rows = 0;
  *from_journal = *same_kernel = 0;
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) row = csv_fields (lines[i]);
      if (strcmp (row[CSV_FINAL], "true") == 0)
        continue;
      rows++;
      *from_journal += strcmp (row[CSV_FROM_JOURNAL], "true") == 0;
      *same_kernel += strcmp (row[CSV_SAME_KERNEL], "true") == 0;
    }
  return rows;
}

/* The fastest time of a report's evaluations.csv, each leaf at its
 * latest time (a final re-measure replaces the first, as in the journal)
 * or, with `first_only`, at its time before the re-measures; and how many
 * evaluations it lists before them. */
static double
fastest_measured (const char *dir, const char *strategy, gboolean first_only,
                  guint *rows)
{
  g_auto (GStrv) lines = csv_lines (dir, strategy);
  g_autoptr (GHashTable) latest
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  double best = INFINITY;
  *rows = 0;
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) row = csv_fields (lines[i]);
      gboolean final = strcmp (row[CSV_FINAL], "true") == 0;
      *rows += !final;
      if ((final && first_only) || strcmp (row[CSV_OUTCOME], "ok") != 0)
        continue;
      double *t = g_new (double, 1);
      *t = g_ascii_strtod (row[CSV_TIME], NULL);
      g_hash_table_replace (latest, g_strdup (row[CSV_DECISIONS]), t);
    }
  GHashTableIter it;
  gpointer t;
  g_hash_table_iter_init (&it, latest);
  while (g_hash_table_iter_next (&it, NULL, &t))
    best = fmin (best, *(double *)t);
  return best;
}

/* Branch and bound on a real device finds the optimum exhaustive finds:
 * exhaustive measures every kernel of the sub-space into a journal, then
 * branch and bound runs on that journal (--resume), so that both see the
 * same measured times whatever the machine's load (each kernel's latest in
 * the journal: exhaustive's final re-measures replace their first times),
 * and its fastest before its own re-measures is exhaustive's, after no
 * more evaluations. */
static void
end_to_end (const char *kernel, const char *sizes, const char *decisions)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-search-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *journal = g_build_filename (dir, "journal.jsonl", NULL);
  guint ex_rows, bb_rows, journaled, same;
  run_strategy_journal (kernel, sizes, decisions, "exhaustive", dir,
                        journal);
  run_strategy_journal (kernel, sizes, decisions, "bnb", dir, journal);
  double ex = fastest_measured (dir, "exhaustive", FALSE, &ex_rows);
  double bb = fastest_measured (dir, "bnb", TRUE, &bb_rows);
  count_rows (dir, "bnb", &journaled, &same);
  g_test_message ("%s: exhaustive %.4g s in %u, bnb %.4g s in %u", kernel,
                  ex, ex_rows, bb, bb_rows);
  g_assert_true (isfinite (ex));
  g_assert_cmpfloat (bb, ==, ex);
  g_assert_cmpuint (bb_rows, <=, ex_rows);
  g_assert_cmpuint (journaled, ==, bb_rows);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* Branch and bound on two devices (PoCL's CPU device twice, as
 * POCL_DEVICES makes it) proves what one device confirms: it runs leaves
 * on both, each kernel once; then exhaustive on one device, from the
 * same journal, measures only the leaves branch and bound cut, and none
 * of them beats the best it had when it cut them (the report checks the
 * bound held on each). */
static void
test_end_to_end_two_devices (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-two-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *journal = g_build_filename (dir, "journal.jsonl", NULL);
  const char *kernel = "data/kernels/axpy.ir", *sizes = "N=4096";
  const char *decisions = "tests/data/axpy-small.decisions";
  g_auto (GStrv) envp = g_environ_setenv (g_get_environ (), "POCL_DEVICES",
                                          "pthread pthread", TRUE);
  run_strategy_on (kernel, sizes, decisions, "bnb", dir, journal, "all-cpu",
                   envp);
  g_auto (GStrv) lines = csv_lines (dir, "bnb");
  guint used = 0, bb_timed = 0, bb_ok = 0;
  double bb_best = INFINITY;
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) row = csv_fields (lines[i]);
      if (strcmp (row[CSV_FINAL], "true") == 0)
        continue;
      bb_timed++;
      g_assert_cmpstr (row[CSV_SAME_KERNEL], ==, "false");
      gint64 lane = g_ascii_strtoll (row[CSV_LANE], NULL, 10);
      g_assert_true (lane == 0 || lane == 1);
      used |= 1u << lane;
      if (strcmp (row[CSV_OUTCOME], "ok") == 0)
        {
          bb_ok++;
          bb_best = fmin (bb_best, g_ascii_strtod (row[CSV_TIME], NULL));
        }
    }
  g_test_message ("bnb on two devices timed %u leaves", bb_timed);
  if (bb_timed >= 4)
    g_assert_cmpuint (used, ==, 3); /* both devices ran leaves */

  run_strategy_on (kernel, sizes, decisions, "exhaustive", dir, journal,
                   NULL, NULL);
  guint journaled, same;
  guint rows = count_rows (dir, "exhaustive", &journaled, &same);
  /* every kernel of the sub-space (20 since the vector dims came in) */
  g_autofree char *counted
      = count_kernels_json (kernel, sizes, decisions, "kernels");
  g_assert_cmpfloat (json_number (counted, "kernels"), >=, 16);
  g_assert_cmpfloat (rows, ==, json_number (counted, "kernels"));
  /* what ran ok is answered by the journal (a time-out under a shorter
   * limit may run again) */
  g_assert_cmpuint (journaled, >=, bb_ok);
  g_assert_cmpuint (journaled, <=, bb_timed);
  g_auto (GStrv) ex_lines = csv_lines (dir, "exhaustive");
  for (guint i = 1; ex_lines[i] && *ex_lines[i]; i++)
    {
      g_auto (GStrv) row = csv_fields (ex_lines[i]);
      if (strcmp (row[CSV_FINAL], "true") == 0
          || strcmp (row[CSV_FROM_JOURNAL], "true") == 0
          || strcmp (row[CSV_OUTCOME], "ok") != 0)
        continue;
      g_assert_cmpfloat (g_ascii_strtod (row[CSV_TIME], NULL), >=, bb_best);
    }
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* --verbose prints the run's phases with their times on stderr, from the
 * workers too; without it, none. */
static void
test_cli_verbose (void)
{
  const char *bin = bnb_test_bnbtune ();
  const char *loud[] = { bin, "--kernel", "data/kernels/axpy.ir",
                         "--size", "N=4096", "--device", "cpu",
                         "--workers", "2", "--budget", "3", "--no-journal",
                         "--verbose", NULL };
  g_autofree char *e1 = spawn_ok (loud);
  g_test_message ("%s", e1);
  g_assert_nonnull (strstr (e1, "devices open in"));
  g_assert_nonnull (strstr (e1, "context and queue in")); /* a worker's */
  g_assert_nonnull (strstr (e1, "search: "));
  g_assert_nonnull (strstr (e1, "report: written in"));
  g_assert_nonnull (strstr (e1, "devices closed in"));
  const char *quiet[] = { bin, "--kernel", "data/kernels/axpy.ir",
                          "--size", "N=4096", "--device", "cpu",
                          "--budget", "3", "--no-journal", NULL };
  g_autofree char *e2 = spawn_ok (quiet);
  g_assert_null (strstr (e2, "search: "));
  g_assert_null (strstr (e2, "devices open in"));
}

/* A list of devices that cannot be searched on is a clear error: a
 * device named twice, devices of two kinds (PoCL's basic and pthread
 * devices), a list given to a command that opens one device. */
static void
test_cli_device_lists (void)
{
  const char *bin = bnb_test_bnbtune ();
  const char *twice[] = { bin, "--kernel", "data/kernels/axpy.ir",
                          "--device", "0,0", "--no-journal", NULL };
  g_autofree char *e1 = spawn_failing (twice, NULL);
  g_assert_nonnull (strstr (e1, "names device 0 twice"));

  g_auto (GStrv) envp = g_environ_setenv (g_get_environ (), "POCL_DEVICES",
                                          "basic pthread", TRUE);
  const char *kinds[] = { bin, "--kernel", "data/kernels/axpy.ir",
                          "--device", "all-cpu", "--no-journal", NULL };
  g_autofree char *e2 = spawn_failing (kinds, envp);
  g_test_message ("%s", e2);
  g_assert_nonnull (strstr (e2, "must be of one kind"));

  const char *run[] = { bin, "run", "--kernel", "data/kernels/axpy.ir",
                        "--device", "0,1", "--random-leaf", "1", NULL };
  g_autofree char *e3 = spawn_failing (run, NULL);
  g_assert_nonnull (strstr (e3, "names several devices"));
}

static void
test_end_to_end_axpy (void)
{
  end_to_end ("data/kernels/axpy.ir", "N=4096",
              "tests/data/axpy-small.decisions");
}

static void
test_end_to_end_mxm (void)
{
  end_to_end ("data/kernels/mxm.ir", "M=32,N=32,K=32",
              "tests/data/mxm-small.decisions");
}

/* Every kernel of the space of `kernel` at `sizes` below the node of a
 * decisions file (the whole space if NULL), each run on PoCL by an
 * exhaustive search, gives the interpreter's result; there are at least
 * `min_kernels` of them.  The first one that does not is named. */
static void
assert_every_kernel_right (const char *kernel, const char *sizes,
                           const char *decisions, double min_kernels)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-every-XXXXXX", &error);
  g_autofree char *json = NULL;
  g_assert_no_error (error);
  run_strategy (kernel, sizes, decisions, "exhaustive", dir);
  g_autofree char *path
      = g_build_filename (dir, "exhaustive", "report.json", NULL);
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  double n = json_number (json, "evaluations");
  double ok = json_number (json, "ok");
  g_test_message ("%s: %.0f kernels, %.0f ok", kernel, n, ok);
  g_auto (GStrv) lines = csv_lines (dir, "exhaustive");
  for (guint i = 1; ok != n && lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) row = csv_fields (lines[i]);
      if (strcmp (row[CSV_OUTCOME], "ok") != 0)
        g_error ("%s: %s: %s", kernel, row[CSV_OUTCOME], row[CSV_DECISIONS]);
    }
  g_assert_cmpfloat (n, >=, min_kernels);
  g_assert_cmpfloat (json_number (json, "space_size"), ==, n);
  g_assert_cmpfloat (ok, ==, n);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* A value reduced in one loop block and read in another over the same
 * logical dim is read after its reduction, not element by element of the
 * reduction loop (issue 14: every leaf of these kernels gave a wrong
 * result): every kernel of their spaces with all tiles 1, each run on
 * PoCL against the interpreter, is right. */
static void
test_end_to_end_two_block_reductions (void)
{
  assert_every_kernel_right ("tests/data/rowsum2.ir", "M=3,N=5",
                             "tests/data/tiles-1.decisions", 54);
  assert_every_kernel_right ("tests/data/rownorm.ir", "M=3,N=5",
                             "tests/data/tiles-1.decisions", 162);
}

/* A value read, then updated in place: the reader of the version before
 * the update keeps its text order (issue 14: half the kernels ran the
 * update first, and the reader saw the updated value). */
static void
test_end_to_end_read_then_update (void)
{
  assert_every_kernel_right ("tests/data/read-then-update.ir", "N=7", NULL,
                             6);
}

/* Two updates of one accumulator in one reduction loop (docs/ir.md
 * section 6.2): the second reads the first's result at the same iteration
 * of the loop they share (issue 14: the space was empty, the first update
 * being required before the loop it is in). */
static void
test_end_to_end_two_updates (void)
{
  assert_every_kernel_right ("tests/data/two-updates.ir", "M=3,N=5",
                             "tests/data/tiles-1.decisions", 162);
}

/* Loads prefetched one k step ahead into registers (prefetch(v)=yes)
 * and interleaved (interleave(a)=yes: work-item t loads rows t, t + 8,
 * ...; docs/codegen.md), with partial tiles on m, n and k and `b` on a
 * vector level (read lane by lane, its tiles overshooting; aligned vector
 * accesses are /search/end-to-end/vector's): every kernel is right.  Both prefetches (no or yes; double
 * has a test of its own) and `a`'s interleave are open (`b`'s vector
 * level keeps it from interleaving), so the sub-space holds eight times
 * the kernels it holds with them off (2 per padding); `a` padded by rows
 * (the interleaved store adds its offset once) or at its last level
 * (level by level). */
static void
test_end_to_end_prefetch (void)
{
  assert_every_kernel_right ("bench/mxm-reg.ir", "M=36,N=20,K=21",
                             "tests/data/mxm-reg-prefetch.decisions", 32);
}

/* Vector accesses at a multiple of their width go through a pointer to
 * the vector type (one 8- or 16-byte access), the others through vloadN:
 * stencil2d by 2 at H = W = 18, where `in[y, x + 1]` and `in[y + 2,
 * x + 1]` are one element off and the other loads and the store are not;
 * and mxm's `b` by 4 at 64^3 (no partial tile), fetched ahead into
 * registers and doubled in local memory.  Every kernel is right. */
static void
test_end_to_end_vector (void)
{
  assert_every_kernel_right ("data/kernels/stencil2d.ir", "H=18,W=18",
                             "tests/data/stencil2d-vector.decisions", 27);
  assert_every_kernel_right ("bench/mxm-reg.ir", "M=64,N=64,K=64",
                             "tests/data/mxm-reg-double.decisions", 24);
}

/* Local arrays doubled (prefetch(v)=double: step s stores into the half
 * of its parity while step s - 1 may still read the other, one barrier
 * a step where both are doubled), `a` doubled and `b` not prefetched,
 * prefetched or doubled, with the same partial tiles, paddings and
 * interleave as above: every kernel is right. */
static void
test_end_to_end_double (void)
{
  assert_every_kernel_right ("bench/mxm-reg.ir", "M=36,N=20,K=21",
                             "tests/data/mxm-reg-double.decisions", 24);
}

/* A k loop split across work-groups (bench/mxm-reg-split.ir, `split`):
 * four groups along k, the last with a partial part (K = 200 in parts of
 * 64), each adding its partial sums into C by atomics after the host
 * zeroed it, with the partial tiles, paddings and prefetches above:
 * every kernel is right.  Each runs the store in only one of the
 * work-items that the loads' local ids would repeat it in (a random
 * leaf added its sum twice before codegen guarded it). */
static void
test_end_to_end_split (void)
{
  assert_every_kernel_right ("bench/mxm-reg-split.ir", "M=36,N=20,K=200",
                             "tests/data/mxm-reg-split.decisions", 24);
}

/* Tiles of n apart from m's (bench/mxm-reg-rect.ir): register tiles of
 * 2 x 2 blocks of 2 x 1 and 2 x 4 elements, partial on m, n and k, both
 * chunks prefetched, `a` padded either way: every kernel is right. */
static void
test_end_to_end_rect (void)
{
  assert_every_kernel_right ("bench/mxm-reg-rect.ir", "M=36,N=20,K=21",
                             "tests/data/mxm-reg-rect.decisions", 16);
}

/* An interleaving load whose reader may read in place, each work-item
 * its own slots with no barrier between (tests/data/interleave-in-place.ir):
 * every kernel is right.  Interleaving there read other work-items'
 * slots before they were stored (a review found it; the test then fails
 * with a wrong result); 9 of these 32 kernels interleave, where a
 * barrier separates the two. */
static void
test_end_to_end_interleave_in_place (void)
{
  assert_every_kernel_right ("tests/data/interleave-in-place.ir", "N=256",
                             "tests/data/interleave-in-place.decisions", 32);
}

/* An inout array loaded in one block and stored in another, by other
 * work-items: every store waits for the loads (issue 14: 40 of these 148
 * kernels stored an element before another work-item loaded it). */
static void
test_end_to_end_inout_blocks (void)
{
  assert_every_kernel_right ("tests/data/inout-blocks.ir", "N=6",
                             "tests/data/inout-blocks.decisions", 148);
}

/* fmin, fmax and fma of f32 and f64 operands together (issue 14: every
 * kernel failed to build, the overloads being ambiguous). */
static void
test_end_to_end_mixed_precision (void)
{
  assert_every_kernel_right ("tests/data/mixed-precision.ir", "N=7", NULL,
                             28);
}

/* Kernels the generator of tests/test-kernels drew (tests/data/generated,
 * each with the leaf that once failed, docs/testing.md): each leaf, or
 * the whole space where no leaf is named, runs right on PoCL.  gen1093,
 * gen21 and gen43 update an inout array (a store before another
 * work-item's load), gen86 mixes f32 and f64 in fma (it did not build),
 * gen112 and gen117 failed on an NVIDIA GPU only (restrict scratch
 * buffers, tests/test-codegen.c has their code), gen50 has two updates
 * of one value in one loop (its space was empty). */
static void
test_end_to_end_generated_cases (void)
{
  static const char *const cases[] = {
    "gen1093-inout-redundant", "gen21-inout-one-block", "gen43-inout-race",
    "gen86-fma-mixed-types",   "gen112-gpu-only",       "gen117-gpu-only",
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *ir
          = g_strdup_printf ("tests/data/generated/%s.ir", cases[i]);
      g_autofree char *decisions
          = g_strdup_printf ("tests/data/generated/%s.decisions", cases[i]);
      assert_every_kernel_right (ir, NULL, decisions, 1);
    }
  assert_every_kernel_right ("tests/data/generated/gen50-two-updates-empty.ir",
                             NULL, NULL, 3);
}

/* The Python with Kernel Tuner that `make deps` sets up (tools/deps.sh),
 * or $BNBTUNE_PYTHON; NULL with the reason when it cannot import it. */
static char *
kernel_tuner_python (char **reason)
{
  const char *python = g_getenv ("BNBTUNE_PYTHON");
  g_autofree char *path
      = g_strdup (python ? python : "build/python/bin/python3");
  const char *argv[] = { path, "-c", "import kernel_tuner", NULL };
  g_autofree char *err = NULL;
  gint status = 1;
  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, &err, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    {
      *reason = g_strdup_printf ("%s cannot import kernel_tuner (make deps "
                                 "installs it from PyPI "
                                 "into build/python; it could not)%s%s",
                                 path, err && *err ? ": " : "",
                                 err ? g_strstrip (err) : "");
      return NULL;
    }
  return g_steal_pointer (&path);
}

/* `bnbtune export --format kernel-tuner` writes a cache file that Kernel
 * Tuner itself reads in its simulation mode (tests/kernel-tuner-check.py):
 * from the journal of an exhaustive run of a small mxm sub-space, with
 * every varying choice a parameter and with the tile sizes and a variant
 * index (--max-combinations 1), its brute force finds every kernel that
 * ran and the journal's best time. */
static void
test_end_to_end_kernel_tuner_export (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *python = kernel_tuner_python (&reason);
  if (!python)
    {
      g_test_skip (reason);
      return;
    }
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-kt-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *journal = g_build_filename (dir, "journal.jsonl", NULL);
  g_autofree char *cache = g_build_filename (dir, "cache.json", NULL);
  run_strategy_journal ("data/kernels/mxm.ir", "M=32,N=32,K=32",
                        "tests/data/mxm-small.decisions", "exhaustive", dir,
                        journal);
  const char *limits[] = { "1e6", "1" };
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      const char *export[] = { bnb_test_bnbtune (),
                               "export",
                               "--journal",
                               journal,
                               "--output",
                               cache,
                               "--max-combinations",
                               limits[i],
                               NULL };
      const char *check[]
          = { python, "tests/kernel-tuner-check.py", journal, cache, NULL };
      g_free (spawn_bnbtune (export));
      g_autofree char *out = spawn_bnbtune (check);
      g_test_message ("%s", g_strstrip (out));
      g_assert_nonnull (strstr (out, "as in the journal"));
    }
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* With --resume, a leaf whose kernel an earlier run measured under other
 * decisions is answered by the journal too: an exhaustive run of
 * tests/data/mxm-small.decisions with one order that prints no code fixed
 * to the value its settled leaves do not take (so every kernel, under
 * other decisions), then of the sub-space itself on the same journal,
 * runs no kernel again. */
static void
test_end_to_end_same_kernel_resume (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-same-resume-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *journal = g_build_filename (dir, "journal.jsonl", NULL);
  g_autofree char *half = g_build_filename (dir, "half.decisions", NULL);
  g_autofree char *first = g_build_filename (dir, "first", NULL);
  g_autofree char *second = g_build_filename (dir, "second", NULL);
  const char *kernel = "data/kernels/mxm.ir", *sizes = "M=32,N=32,K=32";
  const char *whole = "tests/data/mxm-small.decisions";
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (whole, &text, NULL, &error));
  g_autofree char *half_text = g_strdup_printf (
      "%s; order(m.2@st.C,n.2@st.C)=outside", g_strstrip (text));
  g_assert_true (g_file_set_contents (half, half_text, -1, &error));
  run_strategy_journal (kernel, sizes, half, "exhaustive", first, journal);
  run_strategy_journal (kernel, sizes, whole, "exhaustive", second, journal);
  guint journaled, same;
  guint n_half = count_rows (first, "exhaustive", &journaled, &same);
  guint n_whole = count_rows (second, "exhaustive", &journaled, &same);
  g_test_message ("half: %u leaves; whole: %u leaves, %u from the journal, "
                  "%u of them by their kernel", n_half, n_whole, journaled,
                  same);
  g_assert_cmpuint (n_whole, ==, n_half);
  g_assert_cmpuint (journaled, ==, n_whole);
  g_assert_cmpuint (same, ==, n_whole);
  g_autofree char *json = NULL;
  g_autofree char *path
      = g_build_filename (second, "exhaustive", "report.json", NULL);
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_assert_cmpfloat (json_number (json, "kernels_run"), ==, 0);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* A journal never answers stale: a run on the journal of an earlier one
 * whose kernel keys no longer match the code (as after a change of code
 * generation: here every key of the journal is rewritten) runs every
 * kernel again, with --resume, and none comes from the journal. */
static void
test_end_to_end_stale_journal (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-stale-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *journal = g_build_filename (dir, "journal.jsonl", NULL);
  g_autofree char *first = g_build_filename (dir, "first", NULL);
  g_autofree char *second = g_build_filename (dir, "second", NULL);
  const char *kernel = "data/kernels/axpy.ir", *sizes = "N=4096";
  const char *decisions = "tests/data/axpy-small.decisions";
  g_autofree char *text = NULL;
  run_strategy_journal (kernel, sizes, decisions, "exhaustive", first,
                        journal);
  g_assert_true (g_file_get_contents (journal, &text, NULL, &error));
  g_autoptr (GRegex) key = g_regex_new ("\"kernel_key\": *\"[0-9a-f]",
                                        0, 0, NULL);
  g_autofree char *stale = g_regex_replace_literal (
      key, text, -1, 0, "\"kernel_key\":\"x", 0, NULL);
  g_assert_cmpstr (stale, !=, text);
  g_assert_true (g_file_set_contents (journal, stale, -1, &error));
  run_strategy_journal (kernel, sizes, decisions, "exhaustive", second,
                        journal);
  guint journaled, same;
  guint n_first = count_rows (first, "exhaustive", &journaled, &same);
  guint n_second = count_rows (second, "exhaustive", &journaled, &same);
  g_test_message ("first: %u leaves; second: %u leaves, %u from the "
                  "journal", n_first, n_second, journaled);
  g_assert_cmpuint (n_second, ==, n_first);
  g_assert_cmpuint (journaled, ==, 0);
  g_autofree char *json = NULL;
  g_autofree char *path
      = g_build_filename (second, "exhaustive", "report.json", NULL);
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_assert_cmpfloat (json_number (json, "kernels_run"), ==, n_second);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* `bnbtune compare` of exhaustive then random (one seed, 16 leaves, no
 * journal) on mxm at 32^3 below tests/data/mxm-small.decisions, its
 * report in `dir`. */
static GStrv
compare_small_argv (const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents ("tests/data/mxm-small.decisions", &text,
                                      NULL, &error));
  g_assert_no_error (error);
  g_autofree char *dec_arg = g_strdup_printf ("--decisions=%s", text);
  g_autofree char *dev_arg
      = g_strdup_printf ("--device=%s", bnb_test_device ());
  const char *argv[] = { bnb_test_bnbtune (), "compare", "--kernel",
                         "data/kernels/mxm.ir", "--size=M=32,N=32,K=32",
                         dev_arg, dec_arg, "--strategies", "exhaustive,random",
                         "--seeds", "1", "--budget", "16", "--no-journal",
                         "--quiet", "--threads", "2", "--report", dir,
                         "--every-design", NULL };
  return g_strdupv ((char **)argv);
}

/* Each search of a compare builds and runs its own kernels: random after
 * exhaustive (every leaf of the sub-space: budget 16) on the same
 * sub-space, no journal, still runs kernels (it would run none if
 * exhaustive's answered it). */
static void
test_end_to_end_compare_own_kernels (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-compare-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *json = NULL;
  g_auto (GStrv) argv = compare_small_argv (dir);
  g_free (spawn_bnbtune ((const char **)argv));
  g_autofree char *path = g_build_filename (dir, "report.json", NULL);
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_autoptr (GRegex) regex
      = g_regex_new ("\"kernels_run\": *([0-9]+)", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  guint runs = 0;
  g_regex_match (regex, json, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *n = g_match_info_fetch (match, 1);
      g_test_message ("search %u: %s kernels run", runs + 1, n);
      g_assert_cmpuint (g_ascii_strtoull (n, NULL, 10), >, 0);
      runs++;
    }
  g_assert_cmpuint (runs, ==, 2);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* compare writes its report as each run finishes: killed (SIGKILL) as
 * soon as it says the first of two runs is done, it leaves a report of
 * that run. */
static void
test_end_to_end_compare_killed (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-killed-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *json = NULL;
  g_auto (GStrv) argv = compare_small_argv (dir);
  GPid pid;
  gint fd = -1, status = 0;
  char buf[4096];
  gboolean done = FALSE;
  g_assert_true (g_spawn_async_with_pipes (
      NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD
          | G_SPAWN_STDERR_TO_DEV_NULL,
      NULL, NULL, &pid, NULL, &fd, NULL, &error));
  g_assert_no_error (error);
  FILE *out = fdopen (fd, "r");
  g_assert_nonnull (out);
  while (!done && fgets (buf, sizeof buf, out))
    done = g_str_has_prefix (buf, "done: exhaustive");
  g_assert_true (done);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  fclose (out);
  g_spawn_close_pid (pid);
  g_assert_true (WIFSIGNALED (status));
  g_autofree char *path = g_build_filename (dir, "report.json", NULL);
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (json, "\"exhaustive\""));
  g_assert_null (strstr (json, "\"random\""));
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* A search run again on the journal of an exhaustive one is answered by
 * the journal: every evaluation but the final re-measures comes from it
 * (the incumbent too), and it is proven. */
static void
test_end_to_end_resume (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-resume-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *journal = g_build_filename (dir, "journal.jsonl", NULL);
  const char *kernel = "data/kernels/axpy.ir", *sizes = "N=4096";
  const char *decisions = "tests/data/axpy-small.decisions";
  run_strategy_journal (kernel, sizes, decisions, "exhaustive", dir,
                        journal);
  run_strategy_journal (kernel, sizes, decisions, "bnb", dir, journal);
  g_auto (GStrv) lines = csv_lines (dir, "bnb");
  guint timed = 0, reused = 0;
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) row = csv_fields (lines[i]);
      gboolean final = strcmp (row[CSV_FINAL], "true") == 0;
      timed += !final;
      reused += !final && strcmp (row[CSV_FROM_JOURNAL], "true") == 0;
    }
  g_test_message ("resumed: %u evaluations, %u from the journal", timed,
                  reused);
  g_assert_cmpuint (timed, >, 0);
  g_assert_cmpuint (reused, ==, timed);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* Every strategy keeps a time budget while its candidates would take
 * much longer: each leaf here runs 100,000 timed launches of a 256^3
 * matrix product with no run limit to speak of (minutes on a GPU, hours
 * on a CPU), so nothing can finish within the 2 s budget.  The search must stop the evaluation in flight,
 * write its report (no best, the budget hit) and end; before the
 * deadline reached the harness, a search took as long as its first
 * candidate. */
#define WALL_BUDGET_S 2.0

static void
test_budget_wall_time (void)
{
  static const char *const names[]
      = { "bnb", "random", "genetic", "nelder-mead", "coordinate" };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-wall-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *dev_arg = g_strdup_printf (
      "--device=%s", bnb_test_device ());
  g_autofree char *budget = g_strdup_printf ("--budget=%gs", WALL_BUDGET_S);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *report = g_build_filename (dir, names[i], NULL);
      g_autofree char *path = g_build_filename (report, "report.json", NULL);
      g_autofree char *out = NULL, *err = NULL, *json = NULL;
      const char *argv[]
          = { bnb_test_bnbtune (), "--kernel", "data/kernels/mxm.ir",
              "--size=M=256,N=256,K=256", dev_arg, "--strategy", names[i],
              budget, "--repetitions=100000", "--timeout=600", "--quiet",
              "--no-journal", "--threads=2", "--report", report, NULL };
      gint status = 0;
      gint64 t0 = g_get_monotonic_time ();
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                    &out, &err, &status, &error);
      double wall = (g_get_monotonic_time () - t0) / 1e6;
      g_assert_no_error (error);
      g_test_message ("%s: %.2f s in all, exit status %d: %s", names[i],
                      wall, status, err);
      g_assert_true (g_file_get_contents (path, &json, NULL, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (json, "\"budget_hit\": true"));
      g_assert_cmpfloat (json_number (json, "evaluations"), ==, 0);
      g_assert_cmpfloat (json_number (json, "total_s"), <=,
                         WALL_BUDGET_S + 5);
      /* starting the workers and counting the space come before the
       * budget's clock; a candidate left to finish takes minutes */
      g_assert_cmpfloat (wall, <, WALL_BUDGET_S + 60);
      g_assert_nonnull (
          strstr (err, "no candidate was evaluated within the budget"));
    }
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* Ctrl-C during a search whose candidate would run for minutes: the
 * search stops the evaluation in flight, prints its summary, writes its
 * report marked interrupted and exits with 130. */
static void
test_interrupt (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-int-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *report = g_build_filename (dir, "report", NULL);
  g_autofree char *out = g_build_filename (dir, "out.txt", NULL);
  g_autofree char *err = g_build_filename (dir, "err.txt", NULL);
  g_autofree char *json_path = g_build_filename (report, "report.json", NULL);
  g_autofree char *cmd = g_strdup_printf (
      "exec %s --kernel data/kernels/mxm.ir --size M=256,N=256,K=256 "
      "--device %s --strategy random --repetitions 100000 --timeout 600 "
      "--no-journal --threads 2 --report '%s' >'%s' 2>'%s'",
      bnb_test_bnbtune (), bnb_test_device (), report, out,
      err);
  const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
  GPid pid;
  int status = 0;
  g_autofree char *text = NULL, *json = NULL, *summary = NULL;
  g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                 NULL, NULL, &pid, &error);
  g_assert_no_error (error);
  /* the device line comes as the session opens, the watcher just after */
  for (int i = 0; i < 600; i++)
    {
      g_clear_pointer (&text, g_free);
      if (g_file_get_contents (err, &text, NULL, NULL)
          && strstr (text, "device:") != NULL)
        break;
      g_usleep (100000);
    }
  if (text == NULL || strstr (text, "device:") == NULL)
    {
      kill (pid, SIGKILL);
      g_error ("bnbtune did not open its device within 60 s: %s",
               text ? text : "(no output)");
    }
  g_usleep (3000000);
  g_assert_cmpint (kill (pid, SIGINT), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 130);
  g_assert_true (g_file_get_contents (json_path, &json, NULL, &error));
  g_assert_nonnull (strstr (json, "\"interrupted\": true"));
  g_assert_true (g_file_get_contents (out, &summary, NULL, &error));
  g_assert_nonnull (strstr (summary, "interrupted"));
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* `bnbtune --device-file FILE` searches on the device FILE describes,
 * simulated (its old name --simulate does the same, to the evaluation:
 * random search with one seed draws the same leaves, where branch and
 * bound's device thread may time them in another interleaving); with
 * --device too it is a usage error.  A GPU's space is under the design
 * rules unless --every-design lifts them, and the summary's Scope line
 * and report.json's design_rules say which. */
static char *
simulated_report (const char *dir, const char *option, const char *extra,
                  char **summary)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *report
      = g_strdup_printf ("%s/%s%s", dir, option + 2, extra ? extra : "");
  g_autofree char *path = g_build_filename (report, "report.json", NULL);
  char *json = NULL;
  const char *argv[]
      = { bnb_test_bnbtune (), "--kernel", "data/kernels/mxm.ir",
          "--size=M=256,N=256,K=256", option, "data/devices/h100.ini",
          "--budget=40", "--seed=3", "--threads=1", "--strategy=random",
          "--quiet",
          "--no-journal", "--report",
          report, extra, NULL };
  g_autofree char *out = spawn_bnbtune (argv);
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  g_assert_no_error (error);
  if (summary)
    *summary = g_steal_pointer (&out);
  return json;
}

static void
test_device_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-devfile-XXXXXX", &error);
  g_autofree char *json = NULL, *old = NULL, *every = NULL, *out = NULL,
                  *err = NULL, *summary = NULL, *every_summary = NULL;
  gint status = 0;
  const char *both[]
      = { bnb_test_bnbtune (), "--kernel", "data/kernels/axpy.ir",
          "--device", "cpu", "--device-file", "data/devices/h100.ini",
          NULL };
  g_assert_no_error (error);
  json = simulated_report (dir, "--device-file", NULL, &summary);
  old = simulated_report (dir, "--simulate", NULL, NULL);
  every = simulated_report (dir, "--device-file", "--every-design",
                            &every_summary);
  g_assert_nonnull (
      strstr (json, "\"device\": \"simulated NVIDIA H100 80GB HBM3\""));
  g_assert_cmpfloat (json_number (json, "evaluations"), >, 0);
  g_assert_cmpfloat (json_number (json, "evaluations"), ==,
                     json_number (old, "evaluations"));
  g_assert_cmpfloat (json_number (json, "best_s"), ==,
                     json_number (old, "best_s"));
  /* the rules are on for a GPU description, off with --every-design */
  g_assert_nonnull (strstr (json, "\"design_rules\": true"));
  g_assert_nonnull (strstr (every, "\"design_rules\": false"));
  g_assert_nonnull (strstr (json, "\"below_decisions\": false"));
  g_assert_nonnull (strstr (summary, "\nScope       the design rules of "
                                     "docs/space.md"));
  g_assert_nonnull (strstr (every_summary, "\nScope       every design"));
  g_spawn_sync (NULL, (char **)both, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                &err, &status, &error);
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "give --device or --device-file, not both"));
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* --start-from on the command line: a file's node is the first leaf
 * evaluated (blank lines and comments skipped); a line that names no
 * choice fails with the file and line. */
static void
test_cli_start_from (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-start-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *good = g_build_filename (dir, "good", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad", NULL);
  g_autofree char *report = g_build_filename (dir, "report", NULL);
  g_autofree char *csv = g_build_filename (report, "evaluations.csv", NULL);
  g_assert_true (g_file_set_contents (
      good, "# axpy\n\ntile(i.1)=64; tile(i.2)=4; kind(i.1)=thread.x\n", -1,
      &error));
  g_assert_true (
      g_file_set_contents (bad, "tile(i.1)=64\nbogus(x)=1\n", -1, &error));
  const char *run[]
      = { bnb_test_bnbtune (), "--kernel", "data/kernels/axpy.ir",
          "--device-file", "data/devices/h100.ini", "--budget=3",
          "--quiet", "--no-journal", "--report", report, "--start-from", good,
          NULL };
  g_autofree char *evaluations = NULL, *plain_evaluations = NULL;
  g_free (spawn_bnbtune (run));
  g_assert_true (g_file_get_contents (csv, &evaluations, NULL, &error));
  g_auto (GStrv) rows = g_strsplit (evaluations, "\n", 3);
  g_assert_nonnull (rows[1]);
  g_assert_nonnull (strstr (rows[1], "tile(i.1)=64; tile(i.2)=4;"));
  g_assert_nonnull (strstr (rows[1], "kind(i.1)=thread.x;"));
  /* without it the first leaf is another (the greedy descent's) */
  run[10] = NULL;
  g_free (spawn_bnbtune (run));
  g_assert_true (g_file_get_contents (csv, &plain_evaluations, NULL, &error));
  g_auto (GStrv) plain = g_strsplit (plain_evaluations, "\n", 3);
  g_assert_nonnull (plain[1]);
  g_assert_null (strstr (plain[1], "tile(i.1)=64; tile(i.2)=4;"));
  const char *fail[]
      = { bnb_test_bnbtune (), "--kernel", "data/kernels/axpy.ir",
          "--device-file", "data/devices/h100.ini", "--budget=3",
          "--quiet", "--no-journal", "--start-from", bad, NULL };
  g_autofree char *ferr = spawn_failing (fail, NULL);
  g_autofree char *where = g_strdup_printf ("--start-from %s:2: ", bad);
  g_assert_nonnull (strstr (ferr, where));
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* --start-from a journal: the search starts from its fastest leaf of
 * this kernel that ran right (a faster wrong one, a slower one, a faster
 * one of another kernel's key are not first; that key is no error). */
static void
test_cli_start_from_journal (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-startj-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *journal = g_build_filename (dir, "j.jsonl", NULL);
  g_autofree char *report = g_build_filename (dir, "report", NULL);
  g_autofree char *csv = g_build_filename (report, "evaluations.csv", NULL);
  g_assert_true (g_file_set_contents (
      journal,
      "{\"journal\":\"bnbtune\",\"version\":1,\"kernel\":\"axpy\","
      "\"sizes\":\"N=64\",\"device\":\"d\"}\n"
      "{\"decisions\":\"tile(i.1)=32; tile(i.2)=2\",\"outcome\":\"ok\","
      "\"median_s\":3e-6,\"kernel_key\":\"a\"}\n"
      "{\"decisions\":\"tile(i.1)=16; tile(i.2)=8\",\"outcome\":"
      "\"wrong-result\",\"median_s\":1e-6,\"kernel_key\":\"b\"}\n"
      "{\"decisions\":\"tile(i.1)=64; tile(i.2)=4; kind(i.1)=thread.x\","
      "\"outcome\":\"ok\",\"median_s\":2e-6,\"kernel_key\":\"c\"}\n"
      "{\"journal\":\"bnbtune\",\"version\":1,\"kernel\":\"mxm\","
      "\"sizes\":\"M=8,N=8,K=8\",\"device\":\"d\"}\n"
      "{\"decisions\":\"tile(T1)=2\",\"outcome\":\"ok\",\"median_s\":1e-7,"
      "\"kernel_key\":\"d\"}\n",
      -1, &error));
  const char *run[]
      = { bnb_test_bnbtune (), "--kernel", "data/kernels/axpy.ir",
          "--device-file", "data/devices/h100.ini", "--budget=3",
          "--quiet", "--no-journal", "--report", report, "--start-from",
          journal, NULL };
  g_autofree char *evaluations = NULL;
  g_free (spawn_bnbtune (run));
  g_assert_true (g_file_get_contents (csv, &evaluations, NULL, &error));
  g_auto (GStrv) rows = g_strsplit (evaluations, "\n", 3);
  g_assert_nonnull (rows[1]);
  g_assert_nonnull (strstr (rows[1], "tile(i.1)=64; tile(i.2)=4;"));
  g_assert_nonnull (strstr (rows[1], "kind(i.1)=thread.x;"));
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

/* bnbtune's default order of open nodes: occupancy on a GPU, dives on a
 * CPU; --order overrides it; the summary and report.json say which. */
static void
test_default_order (void)
{
  static const struct {
    const char *device, *order, *expect;
  } cases[] = {
    { "data/devices/h100.ini", NULL, "occupancy" },
    { "data/devices/h100.ini", "--order=bound", "bound" },
    { "data/devices/pocl-cpu.ini", NULL, "dives" },
    { "data/devices/pocl-cpu.ini", "--order=bound", "bound" },
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-order-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *report = g_strdup_printf ("%s/%u", dir, i);
      g_autofree char *path = g_build_filename (report, "report.json", NULL);
      g_autofree char *json = NULL;
      const char *argv[]
          = { bnb_test_bnbtune (), "--kernel", "data/kernels/axpy.ir",
              "--device-file", cases[i].device, "--budget=20",
              "--threads=1", "--quiet", "--no-journal", "--report", report,
              cases[i].order, NULL };
      g_autofree char *out = spawn_bnbtune (argv);
      g_autofree char *line
          = g_strdup_printf ("\nStrategy    bnb, seed 1, order %s\n",
                             cases[i].expect);
      g_autofree char *key
          = g_strdup_printf ("\"order\": \"%s\"", cases[i].expect);
      g_assert_nonnull (strstr (out, line));
      g_assert_true (g_file_get_contents (path, &json, NULL, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (json, key));
    }
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search/bnb-equals-exhaustive",
                   test_bnb_equals_exhaustive);
  g_test_add_func ("/search/incumbent", test_incumbent);
  g_test_add_func ("/search/lanes", test_bnb_lanes);
  g_test_add_func ("/search/built-first", test_built_first);
  g_test_add_func ("/search/slow-limit", test_slow_limit);
  g_test_add_func ("/search/budget", test_budget);
  g_test_add_func ("/search/budget/prepares", test_budget_prepares);
  g_test_add_func ("/search/budget/wall-time", test_budget_wall_time);
  g_test_add_func ("/search/interrupt", test_interrupt);
  g_test_add_func ("/search/device-file", test_device_file);
  g_test_add_func ("/search/default-order", test_default_order);
  g_test_add_func ("/search/leaf-root", test_leaf_root);
  g_test_add_func ("/search/dive", test_dive);
  g_test_add_func ("/search/learned-order", test_learned_order);
  g_test_add_func ("/search/occupancy-order", test_occupancy_order);
  g_test_add_func ("/search/failing-dives", test_failing_dives);
  g_test_add_func ("/search/dives-order", test_dives_order);
  g_test_add_func ("/search/start-from", test_start_from);
  g_test_add_func ("/search/cli/start-from", test_cli_start_from);
  g_test_add_func ("/search/cli/start-from-journal",
                   test_cli_start_from_journal);
  g_test_add_func ("/search/plunge", test_plunge);
  g_test_add_func ("/search/end-to-end/axpy", test_end_to_end_axpy);
  g_test_add_func ("/search/end-to-end/two-devices",
                   test_end_to_end_two_devices);
  g_test_add_func ("/search/cli/device-lists", test_cli_device_lists);
  g_test_add_func ("/search/cli/verbose", test_cli_verbose);
  g_test_add_func ("/search/cli/max-unrolled", test_cli_max_unrolled);
  g_test_add_func ("/search/cli/ahead", test_cli_ahead);
  g_test_add_func ("/search/cli/built-first", test_cli_built_first);
  g_test_add_func ("/search/end-to-end/mxm", test_end_to_end_mxm);
  g_test_add_func ("/search/end-to-end/resume", test_end_to_end_resume);
  g_test_add_func ("/search/end-to-end/two-block-reductions",
                   test_end_to_end_two_block_reductions);
  g_test_add_func ("/search/end-to-end/two-updates",
                   test_end_to_end_two_updates);
  g_test_add_func ("/search/end-to-end/inout-blocks",
                   test_end_to_end_inout_blocks);
  g_test_add_func ("/search/end-to-end/prefetch", test_end_to_end_prefetch);
  g_test_add_func ("/search/end-to-end/double", test_end_to_end_double);
  g_test_add_func ("/search/end-to-end/vector", test_end_to_end_vector);
  g_test_add_func ("/search/end-to-end/rect", test_end_to_end_rect);
  g_test_add_func ("/search/end-to-end/split", test_end_to_end_split);
  g_test_add_func ("/search/end-to-end/interleave-in-place",
                   test_end_to_end_interleave_in_place);
  g_test_add_func ("/search/end-to-end/read-then-update",
                   test_end_to_end_read_then_update);
  g_test_add_func ("/search/end-to-end/mixed-precision",
                   test_end_to_end_mixed_precision);
  g_test_add_func ("/search/end-to-end/generated-cases",
                   test_end_to_end_generated_cases);
  g_test_add_func ("/search/end-to-end/kernel-tuner-export",
                   test_end_to_end_kernel_tuner_export);
  g_test_add_func ("/search/end-to-end/stale-journal",
                   test_end_to_end_stale_journal);
  g_test_add_func ("/search/cli/explain-measure", test_cli_explain_measure);
  g_test_add_func ("/search/end-to-end/same-kernel",
                   test_end_to_end_same_kernel);
  g_test_add_func ("/search/end-to-end/same-kernel-resume",
                   test_end_to_end_same_kernel_resume);
  g_test_add_func ("/search/end-to-end/compare-killed",
                   test_end_to_end_compare_killed);
  g_test_add_func ("/search/end-to-end/compare-own-kernels",
                   test_end_to_end_compare_own_kernels);
  return g_test_run ();
}
