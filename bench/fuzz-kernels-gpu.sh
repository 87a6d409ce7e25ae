#!/usr/bin/env bash
# The differential run on a GPU (issue 14): 500 generated kernels x 2
# random leaves on DEVICE (e.g. "gpu" or an index from `bnbtune devices`),
# 8 processes building at once (the driver's compiler is the bottleneck);
# prints the same outcome counts as bench/fuzz-kernels.sh, which it runs.
# Usage: bench/fuzz-kernels-gpu.sh DEVICE   (KERNELS, LEAVES, SEED, PROCS
# and DIR as for fuzz-kernels.sh)
set -u
[ $# -eq 1 ] || { echo "usage: $0 DEVICE" >&2; exit 2; }
KERNELS=${KERNELS:-500} LEAVES=${LEAVES:-2} PROCS=${PROCS:-8} \
  exec "$(dirname "$0")/fuzz-kernels.sh" "$1"
