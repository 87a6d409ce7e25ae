/* Tests of choices/: the order algebra, propagation's invariant over seeded
 * random decision sequences on every shipped kernel, leaves, counting
 * against brute-force enumeration, decisions as text, device limits. */
#include "choices/choices-private.h"

#include <math.h>
#include <string.h>

static const char *const kernels[][2] = {
  { "data/kernels/axpy.ir", "N=4096" },
  { "data/kernels/mxm.ir", "M=256,N=256,K=256" },
  { "data/kernels/gemv.ir", "M=512,N=512" },
  { "data/kernels/stencil2d.ir", "H=130,W=130" },
};

typedef struct {
  BnbIrKernel *kernel;
  BnbChoiceSpace *space;
  BnbChoiceNode *root;
} Fixture;

static void
fixture_load_text (Fixture *f, const char *text, const char *sizes,
                   const BnbChoiceLimits *limits)
{
  g_autoptr (GError) error = NULL;
  f->kernel = bnb_ir_kernel_parse_string ("test.ir", text, strlen (text),
                                          &error);
  g_assert_no_error (error);
  g_assert_true (bnb_ir_kernel_bind (f->kernel, sizes, &error));
  g_assert_no_error (error);
  f->space = bnb_choice_space_new (f->kernel, limits, &error);
  g_assert_no_error (error);
  f->root = bnb_choice_node_root (f->space, &error);
  g_assert_no_error (error);
}

static void
fixture_load (Fixture *f, guint which, const BnbChoiceLimits *limits)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_get_contents (kernels[which][0], &text, NULL,
                                      &error));
  g_assert_no_error (error);
  fixture_load_text (f, text, kernels[which][1], limits);
}

static void
fixture_clear (Fixture *f)
{
  bnb_choice_node_free (f->root);
  bnb_choice_space_free (f->space);
  bnb_ir_kernel_free (f->kernel);
}

/* The table is made by enumerating intervals; check it against what the
 * relations mean. */
static void
test_triangle_table (void)
{
  enum { B, A, I, O, F, N };
  bnb_triangle_table_init ();
  g_assert_cmpuint (bnb_triangle_table[B][B], ==, 1u << B);
  g_assert_cmpuint (bnb_triangle_table[I][I], ==, 1u << I);
  g_assert_cmpuint (bnb_triangle_table[F][B], ==, 1u << B);
  g_assert_cmpuint (bnb_triangle_table[I][B], ==, 1u << B);
  g_assert_cmpuint (bnb_triangle_table[O][O], ==, 1u << O);
  g_assert_cmpuint (bnb_triangle_table[B][O], ==, 1u << B);
  g_assert_cmpuint (bnb_triangle_table[O][I],
                    ==, (1u << I) | (1u << O) | (1u << F));
  g_assert_cmpuint (bnb_triangle_table[B][I], ==, (1u << B) | (1u << I));
  g_assert_cmpuint (bnb_triangle_table[N][B], ==, 1u << N);
  for (guint r1 = 0; r1 < BNB_ORDER_COUNT; r1++)
    for (guint r2 = 0; r2 < BNB_ORDER_COUNT; r2++)
      for (guint r3 = 0; r3 < BNB_ORDER_COUNT; r3++)
        {
          gboolean here = bnb_dom_has (bnb_triangle_table[r1][r2], r3);
          gboolean mirrored = bnb_dom_has (
              bnb_triangle_table[bnb_order_mirror (r2)][bnb_order_mirror (r1)],
              bnb_order_mirror (r3));
          g_assert_cmpint (here, ==, mirrored);
        }
}

static void
test_roots (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    {
      Fixture f;
      g_autoptr (GError) error = NULL;
      fixture_load (&f, k, NULL);
      g_assert_false (bnb_choice_node_is_leaf (f.root));
      g_assert_true (bnb_choice_node_check_support (f.root, &error));
      g_assert_no_error (error);
      fixture_clear (&f);
    }
}

/* A random open choice (any, not the branching order's), narrowed to a
 * random non-empty proper subset of its domain. */
static BnbChoiceStatus
random_step (BnbChoiceNode *n, GRand *rand)
{
  const BnbChoiceSpace *s = bnb_choice_node_space (n);
  guint n_choices = bnb_choice_space_n_choices (s), ch = 0, n_open = 0, k;
  BnbDomain d, keep = 0;
  /* a choice drawn among the open ones only: the walk does not depend on
   * how many choices a kernel has that are already decided */
  for (guint c = 0; c < n_choices; c++)
    n_open += !bnb_dom_single (bnb_choice_node_domain (n, c));
  k = (guint)g_rand_int_range (rand, 0, (gint32)n_open);
  for (ch = 0; bnb_dom_single (bnb_choice_node_domain (n, ch)) || k-- > 0;
       ch++)
    ;
  d = bnb_choice_node_domain (n, ch);
  if (g_rand_boolean (rand))
    {
      guint pick = g_rand_int_range (rand, 0, (gint32)bnb_dom_count (d));
      for (guint j = 0; j < pick; j++)
        d &= d - 1;
      keep = 1u << bnb_dom_first (d);
    }
  else
    while (keep == 0 || keep == d)
      keep = d & (BnbDomain)g_rand_int (rand);
  return bnb_choice_node_restrict (n, ch, keep);
}

typedef struct {
  guint sequences, leaves, dead, support_checks;
} SeqStats;

/* One sequence: random decisions until a leaf or a dead node.  Support is
 * checked after the decisions whose number `check_every` divides, and
 * every leaf is checked in full. */
static void
run_sequence (const Fixture *f, GRand *rand, guint check_every,
              SeqStats *st)
{
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f->root);
  g_autoptr (GError) error = NULL;
  st->sequences++;
  for (guint step = 1; !bnb_choice_node_is_leaf (n); step++)
    {
      if (random_step (n, rand) == BNB_CHOICE_DEAD)
        {
          st->dead++;
          return;
        }
      if (step % check_every == 0)
        {
          g_assert_true (bnb_choice_node_check_support (n, &error));
          g_assert_no_error (error);
          st->support_checks++;
        }
    }
  g_assert_true (bnb_choice_node_check_leaf (n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bnb_choice_node_next_open (n), ==, G_MAXUINT);
  st->leaves++;
}

static void
test_random_sequences (gconstpointer data)
{
  guint k = GPOINTER_TO_UINT (data);
  guint n = g_test_slow () ? 10000 : 2500;
  g_autoptr (GRand) rand = g_rand_new_with_seed (1234 + k);
  SeqStats st = { 0 };
  Fixture f;
  fixture_load (&f, k, NULL);
  for (guint i = 0; i < n; i++)
    run_sequence (&f, rand, i % 50 == 0 ? 1 : 16, &st);
  g_test_message ("%s: %u sequences, %u leaves, %u dead, %u support checks",
                  kernels[k][0], st.sequences, st.leaves, st.dead,
                  st.support_checks);
  g_assert_cmpuint (st.sequences, ==, n);
  g_assert_cmpuint (st.leaves, >, n / 10);
  fixture_clear (&f);
}

/* Independent of propagation: every assignment of the static domains,
 * each constraint checked once its last choice is assigned, the global
 * ones at the end. */
typedef struct {
  const BnbChoiceSpace *s;
  BnbChoiceNode *n;
  GPtrArray *due; /* per choice: constraints complete once it is set */
  guint64 leaves;
} Brute;

static gboolean
brute_consistent (Brute *b, guint ch)
{
  GArray *due = g_ptr_array_index (b->due, ch);
  for (guint i = 0; i < due->len; i++)
    {
      guint c = g_array_index (due, guint, i);
      if (!bnb_con_holds_on_leaf (b->n,
                                  &g_array_index (b->s->cons, BnbCon, c)))
        return FALSE;
    }
  return TRUE;
}

static void
brute_walk (Brute *b, guint ch)
{
  if (ch == b->s->n_choices)
    {
      b->leaves += bnb_node_global_ok (b->n, NULL);
      return;
    }
  for (BnbDomain d = b->s->initial[ch]; d; d &= d - 1)
    {
      b->n->dom[ch] = 1u << bnb_dom_first (d);
      if (brute_consistent (b, ch))
        brute_walk (b, ch + 1);
    }
  b->n->dom[ch] = b->s->initial[ch];
}

static guint64
brute_force_count (const BnbChoiceSpace *s, const BnbChoiceNode *root)
{
  Brute b = { s, bnb_choice_node_copy (root), NULL, 0 };
  guint w[BNB_CON_MAX_WATCHED];
  b.due = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  for (guint ch = 0; ch < s->n_choices; ch++)
    {
      g_ptr_array_add (b.due, g_array_new (FALSE, FALSE, sizeof (guint)));
      b.n->dom[ch] = s->initial[ch];
    }
  for (guint c = 0; c < s->cons->len; c++)
    {
      guint n = bnb_con_watched (s, &g_array_index (s->cons, BnbCon, c), w);
      guint last = 0;
      for (guint i = 0; i < n; i++)
        last = MAX (last, w[i]);
      g_array_append_val (g_ptr_array_index (b.due, last), c);
    }
  brute_walk (&b, 0);
  g_ptr_array_unref (b.due);
  bnb_choice_node_free (b.n);
  return b.leaves;
}

static const char *const small_kernels[] = {
  "param N = 8;\narray X : f32[N] inout;\ndim i = N tile {1, 2};\n"
  "loop i.0 {\n  x = load X[i] over i.1;\n  store X[i], x over i.1;\n}\n",
  "param N = 8;\nscalar a : f32;\narray X : f32[N] in;\n"
  "array Y : f32[N] out;\ndim i = N tile {1, 2, 4};\n"
  "loop i.0 {\n  x = load X[i] over i.1;\n  y = mul a, x over i.1;\n"
  "  store Y[i], y over i.1;\n}\n",
  "param N = 8;\narray A : f32[N] in;\narray y : f32[1] out;\n"
  "dim n = N tile {1, 2};\nacc = mov 0.0;\n"
  "loop n.0 {\n  a = load A[n] over n.1;\n  acc = add acc, a over n.1;\n}\n"
  "store y[0], acc;\n",
  "param M = 4, N = 4;\narray A : f32[M, N] in;\narray B : f32[M, N] out;\n"
  "tile T = {1, 2};\ndim m = M tile T;\ndim n = N tile T;\n"
  "loop m.0, n.0 {\n  a = load A[m, n] over m.1, n.1;\n"
  "  store B[m, n], a over m.1, n.1;\n}\n",
};

static void
test_count_brute_force (void)
{
  BnbChoiceLimits small = bnb_choice_limits_default ();
  BnbChoiceLimits every = bnb_choice_limits_default ();
  small.local_mem_bytes = 8;
  every.every_design = TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (small_kernels); k++)
    for (guint l = 0; l < 3; l++)
      {
        Fixture f;
        BnbChoiceCount c;
        BnbChoiceLimits def = bnb_choice_limits_default ();
        fixture_load_text (&f, small_kernels[k], NULL,
                           l == 2 ? &every : l ? &small : &def);
        g_assert_true (bnb_choice_count_exact (f.root, 60, &c));
        guint64 brute = brute_force_count (f.space, f.root);
        g_test_message ("small kernel %u, limits %u: %.0f leaves, %.0f nodes,"
                        " brute force %" G_GUINT64_FORMAT,
                        k, l, c.leaves, c.nodes, brute);
        g_assert_cmpfloat (c.leaves, ==, (double)brute);
        g_assert_cmpfloat (c.leaves, >, 0);
        fixture_clear (&f);
      }
}

/* Shaving the work-group kind removes only alternatives no candidate
 * has: the exact count below random nodes of the small spaces stays, and
 * every `block` left has a candidate (a probe of it is alive). */
static void
test_shave_groups_exact (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  guint shaved = 0;
  for (guint k = 0; k < G_N_ELEMENTS (small_kernels); k++)
    for (guint i = 0; i < 20; i++)
      {
        Fixture f;
        BnbChoiceCount before, after;
        fixture_load_text (&f, small_kernels[k], NULL, NULL);
        g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f.root);
        gboolean dead = FALSE;
        for (guint step = i % 3; step > 0 && !dead; step--)
          dead = bnb_choice_node_is_leaf (n)
                 || random_step (n, rand) == BNB_CHOICE_DEAD;
        if (!dead && !bnb_choice_node_is_leaf (n))
          {
            g_autoptr (BnbChoiceNode) m = bnb_choice_node_copy (n);
            g_assert_true (bnb_choice_count_exact (n, 60, &before));
            BnbChoiceStatus status = bnb_choice_node_shave_groups (m);
            /* DEAD is allowed only where no candidate lies below */
            g_assert_true (status == BNB_CHOICE_ALIVE || before.leaves == 0);
            if (before.leaves > 0)
              {
                g_assert_true (bnb_choice_count_exact (m, 60, &after));
                g_assert_cmpfloat (after.leaves, ==, before.leaves);
                for (guint d = 0; d < f.space->n_dims; d++)
                  {
                    guint ch = bnb_choice_kind_choice (f.space, d);
                    BnbDomain dom = bnb_choice_node_domain (m, ch);
                    g_autoptr (BnbChoiceNode) p = bnb_choice_node_copy (m);
                    shaved += bnb_choice_node_domain (n, ch) != dom;
                    if (dom & (1u << BNB_KIND_BLOCK))
                      g_assert_cmpint (
                          bnb_choice_node_restrict (p, ch,
                                                    1u << BNB_KIND_BLOCK),
                          ==, BNB_CHOICE_ALIVE);
                  }
              }
          }
        fixture_clear (&f);
      }
  g_test_message ("%u kinds shaved", shaved);
  g_assert_cmpuint (shaved, >, 0);
}

/* mxm at 256^3 with 16 x 16 outer and inner tiles has one work-group:
 * propagation still lets inner dims be work-group dims (the model then
 * counts up to 2^20 work-groups), shaving leaves none. */
static void
test_shave_groups_mxm (void)
{
  Fixture f;
  g_autoptr (GError) error = NULL;
  guint open_before = 0, open_after = 0;
  fixture_load (&f, 1, NULL);
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f.root);
  g_assert_true (
      bnb_choice_node_apply_string (n, "tile(T1)=16; tile(T2)=16", &error));
  g_assert_no_error (error);
  g_autoptr (BnbChoiceNode) m = bnb_choice_node_copy (n);
  g_assert_cmpint (bnb_choice_node_shave_groups (m), ==, BNB_CHOICE_ALIVE);
  for (guint d = 0; d < f.space->n_dims; d++)
    {
      guint ch = bnb_choice_kind_choice (f.space, d);
      if (bnb_ir_dim (f.kernel, d)->level == 0)
        continue;
      open_before += bnb_dom_has (bnb_choice_node_domain (n, ch),
                                  BNB_KIND_BLOCK);
      open_after += bnb_dom_has (bnb_choice_node_domain (m, ch),
                                 BNB_KIND_BLOCK);
    }
  g_assert_cmpuint (open_before, >, 0);
  g_assert_cmpuint (open_after, ==, 0);
  fixture_clear (&f);
}

static void
test_count_axpy_exact_and_estimate (void)
{
  Fixture f;
  BnbChoiceCount exact, est;
  fixture_load (&f, 0, NULL);
  g_assert_true (bnb_choice_count_exact (f.root, 60, &exact));
  g_assert_cmpfloat (exact.leaves, >, 100);
  g_assert_cmpfloat (exact.nodes, >, exact.leaves);
  bnb_choice_count_estimate (f.root, 4000, 600, 7, &est);
  g_test_message ("axpy: exact %.0f leaves, estimate %.1f +- %.1f", exact.leaves,
                  est.leaves, est.leaves_stderr);
  g_assert_cmpfloat (fabs (est.leaves - exact.leaves), <,
                     4 * est.leaves_stderr + 1e-9 * exact.leaves);
  g_assert_cmpfloat (fabs (est.nodes - exact.nodes), <,
                     4 * est.nodes_stderr + 1e-9 * exact.nodes);
  fixture_clear (&f);
}

static void
test_count_below_node (void)
{
  Fixture f;
  BnbChoiceCount whole, part, sum = { 0 };
  guint ch;
  fixture_load (&f, 0, NULL);
  g_assert_true (bnb_choice_count_exact (f.root, 60, &whole));
  ch = bnb_choice_node_next_open (f.root);
  for (BnbDomain d = bnb_choice_node_domain (f.root, ch); d; d &= d - 1)
    {
      g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f.root);
      if (bnb_choice_node_restrict (n, ch, 1u << bnb_dom_first (d))
          == BNB_CHOICE_DEAD)
        continue;
      g_assert_true (bnb_choice_count_exact (n, 60, &part));
      sum.leaves += part.leaves;
      sum.nodes += part.nodes;
    }
  g_assert_cmpfloat (sum.leaves, ==, whole.leaves);
  g_assert_cmpfloat (sum.nodes + 1, ==, whole.nodes);
  fixture_clear (&f);
}

static void
test_count_mxm_large (void)
{
  g_autofree char *text = NULL;
  Fixture f;
  BnbChoiceCount c;
  g_assert_true (g_file_get_contents ("data/kernels/mxm.ir", &text, NULL,
                                      NULL));
  fixture_load_text (&f, text, "M=1024,N=1024,K=1024", NULL);
  bnb_choice_count (f.root, 0.5, 300, 3, &c);
  g_test_message ("mxm 1024: %g +- %g candidates", c.leaves, c.leaves_stderr);
  g_assert_false (c.exact);
  g_assert_cmpfloat (c.leaves, >=, 1e9);
  fixture_clear (&f);
}

static void
test_decisions_roundtrip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    {
      Fixture f;
      g_autoptr (GError) error = NULL;
      fixture_load (&f, k, NULL);
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (f.root, rand,
                                                               100);
      g_assert_nonnull (leaf);
      g_autofree char *text = bnb_choice_node_to_string (leaf, TRUE);
      g_autoptr (BnbChoiceNode) again = bnb_choice_node_copy (f.root);
      g_assert_true (bnb_choice_node_apply_string (again, text, &error));
      g_assert_no_error (error);
      g_assert_cmpmem (again->dom, f.space->n_choices * sizeof (BnbDomain),
                       leaf->dom, f.space->n_choices * sizeof (BnbDomain));
      fixture_clear (&f);
    }
}

static void
test_decisions_errors (void)
{
  Fixture f;
  g_autoptr (GError) error = NULL;
  fixture_load (&f, 1, NULL);
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f.root);
  g_assert_false (bnb_choice_node_apply_string (n, "kind(nope)=loop", &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION);
  g_clear_error (&error);
  g_assert_false (bnb_choice_node_apply_string (n, "tile(T1)=3", &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION);
  g_clear_error (&error);
  g_assert_false (bnb_choice_node_apply_string (n, "kind(k.1@acc.upd)=thread.x",
                                                &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD);
  fixture_clear (&f);
}

/* Unrolling makes at most 1,024 copies of one instruction by default
 * (max_unrolled): the update of an 8 x 8 register tile unrolled over a
 * k step of 16 (1,024 FMAs, the fast SGEMM's) is in the space; over a
 * step of 32 it is not, and nor is it under a limit of 512. */
static void
test_limits_unrolled (void)
{
  const char *unrolled = "tile(T1)=8; kind(m.1@acc.upd)=unroll; "
                         "kind(n.1@acc.upd)=unroll; "
                         "kind(k.1@acc.upd)=unroll; tile(TK)=";
  BnbChoiceLimits half = bnb_choice_limits_default ();
  g_assert_cmpuint (half.max_unrolled, ==, 1024);
  half.max_unrolled = 512;
  for (guint i = 0; i < 3; i++)
    {
      Fixture f;
      g_autoptr (GError) error = NULL;
      g_autofree char *text
          = g_strdup_printf ("%s%u", unrolled, i == 1 ? 32 : 16);
      gboolean alive = i == 0;
      fixture_load (&f, 1, i == 2 ? &half : NULL);
      g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f.root);
      g_assert_cmpint (bnb_choice_node_apply_string (n, text, &error), ==,
                       alive);
      if (alive)
        g_assert_no_error (error);
      else
        g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD);
      fixture_clear (&f);
    }
}

/* An element of an inout array is loaded and stored in one work-group
 * (the rule of choices/constraints.c, add_inout_rules): the leaf of
 * gen1007 that loaded X5[j, k, i] in the work-group of its k.1 and stored
 * it in that of j.2 (wrong on an H200 and on PoCL) is out of the space. */
static void
test_inout_one_work_group (void)
{
  Fixture f;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *decisions = NULL;
  g_assert_true (g_file_get_contents (
      "tests/data/generated/gen1007-inout-groups.ir", &text, NULL, &error));
  g_assert_true (g_file_get_contents (
      "tests/data/generated/gen1007-inout-groups.decisions", &decisions, NULL,
      &error));
  fixture_load_text (&f, text, NULL, NULL);
  g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f.root);
  g_assert_false (bnb_choice_node_apply_string (n, decisions, &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD);
  /* what dies is a work-group dim, the store's j.2 on group id 1 */
  g_assert_nonnull (strstr (error->message, "=block'"));
  fixture_clear (&f);
}

/* The short form of the summary's Design lines decides the same tile
 * sizes, kinds and memory spaces as the decisions it was printed from
 * (bench/mxm-mapped-best-h100.decisions; orders stay open, the nest line
 * being read as a note, and paddings but those it names), and names it
 * does not know are errors. */
static void
test_decisions_short_form (void)
{
  const char *design
      = "Design      T1=4, T2=16, TK=16\n"
        "            work-groups: m.0, n.0\n"
        "            work-items x: n.2, k.1@a\n"
        "            work-items y: m.2, k.1@b\n"
        "            unrolled: m.1, n.1\n"
        "            loops: k.0, k.1@acc.upd\n"
        "            nest: unroll n.1@acc, m.1@acc { acc }, k.0 { unroll "
        "m.1@a { a, b }, barrier, unroll m.1@acc.upd { k.1@acc.upd { "
        "unroll n.1@acc.upd { acc.upd } } }, barrier }, unroll n.1@st.C, "
        "m.1@st.C { st.C }\n"
        "            memory: acc private, a local, b local\n";
  Fixture f;
  g_autoptr (GError) error = NULL;
  g_autofree char *full = NULL;
  guint compared = 0;
  fixture_load (&f, 1, NULL);
  g_autoptr (BnbChoiceNode) a = bnb_choice_node_copy (f.root);
  g_autoptr (BnbChoiceNode) b = bnb_choice_node_copy (f.root);
  g_assert_true (g_file_get_contents ("bench/mxm-mapped-best-h100.decisions",
                                      &full, NULL, &error));
  g_assert_true (bnb_choice_node_apply_string (a, design, &error));
  g_assert_no_error (error);
  g_assert_true (bnb_choice_node_apply_string (b, full, &error));
  g_assert_no_error (error);
  for (guint c = 0; c < f.space->n_choices; c++)
    {
      g_autofree char *name = bnb_choice_name (f.space, c);
      if (g_str_has_prefix (name, "order(") || g_str_has_prefix (name, "pad("))
        continue;
      if (a->dom[c] != b->dom[c])
        g_error ("%s differs: %u, %u", name, a->dom[c], b->dom[c]);
      compared++;
    }
  g_assert_cmpuint (compared, >, 20);
  g_assert_true (bnb_choice_node_apply_string (a, "padded: b", &error));
  g_assert_no_error (error);
  {
    g_autofree char *pad = bnb_choice_node_to_string (a, TRUE);
    g_assert_nonnull (strstr (pad, "pad(b)=yes"));
  }
  {
    /* the summary's "b rows": pad(b)=rows */
    g_autoptr (BnbChoiceNode) r = bnb_choice_node_copy (f.root);
    g_assert_true (bnb_choice_node_apply_string (r, "padded: a, b rows",
                                                 &error));
    g_assert_no_error (error);
    g_autofree char *pad = bnb_choice_node_to_string (r, TRUE);
    g_assert_nonnull (strstr (pad, "pad(a)=yes"));
    g_assert_nonnull (strstr (pad, "pad(b)=rows"));
  }
  g_assert_false (bnb_choice_node_is_leaf (a));
  g_assert_false (bnb_choice_node_apply_string (a, "work-items x: q.3",
                                                &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION);
  g_clear_error (&error);
  g_assert_false (bnb_choice_node_apply_string (a, "memory: acc", &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION);
  g_clear_error (&error);
  g_assert_false (bnb_choice_node_apply_string (a, "T1=3", &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DECISION);
  fixture_clear (&f);
}

static guint64
leaf_work_group (const BnbChoiceNode *n)
{
  const BnbChoiceSpace *s = n->space;
  guint64 size[3] = { 1, 1, 1 };
  for (guint d = 0; d < s->n_dims; d++)
    {
      guint kind = bnb_dom_first (n->dom[s->kind_base + d]);
      if (kind >= BNB_KIND_THREAD_X && kind <= BNB_KIND_THREAD_Z)
        size[kind - BNB_KIND_THREAD_X] = bnb_choice_leaf_dim_size (n, d);
    }
  return size[0] * size[1] * size[2];
}

static void
test_limits_respected (void)
{
  BnbChoiceLimits l = bnb_choice_limits_default ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  Fixture f;
  l.max_work_group_size = 64;
  l.local_mem_bytes = 2048;
  fixture_load (&f, 1, &l);
  for (guint i = 0; i < 300; i++)
    {
      g_autoptr (BnbChoiceNode) leaf = bnb_choice_random_leaf (f.root, rand,
                                                               100);
      g_assert_nonnull (leaf);
      g_assert_cmpuint (leaf_work_group (leaf), <=, 64);
      g_assert_cmpuint (bnb_choice_leaf_local_bytes (leaf), <=, 2048);
    }
  fixture_clear (&f);
}

/* Bytes of a temporary's array at a leaf that puts it in local memory,
 * padding left out: what storage.c's lower bound must reach there. */
static guint64
leaf_unpadded_local_bytes (const BnbChoiceNode *leaf, guint t)
{
  BnbStorageLevel levels[64];
  BnbPad pad;
  guint count = bnb_choice_leaf_storage (leaf, t, levels, &pad);
  guint64 elems = 1;
  for (guint i = 0; i < count; i++)
    elems *= (guint64)levels[i].size;
  return elems * leaf->space->temps[t].bytes;
}

/* The local-memory bound of each temporary never falls along a path of
 * random decisions, never passes the figure of a leaf that puts the
 * temporary in local memory, and meets it there: a node whose kinds and
 * fusions are settled is then judged on its exact bytes, not left to a search
 * over its open nesting orders (a generated kernel's whole space hung on that,
 * issue 14). */
static void
test_local_bound_exact (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (21);
  guint checked_leaves = 0, thread_slots = 0;
  for (guint k = 1; k < G_N_ELEMENTS (kernels); k++)
    {
      Fixture f;
      fixture_load (&f, k, NULL);
      for (guint i = 0; i < 300; i++)
        {
          g_autoptr (BnbChoiceNode) n = bnb_choice_node_copy (f.root);
          g_autoptr (GArray) path
              = g_array_new (FALSE, FALSE, sizeof (guint64));
          guint nt = f.space->n_temps;
          gboolean dead = FALSE;
          while (!dead && !bnb_choice_node_is_leaf (n))
            {
              for (guint t = 0; t < nt; t++)
                {
                  guint64 b = bnb_temp_local_min_bytes (n, t);
                  if (path->len >= nt)
                    g_assert_cmpuint (b, >=,
                                      g_array_index (path, guint64,
                                                     path->len - nt));
                  g_array_append_val (path, b);
                }
              dead = random_step (n, rand) == BNB_CHOICE_DEAD;
            }
          if (dead)
            continue;
          for (guint t = 0; t < nt; t++)
            {
              if (n->dom[f.space->mem_base + t] != (1u << BNB_MEM_LOCAL))
                continue;
              guint64 exact = leaf_unpadded_local_bytes (n, t);
              for (guint j = t; j < path->len; j += nt)
                g_assert_cmpuint (g_array_index (path, guint64, j), <=, exact);
              g_assert_cmpuint (bnb_temp_local_min_bytes (n, t), ==, exact);
              for (guint q = 0; q < f.space->temps[t].n_pairs; q++)
                {
                  guint dp = f.space->temps[t].pairs[q][0];
                  guint dc = f.space->temps[t].pairs[q][1];
                  thread_slots += bnb_kind_is_thread (bnb_dom_first (
                                      n->dom[f.space->kind_base + dp]))
                                  && bnb_node_order (n, dp, dc)
                                         == (1u << BNB_ORDER_FUSED);
                }
            }
          checked_leaves++;
        }
      fixture_clear (&f);
    }
  g_test_message ("%u leaves, %u fused pairs on a local id", checked_leaves,
                  thread_slots);
  g_assert_cmpuint (checked_leaves, >, 100);
  g_assert_cmpuint (thread_slots, >, 0);
}

/* Are the leaf's local ids used in order (y only with x, z only with y)? */
static gboolean
leaf_ids_in_order (const BnbChoiceNode *n)
{
  const BnbChoiceSpace *s = n->space;
  gboolean used[3] = { FALSE, FALSE, FALSE };
  for (guint d = 0; d < s->n_dims; d++)
    {
      BnbKind kind = bnb_dom_first (n->dom[s->kind_base + d]);
      if (bnb_kind_is_thread (kind))
        used[kind - BNB_KIND_THREAD_X] = TRUE;
    }
  return (!used[1] || used[0]) && (!used[2] || used[1]);
}

/* Does the leaf keep the design rules of docs/space.md?  Written from the
 * IR, apart from the constraints: no temporary in global memory, no
 * loaded value in registers where an instruction reading it has a dim on
 * a local id at a level the load lacks, and the local ids used in order. */
static gboolean
leaf_keeps_design_rules (const BnbChoiceNode *n)
{
  const BnbChoiceSpace *s = n->space;
  const BnbIrKernel *k = s->kernel;
  if (!leaf_ids_in_order (n))
    return FALSE;
  for (guint t = 0; t < s->n_temps; t++)
    if (n->dom[s->mem_base + t] == (1u << BNB_MEM_GLOBAL))
      return FALSE;
  for (guint c = 0; c < k->comms->len; c++)
    {
      const BnbIrComm *comm = bnb_ir_comm (k, c);
      const BnbIrInst *p = bnb_ir_inst (k, comm->producer);
      const BnbIrInst *u = bnb_ir_inst (k, comm->consumer);
      guint t = bnb_choice_value_temp (s, comm->value);
      if (p->op != BNB_IR_OP_LOAD || t == G_MAXUINT
          || n->dom[s->mem_base + t] != (1u << BNB_MEM_PRIVATE))
        continue;
      for (guint i = 0; i < u->n_dims; i++)
        {
          const BnbIrDim *d = bnb_ir_dim (k, u->dims[i]);
          gboolean producer_has = FALSE;
          for (guint j = 0; j < p->n_dims; j++)
            {
              const BnbIrDim *e = bnb_ir_dim (k, p->dims[j]);
              producer_has |= e->logical == d->logical && e->level == d->level;
            }
          if (!producer_has
              && bnb_kind_is_thread (
                  bnb_dom_first (n->dom[s->kind_base + u->dims[i]])))
            return FALSE;
        }
    }
  return TRUE;
}

/* The design rules (docs/space.md): by default no leaf breaks them, and
 * each is a leaf of the space of every design; with every_design, random
 * leaves do break them (the rules remove something), and the rules' space
 * takes such a leaf exactly when it keeps them; a decision the rules
 * forbid names --every-design in its error. */
static void
test_design_rules (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (33);
  BnbChoiceLimits every = bnb_choice_limits_default ();
  guint leaves = 0, broken = 0, ids = 0;
  every.every_design = TRUE;
  for (guint k = 1; k < G_N_ELEMENTS (kernels); k++)
    {
      Fixture f, g;
      fixture_load (&f, k, NULL);
      fixture_load (&g, k, &every);
      for (guint i = 0; i < 200; i++)
        for (guint rules = 0; rules < 2; rules++)
          {
            g_autoptr (BnbChoiceNode) n
                = bnb_choice_node_copy (rules ? f.root : g.root);
            gboolean dead = FALSE;
            while (!dead && !bnb_choice_node_is_leaf (n))
              dead = random_step (n, rand) == BNB_CHOICE_DEAD;
            if (dead || !bnb_choice_node_check_leaf (n, NULL))
              continue;
            if (!rules)
              {
                /* the rules' space takes it exactly when it keeps them */
                g_autofree char *text = bnb_choice_node_to_string (n, FALSE);
                g_autoptr (BnbChoiceNode) m = bnb_choice_node_copy (f.root);
                gboolean keeps = leaf_keeps_design_rules (n);
                gboolean taken = bnb_choice_node_apply_string (m, text, NULL)
                                 && bnb_choice_node_is_leaf (m)
                                 && bnb_choice_node_check_leaf (m, NULL);
                g_assert_cmpint (taken, ==, keeps);
                broken += !keeps;
                ids += !leaf_ids_in_order (n);
                continue;
              }
            g_autoptr (GError) error = NULL;
            g_autofree char *text = bnb_choice_node_to_string (n, FALSE);
            g_autoptr (BnbChoiceNode) m = bnb_choice_node_copy (g.root);
            g_assert_true (leaf_keeps_design_rules (n));
            g_assert_true (bnb_choice_node_apply_string (m, text, &error));
            g_assert_no_error (error);
            g_assert_true (bnb_choice_node_is_leaf (m));
            leaves++;
          }
      fixture_clear (&f);
      fixture_clear (&g);
    }
  g_test_message ("%u leaves under the rules, %u random leaves of every "
                  "design break them, %u of those the ids' order", leaves,
                  broken, ids);
  g_assert_cmpuint (leaves, >, 100);
  g_assert_cmpuint (broken, >, 10);
  g_assert_cmpuint (ids, >, 10);
  /* gemv: x is read by every work-item along m */
  Fixture f, g;
  g_autoptr (GError) error = NULL;
  const char *shared = "tile(m.1)=4; kind(m.1@acc.upd)=thread.x; "
                       "mem(v)=private";
  fixture_load (&f, 2, NULL);
  fixture_load (&g, 2, &every);
  g_autoptr (BnbChoiceNode) a = bnb_choice_node_copy (f.root);
  g_autoptr (BnbChoiceNode) b = bnb_choice_node_copy (g.root);
  g_autoptr (BnbChoiceNode) c = bnb_choice_node_copy (f.root);
  g_autoptr (BnbChoiceNode) d = bnb_choice_node_copy (f.root);
  g_assert_false (bnb_choice_node_apply_string (a, shared, &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD);
  g_assert_nonnull (strstr (error->message, "--every-design"));
  g_clear_error (&error);
  g_assert_true (bnb_choice_node_apply_string (b, shared, &error));
  g_assert_true (bnb_choice_node_apply_string (
      c, "tile(m.1)=4; kind(m.1@acc.upd)=thread.x; mem(v)=local", &error));
  g_assert_true (bnb_choice_node_apply_string (
      d, "tile(m.1)=4; kind(m.1@acc.upd)=unroll; mem(v)=private", &error));
  g_assert_no_error (error);
  g_assert_false (bnb_choice_node_apply_string (c, "mem(a)=global", &error));
  g_assert_error (error, BNB_CHOICE_ERROR, BNB_CHOICE_ERROR_DEAD);
  fixture_clear (&f);
  fixture_clear (&g);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/choices/order/triangle-table", test_triangle_table);
  g_test_add_func ("/choices/root/supported", test_roots);
  for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
    {
      g_autofree char *base = g_path_get_basename (kernels[k][0]);
      g_autofree char *path
          = g_strdup_printf ("/choices/property/random-sequences/%s", base);
      g_test_add_data_func (path, GUINT_TO_POINTER (k),
                            test_random_sequences);
    }
  g_test_add_func ("/choices/count/brute-force", test_count_brute_force);
  g_test_add_func ("/choices/count/axpy-exact-and-estimate",
                   test_count_axpy_exact_and_estimate);
  g_test_add_func ("/choices/count/below-node", test_count_below_node);
  g_test_add_func ("/choices/shave/groups-exact", test_shave_groups_exact);
  g_test_add_func ("/choices/shave/groups-mxm", test_shave_groups_mxm);
  g_test_add_func ("/choices/count/mxm-large", test_count_mxm_large);
  g_test_add_func ("/choices/decisions/roundtrip", test_decisions_roundtrip);
  g_test_add_func ("/choices/decisions/errors", test_decisions_errors);
  g_test_add_func ("/choices/decisions/short-form", test_decisions_short_form);
  g_test_add_func ("/choices/inout/one-work-group", test_inout_one_work_group);
  g_test_add_func ("/choices/limits/respected", test_limits_respected);
  g_test_add_func ("/choices/limits/unrolled", test_limits_unrolled);
  g_test_add_func ("/choices/rules/design", test_design_rules);
  g_test_add_func ("/choices/limits/local-bound-exact",
                   test_local_bound_exact);
  return g_test_run ();
}
