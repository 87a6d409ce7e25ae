/* OpenCL devices and the description of a device that the model reads.
 *
 * Every device of every OpenCL platform is numbered in the order the ICD
 * loader gives them (platform by platform); that number is what
 * `--device N` means.  A device is opened by a specification: an index,
 * `gpu`, `cpu` or a part of its name (docs/devices.md).
 *
 * A device description (BnbDeviceDesc) is a plain struct, copied by
 * assignment.  Its fields come from four places:
 *
 *   OpenCL queries   name, counts, limits, clock, vector widths
 *   hwloc            CPU cores, NUMA nodes and caches; GPU PCI locality
 *   vendors.ini      what OpenCL does not say (SIMD width, FP32 lanes per
 *                    compute unit, issue rate) and the datasheet peaks
 *   calibration      the peak rates measured by micro-benchmarks on the
 *                    device, cached in $XDG_CACHE_HOME/bnbtune/
 *
 * and it round-trips through a GLib key file (.ini), the format of the
 * calibration cache and of `--device-file` descriptions of absent devices.
 *
 * This header includes no OpenCL or hwloc header: model/ includes it.
 * The OpenCL handles are handed out as the structs cl.h typedefs them to.
 */
#ifndef BNB_DEVICES_H
#define BNB_DEVICES_H

#include "choices/choices.h"

struct _cl_context;
struct _cl_device_id;
struct _cl_command_queue;
struct _cl_mem;
struct _cl_program;
struct _cl_kernel;
struct _cl_event;

#define BNB_DEVICE_ERROR (bnb_device_error_quark ())
GQuark bnb_device_error_quark (void);

typedef enum {
  BNB_DEVICE_ERROR_NO_PLATFORM, /* the ICD loader lists no platform */
  BNB_DEVICE_ERROR_NOT_FOUND,   /* no device matches a specification */
  BNB_DEVICE_ERROR_OPENCL,      /* an OpenCL call failed */
  BNB_DEVICE_ERROR_FILE,        /* a description file is unreadable */
  BNB_DEVICE_ERROR_CALIBRATION, /* a micro-benchmark gave no figure */
} BnbDeviceError;

typedef enum {
  BNB_DEVICE_TYPE_OTHER,
  BNB_DEVICE_TYPE_CPU,
  BNB_DEVICE_TYPE_GPU,
} BnbDeviceType;

/* Where a peak figure comes from. */
typedef enum {
  BNB_DEVICE_SOURCE_NONE,       /* unknown: the figure is 0 */
  BNB_DEVICE_SOURCE_DERIVED,    /* counts x clock x the table's per-CU rate */
  BNB_DEVICE_SOURCE_TABLE,      /* a datasheet figure from vendors.ini */
  BNB_DEVICE_SOURCE_CALIBRATED, /* measured on the device */
} BnbDeviceSource;

/* One peak rate (or, for launch overhead, one least time).  `value` is
 * what the model reads: the calibrated figure when there is one, else the
 * datasheet's.  A calibrated rate is the best of its repetitions and is
 * never above the datasheet: a measurement above it is clamped, and
 * `clamped` says so. */
typedef struct {
  double value;
  BnbDeviceSource source;
  double datasheet;
  BnbDeviceSource datasheet_source;
  double measured; /* best measurement before clamping; 0 if none */
  gboolean clamped;
} BnbDevicePeak;

typedef struct {
  /* OpenCL queries */
  char name[256];
  char vendor[128];
  char driver_version[128];
  char platform[128];
  char opencl_version[128];
  char arch[32]; /* "sm_90" on NVIDIA; empty where unknown */
  BnbDeviceType type;
  guint compute_units;
  guint max_work_group_size;
  guint max_work_item_sizes[3];
  guint64 local_mem_bytes;
  guint64 global_mem_bytes;
  guint64 max_alloc_bytes;
  guint max_clock_mhz;
  guint preferred_vector_width_float;
  guint native_vector_width_float;
  /* the vendor table (simd_width: the NVIDIA warp query, or CPU flags) */
  char table_entry[64]; /* the vendors.ini section used; empty if none */
  guint simd_width;     /* warp 32, wavefront 64, CPU float SIMD lanes */
  guint lanes_per_cu;   /* FP32 lanes per compute unit */
  guint issue_rate;     /* SIMD instructions issued per cycle per CU */
  double group_starts_per_cycle; /* work-groups the device starts per
                                    cycle at most; 0 unknown */
  guint lsu_per_cu;     /* load/store lanes per CU: memory instructions'
                           work-items served per cycle; 0 unknown */
  double barrier_step_cycles; /* least cycles of a loop step a barrier
                                 splits: store, barrier, load, barrier;
                                 0 unknown */
  double l1_line_bytes; /* the L1 line of which a global load takes a
                           cycle per line its warp touches; 0 unknown */
  double local_banks;   /* local-memory banks, each serving one
                           distinct word a cycle; 0 unknown */
  double local_bank_bytes;    /* a bank's word (bytes); 0: 4 */
  double local_shares_l1; /* 1: local memory and the L1's data path are
                             one, serving one access at a time; 0 no */
  double l1_wide_line_cycles; /* cycles a line of a global load of 8 or
                                 16 bytes a work-item takes; 0: one */
  double local_merge_bytes; /* the most bytes one local-memory load or
                               store moves for a work-item from accesses
                               the source writes one element at a time,
                               where the address holds a local id (merged
                               by the compiler); 0 unknown */
  /* peaks: FLOP/s (an FMA is 2), bytes/s (read + write), seconds */
  BnbDevicePeak fp32_flops;
  BnbDevicePeak global_bandwidth;
  BnbDevicePeak local_bandwidth;
  BnbDevicePeak launch_overhead_s; /* END - START of an empty kernel */
  double launch_host_s; /* host round trip: enqueue to clFinish, median */
  gint64 calibrated_at; /* g_get_real_time () of the calibration; 0: none */
  double calibration_seconds;
  /* hwloc: the host's CPUs, and where a GPU sits */
  guint cores;
  guint pus;
  guint numa_nodes;
  guint64 l1d_bytes; /* one cache of each level */
  guint64 l2_bytes;
  guint64 l3_bytes;
  guint l3_count;
  char pci_bus_id[32]; /* "0000:19:00.0"; empty if unknown */
  char local_cpus[64]; /* hwloc list of the CPUs near the device */
} BnbDeviceDesc;

const char *bnb_device_type_name (BnbDeviceType type);
const char *bnb_device_source_name (BnbDeviceSource source);

/* Reads a description written by bnb_device_desc_save_file or by hand
 * (docs/devices.md).  `desc` is overwritten; on failure it is cleared. */
gboolean bnb_device_desc_load_file (const char *path, BnbDeviceDesc *desc,
                                    GError **error);
gboolean bnb_device_desc_save_file (const BnbDeviceDesc *desc,
                                    const char *path, GError **error);
/* $XDG_CACHE_HOME/bnbtune/NAME-DRIVER.ini, where the calibration of the
 * device `desc` describes is cached (whether or not it exists). */
BNB_GIVE char *bnb_device_desc_cache_path (const BnbDeviceDesc *desc)
    G_GNUC_WARN_UNUSED_RESULT;
/* The limits the space is built for: work-group and item sizes, local
 * memory, vector widths 2 and 4 (8 and 16 too where the device prefers
 * them), unrolling up to 64. */
BnbChoiceLimits bnb_device_desc_limits (const BnbDeviceDesc *desc);
/* Sets the peaks' values from their measurements and datasheets: a
 * measured rate is kept unless above its datasheet (then clamped). */
void bnb_device_desc_settle_peaks (BnbDeviceDesc *desc);

/* Every device of every platform, in `--device N` order, as descriptions:
 * queried, with hwloc and table figures and the cached calibration where
 * one exists (nothing is run).  An array of BnbDeviceDesc*. */
BNB_GIVE GPtrArray *bnb_device_list (GError **error) G_GNUC_WARN_UNUSED_RESULT;

typedef struct _BnbDevice BnbDevice;

typedef enum {
  BNB_DEVICE_CALIBRATE_NEVER,  /* table figures only; no cache, no run */
  BNB_DEVICE_CALIBRATE_CACHED, /* the cached figures, else a run */
  BNB_DEVICE_CALIBRATE_FORCE,  /* a new run, replacing the cache */
} BnbDeviceCalibrate;

/* Whether `specs` names several devices: a comma-separated list of
 * specifications, or `all`, `all-gpu`, `all-cpu` (every device, of a
 * type) as one of them. */
gboolean bnb_device_spec_is_list (const char *specs);
/* The devices `specs` names, each as its index ("0", "1"), in the order
 * named; a spec that is no list comes back as itself, alone.  A device
 * named twice, devices of more than one kind (name and driver), or an
 * item that names none, is an error. */
BNB_GIVE char **bnb_device_split_specs (const char *specs, GError **error)
    G_GNUC_WARN_UNUSED_RESULT;

/* Opens the device `spec` names (NULL or "" picks the first GPU, else
 * device 0) with a context and a profiling queue, and calibrates it
 * (from the cache unless `recalibrate`).  An unknown spec is an error
 * whose message lists the devices. */
BNB_GIVE BnbDevice *bnb_device_open (const char *spec, gboolean recalibrate,
                                     GError **error) G_GNUC_WARN_UNUSED_RESULT;
BNB_GIVE BnbDevice *bnb_device_open_full (const char *spec,
                                          BnbDeviceCalibrate calibrate,
                                          GError **error)
    G_GNUC_WARN_UNUSED_RESULT;
/* The description bnb_device_open (spec, FALSE, ...) would give, and why
 * that device (bnb_device_reason), without a context when the
 * calibration cache has its figures (a context costs a second or more on
 * some drivers); else the device is opened and calibrated. */
gboolean bnb_device_describe (const char *spec, BnbDeviceDesc *desc,
                              BNB_GIVE char **reason, GError **error);
void bnb_device_free (BNB_TAKE BnbDevice *device);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbDevice, bnb_device_free)

BNB_KEEP const BnbDeviceDesc *bnb_device_desc (const BnbDevice *device);
guint bnb_device_index (const BnbDevice *device);
/* Why this device was chosen: "device 1 of 2, the first GPU". */
BNB_KEEP const char *bnb_device_reason (const BnbDevice *device);
/* The path of the calibration cache; empty where calibration is off. */
BNB_KEEP const char *bnb_device_cache_path (const BnbDevice *device);
BNB_KEEP struct _cl_context *bnb_device_context (const BnbDevice *device);
BNB_KEEP struct _cl_device_id *bnb_device_id (const BnbDevice *device);
/* An in-order queue with CL_QUEUE_PROFILING_ENABLE. */
BNB_KEEP struct _cl_command_queue *bnb_device_queue (const BnbDevice *device);

/* OpenCL objects released by g_autoptr (through the checker, quietly):
 * g_autoptr (BnbClMem) buffer = clCreateBuffer (...). */
typedef struct _cl_mem BnbClMem;
typedef struct _cl_program BnbClProgram;
typedef struct _cl_kernel BnbClKernel;
typedef struct _cl_event BnbClEvent;
void bnb_device_release_mem (BnbClMem *mem);
void bnb_device_release_program (BnbClProgram *program);
void bnb_device_release_kernel (BnbClKernel *kernel);
void bnb_device_release_event (BnbClEvent *event);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbClMem, bnb_device_release_mem)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbClProgram, bnb_device_release_program)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbClKernel, bnb_device_release_kernel)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BnbClEvent, bnb_device_release_event)

/* The one checker of OpenCL calls: TRUE if `status` is CL_SUCCESS, else
 * sets "CALL failed: CL_NAME (CODE)" in BNB_DEVICE_ERROR_OPENCL. */
gboolean bnb_device_check_cl (gint32 status, const char *call, GError **error);
/* "CL_BUILD_PROGRAM_FAILURE"; "unknown OpenCL error" for other codes. */
const char *bnb_device_cl_error_name (gint32 status);

#endif
