/* bnbtune explain: the model's bound of a node of a kernel's space on a
 * device, the term (equation and resource) that gives it, the next two,
 * with --children the bound of each child of the node's next choice, and
 * with --measure, for a leaf, its measured time beside the bound.
 * The device is an OpenCL device (--device, with its cached calibration)
 * or a description file (--device-file) for a device that is absent. */
#include "cli/cli.h"
#include "codegen/codegen.h"
#include "harness/harness.h"
#include "model/model.h"
#include "tune/tune.h"

#include <stdio.h>
#include <string.h>

#define MAX_DECISIONS_SHOWN 200

typedef struct {
  BnbCliOptions c;
  gboolean children;
  gboolean figures;
  gboolean measure;
} ExplainOptions;

static void
explain_options_clear (ExplainOptions *o)
{
  bnb_cli_options_clear (&o->c);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ExplainOptions, explain_options_clear)

static GOptionContext *
explain_context (ExplainOptions *o)
{
  GOptionEntry entries[] = {
    { "children", 'c', 0, G_OPTION_ARG_NONE, &o->children,
      "Also bound each child of the node's next open choice", NULL },
    { "figures", 0, 0, G_OPTION_ARG_NONE, &o->figures,
      "Also print the device figures the model uses", NULL },
    { "measure", 'm', 0, G_OPTION_ARG_NONE, &o->measure,
      "For a leaf on --device: run it and print its time beside the bound",
      NULL },
    { NULL },
  };
  GOptionContext *context
      = g_option_context_new ("- why the model bounds a node as it does");
  bnb_cli_options_add (
      context, &o->c,
      &(BnbCliTakes){
          .kernel = TRUE,
          .device = "An OpenCL device: an index, gpu, cpu or part of a name",
          .device_file = "A device description (e.g. data/devices/h100.ini)",
          .decisions = "The node: these decisions applied to the root" });
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context, "Prints the model's lower bound on the execution time of "
               "every candidate\nbelow a node of the space (the root, or "
               "the node --decisions makes),\nthe term that gives it and "
               "the next two.  See docs/model.md.");
  return context;
}

static gboolean
load_device (const ExplainOptions *o, BnbDeviceDesc *desc, GError **error)
{
  g_autofree char *reason = NULL;
  if (!o->c.device == !o->c.device_file)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   "give exactly one of --device SPEC and --device-file "
                   "FILE");
      return FALSE;
    }
  if (!bnb_tune_describe_device (o->c.device, o->c.device_file, desc, &reason,
                                 error))
    return FALSE;
  if (reason != NULL)
    fprintf (stderr, "bnbtune explain: %s\n", reason);
  return TRUE;
}

static void
print_seconds (double s)
{
  if (s >= 1e-3)
    printf ("%10.4g ms", s * 1e3);
  else
    printf ("%10.4g us", s * 1e6);
}

static void
print_term (const BnbModelExplain *e, BnbModelTerm t, const char *label)
{
  printf ("%-7s", label);
  print_seconds (e->values[t]);
  printf ("  %s%s%s: %s\n", bnb_model_term_name (t),
          *bnb_model_term_equation (t) ? " " : "", bnb_model_term_equation (t),
          bnb_model_term_resource (t));
}

static void
print_explain (const BnbModelExplain *e)
{
  print_term (e, e->term, "bound");
  print_term (e, e->next[0], "next");
  print_term (e, e->next[1], "");
  printf ("every term:\n");
  for (guint t = 0; t < BNB_MODEL_TERM_COUNT; t++)
    {
      printf ("  %-26s", bnb_model_term_name (t));
      print_seconds (e->values[t]);
      printf ("\n");
    }
}

static guint
n_decided (const BnbChoiceNode *node)
{
  const BnbChoiceSpace *s = bnb_choice_node_space (node);
  guint n = 0;
  for (guint ch = 0; ch < bnb_choice_space_n_choices (s); ch++)
    {
      BnbDomain d = bnb_choice_node_domain (node, ch);
      n += (d & (d - 1)) == 0;
    }
  return n;
}

static void
print_header (const BnbIrKernel *k, const BnbDeviceDesc *desc,
              const BnbChoiceNode *node, const char *decisions)
{
  const BnbChoiceSpace *s = bnb_choice_node_space (node);
  printf ("kernel %s (", k->name);
  for (guint p = 0; p < k->params->len; p++)
    printf ("%s%s=%" G_GINT64_FORMAT, p ? ", " : "", bnb_ir_param (k, p)->name,
            k->param_values[p]);
  printf (") on %s\n", desc->name);
  printf ("node: %.*s%s, %u of %u choices decided%s\n", MAX_DECISIONS_SHOWN,
          decisions ? decisions : "the root",
          decisions && strlen (decisions) > MAX_DECISIONS_SHOWN ? "..." : "",
          n_decided (node), bnb_choice_space_n_choices (s),
          bnb_choice_node_is_leaf (node) ? " (a leaf)" : "");
}

/* The alternatives a child of a split keeps, as "a|b". */
static char *
values_name (const BnbChoiceSpace *s, guint ch, BnbDomain keep)
{
  GString *text = g_string_new (NULL);
  for (guint v = 0; v < bnb_choice_n_values (s, ch); v++)
    if ((keep >> v) & 1)
      {
        g_autofree char *value = bnb_choice_value_name (s, ch, v);
        g_string_append_printf (text, "%s%s", text->len ? "|" : "", value);
      }
  return g_string_free (text, FALSE);
}

/* The children of the split the search makes at `node` (the tree of
 * kernels), each with its bound and the term behind it. */
static void
print_children (const BnbModel *model, const BnbChoiceNode *node)
{
  const BnbChoiceSpace *s = bnb_choice_node_space (node);
  BnbChoiceSplit split;
  BnbDomain keep;
  g_autofree char *name = NULL;
  g_autoptr (BnbChoiceNode) child = NULL;
  if (!bnb_choice_node_split (node, &split))
    {
      printf ("no children: the node's kernel is settled (a leaf of the "
              "tree of kernels)\n");
      return;
    }
  name = bnb_choice_name (s, split.choice);
  printf ("children on %s:\n", name);
  child = bnb_choice_node_copy (node);
  for (guint i = 0; (keep = bnb_choice_split_child (node, &split, i)); i++)
    {
      g_autofree char *value = values_name (s, split.choice, keep);
      BnbModelExplain e;
      bnb_choice_node_assign (child, node);
      printf ("  %-10s", value);
      if (bnb_choice_node_branch (child, split.choice, keep)
          == BNB_CHOICE_DEAD)
        {
          printf ("      dead\n");
          continue;
        }
      bnb_model_bound (model, child, &e);
      print_seconds (e.bound);
      printf ("  %s\n", bnb_model_term_name (e.term));
    }
}

static void
print_figures (const BnbModelFigures *f)
{
  printf ("device figures (docs/model.md):\n"
          "  %s, %.0f units x %.0f partitions, %.0f-wide warps, clock "
          "%.4g GHz\n",
          f->gpu ? "GPU" : "CPU", f->units, f->partitions, f->simd,
          f->clock_hz * 1e-9);
  printf ("  FP32 %.4g TFLOP/s, DRAM %.4g TB/s, L1 path %.4g TB/s, local "
          "%.4g TB/s\n",
          f->fp32_flops * 1e-12, f->dram_bytes_s * 1e-12,
          f->cache_bytes_s * 1e-12, f->local_bytes_s * 1e-12);
  printf ("  on chip at most %.4g MiB, launch at least %.4g us, issue "
          "bound %s\n",
          f->on_chip_bytes / (1024.0 * 1024), f->launch_s * 1e6,
          f->issue_bound ? "yes" : "no");
  if (f->mem_warps > 0)
    printf ("  memory instructions at most %.4g warp instructions per cycle "
            "per unit\n",
            f->mem_warps);
  else
    printf ("  memory instructions: no load/store unit figure, not "
            "bounded\n");
  if (f->group_rate > 0)
    printf ("  work-groups started at most %.4g per second\n", f->group_rate);
  else
    printf ("  work-group starts: no figure, not bounded\n");
  printf ("  local accesses whose address holds a local id: merged into at "
          "most %.4g bytes%s\n",
          f->merge_bytes, f->merge_bytes < 16 ? "" : " (no figure)");
  if (f->barrier_step_s > 0)
    printf ("  a loop step split by a barrier at least %.4g us\n",
            f->barrier_step_s * 1e6);
  else
    printf ("  barrier steps: no figure, not bounded\n");
  if (f->line_bytes > 0)
    printf ("  a global load takes a cycle per %.4g-byte L1 line its warp "
            "touches (%.4g for 8- and 16-byte loads)\n",
            f->line_bytes, f->wide_line_cycles);
  else
    printf ("  L1 lines: no figure, sectors only\n");
  if (f->banks > 0)
    printf ("  local memory: %.4g banks of %.4g bytes, one distinct word a "
            "bank a cycle\n",
            f->banks, f->bank_bytes);
  else
    printf ("  local memory banks: no figure, bytes only\n");
}

/* Runs a leaf through a harness that borrows the kernel already parsed
 * (no journal: a fresh measurement). */
static gboolean
measure_leaf (const ExplainOptions *o, const BnbIrKernel *k, const char *text,
              const BnbChoiceNode *leaf, double bound, GError **error)
{
  BnbHarnessOptions ho;
  g_autoptr (BnbHarness) h = NULL;
  g_autoptr (BnbCodegenProgram) prog = NULL;
  g_autoptr (BnbEvaluation) e = NULL;
  g_autofree char *summary = NULL;
  if (!o->c.device || !bnb_choice_node_is_leaf (leaf))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   "--measure needs --device and a leaf (every choice "
                   "decided)");
      return FALSE;
    }
  bnb_harness_options_init (&ho);
  if (!(h = bnb_harness_new_bound (o->c.kernel, text, k, FALSE, o->c.device,
                                   &ho, error))
      || !(prog = bnb_codegen_generate (leaf, error))
      || !(e = bnb_harness_evaluate (h, prog, FALSE, error)))
    return FALSE;
  summary = bnb_evaluation_summary (e);
  printf ("measured %s\n", summary);
  if (e->outcome == BNB_OUTCOME_OK)
    printf ("measured / bound = %.4g%s\n", e->median_s / bound,
            e->median_s < bound ? "  (VIOLATION: below the bound)" : "");
  return TRUE;
}

gboolean
bnb_cmd_explain (int argc, char **argv, GError **error)
{
  g_auto (ExplainOptions) o = { 0 };
  g_autoptr (GOptionContext) context = explain_context (&o);
  g_autoptr (BnbIrKernel) k = NULL;
  g_autofree char *text = NULL;
  g_autoptr (BnbChoiceSpace) s = NULL;
  g_autoptr (BnbChoiceNode) node = NULL;
  g_autoptr (BnbModel) model = NULL;
  BnbDeviceDesc desc;
  BnbChoiceLimits limits;
  BnbModelExplain e;
  if (!bnb_cli_parse (context, &argc, &argv, error)
      || !load_device (&o, &desc, error))
    return FALSE;
  limits = bnb_cli_device_limits (&o.c, &desc);
  if (!(k = bnb_cli_load_kernel (&o.c, &text, error))
      || !(s = bnb_codegen_space_new (k, &limits, error))
      || !(node = bnb_cli_start_node (s, o.c.decisions, error))
      || !(model = bnb_model_new (s, &desc, error)))
    return FALSE;
  /* as the search sees it: no work-group dim that no candidate has */
  if (bnb_choice_node_shave_groups (node) == BNB_CHOICE_DEAD)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   "no candidate lies below the node");
      return FALSE;
    }
  bnb_model_bound (model, node, &e);
  print_header (k, &desc, node, o.c.decisions);
  print_explain (&e);
  if (o.figures)
    print_figures (bnb_model_figures (model));
  if (o.children)
    print_children (model, node);
  return !o.measure || measure_leaf (&o, k, text, node, e.bound, error);
}
