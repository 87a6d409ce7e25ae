#!/usr/bin/env bash
# The L1's rate for global loads that hit it (bench/l1-rate.cl): work-groups
# of WG work-items, GROUPS per compute unit, each work-item ITERS steps of
# LDS independent global loads, each warp load touching LINES distinct
# 128-byte lines (VEC 4: float4 loads), timed by `bnbtune run` (warm-up,
# median of 20 profiled launches, output checked).  Prints load warp
# instructions and 128-byte lines per cycle per compute unit, at the
# description's clock: whether the L1 serves a line per cycle, so that a
# load's cost grows with the lines its warp touches (docs/model.md).
# Usage: bench/l1-rate.sh [DEVICE] [UNITS] [CLOCK_HZ]
set -eu
device=${1:-gpu}
units=${2:-132}
clock=${3:-1.98e9}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf "wg\tgroups\tlines\tvec\titers\tmedian_s\tloads_per_cycle_cu\tlines_per_cycle_cu\n"
for cfg in ${CONFIGS:-128:8:1:1 128:8:2:1 128:8:4:1 128:8:8:1 128:8:16:1 128:8:32:1 128:8:4:4 128:8:8:4 128:8:32:4 128:2:1:1 128:2:32:1}; do
  IFS=: read -r wg groups lines vec <<<"$cfg"
  iters=${ITERS:-2048}
  src=$dir/k-$wg-$groups-$lines-$vec.cl
  { echo "#define WG $wg"; echo "#define ITERS $iters"; echo "#define LINES $lines"
    echo "#define VEC $vec"; cat bench/l1-rate.cl; } > "$src"
  n=$((units * groups * wg))
  t=$(./bnbtune run --kernel data/kernels/axpy.ir --size N=$n --device "$device" \
        --source "$src" --global $n --local $wg --scratch $((units * groups * 16384 + 64)) \
        --no-journal --repetitions 20 --warmup 3 2>&1 | sed -n "s/^time: \([0-9.]*\) \([a-zµ]*\) median.*/\1 \2/p")
  echo "$wg $groups $lines $vec $iters $t $units $clock" | awk '{
    v=$6; u=$7; if(u=="ms")v/=1e3; else if(u=="us"||u=="µs")v/=1e6; else if(u=="ns")v/=1e9;
    warps=$1*$2/32; loads=warps*8*$5; cyc=v*$9; l=$3;
    printf "%d\t%d\t%d\t%d\t%d\t%.4g\t%.3f\t%.3f\n",$1,$2,$3,$4,$5,v,loads/cyc,loads*l/cyc }'
done
