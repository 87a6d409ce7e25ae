/* bnbtune --kernel FILE --device N: the search.  One strategy (branch and
 * bound by default) over a kernel's space on a device, or on a simulated
 * device (--device-file FILE.ini); `bnbtune compare` runs several strategies
 * and seeds at one budget.  Prints a summary, writes a report directory
 * with --report.  Exit status: 0 a best candidate was found (proven or
 * not), 1 none ran correctly or the tool failed, 2 a usage error, 130
 * interrupted by Ctrl-C. */
#include "tune/tune.h"
#include "cli/cli.h"
#include "ir/ir.h"

#include <errno.h>
#include <glib-unix.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  BnbCliOptions c;
  char *strategy;
  char *strategies;
  char *budget;
  char *report;
  char *journal;
  gint64 seed;
  gint seeds;
  gboolean resume;
  gboolean no_journal;
  gboolean quiet;
  gboolean verbose;
  gboolean in_process;
  double margin;
  char *order;
  char **start_from; /* --start-from files */
  GStrv starts;      /* their nodes, read by load_starts */
  double timeout;
  double build_timeout;
  double spread;
  double failure_rate;
  double exact_rate;
  gint threads;
  gint repetitions;
  gint warmup;
  gint final_candidates;
  gint workers;
  gint ahead;
  gboolean built_first;
} TuneOptions;

static void
tune_options_clear (TuneOptions *o)
{
  bnb_cli_options_clear (&o->c);
  g_free (o->strategy);
  g_free (o->order);
  g_free (o->strategies);
  g_free (o->budget);
  g_free (o->report);
  g_free (o->journal);
  g_strfreev (o->start_from);
  g_strfreev (o->starts);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TuneOptions, tune_options_clear)

static void
add_device_entries (GOptionContext *context, TuneOptions *o)
{
  GOptionEntry entries[] = {
    /* the name of --device-file before `explain` and `devices` had it */
    { "simulate", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME,
      &o->c.device_file, "The old name of --device-file", "FILE" },
    { "budget", 'b', 0, G_OPTION_ARG_STRING, &o->budget,
      "Stop early: N evaluations, a time (90s, 20m, 2h), or both as "
      "N,TIME (default: none; the search runs to its end)",
      "BUDGET" },
    { "report", 'o', 0, G_OPTION_ARG_FILENAME, &o->report,
      "Write report.json, evaluations.csv, pruning.csv, best.cl and SVG "
      "plots into DIR",
      "DIR" },
    { "resume", 0, 0, G_OPTION_ARG_NONE, &o->resume,
      "Reuse the evaluations the journal has instead of running them again; "
      "bnb starts from the journal's fastest leaf in the space",
      NULL },
    { NULL },
  };
  bnb_cli_options_add (
      context, &o->c,
      &(BnbCliTakes){
          .kernel = TRUE,
          .device = BNB_CLI_DEVICES_HELP,
          .device_file = "Simulate the device described by FILE (e.g. "
                         "data/devices/h100.ini) instead of opening one: "
                         "each leaf takes its bound times a seeded factor; "
                         "nothing is compiled",
          .decisions = "Search only below the node these decisions make" });
  g_option_context_add_main_entries (context, entries, NULL);
}

static void
add_search_entries (GOptionContext *context, TuneOptions *o)
{
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &o->seed,
      "Seed of the strategies' random draws and of the inputs (default 1)",
      "S" },
    { "journal", 'j', 0, G_OPTION_ARG_FILENAME, &o->journal,
      "The journal (default: under $XDG_DATA_HOME/bnbtune/journal/)", "PATH" },
    { "no-journal", 0, 0, G_OPTION_ARG_NONE, &o->no_journal,
      "Neither read nor write a journal", NULL },
    { "start-from", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &o->start_from,
      "Branch and bound: evaluate first the leaves of the nodes in FILE, "
      "one node's decisions a line (a winner's, e.g. of a smaller size), "
      "each completed by a greedy descent by bound, or a journal (--journal; "
      "its 8 fastest kernels); a node with no candidate at these sizes is "
      "left out (may be repeated)",
      "FILE" },
    { "margin", 0, 0, G_OPTION_ARG_DOUBLE, &o->margin,
      "Branch and bound: cut nodes whose bound is above (1 - M) times the "
      "best time; the answer is then proven within M (default 0)",
      "M" },
    { "order", 0, 0, G_OPTION_ARG_STRING, &o->order,
      "Branch and bound: which open node next, 'bound' (least bound "
      "first), 'learned' (per choice of tile sizes, least bound times "
      "the least measured/bound seen there; docs/search.md), 'occupancy' "
      "(as learned, per choice of tile sizes and warps per scheduler, and "
      "under it per design, each design tried before the best is worked "
      "through) or 'dives' (by bound, each node taken diving to a leaf, "
      "equal bounds decided by the times measured so far) (default: "
      "occupancy on a GPU, dives on a CPU)",
      "ORDER" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &o->threads,
      "Threads expanding and bounding nodes (default: processors)", "N" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet,
      "No progress line (it is only shown on a terminal anyway)", NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &o->verbose,
      "Each phase of the run with its time on stderr (the device "
      "described, each worker started and stopped, the search, the "
      "report), with the other debug messages (as G_MESSAGES_DEBUG=all)",
      NULL },
    { NULL },
  };
  GOptionGroup *group
      = g_option_group_new ("search",
                            "Search options:", "Show the search's options", o,
                            NULL);
  g_option_group_add_entries (group, entries);
  g_option_context_add_group (context, group);
}

static void
add_run_entries (GOptionContext *context, TuneOptions *o)
{
  GOptionEntry entries[] = {
    { "repetitions", 'r', 0, G_OPTION_ARG_INT, &o->repetitions,
      "Timed launches per candidate; the median counts (default 10)", "R" },
    { "warmup", 0, 0, G_OPTION_ARG_INT, &o->warmup,
      "Untimed launches first (default 2)", "W" },
    { "final", 0, 0, G_OPTION_ARG_INT, &o->final_candidates,
      "The best N are measured again with 50 repetitions before the winner "
      "is named (default 3)",
      "N" },
    { "timeout", 't', 0, G_OPTION_ARG_DOUBLE, &o->timeout,
      "Seconds a candidate's runs may take until a best is known; then 4 "
      "times the best per launch, its first launch (a late compile on "
      "PoCL) still S (default 10)",
      "S" },
    { "build-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &o->build_timeout,
      "Seconds a candidate's build may take from its own start before it "
      "counts as timed out; it may first wait as long for its worker's "
      "other builds (default 300)",
      "S" },
    { "workers", 0, 0, G_OPTION_ARG_INT, &o->workers,
      "Worker processes building candidates in parallel, per device "
      "(default: 1 on a CPU; on a GPU one per processor, at most 8, or for "
      "one GPU half the processors, at most 16, where that is more)",
      "N" },
    { "ahead", 0, 0, G_OPTION_ARG_INT, &o->ahead,
      "Branch and bound: leaves sent to each device ahead of their turn, so "
      "that their builds run while earlier ones run (default 4 per worker, "
      "at least 16); those a better time cuts on their way were built for "
      "nothing (the summary's \"sent then cut\")",
      "N" },
    { "built-first", 0, 0, G_OPTION_ARG_NONE, &o->built_first,
      "Branch and bound: a device runs first those of its leaves already "
      "built (each worker is asked between runs), instead of the order "
      "they were sent, so that one slow build does not hold up the leaves "
      "built behind it",
      NULL },
    { "in-process", 0, 0, G_OPTION_ARG_NONE, &o->in_process,
      "Run candidates in this process (no watchdog)", NULL },
    { "spread", 0, 0, G_OPTION_ARG_DOUBLE, &o->spread,
      "With --device-file: time = bound * (1 + SPREAD * u^2) (default 1)",
      "SPREAD" },
    { "failure-rate", 0, 0, G_OPTION_ARG_DOUBLE, &o->failure_rate,
      "With --device-file: the share of leaves that fail (default 0.02)",
      "P" },
    { "exact-rate", 0, 0, G_OPTION_ARG_DOUBLE, &o->exact_rate,
      "With --device-file: the share of leaves whose time is their bound "
      "(default 0.1)",
      "P" },
    { NULL },
  };
  GOptionGroup *group
      = g_option_group_new ("run", "Running candidates:",
                            "Show the options of running candidates", o, NULL);
  g_option_group_add_entries (group, entries);
  g_option_context_add_group (context, group);
}

static void
tune_defaults (TuneOptions *o)
{
  o->seed = 1;
  o->seeds = 3;
  o->timeout = 10;
  o->build_timeout = 300;
  o->spread = 1;
  o->failure_rate = 0.02;
  o->exact_rate = 0.1;
  o->repetitions = 10;
  o->warmup = 2;
  o->final_candidates = 3;
  o->threads = (gint)g_get_num_processors ();
}

static gboolean
usage (GError **error, const char *message)
{
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s", message);
  return FALSE;
}

static gboolean
parse_duration (const char *text, double *seconds)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);
  double unit = g_str_equal (end, "s")   ? 1
                : g_str_equal (end, "m") ? 60
                : g_str_equal (end, "h") ? 3600
                                         : 0;
  *seconds = v * unit;
  return end != text && unit > 0 && v > 0;
}

/* "2000", "300s", "2000,20m". */
static gboolean
parse_budget (const char *text, BnbSearchOptions *s, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *p = g_strstrip (parts[i]);
      guint64 n;
      if (g_ascii_string_to_unsigned (p, 10, 1, G_MAXUINT64, &n, NULL))
        s->max_evaluations = n;
      else if (!parse_duration (p, &s->max_seconds))
        return usage (error, "--budget takes a number of evaluations, a "
                             "time such as 90s, 20m or 2h, or both as "
                             "N,TIME");
    }
  return TRUE;
}

static gboolean
check_tune_options (const TuneOptions *o, GError **error)
{
  if (o->c.kernel == NULL)
    return usage (error, "--kernel FILE is required");
  if (o->c.device != NULL && o->c.device_file != NULL)
    return usage (error, "give --device or --device-file, not both");
  if (o->repetitions < 1 || o->warmup < 0 || o->timeout <= 0
      || o->build_timeout <= 0 || o->final_candidates < 0 || o->threads < 1
      || o->seeds < 1)
    return usage (error, "--repetitions, --threads and --seeds must be at "
                         "least 1, --warmup and --final at least 0, "
                         "--timeout and --build-timeout positive");
  if (o->spread < 0 || o->failure_rate < 0 || o->failure_rate >= 1
      || o->exact_rate < 0 || o->exact_rate > 1)
    return usage (error, "--spread must be >= 0, --failure-rate in [0, 1) "
                         "and --exact-rate in [0, 1]");
  if (o->margin < 0 || o->margin >= 1)
    return usage (error, "--margin must be in [0, 1)");
  if (o->order != NULL
      && bnb_node_order_from_name (o->order) == BNB_NODE_ORDER_COUNT)
    return usage (error, "--order must be bound, learned, occupancy or dives");
  BnbSearchOptions trial;
  bnb_search_options_init (&trial);
  if (o->budget != NULL && !parse_budget (o->budget, &trial, error))
    return FALSE;
  return TRUE;
}

/* The search's options for a device of `desc`.  The default order: on a
 * GPU the occupancy order, whose whole-space searches beat or matched the
 * order by bound at every size measured; on a CPU, whose bounds are all
 * alike, the order of dives, led by the times measured where the bounds
 * tell nothing (docs/search.md). */
static gboolean
search_options (const TuneOptions *o, const BnbDeviceDesc *desc,
                BnbSearchOptions *s, GError **error)
{
  bnb_search_options_init (s);
  s->seed = (guint64)o->seed;
  s->threads = (guint)o->threads;
  s->margin = o->margin;
  s->order = o->order != NULL ? bnb_node_order_from_name (o->order)
             : desc->type == BNB_DEVICE_TYPE_GPU ? BNB_NODE_ORDER_OCCUPANCY
                                                 : BNB_NODE_ORDER_DIVES;
  s->final_candidates = (guint)o->final_candidates;
  s->starts = (const char *const *)o->starts;
  if (o->budget != NULL && !parse_budget (o->budget, s, error))
    return FALSE;
  return TRUE;
}

/* ---- The session ----------------------------------------------------- */

typedef BnbTuneSession Session;

/* --report DIR is made (or found writable) before the search, so that a
 * long search does not end on an unwritable directory. */
static gboolean
check_report_dir (const TuneOptions *o, GError **error)
{
  if (o->report == NULL)
    return TRUE;
  if (g_mkdir_with_parents (o->report, 0777) != 0
      || access (o->report, W_OK) != 0)
    {
      int saved = errno;
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--report %s: %s", o->report, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static Session *
session_open (const TuneOptions *o, GError **error)
{
  BnbTuneOptions t;
  if (!check_report_dir (o, error))
    return NULL;
  if (o->verbose)
    {
      /* before any thread starts; the workers inherit it */
      g_setenv ("G_MESSAGES_DEBUG", "all", TRUE);
      g_log_set_debug_enabled (TRUE);
    }
  bnb_tune_options_init (&t);
  t.kernel_path = o->c.kernel;
  t.sizes = o->c.sizes;
  t.device = o->c.device;
  t.simulate = o->c.device_file;
  t.simulate_seed = (guint64)o->seed;
  t.spread = o->spread;
  t.failure_rate = o->failure_rate;
  t.exact_rate = o->exact_rate;
  t.decisions = o->c.decisions;
  t.every_design = o->c.every_design;
  t.max_unrolled = (guint)MAX (o->c.max_unrolled, 1);
  t.ahead = (guint)MAX (o->ahead, 0);
  t.built_first = o->built_first;
  t.harness.repetitions = (guint)o->repetitions;
  t.harness.warmup = (guint)o->warmup;
  t.harness.timeout_s = o->timeout;
  t.harness.build_timeout_s = o->build_timeout;
  t.harness.seed = (guint64)o->seed;
  t.harness.in_process = o->in_process;
  t.harness.workers = (guint)MAX (o->workers, 0);
  t.journal = o->journal;
  t.no_journal = o->no_journal || bnb_ranks_rank () > 0;
  t.resume = o->resume;
  Session *s = bnb_tune_session_open (&t, error);
  if (s == NULL && bnb_ranks_rank () > 0)
    bnb_ranks_hello_failed (*error);
  if (s == NULL || bnb_ranks_rank () > 0)
    return s;
  if (s->device_reason != NULL)
    fprintf (stderr, "bnbtune: device: %s\n", s->device_reason);
  if (s != NULL && s->journal != NULL
      && bnb_journal_repair_note (s->journal) != NULL)
    fprintf (stderr, "bnbtune: warning: journal %s: %s\n",
             bnb_journal_path (s->journal),
             bnb_journal_repair_note (s->journal));
  return s;
}

/* ---- Progress, figures of merit, output ----------------------------- */

static void
format_time (char *buf, gsize size, double s)
{
  if (!isfinite (s))
    g_snprintf (buf, size, "-");
  else if (s >= 1e-3)
    g_snprintf (buf, size, "%.3f ms", s * 1e3);
  else
    g_snprintf (buf, size, "%.2f us", s * 1e6);
}

static void
show_progress (gpointer data, const BnbSearchProgress *p)
{
  char best[32], open[32], eta[32] = "";
  format_time (best, sizeof best, p->best_s);
  format_time (open, sizeof open, p->lowest_open_s);
  if (isfinite (p->budget_fraction) && p->budget_fraction > 0.01)
    g_snprintf (eta, sizeof eta, "  budget %.0f%%, ETA %.0f s",
                100 * fmin (p->budget_fraction, 1),
                p->elapsed_s * (1 - fmin (p->budget_fraction, 1))
                    / p->budget_fraction);
  fprintf (stderr,
           "\r\033[K[%s] %.0f s  nodes %" G_GUINT64_FORMAT
           "  queue %" G_GUINT64_FORMAT "  leaves %" G_GUINT64_FORMAT
           " (%" G_GUINT64_FORMAT " copies)  best %s  open >= %s%s",
           bnb_strategy_name (p->strategy), p->elapsed_s, p->nodes, p->queued,
           p->evaluations, p->same_kernel, best, open, eta);
  fflush (stderr);
}

static void
end_progress (const BnbSearchOptions *s)
{
  if (s->progress != NULL)
    fprintf (stderr, "\n");
}

static double
inst_iterations (const BnbIrKernel *k, const BnbIrInst *inst)
{
  gboolean seen[64] = { FALSE };
  double n = 1;
  for (guint d = 0; d < inst->n_dims; d++)
    {
      guint l = bnb_ir_dim (k, inst->dims[d])->logical;
      if (l < G_N_ELEMENTS (seen) && !seen[l])
        n *= (double)bnb_ir_logical_size (k, l);
      if (l < G_N_ELEMENTS (seen))
        seen[l] = TRUE;
    }
  return n;
}

/* Floating-point operations of one run (an FMA counting 2). */
static double
kernel_flops (const BnbIrKernel *k)
{
  double flops = 0;
  for (guint i = 0; i < k->insts->len; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (k, i);
      if (inst->op == BNB_IR_OP_LOAD || inst->op == BNB_IR_OP_STORE
          || inst->op == BNB_IR_OP_MOV)
        continue;
      flops += inst_iterations (k, inst) * (inst->op == BNB_IR_OP_FMA ? 2 : 1);
    }
  return flops;
}

/* Each input read once, each output written once. */
static double
kernel_bytes (const BnbIrKernel *k)
{
  double bytes = 0;
  for (guint a = 0; a < k->arrays->len; a++)
    {
      const BnbIrArray *array = bnb_ir_array (k, a);
      double size = (double)bnb_ir_array_elements (k, a)
                    * (array->type == BNB_IR_F64 ? 8 : 4);
      bytes += size * (array->mode == BNB_IR_INOUT ? 2 : 1);
    }
  return bytes;
}

/* The winner's code (its source and loop nest), or NULL. */
static BnbCodegenProgram *
best_program (const Session *s, const BnbSearchResult *r)
{
  if (r->best_decisions == NULL)
    return NULL;
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_node_copy (s->root);
  if (!bnb_choice_node_apply_string (leaf, r->best_decisions, NULL))
    return NULL;
  return bnb_codegen_generate (leaf, NULL);
}

static void
report_info (const TuneOptions *o, const Session *s, const char *command,
             const BnbCodegenProgram *best, BnbReportInfo *info)
{
  *info = (BnbReportInfo){
    .kernel_path = o->c.kernel,
    .kernel_name = s->kernel->name,
    .sizes = o->c.sizes ? o->c.sizes : "defaults",
    .device = s->evaluator->name,
    .flops = kernel_flops (s->kernel),
    .bytes = kernel_bytes (s->kernel),
    .best_source = best ? best->source : NULL,
    .best_nest = best ? best->nest : NULL,
    .command = command,
    .journal = s->journal ? bnb_journal_path (s->journal) : NULL,
    .every_design = bnb_choice_space_every_design (s->space),
    .below_decisions = o->c.decisions != NULL,
  };
}

/* The report of the runs so far, if --report asks for one: after each
 * run of a compare (so that a compare cut short, killed or out of time,
 * leaves the table of the runs it finished) and at the end. */
static gboolean
write_report (const TuneOptions *o, const BnbReportInfo *info,
              GPtrArray *results, GError **error)
{
  return o->report == NULL
         || bnb_report_write (o->report, info,
                              (BnbSearchResult *const *)results->pdata,
                              results->len, error);
}

static gboolean
write_partial_report (const TuneOptions *o, const Session *s,
                      GPtrArray *results, const char *command, GError **error)
{
  BnbReportInfo info;
  if (o->report == NULL)
    return TRUE;
  g_autoptr (BnbCodegenProgram) best = best_program (s, results->pdata[0]);
  report_info (o, s, command, best, &info);
  return write_report (o, &info, results, error);
}

static gboolean
finish (const TuneOptions *o, const Session *s, GPtrArray *results,
        const char *command, GError **error)
{
  if (results->len == 0)
    {
      g_set_error_literal (error, BNB_SEARCH_ERROR,
                           BNB_SEARCH_ERROR_INTERRUPTED,
                           "interrupted before any search ran");
      return FALSE;
    }
  BnbSearchResult *first = results->pdata[0];
  gint64 start = g_get_monotonic_time ();
  g_autoptr (BnbCodegenProgram) best = best_program (s, first);
  BnbReportInfo info;
  report_info (o, s, command, best, &info);
  g_autofree char *summary
      = bnb_report_summary (&info, (BnbSearchResult *const *)results->pdata,
                            results->len);
  fputs (summary, stdout);
  if (!write_report (o, &info, results, error))
    return FALSE;
  g_debug ("report: written in %.3f s",
           (g_get_monotonic_time () - start) * 1e-6);
  if (o->report != NULL)
    printf ("report: %s\n", o->report);
  if (bnb_tune_session_interrupted (s))
    {
      g_set_error_literal (error, BNB_SEARCH_ERROR,
                           BNB_SEARCH_ERROR_INTERRUPTED,
                           "interrupted: the summary and the report hold "
                           "what was searched");
      return FALSE;
    }
  for (guint i = 0; i < results->len; i++)
    if (((BnbSearchResult *)results->pdata[i])->best_decisions != NULL)
      return TRUE;
  g_set_error_literal (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_EMPTY,
                       bnb_search_result_why_no_best (results->pdata[0]));
  return FALSE;
}

/* Ctrl-C while searching: the first stops the search cleanly (the
 * evaluation in flight too, through the harness's deadline) so that the
 * summary and the report are written, marked interrupted; a second ends
 * the process at once.  GLib's signal source runs the callback on a
 * thread of its own, not in the signal handler. */
typedef struct {
  Session *session;
  GMainContext *context;
  GMainLoop *loop;
  GThread *thread;
} Interrupt;

static gboolean
on_sigint (gpointer data)
{
  Interrupt *in = data;
  if (bnb_tune_session_interrupted (in->session))
    _exit (130);
  bnb_tune_session_interrupt (in->session);
  g_printerr ("\nbnbtune: interrupted: stopping the search and writing "
              "what it found (Ctrl-C again to quit at once)\n");
  return G_SOURCE_CONTINUE;
}

static gpointer
interrupt_main (gpointer data)
{
  g_main_loop_run (data);
  return NULL;
}

static void
interrupt_start (Interrupt *in, Session *s)
{
  GSource *source = g_unix_signal_source_new (SIGINT);
  in->session = s;
  in->context = g_main_context_new ();
  g_source_set_callback (source, on_sigint, in, NULL);
  g_source_attach (source, in->context);
  g_source_unref (source);
  in->loop = g_main_loop_new (in->context, FALSE);
  in->thread = g_thread_new ("bnb-sigint", interrupt_main, in->loop);
}

static gboolean
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* The quit goes through the loop's own context: a g_main_loop_quit made
 * before the thread reaches g_main_loop_run would be lost, and the join
 * would wait for ever. */
static void
interrupt_clear (Interrupt *in)
{
  if (in->thread == NULL)
    return;
  g_main_context_invoke (in->context, quit_loop, in->loop);
  g_thread_join (in->thread);
  g_main_loop_unref (in->loop);
  g_main_context_unref (in->context);
  in->thread = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Interrupt, interrupt_clear)

/* The kernels a journal given to --start-from starts from: its fastest. */
#define JOURNAL_STARTS 8

/* --start-from: each file's lines, but blank ones and # comments, are
 * nodes' decisions; a bnbtune journal gives the decisions of its
 * JOURNAL_STARTS fastest leaves of this kernel instead (of other sizes,
 * say: bnb_journal_read_fastest), "FILE, its N-th fastest" in messages.
 * One that names no choice or alternative of the space is an error
 * (FILE:LINE), or left out from a journal (written for another text of
 * the kernel); one that leaves no candidate at these sizes (a winner of
 * other sizes may) is left out, with a message. */
static gboolean
load_starts (TuneOptions *o, const Session *s, GError **error)
{
  g_autoptr (GPtrArray) starts = g_ptr_array_new_with_free_func (g_free);
  for (char **f = o->start_from; f != NULL && *f != NULL; f++)
    {
      g_autofree char *text = NULL;
      if (!g_file_get_contents (*f, &text, NULL, error))
        return FALSE;
      g_auto (GStrv) lines = NULL;
      gboolean journal = g_str_has_prefix (text, "{\"journal\":\"bnbtune\"");
      if (journal)
        {
          lines = bnb_journal_read_fastest (*f, s->kernel->name,
                                            JOURNAL_STARTS, error);
          if (lines == NULL)
            return FALSE;
          if (lines[0] == NULL)
            g_printerr ("bnbtune: --start-from %s: no leaf of %s ran right "
                        "in this journal\n",
                        *f, s->kernel->name);
        }
      else
        lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          char *line = g_strstrip (lines[i]);
          if (*line == '\0' || *line == '#')
            continue;
          g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (s->root);
          g_autoptr (GError) e = NULL;
          g_autofree char *where
              = journal ? g_strdup_printf ("%s, its fastest leaf %u", *f, i + 1)
                        : g_strdup_printf ("%s:%u", *f, i + 1);
          if (bnb_choice_node_apply_string (node, line, &e))
            {
              g_ptr_array_add (starts, g_strdup (line));
              continue;
            }
          if (!journal
              && !g_error_matches (e, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           "--start-from %s: %s", where, e->message);
              return FALSE;
            }
          g_printerr ("bnbtune: --start-from %s left out: %s\n", where,
                      e->message);
        }
    }
  g_ptr_array_add (starts, NULL);
  g_strfreev (o->starts);
  o->starts = (GStrv)g_ptr_array_free (g_steal_pointer (&starts), FALSE);
  return TRUE;
}

static BnbSearchResult *
run_one (const TuneOptions *o, Session *s, BnbStrategy strategy, guint64 seed,
         GError **error)
{
  BnbSearchOptions so;
  if (!search_options (o, &s->desc, &so, error))
    return NULL;
  so.strategy = strategy;
  so.seed = seed;
  if (!o->quiet && isatty (STDERR_FILENO))
    so.progress = show_progress;
  gint64 start = g_get_monotonic_time ();
  BnbSearchResult *r = bnb_tune_session_search (s, &so, error);
  end_progress (&so);
  g_debug ("search: %.3f s", (g_get_monotonic_time () - start) * 1e-6);
  return r;
}

/* One line per finished run, so that a compare cut short still says
 * what it measured (its report, with --report, is written before). */
static void
print_done (const BnbSearchResult *r)
{
  char best[32];
  format_time (best, sizeof best, r->best_s);
  printf ("done: %s seed %" G_GUINT64_FORMAT
          ": best %s after %" G_GUINT64_FORMAT " evaluations, %.1f s%s\n",
          bnb_strategy_name (r->strategy), r->seed, best, r->evaluations,
          r->total_s, r->proven ? ", proven" : "");
  fflush (stdout);
}

static char *
command_line (int argc, char **argv)
{
  GString *s = g_string_new ("bnbtune");
  for (int i = 0; i < argc; i++)
    {
      g_autofree char *q = g_shell_quote (argv[i]);
      g_string_append_printf (s, " %s", q);
    }
  return g_string_free (s, FALSE);
}

/* ---- The commands ---------------------------------------------------- */

static GOptionContext *
tune_context (TuneOptions *o)
{
  GOptionEntry entries[] = {
    { "strategy", 'S', 0, G_OPTION_ARG_STRING, &o->strategy,
      "bnb (branch and bound, the default), exhaustive, random, genetic, "
      "nelder-mead or coordinate",
      "NAME" },
    { NULL },
  };
  GOptionContext *context
      = g_option_context_new ("--kernel FILE [--device SPEC] - find the "
                              "fastest candidate");
  add_device_entries (context, o);
  g_option_context_add_main_entries (context, entries, NULL);
  add_search_entries (context, o);
  add_run_entries (context, o);
  g_option_context_set_summary (
      context,
      "Searches the kernel's optimization space (docs/ir.md) for its "
      "fastest\ncandidate on a device.  Branch and bound prunes every node "
      "whose lower\nbound (docs/model.md) is not below the best time "
      "measured; when it ends\nwithout a budget stopping it, the winner is "
      "proven best in the space.\nEvery candidate timed is verified against "
      "a reference and kept in a\njournal (docs/harness.md).  Exit status: "
      "0 a winner was found, 1 no\ncandidate ran correctly or the tool "
      "failed, 2 a usage error, 130 interrupted\n(the first Ctrl-C stops "
      "the search and writes what it found).");
  return context;
}

gboolean
bnb_cmd_tune (int argc, char **argv, GError **error)
{
  g_auto (TuneOptions) o = { 0 };
  tune_defaults (&o);
  g_autoptr (GOptionContext) context = tune_context (&o);
  g_autofree char *command = command_line (argc - 1, argv + 1);
  if (!bnb_cli_parse (context, &argc, &argv, error)
      || !check_tune_options (&o, error))
    return FALSE;
  BnbStrategy strategy
      = o.strategy ? bnb_strategy_from_name (o.strategy) : BNB_STRATEGY_BNB;
  if (strategy == BNB_STRATEGY_COUNT)
    return usage (error, "--strategy takes bnb, exhaustive, random, "
                         "genetic, nelder-mead or coordinate");
  g_autoptr (BnbTuneSession) s = session_open (&o, error);
  if (s == NULL || !load_starts (&o, s, error))
    return FALSE;
  if (bnb_ranks_rank () > 0) /* under MPI: rank 0 searches */
    return bnb_ranks_serve (s, error);
  g_auto (Interrupt) in = { 0 };
  interrupt_start (&in, s);
  g_autoptr (GPtrArray) results
      = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                            bnb_search_result_free);
  BnbSearchResult *r = run_one (&o, s, strategy, (guint64)o.seed, error);
  if (r == NULL)
    return FALSE;
  g_ptr_array_add (results, r);
  return finish (&o, s, results, command, error);
}

static GOptionContext *
compare_context (TuneOptions *o)
{
  GOptionEntry entries[] = {
    { "strategies", 0, 0, G_OPTION_ARG_STRING, &o->strategies,
      "Comma-separated strategies (default: bnb,random,genetic,"
      "nelder-mead,coordinate)",
      "LIST" },
    { "seeds", 0, 0, G_OPTION_ARG_INT, &o->seeds,
      "Seeds per strategy other than bnb: SEED, SEED+1, ... (default 3)",
      "N" },
    { NULL },
  };
  GOptionContext *context
      = g_option_context_new ("--kernel FILE [--device SPEC] - several "
                              "strategies at one budget");
  add_device_entries (context, o);
  g_option_context_add_main_entries (context, entries, NULL);
  add_search_entries (context, o);
  add_run_entries (context, o);
  g_option_context_set_summary (
      context,
      "Runs each strategy (and each seed of the random ones) on the same "
      "space,\ndevice and budget, one after the other, and prints for each "
      "the best\ntime, its ratio to the best of all, and the evaluations it "
      "needed to come\nwithin 5% of it.  The journal is shared, so "
      "measurements are not repeated\nwith --resume.  The first strategy is "
      "the one the report's summary is about.");
  return context;
}

static gboolean
parse_strategies (const char *text, GArray *out, GError **error)
{
  g_auto (GStrv) names
      = g_strsplit (text ? text : "bnb,random,genetic,nelder-mead,coordinate",
                    ",", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      BnbStrategy s = bnb_strategy_from_name (g_strstrip (names[i]));
      if (s == BNB_STRATEGY_COUNT)
        return usage (error, "--strategies takes names among bnb, "
                             "exhaustive, random, genetic, nelder-mead and "
                             "coordinate");
      g_array_append_val (out, s);
    }
  if (out->len == 0)
    return usage (error, "--strategies names no strategy");
  return TRUE;
}

gboolean
bnb_cmd_compare (int argc, char **argv, GError **error)
{
  g_auto (TuneOptions) o = { 0 };
  tune_defaults (&o);
  g_autoptr (GOptionContext) context = compare_context (&o);
  g_autofree char *command = command_line (argc, argv);
  g_autoptr (GArray) strategies
      = g_array_new (FALSE, FALSE, sizeof (BnbStrategy));
  if (!bnb_cli_parse (context, &argc, &argv, error)
      || !check_tune_options (&o, error)
      || !parse_strategies (o.strategies, strategies, error))
    return FALSE;
  g_autoptr (BnbTuneSession) s = session_open (&o, error);
  if (s == NULL || !load_starts (&o, s, error))
    return FALSE;
  if (bnb_ranks_rank () > 0) /* under MPI: rank 0 searches */
    return bnb_ranks_serve (s, error);
  g_auto (Interrupt) in = { 0 };
  interrupt_start (&in, s);
  g_autoptr (GPtrArray) results
      = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                            bnb_search_result_free);
  guint runs = 0;
  for (guint i = 0; i < strategies->len; i++)
    {
      BnbStrategy st = g_array_index (strategies, BnbStrategy, i);
      runs += st == BNB_STRATEGY_BNB || st == BNB_STRATEGY_EXHAUSTIVE
                  ? 1
                  : (guint)o.seeds;
    }
  fprintf (stderr,
           "bnbtune compare: %u runs (%u strategies, %d seeds of "
           "each randomized one), each %s%s\n",
           runs, strategies->len, o.seeds,
           o.budget ? "with the budget " : "to its end (no --budget)",
           o.budget ? o.budget : "");
  for (guint i = 0; i < strategies->len && !bnb_tune_session_interrupted (s);
       i++)
    {
      BnbStrategy st = g_array_index (strategies, BnbStrategy, i);
      guint n = st == BNB_STRATEGY_BNB || st == BNB_STRATEGY_EXHAUSTIVE
                    ? 1
                    : (guint)o.seeds;
      for (guint k = 0; k < n && !bnb_tune_session_interrupted (s); k++)
        {
          BnbSearchResult *r = run_one (&o, s, st, (guint64)o.seed + k, error);
          if (r == NULL)
            return FALSE;
          g_ptr_array_add (results, r);
          if (!write_partial_report (&o, s, results, command, error))
            return FALSE;
          print_done (r);
        }
    }
  return finish (&o, s, results, command, error);
}
