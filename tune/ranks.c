/* Several processes through MPI (built with `make mpi`: -DBNB_WITH_MPI).
 *
 *   rank 0: the search, the queue, the journal, the reports
 *     lane 0: its own device              lane r: rank r, through MPI
 *        │                                   │ prepare, evaluate (decisions)
 *        ▼                                   ▼
 *     harness                             rank r: serves on its device
 *                                            │ the evaluation (bytes)
 *                                            ▼
 *                                         back to rank 0's lane r
 *
 * Every rank parses the same command line and opens the same session, on
 * one device each: the (local rank mod n)-th of its --device list, so that
 * `mpirun -np 2 bnbtune --device all-gpu` puts a rank on each GPU of a
 * host.  Rank 0 alone searches: a remote rank is one more lane of its
 * evaluator (tune/evaluator.c), so that the queue, the cut-off, each
 * kernel run once and the proof's accounting stay in one process.  A leaf
 * travels as its decisions and is remade on the rank from its own root;
 * the evaluation comes back as bytes (bnb_evaluation_to_bytes).  A rank
 * first says which device it has (HELLO): one of another kind is an
 * error, since one model describes them all.  MPI errors return (not
 * abort) so that a lane whose rank failed is dropped as a device that
 * failed is; mpirun itself may end the job when a rank dies, and rank 0's
 * journal then holds every evaluation received, for --resume.
 *
 * Without MPI this file gives one rank and nothing else. */
#include "tune/tune.h"

#include <string.h>

#ifdef BNB_WITH_MPI
#include <mpi.h>
#endif

enum {
  TAG_HELLO = 1, /* rank r -> 0: (bss) ok, device name or error, driver */
  TAG_PREPARE,   /* 0 -> r: the decisions (a string) */
  TAG_EVALUATE,  /* 0 -> r: (sbddd) decisions, final, launch limit, slow launch, time left */
  TAG_RESULT,    /* r -> 0: (bsay) ok, error, the evaluation's bytes */
  TAG_STOP,      /* 0 -> r: nothing */
};

G_DEFINE_QUARK (bnb-ranks-error-quark, bnb_ranks_error)

static guint rank_, size_ = 1, local_rank_, local_size_ = 1;

guint
bnb_ranks_rank (void)
{
  return rank_;
}

guint
bnb_ranks_size (void)
{
  return size_;
}

guint
bnb_ranks_local_rank (void)
{
  return local_rank_;
}

guint
bnb_ranks_local_size (void)
{
  return local_size_;
}

#ifdef BNB_WITH_MPI

static gboolean initialized;
/* Per rank: held across an evaluation's send and receive, so that two of
 * rank 0's threads (a dropped lane's leaves go to the next lane alive)
 * never take each other's results. */
static GMutex *rank_locks;

static gboolean
mpi_failed (int code, const char *what, GError **error)
{
  char text[MPI_MAX_ERROR_STRING] = "";
  int length = 0;
  if (code == MPI_SUCCESS)
    return FALSE;
  MPI_Error_string (code, text, &length);
  g_set_error (error, BNB_RANKS_ERROR, BNB_RANKS_ERROR_FAILED, "MPI: %s: %s", what,
               text);
  return TRUE;
}

gboolean
bnb_ranks_init (int *argc, char ***argv, GError **error)
{
  int provided = 0, rank = 0, size = 1, local = 0, local_size = 1;
  MPI_Comm node;
  if (mpi_failed (MPI_Init_thread (argc, argv, MPI_THREAD_MULTIPLE,
                                   &provided),
                  "initializing", error))
    return FALSE;
  initialized = TRUE;
  MPI_Comm_set_errhandler (MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  MPI_Comm_split_type (MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank,
                       MPI_INFO_NULL, &node);
  MPI_Comm_rank (node, &local);
  MPI_Comm_size (node, &local_size);
  MPI_Comm_free (&node);
  rank_ = (guint)rank;
  size_ = (guint)size;
  local_rank_ = (guint)local;
  local_size_ = (guint)MAX (local_size, 1);
  rank_locks = g_new0 (GMutex, size_);
  if (size > 1 && provided < MPI_THREAD_MULTIPLE)
    {
      g_set_error (error, BNB_RANKS_ERROR, BNB_RANKS_ERROR_UNSUPPORTED,
                   "MPI: this MPI library gives no MPI_THREAD_MULTIPLE, "
                   "which rank 0 needs (a device thread per rank)");
      return FALSE;
    }
  return TRUE;
}

static gboolean
send_variant (guint to, int tag, GVariant *v, GError **error)
{
  g_autoptr (GVariant) sunk = g_variant_ref_sink (v);
  gsize n = g_variant_get_size (sunk);
  const void *data = g_variant_get_data (sunk);
  char empty = 0;
  return !mpi_failed (MPI_Send (n ? data : &empty, (int)n, MPI_BYTE, (int)to,
                                tag, MPI_COMM_WORLD),
                      "sending", error);
}

/* The next message from `from` with `tag` (MPI_ANY_TAG: any; *tag_out
 * says which), as bytes. */
static GBytes *
receive_bytes (guint from, int tag, int *tag_out, GError **error)
{
  MPI_Status status;
  int count = 0;
  if (mpi_failed (MPI_Probe ((int)from, tag, MPI_COMM_WORLD, &status),
                  "waiting for a message", error)
      || mpi_failed (MPI_Get_count (&status, MPI_BYTE, &count),
                     "sizing a message", error))
    return NULL;
  char *data = g_malloc (MAX (count, 1));
  if (mpi_failed (MPI_Recv (data, count, MPI_BYTE, (int)from, status.MPI_TAG,
                            MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                  "receiving", error))
    {
      g_free (data);
      return NULL;
    }
  if (tag_out)
    *tag_out = status.MPI_TAG;
  return g_bytes_new_take (data, (gsize)count);
}

/* `bytes` read as a variant of `type`, in normal form (checked). */
static GVariant *
variant_of (GBytes *bytes, const GVariantType *type)
{
  g_autoptr (GVariant) v
      = g_variant_ref_sink (g_variant_new_from_bytes (type, bytes, FALSE));
  return g_variant_get_normal_form (v);
}

static GVariant *
receive_variant (guint from, int tag, const GVariantType *type,
                 GError **error)
{
  g_autoptr (GBytes) bytes = receive_bytes (from, tag, NULL, error);
  return bytes ? variant_of (bytes, type) : NULL;
}

void
bnb_ranks_barrier (void)
{
  if (initialized && size_ > 1)
    MPI_Barrier (MPI_COMM_WORLD);
}

gboolean
bnb_ranks_hello_all (const BnbDeviceDesc *desc, GError **error)
{
  for (guint r = 1; r < size_; r++)
    {
      gboolean ok = FALSE;
      const char *name = NULL, *driver = NULL;
      g_autoptr (GVariant) v
          = receive_variant (r, TAG_HELLO, G_VARIANT_TYPE ("(bss)"), error);
      if (v == NULL)
        return FALSE;
      g_variant_get (v, "(b&s&s)", &ok, &name, &driver);
      if (!ok)
        {
          g_set_error (error, BNB_RANKS_ERROR, BNB_RANKS_ERROR_FAILED,
                       "rank %u could not open its session: %s", r, name);
          return FALSE;
        }
      if (strcmp (name, desc->name) != 0
          || strcmp (driver, desc->driver_version) != 0)
        {
          g_set_error (error, BNB_RANKS_ERROR, BNB_RANKS_ERROR_FAILED,
                       "rank %u has %s (driver %s), rank 0 %s (driver %s): "
                       "the devices of one search must be of one kind",
                       r, name, driver, desc->name, desc->driver_version);
          return FALSE;
        }
    }
  return TRUE;
}

void
bnb_ranks_hello_failed (const GError *why)
{
  g_autoptr (GError) ignored = NULL;
  send_variant (0, TAG_HELLO,
                g_variant_new ("(bss)", FALSE, why->message, ""), &ignored);
}

void
bnb_ranks_prepare (guint rank, const char *decisions)
{
  g_autoptr (GError) ignored = NULL;
  send_variant (rank, TAG_PREPARE, g_variant_new_string (decisions),
                &ignored);
}

BnbEvaluation *
bnb_ranks_evaluate (guint rank, const char *decisions, gboolean final,
                    double launch_s, double slow_s, double left_s,
                    GError **error)
{
  gboolean ok = FALSE;
  const char *why = NULL;
  g_autoptr (GVariant) data = NULL;
  g_autoptr (GVariant) v = NULL;
  g_mutex_lock (&rank_locks[rank]);
  if (send_variant (rank, TAG_EVALUATE,
                    g_variant_new ("(sbddd)", decisions, final, launch_s,
                                   slow_s, left_s),
                    error))
    v = receive_variant (rank, TAG_RESULT, G_VARIANT_TYPE ("(bsay)"), error);
  g_mutex_unlock (&rank_locks[rank]);
  if (v == NULL)
    return NULL;
  g_variant_get (v, "(b&s@ay)", &ok, &why, &data);
  if (!ok)
    {
      g_set_error (error, BNB_RANKS_ERROR, BNB_RANKS_ERROR_FAILED, "rank %u: %s", rank,
                   why);
      return NULL;
    }
  g_autoptr (GBytes) bytes = g_variant_get_data_as_bytes (data);
  return bnb_evaluation_from_bytes (bytes);
}

/* The leaf below `s`'s root that `decisions` make, or NULL (`error`). */
static BnbChoiceNode *
leaf_of (BnbTuneSession *s, const char *decisions, GError **error)
{
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_node_copy (s->root);
  if (!bnb_choice_node_apply_string (leaf, decisions, error))
    return NULL;
  if (!bnb_choice_node_is_leaf (leaf))
    {
      g_set_error (error, BNB_RANKS_ERROR, BNB_RANKS_ERROR_FAILED,
                   "not a leaf of this rank's space: %s", decisions);
      return NULL;
    }
  return g_steal_pointer (&leaf);
}

static gboolean
serve_evaluate (BnbTuneSession *s, GVariant *job, GError **error)
{
  const BnbEvaluatorClass *k = s->evaluator->klass;
  const char *decisions = NULL;
  gboolean final = FALSE;
  double launch_s = 0, slow_s = 0, left_s = 0;
  g_autoptr (GError) failed = NULL;
  g_autoptr (BnbEvaluation) e = NULL;
  g_variant_get (job, "(&sbddd)", &decisions, &final, &launch_s, &slow_s,
                 &left_s);
  g_autoptr (BnbChoiceNode) leaf = leaf_of (s, decisions, &failed);
  if (leaf != NULL)
    {
      /* rank 0 answers equal kernels: this rank runs what it is sent,
       * never answering from its own table (an earlier search's); what
       * rank 0 asked it to build ahead stays built */
      bnb_tune_evaluator_forget_answers (s->evaluator);
      k->set_timeout (s->evaluator->self, launch_s);
      if (k->set_slow != NULL)
        k->set_slow (s->evaluator->self, slow_s);
      k->set_deadline (s->evaluator->self,
                       left_s > 0 ? g_get_monotonic_time ()
                                        + (gint64)(left_s * 1e6) + 1
                                  : 0);
      e = k->evaluate (s->evaluator->self, leaf, final, 0, &failed);
    }
  g_autoptr (GBytes) bytes
      = e ? bnb_evaluation_to_bytes (e) : g_bytes_new (NULL, 0);
  GVariant *data = g_variant_new_from_bytes (G_VARIANT_TYPE_BYTESTRING,
                                             bytes, TRUE);
  return send_variant (0, TAG_RESULT,
                       g_variant_new ("(bs@ay)", e != NULL,
                                      e         ? ""
                                      : failed  ? failed->message
                                                : "the evaluation failed",
                                      data),
                       error);
}

/* A message from rank 0, as the receiving thread queues it. */
typedef struct {
  int tag;
  GBytes *bytes; /* NULL: receiving failed (error) */
  GError *error;
} Message;

static void
message_free (Message *m)
{
  g_clear_pointer (&m->bytes, g_bytes_unref);
  g_clear_error (&m->error);
  g_free (m);
}

/* Receives rank 0's messages as soon as they come, so that its sends
 * (large ones wait for the receive: a leaf's decisions run to kilobytes)
 * never wait for this rank's evaluation in flight; they queue here. */
static gpointer
receive_main (gpointer data)
{
  GAsyncQueue *queue = data;
  for (;;)
    {
      Message *m = g_new0 (Message, 1);
      m->bytes = receive_bytes (0, MPI_ANY_TAG, &m->tag, &m->error);
      gboolean last = m->bytes == NULL || m->tag == TAG_STOP;
      g_async_queue_push (queue, m);
      if (last)
        {
          g_async_queue_unref (queue);
          return NULL;
        }
    }
}

/* One message: FALSE when the serving ends (stop, or `error`). */
static gboolean
serve_one (BnbTuneSession *s, Message *m, gboolean *stop, GError **error)
{
  const BnbEvaluatorClass *k = s->evaluator->klass;
  if (m->bytes == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&m->error));
      return FALSE;
    }
  if (m->tag == TAG_STOP)
    {
      *stop = TRUE;
      return FALSE;
    }
  if (m->tag == TAG_PREPARE)
    {
      g_autoptr (GVariant) v = variant_of (m->bytes, G_VARIANT_TYPE_STRING);
      g_autoptr (BnbChoiceNode) leaf
          = leaf_of (s, g_variant_get_string (v, NULL), NULL);
      if (leaf != NULL && k->prepare != NULL)
        k->prepare (s->evaluator->self, leaf, 0);
      return TRUE;
    }
  if (m->tag == TAG_EVALUATE)
    {
      g_autoptr (GVariant) v
          = variant_of (m->bytes, G_VARIANT_TYPE ("(sbddd)"));
      return serve_evaluate (s, v, error);
    }
  return TRUE;
}

gboolean
bnb_ranks_serve (BnbTuneSession *s, GError **error)
{
  if (!send_variant (0, TAG_HELLO,
                     g_variant_new ("(bss)", TRUE, s->desc.name,
                                    s->desc.driver_version),
                     error))
    return FALSE;
  g_autoptr (GAsyncQueue) queue
      = g_async_queue_new_full ((GDestroyNotify) message_free);
  GThread *receiver
      = g_thread_new ("bnb-rank-receive", receive_main,
                      g_async_queue_ref (queue));
  gboolean stop = FALSE, ok = TRUE;
  for (;;)
    {
      Message *m = g_async_queue_pop (queue);
      gboolean more = serve_one (s, m, &stop, error);
      gboolean last = m->bytes == NULL || m->tag == TAG_STOP;
      message_free (m);
      if (!more && !last)
        {
          /* a result could not be sent, the receiver still waits: rank 0
           * is gone or MPI is broken; end the job rather than hang */
          g_printerr ("bnbtune (rank %u): %s\n", rank_,
                      error && *error ? (*error)->message : "serving failed");
          MPI_Abort (MPI_COMM_WORLD, 1);
        }
      if (!more)
        {
          ok = stop;
          g_thread_join (receiver);
          return ok;
        }
    }
}

void
bnb_ranks_finish (void)
{
  if (!initialized)
    return;
  if (rank_ == 0)
    {
      g_autoptr (GError) ignored = NULL;
      for (guint r = 1; r < size_; r++)
        send_variant (r, TAG_STOP, g_variant_new ("()"), &ignored);
    }
  MPI_Finalize ();
  initialized = FALSE;
  g_clear_pointer (&rank_locks, g_free);
}

#else

gboolean
bnb_ranks_init (int *argc, char ***argv, GError **error)
{
  return TRUE;
}

void
bnb_ranks_barrier (void)
{
}

gboolean
bnb_ranks_hello_all (const BnbDeviceDesc *desc, GError **error)
{
  return TRUE;
}

void
bnb_ranks_hello_failed (const GError *why)
{
}

void
bnb_ranks_prepare (guint rank, const char *decisions)
{
}

BnbEvaluation *
bnb_ranks_evaluate (guint rank, const char *decisions, gboolean final,
                    double launch_s, double slow_s, double left_s,
                    GError **error)
{
  g_set_error (error, BNB_RANKS_ERROR, BNB_RANKS_ERROR_UNSUPPORTED,
               "built without MPI");
  return NULL;
}

gboolean
bnb_ranks_serve (BnbTuneSession *s, GError **error)
{
  return TRUE;
}

void
bnb_ranks_finish (void)
{
}

#endif
