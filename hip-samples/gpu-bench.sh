#!/usr/bin/env bash
# Build the samples with nvcc, run them on the local NVIDIA GPU, and write a
# report. Run from anywhere inside the repository (normally its root):
#
#   OUT=/some/dir hip-samples/gpu-bench.sh
#
# Finally runs gpu-lines.sh (per-line ncu counters vs ldslint's JSON;
# GPU_BENCH_LINES=0 skips it), which adds lines.md and lines.log.
# Writes these files to $OUT (default build/hip-samples/bench-out):
#   report.md    GPU / driver / date / command, before-after tables
#   chart.png    bar chart per sample
#   results.csv  one row per kernel (RESULT fields + Nsight Compute counters)
#   bench.log    everything printed, including the compile commands
# Binaries and intermediate files go to $GPU_BENCH_WORK (default
# build/hip-samples/bench), not under $OUT.
#
# Environment: GPU_BENCH_NCU=0 skips the Nsight Compute pass (bank-conflict
# counters per kernel); GPU_BENCH_BUDGET_S (default 360) caps the wall time
# of the runs, each step gets at most what is left of it; GPU_BENCH_SAMPLES
# (space-separated) runs a subset.
# Exit status: 0 when every sample built, ran and passed its checks.

set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
OUT="${OUT:-$repo/build/hip-samples/bench-out}"
work="${GPU_BENCH_WORK:-$repo/build/hip-samples/bench}"
read -r -a samples <<< "${GPU_BENCH_SAMPLES:-transpose sgemm sgemm_rt reduction wave64_vs_warp32}"
budget_s="${GPU_BENCH_BUDGET_S:-360}"
cmdline="cd $PWD && OUT=$OUT"
for v in GPU_BENCH_NCU GPU_BENCH_BUDGET_S GPU_BENCH_SAMPLES GPU_BENCH_WORK; do
  [[ -n "${!v:-}" ]] && cmdline+=" $v='${!v}'"
done
cmdline+=" $0${*:+ $*}"
export PATH="$PATH:/usr/local/cuda/bin"

mkdir -p "$OUT" "$work"
rm -f "$work"/*.txt "$work"/*.csv "$work"/*.ncu-rep "$work"/meta.env

ncu_metrics_full="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
smsp__inst_executed_op_shared_ld.sum,\
smsp__inst_executed_op_shared_st.sum"
ncu_metrics_min="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"

left() {  # seconds left of the budget, at least 10
  local l=$((budget_s - SECONDS))
  (( l < 10 )) && l=10
  echo "$l"
}

cap() {  # min(want, left)
  local l; l="$(left)"
  (( $1 < l )) && echo "$1" || echo "$l"
}

main() {
  local status=0
  echo "== hip-samples gpu-bench, $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "command: $cmdline"
  echo "cwd: $PWD   OUT: $OUT   host: $(hostname 2>/dev/null || cat /etc/hostname)"

  {
    echo "date=$(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "command=$cmdline"
    echo "host=$(hostname 2>/dev/null || cat /etc/hostname)"
    echo "git=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo none)"
  } >> "$work/meta.env"

  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
      --format=csv,noheader | head -n 1 | tee "$work/gpu.txt"
    IFS=',' read -r gname gdriver gmem gsm gmemclk < "$work/gpu.txt" || true
    {
      echo "gpu=$(echo "${gname:-unknown}" | xargs)"
      echo "driver=$(echo "${gdriver:-unknown}" | xargs)"
      echo "gpu_memory=$(echo "${gmem:-}" | xargs)"
      echo "max_clocks=sm $(echo "${gsm:-}" | xargs), mem $(echo "${gmemclk:-}" | xargs)"
    } >> "$work/meta.env"
  else
    echo "gpu-bench: nvidia-smi not found" >&2
    echo "gpu=unknown (no nvidia-smi)" >> "$work/meta.env"
  fi

  if ! command -v nvcc >/dev/null 2>&1; then
    echo "gpu-bench: nvcc not found (PATH or /usr/local/cuda/bin); cannot build" >&2
    return 1
  fi
  echo "nvcc=$(nvcc --version | tail -n 1)" >> "$work/meta.env"
  echo "build=nvcc -x cu -O3 -lineinfo -arch=sm_90 -I hip-samples/common" >> "$work/meta.env"

  echo "== build"
  if ! bash "$here/build.sh" --nvcc "$work/bin"; then
    echo "gpu-bench: build failed" >&2
    status=1
  fi

  echo "== run"
  local s rc t
  local runner=()
  command -v stdbuf >/dev/null 2>&1 && runner=(stdbuf -oL)
  for s in "${samples[@]}"; do
    if [[ ! -x "$work/bin/nvcc/$s" ]]; then
      echo "gpu-bench: $s was not built" >&2
      echo "status_$s=not built" >> "$work/meta.env"
      status=1
      continue
    fi
    t="$(cap 150)"
    echo "---- $s (timeout ${t}s): $work/bin/nvcc/$s"
    timeout "$t" "${runner[@]}" "$work/bin/nvcc/$s" 2>&1 | tee "$work/$s.txt"
    rc=${PIPESTATUS[0]}
    echo "---- $s exit status $rc (elapsed ${SECONDS}s)"
    echo "status_$s=$rc" >> "$work/meta.env"
    (( rc != 0 )) && status=1
  done

  if [[ "${GPU_BENCH_NCU:-1}" != 0 ]] && command -v ncu >/dev/null 2>&1; then
    echo "== Nsight Compute: shared-memory bank-conflict counters ($(ncu --version | tail -n 1))"
    for s in "${samples[@]}"; do
      [[ -x "$work/bin/nvcc/$s" ]] || continue
      local metrics="$ncu_metrics_full" ok=0
      for metrics in "$ncu_metrics_full" "$ncu_metrics_min"; do
        if (( SECONDS > budget_s - 30 )); then
          echo "gpu-bench: time budget used up, skipping ncu for $s"
          break 2
        fi
        t="$(cap 120)"
        echo "+ ncu --metrics <${metrics//,/ }> -o $work/ncu_$s -f $work/bin/nvcc/$s --profile"
        if timeout "$t" ncu --metrics "$metrics" -o "$work/ncu_$s" -f \
             "$work/bin/nvcc/$s" --profile > "$work/ncu_$s.log" 2>&1 \
           && { ncu -i "$work/ncu_$s.ncu-rep" --page raw --csv --print-kernel-base function \
                  > "$work/ncu_$s.csv" 2>> "$work/ncu_$s.log" \
                || ncu -i "$work/ncu_$s.ncu-rep" --page raw --csv \
                  > "$work/ncu_$s.csv" 2>> "$work/ncu_$s.log"; }; then
          ok=1
          break
        fi
        tail -n 15 "$work/ncu_$s.log"
        echo "gpu-bench: ncu failed for $s with this metric list"
      done
      (( ok )) && echo "ncu $s: $(grep -c . "$work/ncu_$s.csv") CSV lines"
      echo "ncu_$s=$ok" >> "$work/meta.env"
    done
  else
    echo "== Nsight Compute pass skipped (GPU_BENCH_NCU=0 or ncu not found)"
    echo "ncu=skipped" >> "$work/meta.env"
  fi

  echo "== report"
  local ncu_files=()
  for s in "${samples[@]}"; do
    [[ -s "$work/ncu_$s.csv" ]] && ncu_files+=(--ncu "$work/ncu_$s.csv")
  done
  local result_files=()
  for s in "${samples[@]}"; do
    [[ -f "$work/$s.txt" ]] && result_files+=("$work/$s.txt")
  done
  if ! python3 "$here/make_report.py" --meta "$work/meta.env" "${ncu_files[@]}" \
       --out "$OUT" "${result_files[@]}"; then
    echo "gpu-bench: make_report.py failed" >&2
    status=1
  fi
  if [[ "${GPU_BENCH_LINES:-1}" != 0 ]] && command -v ncu >/dev/null 2>&1; then
    echo "== per-line counters vs ldslint's predictions (gpu-lines.sh)"
    # Disagreements are reported (and explained in docs/results), not fatal.
    OUT="$OUT" bash "$here/gpu-lines.sh" || true
  fi
  echo "== done in ${SECONDS}s, status $status; files in $OUT:"
  ls -l "$OUT"
  return "$status"
}

main 2>&1 | tee "$OUT/bench.log"
exit "${PIPESTATUS[0]}"
