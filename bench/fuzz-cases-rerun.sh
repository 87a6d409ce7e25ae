#!/usr/bin/env bash
# Runs again every leaf a differential run saved (DIR/genSEED.ir with
# DIR/genSEED-leafI.decisions, docs/testing.md) on DEVICE, 8 at once, and
# prints one line per case: "genSEED leafI: OUTCOME", OUTCOME as `bnbtune
# run` says it (ok, wrong-result, build-failed, ...).  To tell a device's
# fault from ours: a leaf wrong on PoCL and right on the GPU.
# Usage: bench/fuzz-cases-rerun.sh DIR DEVICE [BNBTUNE]
set -u
[ $# -ge 2 ] || { echo "usage: $0 DIR DEVICE [BNBTUNE]" >&2; exit 2; }
dir=$1 device=$2 bnbtune=${3:-build/release/bnbtune}
export dir device bnbtune
ls "$dir"/gen*-leaf*.decisions 2>/dev/null | sort -V | xargs -P 8 -I{} sh -c '
  f={}; base=${f%-leaf*}; leaf=${f##*-leaf}; leaf=${leaf%.decisions}
  out=$(timeout 300 "$bnbtune" run --kernel "$base.ir" --device "$device" \
        --no-journal --every-design --decisions "$(cat "$f")" 2>&1)
  outcome=$(printf "%s\n" "$out" | sed -n "s/^outcome: //p" | head -1)
  wrong=$(printf "%s\n" "$out" | sed -n "s/^first wrong: //p" | head -1)
  [ -n "$outcome" ] || outcome="no outcome: $(printf "%s\n" "$out" | tail -1)"
  echo "$(basename "$base") leaf$leaf: $outcome${wrong:+ ($wrong)}"'
