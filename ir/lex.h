/* The tokens of the .ir format (docs/ir.md, "Lexical rules").  No word is
 * reserved: `loop`, `in` or `load` are identifiers that the parser reads
 * as keywords where the grammar expects one.
 */
#ifndef BNB_IR_LEX_H
#define BNB_IR_LEX_H

#include "ir/ir.h"

typedef enum {
  BNB_IR_TOK_EOF,
  BNB_IR_TOK_ERROR, /* a character no token starts with; ends the list */
  BNB_IR_TOK_IDENT,
  BNB_IR_TOK_INT,    /* digits only */
  BNB_IR_TOK_NUMBER, /* digits with a fraction or an exponent */
  BNB_IR_TOK_SEMI,
  BNB_IR_TOK_COMMA,
  BNB_IR_TOK_COLON,
  BNB_IR_TOK_EQUAL,
  BNB_IR_TOK_LBRACKET,
  BNB_IR_TOK_RBRACKET,
  BNB_IR_TOK_LBRACE,
  BNB_IR_TOK_RBRACE,
  BNB_IR_TOK_LPAREN,
  BNB_IR_TOK_RPAREN,
  BNB_IR_TOK_DOT,
  BNB_IR_TOK_PLUS,
  BNB_IR_TOK_MINUS,
  BNB_IR_TOK_STAR,
} BnbIrTokenKind;

/* `text` points into the parsed text, which must outlive the token. */
typedef struct {
  BnbIrTokenKind kind;
  const char *text;
  gsize length;
  BnbIrLoc loc;
} BnbIrToken;

/* Splits `text` into tokens.  The list ends with one EOF token, or with an
 * ERROR token at the first character that starts none, and then *message
 * says what is wrong there. */
BNB_GIVE GArray *bnb_ir_lex (const char *text, gsize length,
                             BNB_GIVE char **message);

/* "'loop'", "';'" or "end of file", for "expected X, found Y". */
BNB_GIVE char *bnb_ir_token_describe (const BnbIrToken *token);
/* "';'" for BNB_IR_TOK_SEMI and the like. */
const char *bnb_ir_token_kind_name (BnbIrTokenKind kind);
gboolean bnb_ir_token_is (const BnbIrToken *token, const char *word);
BNB_GIVE char *bnb_ir_token_dup (const BnbIrToken *token);

#endif
