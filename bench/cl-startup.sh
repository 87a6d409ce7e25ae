#!/usr/bin/env bash
# Whether the OpenCL driver serializes opening a device across processes
# (issue 19): bench/cl-startup.c run alone, then P processes at once on
# device 0, then P on each of devices 0 and 1.  One line per process,
# then each group's wall time.  NVIDIA's driver on two H200s: 0.6 s
# alone, about 2.5 s each for 8 at once, 4.5 s each for 16 over two GPUs
# (docs/results.md, "Why 0.6 of the wall time is out of reach").
# Usage: bench/cl-startup.sh [P]   (after make build/release/bench/cl-startup)
set -u
p=${1:-8}
bin=${CL_STARTUP:-build/release/bench/cl-startup}
group() {
  local label=$1 start end
  shift
  start=$(date +%s.%N)
  for dev in "$@"; do
    "$bin" "$dev" | sed "s/^/$label\t/" &
  done
  wait
  end=$(date +%s.%N)
  echo "# $label: wall $(python3 -c "print(round($end - $start, 3))") s"
}
printf 'group\tdevice\tplatform_s\tcontext_s\tbuffer_s\tbuild_s\trelease_s\ttotal_s\n'
group alone 0
group alone-again 0
group "$p-on-0" $(for i in $(seq "$p"); do echo 0; done)
group "$p-on-0-and-1" $(for i in $(seq "$p"); do echo 0 1; done)
