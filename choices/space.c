/* Building a space from a bound kernel: numbering the choices, giving each
 * its static domain (what the kernel and the device allow before any
 * decision) and listing the constraints between them.  Everything the
 * propagation needs is computed here once, so that nodes stay plain arrays
 * of bitsets. */
#include "choices/choices-private.h"

#include <string.h>

G_DEFINE_QUARK (bnb-choice-error-quark, bnb_choice_error)

BnbChoiceLimits
bnb_choice_limits_default (void)
{
  BnbChoiceLimits l = {
    .max_work_group_size = 1024,
    .max_work_item_sizes = { 1024, 1024, 64 },
    .local_mem_bytes = 48 * 1024,
    .vector_widths = (1u << 2) | (1u << 4),
    .max_unroll = 64,
    .max_unrolled = 1024,
  };
  return l;
}

static const BnbIrTileVar *
dim_tile_var (const BnbChoiceSpace *s, guint dim)
{
  guint tv = s->dim_info[dim].tile_var;
  return tv == BNB_NONE ? NULL : bnb_ir_tile_var (s->kernel, tv);
}

guint
bnb_space_dim_tile_size (const BnbChoiceSpace *s, guint dim, guint v)
{
  const BnbIrTileVar *tv = dim_tile_var (s, dim);
  return tv ? tv->sizes[v] : 0;
}

static gboolean
tile_var_has (const BnbIrTileVar *tv, guint size)
{
  for (guint i = 0; i < tv->n_sizes; i++)
    if (tv->sizes[i] == size)
      return TRUE;
  return FALSE;
}

static gboolean
dim_elidable (const BnbChoiceSpace *s, guint dim)
{
  const BnbIrTileVar *tv = dim_tile_var (s, dim);
  return tv && tile_var_has (tv, 1);
}

static gboolean
dim_has_extent (const BnbChoiceSpace *s, guint dim)
{
  const BnbIrTileVar *tv = dim_tile_var (s, dim);
  return !tv || tv->sizes[tv->n_sizes - 1] > 1;
}

static gboolean
dims_co_owned (const BnbIrKernel *k, guint d, guint e)
{
  for (guint i = 0; i < k->insts->len; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (k, i);
      if (bnb_ir_inst_has_dim (inst, d) && bnb_ir_inst_has_dim (inst, e))
        return TRUE;
    }
  return FALSE;
}

static gboolean
dims_fusable (const BnbChoiceSpace *s, guint d, guint e)
{
  const BnbIrDim *dd = bnb_ir_dim (s->kernel, d);
  const BnbIrDim *de = bnb_ir_dim (s->kernel, e);
  const BnbIrTileVar *td = dim_tile_var (s, d), *te = dim_tile_var (s, e);
  if (dims_co_owned (s->kernel, d, e))
    return FALSE;
  if (!td || !te)
    return !td && !te && dd->logical == de->logical;
  for (guint i = 0; i < td->n_sizes; i++)
    if (td->sizes[i] > 1 && tile_var_has (te, td->sizes[i]))
      return TRUE;
  return FALSE;
}

static gboolean
dim_is_reduction (const BnbIrKernel *k, guint dim)
{
  for (guint i = 0; i < k->insts->len; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (k, i);
      for (guint r = 0; r < inst->n_reduction_dims; r++)
        if (inst->reduction_dims[r] == dim)
          return TRUE;
    }
  return FALSE;
}

/* Whether instruction `i` defines a value that an update reduces along
 * `dim` and a `split` store reads. */
static gboolean
defines_split_sum (const BnbIrKernel *k, guint i, guint dim)
{
  const BnbIrInst *def = bnb_ir_inst (k, i);
  if (def->value == BNB_IR_NONE || def->update)
    return FALSE;
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      if (comm->value == def->value && bnb_ir_inst (k, comm->consumer)->split
          && bnb_ir_inst_has_dim (bnb_ir_inst (k, comm->producer), dim))
        return TRUE;
    }
  return FALSE;
}

/* A split dim (BnbDimInfo.split): level 0 of a reduction dim (whose
 * kinds, as level 0's, are `block` and `loop`), and every instruction
 * outside it either a `split` store or the definition of a sum reduced
 * along it that one reads (the parser checked that such a sum starts at
 * 0, only adds, and that only its updates and split stores read it,
 * bnb_ir_check_splits).  Each work-group along it then
 * computes a partial sum from 0 and adds it into the zeroed array; an
 * instruction of any other kind outside it would run once per group. */
static gboolean
dim_is_split (const BnbIrKernel *k, guint dim)
{
  gboolean stored = FALSE;
  if (bnb_ir_dim (k, dim)->level != 0 || !dim_is_reduction (k, dim))
    return FALSE;
  for (guint i = 0; i < k->insts->len; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (k, i);
      if (bnb_ir_inst_has_dim (inst, dim))
        continue;
      if (inst->split)
        stored = TRUE;
      else if (!defines_split_sum (k, i, dim))
        return FALSE;
    }
  return stored;
}

/* Whether `inst` lacks split dim `dim` and may still run inside it. */
static gboolean
splits_inside (const BnbChoiceSpace *s, guint dim, guint inst)
{
  return s->dim_info[dim].split
         && !bnb_ir_inst_has_dim (bnb_ir_inst (s->kernel, inst), dim);
}

static gboolean
affine_uses (const BnbIrAffine *a, guint logical, gint64 *coef)
{
  for (guint t = 0; t < a->n_terms; t++)
    if (a->terms[t].kind == BNB_IR_VAR_LOGICAL
        && a->terms[t].index == logical)
      {
        *coef = a->terms[t].coef;
        return TRUE;
      }
  return FALSE;
}

/* A vector access needs the innermost level of a logical dim that steps
 * the last subscript by one and no other subscript. */
static gboolean
dim_vectorizable (const BnbChoiceSpace *s, guint dim)
{
  const BnbIrKernel *k = s->kernel;
  const BnbIrDim *d = bnb_ir_dim (k, dim);
  const BnbIrLogical *l = bnb_ir_logical (k, d->logical);
  gint64 coef = 0;
  if (d->owner == BNB_IR_NONE || d->level + 1 != l->n_levels || d->level == 0)
    return FALSE;
  const BnbIrInst *inst = bnb_ir_inst (k, d->owner);
  if (inst->op != BNB_IR_OP_LOAD && inst->op != BNB_IR_OP_STORE)
    return FALSE;
  guint rank = bnb_ir_array (k, inst->array)->rank;
  for (guint r = 0; r + 1 < rank; r++)
    if (affine_uses (&inst->index[r], d->logical, &coef))
      return FALSE;
  return affine_uses (&inst->index[rank - 1], d->logical, &coef) && coef == 1;
}

static BnbDomain
static_kind_domain (const BnbChoiceSpace *s, guint dim)
{
  const BnbIrDim *d = bnb_ir_dim (s->kernel, dim);
  BnbDomain dom;
  if (d->level == 0)
    return (1u << BNB_KIND_BLOCK) | (1u << BNB_KIND_LOOP);
  dom = (1u << BNB_KIND_ELIDED);
  if (dim_has_extent (s, dim))
    dom |= (1u << BNB_KIND_BLOCK) | (1u << BNB_KIND_THREAD_X)
           | (1u << BNB_KIND_THREAD_Y) | (1u << BNB_KIND_THREAD_Z)
           | (1u << BNB_KIND_LOOP) | (1u << BNB_KIND_UNROLL)
           | (1u << BNB_KIND_VECTOR);
  if (!dim_elidable (s, dim))
    dom &= ~(1u << BNB_KIND_ELIDED);
  if (!dim_vectorizable (s, dim))
    dom &= ~(1u << BNB_KIND_VECTOR);
  if (s->dim_info[dim].reduction)
    dom &= (1u << BNB_KIND_LOOP) | (1u << BNB_KIND_UNROLL)
           | (1u << BNB_KIND_ELIDED);
  return dom;
}

#define ORD(o) ((BnbDomain)(1u << BNB_ORDER_##o))

static BnbDomain
static_dim_dim_order (const BnbChoiceSpace *s, guint d, guint e)
{
  BnbDomain dom = ORD (INSIDE) | ORD (OUTSIDE);
  if (!dims_co_owned (s->kernel, d, e))
    dom |= ORD (BEFORE) | ORD (AFTER);
  if (dims_fusable (s, d, e))
    dom |= ORD (FUSED);
  if (dim_elidable (s, d) || dim_elidable (s, e))
    dom |= ORD (ABSENT);
  if (!dim_has_extent (s, d) || !dim_has_extent (s, e))
    dom = ORD (ABSENT);
  return dom;
}

static gboolean
inst_may_enter (const BnbChoiceSpace *s, guint inst, guint dim)
{
  const BnbIrInst *i = bnb_ir_inst (s->kernel, inst);
  for (guint k = 0; k < i->n_dims; k++)
    if (dims_fusable (s, dim, i->dims[k]))
      return TRUE;
  return FALSE;
}

/* order(dim, inst), dim < inst in item numbering. */
static BnbDomain
static_dim_inst_order (const BnbChoiceSpace *s, guint dim, guint inst)
{
  const BnbIrInst *i = bnb_ir_inst (s->kernel, inst);
  BnbDomain dom;
  if (bnb_ir_inst_has_dim (i, dim))
    dom = ORD (OUTSIDE);
  else
    {
      dom = ORD (BEFORE) | ORD (AFTER);
      if (inst_may_enter (s, inst, dim) || splits_inside (s, dim, inst))
        dom |= ORD (OUTSIDE);
    }
  if (dim_elidable (s, dim))
    dom |= ORD (ABSENT);
  if (!dim_has_extent (s, dim))
    dom = ORD (ABSENT);
  return dom;
}

/* Whether instruction `inst` reads `value` (some version of it). */
static gboolean
inst_reads_value (const BnbIrKernel *k, guint inst, guint value)
{
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      if (comm->consumer == inst && comm->value == value)
        return TRUE;
    }
  return FALSE;
}

/* Whether `a` and `b` keep their text order: one reads what the other
 * writes, both write one value, one reads a value the other updates in
 * place (a reader of the version before an update comes before it), or
 * both touch an array one of them stores to. */
static gboolean
insts_dependent (const BnbIrKernel *k, guint a, guint b)
{
  const BnbIrInst *ia = bnb_ir_inst (k, a), *ib = bnb_ir_inst (k, b);
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      if ((comm->producer == a && comm->consumer == b)
          || (comm->producer == b && comm->consumer == a))
        return TRUE;
    }
  if (ia->value != BNB_IR_NONE && ia->value == ib->value)
    return TRUE;
  if ((ib->update && inst_reads_value (k, a, ib->value))
      || (ia->update && inst_reads_value (k, b, ia->value)))
    return TRUE;
  if (ia->array == BNB_IR_NONE || ia->array != ib->array)
    return FALSE;
  return ia->op == BNB_IR_OP_STORE || ib->op == BNB_IR_OP_STORE;
}

static BnbDomain
static_inst_inst_order (const BnbChoiceSpace *s, guint a, guint b)
{
  if (insts_dependent (s->kernel, a, b))
    return ORD (BEFORE);
  return ORD (BEFORE) | ORD (AFTER);
}

static BnbDomain *
order_slot (BnbChoiceSpace *s, guint x, guint y)
{
  return &s->initial[s->order_index[x * s->n_items + y]];
}

/* Restricts order(x, y) to `allowed`, expressed as x relative to y. */
static void
restrict_order (BnbChoiceSpace *s, guint x, guint y, BnbDomain allowed)
{
  *order_slot (s, x, y) &= x < y ? allowed : bnb_order_dom_mirror (allowed);
}

/* Data flow fixes orders: a producer's dim runs before (or fused with)
 * its copy in the consumer, the dims a consumer does not have (the
 * reduction dims of an update) run entirely before it, and the value an
 * update folds is written before the update's reduction dims, except
 * those the writer iterates too (two updates in one reduction loop: the
 * second reads the first's result at the same iteration). */
static void
restrict_dataflow_orders (BnbChoiceSpace *s)
{
  const BnbIrKernel *k = s->kernel;
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      const BnbIrInst *p = bnb_ir_inst (k, comm->producer);
      const BnbIrInst *u = bnb_ir_inst (k, comm->consumer);
      guint ci = s->n_dims + comm->consumer, pi = s->n_dims + comm->producer;
      for (guint q = 0; q < comm->n_pairs; q++)
        restrict_order (s, comm->pairs[q][0], comm->pairs[q][1],
                        ORD (BEFORE) | ORD (FUSED) | ORD (ABSENT));
      for (guint d = 0; d < p->n_dims; d++)
        {
          gboolean paired = bnb_ir_inst_has_dim (u, p->dims[d]);
          for (guint q = 0; q < comm->n_pairs; q++)
            paired |= comm->pairs[q][0] == p->dims[d];
          if (!paired)
            restrict_order (s, ci, p->dims[d],
                            ORD (AFTER) | ORD (ABSENT)
                                | (splits_inside (s, p->dims[d],
                                                  comm->consumer)
                                       ? ORD (INSIDE)
                                       : 0));
        }
      for (guint r = 0; u->update && comm->value == u->value
                        && r < u->n_reduction_dims;
           r++)
        if (!bnb_ir_inst_has_dim (p, u->reduction_dims[r]))
          restrict_order (s, pi, u->reduction_dims[r],
                          ORD (BEFORE) | ORD (ABSENT)
                              | (splits_inside (s, u->reduction_dims[r],
                                                comm->producer)
                                     ? ORD (INSIDE)
                                     : 0));
    }
}

static void
number_choices (BnbChoiceSpace *s)
{
  guint n_pairs = s->n_items * (s->n_items - 1) / 2, c;
  s->tile_base = 0;
  s->kind_base = s->tile_base + s->n_tiles;
  s->order_base = s->kind_base + s->n_dims;
  s->mem_base = s->order_base + n_pairs;
  s->pad_base = s->mem_base + s->n_temps;
  s->prefetch_base = s->pad_base + s->n_temps;
  s->interleave_base = s->prefetch_base + s->n_temps;
  s->n_choices = s->interleave_base + s->n_temps;
  s->info = g_new0 (BnbChoiceInfo, s->n_choices);
  s->order_index = g_new (guint, s->n_items * s->n_items);
  for (guint t = 0; t < s->n_tiles; t++)
    s->info[s->tile_base + t] = (BnbChoiceInfo){ BNB_CHOICE_TILE, { t, 0 } };
  for (guint d = 0; d < s->n_dims; d++)
    s->info[s->kind_base + d] = (BnbChoiceInfo){ BNB_CHOICE_KIND, { d, 0 } };
  c = s->order_base;
  for (guint x = 0; x < s->n_items; x++)
    {
      s->order_index[x * s->n_items + x] = BNB_NONE;
      for (guint y = x + 1; y < s->n_items; y++, c++)
        {
          s->info[c] = (BnbChoiceInfo){ BNB_CHOICE_ORDER, { x, y } };
          s->order_index[x * s->n_items + y] = c;
          s->order_index[y * s->n_items + x] = c;
        }
    }
  for (guint t = 0; t < s->n_temps; t++)
    {
      s->info[s->mem_base + t] = (BnbChoiceInfo){ BNB_CHOICE_MEM, { t, 0 } };
      s->info[s->pad_base + t] = (BnbChoiceInfo){ BNB_CHOICE_PAD, { t, 0 } };
      s->info[s->prefetch_base + t]
          = (BnbChoiceInfo){ BNB_CHOICE_PREFETCH, { t, 0 } };
      s->info[s->interleave_base + t]
          = (BnbChoiceInfo){ BNB_CHOICE_INTERLEAVE, { t, 0 } };
    }
}

/* The instruction that defines a temporary. */
static const BnbIrInst *
temp_producer (const BnbChoiceSpace *s, guint temp)
{
  for (guint i = 0; i < s->n_insts; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (s->kernel, i);
      if (inst->value == s->temps[temp].value && !inst->update)
        return inst;
    }
  return NULL;
}

static void
init_static_domains (BnbChoiceSpace *s)
{
  s->initial = g_new0 (BnbDomain, s->n_choices);
  for (guint t = 0; t < s->n_tiles; t++)
    s->initial[s->tile_base + t]
        = (BnbDomain)((1u << bnb_ir_tile_var (s->kernel, t)->n_sizes) - 1);
  for (guint d = 0; d < s->n_dims; d++)
    s->initial[s->kind_base + d] = static_kind_domain (s, d);
  for (guint x = 0; x < s->n_items; x++)
    for (guint y = x + 1; y < s->n_items; y++)
      {
        BnbDomain dom;
        if (y < s->n_dims)
          dom = static_dim_dim_order (s, x, y);
        else if (x < s->n_dims)
          dom = static_dim_inst_order (s, x, y - s->n_dims);
        else
          dom = static_inst_inst_order (s, x - s->n_dims, y - s->n_dims);
        *order_slot (s, x, y) = dom;
      }
  for (guint t = 0; t < s->n_temps; t++)
    {
      s->initial[s->mem_base + t] = (1u << BNB_MEM_COUNT) - 1;
      /* design rule on-chip: a temporary never crosses work-groups
       * (mem-pair), so local memory holds what global memory would */
      if (!s->limits.every_design)
        s->initial[s->mem_base + t] &= ~(1u << BNB_MEM_GLOBAL);
      s->initial[s->pad_base + t] = (1u << BNB_PAD_COUNT) - 1;
      /* prefetch(v), interleave(v): choices where the kernel asks for
       * them, a load written with the clause (ir.h); else `no` */
      const BnbIrInst *producer = temp_producer (s, t);
      s->initial[s->prefetch_base + t]
          = producer && producer->prefetch ? (1u << BNB_PREFETCH_COUNT) - 1
                                           : 1u << BNB_PREFETCH_NO;
      s->initial[s->interleave_base + t]
          = producer && producer->interleave
                ? (1u << BNB_INTERLEAVE_COUNT) - 1
                : 1u << BNB_INTERLEAVE_NO;
    }
  restrict_dataflow_orders (s);
}

static void
add_unique (GArray *a, guint v)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint, i) == v)
      return;
  g_array_append_val (a, v);
}

static guint
slot_of (const BnbIrKernel *k, GArray *slot_dims, guint dim)
{
  const BnbIrDim *d = bnb_ir_dim (k, dim);
  for (guint i = 0; i < slot_dims->len; i++)
    {
      const BnbIrDim *e = bnb_ir_dim (k, g_array_index (slot_dims, guint, i));
      if (e->logical == d->logical && e->level == d->level)
        return i;
    }
  g_array_append_val (slot_dims, dim);
  return slot_dims->len - 1;
}

static guint *
steal_uints (GArray **a)
{
  return (guint *)g_array_free (g_steal_pointer (a), FALSE);
}

static void
temp_add_comm (const BnbIrKernel *k, const BnbIrComm *comm, GArray *pairs,
               GArray *shared)
{
  const BnbIrInst *p = bnb_ir_inst (k, comm->producer);
  const BnbIrInst *u = bnb_ir_inst (k, comm->consumer);
  g_array_append_vals (pairs, comm->pairs, comm->n_pairs);
  for (guint d = 0; d < p->n_dims; d++)
    if (bnb_ir_inst_has_dim (u, p->dims[d]))
      add_unique (shared, p->dims[d]);
}

static void
temp_slots (const BnbIrKernel *k, BnbTemp *t)
{
  g_autoptr (GArray) slot_dims = g_array_new (FALSE, FALSE, sizeof (guint));
  t->pair_slot = g_new (guint, MAX (t->n_pairs, 1));
  t->shared_slot = g_new (guint, MAX (t->n_shared, 1));
  for (guint q = 0; q < t->n_pairs; q++)
    t->pair_slot[q] = slot_of (k, slot_dims, t->pairs[q][0]);
  for (guint i = 0; i < t->n_shared; i++)
    t->shared_slot[i] = slot_of (k, slot_dims, t->shared[i]);
  t->n_slots = slot_dims->len;
  t->slot_dim = steal_uints (&slot_dims);
}

static void
collect_temp (BnbChoiceSpace *s, guint value, GArray *temps)
{
  const BnbIrKernel *k = s->kernel;
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint[2]));
  g_autoptr (GArray) shared = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint c = 0; c < k->comms->len; c++)
    if (bnb_ir_comm (k, c)->value == value)
      temp_add_comm (k, bnb_ir_comm (k, c), pairs, shared);
  if (pairs->len == 0)
    return;
  BnbTemp t = { .value = value, .n_pairs = pairs->len,
                .n_shared = shared->len };
  t.bytes = bnb_ir_value (k, value)->type == BNB_IR_F64 ? 8 : 4;
  t.pairs = (guint (*)[2])g_array_free (g_steal_pointer (&pairs), FALSE);
  t.shared = steal_uints (&shared);
  temp_slots (k, &t);
  g_array_append_val (temps, t);
}

static void
collect_dims_and_temps (BnbChoiceSpace *s)
{
  const BnbIrKernel *k = s->kernel;
  g_autoptr (GArray) temps = g_array_new (FALSE, FALSE, sizeof (BnbTemp));
  s->dim_info = g_new0 (BnbDimInfo, s->n_dims);
  for (guint d = 0; d < s->n_dims; d++)
    {
      const BnbIrDim *dim = bnb_ir_dim (k, d);
      const BnbIrLogical *l = bnb_ir_logical (k, dim->logical);
      s->dim_info[d].tile_var = dim->level == 0 ? BNB_NONE
                                                : l->tile_var[dim->level];
      s->dim_info[d].reduction = dim_is_reduction (k, d);
      s->dim_info[d].split = dim_is_split (k, d);
    }
  for (guint v = 0; v < k->values->len; v++)
    collect_temp (s, v, temps);
  s->n_temps = temps->len;
  s->temps = (BnbTemp *)g_array_free (g_steal_pointer (&temps), FALSE);
}

void bnb_space_add_constraints (BnbChoiceSpace *s);
void bnb_space_build_watches (BnbChoiceSpace *s);
void bnb_space_build_branch_order (BnbChoiceSpace *s);

BnbChoiceSpace *
bnb_choice_space_new (const BnbIrKernel *kernel, const BnbChoiceLimits *limits,
                      GError **error)
{
  g_return_val_if_fail (kernel != NULL, NULL);
  if (!kernel->bound)
    {
      g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_UNBOUND,
                   "kernel %s has no sizes bound", kernel->name);
      return NULL;
    }
  bnb_triangle_table_init ();
  BnbChoiceSpace *s = g_new0 (BnbChoiceSpace, 1);
  s->kernel = kernel;
  s->limits = limits ? *limits : bnb_choice_limits_default ();
  s->n_dims = kernel->dims->len;
  s->n_insts = kernel->insts->len;
  s->n_items = s->n_dims + s->n_insts;
  s->n_tiles = kernel->tile_vars->len;
  collect_dims_and_temps (s);
  number_choices (s);
  init_static_domains (s);
  bnb_space_add_constraints (s);
  bnb_space_build_watches (s);
  bnb_space_build_branch_order (s);
  return s;
}

void
bnb_choice_space_free (BnbChoiceSpace *s)
{
  if (!s)
    return;
  for (guint t = 0; t < s->n_temps; t++)
    {
      g_free (s->temps[t].pairs);
      g_free (s->temps[t].pair_slot);
      g_free (s->temps[t].shared);
      g_free (s->temps[t].shared_slot);
      g_free (s->temps[t].slot_dim);
    }
  g_free (s->temps);
  g_free (s->dim_info);
  g_free (s->info);
  g_free (s->order_index);
  g_free (s->initial);
  g_free (s->watch_start);
  g_free (s->watch);
  g_free (s->branch_order);
  if (s->cons)
    g_array_unref (s->cons);
  g_free (s);
}

gboolean
bnb_choice_space_every_design (const BnbChoiceSpace *s)
{
  return s->limits.every_design;
}

const BnbIrKernel *
bnb_choice_space_kernel (const BnbChoiceSpace *s)
{
  return s->kernel;
}

guint
bnb_choice_space_n_choices (const BnbChoiceSpace *s)
{
  return s->n_choices;
}

BnbChoiceType
bnb_choice_type (const BnbChoiceSpace *s, guint choice)
{
  return s->info[choice].type;
}

guint
bnb_choice_tile_choice (const BnbChoiceSpace *s, guint tile_var)
{
  return s->tile_base + tile_var;
}

guint
bnb_choice_kind_choice (const BnbChoiceSpace *s, guint dim)
{
  return s->kind_base + dim;
}

gboolean
bnb_choice_dim_split (const BnbChoiceSpace *s, guint dim)
{
  g_return_val_if_fail (dim < s->n_dims, FALSE);
  return s->dim_info[dim].split;
}

guint
bnb_choice_order_choice (const BnbChoiceSpace *s, guint x, guint y)
{
  return s->order_index[x * s->n_items + y];
}

guint
bnb_choice_tile_size (const BnbChoiceSpace *s, guint choice, guint value)
{
  g_return_val_if_fail (s->info[choice].type == BNB_CHOICE_TILE, 0);
  return bnb_ir_tile_var (s->kernel, s->info[choice].subject[0])
      ->sizes[value];
}
