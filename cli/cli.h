/* The subcommands of bnbtune and what they share: loading a kernel from
 * --kernel and --size, and the device limits the space is built for. */
#ifndef BNB_CLI_H
#define BNB_CLI_H

#include "choices/choices.h"

typedef gboolean (*BnbCmdFunc) (int argc, char **argv, GError **error);

gboolean bnb_cmd_count (int argc, char **argv, GError **error);
gboolean bnb_cmd_check (int argc, char **argv, GError **error);
gboolean bnb_cmd_devices (int argc, char **argv, GError **error);
gboolean bnb_cmd_explain (int argc, char **argv, GError **error);
gboolean bnb_cmd_run (int argc, char **argv, GError **error);
gboolean bnb_cmd_emit (int argc, char **argv, GError **error);
/* The search (cli/tune.c): `bnbtune [tune] --kernel ...` and compare. */
gboolean bnb_cmd_tune (int argc, char **argv, GError **error);
gboolean bnb_cmd_compare (int argc, char **argv, GError **error);
/* Hidden: the harness's worker process (harness/worker.c). */
gboolean bnb_cmd_worker (int argc, char **argv, GError **error);

/* Options every command that reads a kernel takes. */
typedef struct {
  char *kernel;
  char *sizes;
  gint max_work_group_size;
  gint64 local_mem_size;
} BnbCliKernelOptions;

void bnb_cli_kernel_options_add (GOptionContext *context,
                                 BnbCliKernelOptions *options);
void bnb_cli_kernel_options_clear (BnbCliKernelOptions *options);
/* Parses and binds --kernel with --size; a usage error if --kernel is
 * missing. */
BnbIrKernel *bnb_cli_load_kernel (const BnbCliKernelOptions *options,
                                  GError **error);
BnbChoiceLimits bnb_cli_limits (const BnbCliKernelOptions *options);
/* The root of a space, or the node that `decisions` (may be NULL) make. */
BnbChoiceNode *bnb_cli_start_node (const BnbChoiceSpace *space,
                                   const char *decisions, GError **error);
/* Parses argv with the context; prints --help and sets *done on --help. */
gboolean bnb_cli_parse (GOptionContext *context, int *argc, char ***argv,
                        GError **error);

#endif
