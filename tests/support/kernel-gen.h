/* A seeded generator of random well-formed kernels in the .ir text format
 * (docs/ir.md), for the differential tests (tests/test-kernels.c,
 * docs/testing.md).
 *
 * A kernel is a few stages over up to four logical dims, each a problem
 * size with a default (primes and other odd sizes, 1 included) strip-mined
 * by zero to two tile lists, some of them named and shared by several
 * dims.  A stage is one `loop` block (or none) over leading levels of its
 * parallel dims, holding either
 *
 *   an element-wise chain: loads, add/sub/mul/div/min/max/fma/neg/mov on
 *   loads, scalars, constants and values of earlier stages, then a store
 *   or a value kept for a later stage; or
 *
 *   a reduction: an accumulator defined over the parallel dims, one or two
 *   `loop` blocks over the reduced dims (the same logical dim in both),
 *   each with one or two updates of one commutative family (add, sub and
 *   fma; max; min; mul), then an epilogue that reads the accumulator.
 *
 * Arrays are f32 or f64, in, out or inout (loaded in one stage, stored in
 * the same or a later one), loaded at offsets, reversed, strided or
 * transposed; stores cover their arrays.  Every value is read: what no
 * stage read is stored at the end.  The kernel's meaning does not depend
 * on its tiling, and no division has a divisor that can come near zero,
 * so that any correct candidate matches the reference within the
 * harness's tolerance.
 */
#ifndef BNB_TEST_KERNEL_GEN_H
#define BNB_TEST_KERNEL_GEN_H

#include <glib.h>

/* Shapes a triage run may leave out, to see past a known bug that fails
 * most kernels (the tests leave out nothing).  The same random draws are
 * made, so a seed gives the same kernel but for these shapes. */
typedef enum {
  BNB_TEST_GEN_AVOID_F64 = 1 << 0,           /* every array, scalar f32 */
  BNB_TEST_GEN_AVOID_DOUBLE_UPDATE = 1 << 1, /* one update per loop */
} BnbTestGenAvoid;

/* "f64,double-update" as flags; unknown words are ignored. */
guint bnb_test_kernel_gen_avoid_parse (const char *text);

/* The text of the kernel drawn from `seed`, named "gen<seed>"; every
 * parameter has a default.  The same seed gives the same text. */
char *bnb_test_kernel_gen (guint64 seed, guint avoid)
    G_GNUC_WARN_UNUSED_RESULT;

#endif
