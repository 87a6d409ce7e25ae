#!/usr/bin/env bash
# The model-validity sample of issue 13 on a GPU: every kernel of
# bench/mxm-mapped.decisions at 1024^3 and random leaves of the whole
# spaces of mxm (2,000), gemv, axpy and stencil2d (500 each), into
# journals under $OUT/sample.  The bounds are computed afterwards from
# the journals (bench/model-ratios.py), so one measurement serves every
# version of the model.
# Usage (on the device): OUT=dir bench/model-sample.sh
#   ONLY="mapped mxm gemv axpy stencil2d" (the parts to take), SEED=7,
#   WORKERS=14 (build workers),
#   MXM_BUDGET=2000,240s, GEMV_BUDGET=500,60s, AXPY_BUDGET=500,45s,
#   STENCIL_BUDGET=500,60s, BUILD_TIMEOUT=300 (seconds a build may take:
#   a random mxm leaf can take minutes to build; 10 keeps a sample moving)
set -u
O=$OUT/sample; mkdir -p $O
export XDG_CACHE_HOME=$PWD/.bnbcache
W=${WORKERS:-14}
only=${ONLY:-mapped mxm gemv axpy stencil2d} seed=${SEED:-7}
bt="--build-timeout ${BUILD_TIMEOUT:-300}"
case " $only " in *" mapped "*)
./bnbtune --kernel data/kernels/mxm.ir --size M=1024,N=1024,K=1024 --device gpu --strategy exhaustive \
  --decisions "$(cat bench/mxm-mapped.decisions)" --warmup 1 --repetitions 5 --final 0 --timeout 5 \
  --workers $W --journal $O/mapped.jsonl --report $O/mapped > $O/mapped.txt 2>&1
echo mapped done $SECONDS ;;
esac
for spec in "mxm M=1024,N=1024,K=1024 ${MXM_BUDGET:-2000,240s}" "gemv x ${GEMV_BUDGET:-500,60s}" \
            "axpy x ${AXPY_BUDGET:-500,45s}" "stencil2d x ${STENCIL_BUDGET:-500,60s}"; do
  set -- $spec
  case " $only " in *" $1 "*) ;; *) continue ;; esac
  sz=""; [ "$2" != x ] && sz="--size $2"
  ./bnbtune --kernel data/kernels/$1.ir $sz --device gpu --strategy random --budget $3 --seed $seed $bt \
    --warmup 1 --repetitions 5 --final 0 --timeout 2 --workers $W --journal $O/random-$1-$seed.jsonl \
    --report $O/random-$1-$seed > $O/random-$1-$seed.txt 2>&1
  echo $1 done $SECONDS
done
gzip -k $O/*.jsonl
