/* The reference interpreter: runs a bound kernel in double precision, in
 * the order of its text, with every tile size at 1.  It is the oracle that
 * generated kernels are checked against, so it aims at being obviously
 * right first and fast second.  (For speed it runs the dims whose
 * iterations are independent in tiles, which changes the order in which
 * elements are computed but not one operation on any element: see "Tiles"
 * below.  What follows describes tiles of 1.)
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
 * The plan is built once per call: dim sizes, array extents, the layout of
 * each value's buffer and, per instruction, a step that says where each
 * operand and the result live, which of its own dims it iterates and its
 * array subscripts as affine functions of dim indices.  Dims of size 1
 * keep index 0 throughout, so the steps leave them out: an instruction
 * nested in tiling levels only iterates its dims of size > 1.  Running the
 * body then only walks indices.
 *
 * The iterations of a loop at the top of the body run on several threads
 * where bnb_ir_interp_can_split says that they share nothing that one of
 * them writes; each thread has its own indices and value buffers (a
 * worker), and each output element is still computed by one thread, by the
 * same operations in the same order, so the result is the same bit for
 * bit.  Everywhere else, the body runs on the calling thread.
 *
 *   BnbIrInterp: the plan, read-only     BnbIrInterpWorker, one per thread
 *     dim sizes, extents, layouts          index[dim]
 *     steps[inst] ---- copied into --->    steps[inst], accesses based in
 *                                          buffers[value] (the values the
 *                                          thread's instructions touch)
 *   kernel arrays: shared; each element written by one thread at most
 */
#define G_LOG_DOMAIN "bnbtune-ir"

#include <math.h>
#include <string.h>

#include "ir/ir.h"

#define BNB_IR_INTERP_MAX_ELEMENTS (G_GINT64_CONSTANT (1) << 28)
#define BNB_IR_INTERP_CHUNKS_PER_THREAD 16

/* Where one instruction reads or writes one value: the value's buffer and,
 * for each dim of the value's defining instruction, the dim of the reader
 * that gives its index and the stride of that dim in the buffer.  A scalar
 * or constant operand has no buffer (value is BNB_IR_NONE) and reads as
 * `constant`.  `base` is where offset 0 is in the worker that runs the
 * access: the value's buffer there, or `constant`. */
typedef struct {
  double *base;
  guint value;
  double constant;
  guint n_dims;
  guint dims[BNB_IR_MAX_INST_DIMS];
  gint64 strides[BNB_IR_MAX_INST_DIMS];
} BnbIrInterpAccess;

/* One array subscript of a load or store: constant + sum of coefs[t] *
 * index[dims[t]], in the wrapping arithmetic of bnb_ir_affine_eval, the
 * parameters folded into the constant; a logical dim run with a tile
 * (BnbIrInterp.tiles) takes two terms, its level 0 and its last level. */
typedef struct {
  guint64 constant;
  guint n_terms;
  guint dims[2 * BNB_IR_MAX_TERMS];
  guint64 coefs[2 * BNB_IR_MAX_TERMS];
} BnbIrInterpSubscript;

/* How to run one instruction: the dims it owns of size > 1 (outermost
 * first), its operands (those past the instruction's read as 0.0) and
 * result, and for loads and stores the array, its extents and the
 * subscripts.  A loop over the last level of a logical dim whose tile
 * does not divide it stops at the logical size: `ends[k]` is that size,
 * else 0, and `firsts[k]` the instruction's dim of level 0 of it. */
typedef struct {
  const BnbIrInst *inst;
  BnbIrOp op;
  guint n_loops;
  guint loops[BNB_IR_MAX_INST_DIMS];
  gint64 ends[BNB_IR_MAX_INST_DIMS];
  guint firsts[BNB_IR_MAX_INST_DIMS];
  BnbIrInterpAccess operands[BNB_IR_MAX_OPERANDS];
  BnbIrInterpAccess result;
  double *array;
  guint rank;
  gint64 extents[BNB_IR_MAX_RANK];
  BnbIrInterpSubscript subscripts[BNB_IR_MAX_RANK];
} BnbIrInterpStep;

/* The plan of one call, read-only once built and shared by the threads.
 * `homes[v]` lays value v out over its defining instruction's dims and
 * `elements[v]` is the size of its buffer. */
typedef struct {
  const BnbIrKernel *kernel;
  double **arrays;
  const double *scalars;
  guint n_threads;
  gint64 *dim_sizes;
  gint64 *extents;
  BnbIrInterpAccess *homes;
  gint64 *elements;
  BnbIrInterpStep *steps;
  gint64 *tiles;
  gboolean *splits;
} BnbIrInterp;

/* What one thread walks the body with: an index per dim, a buffer per
 * value it may touch (NULL for the others) and its copy of the plan's
 * steps, their accesses based in these buffers. */
typedef struct {
  const BnbIrInterp *interp;
  gint64 *index;
  double **buffers;
  BnbIrInterpStep *steps;
} BnbIrInterpWorker;

static void
bnb_ir_interp_free (BnbIrInterp *interp)
{
  g_free (interp->dim_sizes);
  g_free (interp->extents);
  g_free (interp->homes);
  g_free (interp->elements);
  g_free (interp->steps);
  g_free (interp->tiles);
  g_free (interp->splits);
  g_free (interp);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbIrInterp, bnb_ir_interp_free)

static void
bnb_ir_interp_worker_free (BnbIrInterpWorker *worker)
{
  for (guint v = 0; v < worker->interp->kernel->values->len; v++)
    g_free (worker->buffers[v]);
  g_free (worker->buffers);
  g_free (worker->steps);
  g_free (worker->index);
  g_free (worker);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbIrInterpWorker, bnb_ir_interp_worker_free)

/* Fills buffers with NaN, so that a read before any write shows, for each
 * value whose defining instruction is `inside` (every value if NULL). */
static void
bnb_ir_interp_worker_alloc (BnbIrInterpWorker *worker, const gboolean *inside)
{
  const BnbIrKernel *kernel = worker->interp->kernel;

  for (guint v = 0; v < kernel->values->len; v++) {
    gint64 n = MAX (worker->interp->elements[v], 1);

    if (inside && !inside[bnb_ir_value (kernel, v)->producer])
      continue;
    worker->buffers[v] = g_new (double, n);
    for (gint64 i = 0; i < n; i++)
      worker->buffers[v][i] = NAN;
  }
}

static void
bnb_ir_interp_worker_base (BnbIrInterpWorker *worker,
                           BnbIrInterpAccess *access)
{
  access->base = access->value == BNB_IR_NONE ? &access->constant
                                              : worker->buffers[access->value];
}

/* A worker with every index at 0, buffers for the values defined by the
 * instructions `inside` (all if NULL), and steps based in them. */
static BnbIrInterpWorker *
bnb_ir_interp_worker_new (const BnbIrInterp *interp, const gboolean *inside)
{
  const BnbIrKernel *kernel = interp->kernel;
  guint n_insts = kernel->insts->len;
  BnbIrInterpWorker *worker = g_new0 (BnbIrInterpWorker, 1);

  worker->interp = interp;
  worker->index = g_new0 (gint64, kernel->dims->len + 1);
  worker->buffers = g_new0 (double *, kernel->values->len + 1);
  bnb_ir_interp_worker_alloc (worker, inside);
  worker->steps
      = g_memdup2 (interp->steps, (n_insts + 1) * sizeof *interp->steps);
  for (guint i = 0; i < n_insts; i++) {
    for (guint k = 0; k < BNB_IR_MAX_OPERANDS; k++)
      bnb_ir_interp_worker_base (worker, &worker->steps[i].operands[k]);
    bnb_ir_interp_worker_base (worker, &worker->steps[i].result);
  }
  return worker;
}

static gboolean
bnb_ir_interp_size_dims (BnbIrInterp *interp, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;

  for (guint d = 0; d < kernel->dims->len; d++) {
    const BnbIrDim *dim = bnb_ir_dim (kernel, d);
    const BnbIrLogical *logical = bnb_ir_logical (kernel, dim->logical);
    gint64 tile = interp->tiles[dim->logical];
    gint64 size = 1;

    if (dim->level == 0) /* the last tile may be partial */
      size = (bnb_ir_logical_size (kernel, dim->logical) + tile - 1) / tile;
    else if (dim->level + 1 == logical->n_levels)
      size = tile;
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
  g_autofree gint64 *zeros = g_new0 (gint64, kernel->logicals->len + 1);

  for (guint a = 0; a < kernel->arrays->len; a++) {
    const BnbIrArray *array = bnb_ir_array (kernel, a);

    for (guint r = 0; r < array->rank; r++)
      interp->extents[a * BNB_IR_MAX_RANK + r]
          = bnb_ir_affine_eval (kernel, &array->extent[r], zeros);
  }
}

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

/* Lays value v out over the dims of its defining instruction and counts
 * the elements of its buffer. */
static gboolean
bnb_ir_interp_lay_out_value (BnbIrInterp *interp, guint v, GError **error)
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
  home->value = v;
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
  interp->elements[v] = elements;
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

/* Leaves out the dims of size 1 of an access: their index is always 0. */
static void
bnb_ir_interp_drop_unit_dims (const BnbIrInterp *interp,
                              BnbIrInterpAccess *access)
{
  guint n = 0;

  for (guint k = 0; k < access->n_dims; k++)
    if (interp->dim_sizes[access->dims[k]] != 1) {
      access->dims[n] = access->dims[k];
      access->strides[n++] = access->strides[k];
    }
  access->n_dims = n;
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
  bnb_ir_interp_drop_unit_dims (interp, access);
  return TRUE;
}

static gboolean
bnb_ir_interp_plan_operand (BnbIrInterp *interp, guint inst_id, guint k,
                            GError **error)
{
  const BnbIrOperand *operand
      = &bnb_ir_inst (interp->kernel, inst_id)->operands[k];
  BnbIrInterpAccess *access = &interp->steps[inst_id].operands[k];

  switch (operand->kind) {
    case BNB_IR_OPERAND_VALUE:
      return bnb_ir_interp_plan_access (interp, inst_id, operand->index,
                                        access, error);
    case BNB_IR_OPERAND_SCALAR:
      access->constant = interp->scalars[operand->index];
      return TRUE;
    case BNB_IR_OPERAND_CONST:
      access->constant = operand->constant;
      return TRUE;
  }
  g_assert_not_reached ();
}

/* The dim of `inst` whose index is the logical index of `logical`: its
 * last dim of level 0 of that logical dim, else none (index 0). */
static guint
bnb_ir_interp_level0_dim (const BnbIrKernel *kernel, const BnbIrInst *inst,
                          guint logical)
{
  guint found = BNB_IR_NONE;

  for (guint k = 0; k < inst->n_dims; k++) {
    const BnbIrDim *dim = bnb_ir_dim (kernel, inst->dims[k]);

    if (dim->level == 0 && dim->logical == logical)
      found = inst->dims[k];
  }
  return found;
}

static void
bnb_ir_interp_plan_subscript (const BnbIrInterp *interp,
                              const BnbIrInst *inst, const BnbIrAffine *affine,
                              BnbIrInterpSubscript *subscript)
{
  const BnbIrKernel *kernel = interp->kernel;

  subscript->constant = (guint64)affine->constant;
  subscript->n_terms = 0;
  for (guint t = 0; t < affine->n_terms; t++) {
    const BnbIrTerm *term = &affine->terms[t];
    guint dim = BNB_IR_NONE;
    guint64 tile = 1;

    if (term->kind == BNB_IR_VAR_PARAM)
      subscript->constant += (guint64)term->coef
                             * (guint64)kernel->param_values[term->index];
    else {
      dim = bnb_ir_interp_level0_dim (kernel, inst, term->index);
      tile = (guint64)interp->tiles[term->index];
    }
    if (dim != BNB_IR_NONE && interp->dim_sizes[dim] != 1) {
      subscript->dims[subscript->n_terms] = dim;
      subscript->coefs[subscript->n_terms++] = (guint64)term->coef * tile;
    }
    if (tile > 1) {
      const BnbIrLogical *logical = bnb_ir_logical (kernel, term->index);

      subscript->dims[subscript->n_terms] = bnb_ir_inst_dim_at (
          kernel, inst, term->index, logical->n_levels - 1);
      subscript->coefs[subscript->n_terms++] = (guint64)term->coef;
    }
  }
}

static void
bnb_ir_interp_plan_element (BnbIrInterp *interp, guint inst_id)
{
  const BnbIrInst *inst = bnb_ir_inst (interp->kernel, inst_id);
  BnbIrInterpStep *step = &interp->steps[inst_id];

  if (inst->array == BNB_IR_NONE)
    return;
  step->array = interp->arrays[inst->array];
  step->rank = bnb_ir_array (interp->kernel, inst->array)->rank;
  for (guint r = 0; r < step->rank; r++) {
    step->extents[r] = interp->extents[inst->array * BNB_IR_MAX_RANK + r];
    bnb_ir_interp_plan_subscript (interp, inst, &inst->index[r],
                                  &step->subscripts[r]);
  }
}

static gboolean
bnb_ir_interp_plan_inst (BnbIrInterp *interp, guint inst_id, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;
  const BnbIrInst *inst = bnb_ir_inst (kernel, inst_id);
  BnbIrInterpStep *step = &interp->steps[inst_id];

  g_assert_cmpuint (inst->n_operands, <=, BNB_IR_MAX_OPERANDS);
  step->inst = inst;
  step->op = inst->op;
  step->result.value = BNB_IR_NONE;
  for (guint k = 0; k < BNB_IR_MAX_OPERANDS; k++)
    step->operands[k].value = BNB_IR_NONE;
  for (guint k = 0; k < inst->n_dims; k++) {
    const BnbIrDim *dim = bnb_ir_dim (kernel, inst->dims[k]);
    gint64 tile = interp->tiles[dim->logical];
    gint64 size = bnb_ir_logical_size (kernel, dim->logical);

    if (dim->owner != inst_id || interp->dim_sizes[inst->dims[k]] == 1)
      continue;
    step->ends[step->n_loops] = 0;
    if (dim->level > 0 && tile > 1 && size % tile != 0) {
      /* bnb_ir_interp_check_inst tiles no dim without one */
      step->firsts[step->n_loops]
          = bnb_ir_interp_level0_dim (kernel, inst, dim->logical);
      g_assert (step->firsts[step->n_loops] != BNB_IR_NONE);
      step->ends[step->n_loops] = size;
    }
    step->loops[step->n_loops++] = inst->dims[k];
  }
  for (guint k = 0; k < inst->n_operands; k++)
    if (!bnb_ir_interp_plan_operand (interp, inst_id, k, error))
      return FALSE;
  bnb_ir_interp_plan_element (interp, inst_id);
  if (inst->value == BNB_IR_NONE)
    return TRUE;
  return bnb_ir_interp_plan_access (interp, inst_id, inst->value,
                                    &step->result, error);
}

static gboolean
bnb_ir_interp_plan (BnbIrInterp *interp, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;

  if (!bnb_ir_interp_size_dims (interp, error))
    return FALSE;
  bnb_ir_interp_size_arrays (interp);
  for (guint v = 0; v < kernel->values->len; v++)
    if (!bnb_ir_interp_lay_out_value (interp, v, error))
      return FALSE;
  for (guint i = 0; i < kernel->insts->len; i++)
    if (!bnb_ir_interp_plan_inst (interp, i, error))
      return FALSE;
  return TRUE;
}

static gboolean bnb_ir_interp_tile (BnbIrInterp *interp, GError **error);

static BnbIrInterp *
bnb_ir_interp_new (const BnbIrKernel *kernel, double **arrays,
                   const double *scalars, guint n_threads, GError **error)
{
  g_autoptr (BnbIrInterp) interp = g_new0 (BnbIrInterp, 1);

  interp->kernel = kernel;
  interp->arrays = arrays;
  interp->scalars = scalars;
  interp->n_threads = n_threads;
  interp->dim_sizes = g_new0 (gint64, kernel->dims->len + 1);
  interp->extents = g_new0 (gint64, kernel->arrays->len * BNB_IR_MAX_RANK + 1);
  interp->homes = g_new0 (BnbIrInterpAccess, kernel->values->len + 1);
  interp->elements = g_new0 (gint64, kernel->values->len + 1);
  interp->steps = g_new0 (BnbIrInterpStep, kernel->insts->len + 1);
  interp->tiles = g_new (gint64, kernel->logicals->len + 1);
  interp->splits = g_new0 (gboolean, kernel->dims->len + 1);
  for (guint l = 0; l <= kernel->logicals->len; l++)
    interp->tiles[l] = 1;
  if (!bnb_ir_interp_plan (interp, error)
      || !bnb_ir_interp_tile (interp, error))
    return NULL;
  return g_steal_pointer (&interp);
}

static inline gint64
bnb_ir_interp_offset (const gint64 *index, const BnbIrInterpAccess *access)
{
  gint64 offset = 0;

  for (guint k = 0; k < access->n_dims; k++)
    offset += index[access->dims[k]] * access->strides[k];
  return offset;
}

static double
bnb_ir_interp_apply (BnbIrOp op, double a, double b, double c)
{
  switch (op) {
    case BNB_IR_OP_MOV:
      return a;
    case BNB_IR_OP_NEG:
      return -a;
    case BNB_IR_OP_ADD:
      return a + b;
    case BNB_IR_OP_SUB:
      return a - b;
    case BNB_IR_OP_MUL:
      return a * b;
    case BNB_IR_OP_DIV:
      return a / b;
    case BNB_IR_OP_MIN:
      return fmin (a, b);
    case BNB_IR_OP_MAX:
      return fmax (a, b);
    case BNB_IR_OP_FMA:
      return a * b + c;
    default:
      g_assert_not_reached ();
  }
}

static inline gint64
bnb_ir_interp_subscript (const gint64 *index,
                         const BnbIrInterpSubscript *subscript)
{
  guint64 sum = subscript->constant;

  for (guint t = 0; t < subscript->n_terms; t++)
    sum += subscript->coefs[t] * (guint64)index[subscript->dims[t]];
  return (gint64)sum;
}

static gboolean
bnb_ir_interp_outside (const BnbIrInterpWorker *worker,
                       const BnbIrInterpStep *step, guint r, gint64 i,
                       GError **error)
{
  const BnbIrKernel *kernel = worker->interp->kernel;

  g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE,
               "%s: %s accesses %s outside its extent: subscript %u "
               "is %" G_GINT64_FORMAT ", extent %" G_GINT64_FORMAT,
               kernel->name, step->inst->name,
               bnb_ir_array (kernel, step->inst->array)->name, r + 1, i,
               step->extents[r]);
  return FALSE;
}

/* The row-major position in its array of the element that load or store
 * `step` accesses at the current indices. */
static inline gboolean
bnb_ir_interp_element (const BnbIrInterpWorker *worker,
                       const BnbIrInterpStep *step, gint64 *element,
                       GError **error)
{
  gint64 flat = 0;

  for (guint r = 0; r < step->rank; r++) {
    gint64 i = bnb_ir_interp_subscript (worker->index, &step->subscripts[r]);

    if (i < 0 || i >= step->extents[r])
      return bnb_ir_interp_outside (worker, step, r, i, error);
    flat = flat * step->extents[r] + i;
  }
  *element = flat;
  return TRUE;
}

/* The element of its buffer that an access reads or writes. */
static inline double *
bnb_ir_interp_at (const BnbIrInterpWorker *worker,
                  const BnbIrInterpAccess *access)
{
  return &access->base[bnb_ir_interp_offset (worker->index, access)];
}

static gboolean
bnb_ir_interp_execute (const BnbIrInterpWorker *worker,
                       const BnbIrInterpStep *step, GError **error)
{
  const BnbIrInterpAccess *operands = step->operands;
  gint64 element = 0;
  double x;

  switch (step->op) {
    case BNB_IR_OP_LOAD:
      if (!bnb_ir_interp_element (worker, step, &element, error))
        return FALSE;
      *bnb_ir_interp_at (worker, &step->result) = step->array[element];
      return TRUE;
    case BNB_IR_OP_STORE:
      x = *bnb_ir_interp_at (worker, &operands[0]);
      if (!bnb_ir_interp_element (worker, step, &element, error))
        return FALSE;
      step->array[element] = x;
      return TRUE;
    default:
      x = bnb_ir_interp_apply (step->op,
                               *bnb_ir_interp_at (worker, &operands[0]),
                               *bnb_ir_interp_at (worker, &operands[1]),
                               *bnb_ir_interp_at (worker, &operands[2]));
      *bnb_ir_interp_at (worker, &step->result) = x;
      return TRUE;
  }
}

/* The step of an access's offset when the index of dim d grows by 1. */
static gint64
bnb_ir_interp_access_step (const BnbIrInterpAccess *access, guint d)
{
  gint64 step = 0;

  for (guint k = 0; k < access->n_dims; k++)
    if (access->dims[k] == d)
      step += access->strides[k];
  return step;
}

/* For a load or store, where its element is at index[d] = 0 and how far
 * it moves as index[d] grows by 1, if every subscript stays within its
 * extent at both ends of dim d (of `size` > 0) and grows by a step small
 * enough that it cannot wrap on the way (|step| and size below 2^31): an
 * affine subscript then stays within its extent everywhere between.
 * FALSE otherwise. */
static gboolean
bnb_ir_interp_row_element (BnbIrInterpWorker *worker,
                           const BnbIrInterpStep *step, guint d, gint64 size,
                           gint64 *first, gint64 *stride)
{
  gint64 *index = worker->index;

  *first = *stride = 0;
  if (size > G_MAXINT32)
    return FALSE;
  for (guint r = 0; r < step->rank; r++) {
    const BnbIrInterpSubscript *s = &step->subscripts[r];
    gint64 lo, hi, coef = 0;

    for (guint t = 0; t < s->n_terms; t++)
      if (s->dims[t] == d)
        coef += (gint64)s->coefs[t];
    if (coef != 0 && (coef < -G_MAXINT32 || coef > G_MAXINT32))
      return FALSE;
    index[d] = 0;
    lo = bnb_ir_interp_subscript (index, s);
    index[d] = size - 1;
    hi = bnb_ir_interp_subscript (index, s);
    if (lo < 0 || lo >= step->extents[r] || hi < 0 || hi >= step->extents[r]
        || hi - lo != coef * (size - 1))
      return FALSE;
    *first = *first * step->extents[r] + lo;
    *stride = *stride * step->extents[r] + coef;
  }
  return TRUE;
}

/* Executes the step at every index of its innermost own dim d (of `size`
 * > 0), in order, each operand and the result moving by its stride: the
 * same operations on the same elements as one bnb_ir_interp_execute per
 * index, without recomputing each offset.  FALSE, having done nothing,
 * for a load or store that could leave its array: that one runs element
 * by element, so that the first access outside is the one reported. */
static gboolean
bnb_ir_interp_run_row (BnbIrInterpWorker *worker, const BnbIrInterpStep *step,
                       guint d, gint64 size)
{
  const BnbIrInterpAccess *ops = step->operands;
  gint64 element = 0, estride = 0;
  double *x, *y, *z, *r;
  gint64 sx, sy, sz, sr;

  if (step->array
      && !bnb_ir_interp_row_element (worker, step, d, size, &element,
                                     &estride))
    return FALSE;
  worker->index[d] = 0;
  x = bnb_ir_interp_at (worker, &ops[0]);
  y = bnb_ir_interp_at (worker, &ops[1]);
  z = bnb_ir_interp_at (worker, &ops[2]);
  sx = bnb_ir_interp_access_step (&ops[0], d);
  sy = bnb_ir_interp_access_step (&ops[1], d);
  sz = bnb_ir_interp_access_step (&ops[2], d);
  r = step->result.value == BNB_IR_NONE
          ? NULL
          : bnb_ir_interp_at (worker, &step->result);
  sr = bnb_ir_interp_access_step (&step->result, d);
  worker->index[d] = size - 1;
#define BNB_IR_INTERP_ROW(statement)                                         \
  for (gint64 i = 0; i < size; i++)                                          \
    statement;                                                               \
  return TRUE
  switch (step->op) {
    case BNB_IR_OP_LOAD:
      BNB_IR_INTERP_ROW (r[i * sr] = step->array[element + i * estride]);
    case BNB_IR_OP_STORE:
      BNB_IR_INTERP_ROW (step->array[element + i * estride] = x[i * sx]);
    case BNB_IR_OP_MOV:
      BNB_IR_INTERP_ROW (r[i * sr] = x[i * sx]);
    case BNB_IR_OP_MUL:
      BNB_IR_INTERP_ROW (r[i * sr] = x[i * sx] * y[i * sy]);
    case BNB_IR_OP_ADD:
      BNB_IR_INTERP_ROW (r[i * sr] = x[i * sx] + y[i * sy]);
    case BNB_IR_OP_FMA:
      BNB_IR_INTERP_ROW (r[i * sr] = x[i * sx] * y[i * sy] + z[i * sz]);
    default:
      BNB_IR_INTERP_ROW (r[i * sr] = bnb_ir_interp_apply (
                             step->op, x[i * sx], y[i * sy], z[i * sz]));
  }
#undef BNB_IR_INTERP_ROW
}

/* Iterates the dims of size > 1 that the step's instruction owns, from
 * the k-th on, then executes it at each point; the innermost of them as a
 * row (bnb_ir_interp_run_row). */
static gboolean
bnb_ir_interp_run_inst (BnbIrInterpWorker *worker,
                        const BnbIrInterpStep *step, guint k, GError **error)
{
  guint d;
  gint64 size;

  if (k == step->n_loops)
    return bnb_ir_interp_execute (worker, step, error);
  d = step->loops[k];
  size = worker->interp->dim_sizes[d];
  if (step->ends[k] > 0) /* the last, partial tile */
    size = MIN (size, step->ends[k] - worker->index[step->firsts[k]] * size);
  if (k + 1 == step->n_loops && size > 0
      && bnb_ir_interp_run_row (worker, step, d, size))
    return TRUE;
  for (gint64 i = 0; i < size; i++) {
    worker->index[d] = i;
    if (!bnb_ir_interp_run_inst (worker, step, k + 1, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean bnb_ir_interp_run_nodes (BnbIrInterpWorker *worker,
                                         const GPtrArray *nodes,
                                         GError **error);

static gboolean
bnb_ir_interp_run_loop (BnbIrInterpWorker *worker, const BnbIrNode *node,
                        GError **error)
{
  gint64 size = worker->interp->dim_sizes[node->dim];

  for (gint64 i = 0; i < size; i++) {
    worker->index[node->dim] = i;
    if (!bnb_ir_interp_run_nodes (worker, node->children, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
bnb_ir_interp_run_node (BnbIrInterpWorker *worker, const BnbIrNode *node,
                        GError **error)
{
  const BnbIrInterpStep *step;

  if (node->dim != BNB_IR_NONE)
    return bnb_ir_interp_run_loop (worker, node, error);
  step = &worker->steps[node->inst];
  if (step->n_loops == 0)
    return bnb_ir_interp_execute (worker, step, error);
  return bnb_ir_interp_run_inst (worker, step, 0, error);
}

static gboolean
bnb_ir_interp_run_nodes (BnbIrInterpWorker *worker, const GPtrArray *nodes,
                         GError **error)
{
  for (guint n = 0; n < nodes->len; n++)
    if (!bnb_ir_interp_run_node (worker, g_ptr_array_index (nodes, n), error))
      return FALSE;
  return TRUE;
}

/* Marks the instructions in the subtree of `node`. */
static void
bnb_ir_interp_mark (const BnbIrNode *node, gboolean *inside)
{
  if (node->dim == BNB_IR_NONE) {
    inside[node->inst] = TRUE;
    return;
  }
  for (guint n = 0; n < node->children->len; n++)
    bnb_ir_interp_mark (g_ptr_array_index (node->children, n), inside);
}

/* Whether no value crosses the boundary of the marked instructions: each
 * value that an instruction reads or writes is defined inside exactly
 * when that instruction is inside. */
static gboolean
bnb_ir_interp_values_stay (const BnbIrKernel *kernel, const gboolean *inside)
{
  for (guint i = 0; i < kernel->insts->len; i++) {
    const BnbIrInst *inst = bnb_ir_inst (kernel, i);

    for (guint k = 0; k < inst->n_operands; k++)
      if (inst->operands[k].kind == BNB_IR_OPERAND_VALUE
          && inside[bnb_ir_value (kernel, inst->operands[k].index)->producer]
                 != inside[i])
        return FALSE;
    if (inst->value != BNB_IR_NONE
        && inside[bnb_ir_value (kernel, inst->value)->producer] != inside[i])
      return FALSE;
  }
  return TRUE;
}

static gboolean
bnb_ir_interp_reduces_over (const BnbIrKernel *kernel, const gboolean *inside,
                            guint dim)
{
  for (guint i = 0; i < kernel->insts->len; i++) {
    const BnbIrInst *inst = bnb_ir_inst (kernel, i);

    for (guint k = 0; inside[i] && k < inst->n_reduction_dims; k++)
      if (inst->reduction_dims[k] == dim)
        return TRUE;
  }
  return FALSE;
}

/* Whether subscript r of every marked access to `array` is the same
 * c +/- (index of dim), so that distinct iterations of dim touch distinct
 * elements. */
static gboolean
bnb_ir_interp_subscript_splits (const BnbIrInterp *interp,
                                const gboolean *inside, guint dim,
                                guint array, guint r)
{
  const BnbIrInterpSubscript *first = NULL;

  for (guint i = 0; i < interp->kernel->insts->len; i++) {
    const BnbIrInterpSubscript *s = &interp->steps[i].subscripts[r];

    if (!inside[i] || interp->steps[i].inst->array != array)
      continue;
    if (s->n_terms != 1 || s->dims[0] != dim
        || (s->coefs[0] != 1 && s->coefs[0] != G_MAXUINT64))
      return FALSE;
    if (first
        && (s->constant != first->constant || s->coefs[0] != first->coefs[0]))
      return FALSE;
    first = s;
  }
  return TRUE;
}

static gboolean
bnb_ir_interp_array_splits (const BnbIrInterp *interp, const gboolean *inside,
                            guint dim, guint array)
{
  guint rank = bnb_ir_array (interp->kernel, array)->rank;

  for (guint r = 0; r < rank; r++)
    if (bnb_ir_interp_subscript_splits (interp, inside, dim, array, r))
      return TRUE;
  return FALSE;
}

/* Whether the iterations of `node`, a loop over `dim` at the top of the
 * body, may run on separate threads, each with its own indices and value
 * buffers, the others' results unseen until all are done.  They may when
 *   1. no value crosses the loop's boundary (bnb_ir_interp_values_stay):
 *      each iteration defines the values it uses before using them, and
 *      dim, shared by every reader, does not index their buffers;
 *   2. no update inside reduces over dim (implied by 1, as dim is a dim
 *      of every definition inside; checked anyway);
 *   3. every array stored inside is accessed inside, loads and stores,
 *      with one subscript that is the same c + i or c - i, i the index of
 *      dim: distinct iterations touch distinct elements of the arrays
 *      that they write, and arrays only read are not written meanwhile.
 * Arrays are distinct buffers (bnb_ir_interpret's contract).  Each
 * iteration then computes what it computes in the sequential order, from
 * the same inputs and by the same operations. */
static gboolean
bnb_ir_interp_can_split (const BnbIrInterp *interp, const gboolean *inside,
                         guint dim)
{
  const BnbIrKernel *kernel = interp->kernel;

  if (!bnb_ir_interp_values_stay (kernel, inside)
      || bnb_ir_interp_reduces_over (kernel, inside, dim))
    return FALSE;
  for (guint i = 0; i < kernel->insts->len; i++)
    if (inside[i] && bnb_ir_inst (kernel, i)->op == BNB_IR_OP_STORE
        && !bnb_ir_interp_array_splits (interp, inside, dim,
                                        bnb_ir_inst (kernel, i)->array))
      return FALSE;
  return TRUE;
}

/* ---- Tiles ---------------------------------------------------------- */

/* With every tile at 1, mxm's k loop walks a column of B for each element
 * of C: at 4096^3 that took 5 minutes on 16 cores, most of it waiting on
 * memory.  So the interpreter runs a logical dim whose iterations are
 * independent with a tile at its last level: level 0 then iterates
 * ceil(size / tile) times and the last level, which the instructions
 * own, `tile` times, but in the last iteration of level 0 only up to the
 * size where the tile does not divide it, each instruction over a row of
 * the tile at once (bnb_ir_interp_run_row).  Every element still sees
 * the same operations in the same order (the dims of a reduction are
 * never tiled, and the elements of a tiled dim share nothing one of them
 * writes), so the result is the same bit for bit. */
#define BNB_IR_INTERP_MAX_TILE 64

/* Walks the loops of the subtree of `node`: a loop over level 0 of a
 * logical dim whose iterations may not be reordered (those of
 * bnb_ir_interp_can_split may) leaves that dim untiled, and so does a loop
 * over another of its levels that is not inside a loop over its level 0
 * (`within0[l]`: the walk is inside one of logical dim l); a loop over
 * its last level inside one wants a tile that divides the dim (`exact`:
 * only the instructions' own loops stop short in a partial tile); for a
 * loop at the top of the body, records in `splits` whether threads may
 * run it and, in `top`, that its logical dim has one. */
static void
bnb_ir_interp_check_loops (BnbIrInterp *interp, const BnbIrNode *node,
                           gboolean at_top, gboolean *within0, gboolean *ok,
                           gboolean *top, gboolean *exact)
{
  const BnbIrKernel *kernel = interp->kernel;
  g_autofree gboolean *inside = NULL;
  const BnbIrDim *dim;
  gboolean splits, was;

  if (node->dim == BNB_IR_NONE)
    return;
  dim = bnb_ir_dim (kernel, node->dim);
  /* A loop over another level outside the loops over level 0 would run
   * `tile` times around them, interleaving what ran one loop after the
   * other (`loop i.1 { loop i.0 {...} loop i.0 {...} }`). */
  if (dim->level > 0 && !within0[dim->logical])
    ok[dim->logical] = FALSE;
  if (dim->level > 0
      && dim->level + 1 == bnb_ir_logical (kernel, dim->logical)->n_levels)
    exact[dim->logical] = TRUE;
  if (at_top || dim->level == 0) {
    inside = g_new0 (gboolean, kernel->insts->len + 1);
    bnb_ir_interp_mark (node, inside);
    splits = bnb_ir_interp_can_split (interp, inside, node->dim);
  } else
    splits = FALSE; /* not asked */
  if (at_top) {
    interp->splits[node->dim] = splits;
    top[dim->logical] = TRUE;
  }
  if (dim->level == 0 && !splits)
    ok[dim->logical] = FALSE;
  was = within0[dim->logical];
  within0[dim->logical] = was || dim->level == 0;
  for (guint n = 0; n < node->children->len; n++)
    bnb_ir_interp_check_loops (interp, g_ptr_array_index (node->children, n),
                               FALSE, within0, ok, top, exact);
  within0[dim->logical] = was;
}

/* How many dims of `inst` are of logical dim `logical` at `level`, and
 * whether one of them is its own (an `over` copy). */
static guint
bnb_ir_interp_count_dims (const BnbIrKernel *kernel, const BnbIrInst *inst,
                          guint logical, guint level, gboolean *own)
{
  guint n = 0;

  for (guint k = 0; k < inst->n_dims; k++) {
    const BnbIrDim *dim = bnb_ir_dim (kernel, inst->dims[k]);

    if (dim->logical == logical && dim->level == level) {
      n++;
      *own = *own || dim->owner != BNB_IR_NONE;
    }
  }
  return n;
}

/* Leaves untiled each logical dim that instruction i reduces over, and
 * each that it uses unless the instruction is nested in one `loop` over
 * the dim's level 0 and has at most one dim of its last level, and one
 * where a subscript uses it.  Nested in that loop without a dim of the
 * last level (`a = load A[m, k]` in mxm's loop over n.0), it computes
 * the same for every index of the tile, as it did for every index of the
 * loop. */
static void
bnb_ir_interp_check_inst (const BnbIrKernel *kernel, guint i, gboolean *ok)
{
  const BnbIrInst *inst = bnb_ir_inst (kernel, i);
  g_autofree gboolean *uses = g_new0 (gboolean, kernel->logicals->len + 1);
  g_autofree gboolean *subscripts
      = g_new0 (gboolean, kernel->logicals->len + 1);

  for (guint k = 0; k < inst->n_dims; k++)
    uses[bnb_ir_dim (kernel, inst->dims[k])->logical] = TRUE;
  for (guint k = 0; k < inst->n_reduction_dims; k++)
    ok[bnb_ir_dim (kernel, inst->reduction_dims[k])->logical] = FALSE;
  for (guint r = 0; inst->array != BNB_IR_NONE && r < BNB_IR_MAX_RANK; r++)
    for (guint t = 0; t < inst->index[r].n_terms; t++)
      if (inst->index[r].terms[t].kind == BNB_IR_VAR_LOGICAL)
        subscripts[inst->index[r].terms[t].index] = TRUE;
  for (guint l = 0; l < kernel->logicals->len; l++) {
    guint last = bnb_ir_logical (kernel, l)->n_levels - 1;
    gboolean own0 = FALSE, own = FALSE;
    guint n0, n;

    if (!uses[l] && !subscripts[l])
      continue;
    n0 = bnb_ir_interp_count_dims (kernel, inst, l, 0, &own0);
    n = bnb_ir_interp_count_dims (kernel, inst, l, last, &own);
    if (n0 != 1 || own0 || n > 1 || (subscripts[l] && n != 1))
      ok[l] = FALSE;
  }
}

/* The largest divisor of `size` from 2 to `cap`; where that is below a
 * quarter of `cap` (or there is none) and the dim may end in a partial
 * tile (not `exact`), `cap`: a prime size runs in full tiles and one
 * short.  1 where neither. */
static gint64
bnb_ir_interp_divisor (gint64 size, gint64 cap, gboolean exact)
{
  gint64 most = MAX (MIN (cap, size), 1), t = most;

  while (t >= 2 && size % t != 0)
    t--;
  return exact || (t >= 2 && 4 * t >= most) ? t : most;
}

/* The plan again, with the tiles as they are now. */
static gboolean
bnb_ir_interp_replan (BnbIrInterp *interp, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;

  memset (interp->steps, 0, (kernel->insts->len + 1) * sizeof *interp->steps);
  memset (interp->homes, 0, (kernel->values->len + 1) * sizeof *interp->homes);
  return bnb_ir_interp_plan (interp, error);
}

/* Chooses the tiles, from the plan with every tile at 1 (which also says
 * which loops at the top may run on threads), and plans again with them.
 * A dim at the top keeps at least 4 iterations per thread. */
static gboolean
bnb_ir_interp_tile (BnbIrInterp *interp, GError **error)
{
  const BnbIrKernel *kernel = interp->kernel;
  guint n_logicals = kernel->logicals->len;
  g_autofree gboolean *ok = g_new (gboolean, n_logicals + 1);
  g_autofree gboolean *top = g_new0 (gboolean, n_logicals + 1);
  g_autofree gboolean *within0 = g_new0 (gboolean, n_logicals + 1);
  g_autofree gboolean *exact = g_new0 (gboolean, n_logicals + 1);
  g_autoptr (GError) tiled_error = NULL;
  gboolean any = FALSE;

  for (guint l = 0; l < n_logicals; l++)
    ok[l] = bnb_ir_logical (kernel, l)->n_levels >= 2;
  for (guint n = 0; n < kernel->body->len; n++)
    bnb_ir_interp_check_loops (interp, g_ptr_array_index (kernel->body, n),
                               TRUE, within0, ok, top, exact);
  for (guint i = 0; i < kernel->insts->len; i++)
    bnb_ir_interp_check_inst (kernel, i, ok);
  for (guint l = 0; l < n_logicals; l++) {
    gint64 size = bnb_ir_logical_size (kernel, l);
    gint64 cap = BNB_IR_INTERP_MAX_TILE;

    if (!ok[l] || size < 2)
      continue;
    if (top[l] && interp->n_threads > 1)
      cap = MIN (cap, size / (4 * (gint64)interp->n_threads));
    interp->tiles[l] = bnb_ir_interp_divisor (size, cap, exact[l]);
    any = any || interp->tiles[l] > 1;
  }
  if (!any) {
    g_debug ("%s: interpreted with every tile at 1", kernel->name);
    return TRUE;
  }
  for (guint l = 0; l < n_logicals; l++) {
    gint64 rest = bnb_ir_logical_size (kernel, l) % interp->tiles[l];
    char last[48] = "";

    if (interp->tiles[l] == 1)
      continue;
    if (rest != 0)
      g_snprintf (last, sizeof last, ", the last of %" G_GINT64_FORMAT, rest);
    g_debug ("%s: interpreted with %s in tiles of %" G_GINT64_FORMAT "%s",
             kernel->name, bnb_ir_logical (kernel, l)->name, interp->tiles[l],
             last);
  }
  if (bnb_ir_interp_replan (interp, &tiled_error))
    return TRUE;
  /* a value's buffer, larger by the tiles, may pass the limit that it
   * kept with tiles of 1 */
  g_debug ("%s: back to every tile at 1: %s", kernel->name,
           tiled_error->message);
  for (guint l = 0; l < n_logicals; l++)
    interp->tiles[l] = 1;
  return bnb_ir_interp_replan (interp, error);
}

/* What the threads running one loop share.  Iterations are handed out in
 * increasing chunks; `end` is the loop's size until an iteration fails,
 * then the first that failed, whose error is `error`: every iteration
 * before it has run, so that is the error of a sequential run. */
typedef struct {
  const BnbIrInterp *interp;
  const BnbIrNode *node;
  const gboolean *inside;
  gint64 chunk;
  GMutex lock;
  gint64 next;
  gint64 end;
  GError *error;
} BnbIrInterpShare;

static gboolean
bnb_ir_interp_take_chunk (BnbIrInterpShare *share, gint64 *from, gint64 *to)
{
  gboolean more;

  g_mutex_lock (&share->lock);
  *from = share->next;
  *to = MIN (share->next + share->chunk, share->end);
  more = *from < *to;
  share->next = MAX (share->next, *to);
  g_mutex_unlock (&share->lock);
  return more;
}

/* Keeps the error of iteration i if it comes before any other. */
static void
bnb_ir_interp_fail (BnbIrInterpShare *share, gint64 i, GError *error)
{
  g_mutex_lock (&share->lock);
  if (i < share->end) {
    g_clear_error (&share->error);
    share->error = error;
    share->end = i;
  } else
    g_error_free (error);
  g_mutex_unlock (&share->lock);
}

static gboolean
bnb_ir_interp_run_chunk (BnbIrInterpWorker *worker, BnbIrInterpShare *share,
                         gint64 from, gint64 to)
{
  for (gint64 i = from; i < to; i++) {
    GError *error = NULL;

    worker->index[share->node->dim] = i;
    if (!bnb_ir_interp_run_nodes (worker, share->node->children, &error)) {
      bnb_ir_interp_fail (share, i, error);
      return FALSE;
    }
  }
  return TRUE;
}

static gpointer
bnb_ir_interp_thread (gpointer data)
{
  BnbIrInterpShare *share = data;
  g_autoptr (BnbIrInterpWorker) worker
      = bnb_ir_interp_worker_new (share->interp, share->inside);
  gint64 from, to;

  while (bnb_ir_interp_take_chunk (share, &from, &to)
         && bnb_ir_interp_run_chunk (worker, share, from, to))
    ;
  return NULL;
}

static gboolean
bnb_ir_interp_run_split (const BnbIrInterp *interp, const BnbIrNode *node,
                         const gboolean *inside, guint n_threads,
                         GError **error)
{
  gint64 size = interp->dim_sizes[node->dim];
  gint64 chunk = size / (n_threads * BNB_IR_INTERP_CHUNKS_PER_THREAD);
  BnbIrInterpShare share = { .interp = interp, .node = node, .inside = inside,
                             .chunk = MAX (chunk, 1), .end = size };
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);

  g_mutex_init (&share.lock);
  for (guint t = 0; t < n_threads; t++)
    threads[t] = g_thread_new ("bnb-interp", bnb_ir_interp_thread, &share);
  for (guint t = 0; t < n_threads; t++)
    g_thread_join (threads[t]);
  g_mutex_clear (&share.lock);
  if (share.error) {
    g_propagate_error (error, share.error);
    return FALSE;
  }
  return TRUE;
}

/* How many threads run the iterations of `node`, a loop at the top of the
 * body whose instructions are `inside`: at most one per iteration, and one
 * unless bnb_ir_interp_can_split allows more.  Says which at debug level
 * (the tests look for it). */
static guint
bnb_ir_interp_n_threads (const BnbIrInterp *interp, const BnbIrNode *node,
                         const gboolean *inside)
{
  const BnbIrKernel *kernel = interp->kernel;
  const char *name = bnb_ir_dim (kernel, node->dim)->name;
  gint64 n = MIN ((gint64)interp->n_threads, interp->dim_sizes[node->dim]);

  if (n < 2)
    return 1;
  if (!interp->splits[node->dim]) {
    g_debug ("%s: the iterations of %s may share what they write: one "
             "thread", kernel->name, name);
    return 1;
  }
  g_debug ("%s: the iterations of %s run on %u threads", kernel->name, name,
           (guint)n);
  return (guint)n;
}

/* Runs a node of the top of the body: a loop on threads where
 * bnb_ir_interp_n_threads says so, anything else on `worker`. */
static gboolean
bnb_ir_interp_run_top (BnbIrInterpWorker *worker, const BnbIrNode *node,
                       GError **error)
{
  const BnbIrInterp *interp = worker->interp;
  g_autofree gboolean *inside = NULL;
  guint n_threads;

  if (node->dim == BNB_IR_NONE)
    return bnb_ir_interp_run_node (worker, node, error);
  inside = g_new0 (gboolean, interp->kernel->insts->len + 1);
  bnb_ir_interp_mark (node, inside);
  n_threads = bnb_ir_interp_n_threads (interp, node, inside);
  if (n_threads == 1)
    return bnb_ir_interp_run_node (worker, node, error);
  return bnb_ir_interp_run_split (interp, node, inside, n_threads, error);
}

gboolean
bnb_ir_interpret_threads (const BnbIrKernel *kernel, double **arrays,
                          const double *scalars, guint n_threads,
                          GError **error)
{
  g_autoptr (BnbIrInterp) interp = NULL;
  g_autoptr (BnbIrInterpWorker) worker = NULL;

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
  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  interp = bnb_ir_interp_new (kernel, arrays, scalars, n_threads, error);
  if (!interp)
    return FALSE;
  worker = bnb_ir_interp_worker_new (interp, NULL);
  for (guint n = 0; n < kernel->body->len; n++)
    if (!bnb_ir_interp_run_top (worker, g_ptr_array_index (kernel->body, n),
                                error))
      return FALSE;
  return TRUE;
}

gboolean
bnb_ir_interpret (const BnbIrKernel *kernel, double **arrays,
                  const double *scalars, GError **error)
{
  return bnb_ir_interpret_threads (kernel, arrays, scalars, 0, error);
}
