/* Device discovery and selection: every device of every platform in the
 * ICD loader's order, their descriptions, and the opening of the one a
 * specification names (an index, `gpu`, `cpu` or a part of a name) with a
 * context, a profiling queue and its calibrated peaks. */
#include "devices/devices-private.h"

#include <stdlib.h>
#include <string.h>

static gboolean
no_platform (GError **error)
{
  g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_NO_PLATFORM,
               "no OpenCL platform with a device: the ICD loader found no "
               "driver (install one, e.g. Debian's pocl-opencl-icd for the "
               "CPU, or check /etc/OpenCL/vendors and OCL_ICD_VENDORS)");
  return FALSE;
}

static gboolean
platform_ids (GArray *platforms, GError **error)
{
  cl_uint n = 0;
  cl_int status = clGetPlatformIDs (0, NULL, &n);
  if (status == CL_PLATFORM_NOT_FOUND_KHR || (status == CL_SUCCESS && !n))
    return no_platform (error);
  if (!bnb_device_check_cl (status, "clGetPlatformIDs", error))
    return FALSE;
  g_array_set_size (platforms, n);
  return bnb_device_check_cl (clGetPlatformIDs (n,
                                                (cl_platform_id *)(void *)
                                                    platforms->data,
                                                NULL),
                              "clGetPlatformIDs", error);
}

static gboolean
add_devices (GArray *entries, cl_platform_id platform, guint p, GError **error)
{
  cl_uint n = 0;
  g_autofree cl_device_id *ids = NULL;
  cl_int status = clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n);
  if (status == CL_DEVICE_NOT_FOUND)
    return TRUE;
  if (!bnb_device_check_cl (status, "clGetDeviceIDs", error))
    return FALSE;
  ids = g_new0 (cl_device_id, n);
  if (!bnb_device_check_cl (clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, n,
                                            ids, NULL),
                            "clGetDeviceIDs", error))
    return FALSE;
  for (cl_uint d = 0; d < n; d++)
    {
      BnbDeviceEntry e = { platform, ids[d], p, d };
      g_array_append_val (entries, e);
    }
  return TRUE;
}

GArray *
bnb_device_enumerate (GError **error)
{
  g_autoptr (GArray) platforms
      = g_array_new (FALSE, TRUE, sizeof (cl_platform_id));
  g_autoptr (GArray) entries
      = g_array_new (FALSE, TRUE, sizeof (BnbDeviceEntry));
  if (!platform_ids (platforms, error))
    return NULL;
  for (guint p = 0; p < platforms->len; p++)
    if (!add_devices (entries, g_array_index (platforms, cl_platform_id, p), p,
                      error))
      return NULL;
  if (entries->len == 0)
    {
      no_platform (error);
      return NULL;
    }
  return g_steal_pointer (&entries);
}

static gboolean
describe (const BnbDeviceEntry *e, const BnbDeviceTopology *topology,
          BnbDeviceDesc *d, GError **error)
{
  if (!bnb_device_query (e, d, error))
    return FALSE;
  bnb_device_topology_fill (topology, e, d);
  return bnb_device_table_apply (d, error);
}

static void
apply_cache (BnbDeviceDesc *d)
{
  g_autofree char *path = bnb_device_desc_cache_path (d);
  bnb_device_cache_apply (path, d);
}

GPtrArray *
bnb_device_list (GError **error)
{
  g_autoptr (GArray) entries = bnb_device_enumerate (error);
  g_autoptr (GPtrArray) descs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (BnbDeviceTopology) topology = NULL;
  if (!entries)
    return NULL;
  topology = bnb_device_topology_new ();
  for (guint i = 0; i < entries->len; i++)
    {
      BnbDeviceDesc *d = g_new0 (BnbDeviceDesc, 1);
      g_ptr_array_add (descs, d);
      if (!describe (&g_array_index (entries, BnbDeviceEntry, i), topology, d,
                     error))
        return NULL;
      apply_cache (d);
    }
  return g_steal_pointer (&descs);
}

/* Selection. */

static GPtrArray *
query_all (GArray *entries, GError **error)
{
  g_autoptr (GPtrArray) descs = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < entries->len; i++)
    {
      BnbDeviceDesc *d = g_new0 (BnbDeviceDesc, 1);
      g_ptr_array_add (descs, d);
      if (!bnb_device_query (&g_array_index (entries, BnbDeviceEntry, i), d,
                             error))
        return NULL;
    }
  return g_steal_pointer (&descs);
}

static char *
device_lines (GPtrArray *descs)
{
  GString *s = g_string_new ("");
  for (guint i = 0; i < descs->len; i++)
    {
      const BnbDeviceDesc *d = descs->pdata[i];
      g_string_append_printf (s, "\n  %u  %s  (%s, %s)", i, d->name,
                              bnb_device_type_name (d->type), d->platform);
    }
  return g_string_free (s, FALSE);
}

static gboolean
not_found (GPtrArray *descs, const char *spec, GError **error)
{
  g_autofree char *lines = device_lines (descs);
  g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_NOT_FOUND,
               "no OpenCL device matches '%s' (--device takes an index, "
               "gpu, cpu or a part of a name); the devices are:%s",
               spec, lines);
  return FALSE;
}

static gboolean
parse_index (const char *spec, guint *index)
{
  guint64 v = 0;
  if (!g_ascii_string_to_unsigned (spec, 10, 0, G_MAXUINT, &v, NULL))
    return FALSE;
  *index = (guint)v;
  return TRUE;
}

static int
first_of_type (GPtrArray *descs, BnbDeviceType type)
{
  for (guint i = 0; i < descs->len; i++)
    if (((const BnbDeviceDesc *)descs->pdata[i])->type == type)
      return (int)i;
  return -1;
}

static int
first_named (GPtrArray *descs, const char *part)
{
  g_autofree char *want = g_ascii_strdown (part, -1);
  for (guint i = 0; i < descs->len; i++)
    {
      const BnbDeviceDesc *d = descs->pdata[i];
      g_autofree char *name = g_ascii_strdown (d->name, -1);
      if (strstr (name, want))
        return (int)i;
    }
  return -1;
}

static int
pick_default (GPtrArray *descs, const char **why)
{
  int gpu = first_of_type (descs, BNB_DEVICE_TYPE_GPU);
  *why = gpu >= 0 ? "the first GPU (no --device given)"
                  : "the first device (no --device given, no GPU)";
  return MAX (gpu, 0);
}

/* The index `spec` names, or -1; `why` says how it was chosen. */
static int
pick (GPtrArray *descs, const char *spec, const char **why)
{
  guint index;
  if (!spec || !*spec)
    return pick_default (descs, why);
  if (parse_index (spec, &index))
    {
      *why = "as --device asked";
      return index < descs->len ? (int)index : -1;
    }
  if (g_ascii_strcasecmp (spec, "gpu") == 0
      || g_ascii_strcasecmp (spec, "cpu") == 0)
    {
      gboolean gpu = g_ascii_strcasecmp (spec, "gpu") == 0;
      *why = gpu ? "the first GPU" : "the first CPU";
      return first_of_type (descs,
                            gpu ? BNB_DEVICE_TYPE_GPU : BNB_DEVICE_TYPE_CPU);
    }
  *why = "the first whose name contains it";
  return first_named (descs, spec);
}

/* The indices of the devices of `type` (-1: every device) into
 * `out`; FALSE if there is none. */
static gboolean
add_all_of (GPtrArray *descs, int type, GArray *out)
{
  guint before = out->len;
  for (guint i = 0; i < descs->len; i++)
    if (type < 0
        || (int)((const BnbDeviceDesc *)descs->pdata[i])->type == type)
      g_array_append_val (out, i);
  return out->len > before;
}

/* One item of a list: `all`, `all-gpu`, `all-cpu` or a single spec. */
static gboolean
add_item (GPtrArray *descs, const char *item, GArray *out, GError **error)
{
  const char *why = "";
  int index;
  int type = g_ascii_strcasecmp (item, "all") == 0       ? -1
             : g_ascii_strcasecmp (item, "all-gpu") == 0 ? BNB_DEVICE_TYPE_GPU
             : g_ascii_strcasecmp (item, "all-cpu") == 0 ? BNB_DEVICE_TYPE_CPU
                                                        : -2;
  if (type > -2)
    return add_all_of (descs, type, out) || not_found (descs, item, error);
  if (!*item || (index = pick (descs, item, &why)) < 0)
    return not_found (descs, item, error);
  guint u = (guint)index;
  g_array_append_val (out, u);
  return TRUE;
}

gboolean
bnb_device_spec_is_list (const char *specs)
{
  return specs != NULL
         && (strchr (specs, ',') != NULL
             || g_ascii_strncasecmp (specs, "all", 3) == 0);
}

char **
bnb_device_split_specs (const char *specs, GError **error)
{
  if (!bnb_device_spec_is_list (specs))
    {
      char *one[] = { (char *)(specs ? specs : ""), NULL };
      return g_strdupv (one);
    }
  g_autoptr (GArray) entries = bnb_device_enumerate (error);
  g_autoptr (GPtrArray) descs = NULL;
  if (!entries || !(descs = query_all (entries, error)))
    return NULL;
  g_auto (GStrv) items = g_strsplit (specs, ",", -1);
  g_autoptr (GArray) picked = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; items[i] != NULL; i++)
    if (!add_item (descs, g_strstrip (items[i]), picked, error))
      return NULL;
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  const BnbDeviceDesc *first = descs->pdata[g_array_index (picked, guint, 0)];
  for (guint i = 0; i < picked->len; i++)
    {
      guint index = g_array_index (picked, guint, i);
      const BnbDeviceDesc *d = descs->pdata[index];
      if (strcmp (d->name, first->name) != 0
          || strcmp (d->driver_version, first->driver_version) != 0)
        {
          g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_NOT_FOUND,
                       "'%s': device %u is %s (driver %s), device %u is %s "
                       "(driver %s); the devices of one search must be of "
                       "one kind, which one model describes",
                       specs, g_array_index (picked, guint, 0), first->name,
                       first->driver_version, index, d->name,
                       d->driver_version);
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (g_array_index (picked, guint, j) == index)
          {
            g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_NOT_FOUND,
                         "'%s' names device %u twice: each device of a "
                         "list evaluates leaves of its own",
                         specs, index);
            return NULL;
          }
      g_ptr_array_add (out, g_strdup_printf ("%u", index));
    }
  g_ptr_array_add (out, NULL);
  g_ptr_array_set_free_func (out, NULL);
  return (char **)g_ptr_array_free (g_steal_pointer (&out), FALSE);
}

static BnbDevice *
select_device (const char *spec, GError **error)
{
  g_autoptr (GArray) entries = NULL;
  g_autoptr (GPtrArray) descs = NULL;
  const char *why = "";
  BnbDevice *dev;
  int index;
  if (bnb_device_spec_is_list (spec))
    {
      g_set_error (error, BNB_DEVICE_ERROR, BNB_DEVICE_ERROR_NOT_FOUND,
                   "'%s' names several devices; this opens one (a list is "
                   "for a search: tune, compare)", spec);
      return NULL;
    }
  entries = bnb_device_enumerate (error);
  if (!entries || !(descs = query_all (entries, error)))
    return NULL;
  index = pick (descs, spec, &why);
  if (index < 0)
    {
      not_found (descs, spec, error);
      return NULL;
    }
  dev = g_new0 (BnbDevice, 1);
  dev->entry = g_array_index (entries, BnbDeviceEntry, index);
  dev->index = (guint)index;
  dev->reason
      = g_strdup_printf ("device %d of %u, %s", index, descs->len, why);
  dev->cache_path = g_strdup ("");
  return dev;
}

/* Opening. */

static gboolean
create_queue (BnbDevice *dev, GError **error)
{
  cl_context_properties props[]
      = { CL_CONTEXT_PLATFORM, (cl_context_properties)dev->entry.platform, 0 };
  cl_int status = CL_SUCCESS;
  dev->context
      = clCreateContext (props, 1, &dev->entry.id, NULL, NULL, &status);
  if (!bnb_device_check_cl (status, "clCreateContext", error))
    return FALSE;
  dev->queue = clCreateCommandQueue (dev->context, dev->entry.id,
                                     CL_QUEUE_PROFILING_ENABLE, &status);
  return bnb_device_check_cl (status, "clCreateCommandQueue", error);
}

static void
save_cache (BnbDevice *dev)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (dev->cache_path);
  if (g_mkdir_with_parents (dir, 0755) < 0)
    g_warning ("cannot create %s for the calibration cache", dir);
  else if (!bnb_device_desc_save_file (&dev->desc, dev->cache_path, &error))
    g_warning ("calibration cache not written: %s", error->message);
}

static gboolean
calibrate (BnbDevice *dev, BnbDeviceCalibrate mode, GError **error)
{
  if (mode == BNB_DEVICE_CALIBRATE_NEVER)
    return TRUE;
  g_free (dev->cache_path);
  dev->cache_path = bnb_device_desc_cache_path (&dev->desc);
  if (mode == BNB_DEVICE_CALIBRATE_CACHED
      && bnb_device_cache_apply (dev->cache_path, &dev->desc))
    return TRUE;
  g_message ("calibrating %s: its peak rates, measured once in a few "
             "seconds and kept in %s; a busy machine measures them low "
             "(`bnbtune devices --recalibrate --device %u` on an idle one "
             "measures again)",
             dev->desc.name, dev->cache_path, dev->index);
  if (!bnb_device_calibrate (dev, error))
    return FALSE;
  save_cache (dev);
  return TRUE;
}

/* The device `spec` names, described (queried, hwloc, tables), not yet
 * opened. */
static BnbDevice *
select_described (const char *spec, GError **error)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr (BnbDevice) dev = select_device (spec, error);
  g_autoptr (BnbDeviceTopology) topology = NULL;
  if (!dev)
    return NULL;
  gint64 selected = g_get_monotonic_time ();
  topology = bnb_device_topology_new ();
  if (!describe (&dev->entry, topology, &dev->desc, error))
    return NULL;
  g_debug ("device %u: selected in %.3f s, described in %.3f s", dev->index,
           (selected - start) * 1e-6,
           (g_get_monotonic_time () - selected) * 1e-6);
  return g_steal_pointer (&dev);
}

BnbDevice *
bnb_device_open_full (const char *spec, BnbDeviceCalibrate mode,
                      GError **error)
{
  g_autoptr (BnbDevice) dev = select_described (spec, error);
  gint64 start = g_get_monotonic_time ();
  if (!dev || !create_queue (dev, error))
    return NULL;
  g_debug ("device %u: context and queue in %.3f s", dev->index,
           (g_get_monotonic_time () - start) * 1e-6);
  if (!calibrate (dev, mode, error))
    return NULL;
  return g_steal_pointer (&dev);
}

gboolean
bnb_device_describe (const char *spec, BnbDeviceDesc *desc, char **reason,
                     GError **error)
{
  g_autoptr (BnbDevice) dev = select_described (spec, error);
  if (!dev)
    return FALSE;
  g_autofree char *path = bnb_device_desc_cache_path (&dev->desc);
  /* without cached figures it is opened and calibrated (and the cache
   * written), as bnb_device_open_full would */
  if (!bnb_device_cache_apply (path, &dev->desc)
      && (!create_queue (dev, error)
          || !calibrate (dev, BNB_DEVICE_CALIBRATE_FORCE, error)))
    return FALSE;
  *desc = dev->desc;
  *reason = g_strdup (dev->reason);
  return TRUE;
}

BnbDevice *
bnb_device_open (const char *spec, gboolean recalibrate, GError **error)
{
  return bnb_device_open_full (spec,
                               recalibrate ? BNB_DEVICE_CALIBRATE_FORCE
                                           : BNB_DEVICE_CALIBRATE_CACHED,
                               error);
}

void
bnb_device_free (BnbDevice *dev)
{
  if (!dev)
    return;
  if (dev->queue)
    bnb_device_check_cl (clReleaseCommandQueue (dev->queue),
                         "clReleaseCommandQueue", NULL);
  if (dev->context)
    bnb_device_check_cl (clReleaseContext (dev->context), "clReleaseContext",
                         NULL);
  g_free (dev->reason);
  g_free (dev->cache_path);
  g_free (dev);
}

const BnbDeviceDesc *
bnb_device_desc (const BnbDevice *dev)
{
  g_return_val_if_fail (dev != NULL, NULL);
  return &dev->desc;
}

guint
bnb_device_index (const BnbDevice *dev)
{
  g_return_val_if_fail (dev != NULL, 0);
  return dev->index;
}

const char *
bnb_device_reason (const BnbDevice *dev)
{
  g_return_val_if_fail (dev != NULL, NULL);
  return dev->reason;
}

const char *
bnb_device_cache_path (const BnbDevice *dev)
{
  g_return_val_if_fail (dev != NULL, NULL);
  return dev->cache_path;
}

struct _cl_context *
bnb_device_context (const BnbDevice *dev)
{
  g_return_val_if_fail (dev != NULL, NULL);
  return dev->context;
}

struct _cl_device_id *
bnb_device_id (const BnbDevice *dev)
{
  g_return_val_if_fail (dev != NULL, NULL);
  return dev->entry.id;
}

struct _cl_command_queue *
bnb_device_queue (const BnbDevice *dev)
{
  g_return_val_if_fail (dev != NULL, NULL);
  return dev->queue;
}
