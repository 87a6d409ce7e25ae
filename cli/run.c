/* bnbtune run: one candidate built, run, timed and verified on a device,
 * through the harness and its journal; bnbtune emit: a candidate's source
 * without a device; and the hidden `bnbtune worker` the harness spawns.
 *
 * A candidate is a leaf of the kernel's space, named by --decisions or
 * drawn by --random-leaf, or a hand-written OpenCL file (--source, with
 * --global and --local), which takes the kernel's arguments in codegen's
 * order and may use its sizes as macros.  Exit status: 0 if the candidate is
 * right, 1 if it failed (the outcome says how), 2 for a usage error.
 */
#include "cli/cli.h"
#include "codegen/codegen.h"
#include "harness/harness.h"
#include "tune/tune.h"

#include <stdio.h>
#include <string.h>

/* Longer decisions are in the source's header comment and the journal. */
#define MAX_DECISIONS_SHOWN 240

typedef struct {
  BnbCliOptions c;
  char *random_leaf;
  gint leaves;
  char *source;
  char *kernel_name;
  char *global;
  char *local;
  char *scratch;
  gint repetitions;
  gint warmup;
  gint64 seed;
  double timeout;
  char *journal;
  gboolean no_journal;
  gboolean re_measure;
  gboolean in_process;
  char *source_out;
  char *build_options;
} RunOptions;

static void
run_options_clear (RunOptions *o)
{
  bnb_cli_options_clear (&o->c);
  g_free (o->random_leaf);
  g_free (o->source);
  g_free (o->kernel_name);
  g_free (o->global);
  g_free (o->local);
  g_free (o->scratch);
  g_free (o->journal);
  g_free (o->source_out);
  g_free (o->build_options);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RunOptions, run_options_clear)

/* --decisions to `run` and `emit` */
#define CANDIDATE_HELP "The candidate: every choice decided"

static GOptionContext *
run_context (RunOptions *o)
{
  GOptionEntry entries[] = {
    { "random-leaf", 0, 0, G_OPTION_ARG_STRING, &o->random_leaf,
      "The candidate: a random leaf of the space drawn from SEED", "SEED" },
    { "leaves", 'n', 0, G_OPTION_ARG_INT, &o->leaves,
      "With --random-leaf: N leaves, from seeds SEED to SEED+N-1, with a "
      "count of outcomes (default 1)",
      "N" },
    { "source", 0, 0, G_OPTION_ARG_FILENAME, &o->source,
      "The candidate: an OpenCL file written by hand (the kernel's sizes "
      "are defined as macros ahead of it)",
      "FILE" },
    { "kernel-name", 0, 0, G_OPTION_ARG_STRING, &o->kernel_name,
      "With --source: the kernel function (default: the first)", "NAME" },
    { "global", 0, 0, G_OPTION_ARG_STRING, &o->global,
      "With --source: the global work size", "X[,Y[,Z]]" },
    { "local", 0, 0, G_OPTION_ARG_STRING, &o->local,
      "With --source: the work-group size", "X[,Y[,Z]]" },
    { "scratch", 0, 0, G_OPTION_ARG_STRING, &o->scratch,
      "With --source: bytes of each scratch buffer (arguments after the "
      "scalars)",
      "B[,B...]" },
    { "repetitions", 'r', 0, G_OPTION_ARG_INT, &o->repetitions,
      "Timed launches; the median is reported (default 10)", "R" },
    { "warmup", 0, 0, G_OPTION_ARG_INT, &o->warmup,
      "Untimed launches first (default 2)", "W" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &o->seed,
      "Seed of the inputs (default 1)", "S" },
    { "timeout", 't', 0, G_OPTION_ARG_DOUBLE, &o->timeout,
      "Seconds the runs may take before the candidate is stopped "
      "(default 10)",
      "S" },
    { "journal", 'j', 0, G_OPTION_ARG_FILENAME, &o->journal,
      "The journal (default: under $XDG_DATA_HOME/bnbtune/journal/)", "PATH" },
    { "no-journal", 0, 0, G_OPTION_ARG_NONE, &o->no_journal,
      "Neither read nor write a journal", NULL },
    { "re-measure", 0, 0, G_OPTION_ARG_NONE, &o->re_measure,
      "Run the candidate even if the journal has it", NULL },
    { "in-process", 0, 0, G_OPTION_ARG_NONE, &o->in_process,
      "Run on the device in this process (no watchdog)", NULL },
    { "build-options", 0, 0, G_OPTION_ARG_STRING, &o->build_options,
      "Options for clBuildProgram, e.g. -cl-opt-disable to tell a driver "
      "compiler's bug from the candidate's (implies --no-journal)",
      "OPTIONS" },
    { "source-out", 'o', 0, G_OPTION_ARG_FILENAME, &o->source_out,
      "Where to write the source (default: under "
      "$XDG_CACHE_HOME/bnbtune/sources/)",
      "FILE" },
    { NULL },
  };
  GOptionContext *context
      = g_option_context_new ("- run, time and verify one candidate");
  o->repetitions = 10;
  o->leaves = 1;
  o->warmup = 2;
  o->seed = 1;
  o->timeout = 10;
  bnb_cli_options_add (context, &o->c,
                       &(BnbCliTakes){ .kernel = TRUE,
                                       .device = BNB_CLI_DEVICE_HELP,
                                       .decisions = CANDIDATE_HELP });
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context, "Builds one candidate, runs it on a device (warm-up, then "
               "timed launches),\nchecks every output element against the "
               "reference interpreter and prints\nthe source's path, the "
               "outcome and the median time.  Evaluations are\nkept in a "
               "journal and reused unless --re-measure is given.");
  return context;
}

static gboolean
usage_error (GError **error, const char *message)
{
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s", message);
  return FALSE;
}

static gboolean
check_run_options (const RunOptions *o, GError **error)
{
  guint given = !!o->c.decisions + !!o->random_leaf + !!o->source;
  if (!o->c.kernel)
    return usage_error (error, "--kernel FILE is required");
  if (given != 1)
    return usage_error (error, "name the candidate with exactly one of "
                               "--decisions, --random-leaf or --source");
  if (o->source && (!o->global || !o->local))
    return usage_error (error, "--source needs --global and --local");
  if (o->leaves < 1 || (o->leaves > 1 && !o->random_leaf))
    return usage_error (error, "--leaves takes a positive count, with "
                               "--random-leaf");
  if (o->repetitions < 1 || o->warmup < 0 || o->timeout <= 0)
    return usage_error (error, "--repetitions must be at least 1, --warmup "
                               "at least 0 and --timeout positive");
  return TRUE;
}

static gboolean
parse_seed (const char *text, guint64 *seed, GError **error)
{
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL))
    return usage_error (error, "--random-leaf takes a non-negative integer");
  return TRUE;
}

static BnbChoiceNode *
random_leaf_of (const BnbChoiceNode *root, guint64 seed, GError **error)
{
  guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) };
  g_autoptr (GRand) rand = g_rand_new_with_seed_array (words, 2);
  BnbChoiceNode *leaf = bnb_choice_random_leaf (root, rand, 1000);
  if (!leaf)
    g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD,
                 "no leaf reached from seed %" G_GUINT64_FORMAT, seed);
  return leaf;
}

/* The leaf --decisions names or --random-leaf draws. */
static BnbChoiceNode *
pick_leaf (const BnbChoiceSpace *space, const char *decisions,
           const char *random_leaf, GError **error)
{
  g_autoptr (BnbChoiceNode) root = bnb_choice_node_root (space, error);
  guint64 seed = 0;
  if (!root)
    return NULL;
  if (decisions)
    {
      g_autofree char *open = NULL;
      if (!bnb_choice_node_apply_string (root, decisions, error))
        return NULL;
      if (bnb_choice_node_is_leaf (root))
        return g_steal_pointer (&root);
      open = bnb_choice_name (space, bnb_choice_node_next_open (root));
      g_set_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION,
                   "the decisions leave choices open, %s among them", open);
      return NULL;
    }
  if (!parse_seed (random_leaf, &seed, error))
    return NULL;
  return random_leaf_of (root, seed, error);
}

static BnbCodegenProgram *
generate (const BnbIrKernel *kernel, const BnbChoiceLimits *limits,
          const char *decisions, const char *random_leaf, guint *space_size,
          GError **error)
{
  g_autoptr (BnbChoiceSpace) space
      = bnb_codegen_space_new (kernel, limits, error);
  g_autoptr (BnbChoiceNode) leaf = NULL;
  if (!space || !(leaf = pick_leaf (space, decisions, random_leaf, error)))
    return NULL;
  *space_size = bnb_choice_space_n_choices (space);
  return bnb_codegen_generate (leaf, error);
}

static gboolean
parse_work_size (const char *text, const char *option, gsize size[3],
                 GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint n = g_strv_length (parts);
  for (guint h = 0; h < 3; h++)
    {
      guint64 value = 1;
      if (h < n
          && !g_ascii_string_to_unsigned (g_strstrip (parts[h]), 10, 1,
                                          G_MAXUINT32, &value, NULL))
        n = 0;
      size[h] = (gsize)value;
    }
  if (n == 0 || n > 3)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "%s takes one to three positive sizes, as 256,16", option);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_scratch (const char *text, BnbCodegenProgram *p, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text ? text : "", ",", -1);
  p->n_scratch = text && *text ? g_strv_length (parts) : 0;
  p->scratch_bytes = g_new0 (gsize, MAX (p->n_scratch, 1));
  for (guint s = 0; s < p->n_scratch; s++)
    {
      guint64 bytes;
      if (!g_ascii_string_to_unsigned (g_strstrip (parts[s]), 10, 1, G_MAXSIZE,
                                       &bytes, NULL))
        return usage_error (error, "--scratch takes positive byte counts, "
                                   "as 4096,256");
      p->scratch_bytes[s] = (gsize)bytes;
    }
  return TRUE;
}

static char *
first_kernel_name (const char *source)
{
  g_autoptr (GRegex) regex
      = g_regex_new ("^[ \\t]*(?:__kernel|kernel)\\b[^;{]*?\\bvoid\\s+([A-Za-"
                     "z_][A-Za-z0-9_]*)\\s*\\(",
                     G_REGEX_DOTALL | G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  if (!g_regex_match (regex, source, 0, &match))
    return NULL;
  return g_match_info_fetch (match, 1);
}

/* The arrays that `bnbtune emit`'s header says the host zeroes before
 * each launch (a split store adds into them, docs/codegen.md), as
 * BnbCodegenProgram.zeroed: a source that was emitted runs as the
 * search ran it. */
static guint64
zeroed_arrays (const BnbIrKernel *k, const char *text)
{
  static const char mark[] = BNB_CODEGEN_ZEROED_MARK;
  guint64 zeroed = 0;
  for (const char *at = strstr (text, mark); at; at = strstr (at + 1, mark))
    {
      const char *name = at + sizeof mark - 1;
      gsize length = strcspn (name, " \n");
      for (guint a = 0; a < k->arrays->len && a < 64; a++)
        if (strlen (bnb_ir_array (k, a)->name) == length
            && !strncmp (bnb_ir_array (k, a)->name, name, length))
          zeroed |= G_GUINT64_CONSTANT (1) << a;
    }
  return zeroed;
}

/* The kernel's sizes as macros ahead of a hand-written source, which
 * may use them (M, N, K for mxm); #line keeps the build log's line
 * numbers those of the file. */
static char *
with_sizes (const BnbIrKernel *k, const char *text)
{
  GString *source = g_string_new (NULL);
  for (guint p = 0; p < k->params->len; p++)
    g_string_append_printf (source,
                            "#ifndef %s\n#define %s %" G_GINT64_FORMAT
                            "\n#endif\n",
                            bnb_ir_param (k, p)->name,
                            bnb_ir_param (k, p)->name, k->param_values[p]);
  g_string_append_printf (source, "#line 1\n%s", text);
  return g_string_free (source, FALSE);
}

/* A hand-written program; its journal key is its text (with the sizes)
 * and launch sizes. */
static BnbCodegenProgram *
hand_written (const RunOptions *o, const BnbIrKernel *k, GError **error)
{
  g_autoptr (BnbCodegenProgram) p = g_new0 (BnbCodegenProgram, 1);
  g_autofree char *hash = NULL;
  g_autofree char *text = NULL;
  if (!g_file_get_contents (o->source, &text, NULL, error)
      || !parse_work_size (o->global, "--global", p->global_size, error)
      || !parse_work_size (o->local, "--local", p->local_size, error))
    return NULL;
  p->source = with_sizes (k, text);
  p->zeroed = zeroed_arrays (k, text);
  p->kernel_name
      = o->kernel_name ? g_strdup (o->kernel_name) : first_kernel_name (text);
  if (!p->kernel_name)
    {
      usage_error (error, "no kernel function found in --source; name it "
                          "with --kernel-name");
      return NULL;
    }
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, p->source, -1);
  p->decisions = g_strdup_printf (
      "source %.16s %s global %zu,%zu,%zu local %zu,%zu,%zu", hash,
      p->kernel_name, p->global_size[0], p->global_size[1], p->global_size[2],
      p->local_size[0], p->local_size[1], p->local_size[2]);
  if (!parse_scratch (o->scratch, p, error))
    return NULL;
  return g_steal_pointer (&p);
}

static char *
write_source (const BnbIrKernel *kernel, const BnbCodegenProgram *p,
              const char *path, GError **error)
{
  g_autofree char *hash = NULL;
  g_autofree char *name = NULL;
  g_autofree char *dir = NULL;
  char *out;
  if (path)
    out = g_strdup (path);
  else
    {
      hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, p->source, -1);
      name = g_strdup_printf ("%s-%.16s.cl", kernel->name, hash);
      out = g_build_filename (g_get_user_cache_dir (), "bnbtune", "sources",
                              name, NULL);
    }
  dir = g_path_get_dirname (out);
  g_mkdir_with_parents (dir, 0755);
  if (!g_file_set_contents (out, p->source, -1, error))
    {
      g_free (out);
      return NULL;
    }
  return out;
}

static BnbJournal *
open_journal (const RunOptions *o, const BnbHarness *h, guint space,
              GError **error)
{
  BnbJournalKey key;
  g_autofree char *path = NULL;
  BnbJournal *j;
  bnb_harness_journal_key (h, space, &key);
  path = o->journal ? g_strdup (o->journal) : bnb_journal_default_path (&key);
  j = bnb_journal_open (path, &key, error);
  if (j && bnb_journal_repair_note (j))
    fprintf (stderr, "bnbtune run: warning: journal %s: %s\n", path,
             bnb_journal_repair_note (j));
  return j;
}

static void
print_times (const BnbEvaluation *e)
{
  printf ("time: %.3f us median of %u (min %.3f us, max %.3f us, %u "
          "warm-up)\n",
          e->median_s * 1e6, e->repetitions, e->min_s * 1e6, e->max_s * 1e6,
          e->warmup);
}

static void
print_evaluation (const BnbEvaluation *e, const char *journal)
{
  printf ("outcome: %s%s\n", bnb_outcome_name (e->outcome),
          e->from_journal ? " (from the journal; --re-measure runs it again)"
                          : "");
  if (e->outcome == BNB_OUTCOME_OK || e->outcome == BNB_OUTCOME_WRONG_RESULT)
    {
      print_times (e);
      printf ("max error: %.3g (tolerance %.3g)\n", e->max_error,
              e->tolerance);
    }
  if (e->outcome == BNB_OUTCOME_WRONG_RESULT && e->message)
    printf ("first wrong: %s\n", e->message);
  else if (e->outcome == BNB_OUTCOME_WRONG_RESULT)
    printf ("first wrong: %s[%" G_GINT64_FORMAT "] = %.9g, expected %.9g\n",
            e->wrong_array, e->wrong_index, e->wrong_value, e->wrong_expected);
  if (e->outcome == BNB_OUTCOME_BUILD_FAILED)
    printf ("build log:\n%s\n", e->message ? e->message : "");
  else if (e->outcome != BNB_OUTCOME_OK
           && e->outcome != BNB_OUTCOME_WRONG_RESULT)
    printf ("error: %s\n", e->message ? e->message : "");
  if (e->compile_s > 0)
    printf ("build: %.3f s\n", e->compile_s);
  if (journal)
    printf ("journal: %s\n", journal);
}

static BnbHarness *
open_harness (const RunOptions *o, GError **error)
{
  BnbHarnessOptions ho;
  bnb_harness_options_init (&ho);
  ho.repetitions = (guint)o->repetitions;
  ho.warmup = (guint)o->warmup;
  ho.timeout_s = o->timeout;
  ho.seed = (guint64)o->seed;
  ho.in_process = o->in_process;
  ho.build_options = o->build_options;
  return bnb_tune_harness_new (o->c.kernel, NULL, o->c.sizes, o->c.device, &ho,
                               error);
}

static BnbCodegenProgram *
make_program (const RunOptions *o, const BnbHarness *h, guint *space,
              GError **error)
{
  BnbChoiceLimits limits;
  if (o->source)
    return hand_written (o, bnb_harness_kernel (h), error);
  limits = bnb_cli_device_limits (&o->c, bnb_harness_device (h));
  return generate (bnb_harness_kernel (h), &limits, o->c.decisions,
                   o->random_leaf, space, error);
}

/* From the journal if it has it, else measured now and recorded. */
/* The journal's evaluation of `program`: under its decisions, and of the
 * same code (a journal written by a tool that printed other code for
 * these decisions does not answer).  A hand-written source has no kernel
 * key: its decisions name the source's hash. */
static const BnbEvaluation *
journal_answer (const BnbJournal *j, const BnbCodegenProgram *program)
{
  const BnbEvaluation *old
      = j ? bnb_journal_lookup (j, program->decisions) : NULL;
  if (old && program->kernel_key
      && g_strcmp0 (old->kernel_key, program->kernel_key) != 0)
    return NULL;
  return old;
}

static BnbEvaluation *
evaluate (const RunOptions *o, BnbHarness *h, BnbJournal *j,
          const BnbCodegenProgram *program, GError **error)
{
  const BnbEvaluation *old = journal_answer (j, program);
  g_autoptr (BnbEvaluation) e = NULL;
  /* fewer repetitions than asked (a search's early stop of a slow
   * candidate, or its own --repetitions) are not a measurement of these */
  if (old && !o->re_measure && bnb_evaluation_is_reusable (old, o->timeout)
      && (old->outcome != BNB_OUTCOME_OK
          || old->repetitions >= (guint)o->repetitions))
    return bnb_evaluation_copy (old);
  e = bnb_harness_evaluate (h, program, FALSE, error);
  if (!e || (j && !bnb_journal_append (j, e, error)))
    return NULL;
  return g_steal_pointer (&e);
}

static gboolean
report (const BnbEvaluation *e, const BnbJournal *j, GError **error)
{
  g_autofree char *summary = NULL;
  print_evaluation (e, j ? bnb_journal_path (j) : NULL);
  if (e->outcome == BNB_OUTCOME_OK)
    return TRUE;
  summary = bnb_evaluation_summary (e);
  g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_PROBLEM,
               "the candidate failed: %s", summary);
  return FALSE;
}

/* --leaves: many random leaves in one process, built ahead. */
#define LEAVES_AHEAD 32

typedef struct {
  const RunOptions *o;
  BnbHarness *h;
  BnbJournal *j;
  BnbChoiceSpace *space;
  BnbChoiceNode *root;
  guint64 seed;
  GQueue ahead; /* BnbCodegenProgram*, NULL where codegen failed */
  guint next;   /* leaves generated so far */
  guint counts[BNB_OUTCOME_COUNT + 1]; /* the last: codegen failed */
} Leaves;

static void
leaves_clear (Leaves *l)
{
  g_queue_clear_full (&l->ahead, (GDestroyNotify)bnb_codegen_program_free);
  bnb_choice_node_free (l->root);
  bnb_choice_space_free (l->space);
}

/* Generates leaves up to LEAVES_AHEAD ahead and starts their builds. */
static void
leaves_fill (Leaves *l)
{
  while (l->next < (guint)l->o->leaves && l->ahead.length < LEAVES_AHEAD)
    {
      g_autoptr (GError) error = NULL;
      guint64 seed = l->seed + l->next++;
      g_autoptr (BnbChoiceNode) leaf = random_leaf_of (l->root, seed, &error);
      BnbCodegenProgram *p = leaf ? bnb_codegen_generate (leaf, &error) : NULL;
      if (!p)
        printf ("seed %" G_GUINT64_FORMAT ": no program: %s\n", seed,
                error->message);
      else if (!journal_answer (l->j, p))
        bnb_harness_prepare (l->h, p);
      g_queue_push_tail (&l->ahead, p);
    }
}

static gboolean
leaves_one (Leaves *l, guint i, GError **error)
{
  g_autoptr (BnbCodegenProgram) p = g_queue_pop_head (&l->ahead);
  g_autoptr (BnbEvaluation) e = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *path = NULL;
  if (!p)
    {
      l->counts[BNB_OUTCOME_COUNT]++;
      return TRUE;
    }
  if (!(e = evaluate (l->o, l->h, l->j, p, error)))
    return FALSE;
  l->counts[e->outcome]++;
  summary = bnb_evaluation_summary (e);
  printf ("seed %" G_GUINT64_FORMAT ": %s%s\n", l->seed + i, summary,
          e->from_journal ? " (from the journal)" : "");
  if (e->outcome != BNB_OUTCOME_OK
      && (path = write_source (bnb_harness_kernel (l->h), p, NULL, NULL)))
    printf ("  source: %s\n", path);
  fflush (stdout);
  return TRUE;
}

static gboolean
leaves_report (const Leaves *l, GError **error)
{
  guint failed = (guint)l->o->leaves - l->counts[BNB_OUTCOME_OK];
  printf ("%d leaves:", l->o->leaves);
  for (guint o = 0; o < BNB_OUTCOME_COUNT; o++)
    printf (" %u %s,", l->counts[o], bnb_outcome_name (o));
  printf (" %u without a program\n", l->counts[BNB_OUTCOME_COUNT]);
  if (!failed)
    return TRUE;
  g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_PROBLEM,
               "%u of %d leaves failed", failed, l->o->leaves);
  return FALSE;
}

static gboolean
run_leaves (const RunOptions *o, BnbHarness *h, GError **error)
{
  BnbChoiceLimits limits
      = bnb_cli_device_limits (&o->c, bnb_harness_device (h));
  g_autoptr (BnbJournal) j = NULL;
  Leaves l = { o, h, NULL, NULL, NULL, 0, G_QUEUE_INIT, 0, { 0 } };
  gboolean ok = TRUE;
  if (!parse_seed (o->random_leaf, &l.seed, error)
      || !(l.space
           = bnb_codegen_space_new (bnb_harness_kernel (h), &limits, error))
      || !(l.root = bnb_choice_node_root (l.space, error))
      || (!o->no_journal
          && !(j = open_journal (o, h, bnb_choice_space_n_choices (l.space),
                                 error))))
    ok = FALSE;
  l.j = j;
  for (guint i = 0; ok && i < (guint)o->leaves; i++)
    {
      leaves_fill (&l);
      ok = leaves_one (&l, i, error);
    }
  if (ok)
    ok = leaves_report (&l, error);
  leaves_clear (&l);
  return ok;
}

gboolean
bnb_cmd_run (int argc, char **argv, GError **error)
{
  g_auto (RunOptions) o = { 0 };
  g_autoptr (GOptionContext) context = run_context (&o);
  g_autoptr (BnbHarness) h = NULL;
  g_autoptr (BnbCodegenProgram) program = NULL;
  g_autoptr (BnbJournal) j = NULL;
  g_autoptr (BnbEvaluation) e = NULL;
  g_autofree char *path = NULL;
  guint space = 0;
  if (!bnb_cli_parse (context, &argc, &argv, error)
      || !check_run_options (&o, error))
    return FALSE;
  /* the journal's measurements are of candidates built without options */
  gboolean built_apart = o.build_options && *o.build_options;
  if (built_apart && o.journal)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--build-options runs without a journal: leave out "
                   "--journal");
      return FALSE;
    }
  o.no_journal = o.no_journal || built_apart;
  if (!(h = open_harness (&o, error)))
    return FALSE;
  printf ("device: %s (%s)\n", bnb_harness_device (h)->name,
          bnb_harness_device_reason (h));
  if (o.leaves > 1)
    return run_leaves (&o, h, error);
  if (!(program = make_program (&o, h, &space, error))
      || !(path = write_source (bnb_harness_kernel (h), program, o.source_out,
                                error)))
    return FALSE;
  printf ("source: %s\n", path);
  if (strlen (program->decisions) <= MAX_DECISIONS_SHOWN)
    printf ("decisions: %s\n", program->decisions);
  fflush (stdout);
  if ((!o.no_journal && !(j = open_journal (&o, h, space, error)))
      || !(e = evaluate (&o, h, j, program, error)))
    return FALSE;
  return report (e, j, error);
}

typedef struct {
  BnbCliOptions c;
  char *random_leaf;
  char *output;
} EmitOptions;

static void
emit_options_clear (EmitOptions *o)
{
  bnb_cli_options_clear (&o->c);
  g_free (o->random_leaf);
  g_free (o->output);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (EmitOptions, emit_options_clear)

static GOptionContext *
emit_context (EmitOptions *o)
{
  GOptionEntry entries[] = {
    { "random-leaf", 0, 0, G_OPTION_ARG_STRING, &o->random_leaf,
      "The candidate: a random leaf of the space drawn from SEED", "SEED" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output,
      "Write the source to FILE (default: standard output)", "FILE" },
    { NULL },
  };
  GOptionContext *context
      = g_option_context_new ("- write one candidate's OpenCL source");
  bnb_cli_options_add (context, &o->c,
                       &(BnbCliTakes){ .kernel = TRUE,
                                       .limits = TRUE,
                                       .decisions = CANDIDATE_HELP });
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context, "Generates the OpenCL C source of one candidate, for the "
               "device limits\ngiven (no device is opened).  The launch "
               "sizes go to standard error,\nor to standard output with "
               "--output.");
  return context;
}

static void
print_launch (FILE *out, const BnbCodegenProgram *p)
{
  fprintf (out, "kernel %s, global %zu,%zu,%zu, local %zu,%zu,%zu",
           p->kernel_name, p->global_size[0], p->global_size[1],
           p->global_size[2], p->local_size[0], p->local_size[1],
           p->local_size[2]);
  for (guint s = 0; s < p->n_scratch; s++)
    fprintf (out, "%s%zu", s ? "," : ", scratch bytes ", p->scratch_bytes[s]);
  fprintf (out, "\n");
}

gboolean
bnb_cmd_emit (int argc, char **argv, GError **error)
{
  g_auto (EmitOptions) o = { 0 };
  g_autoptr (GOptionContext) context = emit_context (&o);
  g_autoptr (BnbIrKernel) k = NULL;
  g_autoptr (BnbCodegenProgram) program = NULL;
  BnbChoiceLimits limits;
  guint space = 0;
  if (!bnb_cli_parse (context, &argc, &argv, error))
    return FALSE;
  if (!!o.c.decisions + !!o.random_leaf != 1)
    return usage_error (error, "name the candidate with exactly one of "
                               "--decisions or --random-leaf");
  if (!(k = bnb_cli_load_kernel (&o.c, NULL, error)))
    return FALSE;
  limits = bnb_cli_limits (&o.c);
  if (!(program
        = generate (k, &limits, o.c.decisions, o.random_leaf, &space, error)))
    return FALSE;
  if (!o.output)
    {
      fputs (program->source, stdout);
      print_launch (stderr, program);
      return TRUE;
    }
  if (!g_file_set_contents (o.output, program->source, -1, error))
    return FALSE;
  print_launch (stdout, program);
  return TRUE;
}

gboolean
bnb_cmd_worker (int argc, char **argv, GError **error)
{
  return bnb_harness_worker_main (error);
}
