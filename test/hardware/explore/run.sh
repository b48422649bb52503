#!/usr/bin/env bash
# Exploration outside the validated kit (GPU machine): 8- and 16-byte loads
# where lanes share addresses (wide.cu), per line, against ldslint's
# predictions (made here with the command below; commit them).
#   here:  build/bin/ldslint --arch=sm_90 --format=json --report=all \
#            test/hardware/explore/wide.cu -- -x cuda --cuda-gpu-arch=sm_90 \
#            -Wno-unknown-cuda-version > test/hardware/explore/predictions/wide.json
#   GPU:   OUT=/some/dir bash test/hardware/explore/run.sh   -> $OUT/wide.md
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$here/out}
work=$(mktemp -d)
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
nvcc -O3 -lineinfo -arch=sm_90 "$here/wide.cu" -o "$work/wide" &&
  ncu --section SourceCounters --import-source yes -o "$work/wide" -f "$work/wide" >"$work/ncu.log" 2>&1 &&
  ncu -i "$work/wide.ncu-rep" --page source --csv --print-source=cuda,sass >"$work/wide.csv" &&
  python3 "$here/../compare.py" --pred "$here/predictions" --ncu "$work/wide.csv" \
    --title "Exploration: wide loads with shared addresses (H200)" -o "$OUT/wide.md" >/dev/null
rc=$?
grep -m1 Summary "$OUT/wide.md" 2>/dev/null
exit $rc
