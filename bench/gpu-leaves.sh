#!/usr/bin/env bash
# A correctness sweep of many random leaves on the lent GPU: P processes,
# each building (the driver's compiler is the bottleneck) and running its
# own range of seeds, one launch per leaf, every output verified.  Timings
# from it are not to be quoted: the processes share the GPU.
# Usage: bench/gpu-leaves.sh KERNEL SIZES FIRST_SEED LEAVES PROCESSES SECONDS
set -u
kernel=$1 sizes=$2 first=$3 leaves=$4 procs=$5 seconds=$6
out=${OUT:-out}
mkdir -p "$out/sweep"
export XDG_CACHE_HOME=$PWD/.bnbcache
per=$(( (leaves + procs - 1) / procs ))
for p in $(seq 0 $((procs - 1))); do
  seed=$(( first + p * per ))
  n=$(( per < first + leaves - seed ? per : first + leaves - seed ))
  [ "$n" -gt 0 ] || continue
  timeout "$seconds" ./bnbtune run --device gpu --kernel "$kernel" \
    --size "$sizes" --random-leaf "$seed" --leaves "$n" --warmup 0 \
    --repetitions 1 --timeout 2 --journal "$out/sweep/$p.jsonl" \
    > "$out/sweep/$p.log" 2>&1 &
done
wait
cat "$out"/sweep/*.jsonl > "$out/sweep.jsonl"
grep -h "leaves:" "$out"/sweep/*.log > "$out/sweep-summary.txt"
rm -rf "$out/sweep"
