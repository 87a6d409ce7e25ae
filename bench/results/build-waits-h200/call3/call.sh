#!/usr/bin/env bash
# 1024^3 whole space: HEAD (odd runs) against the order that weighs builds (even), cache off.
source .gpu/on-device.sh
export CUDA_CACHE_DISABLE=1
nvidia-smi -L > $OUT/gpus.txt
R=/tmp/res; mkdir -p $R
for i in 1 2 3 4; do
  mkdir -p $R/r$i
  B=build/ctl/bnbtune-head; [ $((i % 2)) = 0 ] && B=build/ctl/bnbtune-cost
  M=0; [ $i = 4 ] && M=1
  echo "run $i $B $(date +%T)"
  OUT=$R/r$i BNBTUNE=$B MAPPED=$M DEVICE=0 \
    timeout 138 bash bench/gpu-whole.sh 105s occupancy > $R/r$i/log.txt 2>&1
  cat $R/r$i/log.txt
done
cd $R && for i in 1 2 3 4; do rm -rf r$i/data; done
tar czf $OUT/res.tar.gz -C $R .
ls -la $OUT
