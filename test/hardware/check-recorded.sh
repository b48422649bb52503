#!/usr/bin/env bash
# CI check without a GPU: regenerate ldslint's predictions for the hardware
# kernels with the freshly built driver and compare them with the ncu
# source counters recorded on an H200 (measured/h200-ncu-source.tar.gz).
# Then the same for the loop-fusion and adjacent-pair explorations
# (explore/fusion.cu, explore/pairs.cu).
# Needs the CUDA headers (clang 22 parses CUDA 13); skipped without them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
if [ ! -f /usr/local/cuda/include/cuda_runtime.h ]; then
  echo "check-recorded: no CUDA headers at /usr/local/cuda; skipped"; exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar xzf "$here/measured/h200-ncu-source.tar.gz" -C "$work"
mkdir -p "$work/pred"
for cu in "$here"/kernels/*.cu; do
  name=$(basename "$cu" .cu)
  (cd "$root" && "$build/bin/ldslint" --format=json --report=all --arch=sm_90 \
     "test/hardware/kernels/$name.cu" -- -x cuda --cuda-gpu-arch=sm_90 \
     -Wno-unknown-cuda-version) > "$work/pred/$name.json" || [ $? -eq 1 ]
done
args=()
for csv in "$work"/*.csv; do args+=(--ncu "$csv"); done
python3 "$here/compare.py" --pred "$work/pred" "${args[@]}" -o "$work/agreement.md" >/dev/null
grep -m1 "Summary" "$work/agreement.md"

# The explorations, each measured once on an H200 (explore/measured/),
# against the current rules: what ptxas fuses across loop iterations
# (fusion.cu), which adjacent 4-byte accesses it merges (pairs.cu), and the
# ninth session's idioms (idioms9.cu: CUB's agent reference, a saturating
# partner index, switches) and the tenth's (idioms10.cu: lanes that disagree
# on alignment, a uniform merge, the double buffer fixed from the IR model)
# and the thirteenth's (idioms13.cu: bitonic partners under a loop whose
# bound is a kernel argument) and the fourteenth's (asm14.cu: shared loads
# and stores written in inline PTX) and the fifteenth's (ldsm15.cu:
# ldmatrix and stmatrix, also at integer addresses; cp.async is measured
# there and answered `unknown`) and the sixteenth's (scan16.cu: a scan's
# offset after its up-sweep, conflicts under every value of a runtime
# bound, pairs adjacent in some unrolled iterations; subword16.cu: 1- and
# 2-byte accesses of unrolled loops) and the seventeenth's (pairs17.cu:
# adjacent 8-byte pairs made one 16-byte instruction) and the eighteenth's
# (runs18.cu: runs of more than two adjacent doubles, split into aligned
# pairs) and the twenty-third's (bits23.cu: __brev, __popc, __clz, __ffs in
# addresses; reads the compiler merges after their branches) and the
# twenty-fourth's (exits24.cu: a loop's value after a loop bounded by the
# block's size, at three block sizes; merged24.cu: reads of both branches
# merged into one, which nvcc does too, at the line that uses the value)
# and the twenty-fifth's (numbering25.cu: kernels that number their threads
# `W * threadIdx.y + threadIdx.x`, launched with a run-time shape;
# choices25.cu: one read after a branch that picks the array per lane) and
# the twenty-sixth's (mixed26.cu: a read from shared memory for some lanes
# and from global memory for the others) and the twenty-eighth's (align28.cu:
# adjacent words whose alignment depends on a kernel argument stay apart;
# small28.cu: arrays within one row of the banks, read at loaded keys) and
# the thirtieth's (shapes30.cu: uniform loop exits, shapes through lambda
# captures, one-trip loops, a masked index within one row, a braced list,
# threads that disagree on alignment plus a shared offset; halves30.cu:
# 2-byte reads of such threads, faiss's distance tiles), the thirty-third's
# (lanes33.cu: lanes from the global index under a run-time block size,
# block-scope atomics, a run of five reads, a libdevice call between a pair)
# and the thirty-fifth's (walks35.cu: tree walks with a per-warp stack whose
# depth is the same in every lane; paths35.cu: addresses converted in inline
# assembly, a function called through a table, a merged member store;
# measured on an H100, sm_90 as the H200) and the thirty-sixth's
# (shapes36.cu: a table-called function under its dispatcher's shape, kernels
# passed to a launching template, a counter across an inner loop, lanes past
# the end under a guard, __umulhi; H100) and the thirty-seventh's
# (runs37.cu: runs of adjacent words split into aligned LDS.64/LDS.128
# pieces; H100).
explore() { # NAME LABEL
  gunzip -c "$here/explore/measured/$1.csv.gz" > "$work/$1-measured.csv"
  (cd "$root" && "$build/bin/ldslint" --format=json --report=all --arch=sm_90 \
     "test/hardware/explore/$1.cu" -- -x cuda --cuda-gpu-arch=sm_90 \
     -Wno-unknown-cuda-version) > "$work/$1.json" || [ $? -eq 1 ]
  python3 "$here/compare.py" --pred "$work/$1.json" --ncu "$work/$1-measured.csv" \
    -o "$work/$1.md" >/dev/null
  grep -m1 "Summary" "$work/$1.md" | sed "s/^/$2: /"
}
explore fusion "loop fusion"
explore pairs "adjacent pairs"
explore idioms9 "ninth-session idioms"
explore idioms10 "tenth-session idioms"
explore idioms13 "thirteenth-session idioms"
explore asm14 "inline-PTX loads and stores"
explore ldsm15 "ldmatrix and stmatrix (cp.async measured, not predicted)"
explore scan16 "scans: loop exit values, degrees that depend on a value"
explore subword16 "1- and 2-byte accesses of unrolled loops"
explore pairs17 "adjacent 8-byte pairs (STS.128, LDS.128)"
explore runs18 "runs of adjacent doubles split into aligned pairs"
explore bits23 "bit operations in addresses, reads merged after branches"
explore exits24 "values after loops bounded by the block size"
explore merged24 "reads of both branches merged into one"
explore numbering25 "block width from the kernel's thread numbering"
explore choices25 "a read of one of several arrays, chosen per lane"
explore mixed26 "a read from shared memory for some lanes, global for the others"
explore align28 "adjacent words at a base offset by a kernel argument"
explore small28 "arrays within one row of the banks, any index"
explore shapes30 "uniform exits, captured shapes, masked indices, braced lists"
explore halves30 "2-byte reads of threads that disagree on alignment"
explore lanes33 "global-index lanes, block-scope atomics, a libdevice call between a pair"
explore walks35 "tree walks with a per-warp stack (a uniform unknown depth)"
explore paths35 "asm-converted pointers, a function called through a table, a merged store"
explore shapes36 "dispatcher and launcher shapes, a counter across loops, guarded lanes, __umulhi"
explore runs37 "runs of adjacent words split into aligned pieces"

# Real-code idioms (idioms/*.cu: CUB block primitives, %laneid, helpers,
# reused reads), measured once on an H200 (idioms/measured/).
tar xzf "$here/idioms/measured/h200-idioms-csv.tar.gz" -C "$work"
bash "$here/idioms/make-predictions.sh" "$work/idioms-pred" "$build/bin/ldslint" >/dev/null
python3 "$here/samples/compare.py" --pred "$work/idioms-pred" --ncu-dir "$work/csv" \
  --src "$here/idioms" -o "$work/idioms.md" >/dev/null
grep -m1 "Summary" "$work/idioms.md" | sed 's/^/idioms: /'

# A disagreement with the hardware fails the check.
if grep -h -m1 "Summary" "$work/agreement.md" "$work/fusion.md" "$work/pairs.md" "$work/idioms9.md" "$work/idioms10.md" "$work/idioms13.md" "$work/asm14.md" "$work/ldsm15.md" "$work/scan16.md" "$work/subword16.md" "$work/pairs17.md" "$work/runs18.md" "$work/bits23.md" "$work/exits24.md" "$work/merged24.md" "$work/numbering25.md" "$work/choices25.md" "$work/mixed26.md" "$work/align28.md" "$work/small28.md" "$work/shapes30.md" "$work/halves30.md" "$work/lanes33.md" "$work/walks35.md" "$work/paths35.md" "$work/shapes36.md" "$work/runs37.md" "$work/idioms.md" |
   grep -Eq "[1-9][0-9]* DISAGREE"; then
  echo "check-recorded: a prediction disagrees with the recorded counters"; exit 1
fi
