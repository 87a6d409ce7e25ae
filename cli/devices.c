/* bnbtune devices: every OpenCL device with the index `--device N` uses
 * and the figures the model reads, each peak marked calibrated, table
 * (datasheet) or derived; --calibrate measures the peaks (or reuses the
 * cache), --device-file shows a description file. */
#include "devices/devices.h"
#include "cli/cli.h"
#include "harness/harness.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  gboolean calibrate;
  gboolean recalibrate;
  gboolean json;
  BnbCliOptions c;
} DevicesOptions;

static void
devices_options_clear (DevicesOptions *o)
{
  bnb_cli_options_clear (&o->c);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (DevicesOptions, devices_options_clear)

static GOptionContext *
devices_context (DevicesOptions *o)
{
  GOptionEntry entries[] = {
    { "calibrate", 'c', 0, G_OPTION_ARG_NONE, &o->calibrate,
      "Measure the peak rates (or reuse the cached measurement)", NULL },
    { "recalibrate", 0, 0, G_OPTION_ARG_NONE, &o->recalibrate,
      "Measure the peak rates again, replacing the cache (run it on an "
      "idle machine: a busy one measures low rates, which weaken the "
      "model's bound)",
      NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json,
      "Print a JSON array instead of text", NULL },
    { NULL },
  };
  GOptionContext *context = g_option_context_new ("- list OpenCL devices");
  bnb_cli_options_add (context, &o->c,
                       &(BnbCliTakes){ .device = "Only this device: an index, "
                                                 "gpu, cpu or a part of its "
                                                 "name",
                                       .device_file
                                       = "Show the description in FILE (e.g. "
                                         "data/devices/h100.ini)" });
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (
      context, "Lists every OpenCL device of every platform with the index "
               "--device N uses,\nits limits and its peak rates, each "
               "marked calibrated (measured here),\ntable (a datasheet "
               "figure from data/devices/vendors.ini) or derived.\n"
               "See docs/devices.md.");
  return context;
}

/* Text. */

static char *
si (double v, const char *unit)
{
  static const char *const prefixes[] = { "", "k", "M", "G", "T", "P" };
  guint p = 0;
  while (v >= 1000 && p + 1 < G_N_ELEMENTS (prefixes))
    {
      v /= 1000;
      p++;
    }
  return g_strdup_printf ("%.3g %s%s", v, prefixes[p], unit);
}

static char *
peak_text (const BnbDevicePeak *p, gboolean seconds, const char *unit)
{
  return seconds ? g_strdup_printf ("%.3g us", p->value * 1e6)
                 : si (p->value, unit);
}

static char *
datasheet_text (const BnbDevicePeak *p, gboolean seconds, const char *unit)
{
  BnbDevicePeak sheet = *p;
  g_autofree char *v = NULL;
  if (p->datasheet <= 0)
    return g_strdup ("no datasheet figure");
  sheet.value = p->datasheet;
  v = peak_text (&sheet, seconds, unit);
  return g_strdup_printf ("datasheet %s, %s", v,
                          bnb_device_source_name (p->datasheet_source));
}

static void
print_peak (const char *label, const BnbDevicePeak *p, const char *unit)
{
  gboolean seconds = unit == NULL;
  g_autofree char *v = peak_text (p, seconds, unit);
  g_autofree char *sheet = datasheet_text (p, seconds, unit);
  g_autofree char *measured = NULL;
  BnbDevicePeak m = *p;
  m.value = p->measured;
  measured = peak_text (&m, seconds, unit);
  if (p->clamped)
    printf ("  %-17s %-15s calibrated, clamped: measured %s (%s)\n", label, v,
            measured, sheet);
  else
    printf ("  %-17s %-15s %s (%s)\n", label, p->source ? v : "unknown",
            bnb_device_source_name (p->source), sheet);
}

static char *
size_text (guint64 bytes)
{
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

static void
print_limits (const BnbDeviceDesc *d)
{
  g_autofree char *local = size_text (d->local_mem_bytes);
  g_autofree char *global = size_text (d->global_mem_bytes);
  g_autofree char *alloc = size_text (d->max_alloc_bytes);
  BnbChoiceLimits l = bnb_device_desc_limits (d);
  printf ("  platform          %s (driver %s; %s)\n", d->platform,
          *d->driver_version ? d->driver_version : "unknown",
          d->opencl_version);
  printf ("  type, vendor      %s, %s%s%s\n", bnb_device_type_name (d->type),
          d->vendor, *d->arch ? ", " : "", d->arch);
  printf ("  compute units     %u at up to %u MHz\n", d->compute_units,
          d->max_clock_mhz);
  printf ("  work-group        %u work-items, item sizes %u x %u x %u\n",
          d->max_work_group_size, d->max_work_item_sizes[0],
          d->max_work_item_sizes[1], d->max_work_item_sizes[2]);
  printf ("  memory            local %s per work-group, global %s (largest "
          "buffer %s)\n",
          local, global, alloc);
  printf ("  float vectors     preferred %u, native %u; the space uses",
          d->preferred_vector_width_float, d->native_vector_width_float);
  for (guint w = 2; w <= 16; w *= 2)
    if (l.vector_widths & (1u << w))
      printf (" %u", w);
  printf ("\n");
}

static void
print_architecture (const BnbDeviceDesc *d)
{
  g_autofree char *l1 = size_text (d->l1d_bytes);
  g_autofree char *l2 = size_text (d->l2_bytes);
  g_autofree char *l3 = size_text (d->l3_bytes);
  printf ("  architecture      SIMD width %u, %u FP32 lanes per CU, issue "
          "%u per cycle (vendors.ini: %s)\n",
          d->simd_width, d->lanes_per_cu, d->issue_rate,
          *d->table_entry ? d->table_entry : "no entry");
  if (d->type == BNB_DEVICE_TYPE_CPU)
    printf ("  hwloc             %u cores, %u PUs, NUMA nodes: %u; L1d %s, "
            "L2 %s, L3 %s x %u\n",
            d->cores, d->pus, d->numa_nodes, l1, l2, l3, d->l3_count);
  else
    printf ("  PCI               %s%s%s\n",
            *d->pci_bus_id ? d->pci_bus_id : "unknown",
            *d->local_cpus ? ", near CPUs " : "", d->local_cpus);
}

static void
print_calibration (const BnbDeviceDesc *d, gboolean from_file)
{
  g_autoptr (GDateTime) at = NULL;
  g_autofree char *when = NULL;
  g_autofree char *path
      = from_file ? g_strdup ("the file") : bnb_device_desc_cache_path (d);
  if (d->calibrated_at <= 0)
    {
      printf ("  calibration       %s\n",
              from_file ? "not dated in the file"
                        : "none (bnbtune devices --calibrate)");
      return;
    }
  at = g_date_time_new_from_unix_local (d->calibrated_at / G_USEC_PER_SEC);
  when = g_date_time_format (at, "%Y-%m-%d %H:%M");
  printf ("  calibration       %s, took %.1f s; host round trip of a launch "
          "%.3g us\n                    from %s\n",
          when, d->calibration_seconds, d->launch_host_s * 1e6, path);
}

static void
print_text (const BnbDeviceDesc *d, int index)
{
  if (index >= 0)
    printf ("device %d: %s\n", index, d->name);
  else
    printf ("device (from a file): %s\n", d->name);
  print_limits (d);
  print_architecture (d);
  print_peak ("FP32 peak", &d->fp32_flops, "FLOP/s");
  print_peak ("global bandwidth", &d->global_bandwidth, "B/s");
  print_peak ("local bandwidth", &d->local_bandwidth, "B/s");
  print_peak ("launch overhead", &d->launch_overhead_s, NULL);
  print_calibration (d, index < 0);
}

/* JSON. */

static void
json_peak (BnbJson *j, const char *key, const BnbDevicePeak *p)
{
  bnb_json_open (j, key, '{');
  bnb_json_number (j, "value", p->value);
  bnb_json_string (j, "source", bnb_device_source_name (p->source));
  bnb_json_number (j, "datasheet", p->datasheet);
  bnb_json_string (j, "datasheet_source",
                   bnb_device_source_name (p->datasheet_source));
  bnb_json_number (j, "measured", p->measured);
  bnb_json_bool (j, "clamped", p->clamped);
  bnb_json_close (j, '}');
}

static void
json_identity (BnbJson *j, const BnbDeviceDesc *d)
{
  bnb_json_string (j, "name", d->name);
  bnb_json_string (j, "vendor", d->vendor);
  bnb_json_string (j, "driver_version", d->driver_version);
  bnb_json_string (j, "platform", d->platform);
  bnb_json_string (j, "opencl_version", d->opencl_version);
  bnb_json_string (j, "arch", d->arch);
  bnb_json_string (j, "type", bnb_device_type_name (d->type));
  bnb_json_string (j, "table_entry", d->table_entry);
  bnb_json_string (j, "pci_bus_id", d->pci_bus_id);
  bnb_json_string (j, "local_cpus", d->local_cpus);
}

static void
json_limits (BnbJson *j, const BnbDeviceDesc *d)
{
  bnb_json_int (j, "compute_units", d->compute_units);
  bnb_json_int (j, "max_work_group_size", d->max_work_group_size);
  bnb_json_open (j, "max_work_item_sizes", '[');
  for (guint i = 0; i < 3; i++)
    bnb_json_int (j, NULL, d->max_work_item_sizes[i]);
  bnb_json_close (j, ']');
  bnb_json_int (j, "local_mem_bytes", d->local_mem_bytes);
  bnb_json_int (j, "global_mem_bytes", d->global_mem_bytes);
  bnb_json_int (j, "max_alloc_bytes", d->max_alloc_bytes);
  bnb_json_int (j, "max_clock_mhz", d->max_clock_mhz);
  bnb_json_int (j, "preferred_vector_width_float",
                d->preferred_vector_width_float);
  bnb_json_int (j, "native_vector_width_float", d->native_vector_width_float);
  bnb_json_int (j, "simd_width", d->simd_width);
  bnb_json_int (j, "lanes_per_cu", d->lanes_per_cu);
  bnb_json_int (j, "issue_rate", d->issue_rate);
}

static void
json_host (BnbJson *j, const BnbDeviceDesc *d)
{
  bnb_json_int (j, "cores", d->cores);
  bnb_json_int (j, "pus", d->pus);
  bnb_json_int (j, "numa_nodes", d->numa_nodes);
  bnb_json_int (j, "l1d_bytes", d->l1d_bytes);
  bnb_json_int (j, "l2_bytes", d->l2_bytes);
  bnb_json_int (j, "l3_bytes", d->l3_bytes);
  bnb_json_int (j, "l3_count", d->l3_count);
  bnb_json_number (j, "launch_host_s", d->launch_host_s);
  bnb_json_int (j, "calibrated_at_us", d->calibrated_at);
  bnb_json_number (j, "calibration_seconds", d->calibration_seconds);
}

static void
json_device (BnbJson *j, const BnbDeviceDesc *d, int index)
{
  bnb_json_open (j, NULL, '{');
  bnb_json_int (j, "index", index);
  json_identity (j, d);
  json_limits (j, d);
  json_host (j, d);
  json_peak (j, "fp32_flops", &d->fp32_flops);
  json_peak (j, "global_bandwidth", &d->global_bandwidth);
  json_peak (j, "local_bandwidth", &d->local_bandwidth);
  json_peak (j, "launch_overhead_s", &d->launch_overhead_s);
  bnb_json_close (j, '}');
}

static void
print_all (GPtrArray *descs, GArray *indices, gboolean json)
{
  g_autoptr (GString) s = g_string_new ("[\n");
  BnbJson j;
  for (guint i = 0; i < descs->len; i++)
    {
      int index = g_array_index (indices, int, i);
      if (!json)
        {
          printf ("%s", i ? "\n" : "");
          print_text (descs->pdata[i], index);
          continue;
        }
      /* a device a line */
      g_string_append (s, "  ");
      bnb_json_init (&j, s, BNB_JSON_LINE);
      j.digits = 10;
      json_device (&j, descs->pdata[i], index);
      g_string_append (s, i + 1 < descs->len ? ",\n" : "\n");
    }
  if (json)
    printf ("%s]\n", s->str);
}

/* Gathering. */

static void
add_desc (GPtrArray *descs, GArray *indices, const BnbDeviceDesc *d, int index)
{
  g_ptr_array_add (descs, g_memdup2 (d, sizeof *d));
  g_array_append_val (indices, index);
}

static BnbDeviceCalibrate
calibrate_mode (const DevicesOptions *o)
{
  if (o->recalibrate)
    return BNB_DEVICE_CALIBRATE_FORCE;
  return o->calibrate ? BNB_DEVICE_CALIBRATE_CACHED
                      : BNB_DEVICE_CALIBRATE_NEVER;
}

/* Opens the device `spec` names (calibrating it if asked: the library
 * says so when a calibration runs) and adds its description. */
static gboolean
open_one (const char *spec, const DevicesOptions *o, GPtrArray *descs,
          GArray *indices, GError **error)
{
  g_autoptr (BnbDevice) dev = NULL;
  g_autoptr (GPtrArray) all = NULL;
  BnbDeviceCalibrate mode = calibrate_mode (o);
  if (!(dev = bnb_device_open_full (spec, mode, error)))
    return FALSE;
  if (o->c.device)
    fprintf (stderr, "bnbtune devices: '%s' is %s\n", spec,
             bnb_device_reason (dev));
  if (mode != BNB_DEVICE_CALIBRATE_NEVER)
    {
      add_desc (descs, indices, bnb_device_desc (dev),
                (int)bnb_device_index (dev));
      return TRUE;
    }
  if (!(all = bnb_device_list (error)))
    return FALSE;
  add_desc (descs, indices, all->pdata[bnb_device_index (dev)],
            (int)bnb_device_index (dev));
  return TRUE;
}

static gboolean
gather (const DevicesOptions *o, GPtrArray *descs, GArray *indices,
        GError **error)
{
  g_autoptr (GPtrArray) all = NULL;
  if (o->c.device)
    return open_one (o->c.device, o, descs, indices, error);
  if (!(all = bnb_device_list (error)))
    return FALSE;
  for (guint i = 0; i < all->len; i++)
    {
      const BnbDeviceDesc *d = all->pdata[i];
      g_autofree char *spec = g_strdup_printf ("%u", i);
      if (calibrate_mode (o) == BNB_DEVICE_CALIBRATE_NEVER)
        add_desc (descs, indices, d, (int)i);
      else if (!open_one (spec, o, descs, indices, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
gather_file (const char *path, GPtrArray *descs, GArray *indices,
             GError **error)
{
  BnbDeviceDesc d;
  if (!bnb_device_desc_load_file (path, &d, error))
    return FALSE;
  add_desc (descs, indices, &d, -1);
  return TRUE;
}

gboolean
bnb_cmd_devices (int argc, char **argv, GError **error)
{
  g_auto (DevicesOptions) o = { 0 };
  g_autoptr (GOptionContext) context = devices_context (&o);
  g_autoptr (GPtrArray) descs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) indices = g_array_new (FALSE, FALSE, sizeof (int));
  if (!bnb_cli_parse (context, &argc, &argv, error))
    return FALSE;
  if (o.c.device_file ? !gather_file (o.c.device_file, descs, indices, error)
                      : !gather (&o, descs, indices, error))
    return FALSE;
  print_all (descs, indices, o.json);
  return TRUE;
}
