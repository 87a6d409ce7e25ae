/* The simulated device: a deterministic time for every leaf, never below
 * its bound, and a seeded share of failures.  Tests and experiments use it
 * to check the search's guarantee exactly on spaces too large to time. */
#include "bnb/bnb-private.h"

#include <math.h>

typedef struct {
  const BnbModel *model;
  guint64 seed;
  double spread;
  double failure_rate;
  double exact_rate;
} Simulated;

static guint64
mix (guint64 x)
{
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

static guint64
hash_decisions (const char *s, guint64 seed)
{
  guint64 h = 0xcbf29ce484222325ull ^ mix (seed);
  for (; *s != '\0'; s++)
    h = (h ^ (guchar) *s) * 0x100000001b3ull;
  return mix (h);
}

static double
unit (guint64 h)
{
  return (h >> 11) * (1.0 / 9007199254740992.0);
}

static BnbOutcome
failure_of (const Simulated *sim, guint64 h)
{
  static const BnbOutcome kinds[] = {
    BNB_OUTCOME_BUILD_FAILED,
    BNB_OUTCOME_WRONG_RESULT,
    BNB_OUTCOME_TIMED_OUT,
  };
  if (unit (mix (h ^ 0x5bd1e995)) >= sim->failure_rate)
    return BNB_OUTCOME_OK;
  return kinds[mix (h ^ 0x27d4eb2f) % G_N_ELEMENTS (kinds)];
}

static BnbEvaluation *
simulated_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                    guint lane, GError **error)
{
  const Simulated *sim = self;
  g_autofree char *decisions = bnb_choice_node_to_string (leaf, FALSE);
  guint64 h = hash_decisions (decisions, sim->seed);
  double u = unit (h);
  BnbEvaluation *e = bnb_evaluation_new ();
  e->decisions = g_steal_pointer (&decisions);
  e->outcome = failure_of (sim, h);
  e->repetitions = final ? 50 : 10;
  e->lane = (gint)lane;
  if (e->outcome != BNB_OUTCOME_OK)
    {
      e->message = g_strdup ("simulated failure");
      return e;
    }
  double v = unit (mix (h ^ 0x9e3779b97f4a7c15ull)) < sim->exact_rate ? 0
                                                                      : u * u;
  double t = bnb_model_bound (sim->model, leaf, NULL) * (1 + sim->spread * v);
  e->median_s = e->min_s = e->max_s = t;
  return e;
}

static const BnbEvaluatorClass simulated_class = {
  .evaluate = simulated_evaluate,
  .free = g_free,
};

BnbEvaluator *
bnb_evaluator_new_simulated (const BnbModel *model, guint64 seed,
                             double spread, double failure_rate,
                             double exact_rate)
{
  Simulated *sim = g_new0 (Simulated, 1);
  sim->model = model;
  sim->seed = seed;
  sim->spread = spread;
  sim->failure_rate = failure_rate;
  sim->exact_rate = exact_rate;
  return bnb_evaluator_new (&simulated_class, sim, "simulated");
}

BnbEvaluator *
bnb_evaluator_new (const BnbEvaluatorClass *klass, gpointer self,
                   const char *name)
{
  BnbEvaluator *ev = g_new0 (BnbEvaluator, 1);
  ev->klass = klass;
  ev->self = self;
  ev->name = g_strdup (name);
  ev->lanes = 1;
  return ev;
}

void
bnb_evaluator_free (BnbEvaluator *evaluator)
{
  if (evaluator == NULL)
    return;
  if (evaluator->klass->free != NULL)
    evaluator->klass->free (evaluator->self);
  g_free (evaluator->name);
  g_free (evaluator);
}
