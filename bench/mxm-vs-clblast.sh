#!/usr/bin/env bash
# Tuned mxm beside CLBlast's SGEMM and the naive kernel, in one run on one
# device (issue 6).  For each N, every leaf of the restricted mxm space
# (bench/mxm-restricted.decisions: tiles, thread mapping and memory spaces
# fixed, 2,880 leaves) is built, run and verified: the winner is proven
# best in that sub-space, not in the whole space.  Then CLBlast and the
# naive kernel are timed (build/clblast-sgemm, from bench/clblast-sgemm.c).
# Sizes above 1024 need the interpreter's reference, which takes hours at
# 2048^3 and more: they are left out until the harness has a faster one.
# Usage: bench/mxm-vs-clblast.sh [DEVICE] [SIZES]   (writes under $OUT)
set -u
device=${1:-gpu}
sizes=${2:-256,512,1024}
out=${OUT:-out}/clblast
mkdir -p "$out"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$PWD/.bnbcache}
printf 'N\ttuned_s\ttuned_tflops\tleaves_ok\tviolations\n' > "$out/tuned.tsv"
for n in ${sizes//,/ }; do
  ./bnbtune --kernel data/kernels/mxm.ir --size "M=$n,N=$n,K=$n" \
    --device "$device" --strategy exhaustive \
    --decisions "$(cat bench/mxm-restricted.decisions)" \
    --warmup 1 --repetitions 5 --timeout 5 --workers "${WORKERS:-14}" \
    --quiet --journal "$out/journal-$n.jsonl" --report "$out/tuned-$n" \
    > "$out/tuned-$n.txt" 2>&1
  python3 - "$n" "$out/tuned-$n/report.json" >> "$out/tuned.tsv" <<'PY'
import json, sys
n = int(sys.argv[1]); r = json.load(open(sys.argv[2]))["results"][0]
ok = r["outcomes"]["ok"]; t = r["best_s"]
print(f"{n}\t{t:.6e}\t{2 * n**3 / t / 1e12:.2f}\t{ok}\t{r['violations']}")
PY
done
dev_index=0
build/clblast-sgemm --device "$dev_index" --sizes "$sizes" > "$out/clblast.tsv"
paste "$out/tuned.tsv" <(cut -f2- "$out/clblast.tsv") | tee "$out/table.tsv"
