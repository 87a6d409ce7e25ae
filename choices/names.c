/* Names of choices and of their alternatives, and decisions as text:
 * "kind(m.1@acc)=unroll; order(a,m.1@acc)=before; tile(T1)=16".  This is
 * how a user names a candidate (--decisions) and how the journal and the
 * reports write one down. */
#include "choices/choices-private.h"

#include <stdarg.h>
#include <string.h>

static const char *const kind_names[BNB_KIND_COUNT] = {
  "block", "thread.x", "thread.y", "thread.z",
  "loop",  "unroll",   "vector",   "elided",
};
static const char *const order_names[BNB_ORDER_COUNT] = {
  "before", "after", "inside", "outside", "fused", "absent",
};
static const char *const mem_names[BNB_MEM_COUNT] = {
  "private", "local", "global",
};
static const char *const pad_names[BNB_PAD_COUNT] = { "no", "yes", "rows" };
static const char *const prefetch_names[BNB_PREFETCH_COUNT] = {
  "no", "yes", "double",
};

static const char *
item_name (const BnbChoiceSpace *s, guint item)
{
  if (item < s->n_dims)
    return bnb_ir_dim (s->kernel, item)->name;
  return bnb_ir_inst (s->kernel, item - s->n_dims)->name;
}

static const char *
temp_name (const BnbChoiceSpace *s, guint temp)
{
  return bnb_ir_value (s->kernel, s->temps[temp].value)->name;
}

char *
bnb_choice_name (const BnbChoiceSpace *s, guint choice)
{
  const BnbChoiceInfo *in = &s->info[choice];
  switch (in->type)
    {
    case BNB_CHOICE_TILE:
      return g_strdup_printf ("tile(%s)",
                              bnb_ir_tile_var (s->kernel, in->subject[0])
                                  ->name);
    case BNB_CHOICE_KIND:
      return g_strdup_printf ("kind(%s)", item_name (s, in->subject[0]));
    case BNB_CHOICE_ORDER:
      return g_strdup_printf ("order(%s,%s)", item_name (s, in->subject[0]),
                              item_name (s, in->subject[1]));
    case BNB_CHOICE_MEM:
      return g_strdup_printf ("mem(%s)", temp_name (s, in->subject[0]));
    case BNB_CHOICE_PAD:
      return g_strdup_printf ("pad(%s)", temp_name (s, in->subject[0]));
    case BNB_CHOICE_PREFETCH:
      return g_strdup_printf ("prefetch(%s)", temp_name (s, in->subject[0]));
    case BNB_CHOICE_INTERLEAVE:
      return g_strdup_printf ("interleave(%s)", temp_name (s, in->subject[0]));
    case BNB_CHOICE_TYPE_COUNT:
      break;
    }
  g_assert_not_reached ();
  return NULL;
}

guint
bnb_choice_n_values (const BnbChoiceSpace *s, guint choice)
{
  switch (s->info[choice].type)
    {
    case BNB_CHOICE_TILE:
      return bnb_ir_tile_var (s->kernel, s->info[choice].subject[0])->n_sizes;
    case BNB_CHOICE_KIND:
      return BNB_KIND_COUNT;
    case BNB_CHOICE_ORDER:
      return BNB_ORDER_COUNT;
    case BNB_CHOICE_MEM:
      return BNB_MEM_COUNT;
    case BNB_CHOICE_PAD:
      return BNB_PAD_COUNT;
    case BNB_CHOICE_PREFETCH:
      return BNB_PREFETCH_COUNT;
    case BNB_CHOICE_INTERLEAVE:
      return BNB_INTERLEAVE_COUNT;
    case BNB_CHOICE_TYPE_COUNT:
      break;
    }
  return 0;
}

char *
bnb_choice_value_name (const BnbChoiceSpace *s, guint choice, guint value)
{
  g_return_val_if_fail (value < bnb_choice_n_values (s, choice), NULL);
  switch (s->info[choice].type)
    {
    case BNB_CHOICE_TILE:
      return g_strdup_printf ("%u", bnb_choice_tile_size (s, choice, value));
    case BNB_CHOICE_KIND:
      return g_strdup (kind_names[value]);
    case BNB_CHOICE_ORDER:
      return g_strdup (order_names[value]);
    case BNB_CHOICE_MEM:
      return g_strdup (mem_names[value]);
    case BNB_CHOICE_PREFETCH:
      return g_strdup (prefetch_names[value]);
    default: /* pad and interleave: no, yes[, rows] */
      return g_strdup (pad_names[value]);
    }
}

static char *
domain_text (const BnbChoiceSpace *s, guint choice, BnbDomain d)
{
  GString *out = g_string_new (NULL);
  for (; d; d &= d - 1)
    {
      g_autofree char *v
          = bnb_choice_value_name (s, choice, bnb_dom_first (d));
      g_string_append_printf (out, "%s%s", out->len ? "|" : "", v);
    }
  return g_string_free (out, FALSE);
}

char *
bnb_choice_node_to_string (const BnbChoiceNode *node, gboolean only_decided)
{
  const BnbChoiceSpace *s = node->space;
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < s->n_choices; i++)
    {
      guint c = s->branch_order[i];
      if (only_decided && !bnb_dom_single (node->dom[c]))
        continue;
      g_autofree char *name = bnb_choice_name (s, c);
      g_autofree char *val = domain_text (s, c, node->dom[c]);
      g_string_append_printf (out, "%s%s=%s", out->len ? "; " : "", name, val);
    }
  return g_string_free (out, FALSE);
}

static guint
find_choice (const BnbChoiceSpace *s, const char *name)
{
  for (guint c = 0; c < s->n_choices; c++)
    {
      g_autofree char *n = bnb_choice_name (s, c);
      if (strcmp (n, name) == 0)
        return c;
    }
  return BNB_NONE;
}

static gboolean
parse_values (const BnbChoiceSpace *s, guint choice, const char *text,
              BnbDomain *out, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, "|", -1);
  *out = 0;
  for (guint p = 0; parts[p]; p++)
    {
      g_autofree char *want = g_strstrip (g_strdup (parts[p]));
      guint v = 0, n = bnb_choice_n_values (s, choice);
      for (; v < n; v++)
        {
          g_autofree char *have = bnb_choice_value_name (s, choice, v);
          if (strcmp (have, want) == 0)
            break;
        }
      if (v == n)
        {
          g_autofree char *name = bnb_choice_name (s, choice);
          g_autofree char *all = domain_text (s, choice, (1u << n) - 1);
          g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION,
                       "%s cannot be '%s'; its values are %s", name, want,
                       all);
          return FALSE;
        }
      *out |= 1u << v;
    }
  return TRUE;
}

/* Whether a design rule reads the decision of `allowed` on the choice (so
 * that it may be what made it fail): a memory space, a kind on local id
 * y or z (the ids in order), or a kind the shared-load rule watches.  A
 * hint, not a diagnosis: another decision (a kind that takes the last
 * dim that could go on x) can also fall foul of the ids rule unnamed. */
static gboolean
rules_touch (const BnbChoiceSpace *s, guint choice, BnbDomain allowed)
{
  const BnbDomain later_ids
      = (1u << BNB_KIND_THREAD_Y) | (1u << BNB_KIND_THREAD_Z);
  if (s->limits.every_design)
    return FALSE;
  if (s->info[choice].type == BNB_CHOICE_MEM)
    return TRUE;
  if (s->info[choice].type == BNB_CHOICE_KIND && (allowed & later_ids))
    return TRUE;
  for (guint i = 0; i < s->cons->len; i++)
    {
      const BnbCon *c = &g_array_index (s->cons, BnbCon, i);
      if (c->type == BNB_CON_SHARED_LOAD && c->scope[1] == choice)
        return TRUE;
    }
  return FALSE;
}

static gboolean
apply_clause (BnbChoiceNode *node, const char *clause, GError **error)
{
  const char *eq = strchr (clause, '=');
  BnbDomain allowed;
  if (!eq)
    {
      g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION,
                   "decision '%s' is not of the form choice=value", clause);
      return FALSE;
    }
  g_autofree char *name = g_strstrip (g_strndup (clause, eq - clause));
  guint c = find_choice (node->space, name);
  if (c == BNB_NONE)
    {
      g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION,
                   "no choice named '%s' in this space", name);
      return FALSE;
    }
  if (!parse_values (node->space, c, eq + 1, &allowed, error))
    return FALSE;
  if (bnb_choice_node_restrict (node, c, allowed) == BNB_CHOICE_DEAD)
    {
      g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD,
                   "decision '%s' leaves no valid candidate%s", clause,
                   rules_touch (node->space, c, allowed)
                       ? "; the design rules (docs/space.md) may be why: "
                         "--every-design lifts them"
                       : "");
      return FALSE;
    }
  return TRUE;
}

/* The short form of the summary's Design lines (docs/report.md):
 * "T1=8, T2=16", "work-items x: m.2, k.1@a", "memory: a local",
 * "padded: b", "prefetched: a, b double", "interleaved: a".  A dim named
 * without '@' stands for every copy of it. */
static const char *const design_labels[][2] = {
  { "work-groups", "block" },    { "work-items x", "thread.x" },
  { "work-items y", "thread.y" }, { "work-items z", "thread.z" },
  { "unrolled", "unroll" },      { "vectorized", "vector" },
  { "loops", "loop" },
};

const char *
bnb_choice_design_label (guint i, const char **kind)
{
  if (i >= G_N_ELEMENTS (design_labels))
    return NULL;
  *kind = design_labels[i][1];
  return design_labels[i][0];
}

/* Whether a short-form item ends with " SUFFIX" ("b rows", "b double"),
 * which is then cut off. */
static gboolean
take_suffix (char *item, const char *suffix)
{
  if (!g_str_has_suffix (item, suffix))
    return FALSE;
  item[strlen (item) - strlen (suffix)] = '\0';
  return TRUE;
}

static gboolean
apply_named (BnbChoiceNode *node, const char *what, const char *name,
             const char *value, GError **error)
{
  g_autofree char *clause = g_strdup_printf ("%s(%s)=%s", what, name, value);
  return apply_clause (node, clause, error);
}

static gboolean G_GNUC_PRINTF (2, 3)
short_error (GError **error, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION,
                       message);
  return FALSE;
}

/* Whether the choice named `choice` is kind(ITEM), or kind(ITEM@...)
 * where ITEM names no copy. */
static gboolean
kind_of (const char *choice, const char *item)
{
  gsize n = strlen (item);
  if (!g_str_has_prefix (choice, "kind(") || strncmp (choice + 5, item, n))
    return FALSE;
  return choice[5 + n] == ')' || (choice[5 + n] == '@' && !strchr (item, '@'));
}

/* "LABEL: dim, dim@copy, ...": kind(dim...)=value for each. */
static gboolean
apply_kinds (BnbChoiceNode *node, const char *value, GStrv items,
             GError **error)
{
  const BnbChoiceSpace *s = node->space;
  for (guint i = 0; items[i]; i++)
    {
      gboolean found = FALSE;
      for (guint c = 0; c < s->n_choices; c++)
        {
          g_autofree char *n = bnb_choice_name (s, c);
          if (!kind_of (n, items[i]))
            continue;
          n[strlen (n) - 1] = '\0';
          if (!apply_named (node, "kind", n + 5, value, error))
            return FALSE;
          found = TRUE;
        }
      if (!found)
        return short_error (error, "no dim named '%s' in this space",
                            items[i]);
    }
  return TRUE;
}

/* "memory: TEMPORARY SPACE, ..." */
static gboolean
apply_memory (BnbChoiceNode *node, GStrv items, GError **error)
{
  for (guint i = 0; items[i]; i++)
    {
      g_auto (GStrv) words = g_strsplit (items[i], " ", 2);
      if (words[1] == NULL)
        return short_error (error,
                            "'%s' is not of the form 'TEMPORARY SPACE'",
                            items[i]);
      if (!apply_named (node, "mem", words[0], g_strstrip (words[1]), error))
        return FALSE;
    }
  return TRUE;
}

/* A clause's comma-separated items, stripped, empty ones dropped. */
static GStrv
short_items (const char *list)
{
  g_auto (GStrv) parts = g_strsplit (list, ",", -1);
  GPtrArray *items = g_ptr_array_new ();
  for (guint i = 0; parts[i]; i++)
    if (*g_strstrip (parts[i]))
      g_ptr_array_add (items, g_strdup (parts[i]));
  g_ptr_array_add (items, NULL);
  return (GStrv)g_ptr_array_free (items, FALSE);
}

/* A clause of the short form: "LABEL: items" or "T1=8, T2=16" (its first
 * name a tile variable, not a choice).  FALSE with *handled unset if
 * the clause is not one. */
static gboolean
apply_short (BnbChoiceNode *node, const char *clause, gboolean *handled,
             GError **error)
{
  const char *colon = strchr (clause, ':'), *eq = strchr (clause, '=');
  *handled = TRUE;
  if (colon != NULL && eq == NULL)
    {
      g_autofree char *label = g_strstrip (g_strndup (clause, colon - clause));
      g_auto (GStrv) items = short_items (colon + 1);
      const char *kind, *name;
      for (guint k = 0; (name = bnb_choice_design_label (k, &kind)); k++)
        if (strcmp (label, name) == 0)
          return apply_kinds (node, kind, items, error);
      if (strcmp (label, "memory") == 0)
        return apply_memory (node, items, error);
      /* the nest line shows what the orders made; they stay open */
      if (strcmp (label, "nest") == 0)
        return TRUE;
      if (strcmp (label, "prefetched") == 0
          || strcmp (label, "interleaved") == 0)
        {
          const char *what
              = strcmp (label, "prefetched") == 0 ? "prefetch" : "interleave";
          for (guint i = 0; items[i]; i++)
            {
              /* "b double": its local array doubled (prefetch(b)=double) */
              gboolean twice = strcmp (what, "prefetch") == 0
                               && take_suffix (items[i], " double");
              if (!apply_named (node, what, g_strstrip (items[i]),
                                twice ? "double" : "yes", error))
                return FALSE;
            }
          return TRUE;
        }
      if (strcmp (label, "padded") == 0)
        {
          for (guint i = 0; items[i]; i++)
            {
              /* "b rows": its rows apart (pad(b)=rows), "b": pad(b)=yes */
              gboolean rows = take_suffix (items[i], " rows");
              if (!apply_named (node, "pad", g_strstrip (items[i]),
                                rows ? "rows" : "yes", error))
                return FALSE;
            }
          return TRUE;
        }
    }
  if (eq != NULL && strchr (clause, '(') == NULL)
    {
      g_autofree char *first = g_strstrip (g_strndup (clause, eq - clause));
      g_autofree char *tile = g_strdup_printf ("tile(%s)", first);
      g_auto (GStrv) items = short_items (clause);
      if (find_choice (node->space, first) == BNB_NONE
          && find_choice (node->space, tile) != BNB_NONE)
        {
          for (guint i = 0; items[i]; i++)
            {
              const char *e = strchr (items[i], '=');
              if (e == NULL)
                return short_error (error,
                                    "'%s' is not of the form 'TILE=SIZE'",
                                    items[i]);
              g_autofree char *name
                  = g_strstrip (g_strndup (items[i], e - items[i]));
              if (!apply_named (node, "tile", name, e + 1, error))
                return FALSE;
            }
          return TRUE;
        }
    }
  *handled = FALSE;
  return FALSE;
}

gboolean
bnb_choice_node_apply_string (BnbChoiceNode *node, const char *text,
                              GError **error)
{
  g_auto (GStrv) clauses = g_strsplit_set (text, ";\n", -1);
  for (guint i = 0; clauses[i]; i++)
    {
      g_autofree char *clause = g_strstrip (g_strdup (clauses[i]));
      const char *text = clause;
      gboolean handled = FALSE;
      /* the summary's label of its first Design line */
      if (g_str_has_prefix (text, "Design") && g_ascii_isspace (text[6]))
        text = g_strchug (clause + 6);
      if (!*text)
        continue;
      if (apply_short (node, text, &handled, error))
        continue;
      if (handled || !apply_clause (node, text, error))
        return FALSE;
    }
  return TRUE;
}
