/* The state of the .ir parser, shared by parse.c (items, declarations,
 * token helpers), parse-expr.c (affine expressions, dim references, tile
 * lists, operands), parse-stmt.c (loops and instructions) and check.c
 * (what an instruction implies: communications, reductions, hazards).
 *
 * Parsing is one pass: every name is declared before it is used, so each
 * construct is checked as soon as it is read and the first error in text
 * order is the one reported.
 */
#ifndef BNB_IR_PARSE_PRIVATE_H
#define BNB_IR_PARSE_PRIVATE_H

#include "ir/ir-private.h"
#include "ir/lex.h"

/* The single namespace of declared names. */
typedef enum {
  BNB_IR_NAME_PARAM,
  BNB_IR_NAME_SCALAR,
  BNB_IR_NAME_ARRAY,
  BNB_IR_NAME_TILE_VAR,
  BNB_IR_NAME_LOGICAL,
  BNB_IR_NAME_VALUE,
} BnbIrNameKind;

typedef struct {
  BnbIrNameKind kind;
  guint index;
  BnbIrLoc loc;
} BnbIrName;

/* A level of a logical dim as written: `m.1`. */
typedef struct {
  guint logical;
  guint level;
  BnbIrLoc loc;
} BnbIrDimRef;

/* What one array's accesses so far imply for the hazard checks. */
typedef struct {
  guint n_accesses;
  guint n_stores;
  guint first_access; /* instructions, valid once counted */
  guint first_store;
} BnbIrArrayUse;

typedef struct {
  BnbIrKernel *kernel;
  GArray *tokens; /* BnbIrToken */
  guint pos;
  char *lex_message;
  GHashTable *names;   /* char* -> BnbIrName* */
  GArray *loop_dims;   /* guint: dims of the enclosing loop blocks */
  GPtrArray *blocks;   /* GPtrArray* of BnbIrNode*, innermost last */
  GArray *last_writer; /* guint per value: its definition or last update */
  GArray *n_updates;   /* guint per value */
  GArray *array_uses;  /* BnbIrArrayUse per array */
  guint depth;         /* of parentheses in the affine being read */
  BnbIrLoc kernel_loc; /* of the `kernel` item, line 0 if none */
  GError **error;
} BnbIrParser;

/* parse.c: tokens and names. */
const BnbIrToken *bnb_ir_peek (const BnbIrParser *p);
const BnbIrToken *bnb_ir_peek2 (const BnbIrParser *p);
const BnbIrToken *bnb_ir_next (BnbIrParser *p);
gboolean bnb_ir_accept (BnbIrParser *p, BnbIrTokenKind kind);
gboolean bnb_ir_expect (BnbIrParser *p, BnbIrTokenKind kind,
                        const char *context);
gboolean bnb_ir_expect_ident (BnbIrParser *p, const char *what,
                              const BnbIrToken **token);
gboolean bnb_ir_fail (BnbIrParser *p, BnbIrLoc loc, BnbIrError code,
                      const char *format, ...) G_GNUC_PRINTF (4, 5);
gboolean bnb_ir_fail_expected (BnbIrParser *p, const char *expected);
const BnbIrName *bnb_ir_lookup (const BnbIrParser *p, const BnbIrToken *token);
const char *bnb_ir_name_kind_text (BnbIrNameKind kind);
gboolean bnb_ir_check_new_name (BnbIrParser *p, const BnbIrToken *token);
void bnb_ir_add_name (BnbIrParser *p, const char *name, BnbIrNameKind kind,
                      guint index, BnbIrLoc loc);
char *bnb_ir_loc_text (BnbIrLoc loc);

/* parse-expr.c */
gboolean bnb_ir_parse_int (BnbIrParser *p, const char *what, gint64 *value);
gboolean bnb_ir_parse_affine (BnbIrParser *p, gboolean index,
                              BnbIrAffine *affine);
gboolean bnb_ir_parse_dimref (BnbIrParser *p, BnbIrDimRef *ref);
gboolean bnb_ir_parse_tile_list (BnbIrParser *p, BnbIrTileVar *tile_var);
gboolean bnb_ir_parse_operand (BnbIrParser *p, BnbIrOperand *operand);

/* parse-stmt.c */
gboolean bnb_ir_parse_stmt (BnbIrParser *p, gboolean top_level);
char *bnb_ir_level_name (const BnbIrKernel *kernel, guint logical,
                         guint level);

/* check.c */
BnbIrArrayUse *bnb_ir_array_use (BnbIrParser *p, guint array);
gboolean bnb_ir_check_inst (BnbIrParser *p, guint inst);
gboolean bnb_ir_check_kernel (BnbIrParser *p);

#endif
