/* The kernel IR's life cycle outside parsing: creating and freeing a
 * kernel, naming operations, evaluating affine expressions, and binding
 * the parameters to sizes, which checks that every logical dim and array
 * extent is positive and every load and store stays inside its array.
 */
#include <string.h>

#include "ir/ir-private.h"

G_DEFINE_QUARK (bnb - ir - error - quark, bnb_ir_error)

/* Every named IR structure (param, scalar, array, tile variable, logical
 * dim, dim, instruction, value) starts with its heap-allocated name and
 * owns nothing else, so one function frees them all. */
typedef struct {
  char *name;
} BnbIrNamed;

static void
bnb_ir_named_free (gpointer data)
{
  BnbIrNamed *named = data;

  g_free (named->name);
  g_free (named);
}

void
bnb_ir_inst_free (BnbIrInst *inst)
{
  bnb_ir_named_free (inst);
}

static void
bnb_ir_node_free (gpointer data)
{
  BnbIrNode *node = data;

  if (node->children)
    g_ptr_array_unref (node->children);
  g_free (node);
}

BnbIrNode *
bnb_ir_node_new (guint dim, guint inst)
{
  BnbIrNode *node = g_new0 (BnbIrNode, 1);

  node->dim = dim;
  node->inst = inst;
  if (dim != BNB_IR_NONE)
    node->children = g_ptr_array_new_with_free_func (bnb_ir_node_free);
  return node;
}

BnbIrKernel *
bnb_ir_kernel_new (const char *path)
{
  BnbIrKernel *kernel = g_new0 (BnbIrKernel, 1);

  kernel->path = g_strdup (path);
  kernel->params = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->scalars = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->arrays = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->tile_vars = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->logicals = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->dims = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->insts
      = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->values = g_ptr_array_new_with_free_func (bnb_ir_named_free);
  kernel->comms = g_array_new (FALSE, TRUE, sizeof (BnbIrComm));
  kernel->body = g_ptr_array_new_with_free_func (bnb_ir_node_free);
  return kernel;
}

void
bnb_ir_kernel_free (BnbIrKernel *kernel)
{
  if (!kernel)
    return;
  g_free (kernel->name);
  g_free (kernel->path);
  g_ptr_array_unref (kernel->params);
  g_ptr_array_unref (kernel->scalars);
  g_ptr_array_unref (kernel->arrays);
  g_ptr_array_unref (kernel->tile_vars);
  g_ptr_array_unref (kernel->logicals);
  g_ptr_array_unref (kernel->dims);
  g_ptr_array_unref (kernel->insts);
  g_ptr_array_unref (kernel->values);
  g_array_unref (kernel->comms);
  g_ptr_array_unref (kernel->body);
  g_free (kernel->param_values);
  g_free (kernel);
}

gboolean
bnb_ir_fail_at (GError **error, BnbIrError code, const char *path,
                BnbIrLoc loc, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, BNB_IR_ERROR, code, "%s:%u:%u: %s", path, loc.line,
               loc.column, message);
  return FALSE;
}

const char *
bnb_ir_op_name (BnbIrOp op)
{
  static const char *const names[] = {
    [BNB_IR_OP_LOAD] = "load", [BNB_IR_OP_STORE] = "store",
    [BNB_IR_OP_MOV] = "mov",   [BNB_IR_OP_NEG] = "neg",
    [BNB_IR_OP_ADD] = "add",   [BNB_IR_OP_SUB] = "sub",
    [BNB_IR_OP_MUL] = "mul",   [BNB_IR_OP_DIV] = "div",
    [BNB_IR_OP_MIN] = "min",   [BNB_IR_OP_MAX] = "max",
    [BNB_IR_OP_FMA] = "fma",
  };

  g_return_val_if_fail ((guint)op < BNB_IR_OP_COUNT, NULL);
  return names[op];
}

gboolean
bnb_ir_inst_has_dim (const BnbIrInst *inst, guint dim)
{
  for (guint k = 0; k < inst->n_dims; k++)
    if (inst->dims[k] == dim)
      return TRUE;
  return FALSE;
}

guint
bnb_ir_inst_dim_at (const BnbIrKernel *kernel, const BnbIrInst *inst,
                    guint logical, guint level)
{
  for (guint k = 0; k < inst->n_dims; k++)
    {
      const BnbIrDim *d = bnb_ir_dim (kernel, inst->dims[k]);
      if (d->logical == logical && d->level == level)
        return inst->dims[k];
    }
  return BNB_IR_NONE;
}

static const char *
bnb_ir_term_name (const BnbIrKernel *kernel, const BnbIrTerm *term)
{
  if (term->kind == BNB_IR_VAR_PARAM)
    return bnb_ir_param (kernel, term->index)->name;
  return bnb_ir_logical (kernel, term->index)->name;
}

static void
bnb_ir_append_term (GString *text, const char *name, gint64 coef,
                    gboolean first)
{
  guint64 magnitude = coef < 0 ? -(guint64)coef : (guint64)coef;

  if (!first)
    g_string_append (text, coef < 0 ? " - " : " + ");
  else if (coef < 0)
    g_string_append_c (text, '-');
  if (!name) {
    g_string_append_printf (text, "%" G_GUINT64_FORMAT, magnitude);
    return;
  }
  if (magnitude != 1)
    g_string_append_printf (text, "%" G_GUINT64_FORMAT "*", magnitude);
  g_string_append (text, name);
}

char *
bnb_ir_affine_to_string (const BnbIrKernel *kernel, const BnbIrAffine *affine)
{
  GString *text = g_string_new (NULL);

  for (guint t = 0; t < affine->n_terms; t++)
    bnb_ir_append_term (text, bnb_ir_term_name (kernel, &affine->terms[t]),
                        affine->terms[t].coef, t == 0);
  if (affine->constant != 0 || affine->n_terms == 0)
    bnb_ir_append_term (text, NULL, affine->constant, affine->n_terms == 0);
  return g_string_free (text, FALSE);
}

gboolean
bnb_ir_affine_equal (const BnbIrAffine *a, const BnbIrAffine *b)
{
  if (a->constant != b->constant || a->n_terms != b->n_terms)
    return FALSE;
  for (guint t = 0; t < a->n_terms; t++)
    if (a->terms[t].kind != b->terms[t].kind
        || a->terms[t].index != b->terms[t].index
        || a->terms[t].coef != b->terms[t].coef)
      return FALSE;
  return TRUE;
}

gint64
bnb_ir_affine_eval (const BnbIrKernel *kernel, const BnbIrAffine *affine,
                    const gint64 *logical_index)
{
  guint64 sum = (guint64)affine->constant;

  g_return_val_if_fail (kernel != NULL && affine != NULL, 0);
  for (guint t = 0; t < affine->n_terms; t++) {
    const BnbIrTerm *term = &affine->terms[t];
    gint64 x;

    if (term->kind == BNB_IR_VAR_PARAM) {
      g_return_val_if_fail (kernel->param_values != NULL, 0);
      x = kernel->param_values[term->index];
    } else {
      g_return_val_if_fail (logical_index != NULL, 0);
      x = logical_index[term->index];
    }
    sum += (guint64)term->coef * (guint64)x;
  }
  return (gint64)sum;
}

gint64
bnb_ir_logical_size (const BnbIrKernel *kernel, guint logical)
{
  g_return_val_if_fail (kernel != NULL && kernel->bound, 0);
  g_return_val_if_fail (logical < kernel->logicals->len, 0);
  return bnb_ir_affine_eval (kernel, &bnb_ir_logical (kernel, logical)->size,
                             NULL);
}

gint64
bnb_ir_array_elements (const BnbIrKernel *kernel, guint array)
{
  const BnbIrArray *a;
  gint64 elements = 1;

  g_return_val_if_fail (kernel != NULL && kernel->bound, 0);
  g_return_val_if_fail (array < kernel->arrays->len, 0);
  a = bnb_ir_array (kernel, array);
  for (guint r = 0; r < a->rank; r++)
    elements *= bnb_ir_affine_eval (kernel, &a->extent[r], NULL);
  return elements;
}
