/* The simplest strategies: exhaustive enumeration (the ground truth on
 * small spaces) and random sampling of valid leaves. */
#include "bnb/bnb-private.h"

#include <math.h>

/* Leaves are evaluated in batches, built ahead in parallel. */
#define BATCH 64

typedef struct {
  BnbSearchContext *ctx;
  GPtrArray *batch;
} Enumeration;

static gboolean
enumerate_leaf (const BnbChoiceNode *leaf, guint depth, gpointer data)
{
  Enumeration *en = data;
  g_ptr_array_add (en->batch, bnb_choice_node_copy (leaf));
  if (en->batch->len == BATCH)
    bnb_search_evaluate_batch (en->ctx, en->batch, depth);
  return !en->ctx->stop;
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
  g_autoptr (GPtrArray) batch = g_ptr_array_new_with_free_func (
      (GDestroyNotify) bnb_choice_node_free);
  Enumeration en = { ctx, batch };
  bnb_choice_foreach_leaf (ctx->root, enumerate_leaf, &en);
  bnb_search_evaluate_batch (ctx, batch, 0);
  ctx->result->proven = !ctx->stop && ctx->error == NULL;
  return ctx->error == NULL;
}

/* Without a budget, sampling ends when this many draws in a row met only
 * leaves seen before, or after this many evaluations. */
#define STALE_DRAWS 200
#define DEFAULT_SAMPLES 1000

/* Draws up to BATCH leaves not met before, none twice. */
static guint
draw_batch (BnbSearchContext *ctx, GPtrArray *batch, guint *stale)
{
  g_autoptr (GHashTable) drawn
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  while (batch->len < BATCH && *stale < STALE_DRAWS)
    {
      BnbChoiceNode *leaf = bnb_choice_random_leaf (ctx->root, ctx->rand, 100);
      if (leaf == NULL)
        break;
      char *key = bnb_choice_node_to_string (leaf, FALSE);
      if (g_hash_table_contains (ctx->seen, key)
          || !g_hash_table_add (drawn, key))
        {
          (*stale)++;
          bnb_choice_node_free (leaf);
          continue;
        }
      *stale = 0;
      g_ptr_array_add (batch, leaf);
    }
  return batch->len;
}

gboolean
bnb_strategy_random (BnbSearchContext *ctx, GError **error)
{
  const BnbSearchOptions *o = ctx->options;
  gboolean budget = o->max_evaluations > 0 || o->max_seconds > 0;
  guint stale = 0;
  g_autoptr (GPtrArray) batch = g_ptr_array_new_with_free_func (
      (GDestroyNotify) bnb_choice_node_free);
  while (!ctx->stop && (budget || ctx->result->evaluations < DEFAULT_SAMPLES)
         && draw_batch (ctx, batch, &stale) > 0)
    bnb_search_evaluate_batch (ctx, batch, bnb_search_depth (ctx->root));
  return ctx->error == NULL;
}
