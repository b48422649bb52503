#!/usr/bin/env bash
# Runs ON THE GPU MACHINE (H200, sm_90), from anywhere in the repository:
#   OUT=/some/dir bash test/hardware/gpu-validate.sh [kernel-file-name ...]
# For every test/hardware/kernels/*.cu (or only the named ones, e.g. "transpose"):
# build with nvcc -lineinfo, profile with Nsight Compute (SourceCounters), export
# the per-line source page, and compare the measured shared-memory wavefronts
# per instruction with the committed ldslint predictions
# (test/hardware/predictions/*.json, made by make-predictions.sh where clang is)
# and with the reference model (test/hardware/expected/*.json, expected.py).
#
# Leaves at most 4 files in $OUT:
#   agreement.md      the comparison tables (ldslint first, then the model)
#   measurements.csv  per (file, kernel, line): executions, wavefronts, ideal, N-way
#   ncu-csv.tar.gz    the raw ncu source-page CSVs (+ .ncu-rep with KEEP_REPORTS=1)
#   validate.log      everything printed
# Exit status: 0 ldslint agrees everywhere it predicts; 1 some DISAGREE;
# 2 a build, profiling or parsing step failed; 3 no ldslint predictions
# (only the model was checked). Model disagreements are reported, and fail the
# run only with MODEL_GATE=1. Python 3 standard library only.
set -u -o pipefail

HW=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HW/../.." && pwd)
OUT=${OUT:-$ROOT/hw-out}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
PY=${PYTHON:-python3}
NVCC_FLAGS=(-O3 -lineinfo -arch=sm_90)
NCU_FLAGS=(--section SourceCounters --import-source yes)
PREDICTIONS=${PREDICTIONS:-$HW/predictions}
EXPECTED=$HW/expected

mkdir -p "$OUT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ldslint-hw.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

main() {
  local status=0 name cu names=()
  echo "== ldslint hardware validation, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "repo: $ROOT ($(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
  nvidia-smi -L 2>&1 || true
  "$NVCC" --version 2>&1 | tail -n 2
  "$NCU" --version 2>&1 | tail -n 1
  "$PY" --version 2>&1

  if [ $# -gt 0 ]; then
    for name in "$@"; do names+=("$(basename "${name%.cu}")"); done
  else
    for cu in "$HW"/kernels/*.cu; do names+=("$(basename "${cu%.cu}")"); done
  fi

  if [ -f "$PREDICTIONS/SOURCES.sha256" ]; then
    if ! (cd "$ROOT" && sha256sum --quiet -c "$PREDICTIONS/SOURCES.sha256"); then
      echo "WARNING: kernels changed since make-predictions.sh ran: predictions may be stale"
    fi
  fi

  local csvs=()
  for name in "${names[@]}"; do
    cu="$HW/kernels/$name.cu"
    echo
    echo "== $name"
    if [ ! -f "$cu" ]; then echo "ERROR: no $cu"; status=2; continue; fi
    if ! "$NVCC" "${NVCC_FLAGS[@]}" -o "$WORK/$name" "$cu"; then
      echo "ERROR: nvcc failed for $name"; status=2; continue
    fi
    if ! "$WORK/$name"; then
      echo "ERROR: $name failed when run without the profiler"; status=2; continue
    fi
    if ! "$NCU" "${NCU_FLAGS[@]}" -o "$WORK/$name" -f "$WORK/$name"; then
      echo "ERROR: ncu failed for $name"; status=2; continue
    fi
    if ! "$NCU" -i "$WORK/$name.ncu-rep" --page source --csv --print-source=cuda,sass \
        > "$WORK/$name.csv" 2> "$WORK/$name.export.err"; then
      cat "$WORK/$name.export.err"; echo "ERROR: ncu export failed for $name"; status=2; continue
    fi
    cat "$WORK/$name.export.err"
    echo "exported $(wc -l < "$WORK/$name.csv") CSV lines"
    csvs+=("$WORK/$name.csv")
  done

  local ncu_args=() c
  for c in "${csvs[@]}"; do ncu_args+=(--ncu "$c"); done
  if [ ${#csvs[@]} -eq 0 ]; then
    echo "ERROR: nothing was measured"
    echo "# ldslint hardware validation: nothing was measured (see validate.log)" > "$OUT/agreement.md"
    return 2
  fi

  local pred_args=() ref_args=()
  for name in "${names[@]}"; do
    [ -f "$PREDICTIONS/$name.json" ] && pred_args+=(--pred "$PREDICTIONS/$name.json")
    [ -f "$EXPECTED/$name.json" ] && ref_args+=(--pred "$EXPECTED/$name.json")
  done

  local rc_pred=3
  if [ ${#pred_args[@]} -gt 0 ]; then
    echo
    echo "== compare: ldslint predictions vs Nsight Compute"
    "$PY" "$HW/compare.py" "${pred_args[@]}" "${ncu_args[@]}" \
      --measurements-out "$OUT/measurements.csv" -o "$WORK/ldslint.md" > /dev/null
    rc_pred=$?
    cat "$WORK/ldslint.md"
  else
    echo "WARNING: no ldslint predictions in $PREDICTIONS for: ${names[*]}" \
      "(run test/hardware/make-predictions.sh where ldslint is built)"
    printf '# ldslint vs Nsight Compute\n\nNo predictions in %s for: %s.\n' \
      "${PREDICTIONS#"$ROOT"/}" "${names[*]}" > "$WORK/ldslint.md"
  fi

  echo
  echo "== compare: reference model (expected.py) vs Nsight Compute"
  "$PY" "$HW/compare.py" "${ref_args[@]}" "${ncu_args[@]}" \
    --measurements-out "$WORK/measurements-model.csv" \
    --title "Reference model (test/hardware/expected.py) vs Nsight Compute" \
    -o "$WORK/model.md" > /dev/null
  local rc_model=$?
  cat "$WORK/model.md"
  [ -f "$OUT/measurements.csv" ] || cp "$WORK/measurements-model.csv" "$OUT/measurements.csv"

  {
    echo "# ldslint hardware validation"
    echo
    echo "Run $(date -u +%Y-%m-%dT%H:%M:%SZ) on" \
      "$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)," \
      "commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)," \
      "kernel files: ${names[*]}."
    echo
    echo "- ldslint: $(grep -m1 '^\*\*Summary' "$WORK/ldslint.md" || echo 'no predictions') (compare.py exit $rc_pred)"
    echo "- reference model: $(grep -m1 '^\*\*Summary' "$WORK/model.md" || echo '?') (compare.py exit $rc_model)"
    [ "$status" -ne 0 ] && echo "- some kernel files failed to build or profile: see validate.log"
    echo
    cat "$WORK/ldslint.md"
    echo
    cat "$WORK/model.md"
  } > "$OUT/agreement.md"

  local tarlist=()
  for c in "${csvs[@]}"; do tarlist+=("$(basename "$c")"); done
  if [ "${KEEP_REPORTS:-0}" = 1 ]; then
    for name in "${names[@]}"; do
      [ -f "$WORK/$name.ncu-rep" ] && tarlist+=("$name.ncu-rep")
    done
  fi
  tar czf "$OUT/ncu-csv.tar.gz" -C "$WORK" "${tarlist[@]}"

  echo
  echo "== result: compare(ldslint) exit $rc_pred, compare(model) exit $rc_model, build/profile status $status"
  [ "$rc_model" -eq 1 ] && echo "NOTE: the reference model disagrees with the hardware somewhere (see agreement.md)"
  if [ "$rc_pred" -eq 2 ] || [ "$rc_model" -eq 2 ]; then return 2; fi
  if [ "$status" -ne 0 ]; then return "$status"; fi
  if [ "$rc_pred" -eq 1 ]; then return 1; fi
  if [ "${MODEL_GATE:-0}" = 1 ] && [ "$rc_model" -ne 0 ]; then return 1; fi
  return "$rc_pred"
}

main "$@" 2>&1 | tee "$OUT/validate.log"
exit "${PIPESTATUS[0]}"
