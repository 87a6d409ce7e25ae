#!/usr/bin/env bash
# The least time of one barrier-split loop step on a device
# (bench/barrier-step.cl): work-groups of WG work-items, GROUPS of them
# (1: one work-group alone; else GROUPS per compute unit), MEM local or
# global, DEP 1 where the next store waits for the loaded value (2: the
# same with one barrier a step into two halves, as prefetch(v)=double), each
# work-item ITERS steps, timed by `bnbtune run` (warm-up, median of 10
# profiled launches, output checked).  Prints cycles per step at the
# description's clock.  The model's `barrier_step_cycles` figure
# (docs/model.md) comes from the least seen.
# Usage: bench/barrier-step.sh [DEVICE] [UNITS] [CLOCK_HZ]
set -eu
device=${1:-gpu}
units=${2:-132}
clock=${3:-1.98e9}
iters=${ITERS:-4096}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf "wg\tgroups\tmem\tdep\titers\tmedian_s\tcycles_per_step\n"
for cfg in ${CONFIGS:-32:1:local:0 32:1:global:0 32:1:local:1 32:1:global:1 \
  64:1:local:0 64:1:global:0 256:1:local:0 256:1:global:0 1024:1:local:0 1024:1:global:0 \
  32:132:local:0 32:132:global:0 256:132:local:0 256:132:global:0 32:528:local:0 32:528:global:0}; do
  IFS=: read -r wg groups mem dep <<<"$cfg"
  src=$dir/k-$wg-$groups-$mem-$dep.cl
  { echo "#define WG $wg"; echo "#define ITERS $iters"
    [ "$mem" = global ] && echo "#define GLOBAL 1"
    [ "$dep" != 0 ] && echo "#define DEP 1"
    [ "$dep" = 2 ] && echo "#define ONE 1"
    cat bench/barrier-step.cl; } > "$src"
  n=$((groups * wg))
  scratch=""; [ "$mem" = global ] && scratch="--scratch $((n * 8))"
  t=$(./bnbtune run --kernel data/kernels/axpy.ir --size N=$n --device "$device" \
        --source "$src" --global $n --local $wg $scratch --no-journal \
        --repetitions 10 --warmup 2 2>&1 | sed -n "s/^time: \([0-9.]*\) \([a-zµ]*\) median.*/\1 \2/p")
  echo "$wg $groups $mem $dep $iters $t $clock" | awk '{
    v=$6; u=$7; if(u=="ms")v/=1e3; else if(u=="us"||u=="µs")v/=1e6; else if(u=="ns")v/=1e9;
    printf "%d\t%d\t%s\t%d\t%d\t%.4g\t%.1f\n",$1,$2,$3,$4,$5,v,v*$8/$5 }'
done
