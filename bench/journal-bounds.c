/* The bound of many leaves at once, for bench/model-ratios.py: reads
 * lines "DECISIONS" on stdin and prints, for each, "BOUND_S\tTERM" (or
 * "-\tERROR" where the decisions name no leaf of the space), bounding
 * each with the model of DEVICE.ini.  Every design is allowed (a
 * journal may hold kernels the design rules leave out).  One process
 * bounds thousands of leaves a second where `bnbtune explain` takes a
 * process each.
 *
 *   make build/release/bench/journal-bounds
 *   build/release/bench/journal-bounds KERNEL SIZES DEVICE.ini < lines
 */
#include "codegen/codegen.h"
#include "model/model.h"

#include <stdio.h>

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) k = NULL;
  g_autoptr (BnbChoiceSpace) s = NULL;
  g_autoptr (BnbChoiceNode) root = NULL;
  g_autoptr (BnbModel) model = NULL;
  BnbDeviceDesc desc;
  BnbChoiceLimits limits;
  char *line = NULL;
  size_t cap = 0;
  if (argc != 4)
    {
      fprintf (stderr, "usage: %s KERNEL SIZES DEVICE.ini < decisions\n",
               argv[0]);
      return 2;
    }
  if (!bnb_device_desc_load_file (argv[3], &desc, &error))
    g_error ("%s", error->message);
  limits = bnb_device_desc_limits (&desc);
  limits.every_design = TRUE;
  if (!(k = bnb_ir_kernel_parse_file (argv[1], &error))
      || (*argv[2] && !bnb_ir_kernel_bind (k, argv[2], &error))
      || !(s = bnb_codegen_space_new (k, &limits, &error))
      || !(root = bnb_choice_node_root (s, &error))
      || !(model = bnb_model_new (s, &desc, &error)))
    g_error ("%s", error->message);
  while (getline (&line, &cap, stdin) > 0)
    {
      g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (root);
      g_autoptr (GError) e = NULL;
      BnbModelExplain x;
      g_strchomp (line);
      if (!bnb_choice_node_apply_string (node, line, &e))
        {
          printf ("-\t%s\n", e->message);
          continue;
        }
      double bound = bnb_model_bound (model, node, &x);
      printf ("%.9g\t%s\n", bound, bnb_model_term_name (x.term));
    }
  free (line);
  return 0;
}
