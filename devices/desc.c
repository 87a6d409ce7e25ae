/* The device description as data: its names, the limits it gives the
 * space, how its peaks settle, and its key-file form (docs/devices.md).
 * The key file is read and written through one table of fields, so that
 * the two directions cannot drift apart. */
#include "devices/devices-private.h"

#include <math.h>
#include <string.h>

typedef enum {
  FIELD_STRING,
  FIELD_UINT,
  FIELD_UINT64,
  FIELD_INT64,
  FIELD_DOUBLE,
  FIELD_TYPE,
  FIELD_UINT3,
} FieldKind;

typedef struct {
  const char *group;
  const char *key;
  FieldKind kind;
  gsize offset;
  gsize size;
  gboolean required;
} Field;

/* clang-format off */
#define FIELD(g, k, kind, req)                                              \
  { g, #k, kind, G_STRUCT_OFFSET (BnbDeviceDesc, k),                      \
    sizeof (((BnbDeviceDesc *)0)->k), req }
/* clang-format on */

static const Field fields[] = {
  FIELD ("device", name, FIELD_STRING, TRUE),
  FIELD ("device", vendor, FIELD_STRING, FALSE),
  FIELD ("device", driver_version, FIELD_STRING, FALSE),
  FIELD ("device", platform, FIELD_STRING, FALSE),
  FIELD ("device", opencl_version, FIELD_STRING, FALSE),
  FIELD ("device", arch, FIELD_STRING, FALSE),
  FIELD ("device", type, FIELD_TYPE, TRUE),
  FIELD ("device", compute_units, FIELD_UINT, TRUE),
  FIELD ("device", max_work_group_size, FIELD_UINT, TRUE),
  FIELD ("device", max_work_item_sizes, FIELD_UINT3, TRUE),
  FIELD ("device", local_mem_bytes, FIELD_UINT64, TRUE),
  FIELD ("device", global_mem_bytes, FIELD_UINT64, FALSE),
  FIELD ("device", max_alloc_bytes, FIELD_UINT64, FALSE),
  FIELD ("device", max_clock_mhz, FIELD_UINT, FALSE),
  FIELD ("device", preferred_vector_width_float, FIELD_UINT, FALSE),
  FIELD ("device", native_vector_width_float, FIELD_UINT, FALSE),
  FIELD ("architecture", table_entry, FIELD_STRING, FALSE),
  FIELD ("architecture", simd_width, FIELD_UINT, TRUE),
  FIELD ("architecture", lanes_per_cu, FIELD_UINT, FALSE),
  FIELD ("architecture", issue_rate, FIELD_UINT, FALSE),
  FIELD ("architecture", lsu_per_cu, FIELD_UINT, FALSE),
  FIELD ("architecture", group_starts_per_cycle, FIELD_DOUBLE, FALSE),
  FIELD ("architecture", local_merge_bytes, FIELD_DOUBLE, FALSE),
  FIELD ("architecture", barrier_step_cycles, FIELD_DOUBLE, FALSE),
  FIELD ("architecture", l1_line_bytes, FIELD_DOUBLE, FALSE),
  FIELD ("architecture", l1_wide_line_cycles, FIELD_DOUBLE, FALSE),
  FIELD ("architecture", local_banks, FIELD_DOUBLE, FALSE),
  FIELD ("architecture", local_bank_bytes, FIELD_DOUBLE, FALSE),
  FIELD ("architecture", local_shares_l1, FIELD_DOUBLE, FALSE),
  FIELD ("calibration", launch_host_s, FIELD_DOUBLE, FALSE),
  FIELD ("calibration", calibrated_at, FIELD_INT64, FALSE),
  FIELD ("calibration", calibration_seconds, FIELD_DOUBLE, FALSE),
  FIELD ("topology", cores, FIELD_UINT, FALSE),
  FIELD ("topology", pus, FIELD_UINT, FALSE),
  FIELD ("topology", numa_nodes, FIELD_UINT, FALSE),
  FIELD ("topology", l1d_bytes, FIELD_UINT64, FALSE),
  FIELD ("topology", l2_bytes, FIELD_UINT64, FALSE),
  FIELD ("topology", l3_bytes, FIELD_UINT64, FALSE),
  FIELD ("topology", l3_count, FIELD_UINT, FALSE),
  FIELD ("topology", pci_bus_id, FIELD_STRING, FALSE),
  FIELD ("topology", local_cpus, FIELD_STRING, FALSE),
};

typedef struct {
  const char *key;
  gsize offset;
} PeakField;

static const PeakField peak_fields[] = {
  { "fp32_flops", G_STRUCT_OFFSET (BnbDeviceDesc, fp32_flops) },
  { "global_bandwidth", G_STRUCT_OFFSET (BnbDeviceDesc, global_bandwidth) },
  { "local_bandwidth", G_STRUCT_OFFSET (BnbDeviceDesc, local_bandwidth) },
  { "launch_overhead_s", G_STRUCT_OFFSET (BnbDeviceDesc, launch_overhead_s) },
};

static const char *const type_names[] = { "other", "cpu", "gpu" };
static const char *const source_names[]
    = { "none", "derived", "table", "calibrated" };

const char *
bnb_device_type_name (BnbDeviceType type)
{
  g_return_val_if_fail ((guint)type < G_N_ELEMENTS (type_names), "other");
  return type_names[type];
}

const char *
bnb_device_source_name (BnbDeviceSource source)
{
  g_return_val_if_fail ((guint)source < G_N_ELEMENTS (source_names), "none");
  return source_names[source];
}

static int
name_index (const char *const *names, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (g_ascii_strcasecmp (names[i], name) == 0)
      return (int)i;
  return -1;
}

void
bnb_device_copy_string (char *dest, gsize size, const char *src)
{
  g_strlcpy (dest, src ? src : "", size);
  g_strstrip (dest);
}

BnbChoiceLimits
bnb_device_desc_limits (const BnbDeviceDesc *d)
{
  BnbChoiceLimits l = bnb_choice_limits_default ();
  g_return_val_if_fail (d != NULL, l);
  l.max_work_group_size = MAX (d->max_work_group_size, 1);
  for (guint h = 0; h < 3; h++)
    l.max_work_item_sizes[h]
        = CLAMP (d->max_work_item_sizes[h], 1, l.max_work_group_size);
  l.local_mem_bytes = d->local_mem_bytes;
  l.vector_widths = (1u << 2) | (1u << 4);
  if (d->preferred_vector_width_float >= 8)
    l.vector_widths |= 1u << 8;
  if (d->preferred_vector_width_float >= 16)
    l.vector_widths |= 1u << 16;
  l.max_unroll = 64;
  l.max_unrolled = 1024;
  /* the design rules are a GPU's (docs/space.md): on a CPU the work-items
   * of a group run one after another on one core, a private copy is a
   * cache hit and staging in local memory costs the barriers */
  l.every_design = d->type != BNB_DEVICE_TYPE_GPU;
  return l;
}

static void
settle_peak (BnbDevicePeak *p, gboolean is_rate)
{
  p->clamped = is_rate && p->measured > 0 && p->datasheet > 0
               && p->measured > p->datasheet;
  if (p->measured > 0)
    {
      p->value = p->clamped ? p->datasheet : p->measured;
      p->source = BNB_DEVICE_SOURCE_CALIBRATED;
    }
  else
    {
      p->value = p->datasheet;
      p->source
          = p->datasheet > 0 ? p->datasheet_source : BNB_DEVICE_SOURCE_NONE;
    }
}

void
bnb_device_desc_settle_peaks (BnbDeviceDesc *d)
{
  g_return_if_fail (d != NULL);
  settle_peak (&d->fp32_flops, TRUE);
  settle_peak (&d->global_bandwidth, TRUE);
  settle_peak (&d->local_bandwidth, TRUE);
  settle_peak (&d->launch_overhead_s, FALSE);
}

/* Reading.  A reader turns into a no-op after its first error. */

typedef struct {
  GKeyFile *kf;
  const char *path;
  GError *error;
} Reader;

static void
reader_fail (Reader *r, const char *group, const char *key, const char *what)
{
  if (!r->error)
    r->error = g_error_new (BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_FILE,
                            "%s: [%s] %s: %s", r->path, group, key, what);
}

static char *
reader_value (Reader *r, const char *group, const char *key, gboolean required)
{
  char *value;
  if (r->error)
    return NULL;
  value = g_key_file_get_string (r->kf, group, key, NULL);
  if (value)
    g_strstrip (value);
  if (!value && required)
    reader_fail (r, group, key, "missing");
  return value;
}

static guint64
parse_uint (Reader *r, const Field *f, const char *text, guint64 max)
{
  guint64 v = 0;
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &v, NULL))
    {
      g_autofree char *what = g_strdup_printf (
          "'%s' is not an integer from 0 to %" G_GUINT64_FORMAT, text, max);
      reader_fail (r, f->group, f->key, what);
    }
  return v;
}

static double
parse_double (Reader *r, const char *group, const char *key, const char *text)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);
  if (end == text || *end || !isfinite (v) || v < 0)
    {
      g_autofree char *what
          = g_strdup_printf ("'%s' is not a number >= 0", text);
      reader_fail (r, group, key, what);
      return 0;
    }
  return v;
}

static void
parse_uint3 (Reader *r, const Field *f, const char *text, guint *dest)
{
  g_auto (GStrv) parts = g_strsplit_set (text, ";, ", -1);
  guint n = 0;
  for (guint i = 0; parts[i]; i++)
    {
      if (!*parts[i])
        continue;
      if (n == 3)
        {
          reader_fail (r, f->group, f->key, "more than 3 sizes");
          return;
        }
      dest[n++] = (guint)parse_uint (r, f, parts[i], G_MAXUINT);
    }
  if (n != 3)
    reader_fail (r, f->group, f->key, "needs 3 sizes");
}

static void
parse_type (Reader *r, const Field *f, const char *text, BnbDeviceType *t)
{
  int i = name_index (type_names, G_N_ELEMENTS (type_names), text);
  if (i < 0)
    reader_fail (r, f->group, f->key, "is not cpu, gpu or other");
  else
    *t = (BnbDeviceType)i;
}

static void
read_field (Reader *r, const Field *f, BnbDeviceDesc *d)
{
  g_autofree char *text = reader_value (r, f->group, f->key, f->required);
  char *p = (char *)d + f->offset;
  if (!text)
    return;
  switch (f->kind)
    {
    case FIELD_STRING:
      bnb_device_copy_string (p, f->size, text);
      break;
    case FIELD_UINT:
      *(guint *)p = (guint)parse_uint (r, f, text, G_MAXUINT);
      break;
    case FIELD_UINT64:
      *(guint64 *)p = parse_uint (r, f, text, G_MAXUINT64);
      break;
    case FIELD_INT64:
      *(gint64 *)p = (gint64)parse_uint (r, f, text, G_MAXINT64);
      break;
    case FIELD_DOUBLE:
      *(double *)p = parse_double (r, f->group, f->key, text);
      break;
    case FIELD_TYPE:
      parse_type (r, f, text, (BnbDeviceType *)p);
      break;
    case FIELD_UINT3:
      parse_uint3 (r, f, text, (guint *)p);
      break;
    }
}

static BnbDeviceSource
read_source (Reader *r, const char *key, BnbDeviceSource fallback)
{
  g_autofree char *text = reader_value (r, "peaks", key, FALSE);
  int i;
  if (!text)
    return fallback;
  i = name_index (source_names, G_N_ELEMENTS (source_names), text);
  if (i < 0)
    reader_fail (r, "peaks", key, "is not none, derived, table or calibrated");
  return i < 0 ? fallback : (BnbDeviceSource)i;
}

static double
read_double (Reader *r, const char *key)
{
  g_autofree char *text = reader_value (r, "peaks", key, FALSE);
  return text ? parse_double (r, "peaks", key, text) : 0;
}

static BnbDeviceSource
default_datasheet_source (const BnbDevicePeak *p)
{
  if (p->datasheet == 0)
    return BNB_DEVICE_SOURCE_NONE;
  return p->source == BNB_DEVICE_SOURCE_CALIBRATED ? BNB_DEVICE_SOURCE_TABLE
                                                   : p->source;
}

static void
read_peak (Reader *r, const PeakField *pf, BnbDeviceDesc *d)
{
  BnbDevicePeak *p = (BnbDevicePeak *)((char *)d + pf->offset);
  g_autofree char *k_source = g_strconcat (pf->key, "_source", NULL);
  g_autofree char *k_sheet = g_strconcat (pf->key, "_datasheet", NULL);
  g_autofree char *k_sheet_source
      = g_strconcat (pf->key, "_datasheet_source", NULL);
  g_autofree char *k_measured = g_strconcat (pf->key, "_measured", NULL);
  p->value = read_double (r, pf->key);
  p->source = read_source (r, k_source,
                           p->value > 0 ? BNB_DEVICE_SOURCE_TABLE
                                        : BNB_DEVICE_SOURCE_NONE);
  p->measured = read_double (r, k_measured);
  if (p->source == BNB_DEVICE_SOURCE_CALIBRATED && p->measured == 0)
    p->measured = p->value;
  p->datasheet = read_double (r, k_sheet);
  if (p->datasheet == 0 && p->source != BNB_DEVICE_SOURCE_CALIBRATED)
    p->datasheet = p->value;
  p->datasheet_source
      = read_source (r, k_sheet_source, default_datasheet_source (p));
  p->clamped
      = p->measured > 0 && p->datasheet > 0 && p->measured > p->datasheet;
}

static gboolean
reader_finish (Reader *r, BnbDeviceDesc *d, GError **error)
{
  if (!r->error && d->compute_units == 0)
    reader_fail (r, "device", "compute_units", "must be at least 1");
  if (!r->error && d->max_work_group_size == 0)
    reader_fail (r, "device", "max_work_group_size", "must be at least 1");
  if (!r->error)
    return TRUE;
  memset (d, 0, sizeof *d);
  g_propagate_error (error, r->error);
  return FALSE;
}

gboolean
bnb_device_desc_load_file (const char *path, BnbDeviceDesc *desc,
                           GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  Reader r = { kf, path, NULL };
  g_return_val_if_fail (path != NULL && desc != NULL, FALSE);
  memset (desc, 0, sizeof *desc);
  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_FILE, "%s: %s",
                   path, local->message);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    read_field (&r, &fields[i], desc);
  for (guint i = 0; i < G_N_ELEMENTS (peak_fields); i++)
    read_peak (&r, &peak_fields[i], desc);
  return reader_finish (&r, desc, error);
}

/* Writing. */

static void
write_double (GKeyFile *kf, const char *group, const char *key, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_key_file_set_value (kf, group, key, g_ascii_dtostr (buf, sizeof buf, v));
}

static void
write_field (GKeyFile *kf, const Field *f, const BnbDeviceDesc *d)
{
  const char *p = (const char *)d + f->offset;
  const guint *u3 = (const guint *)p;
  g_autofree char *text = NULL;
  switch (f->kind)
    {
    case FIELD_STRING:
      text = g_strdup (p);
      break;
    case FIELD_UINT:
      text = g_strdup_printf ("%u", *(const guint *)p);
      break;
    case FIELD_UINT64:
      text = g_strdup_printf ("%" G_GUINT64_FORMAT, *(const guint64 *)p);
      break;
    case FIELD_INT64:
      text = g_strdup_printf ("%" G_GINT64_FORMAT, *(const gint64 *)p);
      break;
    case FIELD_DOUBLE:
      write_double (kf, f->group, f->key, *(const double *)p);
      return;
    case FIELD_TYPE:
      text = g_strdup (bnb_device_type_name (*(const BnbDeviceType *)p));
      break;
    case FIELD_UINT3:
      text = g_strdup_printf ("%u;%u;%u", u3[0], u3[1], u3[2]);
      break;
    }
  g_key_file_set_value (kf, f->group, f->key, text);
}

static void
write_peak (GKeyFile *kf, const PeakField *pf, const BnbDeviceDesc *d)
{
  const BnbDevicePeak *p
      = (const BnbDevicePeak *)((const char *)d + pf->offset);
  g_autofree char *k_source = g_strconcat (pf->key, "_source", NULL);
  g_autofree char *k_sheet = g_strconcat (pf->key, "_datasheet", NULL);
  g_autofree char *k_sheet_source
      = g_strconcat (pf->key, "_datasheet_source", NULL);
  g_autofree char *k_measured = g_strconcat (pf->key, "_measured", NULL);
  write_double (kf, "peaks", pf->key, p->value);
  g_key_file_set_value (kf, "peaks", k_source,
                        bnb_device_source_name (p->source));
  write_double (kf, "peaks", k_sheet, p->datasheet);
  g_key_file_set_value (kf, "peaks", k_sheet_source,
                        bnb_device_source_name (p->datasheet_source));
  write_double (kf, "peaks", k_measured, p->measured);
}

static const char *const group_order[]
    = { "device", "architecture", "peaks", "calibration", "topology" };

static void
write_group (GKeyFile *kf, const char *group, const BnbDeviceDesc *d)
{
  if (strcmp (group, "peaks") == 0)
    for (guint k = 0; k < G_N_ELEMENTS (peak_fields); k++)
      write_peak (kf, &peak_fields[k], d);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (strcmp (fields[i].group, group) == 0)
      write_field (kf, &fields[i], d);
}

gboolean
bnb_device_desc_save_file (const BnbDeviceDesc *desc, const char *path,
                           GError **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_return_val_if_fail (desc != NULL && path != NULL, FALSE);
  for (guint g = 0; g < G_N_ELEMENTS (group_order); g++)
    write_group (kf, group_order[g], desc);
  g_key_file_set_comment (kf, NULL, NULL,
                          " bnbtune device description (docs/devices.md)",
                          NULL);
  if (g_key_file_save_to_file (kf, path, &local))
    return TRUE;
  g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_FILE, "%s: %s", path,
               local->message);
  return FALSE;
}
