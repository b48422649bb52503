#!/usr/bin/env bash
# The HTML report of each hip-sample, rendered and checked in headless
# Chromium (check-report.mjs), with one screenshot per sample.
#   test/browser/check-samples.sh BUILD_DIR OUT_DIR [CUDA_PATH]
# OUT_DIR gets <sample>.json, <sample>.html and <sample>.png; pass
# docs/images to refresh the README's pictures. The samples need the real
# CUDA headers (default /usr/local/cuda). About 5-15 s per sample.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
out=$2
cuda=${3:-/usr/local/cuda}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
args=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda" -Wno-unknown-cuda-version
      -I hip-samples/common)
for f in transpose sgemm sgemm_rt reduction wave64_vs_warp32; do
  for fmt in json html; do
    status=0
    "$build/bin/ldslint" --arch=sm_90 --format=$fmt -o "$out/$f.$fmt" \
      "hip-samples/$f.hip" -- "${args[@]}" 2>/dev/null || status=$?
    [ "$status" -le 1 ] || { echo "ldslint failed on hip-samples/$f.hip ($status)"; exit 1; }
  done
  expect=()
  # transpose_shared_conflict's read tile[threadIdx.x][threadIdx.y + j]
  # (float tile[64][64], block 64x8): warp w is threadIdx.y = w / 2,
  # threadIdx.x = 32 * (w % 2) + lane; padded to 65 after the fix.
  [ "$f" = transpose ] && expect=(env EXPECT_ALL_LANES_IN_BANK0=1 EXPECT_SELECT='{"line": 64,
    "warp": 5, "iteration": "j = 16", "vars": {"j": 16},
    "word": "64 * (32 * (w % 2) + L) + Math.floor(w / 2) + j",
    "after": "65 * (32 * (w % 2) + L) + Math.floor(w / 2) + j"}')
  "${expect[@]}" node --experimental-websocket --no-warnings \
    "$root/test/browser/check-report.mjs" "$out/$f.html" "$out/$f.json" "$out/$f.png"
done
# A case whose lanes move between warps and iterations (not a rotation):
# test/lit/explain/html-views.cu, tile[x][(x * j + y) % 32] under 32x4.
f=html-views
stub=(-x cuda --cuda-gpu-arch=sm_90 -nocudainc -nocudalib -I test/Inputs -include cuda.h)
for fmt in json html; do
  status=0
  "$build/bin/ldslint" --arch=sm_90 --format=$fmt -o "$out/$f.$fmt" \
    test/lit/explain/html-views.cu -- "${stub[@]}" 2>/dev/null || status=$?
  [ "$status" -le 1 ] || { echo "ldslint failed on html-views.cu ($status)"; exit 1; }
done
EXPECT_SELECT='{"line": 20, "warp": 2, "iteration": "j = 1", "vars": {"j": 1},
  "word": "32 * L + (L * j + w) % 32"}' node --experimental-websocket --no-warnings \
  "$root/test/browser/check-report.mjs" "$out/$f.html" "$out/$f.json" "$out/$f.png"
rm -f "$out/$f.png" "$out/$f.json" "$out/$f.html"
