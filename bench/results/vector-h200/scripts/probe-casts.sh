#!/usr/bin/env bash
# issue 17 probe: 128-bit global accesses by pointer casts, SASS
set -u
o=$OUT
c=build/ctl
export PATH=$PATH:/usr/local/cuda/bin
mkdir -p /tmp/p
for v in v0 v1c v2c v3c w0 w3c; do
  $c/cl-binary $c/$v.cl /tmp/p/raw$v.ptx > /dev/null 2>&1
  tr -d '\000' < /tmp/p/raw$v.ptx > /tmp/p/$v.ptx
  ptxas -arch=sm_90 -v /tmp/p/$v.ptx -o /tmp/p/$v.cubin > /tmp/p/ptxas-$v.txt 2>&1
  cuobjdump -sass /tmp/p/$v.cubin > /tmp/p/$v.sass 2>&1
  echo "$v: $(grep -o 'Used [0-9]* registers' /tmp/p/ptxas-$v.txt) $(grep -o -E '(LDG|STG|LDS|STS)[.A-Z0-9]*' /tmp/p/$v.sass | sort | uniq -c | tr '\n' ' ')"
done
for r in 1 2 3; do
  for v in v0 v1c v3c; do
    $c/clblast-sgemm --sizes 4096 --ours $c/$v.cl > /tmp/p/r$r-$v.tsv 2> /tmp/p/r$r-$v.err
    echo "r$r $v $(tail -1 /tmp/p/r$r-$v.tsv | cut -f1,8,9,10)"
  done
  for v in w0 w3c; do
    $c/clblast-sgemm --sizes 2048 --ours $c/$v.cl > /tmp/p/r$r-$v.tsv 2> /tmp/p/r$r-$v.err
    echo "r$r $v $(tail -1 /tmp/p/r$r-$v.tsv | cut -f1,8,9,10)"
  done
done
tar czf $o/probe.tgz -C /tmp/p .
