/* The lowered form of a leaf, between lower.c and print.c:
 *
 *   classes   fused dims merged: one per loop of the program, with its
 *             kind, trip count and, for work-group and work-item dims,
 *             the NDRange dimension it runs on
 *   tree      root -> loop nodes -> ... -> instruction nodes, children
 *             in program order, barrier nodes between them; only loop,
 *             unrolled and vector classes are nodes: a work-group or
 *             work-item class is no loop, so where it stands prints
 *             nothing and is never read
 *
 * Elided dims belong to no class: their index is 0.
 */
#ifndef BNB_CODEGEN_PRIVATE_H
#define BNB_CODEGEN_PRIVATE_H

#include "codegen/codegen.h"

#define BNB_CG_NONE G_MAXUINT

typedef struct {
  guint rep; /* lowest dim of the class: names its index variable */
  BnbKind kind;
  gint64 size;
  guint hw;    /* local id or group id dimension, for threads and blocks */
  guint depth; /* number of classes around it */
} BnbCgClass;

typedef enum {
  BNB_CG_ROOT,
  BNB_CG_LOOP, /* a class */
  BNB_CG_INST,
  BNB_CG_BARRIER,
} BnbCgNodeType;

typedef struct BnbCgNode {
  BnbCgNodeType type;
  guint index; /* class, instruction, or barrier fences */
  struct BnbCgNode *parent;
  GPtrArray *children; /* BnbCgNode*, owned */
} BnbCgNode;

#define BNB_CG_FENCE_LOCAL 1u
#define BNB_CG_FENCE_GLOBAL 2u

/* Lowering reads the node through `reader` (choices.h): on a node that
 * is still open, `reader.open` says a read was not answered and which
 * choice it was about, and what was built after it means nothing. */
typedef struct {
  const BnbChoiceNode *leaf;
  BnbChoiceReader reader;
  const BnbChoiceSpace *space;
  const BnbIrKernel *kernel;
  guint n_classes;
  BnbCgClass *classes;
  guint *dim_class; /* per dim, BNB_CG_NONE when elided */
  BnbCgNode *root;
  BnbCgNode **inst_node; /* per instruction */
  /* per instruction: the loop class whose next step a prefetched load
   * fetches into registers (prefetch(v)=yes), else BNB_CG_NONE */
  guint *prefetch_loop;
  /* per instruction: a prefetched load whose value's local array is
   * doubled (prefetch(v)=double read), a step storing into the half of
   * its loop index's parity; its loop repeats then with one barrier */
  gboolean *doubled;
  /* per instruction: bit l set where the load interleaves logical dim l
   * (interleave(v)=yes read, and it changes that dim's code; dims past
   * the 64th are never interleaved) */
  guint64 *interleave;
  /* bit a: array a is added into by a split store that runs in a
   * work-group dim it lacks, and zeroed by the host first
   * (BnbCodegenProgram.zeroed) */
  guint64 zeroed;
  gsize local_size[3];
  gsize groups[3];
} BnbCgLowered;

BnbCgLowered *bnb_cg_lower (const BnbChoiceNode *leaf, GError **error);
/* Lowers a node that may be open, stopping after the first step that made
 * a read the node does not answer (low->reader.open).  NULL only when the
 * node's reads were all answered and it cannot be lowered. */
BnbCgLowered *bnb_cg_lower_open (const BnbChoiceNode *node, GError **error);
void bnb_cg_lowered_free (BnbCgLowered *low);
/* Whether load `inst`, interleaving (interleave(v)=yes), gives the
 * work-items' levels of `logical` its innermost weights: its own levels
 * of it are the innermost ones, none a vector level, and a work-item
 * level has another inside it (docs/codegen.md, "Interleaved loads"). */
static inline gboolean
bnb_cg_interleaves (const BnbCgLowered *low, guint inst, guint logical)
{
  return logical < 64 && (low->interleave[inst] >> logical & 1);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbCgLowered, bnb_cg_lowered_free)
/* Whether `inst`, a `split` store, runs in a work-group dim it lacks (its
 * reduction is split across work-groups): it adds into the array, which
 * the host zeroes first (docs/codegen.md, "Split reductions"). */
static inline gboolean
bnb_cg_split_store (const BnbCgLowered *low, guint inst)
{
  const BnbIrInst *in = bnb_ir_inst (low->kernel, inst);
  return in->split && (low->zeroed >> in->array & 1);
}

/* The source; *code_start is where the code begins after the header
 * comment (the comment lists the decisions; the code does not depend on
 * how they were spelled). */
char *bnb_cg_print (BnbCgLowered *low, GArray *scratch_bytes,
                    gsize *code_start);

#endif
