#!/usr/bin/env bash
# Do ldslint's two engines agree? For each file of a corpus list (the format
# of corpus-coverage.sh), runs ldslint --engine=ast and --engine=ir
# (--format=json --report=all) and compares the decided findings per
# (file, line, kernel, array, access kind): same verdict and degree ("ok" of
# any wavefront count counts as one verdict), or a disagreement, listed.
#   tools/coverage/engine-agreement.sh -o DIR LIST LDSLINT
# DIR gets the raw JSON (N.ast.json, N.ir.json, index.txt) and summary.txt.
set -u -o pipefail
out=engine-agreement
if [ "${1:-}" = -o ]; then out=$2; shift 2; fi
list=${1:?usage: engine-agreement.sh [-o DIR] LIST LDSLINT}; ldslint=${2:?LDSLINT}
mkdir -p "$out"; : > "$out/index.txt"
dir=$(cd "$(dirname "$list")" && pwd)
n=0
while read -r file args; do
  case "$file" in ''|\#*) continue ;; esac
  n=$((n + 1))
  args=${args//--ref-only/}
  lang=cuda arch=--cuda-gpu-arch=sm_90
  case " $args " in *" -x hip "*) lang=hip arch=--offload-arch=gfx90a ;; esac
  case "$file" in *.hip) lang=hip arch=--offload-arch=gfx90a ;; esac
  for e in ast ir; do
    # shellcheck disable=SC2086
    (cd "$dir" && timeout 600 "$ldslint" --engine=$e --format=json --report=all "$file" \
       -- -x $lang $arch $args > "$out/$n.$e.json" 2>/dev/null)
  done
  echo "$n $file" >> "$out/index.txt"
done < "$list"
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import collections, json, os, sys
out = sys.argv[1]
agree, disagree, only = 0, [], collections.Counter()
for line in open(os.path.join(out, "index.txt")):
    n, _ = line.split(None, 1)
    try:
        runs = [json.load(open(os.path.join(out, "%s.%s.json" % (n, e))))["findings"]
                for e in ("ast", "ir")]
    except (OSError, ValueError, KeyError):
        continue
    decided = []
    for findings in runs:
        d = collections.defaultdict(set)
        for f in findings:
            if f["status"] != "unknown":
                key = (f["file"], f["line"], f["function"], f["array"], f["access"])
                d[key].add("ok" if f["status"] == "ok" else "%s %s-way" % (f["status"], f["degree"]))
        decided.append(d)
    ast, ir = decided
    for k in ast:
        if k not in ir:
            only["source engine"] += 1
        elif ast[k] == ir[k]:
            agree += 1
        else:
            disagree.append((k, sorted(ast[k]), sorted(ir[k])))
    only["device-IR engine"] += sum(1 for k in ir if k not in ast)
print("decided by both: %d agree, %d disagree; decided by one only: %s"
      % (agree, len(disagree), ", ".join("%s %d" % kv for kv in sorted(only.items()))))
for (f, line, fn, arr, acc), a, i in disagree:
    print("%s:%d %s '%s' %s: source %s, IR %s" % (os.path.basename(f), line, fn[:50], arr, acc,
                                                 "/".join(a), "/".join(i)))
PY
