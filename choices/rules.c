/* What each constraint means: the order algebra (the triangle table, made
 * by enumerating nested intervals rather than written by hand) and the
 * predicate of every small constraint over one value per choice of its
 * scope.  Propagation and the leaf and support checks all read these. */
#include "choices/choices-private.h"

BnbDomain bnb_triangle_table[BNB_ORDER_COUNT][BNB_ORDER_COUNT];

BnbOrder
bnb_order_mirror (BnbOrder o)
{
  static const BnbOrder m[BNB_ORDER_COUNT] = {
    [BNB_ORDER_BEFORE] = BNB_ORDER_AFTER,
    [BNB_ORDER_AFTER] = BNB_ORDER_BEFORE,
    [BNB_ORDER_INSIDE] = BNB_ORDER_OUTSIDE,
    [BNB_ORDER_OUTSIDE] = BNB_ORDER_INSIDE,
    [BNB_ORDER_FUSED] = BNB_ORDER_FUSED,
    [BNB_ORDER_ABSENT] = BNB_ORDER_ABSENT,
  };
  return m[o];
}

BnbDomain
bnb_order_dom_mirror (BnbDomain d)
{
  BnbDomain r = 0;
  for (guint o = 0; o < BNB_ORDER_COUNT; o++)
    if (bnb_dom_has (d, o))
      r |= 1u << bnb_order_mirror (o);
  return r;
}

BnbOrder
bnb_order_as (guint x, guint y, guint value)
{
  return x < y ? (BnbOrder)value : bnb_order_mirror ((BnbOrder)value);
}

/* An item is elided (-1) or the interval [a, b) of the program text. */
typedef struct {
  int a, b;
} Span;

static int
span_rel (Span p, Span q)
{
  if (p.a < 0 || q.a < 0)
    return BNB_ORDER_ABSENT;
  if (p.b <= q.a)
    return BNB_ORDER_BEFORE;
  if (q.b <= p.a)
    return BNB_ORDER_AFTER;
  if (p.a == q.a && p.b == q.b)
    return BNB_ORDER_FUSED;
  if (q.a <= p.a && p.b <= q.b)
    return BNB_ORDER_INSIDE;
  if (p.a <= q.a && q.b <= p.b)
    return BNB_ORDER_OUTSIDE;
  return -1;
}

#define SPAN_POINTS 7

static guint
all_spans (Span *spans)
{
  guint n = 0;
  spans[n++] = (Span){ -1, -1 };
  for (int a = 0; a < SPAN_POINTS; a++)
    for (int b = a + 1; b <= SPAN_POINTS; b++)
      spans[n++] = (Span){ a, b };
  return n;
}

static void
triangle_table_fill (void)
{
  Span spans[1 + SPAN_POINTS * (SPAN_POINTS + 1) / 2];
  guint n = all_spans (spans);
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      for (guint k = 0; k < n; k++)
        {
          int xy = span_rel (spans[i], spans[j]);
          int yz = span_rel (spans[j], spans[k]);
          int xz = span_rel (spans[i], spans[k]);
          if (xy >= 0 && yz >= 0 && xz >= 0)
            bnb_triangle_table[xy][yz] |= 1u << xz;
        }
}

void
bnb_triangle_table_init (void)
{
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      triangle_table_fill ();
      g_once_init_leave (&done, 1);
    }
}

static guint
size_of (const BnbChoiceSpace *s, guint dim, guint tile_value)
{
  return bnb_space_dim_tile_size (s, dim, tile_value);
}

static gboolean
kind_fits_size (const BnbChoiceSpace *s, guint kind, guint size)
{
  const BnbChoiceLimits *l = &s->limits;
  if (kind == BNB_KIND_VECTOR)
    return size < 32 && ((l->vector_widths >> size) & 1u);
  if (kind == BNB_KIND_UNROLL)
    return size <= l->max_unroll;
  if (bnb_kind_is_thread (kind))
    return size <= l->max_work_item_sizes[kind - BNB_KIND_THREAD_X]
           && size <= l->max_work_group_size;
  return TRUE;
}

static gboolean
absent_holds (const BnbCon *c, const guint *v)
{
  gboolean elided = FALSE;
  for (guint i = 1; i < c->n_scope; i++)
    elided |= v[i] == BNB_KIND_ELIDED;
  return (v[0] == BNB_ORDER_ABSENT) == elided;
}

/* No value crosses work-groups: a pair on a work-group dim is fused.  A
 * register holds the value if each pair is one loop (fused), known at
 * compile time (both unrolled), or the same work-item (the same local id
 * on both sides: sequential thread dims of one size). */
static gboolean
mem_pair_holds (const BnbCon *c, const guint *v)
{
  BnbOrder o = bnb_order_as (c->arg[0], c->arg[1], v[1]);
  gboolean joined = o == BNB_ORDER_FUSED || o == BNB_ORDER_ABSENT;
  if (joined)
    return TRUE;
  if (v[2] == BNB_KIND_BLOCK || v[3] == BNB_KIND_BLOCK)
    return FALSE;
  if (v[0] == BNB_MEM_PRIVATE)
    return (bnb_kind_is_unrolled (v[2]) && bnb_kind_is_unrolled (v[3]))
           || (bnb_kind_is_thread (v[2]) && v[2] == v[3]);
  return TRUE;
}

static gboolean
sizes_equal (const BnbChoiceSpace *s, const BnbCon *c, guint va, guint vb)
{
  return size_of (s, c->arg[0], va) == size_of (s, c->arg[1], vb);
}

/* Scope layouts are those of constraints.c. */
gboolean
bnb_con_predicate (const BnbChoiceSpace *s, const BnbCon *c, const guint *v)
{
  guint a = c->arg[0], b = c->arg[1];
  switch (c->type)
    {
    case BNB_CON_TRIANGLE:
      return bnb_dom_has (bnb_triangle_table[v[0]][v[1]], v[2]);
    case BNB_CON_ABSENT:
      return absent_holds (c, v);
    case BNB_CON_ELIDE_TILE:
      return (v[0] == BNB_KIND_ELIDED) == (size_of (s, a, v[1]) == 1);
    case BNB_CON_KIND_SIZE:
      return kind_fits_size (s, v[0], size_of (s, a, v[1]));
    case BNB_CON_FUSE_SIZE:
      return v[0] != BNB_ORDER_FUSED || sizes_equal (s, c, v[1], v[2]);
    case BNB_CON_FUSE_KIND:
      return v[0] != BNB_ORDER_FUSED || v[1] == v[2];
    case BNB_CON_VECTOR_ALONE:
      {
        BnbOrder o = bnb_order_as (b, a, v[1]);
        return v[0] != BNB_KIND_VECTOR
               || (o != BNB_ORDER_INSIDE && o != BNB_ORDER_FUSED);
      }
    case BNB_CON_BLOCK_INST:
      return v[0] != BNB_KIND_BLOCK
             || bnb_order_as (b, a, v[1]) == BNB_ORDER_INSIDE;
    case BNB_CON_SPLIT_INST:
      return v[0] == BNB_KIND_BLOCK
             || bnb_order_as (b, a, v[1]) != BNB_ORDER_INSIDE;
    case BNB_CON_SPLIT_MEM:
      return v[0] != BNB_KIND_BLOCK || v[1] != BNB_MEM_GLOBAL;
    case BNB_CON_SPLIT_VECTOR:
      return v[0] != BNB_KIND_BLOCK || v[1] != BNB_KIND_VECTOR;
    case BNB_CON_BLOCK_DIM:
      return v[0] != BNB_KIND_BLOCK || v[1] == BNB_KIND_BLOCK
             || v[1] == BNB_KIND_ELIDED
             || bnb_order_as (b, a, v[2]) == BNB_ORDER_INSIDE;
    case BNB_CON_THREAD_ORDER:
      {
        BnbOrder o = bnb_order_as (a, b, v[2]);
        return !bnb_kind_is_thread (v[0]) || v[0] != v[1]
               || (o != BNB_ORDER_INSIDE && o != BNB_ORDER_OUTSIDE);
      }
    case BNB_CON_THREAD_SIZE:
      return !bnb_kind_is_thread (v[0]) || v[0] != v[1]
             || sizes_equal (s, c, v[2], v[3]);
    case BNB_CON_MEM_PAIR:
      return mem_pair_holds (c, v);
    case BNB_CON_INOUT_PAIR:
      return bnb_order_as (a, b, v[0]) == BNB_ORDER_FUSED
             || (v[1] != BNB_KIND_BLOCK && v[2] != BNB_KIND_BLOCK);
    case BNB_CON_PAD_LOCAL:
      return v[0] == 0 || v[1] == BNB_MEM_LOCAL;
    case BNB_CON_SHARED_LOAD:
      return v[0] != BNB_MEM_PRIVATE || !bnb_kind_is_thread (v[1]);
    case BNB_CON_UPDATE_RACE:
      return !bnb_kind_is_thread (v[0]) || v[2] == BNB_MEM_PRIVATE
             || bnb_order_as (b, a, v[1]) == BNB_ORDER_INSIDE;
    case BNB_CON_INST_IN:
    case BNB_CON_TYPE_COUNT:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}

/* INST_IN on a leaf: inside the loop means fused with one of its dims. */
static gboolean
inst_in_holds (const BnbChoiceNode *n, const BnbCon *c)
{
  const BnbChoiceSpace *s = n->space;
  guint item = c->arg[0], d = c->arg[1];
  const BnbIrInst *inst = bnb_ir_inst (s->kernel, item - s->n_dims);
  if (bnb_node_order (n, item, d) != (1u << BNB_ORDER_INSIDE))
    return TRUE;
  for (guint k = 0; k < inst->n_dims; k++)
    if (bnb_node_order (n, d, inst->dims[k]) == (1u << BNB_ORDER_FUSED))
      return TRUE;
  return FALSE;
}

gboolean
bnb_con_holds_on_leaf (const BnbChoiceNode *n, const BnbCon *c)
{
  guint v[BNB_CON_MAX_SCOPE];
  if (c->type == BNB_CON_INST_IN)
    return inst_in_holds (n, c);
  for (guint i = 0; i < c->n_scope; i++)
    v[i] = bnb_dom_first (n->dom[c->scope[i]]);
  return bnb_con_predicate (n->space, c, v);
}
