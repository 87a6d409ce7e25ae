set -u
c=build/ctl
for r in 1 2 3; do
  for v in v0 v2c v2; do
    $c/clblast-sgemm --sizes 4096 --ours $c/$v.cl > /tmp/r.tsv 2>&1; echo "r$r $v $(tail -1 /tmp/r.tsv | cut -f1,8,9,10)"
  done
  for v in w0 w2c; do
    $c/clblast-sgemm --sizes 2048 --ours $c/$v.cl > /tmp/r.tsv 2>&1; echo "r$r $v $(tail -1 /tmp/r.tsv | cut -f1,8,9,10)"
  done
done
