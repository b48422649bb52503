#!/usr/bin/env bash
# Who fuses the loop iterations of fusion.cu into LDS.128: ptxas (for clang's
# PTX and for nvcc's) or the front end? (CASE=pairs: the same for pairs.cu.)
# Two steps:
#   here (clang 22):  bash test/hardware/explore/ptxas-fusion.sh ptx DIR
#                     -> DIR/fusion-clang.ptx
#   GPU machine:      bash test/hardware/explore/ptxas-fusion.sh sass DIR
#                     -> per kernel: LDS/STS instructions in clang's PTX, in
#                        nvcc's PTX, and in the SASS ptxas makes of each.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
step=${1:?usage: ptxas-fusion.sh ptx|sass DIR}
dir=${2:?usage: ptxas-fusion.sh ptx|sass DIR}
case=${CASE:-fusion} # or pairs (pairs.cu)
mkdir -p "$dir"
if [ "$step" = ptx ]; then
  clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -O3 -S \
    -Wno-unknown-cuda-version "$here/$case.cu" -o "$dir/$case-clang.ptx"
  exit 0
fi
export PATH="$PATH:/usr/local/cuda/bin"
nvcc -O3 -arch=sm_90 --ptx "$here/$case.cu" -o "$dir/$case-nvcc.ptx"
for who in clang nvcc; do
  ptxas -arch=sm_90 -O3 "$dir/$case-$who.ptx" -o "$dir/$case-$who.cubin"
  cuobjdump -sass "$dir/$case-$who.cubin" > "$dir/$case-$who.sass"
done
# PTX: shared loads/stores per kernel, by vector width.
ptx_counts() {
  awk '/^\.visible \.entry/{fn=$3; sub(/\(.*/,"",fn)}
       /(ld|st)\.shared/{op=$1; sub(/\.(f32|b32|u32|s32)$/,"",op); c[fn" "op]++}
       END{for (k in c) print k, c[k]}' "$1" | sort
}
sass_counts() {
  awk '/Function :/{fn=$3}
       /[^A-Z](LDS|STS)[ .]/{match($0,/(LDS|STS)(\.[0-9]+)?/); c[fn" "substr($0,RSTART,RLENGTH)]++}
       END{for (k in c) print k, c[k]}' "$1" | sort
}
for who in clang nvcc; do
  echo "== $who: PTX shared accesses (kernel, instruction, count)"
  ptx_counts "$dir/$case-$who.ptx"
  echo "== $who: SASS after ptxas"
  sass_counts "$dir/$case-$who.sass"
done
