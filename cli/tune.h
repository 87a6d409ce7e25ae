/* What the search commands (the default command and compare) share: the
 * evaluator that runs leaves on a device through the harness. */
#ifndef BNB_CLI_TUNE_H
#define BNB_CLI_TUNE_H

#include "bnb/bnb.h"
#include "cli/cli.h"
#include "codegen/codegen.h"
#include "harness/harness.h"

/* An evaluator over `harness` (kept, made with `options`), recording into
 * `journal` (kept, may be NULL) and answering from it when `resume`.  Its
 * set_timeout is the limit of one launch; an evaluation may take that
 * times its launches (warm-up and timed), plus a second. */
BNB_GIVE BnbEvaluator *bnb_cli_evaluator_new (BNB_KEEP BnbHarness *harness,
                                              BNB_KEEP BnbJournal *journal,
                                              gboolean resume,
                                              const BnbHarnessOptions
                                                  *options)
    G_GNUC_WARN_UNUSED_RESULT;

#endif
