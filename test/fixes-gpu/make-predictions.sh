#!/usr/bin/env bash
# Here (no GPU): ldslint's JSON predictions (--report=all, sm_90) for every
# golden fix input and its fixed file, as orig-NAME.cu / fixed-NAME.cu, the
# names gpu-check.sh compiles them under.
#   test/fixes-gpu/make-predictions.sh [build dir]  -> test/fixes-gpu/predictions/
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ldslint=${1:-$root/build}/bin/ldslint
args=(-x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version)
if [ ! -f /usr/local/cuda/include/cuda_runtime.h ]; then
  args=(-x cuda -nocudainc -nocudalib -I "$root/test/Inputs" -include cuda.h
        --cuda-gpu-arch=sm_90)
fi
work=$root/build/fixes-gpu-sources # a fixed path: the JSON names the files
rm -rf "$work" && mkdir -p "$work"
mkdir -p "$here/predictions"
rm -f "$here/predictions"/*.json
source "$here/pairs.sh"
for name in $(copy_pairs "$work"); do
  for v in orig fixed; do
    (cd "$work" && "$ldslint" --arch=sm_90 --format=json --report=all \
       "$v-$name.cu" -- "${args[@]}") >"$here/predictions/$v-$name.json" || [ $? -eq 1 ]
    echo "$(grep -c '"line"' "$here/predictions/$v-$name.json") findings <- $v-$name.cu"
  done
done
