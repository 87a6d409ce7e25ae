#!/usr/bin/env bash
# Branch and bound on mxm at N=1024 on the GPU within a time budget, then
# the strategies compared at one budget of evaluations (issue 5).  Reports
# under OUT/bnb and OUT/compare.
# Usage: bench/gpu-search.sh [BNB_BUDGET] [COMPARE_BUDGET] [SEEDS]
set -u
out=${OUT:-out}
export XDG_CACHE_HOME=$PWD/.bnbcache XDG_DATA_HOME=$out/data
size=M=1024,N=1024,K=1024
./bnbtune --kernel data/kernels/mxm.ir --size $size --device gpu \
  --budget "${1:-150s}" --workers 14 --quiet --report "$out/bnb" \
  > "$out/bnb-summary.txt" 2>&1
./bnbtune compare --kernel data/kernels/mxm.ir --size $size --device gpu \
  --budget "${2:-30}" --seeds "${3:-2}" --workers 14 --quiet \
  --report "$out/compare" > "$out/compare-summary.txt" 2>&1
tail -n 40 "$out/bnb-summary.txt" "$out/compare-summary.txt"
