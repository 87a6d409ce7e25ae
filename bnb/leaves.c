/* Ways of making leaves that the strategies share: a random descent and a
 * greedy completion that follows the model's lowest bound. */
#include "bnb/bnb-private.h"

#include <math.h>

guint
bnb_search_depth (const BnbChoiceNode *node)
{
  const BnbChoiceSpace *space = bnb_choice_node_space (node);
  guint open = 0;
  for (guint c = 0; c < bnb_choice_space_n_choices (space); c++)
    {
      BnbDomain d = bnb_choice_node_domain (node, c);
      open += (d & (d - 1)) != 0;
    }
  return open;
}

BnbChoiceNode *
bnb_search_child_in (const BnbChoiceNode *node, guint choice, BnbDomain keep)
{
  BnbChoiceNode *child = bnb_choice_node_copy (node);
  if (bnb_choice_node_branch (child, choice, keep) == BNB_CHOICE_ALIVE)
    return child;
  bnb_choice_node_free (child);
  return NULL;
}

/* The children of a split of `node`, ordered by their bound; dead ones
 * are left out. */
static guint
children_by_bound (const BnbModel *model, const BnbChoiceNode *node,
                   const BnbChoiceSplit *split, BnbChoiceNode **children)
{
  double bounds[16];
  guint n = 0;
  BnbDomain keep;
  for (guint v = 0; (keep = bnb_choice_split_child (node, split, v)); v++)
    {
      BnbChoiceNode *child = bnb_search_child_in (node, split->choice, keep);
      if (child == NULL)
        continue;
      double b = bnb_model_bound (model, child, NULL);
      guint i = n++;
      for (; i > 0 && bounds[i - 1] > b; i--)
        bounds[i] = bounds[i - 1], children[i] = children[i - 1];
      bounds[i] = b, children[i] = child;
    }
  return n;
}

static BnbChoiceNode *
greedy (const BnbModel *model, const BnbChoiceNode *node, guint *budget)
{
  BnbChoiceSplit split;
  if (!bnb_choice_node_split (node, &split))
    {
      BnbChoiceNode *leaf = bnb_choice_node_copy (node);
      if (bnb_choice_node_settle (leaf) == BNB_CHOICE_ALIVE)
        return leaf;
      bnb_choice_node_free (leaf);
      return NULL;
    }
  if (*budget == 0)
    return NULL;
  (*budget)--;
  BnbChoiceNode *children[16];
  guint n = children_by_bound (model, node, &split, children);
  BnbChoiceNode *leaf = NULL;
  for (guint i = 0; i < n; i++)
    {
      if (leaf == NULL)
        leaf = greedy (model, children[i], budget);
      bnb_choice_node_free (children[i]);
    }
  return leaf;
}

BnbChoiceNode *
bnb_search_complete_greedy (const BnbModel *model, const BnbChoiceNode *node)
{
  guint budget = 100000;
  return greedy (model, node, &budget);
}
