#!/usr/bin/env bash
# Fuzzes the .ir parser with libFuzzer for SECONDS (make fuzz).
# Builds fuzz/fuzz-parse from fuzz/fuzz-parse.c and ir/*.c with clang and
# AddressSanitizer + UndefinedBehaviorSanitizer, seeds a fresh fuzz/corpus
# with data/kernels/*.ir, runs with the dictionary fuzz/ir.dict, then prints
# the number of executions and whether libFuzzer left a crash, leak, timeout
# or out-of-memory input (fuzz/crash-* etc.): exit status 1 then.
# The whole libFuzzer log is kept in build/fuzz/fuzz.log.
# Needs clang and its libFuzzer runtime: tools/deps.sh --fuzz.
# Usage: tools/fuzz.sh SECONDS
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-}
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: tools/fuzz.sh SECONDS" >&2
  exit 2
fi
CLANG=${CLANG:-clang}
log=build/fuzz/fuzz.log
mkdir -p build/fuzz

echo "fuzz: building fuzz/fuzz-parse"
# shellcheck disable=SC2046
"$CLANG" -std=c11 -D_GNU_SOURCE -g -O1 -I. \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -fno-omit-frame-pointer \
  $(pkg-config --cflags glib-2.0) \
  fuzz/fuzz-parse.c ir/*.c \
  $(pkg-config --libs glib-2.0) -lm \
  -o fuzz/fuzz-parse

rm -rf fuzz/corpus
mkdir -p fuzz/corpus
cp data/kernels/*.ir fuzz/corpus/

artifacts() {
  find fuzz -maxdepth 1 -type f \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
       -o -name 'oom-*' \) -newer build/fuzz/start | sort
}

touch build/fuzz/start
echo "fuzz: running for ${seconds}s (log: $log)"
status=0
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  fuzz/fuzz-parse -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
  -dict=fuzz/ir.dict -artifact_prefix=fuzz/ -print_final_stats=1 \
  fuzz/corpus >"$log" 2>&1 || status=$?

execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
if [ -z "$execs" ]; then
  execs=$(grep -Eo '^#[0-9]+' "$log" | tail -n1 | tr -d '#')
fi
found=$(artifacts)
echo "fuzz: ${execs:-0} executions, libFuzzer exit status $status," \
  "corpus $(find fuzz/corpus -type f | wc -l) inputs"
if [ -n "$found" ]; then
  echo "fuzz: FOUND (reproduce with: fuzz/fuzz-parse FILE):"
  echo "$found" | sed 's/^/  /'
  grep -m1 -A12 -E '^==[0-9]+==(ERROR|WARNING)|runtime error|ERROR: libFuzzer|GLib' \
    "$log" || true
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "fuzz: libFuzzer failed without leaving an input; see $log" >&2
  tail -n 20 "$log" >&2
  exit 1
fi
echo "fuzz: no crash"
