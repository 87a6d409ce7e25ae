#!/usr/bin/env bash
# Issue 17's bar, each size in one call on one GPU (OpenCL device DEVICE,
# default 0, and the CUDA device of the same index, counted in PCI bus
# order as NVIDIA's OpenCL counts them): CLBlast tuned by its own tuner (clblast_tuner_xgemm at N^3
# (or M x N x K) for TUNE_S seconds, a FRACTION of its random configurations; the
# fastest it measured applied through `clblast-sgemm --xgemm`), CLBlast
# as packaged, cuBLAS FP32 with TF32 off (bench/cublas-sgemm.py, torch),
# and our tuned mxm (the decisions in DECISIONS_DIR/mxm-N.decisions, of
# the kernel named in DECISIONS_DIR/mxm-N.kernel where that file exists,
# else KERNEL (default data/kernels/mxm.ir), written by `bnbtune emit` and timed by clblast-sgemm --ours beside the
# tuned CLBlast: the reference interpreter `bnbtune run` checks against
# takes minutes at 4096^3), one after another.  Every result is checked
# against a double-precision product (a sample of 4,096 elements); the
# table goes to OUT/table.tsv.
# Needs, on the GPU machine: `.gpu` packed with clblast-utils
# (../shared/gpu/pack.sh clblast-utils), `bnbtune`,
# build/release/bench/clblast-sgemm, and torch.
# With PARAMS_DIR set, a size whose PARAMS_DIR/clblast-tuned-N.params
# exists (an earlier call's OUT) is not tuned again: those parameters are
# timed beside the others in this call (the table's tuner column is then
# empty).  At a size the tuner does not take (it wants M, N and K
# multiples of its work-group tiles, so not 1000) or where it matched no
# configuration, the tuned columns are '-' and ours is timed beside
# CLBlast as packaged.
# A size is N (the square) or a shape MxNxK (C is M x N, the sum runs
# over K); files are named by it.
# Usage: bench/blas-tuned.sh OUT SIZE...   (env: TUNE_S=300 FRACTION=0.002
#        DECISIONS_DIR=bench/results/mxm-tuned-h200 PARAMS_DIR=
#        KERNEL=data/kernels/mxm.ir DEVICE=0 POISON=device, or host: how
#        clblast-sgemm poisons C before each run, --poison)
set -eu
out=${1:?usage: bench/blas-tuned.sh OUT N...}
shift
tune_s=${TUNE_S:-300}
fraction=${FRACTION:-0.002}
decisions=${DECISIONS_DIR:-bench/results/mxm-tuned-h200}
device=${DEVICE:-0}
here=$(pwd)
mkdir -p "$out"
printf "N\tours_s\tours_tflops\tclblast_tuned_s\tclblast_tuned_tflops\tclblast_tuner_gflops\tclblast_packaged_s\tclblast_packaged_tflops\tcublas_s\tcublas_tflops\tours_vs_clblast_tuned\tours_vs_cublas\n" > "$out/table.tsv"
for n in "$@"; do
  IFS=x read -r sm sn sk <<< "$n"
  sn=${sn:-$sm} sk=${sk:-$sm}
  kernel=${KERNEL:-data/kernels/mxm.ir}
  [ -f "$decisions/mxm-$n.kernel" ] && kernel=$(cat "$decisions/mxm-$n.kernel")
  if [ -n "${PARAMS_DIR:-}" ] && [ -f "$PARAMS_DIR/clblast-tuned-$n.params" ]; then
    params=$(cat "$PARAMS_DIR/clblast-tuned-$n.params")
    echo "clblast-best: from $PARAMS_DIR/clblast-tuned-$n.params, not tuned again" \
      > "$out/tuner-best-$n.txt"
  else
    # line-buffered, so that the rows timed before the time limit are kept
    (cd "$out" && timeout "$tune_s" stdbuf -oL clblast_tuner_xgemm -m "$sm" -n "$sn" \
       -k "$sk" -platform 0 -device "$device" -precision 32 -fraction "$fraction" > "tuner-$n.txt" 2>&1) || true
    params=$(python3 bench/clblast-best.py "$out/tuner-$n.txt" \
             2> "$out/tuner-best-$n.txt") || params=
  fi
  cat "$out/tuner-best-$n.txt" >&2
  "$here/bnbtune" emit --kernel "$kernel" --size "M=$sm,N=$sn,K=$sk" \
    --decisions "$(cat "$decisions/mxm-$n.decisions")" -o "$out/ours-$n.cl" > /dev/null
  if [ -n "$params" ]; then
    echo "$params" > "$out/clblast-tuned-$n.params"
    build/release/bench/clblast-sgemm --device "$device" --sizes "$n" --xgemm "$params" ${POISON:+--poison "$POISON"} \
      --ours "$out/ours-$n.cl" > "$out/clblast-tuned-$n.tsv"
    build/release/bench/clblast-sgemm --device "$device" --sizes "$n" ${POISON:+--poison "$POISON"} > "$out/clblast-packaged-$n.tsv"
    ours=$(tail -1 "$out/clblast-tuned-$n.tsv" | cut -f8)
    tuned=$(tail -1 "$out/clblast-tuned-$n.tsv" | cut -f2)
  else
    build/release/bench/clblast-sgemm --device "$device" --sizes "$n" ${POISON:+--poison "$POISON"} \
      --ours "$out/ours-$n.cl" > "$out/clblast-packaged-$n.tsv"
    ours=$(tail -1 "$out/clblast-packaged-$n.tsv" | cut -f8)
    tuned=-
  fi
  CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=$device \
    python3 bench/cublas-sgemm.py --sizes "$n" > "$out/cublas-$n.tsv"
  tuner=$(sed -n 's/^clblast-best: \([0-9.]*\) GFLOP.*/\1/p' "$out/tuner-best-$n.txt")
  tuner=${tuner:--} # none when the parameters came from PARAMS_DIR
  packaged=$(tail -1 "$out/clblast-packaged-$n.tsv" | cut -f2)
  cublas=$(tail -1 "$out/cublas-$n.tsv" | cut -f2)
  echo "$n $((2 * sm * sn * sk)) $ours $tuned $tuner $packaged $cublas" | awk '{
    f=$2; o=$3; t=$4;
    tuned = t == "-" ? "-\t-" : sprintf("%.6e\t%.2f", t, f/t/1e12);
    vs = t == "-" ? "-" : sprintf("%.3f", t/o);
    printf "%s\t%.6e\t%.2f\t%s\t%s\t%.6e\t%.2f\t%.6e\t%.2f\t%s\t%.3f\n",
      $1, o, f/o/1e12, tuned, $5, $6, f/$6/1e12, $7, f/$7/1e12, vs, $7/o }' \
    >> "$out/table.tsv"
done
cat "$out/table.tsv"
