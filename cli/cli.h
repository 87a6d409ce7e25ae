/* The subcommands of bnbtune and what they share: the options they have
 * in common, loading a kernel from --kernel and --size, and the device
 * limits the space is built for. */
#ifndef BNB_CLI_H
#define BNB_CLI_H

#include "choices/choices.h"
#include "devices/devices.h"

typedef gboolean (*BnbCmdFunc) (int argc, char **argv, GError **error);

gboolean bnb_cmd_count (int argc, char **argv, GError **error);
gboolean bnb_cmd_check (int argc, char **argv, GError **error);
gboolean bnb_cmd_devices (int argc, char **argv, GError **error);
gboolean bnb_cmd_explain (int argc, char **argv, GError **error);
gboolean bnb_cmd_run (int argc, char **argv, GError **error);
gboolean bnb_cmd_emit (int argc, char **argv, GError **error);
gboolean bnb_cmd_export (int argc, char **argv, GError **error);
/* The search (cli/tune.c): `bnbtune [tune] --kernel ...` and compare. */
gboolean bnb_cmd_tune (int argc, char **argv, GError **error);
gboolean bnb_cmd_compare (int argc, char **argv, GError **error);
/* Hidden: the harness's worker process (harness/worker.c). */
gboolean bnb_cmd_worker (int argc, char **argv, GError **error);

/* The options commands share, each defined once (cli/options.c).  A
 * command says which it takes; the help of --device, --device-file and
 * --decisions says what each means to that command. */
typedef struct {
  char *kernel;
  char *sizes;
  gint max_work_group_size;
  gint64 local_mem_size;
  char *device;
  char *device_file;
  char *decisions;
  gboolean every_design; /* no design rule narrows the space */
  gint max_unrolled;     /* copies of one instruction unrolling makes */
} BnbCliOptions;

typedef struct {
  gboolean kernel;         /* --kernel and --size */
  gboolean limits;         /* --max-work-group-size and --local-mem-size */
  const char *device;      /* the help of --device; NULL: not taken */
  const char *device_file; /* the help of --device-file; NULL: not taken */
  const char *decisions;   /* the help of --decisions; NULL: not taken */
} BnbCliTakes;

/* --device's help where it names the device to run on. */
#define BNB_CLI_DEVICE_HELP                                               \
  "The device: an index, gpu, cpu or part of a name (default: the first " \
  "GPU, else device 0)"
/* A search's --device, which may name several. */
#define BNB_CLI_DEVICES_HELP                                                \
  "The device: an index, gpu, cpu or part of a name (default: the first "   \
  "GPU, else device 0); or several of one kind, comma-separated, or all, "  \
  "all-gpu, all-cpu: branch and bound evaluates leaves on each at once"

void bnb_cli_options_add (GOptionContext *context, BnbCliOptions *options,
                          const BnbCliTakes *takes);
void bnb_cli_options_clear (BnbCliOptions *options);
/* Parses and binds --kernel with --size; a usage error if --kernel is
 * missing.  With `text`, the file's text goes there. */
BnbIrKernel *bnb_cli_load_kernel (const BnbCliOptions *options, char **text,
                                  GError **error);
BnbChoiceLimits bnb_cli_limits (const BnbCliOptions *options);
/* The limits of a described device, with --every-design. */
BnbChoiceLimits bnb_cli_device_limits (const BnbCliOptions *options,
                                       const BnbDeviceDesc *desc);
/* The root of a space, or the node that `decisions` (may be NULL) make. */
BnbChoiceNode *bnb_cli_start_node (const BnbChoiceSpace *space,
                                   const char *decisions, GError **error);
/* Parses argv with the context; prints --help and sets *done on --help. */
gboolean bnb_cli_parse (GOptionContext *context, int *argc, char ***argv,
                        GError **error);

#endif
