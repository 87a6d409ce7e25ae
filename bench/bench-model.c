/* What a node of the search costs: mxm at M=N=K=1024 on the H100
 * description, nodes drawn by random walks down the tree of kernels (the
 * search's) to a random depth of at most MAX_DEPTH splits (a walk stops
 * early at a leaf of the tree), each timed many times in a row on one
 * core: bounding it (bnb_model_bound), finding its split (the tree of
 * kernels reads the node as code generation does), and making one child
 * (copy, narrow, propagate) or, at a leaf of the tree, settling it.  Prints the median, the 10th and 90th
 * percentiles of each and of their sum per node, and the sum by depth
 * range.
 *
 *   make bench-model
 *   build/release/bench/bench-model [KERNEL SIZES DEVICE.ini NODES TREE]
 *
 * TREE: kernels (default, the search's) or full (every choice branched
 * on, the tree before there was a tree of kernels).
 */
#include "codegen/codegen.h"
#include "model/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPEATS 200
#define MAX_DEPTH 30 /* most random walks of mxm reach a leaf by then */

typedef struct {
  BnbChoiceNode *node;
  guint depth;
  double seconds; /* per node: the sum of the three below */
  double bound_s, split_s, child_s;
  gboolean leaf; /* a leaf of the tree: child_s is the settle */
} Sample;

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A walk of `depth` splits of the space's tree from the root, each to a
 * random live child; NULL if it dies. */
static BnbChoiceNode *
walk (const BnbChoiceNode *root, guint depth, GRand *rand, guint *reached)
{
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (root);
  BnbChoiceSplit split;
  for (*reached = 0; *reached < depth; (*reached)++)
    {
      if (!bnb_choice_node_split (n, &split))
        break;
      guint k = bnb_choice_split_n_children (n, &split);
      BnbDomain keep = bnb_choice_split_child (
          n, &split, (guint)g_rand_int_range (rand, 0, (gint32)k));
      if (bnb_choice_node_restrict (n, split.choice, keep) == BNB_CHOICE_DEAD)
        return NULL;
    }
  return g_steal_pointer (&n);
}

static double
time_bound (const BnbModel *model, const BnbChoiceNode *node)
{
  volatile double sink = 0;
  double start = now ();
  for (guint r = 0; r < REPEATS; r++)
    sink += bnb_model_bound (model, node, NULL);
  (void)sink;
  return (now () - start) / REPEATS;
}

static double
time_split (const BnbChoiceNode *node)
{
  volatile guint sink = 0;
  BnbChoiceSplit split;
  double start = now ();
  for (guint r = 0; r < REPEATS; r++)
    sink += bnb_choice_node_split (node, &split);
  (void)sink;
  return (now () - start) / REPEATS;
}

/* One child of the node's split: copied, narrowed and propagated; at a
 * leaf of the tree, settling it instead. */
static double
time_child (const BnbChoiceNode *node)
{
  BnbChoiceSplit split;
  gboolean leaf = !bnb_choice_node_split (node, &split);
  g_autoptr (BnbChoiceNode) child = bnb_choice_node_copy (node);
  BnbDomain keep = leaf ? 0 : bnb_choice_split_child (node, &split, 0);
  double start = now ();
  for (guint r = 0; r < REPEATS; r++)
    {
      bnb_choice_node_assign (child, node);
      if (leaf)
        bnb_choice_node_settle (child);
      else
        bnb_choice_node_restrict (child, split.choice, keep);
    }
  return (now () - start) / REPEATS;
}

static int
by_seconds (const void *a, const void *b)
{
  double x = ((const Sample *)a)->seconds, y = ((const Sample *)b)->seconds;
  return (x > y) - (x < y);
}

static void
report (const char *label, Sample *samples, guint n)
{
  if (n == 0)
    return;
  qsort (samples, n, sizeof *samples, by_seconds);
  printf ("%-22s %6u nodes  median %7.3f us  p10 %7.3f us  p90 %7.3f us\n",
          label, n, samples[n / 2].seconds * 1e6,
          samples[n / 10].seconds * 1e6, samples[n * 9 / 10].seconds * 1e6);
}

/* The median, p10 and p90 of one part of the time, over all samples. */
static void
report_part (const char *label, Sample *samples, guint n, gsize offset)
{
  g_autofree Sample *part = g_new (Sample, n);
  for (guint i = 0; i < n; i++)
    {
      part[i] = samples[i];
      part[i].seconds = *(const double *)((const char *)&samples[i] + offset);
    }
  qsort (part, n, sizeof *part, by_seconds);
  printf ("%-22s %6u nodes  median %7.3f us  p10 %7.3f us  p90 %7.3f us\n",
          label, n, part[n / 2].seconds * 1e6, part[n / 10].seconds * 1e6,
          part[n * 9 / 10].seconds * 1e6);
}

/* The child or settle time of the inner nodes, or of the leaves. */
static void
report_kind (const char *label, const Sample *samples, guint n,
             gboolean leaves)
{
  g_autofree Sample *part = g_new (Sample, MAX (n, 1));
  guint m = 0;
  for (guint i = 0; i < n; i++)
    if (samples[i].leaf == leaves)
      {
        part[m] = samples[i];
        part[m++].seconds = samples[i].child_s;
      }
  report (label, part, m);
}

static guint
draw_samples (const BnbModel *model, const BnbChoiceNode *root, guint n,
              Sample *samples)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2024);
  guint got = 0;
  while (got < n)
    {
      guint depth = g_rand_int_range (rand, 0, MAX_DEPTH + 1);
      guint reached;
      BnbChoiceNode *node = walk (root, depth, rand, &reached);
      if (!node)
        continue;
      Sample *x = &samples[got];
      BnbChoiceSplit split;
      *x = (Sample){ node, reached, 0, 0, 0, 0, FALSE };
      x->leaf = !bnb_choice_node_split (node, &split);
      x->bound_s = time_bound (model, node);
      x->split_s = time_split (node);
      x->child_s = time_child (node);
      x->seconds = x->bound_s + x->split_s + x->child_s;
      got++;
    }
  return got;
}

static void
report_by_depth (Sample *all, guint n)
{
  static const guint edges[] = { 0, 1, 5, 10, 20, 30, G_MAXUINT };
  g_autofree Sample *part = g_new (Sample, n);
  for (guint e = 0; e + 1 < G_N_ELEMENTS (edges); e++)
    {
      guint m = 0;
      g_autofree char *label = NULL;
      for (guint i = 0; i < n; i++)
        if (all[i].depth >= edges[e] && all[i].depth < edges[e + 1])
          part[m++] = all[i];
      label = edges[e + 1] == G_MAXUINT
                  ? g_strdup_printf ("  depth >= %u", edges[e])
                  : g_strdup_printf ("  depth %u-%u", edges[e],
                                     edges[e + 1] - 1);
      report (label, part, m);
    }
}

int
main (int argc, char **argv)
{
  const char *kfile = argc > 1 ? argv[1] : "data/kernels/mxm.ir";
  const char *sizes = argc > 2 ? argv[2] : "M=1024,N=1024,K=1024";
  const char *dfile = argc > 3 ? argv[3] : "data/devices/h100.ini";
  guint n = argc > 4 ? (guint)atoi (argv[4]) : 2000;
  gboolean full = argc > 5 && strcmp (argv[5], "full") == 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) k = NULL;
  g_autoptr (BnbChoiceSpace) s = NULL;
  g_autoptr (BnbChoiceNode) root = NULL;
  g_autoptr (BnbModel) model = NULL;
  g_autofree Sample *samples = g_new0 (Sample, MAX (n, 1));
  BnbDeviceDesc desc;
  BnbChoiceLimits limits;
  if (!bnb_device_desc_load_file (dfile, &desc, &error))
    g_error ("%s", error->message);
  limits = bnb_device_desc_limits (&desc);
  if (!(k = bnb_ir_kernel_parse_file (kfile, &error))
      || !bnb_ir_kernel_bind (k, sizes, &error)
      || !(s = full ? bnb_choice_space_new (k, &limits, &error)
                    : bnb_codegen_space_new (k, &limits, &error))
      || !(root = bnb_choice_node_root (s, &error))
      || !(model = bnb_model_new (s, &desc, &error)))
    g_error ("%s", error->message);
  n = draw_samples (model, root, n, samples);
  printf ("a node of the %s tree of %s (%s) for %s, each timed %u "
          "times:\n", full ? "full" : "kernels'", kfile, sizes, desc.name,
          REPEATS);
  report_part ("bound", samples, n, G_STRUCT_OFFSET (Sample, bound_s));
  report_part ("split", samples, n, G_STRUCT_OFFSET (Sample, split_s));
  report_part ("child or settle", samples, n,
               G_STRUCT_OFFSET (Sample, child_s));
  report_kind ("  child, inner nodes", samples, n, FALSE);
  report_kind ("  settle, leaves", samples, n, TRUE);
  report ("sum, all depths", samples, n);
  report_by_depth (samples, n);
  for (guint i = 0; i < n; i++)
    bnb_choice_node_free (samples[i].node);
  return 0;
}
