/* What hwloc says about the machine: for a CPU device its cores, NUMA
 * nodes and caches; for a GPU its PCI bus id (from hwloc's OpenCL OS
 * device when hwloc has one) and the CPUs near it.  Nothing here fails:
 * a topology hwloc cannot load, or a device it does not see, leaves the
 * fields empty.  The float SIMD width of a CPU comes from its flags. */
#include "devices/devices-private.h"

#include <hwloc.h>
#include <stdio.h>
#include <string.h>

struct _BnbDeviceTopology {
  hwloc_topology_t topology;
  gboolean loaded;
};

BnbDeviceTopology *
bnb_device_topology_new (void)
{
  BnbDeviceTopology *t = g_new0 (BnbDeviceTopology, 1);
  if (hwloc_topology_init (&t->topology) < 0)
    return t;
  hwloc_topology_set_io_types_filter (t->topology,
                                      HWLOC_TYPE_FILTER_KEEP_IMPORTANT);
  if (hwloc_topology_load (t->topology) < 0)
    hwloc_topology_destroy (t->topology);
  else
    t->loaded = TRUE;
  return t;
}

void
bnb_device_topology_free (BnbDeviceTopology *t)
{
  if (!t)
    return;
  if (t->loaded)
    hwloc_topology_destroy (t->topology);
  g_free (t);
}

static guint64
cache_size (hwloc_topology_t topo, hwloc_obj_type_t type)
{
  hwloc_obj_t obj = hwloc_get_obj_by_type (topo, type, 0);
  return obj && obj->attr ? obj->attr->cache.size : 0;
}

static guint
count_of (hwloc_topology_t topo, hwloc_obj_type_t type)
{
  int n = hwloc_get_nbobjs_by_type (topo, type);
  return n > 0 ? (guint)n : 0;
}

static void
fill_cpu (hwloc_topology_t topo, BnbDeviceDesc *d)
{
  d->cores = count_of (topo, HWLOC_OBJ_CORE);
  d->pus = count_of (topo, HWLOC_OBJ_PU);
  d->numa_nodes = count_of (topo, HWLOC_OBJ_NUMANODE);
  d->l1d_bytes = cache_size (topo, HWLOC_OBJ_L1CACHE);
  d->l2_bytes = cache_size (topo, HWLOC_OBJ_L2CACHE);
  d->l3_bytes = cache_size (topo, HWLOC_OBJ_L3CACHE);
  d->l3_count = count_of (topo, HWLOC_OBJ_L3CACHE);
}

static hwloc_obj_t
opencl_osdev (hwloc_topology_t topo, const BnbDeviceEntry *e)
{
  hwloc_obj_t osdev = NULL;
  unsigned p, q;
  while ((osdev = hwloc_get_next_osdev (topo, osdev)) != NULL)
    if (osdev->name && sscanf (osdev->name, "opencl%ud%u", &p, &q) == 2
        && p == e->platform_index && q == e->device_index)
      return osdev;
  return NULL;
}

static void
bus_id_from_osdev (hwloc_topology_t topo, const BnbDeviceEntry *e,
                   BnbDeviceDesc *d)
{
  hwloc_obj_t osdev = opencl_osdev (topo, e);
  hwloc_obj_t pci = osdev ? osdev->parent : NULL;
  if (!pci || pci->type != HWLOC_OBJ_PCI_DEVICE)
    return;
  g_snprintf (d->pci_bus_id, sizeof d->pci_bus_id, "%04x:%02x:%02x.%x",
              pci->attr->pcidev.domain, pci->attr->pcidev.bus,
              pci->attr->pcidev.dev, pci->attr->pcidev.func);
}

static void
fill_locality (hwloc_topology_t topo, BnbDeviceDesc *d)
{
  hwloc_obj_t pci, near;
  char *list = NULL;
  if (!*d->pci_bus_id)
    return;
  pci = hwloc_get_pcidev_by_busidstring (topo, d->pci_bus_id);
  near = pci ? hwloc_get_non_io_ancestor_obj (topo, pci) : NULL;
  if (!near || !near->cpuset
      || hwloc_bitmap_list_asprintf (&list, near->cpuset) < 0)
    return;
  bnb_device_copy_string (d->local_cpus, sizeof d->local_cpus, list);
  free (list);
}

void
bnb_device_topology_fill (const BnbDeviceTopology *t, const BnbDeviceEntry *e,
                          BnbDeviceDesc *d)
{
  if (d->type == BNB_DEVICE_TYPE_CPU && d->simd_width == 0)
    d->simd_width = bnb_device_host_simd_width ();
  if (!t || !t->loaded)
    return;
  if (d->type == BNB_DEVICE_TYPE_CPU)
    {
      fill_cpu (t->topology, d);
      return;
    }
  bus_id_from_osdev (t->topology, e, d);
  fill_locality (t->topology, d);
}

static guint
simd_of_flags (const char *line)
{
  g_auto (GStrv) words = g_strsplit_set (line, " \t:", -1);
  const char *const *w = (const char *const *)words;
  if (g_strv_contains (w, "avx512f"))
    return 16;
  if (g_strv_contains (w, "avx") || g_strv_contains (w, "avx2"))
    return 8;
  if (g_strv_contains (w, "sse") || g_strv_contains (w, "asimd")
      || g_strv_contains (w, "neon"))
    return 4;
  return 0;
}

guint
bnb_device_host_simd_width (void)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  if (!g_file_get_contents ("/proc/cpuinfo", &text, NULL, NULL))
    return 0;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "flags")
        || g_str_has_prefix (lines[i], "Features"))
      return simd_of_flags (lines[i]);
  return 0;
}
