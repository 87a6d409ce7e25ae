/* Nodes of the search: an array of domains, one per choice.  Creating the
 * root, copying, reading, the branching order, and the two checks the
 * tests lean on: a leaf against every constraint, and every alternative of
 * an inner node against every small constraint (support). */
#include "choices/choices-private.h"

#include <string.h>

gsize
bnb_choice_node_size (const BnbChoiceSpace *s)
{
  return sizeof (BnbChoiceNode) + s->n_choices * sizeof (BnbDomain);
}

static BnbChoiceNode *
node_alloc (const BnbChoiceSpace *s)
{
  BnbChoiceNode *n = g_malloc (bnb_choice_node_size (s));
  n->space = s;
  return n;
}

BnbChoiceNode *
bnb_choice_node_root (const BnbChoiceSpace *s, GError **error)
{
  BnbChoiceNode *n = node_alloc (s);
  memcpy (n->dom, s->initial, s->n_choices * sizeof (BnbDomain));
  if (bnb_node_propagate_all (n) == BNB_CHOICE_DEAD)
    {
      g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD,
                   "kernel %s has no valid candidate for these sizes and "
                   "device limits",
                   s->kernel->name);
      g_free (n);
      return NULL;
    }
  return n;
}

BnbChoiceNode *
bnb_choice_node_copy (const BnbChoiceNode *node)
{
  BnbChoiceNode *n = node_alloc (node->space);
  bnb_choice_node_assign (n, node);
  return n;
}

void
bnb_choice_node_assign (BnbChoiceNode *dst, const BnbChoiceNode *src)
{
  g_return_if_fail (dst->space == src->space);
  memcpy (dst->dom, src->dom, src->space->n_choices * sizeof (BnbDomain));
}

void
bnb_choice_node_free (BnbChoiceNode *node)
{
  g_free (node);
}

const BnbChoiceSpace *
bnb_choice_node_space (const BnbChoiceNode *node)
{
  return node->space;
}

BnbDomain
bnb_choice_node_domain (const BnbChoiceNode *node, guint choice)
{
  return node->dom[choice];
}

BnbDomain
bnb_node_order (const BnbChoiceNode *n, guint x, guint y)
{
  const BnbChoiceSpace *s = n->space;
  BnbDomain d = n->dom[s->order_index[x * s->n_items + y]];
  return x < y ? d : bnb_order_dom_mirror (d);
}

BnbDomain
bnb_node_order_static (const BnbChoiceSpace *s, guint x, guint y)
{
  BnbDomain d = s->initial[s->order_index[x * s->n_items + y]];
  return x < y ? d : bnb_order_dom_mirror (d);
}

gboolean
bnb_choice_node_is_leaf (const BnbChoiceNode *node)
{
  for (guint c = 0; c < node->space->n_choices; c++)
    if (!bnb_dom_single (node->dom[c]))
      return FALSE;
  return TRUE;
}

guint
bnb_choice_node_next_open (const BnbChoiceNode *node)
{
  const BnbChoiceSpace *s = node->space;
  for (guint i = 0; i < s->n_choices; i++)
    if (!bnb_dom_single (node->dom[s->branch_order[i]]))
      return s->branch_order[i];
  return G_MAXUINT;
}

static gboolean
con_error (const BnbChoiceNode *n, const BnbCon *c, const char *what,
           GError **error)
{
  g_autofree char *a = bnb_choice_name (n->space, c->scope[0]);
  g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD,
               "constraint %d on %s: %s", c->type, a, what);
  return FALSE;
}

gboolean
bnb_choice_node_check_leaf (const BnbChoiceNode *n, GError **error)
{
  const BnbChoiceSpace *s = n->space;
  if (!bnb_choice_node_is_leaf (n))
    return con_error (n, &g_array_index (s->cons, BnbCon, 0),
                      "the node is not a leaf", error);
  for (guint i = 0; i < s->n_choices; i++)
    if (!(n->dom[i] & s->initial[i]))
      {
        g_autofree char *name = bnb_choice_name (s, i);
        g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD,
                     "%s takes a value its static domain excludes", name);
        return FALSE;
      }
  for (guint c = 0; c < s->cons->len; c++)
    {
      const BnbCon *con = &g_array_index (s->cons, BnbCon, c);
      if (!bnb_con_holds_on_leaf (n, con))
        return con_error (n, con, "violated", error);
    }
  return bnb_node_global_ok (n, error);
}

/* Is value `value` of scope position `pos` part of an accepted tuple? */
static gboolean
has_support (const BnbChoiceNode *n, const BnbCon *c, guint pos,
             guint value)
{
  guint v[BNB_CON_MAX_SCOPE], total = 1;
  for (guint i = 0; i < c->n_scope; i++)
    total *= i == pos ? 1 : bnb_dom_count (n->dom[c->scope[i]]);
  for (guint t = 0; t < total; t++)
    {
      guint rest = t;
      for (guint i = 0; i < c->n_scope; i++)
        {
          BnbDomain d = n->dom[c->scope[i]];
          guint k = i == pos ? 0 : rest % bnb_dom_count (d);
          rest = i == pos ? rest : rest / bnb_dom_count (d);
          v[i] = i == pos ? value : bnb_dom_first (d);
          for (guint j = 0; j < k; j++)
            d &= d - 1, v[i] = bnb_dom_first (d);
        }
      if (bnb_con_predicate (n->space, c, v))
        return TRUE;
    }
  return FALSE;
}

static gboolean
inst_in_supported (const BnbChoiceNode *n, const BnbCon *c)
{
  const BnbChoiceSpace *s = n->space;
  const BnbIrInst *inst = bnb_ir_inst (s->kernel, c->arg[0] - s->n_dims);
  guint n_fusable = 0, n_pinned = 0;
  BnbDomain d0 = n->dom[c->scope[0]], in = 1u << BNB_ORDER_OUTSIDE;
  for (guint k = 0; k < inst->n_dims; k++)
    {
      BnbDomain d = bnb_node_order (n, c->arg[1], inst->dims[k]);
      n_fusable += bnb_dom_has (d, BNB_ORDER_FUSED);
      n_pinned += d == (1u << BNB_ORDER_FUSED);
    }
  if ((d0 & in) && n_fusable == 0)
    return FALSE;
  return !(d0 == in && n_fusable == 1 && n_pinned == 0);
}

gboolean
bnb_choice_node_check_support (const BnbChoiceNode *n, GError **error)
{
  const BnbChoiceSpace *s = n->space;
  for (guint c = 0; c < s->cons->len; c++)
    {
      const BnbCon *con = &g_array_index (s->cons, BnbCon, c);
      if (con->type == BNB_CON_INST_IN)
        {
          if (!inst_in_supported (n, con))
            return con_error (n, con, "loop without a fused dim", error);
          continue;
        }
      for (guint i = 0; i < con->n_scope; i++)
        for (BnbDomain d = n->dom[con->scope[i]]; d; d &= d - 1)
          if (!has_support (n, con, i, bnb_dom_first (d)))
            {
              g_autofree char *name = bnb_choice_name (s, con->scope[i]);
              g_autofree char *val
                  = bnb_choice_value_name (s, con->scope[i],
                                           bnb_dom_first (d));
              g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD,
                           "%s=%s has no support in constraint %u (type %d)",
                           name, val, c, con->type);
              return FALSE;
            }
    }
  return TRUE;
}

/* One random path down the space's tree, settled at its end.  FALSE on a
 * dead end. */
static gboolean
random_path (BnbChoiceNode *n, GRand *rand)
{
  BnbChoiceSplit split;
  while (bnb_choice_node_split (n, &split))
    {
      guint k = bnb_choice_split_n_children (n, &split);
      guint pick = g_rand_int_range (rand, 0, (gint32)k);
      if (bnb_choice_node_restrict (
              n, split.choice, bnb_choice_split_child (n, &split, pick))
          == BNB_CHOICE_DEAD)
        return FALSE;
    }
  return bnb_node_settle_within (n, BNB_SETTLE_BACKTRACKS, 0, NULL)
         == BNB_CHOICE_ALIVE;
}

/* Depth first below `n` (in place), the children of each split in a
 * random order, until a leaf settles or `budget` nodes are spent;
 * scratch[depth] holds the node to come back to. */
static gboolean
random_search (BnbChoiceNode *n, GRand *rand, GPtrArray *scratch,
               guint depth, guint *budget)
{
  BnbChoiceSplit split;
  guint order[8 * sizeof (BnbDomain)], k;
  if (!bnb_choice_node_split (n, &split))
    return bnb_node_settle_within (n, BNB_SETTLE_BACKTRACKS, 0, NULL)
           == BNB_CHOICE_ALIVE;
  k = bnb_choice_split_n_children (n, &split);
  for (guint i = 0; i < k; i++)
    {
      guint j = g_rand_int_range (rand, 0, (gint32)i + 1);
      order[i] = order[j];
      order[j] = i;
    }
  while (scratch->len <= depth)
    g_ptr_array_add (scratch, bnb_choice_node_copy (n));
  BnbChoiceNode *back = scratch->pdata[depth];
  bnb_choice_node_assign (back, n);
  for (guint i = 0; i < k && *budget > 0; i++)
    {
      (*budget)--;
      bnb_choice_node_assign (n, back);
      if (bnb_choice_node_restrict (n, split.choice,
                                    bnb_choice_split_child (back, &split,
                                                            order[i]))
              == BNB_CHOICE_ALIVE
          && random_search (n, rand, scratch, depth + 1, budget))
        return TRUE;
    }
  return FALSE;
}

/* Random paths before the search: a space where ten paths died has dead
 * ends that more paths meet too (a generated kernel of 12,421 choices
 * spent two minutes on 1,000 failed paths, and its search then found a
 * leaf in 1.5 s). */
#define RANDOM_PATHS 10

BnbChoiceNode *
bnb_choice_random_leaf (const BnbChoiceNode *node, GRand *rand,
                        guint attempts)
{
  BnbChoiceNode *n = bnb_choice_node_copy (node);
  for (guint a = 0; a < MIN (attempts, RANDOM_PATHS); a++)
    {
      bnb_choice_node_assign (n, node);
      if (random_path (n, rand))
        return n;
    }
  /* Every path met a dead end that propagation did not foresee: search
   * with backtracking, 100 nodes per attempt in all, from the top again
   * with a new random order each time a round's budget is spent, the
   * budget doubling from round to round (one long search can sink in a
   * dead subtree chosen near the top). */
  g_autoptr (GPtrArray) scratch
      = g_ptr_array_new_with_free_func ((GDestroyNotify)bnb_choice_node_free);
  guint64 left = 100 * (guint64)MAX (attempts, 1);
  for (guint64 round = 100; left > 0; round *= 2)
    {
      guint budget = (guint)MIN (MIN (left, round), G_MAXUINT);
      left -= budget;
      bnb_choice_node_assign (n, node);
      if (random_search (n, rand, scratch, 0, &budget))
        return n;
      left += budget;
      if (budget > 0)
        break; /* the whole tree was searched */
    }
  bnb_choice_node_free (n);
  return NULL;
}
