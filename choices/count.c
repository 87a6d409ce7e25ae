/* Counting the candidates and the search-tree nodes below a node.  The
 * tree is the one the default branching order makes: a node splits on its
 * next open choice into one child per alternative, each propagated; dead
 * children are not nodes.  With a splitter (choices.h) the tree is the
 * space's: a leaf is a node the splitter does not split, counted when a
 * candidate lies below it and as a dead end otherwise (then, as in the
 * search, it is not a node).  The exact count walks that tree depth first
 * within a time budget; beyond it, Knuth's estimator follows random paths
 * and multiplies the branching factors met on the way (Knuth 1975), which
 * is unbiased for the leaves and the nodes, and reports the standard error
 * of the mean over its probes. */
#include "choices/choices-private.h"

#include <math.h>

typedef struct {
  double leaves, nodes, dead_ends;
  gint64 deadline;
  guint64 ticks;
  gboolean timed_out;
  GPtrArray *stack; /* one scratch node per depth */
} Walk;

static BnbChoiceNode *
walk_scratch (Walk *w, const BnbChoiceNode *like, guint depth)
{
  while (w->stack->len <= depth)
    g_ptr_array_add (w->stack, bnb_choice_node_copy (like));
  return g_ptr_array_index (w->stack, depth);
}

/* A leaf of the space's tree: TRUE when a candidate lies below it
 * (settled on `scratch`, which then holds it), within the settle's limits
 * (bnb_node_settle_within; *gave_up when they stopped it). */
static gboolean
tree_leaf (const BnbChoiceNode *n, BnbChoiceNode *scratch,
           guint64 backtracks, gint64 deadline, gboolean *gave_up)
{
  bnb_choice_node_assign (scratch, n);
  return bnb_node_settle_within (scratch, backtracks, deadline, gave_up)
         == BNB_CHOICE_ALIVE;
}

static void
walk (Walk *w, const BnbChoiceNode *n, guint depth)
{
  BnbChoiceSplit split;
  guint alive = 0;
  BnbDomain keep;
  w->nodes++;
  BnbChoiceNode *child = walk_scratch (w, n, depth);
  if (!bnb_choice_node_split (n, &split))
    {
      /* a settle past the deadline stops the walk: not exact */
      gboolean live = tree_leaf (n, child, G_MAXUINT64, w->deadline,
                                 &w->timed_out);
      if (w->timed_out)
        return;
      w->leaves += live;
      w->nodes -= !live; /* as the search counts it: dead, not a node */
      w->dead_ends += !live;
      return;
    }
  if ((++w->ticks & 63) == 0 && g_get_monotonic_time () > w->deadline)
    w->timed_out = TRUE;
  if (w->timed_out)
    return;
  for (guint i = 0; (keep = bnb_choice_split_child (n, &split, i))
                    && !w->timed_out;
       i++)
    {
      bnb_choice_node_assign (child, n);
      if (bnb_choice_node_restrict (child, split.choice, keep)
          == BNB_CHOICE_DEAD)
        continue;
      alive++;
      walk (w, child, depth + 1);
    }
  w->dead_ends += alive == 0;
}

gboolean
bnb_choice_count_exact (const BnbChoiceNode *node, double seconds,
                        BnbChoiceCount *count)
{
  gint64 start = g_get_monotonic_time ();
  Walk w = { 0 };
  w.deadline = start + (gint64)(seconds * G_USEC_PER_SEC);
  w.stack = g_ptr_array_new_with_free_func (
      (GDestroyNotify)bnb_choice_node_free);
  walk (&w, node, 0);
  g_ptr_array_unref (w.stack);
  *count = (BnbChoiceCount){
    .exact = !w.timed_out,
    .leaves = w.leaves,
    .nodes = w.nodes,
    .dead_ends = w.dead_ends,
    .seconds = (g_get_monotonic_time () - start) / (double)G_USEC_PER_SEC,
  };
  return !w.timed_out;
}

typedef struct {
  BnbChoiceLeafFunc func;
  gpointer data;
  GPtrArray *stack; /* one scratch node per depth */
} Visit;

static gboolean
visit (Visit *v, const BnbChoiceNode *n, guint depth)
{
  BnbChoiceSplit split;
  BnbDomain keep;
  while (v->stack->len <= depth)
    g_ptr_array_add (v->stack, bnb_choice_node_copy (n));
  BnbChoiceNode *child = g_ptr_array_index (v->stack, depth);
  if (!bnb_choice_node_split (n, &split))
    return !tree_leaf (n, child, G_MAXUINT64, 0, NULL)
           || v->func (child, depth, v->data);
  for (guint i = 0; (keep = bnb_choice_split_child (n, &split, i)); i++)
    {
      bnb_choice_node_assign (child, n);
      if (bnb_choice_node_restrict (child, split.choice, keep)
              != BNB_CHOICE_DEAD
          && !visit (v, child, depth + 1))
        return FALSE;
    }
  return TRUE;
}

gboolean
bnb_choice_foreach_leaf (const BnbChoiceNode *node, BnbChoiceLeafFunc func,
                         gpointer data)
{
  Visit v = { func, data, g_ptr_array_new_with_free_func (
                              (GDestroyNotify)bnb_choice_node_free) };
  gboolean complete = visit (&v, node, 0);
  g_ptr_array_unref (v.stack);
  return complete;
}

/* The alive children of a split, as a bitset of child indices. */
static guint
alive_children (const BnbChoiceNode *n, const BnbChoiceSplit *split,
                BnbChoiceNode *scratch)
{
  guint alive = 0;
  BnbDomain keep;
  for (guint i = 0; (keep = bnb_choice_split_child (n, split, i)); i++)
    {
      bnb_choice_node_assign (scratch, n);
      if (bnb_choice_node_restrict (scratch, split->choice, keep)
          == BNB_CHOICE_ALIVE)
        alive |= 1u << i;
    }
  return alive;
}

/* One random path; its estimates of the leaves and nodes below `root`. */
static void
probe (const BnbChoiceNode *root, GRand *rand, BnbChoiceNode *n,
       BnbChoiceNode *scratch, double *leaves, double *nodes,
       double *dead_ends)
{
  double weight = 1;
  BnbChoiceSplit split;
  bnb_choice_node_assign (n, root);
  *nodes = 1;
  *leaves = 0;
  *dead_ends = 0;
  while (bnb_choice_node_split (n, &split))
    {
      guint alive = alive_children (n, &split, scratch);
      guint k = bnb_dom_count (alive);
      if (k == 0)
        {
          *dead_ends = weight;
          return;
        }
      guint pick = g_rand_int_range (rand, 0, (gint32)k);
      for (guint j = 0; j < pick; j++)
        alive &= alive - 1;
      weight *= k;
      *nodes += weight;
      bnb_choice_node_restrict (
          n, split.choice,
          bnb_choice_split_child (n, &split, bnb_dom_first (alive)));
    }
  /* a settle that takes long is, as for a random leaf, a dead end */
  if (tree_leaf (n, scratch, BNB_SETTLE_BACKTRACKS, 0, NULL))
    *leaves = weight;
  else
    {
      *nodes -= weight;
      *dead_ends = weight;
    }
}

typedef struct {
  double n, mean, m2;
} Moments;

static void
moments_add (Moments *m, double x)
{
  double delta = x - m->mean;
  m->n++;
  m->mean += delta / m->n;
  m->m2 += delta * (x - m->mean);
}

static double
moments_stderr (const Moments *m)
{
  return m->n > 1 ? sqrt (m->m2 / (m->n - 1) / m->n) : INFINITY;
}

void
bnb_choice_count_estimate (const BnbChoiceNode *node, guint probes,
                           double seconds, guint64 seed,
                           BnbChoiceCount *count)
{
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + (gint64)(seconds * G_USEC_PER_SEC);
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32)(seed ^ seed >> 32));
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (node);
  g_autoptr (BnbChoiceNode) scratch = bnb_choice_node_copy (node);
  Moments leaves = { 0 }, nodes = { 0 }, dead = { 0 };
  for (guint p = 0; p < probes; p++)
    {
      if (p >= BNB_CHOICE_MIN_PROBES && g_get_monotonic_time () > deadline)
        break;
      double l, k, d;
      probe (node, rand, n, scratch, &l, &k, &d);
      moments_add (&leaves, l);
      moments_add (&nodes, k);
      moments_add (&dead, d);
    }
  *count = (BnbChoiceCount){
    .exact = FALSE,
    .leaves = leaves.mean,
    .leaves_stderr = moments_stderr (&leaves),
    .nodes = nodes.mean,
    .nodes_stderr = moments_stderr (&nodes),
    .dead_ends = dead.mean,
    .probes = (guint)leaves.n,
    .seconds = (g_get_monotonic_time () - start) / (double)G_USEC_PER_SEC,
  };
}

void
bnb_choice_count (const BnbChoiceNode *node, double seconds, guint probes,
                  guint64 seed, BnbChoiceCount *count)
{
  if (bnb_choice_count_exact (node, seconds, count))
    return;
  double spent = count->seconds;
  bnb_choice_count_estimate (node, probes, seconds, seed, count);
  count->seconds += spent;
}
