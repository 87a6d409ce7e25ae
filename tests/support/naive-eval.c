/* The naive evaluator (naive-eval.h): plain loops over logical dims. */
#include "tests/support/naive-eval.h"

#include <math.h>

#define NAIVE_MAX_ELEMENTS (G_GINT64_CONSTANT (1) << 26)

typedef struct {
  const BnbIrKernel *kernel;
  double **arrays;
  const double *scalars;
  guint64 *value_dims; /* per value: the logical dims it varies along */
  double **buffers;    /* per value */
  gint64 *index;       /* per logical dim: the current index */
} Naive;

/* The logical dims of `inst`'s dims, as a mask. */
static guint64
naive_inst_dims (const BnbIrKernel *k, const BnbIrInst *inst)
{
  guint64 mask = 0;
  for (guint i = 0; i < inst->n_dims; i++)
    mask |= G_GUINT64_CONSTANT (1) << bnb_ir_dim (k, inst->dims[i])->logical;
  return mask;
}

static gint64
naive_elements (const BnbIrKernel *k, guint64 dims)
{
  gint64 n = 1;
  for (guint l = 0; l < k->logicals->len; l++)
    if (dims >> l & 1)
      n *= bnb_ir_logical_size (k, l);
  return n;
}

/* Where the element of value `v` at the current indices is. */
static double *
naive_slot (const Naive *n, guint v)
{
  gint64 offset = 0;
  for (guint l = 0; l < n->kernel->logicals->len; l++)
    if (n->value_dims[v] >> l & 1)
      offset = offset * bnb_ir_logical_size (n->kernel, l) + n->index[l];
  return &n->buffers[v][offset];
}

static double
naive_operand (const Naive *n, const BnbIrOperand *o)
{
  switch (o->kind)
    {
    case BNB_IR_OPERAND_VALUE:
      return *naive_slot (n, o->index);
    case BNB_IR_OPERAND_SCALAR:
      return n->scalars[o->index];
    default:
      return o->constant;
    }
}

/* Row-major offset of an access at the current indices. */
static gint64
naive_offset (const Naive *n, const BnbIrInst *inst)
{
  const BnbIrArray *a = bnb_ir_array (n->kernel, inst->array);
  gint64 offset = 0;
  for (guint d = 0; d < a->rank; d++)
    {
      gint64 extent = bnb_ir_affine_eval (n->kernel, &a->extent[d], NULL);
      gint64 i = bnb_ir_affine_eval (n->kernel, &inst->index[d], n->index);
      g_assert_cmpint (i, >=, 0);
      g_assert_cmpint (i, <, extent);
      offset = offset * extent + i;
    }
  return offset;
}

static double
naive_compute (BnbIrOp op, const double *x)
{
  switch (op)
    {
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

/* One point of the instruction's iteration space. */
static void
naive_point (Naive *n, const BnbIrInst *inst)
{
  double x[BNB_IR_MAX_OPERANDS];
  if (inst->op == BNB_IR_OP_LOAD)
    {
      *naive_slot (n, inst->value)
          = n->arrays[inst->array][naive_offset (n, inst)];
      return;
    }
  for (guint o = 0; o < inst->n_operands; o++)
    x[o] = naive_operand (n, &inst->operands[o]);
  if (inst->op == BNB_IR_OP_STORE)
    n->arrays[inst->array][naive_offset (n, inst)] = x[0];
  else
    *naive_slot (n, inst->value) = naive_compute (inst->op, x);
}

/* The instruction's logical dims in the order its dims first name them
 * (outermost first); returns how many. */
static guint
naive_order (const BnbIrKernel *k, const BnbIrInst *inst, guint *order)
{
  guint64 seen = 0;
  guint n = 0;
  for (guint i = 0; i < inst->n_dims; i++)
    {
      guint l = bnb_ir_dim (k, inst->dims[i])->logical;
      if (!(seen >> l & 1))
        order[n++] = l;
      seen |= G_GUINT64_CONSTANT (1) << l;
    }
  return n;
}

/* Every point of the instruction, the last dim of the order fastest. */
static void
naive_run_inst (Naive *n, const BnbIrInst *inst)
{
  guint order[BNB_IR_MAX_INST_DIMS];
  guint depth = naive_order (n->kernel, inst, order);
  for (guint i = 0; i < depth; i++)
    n->index[order[i]] = 0;
  for (;;)
    {
      gint i;
      naive_point (n, inst);
      for (i = (gint)depth - 1; i >= 0; i--)
        {
          gint64 size = bnb_ir_logical_size (n->kernel, order[i]);
          if (++n->index[order[i]] < size)
            break;
          n->index[order[i]] = 0;
        }
      if (i < 0)
        return;
    }
}

/* Every value an instruction reads or writes varies along its dims only. */
static gboolean
naive_check_inst (const Naive *n, guint i, GError **error)
{
  const BnbIrInst *inst = bnb_ir_inst (n->kernel, i);
  guint64 dims = naive_inst_dims (n->kernel, inst);
  for (guint o = 0; o <= inst->n_operands; o++)
    {
      guint v = o < inst->n_operands
                    ? (inst->operands[o].kind == BNB_IR_OPERAND_VALUE
                           ? inst->operands[o].index
                           : BNB_IR_NONE)
                    : inst->value;
      if (v == BNB_IR_NONE || (n->value_dims[v] & ~dims) == 0)
        continue;
      g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SEMANTIC,
                   "%s: %s varies along a logical dim that %s lacks",
                   n->kernel->name, bnb_ir_value (n->kernel, v)->name,
                   inst->name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
naive_alloc (Naive *n, GError **error)
{
  const BnbIrKernel *k = n->kernel;
  for (guint v = 0; v < k->values->len; v++)
    {
      const BnbIrValue *value = bnb_ir_value (k, v);
      n->value_dims[v] = naive_inst_dims (k, bnb_ir_inst (k, value->producer));
      gint64 elements = naive_elements (k, n->value_dims[v]);
      if (elements > NAIVE_MAX_ELEMENTS)
        {
          g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE,
                       "%s: value %s has too many elements for the naive "
                       "evaluator",
                       k->name, value->name);
          return FALSE;
        }
      n->buffers[v] = g_new0 (double, elements);
    }
  return TRUE;
}

static void
naive_clear (Naive *n)
{
  for (guint v = 0; v < n->kernel->values->len; v++)
    g_free (n->buffers[v]);
  g_free (n->buffers);
  g_free (n->value_dims);
  g_free (n->index);
}

gboolean
bnb_test_naive_eval (const BnbIrKernel *kernel, double **arrays,
                     const double *scalars, GError **error)
{
  Naive n = { kernel, arrays, scalars, NULL, NULL, NULL };
  gboolean ok = TRUE;
  if (!kernel->bound)
    {
      g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE,
                   "%s: the kernel is not bound to sizes", kernel->name);
      return FALSE;
    }
  g_assert_cmpuint (kernel->logicals->len, <=, 64);
  n.value_dims = g_new0 (guint64, kernel->values->len + 1);
  n.buffers = g_new0 (double *, kernel->values->len + 1);
  n.index = g_new0 (gint64, kernel->logicals->len + 1);
  ok = naive_alloc (&n, error);
  for (guint i = 0; ok && i < kernel->insts->len; i++)
    ok = naive_check_inst (&n, i, error);
  for (guint i = 0; ok && i < kernel->insts->len; i++)
    naive_run_inst (&n, bnb_ir_inst (kernel, i));
  naive_clear (&n);
  return ok;
}
