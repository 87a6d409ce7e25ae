#!/usr/bin/env bash
# Runs GTest binaries in TAP mode and counts their test cases.
# Usage: tests/run-tests.sh VARIANT BINARY...
# Prints each binary's TAP output, then "VARIANT: N passed, N failed", and
# appends "N M" to build/check-counts and each failing case to
# build/check-failures for the overall summary.
set -u
variant=$1; shift
passed=0; failed=0
export G_DEBUG=fatal-criticals
# PoCL compiles a work-group function at a kernel's first launch.  Its
# default method can take minutes on kernels with many barriers in loops,
# and PoCL 3.1's parallel-region builder asserts on some of them
# ("Multiple outgoing edges from exit block!"); the plain work-item loops
# method builds those in seconds and runs them correctly.
export POCL_WORK_GROUP_METHOD=${POCL_WORK_GROUP_METHOD:-loops}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$(cd "$(dirname "$0")" && pwd)/lsan.supp:print_suppressions=0}
# failing generated kernels are saved per variant: the two run side by side
export BNBTUNE_KERNEL_DIR=${BNBTUNE_KERNEL_DIR:-build/$variant/kernel-cases}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p build
for t in "$@"; do
  echo "# $variant: $t"
  out=$(mktemp)
  start=$SECONDS
  "$t" --tap >"$out" 2>&1
  rc=$?
  cat "$out"
  echo "# $variant: $t took $((SECONDS - start)) s"
  p=$(grep -c '^ok ' "$out")
  f=$(grep -c '^not ok ' "$out")
  # the failures again, for the summary at the end of make check
  grep '^not ok ' "$out" | sed "s|^|$variant: ${t##*/}: |" >> build/check-failures
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "not ok - $t exited with status $rc"
    f=1
    echo "$variant: ${t##*/}: exited with status $rc" >> build/check-failures
    grep -E '^(Bail out!|ERROR:|==[0-9]+==ERROR)' "$out" | head -3 |
      sed "s|^|$variant: ${t##*/}:   |" >> build/check-failures
  fi
  passed=$((passed + p)); failed=$((failed + f))
  rm -f "$out"
done
echo "$variant: $passed passed, $failed failed"
echo "$passed $failed" >> build/check-counts
[ "$failed" -eq 0 ]
