#!/usr/bin/env bash
# Here (no GPU): ldslint's predictions for the idioms' programs, as a user
# would run it (the file, the CUDA language and target, nothing else).
#   bash test/hardware/idioms/make-predictions.sh OUTDIR [LDSLINT]
set -u -o pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
OUTDIR=${1:?usage: make-predictions.sh OUTDIR [LDSLINT]}
LDSLINT=${2:-$ROOT/build/bin/ldslint}
mkdir -p "$OUTDIR"
for f in "$ROOT"/test/hardware/idioms/*.cu; do
  n=$(basename "$f" .cu)
  "$LDSLINT" --format=json --report=all "$f" -- -x cuda --cuda-gpu-arch=sm_90 \
    > "$OUTDIR/$n.json" 2> "$OUTDIR/$n.err"
  echo "$n: exit $?"
done
