#!/usr/bin/env bash
# Sums the counts that tests/run-tests.sh left and prints the line CI reads.
# Usage: tools/summarize-tests.sh COUNTS-FILE MAKE-STATUS [FAILURES-FILE]
# The failing cases are named again just above the count, so that a log
# cut to its tail still says which test failed.
set -u
passed=0; failed=0
if [ -f "$1" ]; then
  while read -r p f; do passed=$((passed + p)); failed=$((failed + f)); done < "$1"
fi
if [ "$2" -ne 0 ] && [ "$failed" -eq 0 ]; then
  echo "the build or a test runner failed before all tests ran"
  failed=1
fi
if [ -s "${3:-}" ]; then
  echo "# the failing tests:"
  sed 's/^/#   /' "$3"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$2" -eq 0 ]
