/* Differential tests on generated kernels (docs/testing.md): kernels that
 * nobody here wrote, drawn by tests/support/kernel-gen.c, every one of
 * which must parse and bind; the interpreter against a second, naive
 * evaluation of each (tests/support/naive-eval.c); and random leaves of
 * each kernel's space built, run on the test device (PoCL's CPU device in
 * CI, through the bnbtune binary $BNBTUNE names as the harness's worker)
 * and compared with the interpreter.
 *
 * The differential case reads, from the environment, how many kernels
 * (BNBTUNE_KERNELS), leaves per kernel (BNBTUNE_KERNEL_LEAVES), the first
 * seed (BNBTUNE_KERNEL_SEED) and where failing cases go
 * (BNBTUNE_KERNEL_DIR); bench/fuzz-kernels.sh runs the long version
 * through it.  Kernel n of a run is drawn from seed SEED + n.
 */
#include "harness/harness.h"
#include "tests/support/kernel-gen.h"
#include "tests/support/naive-eval.h"

#include <math.h>
#include <string.h>

#define GEN_KERNELS 1000
#define GEN_SEED 1

static guint64
env_uint (const char *name, guint64 fallback)
{
  const char *text = g_getenv (name);
  guint64 value;
  if (!text || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value,
                                            NULL))
    return fallback;
  return value;
}

/* The kernel of `seed`, parsed and bound to its defaults: a kernel the
 * generator writes that does not is a generator bug. */
static BnbIrKernel *
parse_generated (guint64 seed, char **text_out)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = bnb_test_kernel_gen (seed);
  g_autofree char *path = g_strdup_printf ("gen%" G_GUINT64_FORMAT ".ir",
                                           seed);
  BnbIrKernel *k = bnb_ir_kernel_parse_string (path, text, strlen (text),
                                               &error);
  if (k && !k->bound)
    bnb_ir_kernel_bind (k, NULL, &error);
  if (error)
    g_error ("generated kernel %s does not parse and bind: %s\n%s", path,
             error->message, text);
  if (text_out)
    *text_out = g_steal_pointer (&text);
  return k;
}

/* Every kernel parses and binds, and a seed always gives the same text. */
static void
test_generate (void)
{
  guint64 first = env_uint ("BNBTUNE_KERNEL_SEED", GEN_SEED);
  for (guint64 s = first; s < first + GEN_KERNELS; s++)
    {
      g_autofree char *text = NULL;
      g_autofree char *again = bnb_test_kernel_gen (s);
      g_autoptr (BnbIrKernel) k = parse_generated (s, &text);
      g_assert_cmpstr (text, ==, again);
      g_assert_cmpuint (k->insts->len, >, 0);
    }
}

/* Inputs in [-1, 1], never near zero; out-only arrays NaN. */
static double **
draw_arrays (const BnbIrKernel *k, GRand *rand)
{
  double **arrays = g_new0 (double *, k->arrays->len + 1);
  for (guint a = 0; a < k->arrays->len; a++)
    {
      gint64 n = bnb_ir_array_elements (k, a);
      gboolean out = bnb_ir_array (k, a)->mode == BNB_IR_OUT;
      arrays[a] = g_new (double, n);
      for (gint64 i = 0; i < n; i++)
        {
          double x = g_rand_double_range (rand, 0.1, 1.0);
          arrays[a][i] = out ? NAN : g_rand_boolean (rand) ? x : -x;
        }
    }
  return arrays;
}

static double **
copy_arrays (const BnbIrKernel *k, double **arrays)
{
  double **copy = g_new0 (double *, k->arrays->len + 1);
  for (guint a = 0; a < k->arrays->len; a++)
    copy[a] = g_memdup2 (arrays[a],
                         bnb_ir_array_elements (k, a) * sizeof (double));
  return copy;
}

static void
free_arrays (const BnbIrKernel *k, double **arrays)
{
  for (guint a = 0; a < k->arrays->len; a++)
    g_free (arrays[a]);
  g_free (arrays);
}

/* Both compute in double, in the same order but for two updates of one
 * accumulator in one loop: the interpreter interleaves them, the naive
 * evaluator runs one over the whole loop, then the other, and the sums
 * round differently. */
#define INTERP_TOLERANCE 1e-12

static gboolean
same_result (double x, double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) && isnan (y);
  return fabs (x - y) <= INTERP_TOLERANCE * fmax (fabs (y), 1.0);
}

/* The interpreter and the naive evaluator agree on every element, and
 * every element is a number (the generator's stores cover their arrays
 * and it divides by nothing near zero). */
static void
compare_interpreters (guint64 seed)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (BnbIrKernel) k = parse_generated (seed, &text);
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32)seed);
  double **interp = draw_arrays (k, rand);
  double **naive = copy_arrays (k, interp);
  double scalars[64];
  g_assert_cmpuint (k->scalars->len, <=, G_N_ELEMENTS (scalars));
  for (guint s = 0; s < k->scalars->len; s++)
    scalars[s] = g_rand_double_range (rand, 0.5, 1.5);
  g_assert_true (bnb_ir_interpret (k, interp, scalars, &error));
  g_assert_no_error (error);
  g_assert_true (bnb_test_naive_eval (k, naive, scalars, &error));
  g_assert_no_error (error);
  for (guint a = 0; a < k->arrays->len; a++)
    for (gint64 i = 0; i < bnb_ir_array_elements (k, a); i++)
      if (isnan (naive[a][i]) || !same_result (interp[a][i], naive[a][i]))
        g_error ("gen%" G_GUINT64_FORMAT ": %s[%" G_GINT64_FORMAT
                 "]: interpreter %.17g, naive %.17g\n%s",
                 seed, bnb_ir_array (k, a)->name, i, interp[a][i],
                 naive[a][i], text);
  free_arrays (k, interp);
  free_arrays (k, naive);
}

static void
test_interpreter (void)
{
  guint64 first = env_uint ("BNBTUNE_KERNEL_SEED", GEN_SEED);
  for (guint64 s = first; s < first + GEN_KERNELS; s++)
    compare_interpreters (s);
}

static void
ignore_message (const char *domain, GLogLevelFlags level,
                const char *message, gpointer data)
{
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_log_set_handler ("bnbtune-ir", G_LOG_LEVEL_DEBUG, ignore_message, NULL);
  g_test_add_func ("/kernels/generate", test_generate);
  g_test_add_func ("/kernels/interpreter", test_interpreter);
  return g_test_run ();
}
