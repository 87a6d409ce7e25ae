/* The bound of one node: no allocation, everything on the stack.
 *
 * First the node's ranges: each dim's trip count between smin and smax
 * (from the tile sizes still open), the local size on each id, the
 * largest work-group size w and the range of the number of work-groups
 * g.  Then, per instruction and per access set, the executions that
 * cannot be avoided (count), their warp instructions, bytes and chains,
 * summed into Work.
 * Last, each term divides a piece of Work by the resource that serves it.
 * docs/model.md derives each step as a lower bound on generated code.
 */
#include "model/model-private.h"

#include <math.h>

#define KIND_BIT(k) (1u << (k))
#define THREAD_BITS                                            \
  (KIND_BIT (BNB_KIND_THREAD_X) | KIND_BIT (BNB_KIND_THREAD_Y) \
   | KIND_BIT (BNB_KIND_THREAD_Z))
#define BLOCK_BITS (KIND_BIT (BNB_KIND_BLOCK) | KIND_BIT (BNB_KIND_ELIDED))
#define PARALLEL_BITS (BLOCK_BITS | THREAD_BITS)
#define SECTOR_BYTES 32.0 /* the L1's unit of transfer on NVIDIA GPUs */

typedef struct {
  const BnbModel *m;
  const BnbChoiceNode *node;
  double smin[BNB_MODEL_MAX_DIMS], smax[BNB_MODEL_MAX_DIMS];
  BnbDomain kind[BNB_MODEL_MAX_DIMS];
  gboolean never_guarded[BNB_MODEL_MAX_LOGICALS];
  double tmin[BNB_MODEL_MAX_LOGICALS], tmax[BNB_MODEL_MAX_LOGICALS];
  double lmin[3], lmax[3];
  double wmax, gmin, gmax;
  guint warp_id[2]; /* the local ids a warp runs along (warp_rows) */
  double row;       /* its work-items on one row of warp_id[0]; 0: none
                       claimed */
} Ctx;

typedef struct {
  double flops, flops_ng; /* lane-slot FLOPs; of never-guarded insts */
  double warps, warps_ng; /* warp instructions (lane executions on CPU) */
  double per_item;        /* instructions of an average work-item */
  double cache_bytes, local_bytes, in_bytes, out_bytes;
  double mem_warps, mem_warps_ng; /* memory warp instructions */
  double chain_cycles;
} Work;

/* What one access (or the most of a set of them) costs. */
typedef struct {
  double warps, warps_ng, per_item, bytes, footprint;
} Use;

static BnbDomain
domain (const Ctx *c, guint choice)
{
  return bnb_choice_node_domain (c->node, choice);
}

static double
tile_min (const Ctx *c, guint tv)
{
  const BnbModelTile *t = &c->m->tiles[tv];
  return t->sizes[__builtin_ctz (domain (c, t->choice))];
}

static double
tile_max (const Ctx *c, guint tv)
{
  const BnbModelTile *t = &c->m->tiles[tv];
  return t->sizes[31 - __builtin_clz ((guint)domain (c, t->choice))];
}

static gboolean
tiles_divide (const Ctx *c, const BnbModelLogical *l, guint level,
              double product)
{
  const BnbModelTile *t;
  BnbDomain d;
  if (level == l->n_levels)
    return fmod (l->size, product) == 0;
  t = &c->m->tiles[l->tile_var[level]];
  for (d = domain (c, t->choice); d; d &= d - 1)
    if (!tiles_divide (c, l, level + 1, product * t->sizes[__builtin_ctz (d)]))
      return FALSE;
  return TRUE;
}

static void
logical_ranges (Ctx *c)
{
  for (guint l = 0; l < c->m->n_logicals; l++)
    {
      const BnbModelLogical *lg = &c->m->logicals[l];
      c->tmin[l] = c->tmax[l] = 1;
      for (guint lv = 1; lv < lg->n_levels; lv++)
        {
          c->tmin[l] *= tile_min (c, lg->tile_var[lv]);
          c->tmax[l] *= tile_max (c, lg->tile_var[lv]);
        }
      c->never_guarded[l] = tiles_divide (c, lg, 1, 1);
    }
}

static void
dim_ranges (Ctx *c)
{
  for (guint d = 0; d < c->m->n_dims; d++)
    {
      const BnbModelDim *dim = &c->m->dims[d];
      double size = c->m->logicals[dim->logical].size;
      c->kind[d] = domain (c, dim->kind_choice);
      if (dim->level > 0)
        {
          c->smin[d] = tile_min (c, dim->tile_var);
          c->smax[d] = tile_max (c, dim->tile_var);
        }
      else
        {
          c->smin[d] = ceil (size / c->tmax[dim->logical]);
          c->smax[d] = ceil (size / c->tmin[dim->logical]);
        }
    }
}

/* The local ids a warp runs along, fastest first: warp_id[0] the first
 * whose size may be above one (every id before it is certainly one),
 * warp_id[1] the next such; 3 where there is none.  A warp's work-items
 * differ first in warp_id[0], as local id x where the local size on x is
 * above one.  `row`: the work-items of one warp that certainly lie on
 * one row (one value of every other local id): the local size on
 * warp_id[0] when it is known and divides the warp (every warp holds
 * whole rows), the warp when the size is a known multiple of it; on a
 * GPU only, else none is claimed (0). */
static void
warp_rows (Ctx *c)
{
  double lx, simd = c->m->fig.simd;
  guint k = 0;
  c->warp_id[0] = c->warp_id[1] = 3;
  for (guint i = 0; i < 3 && k < 2; i++)
    if (c->lmax[i] > 1)
      c->warp_id[k++] = i;
  c->row = 0;
  if (!c->m->fig.gpu || c->warp_id[0] > 2)
    return;
  lx = c->lmin[c->warp_id[0]];
  if (lx != c->lmax[c->warp_id[0]] || lx < 2)
    return;
  if (fmod (simd, lx) == 0)
    c->row = lx;
  else if (fmod (lx, simd) == 0)
    c->row = simd;
}

/* Local size on each id: at least the size of a dim certainly on it, at
 * most the largest dim that may be (the space gives them one size). */
static void
local_ranges (Ctx *c)
{
  const BnbModelFigures *f = &c->m->fig;
  c->wmax = 1;
  for (guint h = 0; h < 3; h++)
    {
      BnbDomain bit = KIND_BIT (BNB_KIND_THREAD_X + h);
      double lo = 1, hi = 0, cap = f->max_items[h];
      for (guint d = 0; d < c->m->n_dims; d++)
        {
          if (c->kind[d] == bit)
            {
              lo = MAX (lo, c->smin[d]);
              cap = MIN (cap, c->smax[d]);
            }
          if (c->kind[d] & bit)
            hi = MAX (hi, c->smax[d]);
        }
      c->lmin[h] = lo;
      c->lmax[h] = MAX (1.0, MIN (hi, cap));
      c->wmax *= c->lmax[h];
    }
  c->wmax = MIN (c->wmax, f->max_group);
  warp_rows (c);
}

/* One work-group dim `d` of an instruction: certainly one, it multiplies
 * the least count of work-groups; possibly one, the most. */
static void
count_groups (const Ctx *c, guint d, double *lo, double *hi)
{
  if ((c->kind[d] & ~BLOCK_BITS) == 0)
    *lo *= c->smin[d];
  if (c->kind[d] & KIND_BIT (BNB_KIND_BLOCK))
    *hi *= c->smax[d];
}

/* Every work-group dim holds every instruction through one of its own
 * dims, or is a split dim that holds it (BnbModelInst.held, docs/space.md
 * "Split reductions"), so g is the product of one instruction's
 * work-group dims and the split ones that hold it. */
static void
group_ranges (Ctx *c)
{
  c->gmin = 1;
  c->gmax = HUGE_VAL;
  for (guint i = 0; i < c->m->n_insts; i++)
    {
      const BnbModelInst *in = &c->m->insts[i];
      double lo = 1, hi = 1;
      for (guint j = 0; j < in->n_dims; j++)
        count_groups (c, in->dims[j], &lo, &hi);
      for (guint j = 0; j < in->n_held; j++)
        count_groups (c, in->held[j], &lo, &hi);
      c->gmin = MAX (c->gmin, lo);
      c->gmax = MIN (c->gmax, hi);
    }
  c->gmax = MAX (c->gmax, c->gmin);
}

/* Executions along one logical dim, counting the positions in `mask` and
 * merging the others: with a guard, the iterations kept are the logical
 * size, spread over the merged positions at most smax each. */
static double
group_count (const Ctx *c, const BnbModelInst *in, const BnbModelGroup *g,
             BnbPosMask mask)
{
  double in_prod = 1, out_prod = 1, spread;
  for (BnbPosMask p = g->positions; p; p &= p - 1)
    {
      guint j = (guint)__builtin_ctz (p);
      if ((mask >> j) & 1)
        in_prod *= c->smin[in->dims[j]];
      else
        out_prod *= c->smax[in->dims[j]];
    }
  if (!g->full)
    return in_prod;
  spread = ceil (c->m->logicals[g->logical].size / out_prod);
  return c->never_guarded[g->logical] ? MAX (in_prod, spread) : spread;
}

static double
count (const Ctx *c, const BnbModelInst *in, BnbPosMask mask)
{
  double n = 1;
  for (guint g = 0; g < in->n_groups; g++)
    n *= group_count (c, in, &in->groups[g], mask);
  return n;
}

static gboolean
inst_never_guarded (const Ctx *c, const BnbModelInst *in)
{
  for (guint g = 0; g < in->n_groups; g++)
    if (in->groups[g].full && !c->never_guarded[in->groups[g].logical])
      return FALSE;
  return TRUE;
}

static BnbPosMask
kind_mask (const Ctx *c, const BnbModelInst *in, BnbDomain allowed)
{
  BnbPosMask mask = 0;
  for (guint j = 0; j < in->n_dims; j++)
    if ((c->kind[in->dims[j]] & ~allowed) == 0)
      mask |= 1u << j;
  return mask;
}

/* Positions whose every iteration takes place in its own work-item or
 * work-group.  A CPU compiler may hoist work that does not depend on the
 * local id out of its loop over work-items (PoCL does): threads count
 * only on GPUs. */
static BnbPosMask
parallel_mask (const Ctx *c, const BnbModelInst *in)
{
  return kind_mask (c, in, c->m->fig.gpu ? PARALLEL_BITS : BLOCK_BITS);
}

/* The most work-items one instruction's thread dims may spread over (P):
 * per local id, its largest dim that may be on it; and, as one dim is on
 * one id only, the product of its three largest dims that may be. */
static double
spread_per_id (const Ctx *c, const BnbModelInst *in)
{
  double p = 1;
  for (guint h = 0; h < 3; h++)
    {
      double best = 0;
      for (guint j = 0; j < in->n_dims; j++)
        if (c->kind[in->dims[j]] & KIND_BIT (BNB_KIND_THREAD_X + h))
          best = MAX (best, c->smax[in->dims[j]]);
      if (best > 0)
        p *= MIN (best, c->lmax[h]);
    }
  return p;
}

static double
spread_top3 (const Ctx *c, const BnbModelInst *in)
{
  double top[3] = { 1, 1, 1 };
  for (guint j = 0; j < in->n_dims; j++)
    {
      guint d = in->dims[j];
      double v = 0;
      for (guint h = 0; h < 3; h++)
        if (c->kind[d] & KIND_BIT (BNB_KIND_THREAD_X + h))
          v = MAX (v, MIN (c->smax[d], c->lmax[h]));
      for (guint r = 0; r < 3; r++)
        if (v > top[r])
          {
            double t = top[r];
            top[r] = v;
            v = t;
          }
    }
  return top[0] * top[1] * top[2];
}

static double
spread_max (const Ctx *c, const BnbModelInst *in)
{
  return MIN (MIN (spread_per_id (c, in), spread_top3 (c, in)), c->wmax);
}

/* Work-items that repeat each execution: those of the local ids none of
 * its dims may be on (R). */
static double
replication_min (const Ctx *c, const BnbModelInst *in)
{
  double r = 1;
  for (guint h = 0; h < 3; h++)
    {
      gboolean may = FALSE;
      for (guint j = 0; j < in->n_dims; j++)
        may |= (c->kind[in->dims[j]] & KIND_BIT (BNB_KIND_THREAD_X + h)) != 0;
      if (!may)
        r *= c->lmin[h];
    }
  return r;
}

/* Warp instructions per counted execution: each covers at most `simd`
 * work-items, and every work-group has a warp doing its P's share. */
static double
warp_factor (const Ctx *c, const BnbModelInst *in)
{
  const BnbModelFigures *f = &c->m->fig;
  if (!f->gpu)
    return 1;
  return MAX (replication_min (c, in) / f->simd, 1 / spread_max (c, in));
}

static void
add_inst (const Ctx *c, const BnbModelInst *in, Work *w)
{
  const BnbModelFigures *f = &c->m->fig;
  double n = count (c, in, in->vary | parallel_mask (c, in));
  double wf = warp_factor (c, in);
  double lanes = f->gpu ? n * wf * f->simd : n;
  gboolean ng = inst_never_guarded (c, in);
  w->flops += in->flops * lanes;
  w->flops_ng += ng ? in->flops * lanes : 0;
  w->warps += in->issue * n * wf;
  w->warps_ng += ng ? in->issue * n * wf : 0;
  w->per_item += in->issue * n / (c->gmax * spread_max (c, in));
  if (in->update)
    w->chain_cycles
        = MAX (w->chain_cycles, count (c, in, in->reduction) * in->latency);
}

/* Is the dim at an instruction's position certainly a work-item dim of
 * at least two work-items?  Then the elements it picks within the
 * innermost index are never adjacent for one work-item. */
static gboolean
strided_lanes (const Ctx *c, const BnbModelInst *in, guint pos)
{
  guint d;
  if (pos == BNB_MODEL_NONE)
    return FALSE;
  d = in->dims[pos];
  return c->kind[d] && (c->kind[d] & ~THREAD_BITS) == 0 && c->smin[d] >= 2;
}

/* The position of an instruction's dim certainly on local id `h`, when
 * no other dim of it may be; else BNB_MODEL_NONE.  `none` (may be NULL):
 * whether no dim of it may be on `h` at all. */
static guint
only_on (const Ctx *c, const BnbModelInst *in, guint h, gboolean *none)
{
  BnbDomain bit = KIND_BIT (BNB_KIND_THREAD_X + h);
  guint pos = BNB_MODEL_NONE;
  gboolean any = FALSE;
  for (guint j = 0; j < in->n_dims && h < 3; j++)
    {
      BnbDomain k = c->kind[in->dims[j]];
      if ((k & bit) && any)
        pos = BNB_MODEL_NONE;
      else if (k == bit)
        pos = j;
      any |= (k & bit) != 0;
    }
  if (none)
    *none = !any;
  return pos;
}

/* Whether load `in` may interleave (interleave(v) may be yes). */
static gboolean
may_interleave (const Ctx *c, const BnbModelInst *in)
{
  return in->interleave_choice != BNB_MODEL_NONE
         && (domain (c, in->interleave_choice)
             & (1u << BNB_INTERLEAVE_YES)) != 0;
}

/* Whether the instruction's dim on level `lv` of `logical` is certainly
 * a work-item dim of its own. */
static gboolean
own_thread_at (const Ctx *c, const BnbModelInst *in, guint inst,
               guint logical, guint lv)
{
  for (guint j = 0; j < in->n_dims; j++)
    {
      const BnbModelDim *d = &c->m->dims[in->dims[j]];
      BnbDomain k = c->kind[in->dims[j]];
      if (d->logical == logical && d->level == lv)
        return d->owner == inst && k && (k & ~THREAD_BITS) == 0;
    }
  return FALSE;
}

/* Bytes between the elements an access reads at neighbouring values of
 * the dim at position `pos`: the subscript's stride times the tile sizes
 * of the levels inside the dim's, their smallest (`least`) or largest.
 * The least step of a load's own dim that may be a work-item dim, when
 * the load may interleave: an interleaved load weighs it by its own
 * work-item levels inside it only (docs/codegen.md), so only the levels
 * certainly such count. */
static double
pos_step (const Ctx *c, const BnbModelAccess *a, guint pos, double elem,
          gboolean least)
{
  const BnbModelInst *in = &c->m->insts[a->inst];
  const BnbModelDim *dim = &c->m->dims[in->dims[pos]];
  const BnbModelLogical *lg = &c->m->logicals[dim->logical];
  double step = fabs (a->stride[pos]) * elem;
  gboolean interleaved = least && dim->owner == a->inst
                         && (c->kind[in->dims[pos]] & THREAD_BITS)
                         && may_interleave (c, in);
  for (guint lv = dim->level + 1; lv < lg->n_levels; lv++)
    if (!interleaved || own_thread_at (c, in, a->inst, dim->logical, lv))
      step *= least ? tile_min (c, lg->tile_var[lv])
                    : tile_max (c, lg->tile_var[lv]);
  return step;
}

/* L1 cycles per line and element of a global load: a warp load of 4
 * bytes a work-item takes a cycle per line it touches, one of 8 or 16
 * bytes the device's `wide_line_cycles` (NVIDIA Hopper: 2,
 * bench/l1-rate.sh), so the least over the widths up to `most` bytes a
 * compiler may merge elements into. */
static double
line_cycles (const Ctx *c, double elem, double most)
{
  double wide = c->m->fig.wide_line_cycles;
  double best = elem > 4 ? wide : 1;
  for (double w = 2 * elem; w <= most; w *= 2)
    best = MIN (best, elem / w * (w > 4 ? wide : 1));
  return best;
}

/* L1 lines (`line_bytes`) one warp instruction of a global load certainly
 * touches, given the position `x` of its dim certainly on warp_id[0]
 * (stepping at least `step` bytes), if any.  A row's work-items span
 * (row - 1) x step + element bytes and no line between two of them is
 * skipped; the rows of a warp (along warp_id[1], when a row is less than
 * a warp and every warp lies in one value of the later ids) each touch
 * lines of their own when the dim on warp_id[1] steps at least a line,
 * and lines none of the others touch when it steps a row's widest span
 * more. */
static double
warp_lines (const Ctx *c, const BnbModelAccess *a, double elem, guint x,
            double step, gboolean none)
{
  const BnbModelInst *in = &c->m->insts[a->inst];
  const guint h1 = c->warp_id[1];
  double simd = c->m->fig.simd, line = c->m->fig.line_bytes, row = c->row;
  double lines = 1, span = none ? elem : INFINITY;
  guint y = only_on (c, in, h1, NULL);
  if (x != BNB_MODEL_NONE)
    {
      lines = MIN (row, MAX (1, ceil (((row - 1) * step + elem) / line)));
      span = (row - 1) * pos_step (c, a, x, elem, FALSE) + elem;
    }
  if (y != BNB_MODEL_NONE && row < simd && c->lmin[h1] == c->lmax[h1]
      && fmod (row * c->lmin[h1], simd) == 0
      && c->smin[in->dims[y]] >= c->lmax[h1] && inst_never_guarded (c, in))
    {
      double ystep = pos_step (c, a, y, elem, TRUE), rows = simd / row;
      if (ystep >= span + line - 1)
        lines *= rows;
      else if (ystep >= line)
        lines = MAX (lines, rows);
    }
  return lines;
}

/* Bytes the L1 path moves for an access of `execs` warp instructions of
 * one element each, which a compiler may merge into `width` bytes: where
 * the instruction's dim certainly on warp_id[0] (local id x unless its
 * size is one) steps its address by 32 bytes or more, the work-items of
 * a row each touch a 32-byte sector of their own, in every warp
 * instruction (a guard on that dim's logical, which could idle some of
 * them, never applies).  A `load` of global memory on a device with an
 * L1 line figure (NVIDIA Hopper) also takes the L1 its lines' cycles,
 * each counted as the bytes the path moves in a cycle. */
static double
sector_bytes (const Ctx *c, const BnbModelAccess *a, double elem,
              double execs, double width, gboolean load)
{
  const BnbModelInst *in = &c->m->insts[a->inst];
  double bytes = 0, step = 0;
  gboolean none;
  guint x;
  if (c->row <= 0)
    return 0;
  x = only_on (c, in, c->warp_id[0], &none);
  if (x != BNB_MODEL_NONE && !c->never_guarded[c->m->dims[in->dims[x]].logical])
    x = BNB_MODEL_NONE;
  if (x != BNB_MODEL_NONE)
    step = pos_step (c, a, x, elem, TRUE);
  if (step >= SECTOR_BYTES)
    bytes = execs * elem / MAX (width, elem) * c->row * SECTOR_BYTES;
  if (load && c->m->fig.line_bytes > 0)
    bytes = MAX (bytes, execs * line_cycles (c, elem, width)
                            * warp_lines (c, a, elem, x, step, none)
                            * c->m->fig.cache_cycle_bytes);
  return bytes;
}

static gboolean
may_vector (const Ctx *c, const BnbModelInst *in)
{
  for (guint j = 0; j < in->n_dims; j++)
    if (c->kind[in->dims[j]] & KIND_BIT (BNB_KIND_VECTOR))
      return TRUE;
  return FALSE;
}

/* `inner`: the position that picks the element within the innermost
 * index (BNB_MODEL_NONE: unknown).  One work-item moves at most 16 bytes
 * per instruction (NVIDIA's 128-bit accesses, vload4), and only one
 * element where its elements are never adjacent.  `merge`: the bytes
 * the device's compiler merges scalar accesses into, unless a dim of
 * the instruction may be a vector dim (codegen prints vloadN/vstoreN). */
static Use
access_use (const Ctx *c, const BnbModelAccess *a, guint inner, double elem,
            double merge, gboolean load, double bank)
{
  const BnbModelInst *in = &c->m->insts[a->inst];
  double n = count (c, in, a->mask | parallel_mask (c, in));
  double width = strided_lanes (c, in, inner) ? elem
                 : may_vector (c, in)         ? BNB_MODEL_VECTOR_BYTES
                                              : merge;
  double issue = n * elem / MAX (width, elem), wf = warp_factor (c, in);
  Use u;
  u.warps = issue * wf;
  u.warps_ng = inst_never_guarded (c, in) ? u.warps : 0;
  u.per_item = issue / (c->gmax * spread_max (c, in));
  u.bytes = MAX (count (c, in, a->mask | kind_mask (c, in, BLOCK_BITS)) * elem,
                 sector_bytes (c, a, elem, n * wf, width, load));
  u.bytes = MAX (u.bytes, n * wf * bank * c->m->fig.local_cycle_bytes);
  u.footprint = count (c, in, a->mask) * elem;
  return u;
}

static Use
most (Use a, Use b)
{
  Use u;
  u.warps = MAX (a.warps, b.warps);
  u.warps_ng = MAX (a.warps_ng, b.warps_ng);
  u.per_item = MAX (a.per_item, b.per_item);
  u.bytes = MAX (a.bytes, b.bytes);
  u.footprint = MAX (a.footprint, b.footprint);
  return u;
}

static Use
set_use (const Ctx *c, BnbModelSet set, double elem, gboolean load)
{
  Use u = { 0, 0, 0, 0, 0 };
  for (guint k = set.first; k < set.first + set.n; k++)
    u = most (u, access_use (c, &c->m->accesses[k], c->m->accesses[k].inner,
                             elem, BNB_MODEL_VECTOR_BYTES, load, 0));
  return u;
}

/* Two uses that cannot stand in for each other add up; `overlap`: a
 * store may feed a later load, which then costs nothing, so only the
 * larger counts. */
static Use
combine (Use a, Use b, gboolean overlap)
{
  Use u;
  u.warps = overlap ? MAX (a.warps, b.warps) : a.warps + b.warps;
  u.warps_ng
      = overlap ? MAX (a.warps_ng, b.warps_ng) : a.warps_ng + b.warps_ng;
  u.per_item
      = overlap ? MAX (a.per_item, b.per_item) : a.per_item + b.per_item;
  u.bytes = overlap ? MAX (a.bytes, b.bytes) : a.bytes + b.bytes;
  u.footprint = 0;
  return u;
}

static void
add_use (Work *w, Use u, double *bytes)
{
  w->warps += u.warps;
  w->warps_ng += u.warps_ng;
  w->mem_warps += u.warps;
  w->mem_warps_ng += u.warps_ng;
  w->per_item += u.per_item;
  *bytes += u.bytes;
}

/* The loads and the stores of each array.  An inout array's accesses all
 * use the same subscripts and its loads come first (ir/check.c): each
 * element is loaded before it is stored, so both count. */
static void
add_arrays (const Ctx *c, Work *w)
{
  for (guint a = 0; a < c->m->n_arrays; a++)
    {
      const BnbModelArray *ar = &c->m->arrays[a];
      Use l = set_use (c, ar->loads, ar->elem, TRUE);
      Use s = set_use (c, ar->stores, ar->elem, FALSE);
      add_use (w, combine (l, s, ar->loads.n && ar->stores.n && !ar->inout),
               &w->cache_bytes);
      w->in_bytes += l.footprint;
      w->out_bytes += s.footprint;
    }
}

/* Codegen puts a barrier between producer and consumer of a temporary in
 * local or global memory unless every work-item has slots of its own: a
 * level both take from each local id in use.  It certainly does when
 * some local id is in use and no level of theirs may be on it for both. */
static gboolean
comm_crosses (const Ctx *c, const BnbModelComm *mc)
{
  for (guint h = 0; h < 3; h++)
    {
      BnbDomain bit = KIND_BIT (BNB_KIND_THREAD_X + h);
      gboolean own = c->lmin[h] <= 1;
      for (guint k = 0; k < mc->n_levels && !own; k++)
        own = (c->kind[mc->level_dims[k][0]] & bit)
              && (c->kind[mc->level_dims[k][1]] & bit);
      if (!own)
        return TRUE;
    }
  return FALSE;
}

/* Whether local memory stores a slot (choices/storage.c): certainly
 * (1) when a pair's producer dim is certainly a work-item dim and its
 * consumer's is never elided, or a shared dim is certainly a work-item
 * dim; certainly not (0) when every pair has a dim certainly elided and
 * no shared dim may be a work-item dim; else -1. */
static int
slot_stored (const Ctx *c, const BnbModelSlot *sl)
{
  const BnbDomain elided = KIND_BIT (BNB_KIND_ELIDED);
  gboolean never = TRUE;
  for (guint q = 0; q < sl->n_pairs; q++)
    {
      BnbDomain kp = c->kind[sl->pairs[q][0]], kc = c->kind[sl->pairs[q][1]];
      if (kp && (kp & ~THREAD_BITS) == 0 && !(kc & elided))
        return 1;
      never &= kp == elided || kc == elided;
    }
  for (guint i = 0; i < sl->n_shared; i++)
    {
      BnbDomain k = c->kind[sl->shared[i]];
      if (k && (k & ~THREAD_BITS) == 0)
        return 1;
      never &= (k & THREAD_BITS) == 0;
    }
  return never ? 0 : -1;
}

/* The innermost slot of a temporary certainly in local memory, when the
 * node already decides it; else BNB_MODEL_NONE. */
static guint
innermost_slot (const Ctx *c, const BnbModelTemp *tp)
{
  if (domain (c, tp->mem_choice) != KIND_BIT (BNB_MEM_LOCAL))
    return BNB_MODEL_NONE;
  for (guint s = tp->n_slots; s-- > 0;)
    switch (slot_stored (c, &tp->slots[s]))
      {
      case 1:
        return s;
      case -1:
        return BNB_MODEL_NONE;
      default:
        break;
      }
  return BNB_MODEL_NONE;
}

/* The layouts a temporary's array in local memory may have below the
 * node, as codegen lays them out: per layout, per slot of the model's
 * table, the elements between consecutive indices of its level, -1 where
 * local memory does not store it.  One where the node decides the
 * layout (kinds, fusions, sizes and padding); one per padding still open
 * where the padding is all the node leaves open of it (the least over
 * them then bounds every leaf below); 0 where more is open. */
static guint
local_layouts (const Ctx *c, guint t,
               double stride[BNB_PAD_COUNT][BNB_MODEL_MAX_SLOTS])
{
  const BnbModelTemp *tp = &c->m->temps[t];
  BnbChoiceReader r = { c->node, FALSE, { 0, 0 } };
  BnbStorageLevel levels[BNB_MODEL_MAX_SLOTS];
  guint level[BNB_MODEL_MAX_SLOTS]; /* per slot, its level (count: none) */
  BnbPad pad;
  guint count, k = 0, n = 0, pads = 0; /* pads: a bit per layout */
  if (tp->n_slots == 0
      || domain (c, tp->mem_choice) != KIND_BIT (BNB_MEM_LOCAL))
    return 0;
  count = bnb_choice_read_storage (&r, t, levels, &pad);
  if (count > tp->n_slots)
    return 0;
  if (!r.open)
    pads = 1u << pad;
  else if (r.split.choice == tp->pad_choice)
    for (guint v = 0; v < BNB_PAD_COUNT; v++)
      if (domain (c, tp->pad_choice) >> v & 1)
        pads |= 1u << bnb_choice_pad_layout (levels, count, (BnbPad)v);
  for (guint s = 0; s < tp->n_slots; s++)
    {
      const BnbModelSlot *sl = &tp->slots[s];
      const BnbModelDim *d
          = &c->m->dims[sl->n_pairs ? sl->pairs[0][0] : sl->shared[0]];
      level[s] = count;
      if (k < count && levels[k].logical == d->logical
          && levels[k].level == d->level)
        level[s] = k++;
    }
  if (k != count)
    return 0;
  for (guint p = 0; p < BNB_PAD_COUNT; p++)
    if (pads >> p & 1)
      {
        for (guint s = 0; s < tp->n_slots; s++)
          stride[n][s]
              = level[s] < count
                    ? (double)bnb_choice_storage_stride (levels, count,
                                                         (BnbPad)p, level[s])
                    : -1;
        n++;
      }
  return n;
}

/* The distinct words one bank serves, at most over the banks, for a
 * warp whose work-items start at the word offsets `offs` (sorted, never
 * negative) and each read `run` adjacent words: runs that overlap share
 * their words. */
static double
bank_words (const Ctx *c, const gint64 *offs, guint n, gint64 run)
{
  const gint64 banks = (gint64)c->m->fig.banks;
  guint per[BNB_MODEL_MAX_BANKS] = { 0 }, most = 0;
  gint64 next = 0;
  for (guint i = 0; i < n; i++)
    {
      gint64 w = MAX (offs[i], next), last = offs[i] + run - 1;
      for (guint k = (guint)(w % banks); w <= last; w++)
        {
          per[k]++;
          most = MAX (most, per[k]);
          k = k + 1 == (guint)banks ? 0 : k + 1;
        }
      next = MAX (next, last + 1);
    }
  return most;
}

/* Bank cycles per warp instruction of one element a work-item, for one
 * side of a communication (0: the writer, 1: the reader) of a temporary
 * whose local layout is `stride` (local_layouts): the least over the
 * warps of a work-group and over the widths a compiler may merge a
 * work-item's adjacent elements into (up to 16 bytes, or one element
 * where they are never adjacent), per element.  Local memory has
 * `banks` banks, each serving one distinct word a cycle (work-items that
 * read one word share it), so a warp access takes at least the most
 * distinct words one bank holds.  0 where anything it needs is open: the
 * local sizes, the dims on local ids, a vector dim, a guard that may
 * idle work-items; or where an element is not whole words; and for the
 * stores of a load that may interleave. */
static double
bank_cycles (const Ctx *c, const BnbModelTemp *tp, const BnbModelComm *mc,
             guint side, const double *stride, guint inner)
{
  const BnbModelInst *in = &c->m->insts[(side ? &mc->read : &mc->write)->inst];
  const gint64 simd = (gint64)c->m->fig.simd;
  const gint64 words = (gint64)(tp->elem / c->m->fig.bank_bytes);
  gint64 coef[3] = { 0, 0, 0 }, size[3], active[3], items = 1;
  gint64 offs[BNB_MODEL_MAX_WARP], seen[BNB_MODEL_SHAPES][BNB_MODEL_MAX_WARP];
  guint n_seen = 0, seen_n[BNB_MODEL_SHAPES], widths;
  double best = INFINITY;
  /* an interleaving load stores along other strides than its layout's:
   * no bank term (the least over both) */
  if (words < 1 || words * c->m->fig.bank_bytes != tp->elem
      || !inst_never_guarded (c, in) || may_vector (c, in)
      || (side == 0 && may_interleave (c, in)))
    return 0;
  for (guint h = 0; h < 3; h++)
    {
      if (c->lmin[h] != c->lmax[h])
        return 0;
      active[h] = size[h] = (gint64)c->lmax[h];
      items *= size[h];
    }
  for (guint s = 0; s < tp->n_slots; s++)
    if (stride[s] >= 0 && mc->slot_pos[s][side] == BNB_MODEL_NONE)
      return 0;
  for (guint j = 0; j < in->n_dims; j++)
    {
      guint d = in->dims[j], h;
      BnbDomain k = c->kind[d];
      if ((k & THREAD_BITS) == 0)
        continue;
      if ((k & ~THREAD_BITS) != 0 || (k & (k - 1)) != 0
          || c->smin[d] != c->smax[d])
        return 0;
      h = (guint)__builtin_ctz (k) - BNB_KIND_THREAD_X;
      active[h] = MIN (active[h], (gint64)c->smin[d]);
      for (guint s = 0; s < tp->n_slots; s++)
        if (mc->slot_pos[s][side] == j && stride[s] >= 0)
          coef[h] += (gint64)stride[s] * words;
    }
  widths = strided_lanes (c, in, inner)
               ? 1
               : (guint)MAX (1, BNB_MODEL_VECTOR_BYTES / tp->elem);
  /* Warps whose work-items' offsets differ by one constant move every
   * word by as much, and so no bank's count: each such shape once. */
  gint64 x = 0, y = 0, z = 0; /* of work-item `first`, counted along */
  for (gint64 first = 0; first < items; first += simd)
    {
      guint n = 0;
      gboolean known = FALSE;
      for (gint64 l = first; l < MIN (first + simd, items); l++)
        {
          if (x < active[0] && y < active[1] && z < active[2])
            offs[n++] = coef[0] * x + coef[1] * y + coef[2] * z;
          if (++x == size[0])
            {
              x = 0;
              if (++y == size[1])
                y = 0, z++;
            }
        }
      for (guint i = 0; i < n_seen && !known && n > 0; i++)
        {
          known = seen_n[i] == n;
          for (guint j = 0; j < n && known; j++)
            known = seen[i][j] == offs[j] - offs[0];
        }
      if (n == 0 || known)
        continue;
      if (n_seen < BNB_MODEL_SHAPES)
        {
          for (guint j = 0; j < n; j++)
            seen[n_seen][j] = offs[j] - offs[0];
          seen_n[n_seen++] = n;
        }
      for (guint i = 1; i < n; i++) /* insertion: n is a warp at most */
        for (guint j = i; j > 0 && offs[j - 1] > offs[j]; j--)
          {
            gint64 t = offs[j];
            offs[j] = offs[j - 1];
            offs[j - 1] = t;
          }
      for (guint v = 1; v <= widths; v *= 2)
        best = MIN (best, bank_words (c, offs, n, v * words) / v);
    }
  return isfinite (best) ? best : 0;
}

/* The bytes a compiler may merge one side's scalar accesses to a
 * temporary into (0: the writer, 1: the reader): the device's figure
 * where the temporary is certainly in local memory and the address
 * certainly holds a local id (a slot local memory certainly stores,
 * indexed by a dim certainly on a local id: NVIDIA's compiler merged
 * none of those, bench/cl-binary.c); else a vector's. */
static double
temp_merge (const Ctx *c, const BnbModelTemp *tp, const BnbModelComm *mc,
            guint side)
{
  if (domain (c, tp->mem_choice) != KIND_BIT (BNB_MEM_LOCAL))
    return BNB_MODEL_VECTOR_BYTES;
  for (guint s = 0; s < tp->n_slots; s++)
    {
      guint pos = mc->slot_pos[s][side];
      guint inst = side ? mc->read.inst : mc->write.inst;
      BnbDomain k;
      if (pos == BNB_MODEL_NONE || slot_stored (c, &tp->slots[s]) != 1)
        continue;
      k = c->kind[c->m->insts[inst].dims[pos]];
      if (k && (k & ~THREAD_BITS) == 0)
        return c->m->fig.merge_bytes;
    }
  return BNB_MODEL_VECTOR_BYTES;
}

/* The least of two uses, field by field: below a node whose padding is
 * open, each leaf's use is at least one of its paddings', so at least
 * this. */
static Use
least (Use a, Use b)
{
  Use u;
  u.warps = MIN (a.warps, b.warps);
  u.warps_ng = MIN (a.warps_ng, b.warps_ng);
  u.per_item = MIN (a.per_item, b.per_item);
  u.bytes = MIN (a.bytes, b.bytes);
  u.footprint = MIN (a.footprint, b.footprint);
  return u;
}

/* A temporary's accesses count only across a barrier: without one, a
 * compiler may forward the stores to the loads.  `stride`: its layout in
 * local memory (local_layouts), or NULL where it is open (no bank
 * conflicts counted). */
static Use
temp_use_in (const Ctx *c, const BnbModelTemp *tp, const double *stride)
{
  Use writes = { 0, 0, 0, 0, 0 }, reads = writes;
  guint s = innermost_slot (c, tp);
  gboolean banked = stride != NULL;
  for (guint k = tp->first_comm; k < tp->first_comm + tp->n_comms; k++)
    {
      const BnbModelComm *mc = &c->m->comms[k];
      guint wpos = s == BNB_MODEL_NONE ? s : mc->slot_pos[s][0];
      guint rpos = s == BNB_MODEL_NONE ? s : mc->slot_pos[s][1];
      if (!comm_crosses (c, mc))
        continue;
      if (mc->writes)
        writes = most (writes, access_use (c, &mc->write, wpos, tp->elem,
                                           temp_merge (c, tp, mc, 0), FALSE,
                                           banked ? bank_cycles (c, tp, mc, 0,
                                                                 stride, wpos)
                                                  : 0));
      reads
          = most (reads,
                  access_use (c, &mc->read, rpos, tp->elem,
                              temp_merge (c, tp, mc, 1), FALSE,
                              banked ? bank_cycles (c, tp, mc, 1, stride, rpos)
                                     : 0));
    }
  return combine (writes, reads, FALSE);
}

/* temp_use_in at the least over the layouts the node leaves open: where
 * only the padding is open, the bank conflicts of the padding that has
 * fewest (on mxm at 1024^3 on h200.ini, a node at 40.63 us, seeing no
 * bank conflict, whose padded and unpadded children bound at 42.25 and
 * 58.3 us now bounds at 46.26 us: docs/model.md, "Banks"). */
static Use
temp_use (const Ctx *c, const BnbModelTemp *tp)
{
  double stride[BNB_PAD_COUNT][BNB_MODEL_MAX_SLOTS];
  guint n = c->m->fig.banks > 0
                ? local_layouts (c, (guint)(tp - c->m->temps), stride)
                : 0;
  Use u = temp_use_in (c, tp, n ? stride[0] : NULL);
  for (guint i = 1; i < n; i++)
    u = least (u, temp_use_in (c, tp, stride[i]));
  return u;
}

static void
add_temps (const Ctx *c, Work *w)
{
  const BnbDomain local = KIND_BIT (BNB_MEM_LOCAL);
  const BnbDomain global = KIND_BIT (BNB_MEM_GLOBAL);
  for (guint t = 0; t < c->m->n_temps; t++)
    {
      const BnbModelTemp *tp = &c->m->temps[t];
      BnbDomain mem = domain (c, tp->mem_choice);
      double ignored = 0;
      if (mem & KIND_BIT (BNB_MEM_PRIVATE))
        continue;
      add_use (w, temp_use (c, tp),
               mem == local    ? &w->local_bytes
               : mem == global ? &w->cache_bytes
                               : &ignored);
    }
}

/* The loop steps one work-group runs one after another, each split by a
 * barrier: for a communication that certainly crosses work-items through
 * a temporary certainly in local or global memory, codegen puts a
 * barrier under the loops holding both producer and consumer, and a
 * second after the consumer where those loops repeat; the dims the two
 * instructions share (the pairs of the comm's levels that are one dim)
 * are such loops where they are certainly `loop` or `unroll`.
 * Communications in the same loops share their barriers: the most, not
 * the sum.  A step's cost (barrier_step_cycles) was measured with its two
 * barriers; where prefetch(v) may still be `double`, which keeps one of
 * them, a step counts half. */
static double
barrier_steps (const Ctx *c)
{
  const BnbDomain seq = KIND_BIT (BNB_KIND_LOOP) | KIND_BIT (BNB_KIND_UNROLL);
  double most = 0;
  for (guint t = 0; t < c->m->n_temps; t++)
    {
      const BnbModelTemp *tp = &c->m->temps[t];
      if (domain (c, tp->mem_choice) & KIND_BIT (BNB_MEM_PRIVATE))
        continue;
      for (guint k = tp->first_comm; k < tp->first_comm + tp->n_comms; k++)
        {
          const BnbModelComm *mc = &c->m->comms[k];
          double steps = 1;
          if (!comm_crosses (c, mc))
            continue;
          for (guint l = 0; l < mc->n_levels; l++)
            {
              guint d = mc->level_dims[l][0];
              if (d == mc->level_dims[l][1] && c->kind[d]
                  && (c->kind[d] & ~seq) == 0)
                steps *= c->smin[d];
            }
          if (steps < 2)
            continue;
          if (domain (c, tp->prefetch_choice) & (1u << BNB_PREFETCH_DOUBLE))
            steps *= 0.5;
          most = MAX (most, steps);
        }
    }
  return most;
}

static void
node_ranges (Ctx *c)
{
  logical_ranges (c);
  dim_ranges (c);
  local_ranges (c);
  group_ranges (c);
}

static void
node_work (const Ctx *c, Work *w)
{
  *w = (Work){ 0 };
  for (guint i = 0; i < c->m->n_insts; i++)
    add_inst (c, &c->m->insts[i], w);
  add_arrays (c, w);
  add_temps (c, w);
}

/* min over integers g in [lo, hi] of ceil(g / units) / g, times units. */
static double
wave_factor (double lo, double hi, double units)
{
  double waves = ceil (lo / units);
  if (waves * units <= hi)
    return 1;
  return units * waves / hi;
}

/* Of the units (GPU: warp schedulers, CPU: cores) how many can work. */
static double
busy_fraction (const Ctx *c)
{
  const BnbModelFigures *f = &c->m->fig;
  double all = f->units * f->partitions;
  double per_group = MIN (f->partitions, ceil (c->wmax / f->simd));
  if (!f->gpu)
    per_group = 1;
  return MIN (all, c->gmax * per_group) / all;
}

static double
ratio (double work, double rate)
{
  return rate > 0 ? work / rate : 0;
}

static void
terms (const Ctx *c, const Work *w, double *t)
{
  const BnbModelFigures *f = &c->m->fig;
  double busy = busy_fraction (c);
  double units_busy = MIN (c->gmax, f->units) / f->units;
  double waves = wave_factor (c->gmin, c->gmax, f->units);
  double per_unit_issue = f->clock_hz * f->partitions * f->units;
  double mem_rate = f->gpu ? f->clock_hz * f->mem_warps * f->units : 0;
  double dram = MAX (0, w->in_bytes - f->on_chip_bytes)
                + MAX (0, w->out_bytes - f->on_chip_bytes);
  t[BNB_MODEL_TERM_LAUNCH] = f->launch_s;
  t[BNB_MODEL_TERM_FP32] = ratio (w->flops, f->fp32_flops * busy);
  t[BNB_MODEL_TERM_ISSUE]
      = f->issue_bound ? ratio (w->warps, per_unit_issue * busy) : 0;
  t[BNB_MODEL_TERM_BLOCK]
      = waves
        * MAX (MAX (ratio (w->flops_ng, f->fp32_flops),
                    f->issue_bound ? ratio (w->warps_ng, per_unit_issue) : 0),
               ratio (w->mem_warps_ng, mem_rate));
  t[BNB_MODEL_TERM_MEMPIPE] = ratio (w->mem_warps, mem_rate * units_busy);
  t[BNB_MODEL_TERM_GROUPS] = ratio (c->gmin, f->group_rate);
  t[BNB_MODEL_TERM_BARRIER] = barrier_steps (c) * f->barrier_step_s;
  t[BNB_MODEL_TERM_THREAD] = f->gpu ? ratio (w->per_item, f->clock_hz) : 0;
  t[BNB_MODEL_TERM_CHAIN] = ratio (w->chain_cycles, f->clock_hz);
  t[BNB_MODEL_TERM_DRAM] = ratio (dram, f->dram_bytes_s);
  t[BNB_MODEL_TERM_CACHE]
      = ratio (w->cache_bytes, f->cache_bytes_s * units_busy);
  t[BNB_MODEL_TERM_LOCAL]
      = ratio (w->local_bytes, f->local_bytes_s * units_busy);
  t[BNB_MODEL_TERM_SRAM] = f->one_sram ? t[BNB_MODEL_TERM_CACHE]
                                             + t[BNB_MODEL_TERM_LOCAL]
                                       : 0;
}

static BnbModelTerm
largest_unused (const double *t, const gboolean *used)
{
  BnbModelTerm best = BNB_MODEL_TERM_COUNT;
  for (guint k = 0; k < BNB_MODEL_TERM_COUNT; k++)
    if (!used[k] && (best == BNB_MODEL_TERM_COUNT || t[k] > t[best]))
      best = k;
  return best;
}

static void
explain_fill (const double *t, double bound, BnbModelExplain *e)
{
  gboolean used[BNB_MODEL_TERM_COUNT] = { FALSE };
  BnbModelTerm rank[3];
  for (guint r = 0; r < 3; r++)
    used[rank[r] = largest_unused (t, used)] = TRUE;
  for (guint k = 0; k < BNB_MODEL_TERM_COUNT; k++)
    e->values[k] = t[k];
  e->bound = bound;
  e->term = rank[0];
  e->next[0] = rank[1];
  e->next[1] = rank[2];
}

double
bnb_model_bound (const BnbModel *m, const BnbChoiceNode *node,
                 BnbModelExplain *explain)
{
  Ctx c;
  Work w;
  double t[BNB_MODEL_TERM_COUNT], best = G_MINDOUBLE;
  g_return_val_if_fail (bnb_choice_node_space (node) == m->space, 0);
  c.m = m;
  c.node = node;
  node_ranges (&c);
  node_work (&c, &w);
  terms (&c, &w, t);
  for (guint k = 0; k < BNB_MODEL_TERM_COUNT; k++)
    best = MAX (best, t[k] = isfinite (t[k]) ? t[k] : 0);
  if (explain)
    explain_fill (t, best, explain);
  return best;
}

double
bnb_model_warps_most (const BnbModel *m, const BnbChoiceNode *node)
{
  const BnbModelFigures *f = &m->fig;
  Ctx c;
  if (!f->gpu || f->simd < 1 || f->units < 1 || f->partitions < 1)
    return 0;
  c.m = m;
  c.node = node;
  node_ranges (&c);
  return ceil (c.wmax / f->simd) * ceil (c.gmax / f->units) / f->partitions;
}

double
bnb_model_bound_desc (const BnbChoiceNode *node, const BnbDeviceDesc *desc,
                      BnbModelExplain *explain, GError **error)
{
  g_autoptr (BnbModel) m
      = bnb_model_new (bnb_choice_node_space (node), desc, error);
  return m ? bnb_model_bound (m, node, explain) : -1;
}
