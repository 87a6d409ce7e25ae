/* bnbtune count: the size of a kernel's space, and bnbtune check: what the
 * kernel and its space are made of. */
#include "cli/cli.h"
#include "codegen/codegen.h"
#include "harness/harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  BnbCliOptions c;
  double time_limit;
  gint probes;
  gint64 seed;
  gboolean json;
  gboolean kernels;
  char *tree;
  char *keys_file;
} CountOptions;

/* The distinct kernels below a node: every leaf's code generated and keyed
 * (BnbCodegenProgram.kernel_key), within a time limit. */
typedef struct {
  GHashTable *keys;
  GTimer *timer;
  double limit_s;
  double leaves;
  gboolean complete; /* every leaf was reached */
} KernelWalk;

static gboolean
add_kernel (const BnbChoiceNode *leaf, guint depth, gpointer data)
{
  KernelWalk *w = data;
  g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, NULL);
  w->leaves++;
  if (p == NULL) /* a leaf codegen cannot lower: a bug, said as not counted */
    return FALSE;
  g_hash_table_add (w->keys, g_strdup (p->kernel_key));
  return g_timer_elapsed (w->timer, NULL) <= w->limit_s;
}

static void
count_options_clear (CountOptions *o)
{
  bnb_cli_options_clear (&o->c);
  g_clear_pointer (&o->tree, g_free);
  g_clear_pointer (&o->keys_file, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CountOptions, count_options_clear)

static GOptionContext *
count_context (CountOptions *o)
{
  GOptionEntry entries[] = {
    { "time-limit", 't', 0, G_OPTION_ARG_DOUBLE, &o->time_limit,
      "Seconds for the exact count; as many again at most for the "
      "estimate (default 10)",
      "S" },
    { "probes", 'p', 0, G_OPTION_ARG_INT, &o->probes,
      "Most random probes of the estimate (default 1000)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &o->seed,
      "Seed of the estimate's probes (default 1)", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json,
      "Print one JSON object instead of text", NULL },
    { "kernels", 0, 0, G_OPTION_ARG_NONE, &o->kernels,
      "Also count the distinct kernels: generate every leaf's code "
      "(within --time-limit more)",
      NULL },
    { "tree", 0, 0, G_OPTION_ARG_STRING, &o->tree,
      "kernels (default: a leaf per kernel) or full (a leaf per "
      "fully specified candidate, every choice branched on)",
      "TREE" },
    { "keys", 0, 0, G_OPTION_ARG_FILENAME, &o->keys_file,
      "With --kernels, write the distinct kernel keys to FILE, sorted, "
      "one a line",
      "FILE" },
    { NULL },
  };
  GOptionContext *context = g_option_context_new ("- size of the space");
  o->time_limit = 10;
  o->probes = 1000;
  o->seed = 1;
  bnb_cli_options_add (context, &o->c,
                       &(BnbCliTakes){ .kernel = TRUE,
                                       .limits = TRUE,
                                       .decisions = "Count below the node "
                                                    "these decisions make" });
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context, "Counts the leaves of a kernel's search tree (kernels, or with "
               "--tree full the\nfully specified candidates), its nodes and "
               "dead ends, exactly when the\nwalk ends within --time-limit, "
               "else by Knuth's random-probe estimate,\nlabelled as such, "
               "with its standard error.");
  return context;
}

static void
print_sizes (const BnbIrKernel *k, FILE *out)
{
  for (guint p = 0; p < k->params->len; p++)
    fprintf (out, "%s%s=%" G_GINT64_FORMAT, p ? "," : "",
             bnb_ir_param (k, p)->name, k->param_values[p]);
}

/* What a leaf of the tree walked is. */
static const char *
leaf_noun (const BnbChoiceSpace *s)
{
  return bnb_choice_space_has_splitter (s) ? "kernels" : "candidates";
}

static void
print_count_text (const BnbIrKernel *k, const BnbChoiceSpace *s,
                  const BnbChoiceCount *c, const KernelWalk *w)
{
  const char *noun = leaf_noun (s);
  printf ("kernel %s, sizes ", k->name);
  print_sizes (k, stdout);
  printf ("\nchoices: %u\ntree: %s (a leaf per %s)\n",
          bnb_choice_space_n_choices (s),
          bnb_choice_space_has_splitter (s) ? "kernels" : "full",
          bnb_choice_space_has_splitter (s) ? "kernel" : "candidate");
  if (c->exact)
    {
      printf ("%s: %.0f (exact)\n", noun, c->leaves);
      printf ("search-tree nodes: %.0f (exact)\n", c->nodes);
      printf ("dead ends: %.0f\n", c->dead_ends);
    }
  else
    {
      printf ("%s: %.3g +- %.2g (estimate, %u probes; the exact walk"
              " did not finish)\n",
              noun, c->leaves, c->leaves_stderr, c->probes);
      printf ("search-tree nodes: %.3g +- %.2g (estimate)\n", c->nodes,
              c->nodes_stderr);
      /* an estimate of a count: whole, and %.3g would print 64.5 */
      printf ("dead ends: about %.3g (estimate)\n", round (c->dead_ends));
    }
  if (w && w->complete)
    printf ("distinct kernels: %u (exact: the code of all %.0f leaves "
            "generated, %.2f s)\n",
            g_hash_table_size (w->keys), w->leaves,
            g_timer_elapsed (w->timer, NULL));
  else if (w && !c->exact)
    printf ("distinct kernels: not counted (the leaves could not all "
            "be walked within %g s)\n",
            w->limit_s);
  else if (w)
    printf ("distinct kernels: not counted (%u among the first %.0f "
            "leaves; the walk did not finish within %g s)\n",
            g_hash_table_size (w->keys), w->leaves, w->limit_s);
  printf ("time: %.2f s\n", c->seconds);
}

static void
print_count_json (const BnbIrKernel *k, const BnbChoiceSpace *s,
                  const BnbChoiceCount *c, const KernelWalk *w)
{
  g_autoptr (GString) out = g_string_new (NULL);
  BnbJson j;
  bnb_json_init (&j, out, BNB_JSON_LINE);
  bnb_json_open (&j, NULL, '{');
  bnb_json_string (&j, "kernel", k->name);
  bnb_json_open (&j, "sizes", '{');
  for (guint p = 0; p < k->params->len; p++)
    bnb_json_int (&j, bnb_ir_param (k, p)->name, k->param_values[p]);
  bnb_json_close (&j, '}');
  bnb_json_uint (&j, "choices", bnb_choice_space_n_choices (s));
  bnb_json_string (&j, "tree",
                   bnb_choice_space_has_splitter (s) ? "kernels" : "full");
  bnb_json_bool (&j, "exact", c->exact);
  bnb_json_number (&j, "leaves", c->leaves);
  bnb_json_number (&j, "leaves_stderr", c->exact ? 0 : c->leaves_stderr);
  bnb_json_number (&j, "nodes", c->nodes);
  bnb_json_number (&j, "nodes_stderr", c->exact ? 0 : c->nodes_stderr);
  bnb_json_number (&j, "dead_ends", c->dead_ends);
  bnb_json_uint (&j, "probes", c->probes);
  j.digits = 4; /* a time, not a count */
  bnb_json_number (&j, "seconds", c->seconds);
  j.digits = 17;
  /* kernels: null when the walk did not finish */
  if (w && w->complete)
    bnb_json_uint (&j, "kernels", g_hash_table_size (w->keys));
  else if (w)
    {
      bnb_json_string (&j, "kernels", NULL);
      bnb_json_uint (&j, "kernels_seen", g_hash_table_size (w->keys));
      bnb_json_number (&j, "kernels_leaves_walked", w->leaves);
    }
  bnb_json_close (&j, '}');
  printf ("%s\n", out->str);
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

static gboolean
write_keys (const char *path, GHashTable *keys, GError **error)
{
  g_autofree gpointer *list = g_hash_table_get_keys_as_array (keys, NULL);
  guint n = g_hash_table_size (keys);
  g_autoptr (GString) text = g_string_new (NULL);
  qsort (list, n, sizeof *list, compare_strings);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s\n", (const char *)list[i]);
  return g_file_set_contents (path, text->str, (gssize)text->len, error);
}

/* --tree: the kernel tree unless "full". */
static gboolean
choose_tree (BnbChoiceSpace *s, const char *tree, GError **error)
{
  if (tree == NULL || strcmp (tree, "kernels") == 0)
    bnb_codegen_use_kernel_tree (s);
  else if (strcmp (tree, "full") != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--tree: '%s' is neither 'kernels' nor 'full'", tree);
      return FALSE;
    }
  return TRUE;
}

gboolean
bnb_cmd_count (int argc, char **argv, GError **error)
{
  g_auto (CountOptions) o = { 0 };
  g_autoptr (GOptionContext) context = count_context (&o);
  g_autoptr (BnbIrKernel) k = NULL;
  g_autoptr (BnbChoiceSpace) s = NULL;
  g_autoptr (BnbChoiceNode) node = NULL;
  BnbChoiceCount c;
  if (!bnb_cli_parse (context, &argc, &argv, error)
      || !(k = bnb_cli_load_kernel (&o.c, NULL, error)))
    return FALSE;
  BnbChoiceLimits limits = bnb_cli_limits (&o.c);
  if (!(s = bnb_choice_space_new (k, &limits, error))
      || !choose_tree (s, o.tree, error)
      || !(node = bnb_cli_start_node (s, o.c.decisions, error)))
    return FALSE;
  if (o.keys_file && !o.kernels)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--keys needs --kernels (the keys are the kernels' code)");
      return FALSE;
    }
  bnb_choice_count (node, MAX (o.time_limit, 0), (guint)MAX (o.probes, 2),
                    (guint64)o.seed, &c);
  KernelWalk walk = { NULL, NULL, MAX (o.time_limit, 0), 0, FALSE };
  if (o.kernels)
    {
      walk.keys
          = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      walk.timer = g_timer_new ();
      /* only a tree the exact count walked: its leaves come quickly */
      walk.complete
          = c.exact && bnb_choice_foreach_leaf (node, add_kernel, &walk);
    }
  if (o.keys_file && !walk.complete)
    g_printerr ("bnbtune count: --keys: no file written, the kernels were "
                "not all counted\n");
  else if (o.keys_file && !write_keys (o.keys_file, walk.keys, error))
    return FALSE;
  if (o.json)
    print_count_json (k, s, &c, o.kernels ? &walk : NULL);
  else
    print_count_text (k, s, &c, o.kernels ? &walk : NULL);
  g_clear_pointer (&walk.keys, g_hash_table_unref);
  g_clear_pointer (&walk.timer, g_timer_destroy);
  return TRUE;
}

static void
print_structure (const BnbIrKernel *k)
{
  printf ("kernel %s: %u dims, %u instructions, %u values, %u "
          "communications\n",
          k->name, k->dims->len, k->insts->len, k->values->len, k->comms->len);
  for (guint i = 0; i < k->insts->len; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (k, i);
      printf ("  %-10s %-5s over", inst->name, bnb_ir_op_name (inst->op));
      for (guint d = 0; d < inst->n_dims; d++)
        printf (" %s", bnb_ir_dim (k, inst->dims[d])->name);
      printf ("\n");
    }
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      printf ("  %s[", bnb_ir_value (k, comm->value)->name);
      for (guint q = 0; q < comm->n_pairs; q++)
        printf ("%s%s -> %s", q ? ", " : "",
                bnb_ir_dim (k, comm->pairs[q][0])->name,
                bnb_ir_dim (k, comm->pairs[q][1])->name);
      printf ("]  %s -> %s\n", bnb_ir_inst (k, comm->producer)->name,
              bnb_ir_inst (k, comm->consumer)->name);
    }
}

gboolean
bnb_cmd_check (int argc, char **argv, GError **error)
{
  g_auto (CountOptions) o = { 0 };
  g_autoptr (GOptionContext) context = count_context (&o);
  g_autoptr (BnbIrKernel) k = NULL;
  g_autoptr (BnbChoiceSpace) s = NULL;
  g_autoptr (BnbChoiceNode) node = NULL;
  g_option_context_set_summary (context,
                                "Parses and binds a kernel, then prints its "
                                "structure and the open choices\nof its "
                                "root (or of the node --decisions make).");
  if (!bnb_cli_parse (context, &argc, &argv, error)
      || !(k = bnb_cli_load_kernel (&o.c, NULL, error)))
    return FALSE;
  BnbChoiceLimits limits = bnb_cli_limits (&o.c);
  if (!(s = bnb_choice_space_new (k, &limits, error))
      || !(node = bnb_cli_start_node (s, o.c.decisions, error)))
    return FALSE;
  print_structure (k);
  g_autofree char *text = bnb_choice_node_to_string (node, FALSE);
  g_auto (GStrv) clauses = g_strsplit (text, "; ", -1);
  printf ("choices (%u):\n", bnb_choice_space_n_choices (s));
  for (guint i = 0; clauses[i]; i++)
    printf ("  %s\n", clauses[i]);
  return TRUE;
}
