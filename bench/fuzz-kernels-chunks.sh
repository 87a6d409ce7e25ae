#!/usr/bin/env bash
# The long differential run (issue 14) cut into small chunks, for a
# machine whose calls have a time limit: 16 processes at once, each running
# tests/test-kernels' /kernels/differential on CHUNK kernels (default 8)
# from one first seed of SEEDFILE (one a line, none past LAST), 5 leaves
# each, on DEVICE (default gpu).  A call cut short loses only the chunks in
# flight: OUT/logs/done.txt lists the chunks that finished, and the logs
# and failing cases are packed into OUT/fuzz.tgz.  Run it again on the
# seeds not done.  The binaries are used as built (make them first).
# Usage: bench/fuzz-kernels-chunks.sh SEEDFILE LAST SECONDS
#   e.g. seq 1 8 2000 > seeds; bench/fuzz-kernels-chunks.sh seeds 2000 560
set -u
[ $# -eq 3 ] || { echo "usage: $0 SEEDFILE LAST SECONDS" >&2; exit 2; }
cd "$(dirname "$0")/.."
# on the lent GPU machine, its driver (../shared/gpu/README.md)
[ -f .gpu/on-device.sh ] && [ -e /usr/local/nvidia/lib64/libnvidia-opencl.so.1 ] \
  && source .gpu/on-device.sh
seeds=$(realpath "$1") last=$2 secs=$3
export OUT=${OUT:-build/kernel-chunks} CHUNK=${CHUNK:-8} LEAVES=${LEAVES:-5}
export DEVICE=${DEVICE:-gpu} LAST=$last
mkdir -p "$OUT/logs" "$OUT/cases"
timeout "$secs" xargs -P 16 -I{} sh -c '
  n=$(( LAST - {} + 1 )); [ $n -gt $CHUNK ] && n=$CHUNK
  BNBTUNE_KERNEL_THREADS=1 BNBTUNE=build/release/bnbtune BNBTUNE_TEST_DEVICE=$DEVICE \
    BNBTUNE_KERNELS=$n BNBTUNE_KERNEL_LEAVES=$LEAVES \
    BNBTUNE_KERNEL_SEED={} BNBTUNE_KERNEL_DIR=$OUT/cases/{} \
    build/release/tests/test-kernels --tap -p /kernels/differential \
    > $OUT/logs/{}.log 2>&1
  echo "{} $?" >> $OUT/logs/done.txt' < "$seeds"
(cd "$OUT" && tar czf fuzz.tgz logs cases && rm -rf logs cases)
echo "chunks done: $(tar xzf "$OUT/fuzz.tgz" -O logs/done.txt 2>/dev/null | wc -l)"
