#!/usr/bin/env bash
# One warp's issue rate on a GPU (bench/warp-rate.cl): work-groups of WG
# work-items, GROUPS per compute unit, each work-item ITERS steps of ACCS
# independent FMAs (and LDS local loads per step where LDS is set), timed
# by `bnbtune run` (warm-up, median of 20 profiled launches, output
# checked).  Prints FMA warp instructions per cycle per compute unit and
# per warp at the description's clock.  The model's `warp_fp32_rate`
# figure (docs/model.md) comes from the highest per-warp rate seen.
# Usage: bench/warp-rate.sh [DEVICE] [UNITS] [CLOCK_HZ]
set -eu
device=${1:-gpu}
units=${2:-132}
clock=${3:-1.98e9}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf "wg\tgroups\taccs\tlds\titers\tmedian_s\tfma_per_cycle_cu\tfma_per_cycle_warp\n"
for cfg in ${CONFIGS:-32:1:16:0 64:1:16:0 128:1:16:0 128:1:8:0 128:1:4:0 128:2:16:0 128:4:16:0 256:4:16:0 128:1:16:4 128:1:16:8 128:1:16:16 256:2:16:8}; do
  IFS=: read -r wg groups accs lds <<<"$cfg"
  iters=${ITERS:-4096}
  src=$dir/k-$wg-$groups-$accs-$lds.cl
  { echo "#define WG $wg"; echo "#define ACCS $accs"; echo "#define ITERS $iters"
    [ "$lds" != 0 ] && echo "#define LDS $lds"
    cat bench/warp-rate.cl; } > "$src"
  n=$((units * groups * wg))
  t=$(./bnbtune run --kernel data/kernels/axpy.ir --size N=$n --device "$device" \
        --source "$src" --global $n --local $wg --no-journal \
        --repetitions 20 --warmup 3 2>&1 | sed -n "s/^time: \([0-9.]*\) \([a-zµ]*\) median.*/\1 \2/p")
  echo "$wg $groups $accs $lds $iters $t $units $clock" | awk '{
    v=$6; u=$7; if(u=="ms")v/=1e3; else if(u=="us"||u=="µs")v/=1e6; else if(u=="ns")v/=1e9;
    warps=$1*$2/32; fma=warps*$3*$5; cyc=v*$9;
    printf "%d\t%d\t%d\t%d\t%d\t%.4g\t%.3f\t%.3f\n",$1,$2,$3,$4,$5,v,fma/cyc,fma/cyc/warps }'
done
