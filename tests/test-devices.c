/* Tests of devices/: listing and opening devices by index, type and name,
 * the error a bad --device gets, the OpenCL checker, description files
 * (round trip, the shipped H100/H200 files, malformed files), the space's
 * limits, calibration with its cache, and `bnbtune devices`.  They run on
 * whatever OpenCL the machine has (PoCL in CI) and never skip. */
#include "devices/devices.h"

#include <glib/gstdio.h>
#include <string.h>

static char *cache_dir;

static GPtrArray *
list_devices (void)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *all = bnb_device_list (&error);
  g_assert_no_error (error);
  g_assert_nonnull (all);
  g_assert_cmpuint (all->len, >=, 1);
  return all;
}

static const BnbDeviceDesc *
nth (GPtrArray *all, guint i)
{
  return all->pdata[i];
}

static void
test_list (void)
{
  g_autoptr (GPtrArray) all = list_devices ();
  for (guint i = 0; i < all->len; i++)
    {
      const BnbDeviceDesc *d = nth (all, i);
      g_assert_cmpstr (d->name, !=, "");
      g_assert_cmpstr (d->platform, !=, "");
      g_assert_cmpuint (d->compute_units, >=, 1);
      g_assert_cmpuint (d->max_work_group_size, >=, 1);
      g_assert_cmpuint (d->max_work_item_sizes[0], >=, 1);
      g_assert_cmpuint (d->local_mem_bytes, >, 0);
      g_assert_cmpuint (d->global_mem_bytes, >, 0);
      g_assert_cmpuint (d->simd_width, >=, 1);
      g_assert_cmpuint (d->lanes_per_cu, >=, 1);
      g_assert_cmpuint (d->issue_rate, >=, 1);
      if (d->type == BNB_DEVICE_TYPE_CPU)
        g_assert_cmpuint (d->cores, >=, 1);
    }
}

static BnbDevice *
open_quick (const char *spec, GError **error)
{
  return bnb_device_open_full (spec, BNB_DEVICE_CALIBRATE_NEVER, error);
}

static void
test_open_index (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = list_devices ();
  g_autoptr (BnbDevice) dev = open_quick ("0", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bnb_device_index (dev), ==, 0);
  g_assert_cmpstr (bnb_device_desc (dev)->name, ==, nth (all, 0)->name);
  g_assert_nonnull (bnb_device_context (dev));
  g_assert_nonnull (bnb_device_id (dev));
  g_assert_nonnull (bnb_device_queue (dev));
  g_assert_true (g_str_has_prefix (bnb_device_reason (dev), "device 0 of"));
  g_assert_cmpstr (bnb_device_cache_path (dev), ==, "");
}

static int
first_of_type (GPtrArray *all, BnbDeviceType type)
{
  for (guint i = 0; i < all->len; i++)
    if (nth (all, i)->type == type)
      return (int)i;
  return -1;
}

static void
check_type_spec (GPtrArray *all, const char *spec, BnbDeviceType type)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbDevice) dev = open_quick (spec, &error);
  int want = first_of_type (all, type);
  if (want < 0)
    {
      g_assert_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_NOT_FOUND);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpint (bnb_device_index (dev), ==, want);
  g_assert_cmpint (bnb_device_desc (dev)->type, ==, type);
}

static void
test_open_type (void)
{
  g_autoptr (GPtrArray) all = list_devices ();
  g_assert_cmpint (first_of_type (all, BNB_DEVICE_TYPE_CPU), >=, 0);
  check_type_spec (all, "cpu", BNB_DEVICE_TYPE_CPU);
  check_type_spec (all, "CPU", BNB_DEVICE_TYPE_CPU);
  check_type_spec (all, "gpu", BNB_DEVICE_TYPE_GPU);
}

static void
test_open_default (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = list_devices ();
  g_autoptr (BnbDevice) dev = open_quick (NULL, &error);
  int gpu = first_of_type (all, BNB_DEVICE_TYPE_GPU);
  g_assert_no_error (error);
  g_assert_cmpint (bnb_device_index (dev), ==, MAX (gpu, 0));
  g_assert_nonnull (strstr (bnb_device_reason (dev), "no --device given"));
}

static void
test_open_name (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = list_devices ();
  const char *name = nth (all, 0)->name;
  g_autofree char *part = g_ascii_strup (name + strlen (name) / 3,
                                         MIN (strlen (name) / 3 + 1, 6));
  g_autoptr (BnbDevice) dev = open_quick (part, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bnb_device_index (dev), ==, 0);
  g_assert_nonnull (strstr (bnb_device_reason (dev), "name contains"));
}

static void
check_bad_spec (const char *spec, const char *first_name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BnbDevice) dev = open_quick (spec, &error);
  g_autofree char *quoted = g_strdup_printf ("'%s'", spec);
  g_autofree char *line = g_strdup_printf ("\n  0  %s  (", first_name);
  g_assert_null (dev);
  g_assert_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, quoted));
  g_assert_nonnull (strstr (error->message, "the devices are:"));
  g_assert_nonnull (strstr (error->message, line));
}

static void
test_open_bad (void)
{
  g_autoptr (GPtrArray) all = list_devices ();
  check_bad_spec ("99", nth (all, 0)->name);
  check_bad_spec ("nosuchdevice", nth (all, 0)->name);
  check_bad_spec ("-1", nth (all, 0)->name);
}

static void
test_check_cl (void)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (bnb_device_check_cl (0, "clFinish", &error));
  g_assert_no_error (error);
  g_assert_false (bnb_device_check_cl (-11, "clBuildProgram", &error));
  g_assert_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_OPENCL);
  g_assert_cmpstr (error->message, ==,
                   "clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)");
  g_clear_error (&error);
  g_assert_false (bnb_device_check_cl (-1001, "clGetPlatformIDs", &error));
  g_assert_cmpstr (error->message, ==,
                   "clGetPlatformIDs failed: "
                   "CL_PLATFORM_NOT_FOUND_KHR (-1001)");
  g_clear_error (&error);
  g_assert_false (bnb_device_check_cl (-12345, "clFoo", &error));
  g_assert_cmpstr (error->message, ==,
                   "clFoo failed: unknown OpenCL error (-12345)");
  g_assert_false (bnb_device_check_cl (-5, "clFoo", NULL));
  g_assert_cmpstr (bnb_device_cl_error_name (-54), ==,
                   "CL_INVALID_WORK_GROUP_SIZE");
}

/* Description files. */

static char *
temp_path (const char *name)
{
  return g_build_filename (cache_dir, name, NULL);
}

static char *
file_text (const char *path)
{
  char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
assert_peak_equal (const BnbDevicePeak *a, const BnbDevicePeak *b)
{
  g_assert_cmpfloat (a->value, ==, b->value);
  g_assert_cmpint (a->source, ==, b->source);
  g_assert_cmpfloat (a->datasheet, ==, b->datasheet);
  g_assert_cmpint (a->datasheet_source, ==, b->datasheet_source);
  g_assert_cmpfloat (a->measured, ==, b->measured);
  g_assert_cmpint (a->clamped, ==, b->clamped);
}

static void
assert_desc_equal (const BnbDeviceDesc *a, const BnbDeviceDesc *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->driver_version, ==, b->driver_version);
  g_assert_cmpint (a->type, ==, b->type);
  g_assert_cmpuint (a->compute_units, ==, b->compute_units);
  g_assert_cmpmem (a->max_work_item_sizes, sizeof a->max_work_item_sizes,
                   b->max_work_item_sizes, sizeof b->max_work_item_sizes);
  g_assert_cmpuint (a->local_mem_bytes, ==, b->local_mem_bytes);
  g_assert_cmpuint (a->global_mem_bytes, ==, b->global_mem_bytes);
  g_assert_cmpuint (a->simd_width, ==, b->simd_width);
  g_assert_cmpuint (a->l3_bytes, ==, b->l3_bytes);
  g_assert_cmpstr (a->pci_bus_id, ==, b->pci_bus_id);
  g_assert_cmpint (a->calibrated_at, ==, b->calibrated_at);
  g_assert_cmpfloat (a->launch_host_s, ==, b->launch_host_s);
  assert_peak_equal (&a->fp32_flops, &b->fp32_flops);
  assert_peak_equal (&a->global_bandwidth, &b->global_bandwidth);
  assert_peak_equal (&a->local_bandwidth, &b->local_bandwidth);
  assert_peak_equal (&a->launch_overhead_s, &b->launch_overhead_s);
}

static void
test_desc_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = list_devices ();
  g_autofree char *path = temp_path ("round-trip.ini");
  g_autofree char *path2 = temp_path ("round-trip-2.ini");
  g_autofree char *text = NULL, *text2 = NULL;
  BnbDeviceDesc d = *nth (all, 0), back;
  d.fp32_flops.datasheet = 1e11;
  d.fp32_flops.measured = 1.25e11 + 1.0 / 3;
  d.global_bandwidth.measured = 0.1 + 0.2;
  d.calibrated_at = 1795307306540490;
  d.launch_host_s = 1e-5 / 3;
  g_strlcpy (d.pci_bus_id, "0000:19:00.0", sizeof d.pci_bus_id);
  bnb_device_desc_settle_peaks (&d);
  g_assert_true (d.fp32_flops.clamped);
  g_assert_cmpfloat (d.fp32_flops.value, ==, 1e11);
  g_assert_true (bnb_device_desc_save_file (&d, path, &error));
  g_assert_no_error (error);
  g_assert_true (bnb_device_desc_load_file (path, &back, &error));
  g_assert_no_error (error);
  assert_desc_equal (&d, &back);
  g_assert_true (bnb_device_desc_save_file (&back, path2, &error));
  text = file_text (path);
  text2 = file_text (path2);
  g_assert_cmpstr (text, ==, text2);
}

static BnbDeviceDesc
load_shipped (const char *path)
{
  g_autoptr (GError) error = NULL;
  BnbDeviceDesc d;
  g_assert_true (bnb_device_desc_load_file (path, &d, &error));
  g_assert_no_error (error);
  return d;
}

static void
check_hopper (const BnbDeviceDesc *d, const char *name, double bandwidth,
              BnbDeviceSource source)
{
  BnbChoiceLimits l = bnb_device_desc_limits (d);
  g_assert_nonnull (strstr (d->name, name));
  g_assert_cmpint (d->type, ==, BNB_DEVICE_TYPE_GPU);
  g_assert_cmpuint (d->compute_units, ==, 132);
  g_assert_cmpuint (d->simd_width, ==, 32);
  g_assert_cmpuint (d->lanes_per_cu, ==, 128);
  g_assert_cmpuint (d->max_clock_mhz, ==, 1980);
  g_assert_cmpuint (d->max_work_group_size, ==, 1024);
  g_assert_cmpuint (d->local_mem_bytes, ==, 48 * 1024);
  g_assert_cmpfloat (d->fp32_flops.datasheet, ==, 66.9e12);
  g_assert_cmpfloat (d->fp32_flops.value, <=, 66.9e12);
  g_assert_cmpfloat (d->fp32_flops.value, >, 0.9 * 66.9e12);
  g_assert_cmpint (d->fp32_flops.source, ==, source);
  g_assert_cmpfloat (d->global_bandwidth.datasheet, ==, bandwidth);
  g_assert_cmpfloat (d->global_bandwidth.value, <=, bandwidth);
  g_assert_cmpfloat (d->global_bandwidth.value, >, 0.9 * bandwidth);
  g_assert_cmpuint (l.max_work_group_size, ==, 1024);
  g_assert_cmpuint (l.max_work_item_sizes[2], ==, 64);
  g_assert_cmpuint (l.local_mem_bytes, ==, 49152);
  g_assert_cmpuint (l.vector_widths, ==, (1u << 2) | (1u << 4));
  g_assert_cmpuint (l.max_unroll, ==, 64);
  g_assert_cmpuint (l.max_unrolled, ==, 1024);
}

static void
test_desc_shipped (void)
{
  BnbDeviceDesc h100 = load_shipped ("data/devices/h100.ini");
  BnbDeviceDesc h200 = load_shipped ("data/devices/h200.ini");
  BnbDeviceDesc cpu = load_shipped ("data/devices/pocl-cpu.ini");
  check_hopper (&h100, "H100", 3.35e12, BNB_DEVICE_SOURCE_TABLE);
  check_hopper (&h200, "H200", 4.8e12, BNB_DEVICE_SOURCE_CALIBRATED);
  g_assert_cmpint (cpu.type, ==, BNB_DEVICE_TYPE_CPU);
  g_assert_cmpint (cpu.fp32_flops.source, ==, BNB_DEVICE_SOURCE_CALIBRATED);
  g_assert_cmpfloat (cpu.fp32_flops.value, <=, cpu.fp32_flops.datasheet);
}

static void
check_bad_file (const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = temp_path ("bad.ini");
  BnbDeviceDesc d;
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_false (bnb_device_desc_load_file (path, &d, &error));
  g_assert_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_FILE);
  g_assert_true (g_str_has_prefix (error->message, path));
  if (!strstr (error->message, message))
    g_error ("'%s' does not say '%s'", error->message, message);
  g_assert_cmpuint (d.compute_units, ==, 0);
}

#define GOOD_DEVICE                                                        \
  "[device]\nname=x\ntype=gpu\ncompute_units=4\nmax_work_group_size=256\n" \
  "max_work_item_sizes=256;256;64\nlocal_mem_bytes=32768\n"                \
  "[architecture]\nsimd_width=32\n"

static void
test_desc_bad_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = temp_path ("good.ini");
  BnbDeviceDesc d;
  g_assert_true (g_file_set_contents (path, GOOD_DEVICE, -1, NULL));
  g_assert_true (bnb_device_desc_load_file (path, &d, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (d.max_work_item_sizes[2], ==, 64);
  g_assert_false (bnb_device_desc_load_file ("no/such.ini", &d, &error));
  g_assert_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_FILE);
  check_bad_file ("[device]\nname=x\n", "[device] type: missing");
  check_bad_file (GOOD_DEVICE "[peaks]\nfp32_flops=fast\n",
                  "[peaks] fp32_flops: 'fast' is not a number");
  check_bad_file (GOOD_DEVICE "[peaks]\nfp32_flops=-1\n", "not a number");
  check_bad_file (GOOD_DEVICE "[peaks]\nfp32_flops_source=guess\n",
                  "is not none, derived, table or calibrated");
  check_bad_file (GOOD_DEVICE "[topology]\ncores=-2\n",
                  "[topology] cores: '-2' is not an integer");
  check_bad_file ("[device]\nname=x\ntype=tpu\n", "is not cpu, gpu or other");
  check_bad_file ("[device]\nname=x\ntype=cpu\ncompute_units=1\n"
                  "max_work_group_size=1\nmax_work_item_sizes=1;1\n",
                  "needs 3 sizes");
  check_bad_file ("not a key file", "bad.ini");
}

static void
test_limits (void)
{
  BnbDeviceDesc d = { 0 };
  BnbChoiceLimits l;
  d.max_work_group_size = 256;
  d.max_work_item_sizes[0] = 1024;
  d.max_work_item_sizes[1] = 128;
  d.max_work_item_sizes[2] = 0;
  d.local_mem_bytes = 65536;
  d.preferred_vector_width_float = 8;
  l = bnb_device_desc_limits (&d);
  g_assert_cmpuint (l.max_work_group_size, ==, 256);
  g_assert_cmpuint (l.max_work_item_sizes[0], ==, 256);
  g_assert_cmpuint (l.max_work_item_sizes[1], ==, 128);
  g_assert_cmpuint (l.max_work_item_sizes[2], ==, 1);
  g_assert_cmpuint (l.local_mem_bytes, ==, 65536);
  g_assert_cmpuint (l.vector_widths, ==, (1u << 2) | (1u << 4) | (1u << 8));
  d.preferred_vector_width_float = 16;
  l = bnb_device_desc_limits (&d);
  g_assert_cmpuint (l.vector_widths, ==,
                    (1u << 2) | (1u << 4) | (1u << 8) | (1u << 16));
  d.preferred_vector_width_float = 1;
  l = bnb_device_desc_limits (&d);
  g_assert_cmpuint (l.vector_widths, ==, (1u << 2) | (1u << 4));
}

static void
test_settle (void)
{
  BnbDevicePeak p = { 0 };
  BnbDeviceDesc d = { 0 };
  p.datasheet = 10;
  p.datasheet_source = BNB_DEVICE_SOURCE_TABLE;
  d.fp32_flops = d.launch_overhead_s = p;
  bnb_device_desc_settle_peaks (&d);
  g_assert_cmpfloat (d.fp32_flops.value, ==, 10);
  g_assert_cmpint (d.fp32_flops.source, ==, BNB_DEVICE_SOURCE_TABLE);
  d.fp32_flops.measured = 8;
  d.launch_overhead_s.measured = 12;
  bnb_device_desc_settle_peaks (&d);
  g_assert_cmpfloat (d.fp32_flops.value, ==, 8);
  g_assert_cmpint (d.fp32_flops.source, ==, BNB_DEVICE_SOURCE_CALIBRATED);
  g_assert_false (d.fp32_flops.clamped);
  g_assert_cmpfloat (d.launch_overhead_s.value, ==, 12);
  d.fp32_flops.measured = 11;
  bnb_device_desc_settle_peaks (&d);
  g_assert_cmpfloat (d.fp32_flops.value, ==, 10);
  g_assert_true (d.fp32_flops.clamped);
  g_assert_cmpint (d.global_bandwidth.source, ==, BNB_DEVICE_SOURCE_NONE);
}

/* Calibration. */

static void
check_rate (const BnbDevicePeak *p)
{
  g_assert_cmpint (p->source, ==, BNB_DEVICE_SOURCE_CALIBRATED);
  g_assert_cmpfloat (p->measured, >, 0);
  g_assert_cmpfloat (p->value, >, 0);
  if (p->datasheet > 0)
    g_assert_cmpfloat (p->value, <=, p->datasheet);
  g_assert_cmpint (p->clamped, ==, p->measured > p->value);
}

static BnbDevice *
open_cpu_calibrated (void)
{
  g_autoptr (GError) error = NULL;
  BnbDevice *dev = bnb_device_open ("cpu", FALSE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (dev);
  return dev;
}

static void
test_calibrate (void)
{
  g_autoptr (BnbDevice) dev = NULL, again = NULL;
  g_autoptr (GPtrArray) all = NULL;
  const BnbDeviceDesc *d;
  const char *path;
  /* The user is told before the seconds it takes, and where it is kept. */
  g_test_expect_message (NULL, G_LOG_LEVEL_MESSAGE,
                         "calibrating *: its peak rates*kept in *bnbtune*");
  dev = open_cpu_calibrated ();
  g_test_assert_expected_messages ();
  d = bnb_device_desc (dev);
  path = bnb_device_cache_path (dev);
  g_test_message ("calibration took %.1f s: %.3g FLOP/s, %.3g B/s global, "
                  "%.3g B/s local, %.3g s launch",
                  d->calibration_seconds, d->fp32_flops.value,
                  d->global_bandwidth.value, d->local_bandwidth.value,
                  d->launch_overhead_s.value);
  check_rate (&d->fp32_flops);
  g_assert_cmpfloat (d->fp32_flops.datasheet, >, 0);
  check_rate (&d->global_bandwidth);
  check_rate (&d->local_bandwidth);
  g_assert_cmpfloat (d->launch_overhead_s.value, >, 0);
  g_assert_cmpfloat (d->launch_host_s, >, 0);
  g_assert_cmpfloat (d->calibration_seconds, <, 60);
  g_assert_true (g_str_has_prefix (path, cache_dir));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  again = open_cpu_calibrated ();
  g_assert_cmpint (bnb_device_desc (again)->calibrated_at, ==,
                   d->calibrated_at);
  g_assert_cmpfloat (bnb_device_desc (again)->fp32_flops.value, ==,
                     d->fp32_flops.value);
  all = list_devices ();
  g_assert_cmpint (nth (all, bnb_device_index (dev))->calibrated_at, ==,
                   d->calibrated_at);
}

static void
test_calibrate_bad_cache (void)
{
  g_autoptr (GPtrArray) all = list_devices ();
  int cpu = first_of_type (all, BNB_DEVICE_TYPE_CPU);
  g_autofree char *path = bnb_device_desc_cache_path (nth (all, cpu));
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GPtrArray) after = NULL;
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, "[device]\nname=other\n", -1,
                                      NULL));
  after = list_devices ();
  g_assert_cmpint (nth (after, cpu)->calibrated_at, ==, 0);
  g_assert_cmpint (nth (after, cpu)->fp32_flops.source, !=,
                   BNB_DEVICE_SOURCE_CALIBRATED);
  g_assert_cmpint (g_unlink (path), ==, 0);
}

/* The command. */

static char *
run_bnbtune (const char *args, const char *const *env, int *status, char **err)
{
  const char *bin = g_getenv ("BNBTUNE") ? g_getenv ("BNBTUNE") : "./bnbtune";
  g_autofree char *cmd = g_strdup_printf ("%s devices %s", bin, args);
  g_auto (GStrv) argv = NULL;
  g_auto (GStrv) envp = g_get_environ ();
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  for (guint i = 0; env && env[i]; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);
  g_assert_true (g_shell_parse_argv (cmd, NULL, &argv, NULL));
  g_assert_true (g_spawn_sync (NULL, argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, err, status, &error));
  g_assert_no_error (error);
  return out;
}

static void
test_cli (void)
{
  int status = 0;
  g_autofree char *err = NULL, *err2 = NULL, *err3 = NULL, *err4 = NULL;
  g_autofree char *out = run_bnbtune ("", NULL, &status, &err);
  g_autofree char *json = run_bnbtune ("--json", NULL, &status, &err2);
  g_autofree char *file = NULL, *bad = NULL;
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_str_has_prefix (out, "device 0: "));
  g_assert_nonnull (strstr (out, "FP32 peak"));
  g_assert_true (g_str_has_prefix (json, "[\n  {\"index\": 0, \"name\": "));
  g_assert_nonnull (strstr (json, "\"fp32_flops\": {\"value\": "));
  file = run_bnbtune ("--device-file data/devices/h100.ini", NULL, &status,
                      &err3);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (file, "compute units     132 at up to 1980"));
  g_assert_nonnull (strstr (file, "66.9 TFLOP/s"));
  bad = run_bnbtune ("--device nosuchdevice", NULL, &status, &err4);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err4, "no OpenCL device matches "
                                  "'nosuchdevice'"));
  g_assert_nonnull (strstr (err4, "\n  0  "));
}

static char *
run_in (const char *program, const char *dir, int *status, char **err)
{
  const char *argv[] = { program, "devices", "--device", "0", NULL };
  g_auto (GStrv) envp = g_environ_unsetenv (g_get_environ (), "BNBTUNE_DATA");
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  g_assert_true (g_spawn_sync (dir, (char **)argv, envp, G_SPAWN_DEFAULT, NULL,
                               NULL, &out, err, status, &error));
  g_assert_no_error (error);
  return out;
}

/* A copy of the program outside the source tree (as `make install` puts
 * it in PREFIX/bin) finds vendors.ini in PREFIX/share/bnbtune/devices,
 * and without it says so instead of describing the device with a CPU's
 * defaults. */
static void
test_cli_installed (void)
{
  const char *bin = g_getenv ("BNBTUNE") ? g_getenv ("BNBTUNE") : "./bnbtune";
  g_autofree char *prefix = temp_path ("prefix");
  g_autofree char *bindir = g_build_filename (prefix, "bin", NULL);
  g_autofree char *datadir
      = g_build_filename (prefix, "share", "bnbtune", "devices", NULL);
  g_autofree char *program = g_build_filename (bindir, "bnbtune", NULL);
  g_autofree char *table = g_build_filename (datadir, "vendors.ini", NULL);
  g_autofree char *bytes = NULL, *text = NULL;
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  gsize n = 0, m = 0;
  int status = 0;
  g_assert_cmpint (g_mkdir_with_parents (bindir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (datadir, 0755), ==, 0);
  g_assert_true (g_file_get_contents (bin, &bytes, &n, NULL));
  g_assert_true (g_file_set_contents (program, bytes, (gssize)n, NULL));
  g_assert_cmpint (g_chmod (program, 0755), ==, 0);
  out = run_in (program, prefix, &status, &err);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "vendors.ini not found"));
  g_assert_true (g_file_get_contents ("data/devices/vendors.ini", &text, &m,
                                      NULL));
  g_assert_true (g_file_set_contents (table, text, (gssize)m, NULL));
  out2 = run_in (program, prefix, &status, &err2);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_str_has_prefix (out2, "device 0: "));
  g_assert_nonnull (strstr (out2, "(vendors.ini: "));
  g_assert_cmpint (g_remove (table), ==, 0);
  g_assert_cmpint (g_remove (program), ==, 0);
}

/* The man page `make install` puts in PREFIX/share/man/man1 is made from
 * the program's own help (tools/man.sh, help2man): it carries the
 * version `--version` prints, a section per command, and the options
 * those commands list. */
static void
test_cli_man_page (void)
{
  const char *bin = g_getenv ("BNBTUNE") ? g_getenv ("BNBTUNE") : "./bnbtune";
  g_autofree char *page = temp_path ("bnbtune.1");
  const char *argv[] = { "tools/man.sh", bin, page, NULL };
  const char *version[] = { bin, "--version", NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL, *ver = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT,
                               NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("tools/man.sh failed: %s", err);
  g_assert_true (g_spawn_sync (NULL, (char **)version, NULL, G_SPAWN_DEFAULT,
                               NULL, NULL, &ver, NULL, &status, &error));
  g_assert_no_error (error);
  g_strstrip (ver);
  g_assert_true (g_file_get_contents (page, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, ".TH BNBTUNE \"1\""));
  g_assert_nonnull (strstr (text, ver));
  for (const char *const *c
       = (const char *const[]){ "tune", "compare", "count", "check", "devices",
                                "explain", "run", "emit", NULL };
       *c; c++)
    {
      g_autofree char *section = g_strdup_printf ("\n.SS %s\n", *c);
      g_assert_nonnull (strstr (text, section));
    }
  g_assert_nonnull (strstr (text, "--budget"));
  g_assert_nonnull (strstr (text, "--device-file"));
  g_assert_cmpint (g_remove (page), ==, 0);
}

static void
test_cli_no_platform (void)
{
  int status = 0;
  g_autofree char *err = NULL;
  g_autofree char *empty = temp_path ("no-vendors");
  const char *env[] = { "OCL_ICD_VENDORS", empty, NULL };
  g_autofree char *out = NULL;
  g_assert_cmpint (g_mkdir_with_parents (empty, 0755), ==, 0);
  out = run_bnbtune ("", env, &status, &err);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "no OpenCL platform"));
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR)
          && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  int status;
  cache_dir = g_dir_make_tmp ("bnbtune-test-devices-XXXXXX", NULL);
  g_assert_nonnull (cache_dir);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/devices/list", test_list);
  g_test_add_func ("/devices/open/index", test_open_index);
  g_test_add_func ("/devices/open/type", test_open_type);
  g_test_add_func ("/devices/open/default", test_open_default);
  g_test_add_func ("/devices/open/name", test_open_name);
  g_test_add_func ("/devices/open/bad-spec", test_open_bad);
  g_test_add_func ("/devices/check-cl", test_check_cl);
  g_test_add_func ("/devices/desc/round-trip", test_desc_round_trip);
  g_test_add_func ("/devices/desc/shipped", test_desc_shipped);
  g_test_add_func ("/devices/desc/bad-files", test_desc_bad_files);
  g_test_add_func ("/devices/desc/limits", test_limits);
  g_test_add_func ("/devices/desc/settle", test_settle);
  g_test_add_func ("/devices/calibrate/bad-cache", test_calibrate_bad_cache);
  g_test_add_func ("/devices/calibrate/cpu", test_calibrate);
  g_test_add_func ("/devices/cli/list", test_cli);
  g_test_add_func ("/devices/cli/no-platform", test_cli_no_platform);
  g_test_add_func ("/devices/cli/installed", test_cli_installed);
  g_test_add_func ("/devices/cli/man-page", test_cli_man_page);
  status = g_test_run ();
  remove_tree (cache_dir);
  g_free (cache_dir);
  return status;
}
