/* bnbtune export: a journal in another tool's format (Kernel Tuner's
 * cache file; harness/export.c). */
#include "cli/cli.h"
#include "harness/harness.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  char *journal;
  char *format;
  char *sizes;
  char *output;
  double max_combinations;
} ExportOptions;

static void
export_options_clear (ExportOptions *o)
{
  g_clear_pointer (&o->journal, g_free);
  g_clear_pointer (&o->format, g_free);
  g_clear_pointer (&o->sizes, g_free);
  g_clear_pointer (&o->output, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ExportOptions, export_options_clear)

static GOptionContext *
export_context (ExportOptions *o)
{
  GOptionEntry entries[] = {
    { "journal", 'j', 0, G_OPTION_ARG_FILENAME, &o->journal,
      "The journal to export (required; a search's --journal, or the "
      "default path its summary names)",
      "FILE" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format,
      "kernel-tuner: a Kernel Tuner cache file, for "
      "kernel_tuner.tune_cache (the default and only format)",
      "FORMAT" },
    { "size", 's', 0, G_OPTION_ARG_STRING, &o->sizes,
      "The sizes to export, as the journal writes them "
      "(M=1024,N=1024,K=1024), where it holds several",
      "NAME=N,..." },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output,
      "Write to FILE (default: standard output)", "FILE" },
    { "max-combinations", 0, 0, G_OPTION_ARG_DOUBLE, &o->max_combinations,
      "Every choice that varies is a parameter while the product of their "
      "numbers of values is at most N (default 1e6), else the tile sizes "
      "and a variant index",
      "N" },
    { NULL },
  };
  GOptionContext *context
      = g_option_context_new ("- a journal for other tools");
  o->max_combinations = 1e6;
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context,
      "Writes the evaluations of a journal as a Kernel Tuner cache file: one "
      "entry per\ndistinct kernel, its parameters the choices that vary "
      "between them (or, when\nthose are too many for Kernel Tuner's "
      "simulation to enumerate, the tile sizes\nand a variant index), times "
      "in milliseconds.  Kernel Tuner's simulation mode\nreads it back: "
      "kernel_tuner.tune_cache(FILE, strategy=...).");
  return context;
}

gboolean
bnb_cmd_export (int argc, char **argv, GError **error)
{
  g_auto (ExportOptions) o = { 0 };
  g_autoptr (GOptionContext) context = export_context (&o);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *note = NULL;
  if (!bnb_cli_parse (context, &argc, &argv, error))
    return FALSE;
  if (!o.journal)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   "--journal FILE is required");
      return FALSE;
    }
  if (o.format && strcmp (o.format, "kernel-tuner") != 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "unknown --format '%s' (kernel-tuner is the one there is)",
                   o.format);
      return FALSE;
    }
  if (!(o.max_combinations >= 1))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--max-combinations must be at least 1");
      return FALSE;
    }
  if (!bnb_journal_export_kernel_tuner (o.journal, o.sizes, o.max_combinations,
                                        out, &note, error))
    return FALSE;
  if (note)
    fprintf (stderr, "bnbtune export: %s\n", note);
  if (!o.output)
    {
      if (fputs (out->str, stdout) == EOF || fflush (stdout) != 0)
        {
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                       "cannot write to standard output: %s",
                       g_strerror (errno));
          return FALSE;
        }
      return TRUE;
    }
  return g_file_set_contents (o.output, out->str, (gssize)out->len, error);
}
