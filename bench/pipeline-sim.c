/* Branch and bound against an emulated GPU harness (issue 19): the
 * simulated device of DEVICE.ini's model gives each leaf its time (its
 * bound times a seeded factor, docs/search.md), and the emulation adds
 * what a GPU's harness costs in time: each lane has W workers that build
 * the leaves prepared on it in order, each on the worker with the fewest
 * builds not yet ended (ROUTE=rr: round robin), a build taking BUILD_S
 * times a log-normal factor drawn from the leaf's hash (median BUILD_S,
 * 90th percentile about 2.8 BUILD_S, as NVIDIA's builds of mxm on an
 * H200), and the lane runs a leaf RUN_S after its build ends.  All times
 * are real sleeps, times SCALE.  AHEAD leaves per worker are sent ahead
 * per lane (the harness's evaluator asks 4).  So that the search's own supply
 * of leaves, which a replay of a run cannot see (bench/lanes-sim.py), can be
 * studied here on one lane and on several.
 *
 *   make build/release/bench/pipeline-sim
 *   build/release/bench/pipeline-sim KERNEL SIZES DEVICE.ini DECISIONS \
 *     LANES W [BUILD_S=0.3] [RUN_S=0.013] [SCALE=0.25] [AHEAD=4]
 *
 * DECISIONS is a file ("" for the whole space); SPREAD in the environment
 * is the simulated device's (default 2: times from 1 to 3 times the
 * bound); BUILT_FIRST=1 lets each lane run the leaves already built
 * first (bnbtune's --built-first).  REPLAY=evaluations.csv (a report's,
 * unzipped) replays a GPU run: each kernel it timed runs in its time_s
 * after a build of its compile_s; a leaf it did not time (it was cut
 * there) builds in the median compile_s and runs in REPLAY_SLOW (6) times
 * its bound.  MAX_S ends the search after that many real seconds.  Prints
 * one line: lanes,
 * workers, the search's time (unscaled back to device seconds), kernels
 * timed, leaves sent then cut, dives for want of leaves, proven, the
 * best time (µs), and the devices' waits (summed over the lanes, device
 * seconds) for builds and for leaves from the search. */
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
  const BnbModel *model;
  guint workers;
  double build_s, run_s, scale;
  GMutex lock;
  guint next[MAX_LANES];
  /* gint64: the ends of a worker's builds not yet ended, in order (a
   * worker builds one after another) */
  GArray *ends[MAX_LANES][MAX_WORKERS];
  double replay_slow; /* REPLAY_SLOW */
  gboolean round_robin;
  GHashTable *built; /* decisions -> build end (gint64 us, boxed) */
  GHashTable *replay; /* REPLAY: decisions -> Replayed, or NULL */
  double replay_build_s; /* REPLAY: the median build, for leaves not there */
} Emulated;

/* A leaf as a GPU ran it (REPLAY): its kernel's time and its build's. */
typedef struct {
  double time_s, build_s;
} Replayed;

/* A standard normal from the decisions' hash (Box-Muller on two halves). */
static double
normal_of (const char *decisions)
{
  guint h1 = g_str_hash (decisions);
  guint h2 = g_str_hash (decisions + strlen (decisions) / 2) * 2654435761u;
  double u1 = (h1 % 1000000 + 0.5) / 1e6, u2 = (h2 % 1000000 + 0.5) / 1e6;
  return sqrt (-2 * log (u1)) * cos (2 * G_PI * u2);
}

/* Under the lock: the worker of `lane` that has the fewest builds not yet
 * ended, the first of equals, as the harness's pool routes a source
 * (harness/pool.c); with ROUTE=rr the next in turn. */
static guint
worker_for (Emulated *m, guint lane)
{
  if (m->round_robin)
    return m->next[lane]++ % m->workers;
  gint64 now = g_get_monotonic_time ();
  guint best = 0;
  for (guint w = 0; w < m->workers; w++)
    {
      GArray *ends = m->ends[lane][w];
      guint done = 0;
      while (done < ends->len && g_array_index (ends, gint64, done) <= now)
        done++;
      g_array_remove_range (ends, 0, done);
      if (ends->len < m->ends[lane][best]->len)
        best = w;
    }
  return best;
}

/* Under the lock: the leaf's build queued on a worker of `lane`
 * (worker_for); returns when it ends. */
static gint64
queue_build (Emulated *m, const char *decisions, guint lane)
{
  Replayed *r = m->replay ? g_hash_table_lookup (m->replay, decisions) : NULL;
  double seconds = r != NULL   ? r->build_s
                   : m->replay ? m->replay_build_s
                               : m->build_s * exp (0.81 * normal_of (decisions));
  GArray *ends = m->ends[lane][worker_for (m, lane)];
  gint64 start = g_get_monotonic_time ();
  if (ends->len > 0)
    start = MAX (start, g_array_index (ends, gint64, ends->len - 1));
  gint64 end = start + (gint64)(seconds * m->scale * 1e6);
  g_array_append_val (ends, end);
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
  double waited_s = 0; /* for the build, in device seconds (unscaled) */
  BnbEvaluation *e;
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
      waited_s = MAX (wait, 0) / 1e6 / m->scale;
      g_usleep ((gulong)(m->run_s * m->scale * 1e6));
    }
  if (m->replay == NULL)
    e = m->inner->klass->evaluate (m->inner->self, leaf, final, 0, error);
  else
    {
      /* a leaf the GPU did not run was cut there: REPLAY_SLOW times its
       * bound */
      e = bnb_evaluation_new ();
      e->decisions = bnb_choice_node_to_string (leaf, FALSE);
      Replayed *r = g_hash_table_lookup (m->replay, e->decisions);
      e->outcome = BNB_OUTCOME_OK;
      e->repetitions = 10;
      e->median_s = e->min_s = e->max_s
          = r ? r->time_s
              : bnb_model_bound (m->model, leaf, NULL) * m->replay_slow;
    }
  if (e != NULL)
    e->build_wait_s = waited_s;
  return e;
}

/* Whether the leaf's build has ended (for --built-first, BUILT_FIRST=1). */
static gboolean
emulated_built (gpointer self, const BnbChoiceNode *leaf, guint lane)
{
  Emulated *m = self;
  g_autofree char *decisions = bnb_choice_node_to_string (leaf, FALSE);
  g_mutex_lock (&m->lock);
  gint64 *end = g_hash_table_lookup (m->built, decisions);
  gboolean done = end != NULL && *end <= g_get_monotonic_time ();
  g_mutex_unlock (&m->lock);
  return done;
}

static void
emulated_free (gpointer self)
{
  Emulated *m = self;
  bnb_evaluator_free (m->inner);
  g_hash_table_destroy (m->built);
  g_clear_pointer (&m->replay, g_hash_table_destroy);
  for (guint l = 0; l < MAX_LANES; l++)
    for (guint w = 0; w < MAX_WORKERS; w++)
      g_array_unref (m->ends[l][w]);
  g_mutex_clear (&m->lock);
  g_free (m);
}

static const BnbEvaluatorClass emulated_class = {
  .prepare = emulated_prepare,
  .evaluate = emulated_evaluate,
  .built = emulated_built,
  .free = emulated_free,
};

static gint
compare_doubles (const double *a, const double *b)
{
  return (*a > *b) - (*a < *b);
}

/* REPLAY: the kernels of an evaluations.csv (bnbtune's report), their
 * time_s and compile_s by decisions; the final runs are left out. */
static void
load_replay (Emulated *m, const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("%s", error->message);
  m->replay = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GArray) builds = g_array_new (FALSE, FALSE, sizeof (double));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      /* strategy,seed,index,elapsed_s,"decisions",bound_s,outcome,time_s,
       * best_s,compile_s,from_journal,same_kernel,final,... */
      char *open = strchr (lines[i], '"');
      char *close = open ? strchr (open + 1, '"') : NULL;
      if (close == NULL)
        continue;
      g_auto (GStrv) f = g_strsplit (close + 2, ",", -1);
      if (g_strv_length (f) < 8 || strcmp (f[1], "ok") != 0
          || strcmp (f[7], "false") != 0)
        continue;
      Replayed *r = g_new (Replayed, 1);
      r->time_s = g_ascii_strtod (f[2], NULL);
      r->build_s = g_ascii_strtod (f[4], NULL);
      g_array_append_val (builds, r->build_s);
      g_hash_table_replace (m->replay, g_strndup (open + 1, close - open - 1),
                            r);
    }
  if (builds->len == 0)
    g_error ("%s: no kernel ran", path);
  g_array_sort (builds, (GCompareFunc) compare_doubles);
  m->replay_build_s = g_array_index (builds, double, builds->len / 2);
}

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
  for (guint l = 0; l < MAX_LANES; l++)
    for (guint w = 0; w < MAX_WORKERS; w++)
      m->ends[l][w] = g_array_new (FALSE, FALSE, sizeof (gint64));
  m->round_robin = g_strcmp0 (g_getenv ("ROUTE"), "rr") == 0;
  const char *slow = g_getenv ("REPLAY_SLOW");
  m->replay_slow = slow ? g_ascii_strtod (slow, NULL) : 6;
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
  m->model = model;
  if (g_getenv ("REPLAY") != NULL)
    load_replay (m, g_getenv ("REPLAY"));
  const char *spread = g_getenv ("SPREAD");
  m->inner = bnb_evaluator_new_simulated (
      model, 1, spread ? g_ascii_strtod (spread, NULL) : 2.0, 0, 0);
  g_autoptr (BnbEvaluator) ev = bnb_evaluator_new (&emulated_class, m,
                                                    "emulated");
  ev->lanes = lanes;
  ev->ahead = (argc > 10 ? (guint)atoi (argv[10]) : 4) * workers;
  ev->built_first = g_strcmp0 (g_getenv ("BUILT_FIRST"), "1") == 0;
  BnbSearchOptions o;
  bnb_search_options_init (&o);
  o.strategy = BNB_STRATEGY_BNB;
  o.order = BNB_NODE_ORDER_OCCUPANCY;
  o.final_candidates = 0;
  const char *max_s = g_getenv ("MAX_S");
  if (max_s != NULL)
    o.max_seconds = g_ascii_strtod (max_s, NULL);
  g_autoptr (BnbSearchResult) r = bnb_search_run (root, model, ev, &o, &error);
  if (!r)
    g_error ("%s", error->message);
  guint64 timed = 0;
  for (guint i = 0; i < r->records->len; i++)
    timed += !g_array_index (r->records, BnbSearchRecord, i).final;
  printf ("%u\t%u\t%.2f\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT
          "\t%" G_GUINT64_FORMAT "\t%s\t%.4g\t%.2f\t%.2f\n",
          lanes, workers, r->total_s / m->scale, timed, r->sent_cut,
          r->plunges, r->proven ? "proven" : "not proven", r->best_s * 1e6,
          r->build_wait_s, r->leaf_wait_s / m->scale);
  return 0;
}
