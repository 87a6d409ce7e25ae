/* What each instruction implies once it is read, and what the whole kernel
 * must satisfy at the end of the text.
 *
 * For an instruction:
 *   - a load or store iterates every level of each logical dim that its
 *     subscripts use;
 *   - the accesses to an inout array all use the same subscripts, and its
 *     loads come before its stores (it is updated element-wise in place);
 *   - an update's reduction dims are its dims that are neither dims of the
 *     value's definition nor copies of one of their levels;
 *   - for each value it reads, one communication from the value's last
 *     writer (definition or update) to it: for each dim dp of the writer
 *     that it does not share, a pair (dp, its dim of the same level); an
 *     update's reduction dims need none, any other dim without a
 *     counterpart is an error.
 * For the kernel: it has an instruction, every out or inout array is
 * stored, and every definition and update is read by a later instruction.
 */
#include "ir/parse-private.h"

BnbIrArrayUse *
bnb_ir_array_use (BnbIrParser *p, guint array)
{
  if (p->array_uses->len < p->kernel->arrays->len)
    g_array_set_size (p->array_uses, p->kernel->arrays->len);
  return &g_array_index (p->array_uses, BnbIrArrayUse, array);
}

static guint
bnb_ir_find_level (const BnbIrKernel *kernel, const BnbIrInst *inst,
                   guint logical, guint level)
{
  for (guint k = 0; k < inst->n_dims; k++) {
    const BnbIrDim *dim = bnb_ir_dim (kernel, inst->dims[k]);

    if (dim->logical == logical && dim->level == level)
      return inst->dims[k];
  }
  return BNB_IR_NONE;
}

static gboolean
bnb_ir_check_levels (BnbIrParser *p, const BnbIrInst *inst, guint r,
                     guint logical)
{
  const BnbIrLogical *l = bnb_ir_logical (p->kernel, logical);
  const BnbIrArray *array = bnb_ir_array (p->kernel, inst->array);

  for (guint level = 0; level < l->n_levels; level++)
    if (bnb_ir_find_level (p->kernel, inst, logical, level) == BNB_IR_NONE)
      return bnb_ir_fail (p, inst->index_loc[r], BNB_IR_ERROR_SEMANTIC,
                          "%s %s uses %s but does not iterate over %s.%u",
                          inst->op == BNB_IR_OP_LOAD ? "load of" : "store to",
                          array->name, l->name, l->name, level);
  return TRUE;
}

static gboolean
bnb_ir_check_subscript_levels (BnbIrParser *p, const BnbIrInst *inst)
{
  guint rank = bnb_ir_array (p->kernel, inst->array)->rank;

  for (guint r = 0; r < rank; r++)
    for (guint t = 0; t < inst->index[r].n_terms; t++) {
      const BnbIrTerm *term = &inst->index[r].terms[t];

      if (term->kind == BNB_IR_VAR_LOGICAL
          && !bnb_ir_check_levels (p, inst, r, term->index))
        return FALSE;
    }
  return TRUE;
}

static gboolean
bnb_ir_check_same_subscripts (BnbIrParser *p, const BnbIrInst *inst,
                              const BnbIrInst *first)
{
  const BnbIrArray *array = bnb_ir_array (p->kernel, inst->array);

  for (guint r = 0; r < array->rank; r++) {
    g_autofree char *mine = NULL, *theirs = NULL;

    if (bnb_ir_affine_equal (&inst->index[r], &first->index[r]))
      continue;
    mine = bnb_ir_affine_to_string (p->kernel, &inst->index[r]);
    theirs = bnb_ir_affine_to_string (p->kernel, &first->index[r]);
    return bnb_ir_fail (p, inst->index_loc[r], BNB_IR_ERROR_SEMANTIC,
                        "array %s is inout, so all its accesses must use "
                        "the same subscripts: subscript %u is %s here but "
                        "%s at %u:%u",
                        array->name, r + 1, mine, theirs, first->loc.line,
                        first->loc.column);
  }
  return TRUE;
}

static gboolean
bnb_ir_check_inout (BnbIrParser *p, const BnbIrInst *inst,
                    const BnbIrArrayUse *use)
{
  const BnbIrKernel *k = p->kernel;
  const char *name = bnb_ir_array (k, inst->array)->name;

  if (use->n_accesses == 0)
    return TRUE;
  if (inst->op == BNB_IR_OP_LOAD && use->n_stores > 0) {
    const BnbIrInst *store = bnb_ir_inst (k, use->first_store);

    return bnb_ir_fail (p, inst->loc, BNB_IR_ERROR_SEMANTIC,
                        "array %s is inout and already stored at %u:%u: "
                        "its loads must come before its stores",
                        name, store->loc.line, store->loc.column);
  }
  return bnb_ir_check_same_subscripts (p, inst,
                                       bnb_ir_inst (k, use->first_access));
}

static gboolean
bnb_ir_check_access (BnbIrParser *p, guint id)
{
  const BnbIrInst *inst = bnb_ir_inst (p->kernel, id);
  BnbIrArrayUse *use = bnb_ir_array_use (p, inst->array);

  if (!bnb_ir_check_subscript_levels (p, inst))
    return FALSE;
  if (bnb_ir_array (p->kernel, inst->array)->mode == BNB_IR_INOUT
      && !bnb_ir_check_inout (p, inst, use))
    return FALSE;
  if (use->n_accesses++ == 0)
    use->first_access = id;
  if (inst->op == BNB_IR_OP_STORE && use->n_stores++ == 0)
    use->first_store = id;
  return TRUE;
}

static void
bnb_ir_find_reduction_dims (BnbIrParser *p, BnbIrInst *update)
{
  const BnbIrKernel *k = p->kernel;
  guint producer = bnb_ir_value (k, update->value)->producer;
  const BnbIrInst *definition = bnb_ir_inst (k, producer);

  for (guint i = 0; i < update->n_dims; i++) {
    const BnbIrDim *dim = bnb_ir_dim (k, update->dims[i]);

    if (bnb_ir_inst_has_dim (definition, update->dims[i])
        || bnb_ir_find_level (k, definition, dim->logical, dim->level)
               != BNB_IR_NONE)
      continue;
    update->reduction_dims[update->n_reduction_dims++] = update->dims[i];
  }
}

static gboolean
bnb_ir_is_reduction_dim (const BnbIrInst *inst, guint dim)
{
  if (!inst->update)
    return FALSE;
  for (guint k = 0; k < inst->n_reduction_dims; k++)
    if (inst->reduction_dims[k] == dim)
      return TRUE;
  return FALSE;
}

static gboolean
bnb_ir_fail_uncovered (BnbIrParser *p, const BnbIrComm *comm, guint dim,
                       BnbIrLoc loc)
{
  const BnbIrKernel *k = p->kernel;
  const BnbIrDim *d = bnb_ir_dim (k, dim);
  g_autofree char *level = bnb_ir_level_name (k, d->logical, d->level);

  return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                      "%s varies along %s (a dim of %s) but %s does not "
                      "iterate over %s",
                      bnb_ir_value (k, comm->value)->name, level,
                      bnb_ir_inst (k, comm->producer)->name,
                      bnb_ir_inst (k, comm->consumer)->name, level);
}

static gboolean
bnb_ir_pair_dims (BnbIrParser *p, BnbIrComm *comm, BnbIrLoc loc)
{
  const BnbIrKernel *k = p->kernel;
  const BnbIrInst *producer = bnb_ir_inst (k, comm->producer);
  const BnbIrInst *consumer = bnb_ir_inst (k, comm->consumer);

  for (guint i = 0; i < producer->n_dims; i++) {
    guint dp = producer->dims[i];
    const BnbIrDim *dim = bnb_ir_dim (k, dp);
    guint dc;

    if (bnb_ir_inst_has_dim (consumer, dp)
        || bnb_ir_is_reduction_dim (producer, dp))
      continue;
    dc = bnb_ir_find_level (k, consumer, dim->logical, dim->level);
    if (dc == BNB_IR_NONE)
      return bnb_ir_fail_uncovered (p, comm, dp, loc);
    comm->pairs[comm->n_pairs][0] = dp;
    comm->pairs[comm->n_pairs++][1] = dc;
  }
  return TRUE;
}

static gboolean
bnb_ir_read_before (const BnbIrInst *inst, guint k)
{
  for (guint j = 0; j < k; j++)
    if (inst->operands[j].kind == BNB_IR_OPERAND_VALUE
        && inst->operands[j].index == inst->operands[k].index)
      return TRUE;
  return FALSE;
}

static gboolean
bnb_ir_add_comms (BnbIrParser *p, guint id)
{
  const BnbIrInst *inst = bnb_ir_inst (p->kernel, id);

  for (guint k = 0; k < inst->n_operands; k++) {
    const BnbIrOperand *operand = &inst->operands[k];
    BnbIrComm comm = { 0 };

    if (operand->kind != BNB_IR_OPERAND_VALUE || bnb_ir_read_before (inst, k))
      continue;
    comm.value = operand->index;
    comm.producer = g_array_index (p->last_writer, guint, operand->index);
    comm.consumer = id;
    if (!bnb_ir_pair_dims (p, &comm, operand->loc))
      return FALSE;
    g_array_append_val (p->kernel->comms, comm);
  }
  return TRUE;
}

/* Whether `inst` adds value `v` into itself once: `fma x, y, v` or
 * `add x, v` (either order), v not among the other operands. */
static gboolean
bnb_ir_adds_into (const BnbIrInst *inst, guint v)
{
  guint uses = 0, at = 0;

  for (guint k = 0; k < inst->n_operands; k++)
    if (inst->operands[k].kind == BNB_IR_OPERAND_VALUE
        && inst->operands[k].index == v) {
      uses++;
      at = k;
    }
  if (uses != 1)
    return FALSE;
  return (inst->op == BNB_IR_OP_FMA && at == 2) || inst->op == BNB_IR_OP_ADD;
}

/* A `split` store may add partial sums into a zeroed array, so what it
 * stores must be a sum from zero (defined by `mov 0`, updated only by
 * `fma x, y, v` or `add x, v`), and it must write each element once: each
 * subscript uses at most one logical dim, a different one each, and every
 * logical dim the store iterates is one of them. */
static gboolean
bnb_ir_check_split (BnbIrParser *p, guint id)
{
  const BnbIrKernel *k = p->kernel;
  const BnbIrInst *store = bnb_ir_inst (k, id);
  const BnbIrArray *array = bnb_ir_array (k, store->array);
  const BnbIrOperand *operand = &store->operands[0];
  const BnbIrInst *definition;
  guint n_updates = 0;
  guint64 subscripted = 0;

  if (operand->kind != BNB_IR_OPERAND_VALUE)
    return bnb_ir_fail (p, operand->loc, BNB_IR_ERROR_SEMANTIC,
                        "a 'split' store needs a value, a sum, to store");
  definition
      = bnb_ir_inst (k, bnb_ir_value (k, operand->index)->producer);
  if (definition->op != BNB_IR_OP_MOV
      || definition->operands[0].kind != BNB_IR_OPERAND_CONST
      || definition->operands[0].constant != 0)
    return bnb_ir_fail (p, operand->loc, BNB_IR_ERROR_SEMANTIC,
                        "a 'split' store adds partial sums, so %s must be "
                        "defined by 'mov 0' (it is defined at %u:%u)",
                        bnb_ir_value (k, operand->index)->name,
                        definition->loc.line, definition->loc.column);
  for (guint i = 0; i < id; i++) {
    const BnbIrInst *inst = bnb_ir_inst (k, i);

    if (!inst->update || inst->value != operand->index)
      continue;
    if (!bnb_ir_adds_into (inst, operand->index))
      return bnb_ir_fail (p, inst->loc, BNB_IR_ERROR_SEMANTIC,
                          "a 'split' store adds partial sums, so every "
                          "update of %s must add into it ('fma x, y, %s' "
                          "or 'add x, %s')",
                          bnb_ir_value (k, operand->index)->name,
                          bnb_ir_value (k, operand->index)->name,
                          bnb_ir_value (k, operand->index)->name);
    n_updates++;
  }
  if (n_updates == 0)
    return bnb_ir_fail (p, operand->loc, BNB_IR_ERROR_SEMANTIC,
                        "a 'split' store needs a sum: %s is never updated",
                        bnb_ir_value (k, operand->index)->name);
  for (guint r = 0; r < array->rank; r++) {
    guint n_logicals = 0;

    for (guint t = 0; t < store->index[r].n_terms; t++) {
      const BnbIrTerm *term = &store->index[r].terms[t];

      if (term->kind != BNB_IR_VAR_LOGICAL)
        continue;
      if (n_logicals++ > 0 || term->index >= 64
          || (subscripted >> term->index & 1))
        return bnb_ir_fail (p, store->index_loc[r], BNB_IR_ERROR_SEMANTIC,
                            "a 'split' store must write each element "
                            "once: each subscript of %s may use one "
                            "logical dim, each a different one",
                            array->name);
      subscripted |= G_GUINT64_CONSTANT (1) << term->index;
    }
  }
  for (guint d = 0; d < store->n_dims; d++) {
    guint logical = bnb_ir_dim (k, store->dims[d])->logical;

    if (!(subscripted >> logical & 1))
      return bnb_ir_fail (
          p, store->loc, BNB_IR_ERROR_SEMANTIC,
          "a 'split' store must write each element once, but %s "
          "iterates over %s, which no subscript of %s uses",
          store->name, bnb_ir_logical (k, logical)->name, array->name);
  }
  return TRUE;
}

gboolean
bnb_ir_check_inst (BnbIrParser *p, guint id)
{
  BnbIrInst *inst = bnb_ir_inst (p->kernel, id);

  if (inst->array != BNB_IR_NONE && !bnb_ir_check_access (p, id))
    return FALSE;
  if (inst->update)
    bnb_ir_find_reduction_dims (p, inst);
  if (!bnb_ir_add_comms (p, id))
    return FALSE;
  if (inst->split && !bnb_ir_check_split (p, id))
    return FALSE;
  if (inst->value != BNB_IR_NONE)
    g_array_index (p->last_writer, guint, inst->value) = id;
  return TRUE;
}

static gboolean
bnb_ir_check_stored (BnbIrParser *p)
{
  for (guint a = 0; a < p->kernel->arrays->len; a++) {
    const BnbIrArray *array = bnb_ir_array (p->kernel, a);

    if (array->mode != BNB_IR_IN && bnb_ir_array_use (p, a)->n_stores == 0)
      return bnb_ir_fail (p, array->loc, BNB_IR_ERROR_SEMANTIC,
                          "array %s is '%s' but is never stored", array->name,
                          array->mode == BNB_IR_OUT ? "out" : "inout");
  }
  return TRUE;
}

static gboolean
bnb_ir_check_used (BnbIrParser *p)
{
  const BnbIrKernel *k = p->kernel;
  g_autofree gboolean *read = g_new0 (gboolean, k->insts->len);

  for (guint c = 0; c < k->comms->len; c++)
    read[bnb_ir_comm (k, c)->producer] = TRUE;
  for (guint i = 0; i < k->insts->len; i++) {
    const BnbIrInst *inst = bnb_ir_inst (k, i);

    if (inst->value == BNB_IR_NONE || read[i])
      continue;
    if (inst->update)
      return bnb_ir_fail (p, inst->loc, BNB_IR_ERROR_SEMANTIC,
                          "value %s as updated by %s is never used",
                          bnb_ir_value (k, inst->value)->name, inst->name);
    return bnb_ir_fail (p, inst->loc, BNB_IR_ERROR_SEMANTIC,
                        "value %s is never used", inst->name);
  }
  return TRUE;
}

/* What a `split` store asks of the whole kernel: only the updates of its
 * sum and split stores read the sum (any other reader inside the split
 * would see one work-group's part), and no other store writes its array
 * (the parts are added to whatever is there). */
static gboolean
bnb_ir_check_splits (BnbIrParser *p)
{
  const BnbIrKernel *k = p->kernel;

  for (guint i = 0; i < k->insts->len; i++) {
    const BnbIrInst *store = bnb_ir_inst (k, i);
    guint v;

    if (!store->split)
      continue;
    v = store->operands[0].index;
    for (guint c = 0; c < k->comms->len; c++) {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      const BnbIrInst *reader = bnb_ir_inst (k, comm->consumer);

      if (comm->value != v || reader->split
          || (reader->update && reader->value == v))
        continue;
      return bnb_ir_fail (p, reader->loc, BNB_IR_ERROR_SEMANTIC,
                          "%s reads %s, the sum that the 'split' store at "
                          "%u:%u adds: only its updates and 'split' stores "
                          "may read it",
                          reader->name, bnb_ir_value (k, v)->name,
                          store->loc.line, store->loc.column);
    }
    for (guint j = 0; j < k->insts->len; j++) {
      const BnbIrInst *other = bnb_ir_inst (k, j);

      if (j != i && other->op == BNB_IR_OP_STORE
          && other->array == store->array)
        return bnb_ir_fail (p, j < i ? store->loc : other->loc,
                            BNB_IR_ERROR_SEMANTIC,
                            "a 'split' store must be the only store into "
                            "%s (%s at %u:%u stores it too)",
                            bnb_ir_array (k, store->array)->name,
                            j < i ? other->name : store->name,
                            j < i ? other->loc.line : store->loc.line,
                            j < i ? other->loc.column : store->loc.column);
    }
  }
  return TRUE;
}

gboolean
bnb_ir_check_kernel (BnbIrParser *p)
{
  if (p->kernel->insts->len == 0)
    return bnb_ir_fail (p, bnb_ir_peek (p)->loc, BNB_IR_ERROR_SEMANTIC,
                        "the kernel has no instruction");
  return bnb_ir_check_stored (p) && bnb_ir_check_used (p)
         && bnb_ir_check_splits (p);
}
