/* Tests of the tree of kernels (codegen/codegen.c, docs/space.md): the
 * space walked as code generation reads it loses no kernel and holds no
 * copy.  Each sub-space is walked twice, in the full tree (a leaf per
 * fully specified candidate, today's enumeration) and in the tree of
 * kernels, and the sets of kernel keys of their leaves must be equal;
 * the tree of kernels must have no more leaves than kernels, give or take
 * 1%.  Random candidates of the whole spaces, too large to walk, must each
 * print the kernel of the leaf that holds them. */
#include "codegen/codegen.h"

#include <string.h>

static const char *const kernels[][2] = {
  { "data/kernels/axpy.ir", "N=4096" },
  { "data/kernels/mxm.ir", "M=32,N=32,K=32" },
  { "data/kernels/gemv.ir", "M=64,N=64" },
  { "data/kernels/stencil2d.ir", "H=34,W=34" },
};

/* Most candidates a sub-space may hold to be walked here. */
#define MAX_CANDIDATES 4000.0

typedef struct {
  BnbIrKernel *kernel;
  BnbChoiceSpace *full;  /* no splitter: every choice is branched on */
  BnbChoiceSpace *trees; /* the tree of kernels */
  BnbChoiceNode *root;   /* of `full` */
} Spaces;

static void
spaces_load (Spaces *s, const char *path, const char *sizes)
{
  g_autoptr (GError) error = NULL;
  s->kernel = bnb_ir_kernel_parse_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (bnb_ir_kernel_bind (s->kernel, sizes, &error));
  BnbChoiceLimits limits = bnb_choice_limits_default ();
  /* codegen prints every design, global temporaries too */
  limits.every_design = TRUE;
  s->full = bnb_choice_space_new (s->kernel, &limits, &error);
  g_assert_no_error (error);
  s->trees = bnb_codegen_space_new (s->kernel, &limits, &error);
  g_assert_no_error (error);
  s->root = bnb_choice_node_root (s->full, &error);
  g_assert_no_error (error);
}

static void
spaces_clear (Spaces *s)
{
  bnb_choice_node_free (s->root);
  bnb_choice_space_free (s->full);
  bnb_choice_space_free (s->trees);
  bnb_ir_kernel_free (s->kernel);
}

/* `node`'s domains on a node of the other space. */
static BnbChoiceNode *
node_in (const BnbChoiceSpace *space, const BnbChoiceNode *node)
{
  g_autoptr (GError) error = NULL;
  BnbChoiceNode *n = bnb_choice_node_root (space, &error);
  g_assert_no_error (error);
  for (guint c = 0; c < bnb_choice_space_n_choices (space); c++)
    g_assert_cmpint (
        bnb_choice_node_restrict (n, c, bnb_choice_node_domain (node, c)), ==,
        BNB_CHOICE_ALIVE);
  return n;
}

typedef struct {
  GHashTable *keys;
  guint leaves;
} Keys;

static gboolean
add_key (const BnbChoiceNode *leaf, guint depth, gpointer data)
{
  Keys *k = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
  g_assert_no_error (error);
  g_hash_table_add (k->keys, g_strdup (p->kernel_key));
  k->leaves++;
  return TRUE;
}

static void
walk_keys (const BnbChoiceNode *node, Keys *k)
{
  k->keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  k->leaves = 0;
  g_assert_true (bnb_choice_foreach_leaf (node, add_key, k));
}

static gboolean
same_sets (GHashTable *a, GHashTable *b)
{
  GHashTableIter it;
  gpointer key;
  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&it, a);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (!g_hash_table_contains (b, key))
      return FALSE;
  return TRUE;
}

/* The full tree and the tree of kernels below `node` (of the full space)
 * print the same kernels, and the tree of kernels a leaf per kernel. */
static void
assert_same_kernels (const Spaces *s, const BnbChoiceNode *node)
{
  g_autoptr (BnbChoiceNode) tree_node = node_in (s->trees, node);
  Keys full, tree;
  walk_keys (node, &full);
  walk_keys (tree_node, &tree);
  g_test_message ("%u candidates, %u kernels; tree of kernels: %u leaves",
                  full.leaves, g_hash_table_size (full.keys), tree.leaves);
  g_assert_true (same_sets (full.keys, tree.keys));
  g_assert_cmpuint (tree.leaves * 100, <=,
                    g_hash_table_size (tree.keys) * 101);
  g_hash_table_unref (full.keys);
  g_hash_table_unref (tree.keys);
}

static BnbChoiceNode *
decided_node (const BnbChoiceSpace *space, const char *text)
{
  g_autoptr (GError) error = NULL;
  BnbChoiceNode *n = bnb_choice_node_root (space, &error);
  g_assert_no_error (error);
  g_assert_true (bnb_choice_node_apply_string (n, text, &error));
  g_assert_no_error (error);
  return n;
}

static void
test_decisions_file (gconstpointer data)
{
  const char *const *c = data;
  Spaces s;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  spaces_load (&s, c[0], c[1]);
  g_assert_true (g_file_get_contents (c[2], &text, NULL, &error));
  g_autoptr (BnbChoiceNode) node = decided_node (s.full, text);
  assert_same_kernels (&s, node);
  spaces_clear (&s);
}

/* A random candidate's decisions on every choice but the orders and the
 * paddings: its order sub-space (as docs/codegen.md counted them), with
 * the paddings open too. */
static BnbChoiceNode *
order_sub_space (const Spaces *s, GRand *rand)
{
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (s->root, rand,
                                                           1000);
  g_assert_nonnull (leaf);
  BnbChoiceNode *node = bnb_choice_node_copy (s->root);
  for (guint c = 0; c < bnb_choice_space_n_choices (s->full); c++)
    if (bnb_choice_type (s->full, c) != BNB_CHOICE_ORDER
        && bnb_choice_type (s->full, c) != BNB_CHOICE_PAD)
      g_assert_cmpint (bnb_choice_node_restrict (
                           node, c, bnb_choice_node_domain (leaf, c)),
                       ==, BNB_CHOICE_ALIVE);
  return node;
}

/* Order sub-spaces of random candidates, the first few small enough to
 * walk, of each shipped kernel: 6, or 3 under the sanitizers (stencil2d's
 * six took 99 s there). */
#if defined(__SANITIZE_ADDRESS__)
#define ORDER_SUB_SPACES 3
#else
#define ORDER_SUB_SPACES 6
#endif
static void
test_order_sub_spaces (gconstpointer data)
{
  const char *const *c = data;
  Spaces s;
  guint walked = 0;
  spaces_load (&s, c[0], c[1]);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  for (guint tries = 0; tries < 200 && walked < ORDER_SUB_SPACES; tries++)
    {
      g_autoptr (BnbChoiceNode) node = order_sub_space (&s, rand);
      BnbChoiceCount count;
      if (!bnb_choice_count_exact (node, 1.0, &count)
          || count.leaves > MAX_CANDIDATES)
        continue;
      assert_same_kernels (&s, node);
      walked++;
    }
  g_assert_cmpuint (walked, ==, ORDER_SUB_SPACES);
  spaces_clear (&s);
}

/* On random candidates of the whole space: code generation reads nothing
 * a candidate leaves open (so the kernel tree never splits a leaf of the
 * full tree), and the leaf of the tree of kernels that holds the
 * candidate prints its kernel. */
static void
test_random_candidates (gconstpointer data)
{
  const char *const *c = data;
  Spaces s;
  BnbChoiceSplit split;
  g_autoptr (GError) error = NULL;
  spaces_load (&s, c[0], c[1]);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (BnbChoiceNode) tree_root = node_in (s.trees, s.root);
  for (guint i = 0; i < 60; i++)
    {
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (s.root, rand,
                                                               1000);
      g_assert_nonnull (leaf);
      g_assert_false (bnb_codegen_split (leaf, &split, NULL));
      g_autoptr (BnbChoiceNode) in_tree = node_in (s.trees, leaf);
      g_autoptr (BnbChoiceNode) held
          = bnb_choice_node_canonical (tree_root, in_tree);
      g_assert_nonnull (held);
      g_assert_true (bnb_choice_node_is_leaf (held));
      g_assert_false (bnb_choice_node_split (held, &split));
      g_autoptr (BnbCodegenProgram) a = bnb_codegen_generate (leaf, &error);
      g_assert_no_error (error);
      g_autoptr (BnbCodegenProgram) b = bnb_codegen_generate (held, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (a->kernel_key, ==, b->kernel_key);
    }
  spaces_clear (&s);
}

/* A loop of one iteration is printed as its iteration, never as
 * `for (int i = 0; i < 1; ++i)` (issue 14: PoCL miscompiled that loop in
 * a matrix product with an epilogue): random leaves of mxm-epilogue.ir
 * whose m.0 loop has one iteration (24 rows, tiles of 4 x 8). */
static void
test_one_iteration_loops (void)
{
  Spaces s;
  g_autoptr (GError) error = NULL;
  spaces_load (&s, "tests/data/mxm-epilogue.ir", "M=24,N=33,K=19");
  g_autoptr (BnbChoiceNode) node = decided_node (
      s.full, "tile(T1)=4; tile(T2)=8; kind(m.0)=loop; kind(n.0)=loop");
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (GRegex) one = g_regex_new ("i[0-9]+ < 1;", 0, 0, NULL);
  for (guint i = 0; i < 40; i++)
    {
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (node, rand,
                                                               1000);
      g_assert_nonnull (leaf);
      g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
      g_assert_no_error (error);
      g_assert_false (g_regex_match (one, p->source, 0, NULL));
      g_assert_nonnull (strstr (p->source, "/* m.0 = 0 */"));
      g_assert_nonnull (strstr (p->source, "i1 < 2;"));
    }
  spaces_clear (&s);
}

/* Only an `in` array's pointer is restrict: a compiler may take the
 * memory of a restrict pointer to be out of a barrier's reach and move
 * its loads across the barrier, so a scratch buffer or an output that
 * other work-items write must not be restrict (issue 14: gen112 and
 * gen117 were wrong on an H100 and right on PoCL).  Random leaves of
 * gen112, whose temporaries may live in global memory, and of the
 * shipped gemv with its in-place accumulator. */
static void
test_restrict_only_inputs (void)
{
  static const char *const cases[][2] = {
    { "tests/data/generated/gen112-gpu-only.ir", "I=8,J=1,K=7,L=5" },
    { "data/kernels/gemv.ir", "M=40,N=37" },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) written = g_regex_new (
      "__global (float|double) \\*restrict", 0, 0, NULL);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      Spaces s;
      spaces_load (&s, cases[c][0], cases[c][1]);
      g_autoptr (GRand) rand = g_rand_new_with_seed (5);
      guint scratch = 0;
      for (guint i = 0; i < 40; i++)
        {
          g_autoptr (BnbChoiceNode) leaf
              = bnb_choice_random_leaf (s.root, rand, 1000);
          g_assert_nonnull (leaf);
          g_autoptr (BnbCodegenProgram) p
              = bnb_codegen_generate (leaf, &error);
          g_assert_no_error (error);
          g_assert_false (g_regex_match (written, p->source, 0, NULL));
          g_assert_nonnull (strstr (p->source, "const float *restrict a_"));
          scratch += p->n_scratch;
        }
      /* the draw met temporaries in global memory */
      g_assert_cmpuint (scratch, >, 0);
      spaces_clear (&s);
    }
}

/* A split store (bench/mxm-reg-split.ir, docs/codegen.md "Split
 * reductions"): where k.0 is a work-group dim, every store of C adds by
 * bnb_add, only in the work-items whose local ids the store lacks are 0,
 * the header says the host zeroes C and the program says so to the
 * harness (zeroed); where k.0 is a loop, C is stored as before.  The
 * space allows the instructions outside k.0 inside it only as a
 * work-group dim, and a kernel without `split` does not allow it. */
static void
test_split_store (void)
{
  g_autoptr (GError) error = NULL;
  Spaces s;
  spaces_load (&s, "bench/mxm-reg-split.ir", "M=36,N=128,K=512");
  guint n_guarded = 0;
  for (guint seed = 1; seed <= 24; seed++)
    {
      gboolean block = seed % 2;
      g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (s.root);
      g_assert_true (bnb_choice_node_apply_string (
          node, block ? "kind(k.0)=block" : "kind(k.0)=loop", &error));
      g_assert_no_error (error);
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (node, rand,
                                                               1000);
      g_assert_nonnull (leaf);
      g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
      g_assert_no_error (error);
      const char *src = p->source;
      g_assert_cmpuint (p->zeroed, ==, block ? 1u << 2 : 0);
      g_assert_true (!strstr (src, "a split store adds into it): C\n")
                     == !block);
      g_assert_true (!strstr (src, "bnb_add(&a_C[") == !block);
      /* every access of C is an addition, or none is */
      for (const char *at = strstr (src, "a_C["); at;
           at = strstr (at + 1, "a_C["))
        g_assert_true ((at - src >= 9 && !strncmp (at - 9, "bnb_add(&", 9))
                       == block);
      n_guarded += block && strstr (src, "(get_local_id(") != NULL;
      /* joined to a bounds test, each side in parentheses (NVIDIA's
       * compiler warned at `i < 64 & (get_local_id(2) == 0)`) */
      for (const char *at = strstr (src, " & (get_local_id("); at;
           at = strstr (at + 1, " & (get_local_id("))
        g_assert_cmpint (at[-1], ==, ')');
    }
  /* random leaves put the loads on local ids that the store lacks */
  g_assert_cmpuint (n_guarded, >, 0);
  g_autoptr (BnbChoiceNode) in_loop = bnb_choice_node_copy (s.root);
  g_assert_false (bnb_choice_node_apply_string (
      in_loop, "order(k.0,acc)=outside; kind(k.0)=loop", &error));
  g_clear_error (&error);
  g_autoptr (BnbChoiceNode) in_block = bnb_choice_node_copy (s.root);
  g_assert_true (bnb_choice_node_apply_string (
      in_block, "order(k.0,acc)=outside; kind(k.0)=block", &error));
  g_assert_no_error (error);
  spaces_clear (&s);
  Spaces plain;
  spaces_load (&plain, "bench/mxm-reg.ir", "M=64,N=128,K=512");
  g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (plain.root);
  g_assert_false (bnb_choice_node_apply_string (node, "kind(k.0)=block",
                                                &error));
  g_clear_error (&error);
  spaces_clear (&plain);
}

/* A `vector` dim can be chosen (the vector-alone rule leaves its own
 * access inside it) and prints one access of the vector type: axpy with
 * its load and store vectorized by 4, and mxm's loads of A along k and of
 * B along n, all at multiples of 4 elements, through a pointer to float4;
 * stencil2d by 2, where `in[y, x + 1]` is one element off (vload2) and
 * `in[y + 1, x]` and the store are not.  Local arrays are declared
 * 16-byte aligned, and a padded row of a multiple of 4 elements is 4
 * longer, so rows stay aligned.  With pad(v)=rows (bench/mxm-reg.ir's
 * chunk a, k.1 first: 16 rows of 2 x 16 x 4 = 128 elements) the rows are
 * 132 apart. */
static void
test_vector_and_alignment (void)
{
  static const char *const cases[][3] = {
    { "data/kernels/axpy.ir", "N=4096",
      "tile(i.2)=4; kind(i.2@x)=vector; kind(i.2@st.X)=vector" },
    { "data/kernels/mxm.ir", "M=32,N=32,K=32",
      "tile(T1)=2; tile(T2)=4; tile(TK)=4; kind(k.1@a)=vector; "
      "kind(n.2@b)=vector; mem(a)=local; pad(a)=yes" },
    { "bench/mxm-reg.ir", "M=256,N=256,K=256",
      "tile(T1)=2; tile(T2)=16; tile(T3)=4; tile(TK)=16; kind(k.1@a)=thread.x; "
      "kind(m.2@a)=thread.y; kind(m.1@a)=unroll; kind(m.3@a)=unroll; "
      "kind(n.3@b)=vector; mem(a)=local; pad(a)=rows" },
    { "data/kernels/stencil2d.ir", "H=1024,W=1024",
      "tile(x.1)=1; tile(x.2)=2; kind(x.2@n)=vector; kind(x.2@w)=vector; "
      "kind(x.2@st.out)=vector" },
  };
  g_autoptr (GError) error = NULL;
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      Spaces s;
      spaces_load (&s, cases[c][0], cases[c][1]);
      g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (s.root);
      g_assert_true (bnb_choice_node_apply_string (node, cases[c][2], &error));
      g_assert_no_error (error);
      g_autoptr (GRand) rand = g_rand_new_with_seed (7);
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (node, rand,
                                                               1000);
      g_assert_nonnull (leaf);
      g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
      g_assert_no_error (error);
      if (c == 3)
        {
          g_assert_nonnull (strstr (p->source, "vload2(0, a_in + "));
          g_assert_nonnull (
              strstr (p->source, "= *(__global const float2 *)(a_in + "));
          g_assert_nonnull (strstr (p->source, "*(__global float2 *)(a_out + "));
          g_assert_null (strstr (p->source, "vstore"));
        }
      else
        {
          g_assert_nonnull (
              strstr (p->source, "= *(__global const float4 *)("));
          g_assert_null (strstr (p->source, "vload"));
        }
      if (c == 0)
        g_assert_nonnull (strstr (p->source, "*(__global float4 *)(a_X + "));
      else if (c == 2)
        {
          g_assert_nonnull (strstr (p->source, "__local float v_a[2112]"));
          g_assert_nonnull (strstr (p->source, "i9 * 132 + "));
        }
      else if (c == 1)
        {
          /* a is padded (pad(a)=yes): its last level 4 longer where it is
           * a multiple of 4, else one; the declaration holds it */
          BnbStorageLevel levels[64];
          BnbPad pad = BNB_PAD_NO;
          guint count = 0;
          for (guint t = 0; t < bnb_choice_space_n_temps (s.full); t++)
            if (strcmp (bnb_ir_value (s.kernel,
                                      bnb_choice_temp_value (s.full, t))
                            ->name,
                        "a")
                == 0)
              count = bnb_choice_leaf_storage (leaf, t, levels, &pad);
          g_assert_cmpuint (count, >, 0);
          g_assert_cmpint (pad, ==, BNB_PAD_YES);
          gint64 unpadded = 1;
          for (guint i = 0; i < count; i++)
            unpadded *= levels[i].size;
          gint64 last = levels[count - 1].size;
          gint64 want = unpadded / last * (last % 4 ? last + 1 : last + 4);
          g_autofree char *decl = g_strdup_printf (
              "__local float v_a[%" G_GINT64_FORMAT
              "] __attribute__ ((aligned (16)));",
              want);
          g_assert_nonnull (strstr (p->source, decl));
        }
      spaces_clear (&s);
    }
}

/* A generated kernel (seed 1074 of the GPU differential run) on whose
 * space every random path meets a dead end that propagation does not
 * foresee (a triangle of nesting orders): the random leaf falls back on a
 * search with backtracking and finds one, in both trees, and each prints. */
static void
test_random_leaf_past_dead_ends (void)
{
  Spaces s;
  spaces_load (&s, "tests/data/generated/gen1074-dead-ends.ir", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbChoiceNode) trees_root = bnb_choice_node_root (s.trees,
                                                               &error);
  g_assert_no_error (error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  for (guint i = 0; i < 6; i++)
    {
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (
          i % 2 ? trees_root : s.root, rand, 100);
      g_assert_nonnull (leaf);
      g_assert_true (bnb_choice_node_check_leaf (leaf, &error));
      g_assert_no_error (error);
      g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
      g_assert_no_error (error);
    }
  spaces_clear (&s);
}

/* The loop nest of a program (BnbCodegenProgram.nest, the summary's
 * nest line): the mapped best mxm, whose unrolled m.1 stands outside its
 * k.1 loop and n.1 inside, a and b loaded under one fused m.1/n.1, a
 * barrier after the loads and at the end of each k step. */
static void
test_nest (void)
{
  Spaces s;
  g_autoptr (GError) error = NULL;
  g_autofree char *decisions = NULL;
  spaces_load (&s, "data/kernels/mxm.ir", "M=64,N=64,K=64");
  g_assert_true (g_file_get_contents ("bench/mxm-mapped-best-h100.decisions",
                                      &decisions, NULL, &error));
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_node_copy (s.root);
  g_assert_true (bnb_choice_node_apply_string (leaf, decisions, &error));
  g_assert_true (bnb_choice_node_is_leaf (leaf));
  g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->nest, ==,
                   "unroll n.1@acc, m.1@acc { acc }, k.0 { unroll m.1@a "
                   "{ a, b }, barrier, unroll m.1@acc.upd { k.1@acc.upd "
                   "{ unroll n.1@acc.upd { acc.upd } } }, barrier }, unroll "
                   "n.1@st.C, m.1@st.C { st.C }");
  spaces_clear (&s);
}

/* The source of the leaf of bench/mxm-reg.ir at 64^3 that `decisions`
 * and the random draw settle, on top of tests/data/mxm-reg-double.decisions
 * less its prefetch clauses (it ends with them) and with m.0 a loop if
 * `m0_loop`, and the size it declares `v_a` with. */
static char *
double_source (const char *decisions, gboolean m0_loop, gint64 *a_size)
{
  Spaces s;
  g_autoptr (GError) error = NULL;
  g_autofree char *base = NULL;
  spaces_load (&s, "bench/mxm-reg.ir", "M=64,N=64,K=64");
  g_assert_true (g_file_get_contents ("tests/data/mxm-reg-double.decisions",
                                      &base, NULL, &error));
  char *own = g_strrstr (base, "; prefetch(a)=");
  g_assert_nonnull (own);
  *own = '\0';
  char *m0 = strstr (base, "kind(m.0)=block");
  g_assert_nonnull (m0);
  if (m0_loop)
    memcpy (m0, "kind(m.0)=loop ", strlen ("kind(m.0)=block"));
  g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (s.root);
  g_autofree char *all = g_strdup_printf ("%s; %s", base, decisions);
  g_assert_true (bnb_choice_node_apply_string (node, all, &error));
  g_assert_no_error (error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (node, rand, 1000);
  g_assert_nonnull (leaf);
  g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (leaf, &error);
  g_assert_no_error (error);
  const char *decl = strstr (p->source, "__local float v_a[");
  g_assert_nonnull (decl);
  *a_size = g_ascii_strtoll (decl + strlen ("__local float v_a["), NULL, 10);
  char *source = g_strdup (p->source);
  spaces_clear (&s);
  return source;
}

static guint
occurrences (const char *text, const char *what)
{
  guint n = 0;
  for (const char *at = text; (at = strstr (at, what)); at += strlen (what))
    n++;
  return n;
}

/* prefetch(v)=double: v's local array is declared twice over, every
 * access to it adds the half of the k loop's parity, and where both
 * chunks are doubled the k loop keeps one barrier of its two; `b` only
 * prefetched keeps the second.  With m.0 a loop around k.0 the chunks
 * are not doubled (the kernel prints as with `yes`); a chunk of one
 * element per work-group (no stored level) takes its half too, in
 * bench/mxm-reg-rect.ir (a review's leaf, which read v_a[0] with the
 * second barrier gone).  The short form "prefetched: a double, b" reads
 * back as prefetch(a)=double, prefetch(b)=yes. */
static void
test_double_buffered (void)
{
  gint64 single, twice, mixed;
  g_autofree char *yes = double_source ("prefetch(a)=yes; prefetch(b)=yes; "
                                        "interleave(a)=no; pad(a)=rows",
                                        FALSE, &single);
  g_autofree char *both = double_source ("prefetch(a)=double; "
                                         "prefetch(b)=double; "
                                         "interleave(a)=no; pad(a)=rows",
                                         FALSE, &twice);
  g_autofree char *a_only = double_source ("prefetch(a)=double; "
                                           "prefetch(b)=yes; "
                                           "interleave(a)=no; pad(a)=rows",
                                           FALSE, &mixed);
  g_assert_cmpint (twice, ==, 2 * single);
  g_assert_cmpint (mixed, ==, 2 * single);
  g_assert_cmpuint (occurrences (yes, "barrier("), ==, 2);
  g_assert_cmpuint (occurrences (both, "barrier("), ==, 1);
  g_assert_cmpuint (occurrences (a_only, "barrier("), ==, 2);
  g_assert_cmpuint (occurrences (yes, "& 1) *"), ==, 0);
  /* every access to v_a but the declaration takes its half */
  g_autofree char *half = g_strdup_printf ("& 1) * %" G_GINT64_FORMAT "]",
                                           single);
  guint accesses = 0, halved = 0;
  for (const char *at = both; (at = strstr (at, "v_a[")); at++)
    {
      g_autofree char *index = g_strndup (at, strcspn (at, "]") + 1);
      accesses++;
      halved += g_str_has_suffix (index, half);
    }
  g_assert_cmpuint (accesses, >, 1);
  g_assert_cmpuint (halved, ==, accesses - 1);

  gint64 outer_single, outer_twice;
  g_autofree char *outer_yes = double_source (
      "prefetch(a)=yes; prefetch(b)=yes; interleave(a)=no; pad(a)=rows", TRUE,
      &outer_single);
  g_autofree char *outer_double = double_source (
      "prefetch(a)=double; prefetch(b)=double; interleave(a)=no; pad(a)=rows",
      TRUE, &outer_twice);
  g_assert_cmpint (outer_twice, ==, outer_single);
  g_assert_cmpuint (occurrences (outer_double, "& 1) *"), ==, 0);
  g_assert_cmpuint (occurrences (outer_double, "barrier("), ==,
                    occurrences (outer_yes, "barrier("));
  {
    Spaces r;
    g_autoptr (GError) rerror = NULL;
    g_autofree char *leaf_text = NULL;
    spaces_load (&r, "bench/mxm-reg-rect.ir", "M=16,N=64,K=16");
    g_assert_true (g_file_get_contents ("tests/data/rect-double-scalar.decisions",
                                        &leaf_text, NULL, &rerror));
    g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (r.root);
    g_assert_true (bnb_choice_node_apply_string (node, leaf_text, &rerror));
    g_assert_no_error (rerror);
    g_assert_true (bnb_choice_node_is_leaf (node));
    g_autoptr (BnbCodegenProgram) p = bnb_codegen_generate (node, &rerror);
    g_assert_no_error (rerror);
    g_assert_null (strstr (p->source, "v_a[0]"));
    g_assert_nonnull (strstr (p->source, "v_a[(i"));
    g_assert_nonnull (strstr (p->source, "__local float v_a[8]"));
    spaces_clear (&r);
  }

  Spaces s;
  g_autoptr (GError) error = NULL;
  spaces_load (&s, "bench/mxm-reg.ir", "M=64,N=64,K=64");
  g_autoptr (BnbChoiceNode) node = bnb_choice_node_copy (s.root);
  g_assert_true (bnb_choice_node_apply_string (
      node, "prefetched: a double, b", &error));
  g_assert_no_error (error);
  g_autofree char *text = bnb_choice_node_to_string (node, TRUE);
  g_assert_nonnull (strstr (text, "prefetch(a)=double"));
  g_assert_nonnull (strstr (text, "prefetch(b)=yes"));
  spaces_clear (&s);
}

/* The sub-spaces walked whole, both trees.  The restricted mxm sub-space
 * (2,880 candidates) took 118 s under the sanitizers, a tenth of that
 * half of `make check`; the sanitizer build walks the two small ones,
 * whose code paths are the same. */
static const char *const decision_files[][3] = {
  { "data/kernels/mxm.ir", "M=32,N=32,K=32", "tests/data/mxm-small.decisions" },
  { "data/kernels/axpy.ir", "N=4096", "tests/data/axpy-small.decisions" },
  /* prefetch(a), prefetch(b), interleave(a), interleave(b) open: the
   * prefetches read where a chunk is in local memory and k.0 takes more
   * than one step (T2 = TK = 32 takes one), the interleaves where a
   * work-item level has an unrolled or loop level inside it and no level
   * of that dim is a vector one */
  { "bench/mxm-reg.ir", "M=32,N=32,K=32", "tests/data/mxm-reg-tree.decisions" },
#if !defined(__SANITIZE_ADDRESS__)
  { "data/kernels/mxm.ir", "M=1024,N=1024,K=1024",
    "bench/mxm-restricted.decisions" },
#endif
};

static void
add_per_kernel (const char *name, GTestDataFunc func)
{
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    {
      g_autofree char *base = g_path_get_basename (kernels[k][0]);
      g_autofree char *path
          = g_strdup_printf ("/codegen/kernel-tree/%s/%s", name, base);
      g_test_add_data_func (path, kernels[k], func);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (decision_files); i++)
    {
      g_autofree char *base = g_path_get_basename (decision_files[i][2]);
      g_autofree char *path
          = g_strdup_printf ("/codegen/kernel-tree/same-kernels/%s", base);
      g_test_add_data_func (path, decision_files[i], test_decisions_file);
    }
  g_test_add_func ("/codegen/one-iteration-loops", test_one_iteration_loops);
  g_test_add_func ("/codegen/restrict-only-inputs", test_restrict_only_inputs);
  g_test_add_func ("/codegen/nest", test_nest);
  g_test_add_func ("/codegen/double-buffered", test_double_buffered);
  g_test_add_func ("/codegen/vector-and-alignment",
                   test_vector_and_alignment);
  g_test_add_func ("/codegen/split-store", test_split_store);
  g_test_add_func ("/codegen/random-leaf-past-dead-ends",
                   test_random_leaf_past_dead_ends);
  add_per_kernel ("order-sub-spaces", test_order_sub_spaces);
  add_per_kernel ("random-candidates", test_random_candidates);
  return g_test_run ();
}
