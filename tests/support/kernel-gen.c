/* The generator of random kernels (kernel-gen.h).
 *
 * The text is written in three parts, the declarations of parameters,
 * tiles and dims (head), of scalars and arrays (decls, made as stages ask
 * for them) and the statements (body).  While a stage is written, `shared`
 * says how many leading levels of each logical dim the enclosing `loop`
 * blocks iterate; an instruction iterates every level of each dim in its
 * `need` set, the enclosing ones through the blocks, the rest through
 * `over` copies.  A value varies along its instruction's need set and the
 * enclosing dims (a load in `loop m.0` that does not use m varies along
 * m.0 only); a reader needs every dim of what it reads, so each read is
 * valid whatever the levels.
 */
#include "tests/support/kernel-gen.h"

#include <string.h>

#define GEN_MAX_DIMS 4

typedef struct {
  char name[2];
  char param[2];
  gint64 size;
  guint n_levels;
} GenDim;

typedef struct {
  char *name;
  guint dims;       /* the logical dims it varies along */
  gboolean read;    /* its last writer has a reader */
  gboolean safe;    /* |v| >= 1 whatever the inputs: a divisor */
  gboolean bounded; /* |v| <= 1: a factor of a product reduction */
  gboolean busy;    /* an accumulator inside its reduction: not readable */
} GenValue;

typedef struct {
  char *name;
  char *subscripts;
  guint dims;
  GenValue *loaded;
} GenInout;

typedef enum {
  GEN_FAMILY_ADD,
  GEN_FAMILY_MAX,
  GEN_FAMILY_MIN,
  GEN_FAMILY_MUL,
} GenFamily;

typedef struct {
  GRand *rand;
  GString *head;
  GString *decls;
  GString *body;
  guint n_dims;
  GenDim dims[GEN_MAX_DIMS];
  guint shared[GEN_MAX_DIMS];
  guint indent;
  GPtrArray *values;  /* GenValue* */
  GPtrArray *inouts;  /* GenInout*, loaded and not yet stored */
  GPtrArray *scalars; /* char* */
  guint n_values;
  guint n_arrays;
  guint avoid; /* BnbTestGenAvoid */
} Gen;

static const gint64 gen_sizes[]
    = { 1, 2, 3, 5, 7, 8, 11, 13, 16, 17, 19, 23, 29, 31, 37 };

static const char *const gen_tile_lists[]
    = { "{1, 2}",     "{1, 2, 4}", "{1, 3}", "{1, 2, 4, 8}", "{2, 4}",
        "{1, 4, 16}", "{1, 5, 7}", "{4}",    "{1, 2, 3}",    "{3, 8}" };

static const char *const gen_constants[]
    = { "0.5", "2.0", "-1.5", "3", "-1", "0.25", "1e-1", "1.5e0" };

static void
gen_value_free (gpointer data)
{
  GenValue *v = data;
  g_free (v->name);
  g_free (v);
}

static void
gen_inout_free (gpointer data)
{
  GenInout *x = data;
  g_free (x->name);
  g_free (x->subscripts);
  g_free (x);
}

static gint
gen_int (Gen *g, gint lo, gint hi)
{
  return g_rand_int_range (g->rand, lo, hi + 1);
}

static gboolean
gen_chance (Gen *g, double p)
{
  return g_rand_double (g->rand) < p;
}

static const char *
gen_type (Gen *g)
{
  gboolean f64 = gen_chance (g, 0.25);
  return f64 && !(g->avoid & BNB_TEST_GEN_AVOID_F64) ? "f64" : "f32";
}

static guint
gen_shared_mask (const Gen *g)
{
  guint mask = 0;
  for (guint d = 0; d < g->n_dims; d++)
    if (g->shared[d] > 0)
      mask |= 1u << d;
  return mask;
}

/* A random subset of `mask`, each dim kept with probability p. */
static guint
gen_subset (Gen *g, guint mask, double p)
{
  guint out = 0;
  for (guint d = 0; d < g->n_dims; d++)
    if ((mask >> d & 1) && gen_chance (g, p))
      out |= 1u << d;
  return out;
}

/* The dims of `mask` in a random order; returns how many. */
static guint
gen_order (Gen *g, guint mask, guint order[GEN_MAX_DIMS])
{
  guint n = 0;
  for (guint d = 0; d < g->n_dims; d++)
    if (mask >> d & 1)
      order[n++] = d;
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint)gen_int (g, 0, (gint)i - 1), t = order[i - 1];
      order[i - 1] = order[j];
      order[j] = t;
    }
  return n;
}

static void
gen_tile_clauses (Gen *g, const GenDim *dim, gint named)
{
  for (guint l = 1; l < dim->n_levels; l++)
    {
      if (named >= 0 && gen_chance (g, 0.5))
        g_string_append_printf (g->head, " tile T%d", named);
      else
        g_string_append_printf (
            g->head, " tile %s",
            gen_tile_lists[gen_int (g, 0, G_N_ELEMENTS (gen_tile_lists) - 1)]);
    }
}

static void gen_shrink (Gen *g);

static void
gen_head (Gen *g)
{
  static const char names[] = "ijkl", params[] = "IJKL";
  gint named = gen_chance (g, 0.4) ? 0 : -1;
  g->n_dims = (guint)gen_int (g, 2, GEN_MAX_DIMS);
  for (guint d = 0; d < g->n_dims; d++)
    {
      GenDim *dim = &g->dims[d];
      dim->name[0] = names[d];
      dim->param[0] = params[d];
      dim->size = gen_sizes[gen_int (g, 0, G_N_ELEMENTS (gen_sizes) - 1)];
      dim->n_levels = (guint)gen_int (g, 1, 3);
    }
  gen_shrink (g);
  g_string_append (g->head, "param ");
  for (guint d = 0; d < g->n_dims; d++)
    g_string_append_printf (g->head, "%s%s = %" G_GINT64_FORMAT, d ? ", " : "",
                            g->dims[d].param, g->dims[d].size);
  g_string_append (g->head, ";\n");
  if (named >= 0)
    g_string_append_printf (g->head, "tile T0 = %s;\n",
                            gen_tile_lists
                                [gen_int (g, 0,
                                          G_N_ELEMENTS (gen_tile_lists) - 1)]);
  for (guint d = 0; d < g->n_dims; d++)
    {
      g_string_append_printf (g->head, "dim %s = %s", g->dims[d].name,
                              g->dims[d].param);
      gen_tile_clauses (g, &g->dims[d], named);
      g_string_append (g->head, ";\n");
    }
}

static void
gen_indent (Gen *g)
{
  for (guint i = 0; i < g->indent; i++)
    g_string_append (g->body, "  ");
}

/* Opens a `loop` block over leading levels of the dims of `mask` (none:
 * no block); `saved` keeps what to restore. */
static gboolean
gen_loop_open (Gen *g, guint mask, guint saved[GEN_MAX_DIMS])
{
  guint order[GEN_MAX_DIMS], n = gen_order (g, mask, order);
  memcpy (saved, g->shared, sizeof g->shared);
  if (n == 0)
    return FALSE;
  gen_indent (g);
  g_string_append (g->body, "loop ");
  for (guint i = 0; i < n; i++)
    {
      GenDim *dim = &g->dims[order[i]];
      guint levels = gen_chance (g, 0.2) ? dim->n_levels : 1;
      for (guint l = 0; l < levels; l++)
        g_string_append_printf (g->body, "%s%s.%u", i + l ? ", " : "",
                                dim->name, l);
      g->shared[order[i]] = levels;
    }
  g_string_append (g->body, " {\n");
  g->indent++;
  return TRUE;
}

static void
gen_loop_close (Gen *g, gboolean opened, const guint saved[GEN_MAX_DIMS])
{
  memcpy (g->shared, saved, sizeof g->shared);
  if (!opened)
    return;
  g->indent--;
  gen_indent (g);
  g_string_append (g->body, "}\n");
}

/* " over i.1, j.0" for the levels of `need` no block iterates, and ";". */
static void
gen_over (Gen *g, guint need)
{
  guint order[GEN_MAX_DIMS], n = gen_order (g, need, order);
  gboolean first = TRUE;
  for (guint i = 0; i < n; i++)
    {
      const GenDim *dim = &g->dims[order[i]];
      for (guint l = g->shared[order[i]]; l < dim->n_levels; l++)
        {
          g_string_append_printf (g->body, "%s%s.%u", first ? " over " : ", ",
                                  dim->name, l);
          first = FALSE;
        }
    }
  g_string_append (g->body, ";\n");
}

static GenValue *
gen_value_new (Gen *g, guint need)
{
  GenValue *v = g_new0 (GenValue, 1);
  v->name = g_strdup_printf ("v%u", g->n_values++);
  v->dims = need | gen_shared_mask (g);
  g_ptr_array_add (g->values, v);
  return v;
}

/* `v = RHS over ...;` for a new value v over `need`. */
static GenValue *
gen_assign (Gen *g, guint need, const char *rhs)
{
  GenValue *v = gen_value_new (g, need);
  gen_indent (g);
  g_string_append_printf (g->body, "%s = %s", v->name, rhs);
  gen_over (g, need);
  return v;
}

static const char *
gen_read (GenValue *v)
{
  v->read = TRUE;
  return v->name;
}

static const char *
gen_scalar (Gen *g)
{
  if (g->scalars->len == 0 || gen_chance (g, 0.2))
    {
      char *name = g_strdup_printf ("s%u", g->scalars->len);
      g_string_append_printf (g->decls, "scalar %s : %s;\n", name,
                              gen_type (g));
      g_ptr_array_add (g->scalars, name);
    }
  return g_ptr_array_index (g->scalars,
                            gen_int (g, 0, (gint)g->scalars->len - 1));
}

/* A value of an earlier instruction that varies along dims of `avail`
 * only, unread ones first; NULL if there is none. */
static GenValue *
gen_pick_value (Gen *g, guint avail, gboolean unread_only)
{
  g_autoptr (GPtrArray) fit = g_ptr_array_new ();
  for (guint i = 0; i < g->values->len; i++)
    {
      GenValue *v = g_ptr_array_index (g->values, i);
      if ((v->dims & ~avail) == 0 && !v->busy && !(unread_only && v->read))
        g_ptr_array_add (fit, v);
    }
  if (fit->len == 0)
    return unread_only ? gen_pick_value (g, avail, FALSE) : NULL;
  return g_ptr_array_index (fit, gen_int (g, 0, (gint)fit->len - 1));
}

/* An operand for an instruction over `avail`: a constant, a scalar or a
 * value (then read); `safe` says whether it may be a divisor. */
static const char *
gen_operand (Gen *g, guint avail, gboolean *safe)
{
  double pick = g_rand_double (g->rand);
  GenValue *v = pick < 0.35 ? gen_pick_value (g, avail, TRUE) : NULL;
  if (v)
    {
      *safe = v->safe;
      return gen_read (v);
    }
  *safe = TRUE;
  if (pick < 0.6)
    return gen_scalar (g);
  return gen_constants[gen_int (g, 0, G_N_ELEMENTS (gen_constants) - 1)];
}

/* A subscript of one array dim over logical dim `d`: `offset` picks the
 * element among neighbours when the form allows several. */
typedef enum {
  GEN_SUB_PLAIN,
  GEN_SUB_OFFSET,
  GEN_SUB_REVERSED,
  GEN_SUB_STRIDED,
  GEN_SUB_COUNT,
} GenSubForm;

static void
gen_extent (const GenDim *dim, GenSubForm form, GString *out)
{
  switch (form)
    {
    case GEN_SUB_OFFSET:
      g_string_append_printf (out, "%s + 2", dim->param);
      break;
    case GEN_SUB_STRIDED:
      g_string_append_printf (out, "2 * %s", dim->param);
      break;
    default:
      g_string_append (out, dim->param);
    }
}

static void
gen_subscript (const GenDim *dim, GenSubForm form, guint offset, GString *out)
{
  switch (form)
    {
    case GEN_SUB_OFFSET:
      if (offset == 0)
        g_string_append (out, dim->name);
      else
        g_string_append_printf (out, "%s + %u", dim->name, offset);
      break;
    case GEN_SUB_REVERSED:
      g_string_append_printf (out, "%s - 1 - %s", dim->param, dim->name);
      break;
    case GEN_SUB_STRIDED:
      g_string_append_printf (out, "2 * %s + %u", dim->name, offset % 2);
      break;
    default:
      g_string_append (out, dim->name);
    }
}

typedef struct {
  guint n;
  guint order[GEN_MAX_DIMS];
  GenSubForm forms[GEN_MAX_DIMS];
  guint constant; /* the subscript of a rank-1 array over no dim */
} GenAccess;

static void
gen_access_text (const Gen *g, const GenAccess *a, guint offset, GString *out)
{
  if (a->n == 0)
    g_string_append_printf (out, "%u", a->constant);
  for (guint i = 0; i < a->n; i++)
    {
      if (i)
        g_string_append (out, ", ");
      gen_subscript (&g->dims[a->order[i]], a->forms[i], offset, out);
    }
}

/* `array NAME : TYPE[extents] MODE;` */
static char *
gen_array (Gen *g, const char *prefix, const GenAccess *a, const char *mode)
{
  char *name = g_strdup_printf ("%s%u", prefix, g->n_arrays++);
  g_string_append_printf (g->decls, "array %s : %s[", name, gen_type (g));
  if (a->n == 0)
    g_string_append_printf (g->decls, "%u", a->constant + 1);
  for (guint i = 0; i < a->n; i++)
    {
      if (i)
        g_string_append (g->decls, ", ");
      gen_extent (&g->dims[a->order[i]], a->forms[i], g->decls);
    }
  g_string_append_printf (g->decls, "] %s;\n", mode);
  return name;
}

static void
gen_access (Gen *g, guint dims, gboolean covering, GenAccess *a)
{
  a->n = gen_order (g, dims, a->order);
  a->constant = (guint)gen_int (g, 0, 2);
  for (guint i = 0; i < a->n; i++)
    if (covering)
      a->forms[i] = gen_chance (g, 0.3) ? GEN_SUB_REVERSED : GEN_SUB_PLAIN;
    else
      a->forms[i] = (GenSubForm)gen_int (g, 0, GEN_SUB_COUNT - 1);
}

static GenValue *
gen_load_text (Gen *g, guint need, const char *array, const char *subs)
{
  g_autofree char *rhs = g_strdup_printf ("load %s[%s]", array, subs);
  GenValue *v = gen_assign (g, need, rhs);
  v->bounded = TRUE;
  return v;
}

/* Loads of a new `in` array over dims of `avail`, `must` among them; one,
 * or two neighbours; the values are added to `out`. */
static void
gen_load (Gen *g, guint avail, guint must, gboolean single, GPtrArray *out)
{
  GenAccess a;
  guint dims = gen_subset (g, avail, 0.7) | must;
  gen_access (g, dims, FALSE, &a);
  g_autofree char *name = gen_array (g, "A", &a, "in");
  guint offset = (guint)gen_int (g, 0, 2);
  guint loads = !single && gen_chance (g, 0.25) ? 2 : 1;
  for (guint l = 0; l < loads; l++)
    {
      g_autoptr (GString) subs = g_string_new (NULL);
      gen_access_text (g, &a, (offset + l) % 3, subs);
      g_ptr_array_add (out, gen_load_text (g, dims, name, subs->str));
    }
}

/* The first load of a new inout array over exactly `dims`. */
static GenValue *
gen_inout_load (Gen *g, guint dims)
{
  GenAccess a;
  GenInout *x = g_new0 (GenInout, 1);
  g_autoptr (GString) subs = g_string_new (NULL);
  gen_access (g, dims, TRUE, &a);
  gen_access_text (g, &a, 0, subs);
  x->name = gen_array (g, "X", &a, "inout");
  x->subscripts = g_strdup (subs->str);
  x->dims = dims;
  x->loaded = gen_load_text (g, dims, x->name, x->subscripts);
  g_ptr_array_add (g->inouts, x);
  return x->loaded;
}

static void
gen_store_text (Gen *g, guint need, const char *array, const char *subs,
                GenValue *v)
{
  gen_indent (g);
  g_string_append_printf (g->body, "store %s[%s], %s", array, subs,
                          gen_read (v));
  gen_over (g, need);
}

/* Stores `v` into a new `out` array over exactly `dims`, every element. */
static void
gen_store (Gen *g, guint dims, GenValue *v)
{
  GenAccess a;
  g_autoptr (GString) subs = g_string_new (NULL);
  gen_access (g, dims, TRUE, &a);
  a.constant = 0;
  gen_access_text (g, &a, 0, subs);
  g_autofree char *name = gen_array (g, "Y", &a, "out");
  gen_store_text (g, dims, name, subs->str, v);
}

static void
gen_inout_store (Gen *g, GenInout *x, GenValue *v)
{
  gen_store_text (g, x->dims, x->name, x->subscripts, v);
  g_ptr_array_remove (g->inouts, x);
}

static GenInout *
gen_pending_inout (Gen *g, guint dims)
{
  for (guint i = 0; i < g->inouts->len; i++)
    {
      GenInout *x = g_ptr_array_index (g->inouts, i);
      if (x->dims == dims)
        return x;
    }
  return NULL;
}

/* A new value over `avail` from `cur` and `other` by a random operation
 * (a division only by a safe divisor). */
static GenValue *
gen_binary (Gen *g, guint avail, GenValue *cur, const char *other,
            gboolean other_safe)
{
  static const char *const ops[] = { "add", "sub", "mul", "min", "max" };
  const char *a = gen_read (cur), *b = other;
  g_autofree char *rhs = NULL;
  gint op = gen_int (g, 0, 6);
  gboolean third_safe;
  if (op < 5 && gen_chance (g, 0.3))
    a = other, b = cur->name;
  if (op < 5)
    rhs = g_strdup_printf ("%s %s, %s", ops[op], a, b);
  else if (op == 5 && other_safe)
    rhs = g_strdup_printf ("div %s, %s", a, b);
  else if (op == 5)
    rhs = g_strdup_printf ("mul %s, %s", a, b);
  else if (gen_chance (g, 0.5))
    rhs = g_strdup_printf ("fma %s, %s, %s", a, b,
                           gen_operand (g, avail, &third_safe));
  else
    rhs = g_strdup_printf ("fma %s, %s, %s", b,
                           gen_operand (g, avail, &third_safe), a);
  return gen_assign (g, avail, rhs);
}

/* neg, mov, or max with 1.0 (whose result may divide). */
static GenValue *
gen_unary (Gen *g, guint avail, GenValue *cur)
{
  static const char *const forms[] = { "neg %s", "mov %s", "max %s, 1.0" };
  gint form = gen_int (g, 0, 2);
  g_autofree char *rhs = g_strdup_printf (forms[form], gen_read (cur));
  GenValue *v = gen_assign (g, avail, rhs);
  v->safe = form == 2 || (form < 2 && cur->safe);
  return v;
}

/* A chain of instructions over `avail` that reads every value of `must`
 * (at least one) and a few operands more; its last value. */
static GenValue *
gen_chain (Gen *g, guint avail, GPtrArray *must)
{
  GenValue *cur = g_ptr_array_index (must, 0);
  guint extra = gen_chance (g, 0.4) ? 1 : 0;
  for (guint i = 1; i < must->len; i++)
    {
      GenValue *v = g_ptr_array_index (must, i);
      cur = gen_binary (g, avail, cur, gen_read (v), v->safe);
    }
  for (guint i = 0; i < extra; i++)
    {
      gboolean safe = FALSE;
      if (gen_chance (g, 0.25))
        cur = gen_unary (g, avail, cur);
      else
        cur = gen_binary (g, avail, cur, gen_operand (g, avail, &safe), safe);
    }
  return cur;
}

static guint
gen_all (const Gen *g)
{
  return (1u << g->n_dims) - 1;
}

static guint
gen_one_of (Gen *g, guint mask)
{
  guint order[GEN_MAX_DIMS], n = gen_order (g, mask, order);
  return n ? 1u << order[0] : 0;
}

/* Values of earlier stages over dims of `avail`, unread ones first. */
static void
gen_reuse (Gen *g, guint avail, double p, GPtrArray *must)
{
  GenValue *v = gen_chance (g, p) ? gen_pick_value (g, avail, TRUE) : NULL;
  if (v && !g_ptr_array_find (must, v, NULL))
    g_ptr_array_add (must, v);
}

/* The output of a stage over `dims`: the value stored (into an inout
 * array loaded before, or a new out array) or kept for a later stage. */
static void
gen_output (Gen *g, guint dims, GenValue *v)
{
  GenInout *x = gen_pending_inout (g, dims);
  double pick = g_rand_double (g->rand);
  if (x && pick < 0.5)
    gen_inout_store (g, x, v);
  else if (pick < 0.75)
    gen_store (g, dims, v);
}

static void
gen_elementwise (Gen *g)
{
  guint p = gen_subset (g, gen_all (g), 0.6), saved[GEN_MAX_DIMS];
  g_autoptr (GPtrArray) must = g_ptr_array_new ();
  if (!p)
    p = gen_one_of (g, gen_all (g));
  gboolean opened
      = gen_loop_open (g, gen_chance (g, 0.6) ? gen_subset (g, p, 0.7) : 0,
                       saved);
  guint loads = (guint)gen_int (g, 1, 2);
  for (guint l = 0; l < loads; l++)
    gen_load (g, p, 0, FALSE, must);
  if (gen_chance (g, 0.25) && !gen_pending_inout (g, p))
    g_ptr_array_add (must, gen_inout_load (g, p));
  gen_reuse (g, p, 0.6, must);
  gen_output (g, p, gen_chain (g, p, must));
  gen_loop_close (g, opened, saved);
}

typedef struct {
  GenValue *acc;
  GenFamily family;
  gboolean squares; /* acc starts at 1 and sums squares: a divisor */
  guint p;          /* the dims it varies along */
  guint r;          /* the dims it is reduced over */
} GenReduction;

static const char *
gen_init (Gen *g, GenReduction *red)
{
  static const char *const inits[] = { "0.0", "-1000.0", "1000.0", "1.0" };
  GenValue *v;
  if (red->squares)
    return "1.0";
  if (gen_chance (g, 0.2) && (v = gen_pick_value (g, red->p, TRUE)))
    return gen_read (v);
  return inits[red->family];
}

/* The update's right-hand side: `acc` and a term that varies along the
 * reduced dims, combined by an operation of the reduction's family. */
static char *
gen_update_rhs (Gen *g, GenReduction *red, GPtrArray *loads)
{
  static const char *const ops[] = { "add", "max", "min", "mul" };
  guint avail = red->p | red->r;
  const char *acc = red->acc->name;
  GenValue *l = g_ptr_array_index (loads, 0);
  if (red->squares)
    return g_strdup_printf ("fma %s, %s, %s", gen_read (l), l->name, acc);
  if (red->family == GEN_FAMILY_MUL)
    return g_strdup_printf ("mul %s, %s", acc, gen_read (l));
  if (red->family == GEN_FAMILY_ADD && loads->len == 2 && gen_chance (g, 0.5))
    {
      GenValue *m = g_ptr_array_index (loads, 1);
      return g_strdup_printf ("fma %s, %s, %s", gen_read (l), gen_read (m),
                              acc);
    }
  GenValue *t = gen_chain (g, avail, loads);
  if (red->family == GEN_FAMILY_ADD && gen_chance (g, 0.3))
    return g_strdup_printf ("sub %s, %s", acc, gen_read (t));
  if (gen_chance (g, 0.5))
    return g_strdup_printf ("%s %s, %s", ops[red->family], gen_read (t), acc);
  return g_strdup_printf ("%s %s, %s", ops[red->family], acc, gen_read (t));
}

/* One update of the accumulator, with the loads of its term (one load,
 * |x| <= 1, for a product or a sum of squares). */
static void
gen_update (Gen *g, GenReduction *red)
{
  g_autoptr (GPtrArray) loads = g_ptr_array_new ();
  guint avail = red->p | red->r;
  gboolean single = red->squares || red->family == GEN_FAMILY_MUL;
  gen_load (g, avail, gen_one_of (g, red->r), single, loads);
  if (!single && gen_chance (g, 0.5))
    gen_load (g, avail, 0, FALSE, loads);
  if (!single)
    gen_reuse (g, avail, 0.3, loads);
  g_autofree char *rhs = gen_update_rhs (g, red, loads);
  gen_indent (g);
  g_string_append_printf (g->body, "%s = %s", red->acc->name, rhs);
  gen_over (g, avail);
  red->acc->read = FALSE;
}

/* The reduced dims' blocks: one or two over the same dims (the second
 * reads the sum the first left), each with one or two updates. */
static void
gen_reduction_loops (Gen *g, GenReduction *red)
{
  guint blocks = gen_chance (g, 0.3) ? 2 : 1, saved[GEN_MAX_DIMS];
  guint inner = gen_chance (g, 0.8) ? red->r : gen_subset (g, red->r, 0.5);
  for (guint b = 0; b < blocks; b++)
    {
      gboolean opened = gen_loop_open (g, inner, saved);
      guint updates = gen_chance (g, 0.25) ? 2 : 1;
      if (g->avoid & BNB_TEST_GEN_AVOID_DOUBLE_UPDATE)
        updates = 1;
      for (guint u = 0; u < updates; u++)
        gen_update (g, red);
      gen_loop_close (g, opened, saved);
    }
}

static void
gen_reduction (Gen *g)
{
  GenReduction red = { 0 };
  guint saved[GEN_MAX_DIMS];
  g_autoptr (GPtrArray) must = g_ptr_array_new ();
  g_autofree char *init = NULL;
  red.p = gen_subset (g, gen_all (g), 0.45);
  if (red.p == gen_all (g))
    red.p &= ~gen_one_of (g, red.p);
  red.r = gen_subset (g, gen_all (g) & ~red.p, 0.3);
  if (!red.r)
    red.r = gen_one_of (g, gen_all (g) & ~red.p);
  red.family = (GenFamily)gen_int (g, 0, 3);
  red.squares = red.family == GEN_FAMILY_ADD && gen_chance (g, 0.25);
  gboolean opened
      = gen_loop_open (g, gen_chance (g, 0.7) ? gen_subset (g, red.p, 0.8) : 0,
                       saved);
  init = g_strdup_printf ("mov %s", gen_init (g, &red));
  red.acc = gen_assign (g, red.p, init);
  red.acc->safe = red.squares;
  red.acc->busy = TRUE;
  gen_reduction_loops (g, &red);
  red.acc->busy = FALSE;
  g_ptr_array_add (must, red.acc);
  if (gen_chance (g, 0.4))
    gen_load (g, red.p, 0, FALSE, must);
  GenValue *out = gen_chance (g, 0.7) ? gen_chain (g, red.p, must) : red.acc;
  if (gen_chance (g, 0.7))
    gen_store (g, red.p, out);
  gen_loop_close (g, opened, saved);
}

/* Stores what no stage stored: each inout array loaded (its load, scaled)
 * and each value whose last writer has no reader. */
static void
gen_flush (Gen *g)
{
  while (g->inouts->len > 0)
    {
      GenInout *x = g_ptr_array_index (g->inouts, 0);
      g_autoptr (GPtrArray) must = g_ptr_array_new ();
      g_ptr_array_add (must, x->loaded);
      gen_reuse (g, x->dims, 0.5, must);
      gen_inout_store (g, x, gen_chain (g, x->dims, must));
    }
  for (guint i = 0; i < g->values->len; i++)
    {
      GenValue *v = g_ptr_array_index (g->values, i);
      if (!v->read)
        gen_store (g, v->dims, v);
    }
}

/* At most this many points in the product of all dims' sizes, so that a
 * kernel runs in moments on the interpreter and on PoCL. */
#define GEN_MAX_POINTS 12000

static void
gen_shrink (Gen *g)
{
  for (;;)
    {
      gint64 points = 1;
      for (guint d = 0; d < g->n_dims; d++)
        points *= g->dims[d].size;
      if (points <= GEN_MAX_POINTS)
        return;
      g->dims[gen_int (g, 0, (gint)g->n_dims - 1)].size
          = gen_sizes[gen_int (g, 0, 6)];
    }
}

guint
bnb_test_kernel_gen_avoid_parse (const char *text)
{
  g_auto (GStrv) words = g_strsplit (text ? text : "", ",", -1);
  guint avoid = 0;
  for (guint i = 0; words[i]; i++)
    if (g_str_equal (g_strstrip (words[i]), "f64"))
      avoid |= BNB_TEST_GEN_AVOID_F64;
    else if (g_str_equal (words[i], "double-update"))
      avoid |= BNB_TEST_GEN_AVOID_DOUBLE_UPDATE;
  return avoid;
}

char *
bnb_test_kernel_gen (guint64 seed, guint avoid)
{
  guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) };
  Gen g = { 0 };
  g.avoid = avoid;
  guint stages;
  g.rand = g_rand_new_with_seed_array (words, 2);
  g.head = g_string_new (NULL);
  g.decls = g_string_new (NULL);
  g.body = g_string_new (NULL);
  g.values = g_ptr_array_new_with_free_func (gen_value_free);
  g.inouts = g_ptr_array_new_with_free_func (gen_inout_free);
  g.scalars = g_ptr_array_new_with_free_func (g_free);
  gen_head (&g);
  stages = 1 + gen_chance (&g, 0.7) + gen_chance (&g, 0.3);
  for (guint s = 0; s < stages; s++)
    if (gen_chance (&g, 0.5))
      gen_reduction (&g);
    else
      gen_elementwise (&g);
  gen_flush (&g);
  char *text = g_strdup_printf ("kernel gen%" G_GUINT64_FORMAT ";\n\n%s%s\n%s",
                                seed, g.head->str, g.decls->str, g.body->str);
  g_rand_free (g.rand);
  g_string_free (g.head, TRUE);
  g_string_free (g.decls, TRUE);
  g_string_free (g.body, TRUE);
  g_ptr_array_free (g.values, TRUE);
  g_ptr_array_free (g.inouts, TRUE);
  g_ptr_array_free (g.scalars, TRUE);
  return text;
}
