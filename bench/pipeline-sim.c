/* Branch and bound against an emulated GPU harness (issue 19): the
 * simulated device of DEVICE.ini's model gives each leaf its time (its
 * bound times a seeded factor, docs/search.md), and the emulation adds
 * what a GPU's harness costs in time: each lane has W workers that build
 * the leaves prepared on it in order, round robin, a build taking BUILD_S
 * times a log-normal factor drawn from the leaf's hash (median BUILD_S,
 * 90th percentile about 2.8 BUILD_S, as NVIDIA's builds of mxm on an
 * H200), and the lane runs a leaf RUN_S after its build ends.  All times
 * are real sleeps, times SCALE.  AHEAD leaves per worker are sent ahead
 * per lane (the harness's evaluator asks 4).  So that the search's own supply of
 * leaves, which a replay of a run cannot see (bench/lanes-sim.py), can be
 * studied here on one lane and on several.
 *
 *   make build/release/bench/pipeline-sim
 *   build/release/bench/pipeline-sim KERNEL SIZES DEVICE.ini DECISIONS \
 *     LANES W [BUILD_S=0.3] [RUN_S=0.013] [SCALE=0.25] [AHEAD=4]
 *
 * DECISIONS is a file ("" for the whole space); SPREAD in the environment
 * is the simulated device's (default 2: times from 1 to 3 times the
 * bound).  Prints one line: lanes,
 * workers, the search's time (unscaled back to device seconds), kernels
 * timed, leaves sent then cut, dives for want of leaves, proven. */
#include "bnb/bnb.h"
#include "codegen/codegen.h"
#include "model/model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_LANES 8
#define MAX_WORKERS 64

typedef struct {
  BnbEvaluator *inner;
  guint workers;
  double build_s, run_s, scale;
  GMutex lock;
  gint64 free_us[MAX_LANES][MAX_WORKERS];
  guint next[MAX_LANES];
  GHashTable *built; /* decisions -> build end (gint64 us, boxed) */
} Emulated;

/* A standard normal from the decisions' hash (Box-Muller on two halves). */
static double
normal_of (const char *decisions)
{
  guint h1 = g_str_hash (decisions);
  guint h2 = g_str_hash (decisions + strlen (decisions) / 2) * 2654435761u;
  double u1 = (h1 % 1000000 + 0.5) / 1e6, u2 = (h2 % 1000000 + 0.5) / 1e6;
  return sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
}

/* Under the lock: the leaf's build queued on the next worker of `lane`;
 * returns when it ends. */
static gint64
queue_build (Emulated *m, const char *decisions, guint lane)
{
  double seconds = m->build_s * exp (0.81 * normal_of (decisions));
  guint w = m->next[lane]++ % m->workers;
  gint64 start = MAX (g_get_monotonic_time (), m->free_us[lane][w]);
  gint64 end = start + (gint64)(seconds * m->scale * 1e6);
  m->free_us[lane][w] = end;
  return end;
}

static void
emulated_prepare (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  Emulated *m = self;
  char *decisions = bnb_choice_node_to_string (leaf, FALSE);
  g_mutex_lock (&m->lock);
  if (!g_hash_table_contains (m->built, decisions))
    {
      gint64 *end = g_new (gint64, 1);
      *end = queue_build (m, decisions, lane % MAX_LANES);
      g_hash_table_insert (m->built, decisions, end);
      decisions = NULL;
    }
  g_mutex_unlock (&m->lock);
  g_free (decisions);
}

static BnbEvaluation *
emulated_evaluate (gpointer self, const BnbChoiceNode *leaf, gboolean final,
                   guint lane, GError **error)
{
  Emulated *m = self;
  if (!final)
    {
      g_autofree char *decisions = bnb_choice_node_to_string (leaf, FALSE);
      g_mutex_lock (&m->lock);
      gint64 *end = g_hash_table_lookup (m->built, decisions);
      gint64 ready = end ? *end : queue_build (m, decisions, lane % MAX_LANES);
      g_mutex_unlock (&m->lock);
      gint64 wait = ready - g_get_monotonic_time ();
      if (wait > 0)
        g_usleep ((gulong)wait);
      g_usleep ((gulong)(m->run_s * m->scale * 1e6));
    }
  return m->inner->klass->evaluate (m->inner->self, leaf, final, 0, error);
}

static void
emulated_free (gpointer self)
{
  Emulated *m = self;
  bnb_evaluator_free (m->inner);
  g_hash_table_destroy (m->built);
  g_mutex_clear (&m->lock);
  g_free (m);
}

static const BnbEvaluatorClass emulated_class = {
  .prepare = emulated_prepare,
  .evaluate = emulated_evaluate,
  .free = emulated_free,
};

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) k = NULL;
  g_autoptr (BnbChoiceSpace) s = NULL;
  g_autoptr (BnbChoiceNode) root = NULL;
  g_autoptr (BnbModel) model = NULL;
  g_autofree char *decisions = NULL;
  BnbDeviceDesc desc;
  if (argc < 7)
    {
      fprintf (stderr, "usage: %s KERNEL SIZES DEVICE.ini DECISIONS LANES W "
                       "[BUILD_S RUN_S SCALE AHEAD]\n", argv[0]);
      return 2;
    }
  guint lanes = CLAMP (atoi (argv[5]), 1, MAX_LANES);
  guint workers = CLAMP (atoi (argv[6]), 1, MAX_WORKERS);
  Emulated *m = g_new0 (Emulated, 1);
  m->workers = workers;
  m->build_s = argc > 7 ? g_ascii_strtod (argv[7], NULL) : 0.3;
  m->run_s = argc > 8 ? g_ascii_strtod (argv[8], NULL) : 0.013;
  m->scale = argc > 9 ? g_ascii_strtod (argv[9], NULL) : 0.25;
  g_mutex_init (&m->lock);
  m->built = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!bnb_device_desc_load_file (argv[3], &desc, &error))
    g_error ("%s", error->message);
  BnbChoiceLimits limits = bnb_device_desc_limits (&desc);
  if (!(k = bnb_ir_kernel_parse_file (argv[1], &error))
      || (*argv[2] && !bnb_ir_kernel_bind (k, argv[2], &error))
      || !(s = bnb_codegen_space_new (k, &limits, &error))
      || !(root = bnb_choice_node_root (s, &error))
      || !(model = bnb_model_new (s, &desc, &error)))
    g_error ("%s", error->message);
  if (*argv[4]
      && (!g_file_get_contents (argv[4], &decisions, NULL, &error)
          || !bnb_choice_node_apply_string (root, decisions, &error)))
    g_error ("%s", error->message);
  const char *spread = g_getenv ("SPREAD");
  m->inner = bnb_evaluator_new_simulated (
      model, 1, spread ? g_ascii_strtod (spread, NULL) : 2.0, 0, 0);
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&emulated_class, m,
                                                    "emulated");
  ev->lanes = lanes;
  ev->ahead = (argc > 10 ? (guint)atoi (argv[10]) : 4) * workers;
  BnbSearchOptions o;
  bnb_search_options_init (&o);
  o.strategy = BNB_STRATEGY_BNB;
  o.order = BNB_NODE_ORDER_OCCUPANCY;
  o.final_candidates = 0;
  g_autoptr (BnbSearchResult) r = bnb_search_run (root, model, ev, &o, &error);
  if (!r)
    g_error ("%s", error->message);
  guint64 timed = 0;
  for (guint i = 0; i < r->records->len; i++)
    timed += !g_array_index (r->records, BnbSearchRecord, i).final;
  printf ("%u\t%u\t%.2f\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT
          "\t%" G_GUINT64_FORMAT "\t%s\n",
          lanes, workers, r->total_s / m->scale, timed, r->sent_cut,
          r->plunges, r->proven ? "proven" : "not proven");
  return 0;
}
