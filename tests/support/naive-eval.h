/* A second evaluator of a bound kernel, written apart from ir/interp.c so
 * that a misreading of the format shared by the interpreter and the code
 * generator cannot pass the differential tests unseen (docs/testing.md).
 *
 * It knows nothing of concrete dims, communications or the body's tree:
 * it runs the instructions in text order, each over the full index range
 * of every logical dim any of its dims belongs to (levels do not matter:
 * the meaning of a kernel does not depend on its tiling), in double
 * precision.  A value is one buffer over the logical dims of its defining
 * instruction; a reader takes the element at its own indices of those
 * dims, and an update folds into it over the dims the value lacks, in
 * increasing index order, outermost dim (first written) first.
 *
 * That is the meaning of the kernels kernel-gen.h writes.  It is not that
 * of every kernel the format accepts: an instruction that reads a value
 * inside the loop that reduces it, or two stores of one element from one
 * loop, need the text's interleaving, which this evaluator does not
 * follow.
 */
#ifndef BNB_TEST_NAIVE_EVAL_H
#define BNB_TEST_NAIVE_EVAL_H

#include "ir/ir.h"

/* As bnb_ir_interpret: one buffer of doubles per array in `arrays`, read
 * and written in place, scalars in `scalars`.  FALSE with `error` if the
 * kernel is unbound, a buffer would be too large, or a reader misses a
 * dim of the value it reads. */
gboolean bnb_test_naive_eval (const BnbIrKernel *kernel, double **arrays,
                              const double *scalars, GError **error);

#endif
