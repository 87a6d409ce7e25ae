/* What the model and search tests share: a kernel bound to sizes, its
 * space and root for a device description's limits, and the model. */
#ifndef BNB_TEST_FIXTURE_H
#define BNB_TEST_FIXTURE_H

#include "codegen/codegen.h"
#include "model/model.h"

typedef struct {
  BnbIrKernel *kernel;
  BnbChoiceSpace *space;
  BnbChoiceNode *root;
  BnbDeviceDesc desc;
  BnbModel *model;
} BnbTestFixture;

/* Binds `kernel` (taken) to `sizes` and builds the rest for the device
 * that `device_file` describes; any failure fails the test. */
void bnb_test_fixture_build (BnbTestFixture *f, BNB_TAKE BnbIrKernel *kernel,
                             const char *sizes, const char *device_file);
/* The same for the kernel in the file at `path`. */
void bnb_test_fixture_load (BnbTestFixture *f, const char *path,
                            const char *sizes, const char *device_file);
/* The same, the space holding every design (no design rule, docs/space.md):
 * for decisions of the sub-spaces in tests/data, which hold global
 * temporaries. */
void bnb_test_fixture_load_every (BnbTestFixture *f, const char *path,
                                  const char *sizes, const char *device_file);
void bnb_test_fixture_clear (BnbTestFixture *f);

/* The bnbtune binary the device tests run and use as the harness's worker
 * ($BNBTUNE, tests/run-tests.sh sets it; else ./bnbtune): the test fails
 * when there is none. */
const char *bnb_test_bnbtune (void);
/* The OpenCL device of the device tests ($BNBTUNE_TEST_DEVICE, else "0":
 * PoCL's CPU device on CI). */
const char *bnb_test_device (void);

#endif
