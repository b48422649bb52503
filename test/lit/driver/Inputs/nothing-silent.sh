#!/usr/bin/env bash
# Runs tools/coverage/silent-lines.sh over every CUDA input of the lit tests
# (stub header) and, when the CUDA SDK is given, over the hardware kit's
# kernels; prints "silent: file:line" for each line with a shared-memory
# operation in clang's device IR and no finding, and a count per set.
#   nothing-silent.sh SRC_ROOT LDSLINT ARCH            (lit inputs)
#   nothing-silent.sh SRC_ROOT LDSLINT ARCH CUDA_PATH  (hardware kernels)
# Files clang itself cannot compile are counted as skipped.
set -u
src=$1 ldslint=$2 arch=$3 cuda=${4:-}
stub=(-x cuda -nocudainc -nocudalib -I "$src/test/Inputs" -include cuda.h
      --cuda-gpu-arch="$arch" -Wno-unknown-cuda-version)
files=0 silent=0 skipped=0
check() { # file args...
  local f=$1; shift
  out=$(bash "$src/tools/coverage/silent-lines.sh" "$ldslint" "$f" -- "$@")
  rc=$?
  if [ $rc -eq 3 ]; then skipped=$((skipped + 1)); return; fi
  files=$((files + 1))
  if [ $rc -eq 2 ]; then echo "failed: $f"; return; fi
  for l in $out; do echo "silent: $l"; silent=$((silent + 1)); done
}
if [ -z "$cuda" ]; then
  for f in "$src"/test/lit/*/*.cu; do
    grep -q "__shared__\|HIP_DYNAMIC_SHARED" "$f" || continue
    check "$f" "${stub[@]}"
  done
  echo "lit inputs: $files files, $silent silent lines, $skipped not compiled by clang"
else
  for f in "$src"/test/hardware/kernels/*.cu; do
    check "$f" -x cuda --cuda-gpu-arch="$arch" --cuda-path="$cuda" -Wno-unknown-cuda-version
  done
  echo "hardware kernels: $files files, $silent silent lines"
fi
