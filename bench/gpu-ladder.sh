#!/usr/bin/env bash
# The whole mxm space at a ladder of sizes on the GPU (issue 16, 4096^3):
# each rung is bench/gpu-whole.sh at one N, from nothing or from START,
# and each later rung starts (--start-from) from the TOP fastest distinct
# kernels that the rung below it timed, as read from its journal.  A
# search with start nodes is still a search of the whole space: the
# start leaves are leaves of the tree, evaluated first (docs/search.md,
# "Start nodes").  After the last rung, LEAF (a decisions file naming a
# leaf, e.g. a sub-space's winner at that size) and the last rung's
# winner are run twice each, alternating, 20 repetitions, beside each
# other.
# Usage: bench/gpu-ladder.sh ORDER N:BUDGET... (e.g. occupancy 2048:120s 4096:270s)
# Environment: OUT (out), START (start nodes of the first rung), TOP (8),
# LEAF, and what bench/gpu-whole.sh reads (DEVICE, WORKERS, THREADS,
# BNBTUNE, XDG_CACHE_HOME).
set -u
out=${OUT:-out}
order=$1
shift
bnbtune=${BNBTUNE:-./bnbtune}
start=${START:-}
last=
for rung in "$@"; do
  n=${rung%%:*}
  budget=${rung#*:}
  mkdir -p "$out/n$n"
  if [ -n "$last" ]; then
    start=$out/n$n/start.decisions
    python3 - "$last" "${TOP:-8}" > "$start" <<'PY'
import gzip, json, sys
path, top = sys.argv[1], int(sys.argv[2])
best = {}
with gzip.open(path, "rt") as f:
    head = json.loads(f.readline())
    for line in f:
        r = json.loads(line)
        if r.get("outcome") != "ok":
            continue
        k = r["kernel_key"]
        if k not in best or r["median_s"] < best[k]["median_s"]:
            best[k] = r
print(f"# the {top} fastest kernels of {path} ({head['sizes']})")
for r in sorted(best.values(), key=lambda r: r["median_s"])[:top]:
    print(f"# {r['median_s'] * 1e6:.2f} us")
    print(r["decisions"])
PY
  fi
  OUT=$out/n$n N=$n START=$start bash bench/gpu-whole.sh "$budget" "$order" \
    > "$out/n$n/log.txt" 2>&1
  last=$out/n$n/whole-$order.jsonl.gz
done
n=${n:-1024}
summary=$out/n$n/whole-$order-summary.txt
winner=$(awk '/^Decisions/ { p = 1; sub(/^Decisions */, ""); printf "%s", $0; next }
              p && /^ / { sub(/^ */, " "); printf "%s", $0; next } { p = 0 }' "$summary")
for i in 1 2; do
  [ -n "${LEAF:-}" ] && "$bnbtune" run --kernel data/kernels/mxm.ir \
    --size "M=$n,N=$n,K=$n" --device "${DEVICE:-gpu}" --repetitions 20 \
    --every-design --no-journal --decisions "$(cat "$LEAF")" \
    > "$out/leaf-run$i.txt" 2>&1
  [ -n "$winner" ] && "$bnbtune" run --kernel data/kernels/mxm.ir \
    --size "M=$n,N=$n,K=$n" --device "${DEVICE:-gpu}" --repetitions 20 \
    --no-journal --decisions "$winner" > "$out/winner-run$i.txt" 2>&1
done
for f in "$out"/n*/log.txt; do
  echo "== $f"
  cat "$f"
done
grep -H '^time' "$out"/leaf-run*.txt "$out"/winner-run*.txt
