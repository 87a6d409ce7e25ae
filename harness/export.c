/* A journal as a Kernel Tuner cache file (`bnbtune export --format
 * kernel-tuner`, docs/harness.md): the evaluations of one key, one entry
 * per distinct kernel, in the JSON that Kernel Tuner writes while it
 * tunes and reads back in its simulation mode (kernel_tuner.tune_cache)
 * and its tools.
 *
 * Kernel Tuner's configurations are tuples of parameter values.  Here the
 * parameters are the choices whose value differs between the exported
 * kernels; the others are the same in every kernel and go to the file's
 * "bnbtune" member.  Kernel Tuner's simulation enumerates the product of
 * the parameters' values, so where that product passes a limit (the
 * caller's; a journal of a whole space has hundreds of choices that
 * vary) the parameters are the tile sizes that vary and `variant`, an
 * index of the other decisions, which each entry also holds as text. */
#include "harness/harness-private.h"

#include <math.h>
#include <string.h>

/* One key of the journal: its header and its evaluations in file order. */
typedef struct {
  BnbJsonObject *header;
  GPtrArray *lines; /* BnbJsonObject* */
} Group;

static void
group_free (Group *g)
{
  bnb_json_object_free (g->header);
  g_ptr_array_unref (g->lines);
  g_free (g);
}

/* A header's field, "" when it has none. */
static const char *
field (const BnbJsonObject *header, const char *key)
{
  const char *v = bnb_json_get_string (header, key);
  return v ? v : "";
}

static char *
group_id (const BnbJsonObject *header)
{
  return g_strdup_printf ("%s|%s|%s", field (header, "kernel_hash"),
                          field (header, "sizes"), field (header, "device"));
}

/* The file's keys, in the order of their first header (a key whose
 * header comes again, after a run of another tool version or driver,
 * gathers the evaluations of every run). */
static GPtrArray *
read_groups (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr (GPtrArray) groups
      = g_ptr_array_new_with_free_func ((GDestroyNotify)group_free);
  g_autoptr (GHashTable) by_id
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Group *current = NULL;
  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  for (char *at = text, *end = text + length, *nl; at < end; at = nl + 1)
    {
      nl = memchr (at, '\n', end - at);
      if (!nl) /* an unfinished last line: never written in full */
        break;
      BnbJsonObject *o = bnb_json_parse (at, nl - at, NULL);
      if (!o)
        continue;
      if (bnb_json_has (o, "journal"))
        {
          char *id = group_id (o);
          if (!(current = g_hash_table_lookup (by_id, id)))
            {
              current = g_new0 (Group, 1);
              current->header = g_steal_pointer (&o);
              current->lines
                  = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                        bnb_json_object_free);
              g_ptr_array_add (groups, current);
              g_hash_table_insert (by_id, id, current);
            }
          else
            g_free (id);
          bnb_json_object_free (o);
        }
      else if (current && bnb_json_get_string (o, "decisions"))
        g_ptr_array_add (current->lines, o);
      else
        bnb_json_object_free (o);
    }
  return g_steal_pointer (&groups);
}

static const Group *
choose_group (const GPtrArray *groups, const char *path, const char *sizes,
              GError **error)
{
  const Group *chosen = NULL;
  guint n = 0;
  gboolean sizes_differ = FALSE;
  for (guint i = 0; i < groups->len; i++)
    {
      const Group *g = groups->pdata[i];
      if (g->lines->len == 0) /* a header a run left with no evaluation */
        continue;
      if (sizes && strcmp (field (g->header, "sizes"), sizes) != 0)
        continue;
      if (chosen
          && strcmp (field (chosen->header, "sizes"),
                     field (g->header, "sizes"))
                 != 0)
        sizes_differ = TRUE;
      chosen = g, n++;
    }
  if (n == 1)
    return chosen;
  g_autoptr (GString) keys = g_string_new (NULL);
  for (guint i = 0; i < groups->len; i++)
    {
      const Group *g = groups->pdata[i];
      if (g->lines->len > 0)
        g_string_append_printf (
            keys, "\n  %s (kernel text %.12s) at %s on %s, %u evaluations",
            field (g->header, "kernel"), field (g->header, "kernel_hash"),
            field (g->header, "sizes"), field (g->header, "device"),
            g->lines->len);
    }
  g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_JOURNAL,
               n == 0 && keys->len == 0 ? "%s holds no evaluations%s"
               : n == 0 ? "%s holds no evaluations at those sizes; it "
                          "holds:%s"
               : sizes_differ
                   ? "%s holds several keys; choose one with --size:%s"
                   : "%s holds evaluations of one size under several "
                     "kernel texts or devices, which --size cannot tell "
                     "apart; export a journal of one:%s",
               path, keys->str);
  return NULL;
}

/* One kernel: its latest evaluation, an ok one where there is one, and
 * its decisions as name -> value. */
typedef struct {
  const BnbJsonObject *line;
  GHashTable *choices;
} Entry;

static void
entry_free (Entry *e)
{
  g_hash_table_unref (e->choices);
  g_free (e);
}

static gboolean
is_ok (const BnbJsonObject *o)
{
  return g_strcmp0 (bnb_json_get_string (o, "outcome"), "ok") == 0;
}

/* The decisions "NAME=VALUE; ..." into `choices`, each name new to
 * `names` appended there (the names are the table's keys). */
static GHashTable *
parse_decisions (const char *decisions, GPtrArray *names, GHashTable *known)
{
  GHashTable *choices
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto (GStrv) parts = g_strsplit (decisions, "; ", -1);
  for (char **p = parts; *p; p++)
    {
      char *eq = strchr (*p, '=');
      if (!eq)
        continue;
      char *name = g_strndup (*p, eq - *p);
      if (!g_hash_table_contains (known, name))
        {
          g_hash_table_add (known, g_strdup (name));
          g_ptr_array_add (names, g_strdup (name));
        }
      g_hash_table_replace (choices, name, g_strdup (eq + 1));
    }
  return choices;
}

/* The distinct kernels of a key: same-kernel answers (copies of another
 * leaf's evaluation) left out, one entry per kernel key. */
static GPtrArray *
distinct_kernels (const Group *g, GPtrArray *names)
{
  GPtrArray *entries
      = g_ptr_array_new_with_free_func ((GDestroyNotify)entry_free);
  g_autoptr (GHashTable) by_kernel
      = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) known
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < g->lines->len; i++)
    {
      const BnbJsonObject *o = g->lines->pdata[i];
      const char *key = bnb_json_get_string (o, "kernel_key");
      if (bnb_json_get_number (o, "same_kernel", 0) != 0)
        continue;
      if (!key)
        key = bnb_json_get_string (o, "decisions");
      Entry *e = g_hash_table_lookup (by_kernel, key);
      if (e && is_ok (e->line) && !is_ok (o))
        continue;
      if (!e)
        {
          e = g_new0 (Entry, 1);
          g_ptr_array_add (entries, e);
          g_hash_table_insert (by_kernel, (char *)key, e);
        }
      else
        g_hash_table_unref (e->choices);
      e->line = o;
      e->choices = parse_decisions (bnb_json_get_string (o, "decisions"),
                                    names, known);
    }
  return entries;
}

static gboolean
parse_int (const char *text, gint64 *value)
{
  return g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, value,
                                   NULL);
}

/* Integers first, by value, then the other values by strcmp. */
static gint
compare_values (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char *const *)a, *y = *(const char *const *)b;
  gint64 u, v;
  gboolean xi = parse_int (x, &u), yi = parse_int (y, &v);
  if (xi && yi)
    return (u > v) - (u < v);
  if (xi != yi)
    return xi ? -1 : 1;
  return strcmp (x, y);
}

/* A parameter of the cache file: a choice that varies, or `variant`. */
typedef struct {
  const char *choice; /* NULL for variant */
  char *name;         /* a Python identifier */
  GPtrArray *values;  /* char*, sorted */
} Param;

static void
param_clear (Param *p)
{
  g_free (p->name);
  g_ptr_array_unref (p->values);
}

/* "tile(T1)" -> "tile_T1", "order(m.1@a,k.0)" -> "order_m_1_a_k_0". */
static char *
identifier (const char *choice)
{
  GString *s = g_string_new (NULL);
  for (const char *c = choice; *c; c++)
    if (g_ascii_isalnum (*c))
      g_string_append_c (s, *c);
    else if (s->len && s->str[s->len - 1] != '_')
      g_string_append_c (s, '_');
  while (s->len && s->str[s->len - 1] == '_')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

/* The combinations of the tile sizes that vary and the variants of the
 * other decisions. */
static double
tiles_and_variants (const GPtrArray *varying, const GPtrArray *values,
                    const GPtrArray *entries)
{
  g_autoptr (GHashTable) variants
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  double product = 1;
  for (guint c = 0; c < varying->len; c++)
    if (g_str_has_prefix (varying->pdata[c], "tile("))
      product *= ((GPtrArray *)values->pdata[c])->len;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = entries->pdata[i];
      GString *text = g_string_new (NULL);
      for (guint c = 0; c < varying->len; c++)
        if (!g_str_has_prefix (varying->pdata[c], "tile("))
          g_string_append_printf (text, "%s;",
                                  (const char *)
                                      g_hash_table_lookup (e->choices,
                                                           varying->pdata[c]));
      g_hash_table_add (variants, g_string_free (text, FALSE));
    }
  return product * g_hash_table_size (variants);
}

static const char *
value_of (const Entry *e, const char *choice)
{
  const char *v = g_hash_table_lookup (e->choices, choice);
  return v ? v : "";
}

static GPtrArray *
distinct_values (const GPtrArray *entries, const char *choice)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < entries->len; i++)
    {
      const char *v = value_of (entries->pdata[i], choice);
      if (g_hash_table_add (seen, (char *)v))
        g_ptr_array_add (values, g_strdup (v));
    }
  g_ptr_array_sort (values, compare_values);
  return values;
}

static void
write_value (BnbJson *j, const char *key, const char *value)
{
  gint64 v;
  if (parse_int (value, &v))
    bnb_json_int (j, key, v);
  else
    bnb_json_string (j, key, value);
}

/* Kernel Tuner's names for what went wrong (its util.py reads these). */
static const char *
failed_config (const char *outcome)
{
  return g_strcmp0 (outcome, "build-failed") == 0 ? "CompilationFailedConfig"
                                                  : "RuntimeFailedConfig";
}

typedef struct {
  GArray *params;           /* Param */
  GPtrArray *variant_texts; /* char*: variant i's decisions */
  GHashTable *variant_of;   /* Entry* -> index + 1 */
  GString *fixed;           /* the decisions every kernel has */
} Layout;

static void
layout_clear (Layout *l)
{
  for (guint i = 0; i < l->params->len; i++)
    param_clear (&g_array_index (l->params, Param, i));
  g_array_unref (l->params);
  g_ptr_array_unref (l->variant_texts);
  g_hash_table_unref (l->variant_of);
  g_string_free (l->fixed, TRUE);
}

static gboolean
name_taken (const Layout *l, const char *name)
{
  for (guint i = 0; i < l->params->len; i++)
    if (strcmp (g_array_index (l->params, Param, i).name, name) == 0)
      return TRUE;
  return FALSE;
}

/* A parameter; its name made unique among the layout's (two choices
 * may differ only in characters an identifier drops). */
static void
add_param (Layout *l, const char *choice, char *name, GPtrArray *values)
{
  Param p = { choice, name, values };
  for (guint n = 2; name_taken (l, p.name); n++)
    {
      if (p.name != name)
        g_free (p.name);
      p.name = g_strdup_printf ("%s_%u", name, n);
    }
  if (p.name != name)
    g_free (name);
  g_array_append_val (l->params, p);
}

/* The parameters: every choice that varies, or (past `max_combinations`)
 * the tile sizes that vary and a variant index. */
static void
make_layout (Layout *l, const GPtrArray *names, const GPtrArray *entries,
             double max_combinations, char **note)
{
  g_autoptr (GPtrArray) varying = g_ptr_array_new ();
  g_autoptr (GPtrArray) values
      = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  double combinations = 1;
  l->params = g_array_new (FALSE, TRUE, sizeof (Param));
  l->variant_texts = g_ptr_array_new_with_free_func (g_free);
  l->variant_of = g_hash_table_new (NULL, NULL);
  l->fixed = g_string_new (NULL);
  for (guint i = 0; i < names->len; i++)
    {
      GPtrArray *v = distinct_values (entries, names->pdata[i]);
      if (v->len < 2)
        {
          g_string_append_printf (l->fixed, "%s%s=%s",
                                  l->fixed->len ? "; " : "",
                                  (char *)names->pdata[i],
                                  (char *)v->pdata[0]);
          g_ptr_array_unref (v);
          continue;
        }
      g_ptr_array_add (varying, names->pdata[i]);
      g_ptr_array_add (values, v);
      combinations *= v->len;
    }
  gboolean all = combinations <= max_combinations;
  /* past the limit, the tile sizes too go into the variant when they and
   * the variants are still too many together */
  gboolean tiles
      = !all
        && tiles_and_variants (varying, values, entries) <= max_combinations;
  for (guint i = 0; i < varying->len; i++)
    if (all || (tiles && g_str_has_prefix (varying->pdata[i], "tile(")))
      add_param (l, varying->pdata[i], identifier (varying->pdata[i]),
                 g_ptr_array_ref (values->pdata[i]));
  if (all)
    return;
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = entries->pdata[i];
      g_autoptr (GString) text = g_string_new (NULL);
      for (guint c = 0; c < varying->len; c++)
        if (!tiles || !g_str_has_prefix (varying->pdata[c], "tile("))
          g_string_append_printf (text, "%s%s=%s", text->len ? "; " : "",
                                  (char *)varying->pdata[c],
                                  value_of (e, varying->pdata[c]));
      gpointer at = g_hash_table_lookup (index, text->str);
      if (!at)
        {
          char *copy = g_strdup (text->str);
          g_ptr_array_add (l->variant_texts, copy);
          at = GUINT_TO_POINTER (l->variant_texts->len);
          g_hash_table_insert (index, copy, at);
        }
      g_hash_table_insert (l->variant_of, (gpointer)e, at);
    }
  GPtrArray *indices = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < l->variant_texts->len; i++)
    g_ptr_array_add (indices, g_strdup_printf ("%u", i));
  add_param (l, NULL, g_strdup ("variant"), indices);
  *note = g_strdup_printf (
      "%u choices vary between the %u kernels: %.3g combinations of their "
      "values, past the limit of %.3g (Kernel Tuner's simulation enumerates "
      "every one); the parameters are %s`variant`, an index of the %s%u "
      "decisions (each entry's \"decisions\")",
      varying->len, entries->len, combinations, max_combinations,
      tiles ? "the tile sizes that vary and " : "", tiles ? "other " : "",
      varying->len - (l->params->len - 1));
}

static const char *
param_value (const Layout *l, const Param *p, const Entry *e, char *buffer,
             gsize size)
{
  if (p->choice)
    return value_of (e, p->choice);
  g_snprintf (buffer, size, "%u",
              GPOINTER_TO_UINT (g_hash_table_lookup (l->variant_of, e)) - 1);
  return buffer;
}

/* The entry's key in the cache: its parameter values as Kernel Tuner
 * joins them (",".join(str(v))), integers as write_value writes them. */
static char *
entry_key (const Layout *l, const Entry *e)
{
  GString *key = g_string_new (NULL);
  char buffer[24];
  gint64 v;
  for (guint i = 0; i < l->params->len; i++)
    {
      const char *text = param_value (l, &g_array_index (l->params, Param, i),
                                      e, buffer, sizeof buffer);
      if (i)
        g_string_append_c (key, ',');
      if (parse_int (text, &v))
        g_string_append_printf (key, "%" G_GINT64_FORMAT, v);
      else
        g_string_append (key, text);
    }
  return g_string_free (key, FALSE);
}

static void
write_entry (BnbJson *j, const Layout *l, const Entry *e, const char *key)
{
  char buffer[24];
  bnb_json_open (j, key, '{');
  for (guint i = 0; i < l->params->len; i++)
    {
      const Param *p = &g_array_index (l->params, Param, i);
      write_value (j, p->name, param_value (l, p, e, buffer, sizeof buffer));
    }
  const BnbJsonObject *o = e->line;
  double median = bnb_json_get_number (o, "median_s", 0);
  double runs = bnb_json_get_number (o, "warmup", 0)
                + bnb_json_get_number (o, "repetitions", 0);
  /* a float, also when whole: Kernel Tuner takes only floats for times */
  if (is_ok (o))
    bnb_json_float (j, "time", median * 1e3);
  else
    bnb_json_string (j, "time",
                     failed_config (bnb_json_get_string (o, "outcome")));
  bnb_json_number (j, "compile_time",
                   bnb_json_get_number (o, "compile_s", 0) * 1e3);
  bnb_json_number (j, "verification_time", 0);
  bnb_json_number (j, "benchmark_time", is_ok (o) ? median * runs * 1e3 : 0);
  bnb_json_number (j, "strategy_time", 0);
  bnb_json_number (j, "framework_time", 0);
  bnb_json_string (j, "timestamp", bnb_json_get_string (o, "date"));
  bnb_json_string (j, "outcome", bnb_json_get_string (o, "outcome"));
  if (g_hash_table_size (l->variant_of))
    bnb_json_string (j, "decisions",
                     l->variant_texts->pdata
                         [GPOINTER_TO_UINT (g_hash_table_lookup (l->variant_of,
                                                                 e))
                          - 1]);
  bnb_json_close (j, '}');
}

/* "M=1024,N=512" -> [1024, 512]. */
static void
write_problem_size (BnbJson *j, const char *sizes)
{
  g_auto (GStrv) parts = g_strsplit (sizes ? sizes : "", ",", -1);
  gint64 v;
  bnb_json_open (j, "problem_size", '[');
  for (char **p = parts; *p; p++)
    {
      const char *eq = strchr (*p, '=');
      if (eq && parse_int (eq + 1, &v))
        bnb_json_int (j, NULL, v);
    }
  bnb_json_close (j, ']');
}

gboolean
bnb_journal_export_kernel_tuner (const char *path, const char *sizes,
                                 double max_combinations, GString *out,
                                 char **note, GError **error)
{
  g_autoptr (GPtrArray) groups = read_groups (path, error);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) entries = NULL;
  const Group *g;
  Layout l;
  BnbJson j;
  *note = NULL;
  if (!groups || !(g = choose_group (groups, path, sizes, error)))
    return FALSE;
  entries = distinct_kernels (g, names);
  if (entries->len == 0)
    {
      g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_JOURNAL,
                   "%s holds no evaluations of kernel %s at %s", path,
                   bnb_json_get_string (g->header, "kernel"),
                   bnb_json_get_string (g->header, "sizes"));
      return FALSE;
    }
  make_layout (&l, names, entries, max_combinations, note);
  bnb_json_init (&j, out, BNB_JSON_PRETTY);
  bnb_json_open (&j, NULL, '{');
  bnb_json_string (&j, "device_name",
                   bnb_json_get_string (g->header, "device"));
  bnb_json_string (&j, "kernel_name",
                   bnb_json_get_string (g->header, "kernel"));
  write_problem_size (&j, bnb_json_get_string (g->header, "sizes"));
  bnb_json_open (&j, "tune_params_keys", '[');
  for (guint i = 0; i < l.params->len; i++)
    bnb_json_string (&j, NULL, g_array_index (l.params, Param, i).name);
  bnb_json_close (&j, ']');
  bnb_json_open (&j, "tune_params", '{');
  for (guint i = 0; i < l.params->len; i++)
    {
      const Param *p = &g_array_index (l.params, Param, i);
      bnb_json_open (&j, p->name, '[');
      for (guint v = 0; v < p->values->len; v++)
        write_value (&j, NULL, p->values->pdata[v]);
      bnb_json_close (&j, ']');
    }
  bnb_json_close (&j, '}');
  bnb_json_string (&j, "objective", "time");
  bnb_json_open (&j, "bnbtune", '{');
  bnb_json_string (&j, "journal", path);
  bnb_json_string (&j, "sizes", bnb_json_get_string (g->header, "sizes"));
  bnb_json_string (&j, "driver", bnb_json_get_string (g->header, "driver"));
  bnb_json_string (&j, "parameters",
                   "the choices that vary (tile(T1) is tile_T1), or the tile "
                   "sizes and variant; times in ms");
  bnb_json_string (&j, "fixed_decisions", l.fixed->str);
  bnb_json_close (&j, '}');
  /* last: Kernel Tuner takes a file that does not end in "}\n}" for one
   * cut short and closes it again */
  bnb_json_open (&j, "cache", '{');
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < entries->len; i++)
    {
      /* one entry a key: two kernel keys of one leaf (a journal of two
       * tool versions) keep the later, an ok one before a failure */
      Entry *e = entries->pdata[i];
      g_autofree char *key = entry_key (&l, e);
      gpointer stored_key, stored;
      if (!g_hash_table_lookup_extended (by_key, key, &stored_key, &stored))
        {
          char *k = g_steal_pointer (&key);
          g_ptr_array_add (keys, k);
          g_hash_table_insert (by_key, k, e);
        }
      else if (!is_ok (((const Entry *)stored)->line) || is_ok (e->line))
        g_hash_table_insert (by_key, stored_key, e);
    }
  for (guint i = 0; i < keys->len; i++)
    write_entry (&j, &l, g_hash_table_lookup (by_key, keys->pdata[i]),
                 keys->pdata[i]);
  bnb_json_close (&j, '}');
  bnb_json_close (&j, '}');
  g_string_append_c (out, '\n');
  layout_clear (&l);
  return TRUE;
}

/* One kernel's fastest ok line, for bnb_journal_read_fastest. */
typedef struct {
  const char *decisions;
  double median_s;
} Fastest;

static int
faster_first (gconstpointer a, gconstpointer b)
{
  const Fastest *x = a, *y = b;
  int by_time = (x->median_s > y->median_s) - (x->median_s < y->median_s);
  return by_time ? by_time : strcmp (x->decisions, y->decisions);
}

/* The fastest ok line of each distinct decisions of `g`, fastest first. */
static GArray *
fastest_of (const Group *g)
{
  g_autoptr (GHashTable) by_decisions
      = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint j = 0; j < g->lines->len; j++)
    {
      const BnbJsonObject *o = g->lines->pdata[j];
      double t = bnb_json_get_number (o, "median_s", NAN);
      const char *decisions = bnb_json_get_string (o, "decisions");
      if (!is_ok (o) || !(t > 0))
        continue;
      Fastest *f = g_hash_table_lookup (by_decisions, decisions);
      if (f && f->median_s <= t)
        continue;
      if (!f)
        {
          f = g_new (Fastest, 1);
          g_hash_table_insert (by_decisions, (char *)decisions, f);
        }
      f->decisions = decisions;
      f->median_s = t;
    }
  GArray *all = g_array_new (FALSE, FALSE, sizeof (Fastest));
  GHashTableIter it;
  gpointer value;
  g_hash_table_iter_init (&it, by_decisions);
  while (g_hash_table_iter_next (&it, NULL, &value))
    g_array_append_val (all, *(Fastest *)value);
  g_array_sort (all, faster_first);
  return all;
}

GStrv
bnb_journal_read_fastest (const char *path, const char *kernel, guint n,
                          GError **error)
{
  g_autoptr (GPtrArray) groups = read_groups (path, error);
  if (!groups)
    return NULL;
  /* of the keys of `kernel`, the one with the most kernels that ran
   * right: times of other sizes or devices do not rank against these */
  g_autoptr (GArray) best = NULL;
  for (guint i = 0; i < groups->len; i++)
    {
      const Group *g = groups->pdata[i];
      if (g_strcmp0 (bnb_json_get_string (g->header, "kernel"), kernel) != 0)
        continue;
      GArray *all = fastest_of (g);
      if (best == NULL || all->len > best->len)
        {
          g_clear_pointer (&best, g_array_unref);
          best = all;
        }
      else
        g_array_unref (all);
    }
  guint count = best ? MIN (n, best->len) : 0;
  GStrv out = g_new0 (char *, count + 1);
  for (guint i = 0; i < count; i++)
    out[i] = g_strdup (g_array_index (best, Fastest, i).decisions);
  return out;
}
