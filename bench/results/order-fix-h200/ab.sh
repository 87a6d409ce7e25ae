#!/usr/bin/env bash
# GPU 0: the whole mxm space with the occupancy order before its fix
# (8febd6a), GPU 1 after it (b75653d), at once; then --built-first
# against the order sent on the mapped proof, one GPU, alternating.
set -u
o=$OUT
cp build/ctl/bnbtune-new bnbtune
for i in 0 1; do
  b=$PWD/build/ctl/bnbtune-old; [ $i = 1 ] && b=$PWD/build/ctl/bnbtune-mid
  mkdir -p $o/g$i
  DEVICE=$i WORKERS=13 THREADS=3 BNBTUNE=$b OUT=$o/g$i XDG_CACHE_HOME=/tmp/c$i \
    bench/gpu-whole.sh ${WHOLE_S:-240s} occupancy > $o/g$i/log.txt 2>&1 &
done
wait
for i in 0 1; do echo "== GPU $i"; cat $o/g$i/log.txt | tail -12; done
OUT=$o/lanes RUNS="0:16 0:16::--built-first 0:16 0:16::--built-first" \
  bench/gpu-lanes.sh 1024 16 > $o/lanes-log.txt 2>&1
cat $o/lanes/lanes.tsv
tar czf /tmp/ab.tgz -C $o . && rm -rf $o/* && mv /tmp/ab.tgz $o/
