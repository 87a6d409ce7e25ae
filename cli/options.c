/* The options the commands share (cli.h), and what follows from them: the
 * kernel loaded and bound, the device limits, the node to start from. */
#include "cli/cli.h"
#include "tune/tune.h"

void
bnb_cli_options_add (GOptionContext *context, BnbCliOptions *o,
                     const BnbCliTakes *takes)
{
  BnbChoiceLimits def = bnb_choice_limits_default ();
  const GOptionEntry all[] = {
    { "kernel", 'k', 0, G_OPTION_ARG_FILENAME, &o->kernel,
      "The kernel's .ir file (required)", "FILE" },
    { "size", 's', 0, G_OPTION_ARG_STRING, &o->sizes,
      "Problem sizes, e.g. M=1024,N=1024,K=1024 (default: the file's)",
      "NAME=N,..." },
    { "max-work-group-size", 0, 0, G_OPTION_ARG_INT, &o->max_work_group_size,
      "Work-items per work-group (default 1024)", "N" },
    { "local-mem-size", 0, 0, G_OPTION_ARG_INT64, &o->local_mem_size,
      "Bytes of local memory per work-group (default 49152)", "BYTES" },
    { "device", 'd', 0, G_OPTION_ARG_STRING, &o->device, takes->device,
      "SPEC" },
    { "device-file", 0, 0, G_OPTION_ARG_FILENAME, &o->device_file,
      takes->device_file, "FILE" },
    { "decisions", 0, 0, G_OPTION_ARG_STRING, &o->decisions, takes->decisions,
      "\"CHOICE=VALUE; ...\"" },
    { "every-design", 0, 0, G_OPTION_ARG_NONE, &o->every_design,
      "Every design the kernel and the device allow: no design rule "
      "narrows the space (docs/space.md, \"Design rules\"; the rules are "
      "a GPU's: on a CPU device every design is searched anyway)",
      NULL },
    { "max-unrolled", 0, 0, G_OPTION_ARG_INT, &o->max_unrolled,
      "Copies of one instruction that its unrolled dims may make together "
      "(default 1024; 512 leaves out the largest register tiles, whose "
      "builds take seconds)",
      "N" },
  };
  const gboolean taken[G_N_ELEMENTS (all)]
      = { takes->kernel,           takes->kernel,
          takes->limits,           takes->limits,
          takes->device != NULL,   takes->device_file != NULL,
          takes->decisions != NULL, takes->kernel, takes->kernel };
  GOptionEntry entries[G_N_ELEMENTS (all) + 1];
  guint n = 0;
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (taken[i])
      entries[n++] = all[i];
  entries[n] = (GOptionEntry){ NULL };
  o->max_work_group_size = (gint)def.max_work_group_size;
  o->local_mem_size = (gint64)def.local_mem_bytes;
  o->max_unrolled = (gint)def.max_unrolled;
  g_option_context_add_main_entries (context, entries, NULL);
}

void
bnb_cli_options_clear (BnbCliOptions *o)
{
  g_clear_pointer (&o->kernel, g_free);
  g_clear_pointer (&o->sizes, g_free);
  g_clear_pointer (&o->device, g_free);
  g_clear_pointer (&o->device_file, g_free);
  g_clear_pointer (&o->decisions, g_free);
}

BnbIrKernel *
bnb_cli_load_kernel (const BnbCliOptions *o, char **text, GError **error)
{
  if (!o->kernel)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   "--kernel FILE is required");
      return NULL;
    }
  return bnb_tune_load_kernel (o->kernel, o->sizes, text, error);
}

BnbChoiceLimits
bnb_cli_limits (const BnbCliOptions *o)
{
  BnbChoiceLimits l = bnb_choice_limits_default ();
  l.max_work_group_size = (guint)MAX (o->max_work_group_size, 1);
  for (guint h = 0; h < 3; h++)
    l.max_work_item_sizes[h]
        = MIN (l.max_work_item_sizes[h], l.max_work_group_size);
  l.local_mem_bytes = (guint64)MAX (o->local_mem_size, 0);
  l.every_design = o->every_design;
  l.max_unrolled = (guint)MAX (o->max_unrolled, 1);
  return l;
}

BnbChoiceLimits
bnb_cli_device_limits (const BnbCliOptions *o, const BnbDeviceDesc *desc)
{
  BnbChoiceLimits l = bnb_device_desc_limits (desc);
  l.every_design |= o->every_design;
  l.max_unrolled = (guint)MAX (o->max_unrolled, 1);
  return l;
}

gboolean
bnb_cli_parse (GOptionContext *context, int *argc, char ***argv,
               GError **error)
{
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  if (*argc > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "unexpected argument '%s'", (*argv)[1]);
      return FALSE;
    }
  return TRUE;
}

BnbChoiceNode *
bnb_cli_start_node (const BnbChoiceSpace *s, const char *decisions,
                    GError **error)
{
  return bnb_tune_start_node (s, decisions, error);
}
