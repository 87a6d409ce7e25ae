#!/usr/bin/env bash
# Issue 17's bar, each size in one call on one GPU (OpenCL device 0, CUDA
# device 0): CLBlast tuned by its own tuner (clblast_tuner_xgemm at N^3
# for TUNE_S seconds, a FRACTION of its random configurations; the
# fastest it measured applied through `clblast-sgemm --xgemm`), CLBlast
# as packaged, cuBLAS FP32 with TF32 off (bench/cublas-sgemm.py, torch),
# and our tuned mxm (the decisions in DECISIONS_DIR/mxm-N.decisions, of
# the kernel KERNEL (default data/kernels/mxm.ir), written by `bnbtune emit` and timed by clblast-sgemm --ours beside the
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
# empty).  A size whose tuner matched no configuration is left out.
# Usage: bench/blas-tuned.sh OUT N...   (env: TUNE_S=300 FRACTION=0.002
#        DECISIONS_DIR=bench/results/mxm-tuned-h200 PARAMS_DIR=
#        KERNEL=data/kernels/mxm.ir)
set -eu
out=${1:?usage: bench/blas-tuned.sh OUT N...}
shift
tune_s=${TUNE_S:-300}
fraction=${FRACTION:-0.002}
decisions=${DECISIONS_DIR:-bench/results/mxm-tuned-h200}
kernel=${KERNEL:-data/kernels/mxm.ir}
here=$(pwd)
mkdir -p "$out"
printf "N\tours_s\tours_tflops\tclblast_tuned_s\tclblast_tuned_tflops\tclblast_tuner_gflops\tclblast_packaged_s\tclblast_packaged_tflops\tcublas_s\tcublas_tflops\tours_vs_clblast_tuned\tours_vs_cublas\n" > "$out/table.tsv"
for n in "$@"; do
  if [ -n "${PARAMS_DIR:-}" ] && [ -f "$PARAMS_DIR/clblast-tuned-$n.params" ]; then
    params=$(cat "$PARAMS_DIR/clblast-tuned-$n.params")
    echo "clblast-best: from $PARAMS_DIR/clblast-tuned-$n.params, not tuned again" \
      > "$out/tuner-best-$n.txt"
  else
    # line-buffered, so that the rows timed before the time limit are kept
    (cd "$out" && timeout "$tune_s" stdbuf -oL clblast_tuner_xgemm -m "$n" -n "$n" \
       -k "$n" -precision 32 -fraction "$fraction" > "tuner-$n.txt" 2>&1) || true
    if ! params=$(python3 bench/clblast-best.py "$out/tuner-$n.txt" \
                  2> "$out/tuner-best-$n.txt"); then
      cat "$out/tuner-best-$n.txt" >&2
      continue
    fi
  fi
  cat "$out/tuner-best-$n.txt" >&2
  echo "$params" > "$out/clblast-tuned-$n.params"
  "$here/bnbtune" emit --kernel "$kernel" --size "M=$n,N=$n,K=$n" \
    --decisions "$(cat "$decisions/mxm-$n.decisions")" -o "$out/ours-$n.cl" > /dev/null
  build/release/bench/clblast-sgemm --sizes "$n" --xgemm "$params" \
    --ours "$out/ours-$n.cl" > "$out/clblast-tuned-$n.tsv"
  build/release/bench/clblast-sgemm --sizes "$n" > "$out/clblast-packaged-$n.tsv"
  python3 bench/cublas-sgemm.py --sizes "$n" > "$out/cublas-$n.tsv"
  ours=$(tail -1 "$out/clblast-tuned-$n.tsv" | cut -f8)
  tuner=$(sed -n 's/^clblast-best: \([0-9.]*\) GFLOP.*/\1/p' "$out/tuner-best-$n.txt")
  tuner=${tuner:--} # none when the parameters came from PARAMS_DIR
  tuned=$(tail -1 "$out/clblast-tuned-$n.tsv" | cut -f2)
  packaged=$(tail -1 "$out/clblast-packaged-$n.tsv" | cut -f2)
  cublas=$(tail -1 "$out/cublas-$n.tsv" | cut -f2)
  echo "$n $ours $tuned $tuner $packaged $cublas" | awk '{
    f=2*$1*$1*$1; o=$2;
    printf "%d\t%.6e\t%.2f\t%.6e\t%.2f\t%s\t%.6e\t%.2f\t%.6e\t%.2f\t%.3f\t%.3f\n",
      $1, o, f/o/1e12, $3, f/$3/1e12, $4, $5, f/$5/1e12, $6, f/$6/1e12, $3/o, $6/o }' \
    >> "$out/table.tsv"
done
cat "$out/table.tsv"
