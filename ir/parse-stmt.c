/* Statements of the .ir format: `loop` blocks, assignments and stores.
 *
 * A `loop m.0, n.0 { ... }` block makes one dim per level it names, shared
 * by every instruction inside, and one node per dim in kernel->body, the
 * first outermost.  An instruction's dims are the enclosing blocks' dims,
 * outermost first, then the copies that its `over` clause makes, owned by
 * it and named after it ("m.1@acc").  Instructions are named after what
 * they write: the value ("acc"), its updates ("acc.upd", "acc.upd2") or
 * the array stored ("st.C", "st.C2").
 */
#include "ir/parse-private.h"

static const struct {
  const char *name;
  BnbIrOp op;
  guint arity;
} bnb_ir_ops[] = {
  { "load", BNB_IR_OP_LOAD, 0 }, { "mov", BNB_IR_OP_MOV, 1 },
  { "neg", BNB_IR_OP_NEG, 1 },   { "add", BNB_IR_OP_ADD, 2 },
  { "sub", BNB_IR_OP_SUB, 2 },   { "mul", BNB_IR_OP_MUL, 2 },
  { "div", BNB_IR_OP_DIV, 2 },   { "min", BNB_IR_OP_MIN, 2 },
  { "max", BNB_IR_OP_MAX, 2 },   { "fma", BNB_IR_OP_FMA, 3 },
};

char *
bnb_ir_level_name (const BnbIrKernel *kernel, guint logical, guint level)
{
  return g_strdup_printf ("%s.%u", bnb_ir_logical (kernel, logical)->name,
                          level);
}

static gboolean
bnb_ir_dim_is (const BnbIrKernel *kernel, guint dim, guint logical,
               guint level)
{
  const BnbIrDim *d = bnb_ir_dim (kernel, dim);

  return d->logical == logical && d->level == level;
}

static char *
bnb_ir_dim_name (const BnbIrKernel *kernel, const BnbIrDimRef *ref,
                 const char *owner)
{
  g_autofree char *level
      = bnb_ir_level_name (kernel, ref->logical, ref->level);
  guint n_same = 0;

  if (owner)
    return g_strdup_printf ("%s@%s", level, owner);
  for (guint d = 0; d < kernel->dims->len; d++)
    if (bnb_ir_dim (kernel, d)->owner == BNB_IR_NONE
        && bnb_ir_dim_is (kernel, d, ref->logical, ref->level))
      n_same++;
  if (n_same == 0)
    return g_steal_pointer (&level);
  return g_strdup_printf ("%s#%u", level, n_same + 1);
}

static guint
bnb_ir_add_dim (BnbIrParser *p, const BnbIrDimRef *ref, guint owner,
                const char *owner_name)
{
  BnbIrDim *dim = g_new0 (BnbIrDim, 1);

  dim->name = bnb_ir_dim_name (p->kernel, ref, owner_name);
  dim->logical = ref->logical;
  dim->level = ref->level;
  dim->owner = owner;
  dim->loc = ref->loc;
  g_ptr_array_add (p->kernel->dims, dim);
  return p->kernel->dims->len - 1;
}

static GPtrArray *
bnb_ir_current_block (const BnbIrParser *p)
{
  return g_ptr_array_index (p->blocks, p->blocks->len - 1);
}

static gboolean
bnb_ir_loops_have_level (const BnbIrParser *p, const BnbIrDimRef *ref)
{
  for (guint k = 0; k < p->loop_dims->len; k++)
    if (bnb_ir_dim_is (p->kernel, g_array_index (p->loop_dims, guint, k),
                       ref->logical, ref->level))
      return TRUE;
  return FALSE;
}

static gboolean
bnb_ir_open_loop_dim (BnbIrParser *p)
{
  BnbIrDimRef ref;
  BnbIrNode *node;
  guint dim;

  if (!bnb_ir_parse_dimref (p, &ref))
    return FALSE;
  if (bnb_ir_loops_have_level (p, &ref)) {
    g_autofree char *level
        = bnb_ir_level_name (p->kernel, ref.logical, ref.level);

    return bnb_ir_fail (p, ref.loc, BNB_IR_ERROR_SEMANTIC,
                        "level %s is already iterated by this loop or an "
                        "enclosing one",
                        level);
  }
  if (p->loop_dims->len == BNB_IR_MAX_INST_DIMS)
    return bnb_ir_fail (p, ref.loc, BNB_IR_ERROR_SEMANTIC,
                        "more than %d nested loop dimensions",
                        BNB_IR_MAX_INST_DIMS);
  dim = bnb_ir_add_dim (p, &ref, BNB_IR_NONE, NULL);
  g_array_append_val (p->loop_dims, dim);
  node = bnb_ir_node_new (dim, BNB_IR_NONE);
  g_ptr_array_add (bnb_ir_current_block (p), node);
  g_ptr_array_add (p->blocks, node->children);
  return TRUE;
}

static gboolean
bnb_ir_parse_loop_body (BnbIrParser *p, BnbIrLoc loc)
{
  if (!bnb_ir_expect (p, BNB_IR_TOK_LBRACE, "or ',' after the loop's levels"))
    return FALSE;
  while (!bnb_ir_accept (p, BNB_IR_TOK_RBRACE)) {
    if (bnb_ir_peek (p)->kind == BNB_IR_TOK_EOF)
      return bnb_ir_fail (p, bnb_ir_peek (p)->loc, BNB_IR_ERROR_SYNTAX,
                          "expected '}' to close the loop at %u:%u, found "
                          "end of file",
                          loc.line, loc.column);
    if (!bnb_ir_parse_stmt (p, FALSE))
      return FALSE;
  }
  return TRUE;
}

static gboolean
bnb_ir_parse_loop (BnbIrParser *p)
{
  BnbIrLoc loc = bnb_ir_next (p)->loc;
  guint n_outer = p->loop_dims->len;
  guint n_blocks = p->blocks->len;
  guint first;

  do {
    if (!bnb_ir_open_loop_dim (p))
      return FALSE;
  } while (bnb_ir_accept (p, BNB_IR_TOK_COMMA));
  first = g_array_index (p->loop_dims, guint, n_outer);
  if (!bnb_ir_parse_loop_body (p, loc))
    return FALSE;
  if (bnb_ir_dim (p->kernel, first)->n_insts == 0)
    return bnb_ir_fail (p, loc, BNB_IR_ERROR_SEMANTIC,
                        "this loop contains no instruction");
  g_array_set_size (p->loop_dims, n_outer);
  g_ptr_array_set_size (p->blocks, n_blocks);
  return TRUE;
}

static gboolean
bnb_ir_check_level_once (BnbIrParser *p, const BnbIrInst *inst,
                         const BnbIrDimRef *ref)
{
  g_autofree char *level
      = bnb_ir_level_name (p->kernel, ref->logical, ref->level);

  for (guint k = 0; k < inst->n_dims; k++)
    if (bnb_ir_dim_is (p->kernel, inst->dims[k], ref->logical, ref->level))
      return bnb_ir_fail (p, ref->loc, BNB_IR_ERROR_SEMANTIC,
                          "level %s appears twice in the dimensions of %s",
                          level, inst->name);
  if (inst->n_dims == BNB_IR_MAX_INST_DIMS)
    return bnb_ir_fail (p, ref->loc, BNB_IR_ERROR_SEMANTIC,
                        "%s has more than %d dimensions", inst->name,
                        BNB_IR_MAX_INST_DIMS);
  return TRUE;
}

/* An instruction's clauses after its dims, each at most once, in any
 * order.  A load's: `prefetch` (the next step's elements may be fetched
 * early) and `interleave` (the work-items' levels of a dim may take its
 * innermost weights: work-item t loads rows t, t + 16, ...), only of an
 * `in` array: an array that no work-item writes may be read early, or by
 * other work-items than the ones that would write it.  A store's: `split`
 * (work-groups may each add a partial sum), only into an `out` array of
 * f32, which the host may zero before the kernel runs; what it stores is
 * checked once the store is added (bnb_ir_check_split). */
static gboolean
bnb_ir_parse_clauses (BnbIrParser *p, BnbIrInst *inst)
{
  for (;;) {
    const BnbIrToken *token = bnb_ir_peek (p);
    gboolean prefetch = bnb_ir_token_is (token, "prefetch");
    gboolean split = bnb_ir_token_is (token, "split");
    gboolean *flag = prefetch ? &inst->prefetch
                     : split  ? &inst->split
                     : bnb_ir_token_is (token, "interleave") ? &inst->interleave
                                                             : NULL;
    const char *word = prefetch ? "prefetch" : split ? "split" : "interleave";
    const BnbIrArray *array;

    if (!flag)
      return TRUE;
    if (inst->op != (split ? BNB_IR_OP_STORE : BNB_IR_OP_LOAD))
      return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                          "'%s' applies to a %s only", word,
                          split ? "store" : "load");
    if (*flag)
      return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SYNTAX,
                          "'%s' is given twice", word);
    array = bnb_ir_array (p->kernel, inst->array);
    if (!split && array->mode != BNB_IR_IN)
      return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                          "'%s' needs an 'in' array: %s is written by "
                          "the kernel",
                          word, array->name);
    if (split && array->mode != BNB_IR_OUT)
      return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                          "'split' needs an 'out' array: %s is read by the "
                          "kernel, and the host zeroes a split store's "
                          "array first",
                          array->name);
    if (split && inst->array >= 64)
      return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                          "'split' works on the first 64 arrays of a "
                          "kernel; %s is array %u",
                          array->name, inst->array + 1);
    if (split && array->type != BNB_IR_F32)
      return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                          "'split' needs an array of f32 (%s is f64): the "
                          "partial sums are added by 32-bit atomics",
                          array->name);
    bnb_ir_next (p);
    *flag = TRUE;
  }
}

static gboolean
bnb_ir_expect_end (BnbIrParser *p, BnbIrInst *inst, gboolean over)
{
  if (!bnb_ir_parse_clauses (p, inst))
    return FALSE;
  if (inst->prefetch || inst->interleave)
    return bnb_ir_expect (p, BNB_IR_TOK_SEMI, "after the load's clauses");
  if (inst->split)
    return bnb_ir_expect (p, BNB_IR_TOK_SEMI, "after the store's clause");
  if (inst->op == BNB_IR_OP_STORE)
    return bnb_ir_expect (p, BNB_IR_TOK_SEMI,
                          over ? "or ',' or a clause (split) after the "
                                 "instruction's dimensions"
                               : "or 'over' or a clause (split) after the "
                                 "instruction");
  if (inst->op != BNB_IR_OP_LOAD)
    return bnb_ir_expect (p, BNB_IR_TOK_SEMI,
                          over ? "or ',' after the instruction's dimensions"
                               : "or 'over' after the instruction");
  return bnb_ir_expect (p, BNB_IR_TOK_SEMI,
                        over ? "or ',' or a clause (prefetch, interleave) "
                               "after the instruction's dimensions"
                             : "or 'over' or a clause (prefetch, "
                               "interleave) after the instruction");
}

static gboolean
bnb_ir_parse_over (BnbIrParser *p, BnbIrInst *inst)
{
  if (!bnb_ir_token_is (bnb_ir_peek (p), "over"))
    return bnb_ir_expect_end (p, inst, FALSE);
  bnb_ir_next (p);
  do {
    BnbIrDimRef ref;

    if (!bnb_ir_parse_dimref (p, &ref)
        || !bnb_ir_check_level_once (p, inst, &ref))
      return FALSE;
    inst->dims[inst->n_dims++]
        = bnb_ir_add_dim (p, &ref, p->kernel->insts->len, inst->name);
  } while (bnb_ir_accept (p, BNB_IR_TOK_COMMA));
  return bnb_ir_expect_end (p, inst, TRUE);
}

/* Reads the `over` clause and the ';', then adds `inst` to the kernel and
 * checks what it implies. */
static gboolean
bnb_ir_finish_inst (BnbIrParser *p, BNB_TAKE BnbIrInst *owned)
{
  g_autoptr (BnbIrInst) inst = owned;
  guint id = p->kernel->insts->len;

  for (guint k = 0; k < p->loop_dims->len; k++)
    inst->dims[inst->n_dims++] = g_array_index (p->loop_dims, guint, k);
  if (!bnb_ir_parse_over (p, inst))
    return FALSE;
  for (guint k = 0; k < inst->n_dims; k++)
    bnb_ir_dim (p->kernel, inst->dims[k])->n_insts++;
  g_ptr_array_add (bnb_ir_current_block (p),
                   bnb_ir_node_new (BNB_IR_NONE, id));
  g_ptr_array_add (p->kernel->insts, g_steal_pointer (&inst));
  return bnb_ir_check_inst (p, id);
}

static BnbIrInst *
bnb_ir_inst_new (BnbIrLoc loc)
{
  BnbIrInst *inst = g_new0 (BnbIrInst, 1);

  inst->value = BNB_IR_NONE;
  inst->array = BNB_IR_NONE;
  inst->loc = loc;
  return inst;
}

static gboolean
bnb_ir_parse_array_name (BnbIrParser *p, BnbIrInst *inst)
{
  const BnbIrToken *token = NULL;
  const BnbIrName *name;
  BnbIrMode mode;

  if (!bnb_ir_expect_ident (p, "an array name", &token))
    return FALSE;
  name = bnb_ir_lookup (p, token);
  if (!name)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "unknown array '%.*s'", (int)token->length,
                        token->text);
  if (name->kind != BNB_IR_NAME_ARRAY)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "'%.*s' is %s, not an array", (int)token->length,
                        token->text, bnb_ir_name_kind_text (name->kind));
  inst->array = name->index;
  mode = bnb_ir_array (p->kernel, name->index)->mode;
  if (inst->op == BNB_IR_OP_LOAD && mode == BNB_IR_OUT)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "array %.*s is 'out': it cannot be loaded",
                        (int)token->length, token->text);
  if (inst->op == BNB_IR_OP_STORE && mode == BNB_IR_IN)
    return bnb_ir_fail (p, token->loc, BNB_IR_ERROR_SEMANTIC,
                        "array %.*s is 'in': it cannot be stored",
                        (int)token->length, token->text);
  return TRUE;
}

static gboolean
bnb_ir_parse_subscripts (BnbIrParser *p, BnbIrInst *inst)
{
  const BnbIrArray *array = bnb_ir_array (p->kernel, inst->array);
  guint r = 0;

  if (!bnb_ir_expect (p, BNB_IR_TOK_LBRACKET, "after the array's name"))
    return FALSE;
  do {
    inst->index_loc[MIN (r, BNB_IR_MAX_RANK - 1)] = bnb_ir_peek (p)->loc;
    if (r == array->rank)
      return bnb_ir_fail (p, bnb_ir_peek (p)->loc, BNB_IR_ERROR_SEMANTIC,
                          "array %s has rank %u but is given more "
                          "subscripts",
                          array->name, array->rank);
    if (!bnb_ir_parse_affine (p, TRUE, &inst->index[r++]))
      return FALSE;
  } while (bnb_ir_accept (p, BNB_IR_TOK_COMMA));
  if (r < array->rank)
    return bnb_ir_fail (p, bnb_ir_peek (p)->loc, BNB_IR_ERROR_SEMANTIC,
                        "array %s has rank %u but is given %u subscript%s",
                        array->name, array->rank, r, r == 1 ? "" : "s");
  return bnb_ir_expect (p, BNB_IR_TOK_RBRACKET, "or ',' after the subscript");
}

static gboolean
bnb_ir_parse_operands (BnbIrParser *p, BnbIrInst *inst, guint arity)
{
  for (guint k = 0; k < arity; k++) {
    g_autofree char *context = g_strdup_printf ("between the operands of %s",
                                                bnb_ir_op_name (inst->op));

    if (k > 0 && !bnb_ir_expect (p, BNB_IR_TOK_COMMA, context))
      return FALSE;
    if (!bnb_ir_parse_operand (p, &inst->operands[k]))
      return FALSE;
    inst->n_operands++;
  }
  return TRUE;
}

static gboolean
bnb_ir_parse_rhs (BnbIrParser *p, BnbIrInst *inst)
{
  static const char expected[] = "an operation (load, mov, neg, add, sub, "
                                 "mul, div, min, max or fma)";
  const BnbIrToken *token = bnb_ir_peek (p);

  for (gsize i = 0; i < G_N_ELEMENTS (bnb_ir_ops); i++) {
    if (!bnb_ir_token_is (token, bnb_ir_ops[i].name))
      continue;
    bnb_ir_next (p);
    inst->op = bnb_ir_ops[i].op;
    if (inst->op != BNB_IR_OP_LOAD)
      return bnb_ir_parse_operands (p, inst, bnb_ir_ops[i].arity);
    return bnb_ir_parse_array_name (p, inst)
           && bnb_ir_parse_subscripts (p, inst);
  }
  return bnb_ir_fail_expected (p, expected);
}

static gboolean
bnb_ir_inst_reads (const BnbIrInst *inst, guint value)
{
  for (guint k = 0; k < inst->n_operands; k++)
    if (inst->operands[k].kind == BNB_IR_OPERAND_VALUE
        && inst->operands[k].index == value)
      return TRUE;
  return FALSE;
}

static BnbIrType
bnb_ir_result_type (const BnbIrParser *p, const BnbIrInst *inst)
{
  const BnbIrKernel *k = p->kernel;

  if (inst->op == BNB_IR_OP_LOAD)
    return bnb_ir_array (k, inst->array)->type;
  for (guint i = 0; i < inst->n_operands; i++) {
    const BnbIrOperand *operand = &inst->operands[i];

    if ((operand->kind == BNB_IR_OPERAND_VALUE
         && bnb_ir_value (k, operand->index)->type == BNB_IR_F64)
        || (operand->kind == BNB_IR_OPERAND_SCALAR
            && bnb_ir_scalar (k, operand->index)->type == BNB_IR_F64))
      return BNB_IR_F64;
  }
  return BNB_IR_F32;
}

static gboolean
bnb_ir_define_value (BnbIrParser *p, const BnbIrToken *lhs, BnbIrInst *inst)
{
  BnbIrValue *value = g_new0 (BnbIrValue, 1);
  guint none = BNB_IR_NONE, zero = 0;

  value->name = bnb_ir_token_dup (lhs);
  value->type = bnb_ir_result_type (p, inst);
  value->producer = p->kernel->insts->len;
  value->loc = lhs->loc;
  inst->value = p->kernel->values->len;
  inst->name = g_strdup (value->name);
  g_ptr_array_add (p->kernel->values, value);
  bnb_ir_add_name (p, value->name, BNB_IR_NAME_VALUE, inst->value, value->loc);
  g_array_append_val (p->last_writer, none);
  g_array_append_val (p->n_updates, zero);
  return TRUE;
}

static gboolean
bnb_ir_update_value (BnbIrParser *p, const BnbIrToken *lhs, guint value,
                     BnbIrInst *inst)
{
  const char *name = bnb_ir_value (p->kernel, value)->name;
  guint *n_updates = &g_array_index (p->n_updates, guint, value);

  if (inst->op == BNB_IR_OP_LOAD)
    return bnb_ir_fail (p, lhs->loc, BNB_IR_ERROR_SEMANTIC,
                        "value %s is assigned twice; a load cannot update "
                        "a value",
                        name);
  if (!bnb_ir_inst_reads (inst, value))
    return bnb_ir_fail (p, lhs->loc, BNB_IR_ERROR_SEMANTIC,
                        "value %s is assigned twice; an update must read it",
                        name);
  inst->value = value;
  inst->update = TRUE;
  if (++*n_updates == 1)
    inst->name = g_strdup_printf ("%s.upd", name);
  else
    inst->name = g_strdup_printf ("%s.upd%u", name, *n_updates);
  return TRUE;
}

static gboolean
bnb_ir_parse_assign (BnbIrParser *p)
{
  const BnbIrToken *lhs = bnb_ir_next (p);
  g_autoptr (BnbIrInst) inst = bnb_ir_inst_new (lhs->loc);
  const BnbIrName *name;

  bnb_ir_next (p);
  if (!bnb_ir_parse_rhs (p, inst))
    return FALSE;
  name = bnb_ir_lookup (p, lhs);
  if (name && name->kind == BNB_IR_NAME_VALUE) {
    if (!bnb_ir_update_value (p, lhs, name->index, inst))
      return FALSE;
  } else if (!bnb_ir_check_new_name (p, lhs)
             || !bnb_ir_define_value (p, lhs, inst)) {
    return FALSE;
  }
  return bnb_ir_finish_inst (p, g_steal_pointer (&inst));
}

static gboolean
bnb_ir_parse_store (BnbIrParser *p)
{
  g_autoptr (BnbIrInst) inst = bnb_ir_inst_new (bnb_ir_next (p)->loc);
  const BnbIrArray *array;
  guint n_stores;

  inst->op = BNB_IR_OP_STORE;
  if (!bnb_ir_parse_array_name (p, inst) || !bnb_ir_parse_subscripts (p, inst)
      || !bnb_ir_expect (p, BNB_IR_TOK_COMMA,
                         "between the stored element and the operand")
      || !bnb_ir_parse_operands (p, inst, 1))
    return FALSE;
  array = bnb_ir_array (p->kernel, inst->array);
  n_stores = 1 + bnb_ir_array_use (p, inst->array)->n_stores;
  if (n_stores == 1)
    inst->name = g_strdup_printf ("st.%s", array->name);
  else
    inst->name = g_strdup_printf ("st.%s%u", array->name, n_stores);
  return bnb_ir_finish_inst (p, g_steal_pointer (&inst));
}

gboolean
bnb_ir_parse_stmt (BnbIrParser *p, gboolean top_level)
{
  const BnbIrToken *token = bnb_ir_peek (p);

  if (token->kind == BNB_IR_TOK_IDENT
      && bnb_ir_peek2 (p)->kind == BNB_IR_TOK_EQUAL)
    return bnb_ir_parse_assign (p);
  if (bnb_ir_token_is (token, "loop"))
    return bnb_ir_parse_loop (p);
  if (bnb_ir_token_is (token, "store"))
    return bnb_ir_parse_store (p);
  if (top_level)
    return bnb_ir_fail_expected (p, "a declaration (kernel, param, scalar, "
                                    "array, tile, dim) or a "
                                    "statement (loop, store, NAME = ...)");
  return bnb_ir_fail_expected (p,
                               "a statement (loop, store, NAME = ...) or '}'");
}
