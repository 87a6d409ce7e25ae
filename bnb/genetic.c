/* The genetic algorithm baseline, after HPL's tuner: individuals are fully
 * specified leaves of the space, their fitness is the time the evaluator
 * measures (INFINITY for a failed candidate), and the search stops after a
 * few generations without a better best, or at the budget.
 *
 * The settings (BnbGeneticOptions; defaults in bnb_search_options_init):
 *
 *   population  individuals per generation (20).  The first generation is
 *               drawn uniformly among the valid leaves.
 *   elite       the fastest individuals, copied unchanged into the next
 *               generation (2): the best never gets worse.
 *   tournament  individuals drawn, with replacement, to select one parent;
 *               the fastest of them wins (3).
 *   crossover   probability that a child is bred from two selected
 *               parents (0.8); otherwise it is a new random leaf, HPL's
 *               "generation" of individuals from random values.
 *   mutation    probability, per choice a bred child decides, that it
 *               takes a random allowed value first instead of a parent's
 *               (0.05).
 *   patience    generations in a row without a better best before the
 *               search stops (5, as in HPL).
 *
 * Breeding keeps every child valid through the choices' own propagation:
 * the child starts from the root and decides its open choices in the
 * default order, each time taking the value of one parent (a coin flip),
 * else the other parent's, else any value left, in random order, until
 * one keeps the node alive.  A value that propagation removed is never
 * tried, so no invalid individual is ever built or evaluated.  Leaves met
 * before cost nothing: the search's cache answers for them.
 *
 * Every draw comes from the search's seeded generator, so a seed gives
 * the same run every time.
 */
#include "bnb/bnb-private.h"

#include <math.h>

#define GENETIC_RANDOM_TRIES 100

typedef struct {
  BnbChoiceNode *leaf;
  double time_s;
} GeneticIndividual;

typedef struct {
  BnbSearchContext *ctx;
  const BnbGeneticOptions *o;
  guint depth;
  GArray *population; /* GeneticIndividual, fastest first once sorted */
  BnbChoiceNode *scratch;
  double best_s;
} Genetic;

static gboolean
genetic_check_options (const BnbGeneticOptions *o, GError **error)
{
  if (o->population < 2 || o->elite >= o->population || o->tournament < 1
      || o->patience < 1)
    {
      g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_OPTIONS,
                   "genetic: need a population >= 2, fewer elite than the "
                   "population, a tournament >= 1 and a patience >= 1");
      return FALSE;
    }
  if (!(o->crossover >= 0 && o->crossover <= 1 && o->mutation >= 0
        && o->mutation <= 1))
    {
      g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_OPTIONS,
                   "genetic: crossover and mutation are probabilities");
      return FALSE;
    }
  return TRUE;
}

static void
genetic_individual_clear (gpointer data)
{
  GeneticIndividual *ind = data;
  g_clear_pointer (&ind->leaf, bnb_choice_node_free);
}

static GArray *
genetic_population_new (guint size)
{
  GArray *pop
      = g_array_sized_new (FALSE, FALSE, sizeof (GeneticIndividual), size);
  g_array_set_clear_func (pop, genetic_individual_clear);
  return pop;
}

static gboolean
genetic_stopping (const Genetic *g)
{
  return g->ctx->stop || g->ctx->error != NULL
         || bnb_search_over_budget (g->ctx);
}

/* Evaluates `leaf` and adds it to `pop`.  FALSE (and `leaf` freed) when
 * the search is stopping and nothing was evaluated. */
static gboolean
genetic_add (Genetic *g, GArray *pop, BNB_TAKE BnbChoiceNode *leaf)
{
  double t = bnb_search_evaluate (g->ctx, leaf, g->depth);
  if (isnan (t))
    {
      bnb_choice_node_free (leaf);
      return FALSE;
    }
  GeneticIndividual ind = { leaf, t };
  g_array_append_val (pop, ind);
  g->best_s = MIN (g->best_s, t);
  return TRUE;
}

static BnbChoiceNode *
genetic_random_leaf (Genetic *g)
{
  return bnb_choice_random_leaf (g->ctx->root, g->ctx->rand,
                                 GENETIC_RANDOM_TRIES);
}

/* Evaluates the leaves of `leaves` (taken, in order; prepared first, so
 * that they build in parallel) into `pop`.  FALSE when the search stops
 * before every one was evaluated. */
static gboolean
genetic_add_all (Genetic *g, GArray *pop, GPtrArray *leaves)
{
  bnb_search_prepare (g->ctx, leaves);
  for (guint i = 0; i < leaves->len; i++)
    {
      if (genetic_stopping (g))
        return FALSE;
      /* taken by genetic_add; the array's free function skips NULL */
      if (!genetic_add (g, pop, g_steal_pointer (&leaves->pdata[i])))
        return FALSE;
    }
  return TRUE;
}

/* FALSE when the search stops before the generation is complete. */
static gboolean
genetic_first_generation (Genetic *g)
{
  g_autoptr (GPtrArray) leaves
      = g_ptr_array_new_with_free_func ((GDestroyNotify) bnb_choice_node_free);
  while (leaves->len < g->o->population)
    {
      BnbChoiceNode *leaf = genetic_random_leaf (g);
      if (leaf == NULL)
        return FALSE;
      g_ptr_array_add (leaves, leaf);
    }
  return genetic_add_all (g, g->population, leaves);
}

static gint
genetic_by_time (gconstpointer a, gconstpointer b)
{
  const GeneticIndividual *x = a, *y = b;
  return (x->time_s > y->time_s) - (x->time_s < y->time_s);
}

static const GeneticIndividual *
genetic_tournament (Genetic *g)
{
  GArray *pop = g->population;
  const GeneticIndividual *winner = NULL;
  for (guint i = 0; i < g->o->tournament; i++)
    {
      guint k = g_rand_int_range (g->ctx->rand, 0, (gint32)pop->len);
      const GeneticIndividual *c = &g_array_index (pop, GeneticIndividual, k);
      if (winner == NULL || c->time_s < winner->time_s)
        winner = c;
    }
  return winner;
}

static guint
genetic_leaf_value (const BnbChoiceNode *leaf, guint choice)
{
  return (guint)g_bit_nth_lsf (bnb_choice_node_domain (leaf, choice), -1);
}

static void
genetic_shuffle (GRand *rand, guint *values, guint n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, (gint32)i);
      guint t = values[i - 1];
      values[i - 1] = values[j];
      values[j] = t;
    }
}

/* The values of `choice` left in `domain`, in the order a child tries
 * them: parent `va`, parent `vb`, then the others at random; a mutation
 * moves a random one of the others to the front. */
static guint
genetic_value_order (Genetic *g, BnbDomain domain, guint va, guint vb,
                     guint *order)
{
  GRand *rand = g->ctx->rand;
  guint n = 0, first;
  if (domain & (1u << va))
    order[n++] = va;
  if (vb != va && (domain & (1u << vb)))
    order[n++] = vb;
  first = n;
  for (guint v = 0; v < 16; v++)
    if ((domain & (1u << v)) && v != va && v != vb)
      order[n++] = v;
  genetic_shuffle (rand, order + first, n - first);
  if (n > 1 && g_rand_double (rand) < g->o->mutation)
    {
      guint j = g_rand_int_range (rand, 1, (gint32)n);
      guint t = order[0];
      order[0] = order[j];
      order[j] = t;
    }
  return n;
}

/* Decides `choice` of `node` after parents `a` and `b` (a random one
 * first).  FALSE when every value left kills the node. */
static gboolean
genetic_breed_choice (Genetic *g, BnbChoiceNode *node, guint choice,
                      const BnbChoiceNode *a, const BnbChoiceNode *b)
{
  guint order[16], va, vb, n;
  va = genetic_leaf_value (a, choice);
  vb = genetic_leaf_value (b, choice);
  if (g_rand_boolean (g->ctx->rand))
    {
      guint t = va;
      va = vb;
      vb = t;
    }
  n = genetic_value_order (g, bnb_choice_node_domain (node, choice), va, vb,
                           order);
  for (guint i = 0; i < n; i++)
    {
      bnb_choice_node_assign (g->scratch, node);
      if (bnb_choice_node_restrict (g->scratch, choice, 1u << order[i])
          == BNB_CHOICE_ALIVE)
        {
          bnb_choice_node_assign (node, g->scratch);
          return TRUE;
        }
    }
  return FALSE;
}

/* A child of `a` and `b` with mutations, as the leaf of the space's tree
 * that holds its kernel, or NULL on a dead end. */
static BnbChoiceNode *
genetic_breed (Genetic *g, const BnbChoiceNode *a, const BnbChoiceNode *b)
{
  g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (g->ctx->root);
  while (!bnb_choice_node_is_leaf (node))
    {
      guint choice = bnb_choice_node_next_open (node);
      if (!genetic_breed_choice (g, node, choice, a, b))
        return NULL;
    }
  return bnb_choice_node_canonical (g->ctx->root, node);
}

/* A bred child, or a random leaf when crossover is not drawn or breeding
 * ran into a dead end; NULL when no leaf could be drawn at all. */
static BnbChoiceNode *
genetic_child (Genetic *g)
{
  BnbChoiceNode *child = NULL;
  if (g_rand_double (g->ctx->rand) < g->o->crossover)
    {
      const GeneticIndividual *a = genetic_tournament (g);
      const GeneticIndividual *b = genetic_tournament (g);
      child = genetic_breed (g, a->leaf, b->leaf);
    }
  if (child == NULL)
    child = genetic_random_leaf (g);
  return child;
}

static void
genetic_keep_elite (Genetic *g, GArray *next)
{
  for (guint i = 0; i < g->o->elite && i < g->population->len; i++)
    {
      const GeneticIndividual *e
          = &g_array_index (g->population, GeneticIndividual, i);
      GeneticIndividual copy = { bnb_choice_node_copy (e->leaf), e->time_s };
      g_array_append_val (next, copy);
    }
}

/* Replaces the population by the next generation.  FALSE when the search
 * stops before it is complete. */
static gboolean
genetic_next_generation (Genetic *g)
{
  g_autoptr (GArray) next = genetic_population_new (g->o->population);
  g_autoptr (GPtrArray) children
      = g_ptr_array_new_with_free_func ((GDestroyNotify) bnb_choice_node_free);
  g_array_sort (g->population, genetic_by_time);
  genetic_keep_elite (g, next);
  while (next->len + children->len < g->o->population)
    {
      BnbChoiceNode *child = genetic_child (g);
      if (child == NULL)
        return FALSE;
      g_ptr_array_add (children, child);
    }
  if (!genetic_add_all (g, next, children))
    return FALSE;
  g_array_unref (g->population);
  g->population = g_steal_pointer (&next);
  return TRUE;
}

static void
genetic_run (Genetic *g)
{
  guint stale = 0;
  if (!genetic_first_generation (g))
    return;
  while (stale < g->o->patience && !genetic_stopping (g))
    {
      double before = g->best_s;
      if (!genetic_next_generation (g))
        return;
      stale = g->best_s < before ? 0 : stale + 1;
    }
}

/* The genetic algorithm (see the top of this file).  FALSE with `error`
 * for unusable settings or when the evaluator failed. */
gboolean
bnb_strategy_genetic (BnbSearchContext *ctx, GError **error)
{
  if (!genetic_check_options (&ctx->options->genetic, error))
    return FALSE;
  Genetic g = {
    .ctx = ctx,
    .o = &ctx->options->genetic,
    .depth = bnb_search_depth (ctx->root),
    .population = genetic_population_new (ctx->options->genetic.population),
    .scratch = bnb_choice_node_copy (ctx->root),
    .best_s = INFINITY,
  };
  genetic_run (&g);
  g_array_unref (g.population);
  bnb_choice_node_free (g.scratch);
  ctx->result->proven = FALSE;
  if (ctx->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&ctx->error));
      return FALSE;
    }
  return TRUE;
}
