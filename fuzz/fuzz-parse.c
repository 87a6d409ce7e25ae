/* libFuzzer target for the .ir parser (tools/fuzz.sh builds and runs it).
 *
 * Every input is parsed as a whole file.  The parser's contract is checked
 * on each: it returns a kernel exactly when it sets no error, and frees
 * everything either way (AddressSanitizer reports leaks).  A kernel that
 * parses is then bound to its default sizes and to "N=1", which exercises
 * the size checks on sizes the author did not expect.  GLib criticals and
 * warnings abort, so a g_return_if_fail reached from text is a finding.
 */
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
try_bind (BnbIrKernel *kernel, const char *sizes)
{
  GError *error = NULL;
  gboolean ok = bnb_ir_kernel_bind (kernel, sizes, &error);

  g_assert_true (ok == (error == NULL));
  g_clear_error (&error);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  BnbIrKernel *kernel
      = bnb_ir_kernel_parse_string ("fuzz.ir", (const char *)data, size,
                                    &error);

  g_assert_true ((kernel == NULL) == (error != NULL));
  g_clear_error (&error);
  if (!kernel)
    return 0;
  try_bind (kernel, NULL);
  try_bind (kernel, "N=1");
  bnb_ir_kernel_free (kernel);
  return 0;
}
