#!/usr/bin/env bash
# Branch and bound run to proof on the GPU (issue 5): mxm at N=1024 over
# the sub-space of bench/mxm-mapped.decisions (the thread mapping, memory
# spaces and orders of bench/mxm-restricted.decisions, with the tile sizes
# left open: 46,080 candidates).  The journal comes back gzipped under OUT
# and, carried in as .bnbcache/journal-mxm-N.jsonl.gz, lets a second call
# go on where a first one stopped: its measurements are reused (--resume).
# With COMPARE_BUDGET set, `bnbtune compare` then runs every strategy at
# that budget, 3 seeds each, on the same sub-space and journal.
# Usage: [COMPARE_BUDGET=E] bench/gpu-proof.sh [BUDGET] [N]   (under $OUT)
set -u
budget=${1:-540s}
n=${2:-1024}
out=${OUT:-out}
mkdir -p "$out"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$PWD/.bnbcache}
journal=$out/journal-mxm-$n.jsonl
carried=.bnbcache/journal-mxm-$n.jsonl.gz
if [ -f "$carried" ] && [ ! -f "$journal" ]; then
  gunzip -c "$carried" > "$journal"
fi
./bnbtune --kernel data/kernels/mxm.ir --size "M=$n,N=$n,K=$n" \
  --device "${DEVICE:-gpu}" --decisions "$(cat bench/mxm-mapped.decisions)" \
  --warmup 1 --repetitions 5 --workers "${WORKERS:-15}" --resume \
  --journal "$journal" --budget "$budget" --quiet --report "$out/proof" \
  > "$out/proof-summary.txt" 2>&1
status=$?
if [ -n "${COMPARE_BUDGET:-}" ]; then
  timeout "${COMPARE_TIME:-600}" ./bnbtune compare --kernel data/kernels/mxm.ir \
    --size "M=$n,N=$n,K=$n" --device "${DEVICE:-gpu}" \
    --decisions "$(cat bench/mxm-mapped.decisions)" --warmup 1 \
    --repetitions 5 --workers "${WORKERS:-15}" --resume --journal "$journal" \
    --budget "$COMPARE_BUDGET" --seeds 3 --quiet --report "$out/compare" \
    > "$out/compare-summary.txt" 2>&1
fi
gzip -c "$journal" > "$out/journal-mxm-$n.jsonl.gz" && rm -f "$journal"
grep -v '^            ' "$out/proof-summary.txt"
exit $status
