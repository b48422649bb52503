#!/usr/bin/env bash
# The HTML report of each hip-sample, rendered and checked in headless
# Chromium (check-report.mjs), with one screenshot per sample.
#   test/browser/check-samples.sh BUILD_DIR OUT_DIR
# OUT_DIR gets <sample>.json, <sample>.html and <sample>.png; pass
# docs/images to refresh the README's pictures. About 5 s per sample.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
# Real CUDA headers when installed, else the stub (as tools/setup.sh's demo).
args=(-x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version -I hip-samples/common)
if [ ! -f /usr/local/cuda/include/cuda_runtime.h ]; then
  args=(-x cuda -nocudainc -nocudalib -I test/Inputs -include cuda.h
        -I hip-samples/common --cuda-gpu-arch=sm_90 -DLDSLINT_STUB)
fi
for f in transpose sgemm reduction wave64_vs_warp32; do
  for fmt in json html; do
    status=0
    "$build/bin/ldslint" --arch=sm_90 --format=$fmt -o "$out/$f.$fmt" \
      "hip-samples/$f.hip" -- "${args[@]}" 2>/dev/null || status=$?
    [ "$status" -le 1 ] || { echo "ldslint failed on hip-samples/$f.hip ($status)"; exit 1; }
  done
  expect=()
  [ "$f" = transpose ] && expect=(env EXPECT_ALL_LANES_IN_BANK0=1)
  "${expect[@]}" node --experimental-websocket --no-warnings \
    "$root/test/browser/check-report.mjs" "$out/$f.html" "$out/$f.json" "$out/$f.png"
done
