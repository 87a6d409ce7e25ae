#!/usr/bin/env bash
# Search quality on the whole mxm space (issue 16): every strategy with
# three seeds at one budget, spread over the GPUs of one host, the jobs of
# each GPU one after another, the GPUs at once; then the proven best of
# bench/mxm-mapped.decisions, run on GPU 0, as the best known kernel.
# Each job is a `bnbtune compare` of one strategy; its evaluations.csv is
# kept without the decisions (OUT/gG-J.csv), with its summary (.txt).
# bench/compare-merge.py OUT/*.csv then makes the table.
# Usage: bench/gpu-compare.sh BUDGET   (e.g. 110s)
# Environment: N (1024), GPUS (4: 4 jobs on each of 4 GPUs; 2: 7 and 8;
# 1: all 15 on GPU 0), JOBS (with GPUS=1: the jobs of GPU 0, e.g.
# "bnb:1:1 random:1:3", so that a budget too long for one call can be run
# in two), WORKERS (14), THREADS (16), BNBTUNE (./bnbtune), RUN_ARGS (more
# options for every compare, e.g. --repetitions 5), KNOWN (the decisions
# file run as the best known kernel, default
# bench/mxm-mapped-best-h100.decisions; none: not run), JOB_TIMEOUT (seconds
# after which a job is interrupted as by Ctrl-C: it ends its run and writes
# its report; a device call's time limit otherwise loses every job's files)
set -u
# NVIDIA's driver keeps what it compiled (~/.nv/ComputeCache): a later job
# would find the kernels of an earlier one built, and run ahead of it.
export CUDA_CACHE_DISABLE=${CUDA_CACHE_DISABLE:-1}
out=${OUT:-out}
n=${N:-1024}
budget=$1
size=M=$n,N=$n,K=$n
bnbtune=${BNBTUNE:-./bnbtune}
mkdir -p "$out"
# strategy:first seed:seeds, per GPU
if [ "${GPUS:-4}" = 4 ]; then
  jobs=("bnb:1:1 bnb:2:1 bnb:3:1"
        "random:1:3 coordinate:1:1"
        "genetic:1:3 coordinate:2:1"
        "nelder-mead:1:3 coordinate:3:1")
elif [ "${GPUS:-4}" = 2 ]; then
  jobs=("bnb:1:1 bnb:2:1 bnb:3:1 random:1:3 coordinate:1:1"
        "genetic:1:3 nelder-mead:1:3 coordinate:2:2")
else
  jobs=("${JOBS:-bnb:1:1 bnb:2:1 bnb:3:1 random:1:3 genetic:1:3 nelder-mead:1:3 coordinate:1:3}")
fi
run_gpu() {
  local g=$1 j=0 job strategy seed seeds
  for job in ${jobs[$g]}; do
    IFS=: read -r strategy seed seeds <<< "$job"
    local name=$out/g$g-$j
    XDG_CACHE_HOME=/tmp/bnb-compare-cache-$g XDG_DATA_HOME=/tmp/bnb-compare-data-$g \
      ${JOB_TIMEOUT:+timeout -s INT "$JOB_TIMEOUT"} "$bnbtune" compare --kernel data/kernels/mxm.ir --size $size --device "$g" \
      --strategies "$strategy" --seed "$seed" --seeds "$seeds" \
      --budget "$budget" --workers "${WORKERS:-14}" --threads "${THREADS:-16}" \
      --build-timeout 10 --quiet ${RUN_ARGS:-} --report "$name" \
      > "$name.txt" 2>&1
    python3 - "$name/evaluations.csv" "$name.csv" <<'PY'
import csv, sys
with open(sys.argv[1], newline='') as f, open(sys.argv[2], 'w', newline='') as g:
    r = csv.DictReader(f)
    keep = [c for c in r.fieldnames if c != 'decisions']
    w = csv.DictWriter(g, keep, extrasaction='ignore')
    w.writeheader()
    for row in r:
        w.writerow(row)
PY
    rm -rf "$name"
    j=$((j + 1))
  done
}
for g in "${!jobs[@]}"; do run_gpu "$g" & done
wait
known=${KNOWN:-bench/mxm-mapped-best-h100.decisions}
[ "$known" = none ] && exit 0
XDG_CACHE_HOME=/tmp/bnb-compare-cache-0 XDG_DATA_HOME=/tmp/bnb-compare-data-0 \
  "$bnbtune" run --kernel data/kernels/mxm.ir --size $size --device 0 \
  --repetitions 50 --every-design \
  --decisions "$(cat "$known")" \
  > "$out/mapped-best-run.txt" 2>&1
