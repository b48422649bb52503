#!/usr/bin/env bash
# ldslint: install what is missing (Debian packages), build against LLVM 22,
# and run ldslint on the bundled samples.
#   bash tools/setup.sh            # install + build + demo
#   LDSLINT_SKIP_DEMO=1 bash tools/setup.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
llvm=${LDSLINT_LLVM_VERSION:-22}

packages=(cmake ninja-build python3 googletest libgtest-dev
          "clang-$llvm" "libclang-$llvm-dev" "llvm-$llvm-dev" "llvm-$llvm-tools")
# Wanted but not required (their tests are skipped without them):
# clang-tools for clang-apply-replacements, clang-tidy to run the
# ldslint-bank-conflict check module.
optional=("clang-tools-$llvm" "clang-tidy-$llvm")
# Debian's hipcc (clang-15) and HIP headers: for the HIP samples and the
# LLVM 15 build that CI also checks.
if [ "${LDSLINT_WITH_LLVM15:-1}" = 1 ]; then
  packages+=(clang-15 libclang-15-dev llvm-15-dev llvm-15-tools
             hipcc libamdhip64-dev rocm-device-libs)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
missing_optional=()
for p in "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing_optional+=("$p")
done
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd=sudo
if [ ${#missing[@]} -gt 0 ] || [ ${#missing_optional[@]} -gt 0 ]; then
  $sudo_cmd apt-get update -q || true
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if [ ${#missing_optional[@]} -gt 0 ]; then
  echo "== installing (optional): ${missing_optional[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends \
    "${missing_optional[@]}" || echo "== optional packages not installed; their tests are skipped"
fi

# Headless Chromium for the HTML report's browser test (test/browser/): about
# 80 MB, 1-3 minutes once; LDSLINT_WITH_CHROMIUM=0 skips it, and the test.
if [ "${LDSLINT_WITH_CHROMIUM:-1}" = 1 ] && ! command -v chromium >/dev/null; then
  echo "== installing (optional): chromium"
  { [ ${#missing[@]} -gt 0 ] || [ ${#missing_optional[@]} -gt 0 ] || $sudo_cmd apt-get update -q; } || true
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q --no-install-recommends chromium ||
    echo "== chromium not installed; the browser test is skipped"
fi

echo "== building ldslint against LLVM $llvm (build/)"
cmake -S "$root" -B "$root/build" -G Ninja -DLDSLINT_LLVM_VERSION="$llvm" >/dev/null
ninja -C "$root/build"

[ "${LDSLINT_SKIP_DEMO:-0}" = 1 ] && exit 0
echo
echo "== ldslint on the bundled samples (hip-samples/, stub-free: real CUDA headers if present)"
cd "$root"
status=0
for f in hip-samples/transpose.hip hip-samples/sgemm.hip hip-samples/reduction.hip; do
  [ -f "$f" ] || continue
  args=(-x cuda --cuda-gpu-arch=sm_90 -I hip-samples/common)
  if [ ! -f /usr/local/cuda/include/cuda_runtime.h ]; then
    args=(-x cuda -nocudainc -nocudalib -I test/Inputs -include cuda.h -I hip-samples/common --cuda-gpu-arch=sm_90 -DLDSLINT_STUB)
  fi
  build/bin/ldslint "$f" -- "${args[@]}" || status=$?
done
echo
echo "(exit status 1 above means conflicts were found, as expected for the conflicting variants)"
exit 0
