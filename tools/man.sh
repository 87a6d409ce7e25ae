#!/usr/bin/env bash
# The man page, made from the program's own help (Debian's help2man):
# `bnbtune --help` and `--version` give the synopsis, description and
# version; each command's `--help` follows under COMMANDS, so the page
# never says what the program does not.
# Usage: tools/man.sh BNBTUNE OUT.1
set -euo pipefail
bin=$1
out=$2
command -v help2man >/dev/null || {
  echo "man.sh: help2man is missing (make deps installs it)" >&2
  exit 1
}
inc=$(mktemp)
trap 'rm -f "$inc"' EXIT
{
  echo "[COMMANDS]"
  for c in tune compare count check devices explain run emit; do
    echo ".SS $c"
    echo ".nf"
    "$bin" "$c" --help | sed 's/\\/\\e/g; s/^[.'"'"']/\\\&&/'
    echo ".fi"
  done
  echo "[FILES]"
  echo "PREFIX/share/bnbtune/devices: the vendor table (vendors.ini) and device"
  echo "descriptions; PREFIX/share/bnbtune/kernels: the shipped kernels;"
  echo "\$XDG_CACHE_HOME/bnbtune: calibrations and sources;"
  echo "\$XDG_DATA_HOME/bnbtune/journal: the journals of evaluations."
  echo "[SEE ALSO]"
  echo "The documentation in the source tree: README.md and docs/ (ir.md for the"
  echo "kernel format, search.md, model.md, report.md)."
} >"$inc"
help2man --no-info --no-discard-stderr --section=1 \
  --name="find the fastest OpenCL implementation of a kernel in a space, by branch and bound" \
  --include="$inc" --output="$out" "$bin"
