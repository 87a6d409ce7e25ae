/* The .ir parser's entry points, its token and name helpers, and the
 * declarations: `kernel`, `param`, `scalar`, `array`, `tile` and `dim`.
 * Statements are in parse-stmt.c, expressions in parse-expr.c.  The
 * grammar is in docs/ir.md.
 *
 * Every error is a GError of the BNB_IR_ERROR domain whose message starts
 * with "PATH:LINE:COLUMN: " and says what was expected or what is wrong.
 */
#include <string.h>

#include "ir/parse-private.h"

typedef gboolean (*BnbIrDeclParser) (BnbIrParser *p);

const BnbIrToken *
bnb_ir_peek (const BnbIrParser *p)
{
  return &g_array_index (p->tokens, BnbIrToken, p->pos);
}

const BnbIrToken *
bnb_ir_peek2 (const BnbIrParser *p)
{
  guint pos = MIN (p->pos + 1, p->tokens->len - 1);

  return &g_array_index (p->tokens, BnbIrToken, pos);
}

const BnbIrToken *
bnb_ir_next (BnbIrParser *p)
{
  const BnbIrToken *token = bnb_ir_peek (p);

  if (p->pos + 1 < p->tokens->len)
    p->pos++;
  return token;
}

gboolean
bnb_ir_accept (BnbIrParser *p, BnbIrTokenKind kind)
{
  if (bnb_ir_peek (p)->kind != kind)
    return FALSE;
  bnb_ir_next (p);
  return TRUE;
}

gboolean
bnb_ir_fail (BnbIrParser *p, BnbIrLoc loc, BnbIrError code, const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  return bnb_ir_fail_at (p->error, code, p->kernel->path, loc, "%s", message);
}

gboolean
bnb_ir_fail_expected (BnbIrParser *p, const char *expected)
{
  const BnbIrToken *token = bnb_ir_peek (p);
  g_autofree char *found = NULL;

  if (token->kind == BNB_IR_TOK_ERROR)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SYNTAX, "%s",
                        p->lex_message);
  found = bnb_ir_token_describe (token);
  return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SYNTAX,
                      "expected %s, found %s", expected, found);
}

gboolean
bnb_ir_expect (BnbIrParser *p, BnbIrTokenKind kind, const char *context)
{
  g_autofree char *expected = NULL;

  if (bnb_ir_accept (p, kind))
    return TRUE;
  expected = g_strdup_printf ("%s %s", bnb_ir_token_kind_name (kind), context);
  return bnb_ir_fail_expected (p, expected);
}

gboolean
bnb_ir_expect_ident (BnbIrParser *p, const char *what,
                     const BnbIrToken **token)
{
  if (bnb_ir_peek (p)->kind != BNB_IR_TOK_IDENT)
    return bnb_ir_fail_expected (p, what);
  *token = bnb_ir_next (p);
  return TRUE;
}

char *
bnb_ir_loc_text (BnbIrLoc loc)
{
  return g_strdup_printf ("%u:%u", loc.line, loc.column);
}

const BnbIrName *
bnb_ir_lookup (const BnbIrParser *p, const BnbIrToken *token)
{
  g_autofree char *key = bnb_ir_token_dup (token);

  return g_hash_table_lookup (p->names, key);
}

const char *
bnb_ir_name_kind_text (BnbIrNameKind kind)
{
  static const char *const texts[] = {
    [BNB_IR_NAME_PARAM] = "a parameter",
    [BNB_IR_NAME_SCALAR] = "a scalar",
    [BNB_IR_NAME_ARRAY] = "an array",
    [BNB_IR_NAME_TILE_VAR] = "a tile variable",
    [BNB_IR_NAME_LOGICAL] = "a logical dimension",
    [BNB_IR_NAME_VALUE] = "a value",
  };

  return texts[kind];
}

gboolean
bnb_ir_check_new_name (BnbIrParser *p, const BnbIrToken *token)
{
  const BnbIrName *name = bnb_ir_lookup (p, token);

  if (!name)
    return TRUE;
  return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                      "'%.*s' is already declared, as %s at %u:%u",
                      (int)token->length, token->text,
                      bnb_ir_name_kind_text (name->kind), name->loc.line,
                      name->loc.column);
}

void
bnb_ir_add_name (BnbIrParser *p, const char *name, BnbIrNameKind kind,
                 guint index, BnbIrLoc loc)
{
  BnbIrName *entry = g_new0 (BnbIrName, 1);

  entry->kind = kind;
  entry->index = index;
  entry->loc = loc;
  g_hash_table_insert (p->names, g_strdup (name), entry);
}

static gboolean
bnb_ir_parse_type (BnbIrParser *p, BnbIrType *type)
{
  const BnbIrToken *token = bnb_ir_peek (p);

  if (bnb_ir_token_is (token, "f32"))
    *type = BNB_IR_F32;
  else if (bnb_ir_token_is (token, "f64"))
    *type = BNB_IR_F64;
  else
    return bnb_ir_fail_expected (p, "a type (f32 or f64)");
  bnb_ir_next (p);
  return TRUE;
}

static gboolean
bnb_ir_parse_kernel_item (BnbIrParser *p)
{
  const BnbIrToken *keyword = bnb_ir_next (p);
  const BnbIrToken *name = NULL;

  if (p->kernel_loc.line)
    return bnb_ir_fail (p, keyword->loc, BNB_IR_ERROR_SEMANTIC,
                        "the kernel is already named, at %u:%u",
                        p->kernel_loc.line, p->kernel_loc.column);
  if (!bnb_ir_expect_ident (p, "the kernel's name after 'kernel'", &name)
      || !bnb_ir_expect (p, BNB_IR_TOK_SEMI, "after the kernel's name"))
    return FALSE;
  g_free (p->kernel->name);
  p->kernel->name = bnb_ir_token_dup (name);
  p->kernel_loc = keyword->loc;
  return TRUE;
}

static gboolean
bnb_ir_parse_param_default (BnbIrParser *p, BnbIrParam *param)
{
  BnbIrLoc loc = bnb_ir_peek (p)->loc;
  g_autofree char *what
      = g_strdup_printf ("an integer (the default value of %s)", param->name);

  if (!bnb_ir_parse_int (p, what, &param->default_value))
    return FALSE;
  if (param->default_value < 1)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                        "the default value of %s must be at least 1",
                        param->name);
  param->has_default = TRUE;
  return TRUE;
}

static gboolean
bnb_ir_parse_param_decl (BnbIrParser *p)
{
  const BnbIrToken *token = NULL;
  BnbIrParam *param;

  if (!bnb_ir_expect_ident (p, "a parameter name", &token)
      || !bnb_ir_check_new_name (p, token))
    return FALSE;
  param = g_new0 (BnbIrParam, 1);
  param->name = bnb_ir_token_dup (token);
  param->loc = token->loc;
  g_ptr_array_add (p->kernel->params, param);
  bnb_ir_add_name (p, param->name, BNB_IR_NAME_PARAM,
                   p->kernel->params->len - 1, param->loc);
  if (!bnb_ir_accept (p, BNB_IR_TOK_EQUAL))
    return TRUE;
  return bnb_ir_parse_param_default (p, param);
}

static gboolean
bnb_ir_parse_param_item (BnbIrParser *p)
{
  bnb_ir_next (p);
  do {
    if (!bnb_ir_parse_param_decl (p))
      return FALSE;
  } while (bnb_ir_accept (p, BNB_IR_TOK_COMMA));
  return bnb_ir_expect (p, BNB_IR_TOK_SEMI,
                        "or ',' after the parameter declaration");
}

static gboolean
bnb_ir_parse_scalar_item (BnbIrParser *p)
{
  const BnbIrToken *token = NULL;
  BnbIrScalar *scalar;
  BnbIrType type;

  bnb_ir_next (p);
  if (!bnb_ir_expect_ident (p, "a scalar name after 'scalar'", &token)
      || !bnb_ir_check_new_name (p, token)
      || !bnb_ir_expect (p, BNB_IR_TOK_COLON, "after the scalar's name")
      || !bnb_ir_parse_type (p, &type)
      || !bnb_ir_expect (p, BNB_IR_TOK_SEMI, "after the scalar declaration"))
    return FALSE;
  scalar = g_new0 (BnbIrScalar, 1);
  scalar->name = bnb_ir_token_dup (token);
  scalar->type = type;
  scalar->loc = token->loc;
  g_ptr_array_add (p->kernel->scalars, scalar);
  bnb_ir_add_name (p, scalar->name, BNB_IR_NAME_SCALAR,
                   p->kernel->scalars->len - 1, scalar->loc);
  return TRUE;
}

static gboolean
bnb_ir_parse_extents (BnbIrParser *p, BnbIrArray *array)
{
  if (!bnb_ir_expect (p, BNB_IR_TOK_LBRACKET, "after the array's type"))
    return FALSE;
  do {
    if (array->rank == BNB_IR_MAX_RANK)
      return bnb_ir_fail (p, bnb_ir_peek (p)->loc, BNB_IR_ERROR_SEMANTIC,
                          "array %s has more than %d dimensions", array->name,
                          BNB_IR_MAX_RANK);
    if (!bnb_ir_parse_affine (p, FALSE, &array->extent[array->rank++]))
      return FALSE;
  } while (bnb_ir_accept (p, BNB_IR_TOK_COMMA));
  return bnb_ir_expect (p, BNB_IR_TOK_RBRACKET,
                        "or ',' after the array's extent");
}

static gboolean
bnb_ir_parse_mode (BnbIrParser *p, BnbIrArray *array)
{
  const BnbIrToken *token = bnb_ir_peek (p);

  if (bnb_ir_token_is (token, "in"))
    array->mode = BNB_IR_IN;
  else if (bnb_ir_token_is (token, "out"))
    array->mode = BNB_IR_OUT;
  else if (bnb_ir_token_is (token, "inout"))
    array->mode = BNB_IR_INOUT;
  else
    return bnb_ir_fail_expected (p, "a mode (in, out or inout) after the "
                                    "array's extents");
  bnb_ir_next (p);
  return bnb_ir_expect (p, BNB_IR_TOK_SEMI, "after the array declaration");
}

static gboolean
bnb_ir_parse_array_item (BnbIrParser *p)
{
  g_autofree BnbIrArray *array = g_new0 (BnbIrArray, 1);
  g_autofree char *name = NULL;
  const BnbIrToken *token = NULL;

  bnb_ir_next (p);
  if (!bnb_ir_expect_ident (p, "an array name after 'array'", &token)
      || !bnb_ir_check_new_name (p, token))
    return FALSE;
  name = array->name = bnb_ir_token_dup (token);
  array->loc = token->loc;
  if (!bnb_ir_expect (p, BNB_IR_TOK_COLON, "after the array's name")
      || !bnb_ir_parse_type (p, &array->type)
      || !bnb_ir_parse_extents (p, array) || !bnb_ir_parse_mode (p, array))
    return FALSE;
  bnb_ir_add_name (p, name, BNB_IR_NAME_ARRAY, p->kernel->arrays->len,
                   array->loc);
  g_steal_pointer (&name);
  g_ptr_array_add (p->kernel->arrays, g_steal_pointer (&array));
  return TRUE;
}

static gboolean
bnb_ir_parse_tile_item (BnbIrParser *p)
{
  g_autofree BnbIrTileVar *tile_var = g_new0 (BnbIrTileVar, 1);
  const BnbIrToken *token = NULL;

  bnb_ir_next (p);
  if (!bnb_ir_expect_ident (p, "a tile variable name after 'tile'", &token)
      || !bnb_ir_check_new_name (p, token)
      || !bnb_ir_expect (p, BNB_IR_TOK_EQUAL, "after the tile variable's name")
      || !bnb_ir_parse_tile_list (p, tile_var)
      || !bnb_ir_expect (p, BNB_IR_TOK_SEMI, "after the list of tile sizes"))
    return FALSE;
  tile_var->name = bnb_ir_token_dup (token);
  tile_var->loc = token->loc;
  bnb_ir_add_name (p, tile_var->name, BNB_IR_NAME_TILE_VAR,
                   p->kernel->tile_vars->len, tile_var->loc);
  g_ptr_array_add (p->kernel->tile_vars, g_steal_pointer (&tile_var));
  return TRUE;
}

static gboolean
bnb_ir_parse_named_tile (BnbIrParser *p, guint *tile_var)
{
  const BnbIrToken *token = bnb_ir_next (p);
  const BnbIrName *name = bnb_ir_lookup (p, token);

  if (!name)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "unknown tile variable '%.*s'", (int)token->length,
                        token->text);
  if (name->kind != BNB_IR_NAME_TILE_VAR)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "'%.*s' is %s, not a tile variable",
                        (int)token->length, token->text,
                        bnb_ir_name_kind_text (name->kind));
  *tile_var = name->index;
  return TRUE;
}

static gboolean
bnb_ir_parse_anonymous_tile (BnbIrParser *p, const char *logical, guint level,
                             guint *tile_var)
{
  g_autofree BnbIrTileVar *var = g_new0 (BnbIrTileVar, 1);

  var->loc = bnb_ir_peek (p)->loc;
  if (bnb_ir_peek (p)->kind != BNB_IR_TOK_LBRACE)
    return bnb_ir_fail_expected (p, "a tile variable or '{' after 'tile'");
  if (!bnb_ir_parse_tile_list (p, var))
    return FALSE;
  var->name = g_strdup_printf ("%s.%u", logical, level);
  *tile_var = p->kernel->tile_vars->len;
  g_ptr_array_add (p->kernel->tile_vars, g_steal_pointer (&var));
  return TRUE;
}

static gboolean
bnb_ir_parse_tiling (BnbIrParser *p, BnbIrLogical *logical)
{
  guint *tile_var = &logical->tile_var[logical->n_levels];
  BnbIrLoc loc = bnb_ir_next (p)->loc;

  if (logical->n_levels == BNB_IR_MAX_LEVELS)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                        "dim %s has more than %d levels: at most %d 'tile' "
                        "clauses",
                        logical->name, BNB_IR_MAX_LEVELS,
                        BNB_IR_MAX_LEVELS - 1);
  logical->n_levels++;
  if (bnb_ir_peek (p)->kind == BNB_IR_TOK_IDENT)
    return bnb_ir_parse_named_tile (p, tile_var);
  return bnb_ir_parse_anonymous_tile (p, logical->name, logical->n_levels - 1,
                                      tile_var);
}

static gboolean
bnb_ir_parse_dim_item (BnbIrParser *p)
{
  g_autofree BnbIrLogical *logical = g_new0 (BnbIrLogical, 1);
  g_autofree char *name = NULL;
  const BnbIrToken *token = NULL;

  bnb_ir_next (p);
  if (!bnb_ir_expect_ident (p, "a dimension name after 'dim'", &token)
      || !bnb_ir_check_new_name (p, token))
    return FALSE;
  name = logical->name = bnb_ir_token_dup (token);
  logical->loc = token->loc;
  logical->n_levels = 1;
  logical->tile_var[0] = BNB_IR_NONE;
  if (!bnb_ir_expect (p, BNB_IR_TOK_EQUAL, "after the dimension's name")
      || !bnb_ir_parse_affine (p, FALSE, &logical->size))
    return FALSE;
  while (bnb_ir_token_is (bnb_ir_peek (p), "tile"))
    if (!bnb_ir_parse_tiling (p, logical))
      return FALSE;
  if (!bnb_ir_expect (p, BNB_IR_TOK_SEMI,
                      "or 'tile' after the dimension's size"))
    return FALSE;
  bnb_ir_add_name (p, name, BNB_IR_NAME_LOGICAL, p->kernel->logicals->len,
                   logical->loc);
  g_steal_pointer (&name);
  g_ptr_array_add (p->kernel->logicals, g_steal_pointer (&logical));
  return TRUE;
}

static BnbIrDeclParser
bnb_ir_decl_parser (const BnbIrToken *token)
{
  static const struct {
    const char *word;
    BnbIrDeclParser parse;
  } decls[] = {
    { "kernel", bnb_ir_parse_kernel_item },
    { "param", bnb_ir_parse_param_item },
    { "scalar", bnb_ir_parse_scalar_item },
    { "array", bnb_ir_parse_array_item },
    { "tile", bnb_ir_parse_tile_item },
    { "dim", bnb_ir_parse_dim_item },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (decls); i++)
    if (bnb_ir_token_is (token, decls[i].word))
      return decls[i].parse;
  return NULL;
}

static gboolean
bnb_ir_parse_items (BnbIrParser *p)
{
  while (bnb_ir_peek (p)->kind != BNB_IR_TOK_EOF) {
    BnbIrDeclParser parse = NULL;

    if (bnb_ir_peek2 (p)->kind != BNB_IR_TOK_EQUAL)
      parse = bnb_ir_decl_parser (bnb_ir_peek (p));
    if (!(parse ? parse (p) : bnb_ir_parse_stmt (p, TRUE)))
      return FALSE;
  }
  return bnb_ir_check_kernel (p);
}

static void
bnb_ir_parser_clear (BnbIrParser *p)
{
  if (p->tokens)
    g_array_unref (p->tokens);
  g_free (p->lex_message);
  if (p->names)
    g_hash_table_unref (p->names);
  if (p->loop_dims)
    g_array_unref (p->loop_dims);
  if (p->blocks)
    g_ptr_array_unref (p->blocks);
  if (p->last_writer)
    g_array_unref (p->last_writer);
  if (p->n_updates)
    g_array_unref (p->n_updates);
  if (p->array_uses)
    g_array_unref (p->array_uses);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BnbIrParser, bnb_ir_parser_clear)

static char *
bnb_ir_default_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  if (g_str_has_suffix (base, ".ir") && strlen (base) > 3)
    base[strlen (base) - 3] = '\0';
  return g_steal_pointer (&base);
}

static void
bnb_ir_parser_init (BnbIrParser *p, BnbIrKernel *kernel, const char *text,
                    gsize length, GError **error)
{
  p->kernel = kernel;
  p->tokens = bnb_ir_lex (text, length, &p->lex_message);
  p->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  p->loop_dims = g_array_new (FALSE, FALSE, sizeof (guint));
  p->blocks = g_ptr_array_new ();
  g_ptr_array_add (p->blocks, kernel->body);
  p->last_writer = g_array_new (FALSE, FALSE, sizeof (guint));
  p->n_updates = g_array_new (FALSE, FALSE, sizeof (guint));
  p->array_uses = g_array_new (FALSE, TRUE, sizeof (BnbIrArrayUse));
  p->error = error;
}

static gboolean
bnb_ir_all_params_have_defaults (const BnbIrKernel *kernel)
{
  for (guint i = 0; i < kernel->params->len; i++)
    if (!bnb_ir_param (kernel, i)->has_default)
      return FALSE;
  return TRUE;
}

BnbIrKernel *
bnb_ir_kernel_parse_string (const char *path, const char *text, gsize length,
                            GError **error)
{
  g_autoptr (BnbIrKernel) kernel = NULL;
  g_auto (BnbIrParser) p = { 0 };

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  kernel = bnb_ir_kernel_new (path);
  kernel->name = bnb_ir_default_name (path);
  bnb_ir_parser_init (&p, kernel, text, length, error);
  if (!bnb_ir_parse_items (&p))
    return NULL;
  if (bnb_ir_all_params_have_defaults (kernel)
      && !bnb_ir_kernel_bind (kernel, NULL, error))
    return NULL;
  return g_steal_pointer (&kernel);
}

BnbIrKernel *
bnb_ir_kernel_parse_file (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  return bnb_ir_kernel_parse_file_text (path, &text, error);
}

BnbIrKernel *
bnb_ir_kernel_parse_file_text (const char *path, char **text, GError **error)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) local = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL && text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  if (!g_file_get_contents (path, &contents, &length, &local)) {
    g_set_error (error, BNB_IR_ERROR, BNB_IR_ERROR_IO, "%s", local->message);
    return NULL;
  }
  BnbIrKernel *k = bnb_ir_kernel_parse_string (path, contents, length, error);
  if (k)
    *text = g_steal_pointer (&contents);
  return k;
}
