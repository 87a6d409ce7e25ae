/* Expressions of the .ir format: integers, affine expressions (sizes,
 * extents and subscripts), references to the levels of logical dims
 * (`m.1`), lists of tile sizes and instruction operands.
 *
 * An affine expression is kept in canonical form while it is read: terms
 * of logical dims first, then of parameters, each kind by index; one term
 * per variable, none with a zero coefficient.
 * Every step is checked for overflow, and a product of two non-constant
 * factors is refused as not affine.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parse-private.h"

typedef enum {
  BNB_IR_AFFINE_OK,
  BNB_IR_AFFINE_OVERFLOW,
  BNB_IR_AFFINE_TOO_MANY_TERMS,
} BnbIrAffineStatus;

static gboolean bnb_ir_parse_sum (BnbIrParser *p, gboolean index,
                                  BnbIrAffine *affine);

static gboolean
bnb_ir_token_int (BnbIrParser *p, const BnbIrToken *token, gint64 *value)
{
  gint64 v = 0;

  for (gsize i = 0; i < token->length; i++)
    if (!bnb_ir_mul_checked (v, 10, &v)
        || !bnb_ir_add_checked (v, token->text[i] - '0', &v))
      return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SYNTAX,
                          "integer %.*s%s is too large",
                          MIN ((int)token->length, 32), token->text,
                          token->length > 32 ? "..." : "");
  *value = v;
  return TRUE;
}

gboolean
bnb_ir_parse_int (BnbIrParser *p, const char *what, gint64 *value)
{
  if (bnb_ir_peek (p)->kind != BNB_IR_TOK_INT)
    return bnb_ir_fail_expected (p, what);
  return bnb_ir_token_int (p, bnb_ir_next (p), value);
}

static int
bnb_ir_term_compare (const BnbIrTerm *term, BnbIrVarKind kind, guint index)
{
  if (term->kind != kind)
    return term->kind == BNB_IR_VAR_LOGICAL ? -1 : 1;
  if (term->index != index)
    return term->index < index ? -1 : 1;
  return 0;
}

static BnbIrAffineStatus
bnb_ir_affine_add_term (BnbIrAffine *affine, BnbIrVarKind kind, guint index,
                        gint64 coef)
{
  guint t = 0;

  while (t < affine->n_terms
         && bnb_ir_term_compare (&affine->terms[t], kind, index) < 0)
    t++;
  if (t < affine->n_terms
      && bnb_ir_term_compare (&affine->terms[t], kind, index) == 0) {
    if (!bnb_ir_add_checked (affine->terms[t].coef, coef,
                             &affine->terms[t].coef))
      return BNB_IR_AFFINE_OVERFLOW;
    if (affine->terms[t].coef == 0) {
      affine->n_terms--;
      memmove (&affine->terms[t], &affine->terms[t + 1],
               (affine->n_terms - t) * sizeof (BnbIrTerm));
    }
    return BNB_IR_AFFINE_OK;
  }
  if (coef == 0)
    return BNB_IR_AFFINE_OK;
  if (affine->n_terms == BNB_IR_MAX_TERMS)
    return BNB_IR_AFFINE_TOO_MANY_TERMS;
  memmove (&affine->terms[t + 1], &affine->terms[t],
           (affine->n_terms - t) * sizeof (BnbIrTerm));
  affine->terms[t] = (BnbIrTerm){ kind, index, coef };
  affine->n_terms++;
  return BNB_IR_AFFINE_OK;
}

/* affine += sign * other, sign being 1 or -1. */
static BnbIrAffineStatus
bnb_ir_affine_add (BnbIrAffine *affine, const BnbIrAffine *other, gint64 sign)
{
  gint64 scaled;

  if (!bnb_ir_mul_checked (other->constant, sign, &scaled)
      || !bnb_ir_add_checked (affine->constant, scaled, &affine->constant))
    return BNB_IR_AFFINE_OVERFLOW;
  for (guint t = 0; t < other->n_terms; t++) {
    const BnbIrTerm *term = &other->terms[t];
    BnbIrAffineStatus status;

    if (!bnb_ir_mul_checked (term->coef, sign, &scaled))
      return BNB_IR_AFFINE_OVERFLOW;
    status = bnb_ir_affine_add_term (affine, term->kind, term->index, scaled);
    if (status != BNB_IR_AFFINE_OK)
      return status;
  }
  return BNB_IR_AFFINE_OK;
}

static BnbIrAffineStatus
bnb_ir_affine_scale (BnbIrAffine *affine, gint64 factor)
{
  BnbIrAffine scaled = { 0 };

  if (!bnb_ir_mul_checked (affine->constant, factor, &scaled.constant))
    return BNB_IR_AFFINE_OVERFLOW;
  for (guint t = 0; t < affine->n_terms; t++) {
    BnbIrTerm term = affine->terms[t];

    if (!bnb_ir_mul_checked (term.coef, factor, &term.coef))
      return BNB_IR_AFFINE_OVERFLOW;
    if (term.coef != 0)
      scaled.terms[scaled.n_terms++] = term;
  }
  *affine = scaled;
  return BNB_IR_AFFINE_OK;
}

static gboolean
bnb_ir_affine_status (BnbIrParser *p, BnbIrLoc loc, BnbIrAffineStatus status)
{
  if (status == BNB_IR_AFFINE_OVERFLOW)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                        "this expression overflows 64-bit integers");
  if (status == BNB_IR_AFFINE_TOO_MANY_TERMS)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                        "too many variables in one expression (at most %d)",
                        BNB_IR_MAX_TERMS);
  return TRUE;
}

static gboolean
bnb_ir_parse_variable (BnbIrParser *p, gboolean index, BnbIrAffine *affine)
{
  const BnbIrToken *token = bnb_ir_next (p);
  const BnbIrName *name = bnb_ir_lookup (p, token);
  int length = (int)token->length;

  if (!name)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "unknown name '%.*s'", length, token->text);
  if (name->kind == BNB_IR_NAME_PARAM)
    return bnb_ir_affine_status (p, token->loc,
                                 bnb_ir_affine_add_term (affine,
                                                         BNB_IR_VAR_PARAM,
                                                         name->index, 1));
  if (index && name->kind == BNB_IR_NAME_LOGICAL)
    return bnb_ir_affine_status (p, token->loc,
                                 bnb_ir_affine_add_term (affine,
                                                         BNB_IR_VAR_LOGICAL,
                                                         name->index, 1));
  if (index)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "'%.*s' is %s: a subscript may only use parameters "
                        "and logical dimensions",
                        length, token->text,
                        bnb_ir_name_kind_text (name->kind));
  return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                      "'%.*s' is %s: a size may only use parameters", length,
                      token->text, bnb_ir_name_kind_text (name->kind));
}

static gboolean
bnb_ir_parse_parenthesized (BnbIrParser *p, gboolean index,
                            BnbIrAffine *affine)
{
  BnbIrLoc loc = bnb_ir_next (p)->loc;
  g_autofree char *context = NULL;
  gboolean ok;

  if (p->depth == BNB_IR_MAX_PAREN_DEPTH)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SYNTAX,
                        "expression nested too deeply (more than %d "
                        "parentheses)",
                        BNB_IR_MAX_PAREN_DEPTH);
  p->depth++;
  ok = bnb_ir_parse_sum (p, index, affine);
  p->depth--;
  if (!ok)
    return FALSE;
  context
      = g_strdup_printf ("to close the '(' at %u:%u", loc.line, loc.column);
  return bnb_ir_expect (p, BNB_IR_TOK_RPAREN, context);
}

static gboolean
bnb_ir_parse_factor (BnbIrParser *p, gboolean index, BnbIrAffine *affine)
{
  const BnbIrToken *token = bnb_ir_peek (p);

  *affine = (BnbIrAffine){ 0 };
  if (token->kind == BNB_IR_TOK_INT)
    return bnb_ir_token_int (p, bnb_ir_next (p), &affine->constant);
  if (token->kind == BNB_IR_TOK_IDENT)
    return bnb_ir_parse_variable (p, index, affine);
  if (token->kind == BNB_IR_TOK_LPAREN)
    return bnb_ir_parse_parenthesized (p, index, affine);
  return bnb_ir_fail_expected (p, index ? "an integer, a parameter, a logical "
                                          "dimension or '('"
                                        : "an integer, a parameter or '('");
}

static gboolean
bnb_ir_parse_product (BnbIrParser *p, gboolean index, BnbIrAffine *affine)
{
  if (!bnb_ir_parse_factor (p, index, affine))
    return FALSE;
  while (bnb_ir_peek (p)->kind == BNB_IR_TOK_STAR) {
    BnbIrLoc loc = bnb_ir_next (p)->loc;
    BnbIrAffine factor;

    if (!bnb_ir_parse_factor (p, index, &factor))
      return FALSE;
    if (affine->n_terms && factor.n_terms)
      return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                          "the product of two non-constant expressions is "
                          "not affine");
    if (affine->n_terms == 0) {
      gint64 constant = affine->constant;

      *affine = factor;
      factor.constant = constant;
    }
    if (!bnb_ir_affine_status (p, loc,
                               bnb_ir_affine_scale (affine, factor.constant)))
      return FALSE;
  }
  return TRUE;
}

static gboolean
bnb_ir_parse_sum (BnbIrParser *p, gboolean index, BnbIrAffine *affine)
{
  gint64 sign = bnb_ir_accept (p, BNB_IR_TOK_MINUS) ? -1 : 1;

  *affine = (BnbIrAffine){ 0 };
  for (;;) {
    BnbIrLoc loc = bnb_ir_peek (p)->loc;
    BnbIrAffine term;

    if (!bnb_ir_parse_product (p, index, &term)
        || !bnb_ir_affine_status (p, loc,
                                  bnb_ir_affine_add (affine, &term, sign)))
      return FALSE;
    if (bnb_ir_accept (p, BNB_IR_TOK_PLUS))
      sign = 1;
    else if (bnb_ir_accept (p, BNB_IR_TOK_MINUS))
      sign = -1;
    else
      return TRUE;
  }
}

gboolean
bnb_ir_parse_affine (BnbIrParser *p, gboolean index, BnbIrAffine *affine)
{
  p->depth = 0;
  return bnb_ir_parse_sum (p, index, affine);
}

static gboolean
bnb_ir_parse_level (BnbIrParser *p, const BnbIrLogical *logical,
                    BnbIrDimRef *ref)
{
  const BnbIrToken *token = NULL;
  gint64 level;

  if (!bnb_ir_expect (p, BNB_IR_TOK_DOT,
                      "and a level after the "
                      "dimension's name (as in m.0)"))
    return FALSE;
  token = bnb_ir_peek (p);
  if (!bnb_ir_parse_int (p, "a level after '.'", &level))
    return FALSE;
  if (level >= logical->n_levels)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "%s has no level %" G_GINT64_FORMAT
                        " (its levels are 0 to %u)",
                        logical->name, level, logical->n_levels - 1);
  ref->level = (guint)level;
  return TRUE;
}

gboolean
bnb_ir_parse_dimref (BnbIrParser *p, BnbIrDimRef *ref)
{
  const BnbIrToken *token = NULL;
  const BnbIrName *name;

  if (!bnb_ir_expect_ident (p, "a dimension level (as in m.0)", &token))
    return FALSE;
  name = bnb_ir_lookup (p, token);
  if (!name)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "unknown logical dimension '%.*s'", (int)token->length,
                        token->text);
  if (name->kind != BNB_IR_NAME_LOGICAL)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "'%.*s' is %s, not a logical dimension",
                        (int)token->length, token->text,
                        bnb_ir_name_kind_text (name->kind));
  ref->logical = name->index;
  ref->loc = token->loc;
  return bnb_ir_parse_level (p, bnb_ir_logical (p->kernel, name->index), ref);
}

static gboolean
bnb_ir_add_tile_size (BnbIrParser *p, BnbIrTileVar *tile_var, BnbIrLoc loc,
                      gint64 size)
{
  if (size < 1 || size > G_MAXUINT32)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                        "tile size %" G_GINT64_FORMAT " is out of range "
                        "(1 to %u)",
                        size, G_MAXUINT32);
  for (guint i = 0; i < tile_var->n_sizes; i++)
    if (tile_var->sizes[i] == size)
      return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                          "tile size %" G_GINT64_FORMAT " appears twice",
                          size);
  if (tile_var->n_sizes == BNB_IR_MAX_TILE_SIZES)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                        "too many tile sizes (at most %d)",
                        BNB_IR_MAX_TILE_SIZES);
  tile_var->sizes[tile_var->n_sizes++] = (guint32)size;
  return TRUE;
}

static int
bnb_ir_compare_sizes (const void *a, const void *b)
{
  guint32 x = *(const guint32 *)a, y = *(const guint32 *)b;

  return x < y ? -1 : x > y;
}

gboolean
bnb_ir_parse_tile_list (BnbIrParser *p, BnbIrTileVar *tile_var)
{
  if (!bnb_ir_expect (p, BNB_IR_TOK_LBRACE, "to start a list of tile sizes"))
    return FALSE;
  do {
    BnbIrLoc loc = bnb_ir_peek (p)->loc;
    gint64 size;

    if (!bnb_ir_parse_int (p, "a tile size", &size)
        || !bnb_ir_add_tile_size (p, tile_var, loc, size))
      return FALSE;
  } while (bnb_ir_accept (p, BNB_IR_TOK_COMMA));
  if (!bnb_ir_expect (p, BNB_IR_TOK_RBRACE, "or ',' after a tile size"))
    return FALSE;
  qsort (tile_var->sizes, tile_var->n_sizes, sizeof (guint32),
         bnb_ir_compare_sizes);
  return TRUE;
}

static gboolean
bnb_ir_parse_constant (BnbIrParser *p, gboolean negative,
                       BnbIrOperand *operand)
{
  const BnbIrToken *token = bnb_ir_next (p);
  g_autofree char *text = bnb_ir_token_dup (token);
  double value = g_ascii_strtod (text, NULL);

  if (!isfinite (value))
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SYNTAX,
                        "number %s is out of range", text);
  operand->kind = BNB_IR_OPERAND_CONST;
  operand->constant = negative ? -value : value;
  return TRUE;
}

static gboolean
bnb_ir_resolve_operand (BnbIrParser *p, BnbIrOperand *operand)
{
  const BnbIrToken *token = bnb_ir_next (p);
  const BnbIrName *name = bnb_ir_lookup (p, token);

  if (!name)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "unknown value or scalar '%.*s'", (int)token->length,
                        token->text);
  if (name->kind != BNB_IR_NAME_VALUE && name->kind != BNB_IR_NAME_SCALAR)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "'%.*s' is %s: an operand is a value, a scalar or "
                        "a number",
                        (int)token->length, token->text,
                        bnb_ir_name_kind_text (name->kind));
  operand->kind = name->kind == BNB_IR_NAME_VALUE ? BNB_IR_OPERAND_VALUE
                                                  : BNB_IR_OPERAND_SCALAR;
  operand->index = name->index;
  return TRUE;
}

static gboolean
bnb_ir_is_number (const BnbIrToken *token)
{
  return token->kind == BNB_IR_TOK_INT || token->kind == BNB_IR_TOK_NUMBER;
}

gboolean
bnb_ir_parse_operand (BnbIrParser *p, BnbIrOperand *operand)
{
  const BnbIrToken *token = bnb_ir_peek (p);

  *operand = (BnbIrOperand){ .index = BNB_IR_NONE, .loc = token->loc };
  if (token->kind == BNB_IR_TOK_IDENT)
    return bnb_ir_resolve_operand (p, operand);
  if (bnb_ir_is_number (token))
    return bnb_ir_parse_constant (p, FALSE, operand);
  if (token->kind == BNB_IR_TOK_MINUS && bnb_ir_is_number (bnb_ir_peek2 (p))) {
    bnb_ir_next (p);
    return bnb_ir_parse_constant (p, TRUE, operand);
  }
  return bnb_ir_fail_expected (p, "an operand (a value, a scalar or a "
                                  "number)");
}
