/* bnbtune's command line: a table of subcommands, each a function that
 * parses its own options and reports failure through a GError, printed
 * once, here.  Exit codes: 0 success, 1 a failure while working (a kernel
 * that does not parse, an empty space), 2 a usage error (options, or a
 * --size that binds no parameter or an impossible value), 130 a search
 * interrupted (Ctrl-C) after writing what it found. */
#include "bnb/bnb.h"
#include "cli/cli.h"
#include "tune/tune.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  const char *name;
  BnbCmdFunc func;
  const char *summary;
} BnbCmd;

static const BnbCmd commands[] = {
  { "tune", bnb_cmd_tune,
    "search a kernel's space for its fastest candidate (the default)" },
  { "compare", bnb_cmd_compare,
    "several strategies on one space at one budget" },
  { "count", bnb_cmd_count,
    "size of a kernel's optimization space: candidates and tree nodes" },
  { "check", bnb_cmd_check,
    "parse and bind a kernel, print its structure and its choices" },
  { "devices", bnb_cmd_devices,
    "OpenCL devices: their index, limits and peak rates" },
  { "explain", bnb_cmd_explain,
    "the model's lower bound of a node and the term behind it" },
  { "run", bnb_cmd_run,
    "build, run, time and verify one candidate on a device" },
  { "emit", bnb_cmd_emit, "write one candidate's OpenCL source" },
  { "export", bnb_cmd_export, "a journal as a Kernel Tuner cache file" },
  { "worker", bnb_cmd_worker, NULL }, /* hidden: the harness's worker */
};

static void
print_usage (FILE *out)
{
  fprintf (out, "Usage: bnbtune --kernel FILE [--device SPEC] [OPTION...]\n"
                "   or: bnbtune COMMAND [OPTION...]\n\n"
                "bnbtune finds the fastest OpenCL implementation of a kernel "
                "in an\noptimization space (docs/ir.md) by branch and "
                "bound.\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (commands[i].summary)
      fprintf (out, "  %-8s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nWithout a command, bnbtune runs 'tune'.  'bnbtune "
                "COMMAND --help' lists a\ncommand's options; 'bnbtune tune "
                "--help-all' every option of the search;\n'bnbtune --version' "
                "the version.\n");
}

static const BnbCmd *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

/* The library's notices (g_message: a calibration about to run) read as
 * the program's own lines; everything else as GLib writes it, on stderr
 * (stdout is the summary's). */
static GLogWriterOutput
write_log (GLogLevelFlags level, const GLogField *fields, gsize n_fields,
           gpointer data)
{
  if ((level & G_LOG_LEVEL_MASK) == G_LOG_LEVEL_MESSAGE)
    for (gsize i = 0; i < n_fields; i++)
      if (strcmp (fields[i].key, "MESSAGE") == 0)
        {
          fprintf (stderr, "bnbtune: %s\n", (const char *)fields[i].value);
          return G_LOG_WRITER_HANDLED;
        }
  return g_log_writer_default (level, fields, n_fields, data);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  const BnbCmd *cmd;
  g_log_set_writer_func (write_log, NULL, NULL);
  g_log_writer_default_set_use_stderr (TRUE);
  if (argc < 2 || strcmp (argv[1], "--help") == 0
      || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? 2 : 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("bnbtune %s\n", BNB_VERSION);
      return 0;
    }
  cmd = argv[1][0] == '-' ? find_command ("tune") : find_command (argv[1]);
  if (!cmd)
    {
      fprintf (stderr, "bnbtune: unknown command '%s'\n\n", argv[1]);
      print_usage (stderr);
      return 2;
    }
  /* each search of a compare builds its own kernels (the harnesses forget
   * theirs as a search begins, docs/search.md): the drivers' caches on
   * disk would hand a later search an earlier one's builds.  Set before
   * MPI, OpenCL or any thread starts, and inherited by the workers; a
   * value the user set stays */
  if (strcmp (cmd->name, "compare") == 0)
    {
      g_setenv ("CUDA_CACHE_DISABLE", "1", FALSE);
      g_setenv ("POCL_KERNEL_CACHE", "0", FALSE);
    }
  /* the searches may run over MPI ranks (tune/ranks.c); never the
   * harness's workers */
  gboolean ranks = strcmp (cmd->name, "tune") == 0
                   || strcmp (cmd->name, "compare") == 0;
  if (ranks && !bnb_ranks_init (&argc, &argv, &error))
    {
      fprintf (stderr, "bnbtune %s: %s\n", cmd->name, error->message);
      bnb_ranks_finish ();
      return 1;
    }
  gboolean ok = argv[1][0] == '-' ? cmd->func (argc, argv, &error)
                                  : cmd->func (argc - 1, argv + 1, &error);
  if (ranks)
    bnb_ranks_finish ();
  if (!ok)
    {
      if (bnb_ranks_rank () > 0)
        fprintf (stderr, "bnbtune %s (rank %u): %s\n", cmd->name,
                 bnb_ranks_rank (), error->message);
      else
        fprintf (stderr, "bnbtune %s: %s\n", cmd->name, error->message);
      if (g_error_matches (error, BNB_SEARCH_ERROR,
                           BNB_SEARCH_ERROR_INTERRUPTED))
        return 130;
      return error->domain == G_OPTION_ERROR ? 2 : 1;
    }
  return 0;
}
