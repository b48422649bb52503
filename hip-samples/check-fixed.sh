#!/usr/bin/env bash
# Checks that the fixed sample kernels are what ldslint's fix-its produce,
# and that ldslint warns on every conflicting kernel and on no fixed one.
#   hip-samples/check-fixed.sh [build dir]
# Needs the CUDA headers (the samples include cuda_runtime.h through
# gpu_compat.h); falls back to the stub mode without them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
ldslint=${1:-$root/build}/bin/ldslint
args=(-x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version -I "$here/common")
if [ ! -f /usr/local/cuda/include/cuda_runtime.h ]; then
  args=(-x cuda -nocudainc -nocudalib -I "$root/test/Inputs" -include cuda.h
        -I "$here/common" --cuda-gpu-arch=sm_90 -DLDSLINT_STUB)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# The text of one kernel, from its `__global__` line to its closing brace.
kernel_text() { # file name
  awk -v k="$2" '
    $0 ~ "__global__ void " k "\\(" { on = 1 }
    on { print; depth += gsub(/{/, "{"); depth -= gsub(/}/, "}"); if (depth == 0 && seen) exit; if (depth > 0) seen = 1 }
  ' "$1"
}

# file conflicting-kernel fixed-kernel prefer
check_pair() {
  local file=$1 from=$2 to=$3 prefer=$4
  mkdir -p "$work/$prefer"
  local copy="$work/$prefer/$(basename "$file")"
  [ -f "$copy" ] || { cp "$file" "$copy"
    "$ldslint" --arch=sm_90 --prefer="$prefer" --fix "$copy" -- "${args[@]}" >/dev/null 2>&1 || true; }
  # Whitespace may differ where parameters are aligned under a longer name.
  if diff -b <(kernel_text "$copy" "$from" | sed "s/\b$from\b/$to/") \
          <(kernel_text "$file" "$to") >"$work/diff" 2>&1; then
    echo "ok   $to == ldslint --fix --prefer=$prefer of $from"
  else
    echo "FAIL $to differs from ldslint --fix --prefer=$prefer of $from:"; cat "$work/diff"
    status=1
  fi
}

check_pair "$here/transpose.hip" transpose_shared_conflict transpose_shared_padded padding
check_pair "$here/transpose.hip" transpose_shared_conflict transpose_shared_swizzled swizzle
check_pair "$here/sgemm.hip" sgemm32_bt_conflict sgemm32_bt_padded padding
check_pair "$here/sgemm.hip" sgemm32_bt_conflict sgemm32_bt_swizzled swizzle
check_pair "$here/transpose.hip" transpose_shared_float4_conflict transpose_shared_float4_swizzled padding
check_pair "$here/sgemm.hip" sgemm64_at_conflict sgemm64_at_padded padding
check_pair "$here/sgemm.hip" sgemm64_at_conflict sgemm64_at_swizzled swizzle
check_pair "$here/sgemm_rt.hip" sgemm_rt_conflict sgemm_rt_padded padding

# Warnings: every conflicting kernel has one, no fixed kernel has any.
for f in transpose sgemm reduction sgemm_rt; do
  "$ldslint" --arch=sm_90 --format=json "$here/$f.hip" -- "${args[@]}" \
    >"$work/$f.json" 2>/dev/null || [ $? -eq 1 ]
done
python3 - "$work" <<'PY' || status=1
import json, sys, glob, re
conflicting = {"transpose_shared_conflict", "transpose_shared_float4_conflict",
               "sgemm32_bt_conflict", "sgemm64_at_conflict",
               "reduce_interleaved_strided", "sgemm_rt_conflict", "sgemm_rt_extra5"}
fixed = {"transpose_shared_padded", "transpose_shared_swizzled",
         "transpose_shared_float4_swizzled", "sgemm32_bt_padded",
         "sgemm32_bt_swizzled", "sgemm64_at_padded", "sgemm64_at_swizzled",
         "reduce_sequential", "sgemm_rt_padded"}
warned = set()
for path in glob.glob(sys.argv[1] + "/*.json"):
    for f in json.load(open(path))["findings"]:
        if f["status"] == "conflict":
            warned.add(re.sub(r"[<(].*", "", f["function"]))
bad = 0
for k in sorted(conflicting):
    ok = k in warned
    bad += not ok
    print(("ok  " if ok else "FAIL") + " ldslint warns on " + k)
for k in sorted(fixed):
    ok = k not in warned
    bad += not ok
    print(("ok  " if ok else "FAIL") + " ldslint is silent on " + k)
sys.exit(1 if bad else 0)
PY
exit $status
