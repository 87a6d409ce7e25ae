#!/usr/bin/env bash
# One warp's local-load rate on a GPU (bench/lds-rate.cl): work-groups of
# WG work-items, GROUPS per compute unit, each work-item ITERS steps of LDS
# independent local loads (32 consecutive floats per warp, a new address
# every step) feeding max(ACCS, LDS) FMAs on ACCS chains, timed by
# `bnbtune run` (warm-up, median of 20 profiled launches, output checked).
# Prints local-load and FMA warp instructions per cycle, per compute unit
# and per warp, at the description's clock.  The model's
# `warp_local_loads_per_cycle` figure (docs/model.md) is the highest
# per-warp local-load rate seen with at most one warp per scheduler.
# Usage: bench/lds-rate.sh [DEVICE] [UNITS] [CLOCK_HZ]
set -eu
device=${1:-gpu}
units=${2:-132}
clock=${3:-1.98e9}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf "wg\tgroups\taccs\tlds\titers\tmedian_s\tlds_per_cycle_cu\tlds_per_cycle_warp\tfma_per_cycle_warp\n"
for cfg in ${CONFIGS:-32:1:16:16 128:1:16:16 128:1:64:16 128:1:16:4 128:1:64:64 128:1:8:32 128:1:4:64 128:1:64:8 256:1:16:16 512:1:16:16 1024:1:16:16}; do
  IFS=: read -r wg groups accs lds <<<"$cfg"
  iters=${ITERS:-2048}
  src=$dir/k-$wg-$groups-$accs-$lds.cl
  { echo "#define WG $wg"; echo "#define ACCS $accs"; echo "#define ITERS $iters"
    echo "#define LDS $lds"; cat bench/lds-rate.cl; } > "$src"
  n=$((units * groups * wg))
  t=$(./bnbtune run --kernel data/kernels/axpy.ir --size N=$n --device "$device" \
        --source "$src" --global $n --local $wg --no-journal \
        --repetitions 20 --warmup 3 2>&1 | sed -n "s/^time: \([0-9.]*\) \([a-zµ]*\) median.*/\1 \2/p")
  echo "$wg $groups $accs $lds $iters $t $units $clock" | awk '{
    v=$6; u=$7; if(u=="ms")v/=1e3; else if(u=="us"||u=="µs")v/=1e6; else if(u=="ns")v/=1e9;
    warps=$1*$2/32; lds=warps*$4*$5; f=($3>$4?$3:$4); fma=warps*f*$5; cyc=v*$9;
    printf "%d\t%d\t%d\t%d\t%d\t%.4g\t%.3f\t%.3f\t%.3f\n",$1,$2,$3,$4,$5,v,lds/cyc,lds/cyc/warps,fma/cyc/warps }'
done
