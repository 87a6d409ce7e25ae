/* The constraints that span the whole kernel: the work-group size (the
 * product of the sizes on local ids x, y, z), at most three work-group
 * dims, the local memory the temporaries take, the copies of one
 * instruction that unrolling makes, and the local ids used in order (a
 * kernel on ids x and z is the kernel on x and y, renamed).  Inner nodes
 * get bounds reasoning (the smallest sizes still possible); leaves an
 * exact check. */
#include "choices/choices-private.h"

#include <stdarg.h>

static gboolean
kind_is (const BnbChoiceNode *n, guint dim, BnbKind k)
{
  return n->dom[n->space->kind_base + dim] == (1u << k);
}

static gboolean
kind_may (const BnbChoiceNode *n, guint dim, BnbKind k)
{
  return bnb_dom_has (n->dom[n->space->kind_base + dim], k);
}

static gboolean
certainly_fused (const BnbChoiceNode *n, guint d, guint e)
{
  return bnb_node_order (n, d, e) == (1u << BNB_ORDER_FUSED);
}

/* Work-group dims that are certainly so, counted once per fused group. */
static guint
block_groups (const BnbChoiceNode *n)
{
  guint groups = 0;
  for (guint d = 0; d < n->space->n_dims; d++)
    {
      gboolean first = kind_is (n, d, BNB_KIND_BLOCK);
      for (guint e = 0; first && e < d; e++)
        first = !(kind_is (n, e, BNB_KIND_BLOCK) && certainly_fused (n, d, e));
      groups += first;
    }
  return groups;
}

/* Smallest size each local id can have given the dims certainly on it. */
static void
thread_min_sizes (const BnbChoiceNode *n, guint64 min[3])
{
  for (guint h = 0; h < 3; h++)
    {
      min[h] = 1;
      for (guint d = 0; d < n->space->n_dims; d++)
        if (kind_is (n, d, BNB_KIND_THREAD_X + h))
          min[h] = MAX (min[h], bnb_node_dim_min_size (n, d));
    }
}

/* The design rule "ids in order" (docs/space.md): a dim on local id h
 * only if one is on id h - 1.  Work-items are numbered x first, then y,
 * then z, and an id no dim is on has size 1, so a kernel that skips an id
 * runs the same work-items in the same order, warp for warp, as the one
 * whose later ids move down into the gap; it differs only in the id it
 * names.  That kernel is as feasible where the device's item sizes do not
 * grow from x to z (every device we know), and only there does the rule
 * apply. */
static gboolean
ids_in_order (const BnbChoiceSpace *s)
{
  const guint *m = s->limits.max_work_item_sizes;
  return !s->limits.every_design && m[0] >= m[1] && m[1] >= m[2];
}

/* Whether some dim may be, or (`certain`) certainly is, on local id h. */
static gboolean
id_used (const BnbChoiceNode *n, guint h, gboolean certain)
{
  for (guint d = 0; d < n->space->n_dims; d++)
    if (certain ? kind_is (n, d, BNB_KIND_THREAD_X + h)
                : kind_may (n, d, BNB_KIND_THREAD_X + h))
      return TRUE;
  return FALSE;
}

/* The first local id certainly used while no dim may be on the id before
 * it, or 0 if none. */
static guint
id_out_of_order (const BnbChoiceNode *n)
{
  if (!ids_in_order (n->space))
    return 0;
  for (guint h = 1; h < 3; h++)
    if (id_used (n, h, TRUE) && !id_used (n, h - 1, FALSE))
      return h;
  return 0;
}

static gboolean
fail (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError **error, const char *format, ...)
{
  va_list ap;
  if (error)
    {
      va_start (ap, format);
      *error = g_error_new_valist (BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD,
                                   format, ap);
      va_end (ap);
    }
  return FALSE;
}

/* Copies of an instruction that unrolling its dims makes, with the
 * smallest sizes still possible for the dims certainly unrolled. */
static guint64
inst_unrolled_min (const BnbChoiceNode *n, const BnbIrInst *inst)
{
  guint64 copies = 1;
  for (guint k = 0; k < inst->n_dims; k++)
    if (kind_is (n, inst->dims[k], BNB_KIND_UNROLL))
      copies *= bnb_node_dim_min_size (n, inst->dims[k]);
  return copies;
}

static gboolean
unrolled_ok (const BnbChoiceNode *n)
{
  const BnbIrKernel *k = n->space->kernel;
  for (guint i = 0; i < k->insts->len; i++)
    if (inst_unrolled_min (n, bnb_ir_inst (k, i))
        > n->space->limits.max_unrolled)
      return FALSE;
  return TRUE;
}

gboolean
bnb_node_global_ok (const BnbChoiceNode *n, GError **error)
{
  const BnbChoiceLimits *l = &n->space->limits;
  guint64 size[3], wg;
  thread_min_sizes (n, size);
  wg = size[0] * size[1] * size[2];
  if (wg > l->max_work_group_size)
    return fail (error, "work-group of %" G_GUINT64_FORMAT " work-items",
                 wg);
  if (block_groups (n) > 3)
    return fail (error, "more than three work-group dims");
  if (!unrolled_ok (n))
    return fail (error, "an instruction unrolled into more than %u copies",
                 n->space->limits.max_unrolled);
  if (bnb_choice_leaf_local_bytes (n) > l->local_mem_bytes)
    return fail (error, "local memory over the limit");
  guint h = id_out_of_order (n);
  if (h != 0)
    return fail (error,
                 "a dim on local id %c with none on %c: under the design "
                 "rules the ids are used in order, and this kernel is "
                 "the one with the later ids moved down",
                 "xyz"[h], "xyz"[h - 1]);
  return TRUE;
}

typedef struct {
  BnbChoiceNode *n;
  guint *changed;
  guint *n_changed;
  gboolean dead;
} Narrow;

static void
narrow (Narrow *g, guint choice, BnbDomain remove)
{
  BnbDomain old = g->n->dom[choice];
  if (!(old & remove))
    return;
  g->n->dom[choice] = old & ~remove;
  g->dead |= g->n->dom[choice] == 0;
  g->changed[(*g->n_changed)++] = choice;
}

static void
bound_work_group (Narrow *g)
{
  const BnbChoiceSpace *s = g->n->space;
  guint64 min[3], wg;
  thread_min_sizes (g->n, min);
  wg = min[0] * min[1] * min[2];
  g->dead |= wg > s->limits.max_work_group_size;
  for (guint d = 0; d < s->n_dims && !g->dead; d++)
    for (guint h = 0; h < 3; h++)
      {
        guint64 others = wg / min[h];
        guint64 m = MAX (min[h], bnb_node_dim_min_size (g->n, d));
        if (kind_may (g->n, d, BNB_KIND_THREAD_X + h)
            && others * m > s->limits.max_work_group_size)
          narrow (g, s->kind_base + d, 1u << (BNB_KIND_THREAD_X + h));
      }
}

/* No dim on id h while none may be on id h - 1; and where id h is
 * certainly used (id y also where z is, by the rule itself) and only one
 * dim may be on id h - 1, that one is on it (else the ids rule would only
 * be found broken once that dim is decided otherwise, at the bottom of a
 * subtree every leaf of which breaks it). */
static void
order_ids (Narrow *g)
{
  const BnbChoiceSpace *s = g->n->space;
  if (!ids_in_order (s))
    return;
  for (guint h = 1; h < 3 && !g->dead; h++)
    {
      guint may = 0, last = 0;
      for (guint d = 0; d < s->n_dims; d++)
        if (kind_may (g->n, d, BNB_KIND_THREAD_X + h - 1))
          may++, last = d;
      if (may == 0)
        for (guint d = 0; d < s->n_dims && !g->dead; d++)
          narrow (g, s->kind_base + d, 1u << (BNB_KIND_THREAD_X + h));
      else if (may == 1
               && (id_used (g->n, h, TRUE)
                   || (h == 1 && id_used (g->n, 2, TRUE))))
        narrow (g, s->kind_base + last,
                ~(BnbDomain)(1u << (BNB_KIND_THREAD_X + h - 1)));
    }
}

static void
bound_unrolling (Narrow *g)
{
  const BnbChoiceSpace *s = g->n->space;
  guint64 limit = s->limits.max_unrolled;
  for (guint i = 0; i < s->n_insts && !g->dead; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (s->kernel, i);
      guint64 copies = inst_unrolled_min (g->n, inst);
      g->dead |= copies > limit;
      for (guint k = 0; k < inst->n_dims && !g->dead; k++)
        {
          guint d = inst->dims[k];
          if (kind_may (g->n, d, BNB_KIND_UNROLL)
              && !kind_is (g->n, d, BNB_KIND_UNROLL)
              && copies * bnb_node_dim_min_size (g->n, d) > limit)
            narrow (g, s->kind_base + d, 1u << BNB_KIND_UNROLL);
        }
    }
}

static void
bound_local_memory (Narrow *g)
{
  const BnbChoiceSpace *s = g->n->space;
  BnbDomain local = 1u << BNB_MEM_LOCAL;
  guint64 certain = 0;
  for (guint t = 0; t < s->n_temps; t++)
    if (g->n->dom[s->mem_base + t] == local)
      certain += bnb_temp_local_min_bytes (g->n, t);
  g->dead |= certain > s->limits.local_mem_bytes;
  for (guint t = 0; t < s->n_temps && !g->dead; t++)
    if (g->n->dom[s->mem_base + t] != local
        && certain + bnb_temp_local_min_bytes (g->n, t)
               > s->limits.local_mem_bytes)
      narrow (g, s->mem_base + t, local);
}

BnbChoiceStatus
bnb_node_global_propagate (BnbChoiceNode *n, guint *changed,
                           guint *n_changed)
{
  Narrow g = { n, changed, n_changed, FALSE };
  *n_changed = 0;
  bound_work_group (&g);
  if (!g.dead)
    bound_local_memory (&g);
  if (!g.dead)
    bound_unrolling (&g);
  if (!g.dead)
    order_ids (&g);
  g.dead |= block_groups (n) > 3;
  return g.dead ? BNB_CHOICE_DEAD : BNB_CHOICE_ALIVE;
}
