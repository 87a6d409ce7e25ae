#!/usr/bin/env bash
# GPU 0: the whole mxm space, occupancy order of 8febd6a; GPU 1: the
# hybrid (tile buckets dive once their ratio is known), at once.
set -u
o=$OUT
for i in 0 1; do
  b=$PWD/build/ctl/bnbtune-old; [ $i = 1 ] && b=$PWD/build/ctl/bnbtune-hyb
  mkdir -p $o/g$i
  DEVICE=$i WORKERS=13 THREADS=3 BNBTUNE=$b OUT=$o/g$i XDG_CACHE_HOME=/tmp/c$i \
    bench/gpu-whole.sh 240s occupancy > $o/g$i/log.txt 2>&1 &
done
wait
for i in 0 1; do echo "== GPU $i"; grep -E '^(Best|Proof|Space|Time)' $o/g$i/whole-occupancy-summary.txt; grep '^time' $o/g$i/*run.txt; done
tar czf /tmp/ab.tgz -C $o . && rm -rf $o/* && mv /tmp/ab.tgz $o/
