/* The device figures of the model, chosen so that each is a peak (a rate
 * nothing can exceed) or a least time.  A calibrated rate is only what a
 * benchmark reached, so the datasheet wins when it is higher; a rate known
 * only from calibration is taken three times over.  Figures OpenCL does not
 * give (the L1 path of a CPU, what may stay cached between launches) are
 * generous constants, said in docs/model.md, and a CPU's clock is taken
 * at twice what OpenCL reports.  Per-operation costs
 * (FLOPs on the FMA pipes, issue slots, chain latencies) are here too,
 * because they differ between GPUs and CPUs. */
#include "model/model-private.h"

#include <string.h>

#define UNCHECKED_RATE_MARGIN 3.0
#define LAUNCH_MARGIN 0.75
#define GPU_ON_CHIP_BYTES (512.0 * 1024 * 1024)
#define CPU_ON_CHIP_UNKNOWN (1024.0 * 1024 * 1024)
#define CPU_ACCESSES_PER_CYCLE 4.0
#define CPU_CLOCK_ALLOWANCE 2.0
#define GPU_CACHE_BYTES_PER_CYCLE 256.0
#define FLOAT_BYTES 4.0

static double
peak_rate (const BnbDevicePeak *p)
{
  double r = MAX (MAX (p->value, p->datasheet), p->measured);
  if (p->datasheet <= 0 && p->source == BNB_DEVICE_SOURCE_CALIBRATED)
    r *= UNCHECKED_RATE_MARGIN;
  return r;
}

static double
least_time (const BnbDevicePeak *p)
{
  double t = p->value;
  if (p->datasheet > 0 && (t <= 0 || p->datasheet < t))
    t = p->datasheet;
  return MAX (t, 0) * LAUNCH_MARGIN;
}

static double
cpu_cores (const BnbDeviceDesc *d)
{
  if (d->cores > 0)
    return MIN ((double)d->cores, (double)d->compute_units);
  return MAX (1.0, (double)(d->compute_units / 2));
}

static double
cpu_on_chip (const BnbDeviceDesc *d, double cores)
{
  if (d->l3_bytes == 0 && d->l2_bytes == 0)
    return CPU_ON_CHIP_UNKNOWN;
  return (double)d->l3_bytes * MAX (1u, d->l3_count)
         + cores * (double)(d->l2_bytes + d->l1d_bytes);
}

static void
gpu_figures (BnbModelFigures *f, const BnbDeviceDesc *d)
{
  double lanes = d->lanes_per_cu ? d->lanes_per_cu : f->simd * 4;
  f->gpu = TRUE;
  f->units = d->compute_units;
  f->partitions = MAX (1.0, lanes / f->simd);
  f->issue_bound = strstr (d->vendor, "NVIDIA") != NULL && d->issue_rate > 0;
  if (f->issue_bound)
    f->partitions = d->issue_rate;
  f->local_bytes_s = peak_rate (&d->local_bandwidth);
  if (f->local_bytes_s <= 0)
    f->local_bytes_s = GPU_CACHE_BYTES_PER_CYCLE * f->units * f->clock_hz;
  f->cache_bytes_s = f->local_bytes_s;
  f->on_chip_bytes = GPU_ON_CHIP_BYTES;
  f->mem_warps = d->lsu_per_cu / f->simd;
  f->barrier_step_s = d->barrier_step_cycles / f->clock_hz;
  f->line_bytes = d->l1_line_bytes;
  f->wide_line_cycles = MAX (d->l1_wide_line_cycles, 1);
  f->cache_cycle_bytes = f->cache_bytes_s / (f->units * f->clock_hz);
  f->local_cycle_bytes = f->local_bytes_s / (f->units * f->clock_hz);
  /* bank_cycles checks a warp's work-items over at most so many banks */
  f->banks
      = d->local_banks <= BNB_MODEL_MAX_BANKS && f->simd <= BNB_MODEL_MAX_WARP
            ? d->local_banks
            : 0;
  f->one_sram = d->local_shares_l1 > 0;
  f->bank_bytes = d->local_bank_bytes > 0 ? d->local_bank_bytes : 4;
  if (d->local_merge_bytes > 0)
    f->merge_bytes = MIN (d->local_merge_bytes, BNB_MODEL_VECTOR_BYTES);
  f->group_rate = d->group_starts_per_cycle * f->clock_hz;
  if (f->fp32_flops <= 0)
    f->fp32_flops = f->units * lanes * 2 * f->clock_hz;
}

/* A CPU may run above the clock OpenCL reports (PoCL reads the nominal
 * one where the system gives no maximum): its clock-derived figures are
 * taken at twice it. */
static void
cpu_figures (BnbModelFigures *f, const BnbDeviceDesc *d)
{
  double lanes = d->lanes_per_cu ? d->lanes_per_cu : f->simd * 2;
  f->gpu = FALSE;
  f->issue_bound = FALSE;
  f->clock_hz *= CPU_CLOCK_ALLOWANCE;
  f->units = cpu_cores (d);
  f->partitions = 1;
  f->cache_bytes_s = f->units * f->clock_hz * CPU_ACCESSES_PER_CYCLE * f->simd
                     * FLOAT_BYTES;
  f->local_bytes_s = f->cache_bytes_s;
  f->on_chip_bytes = cpu_on_chip (d, f->units);
  f->fp32_flops
      = MAX (f->fp32_flops, d->compute_units * lanes * 2 * f->clock_hz);
}

static void
chain_latencies (BnbModelFigures *f)
{
  memset (f->chain_cycles, 0, sizeof f->chain_cycles);
  f->chain_cycles[BNB_IR_OP_FMA] = 4;
  f->chain_cycles[BNB_IR_OP_MUL] = 4;
  f->chain_cycles[BNB_IR_OP_DIV] = 4;
  f->chain_cycles[BNB_IR_OP_ADD] = 3;
  f->chain_cycles[BNB_IR_OP_SUB] = 3;
  f->chain_cycles[BNB_IR_OP_MIN] = 1;
  f->chain_cycles[BNB_IR_OP_MAX] = 1;
}

gboolean
bnb_model_figures_init (BnbModelFigures *f, const BnbDeviceDesc *d,
                        GError **error)
{
  memset (f, 0, sizeof *f);
  if (d->compute_units == 0 || d->max_clock_mhz == 0)
    {
      g_set_error (error, BNB_MODEL_ERROR, BNB_MODEL_ERROR_DEVICE,
                   "device '%s' has no compute units or no clock", d->name);
      return FALSE;
    }
  f->clock_hz = d->max_clock_mhz * 1e6;
  f->simd = MAX (1u, d->simd_width);
  f->fp32_flops = peak_rate (&d->fp32_flops);
  f->dram_bytes_s = peak_rate (&d->global_bandwidth);
  f->launch_s = least_time (&d->launch_overhead_s);
  for (guint h = 0; h < 3; h++)
    f->max_items[h] = MAX (1u, d->max_work_item_sizes[h]);
  f->max_group = MAX (1u, d->max_work_group_size);
  f->merge_bytes = BNB_MODEL_VECTOR_BYTES;
  if (d->type == BNB_DEVICE_TYPE_GPU)
    gpu_figures (f, d);
  else
    cpu_figures (f, d);
  /* A CPU's empty-kernel time is the runtime's scheduling, which the
   * host's load moves: PoCL calibrated 0.41 us on a busy 2-core machine,
   * then ran whole kernels in 0.24 us.  No least time follows from it. */
  if (d->type != BNB_DEVICE_TYPE_GPU)
    f->launch_s = 0;
  chain_latencies (f);
  return TRUE;
}

/* FLOPs that occupy the FMA pipes, and issue slots, per execution.  A mul
 * and an add may be contracted into one FMA (OpenCL's FP_CONTRACT is on
 * by default): each counts half an issue slot.  On a CPU additions may
 * run on adders beside the FMA pipes (AMD Zen) and divisions on a divider:
 * they count no FLOP there.  A GPU runs double precision on units of its
 * own, beside the FP32 lanes: it counts no FP32 FLOP there. */
void
bnb_model_inst_costs (const BnbModelFigures *f, BnbIrOp op, gboolean f64,
                      BnbModelInst *inst)
{
  inst->flops = 0;
  inst->issue = 0;
  inst->latency = f->chain_cycles[op];
  switch (op)
    {
    case BNB_IR_OP_FMA:
      inst->flops = 2;
      inst->issue = 1;
      break;
    case BNB_IR_OP_MUL:
      inst->flops = 1;
      inst->issue = 0.5;
      break;
    case BNB_IR_OP_DIV:
    case BNB_IR_OP_ADD:
    case BNB_IR_OP_SUB:
      inst->flops = f->gpu ? 1 : 0;
      inst->issue = 0.5;
      break;
    case BNB_IR_OP_MIN:
    case BNB_IR_OP_MAX:
      inst->issue = 1;
      break;
    default:
      break;
    }
  if (f64 && f->gpu)
    inst->flops = 0;
}
