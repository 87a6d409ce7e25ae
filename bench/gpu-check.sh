#!/usr/bin/env bash
# Issue 3's checks on the lent GPU, in one device call: the device list
# with calibrated rates; random leaves of mxm (N=1024), axpy and gemv, each
# built, run once and verified against the reference; the naive SGEMM as
# a leaf of mxm.ir against the same kernel written by hand.
# Usage (from the repository root, on the GPU machine):
#   source .gpu/on-device.sh && bench/gpu-check.sh [MXM_LEAVES] [SECONDS]
# Results go to $OUT (or ./out): devices.txt, leaves.txt, naive.txt and the
# journals.  XDG_CACHE_HOME=./.bnbcache lets a reference computed
# beforehand (mxm at 1024 takes minutes in the interpreter) travel along.
set -u
out=${OUT:-out}
mxm_leaves=${1:-1000}
mxm_seconds=${2:-330}
mkdir -p "$out"
export XDG_CACHE_HOME=$PWD/.bnbcache
leaves() {
  local name=$1 seconds=$2; shift 2
  echo "== $name: $*" >> "$out/leaves.txt"
  timeout "$seconds" ./bnbtune run --device gpu --warmup 0 --repetitions 1 \
    --timeout 2 --journal "$out/$name.jsonl" "$@" 2>&1 | tail -8 \
    >> "$out/leaves.txt"
}
./bnbtune devices --calibrate > "$out/devices.txt" 2>&1
leaves mxm "$mxm_seconds" --kernel data/kernels/mxm.ir \
  --size M=1024,N=1024,K=1024 --random-leaf 1 --leaves "$mxm_leaves"
leaves axpy 60 --kernel data/kernels/axpy.ir --size N=16777216 \
  --random-leaf 1 --leaves 200
leaves gemv 80 --kernel data/kernels/gemv.ir --size M=4096,N=4096 \
  --random-leaf 1 --leaves 200
{
  echo "== generated (bench/mxm-naive.decisions)"
  ./bnbtune run --device gpu --kernel data/kernels/mxm.ir \
    --size M=1024,N=1024,K=1024 --every-design \
    --decisions "$(cat bench/mxm-naive.decisions)" \
    --repetitions 50 --no-journal
  echo "== by hand (bench/mxm-naive.cl)"
  ./bnbtune run --device gpu --kernel data/kernels/mxm.ir \
    --size M=1024,N=1024,K=1024 --source bench/mxm-naive.cl \
    --kernel-name naive_mxm --global 1024,1024 --local 16,16 \
    --repetitions 50 --no-journal
} > "$out/naive.txt" 2>&1
