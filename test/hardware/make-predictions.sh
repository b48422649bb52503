#!/usr/bin/env bash
# Runs on a developer machine or CI (no GPU needed), from anywhere in the repo:
#   bash test/hardware/make-predictions.sh [kernel-file-name ...]
# Runs ldslint on every test/hardware/kernels/*.cu (or only the named ones) and
# writes test/hardware/predictions/<name>.json, plus SOURCES.sha256 so that
# gpu-validate.sh can tell when the predictions are older than the kernels.
# Commit the predictions: the GPU machine has no clang and only reads them.
# Then prints ldslint vs the reference model (expected/*.json), informational.
#
# Environment: LDSLINT (default build/bin/ldslint), LDSLINT_FLAGS and
# LDSLINT_DRIVER_FLAGS (override the two variables below), PYTHON.
set -u -o pipefail

# Provisional: the exact ldslint and clang-driver flags. Keep them here only.
LDSLINT_FLAGS=${LDSLINT_FLAGS:---format=json --report=all --arch=sm_90}
LDSLINT_DRIVER_FLAGS=${LDSLINT_DRIVER_FLAGS:--x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version}

HW=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HW/../.." && pwd)
cd "$ROOT" || exit 2
LDSLINT=${LDSLINT:-build/bin/ldslint}
PY=${PYTHON:-python3}
REL=test/hardware

if [ ! -x "$LDSLINT" ]; then
  echo "make-predictions: $LDSLINT not found or not executable (build ldslint first," \
       "or set LDSLINT=/path/to/ldslint)" >&2
  exit 2
fi

names=()
if [ $# -gt 0 ]; then
  for n in "$@"; do names+=("$(basename "${n%.cu}")"); done
else
  for cu in "$REL"/kernels/*.cu; do names+=("$(basename "${cu%.cu}")"); done
fi

mkdir -p "$REL/predictions"
status=0
for name in "${names[@]}"; do
  cu="$REL/kernels/$name.cu"
  out="$REL/predictions/$name.json"
  tmp=$(mktemp)
  # shellcheck disable=SC2086 # the flag variables are word lists on purpose
  "$LDSLINT" $LDSLINT_FLAGS "$cu" -- $LDSLINT_DRIVER_FLAGS > "$tmp" 2> "$tmp.err"
  rc=$?
  # A linter may exit non-zero because it found conflicts: judge by the JSON.
  if "$PY" - "$tmp" "$out" <<'PYEOF'
import json, sys
with open(sys.argv[1]) as fh:
    data = json.load(fh)
if not isinstance(data, dict) or not isinstance(data.get("findings"), list):
    sys.exit("no top-level findings list")
with open(sys.argv[2], "w") as fh:
    json.dump(data, fh, indent=1)
    fh.write("\n")
print("%d findings" % len(data["findings"]), end="")
PYEOF
  then
    echo " <- $cu (ldslint exit $rc)"
  else
    echo "ERROR: $cu: ldslint exit $rc, output is not ldslint JSON:" >&2
    head -c 2000 "$tmp" >&2; cat "$tmp.err" >&2
    status=1
  fi
  [ -s "$tmp.err" ] && [ $status -eq 0 ] && sed 's/^/  ldslint: /' "$tmp.err" | head -n 20
  rm -f "$tmp" "$tmp.err"
done

sha256sum "$REL"/kernels/*.cu > "$REL/predictions/SOURCES.sha256"

echo
echo "== ldslint vs the reference model (no GPU; informational)"
ref_args=() pred_args=()
for name in "${names[@]}"; do
  [ -f "$REL/predictions/$name.json" ] && pred_args+=(--pred "$REL/predictions/$name.json")
  [ -f "$REL/expected/$name.json" ] && ref_args+=(--ref "$REL/expected/$name.json")
done
if [ ${#pred_args[@]} -gt 0 ] && [ ${#ref_args[@]} -gt 0 ]; then
  "$PY" "$REL/compare.py" "${pred_args[@]}" "${ref_args[@]}" \
    --title "ldslint vs reference model (expected.py), no hardware" | grep -v '| agree |'
  echo "(agreeing rows omitted)"
fi
exit $status
