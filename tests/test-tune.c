/* Tests of tune/: the engine's evaluator policy on the test device (PoCL
 * on CI, $BNBTUNE_TEST_DEVICE, through the bnbtune binary $BNBTUNE names
 * as the harness's worker): a leaf whose kernel already ran gets that
 * kernel's answer; a journal answers, on resume, by kernel key, never by
 * decisions; the launch limit tied to the best stops a slow candidate
 * while its first launch still gets --timeout; and a session describes
 * its device once for the model and the journal's key. */
#include "tests/support/fixture.h"
#include "tune/tune.h"

#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>


static BnbTuneSession *
open_session_below (const char *kernel, const char *sizes,
                    const char *decisions_file, const char *journal,
                    gboolean resume, guint repetitions)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *decisions = NULL;
  BnbTuneOptions o;
  if (decisions_file != NULL)
    g_assert_true (g_file_get_contents (decisions_file, &decisions, NULL,
                                        &error));
  bnb_tune_options_init (&o);
  o.kernel_path = kernel;
  o.sizes = sizes;
  o.device = bnb_test_device ();
  o.harness.worker_program = bnb_test_bnbtune ();
  o.harness.workers = 1;
  o.harness.repetitions = repetitions;
  o.journal = journal;
  o.no_journal = journal == NULL;
  o.resume = resume;
  o.decisions = decisions;
  /* the sub-spaces of tests/data hold global temporaries */
  o.every_design = TRUE;
  BnbTuneSession *s = bnb_tune_session_open (&o, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static BnbTuneSession *
open_session (const char *kernel, const char *sizes, const char *journal,
              gboolean resume, guint repetitions)
{
  return open_session_below (kernel, sizes, NULL, journal, resume,
                             repetitions);
}

/* mxm at 32^3 below tests/data/mxm-small.decisions: 16 fully specified
 * candidates, fewer kernels. */
static BnbTuneSession *
open_small_mxm (const char *journal, gboolean resume)
{
  return open_session_below ("data/kernels/mxm.ir", "M=32,N=32,K=32",
                             "tests/data/mxm-small.decisions", journal, resume,
                             3);
}

static BnbEvaluation *
evaluate (BnbTuneSession *s, const BnbChoiceNode *leaf)
{
  g_autoptr (GError) error = NULL;
  BnbEvaluation *e = s->evaluator->klass->evaluate (s->evaluator->self, leaf,
                                                    FALSE, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (e);
  return e;
}

static char *
kernel_key (const BnbChoiceNode *leaf)
{
  g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, NULL);
  g_assert_nonnull (p);
  return g_strdup (p->kernel_key);
}

/* Two fully specified candidates below the session's root that differ
 * in their decisions but print the same kernel (a choice the printer
 * does not read). */
static void
twin_leaves (BnbTuneSession *s, BnbChoiceNode **a, BnbChoiceNode **b)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  /* the full tree: a random leaf decides choices the printer never reads */
  bnb_choice_space_set_splitter (s->space, NULL, NULL);
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                               (GDestroyNotify)bnb_choice_node_free);
  for (guint i = 0; i < 500; i++)
    {
      BnbChoiceNode *leaf = bnb_choice_random_leaf (s->root, rand, 100);
      g_assert_nonnull (leaf);
      char *key = kernel_key (leaf);
      BnbChoiceNode *other = g_hash_table_lookup (seen, key);
      g_autofree char *d1 = bnb_choice_node_to_string (leaf, FALSE);
      g_autofree char *d2
          = other ? bnb_choice_node_to_string (other, FALSE) : NULL;
      if (other != NULL && g_strcmp0 (d1, d2) != 0)
        {
          *a = bnb_choice_node_copy (other);
          *b = leaf;
          g_free (key);
          bnb_choice_space_set_splitter (s->space, bnb_codegen_split, NULL);
          return;
        }
      g_hash_table_replace (seen, key, leaf);
    }
  g_assert_not_reached ();
}

/* Within a session a kernel runs once: its twin is answered with its
 * outcome and time, marked same_kernel, with no build. */
static void
test_same_kernel (void)
{
  g_autoptr (BnbTuneSession) s = open_small_mxm (NULL, FALSE);
  g_autoptr (BnbChoiceNode) a = NULL, b = NULL;
  twin_leaves (s, &a, &b);
  g_autoptr (BnbEvaluation) ea = evaluate (s, a);
  g_autoptr (BnbEvaluation) eb = evaluate (s, b);
  g_assert_cmpint (ea->outcome, ==, BNB_OUTCOME_OK);
  g_assert_false (ea->same_kernel);
  g_assert_true (eb->same_kernel);
  g_assert_false (eb->from_journal);
  g_assert_cmpint (eb->outcome, ==, ea->outcome);
  g_assert_cmpfloat (eb->median_s, ==, ea->median_s);
  g_assert_cmpfloat (eb->compile_s, ==, 0);
  g_assert_cmpstr (eb->kernel_key, ==, ea->kernel_key);
}

/* A journal written by one session answers the next on resume: the same
 * leaf from the journal, its twin as the same kernel; without resume the
 * kernel runs again. */
/* The leaf of `s` that `decisions` make. */
static BnbChoiceNode *
leaf_of (const BnbTuneSession *s, const char *decisions)
{
  g_autoptr (GError) error = NULL;
  BnbChoiceNode *leaf = bnb_choice_node_copy (s->root);
  g_assert_true (bnb_choice_node_apply_string (leaf, decisions, &error));
  g_assert_no_error (error);
  g_assert_true (bnb_choice_node_is_leaf (leaf));
  return leaf;
}

static void
test_journal_replay (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-tune-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (dir, "journal.jsonl", NULL);
  g_autofree char *da = NULL, *db = NULL;
  double first;
  {
    g_autoptr (BnbTuneSession) s = open_small_mxm (path, FALSE);
    g_autoptr (BnbChoiceNode) a = NULL, b = NULL;
    twin_leaves (s, &a, &b);
    da = bnb_choice_node_to_string (a, FALSE);
    db = bnb_choice_node_to_string (b, FALSE);
    g_autoptr (BnbEvaluation) e = evaluate (s, a);
    g_assert_cmpint (e->outcome, ==, BNB_OUTCOME_OK);
    first = e->median_s;
  }
  {
    g_autoptr (BnbTuneSession) s = open_small_mxm (path, TRUE);
    g_autoptr (BnbChoiceNode) a = leaf_of (s, da), b = leaf_of (s, db);
    g_autoptr (BnbEvaluation) ea = evaluate (s, a);
    g_autoptr (BnbEvaluation) eb = evaluate (s, b);
    g_assert_true (ea->from_journal);
    g_assert_false (ea->same_kernel);
    g_assert_cmpfloat (ea->median_s, ==, first);
    g_assert_true (eb->from_journal);
    g_assert_true (eb->same_kernel);
    g_assert_cmpfloat (eb->median_s, ==, first);
  }
  {
    g_autoptr (BnbTuneSession) s = open_small_mxm (path, FALSE);
    g_autoptr (BnbChoiceNode) a = leaf_of (s, da);
    g_autoptr (BnbEvaluation) e = evaluate (s, a);
    g_assert_false (e->from_journal);
    g_assert_cmpfloat (e->compile_s, >, 0);
  }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The launch limit the search sets once it has a best: a candidate whose
 * launches take longer than the limit allows is stopped after its first
 * launch, which still had --timeout (it may hold a late compile), and
 * counts as timed out under that limit. */
static void
test_launch_limit (void)
{
  g_autoptr (BnbTuneSession) s
      = open_session ("data/kernels/mxm.ir", "M=256,N=256,K=256", NULL, FALSE,
                      100000);
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_node_copy (s->root);
  g_assert_true (bnb_choice_node_apply_string (
      leaf, "tile(T1)=1; tile(T2)=1; tile(TK)=1", &error));
  g_assert_no_error (error);
  g_assert_cmpint (bnb_choice_node_settle (leaf), ==, BNB_CHOICE_ALIVE);
  /* 100,000 launches in 1e-6 s each plus 1 s: 1.1 s, well below what
   * they take on any device (a 256^3 product with tiles of 1) */
  s->evaluator->klass->set_timeout (s->evaluator->self, 1e-6);
  g_autoptr (BnbEvaluation) e = evaluate (s, leaf);
  g_test_message ("%s: %s", bnb_outcome_name (e->outcome), e->message);
  g_assert_cmpint (e->outcome, ==, BNB_OUTCOME_TIMED_OUT);
  g_assert_nonnull (strstr (e->message, "after the first launch"));
  /* the same kernel under a longer limit is not answered by this one */
  s->evaluator->klass->set_timeout (s->evaluator->self, 0);
}

/* The slow launch the search sets (set_slow) ends a candidate's launches
 * at the second, whose time stands as its one repetition; a final
 * evaluation (the re-measure of a best) runs all of its launches. */
static void
test_slow_launch (void)
{
  g_autoptr (BnbTuneSession) s
      = open_session ("data/kernels/axpy.ir", "N=4096", NULL, FALSE, 4);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (s->root, rand, 100);
  g_assert_nonnull (leaf);
  g_autoptr (GError) error = NULL;
  s->evaluator->klass->set_slow (s->evaluator->self, 1e-12);
  g_autoptr (BnbEvaluation) e = evaluate (s, leaf);
  g_assert_cmpint (e->outcome, ==, BNB_OUTCOME_OK);
  g_assert_cmpuint (e->repetitions, ==, 1);
  g_assert_nonnull (strstr (e->message, "stopped after launch 2"));
  g_autoptr (BnbEvaluation) f = s->evaluator->klass->evaluate (
      s->evaluator->self, leaf, TRUE, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (f->outcome, ==, BNB_OUTCOME_OK);
  g_assert_cmpuint (f->repetitions, ==, 50); /* the harness's default */
  s->evaluator->klass->set_slow (s->evaluator->self, 0);
}

/* The model, the space's limits and the journal's key read the
 * description the session made once. */
static void
test_one_description (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-tune-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "journal.jsonl", NULL);
  g_autofree char *text = NULL, *device = NULL;
  {
    g_autoptr (BnbTuneSession) s
        = open_session ("data/kernels/axpy.ir", "N=4096", path, FALSE, 3);
    device = g_strdup_printf ("\"device\":\"%s\"", s->desc.name);
    g_autoptr (GRand) rand = g_rand_new_with_seed (3);
    g_autoptr (BnbChoiceNode) leaf
        = bnb_choice_random_leaf (s->root, rand, 100);
    g_assert_nonnull (leaf);
    g_autoptr (BnbEvaluation) e = evaluate (s, leaf);
    g_assert_nonnull (s->device_reason);
  }
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("%s", device);
  g_assert_nonnull (strstr (text, device));
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The session parses and binds the kernel once: its harness holds the
 * session's kernel, not a copy, and evaluates with it (issue 15). */
static void
test_one_kernel (void)
{
  g_autoptr (BnbTuneSession) s
      = open_session ("data/kernels/axpy.ir", "N=4096", NULL, FALSE, 3);
  g_assert_true (bnb_harness_kernel (s->harness) == s->kernel);
  g_assert_nonnull (s->kernel_text);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (s->root, rand, 100);
  g_assert_nonnull (leaf);
  g_autoptr (BnbEvaluation) e = evaluate (s, leaf);
  g_assert_cmpint (e->outcome, !=, BNB_OUTCOME_WRONG_RESULT);
}

/* ---- Several lanes (devices) ------------------------------------------ */

/* A harness for `s`'s kernel on the test device, with `worker` as its
 * worker program: a second lane beside s->harness. */
static BnbHarness *
lane_harness (BnbTuneSession *s, const char *worker)
{
  g_autoptr (GError) error = NULL;
  BnbHarnessOptions o;
  bnb_harness_options_init (&o);
  o.worker_program = worker;
  o.workers = 1;
  o.repetitions = 3;
  BnbHarness *h
      = bnb_harness_new_bound ("data/kernels/mxm.ir", s->kernel_text,
                               s->kernel, FALSE, bnb_test_device (), &o,
                               &error);
  g_assert_no_error (error);
  g_assert_nonnull (h);
  return h;
}

typedef struct {
  BnbEvaluator *ev;
  const BnbChoiceNode *leaf;
  guint lane;
  BnbEvaluation *e;
} LaneRun;

static gpointer
lane_run (gpointer data)
{
  LaneRun *r = data;
  g_autoptr (GError) error = NULL;
  r->e = r->ev->klass->evaluate (r->ev->self, r->leaf, FALSE, r->lane,
                                 &error);
  g_assert_no_error (error);
  return NULL;
}

/* Two leaves of one kernel sent to two lanes at once: the kernel runs on
 * one of them, and the other leaf waits for its answer. */
static void
test_lanes_same_kernel (void)
{
  g_autoptr (BnbTuneSession) s = open_small_mxm (NULL, FALSE);
  g_autoptr (BnbHarness) second = lane_harness (s, bnb_test_bnbtune ());
  BnbHarness *lanes[] = { s->harness, second };
  BnbHarnessOptions o;
  bnb_harness_options_init (&o);
  o.repetitions = 3;
  g_autoptr (BnbEvaluator) ev
      = bnb_tune_evaluator_new_lanes (lanes, 2, 0, NULL, FALSE, &o);
  g_assert_cmpuint (ev->lanes, ==, 2);
  g_autoptr (BnbChoiceNode) a = NULL, b = NULL;
  twin_leaves (s, &a, &b);
  LaneRun runs[] = { { ev, a, 0, NULL }, { ev, b, 1, NULL } };
  GThread *t = g_thread_new ("lane-1", lane_run, &runs[1]);
  lane_run (&runs[0]);
  g_thread_join (t);
  g_autoptr (BnbEvaluation) ea = runs[0].e, eb = runs[1].e;
  g_assert_cmpint (ea->outcome, ==, BNB_OUTCOME_OK);
  g_assert_cmpint (ea->same_kernel + eb->same_kernel, ==, 1);
  g_assert_cmpfloat (ea->median_s, ==, eb->median_s);
  BnbEvaluation *ran = ea->same_kernel ? eb : ea;
  BnbEvaluation *answered = ea->same_kernel ? ea : eb;
  g_assert_cmpint (ran->lane, ==, ran == ea ? 0 : 1);
  g_assert_cmpint (answered->lane, ==, -1);
}

/* A lane whose device fails (its worker dies and cannot start again) is
 * dropped with a message, and its leaves run on the lane left; the leaf
 * that was running when the worker died keeps its failed outcome. */
static void
test_lanes_device_fails (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bnbtune-lanes-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *alive = g_build_filename (dir, "alive", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pid", NULL);
  g_autofree char *worker = g_build_filename (dir, "worker.sh", NULL);
  g_autofree char *bin = g_canonicalize_filename (bnb_test_bnbtune (), NULL);
  /* the second lane's worker starts only while `alive` exists */
  g_autofree char *script = g_strdup_printf (
      "#!/bin/sh\n[ -e '%s' ] || exit 1\necho $$ > '%s'\nexec '%s' \"$@\"\n",
      alive, pidfile, bin);
  g_assert_true (g_file_set_contents (alive, "", 0, &error));
  g_assert_true (g_file_set_contents (worker, script, -1, &error));
  g_assert_cmpint (g_chmod (worker, 0755), ==, 0);

  g_autoptr (BnbTuneSession) s = open_small_mxm (NULL, FALSE);
  g_autoptr (BnbHarness) second = lane_harness (s, worker);
  BnbHarness *lanes[] = { s->harness, second };
  BnbHarnessOptions o;
  bnb_harness_options_init (&o);
  o.repetitions = 3;
  g_autoptr (BnbEvaluator) ev
      = bnb_tune_evaluator_new_lanes (lanes, 2, 0, NULL, FALSE, &o);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (GHashTable) keys
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  BnbChoiceNode *leaves[3];
  for (guint i = 0; i < 3; i++) /* three leaves of three kernels */
    do
      leaves[i] = bnb_choice_random_leaf (s->root, rand, 100);
    while (!g_hash_table_add (keys, kernel_key (leaves[i]))
           && (bnb_choice_node_free (leaves[i]), TRUE));

  LaneRun first = { ev, leaves[0], 1, NULL };
  lane_run (&first);
  g_assert_cmpint (first.e->lane, ==, 1);
  g_assert_cmpint (first.e->outcome, ==, BNB_OUTCOME_OK);

  g_autofree char *pid = NULL;
  g_assert_true (g_file_get_contents (pidfile, &pid, NULL, &error));
  g_assert_cmpint (g_remove (alive), ==, 0);
  g_assert_cmpint (kill ((pid_t)g_ascii_strtoll (pid, NULL, 10), SIGKILL), ==,
                   0);
  /* the evaluation in flight when the worker was found dead fails */
  LaneRun second_run = { ev, leaves[1], 1, NULL };
  lane_run (&second_run);
  g_autofree char *summary = bnb_evaluation_summary (second_run.e);
  g_test_message ("%s", summary);
  g_assert_cmpint (second_run.e->lane, ==, 1);
  g_assert_cmpint (second_run.e->outcome, !=, BNB_OUTCOME_OK);
  g_assert_nonnull (strstr (second_run.e->message, "worker died"));
  /* the next finds the device gone: dropped, run on the other lane */
  g_test_expect_message (NULL, G_LOG_LEVEL_MESSAGE,
                         "device 2 of 2 (*) failed, going on with 1: *");
  LaneRun third = { ev, leaves[2], 1, NULL };
  lane_run (&third);
  g_test_assert_expected_messages ();
  g_assert_cmpint (third.e->lane, ==, 0);
  g_assert_cmpint (third.e->outcome, ==, BNB_OUTCOME_OK);

  bnb_evaluation_free (first.e);
  bnb_evaluation_free (second_run.e);
  bnb_evaluation_free (third.e);
  for (guint i = 0; i < 3; i++)
    bnb_choice_node_free (leaves[i]);
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);
  g_assert_cmpint (system (rm), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tune/same-kernel", test_same_kernel);
  g_test_add_func ("/tune/journal-replay", test_journal_replay);
  g_test_add_func ("/tune/launch-limit", test_launch_limit);
  g_test_add_func ("/tune/slow-launch", test_slow_launch);
  g_test_add_func ("/tune/one-description", test_one_description);
  g_test_add_func ("/tune/one-kernel", test_one_kernel);
  g_test_add_func ("/tune/lanes/same-kernel", test_lanes_same_kernel);
  g_test_add_func ("/tune/lanes/device-fails", test_lanes_device_fails);
  return g_test_run ();
}
