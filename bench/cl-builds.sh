#!/usr/bin/env bash
# How the driver's builds scale across processes (issue 19): the sources
# in DIR (*.cl) split among P processes at once, each building its share
# one after another (bench/cl-builds.c), for each P given.  NVIDIA's
# compile cache is off, so that no build reuses another's.  One line per
# P: processes, sources, wall time, builds a second, the mean process's
# device open and builds.
# Usage: bench/cl-builds.sh DIR P...   (after make build/release/bench/cl-builds)
set -u
dir=$1
shift
bin=${CL_BUILDS:-build/release/bench/cl-builds}
export CUDA_CACHE_DISABLE=1
mapfile -t files < <(ls "$dir"/*.cl)
n=${#files[@]}
if [ "$n" -eq 0 ]; then
  echo "cl-builds.sh: no .cl file in $dir" >&2
  exit 1
fi
printf 'processes\tsources\twall_s\tbuilds_per_s\topen_s\tbuild_s\n'
for p in "$@"; do
  if [ "$p" -gt "$n" ]; then
    echo "cl-builds.sh: $p processes for $n sources: left out" >&2
    continue
  fi
  tmp=$(mktemp)
  pids=()
  start=$(date +%s.%N)
  for ((r = 0; r < p; r++)); do
    share=()
    for ((i = r; i < n; i += p)); do share+=("${files[$i]}"); done
    "$bin" "${DEVICE:-0}" "${share[@]}" >> "$tmp" &
    pids+=($!)
  done
  failed=0
  for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
  end=$(date +%s.%N)
  if [ "$failed" -gt 0 ]; then
    echo "cl-builds.sh: $failed of $p processes failed: P=$p left out" >&2
    rm -f "$tmp"
    continue
  fi
  python3 - "$p" "$n" "$start" "$end" "$tmp" <<'PY'
import sys
p, n, t0, t1, path = sys.argv[1:]
rows = [l.split() for l in open(path) if l.strip()]
wall = float(t1) - float(t0)
mean = lambda k: sum(float(r[k]) for r in rows) / max(len(rows), 1)
print("%s\t%s\t%.2f\t%.1f\t%.2f\t%.2f" % (p, n, wall, int(n) / wall,
                                          mean(1), mean(2)))
PY
  rm -f "$tmp"
done
