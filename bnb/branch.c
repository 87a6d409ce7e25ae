/* Branch and bound (the Telamon paper's Algorithm 2).
 *
 *   queue (GSequence by bound, a double-ended priority queue)
 *     │ pop lowest                         ▲ children below the cut-off
 *     ├─ inner nodes ──> thread pool: split on one choice, bound ─┘
 *     └─ leaves ──prepare──> a lane's device thread: evaluate ──> results
 *                                                         │
 *   a better time lowers the cut-off and drops the queue's tail
 *
 * A node is cut when its bound is >= best * (1 - margin).  The search is
 * a proof when the queue and the device are empty at the end: every
 * candidate left out was below a node whose bound was not below a time
 * that was measured.  Leaves waiting for the device are dropped there
 * when the cut-off falls under their bound.
 *
 * The order in which open nodes are taken does not change what is cut or
 * proven, only how soon a good time is found.  By default (here; bnbtune
 * takes the occupancy order on a GPU) the least bound comes first, the
 * oldest of equals (one bucket).  With the learned order
 * (--order learned) the queue is one sequence by bound per choice of tile
 * sizes (a bucket; nodes above the last tile decision share one), and the
 * next node comes from the bucket whose lowest bound times its learned
 * ratio is least: the least measured/bound of the leaves evaluated in it
 * so far, 1 before any.  A tile choice whose kernels all ran at 4x their
 * bound thus waits while others with higher bounds get their turn.
 * Within a bucket, among equal bounds, the deeper node comes first, so
 * that a flat region reaches its leaves.  With the order of dives
 * (--order dives, a CPU's default) the queue is by bound, the oldest of
 * equals, and each inner node taken dives to a leaf; on the way, of
 * children with equal bounds the one whose alternative (of the choice
 * split) ran fastest so far in any leaf goes on, so that where the bound
 * tells nothing the search follows what it measured; the occupancy
 * order's dives break such ties the same way.
 *
 * An evaluator with several lanes (devices) gets one device thread per
 * lane; a leaf goes to the lane with the fewest leaves on their way, is
 * prepared there and evaluated there.  Results come back in any order;
 * the cut-off is the best time measured so far, whichever lane measured
 * it, so what is proven does not depend on the lanes. */
#include "bnb/bnb-private.h"

#include <math.h>

/* Leaves sent to each lane ahead of their turn, so that their builds run
 * in parallel with the runs before them, when BnbEvaluator.ahead is 0.
 * The harness's evaluator asks 4 per worker, so that a lane's workers
 * keep building while its device thread waits for one slow build: on
 * two H200s with 8 workers each the mapped mxm proof searched in 6.0 s
 * with 32 ahead against 6.7 s with 16 (docs/results.md). */
#define PIPELINE 16
/* Inner nodes expanded per batch on the thread pool. */
#define BATCH 64
/* Learned order: leaves of a bucket on their way to the device before the
 * bucket has a ratio; its further leaves wait for the first result. */
#define PROBES 2
/* Occupancy order: an unprobed design's bucket borrows its tile bucket's
 * ratio times this, so that the designs of a good tile choice are each
 * tried before the best of them is worked through. */
#define DESIGN_PRIOR 0.8
/* Dives per batch, at most (each runs on the search's own thread, one
 * node after another); with the occupancy order the batch then ends
 * (dives_spent). */
#define DESIGN_DIVES 8
/* Probes of Knuth's estimate of the candidates below a cut. */
#define CUT_PROBES 8
/* Dives from a bucket in a row that end with no leaf (every child of a
 * node on the way cut or dead) that double its key (bucket_rank). */
#define FAILS_PER_DOUBLING 64

typedef struct Bucket Bucket;
typedef struct Bnb Bnb;

/* One lane of the evaluator (a device) and the thread that feeds it. */
typedef struct {
  Bnb *b;
  guint index;
  GThread *thread;
  GAsyncQueue *queue; /* DeviceJob, to that thread */
  guint in_flight;    /* leaves sent, not yet back */
  double leaf_wait_s; /* the thread's waits for a leaf (its own, read
                       * once it is joined) */
} Lane;

/* A queued node: a leaf of the space's tree (settled: fully specified),
 * or an inner node with the split it will make. */
typedef struct {
  double bound;
  guint64 id;
  guint depth;
  BnbChoiceNode *node;
  BnbChoiceSplit split;
  Bucket *bucket; /* owned by Bnb.buckets */
  guint dive;     /* order of dives: the dive that queued it, or 0 */
  gboolean ends_dive; /* it is the leaf its dive reached */
} QNode;

/* The open nodes of one choice of tile sizes (with the occupancy order,
 * of tile sizes and warps per scheduler, or of those and one design: every
 * kind and memory space). */
struct Bucket {
  GSequence *queue; /* QNode, by bound */
  double ratio;     /* least measured/bound of its leaves, or INFINITY */
  guint in_flight;  /* its leaves sent to the device, not yet back */
  Bucket *parent;   /* a design's tile bucket, or NULL */
  GPtrArray *designs; /* a tile bucket's design buckets (not owned) */
  guint64 id;       /* creation order, the last tie-break */
  double key;       /* its head's bound times its ratio, when ranked */
  double head;      /* its head's bound, when ranked */
  GSequenceIter *rank; /* its place in Bnb.ready; NULL while empty */
  gboolean dives;   /* its nodes dive when taken (dispatch_batch) */
  guint fails;      /* dives from it in a row that reached no leaf */
};

struct Bnb {
  BnbSearchContext *ctx;
  GHashTable *buckets; /* tile values (a string) -> Bucket */
  GSequence *ready;    /* the buckets that hold nodes, by key (Bucket) */
  Bucket *single;      /* the order by bound's one bucket (also in buckets) */
  gboolean deeper_first; /* among equal bounds (the learned orders) */
  double *fastest;       /* orders of dives and occupancy: per choice and
                            alternative, the least time of a leaf that took
                            it (INFINITY) */
  GArray *dive_s;  /* order of dives: per dive (from 1), its leaf's time */
  guint diving;    /* the dive under way, or 0 */
  guint incumbent_dive; /* a dive that ended at the incumbent, or 0 */
  double incumbent_s;   /* the incumbent's time, INFINITY until known */
  GArray *tile_choices; /* guint: the space's tile choices */
  GArray *design_choices; /* guint: its kind and memory choices */
  guint64 queued;      /* nodes in all buckets */
  double dropped_at;   /* the cut-off when the tails were last dropped */
  guint64 next_id;
  GMutex lock;  /* cutoff, stopping and gated, read by the device threads */
  double cutoff;
  gboolean stopping;
  guint64 budget_left; /* evaluations the device may still start */
  guint n_lanes;
  guint ahead; /* leaves on their way per lane, at most */
  Lane *lanes;
  gint64 loop_end_us; /* when run_loop returned (read by the device threads
                       * after the end marker, pushed after it is set) */
  GAsyncQueue *from_device;
  guint in_flight;
  GThreadPool *pool;
  GAsyncQueue *expanded;
  double skipped_open; /* lowest bound of leaves dropped on stopping */
  GPtrArray *samples;  /* per depth: a reservoir of cut inner nodes */
  GArray *inner_cuts;  /* per depth: guint64 inner nodes cut */
  GRand *rand;         /* of the reservoirs */
  guint sent_last;          /* leaves the last batch sent */
  BnbChoiceNode *incumbent; /* the leaf evaluated first, or NULL */
  gboolean gated;           /* under lock: it has not come back */
  GCond gate;               /* signalled when it has */
};

typedef struct {
  QNode *leaf;
  Lane *lane;
  gboolean first;   /* the incumbent, evaluated before any other leaf */
  gboolean cut;     /* not run: its bound was at the cut-off when its turn
                     * came (counted as sent_cut) */
  BnbEvaluation *e; /* NULL: cut before the run, or the evaluator failed */
  GError *error;
} DeviceJob;


static void
qnode_free (gpointer data)
{
  QNode *q = data;
  if (q->node != NULL)
    bnb_choice_node_free (q->node);
  g_free (q);
}

static void
qnode_free_each (gpointer data, gpointer user_data)
{
  qnode_free (data);
}

/* By bound, then (learned order) the deeper first, then the oldest. */
static gint
qnode_cmp (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const QNode *x = a, *y = b;
  const gboolean *deeper_first = user_data;
  if (x->bound != y->bound)
    return x->bound < y->bound ? -1 : 1;
  if (*deeper_first && x->depth != y->depth)
    return x->depth > y->depth ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

static void
bucket_free (gpointer data)
{
  Bucket *k = data;
  g_sequence_free (k->queue);
  g_clear_pointer (&k->designs, g_ptr_array_unref);
  g_free (k);
}

/* Appends the values of `choices` to `key`; FALSE if one is open. */
static gboolean
key_of (GString *key, const BnbChoiceNode *node, const GArray *choices)
{
  for (guint i = 0; i < choices->len; i++)
    {
      BnbDomain d
          = bnb_choice_node_domain (node, g_array_index (choices, guint, i));
      if (d == 0 || (d & (d - 1)) != 0) /* not decided */
        return FALSE;
      g_string_append_c (key, (char)(1 + __builtin_ctz (d)));
    }
  return TRUE;
}

static Bucket *
bucket_named (Bnb *b, GString *key, Bucket *parent)
{
  Bucket *k = g_hash_table_lookup (b->buckets, key->str);
  if (k == NULL)
    {
      k = g_new0 (Bucket, 1);
      k->queue = g_sequence_new (NULL);
      k->ratio = INFINITY;
      k->parent = parent;
      k->id = g_hash_table_size (b->buckets);
      if (parent != NULL)
        {
          if (parent->designs == NULL)
            parent->designs = g_ptr_array_new ();
          g_ptr_array_add (parent->designs, k);
        }
      g_hash_table_insert (b->buckets, g_strdup (key->str), k);
    }
  return k;
}

/* The bucket of a node: with the order by bound the one bucket; with the
 * learned order its tile values when every tile choice is decided, else
 * the bucket of the nodes above them; with the occupancy order the tile
 * values and the most warps per scheduler below, and once every kind and
 * memory space is decided, a bucket of that design under it.  The
 * occupancy order's buckets below a tile choice dive. */
static Bucket *
bucket_of (Bnb *b, const BnbChoiceNode *node)
{
  if (b->single != NULL) /* no key to build on every push */
    return b->single;
  g_autoptr (GString) key = g_string_new (NULL);
  if (!key_of (key, node, b->tile_choices))
    return bucket_named (b, g_string_truncate (key, 0), NULL);
  if (b->ctx->options->order != BNB_NODE_ORDER_OCCUPANCY)
    return bucket_named (b, key, NULL);
  double w = bnb_model_warps_most (b->ctx->model, node);
  g_string_append_c (key, 'w');
  g_string_append_c (key, (char)('0' + CLAMP (ceil (w), 1, 4)));
  Bucket *tiles = bucket_named (b, key, NULL);
  g_string_append_c (key, ':');
  Bucket *k = key_of (key, node, b->design_choices)
                  ? bucket_named (b, key, tiles)
                  : tiles;
  k->dives = tiles->dives = TRUE;
  return k;
}

static QNode *
bucket_head (const Bucket *k)
{
  return g_sequence_is_empty (k->queue)
             ? NULL
             : g_sequence_get (g_sequence_get_begin_iter (k->queue));
}

/* The ratio a bucket is ranked by: its own, else (an unprobed design)
 * its tile bucket's times DESIGN_PRIOR, else 1. */
static double
ratio_of (const Bucket *k)
{
  return isfinite (k->ratio) ? k->ratio
         : k->parent && isfinite (k->parent->ratio)
             ? MAX (1, k->parent->ratio * DESIGN_PRIOR)
             : 1;
}

/* Least key, then least head bound, then the oldest bucket. */
static gint
bucket_cmp (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const Bucket *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  if (x->head != y->head)
    return x->head < y->head ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

/* Puts the bucket in its place among the ready ones after its head or
 * its ratio changed (out of them when it is empty).  Keeping the buckets
 * ranked, rather than scanning them for the next node, matters: a whole
 * space's search makes tens of thousands (a design each), and a scan per
 * node taken left the device waiting for leaves. */
static void
bucket_rank (Bnb *b, Bucket *k)
{
  g_clear_pointer (&k->rank, g_sequence_remove);
  QNode *q = bucket_head (k);
  if (q == NULL)
    return;
  k->head = q->bound;
  k->key = ldexp (q->bound * ratio_of (k),
                  (int)MIN (k->fails / FAILS_PER_DOUBLING, 64));
  k->rank = g_sequence_insert_sorted (b->ready, k, bucket_cmp, NULL);
}

/* Whether a bucket waits for a result: it has no ratio yet, PROBES of
 * its leaves are on their way, and its next node is a leaf, or it is a
 * design's bucket (whose nodes each dive to a leaf: dispatch_batch). */
static gboolean
bucket_waits (const Bnb *b, const Bucket *k)
{
  return b->deeper_first && !isfinite (k->ratio) && k->in_flight >= PROBES
         && (k->parent != NULL
             || bnb_choice_node_is_leaf (bucket_head (k)->node));
}

/* The bucket whose next node comes first: least lowest bound times
 * ratio (1 before any of its leaves ran), then least bound.  A bucket
 * that waits (bucket_waits) is passed over (NULL when every bucket
 * does), so that a new tile choice is judged on a leaf or two, not on a
 * pipeline's worth of its lowest-bound siblings.  Those are few: each
 * has PROBES leaves on their way. */
static Bucket *
next_bucket (Bnb *b)
{
  for (GSequenceIter *i = g_sequence_get_begin_iter (b->ready);
       !g_sequence_iter_is_end (i); i = g_sequence_iter_next (i))
    {
      Bucket *k = g_sequence_get (i);
      if (!bucket_waits (b, k))
        return k;
    }
  return NULL;
}

/* A leaf of the bucket ran in `seconds`: the bucket learns its ratio, and
 * so does its tile bucket, whose unprobed designs borrow it. */
static void
bucket_learn (Bnb *b, Bucket *k, double bound, double seconds)
{
  if (bound <= 0 || seconds <= 0)
    return;
  double r = fmax (seconds / bound, 1);
  for (; k != NULL; k = k->parent)
    {
      if (!(r < k->ratio))
        continue;
      k->ratio = r;
      bucket_rank (b, k);
      for (guint i = 0; k->designs != NULL && i < k->designs->len; i++)
        {
          Bucket *d = k->designs->pdata[i];
          if (!isfinite (d->ratio) && d->rank != NULL)
            bucket_rank (b, d);
        }
    }
}

/* The order of dives: times within this factor of each other are taken
 * as equal (a kernel's least time moves by a few percent from run to run
 * on a busy CPU), and the older node or the first alternative goes on. */
#define DIVE_TIE 1.05

/* Alternatives per choice (a BnbDomain's bits). */
#define ALTERNATIVES (8 * sizeof (BnbDomain))

/* The orders of dives and occupancy: a leaf ran in `seconds`, and each
 * of its alternatives learns it. */
static void
fastest_learn (Bnb *b, const BnbChoiceNode *leaf, double seconds)
{
  if (b->fastest == NULL)
    return;
  guint n = bnb_choice_space_n_choices (b->ctx->space);
  for (guint c = 0; c < n; c++)
    {
      BnbDomain d = bnb_choice_node_domain (leaf, c);
      if (d != 0 && (d & (d - 1)) == 0)
        {
          double *t = &b->fastest[c * ALTERNATIVES + __builtin_ctz (d)];
          *t = fmin (*t, seconds);
        }
    }
}

/* The order of dives: the leaf of a dive ran in `seconds` (the nodes
 * the dive queued on its way learn it), or the incumbent did. */
static void
dive_learn (Bnb *b, const QNode *leaf, gboolean incumbent, double seconds)
{
  if (b->dive_s == NULL)
    return;
  if (incumbent)
    {
      b->incumbent_s = seconds;
      if (b->incumbent_dive != 0)
        g_array_index (b->dive_s, double, b->incumbent_dive) = seconds;
    }
  if (leaf->ends_dive)
    g_array_index (b->dive_s, double, leaf->dive) = seconds;
}

/* The least time of a leaf that took one of the alternatives `node`
 * keeps of `choice` (INFINITY before any ran). */
static double
fastest_of (const Bnb *b, const BnbChoiceNode *node, guint choice)
{
  double t = INFINITY;
  for (BnbDomain d = bnb_choice_node_domain (node, choice); d != 0;
       d &= d - 1)
    t = fmin (t, b->fastest[choice * ALTERNATIVES + __builtin_ctz (d)]);
  return t;
}

static double
cutoff_of (const Bnb *b)
{
  return b->ctx->result->best_s * (1 - b->ctx->options->margin);
}

static BnbSearchDepth *
depth_at (Bnb *b, guint depth)
{
  return bnb_search_depth_stats (b->ctx->result, depth);
}

static void
count_below (const BnbChoiceNode *node, double seconds, guint64 seed,
             double *leaves, gboolean *estimated)
{
  BnbChoiceCount count;
  if (!bnb_choice_count_exact (node, seconds, &count))
    bnb_choice_count_estimate (node, CUT_PROBES, 0, seed, &count);
  *leaves = count.leaves;
  *estimated = !count.exact;
}

/* Whether `leaf` lies below `node` (is `node`, when both are leaves):
 * each of its decisions is still allowed there. */
static gboolean
node_holds (const BnbChoiceNode *node, const BnbChoiceNode *leaf)
{
  guint n = bnb_choice_space_n_choices (bnb_choice_node_space (node));
  for (guint c = 0; c < n; c++)
    if (bnb_choice_node_domain (leaf, c) & ~bnb_choice_node_domain (node, c))
      return FALSE;
  return TRUE;
}

/* Whether the incumbent lies below `node` (is `node`, for a leaf). */
static gboolean
holds_incumbent (const Bnb *b, const BnbChoiceNode *node)
{
  return b->incumbent != NULL && node_holds (node, b->incumbent);
}

/* A cut: a leaf counts one candidate; an inner node joins its depth's
 * reservoir, whose candidates are counted when the search ends.  The
 * incumbent, evaluated already, does not count as pruned too. */
static void
cut_node (Bnb *b, guint depth, BnbChoiceNode *node)
{
  BnbSearchDepth *d = depth_at (b, depth);
  d->cuts++;
  if (holds_incumbent (b, node))
    d->pruned -= 1;
  if (bnb_choice_node_is_leaf (node))
    {
      d->pruned += 1;
      bnb_choice_node_free (node);
      return;
    }
  while (b->samples->len <= depth)
    {
      g_ptr_array_add (b->samples, g_ptr_array_new_with_free_func (
                                       (GDestroyNotify) bnb_choice_node_free));
      guint64 zero = 0;
      g_array_append_val (b->inner_cuts, zero);
    }
  GPtrArray *sample = b->samples->pdata[depth];
  guint64 seen = ++g_array_index (b->inner_cuts, guint64, depth);
  guint k = b->ctx->options->count_samples;
  if (sample->len < k)
    g_ptr_array_add (sample, node);
  else if (g_rand_double (b->rand) * seen < k)
    {
      guint j = g_rand_int_range (b->rand, 0, (gint32) k);
      bnb_choice_node_free (sample->pdata[j]);
      sample->pdata[j] = node;
    }
  else
    bnb_choice_node_free (node);
}

/* The candidates below the cut inner nodes, per depth: each depth's
 * reservoir of cut nodes is counted (exactly when small, else by Knuth's
 * estimate) and scaled to the depth's cuts.  The reservoirs are taken in
 * turns, the i-th node of every depth before the (i+1)-th of any, until
 * COUNT_CUTS_SECONDS have passed (every depth gets one node at least), so
 * that the statistics of a deep search do not outlast its budget. */
#define COUNT_CUTS_SECONDS 1.0

static void
count_cuts (Bnb *b)
{
  guint n = b->samples->len;
  g_autofree double *sum = g_new0 (double, n);
  g_autofree guint *done = g_new0 (guint, n);
  gint64 end = g_get_monotonic_time () + (gint64)(COUNT_CUTS_SECONDS * 1e6);
  gboolean more = TRUE;
  for (guint i = 0; more; i++)
    {
      more = FALSE;
      for (guint depth = 0; depth < n; depth++)
        {
          GPtrArray *sample = b->samples->pdata[depth];
          double leaves;
          gboolean estimated;
          if (i >= sample->len || (i > 0 && g_get_monotonic_time () >= end))
            continue;
          count_below (sample->pdata[i], b->ctx->options->count_seconds,
                       depth * 7919 + i, &leaves, &estimated);
          sum[depth] += leaves;
          done[depth]++;
          depth_at (b, depth)->pruned_estimated |= estimated;
          more = TRUE;
        }
    }
  for (guint depth = 0; depth < n; depth++)
    {
      guint64 cuts = g_array_index (b->inner_cuts, guint64, depth);
      BnbSearchDepth *d = depth_at (b, depth);
      if (done[depth] < cuts)
        d->pruned_estimated = TRUE;
      if (done[depth] > 0)
        d->pruned += sum[depth] * (double) cuts / done[depth];
    }
}

static void
cut_qnode (Bnb *b, QNode *q)
{
  cut_node (b, q->depth, g_steal_pointer (&q->node));
}

/* Drops every queued node whose bound is not below the cut-off, when it
 * fell since the last time (nodes are queued only below it). */
static void
drop_tail (Bnb *b)
{
  double cutoff = cutoff_of (b);
  if (!(cutoff < b->dropped_at))
    return;
  b->dropped_at = cutoff;
  g_autoptr (GPtrArray) emptied = g_ptr_array_new ();
  for (GSequenceIter *i = g_sequence_get_begin_iter (b->ready);
       !g_sequence_iter_is_end (i); i = g_sequence_iter_next (i))
    {
      Bucket *k = g_sequence_get (i);
      while (!g_sequence_is_empty (k->queue))
        {
          GSequenceIter *last
              = g_sequence_iter_prev (g_sequence_get_end_iter (k->queue));
          QNode *q = g_sequence_get (last);
          if (q->bound < cutoff)
            break;
          cut_qnode (b, q);
          g_sequence_remove (last);
          qnode_free (q);
          b->queued--;
        }
      if (g_sequence_is_empty (k->queue))
        g_ptr_array_add (emptied, k);
    }
  for (guint i = 0; i < emptied->len; i++)
    bucket_rank (b, emptied->pdata[i]);
}

static QNode *
qnode_new (Bnb *b, BnbChoiceNode *node, const BnbChoiceSplit *split,
           double bound, guint depth)
{
  QNode *q = g_new (QNode, 1);
  *q = (QNode){ bound, b->next_id++, depth, node, *split, NULL, b->diving,
                FALSE };
  q->bucket = bucket_of (b, node);
  return q;
}

static void
push (Bnb *b, BnbChoiceNode *node, const BnbChoiceSplit *split, double bound,
      guint depth)
{
  QNode *q = qnode_new (b, node, split, bound, depth);
  GSequenceIter *at = g_sequence_insert_sorted (q->bucket->queue, q,
                                                qnode_cmp, &b->deeper_first);
  b->queued++;
  if (g_sequence_iter_is_begin (at))
    bucket_rank (b, q->bucket);
}

/* ---- The device threads --------------------------------------------- */

/* Whether the job's leaf is not to run: cut (job->cut), or the search
 * stops (stopping, budget, interrupt, time). */
static gboolean
device_should_skip (Bnb *b, DeviceJob *job)
{
  const BnbSearchOptions *o = b->ctx->options;
  g_mutex_lock (&b->lock);
  job->cut = !b->stopping && job->leaf->bound >= b->cutoff;
  gboolean skip = b->stopping || job->cut || b->budget_left == 0
                  || bnb_search_interrupted (b->ctx)
                  || (o->max_seconds > 0
                      && g_timer_elapsed (b->ctx->timer, NULL)
                             >= o->max_seconds);
  if (!skip)
    b->budget_left--;
  g_mutex_unlock (&b->lock);
  return skip;
}

/* A leaf other than the incumbent waits for the incumbent's time, so
 * that it is cut against it; its build has started meanwhile. */
static void
wait_for_incumbent (Bnb *b)
{
  g_mutex_lock (&b->lock);
  while (b->gated)
    g_cond_wait (&b->gate, &b->lock);
  g_mutex_unlock (&b->lock);
}

/* The incumbent's time is in (or the search ends): every leaf may run. */
static void
open_gate (Bnb *b)
{
  g_mutex_lock (&b->lock);
  b->gated = FALSE;
  g_cond_broadcast (&b->gate);
  g_mutex_unlock (&b->lock);
}

/* With BnbEvaluator.built_first, the leaves a lane looks through for one
 * already built, oldest first. */
#define BUILT_SCAN 8

/* Whether the job would not wait for a build: the evaluator says its leaf
 * is built, or it will be cut (its bound at the cut-off already). */
static gboolean
job_ready (Bnb *b, DeviceJob *job)
{
  const BnbEvaluator *ev = b->ctx->evaluator;
  g_mutex_lock (&b->lock);
  gboolean cut = job->leaf->bound >= b->cutoff;
  g_mutex_unlock (&b->lock);
  return cut || ev->klass->built (ev->self, job->leaf->node, job->lane->index);
}

/* The lane's next job.  In the order sent; with built_first, of the jobs
 * sent so far (`held` keeps those passed over): the incumbent's if there
 * (the others wait for its time), else the oldest of the first BUILT_SCAN
 * that would not wait for a build, else the oldest.  A slow build at the
 * head then holds up no leaf built behind it (docs/search.md).  With one
 * job held there is nothing to choose, and nothing is asked.  The end
 * sentinel (no leaf) comes back only when no other job is held. */
static DeviceJob *
next_job (Bnb *b, Lane *lane, GQueue *held)
{
  const BnbEvaluator *ev = b->ctx->evaluator;
  DeviceJob *job;
  if (!ev->built_first || ev->klass->built == NULL)
    return g_async_queue_pop (lane->queue);
  if (g_queue_is_empty (held))
    g_queue_push_tail (held, g_async_queue_pop (lane->queue));
  while ((job = g_async_queue_try_pop (lane->queue)) != NULL)
    g_queue_push_tail (held, job);
  if (held->length == 1)
    return g_queue_pop_head (held);
  GList *oldest = NULL, *pick = NULL;
  guint scanned = 0;
  for (GList *l = held->head; l != NULL; l = l->next)
    {
      job = l->data;
      if (job->leaf == NULL)
        continue;
      if (job->first)
        {
          pick = l;
          break;
        }
      if (oldest == NULL)
        oldest = l;
      if (pick == NULL && scanned++ < BUILT_SCAN && job_ready (b, job))
        pick = l;
    }
  if (pick == NULL)
    pick = oldest != NULL ? oldest : held->head;
  job = pick->data;
  g_queue_delete_link (held, pick);
  return job;
}

static gpointer
device_main (gpointer data)
{
  Lane *lane = data;
  Bnb *b = lane->b;
  const BnbEvaluatorClass *k = b->ctx->evaluator->klass;
  GQueue held = G_QUEUE_INIT;
  for (;;)
    {
      gint64 asked_us = g_get_monotonic_time ();
      DeviceJob *job = next_job (b, lane, &held);
      if (job->leaf == NULL)
        {
          /* the end: the wait counts until the search's loop ended */
          lane->leaf_wait_s += MAX (b->loop_end_us - asked_us, 0) / 1e6;
          g_free (job);
          return NULL;
        }
      lane->leaf_wait_s += (g_get_monotonic_time () - asked_us) / 1e6;
      if (!job->first)
        wait_for_incumbent (b);
      if (!device_should_skip (b, job))
        {
          bnb_search_set_deadline (b->ctx, FALSE);
          job->e = k->evaluate (b->ctx->evaluator->self, job->leaf->node,
                                FALSE, job->lane->index, &job->error);
        }
      g_async_queue_push (b->from_device, job);
    }
}

/* The leaf goes to the lane with the fewest leaves on their way. */
static void
send_leaf (Bnb *b, QNode *leaf, gboolean first)
{
  const BnbEvaluatorClass *k = b->ctx->evaluator->klass;
  Lane *lane = &b->lanes[0];
  for (guint i = 1; i < b->n_lanes; i++)
    if (b->lanes[i].in_flight < lane->in_flight)
      lane = &b->lanes[i];
  if (k->prepare != NULL)
    k->prepare (b->ctx->evaluator->self, leaf->node, lane->index);
  DeviceJob *job = g_new0 (DeviceJob, 1);
  job->leaf = leaf;
  job->lane = lane;
  job->first = first;
  b->in_flight++;
  lane->in_flight++;
  leaf->bucket->in_flight++;
  g_async_queue_push (lane->queue, job);
}

static void
set_cutoff (Bnb *b)
{
  g_mutex_lock (&b->lock);
  b->cutoff = cutoff_of (b);
  b->stopping = b->ctx->stop;
  g_mutex_unlock (&b->lock);
}

static void
receive (Bnb *b, DeviceJob *job)
{
  BnbSearchContext *ctx = b->ctx;
  QNode *leaf = job->leaf;
  b->in_flight--;
  job->lane->in_flight--;
  leaf->bucket->in_flight--;
  if (job->error != NULL && ctx->error == NULL)
    ctx->error = g_steal_pointer (&job->error);
  g_clear_error (&job->error);
  if (job->e != NULL && job->e->stopped) /* the budget ran out: not run */
    {
      ctx->result->build_wait_s += job->e->build_wait_s;
      g_clear_pointer (&job->e, bnb_evaluation_free);
    }
  if (job->e != NULL && job->e->outcome == BNB_OUTCOME_OK)
    {
      bucket_learn (b, leaf->bucket, leaf->bound, job->e->median_s);
      /* the fastest alternatives learn from the fastest run, the least
       * disturbed by the host: on a 2-core machine under PoCL one
       * kernel's medians spread 2x from run to run, its minima less */
      fastest_learn (b, leaf->node, job->e->min_s);
      dive_learn (b, leaf, job->first, job->e->min_s);
    }
  if (job->e != NULL)
    bnb_search_record (ctx, leaf->node, leaf->bound, leaf->depth, job->e);
  else if (leaf->bound >= cutoff_of (b))
    {
      ctx->result->sent_cut += job->cut;
      cut_qnode (b, leaf);
    }
  else
    {
      b->skipped_open = fmin (b->skipped_open, leaf->bound);
      ctx->stop = TRUE;
    }
  if (ctx->error != NULL)
    ctx->stop = TRUE;
  g_clear_pointer (&job->e, bnb_evaluation_free);
  qnode_free (leaf);
  drop_tail (b);
  set_cutoff (b);
  if (job->first)
    open_gate (b);
  g_free (job);
}

static void
receive_ready (Bnb *b, gboolean wait)
{
  DeviceJob *job = wait ? g_async_queue_timeout_pop (b->from_device, 250000)
                        : g_async_queue_try_pop (b->from_device);
  for (; job != NULL; job = g_async_queue_try_pop (b->from_device))
    receive (b, job);
}

/* ---- Expansion on the thread pool ----------------------------------- */

typedef struct {
  BnbChoiceNode *node;
  double bound;
  BnbChoiceSplit split;
} Child;

typedef struct {
  Bnb *b;
  QNode *parent;
  double cutoff;
  GArray *children; /* Child, below the cut-off */
  guint created;
  guint dead;
  GPtrArray *cut; /* children at or above the cut-off */
  double model_s;
  double propagate_s;
} Expansion;

/* A child as the queue holds it: its split, or settled when it is a leaf
 * of the space's tree.  FALSE when no candidate lies below it. */
static gboolean
prepare_child (BnbChoiceNode *child, BnbChoiceSplit *split)
{
  if (bnb_choice_node_split (child, split))
    return TRUE;
  *split = (BnbChoiceSplit){ G_MAXUINT, 0 };
  return bnb_choice_node_settle (child) == BNB_CHOICE_ALIVE;
}

static void
expand_child (Expansion *x, BnbChoiceNode *child, const BnbChoiceSplit *split)
{
  gint64 t0 = g_get_monotonic_time ();
  double bound = bnb_model_bound (x->b->ctx->model, child, NULL);
  x->model_s += (g_get_monotonic_time () - t0) / 1e6;
  x->created++;
  if (bound < x->cutoff)
    {
      Child c = { child, bound, *split };
      g_array_append_val (x->children, c);
      return;
    }
  g_ptr_array_add (x->cut, child);
}

/* Makes and bounds the children of the expansion's parent. */
static void
expand_node (Expansion *x)
{
  const BnbChoiceNode *node = x->parent->node;
  const BnbChoiceSplit *split = &x->parent->split;
  BnbDomain keep;
  for (guint i = 0; (keep = bnb_choice_split_child (node, split, i)); i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      BnbChoiceNode *child = bnb_search_child_in (node, split->choice, keep);
      BnbChoiceSplit next;
      gboolean alive = child != NULL && prepare_child (child, &next);
      x->propagate_s += (g_get_monotonic_time () - t0) / 1e6;
      if (alive)
        expand_child (x, child, &next);
      else
        {
          x->dead++;
          g_clear_pointer (&child, bnb_choice_node_free);
        }
    }
}

/* The thread pool's function: expands, then hands the result back. */
static void
expand (gpointer data, gpointer user_data)
{
  Expansion *x = data;
  expand_node (x);
  g_async_queue_push (x->b->expanded, x);
}

/* Takes an expansion's results into the search: its cut children are
 * cut, the others queued, but for the one with the lowest bound when
 * `keep_lowest` (of equals, where the search keeps the fastest
 * alternatives, the one whose alternative ran faster by DIVE_TIE, else
 * the first): that one is returned, not queued (NULL if none is below
 * the cut-off). */
static QNode *
merge (Bnb *b, Expansion *x, gboolean keep_lowest)
{
  QNode *kept = NULL;
  guint lowest = G_MAXUINT;
  guint depth = x->parent->depth + 1;
  BnbSearchDepth *d = depth_at (b, depth);
  d->created += x->created;
  d->dead += x->dead;
  for (guint i = 0; i < x->cut->len; i++)
    cut_node (b, depth, x->cut->pdata[i]);
  g_ptr_array_unref (x->cut);
  b->ctx->result->nodes += x->created;
  b->ctx->result->model_s += x->model_s;
  b->ctx->result->propagate_s += x->propagate_s;
  double cutoff = cutoff_of (b);
  guint choice = x->parent->split.choice;
  for (guint i = 0; keep_lowest && i < x->children->len; i++)
    {
      Child *c = &g_array_index (x->children, Child, i);
      const Child *l = lowest == G_MAXUINT
                           ? NULL
                           : &g_array_index (x->children, Child, lowest);
      if (!(c->bound < cutoff))
        continue;
      if (l == NULL || c->bound < l->bound
          || (c->bound == l->bound && b->fastest != NULL
              && fastest_of (b, c->node, choice) * DIVE_TIE
                     < fastest_of (b, l->node, choice)))
        lowest = i;
    }
  for (guint i = 0; i < x->children->len; i++)
    {
      Child *c = &g_array_index (x->children, Child, i);
      if (i == lowest)
        kept = qnode_new (b, c->node, &c->split, c->bound, depth);
      else if (c->bound < cutoff)
        push (b, c->node, &c->split, c->bound, depth);
      else
        cut_node (b, depth, c->node);
    }
  g_array_unref (x->children);
  qnode_free (x->parent);
  g_free (x);
  return kept;
}

static Expansion *
expansion_new (Bnb *b, QNode *parent)
{
  Expansion *x = g_new0 (Expansion, 1);
  x->b = b;
  x->parent = parent;
  x->cutoff = cutoff_of (b);
  x->children = g_array_new (FALSE, FALSE, sizeof (Child));
  x->cut = g_ptr_array_new ();
  return x;
}

static void
expand_batch (Bnb *b, GPtrArray *inner)
{
  for (guint i = 0; i < inner->len; i++)
    {
      Expansion *x = expansion_new (b, inner->pdata[i]);
      if (b->pool != NULL)
        g_thread_pool_push (b->pool, x, NULL);
      else
        {
          expand_node (x);
          merge (b, x, FALSE);
        }
    }
  if (b->pool != NULL)
    for (guint i = 0; i < inner->len; i++)
      merge (b, g_async_queue_pop (b->expanded), FALSE);
}

/* ---- The main loop -------------------------------------------------- */

/* A greedy descent by bound: from the root, at each split the child with
 * the lowest bound (the first of equals), down to a leaf of the space's
 * tree; NULL when every child of some node on the way is a dead end.
 * Costs a few bounds per level, so the search has a leaf to run within
 * moments on any space, however flat its bounds near the root. */
static BnbChoiceNode *
dive_from (Bnb *b, BnbChoiceNode *node)
{
  BnbSearchContext *ctx = b->ctx;
  BnbChoiceSplit split;
  if (!prepare_child (node, &split))
    {
      bnb_choice_node_free (node);
      return NULL;
    }
  while (node != NULL && split.choice != G_MAXUINT)
    {
      BnbChoiceNode *best = NULL;
      BnbChoiceSplit best_split = { G_MAXUINT, 0 };
      double best_bound = INFINITY;
      BnbDomain keep;
      for (guint i = 0; (keep = bnb_choice_split_child (node, &split, i)); i++)
        {
          BnbChoiceNode *child
              = bnb_search_child_in (node, split.choice, keep);
          BnbChoiceSplit next;
          double bound = INFINITY;
          if (child != NULL && prepare_child (child, &next))
            bound = bnb_model_bound (ctx->model, child, NULL);
          if (child != NULL && (best == NULL || bound < best_bound))
            {
              g_clear_pointer (&best, bnb_choice_node_free);
              best = child, best_bound = bound, best_split = next;
            }
          else
            g_clear_pointer (&child, bnb_choice_node_free);
        }
      bnb_choice_node_free (node);
      node = isfinite (best_bound) ? best : NULL;
      if (node == NULL)
        g_clear_pointer (&best, bnb_choice_node_free);
      split = best_split;
    }
  return node;
}

static BnbChoiceNode *
dive (Bnb *b)
{
  return dive_from (b, bnb_choice_node_copy (b->ctx->root));
}

/* A leaf evaluated before the search (the incumbent, a start node's), as
 * the queue holds one of depth 0. */
static QNode *
start_qnode (Bnb *b, BnbChoiceNode *leaf)
{
  return qnode_new (b, leaf, &(BnbChoiceSplit){ G_MAXUINT, 0 },
                    bnb_model_bound (b->ctx->model, leaf, NULL), 0);
}

/* The leaves of the options' start nodes (each completed by a greedy
 * descent), in their order, those with no candidate left out. */
static GPtrArray *
start_leaves (Bnb *b)
{
  GPtrArray *leaves
      = g_ptr_array_new_with_free_func ((GDestroyNotify) bnb_choice_node_free);
  for (const char *const *d = b->ctx->options->starts; d != NULL && *d != NULL;
       d++)
    {
      BnbChoiceNode *node = bnb_choice_node_copy (b->ctx->root);
      BnbChoiceNode *leaf = bnb_choice_node_apply_string (node, *d, NULL)
                                ? dive_from (b, node)
                                : (bnb_choice_node_free (node), NULL);
      if (leaf != NULL)
        g_ptr_array_add (leaves, leaf);
    }
  return leaves;
}

/* The leaf evaluated before the search, so that its time cuts from the
 * start: the one the evaluator already knows a time for (with --resume,
 * the journal's fastest in the space), as the leaf of the space's tree
 * that holds its kernel, else the first start node's leaf, else the end
 * of a greedy descent by bound.  The other start nodes' leaves are sent
 * right after it.  It
 * counts as a leaf of depth 0; when the search reaches it again it is
 * not evaluated twice.  The search goes on meanwhile, and the leaves it
 * sends are prepared (built), but the device threads evaluate none of
 * them before its time is in (the gate): each is then cut against it, as
 * if the search had waited.  Until then nothing is cut (the cut-off is
 * infinite): the nodes expanded meanwhile are cut when it comes, and up
 * to `ahead` leaves per lane may be built for nothing. */
static void
start_from_incumbent (Bnb *b)
{
  BnbSearchContext *ctx = b->ctx;
  const BnbEvaluatorClass *k = ctx->evaluator->klass;
  g_autoptr (BnbChoiceNode) known
      = k->incumbent ? k->incumbent (ctx->evaluator->self, ctx->root) : NULL;
  g_autoptr (GPtrArray) starts = start_leaves (b);
  BnbChoiceNode *leaf
      = known ? bnb_choice_node_canonical (ctx->root, known) : NULL;
  if (leaf == NULL)
    leaf = starts->len ? g_ptr_array_steal_index (starts, 0) : dive (b);
  if (leaf == NULL)
    return;
  b->incumbent = bnb_choice_node_copy (leaf);
  QNode *q = start_qnode (b, leaf);
  g_mutex_lock (&b->lock);
  b->gated = TRUE;
  g_mutex_unlock (&b->lock);
  send_leaf (b, q, TRUE);
  for (guint i = 0; i < starts->len; i++)
    {
      gboolean again = holds_incumbent (b, starts->pdata[i]);
      for (guint j = 0; j < i && !again; j++)
        again = node_holds (starts->pdata[j], starts->pdata[i]);
      if (again) /* sent already: the incumbent, or a start before it */
        continue;
      send_leaf (b, start_qnode (b, bnb_choice_node_copy (starts->pdata[i])),
                 FALSE);
    }
}

static gboolean
is_incumbent (const Bnb *b, const QNode *q)
{
  return bnb_choice_node_is_leaf (q->node) && holds_incumbent (b, q->node);
}

/* The order of dives: the time of the leaf that the dive which queued
 * `q` reached (INFINITY if none is known). */
static double
dive_time (const Bnb *b, const QNode *q)
{
  return q->dive ? g_array_index (b->dive_s, double, q->dive) : INFINITY;
}

/* The order of dives: leaves on their way per lane, at least (a quarter
 * of the evaluator's `ahead` where more): each dive follows the times of
 * those before it, so the fewer are sent blind the better, while a
 * device's builds still run ahead of its runs. */
#define DIVE_AHEAD 4
/* Nodes of the lowest bound that the order of dives looks through. */
#define DIVE_SCAN 4096

static QNode *
pop_next (Bnb *b, Bucket *k)
{
  GSequenceIter *first = g_sequence_get_begin_iter (k->queue);
  QNode *q = g_sequence_get (first);
  if (b->dive_s != NULL)
    {
      /* of the nodes with the lowest bound, the oldest of those queued
       * by a dive whose leaf ran within DIVE_TIE of the fastest: a
       * neighbour of the best kernels so far, the change nearest the
       * root first */
      double best = dive_time (b, q);
      GSequenceIter *end = g_sequence_iter_next (first), *i;
      for (guint n = 0; n < DIVE_SCAN && !g_sequence_iter_is_end (end);
           n++, end = g_sequence_iter_next (end))
        {
          QNode *o = g_sequence_get (end);
          if (o->bound != q->bound)
            break;
          best = fmin (best, dive_time (b, o));
        }
      for (i = first; i != end; i = g_sequence_iter_next (i))
        if (dive_time (b, g_sequence_get (i)) <= best * DIVE_TIE)
          break;
      first = i == end ? first : i;
      q = g_sequence_get (first);
    }
  g_sequence_remove (first);
  b->queued--;
  bucket_rank (b, k);
  return q;
}

/* Leaves that may be on their way at once: `ahead` per lane, but no more
 * than the evaluation budget can still start, plus one running per lane
 * (a build beyond that would be for nothing). */
static guint64
room (Bnb *b)
{
  g_mutex_lock (&b->lock);
  guint64 left = b->budget_left;
  g_mutex_unlock (&b->lock);
  guint per_lane = b->dive_s != NULL ? MAX (DIVE_AHEAD, b->ahead / 4)
                                     : b->ahead;
  guint64 ahead = (guint64)per_lane * b->n_lanes;
  return left < ahead ? MIN (ahead, left + b->n_lanes) : ahead;
}

/* A dive from bucket `k` ended, at a leaf or (`reached` FALSE) where
 * every child of a node on the way was cut or dead (or a leaf queued in
 * it was taken: reached).  Dives that fail in a row push the bucket back
 * (bucket_rank), so that the search turns to the others.  Each node's
 * bound is a least over the alternatives still open, and where those
 * meet only late (a local array's layout, whose bank conflicts the model
 * sees once the orders that decide it are taken), the lowest-bound path
 * below a node can end in cuts at every try: on the whole mxm space at
 * 1024^3 on an H200, the device then waited 17 to 23 s of 107 for one
 * tile choice's first leaf, the search's dives ending in cuts thousands
 * of times (docs/search.md).  The order changes, not what is cut. */
static void
dive_ended (Bnb *b, Bucket *k, gboolean reached)
{
  guint before = k->fails;
  k->fails = reached ? 0 : k->fails + 1;
  if (k->fails / FAILS_PER_DOUBLING != before / FAILS_PER_DOUBLING)
    bucket_rank (b, k);
}

/* A greedy descent by bound from `q`, an open inner node: each node on
 * the way is expanded as any other (its children bounded, those at or
 * above the cut-off cut, the others queued), but for its lowest-bound
 * child, which is expanded next, down to a leaf that goes to the device.
 * Nothing is left out of the proof: it is the same tree, taken in
 * another order.  Where the lowest bounds are those of inner nodes above
 * leaves of higher bounds (each term of the bound is a minimum over the
 * alternatives still open, not all of which one leaf can have), lowest
 * bound first expands inner nodes for ever: stencil2d at 4096^2 on an
 * H200 bounded 27 M nodes in 60 s and ran one kernel, the first dive's.
 * `starving`: counted as a dive for want of leaves.  TRUE when a leaf
 * went to the device. */
static gboolean
plunge (Bnb *b, QNode *q, gboolean starving)
{
  Bucket *from = q->bucket;
  if (b->dive_s != NULL)
    {
      double unknown = INFINITY;
      g_array_append_val (b->dive_s, unknown);
      b->diving = b->dive_s->len - 1;
    }
  while (q != NULL && !bnb_choice_node_is_leaf (q->node))
    {
      Expansion *x = expansion_new (b, q);
      expand_node (x);
      q = merge (b, x, TRUE);
    }
  b->ctx->result->plunges += starving;
  if (b->diving != 0 && q != NULL && is_incumbent (b, q))
    {
      /* the nodes this dive queued are the incumbent's neighbours */
      g_array_index (b->dive_s, double, b->diving) = b->incumbent_s;
      b->incumbent_dive = b->diving;
    }
  b->diving = 0;
  dive_ended (b, from, q != NULL);
  if (q == NULL)
    return FALSE;
  if (is_incumbent (b, q))
    {
      qnode_free (q);
      return FALSE;
    }
  q->ends_dive = q->dive != 0;
  send_leaf (b, q, FALSE);
  return TRUE;
}

/* Whether the device is short of leaves: fewer on their way than half of
 * the `most` that may be (so builds would soon stop), and none sent by
 * the last batch (a batch that reaches leaves keeps lowest bound first). */
static gboolean
starving (const Bnb *b, guint64 most)
{
  return b->sent_last == 0 && b->in_flight * 2 < most;
}

/* Whether a node taken from `k` dives: a design's bucket always, a tile
 * bucket once one of its leaves has come back (its ratio known).  Until
 * then a tile bucket's nodes are expanded with the batch, breadth first,
 * so that its first leaves are the probes of many designs.  On an H200
 * (whole mxm space at 1024^3, 240 s; docs/search.md) a tile bucket that
 * dived from the start sent a dive's leaf for each node taken while its
 * first builds took seconds, with no ratio to rank it by: 500 kernels
 * timed, the best 1,368 us, against 3,459 and 89.9 us with the order
 * before. */
static gboolean
dives_now (const Bucket *k)
{
  return k->dives && (k->parent != NULL || isfinite (k->ratio));
}

/* Whether the batch ends before the next node of `k`: an inner node of a
 * bucket whose nodes dive now (dives_now), the batch's DESIGN_DIVES
 * spent.  That node waits for the next batch instead of being expanded
 * with this one, so that such nodes dive whatever the device's pace.
 * Before, nodes past the dives and every node of a tile bucket were
 * expanded with the batch, and the path hung on
 * timing: on /search/occupancy-order's trap, when leaves waited for
 * the device (a loaded machine; a GPU always), batches expanded the tile
 * bucket breadth first until its key passed that of one design, whose
 * inner bound times its ratio (289.7 us) stood below its leaves' times
 * (370 us) and never rose (each dive queues its siblings at the same
 * bound): that design took every leaf of 3,000, and the good design's
 * bucket was never made.  Answered at once, the search dived from the
 * tile bucket for want of leaves and found it near the 150th. */
static gboolean
dives_spent (const Bucket *k, guint dives)
{
  return dives_now (k) && dives >= DESIGN_DIVES
         && !bnb_choice_node_is_leaf (bucket_head (k)->node);
}

static gboolean
dispatch_batch (Bnb *b)
{
  g_autoptr (GPtrArray) inner = g_ptr_array_new ();
  guint64 most = room (b);
  guint sent = 0, dives = 0;
  gboolean more = FALSE;
  while (b->queued > 0 && inner->len < BATCH && b->in_flight < most)
    {
      Bucket *k = next_bucket (b);
      if (k == NULL || bucket_head (k)->bound >= cutoff_of (b))
        break;
      if ((more = dives_spent (k, dives)))
        break;
      QNode *q = pop_next (b, k);
      if (is_incumbent (b, q))
        qnode_free (q);
      else if (bnb_choice_node_is_leaf (q->node))
        {
          dive_ended (b, k, TRUE); /* a leaf from it, as a dive's */
          send_leaf (b, q, FALSE);
          sent++;
        }
      else if (sent == 0 && inner->len == 0 && starving (b, most))
        {
          plunge (b, q, TRUE);
          return TRUE;
        }
      else if ((dives_now (k) || b->dive_s != NULL) && dives < DESIGN_DIVES)
        {
          /* Below a tile choice (occupancy order): what tells designs
           * apart, and a design's kernels apart (orders, padding), is
           * decided below, mostly at the leaves, whose bounds then stand
           * above the node's.  Lowest bound first would expand every
           * inner node of the tile choice or the design before any leaf;
           * a dive gives a leaf now and leaves the siblings on the way
           * queued. */
          sent += plunge (b, q, FALSE);
          dives++;
        }
      else
        g_ptr_array_add (inner, q);
    }
  b->sent_last = sent;
  expand_batch (b, inner);
  return inner->len > 0 || more;
}

static double
lowest_open (Bnb *b)
{
  double lowest = b->skipped_open;
  for (GSequenceIter *i = g_sequence_get_begin_iter (b->ready);
       !g_sequence_iter_is_end (i); i = g_sequence_iter_next (i))
    lowest = fmin (lowest, ((Bucket *) g_sequence_get (i))->head);
  return lowest;
}

static void
run_loop (Bnb *b)
{
  BnbSearchContext *ctx = b->ctx;
  while (!ctx->stop)
    {
      if (bnb_search_over_budget (ctx))
        {
          ctx->stop = TRUE;
          break;
        }
      receive_ready (b, FALSE);
      drop_tail (b);
      if (b->queued == 0 && b->in_flight == 0)
        break;
      gboolean worked = !ctx->stop && dispatch_batch (b);
      if (!worked)
        receive_ready (b, TRUE);
      if (bnb_search_progress_due (ctx))
        bnb_search_progress (ctx, ctx->result->nodes, b->queued,
                             lowest_open (b), FALSE);
    }
  set_cutoff (b);
  while (b->in_flight > 0)
    receive_ready (b, TRUE);
}

static void
bnb_init (Bnb *b, BnbSearchContext *ctx)
{
  *b = (Bnb){ .ctx = ctx, .skipped_open = INFINITY, .cutoff = INFINITY,
              .dropped_at = INFINITY, .incumbent_s = INFINITY };
  b->budget_left = ctx->options->max_evaluations > 0
                       ? ctx->options->max_evaluations
                       : G_MAXUINT64;
  b->buckets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      bucket_free);
  b->ready = g_sequence_new (NULL);
  b->tile_choices = g_array_new (FALSE, FALSE, sizeof (guint));
  b->design_choices = g_array_new (FALSE, FALSE, sizeof (guint));
  const BnbChoiceSpace *space = bnb_choice_node_space (ctx->root);
  for (guint c = 0; c < bnb_choice_space_n_choices (space); c++)
    if (bnb_choice_type (space, c) == BNB_CHOICE_TILE)
      g_array_append_val (b->tile_choices, c);
    else if (bnb_choice_type (space, c) == BNB_CHOICE_KIND
             || bnb_choice_type (space, c) == BNB_CHOICE_MEM)
      g_array_append_val (b->design_choices, c);
  b->deeper_first = ctx->options->order == BNB_NODE_ORDER_LEARNED
                    || ctx->options->order == BNB_NODE_ORDER_OCCUPANCY;
  /* the occupancy order's dives below a tile choice follow the fastest
   * alternatives among equal bounds too (merge): inside a design the
   * bound rarely tells orders and paddings apart */
  if (ctx->options->order == BNB_NODE_ORDER_DIVES
      || ctx->options->order == BNB_NODE_ORDER_OCCUPANCY)
    {
      gsize n = bnb_choice_space_n_choices (space) * ALTERNATIVES;
      b->fastest = g_new (double, n);
      for (gsize i = 0; i < n; i++)
        b->fastest[i] = INFINITY;
    }
  if (ctx->options->order == BNB_NODE_ORDER_DIVES)
    {
      double none = INFINITY; /* dive 0: none */
      b->dive_s = g_array_new (FALSE, FALSE, sizeof (double));
      g_array_append_val (b->dive_s, none);
    }
  if (!b->deeper_first)
    b->single = bucket_of (b, ctx->root);
  b->samples = g_ptr_array_new_with_free_func (
      (GDestroyNotify) g_ptr_array_unref);
  b->inner_cuts = g_array_new (FALSE, FALSE, sizeof (guint64));
  b->rand = g_rand_new_with_seed ((guint32) ctx->options->seed);
  g_mutex_init (&b->lock);
  g_cond_init (&b->gate);
  b->from_device = g_async_queue_new ();
  b->expanded = g_async_queue_new ();
  if (ctx->options->threads > 1)
    b->pool = g_thread_pool_new (expand, NULL, ctx->options->threads, FALSE,
                                 NULL);
  b->n_lanes = MAX (ctx->evaluator->lanes, 1);
  b->ahead = ctx->evaluator->ahead ? ctx->evaluator->ahead : PIPELINE;
  b->lanes = g_new0 (Lane, b->n_lanes);
  for (guint i = 0; i < b->n_lanes; i++)
    {
      Lane *lane = &b->lanes[i];
      *lane = (Lane){ .b = b, .index = i, .queue = g_async_queue_new () };
      lane->thread = g_thread_new ("bnb-device", device_main, lane);
    }
}

static void
bnb_clear (Bnb *b)
{
  open_gate (b); /* defensive: no job is in flight by now */
  for (guint i = 0; i < b->n_lanes; i++)
    {
      g_async_queue_push (b->lanes[i].queue, g_new0 (DeviceJob, 1));
      g_thread_join (b->lanes[i].thread);
      b->ctx->result->leaf_wait_s += b->lanes[i].leaf_wait_s;
      g_async_queue_unref (b->lanes[i].queue);
    }
  g_free (b->lanes);
  if (b->pool != NULL)
    g_thread_pool_free (b->pool, FALSE, TRUE);
  g_async_queue_unref (b->from_device);
  g_async_queue_unref (b->expanded);
  GHashTableIter it;
  gpointer value;
  g_hash_table_iter_init (&it, b->buckets);
  while (g_hash_table_iter_next (&it, NULL, &value))
    g_sequence_foreach (((Bucket *) value)->queue, qnode_free_each, NULL);
  g_sequence_free (b->ready);
  g_hash_table_unref (b->buckets);
  g_array_unref (b->tile_choices);
  g_array_unref (b->design_choices);
  g_mutex_clear (&b->lock);
  g_cond_clear (&b->gate);
  g_ptr_array_unref (b->samples);
  g_array_unref (b->inner_cuts);
  g_rand_free (b->rand);
  g_free (b->fastest);
  g_clear_pointer (&b->dive_s, g_array_unref);
  g_clear_pointer (&b->incumbent, bnb_choice_node_free);
}

gboolean
bnb_strategy_bnb (BnbSearchContext *ctx, GError **error)
{
  Bnb b;
  bnb_init (&b, ctx);
  BnbChoiceNode *root = bnb_choice_node_copy (ctx->root);
  BnbChoiceSplit split;
  depth_at (&b, 0)->created = 1;
  ctx->result->nodes = 1;
  start_from_incumbent (&b);
  if (bnb_choice_node_shave_groups (root) == BNB_CHOICE_ALIVE
      && prepare_child (root, &split))
    push (&b, root, &split, bnb_model_bound (ctx->model, root, NULL), 0);
  else
    bnb_choice_node_free (root);
  run_loop (&b);
  b.loop_end_us = g_get_monotonic_time ();
  count_cuts (&b);
  ctx->result->lowest_open_s = lowest_open (&b);
  ctx->result->proven = ctx->error == NULL
                        && !isfinite (ctx->result->lowest_open_s);
  bnb_clear (&b);
  return ctx->error == NULL;
}
