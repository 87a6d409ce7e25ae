#!/usr/bin/env bash
# The model's validity on a GPU (issue 4, the paper's Section 7.4 and
# Figure 3): every leaf of a restricted mxm space (tiles fixed, thread
# mapping forced, A and B chunks in local memory, the rest of the orders of
# one leaf: bench/mxm-restricted.decisions, 2,880 leaves) run exhaustively
# at N=1024, each leaf's bound beside its measured time.  Writes the report
# (bound-vs-measured.svg is Figure 3) and the measured/bound distribution.
# Usage: bench/model-validity.sh [DEVICE] [OUT]
set -eu
device=${1:-gpu}
out=${2:-${OUT:-out}/validity}
mkdir -p "$out"
./bnbtune --kernel data/kernels/mxm.ir --size M=1024,N=1024,K=1024 \
  --device "$device" --strategy exhaustive \
  --decisions "$(cat bench/mxm-restricted.decisions)" \
  --warmup 1 --repetitions 5 --final 0 --timeout 5 \
  --workers "${WORKERS:-14}" --journal "$out/journal.jsonl" \
  --report "$out" > "$out/summary.txt"
# measured/bound over the leaves that ran ok: violations and quantiles
python3 - "$out/evaluations.csv" <<'PY' | tee "$out/ratios-summary.txt"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["outcome"] == "ok"
        and r["final"] == "false"]
ratios = sorted(float(r["time_s"]) / float(r["bound_s"]) for r in rows)
q = lambda p: ratios[int(p * (len(ratios) - 1))]
print(f"leaves ok: {len(ratios)}; violations: {sum(x < 1 for x in ratios)}; "
      f"measured/bound: min {ratios[0]:.2f}, p10 {q(0.1):.2f}, "
      f"median {q(0.5):.2f}, p90 {q(0.9):.2f}, max {ratios[-1]:.2f}")
PY
