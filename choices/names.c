/* Names of choices and of their alternatives, and decisions as text:
 * "kind(m.1@acc)=unroll; order(a,m.1@acc)=before; tile(T1)=16".  This is
 * how a user names a candidate (--decisions) and how the journal and the
 * reports write one down. */
#include "choices/choices-private.h"

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
static const char *const pad_names[2] = { "no", "yes" };

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
      return bnb_ir_tile_var (s->kernel, s->info[choice].subject[0])
          ->n_sizes;
    case BNB_CHOICE_KIND:
      return BNB_KIND_COUNT;
    case BNB_CHOICE_ORDER:
      return BNB_ORDER_COUNT;
    case BNB_CHOICE_MEM:
      return BNB_MEM_COUNT;
    case BNB_CHOICE_PAD:
      return 2;
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
    default:
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
      g_string_append_printf (out, "%s%s=%s", out->len ? "; " : "", name,
                              val);
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
                   "decision '%s' leaves no valid candidate", clause);
      return FALSE;
    }
  return TRUE;
}

gboolean
bnb_choice_node_apply_string (BnbChoiceNode *node, const char *text,
                              GError **error)
{
  g_auto (GStrv) clauses = g_strsplit_set (text, ";\n", -1);
  for (guint i = 0; clauses[i]; i++)
    {
      g_autofree char *clause = g_strstrip (g_strdup (clauses[i]));
      if (*clause && !apply_clause (node, clause, error))
        return FALSE;
    }
  return TRUE;
}
