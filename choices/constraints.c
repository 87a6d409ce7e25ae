/* The constraints of a space, stated as data: one BnbCon per instance of a
 * rule, over the choices it relates.  Each rule says why it exists next to
 * the function that adds it; propagate.c gives their meaning. */
#include "choices/choices-private.h"

#include <stdarg.h>
#include <string.h>

static guint
kind_ch (const BnbChoiceSpace *s, guint dim)
{
  return s->kind_base + dim;
}

static guint
order_ch (const BnbChoiceSpace *s, guint x, guint y)
{
  return s->order_index[x * s->n_items + y];
}

static guint
tile_ch (const BnbChoiceSpace *s, guint dim)
{
  guint tv = s->dim_info[dim].tile_var;
  return tv == BNB_NONE ? BNB_NONE : s->tile_base + tv;
}

static BnbDomain
initial (const BnbChoiceSpace *s, guint choice)
{
  return s->initial[choice];
}

static gboolean
kind_may (const BnbChoiceSpace *s, guint dim, BnbKind k)
{
  return bnb_dom_has (initial (s, kind_ch (s, dim)), k);
}

static gboolean
thread_may (const BnbChoiceSpace *s, guint dim)
{
  return kind_may (s, dim, BNB_KIND_THREAD_X)
         || kind_may (s, dim, BNB_KIND_THREAD_Y)
         || kind_may (s, dim, BNB_KIND_THREAD_Z);
}

static gboolean
order_may (const BnbChoiceSpace *s, guint x, guint y, BnbOrder o)
{
  return bnb_dom_has (bnb_node_order_static (s, x, y), o);
}

static void
add (BnbChoiceSpace *s, BnbConType type, guint a0, guint a1, guint n, ...)
{
  BnbCon c = { .type = type, .n_scope = 0, .arg = { a0, a1 } };
  va_list ap;
  va_start (ap, n);
  for (guint i = 0; i < n; i++)
    {
      guint ch = va_arg (ap, guint);
      if (ch != BNB_NONE)
        c.scope[c.n_scope++] = ch;
    }
  va_end (ap);
  g_array_append_val (s->cons, c);
}

/* Orders between any three items must be realizable as a loop tree. */
static void
add_triangles (BnbChoiceSpace *s)
{
  for (guint x = 0; x < s->n_items; x++)
    for (guint y = x + 1; y < s->n_items; y++)
      for (guint z = y + 1; z < s->n_items; z++)
        add (s, BNB_CON_TRIANGLE, x, z, 3, order_ch (s, x, y),
             order_ch (s, y, z), order_ch (s, x, z));
}

/* An instruction sits in a loop only if the loop is one of its dims or is
 * fused with one of them.  A split dim holds the instructions it lacks
 * on its own terms (add_split_rules). */
static void
add_inst_in (BnbChoiceSpace *s)
{
  for (guint i = 0; i < s->n_insts; i++)
    for (guint d = 0; d < s->n_dims; d++)
      {
        guint item = s->n_dims + i;
        if (bnb_ir_inst_has_dim (bnb_ir_inst (s->kernel, i), d)
            || s->dim_info[d].split)
          continue;
        if (order_may (s, item, d, BNB_ORDER_INSIDE))
          add (s, BNB_CON_INST_IN, item, d, 1, order_ch (s, d, item));
      }
}

/* An elided dim has no place in the tree: its orders are all absent. */
static void
add_absent (BnbChoiceSpace *s)
{
  for (guint x = 0; x < s->n_items; x++)
    for (guint y = x + 1; y < s->n_items; y++)
      {
        if (!order_may (s, x, y, BNB_ORDER_ABSENT))
          continue;
        guint kx = x < s->n_dims && kind_may (s, x, BNB_KIND_ELIDED)
                       ? kind_ch (s, x) : BNB_NONE;
        guint ky = y < s->n_dims && kind_may (s, y, BNB_KIND_ELIDED)
                       ? kind_ch (s, y) : BNB_NONE;
        add (s, BNB_CON_ABSENT, x, y, 3, order_ch (s, x, y), kx, ky);
      }
}

static void
add_dim_rules (BnbChoiceSpace *s)
{
  for (guint d = 0; d < s->n_dims; d++)
    {
      if (tile_ch (s, d) == BNB_NONE)
        continue;
      add (s, BNB_CON_ELIDE_TILE, d, 0, 2, kind_ch (s, d), tile_ch (s, d));
      add (s, BNB_CON_KIND_SIZE, d, 0, 2, kind_ch (s, d), tile_ch (s, d));
    }
}

/* Fused dims are one loop: same size, same kind. */
static void
add_fusion_rules (BnbChoiceSpace *s)
{
  for (guint d = 0; d < s->n_dims; d++)
    for (guint e = d + 1; e < s->n_dims; e++)
      {
        if (!order_may (s, d, e, BNB_ORDER_FUSED))
          continue;
        add (s, BNB_CON_FUSE_KIND, d, e, 3, order_ch (s, d, e),
             kind_ch (s, d), kind_ch (s, e));
        if (tile_ch (s, d) != tile_ch (s, e))
          add (s, BNB_CON_FUSE_SIZE, d, e, 3, order_ch (s, d, e),
               tile_ch (s, d), tile_ch (s, e));
      }
}

/* A vector dim is the innermost loop of its access, alone: nothing but
 * the access itself (the instruction that has the dim) is nested in or
 * fused with it. */
static void
add_vector_rules (BnbChoiceSpace *s)
{
  for (guint d = 0; d < s->n_dims; d++)
    {
      if (!kind_may (s, d, BNB_KIND_VECTOR))
        continue;
      for (guint x = 0; x < s->n_items; x++)
        if (x != d
            && !(x >= s->n_dims
                 && bnb_ir_inst_has_dim (bnb_ir_inst (s->kernel,
                                                      x - s->n_dims),
                                         d))
            && (order_may (s, x, d, BNB_ORDER_INSIDE)
                || order_may (s, x, d, BNB_ORDER_FUSED)))
          add (s, BNB_CON_VECTOR_ALONE, d, x, 2, kind_ch (s, d),
               order_ch (s, d, x));
    }
}

/* A work-group dim holds every instruction, and every loop that is not a
 * work-group dim itself. */
static void
add_block_rules (BnbChoiceSpace *s)
{
  for (guint d = 0; d < s->n_dims; d++)
    {
      if (!kind_may (s, d, BNB_KIND_BLOCK))
        continue;
      for (guint i = 0; i < s->n_insts; i++)
        add (s, BNB_CON_BLOCK_INST, d, s->n_dims + i, 2, kind_ch (s, d),
             order_ch (s, d, s->n_dims + i));
      for (guint e = 0; e < s->n_dims; e++)
        if (e != d)
          add (s, BNB_CON_BLOCK_DIM, d, e, 3, kind_ch (s, d), kind_ch (s, e),
               order_ch (s, d, e));
    }
}

/* A split dim (docs/space.md, "Split reductions") holds the
 * instructions it lacks only as a work-group dim: in a loop, the sum
 * would restart at each step.  As one, the split store adds each group's
 * partial sums by atomics, element by element, so none of its dims is a
 * vector; and each group keeps its sums apart, so not in global memory,
 * whose temporaries are indexed by the work-group dims of their own. */
static void
add_split_rules (BnbChoiceSpace *s)
{
  const BnbIrKernel *k = s->kernel;
  for (guint d = 0; d < s->n_dims; d++)
    {
      if (!s->dim_info[d].split)
        continue;
      for (guint i = 0; i < s->n_insts; i++)
        {
          const BnbIrInst *inst = bnb_ir_inst (k, i);
          if (bnb_ir_inst_has_dim (inst, d))
            continue;
          add (s, BNB_CON_SPLIT_INST, d, s->n_dims + i, 2, kind_ch (s, d),
               order_ch (s, d, s->n_dims + i));
          if (inst->value != BNB_IR_NONE)
            {
              guint t = bnb_choice_value_temp (s, inst->value);
              if (t != G_MAXUINT)
                add (s, BNB_CON_SPLIT_MEM, d, t, 2, kind_ch (s, d),
                     s->mem_base + t);
            }
          for (guint e = 0; inst->split && e < inst->n_dims; e++)
            if (kind_may (s, inst->dims[e], BNB_KIND_VECTOR))
              add (s, BNB_CON_SPLIT_VECTOR, d, inst->dims[e], 2,
                   kind_ch (s, d), kind_ch (s, inst->dims[e]));
        }
    }
}

/* Two dims on the same local id are never nested, and have one size. */
static void
add_thread_rules (BnbChoiceSpace *s)
{
  for (guint d = 0; d < s->n_dims; d++)
    for (guint e = d + 1; e < s->n_dims; e++)
      {
        if (!thread_may (s, d) || !thread_may (s, e))
          continue;
        add (s, BNB_CON_THREAD_ORDER, d, e, 3, kind_ch (s, d),
             kind_ch (s, e), order_ch (s, d, e));
        if (tile_ch (s, d) != tile_ch (s, e))
          add (s, BNB_CON_THREAD_SIZE, d, e, 4, kind_ch (s, d),
               kind_ch (s, e), tile_ch (s, d), tile_ch (s, e));
      }
}

/* A temporary in registers needs each communicating pair of loops fused,
 * both unrolled or on the same local id; in local memory, no pair may
 * cross work-groups.  An
 * accumulator shared by work-items must be updated by each of them. */
static void
add_temp_rules (BnbChoiceSpace *s)
{
  const BnbIrKernel *k = s->kernel;
  for (guint t = 0; t < s->n_temps; t++)
    {
      const BnbTemp *temp = &s->temps[t];
      guint mem = s->mem_base + t;
      for (guint q = 0; q < temp->n_pairs; q++)
        {
          guint dp = temp->pairs[q][0], dc = temp->pairs[q][1];
          add (s, BNB_CON_MEM_PAIR, dp, dc, 4, mem, order_ch (s, dp, dc),
               kind_ch (s, dp), kind_ch (s, dc));
        }
      add (s, BNB_CON_PAD_LOCAL, t, 0, 2, s->pad_base + t, mem);
      add (s, BNB_CON_PAD_LOCAL, t, 0, 2, s->prefetch_base + t, mem);
      add (s, BNB_CON_PAD_LOCAL, t, 0, 2, s->interleave_base + t, mem);
      for (guint i = 0; i < s->n_insts; i++)
        {
          const BnbIrInst *inst = bnb_ir_inst (k, i);
          if (!inst->update || inst->value != temp->value)
            continue;
          for (guint d = 0; d < s->n_dims; d++)
            if (!bnb_ir_inst_has_dim (inst, d) && thread_may (s, d))
              add (s, BNB_CON_UPDATE_RACE, d, s->n_dims + i, 3,
                   kind_ch (s, d), order_ch (s, d, s->n_dims + i), mem);
        }
    }
}

/* The dim of `inst` at the level of `dim`'s logical dim, or BNB_NONE. */
static guint
dim_at_level (const BnbIrKernel *k, const BnbIrInst *inst, guint dim)
{
  const BnbIrDim *d = bnb_ir_dim (k, dim);
  return bnb_ir_inst_dim_at (k, inst, d->logical, d->level);
}

/* The dims of `a` that `b` lacks at their level are no work-group dims. */
static void
no_block_alone (BnbChoiceSpace *s, const BnbIrInst *a, const BnbIrInst *b)
{
  for (guint i = 0; i < a->n_dims; i++)
    if (dim_at_level (s->kernel, b, a->dims[i]) == BNB_NONE)
      s->initial[kind_ch (s, a->dims[i])] &= ~(1u << BNB_KIND_BLOCK);
}

/* An element of an inout array is loaded and stored in one work-group:
 * work-groups cannot wait for each other, and a barrier orders the
 * work-items of one only.  So the load's and the store's dims at one
 * level of a logical dim are one loop (fused) or neither is a work-group
 * dim, and a dim of one that the other lacks is no work-group dim (issue
 * 14: gen1007 loaded X5[j, k, i] in the work-group of its k.1 and stored
 * it in that of j.2, and stored before another work-group loaded). */
static void
add_inout_rules (BnbChoiceSpace *s)
{
  const BnbIrKernel *k = s->kernel;
  for (guint i = 0; i < s->n_insts; i++)
    for (guint j = 0; j < s->n_insts; j++)
      {
        const BnbIrInst *load = bnb_ir_inst (k, i);
        const BnbIrInst *store = bnb_ir_inst (k, j);
        if (load->op != BNB_IR_OP_LOAD || store->op != BNB_IR_OP_STORE
            || load->array != store->array
            || bnb_ir_array (k, load->array)->mode != BNB_IR_INOUT)
          continue;
        no_block_alone (s, load, store);
        no_block_alone (s, store, load);
        for (guint q = 0; q < load->n_dims; q++)
          {
            guint dl = load->dims[q], ds = dim_at_level (k, store, dl);
            if (ds == BNB_NONE || ds == dl
                || (!kind_may (s, dl, BNB_KIND_BLOCK)
                    && !kind_may (s, ds, BNB_KIND_BLOCK)))
              continue;
            add (s, BNB_CON_INOUT_PAIR, dl, ds, 3, order_ch (s, dl, ds),
                 kind_ch (s, dl), kind_ch (s, ds));
          }
      }
}

/* Design rule shared-load (docs/space.md): a value loaded from an array
 * and read by an instruction with a dim at a level the load lacks is the
 * same element for every value of that dim.  On a local id, the
 * work-items along it each read it: in registers, each would load it from
 * the array itself; in local memory, the group loads it once.  So a
 * private copy needs that dim off the local ids. */
static void
add_design_rules (BnbChoiceSpace *s)
{
  const BnbIrKernel *k = s->kernel;
  if (s->limits.every_design)
    return;
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      const BnbIrInst *p = bnb_ir_inst (k, comm->producer);
      const BnbIrInst *u = bnb_ir_inst (k, comm->consumer);
      guint t = bnb_choice_value_temp (s, comm->value);
      if (p->op != BNB_IR_OP_LOAD || t == G_MAXUINT)
        continue;
      for (guint i = 0; i < u->n_dims; i++)
        if (dim_at_level (k, p, u->dims[i]) == BNB_NONE
            && thread_may (s, u->dims[i]))
          add (s, BNB_CON_SHARED_LOAD, t, u->dims[i], 2, s->mem_base + t,
               kind_ch (s, u->dims[i]));
    }
}

void
bnb_space_add_constraints (BnbChoiceSpace *s)
{
  s->cons = g_array_new (FALSE, FALSE, sizeof (BnbCon));
  add_triangles (s);
  add_inst_in (s);
  add_absent (s);
  add_dim_rules (s);
  add_fusion_rules (s);
  add_vector_rules (s);
  add_block_rules (s);
  add_split_rules (s);
  add_thread_rules (s);
  add_temp_rules (s);
  add_inout_rules (s);
  add_design_rules (s);
}

/* The choices a constraint reads: its scope, and for INST_IN the orders
 * between the loop and the instruction's dims. */
guint
bnb_con_watched (const BnbChoiceSpace *s, const BnbCon *c, guint *out)
{
  guint n = 0;
  for (guint i = 0; i < c->n_scope; i++)
    out[n++] = c->scope[i];
  if (c->type == BNB_CON_INST_IN)
    {
      const BnbIrInst *inst
          = bnb_ir_inst (s->kernel, c->arg[0] - s->n_dims);
      for (guint k = 0; k < inst->n_dims; k++)
        out[n++] = order_ch (s, c->arg[1], inst->dims[k]);
    }
  return n;
}

void
bnb_space_build_watches (BnbChoiceSpace *s)
{
  guint buf[BNB_CON_MAX_WATCHED];
  guint *count = g_new0 (guint, s->n_choices + 1);
  for (guint c = 0; c < s->cons->len; c++)
    {
      guint n = bnb_con_watched (s, &g_array_index (s->cons, BnbCon, c), buf);
      for (guint i = 0; i < n; i++)
        count[buf[i]]++;
    }
  s->watch_start = g_new0 (guint, s->n_choices + 1);
  for (guint ch = 0; ch < s->n_choices; ch++)
    s->watch_start[ch + 1] = s->watch_start[ch] + count[ch];
  s->watch = g_new (guint, s->watch_start[s->n_choices]);
  memset (count, 0, sizeof (guint) * (s->n_choices + 1));
  for (guint c = 0; c < s->cons->len; c++)
    {
      guint n = bnb_con_watched (s, &g_array_index (s->cons, BnbCon, c), buf);
      for (guint i = 0; i < n; i++)
        s->watch[s->watch_start[buf[i]] + count[buf[i]]++] = c;
    }
  g_free (count);
}

/* Default branching order: tile sizes, dim kinds, memory spaces, orders,
 * padding, prefetch, interleave; within a type, in numbering order. */
void
bnb_space_build_branch_order (BnbChoiceSpace *s)
{
  static const BnbChoiceType types[] = { BNB_CHOICE_TILE, BNB_CHOICE_KIND,
                                         BNB_CHOICE_MEM, BNB_CHOICE_ORDER,
                                         BNB_CHOICE_PAD,
                                         BNB_CHOICE_PREFETCH,
                                         BNB_CHOICE_INTERLEAVE };
  guint n = 0;
  s->branch_order = g_new (guint, s->n_choices);
  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    for (guint ch = 0; ch < s->n_choices; ch++)
      if (s->info[ch].type == types[t])
        s->branch_order[n++] = ch;
}
