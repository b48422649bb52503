#!/usr/bin/env bash
# Random kernels on the GPU: ldslint, the brute-force reference and Nsight
# Compute, three judges of the same shared-memory accesses.
#
# Where ldslint is built (no GPU needed):
#   bash test/random/gpu-batch.sh --prepare <build-dir> <batch-dir> [seed [kernels]]
#     writes <batch-dir>/gpu-SEED.cu (default seed 1001, 300 kernels, one
#     file and so one binary), gpu-SEED.ref.json (reference) and
#     gpu-SEED.ldslint.json (ldslint --format=json --report=all, sm_90),
#     and prints ldslint against the reference (check.py).
# On the GPU machine (nvcc, ncu, an sm_90 GPU):
#   OUT=dir bash test/random/gpu-batch.sh --measure <batch-dir>
#     builds each *.cu with nvcc -O3 -lineinfo -arch=sm_90, runs it, profiles
#     it under ncu --section SourceCounters in chunks of CHUNK (default 50)
#     launches (the binary takes "first last"), stopping between chunks after
#     TIME_CAP seconds (default 420), exports the source pages and compares
#     per (file, kernel, line) with test/hardware/compare.py: ldslint vs ncu,
#     then the reference vs ncu, and the two by access class (gpu-summary.py).
#     Leaves in $OUT: ldslint-vs-ncu.md, reference-vs-ncu.md, summary.md,
#     measurements.csv, ncu-csv.tar.gz, batch.log.
# Exit status: 0 no disagreement with the GPU, 1 some, 2 a step failed.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PY=${PYTHON:-python3}

prepare() {
  local build=$1 dir=$2 seed=${3:-1001} kernels=${4:-300}
  local name=gpu-$seed
  mkdir -p "$dir"
  "$PY" "$HERE/gen.py" --seed "$seed" --kernels "$kernels" --out "$dir" --name "$name" || return 2
  "$build/bin/ldslint" --format=json --report=all --arch=sm_90 --time-budget=0 "$dir/$name.cu" \
    -- -x cuda -nocudainc -nocudalib -I"$HERE/../Inputs" -include cuda.h \
    > "$dir/$name.ldslint.json" 2> "$dir/$name.ldslint.err"
  [ $? -le 1 ] || { cat "$dir/$name.ldslint.err"; return 2; }
  "$PY" "$HERE/check.py" --ref "$dir/$name.ref.json" --pred "$dir/$name.ldslint.json"
  return 0
}

measure() {
  local dir=$1
  local OUT=${OUT:-$ROOT/random-gpu-out}
  local NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  local NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
  local CHUNK=${CHUNK:-50} TIME_CAP=${TIME_CAP:-420}
  local work status=0 cu name n first csvs=() preds=() refs=()
  mkdir -p "$OUT"
  work=$(mktemp -d "${TMPDIR:-/tmp}/ldslint-random-gpu.XXXXXX")
  echo "== random kernels on the GPU, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi -L 2>&1 || true
  "$NVCC" --version 2>&1 | tail -n 2
  "$NCU" --version 2>&1 | tail -n 1
  for cu in "$dir"/*.cu; do
    name=$(basename "${cu%.cu}")
    n=$(grep -c '^__global__' "$cu")
    echo "== $name: $n kernels"
    if ! "$NVCC" -O3 -lineinfo -arch=sm_90 -o "$work/$name" "$cu"; then
      echo "ERROR: nvcc failed for $name"; status=2; continue
    fi
    if ! "$work/$name"; then echo "ERROR: $name failed when run"; status=2; continue; fi
    first=0
    while [ "$first" -lt "$n" ]; do
      if [ "$SECONDS" -ge "$TIME_CAP" ]; then
        echo "time cap: kernels $first..$((n - 1)) of $name not profiled"; break
      fi
      "$NCU" --section SourceCounters --import-source yes -o "$work/$name.$first" -f \
        "$work/$name" "$first" $((first + CHUNK)) > "$work/ncu.log" 2>&1 ||
        { tail -n 20 "$work/ncu.log"; echo "ERROR: ncu failed ($name from $first)"; status=2; break; }
      "$NCU" -i "$work/$name.$first.ncu-rep" --page source --csv --print-source=cuda,sass \
        > "$work/$name.$first.csv" || { echo "ERROR: ncu export failed"; status=2; break; }
      csvs+=(--ncu "$work/$name.$first.csv")
      echo "profiled kernels $first..$((first + CHUNK - 1)) at ${SECONDS}s"
      first=$((first + CHUNK))
    done
    [ -f "$dir/$name.ldslint.json" ] && preds+=(--pred "$dir/$name.ldslint.json")
    [ -f "$dir/$name.ref.json" ] && refs+=(--pred "$dir/$name.ref.json")
  done
  [ ${#csvs[@]} -gt 0 ] || { echo "ERROR: nothing measured"; return 2; }
  local rc_l=3 rc_r=3
  if [ ${#preds[@]} -gt 0 ]; then
    "$PY" "$ROOT/test/hardware/compare.py" "${preds[@]}" "${csvs[@]}" \
      --title "ldslint vs Nsight Compute: random kernels" \
      --measurements-out "$OUT/measurements.csv" -o "$OUT/ldslint-vs-ncu.md" > /dev/null
    rc_l=$?
    grep -m1 '^\*\*Summary' "$OUT/ldslint-vs-ncu.md"
  fi
  if [ ${#refs[@]} -gt 0 ]; then
    "$PY" "$ROOT/test/hardware/compare.py" "${refs[@]}" "${csvs[@]}" \
      --title "Brute-force reference vs Nsight Compute: random kernels" \
      -o "$OUT/reference-vs-ncu.md" > /dev/null
    rc_r=$?
    grep -m1 '^\*\*Summary' "$OUT/reference-vs-ncu.md"
  fi
  "$PY" "$HERE/gpu-summary.py" --batch "$dir" "${csvs[@]}" -o "$OUT/summary.md" > /dev/null ||
    { echo "ERROR: gpu-summary.py failed"; status=2; }
  (cd "$work" && tar czf "$OUT/ncu-csv.tar.gz" ./*.csv)
  rm -rf "$work"
  echo "== compare exit: ldslint $rc_l, reference $rc_r; build/profile status $status"
  [ "$status" -ne 0 ] && return "$status"
  [ "$rc_l" -eq 1 ] || [ "$rc_r" -eq 1 ] && return 1
  [ "$rc_l" -eq 2 ] || [ "$rc_r" -eq 2 ] && return 2
  return 0
}

case "${1:-}" in
  --prepare) shift; prepare "$@" ;;
  --measure)
    shift
    OUT=${OUT:-$ROOT/random-gpu-out}
    mkdir -p "$OUT"
    measure "$@" 2>&1 | tee "$OUT/batch.log"
    exit "${PIPESTATUS[0]}" ;;
  *) sed -n '2,24p' "$0"; exit 2 ;;
esac
