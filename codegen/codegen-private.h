/* The lowered form of a leaf, between lower.c and print.c:
 *
 *   classes   fused dims merged: one per loop of the program, with its
 *             kind, trip count and, for work-group and work-item dims,
 *             the NDRange dimension it runs on
 *   tree      root -> class nodes -> ... -> instruction nodes, children
 *             in program order, barrier nodes between them
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

typedef struct {
  const BnbChoiceNode *leaf;
  const BnbChoiceSpace *space;
  const BnbIrKernel *kernel;
  guint n_classes;
  BnbCgClass *classes;
  guint *dim_class; /* per dim, BNB_CG_NONE when elided */
  BnbCgNode *root;
  BnbCgNode **inst_node; /* per instruction */
  gsize local_size[3];
  gsize groups[3];
} BnbCgLowered;

BnbCgLowered *bnb_cg_lower (const BnbChoiceNode *leaf, GError **error);
void bnb_cg_lowered_free (BnbCgLowered *low);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbCgLowered, bnb_cg_lowered_free)

/* The source; *code_start is where the code begins after the header
 * comment (the comment lists the decisions; the code does not depend on
 * how they were spelled). */
char *bnb_cg_print (const BnbCgLowered *low, GArray *scratch_bytes,
                    gsize *code_start);

#endif
