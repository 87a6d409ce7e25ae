/* The one JSON writer (harness.h says its layouts), and a reader of flat
 * JSON objects, which is all the journal needs: string, number, boolean
 * and null values, no nesting. */
#include "harness/harness-private.h"

#include <math.h>
#include <string.h>

typedef enum {
  VALUE_STRING,
  VALUE_NUMBER,
  VALUE_BOOLEAN,
  VALUE_NULL,
} ValueType;

typedef struct {
  ValueType type;
  char *string;
  double number;
} Value;

struct BnbJsonObject {
  GHashTable *values; /* char* -> Value* */
};

static void
append_escaped (GString *out, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_string_append_c (out, '"');
  for (const char *c = valid; *c; c++)
    {
      guchar u = (guchar)*c;
      if (u == '"' || u == '\\')
        g_string_append_printf (out, "\\%c", u);
      else if (u == '\n')
        g_string_append (out, "\\n");
      else if (u == '\r')
        g_string_append (out, "\\r");
      else if (u == '\t')
        g_string_append (out, "\\t");
      else if (u < 0x20)
        g_string_append_printf (out, "\\u%04x", u);
      else
        g_string_append_c (out, (char)u);
    }
  g_string_append_c (out, '"');
}

void
bnb_json_init (BnbJson *j, GString *out, BnbJsonLayout layout)
{
  *j = (BnbJson){ .out = out, .layout = layout, .digits = 17, .first = TRUE };
}

static void
newline (BnbJson *j)
{
  g_string_append_c (j->out, '\n');
  for (guint i = 0; i < j->depth; i++)
    g_string_append (j->out, "  ");
}

/* Starts a member (`key` non-NULL, in an object) or an element. */
static void
begin (BnbJson *j, const char *key)
{
  if (j->depth > 0)
    {
      if (!j->first)
        g_string_append (j->out, j->layout == BNB_JSON_LINE ? ", " : ",");
      if (j->layout == BNB_JSON_PRETTY)
        newline (j);
    }
  if (key)
    {
      append_escaped (j->out, key);
      g_string_append (j->out, j->layout == BNB_JSON_TIGHT ? ":" : ": ");
    }
  j->first = FALSE;
}

void
bnb_json_open (BnbJson *j, const char *key, char bracket)
{
  begin (j, key);
  g_string_append_c (j->out, bracket);
  j->depth++;
  j->first = TRUE;
}

void
bnb_json_close (BnbJson *j, char bracket)
{
  g_return_if_fail (j->depth > 0);
  j->depth--;
  if (!j->first && j->layout == BNB_JSON_PRETTY)
    newline (j);
  g_string_append_c (j->out, bracket);
  j->first = FALSE;
}

void
bnb_json_string (BnbJson *j, const char *key, const char *value)
{
  begin (j, key);
  if (value)
    append_escaped (j->out, value);
  else
    g_string_append (j->out, "null");
}

void
bnb_json_number (BnbJson *j, const char *key, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE], format[8];
  begin (j, key);
  g_snprintf (format, sizeof format, "%%.%dg", CLAMP (j->digits, 1, 17));
  if (isfinite (value))
    g_string_append (j->out,
                     g_ascii_formatd (buffer, sizeof buffer, format, value));
  else
    g_string_append (j->out, "null");
}

void
bnb_json_float (BnbJson *j, const char *key, double value)
{
  gsize start;
  bnb_json_number (j, key, value);
  start = j->out->len;
  while (start > 0 && !strchr (",:[{ ", j->out->str[start - 1]))
    start--;
  if (isfinite (value) && !strpbrk (j->out->str + start, ".eE"))
    g_string_append (j->out, ".0");
}

void
bnb_json_int (BnbJson *j, const char *key, gint64 value)
{
  begin (j, key);
  g_string_append_printf (j->out, "%" G_GINT64_FORMAT, value);
}

void
bnb_json_uint (BnbJson *j, const char *key, guint64 value)
{
  begin (j, key);
  g_string_append_printf (j->out, "%" G_GUINT64_FORMAT, value);
}

void
bnb_json_bool (BnbJson *j, const char *key, gboolean value)
{
  begin (j, key);
  g_string_append (j->out, value ? "true" : "false");
}

/* The reader: a cursor over the text. */
typedef struct {
  const char *at;
  const char *end;
} Cursor;

static void
skip_space (Cursor *c)
{
  while (c->at < c->end && g_ascii_isspace (*c->at))
    c->at++;
}

static gboolean
accept (Cursor *c, char ch)
{
  skip_space (c);
  if (c->at < c->end && *c->at == ch)
    {
      c->at++;
      return TRUE;
    }
  return FALSE;
}

static gboolean
read_hex4 (Cursor *c, gunichar *u)
{
  *u = 0;
  if (c->end - c->at < 4)
    return FALSE;
  for (int i = 0; i < 4; i++, c->at++)
    {
      int digit = g_ascii_xdigit_value (*c->at);
      if (digit < 0)
        return FALSE;
      *u = *u * 16 + (gunichar)digit;
    }
  return TRUE;
}

/* After "\u": one code point, a surrogate pair joined. */
static gboolean
read_unicode (Cursor *c, GString *out)
{
  gunichar u, low;
  if (!read_hex4 (c, &u))
    return FALSE;
  if (u >= 0xD800 && u < 0xDC00 && c->end - c->at >= 6 && c->at[0] == '\\'
      && c->at[1] == 'u')
    {
      c->at += 2;
      if (!read_hex4 (c, &low) || low < 0xDC00 || low >= 0xE000)
        return FALSE;
      u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
    }
  g_string_append_unichar (out, u);
  return TRUE;
}

static gboolean
read_escape (Cursor *c, GString *out)
{
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
  const char *which;
  if (c->at >= c->end)
    return FALSE;
  if (*c->at == 'u')
    {
      c->at++;
      return read_unicode (c, out);
    }
  which = strchr (from, *c->at);
  if (!which || !*c->at)
    return FALSE;
  g_string_append_c (out, to[which - from]);
  c->at++;
  return TRUE;
}

static char *
read_string (Cursor *c)
{
  g_autoptr (GString) out = g_string_new (NULL);
  if (!accept (c, '"'))
    return NULL;
  while (c->at < c->end && *c->at != '"')
    {
      if ((guchar)*c->at < 0x20)
        return NULL;
      if (*c->at != '\\')
        g_string_append_c (out, *c->at++);
      else if (c->at++, !read_escape (c, out))
        return NULL;
    }
  if (c->at >= c->end)
    return NULL;
  c->at++;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
read_word (Cursor *c, const char *word)
{
  gsize n = strlen (word);
  if ((gsize)(c->end - c->at) < n || strncmp (c->at, word, n) != 0)
    return FALSE;
  c->at += n;
  return TRUE;
}

static gboolean
read_number (Cursor *c, double *number)
{
  char buffer[64];
  gsize n = 0;
  char *stop;
  while (c->at + n < c->end && n < sizeof buffer - 1
         && strchr ("+-0123456789.eE", c->at[n]) && c->at[n])
    n++;
  memcpy (buffer, c->at, n);
  buffer[n] = 0;
  *number = g_ascii_strtod (buffer, &stop);
  if (n == 0 || *stop)
    return FALSE;
  c->at += n;
  return TRUE;
}

static Value *
read_value (Cursor *c)
{
  Value *v = g_new0 (Value, 1);
  skip_space (c);
  if (c->at < c->end && *c->at == '"')
    v->string = read_string (c);
  if (v->string)
    v->type = VALUE_STRING;
  else if (read_word (c, "true"))
    {
      v->type = VALUE_BOOLEAN;
      v->number = 1;
    }
  else if (read_word (c, "false"))
    v->type = VALUE_BOOLEAN;
  else if (read_word (c, "null"))
    v->type = VALUE_NULL;
  else if (read_number (c, &v->number))
    v->type = VALUE_NUMBER;
  else
    g_clear_pointer (&v, g_free);
  return v;
}

static void
value_free (Value *v)
{
  g_free (v->string);
  g_free (v);
}

static gboolean
read_members (Cursor *c, GHashTable *values)
{
  if (accept (c, '}'))
    return TRUE;
  do
    {
      char *key = read_string (c);
      Value *value;
      if (!key)
        return FALSE;
      if (!accept (c, ':') || !(value = read_value (c)))
        {
          g_free (key);
          return FALSE;
        }
      g_hash_table_replace (values, key, value);
    }
  while (accept (c, ','));
  return accept (c, '}');
}

BnbJsonObject *
bnb_json_parse (const char *text, gsize length, GError **error)
{
  Cursor c = { text, text + length };
  BnbJsonObject *o = g_new0 (BnbJsonObject, 1);
  o->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify)value_free);
  if (accept (&c, '{') && read_members (&c, o->values))
    {
      skip_space (&c);
      if (c.at == c.end)
        return o;
    }
  g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_JOURNAL,
               "not a flat JSON object (at byte %td)", c.at - text);
  bnb_json_object_free (o);
  return NULL;
}

void
bnb_json_object_free (BnbJsonObject *o)
{
  if (!o)
    return;
  g_hash_table_destroy (o->values);
  g_free (o);
}

const char *
bnb_json_get_string (const BnbJsonObject *o, const char *key)
{
  const Value *v = g_hash_table_lookup (o->values, key);
  return v && v->type == VALUE_STRING ? v->string : NULL;
}

double
bnb_json_get_number (const BnbJsonObject *o, const char *key, double fallback)
{
  const Value *v = g_hash_table_lookup (o->values, key);
  return v && (v->type == VALUE_NUMBER || v->type == VALUE_BOOLEAN) ? v->number
                                                                    : fallback;
}

gboolean
bnb_json_has (const BnbJsonObject *o, const char *key)
{
  return g_hash_table_contains (o->values, key);
}
