#!/usr/bin/env bash
# On the GPU machine: builds the orig-* and fixed-* programs that prepare.sh
# made in WORK, runs each (its own check against cuBLAS or the CPU must
# pass, its own timing is kept), and profiles one launch of each changed
# kernel with Nsight Compute's source counters. Writes $OUT/real-code.tgz
# (program outputs, per-line CSVs); summarize.py reads it.
#   OUT=/dir bash test/fixes-gpu/real-code/gpu-run.sh WORK
set -u
export PATH=$PATH:/usr/local/cuda/bin
work=$(cd "$1" && pwd)
o=$OUT/real-code; mkdir -p "$o"
cc() { nvcc -O3 -lineinfo -std=c++17 -arch=sm_90 "$@"; }
for v in orig fixed; do
  (cd "$work/sgemm/$v" && cc -I src sgemm.cu src/runner.cu -lcublas -o "$work/sgemm-$v") >"$o/build-sgemm-$v.log" 2>&1 &
  (cd "$work/llm" && cc --use_fast_math $v-trimat_forward.cu -lcublas -lcublasLt -o "$work/trimat-$v") >"$o/build-trimat-$v.log" 2>&1 &
  (cd "$work/llm" && cc --use_fast_math $v-matmul_backward_bias.cu -lcublas -lcublasLt -Xcompiler -fopenmp -o "$work/bias-$v") >"$o/build-bias-$v.log" 2>&1 &
  (cd "$work/transpose" && cc -I ../Common $v-transpose.cu -o "$work/transpose-$v") >"$o/build-transpose-$v.log" 2>&1 &
done
wait
profile() { # name dir kernel-regex skip binary args...
  local n=$1 d=$2 k=$3 skip=$4; shift 4
  (cd "$d" && timeout 150 ncu --section SourceCounters --import-source yes -k "regex:$k" \
     --launch-skip "$skip" --launch-count 1 -o "$work/$n" -f "$@" >"$o/$n.ncu.log" 2>&1
   ncu -i "$work/$n.ncu-rep" --page source --csv --print-source=cuda,sass >"$o/$n.csv" 2>>"$o/$n.ncu.log")
}
declare -A sg=([5]=sgemm2DBlocktiling [6]=sgemmVectorize [7]=sgemmResolveBankConflicts
               [8]=sgemmResolveBankExtraCol [9]=sgemmAutotuned)
for v in orig fixed; do
  for k in 5 6 7 8 9; do
    (cd "$work/sgemm/$v" && timeout 120 "$work/sgemm-$v" $k >"$o/sgemm-$v-$k.out" 2>&1; echo "rc=$?" >>"$o/sgemm-$v-$k.out")
    # size 1024, the 4th: 3 sizes x (1 checked + 50 timed launches) before it
    profile sgemm-$v-$k "$work/sgemm/$v" "^${sg[$k]}" 153 "$work/sgemm-$v" $k
  done
  (cd "$work/llm" && timeout 120 "$work/trimat-$v" 4 >"$o/trimat-$v.out" 2>&1; echo "rc=$?" >>"$o/trimat-$v.out")
  profile trimat-$v "$work/llm" trimul_global 0 "$work/trimat-$v" 4
  (cd "$work/llm" && timeout 120 "$work/bias-$v" 8 >"$o/bias-$v.out" 2>&1; echo "rc=$?" >>"$o/bias-$v.out")
  profile bias-$v "$work/llm" matmul_backward_bias_kernel8 0 "$work/bias-$v" 8
  (cd "$work/transpose" && timeout 120 "$work/transpose-$v" >"$o/transpose-$v.out" 2>&1; echo "rc=$?" >>"$o/transpose-$v.out")
  profile transpose-$v "$work/transpose" transposeCoalesced 0 "$work/transpose-$v"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$o/gpu.txt" 2>&1
(cd "$OUT" && tar czf real-code.tgz real-code && rm -rf real-code)
