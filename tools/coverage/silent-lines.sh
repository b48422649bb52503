#!/usr/bin/env bash
# Lines where clang's device IR touches shared memory but ldslint reports
# nothing (issue 9: "nothing silent").
#   tools/coverage/silent-lines.sh LDSLINT FILE -- <clang args>
# Prints each silent line as file:line; exit 0 when there is none, 1 when
# there are, 2 when ldslint (or the reference) fails on the file, 3 when clang
# itself cannot compile it.
# The reference is tools/coverage/reference-lines.sh (the user's line of each
# shared load/store/atomic/intrinsic after inlining and address-space
# inference); ldslint's answer is any finding, of any status, on that line
# (--report=all).
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
ldslint=$1; file=$2; shift 2
[ "${1:-}" = "--" ] && shift
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
REFLINES_NO_DEFAULTS=${REFLINES_NO_DEFAULTS:-1} bash "$here/reference-lines.sh" -v "$file" -- "$@" \
  > "$work/ref.tsv" 2>"$work/ref.err"
rc=$?
# 3: clang itself cannot compile the file: nothing to compare.
[ $rc -eq 3 ] && exit 3
[ $rc -ne 0 ] && { cat "$work/ref.err" >&2; exit 2; }
"$ldslint" --format=json --report=all "$file" -- "$@" > "$work/out.json" 2>"$work/ldslint.err"
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then cat "$work/ldslint.err" >&2; exit 2; fi
python3 - "$work/ref.tsv" "$work/out.json" <<'PY'
import json, os, sys
ref, out = sys.argv[1], sys.argv[2]
answered = set()
for f in json.load(open(out))["findings"]:
    answered.add((os.path.realpath(f["file"]), f["line"]))
silent = []
for row in open(ref):
    cols = row.rstrip("\n").split("\t")
    # columns: line, user line, kinds, functions; the user's line is what
    # ldslint reports (innermost frame outside system headers)
    # (a list when the access is reached from several places)
    for where in (cols[1] if len(cols) > 1 and cols[1] else cols[0]).split(","):
        path, _, line = where.rpartition(":")
        if not line.isdigit():
            continue
        if (os.path.realpath(path), int(line)) in answered:
            continue
        try:  # a line the user suppressed is answered
            text = open(path).read().split("\n")[int(line) - 1]
        except (OSError, IndexError):
            text = ""
        if "ldslint: ignore" not in text:
            silent.append(where)
for s in sorted(set(silent)):
    print(s)
sys.exit(1 if silent else 0)
PY
