/* Building a model: what the kernel alone says, computed once per space.
 *
 * The central fact is which of an instruction's dims "vary" it: a load or
 * store varies along the dims of the logical dims its subscripts use (when
 * the subscripts are injective, so distinct iterations touch distinct
 * elements), an arithmetic instruction along the dims its operands vary
 * along, and an update along its reduction dims too.  Along a dim that
 * does not vary it, an instruction repeats the same work, which a compiler
 * may hoist out of a loop or merge across unrolled copies; the bound then
 * counts it once.  Everything else here is bookkeeping: the choices behind
 * each dim, the tile sizes, the accesses of each array and temporary. */
#include "model/model-private.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK (bnb - model - error - quark, bnb_model_error)

static guint
inst_position (const BnbIrInst *inst, guint dim)
{
  for (guint j = 0; j < inst->n_dims; j++)
    if (inst->dims[j] == dim)
      return j;
  return BNB_MODEL_NONE;
}

static gboolean
subscripts_injective (const BnbIrKernel *k, const BnbIrInst *inst,
                      guint64 *used)
{
  const BnbIrArray *a = bnb_ir_array (k, inst->array);
  *used = 0;
  for (guint r = 0; r < a->rank; r++)
    {
      guint n = 0;
      for (guint t = 0; t < inst->index[r].n_terms; t++)
        {
          const BnbIrTerm *term = &inst->index[r].terms[t];
          if (term->kind != BNB_IR_VAR_LOGICAL || term->coef == 0)
            continue;
          if (++n > 1 || term->index >= 64 || (*used >> term->index) & 1)
            return FALSE;
          *used |= G_GUINT64_CONSTANT (1) << term->index;
        }
    }
  return TRUE;
}

static BnbPosMask
access_vary (const BnbIrKernel *k, const BnbIrInst *inst)
{
  guint64 used;
  BnbPosMask mask = 0;
  if (!subscripts_injective (k, inst, &used))
    return 0;
  for (guint j = 0; j < inst->n_dims; j++)
    if ((used >> bnb_ir_dim (k, inst->dims[j])->logical) & 1)
      mask |= 1u << j;
  return mask;
}

/* Positions of `consumer` along which what `comm` brings varies. */
static BnbPosMask
comm_vary (const BnbModel *m, const BnbIrComm *comm)
{
  const BnbIrInst *p = bnb_ir_inst (m->kernel, comm->producer);
  const BnbIrInst *c = bnb_ir_inst (m->kernel, comm->consumer);
  BnbPosMask pv = m->insts[comm->producer].vary, mask = 0;
  for (guint j = 0; j < c->n_dims; j++)
    {
      guint q = inst_position (p, c->dims[j]);
      if (q != BNB_MODEL_NONE && ((pv >> q) & 1))
        mask |= 1u << j;
    }
  for (guint k = 0; k < comm->n_pairs; k++)
    {
      guint q = inst_position (p, comm->pairs[k][0]);
      guint j = inst_position (c, comm->pairs[k][1]);
      if (q != BNB_MODEL_NONE && j != BNB_MODEL_NONE && ((pv >> q) & 1))
        mask |= 1u << j;
    }
  return mask;
}

static BnbPosMask
inst_vary (const BnbModel *m, guint i)
{
  const BnbIrInst *inst = bnb_ir_inst (m->kernel, i);
  BnbPosMask mask = m->insts[i].reduction;
  if (inst->array != BNB_IR_NONE)
    return access_vary (m->kernel, inst);
  for (guint c = 0; c < m->kernel->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (m->kernel, c);
      if (comm->consumer == i && comm->producer < i)
        mask |= comm_vary (m, comm);
    }
  return mask;
}

static void
inst_groups (const BnbModel *m, const BnbIrInst *inst, BnbModelInst *mi)
{
  for (guint j = 0; j < inst->n_dims; j++)
    {
      guint l = bnb_ir_dim (m->kernel, inst->dims[j])->logical, g = 0;
      while (g < mi->n_groups && mi->groups[g].logical != l)
        g++;
      if (g == mi->n_groups)
        mi->groups[mi->n_groups++] = (BnbModelGroup){ l, FALSE, 0 };
      mi->groups[g].positions |= 1u << j;
    }
  for (guint g = 0; g < mi->n_groups; g++)
    mi->groups[g].full = (guint)__builtin_popcount (mi->groups[g].positions)
                         == m->logicals[mi->groups[g].logical].n_levels;
}

static gboolean
inst_is_f64 (const BnbIrKernel *k, const BnbIrInst *inst)
{
  if (inst->value != BNB_IR_NONE)
    return bnb_ir_value (k, inst->value)->type == BNB_IR_F64;
  return bnb_ir_array (k, inst->array)->type == BNB_IR_F64;
}

/* The choice `what(value_name)` of type `type`. */
static guint
temp_choice (const BnbChoiceSpace *s, BnbChoiceType type, const char *what,
             const char *value_name)
{
  g_autofree char *want = g_strdup_printf ("%s(%s)", what, value_name);
  for (guint ch = 0; ch < bnb_choice_space_n_choices (s); ch++)
    {
      g_autofree char *name = NULL;
      if (bnb_choice_type (s, ch) != type)
        continue;
      name = bnb_choice_name (s, ch);
      if (strcmp (name, want) == 0)
        return ch;
    }
  g_assert_not_reached ();
  return BNB_MODEL_NONE;
}

static void
build_insts (BnbModel *m)
{
  m->insts = g_new0 (BnbModelInst, m->n_insts);
  for (guint i = 0; i < m->n_insts; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (m->kernel, i);
      BnbModelInst *mi = &m->insts[i];
      mi->n_dims = inst->n_dims;
      memcpy (mi->dims, inst->dims, sizeof inst->dims);
      /* an instruction outside a split dim is that reduction's store or
       * definition (docs/space.md, "Split reductions"), so it holds few;
       * one past the limit would be a bug to stop at, not one to drop */
      for (guint d = 0; d < m->n_dims; d++)
        if (bnb_choice_dim_split (m->space, d)
            && !bnb_ir_inst_has_dim (inst, d))
          {
            g_assert (mi->n_held < BNB_IR_MAX_INST_DIMS);
            mi->held[mi->n_held++] = d;
          }
      mi->update = inst->update;
      for (guint r = 0; r < inst->n_reduction_dims; r++)
        mi->reduction |= 1u << inst_position (inst, inst->reduction_dims[r]);
      inst_groups (m, inst, mi);
      bnb_model_inst_costs (&m->fig, inst->op, inst_is_f64 (m->kernel, inst),
                            mi);
      mi->vary = inst_vary (m, i);
      mi->interleave_choice
          = inst->interleave && inst->value != BNB_IR_NONE
                    && bnb_choice_value_temp (m->space, inst->value)
                           != G_MAXUINT
                ? temp_choice (m->space, BNB_CHOICE_INTERLEAVE, "interleave",
                               bnb_ir_value (m->kernel, inst->value)->name)
                : BNB_MODEL_NONE;
    }
}

static void
build_dims (BnbModel *m)
{
  m->dims = g_new0 (BnbModelDim, m->n_dims);
  for (guint d = 0; d < m->n_dims; d++)
    {
      const BnbIrDim *dim = bnb_ir_dim (m->kernel, d);
      const BnbIrLogical *l = bnb_ir_logical (m->kernel, dim->logical);
      m->dims[d] = (BnbModelDim){ bnb_choice_kind_choice (m->space, d),
                                  dim->level ? l->tile_var[dim->level]
                                             : BNB_MODEL_NONE,
                                  dim->logical, dim->level,
                                  dim->owner == BNB_IR_NONE ? BNB_MODEL_NONE
                                                            : dim->owner };
    }
}

static void
build_logicals_and_tiles (BnbModel *m)
{
  m->logicals = g_new0 (BnbModelLogical, m->n_logicals);
  for (guint l = 0; l < m->n_logicals; l++)
    {
      const BnbIrLogical *lg = bnb_ir_logical (m->kernel, l);
      m->logicals[l].size = (double)bnb_ir_logical_size (m->kernel, l);
      m->logicals[l].n_levels = lg->n_levels;
      memcpy (m->logicals[l].tile_var, lg->tile_var, sizeof lg->tile_var);
    }
  m->tiles = g_new0 (BnbModelTile, m->n_tiles);
  for (guint t = 0; t < m->n_tiles; t++)
    {
      BnbModelTile *tile = &m->tiles[t];
      tile->choice = bnb_choice_tile_choice (m->space, t);
      tile->n_sizes = bnb_choice_n_values (m->space, tile->choice);
      for (guint v = 0; v < tile->n_sizes; v++)
        tile->sizes[v] = bnb_choice_tile_size (m->space, tile->choice, v);
    }
}

/* The position of an instruction's dim on a level (logical dim, level). */
static guint
level_position (const BnbIrKernel *k, const BnbIrInst *inst, guint logical,
                guint level)
{
  for (guint j = 0; j < inst->n_dims; j++)
    {
      const BnbIrDim *d = bnb_ir_dim (k, inst->dims[j]);
      if (d->logical == logical && d->level == level)
        return j;
    }
  return BNB_MODEL_NONE;
}

/* Consecutive elements of an array differ in its last subscript.  When
 * that subscript is one logical dim, the instruction's dim on that dim's
 * innermost level picks the element modulo the innermost tile: where
 * that dim is a work-item dim, one work-item's elements are never
 * adjacent, and a load or store of it moves one element at a time. */
static guint
array_inner (const BnbIrKernel *k, const BnbIrInst *inst)
{
  const BnbIrArray *a = bnb_ir_array (k, inst->array);
  const BnbIrAffine *ix;
  guint64 used;
  guint logical = BNB_MODEL_NONE;
  if (a->rank == 0 || !subscripts_injective (k, inst, &used))
    return BNB_MODEL_NONE;
  ix = &inst->index[a->rank - 1];
  for (guint t = 0; t < ix->n_terms; t++)
    if (ix->terms[t].kind == BNB_IR_VAR_LOGICAL && ix->terms[t].coef != 0)
      logical = ix->terms[t].index;
  if (logical == BNB_MODEL_NONE)
    return BNB_MODEL_NONE;
  return level_position (k, inst, logical,
                         bnb_ir_logical (k, logical)->n_levels - 1);
}

/* Row-major: a subscript's unit step moves the product of the later
 * extents. */
static void
array_strides (const BnbIrKernel *k, const BnbIrInst *inst, double *stride)
{
  const BnbIrArray *a = bnb_ir_array (k, inst->array);
  guint64 used;
  if (!subscripts_injective (k, inst, &used))
    return;
  for (guint r = 0; r < a->rank; r++)
    {
      const BnbIrAffine *ix = &inst->index[r];
      double later = 1;
      for (guint q = r + 1; q < a->rank; q++)
        later *= (double)bnb_ir_affine_eval (k, &a->extent[q], NULL);
      for (guint t = 0; t < ix->n_terms; t++)
        {
          const BnbIrTerm *term = &ix->terms[t];
          if (term->kind != BNB_IR_VAR_LOGICAL || term->coef == 0)
            continue;
          for (guint j = 0; j < inst->n_dims; j++)
            if (bnb_ir_dim (k, inst->dims[j])->logical == term->index)
              stride[j] = fabs ((double)term->coef) * later;
        }
    }
}

static BnbModelSet
add_array_accesses (BnbModel *m, GArray *acc, guint array, BnbIrOp op)
{
  BnbModelSet set = { acc->len, 0 };
  for (guint i = 0; i < m->n_insts; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (m->kernel, i);
      BnbModelAccess a = { i, m->insts[i].vary, BNB_MODEL_NONE, { 0 } };
      if (inst->array != array || inst->op != op)
        continue;
      a.inner = array_inner (m->kernel, inst);
      array_strides (m->kernel, inst, a.stride);
      g_array_append_val (acc, a);
    }
  set.n = acc->len - set.first;
  return set;
}

static void
build_arrays (BnbModel *m, GArray *acc)
{
  m->arrays = g_new0 (BnbModelArray, m->n_arrays);
  for (guint a = 0; a < m->n_arrays; a++)
    {
      const BnbIrArray *ar = bnb_ir_array (m->kernel, a);
      m->arrays[a].elem = ar->type == BNB_IR_F64 ? 8 : 4;
      m->arrays[a].inout = ar->mode == BNB_IR_INOUT;
      m->arrays[a].loads = add_array_accesses (m, acc, a, BNB_IR_OP_LOAD);
      m->arrays[a].stores = add_array_accesses (m, acc, a, BNB_IR_OP_STORE);
    }
}

/* Positions of the consumer of `comm` that pick the element it reads: its
 * dims of the pairs and the dims it shares with the producer. */
static BnbPosMask
read_mask (const BnbModel *m, const BnbIrComm *comm)
{
  const BnbIrInst *p = bnb_ir_inst (m->kernel, comm->producer);
  const BnbIrInst *c = bnb_ir_inst (m->kernel, comm->consumer);
  BnbPosMask mask = 0;
  for (guint j = 0; j < c->n_dims; j++)
    if (inst_position (p, c->dims[j]) != BNB_MODEL_NONE)
      mask |= 1u << j;
  for (guint k = 0; k < comm->n_pairs; k++)
    {
      guint j = inst_position (c, comm->pairs[k][1]);
      if (j != BNB_MODEL_NONE)
        mask |= 1u << j;
    }
  return mask;
}

/* Dims of producer and consumer on one level (logical dim and level):
 * the pairs and the dims they share. */
static void
comm_levels (const BnbModel *m, const BnbIrComm *comm, BnbModelComm *mc)
{
  const BnbIrInst *p = bnb_ir_inst (m->kernel, comm->producer);
  const BnbIrInst *c = bnb_ir_inst (m->kernel, comm->consumer);
  for (guint j = 0; j < p->n_dims; j++)
    for (guint q = 0; q < c->n_dims; q++)
      {
        const BnbIrDim *dp = bnb_ir_dim (m->kernel, p->dims[j]);
        const BnbIrDim *dc = bnb_ir_dim (m->kernel, c->dims[q]);
        if (dp->logical != dc->logical || dp->level != dc->level)
          continue;
        mc->level_dims[mc->n_levels][0] = p->dims[j];
        mc->level_dims[mc->n_levels++][1] = c->dims[q];
      }
}

static BnbModelComm
temp_comm (const BnbModel *m, const BnbIrComm *comm)
{
  const BnbModelInst *p = &m->insts[comm->producer];
  BnbModelComm mc;
  memset (&mc, 0, sizeof mc);
  mc.write = (BnbModelAccess){
    comm->producer, (1u << p->n_dims) - 1, BNB_MODEL_NONE, { 0 }
  };
  mc.read = (BnbModelAccess){
    comm->consumer, read_mask (m, comm), BNB_MODEL_NONE, { 0 }
  };
  mc.writes = !p->update;
  comm_levels (m, comm, &mc);
  return mc;
}

/* The slot of a level, added if new; BNB_MODEL_NONE if the table is
 * full. */
static guint
slot_of (const BnbIrKernel *k, BnbModelTemp *t, guint dim)
{
  const BnbIrDim *d = bnb_ir_dim (k, dim);
  for (guint i = 0; i < t->n_slots; i++)
    {
      const BnbModelSlot *sl = &t->slots[i];
      guint e = sl->n_pairs ? sl->pairs[0][0] : sl->shared[0];
      const BnbIrDim *de = bnb_ir_dim (k, e);
      if (de->logical == d->logical && de->level == d->level)
        return i;
    }
  if (t->n_slots == BNB_MODEL_MAX_SLOTS)
    return BNB_MODEL_NONE;
  t->slots[t->n_slots] = (BnbModelSlot){ 0 };
  return t->n_slots++;
}

/* The slots of a temporary in the order choices/space.c gives them: the
 * pairs of its communications, then the dims their producer and consumer
 * share.  Any overflow drops the table (no layout is then assumed). */
static void
temp_slots (const BnbIrKernel *k, guint value, BnbModelTemp *t)
{
  gboolean ok = TRUE;
  t->n_slots = 0;
  for (guint c = 0; c < k->comms->len && ok; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      for (guint q = 0; q < comm->n_pairs && ok && comm->value == value; q++)
        {
          guint s = slot_of (k, t, comm->pairs[q][0]);
          BnbModelSlot *sl = s == BNB_MODEL_NONE ? NULL : &t->slots[s];
          ok = sl && sl->n_pairs < BNB_MODEL_MAX_SLOT_DIMS;
          if (ok)
            {
              sl->pairs[sl->n_pairs][0] = comm->pairs[q][0];
              sl->pairs[sl->n_pairs++][1] = comm->pairs[q][1];
            }
        }
    }
  for (guint c = 0; c < k->comms->len && ok; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      const BnbIrInst *p = bnb_ir_inst (k, comm->producer);
      const BnbIrInst *u = bnb_ir_inst (k, comm->consumer);
      for (guint j = 0; j < p->n_dims && ok && comm->value == value; j++)
        if (bnb_ir_inst_has_dim (u, p->dims[j]))
          {
            guint s = slot_of (k, t, p->dims[j]);
            BnbModelSlot *sl = s == BNB_MODEL_NONE ? NULL : &t->slots[s];
            gboolean known = FALSE;
            ok = sl != NULL;
            for (guint i = 0; ok && i < sl->n_shared; i++)
              known |= sl->shared[i] == p->dims[j];
            ok = ok && (known || sl->n_shared < BNB_MODEL_MAX_SLOT_DIMS);
            if (ok && !known)
              sl->shared[sl->n_shared++] = p->dims[j];
          }
    }
  if (!ok)
    t->n_slots = 0;
}

/* Each communication's writer and reader dims on the temporary's slots. */
static void
comm_slot_positions (const BnbIrKernel *k, const BnbModelTemp *t,
                     const BnbIrComm *comm, BnbModelComm *mc)
{
  const BnbIrInst *p = bnb_ir_inst (k, comm->producer);
  const BnbIrInst *u = bnb_ir_inst (k, comm->consumer);
  for (guint s = 0; s < t->n_slots; s++)
    {
      const BnbModelSlot *sl = &t->slots[s];
      const BnbIrDim *d
          = bnb_ir_dim (k, sl->n_pairs ? sl->pairs[0][0] : sl->shared[0]);
      mc->slot_pos[s][0] = level_position (k, p, d->logical, d->level);
      mc->slot_pos[s][1] = level_position (k, u, d->logical, d->level);
    }
}

static guint
add_temp_comms (BnbModel *m, GArray *comms, guint value, const BnbModelTemp *t)
{
  guint n = 0;
  for (guint c = 0; c < m->kernel->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (m->kernel, c);
      BnbModelComm mc;
      if (comm->value != value || comm->producer == comm->consumer)
        continue;
      mc = temp_comm (m, comm);
      comm_slot_positions (m->kernel, t, comm, &mc);
      g_array_append_val (comms, mc);
      n++;
    }
  return n;
}

static void
build_temps (BnbModel *m)
{
  g_autoptr (GArray) comms = g_array_new (FALSE, FALSE, sizeof (BnbModelComm));
  m->temps = g_new0 (BnbModelTemp, MAX (m->n_temps, 1));
  for (guint t = 0; t < m->n_temps; t++)
    {
      guint v = bnb_choice_temp_value (m->space, t);
      const BnbIrValue *value = bnb_ir_value (m->kernel, v);
      m->temps[t].elem = value->type == BNB_IR_F64 ? 8 : 4;
      m->temps[t].mem_choice
          = temp_choice (m->space, BNB_CHOICE_MEM, "mem", value->name);
      m->temps[t].prefetch_choice = temp_choice (
          m->space, BNB_CHOICE_PREFETCH, "prefetch", value->name);
      m->temps[t].pad_choice
          = temp_choice (m->space, BNB_CHOICE_PAD, "pad", value->name);
      m->temps[t].first_comm = comms->len;
      temp_slots (m->kernel, v, &m->temps[t]);
      m->temps[t].n_comms = add_temp_comms (m, comms, v, &m->temps[t]);
    }
  m->comms = (BnbModelComm *)g_array_free (g_steal_pointer (&comms), FALSE);
}

static gboolean
check_size (const BnbIrKernel *k, GError **error)
{
  if (k->dims->len <= BNB_MODEL_MAX_DIMS
      && k->logicals->len <= BNB_MODEL_MAX_LOGICALS)
    return TRUE;
  g_set_error (error, BNB_MODEL_ERROR, BNB_MODEL_ERROR_TOO_LARGE,
               "kernel %s has %u dims and %u logical dims; the model "
               "handles at most %u and %u",
               k->name, k->dims->len, k->logicals->len, BNB_MODEL_MAX_DIMS,
               BNB_MODEL_MAX_LOGICALS);
  return FALSE;
}

BnbModel *
bnb_model_new (const BnbChoiceSpace *space, const BnbDeviceDesc *desc,
               GError **error)
{
  const BnbIrKernel *k = bnb_choice_space_kernel (space);
  g_autoptr (BnbModel) m = g_new0 (BnbModel, 1);
  g_autoptr (GArray) acc = g_array_new (FALSE, FALSE, sizeof (BnbModelAccess));
  if (!check_size (k, error) || !bnb_model_figures_init (&m->fig, desc, error))
    return NULL;
  m->space = space;
  m->kernel = k;
  m->n_dims = k->dims->len;
  m->n_logicals = k->logicals->len;
  m->n_tiles = k->tile_vars->len;
  m->n_insts = k->insts->len;
  m->n_arrays = k->arrays->len;
  m->n_temps = bnb_choice_space_n_temps (space);
  build_dims (m);
  build_logicals_and_tiles (m);
  build_insts (m);
  build_arrays (m, acc);
  build_temps (m);
  m->accesses = (BnbModelAccess *)g_array_free (g_steal_pointer (&acc), FALSE);
  return g_steal_pointer (&m);
}

void
bnb_model_free (BnbModel *m)
{
  if (!m)
    return;
  g_free (m->dims);
  g_free (m->logicals);
  g_free (m->tiles);
  g_free (m->insts);
  g_free (m->arrays);
  g_free (m->temps);
  g_free (m->accesses);
  g_free (m->comms);
  g_free (m);
}

const BnbModelFigures *
bnb_model_figures (const BnbModel *m)
{
  return &m->fig;
}

const BnbChoiceSpace *
bnb_model_space (const BnbModel *m)
{
  return m->space;
}
