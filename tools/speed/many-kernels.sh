#!/usr/bin/env bash
# Issue 12's scaling benchmark: one generated file of many small kernels
# without launches, analysed by the driver, against clang -fsyntax-only of
# the same device compile. Not a timed test: run it by hand and read the
# ratio and the per-kernel time (linear means the same time per kernel at
# every size).
#
#   tools/speed/many-kernels.sh [--kind clean|conflict] [--budget S]
#       [--assume-block XxY] LDSLINT N...
#
# clean: conflict-free kernels (tile[32][33]: findings only, no fix
# planning); conflict: every kernel has a conflicting read (findings and
# fix planning). Prints, per N: file size, clang and ldslint
# wall and CPU seconds, peak memory, ratio, ms per kernel. Environment:
# CLANGXX (default clang++-22).
#
# With --assume-block the block shape is known (as from a launch); without
# it every kernel is analysed under an unknown shape, and the two ms/kernel
# figures compare the cost of not knowing it.
set -u
kind=clean budget=0 assume=()
while [ $# -gt 0 ]; do
  case $1 in
    --kind) kind=$2; shift 2 ;;
    --budget) budget=$2; shift 2 ;;
    --assume-block) assume=(--assume-block="$2"); shift 2 ;;
    *) break ;;
  esac
done
ldslint=${1:?usage: many-kernels.sh [--kind clean|conflict] [--budget S] [--assume-block XxY] LDSLINT N...}
shift
CLANGXX=${CLANGXX:-clang++-22}
root=$(cd "$(dirname "$0")/../.." && pwd)
args=(-x cuda -nocudainc -nocudalib "-I$root/test/Inputs" -include cuda.h
      --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '| kernels | MB | clang s (cpu) | clang MB | ldslint s (cpu) | ldslint MB | ratio (cpu) | ms/kernel |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for n in "$@"; do
  python3 - "$n" "$kind" > "$tmp/many.cu" <<'PY'
import sys
n, kind = int(sys.argv[1]), sys.argv[2]
for i in range(n):
    cols = 33 if kind == "clean" else 32
    print(f"""__global__ void kernel_{i}(float *out, const float *in, int n) {{
  __shared__ float tile_{i}[32][{cols}];
  int x = threadIdx.x, y = threadIdx.y;
  tile_{i}[y][x] = in[y * n + x];
  __syncthreads();
  out[y * n + x] = tile_{i}[x][y] + {i}.0f;
}}""")
PY
  mb=$(du -m "$tmp/many.cu" | cut -f1)
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/clang.t" \
    "$CLANGXX" "${args[@]}" --cuda-device-only -fsyntax-only "$tmp/many.cu" 2>/dev/null
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/ldslint.t" \
    "$ldslint" --time-budget="$budget" "${assume[@]}" "$tmp/many.cu" -- "${args[@]}" >/dev/null 2>&1
  # time(1) puts "Command exited with non-zero status" first: the numbers
  # are on the last line.
  read -r cw cu cs cm < <(tail -1 "$tmp/clang.t")
  read -r lw lu ls lm < <(tail -1 "$tmp/ldslint.t")
  awk -v n="$n" -v mb="$mb" -v cw="$cw" -v cu="$cu" -v cs="$cs" -v cm="$cm" \
      -v lw="$lw" -v lu="$lu" -v ls="$ls" -v lm="$lm" 'BEGIN {
    cc = cu + cs; lc = lu + ls
    printf "| %d | %d | %.1f (%.1f) | %d | %.1f (%.1f) | %d | %.2f | %.3f |\n",
      n, mb, cw, cc, cm / 1024, lw, lc, lm / 1024, lc / cc, 1000 * lc / n }'
done
