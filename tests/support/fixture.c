/* The tests' shared fixture (fixture.h). */
#include "tests/support/fixture.h"

static void
fixture_build (BnbTestFixture *f, BnbIrKernel *kernel, const char *sizes,
               const char *device_file, gboolean every_design)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (bnb_device_desc_load_file (device_file, &f->desc, &error));
  g_assert_no_error (error);
  BnbChoiceLimits limits = bnb_device_desc_limits (&f->desc);
  limits.every_design |= every_design; /* a CPU's space has every design */
  f->kernel = kernel;
  g_assert_true (bnb_ir_kernel_bind (f->kernel, sizes, &error));
  g_assert_no_error (error);
  f->space = bnb_codegen_space_new (f->kernel, &limits, &error);
  g_assert_no_error (error);
  f->root = bnb_choice_node_root (f->space, &error);
  g_assert_no_error (error);
  f->model = bnb_model_new (f->space, &f->desc, &error);
  g_assert_no_error (error);
}

void
bnb_test_fixture_build (BnbTestFixture *f, BnbIrKernel *kernel,
                        const char *sizes, const char *device_file)
{
  fixture_build (f, kernel, sizes, device_file, FALSE);
}

static void
fixture_load (BnbTestFixture *f, const char *path, const char *sizes,
              const char *device_file, gboolean every_design)
{
  g_autoptr (GError) error = NULL;
  BnbIrKernel *kernel = bnb_ir_kernel_parse_file (path, &error);
  g_assert_no_error (error);
  fixture_build (f, kernel, sizes, device_file, every_design);
}

void
bnb_test_fixture_load (BnbTestFixture *f, const char *path,
                       const char *sizes, const char *device_file)
{
  fixture_load (f, path, sizes, device_file, FALSE);
}

void
bnb_test_fixture_load_every (BnbTestFixture *f, const char *path,
                             const char *sizes, const char *device_file)
{
  fixture_load (f, path, sizes, device_file, TRUE);
}

void
bnb_test_fixture_clear (BnbTestFixture *f)
{
  bnb_model_free (f->model);
  bnb_choice_node_free (f->root);
  bnb_choice_space_free (f->space);
  bnb_ir_kernel_free (f->kernel);
}

const char *
bnb_test_bnbtune (void)
{
  const char *path = g_getenv ("BNBTUNE");
  if (!path)
    path = "./bnbtune";
  if (!g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    g_error ("no bnbtune binary at %s: run the tests through make check "
             "(or set BNBTUNE)",
             path);
  return path;
}

const char *
bnb_test_device (void)
{
  const char *device = g_getenv ("BNBTUNE_TEST_DEVICE");
  return device ? device : "0";
}
