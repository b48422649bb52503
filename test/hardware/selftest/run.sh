#!/usr/bin/env bash
# Self-test of test/hardware/compare.py (and of the committed reference model),
# with no GPU: python3 only, well under a second. Exit 0 = pass.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
HW=$(dirname "$HERE")
PY=${PYTHON:-python3}
export PYTHONDONTWRITEBYTECODE=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then echo "ok   - $what"; else echo "FAIL - $what"; fail=1; fi
}
count_rows() {  # count_rows FILE VERDICT: table rows whose verdict cell is VERDICT
  grep -c "^|.*| $2 | [^|]* |\$" "$1"
}

# 1. One agree (line 7), one DISAGREE (line 8), one unknown, one unmeasured: exit 1.
"$PY" "$HW/compare.py" --pred "$HERE/sample-predictions.json" --ncu "$HERE/sample-ncu.csv" \
  -o "$TMP/a.md" --measurements-out "$TMP/m.csv" > "$TMP/a.out" 2>&1
rc=$?
check "disagreement exits 1 (got $rc)" test "$rc" -eq 1
check "exactly one agree row" test "$(count_rows "$TMP/a.md" agree)" -eq 1
check "exactly one DISAGREE row" test "$(count_rows "$TMP/a.md" DISAGREE)" -eq 1
check "agree row is k.cu:7 strided 2 / 1" \
  grep -q '^| k.cu | 7 | `strided` | read | 2 / 1 | 2 / 1 | 2 | agree |' "$TMP/a.md"
check "DISAGREE row is k.cu:8 measured 32 / 1" \
  grep -q '^| k.cu | 8 | `strided` | read | 1 / 1 | 32 / 1 | 32 | DISAGREE |' "$TMP/a.md"
check "status unknown counts as not predicted" \
  grep -q '^| k.cu | 15 | `tr` | read | unknown | 32 / 1 | 32 | not predicted |' "$TMP/a.md"
check "unpredicted measured lines are listed" \
  grep -q '^| k.cu | 5 | `strided` | .* | not predicted |' "$TMP/a.md"
check "prediction without measurement is listed" \
  grep -q '^| k.cu | 21 | `tr` | write | 1 / 1 | - | - | not measured |' "$TMP/a.md"
check "stdout equals the -o report" cmp -s "$TMP/a.md" "$TMP/a.out"
check "measurements CSV has 5 shared lines" test "$(($(wc -l < "$TMP/m.csv") - 1))" -eq 5

# 2. Several findings on one line are averaged ((63 + 1) / 2 = 32): all agree, exit 0.
"$PY" "$HW/compare.py" --pred "$HERE/sample-predictions-averaged.json" \
  --ncu "$HERE/sample-ncu.csv" > "$TMP/b.md" 2>&1
rc=$?
check "averaged findings agree, exit 0 (got $rc)" test "$rc" -eq 0
check "averaged row is marked" \
  grep -q '^| k.cu | 15 | `tr` | read, write † | 32 / 1 | 32 / 1 | 32 | agree |' "$TMP/b.md"
"$PY" "$HW/compare.py" --strict --pred "$HERE/sample-predictions-averaged.json" \
  --ncu "$HERE/sample-ncu.csv" > /dev/null 2>&1
rc=$?
check "--strict fails on not-predicted rows (got $rc)" test "$rc" -eq 1

# 3. Unusable input is an error (2), not a pass.
"$PY" "$HW/compare.py" --pred "$HERE/sample-predictions.json" --ncu /dev/null > /dev/null 2>&1
rc=$?
check "empty ncu CSV exits 2 (got $rc)" test "$rc" -eq 2

"$PY" "$HW/compare.py" --pred "$HERE/sample-predictions.json" --ref "$HW/expected/sgemm.json" \
  > /dev/null 2>&1
rc=$?
check "no matching line at all exits 2 (got $rc)" test "$rc" -eq 2

# 4. Kernel-name normalisation (ncu and clang spell template arguments differently).
check "kernel names normalise" "$PY" - "$HW" <<'PYEOF'
import sys
sys.path.insert(0, sys.argv[1])
from compare import normalize_kernel as n
cases = {
    "load_stride<2>(float *)": "load_stride<2>",
    "void load_stride<2U>(float*)": "load_stride<2>",
    "load_stride<(int)2>": "load_stride<2>",
    "sgemm_tile<16, 1>(float *)": "sgemm_tile<16,1>",
    "void sgemm_tile<16,1>": "sgemm_tile<16,1>",
    "strided(float *, int)": "strided",
    "void (anonymous namespace)::k<3ul>(float *)": "(anonymousnamespace)::k<3>",
    "ns::f<ns::g<1> >(int)": "ns::f<ns::g<1>>",
}
bad = [(k, n(k), v) for k, v in cases.items() if n(k) != v]
for b in bad:
    print("  %r -> %r, want %r" % b)
sys.exit(1 if bad else 0)
PYEOF

# 5. The committed reference model (expected/*.json) matches kernels/*.cu.
check "expected/*.json up to date" "$PY" "$HW/expected.py" --check

# 6. The expected-value table in README.md is the one expected.py prints.
"$PY" "$HW/expected.py" --markdown > "$TMP/table.md"
sed -n '/^| file | kernel | block | expected/,/^$/p' "$HW/README.md" | sed '/^$/d' > "$TMP/readme-table.md"
check "README expected-value table up to date" cmp -s "$TMP/table.md" "$TMP/readme-table.md"

if [ "$fail" -ne 0 ]; then
  echo "selftest: FAILED"; echo "--- report 1:"; cat "$TMP/a.md"; exit 1
fi
echo "selftest: PASS"
