/* Direct search over the numeric decisions, after OptACC: a modified
 * Nelder-Mead method and a coordinate search.  The numbers are the tile
 * choices open at the root; a point gives each of them a rank among the
 * sizes the root allows (smallest first), and may be fractional while the
 * method computes it.  The model decides everything else:
 *
 *   point ──round, clamp──> ranks ──restrict each tile choice to the
 *   nearest rank left alive──> node ──greedy completion──> leaf ──> time
 *
 * The nearest live rank is OptACC's "rounding to the nearest valid point";
 * the snapped ranks replace the point, so that a simplex holds only valid
 * points.  A point with no leaf, or whose leaf fails, costs INFINITY.
 *
 * Nelder-Mead uses the usual coefficients (reflection 1, expansion 2,
 * contraction 1/2, shrink 1/2) and, since rounding makes the simplex
 * coincide rather than shrink to nothing, takes a simplex in which one
 * point appears twice as converged; it then starts again from a new random
 * simplex.  The coordinate search tries each coordinate in turn at plus
 * and minus a step (first a quarter of the widest range), moves on the
 * first improvement, halves the step after a sweep without one, and starts
 * again from a random point when the step falls below 1.
 *
 * Both run until the budget is spent, every point has been met, or
 * DIRECT_STALE_LIMIT proposals in a row produced no leaf not evaluated
 * before (points met before are answered from a cache, and leaves from the
 * search's own, at no cost).  Every draw comes from the search's seeded
 * generator.
 */
#include "bnb/bnb-private.h"

#include <math.h>
#include <string.h>

#define DIRECT_STALE_LIMIT 50
#define DIRECT_MAX_VALUES 16

#define NM_RHO 1.0
#define NM_CHI 2.0
#define NM_GAMMA 0.5
#define NM_SIGMA 0.5

/* A point met: its snapped ranks and its time. */
typedef struct {
  double f;
  double x[];
} DirectPoint;

typedef struct {
  BnbSearchContext *ctx;
  guint n;        /* coordinates: the tile choices open at the root */
  guint *choice;  /* [n] */
  guint *n_ranks; /* [n] sizes allowed at the root */
  guint *value;   /* [n * DIRECT_MAX_VALUES] value index of each rank */
  double box;     /* number of integer points */
  guint first_step;
  GHashTable *points; /* rounded ranks as a key -> DirectPoint */
  guint stale;        /* proposals in a row with no new leaf */
  guint depth;
  BnbChoiceNode *scratch;
} Direct;

typedef gboolean (*DirectMethod) (Direct *d);

static void
direct_add_coordinate (Direct *d, guint choice, BnbDomain domain)
{
  guint i = d->n++, k = 0;
  d->choice[i] = choice;
  for (guint v = 0; v < DIRECT_MAX_VALUES; v++)
    if (domain & (1u << v))
      d->value[i * DIRECT_MAX_VALUES + k++] = v;
  d->n_ranks[i] = k;
  d->box *= k;
  d->first_step = MAX (d->first_step, (k - 1 + 3) / 4);
}

static Direct *
direct_new (BnbSearchContext *ctx)
{
  guint n_choices = bnb_choice_space_n_choices (ctx->space);
  Direct *d = g_new0 (Direct, 1);
  d->ctx = ctx;
  d->choice = g_new (guint, n_choices);
  d->n_ranks = g_new (guint, n_choices);
  d->value = g_new (guint, n_choices * DIRECT_MAX_VALUES);
  d->box = 1;
  d->first_step = 1;
  for (guint c = 0; c < n_choices; c++)
    {
      BnbDomain dom = bnb_choice_node_domain (ctx->root, c);
      if (bnb_choice_type (ctx->space, c) == BNB_CHOICE_TILE
          && (dom & (dom - 1)) != 0)
        direct_add_coordinate (d, c, dom);
    }
  d->points = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  d->depth = bnb_search_depth (ctx->root);
  d->scratch = bnb_choice_node_copy (ctx->root);
  return d;
}

static void
direct_free (Direct *d)
{
  g_free (d->choice);
  g_free (d->n_ranks);
  g_free (d->value);
  g_hash_table_unref (d->points);
  bnb_choice_node_free (d->scratch);
  g_free (d);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Direct, direct_free)

static gboolean
direct_done (const Direct *d)
{
  return d->ctx->stop || d->ctx->error != NULL
         || bnb_search_over_budget (d->ctx) || d->stale >= DIRECT_STALE_LIMIT
         || g_hash_table_size (d->points) >= d->box;
}

static guint
direct_round (const Direct *d, const double *x, guint i)
{
  double r = round (x[i]);
  return (guint)CLAMP (r, 0.0, (double)(d->n_ranks[i] - 1));
}

/* One letter per coordinate: the rounded, clamped rank. */
static char *
direct_key (const Direct *d, const double *x)
{
  char *key = g_malloc (d->n + 1);
  for (guint i = 0; i < d->n; i++)
    key[i] = (char)('a' + direct_round (d, x, i));
  key[d->n] = '\0';
  return key;
}

static gboolean
direct_try_rank (Direct *d, BnbChoiceNode *node, guint i, gint rank)
{
  guint choice = d->choice[i], v;
  if (rank < 0 || rank >= (gint)d->n_ranks[i])
    return FALSE;
  v = d->value[i * DIRECT_MAX_VALUES + rank];
  if (!(bnb_choice_node_domain (node, choice) & (1u << v)))
    return FALSE;
  bnb_choice_node_assign (d->scratch, node);
  if (bnb_choice_node_restrict (d->scratch, choice, 1u << v)
      == BNB_CHOICE_DEAD)
    return FALSE;
  bnb_choice_node_assign (node, d->scratch);
  return TRUE;
}

/* Fixes coordinate i of `node` at the live rank nearest `rank` (the lower
 * one first on a tie).  -1 when every rank kills the node. */
static gint
direct_snap (Direct *d, BnbChoiceNode *node, guint i, gint rank)
{
  for (gint dist = 0; dist < (gint)d->n_ranks[i]; dist++)
    {
      if (direct_try_rank (d, node, i, rank - dist))
        return rank - dist;
      if (dist > 0 && direct_try_rank (d, node, i, rank + dist))
        return rank + dist;
    }
  return -1;
}

/* The leaf of the ranks in `key`, with the ranks it took in `snapped`
 * (the key's own when none is valid); NULL if there is none. */
static BnbChoiceNode *
direct_leaf (Direct *d, const char *key, double *snapped)
{
  g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (d->ctx->root);
  for (guint i = 0; i < d->n; i++)
    snapped[i] = key[i] - 'a';
  for (guint i = 0; i < d->n; i++)
    {
      gint s = direct_snap (d, node, i, key[i] - 'a');
      if (s < 0)
        return NULL;
      snapped[i] = s;
    }
  return bnb_search_complete_greedy (d->ctx->model, node);
}

/* The time of the leaf of `key` (NAN when the search is stopping). */
static double
direct_measure (Direct *d, const char *key, double *snapped)
{
  g_autoptr (BnbChoiceNode) leaf = direct_leaf (d, key, snapped);
  guint64 before = d->ctx->result->evaluations;
  double f = INFINITY;
  if (leaf != NULL)
    f = bnb_search_evaluate (d->ctx, leaf, d->depth);
  d->stale = d->ctx->result->evaluations > before ? 0 : d->stale + 1;
  return f;
}

/* The objective at `x`; the snapped point goes to `out` (which may be
 * `x`).  NAN when the search is stopping. */
static double
direct_eval (Direct *d, const double *x, double *out)
{
  g_autofree char *key = direct_key (d, x);
  DirectPoint *p = g_hash_table_lookup (d->points, key);
  if (p == NULL)
    {
      p = g_malloc (sizeof (DirectPoint) + d->n * sizeof (double));
      p->f = direct_measure (d, key, p->x);
      if (isnan (p->f))
        {
          g_free (p);
          return NAN;
        }
      g_hash_table_insert (d->points, g_steal_pointer (&key), p);
    }
  else
    d->stale++;
  memcpy (out, p->x, d->n * sizeof (double));
  return p->f;
}

static void
direct_random_point (Direct *d, double *x)
{
  for (guint i = 0; i < d->n; i++)
    x[i] = g_rand_int_range (d->ctx->rand, 0, (gint32)d->n_ranks[i]);
}

/* ---- Nelder-Mead ------------------------------------------------------ */

/* n + 1 vertices, sorted by time between steps. */
typedef struct {
  double *x; /* vertex v at x + v * n */
  double *f;
} DirectSimplex;

static double *
nm_vertex (const Direct *d, const DirectSimplex *s, guint v)
{
  return s->x + v * d->n;
}

static void
nm_swap (const Direct *d, DirectSimplex *s, guint a, guint b, double *tmp)
{
  gsize bytes = d->n * sizeof (double);
  double f = s->f[a];
  memcpy (tmp, nm_vertex (d, s, a), bytes);
  memcpy (nm_vertex (d, s, a), nm_vertex (d, s, b), bytes);
  memcpy (nm_vertex (d, s, b), tmp, bytes);
  s->f[a] = s->f[b];
  s->f[b] = f;
}

static void
nm_sort (const Direct *d, DirectSimplex *s)
{
  g_autofree double *tmp = g_new (double, d->n);
  for (guint i = 1; i <= d->n; i++)
    for (guint j = i; j > 0 && s->f[j] < s->f[j - 1]; j--)
      nm_swap (d, s, j, j - 1, tmp);
}

static gboolean
nm_converged (const Direct *d, const DirectSimplex *s)
{
  gsize bytes = d->n * sizeof (double);
  for (guint a = 0; a <= d->n; a++)
    for (guint b = a + 1; b <= d->n; b++)
      if (memcmp (nm_vertex (d, s, a), nm_vertex (d, s, b), bytes) == 0)
        return TRUE;
  return FALSE;
}

/* A random vertex, then one more along each axis, a quarter of its range
 * away, on the side that has room.  FALSE when the search stops. */
static gboolean
nm_start (Direct *d, DirectSimplex *s)
{
  double *x0 = nm_vertex (d, s, 0);
  direct_random_point (d, x0);
  for (guint i = 0; i < d->n; i++)
    {
      double *x = nm_vertex (d, s, i + 1);
      guint k = d->n_ranks[i], step = MAX (1u, (k - 1 + 3) / 4);
      memcpy (x, x0, d->n * sizeof (double));
      x[i] += x0[i] + step <= k - 1 ? (double)step : -(double)step;
    }
  for (guint v = 0; v <= d->n; v++)
    {
      double *x = nm_vertex (d, s, v);
      s->f[v] = direct_eval (d, x, x);
      if (isnan (s->f[v]))
        return FALSE;
    }
  return TRUE;
}

/* The centroid of every vertex but the worst. */
static void
nm_centroid (const Direct *d, const DirectSimplex *s, double *c)
{
  for (guint i = 0; i < d->n; i++)
    {
      double sum = 0;
      for (guint v = 0; v < d->n; v++)
        sum += nm_vertex (d, s, v)[i];
      c[i] = sum / d->n;
    }
}

/* The objective at c + t (c - worst); the snapped point goes to `out`. */
static double
nm_try (Direct *d, const DirectSimplex *s, const double *c, double t,
        double *out)
{
  const double *w = nm_vertex (d, s, d->n);
  for (guint i = 0; i < d->n; i++)
    out[i] = c[i] + t * (c[i] - w[i]);
  return direct_eval (d, out, out);
}

static void
nm_replace_worst (const Direct *d, DirectSimplex *s, const double *x, double f)
{
  memcpy (nm_vertex (d, s, d->n), x, d->n * sizeof (double));
  s->f[d->n] = f;
}

/* Every vertex but the best moves halfway to it, rounded towards it so
 * that neighbours meet.  FALSE when the search stops. */
static gboolean
nm_shrink (Direct *d, DirectSimplex *s)
{
  const double *best = nm_vertex (d, s, 0);
  for (guint v = 1; v <= d->n; v++)
    {
      double *x = nm_vertex (d, s, v);
      for (guint i = 0; i < d->n; i++)
        x[i] = best[i] + trunc (NM_SIGMA * (x[i] - best[i]));
      s->f[v] = direct_eval (d, x, x);
      if (isnan (s->f[v]))
        return FALSE;
    }
  return TRUE;
}

/* After a reflection no better than the second worst: contract outside
 * (towards the reflection) or inside (towards the worst), else shrink. */
static gboolean
nm_contract (Direct *d, DirectSimplex *s, const double *c, double fr,
             double *xc)
{
  gboolean outside = fr < s->f[d->n];
  double fc = nm_try (d, s, c, outside ? NM_RHO * NM_GAMMA : -NM_GAMMA, xc);
  if (isnan (fc))
    return FALSE;
  if (outside ? fc <= fr : fc < s->f[d->n])
    {
      nm_replace_worst (d, s, xc, fc);
      return TRUE;
    }
  return nm_shrink (d, s);
}

/* One step on a sorted simplex.  FALSE when the search stops. */
static gboolean
nm_step (Direct *d, DirectSimplex *s)
{
  g_autofree double *c = g_new (double, d->n);
  g_autofree double *xr = g_new (double, d->n);
  g_autofree double *xe = g_new (double, d->n);
  double fr, fe;
  nm_centroid (d, s, c);
  fr = nm_try (d, s, c, NM_RHO, xr);
  if (isnan (fr))
    return FALSE;
  if (fr >= s->f[d->n - 1])
    return nm_contract (d, s, c, fr, xe);
  if (fr < s->f[0])
    {
      fe = nm_try (d, s, c, NM_RHO * NM_CHI, xe);
      if (isnan (fe))
        return FALSE;
      if (fe < fr)
        {
          nm_replace_worst (d, s, xe, fe);
          return TRUE;
        }
    }
  nm_replace_worst (d, s, xr, fr);
  return TRUE;
}

/* One run from a random simplex until a vertex repeats, or until the last
 * 2 (n + 1) proposals brought no new leaf.  FALSE when the search stops. */
static gboolean
nm_run (Direct *d)
{
  g_autofree double *x = g_new (double, (d->n + 1) * d->n);
  g_autofree double *f = g_new (double, d->n + 1);
  DirectSimplex s = { x, f };
  if (!nm_start (d, &s))
    return FALSE;
  for (;;)
    {
      if (direct_done (d))
        return FALSE;
      nm_sort (d, &s);
      if (nm_converged (d, &s) || d->stale >= 2 * (d->n + 1))
        return TRUE;
      if (!nm_step (d, &s))
        return FALSE;
    }
}

/* ---- Coordinate search ------------------------------------------------ */

/* Tries coordinate i of `x` at plus, then minus `step`; moves to the
 * first that improves on *fx.  -1 when the search stops, else whether it
 * moved. */
static gint
cs_move (Direct *d, double *x, double *fx, double *y, guint i, guint step)
{
  for (gint sign = 1; sign >= -1; sign -= 2)
    {
      double fy, to = x[i] + sign * (double)step;
      memcpy (y, x, d->n * sizeof (double));
      y[i] = CLAMP (to, 0.0, (double)(d->n_ranks[i] - 1));
      if (y[i] == x[i])
        continue;
      fy = direct_eval (d, y, y);
      if (isnan (fy))
        return -1;
      if (fy < *fx)
        {
          memcpy (x, y, d->n * sizeof (double));
          *fx = fy;
          return 1;
        }
    }
  return 0;
}

/* One run from a random point until the step falls below 1.  FALSE when
 * the search stops. */
static gboolean
cs_run (Direct *d)
{
  g_autofree double *x = g_new (double, d->n);
  g_autofree double *y = g_new (double, d->n);
  guint step = d->first_step;
  double fx;
  direct_random_point (d, x);
  fx = direct_eval (d, x, x);
  while (step > 0)
    {
      gboolean moved = FALSE;
      for (guint i = 0; i < d->n; i++)
        {
          gint m = direct_done (d) ? -1 : cs_move (d, x, &fx, y, i, step);
          if (m < 0)
            return FALSE;
          moved |= m;
        }
      if (!moved)
        step /= 2;
    }
  return !isnan (fx);
}

/* ---- The strategies --------------------------------------------------- */

/* No numeric decision: the model's own completion of the root. */
static void
direct_single (Direct *d)
{
  g_autoptr (BnbChoiceNode) leaf
      = bnb_search_complete_greedy (d->ctx->model, d->ctx->root);
  if (leaf != NULL)
    bnb_search_evaluate (d->ctx, leaf, d->depth);
}

static gboolean
direct_search (BnbSearchContext *ctx, DirectMethod method, GError **error)
{
  g_autoptr (Direct) d = direct_new (ctx);
  if (d->n == 0)
    direct_single (d);
  else
    while (!direct_done (d) && method (d))
      ;
  ctx->result->proven = FALSE;
  if (ctx->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&ctx->error));
      return FALSE;
    }
  return TRUE;
}

/* OptACC's modified Nelder-Mead over the tile sizes, restarted from random
 * simplices until the budget.  FALSE with `error` when the evaluator
 * failed. */
gboolean
bnb_strategy_nelder_mead (BnbSearchContext *ctx, GError **error)
{
  return direct_search (ctx, nm_run, error);
}

/* Coordinate search over the tile sizes, restarted from random points
 * until the budget.  FALSE with `error` when the evaluator failed. */
gboolean
bnb_strategy_coordinate (BnbSearchContext *ctx, GError **error)
{
  return direct_search (ctx, cs_run, error);
}
