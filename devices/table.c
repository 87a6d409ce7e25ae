/* The vendor/architecture table, data/devices/vendors.ini: what OpenCL
 * does not say (SIMD width, FP32 lanes per compute unit, issue rate) and
 * the datasheet peaks that calibrated figures are checked against.  The
 * first section whose `match` (a part of the device name), `vendor` and
 * `type` all fit the device is used (docs/devices.md). */
#include "devices/devices-private.h"

#include <math.h>
#include <string.h>

typedef struct {
  GKeyFile *kf;
  const char *path;
  const char *group;
  GError *error;
} Table;

static char *
data_candidate (const char *dir, int up, const char *name)
{
  g_autofree char *base = g_strdup (dir);
  for (int i = 0; i < up; i++)
    {
      char *parent = g_path_get_dirname (base);
      g_free (base);
      base = parent;
    }
  return g_build_filename (base, "data", "devices", name, NULL);
}

static char *
path_if_exists (char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return path;
  g_free (path);
  return NULL;
}

char *
bnb_device_data_path (const char *name)
{
  const char *env = g_getenv ("BNBTUNE_DATA");
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *exe_dir = exe ? g_path_get_dirname (exe) : NULL;
  char *found = NULL;
  if (env && *env)
    return path_if_exists (g_build_filename (env, "devices", name, NULL));
  found = path_if_exists (g_build_filename ("data", "devices", name, NULL));
  for (int up = 0; !found && exe_dir && up <= 3; up++)
    found = path_if_exists (data_candidate (exe_dir, up, name));
  if (!found && exe_dir)
    found
        = path_if_exists (g_build_filename (exe_dir, "..", "share", "bnbtune",
                                            "devices", name, NULL));
  return found;
}

static gboolean
contains_nocase (const char *haystack, const char *needle)
{
  g_autofree char *h = g_ascii_strdown (haystack, -1);
  g_autofree char *n = g_ascii_strdown (needle, -1);
  return strstr (h, n) != NULL;
}

static gboolean
key_fits (GKeyFile *kf, const char *group, const char *key, const char *value)
{
  g_autofree char *want = g_key_file_get_string (kf, group, key, NULL);
  return !want || contains_nocase (value, g_strstrip (want));
}

static gboolean
entry_fits (GKeyFile *kf, const char *group, const BnbDeviceDesc *d)
{
  g_autofree char *type = g_key_file_get_string (kf, group, "type", NULL);
  if (type
      && g_ascii_strcasecmp (g_strstrip (type), bnb_device_type_name (d->type))
             != 0)
    return FALSE;
  return key_fits (kf, group, "match", d->name)
         && key_fits (kf, group, "vendor", d->vendor);
}

static double
table_number (Table *t, const char *key)
{
  g_autofree char *text = NULL;
  char *end = NULL;
  double v;
  if (t->error || !(text = g_key_file_get_string (t->kf, t->group, key, NULL)))
    return 0;
  v = g_ascii_strtod (g_strstrip (text), &end);
  if (end != text && !*end && isfinite (v) && v >= 0)
    return v;
  t->error = g_error_new (BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_FILE,
                          "%s: [%s] %s: '%s' is not a number >= 0", t->path,
                          t->group, key, text);
  return 0;
}

static void
set_datasheet (BnbDevicePeak *p, double table, double derived)
{
  p->datasheet = table > 0 ? table : derived;
  p->datasheet_source = table > 0     ? BNB_DEVICE_SOURCE_TABLE
                        : derived > 0 ? BNB_DEVICE_SOURCE_DERIVED
                                      : BNB_DEVICE_SOURCE_NONE;
}

static void
apply_entry (Table *t, BnbDeviceDesc *d)
{
  double simd = table_number (t, "simd_width");
  double lanes = table_number (t, "lanes_per_cu");
  double pipes = table_number (t, "fma_pipes");
  double issue = table_number (t, "issue_rate");
  double clock = table_number (t, "boost_clock_mhz");
  double hz, cus = d->compute_units;
  bnb_device_copy_string (d->table_entry, sizeof d->table_entry, t->group);
  if (d->simd_width == 0)
    d->simd_width = (guint)simd;
  if (d->simd_width == 0)
    d->simd_width = d->type == BNB_DEVICE_TYPE_GPU ? 32 : 8;
  d->lanes_per_cu
      = (guint)(lanes > 0 ? lanes : d->simd_width * MAX (pipes, 1));
  d->issue_rate = (guint)MAX (issue, 1);
  if (d->lsu_per_cu == 0)
    d->lsu_per_cu = (guint)table_number (t, "lsu_per_cu");
  if (d->group_starts_per_cycle == 0)
    d->group_starts_per_cycle = table_number (t, "group_starts_per_cycle");
  if (d->local_merge_bytes == 0)
    d->local_merge_bytes = table_number (t, "local_merge_bytes");
  if (d->barrier_step_cycles == 0)
    d->barrier_step_cycles = table_number (t, "barrier_step_cycles");
  if (d->l1_line_bytes == 0)
    d->l1_line_bytes = table_number (t, "l1_line_bytes");
  if (d->l1_wide_line_cycles == 0)
    d->l1_wide_line_cycles = table_number (t, "l1_wide_line_cycles");
  if (d->local_banks == 0)
    d->local_banks = table_number (t, "local_banks");
  if (d->local_bank_bytes == 0)
    d->local_bank_bytes = table_number (t, "local_bank_bytes");
  if (d->local_shares_l1 == 0)
    d->local_shares_l1 = table_number (t, "local_shares_l1");
  hz = (clock > 0 ? clock : d->max_clock_mhz) * 1e6;
  set_datasheet (&d->fp32_flops, table_number (t, "fp32_flops"),
                 cus * d->lanes_per_cu * 2 * hz);
  set_datasheet (&d->global_bandwidth, table_number (t, "global_bandwidth"),
                 0);
  set_datasheet (&d->local_bandwidth, table_number (t, "local_bandwidth"),
                 cus * table_number (t, "local_bytes_per_cycle") * hz);
  set_datasheet (&d->launch_overhead_s, table_number (t, "launch_overhead_s"),
                 0);
}

static void
apply_defaults (BnbDeviceDesc *d)
{
  if (d->simd_width == 0)
    d->simd_width = d->type == BNB_DEVICE_TYPE_GPU ? 32 : 8;
  d->lanes_per_cu = d->simd_width;
  d->issue_rate = 1;
}

static gboolean
load_table (GKeyFile *kf, const char *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  if (g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local))
    return TRUE;
  g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_FILE, "%s: %s", path,
               local->message);
  return FALSE;
}

static const char *
find_entry (GKeyFile *kf, char **groups, const BnbDeviceDesc *d)
{
  for (guint i = 0; groups[i]; i++)
    if (entry_fits (kf, groups[i], d))
      return groups[i];
  return NULL;
}

gboolean
bnb_device_table_apply (BnbDeviceDesc *d, GError **error)
{
  g_autofree char *path = bnb_device_data_path ("vendors.ini");
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_auto (GStrv) groups = NULL;
  Table t = { kf, path, NULL, NULL };
  /* without the table a GPU would get a CPU's defaults (fewer lanes,
     one issue per cycle): the model's figures would be wrong, not absent */
  if (path == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   "data/devices/vendors.ini not found (under "
                   "$BNBTUNE_DATA, ./data, beside the program or in "
                   "PREFIX/share/bnbtune): set BNBTUNE_DATA to the folder "
                   "that holds devices/vendors.ini");
      return FALSE;
    }
  if (!load_table (kf, path, error))
    return FALSE;
  groups = g_key_file_get_groups (kf, NULL);
  t.group = find_entry (kf, groups, d);
  if (t.group)
    apply_entry (&t, d);
  else
    apply_defaults (d);
  bnb_device_desc_settle_peaks (d);
  if (!t.error)
    return TRUE;
  g_propagate_error (error, t.error);
  return FALSE;
}
