/* The search's evaluator on a real device: a leaf becomes a program
 * (codegen), is built ahead by the harness, then run, timed and verified;
 * every evaluation goes to the journal, which also answers leaves it has
 * when resuming. */
#include "cli/tune.h"

#include <stdio.h>

typedef struct {
  BnbHarness *harness; /* kept */
  BnbJournal *journal; /* kept, may be NULL */
  gboolean resume;
  double timeout_s;
  GMutex lock;
  GHashTable *programs; /* decisions -> BnbCodegenProgram */
} HarnessEvaluator;

static BnbCodegenProgram *
program_of (HarnessEvaluator *h, const BnbChoiceNode *leaf, GError **error)
{
  g_autofree char *key = bnb_choice_node_to_string (leaf, FALSE);
  g_mutex_lock (&h->lock);
  BnbCodegenProgram *p = g_hash_table_lookup (h->programs, key);
  g_mutex_unlock (&h->lock);
  if (p != NULL)
    return p;
  p = bnb_codegen_generate (leaf, error);
  if (p == NULL)
    return NULL;
  g_mutex_lock (&h->lock);
  g_hash_table_replace (h->programs, g_steal_pointer (&key), p);
  g_mutex_unlock (&h->lock);
  return p;
}

static void
harness_prepare (gpointer self, const BnbChoiceNode *leaf)
{
  HarnessEvaluator *h = self;
  BnbCodegenProgram *p = program_of (h, leaf, NULL);
  if (p != NULL && (!h->resume || h->journal == NULL
                    || !bnb_journal_lookup (h->journal, p->decisions)))
    bnb_harness_prepare (h->harness, p);
}

static void
forget_program (HarnessEvaluator *h, const BnbChoiceNode *leaf)
{
  g_autofree char *key = bnb_choice_node_to_string (leaf, FALSE);
  g_mutex_lock (&h->lock);
  g_hash_table_remove (h->programs, key);
  g_mutex_unlock (&h->lock);
}

static BnbEvaluation *
codegen_failure (const BnbChoiceNode *leaf, GError *cause)
{
  BnbEvaluation *e = bnb_evaluation_new ();
  e->decisions = bnb_choice_node_to_string (leaf, FALSE);
  e->outcome = BNB_OUTCOME_BUILD_FAILED;
  e->message = g_strdup_printf ("code generation: %s", cause->message);
  return e;
}

static BnbEvaluation *
from_journal (HarnessEvaluator *h, const BnbCodegenProgram *p)
{
  if (!h->resume || h->journal == NULL)
    return NULL;
  const BnbEvaluation *old = bnb_journal_lookup (h->journal, p->decisions);
  if (old == NULL || !bnb_evaluation_is_reusable (old, h->timeout_s))
    return NULL;
  BnbEvaluation *e = bnb_evaluation_copy (old);
  e->from_journal = TRUE;
  return e;
}

static BnbEvaluation *
harness_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                  GError **error)
{
  HarnessEvaluator *h = self;
  g_autoptr (GError) cause = NULL;
  BnbCodegenProgram *p = program_of (h, leaf, &cause);
  if (p == NULL)
    return codegen_failure (leaf, cause);
  BnbEvaluation *e = final ? NULL : from_journal (h, p);
  if (e == NULL)
    {
      e = bnb_harness_evaluate (h->harness, p, final, error);
      if (e != NULL && h->journal != NULL
          && !bnb_journal_append (h->journal, e, error))
        g_clear_pointer (&e, bnb_evaluation_free);
    }
  if (!final)
    forget_program (h, leaf);
  return e;
}

static void
harness_set_timeout (gpointer self, double seconds)
{
  HarnessEvaluator *h = self;
  h->timeout_s = seconds;
  bnb_harness_set_timeout (h->harness, seconds);
}

static void
harness_free (gpointer self)
{
  HarnessEvaluator *h = self;
  g_hash_table_unref (h->programs);
  g_mutex_clear (&h->lock);
  g_free (h);
}

static const BnbEvaluatorClass harness_class = {
  .prepare = harness_prepare,
  .evaluate = harness_evaluate,
  .set_timeout = harness_set_timeout,
  .free = harness_free,
};

BnbEvaluator *
bnb_cli_evaluator_new (BnbHarness *harness, BnbJournal *journal,
                       gboolean resume, double timeout_s)
{
  HarnessEvaluator *h = g_new0 (HarnessEvaluator, 1);
  h->harness = harness;
  h->journal = journal;
  h->resume = resume;
  h->timeout_s = timeout_s;
  g_mutex_init (&h->lock);
  h->programs = g_hash_table_new_full (
      g_str_hash, g_str_equal, g_free,
      (GDestroyNotify) bnb_codegen_program_free);
  g_autofree char *name = g_strdup_printf (
      "%s (OpenCL)", bnb_harness_device (harness)->name);
  return bnb_evaluator_new (&harness_class, h, name);
}
