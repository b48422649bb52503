#!/usr/bin/env bash
# Runs ON THE GPU MACHINE (H200, sm_90), from the repository root:
#   OUT=/some/dir SAMPLES=.corpus-samples bash test/hardware/samples/gpu-samples.sh
#
# Measures NVIDIA's CUDA samples (transpose, reduction, histogram, matrixMul)
# per source line with Nsight Compute, for test/hardware/samples/compare.py.
# The samples are third-party code and are NOT in this repository: copy
# cuda-samples' Common/ and the four sample directories into an ignored folder
# (default .corpus-samples/, listed in .git/info/exclude) with the same layout
# (Samples/<category>/<sample>/, Common/) and carry it to the GPU machine.
#
# Each sample is built as its CMakeLists.txt builds it for one architecture:
#   nvcc -O3 -lineinfo -arch=sm_90 -std=c++17 --extended-lambda -rdc=true -I Common
# (CMake: -lineinfo, --extended-lambda, cxx_std_17, CUDA_SEPARABLE_COMPILATION).
# Each kernel of interest is profiled once (its first launch: -k <name> -c 1):
#   ncu --clock-control none --section SourceCounters --import-source yes -k regex:^NAME$ -c 1
# and its source page exported as gpu-validate.sh does:
#   ncu -i R.ncu-rep --page source --csv --print-source=cuda,sass > R.csv
#
# $OUT gets: samples-csv.tar.gz (one CSV per profiled kernel), runs.log.
set -u -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
SAMPLES=${SAMPLES:-$ROOT/.corpus-samples}
case "$SAMPLES" in /*) ;; *) SAMPLES=$ROOT/$SAMPLES ;; esac
OUT=${OUT:-$ROOT/samples-out}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
NVCC_FLAGS=(-O3 -lineinfo -arch=sm_90 -std=c++17 --extended-lambda -rdc=true
            -Wno-deprecated-gpu-targets -I "$SAMPLES/Common")
NCU_FLAGS=(--clock-control none --section SourceCounters --import-source yes)
mkdir -p "$OUT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ldslint-samples.XXXXXX")
CSV=$WORK/csv
mkdir -p "$CSV"
LOG=$OUT/runs.log
: > "$LOG"

S=$SAMPLES/Samples
TR=$S/6_Performance/transpose
RD=$S/2_Concepts_and_Techniques/reduction
HI=$S/2_Concepts_and_Techniques/histogram
MM=$S/0_Introduction/matrixMul

log() { echo "$@" | tee -a "$LOG"; }

{
  echo "== ldslint NVIDIA-samples measurement, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi -L 2>&1 || true
  "$NVCC" --version 2>&1 | tail -n 2
  "$NCU" --version 2>&1 | tail -n 1
} 2>&1 | tee -a "$LOG"

# Builds, in parallel (reduction_kernel.cu instantiates ~200 kernels).
t0=$(date +%s)
"$NVCC" "${NVCC_FLAGS[@]}" -o "$WORK/transpose" "$TR/transpose.cu" > "$WORK/b1.log" 2>&1 &
p1=$!
"$NVCC" "${NVCC_FLAGS[@]}" -o "$WORK/reduction" "$RD/reduction.cpp" "$RD/reduction_kernel.cu" > "$WORK/b2.log" 2>&1 &
p2=$!
"$NVCC" "${NVCC_FLAGS[@]}" -o "$WORK/histogram" "$HI/histogram256.cu" "$HI/histogram64.cu" \
  "$HI/histogram_gold.cpp" "$HI/main.cpp" > "$WORK/b3.log" 2>&1 &
p3=$!
"$NVCC" "${NVCC_FLAGS[@]}" -o "$WORK/matrixMul" "$MM/matrixMul.cu" > "$WORK/b4.log" 2>&1 &
p4=$!
for p in $p1 $p2 $p3 $p4; do wait $p || log "build failed (pid $p)"; done
cat "$WORK"/b?.log >> "$LOG"
log "builds took $(( $(date +%s) - t0 )) s"

# profile TAG BINARY KERNEL_REGEX [ARGS...]: first launch of the kernel.
profile() {
  local tag=$1 bin=$2 re=$3; shift 3
  local t=$(date +%s)
  [ -x "$WORK/$bin" ] || { log "SKIP $tag: no $bin"; return; }
  log "== $tag: $bin $* (kernel $re)"
  ( cd "$(dirname "$WORK/$bin")" && timeout 90 "$NCU" "${NCU_FLAGS[@]}" -k "regex:$re" -c 1 \
      -o "$WORK/$tag" -f "$WORK/$bin" "$@" ) > "$WORK/$tag.run.log" 2>&1
  local rc=$?
  grep -E '^==(PROF|ERROR|WARNING)==|PASSED|FAILED|Test passed|Result =|Error' "$WORK/$tag.run.log" \
    | head -n 8 >> "$LOG"
  log "ncu rc=$rc ($(( $(date +%s) - t )) s)"
  if [ -f "$WORK/$tag.ncu-rep" ]; then
    "$NCU" -i "$WORK/$tag.ncu-rep" --page source --csv --print-source=cuda,sass \
      > "$CSV/$tag.csv" 2>> "$LOG" || log "export failed for $tag"
    log "exported $(wc -l < "$CSV/$tag.csv") CSV lines"
  else
    tail -n 20 "$WORK/$tag.run.log" >> "$LOG"
  fi
  tar czf "$OUT/samples-csv.tar.gz" -C "$WORK" csv  # what is there so far
}

# Fail fast if ncu cannot read the counters on this machine.
profile transpose.copySharedMem transpose '^copySharedMem$'
if [ ! -s "$CSV/transpose.copySharedMem.csv" ]; then
  log "ERROR: ncu produced nothing; stopping"
  tar czf "$OUT/samples-csv.tar.gz" -C "$WORK" csv
  exit 2
fi
for k in transposeCoalesced transposeNoBankConflicts transposeCoarseGrained \
         transposeFineGrained transposeDiagonal; do
  profile "transpose.$k" transpose "^$k\$"
done

# Reduction: the sample's defaults (n = 2^24, 256 threads, int), one kernel at
# a time (--kernel=N); the first launch is the full-size pass.
for k in 0 1 2 3 4 5 6 7 8 9; do
  case $k in
    8) re='^cg_reduce$' ;;
    9) re='^multi_warp_cg_reduce$' ;;
    *) re="^reduce$k\$" ;;
  esac
  profile "reduction.int.k$k" reduction "$re" --kernel=$k
done
# 8-byte elements: the interleaved (reduce1) and the s > 32 loop (reduce4).
profile reduction.double.k1 reduction '^reduce1$' --kernel=1 --type=double
profile reduction.double.k4 reduction '^reduce4$' --kernel=4 --type=double

for k in histogram64Kernel mergeHistogram64Kernel histogram256Kernel mergeHistogram256Kernel; do
  profile "histogram.$k" histogram "^$k\$"
done

profile matrixMul.MatrixMulCUDA matrixMul '^MatrixMulCUDA$'

tar czf "$OUT/samples-csv.tar.gz" -C "$WORK" csv
log "== done in $(( $(date +%s) - t0 )) s; $(ls "$CSV" | wc -l) CSVs"
