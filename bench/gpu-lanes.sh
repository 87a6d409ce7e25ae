#!/usr/bin/env bash
# Branch and bound on one GPU and on two (issue 19), in one call on a host
# with two GPUs of one kind: the proof over bench/mxm-mapped.decisions at
# N^3, each run from nothing (no journal), NVIDIA's compile cache off so
# that no run reuses another's builds.  Runs, in this order:
#   1 GPU, W workers;  2 GPUs, W workers each;  1 GPU, 2W workers;
# then the first two again.  One line per run in OUT/lanes.tsv: devices,
# workers per device, wall time, kernels timed, best, proven; before them,
# OUT/overhead.txt: the wall time of a search of one evaluation on one
# device and on two (what a run costs besides its search).
# Usage: bench/gpu-lanes.sh [N] [W]   (under $OUT; the devices are 0 and 1)
set -u
n=${1:-1024}
w=${2:-8}
out=${OUT:-out}
mkdir -p "$out"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$PWD/.bnbcache}
export CUDA_CACHE_DISABLE=1
# KERNEL, SIZE and DECISIONS (a file) change the problem, for a check on
# PoCL: POCL_DEVICES="pthread pthread" KERNEL=data/kernels/axpy.ir
# SIZE=N=4096 DECISIONS=tests/data/axpy-small.decisions bench/gpu-lanes.sh
kernel=${KERNEL:-data/kernels/mxm.ir}
size=${SIZE:-M=$n,N=$n,K=$n}
decisions=$(cat "${DECISIONS:-bench/mxm-mapped.decisions}")
# the calibration and the reference, once, outside the timed runs
./bnbtune --kernel "$kernel" --size "$size" --device 0 \
  --decisions "$decisions" --budget 1 --no-journal --quiet \
  > "$out/warm.txt" 2>&1
printf 'run\tdevices\tworkers_per_device\twall_s\tkernels_timed\tbest_us\tproven\n' \
  > "$out/lanes.tsv"
i=0
# what a run costs outside its search (devices opened, workers started
# and stopped, the report): a search of one evaluation, per device count
for dev in 0 0,1 0 0,1; do
  start=$(date +%s.%N)
  ./bnbtune --kernel "$kernel" --size "$size" --device "$dev" \
    --decisions "$decisions" --budget 1 --workers "$w" --no-journal \
    --quiet --final 0 > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "one evaluation on $dev: $(python3 -c "print(round($end - $start, 2))") s" \
    >> "$out/overhead.txt"
done
for spec in "0 $w" "0,1 $w" "0 $((2 * w))" "0 $w" "0,1 $w"; do
  set -- $spec
  i=$((i + 1))
  report=$out/run-$i
  start=$(date +%s.%N)
  ./bnbtune --kernel "$kernel" --size "$size" --device "$1" \
    --decisions "$decisions" --warmup 1 --repetitions 5 --workers "$2" \
    --no-journal --quiet --report "$report" > "$out/run-$i.txt" 2>&1
  end=$(date +%s.%N)
  python3 - "$report/report.json" "$i" "$1" "$2" "$start" "$end" \
    >> "$out/lanes.tsv" <<'PY'
import json, sys
path, i, dev, w, t0, t1 = sys.argv[1:]
r = json.load(open(path))
s = r["results"][0]
print("\t".join([i, dev, w, "%.1f" % (float(t1) - float(t0)),
                 str(s.get("kernels_run")), "%.2f" % (s["best_s"] * 1e6),
                 str(s.get("proven")).lower()]))
PY
done
cat "$out/overhead.txt" "$out/lanes.tsv"
