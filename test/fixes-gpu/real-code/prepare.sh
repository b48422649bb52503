#!/usr/bin/env bash
# Here (no GPU): `ldslint --fix` on public kernels, for gpu-run.sh to time and
# count on the GPU before and after. Third-party code stays outside the
# repository: CORPUS holds the fetched snapshots
#   CORPUS/SGEMM_CUDA   siboehm/SGEMM_CUDA 60cba6f9b20a198116c76f18de8047f44df8c8b8
#   CORPUS/llm.c        karpathy/llm.c f1e2ace651495b74ae22d45d1723443fd00ecd3a
#   CORPUS/cuda-samples NVIDIA/cuda-samples c94ff366aed18c797b8a85dfaac7817b0228b420
# and WORK (an ignored folder, e.g. .real-code) gets, per program, orig-* and
# fixed-* sources (fixed = the copy `ldslint --fix` edited) and ldslint's
# JSON predictions for both (pred-orig/, pred-fixed/).
#   bash test/fixes-gpu/real-code/prepare.sh CORPUS WORK [BUILD_DIR]
set -euo pipefail
corpus=$(cd "$1" && pwd); mkdir -p "$2"; work=$(cd "$2" && pwd)
root=$(cd "$(dirname "$0")/../../.." && pwd)
ldslint=${3:-$root/build}/bin/ldslint
rm -rf "$work"/{sgemm,llm,transpose,Common,pred-orig,pred-fixed}
mkdir -p "$work"/{llm,transpose,pred-orig,pred-fixed}
fix() { # dir file args...: ldslint --fix FILE in DIR, its notes in WORK/fix.log
  local d=$1 f=$2; shift 2
  (cd "$d" && "$ldslint" --arch=sm_90 --fix "$f" -- -x cuda --cuda-gpu-arch=sm_90 "$@" \
     >>"$work/fix.log" 2>&1 || [ $? -eq 1 ])
}
predict() { # dir file pred-dir name args...
  local d=$1 f=$2 p=$3 n=$4; shift 4
  (cd "$d" && "$ldslint" --arch=sm_90 --format=json --report=all "$f" -- -x cuda \
     --cuda-gpu-arch=sm_90 "$@" >"$work/$p/$n.json" 2>/dev/null || [ $? -eq 1 ])
}
: >"$work/fix.log"
# SGEMM_CUDA: kernels 1-11 (kernel 12 keeps a cuda::barrier in __shared__,
# which clang rejects: its runner is emptied in the copy).
for v in orig fixed; do
  s=$work/sgemm/$v; mkdir -p "$s/src"
  cp -r "$corpus/SGEMM_CUDA/src/kernels" "$corpus/SGEMM_CUDA/src/runner.cuh" "$s/src/"
  cp "$corpus/SGEMM_CUDA/sgemm.cu" "$s/"
  grep -v '12_kernel_double_buffering' "$corpus/SGEMM_CUDA/src/kernels.cuh" >"$s/src/kernels.cuh"
  python3 - "$corpus/SGEMM_CUDA/src/runner.cu" "$s/src/runner.cu" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
start = text.index("void runSgemmDoubleBuffering2(")
body = text.index("{", start)
depth, i = 0, body
while True:
    depth += {"{": 1, "}": -1}.get(text[i], 0)
    if depth == 0:
        break
    i += 1
open(sys.argv[2], "w").write(text[:body] + "{} // kernel 12 left out (clang rejects its __shared__ cuda::barrier)" + text[i + 1:])
PY
  if [ $v = fixed ]; then fix "$s" src/runner.cu -I src; fi
  predict "$s" src/runner.cu pred-$v sgemm -I src
done
# llm.c dev/cuda: trimat_forward (kernel 4) and matmul_backward_bias. Its
# omp.h comes from CORPUS/prelude/stubs where the machine has none.
cp "$corpus/llm.c/dev/cuda/common.h" "$work/llm/"
llm_args=()
if [ -d "$corpus/prelude/stubs" ]; then llm_args=(-I "$corpus/prelude/stubs"); fi
for p in trimat_forward matmul_backward_bias; do
  for v in orig fixed; do
    cp "$corpus/llm.c/dev/cuda/$p.cu" "$work/llm/$v-$p.cu"
    if [ $v = fixed ]; then fix "$work/llm" "$v-$p.cu" ${llm_args[@]+"${llm_args[@]}"}; fi
    predict "$work/llm" "$v-$p.cu" pred-$v "$p" ${llm_args[@]+"${llm_args[@]}"}
  done
done
# cuda-samples transpose.
cp -r "$corpus/cuda-samples/Common" "$work/Common"
for v in orig fixed; do
  cp "$corpus/cuda-samples/Samples/6_Performance/transpose/transpose.cu" "$work/transpose/$v-transpose.cu"
  if [ $v = fixed ]; then fix "$work/transpose" "$v-transpose.cu" -I ../Common; fi
  predict "$work/transpose" "$v-transpose.cu" pred-$v transpose -I ../Common
done
echo "edits applied:"; grep -o 'applied [0-9]* edit(s)' "$work/fix.log" || true
diff -r "$work/sgemm/orig" "$work/sgemm/fixed" | grep '^diff' || true
for p in llm/orig-trimat_forward.cu llm/orig-matmul_backward_bias.cu transpose/orig-transpose.cu; do
  cmp -s "$work/$p" "$work/${p/orig-/fixed-}" && echo "unchanged: ${p/orig-/}" || echo "changed: ${p/orig-/}"
done
