#!/usr/bin/env bash
# The tree of kernels against the full tree (docs/space.md): on each
# sub-space, the distinct kernel keys of the full tree's leaves (every
# fully specified candidate, today's enumeration) and of the tree of
# kernels' leaves must be the same set, and the tree of kernels should
# have one leaf per kernel.  Spaces: the sub-spaces of tests/data and
# bench/, the whole of axpy, and the order sub-spaces of random candidates
# (their tiles, kinds, memory spaces and padding kept, every order
# reopened) of mxm at 1024^3, gemv and stencil2d.
#
# Usage: bench/kernel-tree.sh [OUT] [MXM_ORDER_SPACES] [TIME_LIMIT]
#   OUT               folder of table.tsv and the key lists
#                     (default bench/results/kernel-tree)
#   MXM_ORDER_SPACES  how many mxm order sub-spaces to walk (default 30;
#                     gemv and stencil2d get a third as many each)
#   TIME_LIMIT        seconds for each walk (default 120); a sub-space whose
#                     full tree is not walked in time is skipped and said so
# Environment: ONLY=base|mxm|gemv|stencil2d runs one group of spaces (two
# calls may then run side by side into two folders); SEED0=S starts the
# order sub-spaces' seeds after S (default 0).
# Prints the table; the last line counts the sub-spaces compared, those
# with other keys, and those with more leaves than kernels.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench/results/kernel-tree}
n_mxm=${2:-30}
limit=${3:-120}
bnbtune=${BNBTUNE:-build/release/bnbtune}
[ -x "$bnbtune" ] || make -s build/release/bnbtune >/dev/null
mkdir -p "$out/keys"
table=$out/table.tsv
printf 'space\tcandidates\tkernels_full\tleaves\tkernels_tree\tsame_keys\tleaves_per_kernel\tnodes_full\tnodes_tree\tdead_ends_tree\tseconds_full\tseconds_tree\n' >"$table"
compared=0 differ=0 copies=0 skipped=0

field() { python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))[sys.argv[2]]; print("" if v is None else v)' "$1" "$2"; }

# compare NAME KERNEL SIZES DECISIONS
compare() {
  local name=$1 kernel=$2 sizes=$3 decisions=$4 t
  local fj=$out/keys/$name.full.json tj=$out/keys/$name.kernels.json
  rm -f "$fj" "$tj"
  # every design: the sub-spaces of tests/data hold global temporaries,
  # and the counts of docs/codegen.md predate the design rules
  for t in full kernels; do
    "$bnbtune" count --kernel "$kernel" --size "$sizes" --every-design \
      ${decisions:+--decisions "$decisions"} --tree "$t" --kernels \
      --keys "$out/keys/$name.$t" --time-limit "$limit" --probes 2 --json \
      >"$out/keys/$name.$t.json"
    [ -n "$(field "$out/keys/$name.$t.json" kernels)" ] || break
  done
  if [ ! -f "$tj" ] || [ -z "$(field "$fj" kernels)" ] \
       || [ -z "$(field "$tj" kernels)" ]; then
    echo "skipped $name: not walked within ${limit}s" >&2
    skipped=$((skipped + 1))
    return 1
  fi
  local same=no
  cmp -s "$out/keys/$name.full" "$out/keys/$name.kernels" && same=yes
  local leaves kernels ratio
  leaves=$(field "$tj" leaves); kernels=$(field "$tj" kernels)
  ratio=$(python3 -c "print(f'{$leaves/$kernels:.4f}')")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" \
    "$(field "$fj" leaves)" "$(field "$fj" kernels)" "$leaves" "$kernels" \
    "$same" "$ratio" "$(field "$fj" nodes)" "$(field "$tj" nodes)" \
    "$(field "$tj" dead_ends)" "$(field "$fj" seconds)" \
    "$(field "$tj" seconds)" | tee -a "$table"
  compared=$((compared + 1))
  [ "$same" = yes ] || differ=$((differ + 1))
  python3 -c "import sys; sys.exit(0 if $leaves <= 1.01 * $kernels else 1)" \
    || copies=$((copies + 1))
  rm -f "$out/keys/$name.full" "$out/keys/$name.kernels"
}

# order_space KERNEL SIZES SEED: a random candidate's decisions without
# its orders.
order_space() {
  "$bnbtune" emit --kernel "$1" --size "$2" --random-leaf "$3" 2>/dev/null \
    | sed -n 's/^ \*   \([a-z]*(.*)=.*\)$/\1/p' | grep -v '^order(' \
    | paste -sd ';' | sed 's/;/; /g'
}

# order_spaces NAME KERNEL SIZES COUNT
order_spaces() {
  local name=$1 kernel=$2 sizes=$3 want=$4 seed=${SEED0:-0} done=0
  local last=$((${SEED0:-0} + want * 4))
  while [ "$done" -lt "$want" ] && [ "$seed" -lt "$last" ]; do
    seed=$((seed + 1))
    if compare "$name-orders-$seed" "$kernel" "$sizes" \
         "$(order_space "$kernel" "$sizes" "$seed")"; then
      done=$((done + 1))
    fi
  done
}

mxm=data/kernels/mxm.ir
big=M=1024,N=1024,K=1024
only=${ONLY:-all}
if [ "$only" = all ] || [ "$only" = base ]; then
  compare mxm-small "$mxm" M=32,N=32,K=32 \
    "$(cat tests/data/mxm-small.decisions)"
  compare axpy-small data/kernels/axpy.ir N=4096 \
    "$(cat tests/data/axpy-small.decisions)"
  compare mxm-restricted "$mxm" "$big" "$(cat bench/mxm-restricted.decisions)"
  compare mxm-mapped "$mxm" "$big" "$(cat bench/mxm-mapped.decisions)"
  compare axpy-whole data/kernels/axpy.ir N=1048576 ""
fi
if [ "$only" = all ] || [ "$only" = mxm ]; then
  order_spaces mxm "$mxm" "$big" "$n_mxm"
fi
if [ "$only" = all ] || [ "$only" = gemv ]; then
  order_spaces gemv data/kernels/gemv.ir M=4096,N=4096 $(((n_mxm + 2) / 3))
fi
if [ "$only" = all ] || [ "$only" = stencil2d ]; then
  order_spaces stencil2d data/kernels/stencil2d.ir H=1024,W=1024 \
    $(((n_mxm + 2) / 3))
fi
echo "$compared compared, $differ with other keys, $copies with more than" \
  "1.01 leaves per kernel, $skipped skipped (not walked in ${limit}s)"
