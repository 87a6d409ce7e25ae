/* The decisions of the optimization space and their propagation.
 *
 * A space is built once from a bound kernel and a device-limits record: it
 * numbers every decision (a "choice"), gives each its list of alternatives
 * as a small bitset (its domain), and states the constraints between them
 * as data.  A node of the search is nothing but the array of current
 * domains: copying one is a memcpy.  Deciding narrows one domain;
 * propagation then narrows the others until every remaining alternative of
 * every constraint has support (generalized arc consistency), or reports
 * the node dead.  A node whose domains are all single alternatives is a
 * leaf: one fully specified candidate, checked in full.
 *
 *   choices:  tile(T)      size of tile variable T, from its list
 *             kind(d)      how concrete dim d is implemented
 *             order(x,y)   where item x stands relative to item y
 *             mem(v)       where temporary v lives
 *             pad(v)       whether v's local array is padded
 *             prefetch(v)  whether a load into v's local array takes the
 *                          next step's elements into registers first,
 *                          and whether v's local array is then doubled
 *                          (`double`: a step stores into one half while
 *                          the step before reads the other)
 *             interleave(v) whether that load gives the work-items' levels
 *                          of a dim its innermost weights
 *
 * This folder includes no OpenCL: device limits come in a plain struct.
 */
#ifndef BNB_CHOICES_H
#define BNB_CHOICES_H

#include "ir/ir.h"

#define BNB_CHOICE_ERROR (bnb_choice_error_quark ())
GQuark bnb_choice_error_quark (void);

typedef enum {
  BNB_CHOICE_ERROR_UNBOUND,   /* the kernel has no sizes yet */
  BNB_CHOICE_ERROR_DECISION,  /* a decision string names nothing known */
  BNB_CHOICE_ERROR_DEAD,      /* the decisions leave no candidate */
} BnbChoiceError;

typedef guint16 BnbDomain;

typedef enum {
  BNB_CHOICE_TILE,
  BNB_CHOICE_KIND,
  BNB_CHOICE_ORDER,
  BNB_CHOICE_MEM,
  BNB_CHOICE_PAD,
  BNB_CHOICE_PREFETCH,
  BNB_CHOICE_INTERLEAVE,
  BNB_CHOICE_TYPE_COUNT,
} BnbChoiceType;

typedef enum {
  BNB_KIND_BLOCK,    /* a work-group dimension */
  BNB_KIND_THREAD_X, /* a work-item dimension, mapped to local id 0 */
  BNB_KIND_THREAD_Y,
  BNB_KIND_THREAD_Z,
  BNB_KIND_LOOP,     /* a plain for loop */
  BNB_KIND_UNROLL,   /* a fully unrolled loop */
  BNB_KIND_VECTOR,   /* a vector access (vloadn/vstoren) */
  BNB_KIND_ELIDED,   /* tile size 1: the level does not exist */
  BNB_KIND_COUNT,
} BnbKind;

static inline gboolean
bnb_kind_is_thread (guint kind)
{
  return kind == BNB_KIND_THREAD_X || kind == BNB_KIND_THREAD_Y
         || kind == BNB_KIND_THREAD_Z;
}

/* Unrolled or vector: the index is a constant in the generated code. */
static inline gboolean
bnb_kind_is_unrolled (guint kind)
{
  return kind == BNB_KIND_UNROLL || kind == BNB_KIND_VECTOR;
}

/* order(x, y) for items x < y; order(y, x) is the mirror. */
typedef enum {
  BNB_ORDER_BEFORE,  /* x runs entirely before y */
  BNB_ORDER_AFTER,
  BNB_ORDER_INSIDE,  /* x is nested in y */
  BNB_ORDER_OUTSIDE, /* y is nested in x */
  BNB_ORDER_FUSED,   /* x and y are one loop */
  BNB_ORDER_ABSENT,  /* x or y is an elided dim */
  BNB_ORDER_COUNT,
} BnbOrder;

typedef enum {
  BNB_MEM_PRIVATE,
  BNB_MEM_LOCAL,
  BNB_MEM_GLOBAL,
  BNB_MEM_COUNT,
} BnbMem;

typedef enum {
  BNB_CHOICE_ALIVE,
  BNB_CHOICE_DEAD,
} BnbChoiceStatus;

/* What the device allows, as far as the space needs to know. */
typedef struct {
  guint max_work_group_size;
  guint max_work_item_sizes[3];
  guint64 local_mem_bytes;
  guint vector_widths; /* bit w set: vectors of w elements allowed */
  guint max_unroll;    /* largest loop fully unrolled */
  guint max_unrolled;  /* most copies of one instruction unrolling makes */
  /* FALSE (the default, and a GPU's): the design rules of docs/space.md
   * narrow the space (no temporary in global memory; a loaded value that
   * several work-items of a group read is not copied into each one's
   * registers).  TRUE (a CPU's): every design the kernel and the device
   * allow. */
  gboolean every_design;
} BnbChoiceLimits;

/* The limits of a typical GPU (1024 work-items, 48 KiB local memory). */
BnbChoiceLimits bnb_choice_limits_default (void);

typedef struct BnbChoiceSpace BnbChoiceSpace;
typedef struct BnbChoiceNode BnbChoiceNode;

/* Whether the space holds every design (no design rule narrows it). */
gboolean bnb_choice_space_every_design (const BnbChoiceSpace *space);

/* Builds the space of a bound kernel.  The kernel must outlive it. */
BNB_GIVE BnbChoiceSpace *bnb_choice_space_new (BNB_KEEP const BnbIrKernel *k,
                                               const BnbChoiceLimits *limits,
                                               GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_choice_space_free (BNB_TAKE BnbChoiceSpace *space);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbChoiceSpace, bnb_choice_space_free)

const BnbIrKernel *bnb_choice_space_kernel (const BnbChoiceSpace *space);
guint bnb_choice_space_n_choices (const BnbChoiceSpace *space);
BnbChoiceType bnb_choice_type (const BnbChoiceSpace *space, guint choice);
/* Number of alternatives a choice has at most (bits of its domain). */
guint bnb_choice_n_values (const BnbChoiceSpace *space, guint choice);
/* "kind(m.1@acc)", "order(a,m.1@acc)", "tile(T1)", "mem(a)", "pad(a)". */
char *bnb_choice_name (const BnbChoiceSpace *space, guint choice);
/* "unroll", "before", "16", "local", "yes". */
char *bnb_choice_value_name (const BnbChoiceSpace *space, guint choice,
                             guint value);
/* The labels the summary's Design lines give each kind of dim, in the
 * order they print (docs/report.md), which `--decisions` reads back:
 * the i-th label ("work-items x") and, in *kind, the kind's value name
 * ("thread.x"); NULL past the last. */
const char *bnb_choice_design_label (guint i, const char **kind);
/* The tile size that value `value` of a tile choice stands for. */
guint bnb_choice_tile_size (const BnbChoiceSpace *space, guint choice,
                            guint value);
guint bnb_choice_tile_choice (const BnbChoiceSpace *space, guint tile_var);
guint bnb_choice_kind_choice (const BnbChoiceSpace *space, guint dim);
/* Whether `dim` is a split dim: level 0 of a reduction that only `split`
 * stores read, which may be a work-group dim around the instructions
 * that lack it (docs/space.md, "Split reductions"). */
gboolean bnb_choice_dim_split (const BnbChoiceSpace *space, guint dim);
/* NONE when x == y. */
guint bnb_choice_order_choice (const BnbChoiceSpace *space, guint x, guint y);

/* The root: every alternative the kernel and limits allow, propagated.
 * NULL if the space is empty (then `error` says so). */
BNB_GIVE BnbChoiceNode *bnb_choice_node_root (BNB_KEEP
                                              const BnbChoiceSpace *space,
                                              GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
BNB_GIVE BnbChoiceNode *bnb_choice_node_copy (const BnbChoiceNode *node)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_choice_node_free (BNB_TAKE BnbChoiceNode *node);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbChoiceNode, bnb_choice_node_free)
gsize bnb_choice_node_size (const BnbChoiceSpace *space);
/* Copies src's domains over dst's (same space); no allocation. */
void bnb_choice_node_assign (BnbChoiceNode *dst, const BnbChoiceNode *src);

const BnbChoiceSpace *bnb_choice_node_space (const BnbChoiceNode *node);
BnbDomain bnb_choice_node_domain (const BnbChoiceNode *node, guint choice);
/* Narrows `choice` to the alternatives in `allowed` and propagates.  On
 * DEAD the node's domains are unspecified and it must not be used again. */
BnbChoiceStatus bnb_choice_node_restrict (BnbChoiceNode *node, guint choice,
                                          BnbDomain allowed);
/* Removes `block` from every dim's kind where choosing it would leave no
 * candidate, which propagation alone sees only once more is decided (the
 * conjunction of rules, not one of them): one propagation per dim that
 * may still be a work-group dim.  The search calls it where a tile size
 * is decided, so that the model counts the work-groups a tile allows
 * (docs/space.md).  DEAD if no candidate lies below the node. */
BnbChoiceStatus bnb_choice_node_shave_groups (BnbChoiceNode *node);
/* A child as the search makes it: bnb_choice_node_restrict, then, after a
 * tile decision, bnb_choice_node_shave_groups. */
BnbChoiceStatus bnb_choice_node_branch (BnbChoiceNode *node, guint choice,
                                        BnbDomain allowed);
gboolean bnb_choice_node_is_leaf (const BnbChoiceNode *node);
/* The next choice to branch on, by the default order (tiles, kinds,
 * memory spaces, orders, padding), or G_MAXUINT at a leaf. */
guint bnb_choice_node_next_open (const BnbChoiceNode *node);

/* Checks a leaf against every constraint, from scratch.  FALSE with a
 * message naming the broken constraint otherwise. */
gboolean bnb_choice_node_check_leaf (const BnbChoiceNode *node,
                                     GError **error);
/* Checks that every alternative of every choice has support in every
 * constraint (the propagation invariant), from the constraints'
 * definitions rather than their propagators. */
gboolean bnb_choice_node_check_support (const BnbChoiceNode *node,
                                        GError **error);

/* "kind(m.1@acc)=unroll; order(a,b)=before; ..." for the decided choices
 * (every choice of a leaf), and back: each clause restricts its choice to
 * one alternative (or several, joined by '|'). */
char *bnb_choice_node_to_string (const BnbChoiceNode *node,
                                 gboolean only_decided);
gboolean bnb_choice_node_apply_string (BnbChoiceNode *node, const char *text,
                                       GError **error);

/* Bytes of local memory a leaf's temporaries take. */
guint64 bnb_choice_leaf_local_bytes (const BnbChoiceNode *leaf);

/* Sizes in a leaf: a dim's trip count (level 0: the number of outer
 * tiles, rounded up; elided dims: 1). */
gint64 bnb_choice_leaf_dim_size (const BnbChoiceNode *leaf, guint dim);

/* Temporaries: the values that cross dims and so have a mem choice. */
guint bnb_choice_space_n_temps (const BnbChoiceSpace *space);
guint bnb_choice_temp_value (const BnbChoiceSpace *space, guint temp);
/* The temporary of a value, or G_MAXUINT if it needs none. */
guint bnb_choice_value_temp (const BnbChoiceSpace *space, guint value);

/* The padding of a local array (the choice pad(v)): none, the last
 * level longer (bnb_choice_padded_extent), or the rows of the first
 * level 4 elements apart beyond what they hold. */
typedef enum {
  BNB_PAD_NO,
  BNB_PAD_YES,
  BNB_PAD_ROWS,
  BNB_PAD_COUNT,
} BnbPad;

/* The values of prefetch(v): none, the next step into registers, and
 * that with v's local array doubled (docs/space.md). */
typedef enum {
  BNB_PREFETCH_NO,
  BNB_PREFETCH_YES,
  BNB_PREFETCH_DOUBLE,
  BNB_PREFETCH_COUNT,
} BnbPrefetch;

/* The values of interleave(v): a load's own work-item levels weighed in
 * the order written, or first (docs/space.md). */
typedef enum {
  BNB_INTERLEAVE_NO,
  BNB_INTERLEAVE_YES,
  BNB_INTERLEAVE_COUNT,
} BnbInterleave;

/* Where a temporary's elements live in a leaf: the array that holds it
 * is indexed by these levels, outermost first; an accessor indexes each
 * level with its own dim of that logical dim and level.  Registers are
 * indexed by the unrolled pairs, local memory also by work-item dims,
 * global memory also by work-group dims.  `pad`: how a local array is
 * padded (BNB_PAD_NO elsewhere). */
typedef struct {
  guint logical;
  guint level;
  gint64 size;
} BnbStorageLevel;

guint bnb_choice_leaf_storage (const BnbChoiceNode *leaf, guint temp,
                               BnbStorageLevel *levels, BnbPad *pad);
/* The distance between consecutive indices of level i of such an array,
 * and the elements it holds. */
gint64 bnb_choice_storage_stride (const BnbStorageLevel *levels, guint count,
                                  BnbPad pad, guint i);
gint64 bnb_choice_storage_elements (const BnbStorageLevel *levels,
                                    guint count, BnbPad pad);
/* The layout that alternative `pad` of pad(v) gives a local array of
 * these levels, as a leaf's bnb_choice_leaf_storage says it: `rows`
 * prints as `no` where there are no rows to set apart and as `yes` where
 * `yes` already sets them 4 apart. */
BnbPad bnb_choice_pad_layout (const BnbStorageLevel *levels, guint count,
                              BnbPad pad);
/* One half of a local array doubled by prefetch(v)=double: its elements
 * rounded up to a multiple of 4, so that the second half starts 16-byte
 * aligned as the first (docs/codegen.md). */
gint64 bnb_choice_storage_half (gint64 elements);
/* The length of a padded last level of `size` elements: 4 elements more
 * when `size` is a multiple of 4 (rows stay 16-byte aligned, so that a
 * compiler may still merge a work-item's adjacent accesses, and start 4
 * banks apart), else one more (docs/space.md). */
gint64 bnb_choice_padded_extent (gint64 size);

/* The search tree.  A node splits on one choice: into one child per
 * alternative (mask 0), or into two, the alternatives in `mask` and the
 * others.  By default it splits on its next open choice, so that the
 * leaves are the fully specified candidates (the "full tree").  A space
 * may be given a splitter instead: code generation gives one that splits
 * only on what the printed kernel depends on (codegen.h), and a node it
 * does not split is a leaf of that tree, one kernel, whose other open
 * choices are settled by the first consistent completion
 * (bnb_choice_node_settle).  Every walker below (counts, leaves, random
 * leaves) and the search follow the space's tree. */
typedef struct {
  guint choice;
  BnbDomain mask;
} BnbChoiceSplit;

/* TRUE with the split to make, FALSE at a leaf of the tree.  A split
 * must leave each child non-empty and narrower than the node (with mask
 * 0, the choice is open; else the domain meets both the mask and its
 * complement): bnb_choice_node_split asserts it. */
typedef gboolean (*BnbChoiceSplitFunc) (const BnbChoiceNode *node,
                                        BnbChoiceSplit *split,
                                        gpointer data);

void bnb_choice_space_set_splitter (BnbChoiceSpace *space,
                                    BnbChoiceSplitFunc func, gpointer data);
gboolean bnb_choice_space_has_splitter (const BnbChoiceSpace *space);
/* The split the space's tree makes at `node`; FALSE at a leaf of the tree
 * (which, with a splitter, may still have open choices). */
gboolean bnb_choice_node_split (const BnbChoiceNode *node,
                                BnbChoiceSplit *split);
/* The alternatives child `i` of a split keeps, 0 past the last child. */
BnbDomain bnb_choice_split_child (const BnbChoiceNode *node,
                                  const BnbChoiceSplit *split, guint i);
/* How many children a split makes. */
guint bnb_choice_split_n_children (const BnbChoiceNode *node,
                                   const BnbChoiceSplit *split);
/* Narrows every open choice to the first consistent completion (depth
 * first in the default branching order, lowest alternatives first):
 * deterministic, so a kernel always has the same representative.  DEAD
 * when no candidate lies below the node (a dead end). */
BnbChoiceStatus bnb_choice_node_settle (BnbChoiceNode *node);
/* The leaf of the space's tree that holds candidate `leaf`: the path of
 * `leaf`'s values through the splits, settled.  NULL if `leaf` is not
 * below `node`. */
BNB_GIVE BnbChoiceNode *bnb_choice_node_canonical (const BnbChoiceNode *node,
                                                   const BnbChoiceNode *leaf)
    G_GNUC_WARN_UNUSED_RESULT;

/* Reading a node that may still be open, as code generation does.  Each
 * read asks whether a choice's value lies in a set (or what the value
 * is); the first read the node's domains do not answer is kept as the
 * split to make (`open`), and that read and every later one answer as the
 * lowest alternative would.  Reading a fully specified leaf never opens. */
typedef struct {
  const BnbChoiceNode *node;
  gboolean open;
  BnbChoiceSplit split;
} BnbChoiceReader;

gboolean bnb_choice_read_in (BnbChoiceReader *r, guint choice,
                             BnbDomain set);
guint bnb_choice_read_value (BnbChoiceReader *r, guint choice);
BnbKind bnb_choice_read_kind (BnbChoiceReader *r, guint dim);
/* Is order(x, y), read as x relative to y, `order`? */
gboolean bnb_choice_read_order_is (BnbChoiceReader *r, guint x, guint y,
                                   BnbOrder order);
BnbMem bnb_choice_read_mem (BnbChoiceReader *r, guint temp);
/* prefetch(temp) = yes or double? */
gboolean bnb_choice_read_prefetch (BnbChoiceReader *r, guint temp);
/* prefetch(temp) = double? */
gboolean bnb_choice_read_double (BnbChoiceReader *r, guint temp);
/* interleave(temp) = yes? */
gboolean bnb_choice_read_interleave (BnbChoiceReader *r, guint temp);
gint64 bnb_choice_read_dim_size (BnbChoiceReader *r, guint dim);
guint bnb_choice_read_storage (BnbChoiceReader *r, guint temp,
                               BnbStorageLevel *levels, BnbPad *pad);

/* Counting the candidates (leaves) and nodes of the search tree below a
 * node, with the default branching order.  Exact when the whole subtree
 * can be walked within `seconds`; otherwise Knuth's random-probe estimate
 * (at most `probes` probes from `seed`, and no more than `seconds` more
 * once BNB_CHOICE_MIN_PROBES are done), with its standard error. */
#define BNB_CHOICE_MIN_PROBES 30

typedef struct {
  gboolean exact;
  double leaves;
  double leaves_stderr;
  double nodes;
  double nodes_stderr;
  double dead_ends; /* inner nodes all of whose children died */
  guint probes;
  double seconds;
} BnbChoiceCount;

void bnb_choice_count (const BnbChoiceNode *node, double seconds,
                       guint probes, guint64 seed, BnbChoiceCount *count);
/* Exact walk only; FALSE if it did not finish within `seconds`. */
gboolean bnb_choice_count_exact (const BnbChoiceNode *node, double seconds,
                                 BnbChoiceCount *count);
/* Calls `func` on every leaf below `node`, depth first in the tree the
 * counts walk, with its depth (decisions taken from `node`), until `func`
 * returns FALSE; FALSE then, TRUE once every leaf was visited.  The leaf is
 * valid during the call only. */
typedef gboolean (*BnbChoiceLeafFunc) (const BnbChoiceNode *leaf, guint depth,
                                       gpointer data);
gboolean bnb_choice_foreach_leaf (const BnbChoiceNode *node,
                                  BnbChoiceLeafFunc func, gpointer data);
void bnb_choice_count_estimate (const BnbChoiceNode *node, guint probes,
                                double seconds, guint64 seed,
                                BnbChoiceCount *count);

/* Picks a random alternative of open choices until a leaf, restarting on
 * dead ends up to min(`attempts`, 10) times, then searches depth first
 * with children in a random order within 100 x `attempts` nodes, from the
 * top again each time a round's budget (doubling from 100) is spent.  A
 * settle that takes 1,000 backtracks beyond the open choices counts as a
 * dead end.  NULL if no leaf was reached. */
BNB_GIVE BnbChoiceNode *bnb_choice_random_leaf (const BnbChoiceNode *node,
                                                GRand *rand, guint attempts)
    G_GNUC_WARN_UNUSED_RESULT;

#endif
