/* The OpenCL printer: walks the lowered tree and writes OpenCL C 1.2.
 * Names: arrays a_NAME, scalars s_NAME, values v_NAME, the index of a
 * class i<dim>.  Work-group and work-item classes are no loops: their
 * index is a group or local id, read once at the top.  Unrolled classes
 * repeat their body with the index a constant; a vector class is the one
 * access it holds, through a pointer to the vector type where its offset
 * is a multiple of the width (vector_aligned), else with vloadn/vstoren.
 *
 * A prefetched load (prefetch(v)=yes, lowered to the loop it fetches
 * ahead across) is printed three times: before that loop, its first
 * step's elements go from global memory into registers p_NAME (a
 * "fetch"); in the loop, at the load's place, the registers go into v's
 * local array; after the next barrier, the step after this one is
 * fetched, unless this step is the last.  The fetch issues the global
 * loads of step s + 1 before the barrier-separated work of step s that
 * follows it, so their latency hides behind it.  With prefetch(v)=double
 * the local array is declared twice over, and every access adds the
 * half of the loop index's parity: step s stores into one half while
 * the work of step s - 1 may still read the other, and lowering leaves
 * out the barrier after the readers. */
#include "codegen/codegen-private.h"

#include <stdarg.h>
#include <string.h>

typedef struct {
  const BnbCgLowered *low;
  BnbChoiceReader *reader; /* the lowering's: the printer reads through it */
  GString *out;
  guint indent;
  guint vector_class; /* inside a vector access: that class ... */
  guint vector_lane;  /* ... has this index */
  /* Printing the fetch of the loads prefetched across this loop class,
   * whose index reads `shift_text` ("0", "(i8 + 1)"); BNB_CG_NONE when
   * printing the program itself. */
  guint fetch_loop;
  const char *shift_text;
  gboolean any_prefetch;
} Printer;

static void
line (Printer *p, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
line (Printer *p, const char *format, ...)
{
  va_list ap;
  for (guint i = 0; i < p->indent; i++)
    g_string_append (p->out, "  ");
  va_start (ap, format);
  g_string_append_vprintf (p->out, format, ap);
  va_end (ap);
  g_string_append_c (p->out, '\n');
}

static const char *
type_name (BnbIrType t)
{
  return t == BNB_IR_F64 ? "double" : "float";
}

/* Appends " + idx * stride" (or its first term), leaving out "* 1". */
static void
append_term (GString *s, const char *idx, gint64 stride)
{
  if (s->len > 0)
    g_string_append (s, " + ");
  if (stride == 1)
    g_string_append (s, idx);
  else
    g_string_append_printf (s, "%s * %" G_GINT64_FORMAT, idx, stride);
}

static const BnbIrKernel *
kernel (const Printer *p)
{
  return p->low->kernel;
}

/* The index of a dim for the instruction being printed. */
static char *
dim_index (const Printer *p, guint dim)
{
  guint c = p->low->dim_class[dim];
  if (c == BNB_CG_NONE)
    return g_strdup ("0");
  if (c == p->vector_class)
    return g_strdup_printf ("%u", p->vector_lane);
  if (c == p->fetch_loop)
    return g_strdup (p->shift_text);
  return g_strdup_printf ("i%u", p->low->classes[c].rep);
}

/* Whether instruction `i` is a load prefetched across a loop. */
static gboolean
prefetched (const Printer *p, guint i)
{
  return p->low->prefetch_loop[i] != BNB_CG_NONE;
}

static guint
inst_index (const Printer *p, const BnbIrInst *inst)
{
  guint i = 0;
  while (bnb_ir_inst (kernel (p), i) != inst)
    i++;
  return i;
}

/* The classes that repeat a prefetched load inside the loop it fetches
 * across, outermost first: they index its registers. */
static guint
register_classes (const Printer *p, guint i, guint *classes)
{
  guint n = 0;
  for (const BnbCgNode *c = p->low->inst_node[i]->parent;
       c && !(c->type == BNB_CG_LOOP && c->index == p->low->prefetch_loop[i]);
       c = c->parent)
    if (c->type == BNB_CG_LOOP)
      classes[n++] = c->index;
  for (guint a = 0, b = n; a + 1 < b; a++, b--)
    {
      guint t = classes[a];
      classes[a] = classes[b - 1];
      classes[b - 1] = t;
    }
  return n;
}

/* The register of prefetched load `inst` that the element being printed
 * goes through: p_NAME[i12][i10]..., or p_NAME[0]. */
static char *
register_access (const Printer *p, const BnbIrInst *inst, guint i)
{
  guint classes[BNB_IR_MAX_INST_DIMS * 2];
  guint n = register_classes (p, i, classes);
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "p_%s",
                          bnb_ir_value (kernel (p), inst->value)->name);
  if (n == 0)
    g_string_append (s, "[0]");
  for (guint j = 0; j < n; j++)
    if (classes[j] == p->vector_class)
      g_string_append_printf (s, "[%u]", p->vector_lane);
    else
      g_string_append_printf (s, "[i%u]", p->low->classes[classes[j]].rep);
  return g_string_free (s, FALSE);
}

static guint
inst_dim_at (const BnbIrInst *inst, const BnbIrKernel *k, guint logical,
             guint level)
{
  for (guint d = 0; d < inst->n_dims; d++)
    {
      const BnbIrDim *dim = bnb_ir_dim (k, inst->dims[d]);
      if (dim->logical == logical && dim->level == level)
        return inst->dims[d];
    }
  return BNB_CG_NONE;
}

static gint64
level_size (const Printer *p, const BnbIrInst *inst, guint logical,
            guint level)
{
  guint d = inst_dim_at (inst, kernel (p), logical, level);
  return d == BNB_CG_NONE ? 1 : bnb_choice_read_dim_size (p->reader, d);
}

/* The levels of `logical` an interleaving load weighs, innermost weight
 * first: its own work-item levels, then its other own levels, each from
 * the inner to the outer; the weights of the levels it shares with other
 * instructions do not change.  The number of own levels. */
static guint
interleaved_levels (const Printer *p, const BnbIrInst *inst, guint logical,
                    guint *levels)
{
  const BnbIrLogical *l = bnb_ir_logical (kernel (p), logical);
  guint i = inst_index (p, inst), n = 0;
  for (gboolean threads = TRUE;; threads = FALSE)
    {
      for (guint lv = l->n_levels; lv-- > 0;)
        {
          guint d = inst_dim_at (inst, kernel (p), logical, lv);
          if (d == BNB_CG_NONE || bnb_ir_dim (kernel (p), d)->owner != i)
            break;
          if (bnb_kind_is_thread (bnb_choice_read_kind (p->reader, d))
              == threads)
            levels[n++] = lv;
        }
      if (!threads)
        return n;
    }
}

static gboolean
interleaves (const Printer *p, const BnbIrInst *inst, guint logical)
{
  return bnb_cg_interleaves (p->low, inst_index (p, inst), logical);
}

/* The offset an interleaving load reads within the tile of its own
 * levels of `logical`; *size: that tile's size. */
static char *
interleaved_offset (const Printer *p, const BnbIrInst *inst, guint logical,
                    gint64 *size)
{
  guint levels[BNB_IR_MAX_INST_DIMS];
  guint n = interleaved_levels (p, inst, logical, levels);
  GString *s = g_string_new (NULL);
  *size = 1;
  for (guint j = 0; j < n; j++)
    {
      g_autofree char *idx
          = dim_index (p, inst_dim_at (inst, kernel (p), logical, levels[j]));
      if (strcmp (idx, "0") != 0)
        append_term (s, idx, *size);
      *size *= level_size (p, inst, logical, levels[j]);
    }
  if (s->len == 0)
    g_string_append_c (s, '0');
  return g_string_free (s, FALSE);
}

/* Where an interleaving load stores the element it read: the index of
 * level `lv` of the element's offset in the tile of the load's own levels,
 * as its readers weigh them (inner levels first, in order). */
static char *
interleaved_level_index (const Printer *p, const BnbIrInst *inst,
                         const BnbStorageLevel *lv)
{
  const BnbIrLogical *l = bnb_ir_logical (kernel (p), lv->logical);
  gint64 size, inner = 1;
  g_autofree char *offset = interleaved_offset (p, inst, lv->logical, &size);
  for (guint j = lv->level + 1; j < l->n_levels; j++)
    inner *= level_size (p, inst, lv->logical, j);
  if (inner * lv->size >= size)
    return inner == 1 ? g_strdup_printf ("(%s)", offset)
                      : g_strdup_printf ("((%s) / %" G_GINT64_FORMAT ")",
                                         offset, inner);
  if (inner == 1)
    return g_strdup_printf ("((%s) %% %" G_GINT64_FORMAT ")", offset,
                            lv->size);
  return g_strdup_printf ("((%s) / %" G_GINT64_FORMAT " %% %" G_GINT64_FORMAT
                          ")",
                          offset, inner, lv->size);
}

static gint64
gcd64 (gint64 a, gint64 b)
{
  a = ABS (a);
  b = ABS (b);
  while (b)
    {
      gint64 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

/* What an element's offset is a multiple of, whatever the indices, as the
 * walk that prints it (array_element) learns it: the gcd of the weights of
 * the indices it prints, and the sum of its constant parts; `vary` is 1
 * where the offset is no weighted sum (an interleaving load's division
 * and modulo). */
typedef struct {
  gint64 vary, constant;
} Multiple;

/* The logical index of `logical` for an instruction that iterates all its
 * levels: sum of level index * product of the inner tile sizes (an
 * interleaving load's own levels weighed as interleaved_levels says).
 * With `m`, each index printed weighs `weight` times its stride there. */
static char *
logical_index (const Printer *p, const BnbIrInst *inst, guint logical,
               gint64 weight, Multiple *m)
{
  const BnbIrLogical *l = bnb_ir_logical (kernel (p), logical);
  GString *s = g_string_new (NULL);
  gint64 stride = 1;
  guint lv = l->n_levels;
  if (inst->interleave && interleaves (p, inst, logical))
    {
      g_autofree char *offset = interleaved_offset (p, inst, logical, &stride);
      if (strcmp (offset, "0") != 0)
        g_string_append (s, offset);
      if (m)
        m->vary = 1;
      for (guint d; lv > 0
                    && (d = inst_dim_at (inst, kernel (p), logical, lv - 1))
                           != BNB_CG_NONE
                    && bnb_ir_dim (kernel (p), d)->owner
                           == inst_index (p, inst);)
        lv--;
    }
  while (lv-- > 0)
    {
      guint d = inst_dim_at (inst, kernel (p), logical, lv);
      g_autofree char *idx = d == BNB_CG_NONE ? g_strdup ("0")
                                              : dim_index (p, d);
      if (strcmp (idx, "0") != 0)
        {
          append_term (s, idx, stride);
          if (m)
            m->vary = gcd64 (m->vary, weight * stride);
        }
      stride *= level_size (p, inst, logical, lv);
    }
  if (s->len == 0)
    g_string_append_c (s, '0');
  g_string_prepend_c (s, '(');
  g_string_append_c (s, ')');
  return g_string_free (s, FALSE);
}

static gboolean
iterates_all_levels (const Printer *p, const BnbIrInst *inst, guint logical)
{
  const BnbIrLogical *l = bnb_ir_logical (kernel (p), logical);
  for (guint lv = 0; lv < l->n_levels; lv++)
    if (inst_dim_at (inst, kernel (p), logical, lv) == BNB_CG_NONE)
      return FALSE;
  return TRUE;
}

/* Does the tiling of `logical` overshoot its size (so accesses need a
 * guard)? */
static gboolean
overshoots (const Printer *p, const BnbIrInst *inst, guint logical)
{
  const BnbIrLogical *l = bnb_ir_logical (kernel (p), logical);
  gint64 covered = 1;
  for (guint lv = 0; lv < l->n_levels; lv++)
    covered *= level_size (p, inst, logical, lv);
  return covered != bnb_ir_logical_size (kernel (p), logical);
}

/* An affine subscript; with `m`, its terms weigh `weight` times their
 * coefficients in the element's offset. */
static char *
affine (const Printer *p, const BnbIrInst *inst, const BnbIrAffine *a,
        gint64 weight, Multiple *m)
{
  const BnbIrKernel *k = kernel (p);
  GString *s = g_string_new (NULL);
  for (guint t = 0; t < a->n_terms; t++)
    {
      const BnbIrTerm *term = &a->terms[t];
      gboolean param = term->kind == BNB_IR_VAR_PARAM;
      g_autofree char *v
          = param ? g_strdup_printf ("%" G_GINT64_FORMAT,
                                     k->param_values[term->index])
                  : logical_index (p, inst, term->index,
                                   weight * term->coef, m);
      if (param && m)
        m->constant += weight * term->coef * k->param_values[term->index];
      append_term (s, v, term->coef);
    }
  if (a->constant != 0 || s->len == 0)
    g_string_append_printf (s, "%s%" G_GINT64_FORMAT, s->len ? " + " : "",
                            a->constant);
  if (m)
    m->constant += weight * a->constant;
  return g_string_free (s, FALSE);
}

/* The offset of the element `inst` accesses in its array; with `m`, what
 * that offset is a multiple of (vector_aligned). */
static char *
array_element (const Printer *p, const BnbIrInst *inst, Multiple *m)
{
  const BnbIrKernel *k = kernel (p);
  const BnbIrArray *a = bnb_ir_array (k, inst->array);
  GString *s = g_string_new (NULL);
  for (guint r = 0; r < a->rank; r++)
    {
      gint64 stride = 1;
      for (guint q = r + 1; q < a->rank; q++)
        stride *= bnb_ir_affine_eval (k, &a->extent[q], NULL);
      g_autofree char *idx = affine (p, inst, &inst->index[r], stride, m);
      g_autofree char *paren = g_strdup_printf ("(%s)", idx);
      append_term (s, a->rank == 1 ? idx : paren, stride);
    }
  return g_string_free (s, FALSE);
}

/* How a temporary is held in a leaf. */
typedef struct {
  BnbMem mem;
  guint n_levels;
  BnbStorageLevel levels[2 * BNB_IR_MAX_INST_DIMS];
  BnbPad pad;
} Storage;

static gboolean
value_storage (const Printer *p, guint value, Storage *st)
{
  const BnbChoiceSpace *s = p->low->space;
  guint t = bnb_choice_value_temp (s, value);
  if (t == G_MAXUINT)
    return FALSE;
  st->mem = bnb_choice_read_mem (p->reader, t);
  st->n_levels = bnb_choice_read_storage (p->reader, t, st->levels,
                                          &st->pad);
  return TRUE;
}

/* Where storage level `i` of an interleaving load's value begins the
 * levels of that dim's tile, all of them stored, in order, each the
 * inner ones' sizes apart (no padding between them, as in a chunk whose
 * rows alone are padded): their count, so that the store adds the
 * interleaved offset once; else 0. */
static guint
contiguous_run (const Printer *p, const BnbIrInst *inst, const Storage *st,
                guint i)
{
  guint logical = st->levels[i].logical, n = 0;
  gint64 size, product = 1;
  g_autofree char *offset = interleaved_offset (p, inst, logical, &size);
  while (i + n < st->n_levels && st->levels[i + n].logical == logical)
    n++;
  for (guint j = n; j-- > 0;)
    {
      gint64 stride = bnb_choice_storage_stride (st->levels, st->n_levels,
                                                 st->pad, i + j);
      gint64 last = bnb_choice_storage_stride (st->levels, st->n_levels,
                                               st->pad, i + n - 1);
      if (st->mem != BNB_MEM_LOCAL || stride != last * product
          || (j > 0 && st->levels[i + j - 1].level + 1
                           != st->levels[i + j].level))
        return 0;
      product *= st->levels[i + j].size;
    }
  return product == size ? n : 0;
}

static gint64 storage_elements (const Storage *st);

/* The load whose local array of `value` is doubled (prefetch(v)=double),
 * or G_MAXUINT. */
static guint
doubling_load (const Printer *p, guint value, const Storage *st)
{
  if (st->mem == BNB_MEM_LOCAL)
    for (guint i = 0; i < kernel (p)->insts->len; i++)
      if (p->low->doubled[i] && bnb_ir_inst (kernel (p), i)->value == value)
        return i;
  return G_MAXUINT;
}

/* The offset of the half of `value`'s local array that this step uses,
 * "(iL & 1) * HALF" (the parity of the loop L the load fetches across),
 * or NULL where the array is not doubled. */
static char *
half_offset (const Printer *p, guint value, const Storage *st)
{
  guint i = doubling_load (p, value, st);
  if (i == G_MAXUINT)
    return NULL;
  return g_strdup_printf ("(i%u & 1) * %" G_GINT64_FORMAT,
                          p->low->classes[p->low->prefetch_loop[i]].rep,
                          bnb_choice_storage_half (storage_elements (st)));
}

/* The element of `value` that instruction `inst` reads or writes. */
static char *
value_access (const Printer *p, const BnbIrInst *inst, guint value)
{
  const char *name = bnb_ir_value (kernel (p), value)->name;
  Storage st;
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "v_%s", name);
  if (!value_storage (p, value, &st)
      || (st.n_levels == 0 && st.mem == BNB_MEM_PRIVATE))
    return g_string_free (s, FALSE);
  g_autofree char *half = half_offset (p, value, &st);
  if (st.n_levels == 0)
    {
      g_string_append_printf (s, "[%s]", half ? half : "0");
      return g_string_free (s, FALSE);
    }
  g_string_append_c (s, '[');
  for (guint i = 0; i < st.n_levels; i++)
    {
      guint d = inst_dim_at (inst, kernel (p), st.levels[i].logical,
                             st.levels[i].level);
      gboolean interleaved
          = d != BNB_CG_NONE && value == inst->value && inst->interleave
            && bnb_ir_dim (kernel (p), d)->owner == inst_index (p, inst)
            && interleaves (p, inst, st.levels[i].logical);
      guint run = interleaved ? contiguous_run (p, inst, &st, i) : 0;
      if (run > 0)
        {
          /* the run's indices and strides add up to its offset */
          gint64 size, stride = bnb_choice_storage_stride (
                           st.levels, st.n_levels, st.pad, i + run - 1);
          g_autofree char *offset = interleaved_offset (
              p, inst, st.levels[i].logical, &size);
          g_autofree char *paren = g_strdup_printf ("(%s)", offset);
          GString *term = g_string_new (NULL);
          append_term (term, paren, stride);
          g_string_append_printf (s, "%s%s", i ? " + " : "", term->str);
          g_string_free (term, TRUE);
          i += run - 1;
          continue;
        }
      g_autofree char *idx
          = d == BNB_CG_NONE ? g_strdup ("0")
            : interleaved ? interleaved_level_index (p, inst, &st.levels[i])
                          : dim_index (p, d);
      if (st.mem == BNB_MEM_PRIVATE)
        g_string_append_printf (s, "%s%s", i ? "][" : "", idx);
      else
        {
          gint64 stride = bnb_choice_storage_stride (st.levels, st.n_levels,
                                                     st.pad, i);
          GString *term = g_string_new (NULL);
          append_term (term, idx, stride);
          g_string_append_printf (s, "%s%s", i ? " + " : "", term->str);
          g_string_free (term, TRUE);
        }
    }
  if (half)
    g_string_append_printf (s, " + %s", half);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static char *
constant (double value, BnbIrType type)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (buf, sizeof buf, "%.17g", value);
  gboolean plain = strpbrk (buf, ".eEn") == NULL;
  return g_strdup_printf ("(%s%s%s)", buf, plain ? ".0" : "",
                          type == BNB_IR_F64 ? "" : "f");
}

/* The type of an operand that is a value or a scalar. */
static BnbIrType
operand_type (const Printer *p, const BnbIrOperand *o)
{
  if (o->kind == BNB_IR_OPERAND_SCALAR)
    return bnb_ir_scalar (kernel (p), o->index)->type;
  return bnb_ir_value (kernel (p), o->index)->type;
}

/* The type `inst` computes in: f64 if any operand is an f64 value or
 * scalar (an update of an f32 value too), else the type of what it
 * writes. */
static BnbIrType
expression_type (const Printer *p, const BnbIrInst *inst)
{
  for (guint i = 0; i < inst->n_operands; i++)
    if (inst->operands[i].kind != BNB_IR_OPERAND_CONST
        && operand_type (p, &inst->operands[i]) == BNB_IR_F64)
      return BNB_IR_F64;
  return inst->value == BNB_IR_NONE
             ? bnb_ir_array (kernel (p), inst->array)->type
             : bnb_ir_value (kernel (p), inst->value)->type;
}

/* Operand `i` of `inst`, converted to double where the expression is
 * f64 and the operand f32 (fmin, fmax and fma have no mixed overloads);
 * a constant is written in the expression's type. */
static char *
operand (const Printer *p, const BnbIrInst *inst, guint i)
{
  const BnbIrOperand *o = &inst->operands[i];
  BnbIrType type = expression_type (p, inst);
  g_autofree char *text = NULL;
  switch (o->kind)
    {
    case BNB_IR_OPERAND_VALUE:
      text = value_access (p, inst, o->index);
      break;
    case BNB_IR_OPERAND_SCALAR:
      text = g_strdup_printf ("s_%s",
                              bnb_ir_scalar (kernel (p), o->index)->name);
      break;
    case BNB_IR_OPERAND_CONST:
      return constant (o->constant, type);
    }
  if (type == BNB_IR_F64 && operand_type (p, o) == BNB_IR_F32)
    return g_strdup_printf ("(double)%s", text);
  return g_steal_pointer (&text);
}

static char *
expression (const Printer *p, const BnbIrInst *inst)
{
  static const char *const infix[BNB_IR_OP_COUNT] = {
    [BNB_IR_OP_ADD] = "+", [BNB_IR_OP_SUB] = "-", [BNB_IR_OP_MUL] = "*",
    [BNB_IR_OP_DIV] = "/",
  };
  g_autofree char *a = inst->n_operands > 0 ? operand (p, inst, 0) : NULL;
  g_autofree char *b = inst->n_operands > 1 ? operand (p, inst, 1) : NULL;
  g_autofree char *c = inst->n_operands > 2 ? operand (p, inst, 2) : NULL;
  switch (inst->op)
    {
    case BNB_IR_OP_LOAD:
      {
        guint i = inst_index (p, inst);
        if (prefetched (p, i) && p->fetch_loop == BNB_CG_NONE)
          return register_access (p, inst, i);
        g_autofree char *el = array_element (p, inst, NULL);
        return g_strdup_printf (
            "a_%s[%s]", bnb_ir_array (kernel (p), inst->array)->name, el);
      }
    case BNB_IR_OP_MOV:
    case BNB_IR_OP_STORE:
      return g_strdup (a);
    case BNB_IR_OP_NEG:
      return g_strdup_printf ("-%s", a);
    case BNB_IR_OP_MIN:
      return g_strdup_printf ("fmin(%s, %s)", a, b);
    case BNB_IR_OP_MAX:
      return g_strdup_printf ("fmax(%s, %s)", a, b);
    case BNB_IR_OP_FMA:
      return g_strdup_printf ("fma(%s, %s, %s)", a, b, c);
    default:
      return g_strdup_printf ("%s %s %s", a, infix[inst->op], b);
    }
}

/* The left-hand side: the array element of a store, else the value. */
static char *
destination (const Printer *p, const BnbIrInst *inst)
{
  if (inst->op == BNB_IR_OP_STORE)
    {
      g_autofree char *el = array_element (p, inst, NULL);
      return g_strdup_printf ("a_%s[%s]",
                              bnb_ir_array (kernel (p), inst->array)->name,
                              el);
    }
  if (p->fetch_loop != BNB_CG_NONE)
    return register_access (p, inst, inst_index (p, inst));
  return value_access (p, inst, inst->value);
}

static void
print_assignment (Printer *p, const BnbIrInst *inst)
{
  g_autofree char *lhs = destination (p, inst);
  g_autofree char *rhs = expression (p, inst);
  if (inst->op == BNB_IR_OP_STORE
      && bnb_cg_split_store (p->low, inst_index (p, inst)))
    line (p, "bnb_add(&%s, %s);", lhs, rhs);
  else
    line (p, "%s = %s;", lhs, rhs);
}

/* Whether `inst` reduces along `logical` (one of its reduction dims is
 * on it). */
static gboolean
reduces_along (const Printer *p, const BnbIrInst *inst, guint logical)
{
  for (guint r = 0; r < inst->n_reduction_dims; r++)
    if (bnb_ir_dim (kernel (p), inst->reduction_dims[r])->logical == logical)
      return TRUE;
  return FALSE;
}

/* Logical dims whose tiles overshoot, except `skip`, that the instruction
 * must test.  A load or store touches a kernel array there, and an
 * update reducing along a dim would add what lies past its end; they are
 * guarded.  Any other arithmetic is not: past the end of a dim it reads
 * and writes slots of temporaries that the tiles allocate anyway, and
 * what it computes there reaches only positions past the end too, which
 * no store writes and every reduction along that dim skips.  (Tests on
 * m and n before every FMA of an unrolled register tile ran mxm at
 * 1000^3 at a third of its speed on an H200: docs/results.md.) */
static char *
guard (const Printer *p, const BnbIrInst *inst, guint skip)
{
  gboolean memory
      = inst->op == BNB_IR_OP_LOAD || inst->op == BNB_IR_OP_STORE;
  g_autoptr (GPtrArray) terms = g_ptr_array_new_with_free_func (g_free);
  for (guint l = 0; l < kernel (p)->logicals->len; l++)
    {
      if (l == skip || !iterates_all_levels (p, inst, l)
          || !overshoots (p, inst, l)
          || (!memory && !reduces_along (p, inst, l)))
        continue;
      g_autofree char *idx = logical_index (p, inst, l, 1, NULL);
      g_ptr_array_add (terms,
                       g_strdup_printf ("%s < %" G_GINT64_FORMAT, idx,
                                        bnb_ir_logical_size (kernel (p), l)));
    }
  if (terms->len == 0)
    return NULL;
  /* One branch on all the terms: `&`, not `&&`.  PoCL 3.1 (LLVM 15)
   * dropped the store of a work-item whose guard was a short-circuit
   * `uniform && per-item` test inside a loop with barriers (a stencil2d
   * leaf, docs/codegen.md); each term is a comparison of integers, safe
   * to evaluate whatever the others give. */
  guint n = terms->len;
  g_ptr_array_add (terms, NULL);
  g_autofree char *joined = g_strjoinv (") & (", (char **)terms->pdata);
  return n == 1 ? g_steal_pointer (&joined) : g_strdup_printf ("(%s)", joined);
}

static void
open_guard (Printer *p, const char *cond)
{
  if (cond)
    {
      line (p, "if (%s) {", cond);
      p->indent++;
    }
}

static void
close_guard (Printer *p, const char *cond)
{
  if (cond)
    {
      p->indent--;
      line (p, "}");
    }
}

/* A split store adds, so it must run once per element and work-group:
 * where a local id of the kernel is on none of its dims, the work-items
 * along it would each add the same sum; only the first does.  NULL when
 * every id is the store's. */
static char *
split_guard (const Printer *p, guint i)
{
  const BnbCgLowered *low = p->low;
  const BnbIrInst *inst = bnb_ir_inst (kernel (p), i);
  GString *s = NULL;
  if (!bnb_cg_split_store (low, i))
    return NULL;
  for (guint h = 0; h < 3; h++)
    {
      gboolean own = low->local_size[h] == 1;
      for (guint e = 0; e < inst->n_dims && !own; e++)
        {
          guint c = low->dim_class[inst->dims[e]];
          own = c != BNB_CG_NONE && low->classes[c].hw == h
                && bnb_kind_is_thread (low->classes[c].kind);
        }
      if (own)
        continue;
      if (!s)
        s = g_string_new (NULL);
      else
        g_string_append (s, " & ");
      g_string_append_printf (s, "(get_local_id(%u) == 0)", h);
    }
  return s ? g_string_free (s, FALSE) : NULL;
}

static void
print_inst (Printer *p, guint i)
{
  const BnbIrInst *inst = bnb_ir_inst (kernel (p), i);
  g_autofree char *bounds = guard (p, inst, BNB_CG_NONE);
  g_autofree char *once = split_guard (p, i);
  g_autofree char *cond
      = bounds && once ? g_strdup_printf ("(%s) & %s", bounds, once)
                       : g_strdup (bounds ? bounds : once);
  open_guard (p, cond);
  print_assignment (p, inst);
  close_guard (p, cond);
}

static const char lanes[] = "0123456789abcdef";

/* Whether the `width` elements from lane 0 start at a multiple of `width`
 * elements, so that one access of the vector type may move them: `m` as
 * array_element found it for lane 0.  Buffers start at the device's base
 * address alignment (at least 128 bytes on a full-profile device; a host
 * that passes other pointers must start each buffer at the vector's size,
 * docs/codegen.md).  vloadN and vstoreN ask only the element's
 * alignment, and NVIDIA's compiler then makes N scalar accesses of them;
 * a pointer to the vector type promises its alignment, and becomes one
 * 8- or 16-byte access. */
static gboolean
vector_aligned (const Multiple *m, guint width)
{
  return gcd64 (m->vary, m->constant) % width == 0;
}

static void
print_vector_load (Printer *p, const BnbIrInst *inst, guint width)
{
  const char *type = type_name (bnb_ir_array (kernel (p), inst->array)->type);
  p->vector_lane = 0;
  Multiple m = { 0, 0 };
  g_autofree char *el = array_element (p, inst, &m);
  line (p, "{");
  p->indent++;
  const char *name = bnb_ir_array (kernel (p), inst->array)->name;
  if (vector_aligned (&m, width))
    line (p, "const %s%u t = *(__global const %s%u *)(a_%s + (%s));", type,
          width, type, width, name, el);
  else
    line (p, "const %s%u t = vload%u(0, a_%s + (%s));", type, width, width,
          name, el);
  for (guint k = 0; k < width; k++)
    {
      p->vector_lane = k;
      g_autofree char *lhs = destination (p, inst);
      line (p, "%s = t.s%c;", lhs, lanes[k]);
    }
  p->indent--;
  line (p, "}");
}

static void
print_vector_store (Printer *p, const BnbIrInst *inst, guint width)
{
  const BnbIrArray *a = bnb_ir_array (kernel (p), inst->array);
  GString *parts = g_string_new (NULL);
  for (guint k = 0; k < width; k++)
    {
      p->vector_lane = k;
      g_autofree char *v = operand (p, inst, 0);
      g_string_append_printf (parts, "%s%s", k ? ", " : "", v);
    }
  p->vector_lane = 0;
  Multiple m = { 0, 0 };
  g_autofree char *el = array_element (p, inst, &m);
  const char *type = type_name (a->type);
  if (vector_aligned (&m, width))
    line (p, "*(__global %s%u *)(a_%s + (%s)) = (%s%u)(%s);", type, width,
          a->name, el, type, width, parts->str);
  else
    line (p, "vstore%u((%s%u)(%s), 0, a_%s + (%s));", width, type, width,
          parts->str, a->name, el);
  g_string_free (parts, TRUE);
}

/* A vector class holds one load or store.  When the tiles of its logical
 * dim overshoot, the lanes are done one by one, each under its own whole
 * guard (not nested in the others' tests: one branch per access). */
static void
print_vector (Printer *p, guint c, guint i)
{
  const BnbIrInst *inst = bnb_ir_inst (kernel (p), i);
  const BnbCgClass *cl = &p->low->classes[c];
  guint logical = bnb_ir_dim (kernel (p), cl->rep)->logical;
  p->vector_class = c;
  /* a prefetched load's registers go to local memory one by one */
  if (overshoots (p, inst, logical)
      || (prefetched (p, i) && p->fetch_loop == BNB_CG_NONE))
    for (guint k = 0; k < cl->size; k++)
      {
        p->vector_lane = k;
        print_inst (p, i);
      }
  else
    {
      g_autofree char *cond = guard (p, inst, logical);
      open_guard (p, cond);
      if (inst->op == BNB_IR_OP_LOAD)
        print_vector_load (p, inst, (guint)cl->size);
      else
        print_vector_store (p, inst, (guint)cl->size);
      close_guard (p, cond);
    }
  p->vector_class = BNB_CG_NONE;
}

static void print_node (Printer *p, const BnbCgNode *n);

/* Whether `n` holds a load prefetched across loop class `loop`. */
static gboolean
holds_prefetch (const Printer *p, const BnbCgNode *n, guint loop)
{
  if (n->type == BNB_CG_INST)
    return p->low->prefetch_loop[n->index] == loop;
  if (n->type == BNB_CG_BARRIER)
    return FALSE;
  for (guint i = 0; i < n->children->len; i++)
    if (holds_prefetch (p, g_ptr_array_index (n->children, i), loop))
      return TRUE;
  return FALSE;
}

/* The fetch of the loads of children [from, to) of loop node `n` that
 * are prefetched across it, with its index read as `shift`: only those
 * loads and the loops around them print, no barrier. */
static void
print_fetch (Printer *p, const BnbCgNode *n, guint from, guint to,
             const char *shift)
{
  guint saved_loop = p->fetch_loop;
  const char *saved_text = p->shift_text;
  p->fetch_loop = n->index;
  p->shift_text = shift;
  for (guint j = from; j < to; j++)
    print_node (p, g_ptr_array_index (n->children, j));
  p->fetch_loop = saved_loop;
  p->shift_text = saved_text;
}

/* The body of loop node `n`, which holds prefetched loads: each group of
 * them fetches the next step after the first barrier that follows it
 * (or at the end of the body). */
static void
print_prefetching_body (Printer *p, const BnbCgNode *n)
{
  const BnbCgClass *cl = &p->low->classes[n->index];
  g_autofree char *next = g_strdup_printf ("(i%u + 1)", cl->rep);
  guint first = G_MAXUINT;
  for (guint j = 0; j <= n->children->len; j++)
    {
      const BnbCgNode *ch
          = j < n->children->len ? g_ptr_array_index (n->children, j) : NULL;
      if (first != G_MAXUINT && (ch == NULL || ch->type == BNB_CG_BARRIER))
        {
          if (ch)
            print_node (p, ch);
          line (p, "if (i%u < %" G_GINT64_FORMAT ") { /* prefetch: the "
                "next step */",
                cl->rep, cl->size - 1);
          p->indent++;
          print_fetch (p, n, first, j, next);
          p->indent--;
          line (p, "}");
          first = G_MAXUINT;
          continue;
        }
      if (ch == NULL)
        break;
      print_node (p, ch);
      if (first == G_MAXUINT && holds_prefetch (p, ch, n->index))
        first = j;
    }
}

static void
print_children (Printer *p, const BnbCgNode *n)
{
  for (guint i = 0; i < n->children->len; i++)
    print_node (p, g_ptr_array_index (n->children, i));
}

/* The body of class `n` at one iteration, `k`, in a block of its own. */
static void
print_iteration (Printer *p, const BnbCgNode *n, gint64 k)
{
  const BnbCgClass *cl = &p->low->classes[n->index];
  line (p, "{ /* %s = %" G_GINT64_FORMAT " */",
        bnb_ir_dim (kernel (p), cl->rep)->name, k);
  p->indent++;
  line (p, "const int i%u = %" G_GINT64_FORMAT ";", cl->rep, k);
  print_children (p, n);
  p->indent--;
  line (p, "}");
}

/* A loop of one iteration is printed as its one iteration: PoCL
 * miscompiled `for (int i = 0; i < 1; ++i)` around barriers (issue 14,
 * docs/codegen.md). */
static void
print_loop (Printer *p, const BnbCgNode *n)
{
  const BnbCgClass *cl = &p->low->classes[n->index];
  if (cl->size == 1)
    {
      print_iteration (p, n, 0);
      return;
    }
  gboolean prefetching = p->any_prefetch && p->fetch_loop == BNB_CG_NONE
                         && holds_prefetch (p, n, n->index);
  if (prefetching)
    {
      line (p, "/* prefetch: the first step of %s */",
            bnb_ir_dim (kernel (p), cl->rep)->name);
      print_fetch (p, n, 0, n->children->len, "0");
    }
  line (p, "for (int i%u = 0; i%u < %" G_GINT64_FORMAT "; ++i%u) {",
        cl->rep, cl->rep, cl->size, cl->rep);
  p->indent++;
  if (prefetching)
    print_prefetching_body (p, n);
  else
    print_children (p, n);
  p->indent--;
  line (p, "}");
}

static void
print_class (Printer *p, const BnbCgNode *n)
{
  const BnbCgClass *cl = &p->low->classes[n->index];
  switch (cl->kind)
    {
    case BNB_KIND_LOOP:
      print_loop (p, n);
      break;
    case BNB_KIND_UNROLL:
      for (gint64 k = 0; k < cl->size; k++)
        print_iteration (p, n, k);
      break;
    case BNB_KIND_VECTOR:
      print_vector (p, n->index,
                    ((BnbCgNode *)g_ptr_array_index (n->children, 0))->index);
      break;
    default:
      print_children (p, n);
    }
}

static void
print_node (Printer *p, const BnbCgNode *n)
{
  if (p->fetch_loop != BNB_CG_NONE && !holds_prefetch (p, n, p->fetch_loop))
    return;
  switch (n->type)
    {
    case BNB_CG_ROOT:
      print_children (p, n);
      break;
    case BNB_CG_LOOP:
      print_class (p, n);
      break;
    case BNB_CG_INST:
      print_inst (p, n->index);
      break;
    case BNB_CG_BARRIER:
      line (p, "barrier(%s%s%s);",
            n->index & BNB_CG_FENCE_LOCAL ? "CLK_LOCAL_MEM_FENCE" : "",
            n->index == (BNB_CG_FENCE_LOCAL | BNB_CG_FENCE_GLOBAL) ? " | "
                                                                    : "",
            n->index & BNB_CG_FENCE_GLOBAL ? "CLK_GLOBAL_MEM_FENCE" : "");
      break;
    }
}

static gint64
storage_elements (const Storage *st)
{
  return bnb_choice_storage_elements (st->levels, st->n_levels, st->pad);
}

static void
declare_value (Printer *p, guint v, GString *args, GArray *scratch)
{
  const BnbIrValue *value = bnb_ir_value (kernel (p), v);
  const char *type = type_name (value->type);
  Storage st;
  if (!value_storage (p, v, &st))
    line (p, "%s v_%s;", type, value->name);
  else if (st.mem == BNB_MEM_LOCAL)
    {
      /* Aligned to 16 bytes, so that a compiler may merge a work-item's
       * accesses to adjacent elements at aligned offsets into vector
       * ones (NVIDIA's does; docs/codegen.md); twice over if doubled. */
      gint64 elements = storage_elements (&st);
      if (doubling_load (p, v, &st) != G_MAXUINT)
        elements = 2 * bnb_choice_storage_half (elements);
      line (p,
            "__local %s v_%s[%" G_GINT64_FORMAT "] __attribute__ ((aligned "
            "(16)));",
            type, value->name, elements);
    }
  else if (st.mem == BNB_MEM_GLOBAL)
    {
      gsize bytes = (gsize)storage_elements (&st)
                    * (value->type == BNB_IR_F64 ? 8 : 4);
      g_array_append_val (scratch, bytes);
      /* No restrict: other work-items write and read this buffer
         between barriers, and a compiler may take a restrict pointer's
         memory to be out of the barrier's reach (issue 14, gen112). */
      g_string_append_printf (args, ",\n    __global %s *v_%s", type,
                              value->name);
    }
  else
    {
      GString *dims = g_string_new (NULL);
      for (guint i = 0; i < st.n_levels; i++)
        g_string_append_printf (dims, "[%" G_GINT64_FORMAT "]",
                                st.levels[i].size);
      line (p, "%s v_%s%s;", type, value->name, dims->str);
      g_string_free (dims, TRUE);
    }
}

/* The registers of each prefetched load: one per element it loads in a
 * step of the loop it fetches across. */
static void
declare_registers (Printer *p)
{
  for (guint i = 0; i < kernel (p)->insts->len; i++)
    {
      if (!prefetched (p, i))
        continue;
      const BnbIrInst *inst = bnb_ir_inst (kernel (p), i);
      const BnbIrValue *value = bnb_ir_value (kernel (p), inst->value);
      guint classes[BNB_IR_MAX_INST_DIMS * 2];
      guint n = register_classes (p, i, classes);
      GString *dims = g_string_new (n ? NULL : "[1]");
      for (guint j = 0; j < n; j++)
        g_string_append_printf (dims, "[%" G_GINT64_FORMAT "]",
                                p->low->classes[classes[j]].size);
      line (p, "%s p_%s%s;", type_name (value->type), value->name, dims->str);
      g_string_free (dims, TRUE);
      p->any_prefetch = TRUE;
    }
}

static void
declare_indices (Printer *p)
{
  for (guint c = 0; c < p->low->n_classes; c++)
    {
      const BnbCgClass *cl = &p->low->classes[c];
      const char *id = cl->kind == BNB_KIND_BLOCK ? "get_group_id"
                       : cl->kind >= BNB_KIND_THREAD_X
                               && cl->kind <= BNB_KIND_THREAD_Z
                           ? "get_local_id"
                           : NULL;
      if (id)
        line (p, "const int i%u = %s(%u); /* %s */", cl->rep, id, cl->hw,
              bnb_ir_dim (kernel (p), cl->rep)->name);
    }
}

static char *
arguments (const Printer *p)
{
  const BnbIrKernel *k = kernel (p);
  GString *s = g_string_new (NULL);
  for (guint a = 0; a < k->arrays->len; a++)
    {
      const BnbIrArray *arr = bnb_ir_array (k, a);
      /* restrict only where no work-item writes: see declare_value */
      g_string_append_printf (s, "%s\n    __global %s%s *%sa_%s",
                              a ? "," : "",
                              arr->mode == BNB_IR_IN ? "const " : "",
                              type_name (arr->type),
                              arr->mode == BNB_IR_IN ? "restrict " : "",
                              arr->name);
    }
  for (guint i = 0; i < k->scalars->len; i++)
    g_string_append_printf (s, ",\n    const %s s_%s",
                            type_name (bnb_ir_scalar (k, i)->type),
                            bnb_ir_scalar (k, i)->name);
  return g_string_free (s, FALSE);
}

static gboolean
uses_double (const BnbIrKernel *k)
{
  for (guint a = 0; a < k->arrays->len; a++)
    if (bnb_ir_array (k, a)->type == BNB_IR_F64)
      return TRUE;
  for (guint v = 0; v < k->values->len; v++)
    if (bnb_ir_value (k, v)->type == BNB_IR_F64)
      return TRUE;
  for (guint i = 0; i < k->scalars->len; i++)
    if (bnb_ir_scalar (k, i)->type == BNB_IR_F64)
      return TRUE;
  return FALSE;
}

static void
print_header (Printer *p, const char *decisions)
{
  const BnbIrKernel *k = kernel (p);
  const BnbCgLowered *low = p->low;
  g_auto (GStrv) clauses = g_strsplit (decisions, "; ", -1);
  g_string_append_printf (p->out, "/* bnbtune candidate of kernel %s (",
                          k->name);
  for (guint i = 0; i < k->params->len; i++)
    g_string_append_printf (p->out, "%s%s=%" G_GINT64_FORMAT, i ? ", " : "",
                            bnb_ir_param (k, i)->name, k->param_values[i]);
  g_string_append_printf (
      p->out, ")\n * local size %zu x %zu x %zu, %zu x %zu x %zu groups\n",
      low->local_size[0], low->local_size[1], low->local_size[2],
      low->groups[0], low->groups[1], low->groups[2]);
  for (guint a = 0; a < k->arrays->len && a < 64; a++)
    if (low->zeroed >> a & 1)
      g_string_append_printf (p->out, " * " BNB_CODEGEN_ZEROED_MARK "%s\n",
                              bnb_ir_array (k, a)->name);
  g_string_append (p->out, " * decisions (the orders of elided dims, all "
                           "absent, left out):\n");
  for (guint i = 0; clauses[i]; i++)
    if (!g_str_has_suffix (clauses[i], "=absent"))
      g_string_append_printf (p->out, " *   %s\n", clauses[i]);
  g_string_append (p->out, " */\n");
  if (uses_double (k))
    g_string_append (p->out,
                     "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
}

/* What the code calls besides OpenCL's built-ins, before the kernel. */
static void
print_helpers (Printer *p)
{
  if (!p->low->zeroed)
    return;
  /* OpenCL 1.2 has no atomic add of floats.  NVIDIA's compiler (which
   * defines cl_nv_pragma_unroll) takes PTX: one reduction in L2, 13%
   * faster than the loop at M = 64, N = K = 4096 on an H200
   * (docs/results.md, "Split reductions").  Elsewhere, compare and swap
   * the bits until no other work-group wrote in between. */
  g_string_append (
      p->out,
      "/* A split store's partial sum, added to a zeroed array. */\n"
      "void bnb_add(volatile __global float *at, float v)\n"
      "{\n"
      "#ifdef cl_nv_pragma_unroll\n"
      "  asm volatile(\"red.global.add.f32 [%0], %1;\"\n"
      "               :: \"l\"(at), \"f\"(v) : \"memory\");\n"
      "#else\n"
      "  uint seen = as_uint(*at), old;\n"
      "  do {\n"
      "    old = seen;\n"
      "    seen = atomic_cmpxchg((volatile __global uint *)at, old,\n"
      "                          as_uint(as_float(old) + v));\n"
      "  } while (seen != old);\n"
      "#endif\n"
      "}\n");
}

static GString *
print_code (Printer *p, GString *args_more, GArray *scratch)
{
  const BnbCgLowered *low = p->low;
  GString *head = p->out;
  p->out = g_string_new (NULL);
  p->indent = 1;
  for (guint v = 0; v < low->kernel->values->len; v++)
    declare_value (p, v, args_more, scratch);
  declare_registers (p);
  declare_indices (p);
  print_node (p, low->root);
  g_string_append_printf (
      head,
      "__kernel __attribute__((reqd_work_group_size(%zu, %zu, %zu)))\n"
      "void bnb_%s(%s)\n{\n%s}\n",
      low->local_size[0], low->local_size[1], low->local_size[2],
      low->kernel->name, args_more->str, p->out->str);
  g_string_free (p->out, TRUE);
  p->out = head;
  return head;
}

char *
bnb_cg_print (BnbCgLowered *low, GArray *scratch, gsize *code_start)
{
  Printer p = { low,        &low->reader, g_string_new (NULL), 0, BNB_CG_NONE,
                0,          BNB_CG_NONE,  NULL,                FALSE };
  g_autofree char *decisions = bnb_choice_node_to_string (low->leaf, TRUE);
  g_autofree char *args = arguments (&p);
  g_autoptr (GString) args_more = g_string_new (args);
  print_header (&p, decisions);
  *code_start = p.out->len;
  print_helpers (&p);
  return g_string_free (print_code (&p, args_more, scratch), FALSE);
}
