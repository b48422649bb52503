#!/usr/bin/env bash
# CPU side: ldslint's predictions for the programs of units.txt.
#   bash test/hardware/real-code/predict.sh SRC OUT [LDSLINT]
# SRC holds the repositories named in units.txt (git archive of each at its
# commit, in a folder of the short name). Writes OUT/NAME.json and copies
# each program with the headers it includes to OUT/src (for the GPU side).
# NAMES="a b" predicts only those units (their repositories alone in SRC).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$1" && pwd); out=$2; ldslint=${3:-$here/../../../build/bin/ldslint}
mkdir -p "$out/src"
grep -v '^#' "$here/units.txt" | while read -r name path launches flags others args; do
  [ -n "$name" ] || continue
  [ -z "${NAMES:-}" ] || [[ " $NAMES " == *" $name "* ]] || continue
  dir=$(dirname "$path")
  mkdir -p "$out/src/$dir"
  cp "$src/$path" "$out/src/$path"
  if [ "$others" != - ]; then
    for o in ${others//,/ }; do
      mkdir -p "$out/src/$(dirname "$o")" && cp "$src/$o" "$out/src/$o"
    done
    # The headers of the unit's folder and below (sgemm-practice's kernels).
    (cd "$src/$dir" && find . -name '*.cuh' -o -name '*.h') | while read -r h; do
      mkdir -p "$out/src/$dir/$(dirname "$h")" && cp "$src/$dir/$h" "$out/src/$dir/$h"
    done
  fi
  # The headers next to it and in ../common, as the programs include them
  # (Rodinia's srad.cu includes srad_kernel.cu; HeCBench's quicksort a .cuh).
  cp "$src/$dir"/*.h "$src/$dir"/*.cu "$src/$dir"/*.cuh "$out/src/$dir/" 2>/dev/null || true
  if [ -d "$src/$dir/../common" ]; then
    mkdir -p "$out/src/$dir/../common" && cp "$src/$dir"/../common/*.h "$out/src/$dir/../common/"
  fi
  extra=; [ "$flags" = - ] || extra=${flags//,/ }
  rc=0
  "$ldslint" --arch=sm_90 --format=json --report=all "$src/$path" -- -x cuda \
    --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version -I"$src/$dir" $extra >"$out/$name.json" 2>/dev/null || rc=$?
  [ "$rc" -le 1 ] || { echo "$name: ldslint exit $rc" >&2; exit 1; }
  echo "$name $path $launches $flags $others $args" >>"$out/units.run"
done
cp "$here/run.sh" "$here/../compare.py" "$here/instructions.py" "$out/"
