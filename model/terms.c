/* The names of the model's terms, their equations in the Telamon paper
 * (Section 6) and the resource each one charges, for `bnbtune explain`
 * and the search's reports. */
#include "model/model-private.h"

typedef struct {
  const char *name;
  const char *equation;
  const char *resource;
} TermInfo;

static const TermInfo term_info[BNB_MODEL_TERM_COUNT] = {
  [BNB_MODEL_TERM_LAUNCH] = { "launch overhead", "",
                              "kernel launch (least time of an empty "
                              "kernel)" },
  [BNB_MODEL_TERM_FP32] = { "device FP32 throughput", "(8)",
                            "FP32 lanes of the compute units that can be "
                            "busy" },
  [BNB_MODEL_TERM_ISSUE] = { "instruction issue", "(8)",
                             "warp schedulers (one instruction per cycle "
                             "each)" },
  [BNB_MODEL_TERM_BLOCK]
  = { "block contention", "(9)", "the busiest compute unit's work-groups" },
  [BNB_MODEL_TERM_THREAD]
  = { "thread throughput", "(3)", "issue slots of one work-item's warp" },
  [BNB_MODEL_TERM_CHAIN] = { "dependency chain", "(4)",
                             "latency of a reduction's dependent "
                             "operations" },
  [BNB_MODEL_TERM_DRAM] = { "DRAM traffic", "",
                            "global memory bandwidth (bytes no cache can "
                            "hold)" },
  [BNB_MODEL_TERM_CACHE]
  = { "global access traffic", "", "L1 / load-store path bandwidth" },
  [BNB_MODEL_TERM_LOCAL]
  = { "local memory traffic", "", "local memory bandwidth" },
  [BNB_MODEL_TERM_MEMPIPE]
  = { "memory instructions", "",
      "load/store units (each memory warp instruction takes a cycle)" },
  [BNB_MODEL_TERM_GROUPS]
  = { "work-group starts", "",
      "the device's work distributor (work-groups started per cycle)" },
  [BNB_MODEL_TERM_BARRIER]
  = { "barrier steps", "",
      "one work-group's loop steps split by a barrier, one after another" },
  [BNB_MODEL_TERM_SRAM]
  = { "L1 and local memory", "",
      "one data path per compute unit serving both, one after the other" },
};

const char *
bnb_model_term_name (BnbModelTerm term)
{
  g_return_val_if_fail (term < BNB_MODEL_TERM_COUNT, "?");
  return term_info[term].name;
}

const char *
bnb_model_term_equation (BnbModelTerm term)
{
  g_return_val_if_fail (term < BNB_MODEL_TERM_COUNT, "?");
  return term_info[term].equation;
}

const char *
bnb_model_term_resource (BnbModelTerm term)
{
  g_return_val_if_fail (term < BNB_MODEL_TERM_COUNT, "?");
  return term_info[term].resource;
}
