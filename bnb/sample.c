/* The simplest strategies: exhaustive enumeration (the ground truth on
 * small spaces) and random sampling of valid leaves. */
#include "bnb/bnb-private.h"

#include <math.h>

static void
enumerate (BnbSearchContext *ctx, const BnbChoiceNode *node, guint depth)
{
  if (ctx->stop)
    return;
  if (bnb_choice_node_is_leaf (node))
    {
      bnb_search_evaluate (ctx, node, depth);
      return;
    }
  guint choice = bnb_choice_node_next_open (node);
  BnbDomain d = bnb_choice_node_domain (node, choice);
  g_autoptr (BnbChoiceNode) child = bnb_choice_node_copy (node);
  for (guint v = 0; v < 16 && !ctx->stop; v++)
    {
      if (!(d & (1u << v)))
        continue;
      bnb_choice_node_assign (child, node);
      if (bnb_choice_node_restrict (child, choice, 1u << v)
          != BNB_CHOICE_DEAD)
        enumerate (ctx, child, depth + 1);
    }
}

gboolean
bnb_strategy_exhaustive (BnbSearchContext *ctx, GError **error)
{
  double size = ctx->result->space_size;
  if (size > ctx->options->exhaustive_limit)
    {
      g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_TOO_BIG,
                   "the space has %s%.3g candidates, more than the %.3g "
                   "exhaustive search is allowed",
                   ctx->result->space_exact ? "" : "about ", size,
                   ctx->options->exhaustive_limit);
      return FALSE;
    }
  enumerate (ctx, ctx->root, 0);
  ctx->result->proven = !ctx->stop && ctx->error == NULL;
  return ctx->error == NULL;
}

/* Without a budget, sampling ends when this many draws in a row met only
 * leaves seen before, or after this many evaluations. */
#define STALE_DRAWS 200
#define DEFAULT_SAMPLES 1000

gboolean
bnb_strategy_random (BnbSearchContext *ctx, GError **error)
{
  const BnbSearchOptions *o = ctx->options;
  gboolean budget = o->max_evaluations > 0 || o->max_seconds > 0;
  guint stale = 0;
  while (!ctx->stop && stale < STALE_DRAWS
         && (budget || ctx->result->evaluations < DEFAULT_SAMPLES))
    {
      g_autoptr (BnbChoiceNode) leaf
          = bnb_search_random_leaf (ctx->root, ctx->rand, 100);
      if (leaf == NULL)
        break;
      guint64 before = ctx->result->evaluations;
      bnb_search_evaluate (ctx, leaf, bnb_search_depth (ctx->root));
      stale = ctx->result->evaluations == before ? stale + 1 : 0;
    }
  return ctx->error == NULL;
}
