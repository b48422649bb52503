#!/usr/bin/env bash
# Here (no GPU): ldslint's predictions for NVIDIA's CUDA samples, run as a user
# would run it: the sample file, the CUDA language and target, the include
# directory the sample's own build uses (cuda-samples' Common/), and
# -fgpu-rdc, what the samples' CMake (CUDA_SEPARABLE_COMPILATION ON) passes
# as nvcc's -rdc=true and gpu-samples.sh builds with; nothing else.
#
#   SAMPLES=.corpus-samples bash test/hardware/samples/make-predictions.sh [OUTDIR]
#
# SAMPLES is a copy of cuda-samples (Samples/..., Common/) in an ignored folder
# (third-party code is not committed); OUTDIR (default $SAMPLES/predictions)
# gets <file>.json (stdout of --format=json --report=all), <file>.err (stderr:
# the notes the driver prints about what it added) and <file>.rc.
set -u -o pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
SAMPLES=${SAMPLES:-$ROOT/.corpus-samples}
case "$SAMPLES" in /*) ;; *) SAMPLES=$ROOT/$SAMPLES ;; esac
LDSLINT=${LDSLINT:-$ROOT/build/bin/ldslint}
OUTDIR=${1:-$SAMPLES/predictions}
mkdir -p "$OUTDIR"
S=$SAMPLES/Samples
files=(
  "$S/6_Performance/transpose/transpose.cu"
  "$S/2_Concepts_and_Techniques/reduction/reduction_kernel.cu"
  "$S/2_Concepts_and_Techniques/histogram/histogram64.cu"
  "$S/2_Concepts_and_Techniques/histogram/histogram256.cu"
  "$S/0_Introduction/matrixMul/matrixMul.cu"
)
{
  echo "ldslint: $LDSLINT"
  echo "sha256: $(sha256sum "$LDSLINT" | cut -d' ' -f1)"
  echo "built: $(stat -c %y "$LDSLINT")"
  echo "repo HEAD: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)"
} > "$OUTDIR/ldslint-version.txt"
for f in "${files[@]}"; do
  n=$(basename "$f" .cu)
  t0=$(date +%s.%N)
  "$LDSLINT" --format=json --report=all "$f" -- -x cuda --cuda-gpu-arch=sm_90 \
    -fgpu-rdc -I "$SAMPLES/Common" > "$OUTDIR/$n.json" 2> "$OUTDIR/$n.err"
  rc=$?
  echo "$rc" > "$OUTDIR/$n.rc"
  printf '%-20s exit %d, %.1f s, %s findings\n' "$n" "$rc" \
    "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" \
    "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$OUTDIR/$n.json" 2>/dev/null || echo '?')"
done | tee "$OUTDIR/summary.txt"
