/* The problem a kernel's candidates are checked on: inputs drawn once from
 * a seeded generator, the reference result of the IR's interpreter on
 * exactly those inputs (single-precision inputs are drawn as floats and
 * widened), the tolerance, and the element-by-element verification.
 *
 * The interpreter takes seconds on large sizes (a 1024^3 product: 18 s on
 * one core, about 10 s on two; its top loop runs on every core), so a
 * reference that took long is kept on disk under a key made of the
 * kernel's text, its sizes and the seed, and read back next time.
 */
#include "harness/harness-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define MIN_MAGNITUDE 1e-3
#define CACHE_MAGIC "bnbtune-reference-1\n"
#define CACHE_AFTER_SECONDS 1.0

static gboolean
kernel_is_single (const BnbIrKernel *k)
{
  for (guint a = 0; a < k->arrays->len; a++)
    if (bnb_ir_array (k, a)->type == BNB_IR_F32)
      return TRUE;
  for (guint s = 0; s < k->scalars->len; s++)
    if (bnb_ir_scalar (k, s)->type == BNB_IR_F32)
      return TRUE;
  for (guint v = 0; v < k->values->len; v++)
    if (bnb_ir_value (k, v)->type == BNB_IR_F32)
      return TRUE;
  return FALSE;
}

/* The number of terms of an update's longest reduction: the product of
 * the sizes of the distinct logical dims it reduces over. */
static double
longest_reduction (const BnbIrKernel *k)
{
  double longest = 1;
  for (guint i = 0; i < k->insts->len; i++)
    {
      const BnbIrInst *inst = bnb_ir_inst (k, i);
      guint64 seen = 0;
      double terms = 1;
      for (guint r = 0; r < inst->n_reduction_dims; r++)
        {
          guint logical = bnb_ir_dim (k, inst->reduction_dims[r])->logical;
          if (logical < 64 && (seen >> logical & 1))
            continue;
          seen |= logical < 64 ? G_GUINT64_CONSTANT (1) << logical : 0;
          terms *= (double)bnb_ir_logical_size (k, logical);
        }
      longest = MAX (longest, terms);
    }
  return longest;
}

double
bnb_harness_tolerance (const BnbIrKernel *kernel)
{
  double root = sqrt (longest_reduction (kernel));
  if (kernel_is_single (kernel))
    return CLAMP (1e-5 * root, 1e-5, 1e-3);
  return CLAMP (1e-12 * root, 1e-12, 1e-9);
}

static double
draw (GRand *rand, BnbIrType type)
{
  double x;
  do
    {
      x = g_rand_double_range (rand, -1.0, 1.0);
      if (type == BNB_IR_F32)
        x = (float)x;
    }
  while (fabs (x) < MIN_MAGNITUDE);
  return x;
}

static gsize
type_size (BnbIrType type)
{
  return type == BNB_IR_F32 ? sizeof (float) : sizeof (double);
}

static void *
draw_array (GRand *rand, BnbIrType type, gint64 n)
{
  if (type == BNB_IR_F32)
    {
      float *data = g_new (float, n);
      for (gint64 i = 0; i < n; i++)
        data[i] = (float)draw (rand, type);
      return data;
    }
  double *data = g_new (double, n);
  for (gint64 i = 0; i < n; i++)
    data[i] = draw (rand, type);
  return data;
}

static void
draw_scalars (BnbHarnessProblem *p, GRand *rand)
{
  const BnbIrKernel *k = p->kernel;
  p->n_scalars = k->scalars->len;
  p->scalars = g_new0 (double, MAX (p->n_scalars, 1));
  p->scalar_bits = g_new0 (guint64, MAX (p->n_scalars, 1));
  p->scalar_size = g_new0 (gsize, MAX (p->n_scalars, 1));
  for (guint s = 0; s < p->n_scalars; s++)
    {
      BnbIrType type = bnb_ir_scalar (k, s)->type;
      float f;
      p->scalars[s] = draw (rand, type);
      p->scalar_size[s] = type_size (type);
      f = (float)p->scalars[s];
      if (type == BNB_IR_F32)
        memcpy (&p->scalar_bits[s], &f, sizeof f);
      else
        memcpy (&p->scalar_bits[s], &p->scalars[s], sizeof (double));
    }
}

BnbHarnessProblem *
bnb_harness_problem_new (const BnbIrKernel *k, guint64 seed)
{
  guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) };
  g_autoptr (GRand) rand = g_rand_new_with_seed_array (words, 2);
  BnbHarnessProblem *p = g_new0 (BnbHarnessProblem, 1);
  g_return_val_if_fail (k != NULL && k->bound, NULL);
  p->kernel = k;
  p->n_arrays = k->arrays->len;
  p->elements = g_new0 (gint64, MAX (p->n_arrays, 1));
  p->element_size = g_new0 (gsize, MAX (p->n_arrays, 1));
  p->host = g_new0 (void *, MAX (p->n_arrays, 1));
  p->reference = g_new0 (double *, MAX (p->n_arrays, 1));
  for (guint a = 0; a < p->n_arrays; a++)
    {
      const BnbIrArray *array = bnb_ir_array (k, a);
      p->elements[a] = bnb_ir_array_elements (k, a);
      p->element_size[a] = type_size (array->type);
      if (array->mode & BNB_IR_IN)
        p->host[a] = draw_array (rand, array->type, p->elements[a]);
    }
  draw_scalars (p, rand);
  p->tolerance = bnb_harness_tolerance (k);
  return p;
}

void
bnb_harness_problem_free (BnbHarnessProblem *p)
{
  if (!p)
    return;
  for (guint a = 0; a < p->n_arrays; a++)
    {
      g_free (p->host[a]);
      g_free (p->reference[a]);
    }
  g_free (p->elements);
  g_free (p->element_size);
  g_free (p->host);
  g_free (p->reference);
  g_free (p->scalars);
  g_free (p->scalar_bits);
  g_free (p->scalar_size);
  g_free (p);
}

void
bnb_harness_problem_set_reference (BnbHarnessProblem *p, guint a,
                                   double *reference)
{
  g_return_if_fail (a < p->n_arrays);
  g_free (p->reference[a]);
  p->reference[a] = reference;
}

static double
host_element (const BnbHarnessProblem *p, guint a, const void *data, gint64 i)
{
  if (p->element_size[a] == sizeof (float))
    return ((const float *)data)[i];
  return ((const double *)data)[i];
}

/* The interpreter's arrays: the inputs widened, out arrays as NaN. */
static double **
widen_inputs (const BnbHarnessProblem *p)
{
  double **arrays = g_new0 (double *, MAX (p->n_arrays, 1));
  for (guint a = 0; a < p->n_arrays; a++)
    {
      arrays[a] = g_new (double, MAX (p->elements[a], 1));
      for (gint64 i = 0; i < p->elements[a]; i++)
        arrays[a][i] = p->host[a] ? host_element (p, a, p->host[a], i) : NAN;
    }
  return arrays;
}

static gboolean
interpret (BnbHarnessProblem *p, GError **error)
{
  double **arrays = widen_inputs (p);
  gboolean ok = bnb_ir_interpret (p->kernel, arrays, p->scalars, error);
  for (guint a = 0; a < p->n_arrays; a++)
    {
      if (ok && (bnb_ir_array (p->kernel, a)->mode & BNB_IR_OUT))
        bnb_harness_problem_set_reference (p, a, arrays[a]);
      else
        g_free (arrays[a]);
    }
  g_free (arrays);
  return ok;
}

static char *
cache_path (const char *cache_key)
{
  g_autofree char *name
      = g_compute_checksum_for_string (G_CHECKSUM_SHA256, cache_key, -1);
  return g_build_filename (g_get_user_cache_dir (), "bnbtune", "reference",
                           name, NULL);
}

static gsize
reference_bytes (const BnbHarnessProblem *p)
{
  gsize bytes = strlen (CACHE_MAGIC);
  for (guint a = 0; a < p->n_arrays; a++)
    if (bnb_ir_array (p->kernel, a)->mode & BNB_IR_OUT)
      bytes += (gsize)p->elements[a] * sizeof (double);
  return bytes;
}

static gboolean
read_cache (BnbHarnessProblem *p, const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  const char *at;
  if (!g_file_get_contents (path, &data, &length, NULL)
      || length != reference_bytes (p)
      || memcmp (data, CACHE_MAGIC, strlen (CACHE_MAGIC)) != 0)
    return FALSE;
  at = data + strlen (CACHE_MAGIC);
  for (guint a = 0; a < p->n_arrays; a++)
    if (bnb_ir_array (p->kernel, a)->mode & BNB_IR_OUT)
      {
        gsize bytes = (gsize)p->elements[a] * sizeof (double);
        bnb_harness_problem_set_reference (p, a, g_memdup2 (at, bytes));
        at += bytes;
      }
  return TRUE;
}

/* A cache that cannot be written costs time, not correctness: ignored. */
static void
write_cache (const BnbHarnessProblem *p, const char *path)
{
  g_autoptr (GByteArray) data = g_byte_array_new ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_byte_array_append (data, (const guint8 *)CACHE_MAGIC,
                       strlen (CACHE_MAGIC));
  for (guint a = 0; a < p->n_arrays; a++)
    if (p->reference[a])
      g_byte_array_append (data, (const guint8 *)p->reference[a],
                           (guint)(p->elements[a] * sizeof (double)));
  if (g_mkdir_with_parents (dir, 0700) == 0)
    g_file_set_contents (path, (const char *)data->data, data->len, NULL);
}

gboolean
bnb_harness_problem_compute (BnbHarnessProblem *p, const char *cache_key,
                             GError **error)
{
  g_autofree char *path = cache_key ? cache_path (cache_key) : NULL;
  gint64 start = g_get_monotonic_time ();
  if (path && read_cache (p, path))
    return TRUE;
  if (!interpret (p, error))
    return FALSE;
  if (path && g_get_monotonic_time () - start > CACHE_AFTER_SECONDS * 1e6)
    write_cache (p, path);
  return TRUE;
}

/* |x - ref| / max(|ref|, 1); infinite where x is NaN or infinite unless
 * the reference is the same. */
static double
element_error (double x, double ref)
{
  if (isnan (x) || isnan (ref))
    return isnan (x) && isnan (ref) ? 0 : INFINITY;
  if (isinf (x) || isinf (ref))
    return x == ref ? 0 : INFINITY;
  return fabs (x - ref) / MAX (fabs (ref), 1.0);
}

static void
note_wrong (const BnbHarnessProblem *p, guint a, gint64 i, double x,
            BnbEvaluation *e)
{
  e->wrong_array = g_strdup (bnb_ir_array (p->kernel, a)->name);
  e->wrong_index = i;
  e->wrong_value = x;
  e->wrong_expected = p->reference[a][i];
}

/* Elements the comparison takes at a time: each block is first scanned
 * for any element whose error may exceed the largest so far (a loop with
 * no division and no branch), and only such a block is compared element
 * by element. */
#define VERIFY_BLOCK 1024

/* Whether every element of data[from, to) is certainly within `most` of
 * the reference: |x - ref| <= most x max(|ref|, 1), a little below it so
 * that rounding cannot pass an element whose error is above `most`.  A
 * NaN fails the test, and a difference that is not finite: most x |ref|
 * may be infinite (a reference that is, or an overflow), and only an
 * element equal to an infinite reference has a finite error there, whose
 * difference is NaN.  The maximum is written as two tests joined by `|`:
 * as a branch it was mispredicted a third of the time on mxm's inputs. */
static gboolean
block_within (const BnbHarnessProblem *p, guint a, const void *data,
              gint64 from, gint64 to, double most)
{
  const double *ref = p->reference[a];
  double limit = most * (1 - 4 * DBL_EPSILON);
  int outside = 0;
  for (gint64 i = from; i < to; i++)
    {
      double r = fabs (ref[i]);
      double d = fabs (host_element (p, a, data, i) - ref[i]);
      outside |= !(((d <= limit * r) | (d <= limit)) & (d <= DBL_MAX));
    }
  return !outside;
}

gboolean
bnb_harness_problem_verify (const BnbHarnessProblem *p, guint a,
                            const void *data, BnbEvaluation *e)
{
  gint64 first = -1;
  double most = 0; /* the largest error of this array so far */
  g_return_val_if_fail (p->reference[a] != NULL, FALSE);
  e->tolerance = p->tolerance;
  /* 16 M elements (mxm's C at 4096^2) took about 100 ms a candidate one
   * by one; most blocks pass the scan.  An element that raises `most`
   * past the tolerance is the first wrong one: every element before it
   * was within a `most` at most the tolerance. */
  for (gint64 from = 0; from < p->elements[a]; from += VERIFY_BLOCK)
    {
      gint64 to = MIN (from + VERIFY_BLOCK, p->elements[a]);
      if (block_within (p, a, data, from, to, most))
        continue;
      for (gint64 i = from; i < to; i++)
        {
          double error = element_error (host_element (p, a, data, i),
                                        p->reference[a][i]);
          most = MAX (most, error); /* never NaN */
          if (first < 0 && !(error <= p->tolerance))
            first = i;
        }
    }
  if (p->elements[a] > 0 && (most > e->max_error || isnan (e->max_error)))
    e->max_error = most;
  if (first >= 0 && !e->wrong_array)
    note_wrong (p, a, first, host_element (p, a, data, first), e);
  return first < 0;
}
