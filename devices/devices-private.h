/* What the files of devices/ share and no other folder may include: the
 * body of BnbDevice and the steps that fill a description.
 *
 *   enumerate -> query (OpenCL) -> topology (hwloc, CPU flags)
 *             -> table (vendors.ini) -> cache or calibration -> settle
 */
#ifndef BNB_DEVICES_PRIVATE_H
#define BNB_DEVICES_PRIVATE_H

#include "devices/devices.h"

#include <CL/cl.h>
#include <CL/cl_ext.h>

/* One device as the ICD loader enumerates it. */
typedef struct {
  cl_platform_id platform;
  cl_device_id id;
  guint platform_index;
  guint device_index; /* within its platform */
} BnbDeviceEntry;

struct _BnbDevice {
  BnbDeviceEntry entry;
  cl_context context;
  cl_command_queue queue;
  BnbDeviceDesc desc;
  guint index;
  char *reason;
  char *cache_path;
};

/* device.c: every (platform, device) pair; NO_PLATFORM if none. */
BNB_GIVE GArray *bnb_device_enumerate (GError **error);

/* query.c: the OpenCL figures of a device, including the NVIDIA warp
 * size, architecture and PCI bus id where the driver tells them. */
gboolean bnb_device_query (const BnbDeviceEntry *entry, BnbDeviceDesc *desc,
                           GError **error);

/* topology.c: hwloc, loaded once for several devices; never fails (a
 * topology hwloc cannot load leaves the fields empty). */
typedef struct _BnbDeviceTopology BnbDeviceTopology;
BNB_GIVE BnbDeviceTopology *bnb_device_topology_new (void);
void bnb_device_topology_free (BNB_TAKE BnbDeviceTopology *topology);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbDeviceTopology, bnb_device_topology_free)
void bnb_device_topology_fill (const BnbDeviceTopology *topology,
                               const BnbDeviceEntry *entry,
                               BnbDeviceDesc *desc);
/* Float SIMD lanes of the host CPU from its flags; 0 if unknown. */
guint bnb_device_host_simd_width (void);

/* table.c: the first vendors.ini section that fits the device. */
gboolean bnb_device_table_apply (BnbDeviceDesc *desc, GError **error);
/* data/devices/NAME: under $BNBTUNE_DATA, ./data, beside the binary (up
 * to three folders up: the build tree), or PREFIX/share/bnbtune/devices
 * for a binary in PREFIX/bin (make install); NULL if none exists. */
BNB_GIVE char *bnb_device_data_path (const char *name);

/* calibrate.c */
gboolean bnb_device_calibrate (BnbDevice *device, GError **error);
/* Takes the measurements of the cache file into `desc` if the file
 * describes the same device; FALSE (no error) if it does not exist or
 * does not fit. */
gboolean bnb_device_cache_apply (const char *path, BnbDeviceDesc *desc);

void bnb_device_copy_string (char *dest, gsize size, const char *src);

#endif
