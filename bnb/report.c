/* The report of a run (docs/report.md): report.json, evaluations.csv,
 * pruning.csv, best.cl and three SVG plots in one directory, and the
 * human summary printed at the end.  Each file is made in memory by one
 * function of (info, results) and written with g_file_set_contents, so a
 * report is never left half written.  JSON is written by hand: nested,
 * indented, strings escaped as RFC 8259 requires, non-finite numbers as
 * null.  CSV follows RFC 4180 (quoted fields, doubled quotes) with "\n"
 * line ends; a value that does not exist is an empty field.
 */
#include "bnb/bnb.h"
#include "bnb/svg.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#define REPORT_SCHEMA "bnbtune-report/1"
#define WITHIN 0.05
#define SUMMARY_LABEL 12
#define SUMMARY_WIDTH 78
#define BEST_LOG_X_MIN 100
#define BEST_LOG_X_RATIO 10
#define BOUND_PLOT_POINTS 2000

typedef char *(*ReportFileFunc) (const BnbReportInfo *info,
                                 BnbSearchResult *const *results, guint n);

/* ---- The files ---------------------------------------------------------- */

static char *report_json (const BnbReportInfo *info,
                          BnbSearchResult *const *results, guint n);
static char *evaluations_csv (const BnbReportInfo *info,
                              BnbSearchResult *const *results, guint n);
static char *pruning_csv (const BnbReportInfo *info,
                          BnbSearchResult *const *results, guint n);
static char *plot_best (const BnbReportInfo *info,
                        BnbSearchResult *const *results, guint n);
static char *plot_pruned (const BnbReportInfo *info,
                          BnbSearchResult *const *results, guint n);
static char *plot_bound (const BnbReportInfo *info,
                         BnbSearchResult *const *results, guint n);
static char *best_cl (const BnbReportInfo *info,
                      BnbSearchResult *const *results, guint n);

/* Each file and what makes it; a maker that gives NULL means no such
 * file in this report, and one left by an earlier report is removed. */
static const struct {
  const char *name;
  ReportFileFunc make;
} report_files[] = {
  { "report.json", report_json },
  { "evaluations.csv", evaluations_csv },
  { "pruning.csv", pruning_csv },
  { "best-vs-evaluations.svg", plot_best },
  { "pruned-per-depth.svg", plot_pruned },
  { "bound-vs-measured.svg", plot_bound },
  { "best.cl", best_cl },
};

/* ---- What the files share ----------------------------------------------- */

static double
overall_best (BnbSearchResult *const *results, guint n)
{
  double best = INFINITY;
  for (guint i = 0; i < n; i++)
    best = MIN (best, results[i]->best_s);
  return best;
}

static BNB_GIVE char *
series_name (const BnbSearchResult *r)
{
  return g_strdup_printf ("%s, seed %" G_GUINT64_FORMAT,
                          bnb_strategy_name (r->strategy), r->seed);
}

/* Per second of `best_s`, in units of 1e9: GFLOP/s or GB/s; NAN when
 * either is unknown. */
static double
giga_rate (double amount, double best_s)
{
  if (amount <= 0 || !isfinite (best_s) || best_s <= 0)
    return NAN;
  return amount / best_s / 1e9;
}

/* Whether `r` has branch-and-bound statistics: some node was created. */
static gboolean
has_depths (const BnbSearchResult *r)
{
  for (guint d = 0; d < r->depths->len; d++)
    if (g_array_index (r->depths, BnbSearchDepth, d).created > 0)
      return TRUE;
  return FALSE;
}

static double
reduction_factor (const BnbSearchResult *r)
{
  return r->evaluations > 0 ? r->space_size / (double)r->evaluations : NAN;
}

/* Evaluations that built and ran a kernel in this search: not answered by
 * the journal or by an identical kernel, and not a final re-measure. */
static guint64
kernels_run (const BnbSearchResult *r)
{
  guint64 n = 0;
  for (guint i = 0; i < r->records->len; i++)
    {
      const BnbSearchRecord *rec
          = &g_array_index (r->records, BnbSearchRecord, i);
      n += !rec->from_journal && !rec->same_kernel && !rec->final;
    }
  return n;
}

/* ---- JSON (the one writer, harness.h) ------------------------------------
 */

/* A count where 0 means "none": null. */
static void
json_index (BnbJson *j, const char *key, guint64 value)
{
  if (value == 0)
    bnb_json_string (j, key, NULL);
  else
    bnb_json_uint (j, key, value);
}

/* ---- report.json -------------------------------------------------------- */

static void
json_info (BnbJson *j, const BnbReportInfo *info, double best)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *created = g_date_time_format_iso8601 (now);
  bnb_json_string (j, "schema", REPORT_SCHEMA);
  bnb_json_string (j, "created", created);
  bnb_json_string (j, "command", info->command);
  bnb_json_string (j, "kernel_name", info->kernel_name);
  bnb_json_string (j, "kernel_path", info->kernel_path);
  bnb_json_string (j, "sizes", info->sizes);
  bnb_json_string (j, "device", info->device);
  bnb_json_number (j, "flops", info->flops > 0 ? info->flops : NAN);
  bnb_json_number (j, "bytes", info->bytes > 0 ? info->bytes : NAN);
  bnb_json_string (j, "best_source", info->best_source ? "best.cl" : NULL);
  bnb_json_string (j, "best_nest", info->best_nest);
  bnb_json_bool (j, "design_rules", !info->every_design);
  bnb_json_bool (j, "below_decisions", info->below_decisions);
  bnb_json_number (j, "overall_best_s", best);
}

/* The first kernel the search timed that ran correctly (not a final
 * re-measure), or NULL: what the winner is measured against, since a
 * search starts from a plain kernel (the first dive's). */
static const BnbSearchRecord *
first_timed (const BnbSearchResult *r)
{
  guint64 i = bnb_search_result_evaluations_to (r, INFINITY, 0);
  return i >= 1 && i <= r->records->len
             ? &g_array_index (r->records, BnbSearchRecord, i - 1)
             : NULL;
}

static void
json_best (BnbJson *j, const BnbReportInfo *info, const BnbSearchResult *r,
           double overall)
{
  const BnbSearchRecord *first = first_timed (r);
  bnb_json_string (j, "strategy", bnb_strategy_name (r->strategy));
  bnb_json_uint (j, "seed", r->seed);
  bnb_json_string (j, "order", r->order);
  bnb_json_number (j, "best_s", r->best_s);
  bnb_json_number (j, "best_bound_s", r->best_bound_s);
  bnb_json_number (j, "best_over_bound", r->best_s / r->best_bound_s);
  bnb_json_string (j, "best_decisions", r->best_decisions);
  json_index (j, "best_index", r->best_index);
  bnb_json_number (j, "gflops", giga_rate (info->flops, r->best_s));
  bnb_json_number (j, "gbytes_s", giga_rate (info->bytes, r->best_s));
  bnb_json_number (j, "ratio_to_overall_best", r->best_s / overall);
  bnb_json_number (j, "first_s", first ? first->time_s : NAN);
  json_index (j, "first_index", first ? first->index : 0);
  /* the driver's figures for the winner's kernel, null when unknown */
  const BnbSearchRecord *best
      = r->best_index >= 1 && r->best_index <= r->records->len
            ? &g_array_index (r->records, BnbSearchRecord, r->best_index - 1)
            : NULL;
  bnb_json_number (j, "best_private_mem_bytes",
                   best && best->private_mem_bytes >= 0
                       ? best->private_mem_bytes
                       : NAN);
  bnb_json_number (j, "best_local_mem_bytes",
                   best && best->local_mem_bytes >= 0 ? best->local_mem_bytes
                                                      : NAN);
  bnb_json_number (j, "best_kernel_work_group_size",
                   best && best->kernel_work_group_size >= 0
                       ? best->kernel_work_group_size
                       : NAN);
}

static void
json_proof (BnbJson *j, const BnbSearchResult *r, double overall)
{
  bnb_json_bool (j, "proven", r->proven);
  bnb_json_number (j, "lowest_open_s", r->lowest_open_s);
  bnb_json_number (j, "gap",
                   isfinite (r->lowest_open_s) ? r->best_s / r->lowest_open_s
                                               : NAN);
  bnb_json_bool (j, "budget_hit", r->budget_hit);
  bnb_json_bool (j, "interrupted", r->interrupted);
  bnb_json_number (j, "space_size", r->space_size);
  bnb_json_bool (j, "space_exact", r->space_exact);
  bnb_json_number (j, "reduction_factor", reduction_factor (r));
  bnb_json_uint (j, "evaluations", r->evaluations);
  bnb_json_uint (j, "same_kernel", r->same_kernel);
  bnb_json_uint (j, "kernels_run", kernels_run (r));
  json_index (j, "evaluations_to_5pct",
              bnb_search_result_evaluations_to (r, overall, WITHIN));
  bnb_json_uint (j, "records", r->records->len);
}

static void
json_counts (BnbJson *j, const BnbSearchResult *r)
{
  bnb_json_open (j, "outcomes", '{');
  for (guint o = 0; o < BNB_OUTCOME_COUNT; o++)
    bnb_json_uint (j, bnb_outcome_name (o), r->outcomes[o]);
  bnb_json_close (j, '}');
  bnb_json_uint (j, "violations", r->violations);
  bnb_json_uint (j, "nodes", r->nodes);
  bnb_json_uint (j, "plunges", r->plunges);
  bnb_json_uint (j, "sent_cut", r->sent_cut);
  bnb_json_number (j, "model_s", r->model_s);
  bnb_json_number (j, "propagate_s", r->propagate_s);
  bnb_json_number (j, "compile_s", r->compile_s);
  bnb_json_number (j, "run_s", r->run_s);
  bnb_json_number (j, "build_wait_s", r->build_wait_s);
  if (r->strategy == BNB_STRATEGY_BNB)
    bnb_json_number (j, "leaf_wait_s", r->leaf_wait_s);
  bnb_json_number (j, "total_s", r->total_s);
}

static void
json_depths (BnbJson *j, const BnbSearchResult *r)
{
  bnb_json_open (j, "depths", '[');
  for (guint d = 0; d < r->depths->len; d++)
    {
      const BnbSearchDepth *s = &g_array_index (r->depths, BnbSearchDepth, d);
      bnb_json_open (j, NULL, '{');
      bnb_json_uint (j, "depth", d);
      bnb_json_uint (j, "created", s->created);
      bnb_json_uint (j, "cuts", s->cuts);
      bnb_json_uint (j, "dead", s->dead);
      bnb_json_number (j, "pruned", s->pruned);
      bnb_json_bool (j, "pruned_estimated", s->pruned_estimated);
      bnb_json_uint (j, "leaves", s->leaves);
      bnb_json_close (j, '}');
    }
  bnb_json_close (j, ']');
}

static BNB_GIVE char *
report_json (const BnbReportInfo *info, BnbSearchResult *const *results,
             guint n)
{
  BnbJson j;
  double best = overall_best (results, n);
  bnb_json_init (&j, g_string_new (NULL), BNB_JSON_PRETTY);
  j.digits = 10;
  bnb_json_open (&j, NULL, '{');
  json_info (&j, info, best);
  bnb_json_open (&j, "files", '[');
  for (guint i = 0; i < G_N_ELEMENTS (report_files); i++)
    if (report_files[i].make != best_cl || info->best_source)
      bnb_json_string (&j, NULL, report_files[i].name);
  bnb_json_close (&j, ']');
  bnb_json_open (&j, "results", '[');
  for (guint i = 0; i < n; i++)
    {
      bnb_json_open (&j, NULL, '{');
      json_best (&j, info, results[i], best);
      json_proof (&j, results[i], best);
      json_counts (&j, results[i]);
      json_depths (&j, results[i]);
      bnb_json_close (&j, '}');
    }
  bnb_json_close (&j, ']');
  bnb_json_close (&j, '}');
  g_string_append_c (j.out, '\n');
  return g_string_free (j.out, FALSE);
}

/* ---- CSV ---------------------------------------------------------------- */

static void
csv_field (GString *out, const char *text, gboolean last)
{
  if (text && strpbrk (text, ",\"\r\n"))
    {
      g_string_append_c (out, '"');
      for (const char *c = text; *c; c++)
        {
          if (*c == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *c);
        }
      g_string_append_c (out, '"');
    }
  else if (text)
    g_string_append (out, text);
  g_string_append_c (out, last ? '\n' : ',');
}

static void
csv_number (GString *out, double value, gboolean last)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  csv_field (out,
             isfinite (value)
                 ? g_ascii_formatd (buffer, sizeof buffer, "%.9g", value)
                 : NULL,
             last);
}

static void
csv_uint (GString *out, guint64 value, gboolean last)
{
  g_string_append_printf (out, "%" G_GUINT64_FORMAT "%c", value,
                          last ? '\n' : ',');
}

static void
csv_bool (GString *out, gboolean value, gboolean last)
{
  csv_field (out, value ? "true" : "false", last);
}

/* A count the driver may not give: empty when unknown (< 0). */
static void
csv_int (GString *out, gint64 value, gboolean last)
{
  g_autofree char *text
      = value >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, value) : NULL;
  csv_field (out, text ? text : "", last);
}

static void
csv_record (GString *out, const BnbSearchResult *r, const BnbSearchRecord *rec)
{
  csv_field (out, bnb_strategy_name (r->strategy), FALSE);
  csv_uint (out, r->seed, FALSE);
  csv_uint (out, rec->index, FALSE);
  csv_number (out, rec->elapsed_s, FALSE);
  csv_field (out, rec->decisions, FALSE);
  csv_number (out, rec->bound_s, FALSE);
  csv_field (out, bnb_outcome_name (rec->outcome), FALSE);
  csv_number (out, rec->time_s, FALSE);
  csv_number (out, rec->best_s, FALSE);
  csv_number (out, rec->compile_s, FALSE);
  csv_bool (out, rec->from_journal, FALSE);
  csv_bool (out, rec->same_kernel, FALSE);
  csv_bool (out, rec->final, FALSE);
  csv_int (out, rec->private_mem_bytes, FALSE);
  csv_int (out, rec->local_mem_bytes, FALSE);
  csv_int (out, rec->kernel_work_group_size, FALSE);
  csv_int (out, rec->lane, TRUE);
}

static BNB_GIVE char *
evaluations_csv (const BnbReportInfo *info, BnbSearchResult *const *results,
                 guint n)
{
  GString *out = g_string_new ("strategy,seed,index,elapsed_s,decisions,"
                               "bound_s,outcome,time_s,best_s,compile_s,"
                               "from_journal,same_kernel,final,"
                               "private_mem_bytes,local_mem_bytes,"
                               "kernel_work_group_size,lane\n");
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < results[i]->records->len; k++)
      csv_record (out, results[i],
                  &g_array_index (results[i]->records, BnbSearchRecord, k));
  return g_string_free (out, FALSE);
}

static void
csv_depth (GString *out, const BnbSearchResult *r, guint d)
{
  const BnbSearchDepth *s = &g_array_index (r->depths, BnbSearchDepth, d);
  csv_field (out, bnb_strategy_name (r->strategy), FALSE);
  csv_uint (out, r->seed, FALSE);
  csv_uint (out, d, FALSE);
  csv_uint (out, s->created, FALSE);
  csv_uint (out, s->cuts, FALSE);
  csv_uint (out, s->dead, FALSE);
  csv_number (out, s->pruned, FALSE);
  csv_bool (out, s->pruned_estimated, FALSE);
  csv_uint (out, s->leaves, TRUE);
}

static BNB_GIVE char *
pruning_csv (const BnbReportInfo *info, BnbSearchResult *const *results,
             guint n)
{
  GString *out = g_string_new ("strategy,seed,depth,created,cuts,dead,"
                               "pruned,pruned_estimated,leaves\n");
  for (guint i = 0; i < n; i++)
    {
      if (!has_depths (results[i]))
        continue;
      for (guint d = 0; d < results[i]->depths->len; d++)
        csv_depth (out, results[i], d);
    }
  return g_string_free (out, FALSE);
}

static BNB_GIVE char *
best_cl (const BnbReportInfo *info, BnbSearchResult *const *results, guint n)
{
  return g_strdup (info->best_source);
}

/* ---- Plots -------------------------------------------------------------- */

/* The running best of `r` where it changes, and at the last record. */
static void
plot_best_series (BnbSvgPlot *plot, const BnbSearchResult *r)
{
  g_autofree char *name = series_name (r);
  guint s = bnb_svg_plot_add_series (plot, name, BNB_SVG_STEPS);
  double last = NAN;
  for (guint k = 0; k < r->records->len; k++)
    {
      const BnbSearchRecord *rec
          = &g_array_index (r->records, BnbSearchRecord, k);
      if (rec->best_s != last || k + 1 == r->records->len)
        bnb_svg_plot_add_point (plot, s, rec->index, rec->best_s * 1e6);
      last = rec->best_s;
    }
}

/* Log x when one strategy ran many more evaluations than another. */
static gboolean
plot_best_log_x (BnbSearchResult *const *results, guint n)
{
  guint most = 0, least = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      guint len = results[i]->records->len;
      most = MAX (most, len);
      if (len > 0)
        least = MIN (least, len);
    }
  return most > BEST_LOG_X_MIN && most >= BEST_LOG_X_RATIO * least;
}

static BNB_GIVE char *
plot_best (const BnbReportInfo *info, BnbSearchResult *const *results, guint n)
{
  g_autoptr (BnbSvgPlot) plot
      = bnb_svg_plot_new ("Best time found vs evaluations", "evaluations",
                          "best time so far (µs)");
  bnb_svg_plot_set_log_y (plot, TRUE);
  bnb_svg_plot_set_log_x (plot, plot_best_log_x (results, n));
  bnb_svg_plot_extend_x (plot, 0, 1);
  for (guint i = 0; i < n; i++)
    plot_best_series (plot, results[i]);
  return bnb_svg_plot_render (plot);
}

static BNB_GIVE char *
plot_pruned (const BnbReportInfo *info, BnbSearchResult *const *results,
             guint n)
{
  g_autoptr (BnbSvgPlot) plot
      = bnb_svg_plot_new ("Kernels pruned per depth",
                          "depth (decisions taken from the root)",
                          "kernels pruned");
  bnb_svg_plot_set_log_y (plot, TRUE);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = series_name (results[i]);
      guint s;
      if (!has_depths (results[i]))
        continue;
      s = bnb_svg_plot_add_series (plot, name, BNB_SVG_LINE_POINTS);
      bnb_svg_plot_extend_x (plot, 0, results[i]->depths->len - 1);
      for (guint d = 0; d < results[i]->depths->len; d++)
        bnb_svg_plot_add_point (plot, s, d,
                                g_array_index (results[i]->depths,
                                               BnbSearchDepth, d)
                                    .pruned);
    }
  return bnb_svg_plot_render (plot);
}

static gint
by_time (gconstpointer a, gconstpointer b)
{
  const BnbSearchRecord *x = *(const BnbSearchRecord *const *)a;
  const BnbSearchRecord *y = *(const BnbSearchRecord *const *)b;
  return (x->time_s > y->time_s) - (x->time_s < y->time_s);
}

/* The ok records of `r` but the final re-measures, fastest first. */
static BNB_GIVE GPtrArray *
ok_records_by_time (const BnbSearchResult *r)
{
  GPtrArray *ok = g_ptr_array_new ();
  for (guint k = 0; k < r->records->len; k++)
    {
      BnbSearchRecord *rec = &g_array_index (r->records, BnbSearchRecord, k);
      if (rec->outcome == BNB_OUTCOME_OK && !rec->final
          && isfinite (rec->time_s))
        g_ptr_array_add (ok, rec);
    }
  g_ptr_array_sort (ok, by_time);
  return ok;
}

/* At most BOUND_PLOT_POINTS candidates evenly spaced in rank, the last
 * one and every violation of the bound. */
static gboolean
plot_bound_keeps (const BnbSearchRecord *rec, guint k, guint n)
{
  guint every = (n + BOUND_PLOT_POINTS - 1) / BOUND_PLOT_POINTS;
  return k % every == 0 || k + 1 == n || rec->time_s < rec->bound_s;
}

static BNB_GIVE char *
plot_bound (const BnbReportInfo *info, BnbSearchResult *const *results,
            guint n)
{
  g_autofree char *name = series_name (results[0]);
  g_autofree char *title
      = g_strdup_printf ("Bound vs measured time (%s)", name);
  g_autoptr (BnbSvgPlot) plot
      = bnb_svg_plot_new (title, "kernels, by measured time (rank)",
                          "time (µs)");
  g_autoptr (GPtrArray) ok = ok_records_by_time (results[0]);
  guint measured, bound;
  bnb_svg_plot_set_log_y (plot, TRUE);
  measured = bnb_svg_plot_add_series (plot, "measured", BNB_SVG_POINTS);
  bound = bnb_svg_plot_add_series (plot, "bound", BNB_SVG_POINTS);
  for (guint k = 0; k < ok->len; k++)
    {
      const BnbSearchRecord *rec = ok->pdata[k];
      if (!plot_bound_keeps (rec, k, ok->len))
        continue;
      bnb_svg_plot_add_point (plot, measured, k + 1, rec->time_s * 1e6);
      bnb_svg_plot_add_point (plot, bound, k + 1, rec->bound_s * 1e6);
    }
  return bnb_svg_plot_render (plot);
}

/* ---- Writing ------------------------------------------------------------ */

static gboolean
report_error (GError **error, const char *path, int code)
{
  g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_REPORT,
               "cannot write the report file %s: %s", path, g_strerror (code));
  return FALSE;
}

/* Writes `contents` to `path`, or removes what an earlier report left
 * there when there is nothing to write (NULL). */
static gboolean
report_file_write (const char *path, const char *contents, GError **error)
{
  g_autoptr (GError) local = NULL;
  if (contents == NULL)
    {
      if (g_remove (path) != 0 && errno != ENOENT)
        return report_error (error, path, errno);
      return TRUE;
    }
  if (g_file_set_contents (path, contents, -1, &local))
    return TRUE;
  g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_REPORT, "%s",
               local->message);
  return FALSE;
}

gboolean
bnb_report_write (const char *dir, const BnbReportInfo *info,
                  BnbSearchResult *const *results, guint n_results,
                  GError **error)
{
  g_return_val_if_fail (dir != NULL && info != NULL, FALSE);
  g_return_val_if_fail (results != NULL && n_results > 0, FALSE);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int code = errno;
      g_set_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_REPORT,
                   "cannot make the report directory %s: %s", dir,
                   g_strerror (code));
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (report_files); i++)
    {
      g_autofree char *path
          = g_build_filename (dir, report_files[i].name, NULL);
      g_autofree char *contents
          = report_files[i].make (info, results, n_results);
      if (!report_file_write (path, contents, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- The summary -------------------------------------------------------- */

static const char *
or_unknown (const char *text)
{
  return text ? text : "?";
}

/* A time in µs with four significant digits, or none after the point past
 * a thousand. */
static BNB_GIVE char *
format_us (double seconds)
{
  double us = seconds * 1e6;
  if (!isfinite (us))
    return g_strdup ("-");
  return g_strdup_printf (us >= 1000 ? "%.0f" : "%.4g", us);
}

static void
summary_label (GString *s, const char *label)
{
  g_string_append_printf (s, "%-*s", SUMMARY_LABEL, label);
}

/* Clauses packed into lines under SUMMARY_WIDTH columns, "; " between
 * them, the later lines indented under the first. */
static void
summary_wrapped (GString *s, const char *const *clauses, guint n)
{
  gsize column = SUMMARY_LABEL;
  for (guint i = 0; i < n; i++)
    {
      gsize len = g_utf8_strlen (clauses[i], -1) + (i + 1 < n ? 1 : 0);
      if (i > 0 && column + 1 + len > SUMMARY_WIDTH)
        {
          g_string_append_printf (s, "\n%*s", SUMMARY_LABEL, "");
          column = SUMMARY_LABEL;
        }
      else if (i > 0)
        {
          g_string_append_c (s, ' ');
          column++;
        }
      g_string_append (s, clauses[i]);
      if (i + 1 < n)
        g_string_append_c (s, ';');
      column += len;
    }
  g_string_append_c (s, '\n');
}

/* The decisions but the orders of elided items ("=absent"), which follow
 * from the others; their count on a line of its own, so that the
 * Decisions lines read back as they are (--decisions). */
static void
summary_decisions (GString *s, const char *decisions)
{
  g_auto (GStrv) clauses = g_strsplit (decisions, "; ", -1);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();
  guint absent = 0;
  for (guint i = 0; clauses[i]; i++)
    {
      if (g_str_has_suffix (clauses[i], "=absent"))
        absent++;
      else
        g_ptr_array_add (kept, clauses[i]);
    }
  summary_label (s, "Decisions");
  summary_wrapped (s, (const char *const *)kept->pdata, kept->len);
  if (absent > 0)
    {
      summary_label (s, "Elided");
      g_string_append_printf (s,
                              "%u orders of elided items, =absent, left out "
                              "above (report.json has them)\n",
                              absent);
    }
}

/* The kernel's design in a few lines, from its decisions: the tile
 * sizes; each dim by what it became (a dim whose every instruction copy,
 * m.1@acc, m.1@a, ..., became the same thing is named once, m.1);
 * the loop nest that prints (the caller's: codegen's, for the summary's
 * best); temporaries by memory space, the padded, prefetched and
 * interleaved ones.  The labels
 * are choices/'s (bnb_choice_design_label), which `--decisions` reads
 * back (the nest line as a note: the orders it shows stay open). */

/* "kind(m.1@acc)=unroll" -> name "m.1@acc", value "unroll". */
static gboolean
clause_parts (const char *clause, const char *what, char **name, char **value)
{
  gsize n = strlen (what);
  const char *close = strstr (clause, ")=");
  if (strncmp (clause, what, n) != 0 || clause[n] != '(' || close == NULL)
    return FALSE;
  *name = g_strndup (clause + n + 1, close - clause - n - 1);
  *value = g_strdup (close + 2);
  return TRUE;
}

static void
design_line (GString *s, const char *label, const char *text)
{
  summary_label (s, label);
  g_string_append_printf (s, "%s\n", text);
}

/* A Design line "LABEL item, item", unless the list is empty. */
static void
list_line (GString *s, const char *label, GString *list)
{
  if (list->len == 0)
    return;
  g_string_prepend (list, label);
  design_line (s, "", list->str);
}

static void
summary_design (GString *s, const char *decisions, const char *nest)
{
  g_auto (GStrv) clauses = g_strsplit (decisions, "; ", -1);
  g_autoptr (GString) tiles = g_string_new (NULL);
  g_autoptr (GString) mem = g_string_new (NULL);
  g_autoptr (GString) pads = g_string_new (NULL);
  g_autoptr (GString) prefetched = g_string_new (NULL);
  g_autoptr (GString) interleaved = g_string_new (NULL);
  /* dim base name -> the kind all its copies share, or "" if they differ */
  g_autoptr (GHashTable) same
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) order = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) kinds = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; clauses[i]; i++)
    {
      g_autofree char *name = NULL, *value = NULL;
      if (clause_parts (clauses[i], "tile", &name, &value))
        g_string_append_printf (tiles, "%s%s=%s", tiles->len ? ", " : "", name,
                                value);
      else if (clause_parts (clauses[i], "mem", &name, &value))
        g_string_append_printf (mem, "%s%s %s", mem->len ? ", " : "", name,
                                value);
      else if (clause_parts (clauses[i], "pad", &name, &value))
        {
          if (strcmp (value, "no") != 0)
            g_string_append_printf (pads, "%s%s%s", pads->len ? ", " : "",
                                    name,
                                    strcmp (value, "rows") == 0 ? " rows"
                                                                : "");
        }
      else if (clause_parts (clauses[i], "prefetch", &name, &value)
               || clause_parts (clauses[i], "interleave", &name, &value))
        {
          GString *list = g_str_has_prefix (clauses[i], "prefetch(")
                              ? prefetched
                              : interleaved;
          if (strcmp (value, "no") != 0)
            g_string_append_printf (list, "%s%s%s", list->len ? ", " : "",
                                    name,
                                    strcmp (value, "double") == 0 ? " double"
                                                                  : "");
        }
      else if (clause_parts (clauses[i], "kind", &name, &value))
        {
          g_autofree char *base = g_strndup (name, strcspn (name, "@"));
          const char *seen = g_hash_table_lookup (same, base);
          if (seen == NULL)
            {
              g_ptr_array_add (order, g_strdup (base));
              g_hash_table_insert (same, g_strdup (base), g_strdup (value));
            }
          else if (strcmp (seen, value) != 0)
            g_hash_table_insert (same, g_strdup (base), g_strdup (""));
          g_ptr_array_add (kinds, g_strdup_printf ("%s=%s", name, value));
        }
    }
  if (tiles->len)
    design_line (s, "Design", tiles->str);
  const char *label, *kind;
  for (guint k = 0; (label = bnb_choice_design_label (k, &kind)); k++)
    {
      g_autoptr (GString) line = g_string_new (NULL);
      g_string_append_printf (line, "%s: ", label);
      gsize start = line->len;
      for (guint i = 0; i < order->len; i++)
        {
          const char *base = order->pdata[i];
          const char *v = g_hash_table_lookup (same, base);
          if (strcmp (v, kind) == 0)
            g_string_append_printf (line, "%s%s",
                                    line->len > start ? ", " : "", base);
        }
      /* the copies of the dims whose copies differ */
      for (guint i = 0; i < kinds->len; i++)
        {
          const char *c = kinds->pdata[i], *eq = strchr (c, '=');
          g_autofree char *name = g_strndup (c, eq - c);
          g_autofree char *base = g_strndup (name, strcspn (name, "@"));
          if (*(const char *)g_hash_table_lookup (same, base) == '\0'
              && strcmp (eq + 1, kind) == 0)
            g_string_append_printf (line, "%s%s",
                                    line->len > start ? ", " : "", name);
        }
      if (line->len > start)
        design_line (s, tiles->len || k ? "" : "Design", line->str);
    }
  if (nest && *nest)
    {
      g_autofree char *line = g_strdup_printf ("nest: %s", nest);
      design_line (s, "", line);
    }
  list_line (s, "memory: ", mem);
  list_line (s, "padded: ", pads);
  list_line (s, "prefetched: ", prefetched);
  list_line (s, "interleaved: ", interleaved);
}

static void
summary_head (GString *s, const BnbReportInfo *info, const BnbSearchResult *r)
{
  g_autofree char *name = series_name (r);
  summary_label (s, "Kernel");
  g_string_append_printf (s, "%s (%s), %s\n", or_unknown (info->kernel_name),
                          or_unknown (info->kernel_path),
                          or_unknown (info->sizes));
  summary_label (s, "Device");
  g_string_append_printf (s, "%s\n", or_unknown (info->device));
  summary_label (s, "Strategy");
  g_string_append_printf (s, "%s%s%s\n", name, r->order ? ", order " : "",
                          r->order ? r->order : "");
}

static void
summary_best (GString *s, const BnbReportInfo *info, const BnbSearchResult *r)
{
  g_autofree char *best = format_us (r->best_s);
  g_autofree char *bound = format_us (r->best_bound_s);
  double gflops = giga_rate (info->flops, r->best_s);
  double gbytes = giga_rate (info->bytes, r->best_s);
  summary_label (s, "Best");
  g_string_append_printf (s, "%s µs", best);
  if (isfinite (gflops))
    g_string_append_printf (s,
                            gflops < 1000 ? ", %.4g GFLOP/s"
                                          : ", %.0f GFLOP/s",
                            gflops);
  if (isfinite (gbytes))
    g_string_append_printf (s, gbytes < 1000 ? ", %.4g GB/s" : ", %.0f GB/s",
                            gbytes);
  g_string_append_printf (s, " (evaluation %" G_GUINT64_FORMAT ")\n",
                          r->best_index);
  /* the winner's time is its final re-measure; say what the search saw */
  if (r->best_index >= 1 && r->best_index <= r->records->len)
    {
      const BnbSearchRecord *rec
          = &g_array_index (r->records, BnbSearchRecord, r->best_index - 1);
      g_autofree char *seen = format_us (rec->time_s);
      if (!rec->final && isfinite (rec->time_s) && rec->time_s != r->best_s)
        {
          summary_label (s, "");
          g_string_append_printf (s,
                                  "re-measured; the search measured %s µs "
                                  "(%.2f× the re-measure)\n",
                                  seen, rec->time_s / r->best_s);
        }
    }
  /* how far the search came from the plain kernel it started with */
  const BnbSearchRecord *first = first_timed (r);
  if (first != NULL && first->index != r->best_index && r->best_s > 0
      && first->time_s > r->best_s)
    {
      g_autofree char *t = format_us (first->time_s);
      double x = first->time_s / r->best_s;
      summary_label (s, "");
      g_string_append_printf (s, x < 10 ? "%.2f" : x < 100 ? "%.1f" : "%.0f",
                              x);
      g_string_append_printf (s,
                              "× faster than the first kernel timed "
                              "(%s µs, evaluation %" G_GUINT64_FORMAT ")\n",
                              t, first->index);
    }
  summary_label (s, "Bound");
  g_string_append_printf (s, "%s µs", bound);
  if (isfinite (r->best_s / r->best_bound_s))
    g_string_append_printf (s, ", measured/bound %.3f×",
                            r->best_s / r->best_bound_s);
  g_string_append_c (s, '\n');
  summary_design (s, r->best_decisions, info->best_nest);
}

static void
summary_proof (GString *s, const BnbSearchResult *r)
{
  g_autofree char *open = format_us (r->lowest_open_s);
  summary_label (s, "Proof");
  if (r->proven)
    g_string_append (s, "proven best in the space");
  else if (isfinite (r->lowest_open_s) && isfinite (r->best_s))
    g_string_append_printf (s,
                            "not proven: lowest open bound %s µs, "
                            "gap %.3f×",
                            open, r->best_s / r->lowest_open_s);
  else
    g_string_append (s, "not proven: no bound on the kernels left");
  if (r->budget_hit)
    g_string_append (s, " (budget spent)");
  if (r->interrupted)
    g_string_append (s, " (interrupted: the best as searched, not "
                        "re-measured)");
  g_string_append_c (s, '\n');
}

static void
summary_space (GString *s, const BnbSearchResult *r)
{
  summary_label (s, "Space");
  g_string_append_printf (s,
                          "%.3g kernels (%s), %" G_GUINT64_FORMAT
                          " evaluated, %" G_GUINT64_FORMAT " nodes bounded",
                          r->space_size,
                          r->space_exact ? "exact" : "estimated",
                          r->evaluations, r->nodes);
  if (r->plunges > 0)
    g_string_append_printf (s, ", %" G_GUINT64_FORMAT " dives for want of "
                               "leaves", r->plunges);
  if (r->sent_cut > 0)
    g_string_append_printf (s, ", %" G_GUINT64_FORMAT " sent then cut "
                               "before their run", r->sent_cut);
  g_string_append_c (s, '\n');
  guint64 run = kernels_run (r);
  if (r->same_kernel > 0)
    {
      summary_label (s, "");
      g_string_append_printf (s,
                              "%" G_GUINT64_FORMAT " of them the same kernel "
                              "as another (answered, not run); "
                              "%" G_GUINT64_FORMAT " kernels run\n",
                              r->same_kernel, run);
    }
  if (r->evaluations == 0)
    return;
  summary_label (s, "Reduction");
  g_string_append_printf (s, "%.3g× (space size ÷ evaluations)",
                          reduction_factor (r));
  if (r->same_kernel > 0 && run > 0)
    g_string_append_printf (s, ", %.3g× (÷ kernels run)",
                            r->space_size / (double)run);
  g_string_append_c (s, '\n');
}

static void
summary_failures (GString *s, const BnbSearchResult *r)
{
  gboolean any = FALSE;
  summary_label (s, "Failures");
  for (guint o = 0; o < BNB_OUTCOME_COUNT; o++)
    {
      if (o == BNB_OUTCOME_OK || r->outcomes[o] == 0)
        continue;
      g_string_append_printf (s, "%s%" G_GUINT64_FORMAT " %s", any ? ", " : "",
                              r->outcomes[o], bnb_outcome_name (o));
      any = TRUE;
    }
  g_string_append_printf (s, "%s\n", any ? "" : "none");
  summary_label (s, "Violations");
  if (r->violations == 0)
    g_string_append (s, "none (no candidate ran faster than its bound)\n");
  else
    g_string_append_printf (s,
                            "%" G_GUINT64_FORMAT " candidates ran faster "
                            "than their bound: a model bug\n",
                            r->violations);
}

static guint64
from_journal (const BnbSearchResult *r)
{
  guint64 n = 0;
  for (guint i = 0; i < r->records->len; i++)
    {
      const BnbSearchRecord *rec
          = &g_array_index (r->records, BnbSearchRecord, i);
      n += rec->from_journal && !rec->final;
    }
  return n;
}

static void
summary_journal (GString *s, const BnbReportInfo *info,
                 const BnbSearchResult *r)
{
  if (info->journal == NULL)
    return;
  summary_label (s, "Journal");
  g_string_append_printf (s,
                          "%s (%" G_GUINT64_FORMAT " evaluations "
                          "answered from it)\n",
                          info->journal, from_journal (r));
}

/* What the search covered, so that a proof is read for what it is. */
static void
summary_scope (GString *s, const BnbReportInfo *info)
{
  summary_label (s, "Scope");
  g_string_append (s, info->every_design
                          ? "every design (--every-design, or a CPU device: "
                            "the design rules are a GPU's)"
                          : "the design rules of docs/space.md: no "
                            "temporary in global memory, a loaded value "
                            "several work-items read in local memory, the "
                            "local ids used in order (where the item sizes "
                            "allow); --every-design lifts them");
  if (info->below_decisions)
    g_string_append (s, "; the sub-space below --decisions, not the "
                        "whole space: a proof holds there only");
  g_string_append_c (s, '\n');
}

static void
summary_times (GString *s, const BnbSearchResult *r)
{
  summary_label (s, "Time");
  g_string_append_printf (s,
                          "%.3g s in all: model %.3g s, propagation %.3g s, "
                          "compile %.3g s, run %.3g s (each summed over "
                          "the threads or workers that did it)\n",
                          r->total_s, r->model_s, r->propagate_s, r->compile_s,
                          r->run_s);
  /* where the device stood idle (docs/report.md): a search whose device
   * mostly waits is paced by its builds or its own work, not the runs */
  summary_label (s, "Waits");
  g_string_append_printf (s, "the device waited %.3g s for builds",
                          r->build_wait_s);
  if (r->strategy == BNB_STRATEGY_BNB)
    g_string_append_printf (s, " and %.3g s for leaves from the search",
                            r->leaf_wait_s);
  g_string_append (s, " (summed over the devices)\n");
}

static void
pad (GString *s, const char *text, int width, gboolean right)
{
  int n = width - (int)g_utf8_strlen (text, -1);
  if (right)
    g_string_append_printf (s, "%*s", MAX (n, 0), "");
  g_string_append (s, text);
  if (!right)
    g_string_append_printf (s, "%*s", MAX (n, 0), "");
}

static const struct {
  const char *title;
  int width;
} columns[] = {
  { "strategy", 13 },    { "seed", 6 },  { "best µs", 11 }, { "× best", 8 },
  { "evaluations", 13 }, { "to 5%", 8 }, { "proven", 8 },
};

static void
table_row (GString *s, const char *const *cells)
{
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    pad (s, cells[c], columns[c].width, c > 0);
  g_string_append_c (s, '\n');
}

static void
table_result (GString *s, const BnbSearchResult *r, double best)
{
  guint64 to = bnb_search_result_evaluations_to (r, best, WITHIN);
  double x = r->best_s / best;
  g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (cells, g_strdup (bnb_strategy_name (r->strategy)));
  g_ptr_array_add (cells, g_strdup_printf ("%" G_GUINT64_FORMAT, r->seed));
  g_ptr_array_add (cells, format_us (r->best_s));
  g_ptr_array_add (cells, isfinite (x) ? g_strdup_printf ("%.2f", x)
                                       : g_strdup ("-"));
  g_ptr_array_add (cells,
                   g_strdup_printf ("%" G_GUINT64_FORMAT, r->evaluations));
  g_ptr_array_add (cells, to ? g_strdup_printf ("%" G_GUINT64_FORMAT, to)
                             : g_strdup ("-"));
  g_ptr_array_add (cells, g_strdup (r->proven ? "yes" : "no"));
  table_row (s, (const char *const *)cells->pdata);
}

static void
summary_table (GString *s, BnbSearchResult *const *results, guint n)
{
  double best = overall_best (results, n);
  const char *titles[G_N_ELEMENTS (columns)];
  g_autofree char *us = format_us (best);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    titles[c] = columns[c].title;
  g_string_append_printf (s,
                          "\nOverall best %s µs (× best: the ratio to it; "
                          "to 5%%: the evaluations\nthat came within 5%% "
                          "of it)\n",
                          us);
  table_row (s, titles);
  for (guint i = 0; i < n; i++)
    table_result (s, results[i], best);
}

char *
bnb_report_summary (const BnbReportInfo *info, BnbSearchResult *const *results,
                    guint n_results)
{
  GString *s;
  const BnbSearchResult *r;
  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (results != NULL && n_results > 0, NULL);
  r = results[0];
  s = g_string_new (NULL);
  summary_head (s, info, r);
  if (r->best_decisions)
    summary_best (s, info, r);
  else
    {
      summary_label (s, "Best");
      g_string_append_printf (s, "none: %s\n",
                              bnb_search_result_why_no_best (r));
    }
  summary_proof (s, r);
  summary_space (s, r);
  summary_failures (s, r);
  summary_scope (s, info);
  summary_journal (s, info, r);
  summary_times (s, r);
  /* last, below what a reader looks for: the winner in full, for
   * --decisions (its design is the Design lines above) */
  if (r->best_decisions)
    summary_decisions (s, r->best_decisions);
  if (n_results > 1)
    summary_table (s, results, n_results);
  return g_string_free (s, FALSE);
}
