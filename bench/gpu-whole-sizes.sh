#!/usr/bin/env bash
# The whole space of a kernel at one size, no --decisions, by branch and
# bound under a time budget; then the best kernel of a sub-space (a
# decisions file that names a leaf) run in the same call for comparison
# (issue 16: "the same at 256^3 and 4096^3, and for gemv at 4096^2 and
# stencil2d at 4096^2").  One line per case in OUT/whole-sizes.tsv, the
# summaries and gzipped journals beside it.
# Usage: bench/gpu-whole-sizes.sh CASE...
#   a CASE is KERNEL:SIZES:BUDGET[:LEAF], e.g.
#   data/kernels/mxm.ir:M=256,N=256,K=256:60s:bench/results/mxm-tuned-h200/mxm-256.decisions
# Environment: DEVICE (gpu), WORKERS (15), ORDER (--order: bound, learned
# or occupancy; the tool's default when unset)
set -u
out=${OUT:-out}/whole-sizes
mkdir -p "$out"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$PWD/.bnbcache}
device=${DEVICE:-gpu}
order=()
[ -n "${ORDER:-}" ] && order=(--order "$ORDER")
printf 'kernel\tsizes\tbudget\tbest_us\tproven\tlowest_open_us\tgap\tkernels_timed\tnodes\twall_s\tviolations\tleaf_us\n' \
  > "$out/whole-sizes.tsv"
for c in "$@"; do
  IFS=: read -r kernel sizes budget leaf <<< "$c"
  name=$(basename "$kernel" .ir)-${sizes//[=,]/_}
  start=$(date +%s.%N)
  ./bnbtune --kernel "$kernel" --size "$sizes" --device "$device" \
    --budget "$budget" --workers "${WORKERS:-15}" --warmup 1 \
    --repetitions 5 --quiet "${order[@]}" --journal "$out/$name.jsonl" \
    --report "$out/$name" > "$out/$name-summary.txt" 2>&1
  end=$(date +%s.%N)
  gzip -f "$out/$name.jsonl"
  rm -f "$out/$name/evaluations.csv"
  leaf_us=-
  if [ -n "$leaf" ]; then
    ./bnbtune run --kernel "$kernel" --size "$sizes" --device "$device" \
      --repetitions 50 --no-journal --every-design \
      --decisions "$(cat "$leaf")" \
      > "$out/$name-leaf.txt" 2>&1
    leaf_us=$(sed -n 's/^time: \([0-9.]*\) us.*/\1/p' "$out/$name-leaf.txt")
  fi
  python3 - "$kernel" "$sizes" "$budget" "$out/$name/report.json" \
    "$start" "$end" "$leaf_us" >> "$out/whole-sizes.tsv" <<'PY'
import json, sys
kernel, sizes, budget, path, start, end, leaf = sys.argv[1:]
try:
    r = json.load(open(path))["results"][0]
except (OSError, ValueError, KeyError, IndexError):
    print(f"{kernel}\t{sizes}\t{budget}\t-\t-\t-\t-\t-\t-\t-\t-\t{leaf}")
    sys.exit()
best, low = r.get("best_s"), r.get("lowest_open_s")
us = lambda s: "-" if s is None else f"{s * 1e6:.2f}"
gap = "-" if best is None or not low else f"{best / low:.2f}"
print(f"{kernel}\t{sizes}\t{budget}\t{us(best)}\t{str(r['proven']).lower()}"
      f"\t{us(low)}\t{gap}\t{r.get('kernels_run')}\t{r.get('nodes')}"
      f"\t{float(end) - float(start):.0f}\t{r.get('violations')}\t{leaf}")
PY
done
cat "$out/whole-sizes.tsv"
