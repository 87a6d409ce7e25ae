#!/usr/bin/env bash
# How many work-groups per second a GPU starts: axpy with one element per
# work-item (bench/axpy-per-item.cl) at N = 2^20 and 2^22 with work-groups
# of 1 to 64 work-items, each timed by `bnbtune run` (warm-up, median of
# 20 profiled launches, output checked).  The model's `group_rate`
# figure (docs/model.md) comes from the highest rate seen, with an
# allowance.  Usage: bench/group-rate.sh [DEVICE]
set -eu
device=${1:-gpu}
printf "N\tlocal\tgroups\tmedian_s\tgroups_per_s\n"
for n in ${SIZES:-1048576 4194304}; do
  for l in ${LOCALS:-1 2 4 8 16 32 64}; do
    t=$(./bnbtune run --kernel data/kernels/axpy.ir --size N=$n --device "$device" \
          --source bench/axpy-per-item.cl --global $n --local $l --no-journal \
          --repetitions 20 --warmup 3 2>&1 | sed -n "s/^time: \([0-9.]*\) \([a-zµ]*\) median.*/\1 \2/p")
    echo "$n $l $t" | awk '{u=$4; v=$3; if(u=="ms")v/=1e3; else if(u=="us"||u=="µs")v/=1e6; g=$1/$2; printf "%d\t%d\t%d\t%.4g\t%.4g\n",$1,$2,g,v,g/v}'
  done
done
