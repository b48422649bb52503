#!/usr/bin/env bash
# GPU side, in the folder predict.sh wrote: each program built with nvcc
# -O3 -lineinfo for sm_90, its first launches profiled with Nsight
# Compute's SourceCounters, compared per line with ldslint's predictions
# (compare.py) and listed per SASS instruction (instructions.py: nvcc puts
# inline assembly at its operands' line, ldslint at the `asm` keyword).
#   OUT=DIR bash run.sh   -> DIR/NAME.md, NAME.csv, NAME-instructions.txt
set -u
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$here/out}; mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
while read -r name path launches flags others args; do
  dir=$(dirname "$path")
  sources=("$here/src/$path") link=() filter=() argv=() extra=()
  [ "$flags" = - ] || extra=(${flags//,/ })
  if [ "$others" != - ]; then
    for o in ${others//,/ }; do sources+=("$here/src/$o"); done
    link=(-lcublas)
  fi
  [ "$args" = - ] || argv=($args)
  # sgemm-practice's programs run cuBLAS too: only their own kernels.
  [[ $name != *-* || $args = - ]] || filter=(-k "regex:^${name%%-*}")
  nvcc -O3 -lineinfo -arch=sm_90 -I"$here/src/$dir" "${extra[@]}" "${sources[@]}" "${link[@]}" -o "$OUT/$name.bin" \
    >"$OUT/$name.build.log" 2>&1 || { echo "$name: build failed"; continue; }
  timeout 150 ncu --section SourceCounters --import-source yes --launch-count "$launches" \
    "${filter[@]}" --kill yes -o "$OUT/$name" -f "$OUT/$name.bin" "${argv[@]}" \
    >"$OUT/$name.ncu.log" 2>&1 || echo "$name: ncu exit $?"
  ncu -i "$OUT/$name.ncu-rep" --page source --csv --print-source=cuda,sass >"$OUT/$name.csv" 2>/dev/null
  python3 "$here/compare.py" --pred "$here/$name.json" --ncu "$OUT/$name.csv" \
    --title "Real code: $name (H200)" -o "$OUT/$name.md" >/dev/null 2>&1
  python3 "$here/instructions.py" "$OUT/$name.csv" >"$OUT/$name-instructions.txt"
  echo "$name: $(grep -m1 Summary "$OUT/$name.md")"
  rm -f "$OUT/$name.bin" "$OUT/$name.ncu-rep"
done <"$here/units.run"
