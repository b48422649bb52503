#!/usr/bin/env bash
# On the GPU machine: per-source-line Nsight Compute counters ("L1 Wavefronts
# Shared" and "Ideal" per executed shared instruction) for every sample
# kernel, compared with ldslint's committed predictions
# (hip-samples/predictions, made by make-predictions.sh) by
# test/hardware/compare.py. Writes $OUT/lines.md and $OUT/lines.log.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
OUT=${OUT:-$root/build/hip-samples/lines-out}
work=$(mktemp -d)
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
log="$OUT/lines.log"
: >"$log"
csvs=()
for s in ${GPU_BENCH_SAMPLES:-transpose sgemm sgemm_rt reduction wave64_vs_warp32}; do
  echo "== $s" | tee -a "$log"
  nvcc -x cu -O3 -lineinfo -arch=sm_90 -I "$here/common" "$here/$s.hip" \
       -o "$work/$s" >>"$log" 2>&1 || { echo "build failed" | tee -a "$log"; continue; }
  timeout 240 ncu --section SourceCounters --import-source yes -o "$work/$s" -f \
       "$work/$s" --profile >>"$log" 2>&1 || echo "ncu failed for $s" | tee -a "$log"
  ncu -i "$work/$s.ncu-rep" --page source --csv --print-source=cuda,sass \
       >"$work/$s.csv" 2>>"$log" && csvs+=(--ncu "$work/$s.csv")
done
python3 "$root/test/hardware/compare.py" --pred "$here/predictions" "${csvs[@]}" \
  --title "hip-samples: ldslint vs H200 counters, per source line" \
  -o "$OUT/lines.md" >>"$log" 2>&1
rc=$?
# The explanations of the rows that do not agree (lines-explained.md) go
# right under the title.
if [ -f "$OUT/lines.md" ]; then
  { head -n 2 "$OUT/lines.md"; cat "$here/lines-explained.md"; echo; tail -n +3 "$OUT/lines.md"; } \
    > "$work/lines.md" && mv "$work/lines.md" "$OUT/lines.md"
fi
grep -m1 Summary "$OUT/lines.md" || true
exit $rc
