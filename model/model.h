/* The performance model: a lower bound B(X) on the execution time of every
 * candidate below a node X of the space, on one device (Telamon, Section
 * 6).  The contract is B(X) <= T(x) for every leaf x below X, where T is
 * the kernel's END - START as OpenCL profiling events measure it; and B is
 * monotone: a child's bound is never below its parent's.
 *
 * B(X) is the largest of a few terms (BnbModelTerm), each a lower bound on
 * what code generation emits for any leaf below X (docs/model.md says why
 * for each).  Every quantity in a term is taken at the most favourable
 * alternative still open: the fewest executions, the most parallelism,
 * the best coalescing.  Narrowing a domain can only raise it.
 *
 *   BnbModel    built once per space and device: the kernel's static
 *               analysis (which dims change what an instruction computes
 *               or reads, which accesses may share work) and the device's
 *               peak figures
 *   bound       per node, no allocation, a few microseconds
 *
 * This folder includes no OpenCL header: the device comes as a
 * BnbDeviceDesc (devices/devices.h is OpenCL-free).
 */
#ifndef BNB_MODEL_H
#define BNB_MODEL_H

#include "choices/choices.h"
#include "devices/devices.h"

#define BNB_MODEL_ERROR (bnb_model_error_quark ())
GQuark bnb_model_error_quark (void);

typedef enum {
  BNB_MODEL_ERROR_TOO_LARGE, /* more dims or logical dims than the model's
                                fixed per-node tables hold */
  BNB_MODEL_ERROR_DEVICE,    /* the description gives no usable figure */
} BnbModelError;

/* The terms of the bound, each with the equation of the paper it stands
 * for (docs/model.md). */
typedef enum {
  BNB_MODEL_TERM_LAUNCH, /* least time of any launch */
  BNB_MODEL_TERM_FP32,   /* (8) FP32 work over the usable lanes */
  BNB_MODEL_TERM_ISSUE,  /* (8) warp instructions over the schedulers */
  BNB_MODEL_TERM_BLOCK,  /* (9) the busiest compute unit's work-groups */
  BNB_MODEL_TERM_THREAD, /* (3) one work-item's instructions */
  BNB_MODEL_TERM_CHAIN,  /* (4) the longest reduction chain */
  BNB_MODEL_TERM_DRAM,   /* bytes that must cross the memory bus */
  BNB_MODEL_TERM_CACHE,  /* global accesses through the L1/load path */
  BNB_MODEL_TERM_LOCAL,  /* local-memory accesses */
  BNB_MODEL_TERM_MEMPIPE, /* memory instructions through the load/store
                             units */
  BNB_MODEL_TERM_GROUPS,  /* work-groups the device must start */
  BNB_MODEL_TERM_BARRIER, /* one work-group's loop steps split by a
                             barrier */
  BNB_MODEL_TERM_SRAM,    /* global accesses and local memory through
                             one data path */
  BNB_MODEL_TERM_COUNT,
} BnbModelTerm;

/* Why a node got its bound: the term that gave it and the next two. */
typedef struct {
  double bound; /* seconds, = values[term] */
  BnbModelTerm term;
  BnbModelTerm next[2];                /* the two largest after it */
  double values[BNB_MODEL_TERM_COUNT]; /* every term, seconds (0: n/a) */
} BnbModelExplain;

/* The device figures the model reads, after choosing among calibrated and
 * datasheet values (docs/model.md, "Device figures"). */
typedef struct {
  gboolean gpu;         /* warps: waste and replication apply */
  gboolean issue_bound; /* one warp instruction per scheduler per cycle */
  double simd;          /* work-items per warp (GPU), SIMD lanes (CPU) */
  double units;         /* compute units a work-group can run on */
  double partitions;    /* per unit: warp schedulers / FP32 lane groups */
  double clock_hz;      /* the highest clock */
  double fp32_flops;    /* FLOP/s, an FMA counting 2 */
  double dram_bytes_s;  /* global memory bandwidth */
  double cache_bytes_s; /* L1 / load-store path, all units */
  double local_bytes_s; /* local memory, all units */
  double on_chip_bytes; /* what may stay cached between launches */
  double group_rate;    /* work-groups started per second at most (0:
                           not bounded) */
  double mem_warps;     /* memory warp instructions per cycle per unit
                           (0: not bounded) */
  double barrier_step_s; /* least time of a loop step a barrier splits
                            (store, barrier, load, barrier); 0: none */
  double line_bytes;     /* L1 line a global load takes a cycle of per
                            line its warp touches (0: not bounded) */
  double wide_line_cycles; /* cycles a line of 8- or 16-byte loads */
  double cache_cycle_bytes; /* bytes the L1 path moves a cycle a unit */
  double banks;             /* local-memory banks, each serving one word a
                               cycle (0: no bank term) */
  double bank_bytes;        /* a bank's word */
  double local_cycle_bytes; /* bytes local memory moves a cycle a unit */
  gboolean one_sram;        /* the L1 path and local memory share it */
  double merge_bytes;   /* bytes one local-memory load or store whose
                           address holds a local id moves per work-item
                           at most from scalar accesses (a compiler's
                           merging; vector dims move 16) */
  double launch_s;      /* least time of a launch */
  double max_items[3];  /* work-items per local id */
  double max_group;     /* work-items per work-group */
  double chain_cycles[BNB_IR_OP_COUNT]; /* least latency of each op */
} BnbModelFigures;

typedef struct BnbModel BnbModel;

/* Builds the model of a space on a device.  The space (and its kernel)
 * must outlive it; the description is copied. */
BNB_GIVE BnbModel *bnb_model_new (BNB_KEEP const BnbChoiceSpace *space,
                                  const BnbDeviceDesc *desc, GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_model_free (BNB_TAKE BnbModel *model);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbModel, bnb_model_free)

BNB_KEEP const BnbModelFigures *bnb_model_figures (const BnbModel *model);
BNB_KEEP const BnbChoiceSpace *bnb_model_space (const BnbModel *model);

/* The bound of a node of the model's space, in seconds (> 0, finite).
 * Allocates nothing; safe to call from several threads at once.
 * `explain` may be NULL. */
double bnb_model_bound (const BnbModel *model, const BnbChoiceNode *node,
                        BnbModelExplain *explain);
/* The most warps one warp scheduler of the busiest compute unit can hold
 * for a leaf below `node`, all of its work-groups resident at once:
 * ceil(work-items / simd) x ceil(work-groups / units) / partitions, at
 * the most work-items and work-groups the node still allows (a leaf's
 * own on a leaf).  Not a bound: the occupancy order's buckets read it
 * (docs/search.md).  0 on a device without warps. */
double bnb_model_warps_most (const BnbModel *model, const BnbChoiceNode *node);
/* The same as bnb_model_bound for a one-off query: builds a model for the
 * node's space and `desc` and frees it (allocates; for tools, not the
 * search).  -1 with `error` set if no model can be built. */
double bnb_model_bound_desc (const BnbChoiceNode *node,
                             const BnbDeviceDesc *desc,
                             BnbModelExplain *explain, GError **error);

/* "device FP32 throughput", "dependency chain", ... */
const char *bnb_model_term_name (BnbModelTerm term);
/* "(8)", "(4)", ...: the paper's equation, or "" for ours. */
const char *bnb_model_term_equation (BnbModelTerm term);
/* "FP32 lanes", "warp schedulers", "global memory bandwidth", ... */
const char *bnb_model_term_resource (BnbModelTerm term);

#endif
