/* What OpenCL says about a device: names, counts, limits, clock and
 * vector widths, and, through cl_nv_device_attribute_query or
 * cl_khr_pci_bus_info, the warp size, the architecture and the PCI bus
 * id.  The optional queries fail quietly: a driver without the extension
 * leaves the field empty. */
#include "devices/devices-private.h"

#include <stdio.h>
#include <string.h>

#define NV_COMPUTE_CAPABILITY_MAJOR 0x4000
#define NV_COMPUTE_CAPABILITY_MINOR 0x4001
#define NV_WARP_SIZE 0x4003
#define NV_PCI_BUS_ID 0x4008
#define NV_PCI_SLOT_ID 0x4009
#define NV_PCI_DOMAIN_ID 0x400A
#define KHR_PCI_BUS_INFO 0x410F

typedef struct {
  cl_uint domain, bus, device, function;
} PciBusInfo;

static gboolean
device_info (cl_device_id id, cl_device_info what, gsize size, void *dest,
             GError **error)
{
  return bnb_device_check_cl (clGetDeviceInfo (id, what, size, dest, NULL),
                              "clGetDeviceInfo", error);
}

static gboolean
device_string (cl_device_id id, cl_device_info what, char *dest, gsize size,
               GError **error)
{
  g_autofree char *buf = NULL;
  size_t n = 0;
  if (!bnb_device_check_cl (clGetDeviceInfo (id, what, 0, NULL, &n),
                            "clGetDeviceInfo", error))
    return FALSE;
  buf = g_malloc0 (n + 1);
  if (!device_info (id, what, n, buf, error))
    return FALSE;
  bnb_device_copy_string (dest, size, buf);
  return TRUE;
}

static gboolean
platform_string (cl_platform_id id, char *dest, gsize size, GError **error)
{
  char buf[256] = { 0 };
  if (!bnb_device_check_cl (clGetPlatformInfo (id, CL_PLATFORM_NAME,
                                               sizeof buf - 1, buf, NULL),
                            "clGetPlatformInfo", error))
    return FALSE;
  bnb_device_copy_string (dest, size, buf);
  return TRUE;
}

static gboolean
device_uint (cl_device_id id, cl_device_info what, guint *dest, GError **error)
{
  cl_uint v = 0;
  if (!device_info (id, what, sizeof v, &v, error))
    return FALSE;
  *dest = v;
  return TRUE;
}

static gboolean
device_ulong (cl_device_id id, cl_device_info what, guint64 *dest,
              GError **error)
{
  cl_ulong v = 0;
  if (!device_info (id, what, sizeof v, &v, error))
    return FALSE;
  *dest = v;
  return TRUE;
}

static BnbDeviceType
type_of (cl_device_type t)
{
  if (t & CL_DEVICE_TYPE_GPU)
    return BNB_DEVICE_TYPE_GPU;
  if (t & CL_DEVICE_TYPE_CPU)
    return BNB_DEVICE_TYPE_CPU;
  return BNB_DEVICE_TYPE_OTHER;
}

static gboolean
query_sizes (cl_device_id id, BnbDeviceDesc *d, GError **error)
{
  size_t wg = 0, items[3] = { 0 };
  cl_uint dims = 0;
  cl_device_type type = 0;
  g_autofree size_t *all = NULL;
  if (!device_info (id, CL_DEVICE_TYPE, sizeof type, &type, error)
      || !device_info (id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg,
                       error)
      || !device_info (id, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof dims,
                       &dims, error))
    return FALSE;
  all = g_new0 (size_t, MAX (dims, 3));
  if (!device_info (id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof (size_t) * dims,
                    all, error))
    return FALSE;
  memcpy (items, all, sizeof items);
  d->type = type_of (type);
  d->max_work_group_size = (guint)MIN (wg, G_MAXUINT);
  for (guint h = 0; h < 3; h++)
    d->max_work_item_sizes[h] = (guint)MIN (items[h], G_MAXUINT);
  return TRUE;
}

static gboolean
query_strings (const BnbDeviceEntry *e, BnbDeviceDesc *d, GError **error)
{
  return device_string (e->id, CL_DEVICE_NAME, d->name, sizeof d->name, error)
         && device_string (e->id, CL_DEVICE_VENDOR, d->vendor,
                           sizeof d->vendor, error)
         && device_string (e->id, CL_DRIVER_VERSION, d->driver_version,
                           sizeof d->driver_version, error)
         && device_string (e->id, CL_DEVICE_VERSION, d->opencl_version,
                           sizeof d->opencl_version, error)
         && platform_string (e->platform, d->platform, sizeof d->platform,
                             error);
}

static gboolean
query_numbers (cl_device_id id, BnbDeviceDesc *d, GError **error)
{
  return device_uint (id, CL_DEVICE_MAX_COMPUTE_UNITS, &d->compute_units,
                      error)
         && device_uint (id, CL_DEVICE_MAX_CLOCK_FREQUENCY, &d->max_clock_mhz,
                         error)
         && device_uint (id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT,
                         &d->preferred_vector_width_float, error)
         && device_uint (id, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT,
                         &d->native_vector_width_float, error)
         && device_ulong (id, CL_DEVICE_LOCAL_MEM_SIZE, &d->local_mem_bytes,
                          error)
         && device_ulong (id, CL_DEVICE_GLOBAL_MEM_SIZE, &d->global_mem_bytes,
                          error)
         && device_ulong (id, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                          &d->max_alloc_bytes, error);
}

static gboolean
has_extension (cl_device_id id, const char *name)
{
  char buf[8192] = { 0 };
  g_auto (GStrv) words = NULL;
  if (!device_string (id, CL_DEVICE_EXTENSIONS, buf, sizeof buf, NULL))
    return FALSE;
  words = g_strsplit (buf, " ", -1);
  return g_strv_contains ((const char *const *)words, name);
}

static void
query_nvidia (cl_device_id id, BnbDeviceDesc *d)
{
  guint major = 0, minor = 0, warp = 0;
  if (!has_extension (id, "cl_nv_device_attribute_query"))
    return;
  if (device_uint (id, NV_WARP_SIZE, &warp, NULL) && warp > 0)
    d->simd_width = warp;
  if (device_uint (id, NV_COMPUTE_CAPABILITY_MAJOR, &major, NULL)
      && device_uint (id, NV_COMPUTE_CAPABILITY_MINOR, &minor, NULL))
    g_snprintf (d->arch, sizeof d->arch, "sm_%u%u", major, minor);
}

static gboolean
pci_from_nvidia (cl_device_id id, PciBusInfo *pci)
{
  guint bus = 0, slot = 0, domain = 0;
  if (!has_extension (id, "cl_nv_device_attribute_query")
      || !device_uint (id, NV_PCI_BUS_ID, &bus, NULL)
      || !device_uint (id, NV_PCI_SLOT_ID, &slot, NULL))
    return FALSE;
  if (!device_uint (id, NV_PCI_DOMAIN_ID, &domain, NULL))
    domain = 0;
  pci->domain = domain;
  pci->bus = bus & 0xff;
  pci->device = slot >> 3;
  pci->function = slot & 7;
  return TRUE;
}

static void
query_pci (cl_device_id id, BnbDeviceDesc *d)
{
  PciBusInfo pci = { 0 };
  gboolean found
      = has_extension (id, "cl_khr_pci_bus_info")
        && device_info (id, KHR_PCI_BUS_INFO, sizeof pci, &pci, NULL);
  if (found || pci_from_nvidia (id, &pci))
    g_snprintf (d->pci_bus_id, sizeof d->pci_bus_id, "%04x:%02x:%02x.%x",
                pci.domain, pci.bus, pci.device, pci.function);
}

gboolean
bnb_device_query (const BnbDeviceEntry *e, BnbDeviceDesc *d, GError **error)
{
  memset (d, 0, sizeof *d);
  if (!query_strings (e, d, error) || !query_sizes (e->id, d, error)
      || !query_numbers (e->id, d, error))
    return FALSE;
  query_nvidia (e->id, d);
  query_pci (e->id, d);
  return TRUE;
}
