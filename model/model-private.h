/* The body of a model: per-space tables built once (tables.c), device
 * figures (figures.c), and what one bound computes per node (bound.c).
 *
 *   dims[d]        kind choice, tile variable (level >= 1), logical, level
 *   logicals[l]    size, tile variables of its levels >= 1
 *   tiles[t]       a tile variable's choice and sizes
 *   insts[i]       its dims grouped by logical dim; per position (its
 *                  i-th dim): does the dim change what it computes or
 *                  reads ("vary"), is it a reduction dim
 *   arrays[a]      the loads and the stores of one kernel array: a few
 *                  accesses (instruction, positions that index it)
 *   temps[t]       the communications of one temporary: a write and a
 *                  read each
 *
 * An access set costs the most of its accesses, not their sum: two
 * accesses of one array may touch the same elements, and a compiler may
 * then keep one of them.
 */
#ifndef BNB_MODEL_PRIVATE_H
#define BNB_MODEL_PRIVATE_H

#include "model/model.h"

#define BNB_MODEL_MAX_DIMS 256
#define BNB_MODEL_MAX_LOGICALS 64
#define BNB_MODEL_NONE G_MAXUINT
#define BNB_MODEL_MAX_SLOTS 12
#define BNB_MODEL_MAX_SLOT_DIMS 8
/* A work-item's widest access: vload4, NVIDIA's 128-bit loads. */
#define BNB_MODEL_VECTOR_BYTES 16.0
/* Bank conflicts (bound.c): the widest warp and the most banks and
 * distinct words one warp access is checked for. */
#define BNB_MODEL_MAX_WARP 64
#define BNB_MODEL_MAX_BANKS 64
#define BNB_MODEL_BANK_WORDS 512
#define BNB_MODEL_SHAPES 8

typedef guint32 BnbPosMask; /* bit j: an instruction's j-th dim */

typedef struct {
  guint kind_choice;
  guint tile_var; /* BNB_MODEL_NONE at level 0 */
  guint logical;
  guint level;
  guint owner; /* the instruction whose `over` copy it is, or NONE */
} BnbModelDim;

typedef struct {
  double size;
  guint n_levels;
  guint tile_var[BNB_IR_MAX_LEVELS]; /* [0] unused */
} BnbModelLogical;

/* A tile variable: its choice and the size each value stands for. */
typedef struct {
  guint choice;
  guint n_sizes;
  double sizes[BNB_IR_MAX_TILE_SIZES]; /* increasing */
} BnbModelTile;

/* An instruction's dims on one logical dim. */
typedef struct {
  guint logical;
  gboolean full; /* every level: a guard keeps it to the logical size */
  BnbPosMask positions;
} BnbModelGroup;

typedef struct {
  guint n_dims;
  guint dims[BNB_IR_MAX_INST_DIMS];
  /* The split dims it is no dim of (bnb_choice_dim_split): as work-group
   * dims they hold it too, so they count in its work-groups. */
  guint n_held;
  guint held[BNB_IR_MAX_INST_DIMS];
  guint n_groups;
  BnbModelGroup groups[BNB_IR_MAX_INST_DIMS];
  BnbPosMask vary;
  BnbPosMask reduction;
  gboolean update;
  double flops;   /* FP32-pipe FLOPs per execution on this device */
  double issue;   /* lane instructions per execution (arithmetic) */
  double latency; /* cycles per step of a reduction chain */
  /* A load written with `interleave`: its interleave(v) choice, else
   * BNB_MODEL_NONE (its work-item levels may take the innermost
   * weights, so the bound takes the least over both) */
  guint interleave_choice;
} BnbModelInst;

typedef struct {
  guint inst;
  BnbPosMask mask; /* positions whose iterations all take place */
  guint inner;     /* the position whose dim picks the element within the
                      innermost (contiguous) index, or BNB_MODEL_NONE */
  /* Kernel arrays: per position, the elements between two consecutive
   * values of its logical dim's index (|coef| times the extents of the
   * later subscripts); 0 where it does not index the array, or where
   * the subscripts are not injective, and for temporaries. */
  double stride[BNB_IR_MAX_INST_DIMS];
} BnbModelAccess;

/* A run of accesses in `accesses`. */
typedef struct {
  guint first;
  guint n;
} BnbModelSet;

typedef struct {
  double elem; /* bytes */
  gboolean inout;
  BnbModelSet loads, stores;
} BnbModelArray;

/* One communication of a temporary: the producer's writes (none for an
 * update) and the consumer's reads, and the dims of one level that both
 * have, through which it may stay within each work-item. */
typedef struct {
  BnbModelAccess write, read;
  gboolean writes;
  guint n_levels;
  guint level_dims[BNB_IR_MAX_INST_DIMS][2]; /* producer's, consumer's */
  guint slot_pos[BNB_MODEL_MAX_SLOTS][2];    /* writer's, reader's dim
                                                on each slot, or NONE */
} BnbModelComm;

/* A level of a temporary's array (choices/storage.c, "slots"), outermost
 * first: the pairs on it (producer's and consumer's dim) and the dims
 * producers and consumers share on it, which decide whether local
 * memory stores it. */
typedef struct {
  guint n_pairs, n_shared;
  guint pairs[BNB_MODEL_MAX_SLOT_DIMS][2];
  guint shared[BNB_MODEL_MAX_SLOT_DIMS];
} BnbModelSlot;

typedef struct {
  double elem;
  guint mem_choice;
  guint prefetch_choice; /* prefetch(v): may be `double`, one barrier a step */
  guint pad_choice;      /* pad(v) */
  guint first_comm, n_comms; /* in comms */
  guint n_slots;             /* 0: layout not followed */
  BnbModelSlot slots[BNB_MODEL_MAX_SLOTS];
} BnbModelTemp;

struct BnbModel {
  const BnbChoiceSpace *space;
  const BnbIrKernel *kernel;
  BnbModelFigures fig;
  guint n_dims, n_logicals, n_tiles, n_insts, n_arrays, n_temps;
  BnbModelDim *dims;
  BnbModelLogical *logicals;
  BnbModelTile *tiles;
  BnbModelInst *insts;
  BnbModelArray *arrays;
  BnbModelTemp *temps;
  BnbModelAccess *accesses;
  BnbModelComm *comms;
};

/* figures.c */
gboolean bnb_model_figures_init (BnbModelFigures *fig,
                                 const BnbDeviceDesc *desc, GError **error);
void bnb_model_inst_costs (const BnbModelFigures *fig, BnbIrOp op,
                           gboolean f64, BnbModelInst *inst);

#endif
