/* The lexer of the .ir format: identifiers, integers, numbers, one-byte
 * punctuation, `#` comments to the end of the line.  Lines and columns
 * count from 1; a column counts bytes, a tab is one.  The text need not be
 * NUL-terminated and may hold any byte: one that starts no token ends the
 * list with an ERROR token that says which byte it was.
 */
#include <string.h>

#include "ir/lex.h"

#define BNB_IR_TOKEN_SHOWN 32

typedef struct {
  const char *text;
  gsize length;
  gsize pos;
  BnbIrLoc loc;
  GArray *tokens;
} BnbIrLexer;

static const struct {
  char c;
  BnbIrTokenKind kind;
} bnb_ir_punctuation[] = {
  { ';', BNB_IR_TOK_SEMI },     { ',', BNB_IR_TOK_COMMA },
  { ':', BNB_IR_TOK_COLON },    { '=', BNB_IR_TOK_EQUAL },
  { '[', BNB_IR_TOK_LBRACKET }, { ']', BNB_IR_TOK_RBRACKET },
  { '{', BNB_IR_TOK_LBRACE },   { '}', BNB_IR_TOK_RBRACE },
  { '(', BNB_IR_TOK_LPAREN },   { ')', BNB_IR_TOK_RPAREN },
  { '.', BNB_IR_TOK_DOT },      { '+', BNB_IR_TOK_PLUS },
  { '-', BNB_IR_TOK_MINUS },    { '*', BNB_IR_TOK_STAR },
};

static int
bnb_ir_lexer_at (const BnbIrLexer *lx, gsize offset)
{
  if (lx->pos + offset >= lx->length)
    return -1;
  return (guchar)lx->text[lx->pos + offset];
}

static void
bnb_ir_lexer_advance (BnbIrLexer *lx, gsize n)
{
  for (gsize i = 0; i < n && lx->pos < lx->length; i++) {
    if (lx->text[lx->pos] == '\n') {
      lx->loc.line++;
      lx->loc.column = 1;
    } else {
      lx->loc.column++;
    }
    lx->pos++;
  }
}

static gboolean
bnb_ir_is_space (int c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
         || c == '\v';
}

static gboolean
bnb_ir_is_ident_start (int c)
{
  return c >= 0 && (g_ascii_isalpha (c) || c == '_');
}

static gboolean
bnb_ir_is_ident_char (int c)
{
  return c >= 0 && (g_ascii_isalnum (c) || c == '_');
}

static gboolean
bnb_ir_is_digit (int c)
{
  return c >= 0 && g_ascii_isdigit (c);
}

static void
bnb_ir_lexer_skip_blanks (BnbIrLexer *lx)
{
  for (;;) {
    int c = bnb_ir_lexer_at (lx, 0);

    if (bnb_ir_is_space (c)) {
      bnb_ir_lexer_advance (lx, 1);
    } else if (c == '#') {
      while (bnb_ir_lexer_at (lx, 0) >= 0 && bnb_ir_lexer_at (lx, 0) != '\n')
        bnb_ir_lexer_advance (lx, 1);
    } else {
      return;
    }
  }
}

static gsize
bnb_ir_lexer_span (const BnbIrLexer *lx, gsize from, gboolean (*accept) (int))
{
  gsize n = from;

  while (accept (bnb_ir_lexer_at (lx, n)))
    n++;
  return n;
}

static gsize
bnb_ir_lexer_exponent (const BnbIrLexer *lx, gsize n)
{
  int c = bnb_ir_lexer_at (lx, n);
  gsize sign = 0;

  if (c != 'e' && c != 'E')
    return n;
  c = bnb_ir_lexer_at (lx, n + 1);
  if (c == '+' || c == '-')
    sign = 1;
  if (!bnb_ir_is_digit (bnb_ir_lexer_at (lx, n + 1 + sign)))
    return n;
  return bnb_ir_lexer_span (lx, n + 1 + sign, bnb_ir_is_digit);
}

static BnbIrTokenKind
bnb_ir_lexer_number (const BnbIrLexer *lx, gsize *length)
{
  gsize n = bnb_ir_lexer_span (lx, 0, bnb_ir_is_digit);
  gsize digits = n;

  if (bnb_ir_lexer_at (lx, n) == '.'
      && bnb_ir_is_digit (bnb_ir_lexer_at (lx, n + 1)))
    n = bnb_ir_lexer_span (lx, n + 1, bnb_ir_is_digit);
  n = bnb_ir_lexer_exponent (lx, n);
  *length = n;
  return n == digits ? BNB_IR_TOK_INT : BNB_IR_TOK_NUMBER;
}

static BnbIrTokenKind
bnb_ir_lexer_punctuation (int c)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bnb_ir_punctuation); i++)
    if (bnb_ir_punctuation[i].c == c)
      return bnb_ir_punctuation[i].kind;
  return BNB_IR_TOK_ERROR;
}

static char *
bnb_ir_lexer_bad_char (int c)
{
  if (c == 0)
    return g_strdup ("unexpected NUL byte");
  if (c > 0x20 && c < 0x7f)
    return g_strdup_printf ("unexpected character '%c'", c);
  return g_strdup_printf ("unexpected byte 0x%02x", (guint)c);
}

static BnbIrTokenKind
bnb_ir_lexer_scan (const BnbIrLexer *lx, gsize *length)
{
  int c = bnb_ir_lexer_at (lx, 0);

  *length = 1;
  if (c < 0) {
    *length = 0;
    return BNB_IR_TOK_EOF;
  }
  if (bnb_ir_is_ident_start (c)) {
    *length = bnb_ir_lexer_span (lx, 0, bnb_ir_is_ident_char);
    return BNB_IR_TOK_IDENT;
  }
  if (bnb_ir_is_digit (c))
    return bnb_ir_lexer_number (lx, length);
  return bnb_ir_lexer_punctuation (c);
}

GArray *
bnb_ir_lex (const char *text, gsize length, char **message)
{
  BnbIrLexer lx = { text, length, 0, { 1, 1 }, NULL };

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (message != NULL && *message == NULL, NULL);
  lx.tokens = g_array_new (FALSE, FALSE, sizeof (BnbIrToken));
  for (;;) {
    BnbIrToken token = { 0 };

    bnb_ir_lexer_skip_blanks (&lx);
    token.text = text ? text + lx.pos : "";
    token.loc = lx.loc;
    token.kind = bnb_ir_lexer_scan (&lx, &token.length);
    g_array_append_val (lx.tokens, token);
    if (token.kind == BNB_IR_TOK_ERROR)
      *message = bnb_ir_lexer_bad_char (bnb_ir_lexer_at (&lx, 0));
    if (token.kind == BNB_IR_TOK_ERROR || token.kind == BNB_IR_TOK_EOF)
      return lx.tokens;
    bnb_ir_lexer_advance (&lx, token.length);
  }
}

const char *
bnb_ir_token_kind_name (BnbIrTokenKind kind)
{
  static const char *const names[] = {
    [BNB_IR_TOK_EOF] = "end of file",
    [BNB_IR_TOK_ERROR] = "an invalid character",
    [BNB_IR_TOK_IDENT] = "a name",
    [BNB_IR_TOK_INT] = "an integer",
    [BNB_IR_TOK_NUMBER] = "a number",
    [BNB_IR_TOK_SEMI] = "';'",
    [BNB_IR_TOK_COMMA] = "','",
    [BNB_IR_TOK_COLON] = "':'",
    [BNB_IR_TOK_EQUAL] = "'='",
    [BNB_IR_TOK_LBRACKET] = "'['",
    [BNB_IR_TOK_RBRACKET] = "']'",
    [BNB_IR_TOK_LBRACE] = "'{'",
    [BNB_IR_TOK_RBRACE] = "'}'",
    [BNB_IR_TOK_LPAREN] = "'('",
    [BNB_IR_TOK_RPAREN] = "')'",
    [BNB_IR_TOK_DOT] = "'.'",
    [BNB_IR_TOK_PLUS] = "'+'",
    [BNB_IR_TOK_MINUS] = "'-'",
    [BNB_IR_TOK_STAR] = "'*'",
  };

  g_return_val_if_fail (kind < G_N_ELEMENTS (names), "?");
  return names[kind];
}

char *
bnb_ir_token_describe (const BnbIrToken *token)
{
  if (token->kind == BNB_IR_TOK_EOF || token->kind == BNB_IR_TOK_ERROR)
    return g_strdup (bnb_ir_token_kind_name (token->kind));
  if (token->length > BNB_IR_TOKEN_SHOWN)
    return g_strdup_printf ("'%.*s...'", BNB_IR_TOKEN_SHOWN, token->text);
  return g_strdup_printf ("'%.*s'", (int)token->length, token->text);
}

gboolean
bnb_ir_token_is (const BnbIrToken *token, const char *word)
{
  return token->kind == BNB_IR_TOK_IDENT && strlen (word) == token->length
         && memcmp (token->text, word, token->length) == 0;
}

char *
bnb_ir_token_dup (const BnbIrToken *token)
{
  return g_strndup (token->text, token->length);
}
