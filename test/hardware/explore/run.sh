#!/usr/bin/env bash
# Exploration outside the validated kit (GPU machine): 8- and 16-byte loads
# where lanes share addresses (wide.cu), per line, against ldslint's
# predictions (made here with the command below; commit them).
#   here:  build/bin/ldslint --arch=sm_90 --format=json --report=all \
#            test/hardware/explore/wide.cu -- -x cuda --cuda-gpu-arch=sm_90 \
#            -Wno-unknown-cuda-version > test/hardware/explore/predictions/wide.json
#   (the same for fusion.cu, pairs.cu, idioms9.cu, idioms10.cu, idioms13.cu, asm14.cu, ldsm15.cu, scan16.cu, subword16.cu, pairs17.cu, runs18.cu, bits23.cu, exits24.cu, merged24.cu, numbering25.cu, choices25.cu, mixed26.cu, align28.cu, small28.cu, shapes30.cu, halves30.cu, lanes33.cu, walks35.cu, paths35.cu, shapes36.cu, runs37.cu -> predictions/NAME.json)
#   GPU:   OUT=/some/dir bash test/hardware/explore/run.sh   -> $OUT/{wide,fusion}.{md,csv}
#   (CASES="fusion" for one)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$here/out}
work=$(mktemp -d)
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
rc=0
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
for name in ${CASES:-wide fusion}; do
  nvcc -O3 -lineinfo -arch=sm_90 "$here/$name.cu" -o "$work/$name" &&
    ncu --section SourceCounters --import-source yes -o "$work/$name" -f "$work/$name" >"$work/ncu-$name.log" 2>&1 &&
    ncu -i "$work/$name.ncu-rep" --page source --csv --print-source=cuda,sass >"$OUT/$name.csv" &&
    python3 "$here/../compare.py" --pred "$here/predictions/$name.json" --ncu "$OUT/$name.csv" \
      --title "Exploration: $name (${gpu:-GPU})" -o "$OUT/$name.md" >/dev/null || rc=1
  grep -m1 Summary "$OUT/$name.md" 2>/dev/null
done
exit $rc
