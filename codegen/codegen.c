/* bnb_codegen_generate: lower, print, and say how to launch. */
#include "codegen/codegen-private.h"

/* SHA-256 of what the device runs: the code after the header comment, the
 * launch sizes and the scratch buffers. */
static char *
kernel_key (const BnbCodegenProgram *prog, gsize code_start)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr (GString) launch = g_string_new (NULL);
  g_string_append_printf (launch, "global %zu %zu %zu local %zu %zu %zu",
                          prog->global_size[0], prog->global_size[1],
                          prog->global_size[2], prog->local_size[0],
                          prog->local_size[1], prog->local_size[2]);
  for (guint i = 0; i < prog->n_scratch; i++)
    g_string_append_printf (launch, " scratch %zu", prog->scratch_bytes[i]);
  g_string_append_c (launch, '\n');
  g_checksum_update (sum, (const guchar *)launch->str, (gssize)launch->len);
  g_checksum_update (sum, (const guchar *)prog->source + code_start, -1);
  return g_strdup (g_checksum_get_string (sum));
}

/* Which choices are always printed: every value of each gives other
 * code. */
static gboolean
always_printed (BnbChoiceType type)
{
  return type == BNB_CHOICE_TILE || type == BNB_CHOICE_KIND
         || type == BNB_CHOICE_MEM;
}

/* Reads an open node as lowering and printing would.  Beyond what
 * lowering reads, the printer reads the tile sizes, the kinds and the
 * memory spaces (which the tree decides first) and the storage of each
 * temporary (its fused pairs, which lowering read, and its padding),
 * which is read here instead of printing the code.  tests/test-codegen.c
 * holds the tree to that: its leaves print every kernel, once. */
static void
read_code (const BnbChoiceNode *node, BnbChoiceReader *reader)
{
  g_autoptr (BnbCgLowered) low = bnb_cg_lower_open (node, NULL);
  BnbStorageLevel levels[2 * BNB_IR_MAX_INST_DIMS];
  BnbPad pad;
  if (low == NULL)
    return;
  for (guint t = 0;
       t < bnb_choice_space_n_temps (low->space) && !low->reader.open; t++)
    bnb_choice_read_storage (&low->reader, t, levels, &pad);
  *reader = low->reader;
}

gboolean
bnb_codegen_split (const BnbChoiceNode *node, BnbChoiceSplit *split,
                   gpointer data)
{
  const BnbChoiceSpace *space = bnb_choice_node_space (node);
  guint next = bnb_choice_node_next_open (node);
  BnbChoiceReader reader = { node, FALSE, { 0, 0 } };
  if (next == G_MAXUINT)
    return FALSE;
  if (always_printed (bnb_choice_type (space, next)))
    {
      *split = (BnbChoiceSplit){ next, 0 };
      return TRUE;
    }
  read_code (node, &reader);
  *split = reader.split;
  return reader.open;
}

void
bnb_codegen_use_kernel_tree (BnbChoiceSpace *space)
{
  bnb_choice_space_set_splitter (space, bnb_codegen_split, NULL);
}

BnbChoiceSpace *
bnb_codegen_space_new (const BnbIrKernel *kernel,
                       const BnbChoiceLimits *limits, GError **error)
{
  BnbChoiceSpace *space = bnb_choice_space_new (kernel, limits, error);
  if (space != NULL)
    bnb_codegen_use_kernel_tree (space);
  return space;
}

/* The loop nest as one line (BnbCodegenProgram.nest): an instruction by
 * its name, a barrier as "barrier", a loop as "k.0 { ... }" (unrolled and
 * vector loops marked so), a loop whose one child is a loop of its kind
 * joined with it ("unroll m.1@acc, n.1@acc { acc }"), siblings by ", "
 * (no ';': a Design line is one clause of --decisions). */
static void
append_nest (GString *s, const BnbCgLowered *low, const BnbCgNode *node)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      const BnbCgNode *c = node->children->pdata[i];
      if (i)
        g_string_append (s, ", ");
      if (c->type == BNB_CG_INST)
        g_string_append (s, bnb_ir_inst (low->kernel, c->index)->name);
      else if (c->type == BNB_CG_BARRIER)
        g_string_append (s, "barrier");
      else if (c->type == BNB_CG_LOOP)
        {
          BnbKind kind = low->classes[c->index].kind;
          g_string_append (s, kind == BNB_KIND_UNROLL   ? "unroll "
                              : kind == BNB_KIND_VECTOR ? "vector "
                                                        : "");
          for (;;)
            {
              g_string_append (s, bnb_ir_dim (low->kernel,
                                              low->classes[c->index].rep)
                                      ->name);
              const BnbCgNode *only
                  = c->children->len == 1 ? c->children->pdata[0] : NULL;
              if (!only || only->type != BNB_CG_LOOP
                  || low->classes[only->index].kind != kind)
                break;
              g_string_append (s, ", ");
              c = only;
            }
          g_string_append (s, " { ");
          append_nest (s, low, c);
          g_string_append (s, " }");
        }
    }
}

BnbCodegenProgram *
bnb_codegen_generate (const BnbChoiceNode *leaf, GError **error)
{
  g_autoptr (BnbCgLowered) low = bnb_cg_lower (leaf, error);
  if (!low)
    return NULL;
  g_autoptr (GArray) scratch = g_array_new (FALSE, FALSE, sizeof (gsize));
  BnbCodegenProgram *prog = g_new0 (BnbCodegenProgram, 1);
  gsize code_start = 0;
  prog->source = bnb_cg_print (low, scratch, &code_start);
  prog->kernel_name = g_strdup_printf ("bnb_%s", low->kernel->name);
  for (guint h = 0; h < 3; h++)
    {
      prog->local_size[h] = low->local_size[h];
      prog->global_size[h] = low->local_size[h] * low->groups[h];
    }
  prog->zeroed = low->zeroed;
  prog->n_scratch = scratch->len;
  prog->scratch_bytes
      = (gsize *)g_array_free (g_steal_pointer (&scratch), FALSE);
  prog->decisions = bnb_choice_node_to_string (leaf, TRUE);
  prog->kernel_key = kernel_key (prog, code_start);
  GString *nest = g_string_new (NULL);
  append_nest (nest, low, low->root);
  prog->nest = g_string_free (nest, FALSE);
  return prog;
}

void
bnb_codegen_program_free (BnbCodegenProgram *prog)
{
  if (!prog)
    return;
  g_free (prog->source);
  g_free (prog->kernel_name);
  g_free (prog->scratch_bytes);
  g_free (prog->decisions);
  g_free (prog->kernel_key);
  g_free (prog->nest);
  g_free (prog);
}
