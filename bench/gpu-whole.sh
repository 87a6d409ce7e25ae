#!/usr/bin/env bash
# The whole mxm space on the GPU, no --decisions, one search per order
# given, then the proven best of bench/mxm-mapped.decisions run in the
# same call, so that the winner is compared on the same machine (issue 16).
# Each winner is then run again as the mapped best is (50 repetitions).
# Reports under OUT/whole-ORDER, the journals gzipped beside them.
# Usage: bench/gpu-whole.sh BUDGET ORDER... (e.g. 240s learned bound)
# Environment: N (1024), WORKERS (14), BUILD_TIMEOUT (10), RESUME (a
# gzipped journal of an earlier call, e.g. bench/results/.../whole-ORDER.jsonl.gz:
# each search starts from it with --resume, so that calls chain), DEVICE
# (gpu; an index to run several of these at once, one per GPU), THREADS
# (the search's, default its own), BNBTUNE (./bnbtune), XDG_CACHE_HOME
# (./.bnbcache), START (a file of start nodes for --start-from, e.g.
# bench/mxm-1024-whole-winners.decisions at another N), EXTRA (more options
# for each search, split at spaces, e.g. --built-first), MAPPED (0: do not
# run the mapped best, e.g. where another run of the same call does).
# Each order's summary lines end with bench/build-gaps.py's split of the
# device's waits between kernels.
set -u
out=${OUT:-out}
n=${N:-1024}
budget=$1
shift
size=M=$n,N=$n,K=$n
device=${DEVICE:-gpu}
bnbtune=${BNBTUNE:-./bnbtune}
threads=()
[ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")
start=()
[ -n "${START:-}" ] && start=(--start-from "$START")
read -r -a extra <<< "${EXTRA:-}"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$PWD/.bnbcache} XDG_DATA_HOME=$out/data
for order in "$@"; do
  resume=()
  if [ -n "${RESUME:-}" ]; then
    zcat "$RESUME" > "$out/whole-$order.jsonl"
    resume=(--resume)
  fi
  "$bnbtune" --kernel data/kernels/mxm.ir --size $size --device "$device" \
    --budget "$budget" --order "$order" --workers "${WORKERS:-14}" \
    "${threads[@]}" "${start[@]}" "${extra[@]}" \
    --build-timeout "${BUILD_TIMEOUT:-10}" --quiet "${resume[@]}" \
    --journal "$out/whole-$order.jsonl" --report "$out/whole-$order" \
    > "$out/whole-$order-summary.txt" 2>&1
  gzip -f "$out/whole-$order.jsonl"
done
[ "${MAPPED:-1}" != 0 ] &&
  "$bnbtune" run --kernel data/kernels/mxm.ir --size $size --device "$device" \
    --repetitions 50 --every-design \
    --decisions "$(cat bench/mxm-mapped-best-h100.decisions)" \
    > "$out/mapped-best-run.txt" 2>&1
# Each winner run again the same way as the mapped best, beside it.
for order in "$@"; do
  winner=$(awk '/^Decisions/ { p = 1; sub(/^Decisions */, ""); printf "%s", $0; next }
                p && /^ / { sub(/^ */, " "); printf "%s", $0; next } { p = 0 }' \
           "$out/whole-$order-summary.txt")
  rm -f "$out/winner-$order-run.txt"
  [ -n "$winner" ] && "$bnbtune" run --kernel data/kernels/mxm.ir --size $size \
    --device "$device" --repetitions 50 --decisions "$winner" \
    > "$out/winner-$order-run.txt" 2>&1
done
for order in "$@"; do
  echo "== $order"
  grep -E '^(Best|Bound|Design|Proof|Space|Failures|Violations|Time|Waits)' \
    "$out/whole-$order-summary.txt"
  grep -E '^time' "$out/winner-$order-run.txt" 2>/dev/null
  # where the device waited between kernels (builds, timeouts)
  [ -f "$out/whole-$order/evaluations.csv" ] &&
    python3 bench/build-gaps.py "$out/whole-$order/evaluations.csv" | tail -n +2
done
echo "== mapped best"
cat "$out/mapped-best-run.txt" 2>/dev/null
