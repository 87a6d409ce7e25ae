#!/usr/bin/env bash
# The long differential run (issue 14, docs/testing.md): KERNELS generated
# kernels x LEAVES random leaves each, built, run on DEVICE and checked
# against the interpreter, through tests/test-kernels' /kernels/differential
# case (the one `make check` runs, with more kernels).  PROCS processes
# each take a range of seeds; the outcome counts are summed at the end.
# Failing cases are saved under DIR with the command that reruns each.
#
# Usage: bench/fuzz-kernels.sh [DEVICE]
#   KERNELS=2000 LEAVES=5 SEED=1 PROCS=1 THREADS=1 DIR=build/kernel-cases
#   NO_BUILD=   (THREADS: kernels at once in each process)
# Exit status: 0 when no case failed (wrong, build-failed, launch-failed,
# codegen-failed, empty-space), 1 otherwise, 2 if it could not run.
set -u
cd "$(dirname "$0")/.."
device=${1:-${BNBTUNE_TEST_DEVICE:-0}}
kernels=${KERNELS:-2000} leaves=${LEAVES:-5} seed=${SEED:-1}
procs=${PROCS:-1} dir=${DIR:-build/kernel-cases}
# NO_BUILD=1: the binaries as they are (a device machine with no compiler
# headers, where they were carried in built)
[ -n "${NO_BUILD:-}" ] \
  || make -j2 build/release/bnbtune build/release/tests/test-kernels >&2 \
  || exit 2
export POCL_WORK_GROUP_METHOD=${POCL_WORK_GROUP_METHOD:-loops}
# each process's log stays under DIR/logs: a run cut short (a device
# call's time limit) still says what it did
logs=$dir/logs
rm -rf "$logs"; mkdir -p "$logs"
per=$(( (kernels + procs - 1) / procs ))
status=0
for p in $(seq 0 $((procs - 1))); do
  first=$(( seed + p * per ))
  n=$(( per < seed + kernels - first ? per : seed + kernels - first ))
  [ "$n" -gt 0 ] || continue
  BNBTUNE_KERNEL_THREADS=${THREADS:-1} \
  BNBTUNE=build/release/bnbtune BNBTUNE_TEST_DEVICE=$device \
    BNBTUNE_KERNELS=$n BNBTUNE_KERNEL_LEAVES=$leaves \
    BNBTUNE_KERNEL_SEED=$first BNBTUNE_KERNEL_DIR=$dir \
    build/release/tests/test-kernels --tap -p /kernels/differential \
    > "$logs/$p.log" 2>&1 &
done
for job in $(jobs -p); do wait "$job" || status=1; done
cat "$logs"/*.log | grep -v '^# Start\|^# End\|^1\.\.\|random seed'
echo "---"
echo "$kernels kernels x $leaves leaves from seed $seed on device $device:"
grep -h '^# outcomes:' "$logs"/*.log | sed 's/.*s: //' | tr ',' '\n' \
  | awk '{ n[$2] += $1; if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 } }
         END { for (i = 1; i <= k; i++)
                 printf "%s%d %s", (i > 1 ? ", " : ""), n[order[i]], order[i];
               print "" }'
grep -q '^# outcomes:' "$logs"/*.log || status=2
exit $status
