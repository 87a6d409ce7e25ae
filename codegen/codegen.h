/* Code generation: OpenCL C source and launch sizes for a fully specified
 * candidate (a leaf of the space).  The leaf is lowered once into a loop
 * tree (fused dims merged, children in their decided order, barriers where
 * a value crosses work-items) and printed by one OpenCL printer.
 *
 * The kernel's arguments, in order: every array of the kernel (declaration
 * order; `__global`, const for `in` arrays), every scalar (declaration
 * order, by value), then one `__global` scratch buffer per temporary the
 * leaf keeps in global memory (scratch_bytes[i] bytes each, in the order of
 * the temporaries).  It runs with work_dim 3, global_size and local_size
 * as given (global is a multiple of local in each dimension).
 */
#ifndef BNB_CODEGEN_H
#define BNB_CODEGEN_H

#include "choices/choices.h"

#define BNB_CODEGEN_ERROR (bnb_codegen_error_quark ())
GQuark bnb_codegen_error_quark (void);

typedef enum {
  BNB_CODEGEN_ERROR_NOT_LEAF, /* the node still has open choices */
  BNB_CODEGEN_ERROR_INVALID,  /* the leaf cannot be lowered (a bug) */
} BnbCodegenError;

typedef struct {
  char *source;
  char *kernel_name;
  gsize global_size[3];
  gsize local_size[3];
  guint n_scratch;
  gsize *scratch_bytes;
  /* Bit a set: the host fills kernel array a with zeros before each
   * launch, a part of the run (a split store adds into it; arrays past
   * the 64th are never split). */
  guint64 zeroed;
  char *decisions; /* the leaf's decisions, as bnb_choice_node_to_string */
  /* SHA-256 (hex) of what runs: the source after its header comment, the
   * launch sizes and the scratch sizes.  Leaves with equal keys are the
   * same kernel: many decisions (the nesting order of two work-item dims,
   * say) do not change the code. */
  char *kernel_key;
  /* The loop nest that prints, on one line: "acc, k.0 { a, b, barrier,
   * unroll k.1@acc.upd { acc.upd }, barrier }, st.C" (instructions by
   * name, loops by their first dim, "unroll"/"vector" before those that
   * are; work-group and work-item dims are no loops). */
  char *nest;
} BnbCodegenProgram;

/* How the source's header comment names each array of `zeroed`, for a host
 * that runs an emitted source (`bnbtune run --source`,
 * bench/clblast-sgemm --ours): the mark, then the name, then a newline. */
#define BNB_CODEGEN_ZEROED_MARK                                              \
  "zeroed by the host before each launch (a split store adds into it): "

BNB_GIVE BnbCodegenProgram *bnb_codegen_generate (BNB_KEEP const BnbChoiceNode
                                                      *leaf,
                                                  GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
void bnb_codegen_program_free (BNB_TAKE BnbCodegenProgram *program);

/* The tree of kernels (docs/space.md): a splitter (choices.h) that splits
 * on tile sizes, dim kinds and memory spaces while any is open (each one
 * changes the code), then on the first decision that lowering and
 * printing read and the node does not settle.  A node whose code is
 * settled is a leaf: one kernel.  Since the code depends on nothing it
 * does not read, every candidate's kernel is at the leaf its values lead
 * to, and no kernel is lost. */
gboolean bnb_codegen_split (const BnbChoiceNode *node, BnbChoiceSplit *split,
                            gpointer data);
/* Makes `space` walk the tree of kernels (bnb_codegen_split). */
void bnb_codegen_use_kernel_tree (BnbChoiceSpace *space);
/* bnb_choice_space_new, walking the tree of kernels. */
BNB_GIVE BnbChoiceSpace *bnb_codegen_space_new (BNB_KEEP const BnbIrKernel
                                                    *kernel,
                                                const BnbChoiceLimits *limits,
                                                GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbCodegenProgram, bnb_codegen_program_free)

#endif
