/* The journal of evaluations: JSON lines, appended and synced one at a
 * time, so that a run killed at any point loses at most the evaluation it
 * was doing and a later run with the same key reuses the others.
 *
 *   {"journal":"bnbtune","version":1,"kernel":"mxm",...}   header
 *   {"decisions":"tile(T1)=16; ...","outcome":"ok",...}     evaluations
 *   {"decisions":...}                                        of that key
 *   {"journal":"bnbtune",...,"sizes":"M=64,N=64,K=64",...}  another key
 *
 * A header gives the key (tool version, kernel hash, sizes, device,
 * driver) of the evaluations under it.  Each line is written with one write()
 * and synced before append returns; a line with no newline at the end of the
 * file was never finished (the process died in the write) and is cut off when
 * the journal is opened.
 */
#include "harness/harness-private.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#define JOURNAL_VERSION 1
#define MAX_MESSAGE_BYTES 4000

struct BnbJournal {
  char *path;
  int fd;
  char *kernel_name;
  char *kernel_path;
  char *kernel_hash;
  char *sizes;
  char *device;
  char *driver;
  guint space;
  gboolean under_header; /* the file's last header is our key's */
  GHashTable *latest;    /* decisions -> BnbEvaluation*, under our key */
  /* kernel_key -> the latest evaluation in `latest` with that key (keys
   * and values are latest's) */
  GHashTable *by_kernel;
  guint n_evaluations;
  guint n_unreadable;
  char *repair_note;
};

static void
append_sanitized (GString *out, const char *text, gboolean drop_equals)
{
  for (const char *c = text; *c; c++)
    {
      if (drop_equals && *c == '=')
        continue;
      if (g_ascii_isalnum (*c) || *c == '.' || *c == '-')
        g_string_append_c (out, *c);
      else if (out->len && out->str[out->len - 1] != '_')
        g_string_append_c (out, '_');
    }
}

char *
bnb_journal_default_path (const BnbJournalKey *key)
{
  g_autoptr (GString) name = g_string_new (NULL);
  append_sanitized (name, key->kernel_name, FALSE);
  g_string_append_c (name, '-');
  append_sanitized (name, key->sizes, TRUE);
  g_string_append_c (name, '-');
  append_sanitized (name, key->device, FALSE);
  g_string_append (name, ".jsonl");
  return g_build_filename (g_get_user_data_dir (), "bnbtune", "journal",
                           name->str, NULL);
}

static gboolean
is_key (const BnbJournal *j, const BnbJsonObject *header)
{
  return g_strcmp0 (bnb_json_get_string (header, "tool"), BNB_VERSION) == 0
         && g_strcmp0 (bnb_json_get_string (header, "kernel_hash"),
                       j->kernel_hash)
                == 0
         && g_strcmp0 (bnb_json_get_string (header, "sizes"), j->sizes) == 0
         && g_strcmp0 (bnb_json_get_string (header, "device"), j->device) == 0
         && g_strcmp0 (bnb_json_get_string (header, "driver"), j->driver) == 0;
}

static char *
dup_or_null (const char *text)
{
  return text ? g_strdup (text) : NULL;
}

static BnbEvaluation *
evaluation_from_json (const BnbJsonObject *o)
{
  BnbEvaluation *e;
  const char *decisions = bnb_json_get_string (o, "decisions");
  BnbOutcome outcome
      = bnb_outcome_from_name (bnb_json_get_string (o, "outcome"));
  if (!decisions || outcome == BNB_OUTCOME_COUNT)
    return NULL;
  e = bnb_evaluation_new ();
  e->decisions = g_strdup (decisions);
  e->outcome = outcome;
  e->median_s = bnb_json_get_number (o, "median_s", 0);
  e->min_s = bnb_json_get_number (o, "min_s", 0);
  e->max_s = bnb_json_get_number (o, "max_s", 0);
  e->repetitions = (guint)bnb_json_get_number (o, "repetitions", 0);
  e->warmup = (guint)bnb_json_get_number (o, "warmup", 0);
  e->max_error = bnb_json_get_number (o, "max_error", INFINITY);
  e->tolerance = bnb_json_get_number (o, "tolerance", 0);
  e->wrong_array = dup_or_null (bnb_json_get_string (o, "wrong_array"));
  e->wrong_index = (gint64)bnb_json_get_number (o, "wrong_index", -1);
  e->wrong_value = bnb_json_get_number (o, "wrong_value", NAN);
  e->wrong_expected = bnb_json_get_number (o, "wrong_expected", NAN);
  e->compile_s = bnb_json_get_number (o, "compile_s", 0);
  e->timeout_s = bnb_json_get_number (o, "timeout_s", 0);
  e->message = dup_or_null (bnb_json_get_string (o, "message"));
  e->date = dup_or_null (bnb_json_get_string (o, "date"));
  e->same_kernel = bnb_json_get_number (o, "same_kernel", 0) != 0;
  e->kernel_key = dup_or_null (bnb_json_get_string (o, "kernel_key"));
  e->private_mem_bytes
      = (gint64)bnb_json_get_number (o, "private_mem_bytes", -1);
  e->local_mem_bytes = (gint64)bnb_json_get_number (o, "local_mem_bytes", -1);
  e->kernel_work_group_size
      = (gint64)bnb_json_get_number (o, "kernel_work_group_size", -1);
  e->from_journal = TRUE;
  return e;
}

static void
record (BnbJournal *j, BnbEvaluation *e)
{
  const BnbEvaluation *old = g_hash_table_lookup (j->latest, e->decisions);
  if (old && old->kernel_key
      && g_hash_table_lookup (j->by_kernel, old->kernel_key) == old)
    g_hash_table_remove (j->by_kernel, old->kernel_key);
  g_hash_table_replace (j->latest, e->decisions, e); /* frees `old` */
  if (e->kernel_key)
    g_hash_table_replace (j->by_kernel, e->kernel_key, e);
  j->n_evaluations++;
}

static void
read_line (BnbJournal *j, const char *line, gsize length)
{
  g_autoptr (BnbJsonObject) o = bnb_json_parse (line, length, NULL);
  BnbEvaluation *e;
  if (!o)
    j->n_unreadable++;
  else if (bnb_json_has (o, "journal"))
    j->under_header = is_key (j, o);
  else if (!(e = evaluation_from_json (o)))
    j->n_unreadable++;
  else if (j->under_header)
    record (j, e);
  else
    bnb_evaluation_free (e);
}

/* Reads every finished line; returns the length of the finished part. */
static gsize
read_lines (BnbJournal *j, const char *text, gsize length)
{
  const char *at = text, *end = text + length, *newline;
  while (at < end && (newline = memchr (at, '\n', end - at)))
    {
      if (newline > at)
        read_line (j, at, newline - at);
      at = newline + 1;
    }
  return at - text;
}

static gboolean
journal_error (GError **error, const char *what, const char *path)
{
  g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_JOURNAL,
               "%s %s: %s", what, path, g_strerror (errno));
  return FALSE;
}

/* Reads what the file holds and cuts an unfinished last line off. */
static gboolean
load (BnbJournal *j, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) read_error = NULL;
  gsize length = 0, finished;
  if (!g_file_get_contents (j->path, &text, &length, &read_error))
    {
      g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_JOURNAL, "%s",
                   read_error->message);
      return FALSE;
    }
  finished = read_lines (j, text, length);
  if (finished < length)
    {
      if (ftruncate (j->fd, (off_t)finished) < 0)
        return journal_error (error, "cannot repair", j->path);
      j->repair_note = g_strdup_printf ("dropped an unfinished last line "
                                        "(%" G_GSIZE_FORMAT " bytes)",
                                        length - finished);
    }
  if (j->n_unreadable)
    {
      char *note
          = g_strdup_printf ("%s%s%u unreadable lines ignored",
                             j->repair_note ? j->repair_note : "",
                             j->repair_note ? "; " : "", j->n_unreadable);
      g_free (j->repair_note);
      j->repair_note = note;
    }
  return TRUE;
}

static void
copy_key (BnbJournal *j, const BnbJournalKey *key)
{
  j->kernel_name = g_strdup (key->kernel_name);
  j->kernel_path = g_strdup (key->kernel_path);
  j->kernel_hash = g_strdup (key->kernel_hash);
  j->sizes = g_strdup (key->sizes);
  j->device = g_strdup (key->device);
  j->driver = g_strdup (key->driver);
  j->space = key->space;
}

BnbJournal *
bnb_journal_open (const char *path, const BnbJournalKey *key, GError **error)
{
  g_autoptr (BnbJournal) j = g_new0 (BnbJournal, 1);
  g_autofree char *dir = g_path_get_dirname (path);
  j->path = g_strdup (path);
  j->fd = -1;
  j->latest = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                     (GDestroyNotify)bnb_evaluation_free);
  j->by_kernel = g_hash_table_new (g_str_hash, g_str_equal);
  copy_key (j, key);
  if (g_mkdir_with_parents (dir, 0755) < 0)
    {
      journal_error (error, "cannot create the folder", dir);
      return NULL;
    }
  j->fd = open (path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (j->fd < 0)
    {
      journal_error (error, "cannot open the journal", path);
      return NULL;
    }
  if (!load (j, error))
    return NULL;
  return g_steal_pointer (&j);
}

void
bnb_journal_free (BnbJournal *j)
{
  if (!j)
    return;
  if (j->fd >= 0)
    close (j->fd);
  g_hash_table_destroy (j->by_kernel);
  g_hash_table_destroy (j->latest);
  g_free (j->path);
  g_free (j->kernel_name);
  g_free (j->kernel_path);
  g_free (j->kernel_hash);
  g_free (j->sizes);
  g_free (j->device);
  g_free (j->driver);
  g_free (j->repair_note);
  g_free (j);
}

const char *
bnb_journal_path (const BnbJournal *j)
{
  return j->path;
}

const char *
bnb_journal_repair_note (const BnbJournal *j)
{
  return j->repair_note;
}

guint
bnb_journal_n_evaluations (const BnbJournal *j)
{
  return j->n_evaluations;
}

const BnbEvaluation *
bnb_journal_lookup (const BnbJournal *j, const char *decisions)
{
  return decisions ? g_hash_table_lookup (j->latest, decisions) : NULL;
}

const BnbEvaluation *
bnb_journal_lookup_kernel (const BnbJournal *j, const char *kernel_key)
{
  return kernel_key ? g_hash_table_lookup (j->by_kernel, kernel_key) : NULL;
}

static gint
faster (gconstpointer a, gconstpointer b)
{
  const BnbEvaluation *x = *(const BnbEvaluation *const *)a;
  const BnbEvaluation *y = *(const BnbEvaluation *const *)b;
  return (x->median_s > y->median_s) - (x->median_s < y->median_s);
}

GPtrArray *
bnb_journal_fastest (const BnbJournal *j)
{
  GPtrArray *out = g_ptr_array_new ();
  GHashTableIter it;
  gpointer value;
  g_hash_table_iter_init (&it, j->latest);
  while (g_hash_table_iter_next (&it, NULL, &value))
    {
      const BnbEvaluation *e = value;
      if (e->outcome == BNB_OUTCOME_OK)
        g_ptr_array_add (out, value);
    }
  g_ptr_array_sort (out, faster);
  return out;
}

gboolean
bnb_evaluation_is_reusable (const BnbEvaluation *e, double timeout_s)
{
  return e->outcome != BNB_OUTCOME_TIMED_OUT || e->timeout_s >= timeout_s;
}

static char *
header_line (const BnbJournal *j)
{
  GString *out = g_string_new (NULL);
  g_autofree char *date = bnb_harness_now_iso8601 ();
  BnbJson w;
  bnb_json_init (&w, out, BNB_JSON_TIGHT);
  bnb_json_open (&w, NULL, '{');
  bnb_json_string (&w, "journal", "bnbtune");
  bnb_json_int (&w, "version", JOURNAL_VERSION);
  bnb_json_string (&w, "tool", BNB_VERSION);
  bnb_json_string (&w, "kernel", j->kernel_name);
  bnb_json_string (&w, "kernel_path", j->kernel_path);
  bnb_json_string (&w, "kernel_hash", j->kernel_hash);
  bnb_json_string (&w, "sizes", j->sizes);
  bnb_json_string (&w, "device", j->device);
  bnb_json_string (&w, "driver", j->driver);
  bnb_json_int (&w, "space", j->space);
  bnb_json_string (&w, "date", date);
  bnb_json_close (&w, '}');
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

static char *
short_message (const char *message)
{
  const char *end;
  if (!message || strlen (message) <= MAX_MESSAGE_BYTES)
    return g_strdup (message);
  end = g_utf8_find_prev_char (message, message + MAX_MESSAGE_BYTES + 1);
  return g_strdup_printf ("%.*s [...]", (int)(end - message), message);
}

static char *
evaluation_line (const BnbEvaluation *e)
{
  GString *out = g_string_new (NULL);
  g_autofree char *message = short_message (e->message);
  BnbJson j;
  bnb_json_init (&j, out, BNB_JSON_TIGHT);
  bnb_json_open (&j, NULL, '{');
  bnb_json_string (&j, "decisions", e->decisions ? e->decisions : "");
  bnb_json_string (&j, "outcome", bnb_outcome_name (e->outcome));
  bnb_json_number (&j, "median_s", e->median_s);
  bnb_json_number (&j, "min_s", e->min_s);
  bnb_json_number (&j, "max_s", e->max_s);
  bnb_json_int (&j, "repetitions", e->repetitions);
  bnb_json_int (&j, "warmup", e->warmup);
  bnb_json_number (&j, "max_error", e->max_error);
  bnb_json_number (&j, "tolerance", e->tolerance);
  bnb_json_string (&j, "wrong_array", e->wrong_array);
  bnb_json_int (&j, "wrong_index", e->wrong_index);
  bnb_json_number (&j, "wrong_value", e->wrong_value);
  bnb_json_number (&j, "wrong_expected", e->wrong_expected);
  bnb_json_number (&j, "compile_s", e->compile_s);
  bnb_json_number (&j, "timeout_s", e->timeout_s);
  bnb_json_string (&j, "message", message);
  bnb_json_string (&j, "date", e->date);
  if (e->same_kernel)
    bnb_json_int (&j, "same_kernel", 1);
  if (e->kernel_key)
    bnb_json_string (&j, "kernel_key", e->kernel_key);
  if (e->private_mem_bytes >= 0)
    bnb_json_int (&j, "private_mem_bytes", e->private_mem_bytes);
  if (e->local_mem_bytes >= 0)
    bnb_json_int (&j, "local_mem_bytes", e->local_mem_bytes);
  if (e->kernel_work_group_size >= 0)
    bnb_json_int (&j, "kernel_work_group_size", e->kernel_work_group_size);
  bnb_json_close (&j, '}');
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* One write, then fsync: a line is either whole and durable, or cut short
 * and dropped at the next open. */
static gboolean
write_line (BnbJournal *j, const char *line, GError **error)
{
  gsize length = strlen (line), done = 0;
  while (done < length)
    {
      ssize_t n = write (j->fd, line + done, length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return journal_error (error, "cannot write", j->path);
      done += (gsize)n;
    }
  if (fsync (j->fd) < 0)
    return journal_error (error, "cannot sync", j->path);
  return TRUE;
}

gboolean
bnb_journal_append (BnbJournal *j, const BnbEvaluation *e, GError **error)
{
  g_autofree char *line = NULL;
  BnbEvaluation *copy;
  if (e->stopped)
    return TRUE; /* no verdict on the candidate */
  line = evaluation_line (e);
  if (!j->under_header)
    {
      g_autofree char *header = header_line (j);
      if (!write_line (j, header, error))
        return FALSE;
      j->under_header = TRUE;
    }
  if (!write_line (j, line, error))
    return FALSE;
  copy = bnb_evaluation_copy (e);
  copy->from_journal = TRUE;
  if (!copy->decisions)
    copy->decisions = g_strdup ("");
  record (j, copy);
  return TRUE;
}
