#!/usr/bin/env bash
# Differential test: random kernels, ldslint against the brute-force reference.
#
#   test/random/run.sh <build-dir> [first-seed [last-seed]]
#
# First checks the kept regression inputs (test/random/regressions/*.cu with
# their .ref.json), then for each seed (default 1..400) generates one file of
# KERNELS (default 100) kernels with gen.py, runs
#   <build-dir>/bin/ldslint --format=json --report=all --arch=$ARCH FILE -- <stub CUDA args>
# and compares with check.py. Seeds are taken in order until TIME_CAP seconds
# (default 150) have passed, so the cost is fixed; the seeds checked are
# printed, and any one can be replayed with
#   python3 test/random/gen.py --seed S --kernels 100 --out DIR
# Every file with a disagreement is copied to $KEEP (default
# <build-dir>/random-failures) to be kept under test/random/regressions/.
# Prints: kernels, accesses, agree / unknown / disagree. Exit status 1 on any
# disagreement (or if nothing was checked), 2 on a tool failure.
set -u -o pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BUILD=${1:?usage: run.sh <build-dir> [first-seed [last-seed]]}
FIRST=${2:-1}
LAST=${3:-400}
KERNELS=${KERNELS:-100}
TIME_CAP=${TIME_CAP:-150}
ARCH=${ARCH:-sm_90}
PY=${PYTHON:-python3}
LDSLINT=$BUILD/bin/ldslint
KEEP=${KEEP:-$BUILD/random-failures}
REGRESSIONS=${REGRESSIONS:-$HERE/regressions}
[ -x "$LDSLINT" ] || { echo "run.sh: no $LDSLINT" >&2; exit 2; }
STUB=(-x cuda -nocudainc -nocudalib -I"$HERE/../Inputs" -include cuda.h)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ldslint-random.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

files=0 kernels=0 accesses=0 agree=0 unknown=0 disagree=0 status=0

# check_one NAME DIR: ldslint on DIR/NAME.cu, compared with DIR/NAME.ref.json.
check_one() {
  local name=$1 dir=$2 rc
  "$LDSLINT" --format=json --report=all --arch="$ARCH" --time-budget=0 \
    "$dir/$name.cu" -- "${STUB[@]}" > "$WORK/$name.json" 2> "$WORK/$name.err"
  rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "ERROR: ldslint exit $rc on $dir/$name.cu"; cat "$WORK/$name.err"
    status=2; return
  fi
  "$PY" "$HERE/check.py" --ref "$dir/$name.ref.json" --pred "$WORK/$name.json" \
    --summary-json "$WORK/$name.sum" > "$WORK/$name.check"
  rc=$?
  if [ "$rc" -eq 2 ] || [ ! -f "$WORK/$name.sum" ]; then
    echo "ERROR: check.py failed on $name"; cat "$WORK/$name.check"; status=2; return
  fi
  read -r a g u d < <("$PY" -c 'import json,sys; c=json.load(open(sys.argv[1]));
print(c["accesses"], c["agree"], c["unknown"], c["disagree"])' "$WORK/$name.sum")
  files=$((files + 1)); accesses=$((accesses + a)); agree=$((agree + g))
  unknown=$((unknown + u)); disagree=$((disagree + d))
  kernels=$((kernels + $(grep -c '^__global__' "$dir/$name.cu")))
  if [ "$rc" -ne 0 ]; then
    cat "$WORK/$name.check"
    mkdir -p "$KEEP"
    cp "$dir/$name.cu" "$dir/$name.ref.json" "$KEEP/"
    echo "kept as $KEEP/$name.cu (add it to test/random/regressions/ once explained)"
  fi
}

for cu in "$REGRESSIONS"/*.cu; do
  [ -f "$cu" ] || continue
  check_one "$(basename "${cu%.cu}")" "$REGRESSIONS"
done
regressions=$files

start=$SECONDS seed=$FIRST last_seed=none
while [ "$seed" -le "$LAST" ] && [ $((SECONDS - start)) -lt "$TIME_CAP" ]; do
  name=random-$seed
  if ! "$PY" "$HERE/gen.py" --seed "$seed" --kernels "$KERNELS" --out "$WORK" --name "$name"; then
    echo "ERROR: gen.py failed for seed $seed"; status=2; break
  fi
  check_one "$name" "$WORK"
  rm -f "$WORK/$name".*
  last_seed=$seed
  seed=$((seed + 1))
done

echo "random kernels ($ARCH): $regressions regression files, seeds $FIRST..$last_seed" \
  "x $KERNELS kernels, in $((SECONDS - start)) s"
echo "random kernels: $kernels kernels, $accesses accesses: $agree agree, $unknown unknown," \
  "$disagree disagree"
[ "$status" -ne 0 ] && exit "$status"
[ "$accesses" -eq 0 ] && { echo "run.sh: nothing was checked"; exit 1; }
[ "$disagree" -ne 0 ] && exit 1
exit 0
