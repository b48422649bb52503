#!/usr/bin/env bash
# Runs ON THE GPU MACHINE (H200, sm_90), from the repository root:
#   OUT=/some/dir bash test/hardware/idioms/gpu-idioms.sh
#
# Real-code idioms the device-IR engine reads (CUB block primitives, PTX
# %laneid, a helper returning threadIdx, reads the compiler reuses, float4
# copies on float arrays), each a
# small program in this folder. Each is built with
#   nvcc -O3 -lineinfo -arch=sm_90 -std=c++17
# and every kernel's first launch is measured per source line:
#   ncu --clock-control none --section SourceCounters --import-source yes -k regex:^NAME -c 1
# $OUT gets idioms-csv.tar.gz (one source-page CSV per kernel) and runs.log.
# Here, afterwards:
#   bash test/hardware/idioms/make-predictions.sh PRED_DIR
#   python3 test/hardware/samples/compare.py --pred PRED_DIR --ncu-dir CSV_DIR \
#       --src test/hardware/idioms
set -u -o pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
HERE=$ROOT/test/hardware/idioms
OUT=${OUT:-$ROOT/idioms-out}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
mkdir -p "$OUT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ldslint-idioms.XXXXXX")
mkdir -p "$WORK/csv"
LOG=$OUT/runs.log
: > "$LOG"
log() { echo "$@" | tee -a "$LOG"; }
log "== ldslint idioms measurement, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
nvidia-smi -L >> "$LOG" 2>&1
"$NVCC" --version 2>&1 | tail -n 2 >> "$LOG"

# file:kernel ...
runs=(cub_block:cubBlocks lane_id:laneStrided lane_id:helperIndex
      reused_reads:sortPairs vector_copies:vecStore vector_copies:vecLoadAll
      vector_copies:vecLoadPartial)
for f in cub_block lane_id reused_reads vector_copies; do
  "$NVCC" -O3 -lineinfo -arch=sm_90 -std=c++17 -o "$WORK/$f" "$HERE/$f.cu" \
    >> "$LOG" 2>&1 || log "build failed: $f"
done
for r in "${runs[@]}"; do
  f=${r%%:*} k=${r#*:}
  [ -x "$WORK/$f" ] || continue
  timeout 120 "$NCU" --clock-control none --section SourceCounters --import-source yes \
    -k "regex:^$k" -c 1 -o "$WORK/$f.$k" -f "$WORK/$f" > "$WORK/$f.$k.log" 2>&1
  log "$f.$k: ncu rc=$? $(grep -E ': (no error|.*error)' "$WORK/$f.$k.log" | head -1)"
  [ -f "$WORK/$f.$k.ncu-rep" ] &&
    "$NCU" -i "$WORK/$f.$k.ncu-rep" --page source --csv --print-source=cuda,sass \
      > "$WORK/csv/$f.$k.csv" 2>> "$LOG"
done
tar czf "$OUT/idioms-csv.tar.gz" -C "$WORK" csv
log "== done: $(ls "$WORK/csv" | wc -l) CSVs"
