#!/usr/bin/env bash
# Installs the Debian packages bnbtune needs to build and test, and only
# those that are missing: when everything is present it does nothing (no
# root, no network).  `apt-get update` runs only when something is missing.
# Also Kernel Tuner from PyPI, in a virtual environment of the project's
# (build/python), for the test of `bnbtune export --format kernel-tuner`;
# where PyPI cannot be reached it says so and that test is skipped.
# Usage: tools/deps.sh [--fuzz] [--format]
#   --fuzz    also clang and the libFuzzer runtime matching its version
#   --format  also clang-format
set -euo pipefail

base=(ocl-icd-opencl-dev opencl-headers pocl-opencl-icd libhwloc-dev
      libglib2.0-dev clinfo pkg-config make gcc help2man python3
      python3-venv libopenmpi-dev openmpi-bin)
kernel_tuner=kernel_tuner==1.5.0
venv=$(cd "$(dirname "$0")/.." && pwd)/build/python
fuzz=0
extra=()
for arg in "$@"; do
  case $arg in
    --fuzz) fuzz=1 ;;
    --format) extra+=(clang-format) ;;
    -h|--help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "deps.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

is_installed() {
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]
}

missing_of() {
  local p
  for p in "$@"; do is_installed "$p" || echo "$p"; done
}

updated=0
install() {
  local missing
  mapfile -t missing < <(missing_of "$@")
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "deps.sh: missing Debian packages: ${missing[*]}" >&2
    echo "deps.sh: run as root (e.g. sudo make deps), or install them:" >&2
    echo "  apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "deps.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$updated" -eq 0 ]; then
    apt-get update -q
    updated=1
  fi
  apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The libFuzzer runtime ships in libclang-rt-V-dev (Debian 12: V = 14);
# newer releases also have an unversioned libclang-rt-dev.  Sets $runtime.
runtime=
find_fuzzer_runtime() {
  local v p
  v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n1)
  for p in "libclang-rt-$v-dev" libclang-rt-dev; do
    is_installed "$p" && { runtime=$p; return; }
  done
  if [ "$(id -u)" -eq 0 ] && [ "$updated" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    updated=1
  fi
  if apt-cache show "libclang-rt-$v-dev" >/dev/null 2>&1; then
    runtime=libclang-rt-$v-dev
  else
    runtime=libclang-rt-dev
  fi
}

install "${base[@]}" "${extra[@]}"
if [ "$fuzz" -eq 1 ]; then
  install clang
  find_fuzzer_runtime
  install "$runtime"
fi

if ! "$venv/bin/python3" -c 'import kernel_tuner' 2>/dev/null; then
  echo "deps.sh: installing $kernel_tuner from PyPI into $venv"
  if ! { python3 -m venv "$venv" \
         && "$venv/bin/python3" -m pip install -q --disable-pip-version-check \
              --retries 1 --timeout 20 "$kernel_tuner"; }; then
    echo "deps.sh: could not install $kernel_tuner from PyPI; the test of" \
         "bnbtune export --format kernel-tuner will be skipped" >&2
  fi
fi
