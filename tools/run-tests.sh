#!/usr/bin/env bash
# ldslint: the whole test suite. Installs what is missing, builds against
# LLVM 22 and LLVM 15 (and LLVM 22 again with ASan+UBSan), and runs unit
# tests, lit tests, the random-kernel differential test, the recorded-hardware
# regression check, the hardware kit's self-test and the sample compiles.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
LDSLINT_SKIP_DEMO=1 bash tools/setup.sh

jobs=$(nproc)
run_suite() {
  local v=$1 dir=$2
  echo "== LLVM $v: build ($dir)"
  cmake -S . -B "$dir" -G Ninja -DLDSLINT_LLVM_VERSION="$v" >/dev/null
  ninja -C "$dir" -j"$jobs"
  echo "== LLVM $v: unit and lit tests"
  (cd "$dir" && ctest --output-on-failure)
}
run_suite 22 build
echo "== random kernels: ldslint vs a brute-force reference (seeds from 1, capped at 150 s)"
TIME_CAP=150 bash test/random/run.sh build
if [ -d /usr/lib/llvm-15/lib/cmake/clang ]; then
  run_suite 15 build-15
else
  echo "LLVM 15 not installed; its build is skipped" >&2
  exit 1
fi

echo "== LLVM 22 under AddressSanitizer + UndefinedBehaviorSanitizer: unit and lit tests"
cmake -S . -B build-asan -G Ninja -DLDSLINT_LLVM_VERSION=22 -DLDSLINT_SANITIZE=ON >/dev/null
ninja -C build-asan -j"$jobs"
(cd build-asan && ctest --output-on-failure)
echo "== random kernels under the sanitizers (capped at 60 s)"
TIME_CAP=60 bash test/random/run.sh build-asan

echo "== hardware kit self-test (no GPU)"
bash test/hardware/selftest/run.sh
echo "== predictions vs recorded H200 counters (no GPU)"
bash test/hardware/check-recorded.sh build
echo "== hip-samples: fixed variants are ldslint's fix-its"
bash hip-samples/check-fixed.sh build
if [ -x hip-samples/build.sh ]; then
  echo "== hip-samples: CMake (enable_language CUDA/HIP as available) for sm_90, hipcc for gfx90a"
  cmake -S hip-samples -B build/hip-samples-cmake >/dev/null
  cmake --build build/hip-samples-cmake -j"$jobs"
  bash hip-samples/build.sh --hipcc build/hip-samples-hipcc
fi
echo "ldslint: all tests passed"
