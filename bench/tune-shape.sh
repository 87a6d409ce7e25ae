#!/usr/bin/env bash
# Issue 17's bar at one size, on one GPU, in one call: branch and bound
# over each sub-space given (a kernel and a decisions file) at SIZE, up to
# BUDGET each; the fastest winner of them is kept (OUT/ours/mxm-SIZE.decisions
# and .kernel) and timed by bench/blas-tuned.sh beside CLBlast tuned by
# its own tuner, CLBlast as packaged and cuBLAS on the same GPU.
# OUT/searches.tsv has one row per sub-space: its winner's time, whether
# it was proven, kernels timed, bound violations; OUT/search-I.txt its
# summary.  A size is N or MxNxK (C is M x N, the sum runs over K).
# Usage: bench/tune-shape.sh OUT SIZE BUDGET KERNEL:DECISIONS_FILE...
#   env: DEVICE=0 (OpenCL index; bnbtune devices lists them) WORKERS=15,
#        and TUNE_S, FRACTION, PARAMS_DIR as bench/blas-tuned.sh takes them
set -u
out=${1:?usage: bench/tune-shape.sh OUT SIZE BUDGET KERNEL:DECISIONS...}
size=${2:?no size}
budget=${3:?no budget}
shift 3
[ $# -gt 0 ] || { echo "tune-shape: no sub-space given" >&2; exit 2; }
device=${DEVICE:-0}
IFS=x read -r sm sn sk <<< "$size"
sn=${sn:-$sm} sk=${sk:-$sm}
mkdir -p "$out/ours"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$PWD/.bnbcache-$device}
i=0
for pair in "$@"; do
  i=$((i + 1))
  kernel=${pair%%:*} file=${pair#*:}
  ./bnbtune --kernel "$kernel" --size "M=$sm,N=$sn,K=$sk" --device "$device" \
    --decisions "$(cat "$file")" --warmup 1 --repetitions 5 \
    --workers "${WORKERS:-15}" --budget "$budget" --no-journal --quiet \
    --report "$out/search-$i" > "$out/search-$i.txt" 2>&1
  echo "$i $kernel $file: exit $?" >&2
  rm -f "$out/search-$i"/evaluations.csv*
done
python3 - "$out" "$size" "$@" <<'PY' || exit 1
import json, sys
out, size, pairs = sys.argv[1], sys.argv[2], sys.argv[3:]
best = None
with open(f"{out}/searches.tsv", "w") as tsv:
    tsv.write("i\tkernel\tdecisions\tbest_s\tproven\tevaluations\tviolations\n")
    for i, pair in enumerate(pairs, 1):
        kernel, file = pair.split(":", 1)
        try:
            r = json.load(open(f"{out}/search-{i}/report.json"))["results"][0]
        except (OSError, ValueError, KeyError, IndexError) as e:
            print(f"tune-shape: search {i} left no report: {e}", file=sys.stderr)
            continue
        t = r["best_s"]
        tsv.write(f"{i}\t{kernel}\t{file}\t{t}\t{str(r['proven']).lower()}"
                  f"\t{r['evaluations']}\t{r['violations']}\n")
        if t is not None and (best is None or t < best[0]):
            best = (t, kernel, r["best_decisions"])
if best is None:
    sys.exit("tune-shape: no search found a kernel")
open(f"{out}/ours/mxm-{size}.decisions", "w").write(best[2] + "\n")
open(f"{out}/ours/mxm-{size}.kernel", "w").write(best[1] + "\n")
PY
cat "$out/searches.tsv"
DEVICE=$device DECISIONS_DIR=$out/ours bench/blas-tuned.sh "$out/blas" "$size"
