#!/usr/bin/env bash
# Tests of the MPI build (tune/ranks.c) on this machine's test device
# (PoCL on CI), three ranks through `mpirun -np 3`, printed as TAP:
#   1. branch and bound over three ranks proves tests/data/axpy-small's
#      sub-space: every rank ran leaves, each kernel once, and exhaustive
#      in one process on the same journal measures only what it cut, none
#      of it faster than the best it had;
#   2. a rank killed during a search ends it with mpirun's message, and
#      the journal it left lets one process (--resume) finish the proof.
# Usage: BNBTUNE=build/mpi/bnbtune tests/test-mpi.sh [--tap]
set -u
bin=${BNBTUNE:-build/mpi/bnbtune}
device=${BNBTUNE_TEST_DEVICE:-0}
dir=$(mktemp -d "${TMPDIR:-/tmp}/bnbtune-mpi-XXXXXX")
trap 'rm -rf "$dir"' EXIT
# the tests run as root on CI; Open MPI refuses that unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# one machine, no network: shared memory and loopback only; no binding
# to a core (each rank's worker processes build in parallel)
export OMPI_MCA_btl=self,vader,tcp OMPI_MCA_btl_tcp_if_include=lo \
  OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_rmaps_base_oversubscribe=1 \
  OMPI_MCA_hwloc_base_binding_policy=none
# the sub-space holds a global temporary: outside the design rules
decisions=$(cat tests/data/axpy-small.decisions)
# the sub-space's kernels, which exhaustive must visit each once (20)
kernels=$("$bin" count --kernel data/kernels/axpy.ir --size N=4096 \
  --decisions "$decisions" --every-design | sed -n 's/^kernels: \([0-9]*\) (exact)$/\1/p')
n=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n $1"; shift; printf '# %s\n' "$@"; }

# python3 reads the reports (evaluations.csv has commas inside fields)
rows() { # REPORT-DIR: "timed lanes-used ok-rows best-of-ok" (non-final rows)
  python3 - "$1/evaluations.csv" <<'PY'
import csv, sys
r = [x for x in csv.DictReader(open(sys.argv[1])) if x["final"] == "false"]
ok = [float(x["time_s"]) for x in r if x["outcome"] == "ok"]
lanes = sorted({x["lane"] for x in r if x["lane"] != ""})
print(len(r), ",".join(lanes), len(ok), min(ok) if ok else "inf")
PY
}

# ---- 1. three ranks prove what one process confirms -------------------
journal=$dir/proof.jsonl
log=$dir/proof.log
mpirun -np 3 "$bin" --kernel data/kernels/axpy.ir --size N=4096 \
  --device "$device" --decisions "$decisions" --every-design --journal "$journal" \
  --quiet --report "$dir/ranks" > "$log" 2>&1
status=$?
if [ $status -ne 0 ] || ! grep -q '"proven": true' "$dir/ranks/report.json"; then
  not_ok "/mpi/three-ranks-prove" "mpirun exited $status" "$(tail -5 "$log")"
else
  read -r timed lanes okrows best < <(rows "$dir/ranks")
  "$bin" --kernel data/kernels/axpy.ir --size N=4096 --device "$device" \
    --decisions "$decisions" --every-design --journal "$journal" --resume \
    --strategy exhaustive --quiet --report "$dir/one" > "$log" 2>&1
  check=$(python3 - "$dir/one/evaluations.csv" "$best" <<'PY'
import csv, sys
r = [x for x in csv.DictReader(open(sys.argv[1])) if x["final"] == "false"]
best = float(sys.argv[2])
journaled = sum(x["from_journal"] == "true" for x in r)
new = [float(x["time_s"]) for x in r
       if x["from_journal"] == "false" and x["outcome"] == "ok"]
print(len(r), journaled, all(t >= best for t in new))
PY
)
  read -r all journaled above <<< "$check"
  # every rank ran leaves, when there were enough to go round
  if { [ "$lanes" = "0,1,2" ] || [ "$timed" -lt 6 ]; } && [ "$all" = "$kernels" ] \
     && [ "$journaled" -ge "$okrows" ] && [ "$journaled" -le "$timed" ] \
     && [ "$above" = True ] && grep -q '"violations": 0' "$dir/one/report.json"; then
    ok "/mpi/three-ranks-prove"
  else
    not_ok "/mpi/three-ranks-prove" "lanes used '$lanes' (0,1,2 expected)" \
      "exhaustive: $all leaves ($kernels), $journaled from the journal ($okrows to $timed)," \
      "none of its own faster than the ranks' best $best: $above"
  fi
fi

# ---- 2. a rank killed: a clear end, and --resume finishes -------------
journal=$dir/killed.jsonl
log=$dir/killed.log
# launches long enough (about a second an evaluation on PoCL) that a rank
# can be killed mid-search; the resumed run keeps the size (the journal's
# key) but not the repetitions, which answers from the journal ignore
slow=(--size N=262144 --repetitions 2000)
mpirun -np 3 "$bin" --kernel data/kernels/axpy.ir "${slow[@]}" \
  --device "$device" --decisions "$decisions" --every-design --journal "$journal" \
  --quiet --report "$dir/killed" > "$log" 2>&1 &
mpirun_pid=$!
victim=
for _ in $(seq 600); do # up to 60 s: rank 2 once the journal has two lines
  if [ -f "$journal" ] && [ "$(wc -l < "$journal")" -ge 3 ]; then
    for p in $(pgrep -f "$bin --kernel" || true); do
      if tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null |
          grep -qx 'OMPI_COMM_WORLD_RANK=2'; then victim=$p; fi
    done
    [ -n "$victim" ] && break
  fi
  sleep 0.1
done
[ -n "$victim" ] && kill -9 "$victim"
wait $mpirun_pid
status=$?
before=$(wc -l < "$journal" 2>/dev/null || echo 0)
"$bin" --kernel data/kernels/axpy.ir --size N=262144 --device "$device" \
  --decisions "$decisions" --every-design --journal "$journal" --resume --quiet \
  --report "$dir/resumed" > "$dir/resumed.log" 2>&1
resumed=$?
journaled=$(python3 -c '
import csv, sys
r = [x for x in csv.DictReader(open(sys.argv[1])) if x["final"] == "false"]
print(sum(x["from_journal"] == "true" for x in r))' \
  "$dir/resumed/evaluations.csv" 2>/dev/null || echo 0)
if [ -n "$victim" ] && [ $status -ne 0 ] && grep -qi 'rank\|signal\|killed' "$log" \
   && [ $resumed -eq 0 ] && grep -q '"proven": true' "$dir/resumed/report.json" \
   && [ "$journaled" -ge 1 ]; then
  ok "/mpi/rank-killed-then-resume"
  echo "# mpirun's words: $(grep -i 'rank\|signal\|killed' "$log" | head -2 | tr '\n' ' ')"
  echo "# the journal held $before lines; --resume took $journaled from it"
else
  not_ok "/mpi/rank-killed-then-resume" "killed: '${victim:-none}'," \
    "mpirun exited $status, resume exited $resumed, $journaled from the journal" \
    "$(tail -5 "$log")" "$(tail -5 "$dir/resumed.log")"
fi
echo "1..$n"
