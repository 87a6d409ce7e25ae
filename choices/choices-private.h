/* The body of a space: the numbering of choices, what each one is about,
 * and the constraints between them as a table, with for each choice the
 * list of constraints that watch it (compressed rows).
 *
 *   choices: [ tiles | kinds | orders (x<y, row by row) | mems | pads ]
 *   constraint c: type, up to BNB_CON_MAX_SCOPE choices, a few arguments
 *   watch_start[ch] .. watch_start[ch+1]: constraints whose scope has ch
 */
#ifndef BNB_CHOICES_PRIVATE_H
#define BNB_CHOICES_PRIVATE_H

#include "choices/choices.h"

#define BNB_CON_MAX_SCOPE 5
#define BNB_NONE G_MAXUINT

typedef enum {
  /* order(x,y), order(y,z), order(x,z): realizable as a loop tree */
  BNB_CON_TRIANGLE,
  /* order(i,d) inside => d fused with one of i's dims; scope[0] is
   * order(i,d), the others are read from the instruction */
  BNB_CON_INST_IN,
  /* the rest are small predicates over the scope, see predicate() */
  BNB_CON_ABSENT,     /* order(x,y) absent <=> x or y elided */
  BNB_CON_ELIDE_TILE, /* kind(d) elided <=> tile size 1 */
  BNB_CON_FUSE_SIZE,  /* fused => equal sizes */
  BNB_CON_FUSE_KIND,  /* fused => same kind */
  BNB_CON_KIND_SIZE,  /* vector, unroll, thread kinds fit the size */
  BNB_CON_VECTOR_ALONE, /* vector d => nothing nested in or fused to d */
  BNB_CON_BLOCK_INST,   /* block d => instruction inside d */
  BNB_CON_BLOCK_DIM,    /* block d, e neither block nor elided => e in d */
  BNB_CON_THREAD_ORDER, /* same thread dim => not nested */
  BNB_CON_THREAD_SIZE,  /* same thread dim => equal sizes */
  BNB_CON_MEM_PAIR,     /* private/local needs fused or unrolled pairs */
  BNB_CON_PAD_LOCAL,    /* pad, prefetch or interleave => local */
  BNB_CON_UPDATE_RACE,  /* shared accumulator => update in every thread dim */
  BNB_CON_INOUT_PAIR,   /* inout load, store: fused or neither block */
  BNB_CON_SPLIT_INST,   /* split d outside an inst lacking it => d block */
  BNB_CON_SPLIT_VECTOR, /* split d block => no vector dim of a split store */
  BNB_CON_SPLIT_MEM,    /* split d block => its sums not in global memory */
  BNB_CON_SHARED_LOAD,  /* design rule: a load read by several work-items
                         * of a group is not private */
  BNB_CON_TYPE_COUNT,
} BnbConType;

typedef struct {
  BnbConType type;
  guint n_scope;
  guint scope[BNB_CON_MAX_SCOPE];
  guint arg[2]; /* the items or dims the constraint is about */
} BnbCon;

typedef struct {
  BnbChoiceType type;
  guint subject[2]; /* tile var; dim; item pair; temp */
} BnbChoiceInfo;

/* A value that crosses dims: it needs a mem choice.  Its pairs (over
 * every communication of the value) and the dims its producers and
 * consumers share fall on a few distinct levels (logical dim, level), its
 * slots: an array holding the value is indexed by some of those. */
typedef struct {
  guint value;
  guint bytes; /* element size */
  guint n_pairs;
  guint (*pairs)[2];
  guint *pair_slot;
  guint n_shared;
  guint *shared;
  guint *shared_slot;
  guint n_slots;
  guint *slot_dim; /* one dim of each slot, for its size */
} BnbTemp;

typedef struct {
  guint tile_var; /* BNB_NONE at level 0 */
  gboolean reduction;
  /* Level 0 of a reduction whose sums only `split` stores read: it may be
   * a work-group dim, each group adding its partial sums (docs/space.md,
   * "Split reductions"). */
  gboolean split;
} BnbDimInfo;

struct BnbChoiceSpace {
  const BnbIrKernel *kernel;
  BnbChoiceLimits limits;
  guint n_dims, n_insts, n_items;
  guint n_tiles, n_temps;
  guint tile_base, kind_base, order_base, mem_base, pad_base, prefetch_base;
  guint interleave_base;
  guint n_choices;
  BnbChoiceInfo *info;
  guint *order_index; /* n_items * n_items */
  BnbDimInfo *dim_info;
  BnbTemp *temps;
  GArray *cons; /* BnbCon */
  guint *watch_start;
  guint *watch;
  BnbDomain *initial; /* static domains, before propagation */
  guint *branch_order; /* choices in the default branching order */
  BnbChoiceSplitFunc splitter; /* NULL: the full tree */
  gpointer splitter_data;
};

struct BnbChoiceNode {
  const BnbChoiceSpace *space;
  BnbDomain dom[];
};

static inline guint
bnb_dom_count (BnbDomain d)
{
  return (guint)__builtin_popcount (d);
}

static inline gboolean
bnb_dom_single (BnbDomain d)
{
  return d != 0 && (d & (d - 1)) == 0;
}

static inline guint
bnb_dom_first (BnbDomain d)
{
  return (guint)__builtin_ctz (d);
}

static inline gboolean
bnb_dom_has (BnbDomain d, guint v)
{
  return (d >> v) & 1u;
}

static inline gboolean
bnb_space_item_is_dim (const BnbChoiceSpace *s, guint item)
{
  return item < s->n_dims;
}

/* Tile size of dim d under tile value v (d at level >= 1). */
guint bnb_space_dim_tile_size (const BnbChoiceSpace *s, guint dim, guint v);
/* Order of x relative to y as seen from the choice of the pair. */
BnbOrder bnb_order_mirror (BnbOrder o);
BnbDomain bnb_order_dom_mirror (BnbDomain d);
/* ord(x,y) domain read through the pair's choice, mirrored if x > y. */
BnbDomain bnb_node_order (const BnbChoiceNode *n, guint x, guint y);
BnbDomain bnb_node_order_static (const BnbChoiceSpace *s, guint x, guint y);
/* The value of an order choice about (x, y), read as x relative to y. */
BnbOrder bnb_order_as (guint x, guint y, guint value);

/* Triangle table: allowed order(x,z) given order(x,y), order(y,z). */
extern BnbDomain bnb_triangle_table[BNB_ORDER_COUNT][BNB_ORDER_COUNT];
void bnb_triangle_table_init (void);

/* Smallest size a dim at level >= 1 can still have (1 when it may be
 * elided); level 0 dims give 1. */
guint bnb_node_dim_min_size (const BnbChoiceNode *n, guint dim);
/* storage.c: lower bound of a temporary's bytes in local memory. */
guint64 bnb_temp_local_min_bytes (const BnbChoiceNode *n, guint temp);

/* The choices a constraint reads (its scope, and for INST_IN the orders
 * of the loop with the instruction's dims); returns how many. */
guint bnb_con_watched (const BnbChoiceSpace *s, const BnbCon *c, guint *out);
#define BNB_CON_MAX_WATCHED (BNB_CON_MAX_SCOPE + BNB_IR_MAX_INST_DIMS)

/* propagate.c */
BnbChoiceStatus bnb_node_propagate_all (BnbChoiceNode *node);
/* Backtracks a random leaf's or a count probe's settle may take before
 * it counts as a dead end: a settle below which no candidate lies can
 * search the open choices at length (a leaf of gen203, 16,313 choices,
 * did not settle in five minutes). */
#define BNB_SETTLE_BACKTRACKS 1000
/* bnb_choice_node_settle, given up (DEAD, *gave_up set) after
 * `backtracks` decisions more than the open choices (G_MAXUINT64: no
 * limit) or past `deadline` (monotonic clock, 0: none): for a random leaf
 * or a count, which may take another path or stop being exact, and not
 * for the search, which must not lose a kernel. */
BnbChoiceStatus bnb_node_settle_within (BnbChoiceNode *node,
                                        guint64 backtracks, gint64 deadline,
                                        gboolean *gave_up);
gboolean bnb_con_predicate (const BnbChoiceSpace *s, const BnbCon *c,
                            const guint *values);
gboolean bnb_con_holds_on_leaf (const BnbChoiceNode *n, const BnbCon *c);
gboolean bnb_node_global_ok (const BnbChoiceNode *n, GError **error);
BnbChoiceStatus bnb_node_global_propagate (BnbChoiceNode *n,
                                           guint *changed, guint *n_changed);

#endif
