/* Tests of the reference interpreter (ir/interp.c): every shipped kernel
 * against direct C loops at several sizes, odd and non-square ones
 * included; arrays updated in place; the errors it reports; and small
 * kernels, written inline, that use every operator, scalar and constant
 * operands, values defined outside any loop and `over` copies of level 0.
 *
 * Inputs come from a seeded GRand in [-1, 1], never zero; out-only arrays
 * start as NaN so that an element the interpreter misses shows.  The C
 * loops compute in the interpreter's order, so results must match exactly;
 * in-only arrays must come back unchanged.
 *
 * The interpreter splits a top-level loop over threads only where that
 * cannot change the result: every case runs on one thread and on several
 * and must give the same bits, and small kernels check which loops it
 * splits (by the debug message that says so) and which it must not.
 */
#include <math.h>
#include <string.h>

#include "ir/ir.h"

#define TEST_SEED 20240611

typedef void (*TestReference) (const BnbIrKernel *kernel, double **arrays,
                               const double *scalars);

/* One case: a kernel (a file under data/kernels/, or inline text), the
 * sizes it is bound to, and the C loops that compute what it should. */
typedef struct {
  const char *path;
  const char *name;
  const char *text;
  const char *sizes;
  TestReference reference;
} TestCase;

/* A kernel bound to sizes with its arrays: `arrays` for the interpreter,
 * `expected` for the C loops, both from the same inputs. */
typedef struct {
  BnbIrKernel *kernel;
  double **arrays;
  double **expected;
  double *scalars;
} TestRun;

static void
test_run_free (TestRun *run)
{
  for (guint a = 0; a < run->kernel->arrays->len; a++) {
    g_free (run->arrays[a]);
    g_free (run->expected[a]);
  }
  g_free (run->arrays);
  g_free (run->expected);
  g_free (run->scalars);
  bnb_ir_kernel_free (run->kernel);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestRun, test_run_free)

static double
test_random (GRand *rand)
{
  double x;

  do
    x = g_rand_double_range (rand, -1.0, 1.0);
  while (x == 0.0);
  return x;
}

static gint64
test_param (const BnbIrKernel *kernel, const char *name)
{
  for (guint p = 0; p < kernel->params->len; p++)
    if (g_str_equal (bnb_ir_param (kernel, p)->name, name))
      return kernel->param_values[p];
  g_error ("%s has no parameter %s", kernel->name, name);
}

static double *
test_array (const BnbIrKernel *kernel, double **arrays, const char *name)
{
  for (guint a = 0; a < kernel->arrays->len; a++)
    if (g_str_equal (bnb_ir_array (kernel, a)->name, name))
      return arrays[a];
  g_error ("%s has no array %s", kernel->name, name);
}

static BnbIrKernel *
test_kernel_new (const TestCase *test, const char *sizes)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) kernel = NULL;

  if (test->text)
    kernel = bnb_ir_kernel_parse_string (test->name, test->text,
                                         strlen (test->text), &error);
  else
    kernel = bnb_ir_kernel_parse_file (test->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (kernel);
  bnb_ir_kernel_bind (kernel, sizes, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&kernel);
}

static void
test_run_fill (TestRun *run, GRand *rand)
{
  const BnbIrKernel *kernel = run->kernel;

  for (guint a = 0; a < kernel->arrays->len; a++) {
    gint64 elements = bnb_ir_array_elements (kernel, a);
    gsize n = elements > 0 ? (gsize)elements : 1;
    gboolean out = bnb_ir_array (kernel, a)->mode == BNB_IR_OUT;

    g_assert_cmpint (elements, >, 0);
    run->arrays[a] = g_new (double, n);
    for (gsize i = 0; i < n; i++)
      run->arrays[a][i] = out ? NAN : test_random (rand);
    run->expected[a] = g_memdup2 (run->arrays[a], n * sizeof (double));
  }
  for (guint s = 0; s < kernel->scalars->len; s++)
    run->scalars[s] = test_random (rand);
}

static TestRun *
test_run_new (const TestCase *test, const char *sizes)
{
  g_autoptr (TestRun) run = g_new0 (TestRun, 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (TEST_SEED);

  run->kernel = test_kernel_new (test, sizes);
  run->arrays = g_new0 (double *, run->kernel->arrays->len + 1);
  run->expected = g_new0 (double *, run->kernel->arrays->len + 1);
  run->scalars = g_new0 (double, run->kernel->scalars->len + 1);
  test_run_fill (run, rand);
  return g_steal_pointer (&run);
}

static void
test_run_interpret (TestRun *run)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  ok = bnb_ir_interpret (run->kernel, run->arrays, run->scalars, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
}

static void
test_run_interpret_on (TestRun *run, guint n_threads)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  ok = bnb_ir_interpret_threads (run->kernel, run->arrays, run->scalars,
                                 n_threads, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
}

/* Every array of `run` holds the same bits as in `other`. */
static void
test_run_compare_bits (const TestRun *run, const TestRun *other)
{
  for (guint a = 0; a < run->kernel->arrays->len; a++) {
    gint64 n = bnb_ir_array_elements (run->kernel, a);

    g_assert_cmpmem (run->arrays[a], n * sizeof (double), other->arrays[a],
                     n * sizeof (double));
  }
}

static void
test_run_compare (const TestRun *run)
{
  for (guint a = 0; a < run->kernel->arrays->len; a++) {
    gint64 n = bnb_ir_array_elements (run->kernel, a);

    for (gint64 i = 0; i < n; i++)
      if (run->arrays[a][i] != run->expected[a][i])
        g_error ("%s, array %s, element %" G_GINT64_FORMAT
                 ": interpreted %.17g, expected %.17g",
                 run->kernel->name, bnb_ir_array (run->kernel, a)->name, i,
                 run->arrays[a][i], run->expected[a][i]);
  }
}

static void
test_interp_reference (gconstpointer data)
{
  const TestCase *test = data;
  g_autoptr (TestRun) run = test_run_new (test, test->sizes);

  test_run_interpret (run);
  test->reference (run->kernel, run->expected, run->scalars);
  test_run_compare (run);
}

static void
test_reference_axpy (const BnbIrKernel *kernel, double **arrays,
                     const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  double *x = test_array (kernel, arrays, "X");

  for (gint64 i = 0; i < n; i++)
    x[i] = scalars[0] * x[i];
}

static void
test_reference_mxm (const BnbIrKernel *kernel, double **arrays,
                    const double *scalars)
{
  gint64 m = test_param (kernel, "M");
  gint64 n = test_param (kernel, "N");
  gint64 k = test_param (kernel, "K");
  const double *a = test_array (kernel, arrays, "A");
  const double *b = test_array (kernel, arrays, "B");
  double *c = test_array (kernel, arrays, "C");

  for (gint64 i = 0; i < m; i++)
    for (gint64 j = 0; j < n; j++) {
      double acc = 0.0;

      for (gint64 l = 0; l < k; l++)
        acc = a[i * k + l] * b[l * n + j] + acc;
      c[i * n + j] = acc;
    }
}

static void
test_reference_gemv (const BnbIrKernel *kernel, double **arrays,
                     const double *scalars)
{
  gint64 m = test_param (kernel, "M");
  gint64 n = test_param (kernel, "N");
  const double *a = test_array (kernel, arrays, "A");
  const double *x = test_array (kernel, arrays, "x");
  double *y = test_array (kernel, arrays, "y");

  for (gint64 i = 0; i < m; i++) {
    double acc = 0.0;

    for (gint64 j = 0; j < n; j++)
      acc = a[i * n + j] * x[j] + acc;
    y[i] = acc;
  }
}

static void
test_reference_stencil2d (const BnbIrKernel *kernel, double **arrays,
                          const double *scalars)
{
  gint64 h = test_param (kernel, "H");
  gint64 w = test_param (kernel, "W");
  const double *in = test_array (kernel, arrays, "in");
  double *out = test_array (kernel, arrays, "out");

  for (gint64 y = 0; y < h - 2; y++)
    for (gint64 x = 0; x < w - 2; x++) {
      double ns = in[y * w + x + 1] + in[(y + 2) * w + x + 1];
      double we = in[(y + 1) * w + x] + in[(y + 1) * w + x + 2];

      out[y * (w - 2) + x] = (ns + we) * 0.25;
    }
}

static const char test_ops_text[] = "kernel ops;\n"
                                    "param N = 9;\n"
                                    "scalar s : f64;\n"
                                    "scalar t : f32;\n"
                                    "array A : f64[N] in;\n"
                                    "array B : f64[N] in;\n"
                                    "array O : f64[12, N] out;\n"
                                    "array R : f64[2] out;\n"
                                    "dim i = N;\n"
                                    "acc = mov 0.0;\n"
                                    "big = mov -2.0;\n"
                                    "loop i.0 {\n"
                                    "  a = load A[i];\n"
                                    "  b = load B[i];\n"
                                    "  ng = neg a;\n"
                                    "  df = sub a, b;\n"
                                    "  qt = div a, b;\n"
                                    "  lo = min a, s;\n"
                                    "  hi = max b, -0.5;\n"
                                    "  cs = mov 2.5;\n"
                                    "  fm = fma a, t, b;\n"
                                    "  sm = add a, 1.5;\n"
                                    "  pr = mul df, qt;\n"
                                    "  acc = add acc, df;\n"
                                    "  big = max big, pr;\n"
                                    "  store O[0, i], ng;\n"
                                    "  store O[1, i], df;\n"
                                    "  store O[2, i], qt;\n"
                                    "  store O[3, i], lo;\n"
                                    "  store O[4, i], hi;\n"
                                    "  store O[5, i], cs;\n"
                                    "  store O[6, i], fm;\n"
                                    "  store O[7, i], sm;\n"
                                    "  store O[8, i], pr;\n"
                                    "  store O[9, i], s;\n"
                                    "  store O[10, i], -3.25;\n"
                                    "  store O[11, N - 1 - i], a;\n"
                                    "}\n"
                                    "store R[0], acc;\n"
                                    "store R[1], big;\n";

static void
test_reference_ops_row (double *o, gint64 n, gint64 i, double a, double b,
                        const double *scalars)
{
  o[0 * n + i] = -a;
  o[1 * n + i] = a - b;
  o[2 * n + i] = a / b;
  o[3 * n + i] = fmin (a, scalars[0]);
  o[4 * n + i] = fmax (b, -0.5);
  o[5 * n + i] = 2.5;
  o[6 * n + i] = a * scalars[1] + b;
  o[7 * n + i] = a + 1.5;
  o[8 * n + i] = (a - b) * (a / b);
  o[9 * n + i] = scalars[0];
  o[10 * n + i] = -3.25;
  o[11 * n + n - 1 - i] = a;
}

static void
test_reference_ops (const BnbIrKernel *kernel, double **arrays,
                    const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  const double *a = test_array (kernel, arrays, "A");
  const double *b = test_array (kernel, arrays, "B");
  double *o = test_array (kernel, arrays, "O");
  double *r = test_array (kernel, arrays, "R");
  double acc = 0.0;
  double big = -2.0;

  for (gint64 i = 0; i < n; i++) {
    test_reference_ops_row (o, n, i, a[i], b[i], scalars);
    acc = acc + (a[i] - b[i]);
    big = fmax (big, (a[i] - b[i]) * (a[i] / b[i]));
  }
  r[0] = acc;
  r[1] = big;
}

/* Values communicated through `over` copies of level 0 and of a tiling
 * level, and across two sibling loops of the same dim. */
static const char test_copies_text[] = "kernel copies;\n"
                                       "param M = 3, N = 7;\n"
                                       "scalar s : f64;\n"
                                       "array X : f64[M, N] in;\n"
                                       "array Y : f64[M, N] out;\n"
                                       "array Z : f64[N] out;\n"
                                       "dim i = M;\n"
                                       "dim j = N tile {1, 2};\n"
                                       "loop i.0 {\n"
                                       "  x = load X[i, j] over j.0, j.1;\n"
                                       "  y = mul x, s over j.0, j.1;\n"
                                       "}\n"
                                       "loop i.0 {\n"
                                       "  z = sub y, x over j.0, j.1;\n"
                                       "  store Y[i, j], z over j.0, j.1;\n"
                                       "}\n"
                                       "c = mov 0.0 over j.0, j.1;\n"
                                       "loop i.0 {\n"
                                       "  c = add c, y over j.0, j.1;\n"
                                       "}\n"
                                       "store Z[j], c over j.0, j.1;\n";

static void
test_reference_copies (const BnbIrKernel *kernel, double **arrays,
                       const double *scalars)
{
  gint64 m = test_param (kernel, "M");
  gint64 n = test_param (kernel, "N");
  const double *x = test_array (kernel, arrays, "X");
  double *y = test_array (kernel, arrays, "Y");
  double *z = test_array (kernel, arrays, "Z");

  for (gint64 j = 0; j < n; j++)
    z[j] = 0.0;
  for (gint64 i = 0; i < m; i++)
    for (gint64 j = 0; j < n; j++) {
      y[i * n + j] = x[i * n + j] * scalars[0] - x[i * n + j];
      z[j] = z[j] + x[i * n + j] * scalars[0];
    }
}

static const TestCase test_cases[] = {
  { "data/kernels/axpy.ir", "axpy", NULL, "N=1", test_reference_axpy },
  { "data/kernels/axpy.ir", "axpy", NULL, "N=2", test_reference_axpy },
  { "data/kernels/axpy.ir", "axpy", NULL, "N=1000", test_reference_axpy },
  { "data/kernels/axpy.ir", "axpy", NULL, "N=1023", test_reference_axpy },
  { "data/kernels/axpy.ir", "axpy", NULL, NULL, test_reference_axpy },
  { "data/kernels/mxm.ir", "mxm", NULL, "M=1,N=1,K=1", test_reference_mxm },
  { "data/kernels/mxm.ir", "mxm", NULL, "M=17,N=5,K=33", test_reference_mxm },
  { "data/kernels/mxm.ir", "mxm", NULL, "M=5,N=33,K=17", test_reference_mxm },
  { "data/kernels/mxm.ir", "mxm", NULL, "M=3,N=100,K=2", test_reference_mxm },
  { "data/kernels/mxm.ir", "mxm", NULL, "M=64,N=64,K=64", test_reference_mxm },
  { "data/kernels/gemv.ir", "gemv", NULL, "M=1,N=1", test_reference_gemv },
  { "data/kernels/gemv.ir", "gemv", NULL, "M=17,N=5", test_reference_gemv },
  { "data/kernels/gemv.ir", "gemv", NULL, "M=5,N=33", test_reference_gemv },
  { "data/kernels/gemv.ir", "gemv", NULL, "M=300,N=257", test_reference_gemv },
  { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=3,W=3",
    test_reference_stencil2d },
  { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=3,W=40",
    test_reference_stencil2d },
  { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=40,W=3",
    test_reference_stencil2d },
  { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=17,W=29",
    test_reference_stencil2d },
  { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=64,W=64",
    test_reference_stencil2d },
  { NULL, "ops", test_ops_text, "", test_reference_ops },
  { NULL, "ops", test_ops_text, "N=1", test_reference_ops },
  { NULL, "ops", test_ops_text, "N=100", test_reference_ops },
  { NULL, "copies", test_copies_text, "", test_reference_copies },
  { NULL, "copies", test_copies_text, "M=1,N=1", test_reference_copies },
  { NULL, "copies", test_copies_text, "M=4,N=33", test_reference_copies },
};

/* One thread and several give the same bits, with more threads than
 * iterations too (the inputs are the same: the seed is). */
static void
test_interp_threads (gconstpointer data)
{
  const TestCase *test = data;
  static const guint n_threads[] = { 2, 3, 8 };
  g_autoptr (TestRun) one = test_run_new (test, test->sizes);

  test_run_interpret_on (one, 1);
  for (guint t = 0; t < G_N_ELEMENTS (n_threads); t++) {
    g_autoptr (TestRun) run = test_run_new (test, test->sizes);

    test_run_interpret_on (run, n_threads[t]);
    test_run_compare_bits (run, one);
  }
}

/* A sum over the loop's dim: s crosses the loop's boundary. */
static const char test_sum_text[] = "kernel sum;\n"
                                    "param N = 1000;\n"
                                    "array X : f64[N] in;\n"
                                    "array R : f64[1] out;\n"
                                    "dim i = N;\n"
                                    "s = mov 0.0;\n"
                                    "loop i.0 {\n"
                                    "  x = load X[i];\n"
                                    "  s = add s, x;\n"
                                    "}\n"
                                    "store R[0], s;\n";

static void
test_reference_sum (const BnbIrKernel *kernel, double **arrays,
                    const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  const double *x = test_array (kernel, arrays, "X");
  double s = 0.0;

  for (gint64 i = 0; i < n; i++)
    s = s + x[i];
  test_array (kernel, arrays, "R")[0] = s;
}

/* Iteration i writes Y[i + 1], which iteration i + 1 overwrites. */
static const char test_overlap_text[] = "kernel overlap;\n"
                                        "param N = 1000;\n"
                                        "array X : f64[N] in;\n"
                                        "array Y : f64[N + 1] out;\n"
                                        "dim i = N;\n"
                                        "loop i.0 {\n"
                                        "  x = load X[i];\n"
                                        "  store Y[i], x;\n"
                                        "  store Y[i + 1], x;\n"
                                        "}\n";

static void
test_reference_overlap (const BnbIrKernel *kernel, double **arrays,
                        const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  const double *x = test_array (kernel, arrays, "X");
  double *y = test_array (kernel, arrays, "Y");

  for (gint64 i = 0; i < n; i++)
    y[i] = y[i + 1] = x[i];
}

/* Every iteration writes Y[0]: the last one wins. */
static const char test_last_text[] = "kernel last;\n"
                                     "param N = 1000;\n"
                                     "array X : f64[N] in;\n"
                                     "array Y : f64[1] out;\n"
                                     "dim i = N;\n"
                                     "loop i.0 {\n"
                                     "  x = load X[i];\n"
                                     "  store Y[0], x;\n"
                                     "}\n";

static void
test_reference_last (const BnbIrKernel *kernel, double **arrays,
                     const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  const double *x = test_array (kernel, arrays, "X");

  test_array (kernel, arrays, "Y")[0] = x[n - 1];
}

/* An array updated in place from its end, and one written from its
 * start: the iterations touch distinct elements of both. */
static const char test_reverse_text[] = "kernel reverse;\n"
                                        "param N = 1000;\n"
                                        "array X : f64[N] inout;\n"
                                        "array Y : f64[N] out;\n"
                                        "dim i = N;\n"
                                        "loop i.0 {\n"
                                        "  x = load X[N - 1 - i];\n"
                                        "  y = mul x, 2.0;\n"
                                        "  store X[N - 1 - i], y;\n"
                                        "  store Y[i], x;\n"
                                        "}\n";

static void
test_reference_reverse (const BnbIrKernel *kernel, double **arrays,
                        const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  double *x = test_array (kernel, arrays, "X");
  double *y = test_array (kernel, arrays, "Y");

  for (gint64 i = 0; i < n; i++) {
    y[i] = x[n - 1 - i];
    x[n - 1 - i] = x[n - 1 - i] * 2.0;
  }
}

/* A case for the split of loops over threads, and the debug message that
 * says what the interpreter did with the first top-level loop. */
typedef struct {
  TestCase test;
  const char *message;
} TestSplitCase;

#define TEST_SPLIT_THREADS 4
#define TEST_SPLIT(name, text, sizes, reference, loop, split)                \
  { { NULL, name, text, sizes, reference },                                  \
    split ? "*: the iterations of " loop " run on 4 threads"                 \
          : "*: the iterations of " loop " may share what they write*" }

static const TestSplitCase test_split_cases[] = {
  TEST_SPLIT ("sum", test_sum_text, "", test_reference_sum, "i.0", FALSE),
  TEST_SPLIT ("overlap", test_overlap_text, "", test_reference_overlap,
              "i.0", FALSE),
  TEST_SPLIT ("last", test_last_text, "", test_reference_last, "i.0", FALSE),
  TEST_SPLIT ("copies", test_copies_text, "M=40,N=9", test_reference_copies,
              "i.0", FALSE),
  TEST_SPLIT ("ops", test_ops_text, "N=100", test_reference_ops, "i.0",
              FALSE),
  TEST_SPLIT ("reverse", test_reverse_text, "", test_reference_reverse, "i.0",
              TRUE),
  { { "data/kernels/mxm.ir", "mxm", NULL, "M=37,N=9,K=20",
      test_reference_mxm },
    "*: the iterations of m.0 run on 4 threads" },
  { { "data/kernels/gemv.ir", "gemv", NULL, "M=100,N=7",
      test_reference_gemv },
    "*: the iterations of m.0 run on 4 threads" },
  { { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=30,W=9",
      test_reference_stencil2d },
    "*: the iterations of y.0 run on 4 threads" },
  { { "data/kernels/axpy.ir", "axpy", NULL, "N=1000", test_reference_axpy },
    "*: the iterations of i.0 run on 4 threads" },
};

/* The interpreter says what it did (whether it splits the first
 * top-level loop, which dims it runs in tiles), and computes what the C
 * loops do, to the bit. */
static void
test_interp_split (gconstpointer data)
{
  const TestSplitCase *split = data;
  g_autoptr (TestRun) run = test_run_new (&split->test, split->test.sizes);

  g_test_expect_message ("bnbtune-ir", G_LOG_LEVEL_DEBUG, split->message);
  test_run_interpret_on (run, TEST_SPLIT_THREADS);
  g_test_assert_expected_messages ();
  split->test.reference (run->kernel, run->expected, run->scalars);
  test_run_compare (run);
}

/* Two stores into Y per iteration, the second one place further on: in
 * order, Y[j] ends as X[j] (its iteration's first store comes after the
 * second store of the iteration before).  Run in tiles of i, a tile's
 * first stores would all come before its second ones and Y[j] would end
 * as 2 X[j - 1], so i keeps its tile at 1. */
static const char test_shifted_text[] = "kernel shifted;\n"
                                        "param N = 100;\n"
                                        "array X : f64[N] in;\n"
                                        "array Y : f64[N + 1] out;\n"
                                        "dim i = N tile {1, 4};\n"
                                        "loop i.0 {\n"
                                        "  x = load X[i] over i.1;\n"
                                        "  store Y[i], x over i.1;\n"
                                        "  y = mul x, 2.0 over i.1;\n"
                                        "  store Y[i + 1], y over i.1;\n"
                                        "}\n";

static void
test_reference_shifted (const BnbIrKernel *kernel, double **arrays,
                        const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  const double *x = test_array (kernel, arrays, "X");
  double *y = test_array (kernel, arrays, "Y");

  for (gint64 i = 0; i < n; i++) {
    y[i] = x[i];
    y[i + 1] = x[i] * 2.0;
  }
}

/* A loop over i's last level around two loops over i.0: with tiles of 1
 * the first i.0 loop runs to its end before the second starts, so Y[j]
 * ends as 2 X[j - 1].  In tiles of i, the outer loop would run once per
 * index of the tile around both, interleaving them (found by a review,
 * where one thread gave Y[j] = X[j]); i keeps its tile at 1. */
static const char test_outer_level_text[]
    = "kernel outer_level;\n"
      "param N = 100;\n"
      "array X : f64[N] in;\n"
      "array Y : f64[N + 1] out;\n"
      "dim i = N tile {1, 2};\n"
      "loop i.1 {\n"
      "  loop i.0 { x = load X[i]; store Y[i], x; }\n"
      "  loop i.0 { z = load X[i]; y = mul z, 2.0; store Y[i + 1], y; }\n"
      "}\n";

static void
test_reference_outer_level (const BnbIrKernel *kernel, double **arrays,
                            const double *scalars)
{
  gint64 n = test_param (kernel, "N");
  const double *x = test_array (kernel, arrays, "X");
  double *y = test_array (kernel, arrays, "Y");

  for (gint64 i = 0; i < n; i++)
    y[i] = x[i];
  for (gint64 i = 0; i < n; i++)
    y[i + 1] = x[i] * 2.0;
}

/* Which logical dims the interpreter runs in tiles (its debug messages,
 * in the order of the dims): those of independent iterations, with the
 * largest divisor of their size up to 64, and at least 4 iterations per
 * thread for the dim of a loop at the top; never a reduction's.  Where
 * no divisor reaches a quarter of that cap (a prime size), the cap, the
 * last tile partial. */
static const TestSplitCase test_tile_cases[] = {
  { { NULL, "shifted", test_shifted_text, "", test_reference_shifted },
    "*: interpreted with every tile at 1" },
  { { NULL, "sum", test_sum_text, "", test_reference_sum },
    "*: interpreted with every tile at 1" },
  { { NULL, "outer-level", test_outer_level_text, "",
      test_reference_outer_level },
    "*: interpreted with every tile at 1" },
  { { "data/kernels/mxm.ir", "mxm", NULL, "M=64,N=48,K=20",
      test_reference_mxm },
    "mxm: interpreted with m in tiles of 4" },
  { { "data/kernels/mxm.ir", "mxm", NULL, "M=64,N=48,K=20",
      test_reference_mxm },
    "mxm: interpreted with n in tiles of 48" },
  { { "data/kernels/mxm.ir", "mxm", NULL, "M=1000,N=130,K=7",
      test_reference_mxm },
    "mxm: interpreted with n in tiles of 26" },
  { { "data/kernels/gemv.ir", "gemv", NULL, "M=96,N=7",
      test_reference_gemv },
    "gemv: interpreted with m in tiles of 6" },
  { { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=66,W=98",
      test_reference_stencil2d },
    "stencil2d: interpreted with x in tiles of 48" },
  { { "data/kernels/mxm.ir", "mxm", NULL, "M=67,N=131,K=5",
      test_reference_mxm },
    "mxm: interpreted with m in tiles of 4, the last of 3" },
  { { "data/kernels/mxm.ir", "mxm", NULL, "M=67,N=131,K=5",
      test_reference_mxm },
    "mxm: interpreted with n in tiles of 64, the last of 3" },
  { { "data/kernels/gemv.ir", "gemv", NULL, "M=101,N=7",
      test_reference_gemv },
    "gemv: interpreted with m in tiles of 6, the last of 5" },
  { { "data/kernels/stencil2d.ir", "stencil2d", NULL, "H=67,W=133",
      test_reference_stencil2d },
    "stencil2d: interpreted with x in tiles of 64, the last of 3" },
  { { "data/kernels/axpy.ir", "axpy", NULL, "N=4099", test_reference_axpy },
    "axpy: interpreted with i in tiles of 64, the last of 3" },
};

/* Running axpy twice on the same buffer scales it twice. */
static void
test_interp_inout (void)
{
  TestCase test = { "data/kernels/axpy.ir", "axpy", NULL, "N=77", NULL };
  g_autoptr (TestRun) run = test_run_new (&test, test.sizes);
  double *x = run->arrays[0];

  test_run_interpret (run);
  test_run_interpret (run);
  g_assert_true (run->arrays[0] == x);
  test_reference_axpy (run->kernel, run->expected, run->scalars);
  test_reference_axpy (run->kernel, run->expected, run->scalars);
  test_run_compare (run);
}

static void
test_interp_expect_error (const BnbIrKernel *kernel, gint code)
{
  g_autoptr (GError) error = NULL;
  double dummy[4] = { 1.0, 1.0, 1.0, 1.0 };
  double *arrays[] = { dummy, dummy, dummy, dummy };
  gboolean ok;

  ok = bnb_ir_interpret (kernel, arrays, dummy, &error);
  g_assert_error (error, BNB_IR_ERROR, code);
  g_assert_false (ok);
  g_assert_cmpfloat (dummy[0], ==, 1.0);
}

/* N has no default, so parsing leaves the kernel unbound. */
static const char test_unbound_text[] = "kernel unbound;\n"
                                        "param N;\n"
                                        "array X : f64[N] inout;\n"
                                        "dim i = N;\n"
                                        "loop i.0 {\n"
                                        "  x = load X[i];\n"
                                        "  store X[i], x;\n"
                                        "}\n";

static void
test_interp_unbound (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) kernel
      = bnb_ir_kernel_parse_string ("unbound", test_unbound_text,
                                    strlen (test_unbound_text), &error);

  g_assert_no_error (error);
  g_assert_false (kernel->bound);
  test_interp_expect_error (kernel, BNB_IR_ERROR_SIZE);
}

/* x is read in another loop over i than the one that makes it, so its
 * buffer spans all of i: 2^29 elements, above the interpreter's limit
 * (the check comes before any array is touched). */
static const char test_large_text[] = "kernel large;\n"
                                      "param N;\n"
                                      "array X : f64[N] in;\n"
                                      "array Y : f64[N] out;\n"
                                      "dim i = N;\n"
                                      "loop i.0 {\n"
                                      "  x = load X[i];\n"
                                      "}\n"
                                      "loop i.0 {\n"
                                      "  store Y[i], x;\n"
                                      "}\n";

static void
test_interp_too_large (void)
{
  TestCase test = { NULL, "large", test_large_text, NULL, NULL };
  g_autoptr (BnbIrKernel) kernel = test_kernel_new (&test, "N=536870912");

  test_interp_expect_error (kernel, BNB_IR_ERROR_SIZE);
}

static char *
test_case_path (const char *prefix, const TestCase *test)
{
  return g_strdup_printf ("%s/%s/%s", prefix, test->name,
                          test->sizes && *test->sizes ? test->sizes
                                                      : "default");
}

static void
test_add_cases (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (test_cases); t++) {
    const TestCase *test = &test_cases[t];
    g_autofree char *path = test_case_path ("/interp", test);
    g_autofree char *threads = test_case_path ("/interp/threads", test);

    g_test_add_data_func (path, test, test_interp_reference);
    g_test_add_data_func (threads, test, test_interp_threads);
  }
  for (guint t = 0; t < G_N_ELEMENTS (test_split_cases); t++) {
    const TestSplitCase *split = &test_split_cases[t];
    g_autofree char *path = test_case_path ("/interp/split", &split->test);

    g_test_add_data_func (path, split, test_interp_split);
  }
  for (guint t = 0; t < G_N_ELEMENTS (test_tile_cases); t++) {
    const TestSplitCase *tiles = &test_tile_cases[t];
    g_autofree char *prefix = g_strdup_printf ("/interp/tiles/%u", t);
    g_autofree char *path = test_case_path (prefix, &tiles->test);

    g_test_add_data_func (path, tiles, test_interp_split);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_add_cases ();
  g_test_add_func ("/interp/inout", test_interp_inout);
  g_test_add_func ("/interp/error/unbound", test_interp_unbound);
  g_test_add_func ("/interp/error/too-large", test_interp_too_large);
  return g_test_run ();
}
