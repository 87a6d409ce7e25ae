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
# With RANKS=1, the runs are over MPI ranks instead (build/mpi/bnbtune,
# `make mpi`): one process on GPU 0, then 1, 2 and 4 ranks under mpirun.
# With RUNS="DEV:W[:BIN[:OPTS]] ...", those runs instead, in order:
# devices DEV, W workers each (0: the default), the binary BIN (default
# ./bnbtune; an older build, to compare in the same call), more options
# OPTS for that run alone, commas for spaces (e.g. 0:16::--built-first),
# label DEV:W[:BIN[:OPTS]].  The
# warm-up and overhead.txt use ./bnbtune with W workers.  EXTRA: more
# options for every timed run (e.g. EXTRA="--ahead 16").
# Usage: [RANKS=1] bench/gpu-lanes.sh [N] [W]   (under $OUT; devices 0, 1)
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
printf 'run\tdevices\tworkers_per_device\twall_s\topen_s\tsearch_s\tclose_s\tkernels_timed\tbest_us\tproven\tidle_s\tbehind_build_s\n' \
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
# One proof from nothing: run LABEL DEVICES WORKERS [--bin BIN] [--opts
# OPTS] [LAUNCHER...], a line of lanes.tsv; LAUNCHER (mpirun -np R) runs
# it over MPI ranks.  The phases come from the debug messages
# (G_MESSAGES_DEBUG): the devices opened (workers started), the search,
# the devices closed (workers gone); the rest of wall_s is the process,
# the description and the report.  idle_s: the gaps longer than 0.5 s
# between the ends of a lane's evaluations, summed over the lanes;
# behind_build_s: those after which the leaf that ran had taken at least
# half the gap to build (the lane waited for a slow build at its head).
run() {
  local label=$1 dev=$2 workers=$3 bin=./bnbtune opts=
  shift 3
  if [ "${1:-}" = --bin ]; then bin=$2; shift 2; fi
  if [ "${1:-}" = --opts ]; then opts=${2//,/ }; shift 2; fi
  [ $# -gt 0 ] && bin=build/mpi/bnbtune
  i=$((i + 1))
  local report=$out/run-$i start end
  start=$(date +%s.%N)
  G_MESSAGES_DEBUG=all "$@" "$bin" --kernel "$kernel" --size "$size" --device "$dev" \
    --decisions "$decisions" --warmup 1 --repetitions 5 ${workers:+--workers "$workers"} \
    ${EXTRA:-} $opts \
    --no-journal --quiet --report "$report" > "$out/run-$i.txt" 2>&1
  end=$(date +%s.%N)
  python3 - "$report/report.json" "$i" "$label" "$workers" "$start" "$end" \
    "$out/run-$i.txt" >> "$out/lanes.tsv" <<'PY'
import csv, json, os, re, sys
path, i, dev, w, t0, t1, log = sys.argv[1:]
r = json.load(open(path))
idle = behind = 0.0
rows = list(csv.DictReader(open(os.path.join(os.path.dirname(path),
                                             "evaluations.csv"))))
for lane in {x["lane"] for x in rows}:
    v = sorted((x for x in rows if x["lane"] == lane and x["final"] != "true"),
               key=lambda x: float(x["elapsed_s"]))
    for a, b in zip(v, v[1:]):
        gap = float(b["elapsed_s"]) - float(a["elapsed_s"])
        if gap > 0.5:
            idle += gap
            behind += gap if float(b["compile_s"] or 0) >= gap / 2 else 0
s = r["results"][0]
text = open(log, errors="replace").read()
# under MPI every rank opens and closes: the slowest rank's
def phase(pattern):
    found = re.findall(pattern + r" ([0-9.]+) s", text)
    return max(found, key=float) if found else "-"
print("\t".join([i, dev, w, "%.1f" % (float(t1) - float(t0)),
                 phase("devices open in"), phase("search:"),
                 phase("devices closed in"),
                 str(s.get("kernels_run")), "%.2f" % (s["best_s"] * 1e6),
                 str(s.get("proven")).lower(), "%.1f" % idle,
                 "%.1f" % behind]))
PY
}
mpirun=${MPIRUN:-mpirun}
if [ -n "${RUNS:-}" ]; then
  for r in $RUNS; do
    IFS=: read -r dev rw rbin ropts <<< "$r"
    [ "$rw" = 0 ] && rw=
    run "$r" "$dev" "$rw" --bin "${rbin:-./bnbtune}" --opts "${ropts:-}"
  done
elif [ -n "${RANKS:-}" ]; then
  # over MPI ranks (build/mpi/bnbtune), one GPU per rank, against one
  # process on one GPU; Open MPI comes carried (OPAL_PREFIX: where it is)
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_btl=self,vader,tcp OMPI_MCA_btl_tcp_if_include=lo \
    OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_rmaps_base_oversubscribe=1 \
    OMPI_MCA_hwloc_base_binding_policy=none
  run "0" 0 "$w"
  run "1 rank: 0" 0 "$w" "$mpirun" -np 1
  run "2 ranks: 0, 1" all-gpu "$w" "$mpirun" -np 2
  run "0" 0 "$w"
  run "2 ranks: 0, 1" all-gpu "$w" "$mpirun" -np 2
  run "4 ranks: 0, 1, 0, 1" all-gpu "$((w / 2))" "$mpirun" -np 4
else
  run 0 0 "$w"
  run 0,1 0,1 "$w"
  run 0 0 "$((2 * w))"
  run 0 0 "$w"
  run 0,1 0,1 "$w"
fi
cat "$out/overhead.txt" "$out/lanes.tsv"
