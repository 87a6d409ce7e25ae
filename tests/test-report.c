/* Tests of the reports (bnb/report.c, bnb/svg.c) on search results made
 * by hand: every file is written; report.json is valid JSON (checked by a
 * small validating parser) with the expected keys and null for what is
 * infinite; the CSV files have a line per record or depth and quote
 * decisions as RFC 4180 says; the SVG plots are well-formed XML (GMarkup)
 * with a mark per point; the summary says proven or not proven, the
 * measured/bound ratio and the comparison table. */
#include "bnb/bnb.h"
#include "bnb/svg.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#define TRICKY_DECISIONS "kind(m.0)=block; note=\"a,b\""

/* ---- Results made by hand ----------------------------------------------- */

static void
record_clear (gpointer data)
{
  BnbSearchRecord *r = data;
  g_free (r->decisions);
}

static BnbSearchResult *
result_new (BnbStrategy strategy, guint64 seed)
{
  BnbSearchResult *r = g_new0 (BnbSearchResult, 1);
  r->strategy = strategy;
  r->seed = seed;
  r->best_s = INFINITY;
  r->best_bound_s = NAN;
  r->lowest_open_s = INFINITY;
  r->space_size = 1000;
  r->space_exact = TRUE;
  r->records = g_array_new (FALSE, TRUE, sizeof (BnbSearchRecord));
  g_array_set_clear_func (r->records, record_clear);
  r->depths = g_array_new (FALSE, TRUE, sizeof (BnbSearchDepth));
  return r;
}

/* Appends an evaluation and keeps the counts and the best in step. */
static void
result_add (BnbSearchResult *r, const char *decisions, double bound_s,
            BnbOutcome outcome, double time_s)
{
  gboolean ok = outcome == BNB_OUTCOME_OK;
  BnbSearchRecord rec = {
    .index = r->records->len + 1,
    .elapsed_s = 0.5 * (r->records->len + 1),
    .decisions = g_strdup (decisions),
    .bound_s = bound_s,
    .outcome = outcome,
    .time_s = ok ? time_s : NAN,
    .compile_s = 0.25,
    /* the driver's figures: known for the kernels that ran */
    .private_mem_bytes = ok ? 64 : -1,
    .local_mem_bytes = ok ? 4096 : -1,
    .kernel_work_group_size = ok ? 256 : -1,
    /* a second device ran every third leaf; failures ran nowhere */
    .lane = ok ? (gint)(r->records->len % 3 == 2) : -1,
  };
  if (ok && time_s < r->best_s)
    {
      r->best_s = time_s;
      r->best_bound_s = bound_s;
      r->best_index = rec.index;
      g_free (r->best_decisions);
      r->best_decisions = g_strdup (decisions);
    }
  rec.best_s = r->best_s;
  r->outcomes[outcome]++;
  r->evaluations++;
  r->compile_s += rec.compile_s;
  g_array_append_val (r->records, rec);
}

static void
result_add_depth (BnbSearchResult *r, guint64 created, guint64 cuts,
                  double pruned, guint64 leaves)
{
  BnbSearchDepth d = {
    .created = created,
    .cuts = cuts,
    .dead = 1,
    .pruned = pruned,
    .pruned_estimated = pruned > 1e6,
    .leaves = leaves,
  };
  g_array_append_val (r->depths, d);
}

/* Branch and bound, proven: 4 ok candidates (best 100 µs, bound 80 µs),
 * one build failure and one wrong result; 3 depths, one pruning nothing. */
static BnbSearchResult *
make_bnb (void)
{
  BnbSearchResult *r = result_new (BNB_STRATEGY_BNB, 1);
  result_add (r, "kind(m.0)=loop", 150e-6, BNB_OUTCOME_BUILD_FAILED, 0);
  result_add (r, "kind(m.0)=thread.x", 90e-6, BNB_OUTCOME_OK, 200e-6);
  result_add (r, TRICKY_DECISIONS, 80e-6, BNB_OUTCOME_OK, 100e-6);
  result_add (r, "kind(m.0)=unroll", 120e-6, BNB_OUTCOME_WRONG_RESULT, 0);
  result_add (r, "kind(m.0)=vector", 110e-6, BNB_OUTCOME_OK, 130e-6);
  result_add (r, "kind(m.0)=elided", 105e-6, BNB_OUTCOME_OK, 125e-6);
  result_add_depth (r, 4, 0, 0, 0);
  result_add_depth (r, 12, 3, 250, 2);
  result_add_depth (r, 30, 20, 5e7, 4);
  r->proven = TRUE;
  r->space_size = 3e8;
  r->space_exact = FALSE;
  r->nodes = 46;
  r->model_s = 0.01, r->run_s = 0.02, r->total_s = 2.5;
  r->build_wait_s = 1.5, r->leaf_wait_s = 0.25;
  return r;
}

/* Random sampling, 3 ok candidates, best 125 µs, no depths. */
static BnbSearchResult *
make_random (void)
{
  BnbSearchResult *r = result_new (BNB_STRATEGY_RANDOM, 7);
  result_add (r, "kind(m.0)=loop", 150e-6, BNB_OUTCOME_OK, 400e-6);
  result_add (r, "kind(m.0)=elided", 105e-6, BNB_OUTCOME_OK, 125e-6);
  result_add (r, "kind(m.0)=vector", 110e-6, BNB_OUTCOME_OK, 130e-6);
  result_add (r, "kind(m.1)=loop", 150e-6, BNB_OUTCOME_TIMED_OUT, 0);
  r->budget_hit = TRUE;
  r->total_s = 1.0;
  r->build_wait_s = 0.75;
  return r;
}

static const BnbReportInfo info = {
  .kernel_path = "data/kernels/mxm.ir",
  .kernel_name = "mxm",
  .sizes = "M=64,N=64,K=64",
  .device = "simulated",
  .flops = 2.0 * 64 * 64 * 64,
  .bytes = 0,
  .best_source = "__kernel void mxm () {}\n",
  .best_nest = "acc, k.0 { a, b, acc.upd }, st.C",
  .command = "bnbtune compare --kernel \"data/kernels/mxm.ir\"",
};

/* ---- A validating JSON reader ------------------------------------------- */

typedef struct {
  const char *at;
} Reader;

static gboolean json_value (Reader *r);

static void
skip_space (Reader *r)
{
  while (g_ascii_isspace (*r->at))
    r->at++;
}

static gboolean
json_word (Reader *r, const char *word)
{
  if (strncmp (r->at, word, strlen (word)) != 0)
    return FALSE;
  r->at += strlen (word);
  return TRUE;
}

static gboolean
json_string (Reader *r)
{
  if (*r->at++ != '"')
    return FALSE;
  for (; *r->at != '"'; r->at++)
    {
      if ((guchar)*r->at < 0x20)
        return FALSE;
      if (*r->at == '\\')
        {
          r->at++;
          if (*r->at == 'u')
            r->at += 4;
          else if (!strchr ("\"\\/bfnrt", *r->at) || !*r->at)
            return FALSE;
        }
    }
  r->at++;
  return TRUE;
}

static gboolean
json_number (Reader *r)
{
  char *end;
  if (*r->at != '-' && !g_ascii_isdigit (*r->at))
    return FALSE;
  g_ascii_strtod (r->at, &end);
  if (end == r->at || strchr ("nNiI", r->at[*r->at == '-']))
    return FALSE;
  r->at = end;
  return TRUE;
}

/* Members (`object`) or elements up to the closing bracket. */
static gboolean
json_items (Reader *r, gboolean object, char close)
{
  skip_space (r);
  if (*r->at == close)
    return r->at++, TRUE;
  for (;;)
    {
      skip_space (r);
      if (object && !json_string (r))
        return FALSE;
      skip_space (r);
      if (object && *r->at++ != ':')
        return FALSE;
      if (!json_value (r))
        return FALSE;
      skip_space (r);
      if (*r->at == close)
        return r->at++, TRUE;
      if (*r->at++ != ',')
        return FALSE;
    }
}

static gboolean
json_value (Reader *r)
{
  skip_space (r);
  switch (*r->at)
    {
    case '{':
      r->at++;
      return json_items (r, TRUE, '}');
    case '[':
      r->at++;
      return json_items (r, FALSE, ']');
    case '"':
      return json_string (r);
    case 't':
      return json_word (r, "true");
    case 'f':
      return json_word (r, "false");
    case 'n':
      return json_word (r, "null");
    default:
      return json_number (r);
    }
}

static void
assert_json (const char *text)
{
  Reader r = { text };
  g_assert_true (json_value (&r));
  skip_space (&r);
  g_assert_cmpint (*r.at, ==, '\0');
}

/* ---- Files -------------------------------------------------------------- */

static char *
read_file (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static guint
count (const char *text, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr (text, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

typedef struct {
  char *dir;
  BnbSearchResult *results[2];
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = g_dir_make_tmp ("bnbtune-report-XXXXXX", &error);
  g_assert_no_error (error);
  f->results[0] = make_bnb ();
  f->results[1] = make_random ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  remove_dir (f->dir);
  g_free (f->dir);
  bnb_search_result_free (f->results[0]);
  bnb_search_result_free (f->results[1]);
}

static void
write_report (Fixture *f, const BnbReportInfo *with)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (bnb_report_write (f->dir, with, f->results, 2, &error));
  g_assert_no_error (error);
}

static void
test_files (Fixture *f, gconstpointer data)
{
  static const char *const names[] = {
    "report.json",
    "evaluations.csv",
    "pruning.csv",
    "best.cl",
    "best-vs-evaluations.svg",
    "pruned-per-depth.svg",
    "bound-vs-measured.svg",
  };
  g_autofree char *source = NULL;
  write_report (f, &info);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, names[i], NULL);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  source = read_file (f->dir, "best.cl");
  g_assert_cmpstr (source, ==, info.best_source);
}

static void
test_json (Fixture *f, gconstpointer data)
{
  g_autofree char *json = NULL;
  write_report (f, &info);
  json = read_file (f->dir, "report.json");
  assert_json (json);
  g_assert_nonnull (strstr (json, "\"schema\": \"bnbtune-report/1\""));
  g_assert_nonnull (strstr (json, "\"kernel_name\": \"mxm\""));
  g_assert_nonnull (strstr (json, "\"best_nest\": \"acc, k.0 { a, b, acc.upd "
                                  "}, st.C\""));
  g_assert_nonnull (strstr (json, "\"command\": \"bnbtune compare "
                                  "--kernel \\\"data/kernels/mxm.ir\\\"\""));
  g_assert_nonnull (strstr (json, "\"strategy\": \"bnb\""));
  g_assert_nonnull (strstr (json, "\"strategy\": \"random\""));
  g_assert_nonnull (strstr (json, "\"best_s\": 0.0001,"));
  g_assert_nonnull (strstr (json, "\"best_over_bound\": 1.25,"));
  g_assert_nonnull (strstr (json, "\"best_private_mem_bytes\": 64,"));
  g_assert_nonnull (strstr (json, "\"best_kernel_work_group_size\": 256"));
  g_assert_nonnull (strstr (json, "\"gflops\": 5.24288,"));
  g_assert_nonnull (strstr (json, "\"bytes\": null,"));
  g_assert_nonnull (strstr (json, "\"best_decisions\": \"kind(m.0)=block; "
                                  "note=\\\"a,b\\\"\""));
  g_assert_nonnull (strstr (json, "\"reduction_factor\": 50000000,"));
  g_assert_nonnull (strstr (json, "\"build-failed\": 1,"));
  /* where the device waited; the leaves from the search, bnb's only */
  g_assert_nonnull (strstr (json, "\"build_wait_s\": 1.5,"));
  g_assert_nonnull (strstr (json, "\"leaf_wait_s\": 0.25,"));
  const char *random_wait = strstr (json, "\"build_wait_s\": 0.75,");
  g_assert_nonnull (random_wait);
  const char *random_total = strstr (random_wait, "\"total_s\": 1");
  g_assert_nonnull (random_total);
  g_assert_null (g_strstr_len (random_wait, random_total - random_wait,
                               "leaf_wait_s"));
  g_assert_nonnull (strstr (json, "\"evaluations_to_5pct\": 3,"));
  g_assert_nonnull (strstr (json, "\"evaluations_to_5pct\": null,"));
  g_assert_nonnull (strstr (json, "\"ratio_to_overall_best\": 1.25,"));
  /* bnb's first kernel that ran is evaluation 2 (200 µs), random's 1 */
  g_assert_nonnull (strstr (json, "\"first_s\": 0.0002,\n"
                                  "      \"first_index\": 2,"));
  g_assert_nonnull (strstr (json, "\"first_s\": 0.0004,\n"
                                  "      \"first_index\": 1,"));
  g_assert_cmpuint (count (json, "\"lowest_open_s\": null,"), ==, 2);
  g_assert_cmpuint (count (json, "\"gap\": null,"), ==, 2);
  g_assert_cmpuint (count (json, "\"depth\": "), ==, 3);
  g_assert_null (strstr (json, "inf"));
  g_assert_null (strstr (json, "nan"));
}

static void
test_evaluations_csv (Fixture *f, gconstpointer data)
{
  g_autofree char *csv = NULL;
  g_auto (GStrv) lines = NULL;
  write_report (f, &info);
  csv = read_file (f->dir, "evaluations.csv");
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 6 + 4 + 1);
  g_assert_cmpstr (lines[11], ==, "");
  g_assert_cmpstr (lines[0], ==,
                   "strategy,seed,index,elapsed_s,decisions,"
                   "bound_s,outcome,time_s,best_s,compile_s,"
                   "from_journal,same_kernel,final,private_mem_bytes,"
                   "local_mem_bytes,kernel_work_group_size,lane");
  g_assert_cmpstr (lines[1], ==,
                   "bnb,1,1,0.5,kind(m.0)=loop,0.00015,"
                   "build-failed,,,0.25,false,false,false,,,,");
  g_assert_cmpstr (lines[3], ==,
                   "bnb,1,3,1.5,\"kind(m.0)=block; "
                   "note=\"\"a,b\"\"\",8e-05,ok,0.0001,0.0001,"
                   "0.25,false,false,false,64,4096,256,1");
  g_assert_true (g_str_has_prefix (lines[7], "random,7,1,"));
}

static void
test_pruning_csv (Fixture *f, gconstpointer data)
{
  g_autofree char *csv = NULL;
  g_auto (GStrv) lines = NULL;
  write_report (f, &info);
  csv = read_file (f->dir, "pruning.csv");
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 3 + 1);
  g_assert_cmpstr (lines[0], ==,
                   "strategy,seed,depth,created,cuts,dead,"
                   "pruned,pruned_estimated,leaves");
  g_assert_cmpstr (lines[2], ==, "bnb,1,1,12,3,1,250,false,2");
  g_assert_cmpstr (lines[3], ==, "bnb,1,2,30,20,1,50000000,true,4");
}

static void
assert_svg (const char *text)
{
  GMarkupParser parser = { 0 };
  g_autoptr (GMarkupParseContext) context
      = g_markup_parse_context_new (&parser, 0, NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (g_str_has_prefix (text, "<svg "));
  g_assert_true (g_str_has_suffix (text, "</svg>\n"));
  g_assert_true (g_markup_parse_context_parse (context, text, -1, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
}

/* Points are circles, one per drawable point plus one per legend entry;
 * lines are one path per series. */
static void
test_svg (Fixture *f, gconstpointer data)
{
  g_autofree char *best = NULL, *pruned = NULL, *bound = NULL;
  write_report (f, &info);
  best = read_file (f->dir, "best-vs-evaluations.svg");
  pruned = read_file (f->dir, "pruned-per-depth.svg");
  bound = read_file (f->dir, "bound-vs-measured.svg");
  assert_svg (best);
  assert_svg (pruned);
  assert_svg (bound);
  g_assert_cmpuint (count (best, "<path "), ==, 2);
  g_assert_cmpuint (count (best, "<circle"), ==, 0);
  g_assert_nonnull (strstr (best, "best time so far (µs)"));
  g_assert_nonnull (strstr (best, ">random, seed 7<"));
  g_assert_cmpuint (count (pruned, "<path "), ==, 1);
  g_assert_cmpuint (count (pruned, "<circle"), ==, 2 + 1);
  g_assert_cmpuint (count (bound, "<circle"), ==, 2 * 4 + 2);
  g_assert_nonnull (strstr (bound, "Bound vs measured time (bnb, seed 1)"));
}

static void
test_no_source (Fixture *f, gconstpointer data)
{
  BnbReportInfo plain = info;
  g_autofree char *path = g_build_filename (f->dir, "best.cl", NULL);
  g_autofree char *json = NULL;
  write_report (f, &info);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  plain.best_source = NULL;
  plain.flops = 0;
  write_report (f, &plain);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  json = read_file (f->dir, "report.json");
  assert_json (json);
  g_assert_nonnull (strstr (json, "\"best_source\": null,"));
  g_assert_cmpuint (count (json, "\"gflops\": null,"), ==, 2);
  g_assert_null (strstr (json, "\"best.cl\""));
}

static void
test_write_error (Fixture *f, gconstpointer data)
{
  g_autofree char *file = g_build_filename (f->dir, "a-file", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_set_contents (file, "x", -1, NULL));
  g_assert_false (bnb_report_write (file, &info, f->results, 2, &error));
  g_assert_error (error, BNB_SEARCH_ERROR, BNB_SEARCH_ERROR_REPORT);
}

/* ---- The summary -------------------------------------------------------- */

static void
test_summary_proven (Fixture *f, gconstpointer data)
{
  g_autofree char *one = bnb_report_summary (&info, f->results, 1);
  g_autofree char *two = bnb_report_summary (&info, f->results, 2);
  g_test_message ("%s", two);
  g_assert_nonnull (strstr (one, "proven best in the space"));
  g_assert_null (strstr (one, "not proven"));
  g_assert_nonnull (strstr (one, "100 µs, 5.243 GFLOP/s (evaluation 3)"));
  g_assert_nonnull (strstr (one, "80 µs, measured/bound 1.250×"));
  /* the first kernel that ran (evaluation 1 failed to build) */
  g_assert_nonnull (strstr (one, "\n            2.00× faster than the first "
                                 "kernel timed (200 µs, evaluation 2)\n"));
  g_assert_nonnull (strstr (one, "note=\"a,b\""));
  g_assert_nonnull (strstr (one, "3e+08 kernels (estimated)"));
  g_assert_nonnull (strstr (one, "Reduction   5e+07×"));
  g_assert_nonnull (strstr (one, "1 build-failed, 1 wrong-result"));
  g_assert_null (strstr (one, "Overall best"));
  /* the design (with the loop nest) above the proof, the decisions in
   * full last */
  const char *nest = strstr (one, "\n            nest: acc, k.0 { a, b, "
                                  "acc.upd }, st.C\n");
  const char *proof = strstr (one, "\nProof ");
  const char *time = strstr (one, "\nTime ");
  const char *decisions = strstr (one, "\nDecisions ");
  g_assert_true (nest && proof && time && decisions);
  g_assert_true (nest < proof && proof < time && time < decisions);
  g_assert_nonnull (strstr (one, "\nWaits       the device waited 1.5 s for "
                                 "builds and 0.25 s for leaves from the "
                                 "search (summed over the devices)\n"));
  g_assert_nonnull (strstr (two, "Overall best 100 µs"));
  g_assert_nonnull (strstr (two, "\nbnb               1        100    1.00"));
  g_assert_nonnull (strstr (two, "\nrandom            7        125    1.25"));
}

static void
test_summary_not_proven (Fixture *f, gconstpointer data)
{
  g_autofree char *open = NULL, *none = NULL;
  f->results[0]->proven = FALSE;
  f->results[0]->lowest_open_s = 50e-6;
  open = bnb_report_summary (&info, f->results, 1);
  g_assert_nonnull (strstr (open, "not proven: lowest open bound 50 µs, "
                                  "gap 2.000×"));
  none = bnb_report_summary (&info, f->results + 1, 1);
  g_assert_nonnull (strstr (none, "not proven: no bound"));
  g_assert_nonnull (strstr (none, "(budget spent)"));
  g_assert_nonnull (strstr (none, "1 timed-out"));
  /* random sampling has no leaves from a search to wait for */
  g_assert_nonnull (strstr (none, "\nWaits       the device waited 0.75 s "
                                  "for builds (summed over the devices)\n"));
}

static void
test_summary_no_best (Fixture *f, gconstpointer data)
{
  g_autoptr (BnbSearchResult) r = result_new (BNB_STRATEGY_GENETIC, 3);
  BnbSearchResult *results[] = { r, f->results[0] };
  g_autofree char *text = NULL, *json = NULL;
  g_autoptr (GError) error = NULL;
  result_add (r, "kind(m.0)=loop", 150e-6, BNB_OUTCOME_LAUNCH_FAILED, 0);
  text = bnb_report_summary (&info, results, 2);
  g_assert_nonnull (strstr (text, "none: no candidate ran correctly"));
  g_assert_nonnull (strstr (text, "\ngenetic           3          -       -"));
  g_assert_true (bnb_report_write (f->dir, &info, results, 2, &error));
  g_assert_no_error (error);
  json = read_file (f->dir, "report.json");
  assert_json (json);
  g_assert_nonnull (strstr (json, "\"best_decisions\": null,"));
  g_assert_nonnull (strstr (json, "\"best_index\": null,"));
}

/* The orders of elided items are counted on a line of their own, so that
 * the Decisions lines read back as they are. */
static void
test_summary_elided (void)
{
  g_autoptr (BnbSearchResult) r = result_new (BNB_STRATEGY_BNB, 1);
  BnbSearchResult *results[] = { r };
  g_autofree char *text = NULL;
  result_add (r, "kind(m.0)=block; order(m.1,n.1)=absent; pad(a)=no; "
                 "order(m.1,k.0)=absent", 90e-6, BNB_OUTCOME_OK, 100e-6);
  text = bnb_report_summary (&info, results, 1);
  g_test_message ("%s", text);
  const char *decisions = strstr (text, "\nDecisions   kind(m.0)=block; "
                                        "pad(a)=no\n");
  const char *elided = strstr (text, "\nElided      2 orders of elided "
                                     "items, =absent");
  g_assert_true (decisions && elided && decisions < elided);
  g_assert_null (strstr (text, "=absent;"));
}

/* ---- The plot writer ---------------------------------------------------- */

static void
test_svg_empty (void)
{
  g_autoptr (BnbSvgPlot) plot = bnb_svg_plot_new ("t <&>", "x", "y");
  g_autofree char *text = NULL;
  bnb_svg_plot_add_series (plot, "s", BNB_SVG_LINE);
  bnb_svg_plot_add_point (plot, 0, 1, NAN);
  text = bnb_svg_plot_render (plot);
  assert_svg (text);
  g_assert_nonnull (strstr (text, ">no data<"));
  g_assert_nonnull (strstr (text, "t &lt;&amp;&gt;"));
}

static void
test_svg_linear (void)
{
  g_autoptr (BnbSvgPlot) plot = bnb_svg_plot_new ("t", "x", "y");
  g_autofree char *text = NULL;
  guint s = bnb_svg_plot_add_series (plot, "s", BNB_SVG_LINE_POINTS);
  bnb_svg_plot_add_point (plot, s, 0, -3);
  bnb_svg_plot_add_point (plot, s, 10, 7);
  bnb_svg_plot_add_point (plot, s, 20, 7);
  text = bnb_svg_plot_render (plot);
  assert_svg (text);
  g_assert_cmpuint (count (text, "<circle"), ==, 3 + 1);
  g_assert_nonnull (strstr (text, ">-4</text>"));
  g_assert_nonnull (strstr (text, ">8</text>"));
  g_assert_nonnull (strstr (text, ">20</text>"));
}

/* Log axes: decades labelled, a point at 0 left out and the line broken
 * there, the legend's line dashed like the series'. */
static void
test_svg_log (void)
{
  g_autoptr (BnbSvgPlot) plot = bnb_svg_plot_new ("t", "x", "y");
  g_autofree char *text = NULL;
  guint a = bnb_svg_plot_add_series (plot, "a", BNB_SVG_LINE);
  guint b = bnb_svg_plot_add_series (plot, "b", BNB_SVG_STEPS);
  bnb_svg_plot_set_log_x (plot, TRUE);
  bnb_svg_plot_set_log_y (plot, TRUE);
  bnb_svg_plot_add_point (plot, a, 1, 1e-6);
  bnb_svg_plot_add_point (plot, a, 10, 1e-5);
  bnb_svg_plot_add_point (plot, a, 100, 0);
  bnb_svg_plot_add_point (plot, a, 1000, 1e3);
  bnb_svg_plot_add_point (plot, b, 0, 5);
  bnb_svg_plot_add_point (plot, b, 2, 5);
  text = bnb_svg_plot_render (plot);
  assert_svg (text);
  g_assert_cmpuint (count (text, "<path "), ==, 2);
  g_assert_cmpuint (count (text, " M"), ==, 2 + 1);
  g_assert_cmpuint (count (text, "stroke-dasharray"), ==, 2);
  g_assert_nonnull (strstr (text, ">1e-6</text>"));
  g_assert_nonnull (strstr (text, ">0.001</text>"));
  g_assert_nonnull (strstr (text, ">1000</text>"));
}

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ADD ("/report/write/files", test_files);
  ADD ("/report/write/json", test_json);
  ADD ("/report/write/evaluations-csv", test_evaluations_csv);
  ADD ("/report/write/pruning-csv", test_pruning_csv);
  ADD ("/report/write/svg", test_svg);
  ADD ("/report/write/no-source", test_no_source);
  ADD ("/report/write/error", test_write_error);
  ADD ("/report/summary/proven", test_summary_proven);
  ADD ("/report/summary/not-proven", test_summary_not_proven);
  ADD ("/report/summary/no-best", test_summary_no_best);
  g_test_add_func ("/report/summary/elided", test_summary_elided);
  g_test_add_func ("/report/svg/empty", test_svg_empty);
  g_test_add_func ("/report/svg/linear", test_svg_linear);
  g_test_add_func ("/report/svg/log", test_svg_log);
  return g_test_run ();
}
