/* bnb_codegen_generate: lower, print, and say how to launch. */
#include "codegen/codegen-private.h"

BnbCodegenProgram *
bnb_codegen_generate (const BnbChoiceNode *leaf, GError **error)
{
  g_autoptr (BnbCgLowered) low = bnb_cg_lower (leaf, error);
  if (!low)
    return NULL;
  g_autoptr (GArray) scratch = g_array_new (FALSE, FALSE, sizeof (gsize));
  BnbCodegenProgram *prog = g_new0 (BnbCodegenProgram, 1);
  prog->source = bnb_cg_print (low, scratch);
  prog->kernel_name = g_strdup_printf ("bnb_%s", low->kernel->name);
  for (guint h = 0; h < 3; h++)
    {
      prog->local_size[h] = low->local_size[h];
      prog->global_size[h] = low->local_size[h] * low->groups[h];
    }
  prog->n_scratch = scratch->len;
  prog->scratch_bytes = (gsize *)g_array_free (g_steal_pointer (&scratch),
                                               FALSE);
  prog->decisions = bnb_choice_node_to_string (leaf, TRUE);
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
  g_free (prog);
}
