#!/usr/bin/env bash
# Tuned mxm beside CLBlast's SGEMM and the naive kernel, in one run on one
# device (issue 6).  For each N, over the sub-space of
# bench/mxm-mapped.decisions (46,080 candidates: the thread mapping, memory
# spaces and orders fixed, the tile sizes open):
#   1. random sampling, RANDOM evaluations whose builds run in parallel;
#   2. branch and bound on the same journal (--resume), which starts from
#      the fastest leaf found (the incumbent) and runs until proof or
#      BNB_TIME: its report gives the winner, and whether it is proven or
#      how far it got (the lowest bound still open).
# Then CLBlast and the naive kernel are timed at the same sizes
# (build/release/bench/clblast-sgemm, from bench/clblast-sgemm.c).  Journals come back
# gzipped under OUT; carried in as .bnbcache/journal-mxm-N.jsonl.gz (the
# files bench/gpu-proof.sh writes too), their measurements are reused.
# Each winner is kept as OUT/clblast/mxm-N.cl and mxm-N.decisions:
#   bnbtune emit --kernel data/kernels/mxm.ir --size M=N,N=N,K=N \
#     --decisions "$(cat mxm-N.decisions)"      regenerates the source.
# A size is N (the square) or a shape MxNxK (C is M x N, the sum runs
# over K), e.g. 1000,4096x4096x64: files are then named by the shape.
# Usage: bench/mxm-vs-clblast.sh [DEVICE] [SIZES] [RANDOM] [BNB_TIME]
set -u
device=${1:-gpu}
sizes=${2:-256,512,1024,2048,4096}
random=${3:-300}
bnb_time=${4:-60s}
out=${OUT:-out}/clblast
mkdir -p "$out"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$PWD/.bnbcache}
decisions=$(cat bench/mxm-mapped.decisions)
printf 'N\ttuned_s\ttuned_tflops\tproven\tlowest_open_s\tevaluations\twall_s\tviolations\n' \
  > "$out/tuned.tsv"
for n in ${sizes//,/ }; do
  IFS=x read -r sm sn sk <<< "$n"
  sn=${sn:-$sm} sk=${sk:-$sm}
  journal=$out/journal-mxm-$n.jsonl
  carried=.bnbcache/journal-mxm-$n.jsonl.gz
  [ -f "$carried" ] && gunzip -c "$carried" > "$journal"
  common=(--kernel data/kernels/mxm.ir --size "M=$sm,N=$sn,K=$sk"
          --device "$device" --decisions "$decisions" --warmup 1
          --repetitions 5 --workers "${WORKERS:-15}" --journal "$journal"
          --quiet)
  start=$(date +%s.%N)
  ./bnbtune "${common[@]}" --strategy random --budget "$random" --resume \
    > "$out/random-$n.txt" 2>&1
  ./bnbtune "${common[@]}" --strategy bnb --budget "$bnb_time" --resume \
    --report "$out/tuned-$n" > "$out/tuned-$n.txt" 2>&1
  end=$(date +%s.%N)
  gzip -c "$journal" > "$out/journal-mxm-$n.jsonl.gz" && rm -f "$journal"
  rm -f "$out/tuned-$n/evaluations.csv"
  python3 - "$n" "$out/tuned-$n/report.json" "$start" "$end" "$out" \
    >> "$out/tuned.tsv" <<'PY'
import json, math, sys
n = sys.argv[1]; r = json.load(open(sys.argv[2]))["results"][0]
dims = [int(v) for v in n.split("x")]
flops = 2 * (dims[0] ** 3 if len(dims) == 1 else math.prod(dims))
t = r["best_s"]; lowest = r["lowest_open_s"]
open(f"{sys.argv[5]}/mxm-{n}.decisions", "w").write(r["best_decisions"] + "\n")
print(f"{n}\t{t:.6e}\t{flops / t / 1e12:.2f}\t{str(r['proven']).lower()}"
      f"\t{'-' if lowest is None else f'{lowest:.6e}'}\t{r['evaluations']}"
      f"\t{float(sys.argv[4]) - float(sys.argv[3]):.0f}\t{r['violations']}")
PY
  cp "$out/tuned-$n/best.cl" "$out/mxm-$n.cl"
done
build/release/bench/clblast-sgemm --device "${CLBLAST_DEVICE:-0}" --sizes "$sizes" \
  > "$out/clblast.tsv"
paste "$out/tuned.tsv" <(cut -f2- "$out/clblast.tsv") | tee "$out/table.tsv"
