/* Tests of the kernel IR: the shipped kernels parse into the structures
 * their text implies, sizes bind and are checked, a table of malformed
 * inputs each fail with the expected code, position and message, and
 * random mutations of the shipped kernels never crash or leak.
 *
 * Paths are relative to the source tree: run from its root (make does),
 * or set BNB_SRCDIR.
 */
#include <string.h>

#include "ir/ir.h"

#define BNB_TEST_MUTATIONS 100

static const char *const bnb_test_kernels[]
    = { "axpy", "gemv", "mxm", "stencil2d" };

static char *
bnb_test_kernel_path (const char *name)
{
  const char *srcdir = g_getenv ("BNB_SRCDIR");
  g_autofree char *file = g_strdup_printf ("%s.ir", name);

  return g_build_filename (srcdir ? srcdir : ".", "data", "kernels", file,
                           NULL);
}

static BnbIrKernel *
bnb_test_parse_kernel (const char *name)
{
  g_autofree char *path = bnb_test_kernel_path (name);
  g_autoptr (GError) error = NULL;
  BnbIrKernel *kernel = bnb_ir_kernel_parse_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (kernel);
  return kernel;
}

static BnbIrKernel *
bnb_test_parse_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  BnbIrKernel *kernel
      = bnb_ir_kernel_parse_string ("test.ir", text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (kernel);
  return kernel;
}

static guint
bnb_test_find_dim (const BnbIrKernel *kernel, const char *name)
{
  for (guint d = 0; d < kernel->dims->len; d++)
    if (strcmp (bnb_ir_dim (kernel, d)->name, name) == 0)
      return d;
  g_error ("no dim %s", name);
}

static guint
bnb_test_find_inst (const BnbIrKernel *kernel, const char *name)
{
  for (guint i = 0; i < kernel->insts->len; i++)
    if (strcmp (bnb_ir_inst (kernel, i)->name, name) == 0)
      return i;
  g_error ("no instruction %s", name);
}

static const BnbIrComm *
bnb_test_find_comm (const BnbIrKernel *kernel, const char *producer,
                    const char *consumer)
{
  guint p = bnb_test_find_inst (kernel, producer);
  guint c = bnb_test_find_inst (kernel, consumer);

  for (guint k = 0; k < kernel->comms->len; k++)
    if (bnb_ir_comm (kernel, k)->producer == p
        && bnb_ir_comm (kernel, k)->consumer == c)
      return bnb_ir_comm (kernel, k);
  g_error ("no communication %s -> %s", producer, consumer);
}

/* The dims of `inst` as "m.0 n.0 m.1@acc", or its reduction dims. */
static char *
bnb_test_dims_text (const BnbIrKernel *kernel, const char *inst_name,
                    gboolean reduction)
{
  const BnbIrInst *inst
      = bnb_ir_inst (kernel, bnb_test_find_inst (kernel, inst_name));
  guint n = reduction ? inst->n_reduction_dims : inst->n_dims;
  const guint *dims = reduction ? inst->reduction_dims : inst->dims;
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < n; k++)
    g_string_append_printf (text, "%s%s", k ? " " : "",
                            bnb_ir_dim (kernel, dims[k])->name);
  return g_string_free (text, FALSE);
}

static char *
bnb_test_pairs_text (const BnbIrKernel *kernel, const BnbIrComm *comm)
{
  GString *text = g_string_new (NULL);

  for (guint k = 0; k < comm->n_pairs; k++)
    g_string_append_printf (text, "%s%s->%s", k ? " " : "",
                            bnb_ir_dim (kernel, comm->pairs[k][0])->name,
                            bnb_ir_dim (kernel, comm->pairs[k][1])->name);
  return g_string_free (text, FALSE);
}

static void
bnb_test_assert_dims (const BnbIrKernel *kernel, const char *inst,
                      const char *dims, const char *reduction_dims)
{
  g_autofree char *all = bnb_test_dims_text (kernel, inst, FALSE);
  g_autofree char *reduction = bnb_test_dims_text (kernel, inst, TRUE);

  g_assert_cmpstr (all, ==, dims);
  g_assert_cmpstr (reduction, ==, reduction_dims);
}

static void
bnb_test_assert_comm (const BnbIrKernel *kernel, const char *producer,
                      const char *consumer, const char *pairs)
{
  const BnbIrComm *comm = bnb_test_find_comm (kernel, producer, consumer);
  g_autofree char *text = bnb_test_pairs_text (kernel, comm);

  g_assert_cmpstr (text, ==, pairs);
}

static void
bnb_test_assert_counts (const BnbIrKernel *kernel, guint dims, guint insts,
                        guint values, guint comms)
{
  g_assert_cmpuint (kernel->dims->len, ==, dims);
  g_assert_cmpuint (kernel->insts->len, ==, insts);
  g_assert_cmpuint (kernel->values->len, ==, values);
  g_assert_cmpuint (kernel->comms->len, ==, comms);
  g_assert_cmpuint (bnb_ir_n_items (kernel), ==, dims + insts);
}

/* axpy: i.0 and i.1 shared by the three instructions, one copy of i.2
 * each (the paper's d2, d3, d4), a[d2 -> d3] and b[d3 -> d4]. */
static void
test_kernel_axpy (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel ("axpy");
  const BnbIrTileVar *tile;

  bnb_test_assert_counts (k, 5, 3, 2, 2);
  g_assert_cmpstr (k->name, ==, "axpy");
  g_assert_true (k->bound);
  g_assert_cmpint (k->param_values[0], ==, 1048576);
  bnb_test_assert_dims (k, "x", "i.0 i.1 i.2@x", "");
  bnb_test_assert_dims (k, "y", "i.0 i.1 i.2@y", "");
  bnb_test_assert_dims (k, "st.X", "i.0 i.1 i.2@st.X", "");
  bnb_test_assert_comm (k, "x", "y", "i.2@x->i.2@y");
  bnb_test_assert_comm (k, "y", "st.X", "i.2@y->i.2@st.X");
  g_assert_cmpuint (bnb_ir_logical (k, 0)->n_levels, ==, 3);
  g_assert_cmpuint (k->tile_vars->len, ==, 2);
  tile = bnb_ir_tile_var (k, bnb_ir_logical (k, 0)->tile_var[2]);
  g_assert_cmpstr (tile->name, ==, "i.2");
  g_assert_cmpuint (tile->n_sizes, ==, 3);
  g_assert_cmpuint (tile->sizes[2], ==, 4);
  g_assert_cmpint (bnb_ir_inst (k, 1)->operands[0].kind, ==,
                   BNB_IR_OPERAND_SCALAR);
  g_assert_cmpuint (bnb_ir_dim (k, bnb_test_find_dim (k, "i.0"))->n_insts, ==,
                    3);
}

/* gemv: m.0 shared by all five instructions, n.0 and n.1 by the three of
 * the reduction; 2 + 3 + 1 + 3 + 2 copies; acc.upd reduces over n.0, n.1
 * and n.2. */
static void
test_kernel_gemv (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel ("gemv");

  bnb_test_assert_counts (k, 14, 5, 3, 4);
  bnb_test_assert_dims (k, "acc", "m.0 m.1@acc m.2@acc", "");
  bnb_test_assert_dims (k, "a", "m.0 n.0 n.1 m.1@a m.2@a n.2@a", "");
  bnb_test_assert_dims (k, "v", "m.0 n.0 n.1 n.2@v", "");
  bnb_test_assert_dims (k, "acc.upd",
                        "m.0 n.0 n.1 m.1@acc.upd m.2@acc.upd n.2@acc.upd",
                        "n.0 n.1 n.2@acc.upd");
  bnb_test_assert_dims (k, "st.y", "m.0 m.1@st.y m.2@st.y", "");
  bnb_test_assert_comm (k, "a", "acc.upd",
                        "m.1@a->m.1@acc.upd m.2@a->m.2@acc.upd "
                        "n.2@a->n.2@acc.upd");
  bnb_test_assert_comm (k, "v", "acc.upd", "n.2@v->n.2@acc.upd");
  bnb_test_assert_comm (k, "acc", "acc.upd",
                        "m.1@acc->m.1@acc.upd m.2@acc->m.2@acc.upd");
  bnb_test_assert_comm (k, "acc.upd", "st.y",
                        "m.1@acc.upd->m.1@st.y m.2@acc.upd->m.2@st.y");
  g_assert_true (bnb_ir_inst (k, 3)->update);
  g_assert_cmpuint (bnb_ir_inst (k, 3)->value, ==, 0);
  g_assert_cmpuint (bnb_ir_value (k, 0)->producer, ==, 0);
  g_assert_cmpuint (bnb_ir_dim (k, bnb_test_find_dim (k, "n.0"))->n_insts, ==,
                    3);
  g_assert_true (bnb_ir_inst (k, bnb_test_find_inst (k, "st.y"))->split);
}

/* mxm: dims m.0, n.0, k.0 and 4 + 3 + 3 + 5 + 4 copies = 22. */
static void
test_kernel_mxm (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel ("mxm");
  const BnbIrLogical *m, *kk;

  bnb_test_assert_counts (k, 22, 5, 3, 4);
  bnb_test_assert_dims (k, "acc.upd",
                        "m.0 n.0 k.0 m.1@acc.upd m.2@acc.upd n.1@acc.upd "
                        "n.2@acc.upd k.1@acc.upd",
                        "k.0 k.1@acc.upd");
  bnb_test_assert_dims (k, "b", "m.0 n.0 k.0 k.1@b n.1@b n.2@b", "");
  bnb_test_assert_comm (k, "b", "acc.upd",
                        "k.1@b->k.1@acc.upd n.1@b->n.1@acc.upd "
                        "n.2@b->n.2@acc.upd");
  bnb_test_assert_comm (k, "acc.upd", "st.C",
                        "m.1@acc.upd->m.1@st.C m.2@acc.upd->m.2@st.C "
                        "n.1@acc.upd->n.1@st.C n.2@acc.upd->n.2@st.C");
  g_assert_cmpuint (k->tile_vars->len, ==, 3);
  m = bnb_ir_logical (k, 0);
  kk = bnb_ir_logical (k, 2);
  g_assert_cmpuint (m->n_levels, ==, 3);
  g_assert_cmpuint (m->tile_var[0], ==, BNB_IR_NONE);
  g_assert_cmpuint (m->tile_var[1], ==, bnb_ir_logical (k, 1)->tile_var[1]);
  g_assert_cmpuint (m->tile_var[1], !=, kk->tile_var[1]);
  g_assert_cmpuint (m->tile_var[2], ==, 1);
  g_assert_cmpstr (bnb_ir_tile_var (k, kk->tile_var[1])->name, ==, "TK");
  g_assert_cmpuint (bnb_ir_dim (k, bnb_test_find_dim (k, "m.1@acc"))->owner,
                    ==, 0);
  g_assert_cmpuint (bnb_ir_dim (k, bnb_test_find_dim (k, "k.0"))->owner, ==,
                    BNB_IR_NONE);
}

/* stencil2d: five shared levels, one copy of x.2 per instruction, eight
 * values, one communication per operand. */
static void
test_kernel_stencil2d (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel ("stencil2d");
  const BnbIrInst *e;

  bnb_test_assert_counts (k, 14, 9, 8, 8);
  bnb_test_assert_comm (k, "sum", "r", "x.2@sum->x.2@r");
  g_assert_cmpstr (bnb_ir_array (k, 0)->name, ==, "in");
  g_assert_cmpint (bnb_ir_logical_size (k, 0), ==, 1022);
  g_assert_cmpint (bnb_ir_array_elements (k, 1), ==, 1022 * 1022);
  e = bnb_ir_inst (k, bnb_test_find_inst (k, "e"));
  g_assert_cmpuint (e->index[1].n_terms, ==, 1);
  g_assert_cmpint (e->index[1].constant, ==, 2);
  g_assert_cmpuint (e->index_loc[1].line, ==, 22);
  g_assert_cmpuint (e->index_loc[1].column, ==, 22);
}

/* The body of gemv: one node per loop level (n.1 inside n.0), instructions
 * as leaves. */
static void
test_body (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel ("gemv");
  const BnbIrNode *m0, *n0, *n1;

  g_assert_cmpuint (k->body->len, ==, 1);
  m0 = g_ptr_array_index (k->body, 0);
  g_assert_cmpuint (m0->dim, ==, bnb_test_find_dim (k, "m.0"));
  g_assert_cmpuint (m0->children->len, ==, 3);
  g_assert_cmpuint (((BnbIrNode *)g_ptr_array_index (m0->children, 0))->inst,
                    ==, 0);
  n0 = g_ptr_array_index (m0->children, 1);
  g_assert_cmpuint (n0->dim, ==, bnb_test_find_dim (k, "n.0"));
  g_assert_cmpuint (n0->children->len, ==, 1);
  n1 = g_ptr_array_index (n0->children, 0);
  g_assert_cmpuint (n1->dim, ==, bnb_test_find_dim (k, "n.1"));
  g_assert_cmpuint (n1->children->len, ==, 3);
  g_assert_null (((BnbIrNode *)g_ptr_array_index (n1->children, 2))->children);
  g_assert_cmpuint (((BnbIrNode *)g_ptr_array_index (m0->children, 2))->dim,
                    ==, BNB_IR_NONE);
}

#define BNB_TEST_PRELUDE       \
  "param M = 8, N = 8;\n"      \
  "array A : f32[M, N] in;\n"  \
  "array B : f32[M, N] out;\n" \
  "dim m = M tile {1, 2};\n"   \
  "dim n = N;\n"

/* A sum of the rows of A into y, written `split` (docs/ir.md 5.5). */
#define BNB_TEST_SPLIT_PRELUDE_Y(y)                                   \
  "param M = 8, N = 8;\narray A : f32[M, N] in;\narray y : " y ";\n" \
  "dim m = M;\ndim n = N tile {1, 2};\n"
#define BNB_TEST_SPLIT_PRELUDE BNB_TEST_SPLIT_PRELUDE_Y ("f32[M] out")
#define BNB_TEST_SPLIT_SUM(init, update, store)                       \
  "loop m.0 { s = " init "; loop n.0 { a = load A[m, n] over n.1; "   \
  "s = " update " over n.1; } " store " }"
#define BNB_TEST_SPLIT_ROWS                                            \
  BNB_TEST_SPLIT_SUM ("mov 0.0", "add a, s", "store y[m], s split;")

/* Two loop nests over the same level, as in the paper's Algorithm 3. */
static void
test_separate_nests (void)
{
  g_autoptr (BnbIrKernel) k
      = bnb_test_parse_text (BNB_TEST_PRELUDE
                             "loop m.0 { x = load A[m, 0] over m.1; }\n"
                             "loop m.0 { store B[m, 0], x over m.1; }\n");

  bnb_test_assert_counts (k, 4, 2, 1, 1);
  bnb_test_assert_comm (k, "x", "st.B", "m.0->m.0#2 m.1@x->m.1@st.B");
  g_assert_cmpuint (k->body->len, ==, 2);
}

/* Names of updates and stores, f64 propagation, constants, no defaults. */
static void
test_names_and_types (void)
{
  g_autoptr (BnbIrKernel) k
      = bnb_test_parse_text ("param N;\n"
                             "scalar s : f64;\n"
                             "array X : f32[N] inout;\n"
                             "dim i = N tile {8, 1, 4};\n"
                             "loop i.0, i.1 {\n"
                             "  x = load X[i];\n"
                             "  t = mov -2.5;\n"
                             "  t = mul t, s;\n"
                             "  t = add t, x;\n"
                             "  u = mul t, s;\n"
                             "  store X[i], u;\n"
                             "}\n");
  const BnbIrTileVar *tile = bnb_ir_tile_var (k, 0);

  g_assert_cmpstr (k->name, ==, "test");
  g_assert_false (k->bound);
  g_assert_false (bnb_ir_param (k, 0)->has_default);
  g_assert_cmpuint (tile->sizes[0], ==, 1);
  g_assert_cmpuint (tile->sizes[1], ==, 4);
  g_assert_cmpuint (tile->sizes[2], ==, 8);
  g_assert_cmpint (bnb_ir_value (k, 0)->type, ==, BNB_IR_F32);
  g_assert_cmpint (bnb_ir_value (k, 1)->type, ==, BNB_IR_F32);
  g_assert_cmpint (bnb_ir_value (k, 2)->type, ==, BNB_IR_F64);
  g_assert_cmpfloat (bnb_ir_inst (k, 1)->operands[0].constant, ==, -2.5);
  bnb_test_find_inst (k, "t.upd");
  bnb_test_find_inst (k, "t.upd2");
  bnb_test_assert_comm (k, "t.upd2", "u", "");
  bnb_test_assert_comm (k, "u", "st.X", "");
  bnb_test_assert_comm (k, "t.upd", "t.upd2", "");
  g_assert_cmpstr (bnb_ir_op_name (BNB_IR_OP_FMA), ==, "fma");
}

/* Words are not reserved, and a second store gets a numbered name. */
static void
test_contextual_words (void)
{
  g_autoptr (BnbIrKernel) k
      = bnb_test_parse_text ("kernel loop;\n"
                             "param in = 4;\n"
                             "array out : f64[in] out;\n"
                             "dim store = in;\n"
                             "loop store.0 {\n"
                             "  loop = mov 1;\n"
                             "  over = add loop, 2.0e1;\n"
                             "  store out[store], over;\n"
                             "  store out[store], loop;\n"
                             "}\n");

  g_assert_cmpstr (k->name, ==, "loop");
  bnb_test_find_inst (k, "st.out2");
  g_assert_cmpfloat (bnb_ir_inst (k, 1)->operands[1].constant, ==, 20.0);
}

/* `prefetch` marks a load, with or without `over`, and stays a word
 * that names things elsewhere. */
static void
test_prefetch_clause (void)
{
  g_autoptr (BnbIrKernel) k
      = bnb_test_parse_text (BNB_TEST_PRELUDE
                             "loop m.0, m.1 {\n"
                             "  prefetch = load A[m, 0] prefetch;\n"
                             "  y = load A[m, n] over n.0 interleave prefetch;\n"
                             "  z = load A[m, n] over n.0;\n"
                             "  u = add prefetch, y over n.0;\n"
                             "  w = add u, z over n.0;\n"
                             "  store B[m, n], w over n.0;\n"
                             "}\n");

  g_assert_true (bnb_ir_inst (k, bnb_test_find_inst (k, "prefetch"))->prefetch);
  g_assert_true (bnb_ir_inst (k, bnb_test_find_inst (k, "y"))->prefetch);
  g_assert_true (bnb_ir_inst (k, bnb_test_find_inst (k, "y"))->interleave);
  g_assert_false (bnb_ir_inst (k, bnb_test_find_inst (k, "prefetch"))->interleave);
  g_assert_false (bnb_ir_inst (k, bnb_test_find_inst (k, "z"))->prefetch);
  g_assert_false (bnb_ir_inst (k, bnb_test_find_inst (k, "w"))->prefetch);
}

/* `split` marks a store of a sum from zero, with or without `over`. */
static void
test_split_clause (void)
{
  static const char text[] = BNB_TEST_SPLIT_PRELUDE BNB_TEST_SPLIT_ROWS;
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) k
      = bnb_ir_kernel_parse_string ("test.ir", text, sizeof text - 1, &error);
  g_assert_no_error (error);
  g_assert_true (bnb_ir_inst (k, bnb_test_find_inst (k, "st.y"))->split);
  g_assert_false (bnb_ir_inst (k, bnb_test_find_inst (k, "a"))->split);
}

/* `split` adds into an array the host zeroes, a bit per array among the
 * first 64 (BnbCodegenProgram.zeroed): past them, an error. */
static void
test_split_past_64_arrays (void)
{
  GString *text = g_string_new ("param N = 8;\n");
  g_autoptr (GError) error = NULL;
  for (guint a = 0; a < 64; a++)
    g_string_append_printf (text, "array A%u : f32[N] in;\n", a);
  g_string_append (text, "array C : f32[N] out;\ndim i = N;\ndim k = N;\n"
                         "loop i.0 { s = mov 0.0; loop k.0 { "
                         "a = load A63[k]; s = add a, s; } "
                         "store C[i], s split; }\n");
  g_autoptr (BnbIrKernel) k
      = bnb_ir_kernel_parse_string ("many.ir", text->str, text->len, &error);
  g_assert_null (k);
  g_assert_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SEMANTIC);
  g_assert_nonnull (strstr (error->message, "many.ir:69:"));
  g_assert_nonnull (strstr (error->message, "'split' works on the first 64 "
                                            "arrays of a kernel; C is array "
                                            "65"));
  g_string_free (text, TRUE);
}

typedef struct {
  const char *name;
  const char *text;
  gsize length;
  BnbIrError code;
  guint line;
  guint column;
  const char *message;
} BnbTestBadCase;

#define BAD(name, text, code, line, column, message)                          \
  {                                                                           \
    name, text, sizeof (text) - 1, BNB_IR_ERROR_##code, line, column, message \
  }

static const BnbTestBadCase bnb_test_bad_cases[] = {
  BAD ("missing-semicolon", "param M = 4;\narray A : f32[M] in\nloop", SYNTAX,
       3, 1, "expected ';' after the array declaration, found 'loop'"),
  BAD ("bad-character", "param M = 4;\n@", SYNTAX, 2, 1,
       "unexpected character '@'"),
  BAD ("nul-byte", "param M = 4;\0", SYNTAX, 1, 13, "unexpected NUL byte"),
  BAD ("binary-byte", "param \xff M", SYNTAX, 1, 7, "unexpected byte 0xff"),
  BAD ("unterminated-loop",
       BNB_TEST_PRELUDE "loop m.0 {\n  x = load A[m, 0] over m.1;\n", SYNTAX,
       8, 1,
       "expected '}' to close the loop at 6:1, found end of "
       "file"),
  BAD ("param-without-name", "param 4;", SYNTAX, 1, 7,
       "expected a parameter name, found '4'"),
  BAD ("param-default-not-integer", "param M = x;", SYNTAX, 1, 11,
       "expected an integer (the default value of M), found 'x'"),
  BAD ("integer-too-large", "param M = 99999999999999999999;", SYNTAX, 1, 11,
       "integer 99999999999999999999 is too large"),
  BAD ("bad-type", "scalar a : f16;", SYNTAX, 1, 12,
       "expected a type (f32 or f64), found 'f16'"),
  BAD ("missing-mode", "param M = 4;\narray A : f32[M];", SYNTAX, 2, 17,
       "expected a mode (in, out or inout) after the array's extents, "
       "found ';'"),
  BAD ("unclosed-bracket", "param M = 4;\narray A : f32[M in;", SYNTAX, 2, 17,
       "expected ']' or ',' after the array's extent, found 'in'"),
  BAD ("unclosed-tile-list", "tile T = {1, 2;", SYNTAX, 1, 15,
       "expected '}' or ',' after a tile size, found ';'"),
  BAD ("negative-tile-size", "tile T = {-1};", SYNTAX, 1, 11,
       "expected a tile size, found '-'"),
  BAD ("bad-tiling", "param M = 4;\ndim m = M tile 4;", SYNTAX, 2, 16,
       "expected a tile variable or '{' after 'tile', found '4'"),
  BAD ("unknown-operation", BNB_TEST_PRELUDE "x = foo 1.0;", SYNTAX, 6, 5,
       "expected an operation (load, mov, neg, add, sub, mul, div, min, "
       "max or fma), found 'foo'"),
  BAD ("missing-operand-comma", BNB_TEST_PRELUDE "x = add 1.0 2.0;", SYNTAX, 6,
       13, "expected ',' between the operands of add, found '2.0'"),
  BAD ("missing-operand", BNB_TEST_PRELUDE "x = mov ;", SYNTAX, 6, 9,
       "expected an operand (a value, a scalar or a number), found ';'"),
  BAD ("number-out-of-range", BNB_TEST_PRELUDE "x = mov 1e999;", SYNTAX, 6, 9,
       "number 1e999 is out of range"),
  BAD ("garbage-item", "42;", SYNTAX, 1, 1,
       "expected a declaration (kernel, param, scalar, array, tile, dim) or "
       "a statement (loop, store, NAME = ...), found '42'"),
  BAD ("stray-brace", BNB_TEST_PRELUDE "}", SYNTAX, 6, 1,
       "or a statement (loop, store, NAME = ...), found '}'"),
  BAD ("declaration-in-loop", BNB_TEST_PRELUDE "loop m.0 {\n  param Q;\n}",
       SYNTAX, 7, 3,
       "expected a statement (loop, store, NAME = ...) or '}', found "
       "'param'"),
  BAD ("level-without-dot", BNB_TEST_PRELUDE "loop m {", SYNTAX, 6, 8,
       "expected '.' and a level after the dimension's name (as in m.0), "
       "found '{'"),
  BAD ("level-missing", BNB_TEST_PRELUDE "loop m. {", SYNTAX, 6, 9,
       "expected a level after '.', found '{'"),
  BAD ("loop-without-brace", BNB_TEST_PRELUDE "loop m.0 x = mov 1.0;", SYNTAX,
       6, 10,
       "expected '{' or ',' after the loop's levels, found "
       "'x'"),
  BAD ("instruction-without-semicolon",
       BNB_TEST_PRELUDE "x = mov 1.0\nstore B[0, 0], x;", SYNTAX, 7, 1,
       "expected ';' or 'over' after the instruction, found 'store'"),
  BAD ("over-without-semicolon", BNB_TEST_PRELUDE "x = mov 1.0 over m.0 store",
       SYNTAX, 6, 22,
       "expected ';' or ',' after the instruction's dimensions, found "
       "'store'"),
  BAD ("store-without-comma", BNB_TEST_PRELUDE "store B[0, 0] 1.0;", SYNTAX, 6,
       15,
       "expected ',' between the stored element and the operand, found "
       "'1.0'"),
  BAD ("empty-subscript", BNB_TEST_PRELUDE "x = load A[m, ];", SYNTAX, 6, 15,
       "expected an integer, a parameter, a logical dimension or '(', "
       "found ']'"),
  BAD ("unclosed-parenthesis", "param M = 4;\narray A : f32[(M + 1] in;",
       SYNTAX, 2, 21, "expected ')' to close the '(' at 2:15, found ']'"),
  BAD ("parentheses-too-deep",
       "param M = 4;\narray A : f32[((((((((((((((((((((((((((((((((((((("
       "((((M)]",
       SYNTAX, 2, 47, "expression nested too deeply"),
  BAD ("kernel-without-name", "kernel ;", SYNTAX, 1, 8,
       "expected the kernel's name after 'kernel', found ';'"),
  BAD ("empty-file", "", SEMANTIC, 1, 1, "the kernel has no instruction"),
  BAD ("only-a-comment", "# nothing", SEMANTIC, 1, 10,
       "the kernel has no instruction"),
  BAD ("kernel-named-twice", "kernel a;\nkernel b;", SEMANTIC, 2, 1,
       "the kernel is already named, at 1:1"),
  BAD ("duplicate-param", "param M = 4, M = 5;", SEMANTIC, 1, 14,
       "'M' is already declared, as a parameter at 1:7"),
  BAD ("duplicate-across-kinds", "param M = 4;\nscalar M : f32;", SEMANTIC, 2,
       8, "'M' is already declared, as a parameter at 1:7"),
  BAD ("value-named-like-array", BNB_TEST_PRELUDE "A = mov 1.0;", SEMANTIC, 6,
       1, "'A' is already declared, as an array at 2:7"),
  BAD ("zero-default", "param M = 0;", SEMANTIC, 1, 11,
       "the default value of M must be at least 1"),
  BAD ("unknown-name-in-extent", "array A : f32[Q] in;", SEMANTIC, 1, 15,
       "unknown name 'Q'"),
  BAD ("logical-in-extent", "param M = 4;\ndim m = M;\narray A : f32[m] in;",
       SEMANTIC, 3, 15,
       "'m' is a logical dimension: a size may only use parameters"),
  BAD ("array-in-subscript", BNB_TEST_PRELUDE "x = load A[A, 0];", SEMANTIC, 6,
       12,
       "'A' is an array: a subscript may only use parameters and "
       "logical dimensions"),
  BAD ("not-affine", "param M = 4, N = 4;\narray A : f32[M * N] in;", SEMANTIC,
       2, 17,
       "the product of two non-constant expressions is "
       "not affine"),
  BAD ("too-many-terms",
       "param a = 1, b = 1, c = 1, d = 1, e = 1, f = 1, g = 1, h = 1, "
       "i = 1;\narray X : f32[a + b + c + d + e + f + g + h + i] in;",
       SEMANTIC, 2, 47, "too many variables in one expression (at most 8)"),
  BAD ("expression-overflow",
       "param M = 4;\narray A : f32[9223372036854775807 + 1] in;", SEMANTIC, 2,
       37, "this expression overflows 64-bit integers"),
  BAD ("rank-too-high", "array A : f32[1, 1, 1, 1, 1] in;", SEMANTIC, 1, 27,
       "array A has more than 4 dimensions"),
  BAD ("too-many-levels",
       "param M = 4;\ndim m = M tile {1} tile {1} tile {1} tile {1};",
       SEMANTIC, 2, 38, "dim m has more than 4 levels"),
  BAD ("zero-tile-size", "tile T = {0, 1};", SEMANTIC, 1, 11,
       "tile size 0 is out of range"),
  BAD ("duplicate-tile-size", "tile T = {1, 2, 1};", SEMANTIC, 1, 17,
       "tile size 1 appears twice"),
  BAD ("too-many-tile-sizes",
       "tile T = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, "
       "17};",
       SEMANTIC, 1, 66, "too many tile sizes (at most 16)"),
  BAD ("tiling-by-a-param", "param M = 4;\ndim m = M tile M;", SEMANTIC, 2, 16,
       "'M' is a parameter, not a tile variable"),
  BAD ("unknown-tile-variable", "param M = 4;\ndim m = M tile T;", SEMANTIC, 2,
       16, "unknown tile variable 'T'"),
  BAD ("level-out-of-range", BNB_TEST_PRELUDE "loop m.2 {", SEMANTIC, 6, 8,
       "m has no level 2 (its levels are 0 to 1)"),
  BAD ("level-of-a-param", BNB_TEST_PRELUDE "loop M.0 {", SEMANTIC, 6, 6,
       "'M' is a parameter, not a logical dimension"),
  BAD ("unknown-logical-dim", BNB_TEST_PRELUDE "loop q.0 {", SEMANTIC, 6, 6,
       "unknown logical dimension 'q'"),
  BAD ("level-twice-in-loops", BNB_TEST_PRELUDE "loop m.0, m.0 {", SEMANTIC, 6,
       11,
       "level m.0 is already iterated by this loop or an enclosing "
       "one"),
  BAD ("level-twice-in-instruction",
       BNB_TEST_PRELUDE "loop m.1 {\n  x = mov 1.0 over n.0, m.1;\n", SEMANTIC,
       7, 25, "level m.1 appears twice in the dimensions of x"),
  BAD ("too-many-dims",
       "param M = 4;\n"
       "dim a = M tile {1} tile {1} tile {1};\n"
       "dim b = M tile {1} tile {1} tile {1};\n"
       "dim c = M tile {1} tile {1} tile {1};\n"
       "dim d = M tile {1} tile {1} tile {1};\n"
       "dim e = M;\n"
       "x = mov 1.0 over a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3, c.0, c.1, "
       "c.2, c.3, d.0, d.1, d.2, d.3, e.0;",
       SEMANTIC, 7, 98, "x has more than 16 dimensions"),
  BAD ("empty-loop", BNB_TEST_PRELUDE "loop m.0 {\n}", SEMANTIC, 6, 1,
       "this loop contains no instruction"),
  BAD ("too-few-subscripts", BNB_TEST_PRELUDE "x = load A[m];", SEMANTIC, 6,
       13, "array A has rank 2 but is given 1 subscript"),
  BAD ("too-many-subscripts", BNB_TEST_PRELUDE "x = load A[m, n, 0];",
       SEMANTIC, 6, 18, "array A has rank 2 but is given more subscripts"),
  BAD ("prefetch-of-a-mov", BNB_TEST_PRELUDE "x = mov 1.0 prefetch;",
       SEMANTIC, 6, 13, "'prefetch' applies to a load only"),
  BAD ("prefetch-of-an-inout-array",
       "param M = 8;\narray X : f32[M] inout;\ndim m = M;\n"
       "loop m.0 { x = load X[m] prefetch; store X[m], x; }",
       SEMANTIC, 4, 26, "'prefetch' needs an 'in' array: X is written"),
  BAD ("prefetch-twice", BNB_TEST_PRELUDE "x = load A[m, n] prefetch prefetch;",
       SYNTAX, 6, 27, "'prefetch' is given twice"),
  BAD ("prefetch-before-over",
       BNB_TEST_PRELUDE "loop m.0, n.0 { x = load A[m, n] prefetch over m.1;",
       SYNTAX, 6, 43, "expected ';' after the load's clauses, found 'over'"),
  BAD ("interleave-of-an-add", BNB_TEST_PRELUDE "x = add 1.0, 2.0 interleave;",
       SEMANTIC, 6, 18, "'interleave' applies to a load only"),
  BAD ("interleave-twice",
       BNB_TEST_PRELUDE "x = load A[m, n] interleave prefetch interleave;",
       SYNTAX, 6, 38, "'interleave' is given twice"),
  BAD ("split-not-from-zero",
       BNB_TEST_SPLIT_PRELUDE BNB_TEST_SPLIT_SUM ("mov 1.0", "add a, s",
                                                  "store y[m], s split;"),
       SEMANTIC, 6, 100,
       "a 'split' store adds partial sums, so s must be defined by 'mov 0' "
       "(it is defined at 6:12)"),
  BAD ("split-of-a-max",
       BNB_TEST_SPLIT_PRELUDE BNB_TEST_SPLIT_SUM ("mov 0.0", "max a, s",
                                                  "store y[m], s split;"),
       SEMANTIC, 6, 63,
       "a 'split' store adds partial sums, so every update of s must add "
       "into it ('fma x, y, s' or 'add x, s')"),
  BAD ("split-into-one-element",
       BNB_TEST_SPLIT_PRELUDE BNB_TEST_SPLIT_SUM ("mov 0.0", "add a, s",
                                                  "store y[0], s split;"),
       SEMANTIC, 6, 88,
       "a 'split' store must write each element once, but st.y iterates "
       "over m, which no subscript of y uses"),
  BAD ("split-of-no-sum",
       BNB_TEST_SPLIT_PRELUDE "loop m.0 { s = mov 0.0; store y[m], s split; }",
       SEMANTIC, 6, 37, "a 'split' store needs a sum: s is never updated"),
  BAD ("split-sum-read-inside",
       BNB_TEST_SPLIT_PRELUDE_Y ("f32[M] out;\narray z : f32[M, N] out")
       "loop m.0 { s = mov 0.0; loop n.0 { a = load A[m, n] over n.1; "
       "s = add a, s over n.1; store z[m, n], s over n.1; } "
       "store y[m], s split; }",
       SEMANTIC, 7, 86,
       "st.z reads s, the sum that the 'split' store at 7:115 adds: only "
       "its updates and 'split' stores may read it"),
  BAD ("split-not-the-only-store",
       BNB_TEST_SPLIT_PRELUDE BNB_TEST_SPLIT_SUM ("mov 0.0", "add a, s",
                                                  "store y[m], 1.0; "
                                                  "store y[m], s split;"),
       SEMANTIC, 6, 105,
       "a 'split' store must be the only store into y (st.y at 6:88 "
       "stores it too)"),
  BAD ("split-of-a-load", BNB_TEST_SPLIT_PRELUDE "a = load A[0, 0] split;",
       SEMANTIC, 6, 18, "'split' applies to a store only"),
  BAD ("split-twice",
       BNB_TEST_SPLIT_PRELUDE BNB_TEST_SPLIT_SUM ("mov 0.0", "add a, s",
                                                  "store y[m], s split split;"),
       SYNTAX, 6, 108, "'split' is given twice"),
  BAD ("split-of-f64",
       BNB_TEST_SPLIT_PRELUDE_Y ("f64[M] out") BNB_TEST_SPLIT_ROWS, SEMANTIC,
       6, 102,
       "'split' needs an array of f32 (y is f64): the partial sums are "
       "added by 32-bit atomics"),
  BAD ("split-of-an-inout-array",
       BNB_TEST_SPLIT_PRELUDE_Y ("f32[M] inout") BNB_TEST_SPLIT_ROWS,
       SEMANTIC, 6, 102,
       "'split' needs an 'out' array: y is read by the kernel, and the host "
       "zeroes a split store's array first"),
  BAD ("unknown-array", BNB_TEST_PRELUDE "x = load Q[0];", SEMANTIC, 6, 10,
       "unknown array 'Q'"),
  BAD ("load-of-a-param", BNB_TEST_PRELUDE "x = load M[0];", SEMANTIC, 6, 10,
       "'M' is a parameter, not an array"),
  BAD ("load-of-out-array", BNB_TEST_PRELUDE "x = load B[0, 0];", SEMANTIC, 6,
       10, "array B is 'out': it cannot be loaded"),
  BAD ("store-to-in-array", BNB_TEST_PRELUDE "store A[0, 0], 1.0;", SEMANTIC,
       6, 7, "array A is 'in': it cannot be stored"),
  BAD ("unknown-operand", BNB_TEST_PRELUDE "x = mov y;", SEMANTIC, 6, 9,
       "unknown value or scalar 'y'"),
  BAD ("param-operand", BNB_TEST_PRELUDE "x = mov M;", SEMANTIC, 6, 9,
       "'M' is a parameter: an operand is a value, a scalar or a number"),
  BAD ("assigned-twice", BNB_TEST_PRELUDE "x = mov 1.0;\nx = mov 2.0;",
       SEMANTIC, 7, 1, "value x is assigned twice; an update must read it"),
  BAD ("load-as-update", BNB_TEST_PRELUDE "x = mov 1.0;\nx = load A[0, 0];",
       SEMANTIC, 7, 1,
       "value x is assigned twice; a load cannot update a value"),
  BAD ("load-misses-a-level",
       BNB_TEST_PRELUDE "loop m.0 {\n  x = load A[m, 0];\n"
                        "  store B[m, 0], x over m.1;\n}",
       SEMANTIC, 7, 14, "load of A uses m but does not iterate over m.1"),
  BAD ("store-misses-a-level",
       BNB_TEST_PRELUDE "x = mov 1.0;\nstore B[0, n], x;", SEMANTIC, 7, 12,
       "store to B uses n but does not iterate over n.0"),
  BAD ("consumer-misses-a-dim",
       BNB_TEST_PRELUDE "x = load A[m, n] over m.0, m.1, n.0;\n"
                        "store B[0, 0], x;",
       SEMANTIC, 7, 16,
       "x varies along m.0 (a dim of x) but st.B does not iterate over m.0"),
  BAD ("update-misses-a-dim",
       BNB_TEST_PRELUDE "acc = mov 0.0 over m.0;\nacc = add acc, 1.0;\n",
       SEMANTIC, 7, 11,
       "acc varies along m.0 (a dim of acc) but acc.upd does not iterate "
       "over m.0"),
  BAD ("value-never-used",
       BNB_TEST_PRELUDE "x = mov 1.0;\nstore B[0, 0], 2.0;", SEMANTIC, 6, 1,
       "value x is never used"),
  BAD ("update-never-used",
       BNB_TEST_PRELUDE "x = mov 1.0;\nstore B[0, 0], x;\nx = add x, 1.0;",
       SEMANTIC, 8, 1, "value x as updated by x.upd is never used"),
  BAD ("out-never-stored", "param M = 4;\narray B : f32[M] out;\nx = mov 1.0;",
       SEMANTIC, 2, 7, "array B is 'out' but is never stored"),
  BAD ("inout-different-subscripts",
       "param N = 8;\narray X : f32[N] inout;\ndim i = N;\n"
       "loop i.0 {\n  x = load X[i];\n  store X[N - 1 - i], x;\n}",
       SEMANTIC, 6, 11,
       "array X is inout, so all its accesses must use the same subscripts: "
       "subscript 1 is -i + N - 1 here but i at 5:3"),
  BAD ("inout-load-after-store",
       "param N = 8;\narray X : f32[N] inout;\ndim i = N;\n"
       "loop i.0 {\n  store X[i], 1.0;\n  x = load X[i];\n  store X[i], x;\n}",
       SEMANTIC, 6, 3,
       "array X is inout and already stored at 5:3: its loads must come "
       "before its stores"),
  BAD ("index-out-of-range",
       "param N = 8;\narray X : f32[N] in;\narray Y : f32[N] out;\n"
       "dim i = N;\nloop i.0 {\n  x = load X[i + 1];\n  store Y[i], x;\n}",
       SIZE, 6, 14,
       "index 1 of X[...], i + 1, ranges over [1, 8] outside [0, 7] for "
       "these sizes (N=8)"),
  BAD ("dim-size-not-positive",
       "param N = 2;\narray X : f32[N] in;\narray Y : f32[N] out;\n"
       "dim i = N - 2;\nloop i.0 {\n  x = load X[i];\n  store Y[i], x;\n}",
       SIZE, 4, 5,
       "the size of dim i, N - 2 = 0, is not positive for these sizes (N=2)"),
};

/* Splits "PATH:LINE:COLUMN: MESSAGE" and checks PATH. */
static void
bnb_test_split_message (const char *message, const char *path, guint *line,
                        guint *column, const char **rest)
{
  g_autofree char *prefix = g_strdup_printf ("%s:", path);
  char *end;

  g_assert_true (g_str_has_prefix (message, prefix));
  message += strlen (prefix);
  *line = (guint)g_ascii_strtoull (message, &end, 10);
  g_assert_true (end != message && *end == ':');
  message = end + 1;
  *column = (guint)g_ascii_strtoull (message, &end, 10);
  g_assert_true (end != message && g_str_has_prefix (end, ": "));
  *rest = end + 2;
}

static void
test_bad_case (gconstpointer data)
{
  const BnbTestBadCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) kernel
      = bnb_ir_kernel_parse_string ("bad.ir", c->text, c->length, &error);
  const char *rest;
  guint line, column;

  g_assert_null (kernel);
  g_assert_error (error, BNB_IR_ERROR, (gint)c->code);
  g_test_message ("%s", error->message);
  bnb_test_split_message (error->message, "bad.ir", &line, &column, &rest);
  g_assert_cmpuint (line, ==, c->line);
  g_assert_cmpuint (column, ==, c->column);
  g_assert_nonnull (strstr (rest, c->message));
}

static void
test_bad_cases_count (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (bnb_test_bad_cases), >=, 45);
}

static void
test_parse_file_missing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) kernel
      = bnb_ir_kernel_parse_file ("no/such/kernel.ir", &error);

  g_assert_null (kernel);
  g_assert_error (error, BNB_IR_ERROR, BNB_IR_ERROR_IO);
}

static void
test_bind_sizes (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel ("mxm");
  g_autoptr (GError) error = NULL;
  gint64 logical_index[3] = { 5, 6, 7 };

  g_assert_true (bnb_ir_kernel_bind (k, "M=64, N=32,K=16", &error));
  g_assert_no_error (error);
  g_assert_cmpint (bnb_ir_logical_size (k, 0), ==, 64);
  g_assert_cmpint (bnb_ir_logical_size (k, 1), ==, 32);
  g_assert_cmpint (bnb_ir_logical_size (k, 2), ==, 16);
  g_assert_cmpint (bnb_ir_array_elements (k, 0), ==, 64 * 16);
  g_assert_cmpint (bnb_ir_array_elements (k, 2), ==, 64 * 32);
  g_assert_cmpint (bnb_ir_affine_eval (k, &bnb_ir_inst (k, 1)->index[1],
                                       logical_index),
                   ==, 7);
  g_assert_true (bnb_ir_kernel_bind (k, "N=8", &error));
  g_assert_cmpint (bnb_ir_logical_size (k, 0), ==, 1024);
  g_assert_cmpint (bnb_ir_logical_size (k, 1), ==, 8);
  g_assert_true (bnb_ir_kernel_bind (k, "", &error));
  g_assert_cmpint (bnb_ir_logical_size (k, 1), ==, 1024);
}

static void
test_bind_affine_eval (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel ("stencil2d");
  g_autoptr (GError) error = NULL;
  gint64 logical_index[2] = { 3, 4 };
  const BnbIrInst *s = bnb_ir_inst (k, bnb_test_find_inst (k, "s"));

  g_assert_true (bnb_ir_kernel_bind (k, "H=10,W=20", &error));
  g_assert_cmpint (bnb_ir_affine_eval (k, &bnb_ir_array (k, 1)->extent[0],
                                       NULL),
                   ==, 8);
  g_assert_cmpint (bnb_ir_affine_eval (k, &s->index[0], logical_index), ==, 5);
  g_assert_cmpint (bnb_ir_affine_eval (k, &s->index[1], logical_index), ==, 5);
  g_assert_cmpint (bnb_ir_array_elements (k, 0), ==, 200);
}

typedef struct {
  const char *kernel;
  const char *sizes;
  const char *message;
} BnbTestBindCase;

static const BnbTestBindCase bnb_test_bind_cases[] = {
  { "mxm", "Q=3",
    "unknown parameter 'Q' in sizes 'Q=3' (parameters: M, N, "
    "K)" },
  { "mxm", "M", "malformed size 'M' in 'M': expected NAME=VALUE" },
  { "mxm", "=4", "malformed size '=4'" },
  { "mxm", "M=4,", "malformed size ''" },
  { "mxm", "M=", "size M='' is not an integer" },
  { "mxm", "M=1x", "size M='1x' is not an integer" },
  { "mxm", "M=0", "size M=0 is not positive" },
  { "mxm", "M=-5", "size M=-5 is not positive" },
  { "mxm", "M=99999999999999999999",
    "size M=99999999999999999999 is too "
    "large" },
  { "mxm", "M=2,M=3", "parameter M is given twice" },
  { "mxm", "M=4611686018427387904,K=4611686018427387904",
    "the number of elements of A overflows" },
  { "stencil2d", "H=2",
    "the size of dim y, H - 2 = 0, is not positive for "
    "these sizes (H=2, W=1024)" },
  { "stencil2d", "W=1", "the size of dim x, W - 2 = -1, is not positive" },
};

static void
test_bind_errors (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bnb_test_bind_cases); i++) {
    const BnbTestBindCase *c = &bnb_test_bind_cases[i];
    g_autoptr (BnbIrKernel) k = bnb_test_parse_kernel (c->kernel);
    g_autoptr (GError) error = NULL;

    g_assert_false (bnb_ir_kernel_bind (k, c->sizes, &error));
    g_assert_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, c->message));
    g_assert_true (k->bound);
    g_assert_cmpint (k->param_values[0], ==, 1024);
  }
}

static void
test_bind_missing (void)
{
  g_autoptr (BnbIrKernel) k
      = bnb_test_parse_text ("param N;\narray X : f32[N + 2] inout;\ndim i = "
                             "N;\n"
                             "loop i.0 {\n  x = load X[i + 2];\n  y = neg x;\n"
                             "  store X[i + 2], y;\n}\n");
  g_autoptr (GError) error = NULL;
  const char *rest;
  guint line, column;

  g_assert_false (k->bound);
  g_assert_false (bnb_ir_kernel_bind (k, NULL, &error));
  g_assert_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE);
  bnb_test_split_message (error->message, "test.ir", &line, &column, &rest);
  g_assert_cmpuint (line, ==, 1);
  g_assert_cmpuint (column, ==, 7);
  g_assert_cmpstr (rest, ==,
                   "parameter N has no default and no size was "
                   "given for it (N=...)");
  g_assert_false (k->bound);
  g_clear_error (&error);
  g_assert_true (bnb_ir_kernel_bind (k, "N=5", &error));
  g_assert_cmpint (bnb_ir_array_elements (k, 0), ==, 7);
}

static void
test_bind_index_range (void)
{
  g_autoptr (BnbIrKernel) k = bnb_test_parse_text (
      "param N, S;\narray X : f32[2 * N] in;\narray Y : f32[N] out;\n"
      "dim i = N - S;\nloop i.0 {\n  x = load X[2*i - S + 1];\n"
      "  store Y[i], x;\n}\n");
  g_autoptr (GError) error = NULL;
  const char *rest;
  guint line, column;

  g_assert_true (bnb_ir_kernel_bind (k, "N=9,S=1", &error));
  g_assert_false (bnb_ir_kernel_bind (k, "N=9,S=2", &error));
  g_assert_error (error, BNB_IR_ERROR, BNB_IR_ERROR_SIZE);
  bnb_test_split_message (error->message, "test.ir", &line, &column, &rest);
  g_assert_cmpuint (line, ==, 6);
  g_assert_cmpuint (column, ==, 14);
  g_assert_cmpstr (rest, ==,
                   "index 1 of X[...], 2*i - S + 1, ranges over "
                   "[-1, 11] outside [0, 17] for these sizes (N=9, "
                   "S=2)");
  g_assert_cmpint (k->param_values[1], ==, 1);
}

static void
bnb_test_check_outcome (const char *text, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbIrKernel) kernel
      = bnb_ir_kernel_parse_string ("mut.ir", text, length, &error);
  const char *rest;
  guint line, column;
  gboolean bound;

  g_assert_true ((kernel == NULL) == (error != NULL));
  if (error) {
    g_assert_true (error->domain == BNB_IR_ERROR);
    g_assert_cmpint (error->code, <=, BNB_IR_ERROR_SIZE);
    bnb_test_split_message (error->message, "mut.ir", &line, &column, &rest);
    g_assert_cmpuint (line, >=, 1);
    g_assert_cmpuint (column, >=, 1);
    return;
  }
  g_assert_cmpuint (kernel->insts->len, >, 0);
  bound = bnb_ir_kernel_bind (kernel, NULL, &error);
  g_assert_true (bound == (error == NULL));
  g_clear_error (&error);
  bound = bnb_ir_kernel_bind (kernel, "N=1", &error);
  g_assert_true (bound == (error == NULL));
}

static const char *const bnb_test_fragments[] = {
  "{",
  "}",
  "(",
  ")",
  ",",
  ";",
  ".",
  "=",
  "-",
  "*",
  "loop ",
  "over ",
  "store ",
  "m.9",
  "k.1",
  "acc",
  "0",
  "99999999999999999999",
  "1e400",
  "tile {1, 1}",
  " in ",
  "\0",
  "#",
  "\n",
  "x = load A[m, k];",
};

static void
bnb_test_mutate (GRand *rand, GString *text)
{
  guint pos = g_rand_int_range (rand, 0, (gint32)text->len + 1);
  guint span = g_rand_int_range (rand, 1, 16);
  const char *fragment;

  switch (g_rand_int_range (rand, 0, 5)) {
    case 0:
      g_string_truncate (text, pos);
      break;
    case 1:
      if (pos < text->len)
        text->str[pos] = (char)g_rand_int_range (rand, 0, 256);
      break;
    case 2:
      g_string_erase (text, pos, MIN (span, text->len - pos));
      break;
    case 3:
      fragment = bnb_test_fragments
          [g_rand_int_range (rand, 0, G_N_ELEMENTS (bnb_test_fragments))];
      g_string_insert_len (text, pos, fragment, MAX (strlen (fragment), 1));
      break;
    default:
      g_string_insert_len (text, g_rand_int_range (rand, 0, pos + 1),
                           text->str + pos, MIN (span, text->len - pos));
      break;
  }
}

static void
test_mutations (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611);

  for (gsize k = 0; k < G_N_ELEMENTS (bnb_test_kernels); k++) {
    g_autofree char *path = bnb_test_kernel_path (bnb_test_kernels[k]);
    g_autofree char *original = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (path, &original, &length, NULL));
    for (guint i = 0; i < BNB_TEST_MUTATIONS; i++) {
      g_autoptr (GString) text = g_string_new_len (original, length);
      guint n = g_rand_int_range (rand, 1, 4);

      while (n-- > 0)
        bnb_test_mutate (rand, text);
      bnb_test_check_outcome (text->str, text->len);
    }
  }
}

static void
test_garbage (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < 200; i++) {
    guint length = g_rand_int_range (rand, 0, 300);
    g_autofree char *text = g_malloc (length + 1);

    for (guint j = 0; j < length; j++)
      text[j] = (char)g_rand_int_range (rand, i % 2 ? 0 : 32, 128);
    bnb_test_check_outcome (text, length);
  }
  bnb_test_check_outcome (NULL, 0);
}

static void
test_deep_nesting (void)
{
  g_autoptr (GString) parens = g_string_new ("array A : f32[");
  g_autoptr (GString) loops = g_string_new (BNB_TEST_PRELUDE);

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (parens, '(');
  bnb_test_check_outcome (parens->str, parens->len);
  for (guint i = 0; i < 10000; i++)
    g_string_append (loops, "loop m.0 { ");
  bnb_test_check_outcome (loops->str, loops->len);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ir/parse/kernel/axpy", test_kernel_axpy);
  g_test_add_func ("/ir/parse/kernel/gemv", test_kernel_gemv);
  g_test_add_func ("/ir/parse/kernel/mxm", test_kernel_mxm);
  g_test_add_func ("/ir/parse/kernel/stencil2d", test_kernel_stencil2d);
  g_test_add_func ("/ir/parse/body", test_body);
  g_test_add_func ("/ir/parse/separate-nests", test_separate_nests);
  g_test_add_func ("/ir/parse/names-and-types", test_names_and_types);
  g_test_add_func ("/ir/parse/contextual-words", test_contextual_words);
  g_test_add_func ("/ir/parse/prefetch", test_prefetch_clause);
  g_test_add_func ("/ir/parse/split", test_split_clause);
  g_test_add_func ("/ir/parse/split-past-64-arrays",
                   test_split_past_64_arrays);
  g_test_add_func ("/ir/parse/file-missing", test_parse_file_missing);
  g_test_add_func ("/ir/parse/malformed/count", test_bad_cases_count);
  for (gsize i = 0; i < G_N_ELEMENTS (bnb_test_bad_cases); i++) {
    g_autofree char *name = g_strdup_printf ("/ir/parse/malformed/%s",
                                             bnb_test_bad_cases[i].name);

    g_test_add_data_func (name, &bnb_test_bad_cases[i], test_bad_case);
  }
  g_test_add_func ("/ir/parse/mutations", test_mutations);
  g_test_add_func ("/ir/parse/garbage", test_garbage);
  g_test_add_func ("/ir/parse/deep-nesting", test_deep_nesting);
  g_test_add_func ("/ir/bind/sizes", test_bind_sizes);
  g_test_add_func ("/ir/bind/affine-eval", test_bind_affine_eval);
  g_test_add_func ("/ir/bind/errors", test_bind_errors);
  g_test_add_func ("/ir/bind/missing", test_bind_missing);
  g_test_add_func ("/ir/bind/index-range", test_bind_index_range);
  return g_test_run ();
}
