/* The reference interpreter: runs a bound kernel in double precision, in
 * the order of its text, with every tile size at 1.  It is the oracle that
 * generated kernels are checked against, so it aims at being obviously
 * right rather than fast.
 *
 * With tiles of size 1, every level >= 1 of a logical dim has one
 * iteration (index 0) and level 0 iterates over the whole logical size, so
 * the logical index of a dim is the index of its level-0 loop.  A value
 * lives in a buffer indexed by the iteration point of the instruction that
 * defines it (row-major over all that instruction's dims, shared and own,
 * outermost first).  An instruction that reads or updates the value finds,
 * for each of those dims, the same dim when it shares it, else its copy of
 * the same logical dim and level (the communication's pairs say which):
 *
 *   acc = mov 0.0 over m.1              defines acc[m.0][m.1@mov]
 *   loop k.0 {
 *     acc = fma a, b, acc over m.1, k.1 reads, writes acc[m.0][m.1@fma]
 *   }
 *   store C[m], acc over m.1            reads acc[m.0][m.1@store]
 *
 * An update's reduction dims (k.0, k.1@fma above) are not dims of the
 * defining instruction and so do not index the buffer; nor do the `loop`
 * dims that every reader of the value shares (m.0 above): the value is
 * consumed within each of their iterations.
 *
 * The plan (dim sizes, array extents, value buffers, and where each operand
 * and result lives) is built once per call; running the body then only
 * walks indices.
 */
#include <math.h>
#include <string.h>

#include "ir/ir.h"

#define BNB_IR_INTERP_MAX_ELEMENTS (G_GINT64_CONSTANT (1) << 28)

/* Where one instruction reads or writes one value: the value's buffer and,
 * for each dim of the value's defining instruction, the dim of the reader
 * that gives its index and the stride of that dim in the buffer. */
typedef struct {
  double *buffer;
  guint n_dims;
  guint dims[BNB_IR_MAX_INST_DIMS];
  gint64 strides[BNB_IR_MAX_INST_DIMS];
} BnbIrInterpAccess;

/* The state of one call.  `homes[v]` is value v seen from its defining
 * instruction and owns the buffer; the other accesses borrow it. */
typedef struct {
  const BnbIrKernel *kernel;
  double **arrays;
  const double *scalars;
  gint64 *dim_sizes;
  gint64 *index;
  gint64 *logical_index;
  gint64 *extents;
  BnbIrInterpAccess *homes;
  BnbIrInterpAccess *operands;
  BnbIrInterpAccess *results;
} BnbIrInterp;

static void
bnb_ir_interp_free (BnbIrInterp *interp)
{
  if (interp->homes)
    for (guint v = 0; v < interp->kernel->values->len; v++)
      g_free (interp->homes[v].buffer);
  g_free (interp->dim_sizes);
  g_free (interp->index);
  g_free (interp->logical_index);
  g_free (interp->extents);
  g_free (interp->homes);
  g_free (interp->operands);
  g_free (interp->results);
  g_free (interp);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbIrInterp, bnb_ir_interp_free)

static gboolean
bnb_ir_interp_size_dims (BnbIrInterp *interp, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;

  for (guint d = 0; d < kernel->dims->len; d++) {
    const BnbIrDim *dim = bnb_ir_dim (kernel, d);
    gint64 size = 1;

    if (dim->level == 0)
      size = bnb_ir_logical_size (kernel, dim->logical);
    if (size < 0) {
      g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE,
                   "%s: dim %s has a negative size (%" G_GINT64_FORMAT ")",
                   kernel->name, dim->name, size);
      return FALSE;
    }
    interp->dim_sizes[d] = size;
  }
  return TRUE;
}

static void
bnb_ir_interp_size_arrays (BnbIrInterp *interp)
{
  const BnbIrKernel *kernel = interp->kernel;

  for (guint a = 0; a < kernel->arrays->len; a++) {
    const BnbIrArray *array = bnb_ir_array (kernel, a);

    for (guint r = 0; r < array->rank; r++)
      interp->extents[a * BNB_IR_MAX_RANK + r]
          = bnb_ir_affine_eval (kernel, &array->extent[r],
                                interp->logical_index);
  }
}

/* Lays value v out over the dims of its defining instruction and allocates
 * its buffer, filled with NaN so that a read before any write shows. */
/* A dim of the value's definer that every reader of the value shares (a
 * `loop` dim around all of them): the text order consumes the value within
 * each of its iterations, so it need not index the buffer. */
static gboolean
bnb_ir_interp_shared_by_readers (const BnbIrKernel *kernel, guint v,
                                 guint dim)
{
  for (guint c = 0; c < kernel->comms->len; c++) {
    const BnbIrComm *comm = bnb_ir_comm (kernel, c);

    if (comm->value == v
        && !bnb_ir_inst_has_dim (bnb_ir_inst (kernel, comm->consumer), dim))
      return FALSE;
  }
  return TRUE;
}

static gboolean
bnb_ir_interp_alloc_value (BnbIrInterp *interp, guint v, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;
  const BnbIrValue *value = bnb_ir_value (kernel, v);
  const BnbIrInst *definer = bnb_ir_inst (kernel, value->producer);
  BnbIrInterpAccess *home = &interp->homes[v];
  gint64 elements = 1;
  guint n = 0;

  for (guint k = 0; k < definer->n_dims; k++)
    if (!bnb_ir_interp_shared_by_readers (kernel, v, definer->dims[k]))
      home->dims[n++] = definer->dims[k];
  home->n_dims = n;
  for (guint k = n; k-- > 0;) {
    gint64 size = interp->dim_sizes[home->dims[k]];

    if (size != 0 && elements > BNB_IR_INTERP_MAX_ELEMENTS / size) {
      g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE,
                   "%s: value %s needs more than %" G_GINT64_FORMAT
                   " elements to interpret at these sizes",
                   kernel->name, value->name, BNB_IR_INTERP_MAX_ELEMENTS);
      return FALSE;
    }
    home->strides[k] = elements;
    elements *= size;
  }
  home->buffer = g_new (double, MAX (elements, 1));
  for (gint64 i = 0; i < MAX (elements, 1); i++)
    home->buffer[i] = NAN;
  return TRUE;
}

static const BnbIrComm *
bnb_ir_interp_find_comm (const BnbIrKernel *kernel, guint value,
                         guint consumer)
{
  for (guint c = 0; c < kernel->comms->len; c++) {
    const BnbIrComm *comm = bnb_ir_comm (kernel, c);

    if (comm->value == value && comm->consumer == consumer)
      return comm;
  }
  return NULL;
}

static gboolean
bnb_ir_interp_same_level (const BnbIrKernel *kernel, guint a, guint b)
{
  const BnbIrDim *da = bnb_ir_dim (kernel, a);
  const BnbIrDim *db = bnb_ir_dim (kernel, b);

  return da->logical == db->logical && da->level == db->level;
}

/* The dim of instruction `inst` that gives the index of `dim`, a dim of a
 * value's defining instruction: `dim` itself if shared, else the copy that
 * the communication pairs with it, else any copy of the same level. */
static guint
bnb_ir_interp_counterpart (const BnbIrKernel *kernel, guint inst_id,
                           const BnbIrComm *comm, guint dim)
{
  const BnbIrInst *inst = bnb_ir_inst (kernel, inst_id);

  if (bnb_ir_inst_has_dim (inst, dim))
    return dim;
  for (guint k = 0; comm && k < comm->n_pairs; k++)
    if (bnb_ir_interp_same_level (kernel, comm->pairs[k][0], dim)
        && bnb_ir_inst_has_dim (inst, comm->pairs[k][1]))
      return comm->pairs[k][1];
  for (guint k = 0; k < inst->n_dims; k++)
    if (bnb_ir_interp_same_level (kernel, inst->dims[k], dim))
      return inst->dims[k];
  return BNB_IR_NONE;
}

static gboolean
bnb_ir_interp_plan_access (BnbIrInterp *interp, guint inst_id, guint value,
                           BnbIrInterpAccess *access, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;
  const BnbIrComm *comm = bnb_ir_interp_find_comm (kernel, value, inst_id);

  *access = interp->homes[value];
  for (guint k = 0; k < access->n_dims; k++) {
    guint dim
        = bnb_ir_interp_counterpart (kernel, inst_id, comm, access->dims[k]);

    if (dim == BNB_IR_NONE) {
      g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SEMANTIC,
                   "%s: %s uses %s, which varies along %s, outside it",
                   kernel->name, bnb_ir_inst (kernel, inst_id)->name,
                   bnb_ir_value (kernel, value)->name,
                   bnb_ir_dim (kernel, access->dims[k])->name);
      return FALSE;
    }
    access->dims[k] = dim;
  }
  return TRUE;
}

static gboolean
bnb_ir_interp_plan_inst (BnbIrInterp *interp, guint inst_id, GError **error)
{
  const BnbIrInst *inst = bnb_ir_inst (interp->kernel, inst_id);
  BnbIrInterpAccess *operands
      = &interp->operands[inst_id * BNB_IR_MAX_OPERANDS];

  g_assert_cmpuint (inst->n_operands, <=, BNB_IR_MAX_OPERANDS);
  for (guint k = 0; k < inst->n_operands; k++) {
    const BnbIrOperand *operand = &inst->operands[k];

    if (operand->kind == BNB_IR_OPERAND_VALUE
        && !bnb_ir_interp_plan_access (interp, inst_id, operand->index,
                                       &operands[k], error))
      return FALSE;
  }
  if (inst->value == BNB_IR_NONE)
    return TRUE;
  return bnb_ir_interp_plan_access (interp, inst_id, inst->value,
                                    &interp->results[inst_id], error);
}

static gboolean
bnb_ir_interp_plan (BnbIrInterp *interp, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;

  if (!bnb_ir_interp_size_dims (interp, error))
    return FALSE;
  bnb_ir_interp_size_arrays (interp);
  for (guint v = 0; v < kernel->values->len; v++)
    if (!bnb_ir_interp_alloc_value (interp, v, error))
      return FALSE;
  for (guint i = 0; i < kernel->insts->len; i++)
    if (!bnb_ir_interp_plan_inst (interp, i, error))
      return FALSE;
  return TRUE;
}

static BnbIrInterp *
bnb_ir_interp_new (const BnbIrKernel *kernel, double **arrays,
                   const double *scalars, GError **error)
{
  g_autoptr (BnbIrInterp) interp = g_new0 (BnbIrInterp, 1);
  guint n_insts = kernel->insts->len;

  interp->kernel = kernel;
  interp->arrays = arrays;
  interp->scalars = scalars;
  interp->dim_sizes = g_new0 (gint64, kernel->dims->len + 1);
  interp->index = g_new0 (gint64, kernel->dims->len + 1);
  interp->logical_index = g_new0 (gint64, kernel->logicals->len + 1);
  interp->extents = g_new0 (gint64, kernel->arrays->len * BNB_IR_MAX_RANK + 1);
  interp->homes = g_new0 (BnbIrInterpAccess, kernel->values->len + 1);
  interp->operands
      = g_new0 (BnbIrInterpAccess, n_insts * BNB_IR_MAX_OPERANDS + 1);
  interp->results = g_new0 (BnbIrInterpAccess, n_insts + 1);
  if (!bnb_ir_interp_plan (interp, error))
    return NULL;
  return g_steal_pointer (&interp);
}

static gint64
bnb_ir_interp_offset (const BnbIrInterp *interp,
                      const BnbIrInterpAccess *access)
{
  gint64 offset = 0;

  for (guint k = 0; k < access->n_dims; k++)
    offset += interp->index[access->dims[k]] * access->strides[k];
  return offset;
}

static double
bnb_ir_interp_operand (const BnbIrInterp *interp, guint inst_id, guint k)
{
  const BnbIrOperand *operand
      = &bnb_ir_inst (interp->kernel, inst_id)->operands[k];
  const BnbIrInterpAccess *access
      = &interp->operands[inst_id * BNB_IR_MAX_OPERANDS + k];

  switch (operand->kind) {
    case BNB_IR_OPERAND_VALUE:
      return access->buffer[bnb_ir_interp_offset (interp, access)];
    case BNB_IR_OPERAND_SCALAR:
      return interp->scalars[operand->index];
    case BNB_IR_OPERAND_CONST:
      return operand->constant;
  }
  g_assert_not_reached ();
}

static double
bnb_ir_interp_apply (BnbIrOp op, const double *x)
{
  switch (op) {
    case BNB_IR_OP_MOV:
      return x[0];
    case BNB_IR_OP_NEG:
      return -x[0];
    case BNB_IR_OP_ADD:
      return x[0] + x[1];
    case BNB_IR_OP_SUB:
      return x[0] - x[1];
    case BNB_IR_OP_MUL:
      return x[0] * x[1];
    case BNB_IR_OP_DIV:
      return x[0] / x[1];
    case BNB_IR_OP_MIN:
      return fmin (x[0], x[1]);
    case BNB_IR_OP_MAX:
      return fmax (x[0], x[1]);
    case BNB_IR_OP_FMA:
      return x[0] * x[1] + x[2];
    default:
      g_assert_not_reached ();
  }
}

static void
bnb_ir_interp_set_logical_index (BnbIrInterp *interp, const BnbIrInst *inst)
{
  const BnbIrKernel *kernel = interp->kernel;

  memset (interp->logical_index, 0,
          kernel->logicals->len * sizeof *interp->logical_index);
  for (guint k = 0; k < inst->n_dims; k++) {
    const BnbIrDim *dim = bnb_ir_dim (kernel, inst->dims[k]);

    if (dim->level == 0)
      interp->logical_index[dim->logical] = interp->index[inst->dims[k]];
  }
}

/* The row-major position in its array of the element that load or store
 * `inst` accesses at the current indices. */
static gboolean
bnb_ir_interp_element (BnbIrInterp *interp, const BnbIrInst *inst,
                       gint64 *element, GError **error)
{
  const BnbIrArray *array = bnb_ir_array (interp->kernel, inst->array);
  const gint64 *extents = &interp->extents[inst->array * BNB_IR_MAX_RANK];
  gint64 flat = 0;

  bnb_ir_interp_set_logical_index (interp, inst);
  for (guint r = 0; r < array->rank; r++) {
    gint64 i = bnb_ir_affine_eval (interp->kernel, &inst->index[r],
                                   interp->logical_index);

    if (i < 0 || i >= extents[r]) {
      g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE,
                   "%s: %s accesses %s outside its extent: subscript %u "
                   "is %" G_GINT64_FORMAT ", extent %" G_GINT64_FORMAT,
                   interp->kernel->name, inst->name, array->name, r + 1, i,
                   extents[r]);
      return FALSE;
    }
    flat = flat * extents[r] + i;
  }
  *element = flat;
  return TRUE;
}

static gboolean
bnb_ir_interp_execute (BnbIrInterp *interp, guint inst_id, GError **error)
{
  const BnbIrInst *inst = bnb_ir_inst (interp->kernel, inst_id);
  const BnbIrInterpAccess *result = &interp->results[inst_id];
  double x[BNB_IR_MAX_OPERANDS] = { 0 };
  gint64 element = 0;

  for (guint k = 0; k < inst->n_operands; k++)
    x[k] = bnb_ir_interp_operand (interp, inst_id, k);
  if (inst->array != BNB_IR_NONE
      && !bnb_ir_interp_element (interp, inst, &element, error))
    return FALSE;
  if (inst->op == BNB_IR_OP_STORE) {
    interp->arrays[inst->array][element] = x[0];
    return TRUE;
  }
  result->buffer[bnb_ir_interp_offset (interp, result)]
      = inst->op == BNB_IR_OP_LOAD ? interp->arrays[inst->array][element]
                                   : bnb_ir_interp_apply (inst->op, x);
  return TRUE;
}

/* Iterates the dims that instruction `inst_id` owns, from position `from`
 * of its dims on, then executes it at each point. */
static gboolean
bnb_ir_interp_run_inst (BnbIrInterp *interp, guint inst_id, guint from,
                        GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;
  const BnbIrInst *inst = bnb_ir_inst (kernel, inst_id);

  for (guint k = from; k < inst->n_dims; k++) {
    guint d = inst->dims[k];

    if (bnb_ir_dim (kernel, d)->owner != inst_id)
      continue;
    for (gint64 i = 0; i < interp->dim_sizes[d]; i++) {
      interp->index[d] = i;
      if (!bnb_ir_interp_run_inst (interp, inst_id, k + 1, error))
        return FALSE;
    }
    return TRUE;
  }
  return bnb_ir_interp_execute (interp, inst_id, error);
}

static gboolean bnb_ir_interp_run_nodes (BnbIrInterp *interp,
                                         const GPtrArray *nodes,
                                         GError **error);

static gboolean
bnb_ir_interp_run_loop (BnbIrInterp *interp, const BnbIrNode *node,
                        GError **error)
{
  for (gint64 i = 0; i < interp->dim_sizes[node->dim]; i++) {
    interp->index[node->dim] = i;
    if (!bnb_ir_interp_run_nodes (interp, node->children, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
bnb_ir_interp_run_nodes (BnbIrInterp *interp, const GPtrArray *nodes,
                         GError **error)
{
  for (guint n = 0; n < nodes->len; n++) {
    const BnbIrNode *node = g_ptr_array_index (nodes, n);
    gboolean ok = node->dim != BNB_IR_NONE
                      ? bnb_ir_interp_run_loop (interp, node, error)
                      : bnb_ir_interp_run_inst (interp, node->inst, 0, error);

    if (!ok)
      return FALSE;
  }
  return TRUE;
}

gboolean
bnb_ir_interpret (const BnbIrKernel *kernel, double **arrays,
                  const double *scalars, GError **error)
{
  g_autoptr (BnbIrInterp) interp = NULL;

  g_return_val_if_fail (kernel != NULL, FALSE);
  g_return_val_if_fail (arrays != NULL || kernel->arrays->len == 0, FALSE);
  g_return_val_if_fail (scalars != NULL || kernel->scalars->len == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if (!kernel->bound) {
    g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE,
                 "%s: the kernel must be bound to sizes before it is "
                 "interpreted",
                 kernel->name);
    return FALSE;
  }
  interp = bnb_ir_interp_new (kernel, arrays, scalars, error);
  if (!interp)
    return FALSE;
  return bnb_ir_interp_run_nodes (interp, kernel->body, error);
}
