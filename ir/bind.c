/* Binding a kernel's parameters to problem sizes ("M=1024,N=512", else
 * the defaults) and checking what the sizes imply: every logical dim and
 * array extent is positive, no size computation overflows, and every
 * subscript of every load and store stays within its array's extent for
 * every index of the logical dims it uses.  A subscript ranges over
 * [lo, hi] with lo and hi taken at the ends of the logical dims' ranges,
 * by the sign of each coefficient.  A failed bind leaves the kernel as it
 * was.
 */
#include <string.h>

#include "ir/ir-private.h"

typedef struct {
  const BnbIrKernel *kernel;
  const char *sizes;
  gint64 *values;
  gboolean *given;
  gint64 *logical_max;
  GError **error;
} BnbIrBinding;

static void
bnb_ir_binding_clear (BnbIrBinding *b)
{
  g_free (b->values);
  g_free (b->given);
  g_free (b->logical_max);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BnbIrBinding, bnb_ir_binding_clear)

static gboolean bnb_ir_bind_fail (const BnbIrBinding *b, const char *format,
                                  ...) G_GNUC_PRINTF (2, 3);

static gboolean
bnb_ir_bind_fail (const BnbIrBinding *b, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (b->error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE, "%s: %s",
               b->kernel->path, message);
  return FALSE;
}

static char *
bnb_ir_bind_param_list (const BnbIrKernel *kernel)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < kernel->params->len; i++)
    g_string_append_printf (text, "%s%s", i ? ", " : "",
                            bnb_ir_param (kernel, i)->name);
  if (kernel->params->len == 0)
    g_string_append (text, "none");
  return g_string_free (text, FALSE);
}

static char *
bnb_ir_bind_describe (const BnbIrBinding *b)
{
  GString *text = g_string_new ("for these sizes (");

  for (guint i = 0; i < b->kernel->params->len; i++)
    g_string_append_printf (text, "%s%s=%" G_GINT64_FORMAT, i ? ", " : "",
                            bnb_ir_param (b->kernel, i)->name, b->values[i]);
  g_string_append_c (text, ')');
  return g_string_free (text, FALSE);
}

static guint
bnb_ir_bind_find_param (const BnbIrKernel *kernel, const char *name)
{
  for (guint i = 0; i < kernel->params->len; i++)
    if (strcmp (bnb_ir_param (kernel, i)->name, name) == 0)
      return i;
  return BNB_IR_NONE;
}

static gboolean
bnb_ir_bind_parse_value (const BnbIrBinding *b, const char *name,
                         const char *text, gint64 *value)
{
  gboolean negative = text[0] == '-';
  const char *digits = text + negative;
  gint64 v = 0;

  if (!g_ascii_isdigit (digits[0]))
    return bnb_ir_bind_fail (b, "size %s='%s' is not an integer", name, text);
  for (const char *c = digits; *c; c++)
    if (!g_ascii_isdigit (*c))
      return bnb_ir_bind_fail (b, "size %s='%s' is not an integer", name,
                               text);
    else if (!bnb_ir_mul_checked (v, 10, &v)
             || !bnb_ir_add_checked (v, *c - '0', &v))
      return bnb_ir_bind_fail (b, "size %s=%s is too large", name, text);
  if (negative || v == 0)
    return bnb_ir_bind_fail (b, "size %s=%s is not positive", name, text);
  *value = v;
  return TRUE;
}

static gboolean
bnb_ir_bind_assignment (BnbIrBinding *b, char *item)
{
  char *equal = strchr (item, '=');
  guint param;
  const char *name;

  if (!equal || equal == item)
    return bnb_ir_bind_fail (b,
                             "malformed size '%s' in '%s': expected "
                             "NAME=VALUE",
                             g_strstrip (item), b->sizes);
  *equal = '\0';
  name = g_strstrip (item);
  param = bnb_ir_bind_find_param (b->kernel, name);
  if (param == BNB_IR_NONE) {
    g_autofree char *list = bnb_ir_bind_param_list (b->kernel);

    return bnb_ir_bind_fail (b,
                             "unknown parameter '%s' in sizes '%s' "
                             "(parameters: %s)",
                             name, b->sizes, list);
  }
  if (b->given[param])
    return bnb_ir_bind_fail (b, "parameter %s is given twice in sizes '%s'",
                             name, b->sizes);
  b->given[param] = TRUE;
  return bnb_ir_bind_parse_value (b, name, g_strstrip (equal + 1),
                                  &b->values[param]);
}

static gboolean
bnb_ir_bind_parse_sizes (BnbIrBinding *b)
{
  g_auto (GStrv) items = NULL;

  if (!b->sizes || !*b->sizes)
    return TRUE;
  items = g_strsplit (b->sizes, ",", -1);
  for (guint i = 0; items[i]; i++)
    if (!bnb_ir_bind_assignment (b, items[i]))
      return FALSE;
  return TRUE;
}

static gboolean
bnb_ir_bind_defaults (BnbIrBinding *b)
{
  for (guint i = 0; i < b->kernel->params->len; i++) {
    const BnbIrParam *param = bnb_ir_param (b->kernel, i);

    if (b->given[i])
      continue;
    if (!param->has_default)
      return bnb_ir_fail_at (b->error, BNB_IR_ERROR_SIZE, b->kernel->path,
                             param->loc,
                             "parameter %s has no default and "
                             "no size was given for it (%s=...)",
                             param->name, param->name);
    b->values[i] = param->default_value;
  }
  return TRUE;
}

/* The range of `affine` over the logical dims' ranges [0, logical_max];
 * FALSE if some step overflows. */
static gboolean
bnb_ir_bind_range (const BnbIrBinding *b, const BnbIrAffine *affine,
                   gint64 *lo, gint64 *hi)
{
  *lo = *hi = affine->constant;
  for (guint t = 0; t < affine->n_terms; t++) {
    const BnbIrTerm *term = &affine->terms[t];
    gint64 x = term->kind == BNB_IR_VAR_PARAM ? b->values[term->index]
                                              : b->logical_max[term->index];
    gint64 product;

    if (!bnb_ir_mul_checked (term->coef, x, &product))
      return FALSE;
    if (term->kind == BNB_IR_VAR_PARAM || term->coef > 0) {
      if (!bnb_ir_add_checked (*hi, product, hi))
        return FALSE;
    }
    if (term->kind == BNB_IR_VAR_PARAM || term->coef < 0) {
      if (!bnb_ir_add_checked (*lo, product, lo))
        return FALSE;
    }
  }
  return TRUE;
}

/* Evaluates `size`, affine in parameters, and checks it is positive;
 * `what` names it in messages ("dim y", "extent 2 of out"). */
static gboolean
bnb_ir_bind_size (const BnbIrBinding *b, const BnbIrAffine *size, BnbIrLoc loc,
                  const char *what, gint64 *value)
{
  g_autofree char *text = bnb_ir_affine_to_string (b->kernel, size);
  g_autofree char *sizes = bnb_ir_bind_describe (b);
  gint64 hi;

  if (!bnb_ir_bind_range (b, size, value, &hi))
    return bnb_ir_fail_at (b->error, BNB_IR_ERROR_SIZE, b->kernel->path, loc,
                           "the size of %s, %s, overflows %s", what, text,
                           sizes);
  if (*value <= 0)
    return bnb_ir_fail_at (b->error, BNB_IR_ERROR_SIZE, b->kernel->path, loc,
                           "the size of %s, %s = %" G_GINT64_FORMAT
                           ", is not positive %s",
                           what, text, *value, sizes);
  return TRUE;
}

static gboolean
bnb_ir_bind_logicals (BnbIrBinding *b)
{
  for (guint l = 0; l < b->kernel->logicals->len; l++) {
    const BnbIrLogical *logical = bnb_ir_logical (b->kernel, l);
    g_autofree char *what = g_strdup_printf ("dim %s", logical->name);
    gint64 size;

    if (!bnb_ir_bind_size (b, &logical->size, logical->loc, what, &size))
      return FALSE;
    b->logical_max[l] = size - 1;
  }
  return TRUE;
}

static gboolean
bnb_ir_bind_array (const BnbIrBinding *b, const BnbIrArray *array)
{
  gint64 elements = 1;

  for (guint r = 0; r < array->rank; r++) {
    g_autofree char *what
        = g_strdup_printf ("extent %u of %s", r + 1, array->name);
    gint64 extent;

    if (!bnb_ir_bind_size (b, &array->extent[r], array->loc, what, &extent))
      return FALSE;
    if (!bnb_ir_mul_checked (elements, extent, &elements)) {
      g_autofree char *sizes = bnb_ir_bind_describe (b);

      return bnb_ir_fail_at (b->error, BNB_IR_ERROR_SIZE, b->kernel->path,
                             array->loc,
                             "the number of elements of %s "
                             "overflows %s",
                             array->name, sizes);
    }
  }
  return TRUE;
}

static gboolean
bnb_ir_bind_subscript (const BnbIrBinding *b, const BnbIrInst *inst, guint r)
{
  const BnbIrArray *array = bnb_ir_array (b->kernel, inst->array);
  g_autofree char *text = bnb_ir_affine_to_string (b->kernel, &inst->index[r]);
  g_autofree char *sizes = bnb_ir_bind_describe (b);
  gint64 lo, hi, extent, unused;

  bnb_ir_bind_range (b, &array->extent[r], &extent, &unused);
  if (!bnb_ir_bind_range (b, &inst->index[r], &lo, &hi))
    return bnb_ir_fail_at (b->error, BNB_IR_ERROR_SIZE, b->kernel->path,
                           inst->index_loc[r],
                           "index %u of %s[...], %s, "
                           "overflows %s",
                           r + 1, array->name, text, sizes);
  if (lo >= 0 && hi < extent)
    return TRUE;
  return bnb_ir_fail_at (b->error, BNB_IR_ERROR_SIZE, b->kernel->path,
                         inst->index_loc[r],
                         "index %u of %s[...], %s, "
                         "ranges over [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT
                         "] outside [0, %" G_GINT64_FORMAT "] %s",
                         r + 1, array->name, text, lo, hi, extent - 1, sizes);
}

static gboolean
bnb_ir_bind_accesses (const BnbIrBinding *b)
{
  for (guint i = 0; i < b->kernel->insts->len; i++) {
    const BnbIrInst *inst = bnb_ir_inst (b->kernel, i);

    if (inst->array == BNB_IR_NONE)
      continue;
    for (guint r = 0; r < bnb_ir_array (b->kernel, inst->array)->rank; r++)
      if (!bnb_ir_bind_subscript (b, inst, r))
        return FALSE;
  }
  return TRUE;
}

static gboolean
bnb_ir_bind_check (BnbIrBinding *b)
{
  if (!bnb_ir_bind_parse_sizes (b) || !bnb_ir_bind_defaults (b)
      || !bnb_ir_bind_logicals (b))
    return FALSE;
  for (guint a = 0; a < b->kernel->arrays->len; a++)
    if (!bnb_ir_bind_array (b, bnb_ir_array (b->kernel, a)))
      return FALSE;
  return bnb_ir_bind_accesses (b);
}

gboolean
bnb_ir_kernel_bind (BnbIrKernel *kernel, const char *sizes, GError **error)
{
  g_auto (BnbIrBinding) b = { 0 };

  g_return_val_if_fail (kernel != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  b.kernel = kernel;
  b.sizes = sizes;
  b.values = g_new0 (gint64, kernel->params->len + 1);
  b.given = g_new0 (gboolean, kernel->params->len + 1);
  b.logical_max = g_new0 (gint64, kernel->logicals->len + 1);
  b.error = error;
  if (!bnb_ir_bind_check (&b))
    return FALSE;
  g_free (kernel->param_values);
  kernel->param_values = g_steal_pointer (&b.values);
  kernel->bound = TRUE;
  return TRUE;
}
