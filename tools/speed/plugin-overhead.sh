#!/usr/bin/env bash
# CPU time of a device compile (clang -O2 -c --cuda-device-only) with and
# without the ldslint plugin, best of N runs each, for a list of files.
#
#   tools/speed/plugin-overhead.sh [-n N] [--plugin build/lib/ldslint.so] \
#       [--arch sm_90] [--whole] [--instructions] LIST
#
# LIST has one file per line followed by its compiler arguments (the corpus
# list format of tools/coverage: arguments after --ref-only are used too).
# Prints one row per file: base seconds, plugin seconds, overhead; then the
# totals. Environment: CLANGXX (default clang++-22).
#
# --instructions counts the instructions of the compile's cc1 job instead
# (valgrind's callgrind, one run each): on a shared or virtual machine CPU
# time varies by 10% or more between runs, instruction counts do not. The
# ptxas job that follows is left out, so the share is of the front end,
# optimiser and back end alone (an upper bound of the whole compile's).
#
# --whole measures the compile as a build runs it (clang -O2 -c, host and
# device): with --instructions, every process of it (host and device cc1,
# ptxas, fatbinary) is counted.
set -u
n=3 plugin=build/lib/ldslint.so arch=sm_90 measure=time whole=""
while [ $# -gt 1 ]; do
  case $1 in
    -n) n=$2; shift 2 ;;
    --instructions) measure=instructions; shift ;;
    --plugin) plugin=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --whole) whole=1; shift ;;
    *) break ;;
  esac
done
list=${1:?usage: plugin-overhead.sh [-n N] [--plugin SO] [--arch A] LIST}
CLANGXX=${CLANGXX:-clang++-22}
cuda=${CUDA_PATH:-/usr/local/cuda}
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
best() { # best CPU time (user+sys) of n runs of "$@"
  local b="" t
  for _ in $(seq "$n"); do
    /usr/bin/time -o "$tmp" -f "%U %S" "$@" >/dev/null 2>&1
    t=$(tail -1 "$tmp" | awk '{print $1 + $2}')
    if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN{exit !(a<b)}'; then b=$t; fi
  done
  echo "$b"
}
instructions() { # instructions (callgrind) of the cc1 job of "$@"
  local cc1
  if [ -n "$whole" ]; then # of every process of "$@"
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null \
      "$@" > "$tmp" 2>&1
    grep 'Collected' "$tmp" | awk '{s += $4} END {printf "%.0f\n", s}'
    return
  fi
  cc1=$("$@" -### 2>&1 | grep '"-cc1"') || { echo 0; return; }
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null \
    bash -c "exec $cc1" > "$tmp" 2>&1
  grep 'Collected' "$tmp" | tail -1 | awk '{print $4}'
}
measure() { if [ "$measure" = time ]; then best "$@"; else instructions "$@"; fi; }
if [ "$measure" = time ]; then
  printf '| file | clang -O2 (s) | with ldslint (s) | overhead |\n|---|---:|---:|---:|\n'
else
  command -v valgrind >/dev/null || { echo "plugin-overhead.sh: --instructions needs valgrind" >&2; exit 2; }
  printf '| file | clang -O2 (instructions) | with ldslint | overhead |\n|---|---:|---:|---:|\n'
fi
if [ "$measure" = time ]; then fmt='| %s | %.2f | %.2f | %+.1f%% |\n'
else fmt='| %s | %.0f | %.0f | %+.1f%% |\n'; fi
tb=0 tp=0
while read -r file args; do
  [ -z "$file" ] && continue
  args=${args//--ref-only/}
  lang=cuda archflag=--cuda-gpu-arch=$arch
  case " $args " in *" -x hip "*) lang=hip archflag=--offload-arch=$arch ;; esac
  only=--cuda-device-only
  [ -n "$whole" ] && only=""
  # shellcheck disable=SC2086
  common=(-x "$lang" "$archflag" $only -O2 -c -o /dev/null
          -Wno-unknown-cuda-version -w $args)
  [ "$lang" = cuda ] && [ -d "$cuda/include/cccl" ] && common+=(-isystem "$cuda/include/cccl")
  [ "$lang" = hip ] && common+=(-nogpulib)
  b=$(measure "$CLANGXX" "${common[@]}" "$file")
  p=$(measure "$CLANGXX" "${common[@]}" -fplugin="$plugin" "$file")
  tb=$(awk -v a="$tb" -v b="$b" 'BEGIN{printf "%.3f", a + b}')
  tp=$(awk -v a="$tp" -v b="$p" 'BEGIN{printf "%.3f", a + b}')
  # shellcheck disable=SC2059
  printf "$fmt" "$(basename "$file")" "$b" "$p" \
    "$(awk -v a="$b" -v b="$p" 'BEGIN{print (b / a - 1) * 100}')"
done < "$list"
# shellcheck disable=SC2059
printf "$fmt" all "$tb" "$tp" \
  "$(awk -v a="$tb" -v b="$tp" 'BEGIN{print (b / a - 1) * 100}')"
