/* What the files of ir/ share and nothing outside ir/ needs: building and
 * freeing the pieces of a kernel, located error messages, checked integer
 * arithmetic and affine expressions as text.
 */
#ifndef BNB_IR_PRIVATE_H
#define BNB_IR_PRIVATE_H

#include "ir/ir.h"

/* Nesting limits that keep the recursive parser's stack small. */
#define BNB_IR_MAX_PAREN_DEPTH 32

BNB_GIVE BnbIrKernel *bnb_ir_kernel_new (const char *path);
void bnb_ir_inst_free (BNB_TAKE BnbIrInst *inst);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbIrInst, bnb_ir_inst_free)
BNB_GIVE BnbIrNode *bnb_ir_node_new (guint dim, guint inst);

/* Sets `error` to "PATH:LINE:COLUMN: MESSAGE" and returns FALSE. */
gboolean bnb_ir_fail_at (GError **error, BnbIrError code, const char *path,
                         BnbIrLoc loc, const char *format, ...)
    G_GNUC_PRINTF (5, 6);

/* "2*m + n - 1"; parameters and logical dims by name. */
BNB_GIVE char *bnb_ir_affine_to_string (const BnbIrKernel *kernel,
                                        const BnbIrAffine *affine);
gboolean bnb_ir_affine_equal (const BnbIrAffine *a, const BnbIrAffine *b);

/* TRUE and *result when the operation does not overflow a gint64. */
static inline gboolean
bnb_ir_add_checked (gint64 a, gint64 b, gint64 *result)
{
  return !__builtin_add_overflow (a, b, result);
}

static inline gboolean
bnb_ir_mul_checked (gint64 a, gint64 b, gint64 *result)
{
  return !__builtin_mul_overflow (a, b, result);
}

#endif
