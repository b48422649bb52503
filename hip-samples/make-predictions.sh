#!/usr/bin/env bash
# Here (no GPU): ldslint's JSON predictions for every shared access of the
# samples, for the per-line comparison that gpu-lines.sh runs on the GPU.
#   hip-samples/make-predictions.sh [build dir]   -> hip-samples/predictions/*.json
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ldslint=${1:-$here/../build}/bin/ldslint
mkdir -p "$here/predictions"
for f in transpose sgemm sgemm_rt reduction wave64_vs_warp32; do
  (cd "$here/.." && "$ldslint" --arch=sm_90 --format=json --report=all \
     "hip-samples/$f.hip" -- -x cuda --cuda-gpu-arch=sm_90 \
     -Wno-unknown-cuda-version -I hip-samples/common) \
     > "$here/predictions/$f.json" || [ $? -eq 1 ]
  echo "$(grep -c '"line"' "$here/predictions/$f.json") findings <- hip-samples/$f.hip"
done
