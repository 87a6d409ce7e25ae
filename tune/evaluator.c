/* The search's evaluator on a real device: a leaf becomes a program
 * (codegen), is built ahead by the harness, then run, timed and verified;
 * every evaluation goes to the journal, which also answers, when
 * resuming, the leaves whose code it holds (by kernel key, never by
 * decisions alone).  Leaves whose code is the same kernel (equal
 * kernel_key) are built and run once: the others get that kernel's
 * answer.
 *
 * With several devices the evaluator has a lane per device, each with its
 * harness: a leaf is built ahead and run on the lane the search sends it
 * to.  A kernel being run on one lane is not run again on another: an
 * equal kernel waits for that answer.  A lane whose harness fails (its
 * device cannot be used again) is dropped with a message while another
 * remains, and its leaves go to the next lane alive.  Under MPI the lanes
 * past the local devices are the other ranks (tune/ranks.c): a leaf goes
 * there as its decisions, its evaluation comes back. */
#include "tune/tune.h"

#include <stdio.h>

/* Programs made ahead by prepare wait here until their evaluation takes
 * them; past this many (leaves prepared, then cut) the wait list is
 * emptied. */
#define MAX_WAITING 4096
/* The journal's fastest leaves tried as branch and bound's incumbent: the
 * first that lies in the searched space is taken. */
#define INCUMBENT_TRIES 256
/* Leaves branch and bound sends a lane ahead of its turn, per worker of
 * that lane's harness (at least 16), so that every worker has builds
 * queued while the lane's device thread waits for one slow build
 * (docs/results.md: 32 ahead for 8 workers beat 16 on two H200s). */
#define AHEAD_PER_WORKER 4
#define MIN_AHEAD 16

typedef struct {
  GPtrArray *harnesses; /* BnbHarness, kept: one per local lane */
  guint n_lanes;        /* the local lanes, then one per other rank */
  gboolean *failed;     /* per lane: its device failed (under the lock) */
  gint64 end_us;        /* the deadline (0: none), for the other ranks */
  BnbJournal *journal; /* kept, may be NULL */
  gboolean resume;
  guint warmup, repetitions, final_repetitions;
  double timeout_s;  /* of a whole evaluation, until a launch limit is set */
  double launch_s;   /* the limit of one launch, 0 until set */
  double slow_s;     /* a launch that ends the launches (0: none) */
  GMutex lock;       /* programs, journal and limits */
  GHashTable *programs; /* decisions -> BnbCodegenProgram, waiting */
  /* kernel_key -> the latest BnbEvaluation of that kernel, or NULL while it
   * is only built ahead */
  GHashTable *kernels;
  GHashTable *running; /* kernel keys being run on a lane */
  GCond ran;           /* one of them came back */
} HarnessEvaluator;

/* The rank whose lane `lane` is (0: a local device). */
static guint
rank_of (const HarnessEvaluator *h, guint lane)
{
  return lane < h->harnesses->len ? 0 : lane - h->harnesses->len + 1;
}

/* `lane` if its harness has not failed, else the next lane that has not
 * (`lane` itself when none is left). */
static guint
live_lane (HarnessEvaluator *h, guint lane)
{
  guint n = h->n_lanes;
  g_mutex_lock (&h->lock);
  guint live = lane;
  for (guint i = 0; i < n; i++)
    if (!h->failed[(lane + i) % n])
      {
        live = (lane + i) % n;
        break;
      }
  g_mutex_unlock (&h->lock);
  return live;
}

/* The harness of `lane` failed: dropped with a message if another lane
 * is alive (TRUE), else kept, and the failure ends the search (FALSE). */
static gboolean
drop_lane (HarnessEvaluator *h, guint lane, const GError *why)
{
  guint n = h->n_lanes, left = 0;
  g_mutex_lock (&h->lock);
  for (guint i = 0; i < n; i++)
    left += i != lane && !h->failed[i];
  if (left > 0)
    h->failed[lane] = TRUE;
  g_mutex_unlock (&h->lock);
  if (left > 0)
    {
      g_autofree char *what
          = rank_of (h, lane) > 0
                ? g_strdup_printf ("rank %u", rank_of (h, lane))
                : g_strdup (bnb_harness_device (h->harnesses->pdata[lane])
                                ->name);
      g_message ("device %u of %u (%s) failed, going on with %u: %s",
                 lane + 1, n, what, left, why->message);
    }
  return left > 0;
}

/* Whether, with --resume, the journal has kernel `key`'s time. */
static gboolean
journal_knows (HarnessEvaluator *h, const char *key)
{
  return h->resume && h->journal != NULL
         && bnb_journal_lookup_kernel (h->journal, key) != NULL;
}

/* Whether this run or, with --resume, the journal knows kernel `key`
 * already (then it is not built ahead).  Called with the lock held. */
static gboolean
kernel_known (HarnessEvaluator *h, const char *key)
{
  return g_hash_table_contains (h->kernels, key) || journal_knows (h, key);
}

static void
harness_prepare (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  HarnessEvaluator *h = self;
  g_autofree char *key = bnb_choice_node_to_string (leaf, FALSE);
  BnbCodegenProgram *p = bnb_codegen_generate (leaf, NULL);
  if (p == NULL)
    return;
  g_mutex_lock (&h->lock);
  gboolean known = kernel_known (h, p->kernel_key);
  if (!known)
    g_hash_table_insert (h->kernels, g_strdup (p->kernel_key), NULL);
  g_mutex_unlock (&h->lock);
  lane = live_lane (h, lane);
  if (!known && rank_of (h, lane) > 0)
    bnb_ranks_prepare (rank_of (h, lane), key);
  else if (!known)
    bnb_harness_prepare (h->harnesses->pdata[lane], p);
  g_mutex_lock (&h->lock);
  if (g_hash_table_size (h->programs) >= MAX_WAITING)
    g_hash_table_remove_all (h->programs);
  g_hash_table_replace (h->programs, g_steal_pointer (&key), p);
  g_mutex_unlock (&h->lock);
}

/* The program prepare made for `leaf`, whose decisions are `key` (now the
 * caller's), else a new one. */
static BnbCodegenProgram *
take_program (HarnessEvaluator *h, const BnbChoiceNode *leaf, const char *key,
              GError **error)
{
  gpointer p = NULL, stolen_key = NULL;
  g_mutex_lock (&h->lock);
  g_hash_table_steal_extended (h->programs, key, &stolen_key, &p);
  g_mutex_unlock (&h->lock);
  g_free (stolen_key);
  return p != NULL ? p : bnb_codegen_generate (leaf, error);
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

/* The limit of an evaluation's runs after its first launch (which the
 * harness limits to --timeout at least: it may hold a late compile): the
 * launch limit times the other launches, with a second for uploads and
 * checks; --timeout until then.  Called with the lock held. */
static double
runs_limit (HarnessEvaluator *h, gboolean final)
{
  guint launches = h->warmup + (final ? h->final_repetitions
                                      : h->repetitions) - 1;
  double limit = h->launch_s > 0 ? h->launch_s * launches + 1.0
                                 : h->timeout_s;
  return final ? MAX (limit, h->timeout_s) : limit;
}

/* The limits of the next evaluation on `harness`: a final one (a
 * re-measure of the best) runs every launch. */
static void
apply_limit (HarnessEvaluator *h, BnbHarness *harness, gboolean final)
{
  g_mutex_lock (&h->lock);
  double limit = runs_limit (h, final);
  double slow_s = final ? 0 : h->slow_s;
  g_mutex_unlock (&h->lock);
  bnb_harness_set_timeout (harness, limit);
  bnb_harness_set_slow (harness, slow_s);
}

/* The answer of a kernel equal to program `p` that ran in this run or,
 * with --resume, in one the journal holds, for the leaf with decisions
 * `decisions`; NULL if it has not run, or timed out under a shorter limit
 * than the current one.  The journal answers by kernel key only, never
 * by decisions: a journal written by a tool that printed other code for
 * these decisions holds another key, and the kernel runs again.  The
 * answer is marked same_kernel when it was measured under other
 * decisions.  Called with the lock held. */
static BnbEvaluation *
from_known_kernel (HarnessEvaluator *h, const BnbCodegenProgram *p,
                   const char *decisions)
{
  double limit = runs_limit (h, FALSE);
  const BnbEvaluation *twin = g_hash_table_lookup (h->kernels, p->kernel_key);
  gboolean journaled = FALSE;
  if ((twin == NULL || !bnb_evaluation_is_reusable (twin, limit)) && h->resume
      && h->journal != NULL)
    {
      twin = bnb_journal_lookup_kernel (h->journal, p->kernel_key);
      journaled = TRUE;
    }
  BnbEvaluation *e = twin != NULL && bnb_evaluation_is_reusable (twin, limit)
                         ? bnb_evaluation_copy (twin)
                         : NULL;
  if (e == NULL)
    return NULL;
  e->same_kernel = !journaled || g_strcmp0 (e->decisions, decisions) != 0;
  g_free (e->decisions);
  e->decisions = g_strdup (decisions);
  e->compile_s = 0;
  e->build_wait_s = 0;
  e->from_journal = journaled;
  e->lane = -1;
  return e;
}

/* The answer for `p` from an equal kernel (from_known_kernel), after
 * waiting for one being run on another lane; NULL when it must run,
 * and then it is marked running until done_kernel. */
static BnbEvaluation *
known_or_claim (HarnessEvaluator *h, const BnbCodegenProgram *p,
                const char *decisions)
{
  g_mutex_lock (&h->lock);
  while (g_hash_table_contains (h->running, p->kernel_key))
    g_cond_wait (&h->ran, &h->lock);
  BnbEvaluation *e = from_known_kernel (h, p, decisions);
  if (e == NULL)
    g_hash_table_add (h->running, g_strdup (p->kernel_key));
  g_mutex_unlock (&h->lock);
  return e;
}

/* The run of `p` claimed by known_or_claim ended with `e` (NULL: the
 * evaluator failed; stopped: no answer), which equal kernels get. */
static void
done_kernel (HarnessEvaluator *h, const BnbCodegenProgram *p,
             const BnbEvaluation *e)
{
  g_mutex_lock (&h->lock);
  if (e != NULL && !e->stopped)
    g_hash_table_replace (h->kernels, g_strdup (p->kernel_key),
                          bnb_evaluation_copy (e));
  g_hash_table_remove (h->running, p->kernel_key);
  g_cond_broadcast (&h->ran);
  g_mutex_unlock (&h->lock);
}

/* The lane that ran `p`'s kernel in this search (its build is there), else
 * `lane`: a final re-measure goes where the kernel is built. */
static guint
lane_that_ran (HarnessEvaluator *h, const BnbCodegenProgram *p, guint lane)
{
  g_mutex_lock (&h->lock);
  const BnbEvaluation *e = g_hash_table_lookup (h->kernels, p->kernel_key);
  if (e != NULL && e->lane >= 0)
    lane = (guint)e->lane;
  g_mutex_unlock (&h->lock);
  return lane;
}

/* `p` (the leaf `decisions`) run on another rank, with this process's
 * launch limit and deadline. */
static BnbEvaluation *
run_on_rank (HarnessEvaluator *h, const BnbCodegenProgram *p,
             const char *decisions, gboolean final, guint rank,
             GError **error)
{
  g_mutex_lock (&h->lock);
  double launch_s = h->launch_s, slow_s = h->slow_s;
  gint64 end_us = h->end_us;
  g_mutex_unlock (&h->lock);
  double left_s = end_us > 0 ? MAX (end_us - g_get_monotonic_time (), 1)
                                   / 1e6
                             : 0;
  BnbEvaluation *e
      = bnb_ranks_evaluate (rank, decisions, final, launch_s, slow_s, left_s,
                            error);
  if (e != NULL)
    {
      g_free (e->kernel_key);
      e->kernel_key = g_strdup (p->kernel_key);
    }
  return e;
}

/* Runs `p` on `lane`, or on the next lane alive while lanes fail. */
static BnbEvaluation *
run_on_lane (HarnessEvaluator *h, const BnbCodegenProgram *p,
             const char *decisions, gboolean final, guint lane,
             GError **error)
{
  for (;;)
    {
      g_autoptr (GError) failed = NULL;
      BnbEvaluation *e;
      lane = live_lane (h, lane);
      if (rank_of (h, lane) > 0)
        e = run_on_rank (h, p, decisions, final, rank_of (h, lane), &failed);
      else
        {
          BnbHarness *harness = h->harnesses->pdata[lane];
          apply_limit (h, harness, final);
          e = bnb_harness_evaluate (harness, p, final, &failed);
        }
      if (e != NULL)
        {
          e->lane = (gint)lane;
          return e;
        }
      if (!drop_lane (h, lane, failed))
        {
          g_propagate_error (error, g_steal_pointer (&failed));
          return NULL;
        }
    }
}

static gboolean
record (HarnessEvaluator *h, const BnbEvaluation *e, GError **error)
{
  if (h->journal == NULL)
    return TRUE;
  g_mutex_lock (&h->lock);
  gboolean ok = bnb_journal_append (h->journal, e, error);
  g_mutex_unlock (&h->lock);
  return ok;
}

static BnbEvaluation *
harness_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                  guint lane, GError **error)
{
  HarnessEvaluator *h = self;
  g_autoptr (GError) cause = NULL;
  g_autofree char *key = bnb_choice_node_to_string (leaf, FALSE);
  g_autoptr (BnbCodegenProgram) p = take_program (h, leaf, key, &cause);
  if (p == NULL)
    return codegen_failure (leaf, cause);
  BnbEvaluation *e = final ? NULL : known_or_claim (h, p, key);
  if (e != NULL && e->from_journal && !e->same_kernel)
    return e; /* the journal has this very leaf */
  if (e == NULL)
    {
      if (final)
        lane = lane_that_ran (h, p, lane);
      e = run_on_lane (h, p, key, final, lane, error);
      if (!final)
        done_kernel (h, p, e);
    }
  if (e != NULL && !record (h, e, error))
    g_clear_pointer (&e, bnb_evaluation_free);
  return e;
}

/* Whether `leaf` would run without waiting for a build: its kernel's time
 * is known (this search, or the journal with --resume), or its prepared
 * source is built on its lane.  A lane served by another rank: TRUE (it
 * cannot be told here, so the lane keeps its order). */
static gboolean
harness_built (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  HarnessEvaluator *h = self;
  g_autofree char *key = bnb_choice_node_to_string (leaf, FALSE);
  g_autofree char *source = NULL;
  gboolean known = FALSE;
  lane = live_lane (h, lane);
  if (rank_of (h, lane) > 0)
    return TRUE;
  g_mutex_lock (&h->lock);
  const BnbCodegenProgram *p = g_hash_table_lookup (h->programs, key);
  if (p != NULL)
    {
      /* a time, not the claim prepare leaves (NULL) */
      known = g_hash_table_lookup (h->kernels, p->kernel_key) != NULL
              || journal_knows (h, p->kernel_key);
      if (!known)
        source = g_strdup (p->source);
    }
  g_mutex_unlock (&h->lock);
  return known
         || (source != NULL
             && bnb_harness_built (h->harnesses->pdata[lane], source));
}

/* Called from the search's thread while another evaluates: the limit is
 * applied by the next evaluation, on the evaluating thread. */
static void
harness_set_timeout (gpointer self, double seconds)
{
  HarnessEvaluator *h = self;
  g_mutex_lock (&h->lock);
  h->launch_s = seconds;
  g_mutex_unlock (&h->lock);
}

static void
harness_set_slow (gpointer self, double seconds)
{
  HarnessEvaluator *h = self;
  g_mutex_lock (&h->lock);
  h->slow_s = seconds;
  g_mutex_unlock (&h->lock);
}

static void
harness_set_deadline (gpointer self, gint64 end_us)
{
  HarnessEvaluator *h = self;
  g_mutex_lock (&h->lock);
  h->end_us = end_us;
  g_mutex_unlock (&h->lock);
  for (guint i = 0; i < h->harnesses->len; i++)
    bnb_harness_set_deadline (h->harnesses->pdata[i], end_us);
}

/* With --resume, the fastest leaf of the journal that lies below `root`
 * (its decisions applied to the root leave a leaf). */
static BnbChoiceNode *
harness_incumbent (gpointer self, const BnbChoiceNode *root)
{
  HarnessEvaluator *h = self;
  BnbChoiceNode *found = NULL;
  if (!h->resume || h->journal == NULL)
    return NULL;
  g_mutex_lock (&h->lock);
  g_autoptr (GPtrArray) fastest = bnb_journal_fastest (h->journal);
  for (guint i = 0; i < MIN (fastest->len, INCUMBENT_TRIES) && !found; i++)
    {
      const BnbEvaluation *e = fastest->pdata[i];
      BnbChoiceNode *leaf = bnb_choice_node_copy (root);
      if (bnb_choice_node_apply_string (leaf, e->decisions, NULL)
          && bnb_choice_node_is_leaf (leaf))
        found = leaf;
      else
        bnb_choice_node_free (leaf);
    }
  g_mutex_unlock (&h->lock);
  return found;
}

/* The table of the kernels this search ran, emptied: none answers a leaf. */
static void
forget_answers (HarnessEvaluator *h)
{
  g_mutex_lock (&h->lock);
  g_hash_table_remove_all (h->kernels);
  g_mutex_unlock (&h->lock);
}

/* A new search runs its own kernels: the table of this run's kernels is
 * emptied (with --resume the journal still answers), and the local
 * lanes' harnesses forget what they built, so that no search of a
 * compare finds an earlier one's kernels built (other ranks keep theirs). */
static void
harness_begin (gpointer self)
{
  HarnessEvaluator *h = self;
  forget_answers (h);
  g_mutex_lock (&h->lock);
  g_hash_table_remove_all (h->programs);
  g_mutex_unlock (&h->lock);
  for (guint i = 0; i < h->harnesses->len; i++)
    bnb_harness_forget_builds (h->harnesses->pdata[i]);
}

void
bnb_tune_evaluator_forget_answers (BnbEvaluator *evaluator)
{
  forget_answers (evaluator->self);
}

static void
harness_free (gpointer self)
{
  HarnessEvaluator *h = self;
  g_hash_table_unref (h->programs);
  g_hash_table_unref (h->kernels);
  g_hash_table_unref (h->running);
  g_ptr_array_unref (h->harnesses);
  g_free (h->failed);
  g_cond_clear (&h->ran);
  g_mutex_clear (&h->lock);
  g_free (h);
}

static const BnbEvaluatorClass harness_class = {
  .prepare = harness_prepare,
  .evaluate = harness_evaluate,
  .built = harness_built,
  .set_timeout = harness_set_timeout,
  .set_slow = harness_set_slow,
  .set_deadline = harness_set_deadline,
  .free = harness_free,
  .incumbent = harness_incumbent,
  .begin = harness_begin,
};

BnbEvaluator *
bnb_tune_evaluator_new (BnbHarness *harness, BnbJournal *journal,
                       gboolean resume, const BnbHarnessOptions *options)
{
  BnbHarness *one[] = { harness };
  return bnb_tune_evaluator_new_lanes (one, 1, 0, journal, resume, options);
}

BnbEvaluator *
bnb_tune_evaluator_new_lanes (BnbHarness **harnesses, guint n, guint ranks,
                             BnbJournal *journal, gboolean resume,
                             const BnbHarnessOptions *options)
{
  g_return_val_if_fail (n > 0, NULL);
  HarnessEvaluator *h = g_new0 (HarnessEvaluator, 1);
  h->harnesses = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (h->harnesses, harnesses[i]);
  h->n_lanes = n + ranks;
  h->failed = g_new0 (gboolean, h->n_lanes);
  h->journal = journal;
  h->resume = resume;
  h->timeout_s = options->timeout_s;
  h->warmup = options->warmup;
  h->repetitions = options->repetitions;
  h->final_repetitions = options->final_repetitions;
  g_mutex_init (&h->lock);
  g_cond_init (&h->ran);
  h->running = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  h->programs = g_hash_table_new_full (
      g_str_hash, g_str_equal, g_free,
      (GDestroyNotify) bnb_codegen_program_free);
  h->kernels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) bnb_evaluation_free);
  const char *device = bnb_harness_device (harnesses[0])->name;
  g_autofree char *name
      = h->n_lanes > 1
            ? g_strdup_printf ("%u x %s (OpenCL)%s", h->n_lanes, device,
                               ranks > 0 ? ", over MPI ranks" : "")
            : g_strdup_printf ("%s (OpenCL)", device);
  BnbEvaluator *ev = bnb_evaluator_new (&harness_class, h, name);
  ev->lanes = h->n_lanes;
  /* one figure for every lane: the devices are of one kind, and so have
   * as many workers each unless --workers differs between MPI ranks */
  ev->ahead = MAX (MIN_AHEAD,
                   AHEAD_PER_WORKER * bnb_harness_n_workers (harnesses[0]));
  return ev;
}
