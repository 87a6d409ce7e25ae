/* The messages between a harness and its worker, over one stream socket:
 * a 4-byte little-endian length, then that many bytes of a serialized
 * GVariant of type (sa{sv}), a tag and its fields.
 *
 *   parent -> worker            worker -> parent
 *   hello {device, threads}     device {desc, reason} | error {message}
 *   problem {kernel, sizes,     ready | error {message}
 *     seed, reference}
 *   prepare {source}            (nothing)
 *   threads {threads}           (nothing: the build threads resized)
 *   evaluate {id, program,      built {id, compile}, then
 *     warmup, repetitions}        result {id, evaluation, fatal}
 *   query {hash}                state {hash, built}: whether the source of
 *                                 that SHA-256 is built (an evaluation of
 *                                 it would not wait for its build)
 *
 * The parent closes the socket to stop the worker.  Writes use
 * MSG_NOSIGNAL, so that a worker that died makes a write fail rather than
 * raise SIGPIPE in the parent.
 */
#include "harness/harness-private.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_MESSAGE G_MAXUINT32

void
bnb_harness_channel_init (BnbHarnessChannel *c, int fd)
{
  c->fd = fd;
  c->pending = g_byte_array_new ();
}

void
bnb_harness_channel_clear (BnbHarnessChannel *c)
{
  if (c->fd >= 0)
    close (c->fd);
  c->fd = -1;
  g_clear_pointer (&c->pending, g_byte_array_unref);
}

static gboolean
write_all (int fd, const guint8 *data, gsize length, GError **error)
{
  while (length > 0)
    {
      ssize_t n = send (fd, data, length, MSG_NOSIGNAL);
      if (n < 0 && errno == ENOTSOCK)
        n = write (fd, data, length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_WORKER,
                       "writing to the worker: %s", g_strerror (errno));
          return FALSE;
        }
      data += n;
      length -= (gsize)n;
    }
  return TRUE;
}

gboolean
bnb_harness_channel_send (BnbHarnessChannel *c, const char *tag,
                          GVariant *fields, GError **error)
{
  g_autoptr (GVariant) message
      = g_variant_ref_sink (g_variant_new ("(s@a{sv})", tag, fields));
  gsize size = g_variant_get_size (message);
  g_autofree guint8 *data = g_malloc (size + 8);
  g_return_val_if_fail (size <= MAX_MESSAGE, FALSE);
  for (guint b = 0; b < 4; b++)
    data[4 + b] = (guint8)(size >> (8 * b));
  g_variant_store (message, data + 8); /* GVariant wants it aligned */
  return write_all (c->fd, data + 4, size + 4, error);
}

/* A whole message at the head of `pending`, taken from it. */
static gboolean
take_message (BnbHarnessChannel *c, char **tag, GVariant **fields)
{
  gsize size = 0;
  guint8 *copy;
  g_autoptr (GVariant) message = NULL;
  if (c->pending->len < 4)
    return FALSE;
  for (guint b = 0; b < 4; b++)
    size |= (gsize)c->pending->data[b] << (8 * b);
  if (c->pending->len < size + 4)
    return FALSE;
  copy = g_memdup2 (c->pending->data + 4, size);
  message = g_variant_ref_sink (g_variant_new_from_data (
      G_VARIANT_TYPE ("(sa{sv})"), copy, size, FALSE, g_free, copy));
  g_byte_array_remove_range (c->pending, 0, (guint)(size + 4));
  g_variant_get (message, "(s@a{sv})", tag, fields);
  return TRUE;
}

static int
poll_timeout (gint64 deadline)
{
  gint64 left;
  if (deadline < 0)
    return -1;
  left = deadline - g_get_monotonic_time ();
  return left <= 0 ? 0 : (int)MIN ((left + 999) / 1000, G_MAXINT);
}

static BnbHarnessReceive
read_some (BnbHarnessChannel *c, gint64 deadline, GError **error)
{
  guint8 buffer[65536];
  struct pollfd pfd = { c->fd, POLLIN, 0 };
  int ready = poll (&pfd, 1, poll_timeout (deadline));
  ssize_t n;
  if (ready == 0)
    return BNB_HARNESS_RECEIVE_TIMEOUT;
  n = ready < 0 ? -1 : read (c->fd, buffer, sizeof buffer);
  if (n < 0 && errno == EINTR)
    return BNB_HARNESS_RECEIVED;
  if (n == 0 || (n < 0 && errno == ECONNRESET))
    return BNB_HARNESS_RECEIVE_CLOSED;
  if (n < 0)
    {
      g_set_error (error, BNB_HARNESS_ERROR, BNB_HARNESS_ERROR_WORKER,
                   "reading from the worker: %s", g_strerror (errno));
      return BNB_HARNESS_RECEIVE_ERROR;
    }
  g_byte_array_append (c->pending, buffer, (guint)n);
  return BNB_HARNESS_RECEIVED;
}

BnbHarnessReceive
bnb_harness_channel_receive (BnbHarnessChannel *c, gint64 deadline, char **tag,
                             GVariant **fields, GError **error)
{
  while (!take_message (c, tag, fields))
    {
      BnbHarnessReceive status = read_some (c, deadline, error);
      if (status != BNB_HARNESS_RECEIVED)
        return status;
    }
  return BNB_HARNESS_RECEIVED;
}

static void
add (GVariantBuilder *b, const char *key, GVariant *value)
{
  g_variant_builder_add (b, "{sv}", key, value);
}

static void
add_string (GVariantBuilder *b, const char *key, const char *value)
{
  if (value)
    add (b, key, g_variant_new_string (value));
}

GVariant *
bnb_harness_evaluation_to_variant (const BnbEvaluation *e)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add_string (&b, "decisions", e->decisions);
  add (&b, "outcome", g_variant_new_uint32 (e->outcome));
  add (&b, "median", g_variant_new_double (e->median_s));
  add (&b, "min", g_variant_new_double (e->min_s));
  add (&b, "max", g_variant_new_double (e->max_s));
  add (&b, "repetitions", g_variant_new_uint32 (e->repetitions));
  add (&b, "warmup", g_variant_new_uint32 (e->warmup));
  add (&b, "max-error", g_variant_new_double (e->max_error));
  add (&b, "tolerance", g_variant_new_double (e->tolerance));
  add_string (&b, "wrong-array", e->wrong_array);
  add (&b, "wrong-index", g_variant_new_int64 (e->wrong_index));
  add (&b, "wrong-value", g_variant_new_double (e->wrong_value));
  add (&b, "wrong-expected", g_variant_new_double (e->wrong_expected));
  add (&b, "compile", g_variant_new_double (e->compile_s));
  add (&b, "build-wait", g_variant_new_double (e->build_wait_s));
  add (&b, "timeout", g_variant_new_double (e->timeout_s));
  add (&b, "private-mem", g_variant_new_int64 (e->private_mem_bytes));
  add (&b, "local-mem", g_variant_new_int64 (e->local_mem_bytes));
  add (&b, "kernel-wg-size", g_variant_new_int64 (e->kernel_work_group_size));
  add_string (&b, "message", e->message);
  add_string (&b, "date", e->date);
  add_string (&b, "kernel-key", e->kernel_key);
  add (&b, "stopped", g_variant_new_boolean (e->stopped));
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

BnbEvaluation *
bnb_harness_evaluation_from_variant (GVariant *v)
{
  BnbEvaluation *e = bnb_evaluation_new ();
  guint32 outcome = BNB_OUTCOME_LAUNCH_FAILED;
  g_variant_lookup (v, "decisions", "s", &e->decisions);
  g_variant_lookup (v, "outcome", "u", &outcome);
  e->outcome = MIN (outcome, BNB_OUTCOME_TIMED_OUT);
  g_variant_lookup (v, "median", "d", &e->median_s);
  g_variant_lookup (v, "min", "d", &e->min_s);
  g_variant_lookup (v, "max", "d", &e->max_s);
  g_variant_lookup (v, "repetitions", "u", &e->repetitions);
  g_variant_lookup (v, "warmup", "u", &e->warmup);
  g_variant_lookup (v, "max-error", "d", &e->max_error);
  g_variant_lookup (v, "tolerance", "d", &e->tolerance);
  g_variant_lookup (v, "wrong-array", "s", &e->wrong_array);
  g_variant_lookup (v, "wrong-index", "x", &e->wrong_index);
  g_variant_lookup (v, "wrong-value", "d", &e->wrong_value);
  g_variant_lookup (v, "wrong-expected", "d", &e->wrong_expected);
  g_variant_lookup (v, "compile", "d", &e->compile_s);
  g_variant_lookup (v, "build-wait", "d", &e->build_wait_s);
  g_variant_lookup (v, "timeout", "d", &e->timeout_s);
  g_variant_lookup (v, "private-mem", "x", &e->private_mem_bytes);
  g_variant_lookup (v, "local-mem", "x", &e->local_mem_bytes);
  g_variant_lookup (v, "kernel-wg-size", "x", &e->kernel_work_group_size);
  g_variant_lookup (v, "message", "s", &e->message);
  g_variant_lookup (v, "date", "s", &e->date);
  g_variant_lookup (v, "kernel-key", "s", &e->kernel_key);
  g_variant_lookup (v, "stopped", "b", &e->stopped);
  return e;
}

GBytes *
bnb_evaluation_to_bytes (const BnbEvaluation *e)
{
  g_autoptr (GVariant) v = bnb_harness_evaluation_to_variant (e);
  return g_variant_get_data_as_bytes (v);
}

BnbEvaluation *
bnb_evaluation_from_bytes (GBytes *bytes)
{
  g_autoptr (GVariant) v = g_variant_ref_sink (
      g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
  g_autoptr (GVariant) normal = g_variant_get_normal_form (v);
  return bnb_harness_evaluation_from_variant (normal);
}

static GVariant *
sizes_variant (const gsize *sizes, guint n)
{
  g_autofree guint64 *values = g_new0 (guint64, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    values[i] = sizes[i];
  return g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, values, n,
                                    sizeof (guint64));
}

static void
sizes_from_variant (GVariant *v, const char *key, gsize *sizes, guint n)
{
  g_autoptr (GVariant) array
      = g_variant_lookup_value (v, key, G_VARIANT_TYPE ("at"));
  gsize count = 0;
  const guint64 *values
      = array ? g_variant_get_fixed_array (array, &count, sizeof (guint64))
              : NULL;
  for (guint i = 0; i < n; i++)
    sizes[i] = i < count ? (gsize)values[i] : 1;
}

GVariant *
bnb_harness_program_to_variant (const BnbHarnessProgram *p)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  add_string (&b, "source", p->source);
  add_string (&b, "kernel-name", p->kernel_name);
  add_string (&b, "decisions", p->decisions);
  add (&b, "global", sizes_variant (p->global_size, 3));
  add (&b, "local", sizes_variant (p->local_size, 3));
  add (&b, "scratch", sizes_variant (p->scratch_bytes, p->n_scratch));
  add (&b, "zeroed", g_variant_new_uint64 (p->zeroed));
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

void
bnb_harness_program_from_variant (GVariant *v, BnbHarnessProgram *p)
{
  g_autoptr (GVariant) scratch
      = g_variant_lookup_value (v, "scratch", G_VARIANT_TYPE ("at"));
  const char *text = "";
  memset (p, 0, sizeof *p);
  g_variant_lookup (v, "source", "&s", &text);
  p->source = (char *)text;
  text = "";
  g_variant_lookup (v, "kernel-name", "&s", &text);
  p->kernel_name = (char *)text;
  text = NULL;
  g_variant_lookup (v, "decisions", "&s", &text);
  p->decisions = (char *)text;
  sizes_from_variant (v, "global", p->global_size, 3);
  sizes_from_variant (v, "local", p->local_size, 3);
  g_variant_lookup (v, "zeroed", "t", &p->zeroed);
  p->n_scratch = scratch ? (guint)g_variant_n_children (scratch) : 0;
  p->scratch_bytes = g_new0 (gsize, MAX (p->n_scratch, 1));
  sizes_from_variant (v, "scratch", p->scratch_bytes, p->n_scratch);
}
