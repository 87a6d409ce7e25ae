/* The search tree over a space: where a node splits, the leaves of a tree
 * that does not split on everything (settled by their first consistent
 * completion), and reading a node that may still be open.  The reader is
 * what lets code generation name the one choice its output depends on
 * next: a choice it never reads cannot change the kernel, so a tree that
 * splits only on reads loses no kernel and prints each one at one leaf
 * (docs/space.md). */
#include "choices/choices-private.h"

void
bnb_choice_space_set_splitter (BnbChoiceSpace *space, BnbChoiceSplitFunc func,
                               gpointer data)
{
  space->splitter = func;
  space->splitter_data = data;
}

gboolean
bnb_choice_space_has_splitter (const BnbChoiceSpace *space)
{
  return space->splitter != NULL;
}

static gboolean
split_full (const BnbChoiceNode *node, BnbChoiceSplit *split)
{
  guint ch = bnb_choice_node_next_open (node);
  *split = (BnbChoiceSplit){ ch, 0 };
  return ch != G_MAXUINT;
}

/* A split that keeps every candidate and makes progress: each child
 * narrows the domain and none is empty. */
static gboolean
split_is_proper (const BnbChoiceNode *node, const BnbChoiceSplit *split)
{
  BnbDomain d = node->dom[split->choice];
  if (split->mask == 0)
    return !bnb_dom_single (d);
  return (d & split->mask) != 0 && (d & ~split->mask) != 0;
}

gboolean
bnb_choice_node_split (const BnbChoiceNode *node, BnbChoiceSplit *split)
{
  const BnbChoiceSpace *s = node->space;
  if (s->splitter == NULL)
    return split_full (node, split);
  if (!s->splitter (node, split, s->splitter_data))
    return FALSE;
  g_assert (split->choice < s->n_choices && split_is_proper (node, split));
  return TRUE;
}

BnbDomain
bnb_choice_split_child (const BnbChoiceNode *node, const BnbChoiceSplit *split,
                        guint i)
{
  BnbDomain d = node->dom[split->choice];
  if (split->mask != 0)
    {
      BnbDomain parts[2] = { d & split->mask, d & ~split->mask };
      return i < 2 ? parts[i] : 0;
    }
  for (guint j = 0; j < i && d; j++)
    d &= d - 1;
  return d ? 1u << bnb_dom_first (d) : 0;
}

guint
bnb_choice_split_n_children (const BnbChoiceNode *node,
                             const BnbChoiceSplit *split)
{
  return split->mask != 0 ? 2 : bnb_dom_count (node->dom[split->choice]);
}

/* How far a settle may go before it gives up: decisions tried (budget)
 * and a monotonic-clock deadline (0: none). */
typedef struct {
  guint64 budget;
  gint64 deadline;
  guint ticks;
  gboolean gave_up;
} SettleLimit;

/* Depth first over the full tree below `n` (in place), lowest values
 * first; scratch[depth] holds the node to come back to. */
static gboolean
settle_from (BnbChoiceNode *n, GPtrArray *scratch, guint depth,
             SettleLimit *lim)
{
  guint ch = bnb_choice_node_next_open (n);
  if (ch == G_MAXUINT)
    return TRUE;
  while (scratch->len <= depth)
    g_ptr_array_add (scratch, bnb_choice_node_copy (n));
  BnbChoiceNode *back = scratch->pdata[depth];
  bnb_choice_node_assign (back, n);
  for (BnbDomain d = back->dom[ch]; d; d &= d - 1)
    {
      if (lim->budget == 0
          || (lim->deadline && (++lim->ticks & 63) == 0
              && g_get_monotonic_time () > lim->deadline))
        {
          lim->gave_up = TRUE;
          return FALSE;
        }
      lim->budget--;
      bnb_choice_node_assign (n, back);
      if (bnb_choice_node_restrict (n, ch, 1u << bnb_dom_first (d))
              == BNB_CHOICE_ALIVE
          && settle_from (n, scratch, depth + 1, lim))
        return TRUE;
    }
  return FALSE;
}

BnbChoiceStatus
bnb_node_settle_within (BnbChoiceNode *node, guint64 backtracks,
                        gint64 deadline, gboolean *gave_up)
{
  SettleLimit lim = { backtracks, deadline, 0, FALSE };
  if (gave_up)
    *gave_up = FALSE;
  if (bnb_choice_node_is_leaf (node))
    return BNB_CHOICE_ALIVE;
  if (backtracks != G_MAXUINT64)
    for (guint c = 0; c < node->space->n_choices; c++)
      lim.budget += !bnb_dom_single (node->dom[c]);
  g_autoptr (GPtrArray) scratch
      = g_ptr_array_new_with_free_func ((GDestroyNotify)bnb_choice_node_free);
  gboolean alive = settle_from (node, scratch, 0, &lim);
  if (gave_up)
    *gave_up = lim.gave_up;
  return alive ? BNB_CHOICE_ALIVE : BNB_CHOICE_DEAD;
}

BnbChoiceStatus
bnb_choice_node_settle (BnbChoiceNode *node)
{
  return bnb_node_settle_within (node, G_MAXUINT64, 0, NULL);
}

BnbChoiceNode *
bnb_choice_node_canonical (const BnbChoiceNode *node,
                           const BnbChoiceNode *leaf)
{
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (node);
  BnbChoiceSplit split;
  for (guint c = 0; c < node->space->n_choices; c++)
    if (!(leaf->dom[c] & node->dom[c]))
      return NULL;
  while (bnb_choice_node_split (n, &split))
    {
      BnbDomain v = leaf->dom[split.choice], keep = 0;
      for (guint i = 0; (keep = bnb_choice_split_child (n, &split, i)); i++)
        if (keep & v)
          break;
      if (keep == 0
          || bnb_choice_node_restrict (n, split.choice, keep)
                 == BNB_CHOICE_DEAD)
        return NULL;
    }
  if (bnb_choice_node_settle (n) == BNB_CHOICE_DEAD)
    return NULL;
  return g_steal_pointer (&n);
}

/* ---- Reading ------------------------------------------------------- */

static void
read_opens (BnbChoiceReader *r, guint choice, BnbDomain mask)
{
  if (!r->open)
    r->split = (BnbChoiceSplit){ choice, mask };
  r->open = TRUE;
}

gboolean
bnb_choice_read_in (BnbChoiceReader *r, guint choice, BnbDomain set)
{
  BnbDomain d = r->node->dom[choice];
  if ((d & set) != 0 && (d & ~set) != 0)
    read_opens (r, choice, set);
  return bnb_dom_has (set, bnb_dom_first (d));
}

guint
bnb_choice_read_value (BnbChoiceReader *r, guint choice)
{
  BnbDomain d = r->node->dom[choice];
  if (!bnb_dom_single (d))
    read_opens (r, choice, 0);
  return bnb_dom_first (d);
}

BnbKind
bnb_choice_read_kind (BnbChoiceReader *r, guint dim)
{
  return bnb_choice_read_value (r, r->node->space->kind_base + dim);
}

gboolean
bnb_choice_read_order_is (BnbChoiceReader *r, guint x, guint y,
                          BnbOrder order)
{
  const BnbChoiceSpace *s = r->node->space;
  BnbOrder as_choice = x < y ? order : bnb_order_mirror (order);
  return bnb_choice_read_in (r, s->order_index[x * s->n_items + y],
                             1u << as_choice);
}

BnbMem
bnb_choice_read_mem (BnbChoiceReader *r, guint temp)
{
  return bnb_choice_read_value (r, r->node->space->mem_base + temp);
}

gboolean
bnb_choice_read_prefetch (BnbChoiceReader *r, guint temp)
{
  return bnb_choice_read_in (r, r->node->space->prefetch_base + temp,
                             (1u << BNB_PREFETCH_YES)
                                 | (1u << BNB_PREFETCH_DOUBLE));
}

gboolean
bnb_choice_read_double (BnbChoiceReader *r, guint temp)
{
  return bnb_choice_read_in (r, r->node->space->prefetch_base + temp,
                             1u << BNB_PREFETCH_DOUBLE);
}

gboolean
bnb_choice_read_interleave (BnbChoiceReader *r, guint temp)
{
  return bnb_choice_read_in (r, r->node->space->interleave_base + temp,
                             1u << BNB_INTERLEAVE_YES);
}
