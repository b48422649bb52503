#!/usr/bin/env bash
# Do two builds of the plugin give the same diagnostics? Compiles each unit
# of a corpus list for the device (clang -O2 -S, sm_90, report=all) with
# plugin A and with plugin B, and compares their output byte for byte.
#
#   tools/coverage/plugin-agreement.sh [--every N] LIST PLUGIN_A PLUGIN_B
#
# LIST is the corpus list format of corpus-coverage.sh (arguments after
# --ref-only are used too); units built with -fgpu-rdc are left out.
# --every N takes every Nth unit (default 1). Prints one row per unit:
# same|DIFF, B's exit status, the kernels B did not generate again because
# the compile's own module showed them without shared memory, and B's
# findings; then a summary. Exit status 1 when any unit differs.
# Environment: CLANGXX (default clang++-22), CUDA_PATH.
set -u
every=1
if [ "${1:-}" = --every ]; then every=$2; shift 2; fi
list=${1:?usage: plugin-agreement.sh [--every N] LIST PLUGIN_A PLUGIN_B}
a=${2:?plugin A}; b=${3:?plugin B}
CLANGXX=${CLANGXX:-clang++-22}
cuda=${CUDA_PATH:-/usr/local/cuda}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
units=0 differ=0 skipped=0 findings=0
while read -r file args; do
  [[ -z "$file" || "$file" == \#* ]] && continue
  units=$((units + 1))
  [ $(( (units - 1) % every )) -eq 0 ] || continue
  args=${args//--ref-only/}
  [[ " $args " == *" -fgpu-rdc "* ]] && continue
  # shellcheck disable=SC2086
  common=(-x cuda --cuda-gpu-arch=sm_90 --cuda-device-only -O2 -S -o /dev/null
          -nocudalib -Wno-unknown-cuda-version -Xclang -target-sdk-version=13.0 $args)
  [ -d "$cuda/include/cccl" ] && common+=(-isystem "$cuda/include/cccl")
  "$CLANGXX" "${common[@]}" -fplugin="$a" -fplugin-arg-ldslint-report-all "$file" > "$tmp/a" 2>&1
  ra=$?
  LDSLINT_DEBUG_TIME=1 "$CLANGXX" "${common[@]}" -fplugin="$b" -fplugin-arg-ldslint-report-all \
    "$file" > "$tmp/b-all" 2>&1
  rb=$?
  grep -v '^ldslint: ' "$tmp/b-all" > "$tmp/b"
  left=$(grep -o "[0-9]* kernels without shared memory in the compile's own module" "$tmp/b-all" |
         awk '{s += $1} END {print s + 0}')
  found=$(grep -c 'ldslint\]' "$tmp/b")
  if cmp -s "$tmp/a" "$tmp/b" && [ "$ra" = "$rb" ]; then r=same; else r=DIFF; differ=$((differ + 1)); fi
  skipped=$((skipped + left)) findings=$((findings + found))
  echo "$r $rb $left $found $file"
done < "$list"
echo "summary: $differ differ; $skipped kernels not generated again; $findings findings of B"
[ "$differ" -eq 0 ]
