#!/usr/bin/env bash
# corpus-coverage.sh [options] LIST LDSLINT
#
# How many of the shared-memory accesses that clang's device IR has get an
# answer from ldslint, over a list of real source files.
#
# LIST: one translation unit per line: `path [extra clang args...]` (e.g. -I
#   dirs, -D macros, `-x hip` for HIP in .cpp files). Blank lines and lines
#   starting with # are skipped; relative paths are relative to LIST's folder.
#   Args are split on blanks (no quoting). Args after a `--ref-only` token
#   are what this machine needs and a user's build would not pass (stub
#   headers, a prelude of nvcc's host overloads): the reference compile and
#   --args=same get them, --args=user does not.
# LDSLINT: the ldslint driver binary.
#
# For each file:
#  (a) the reference lines: reference-lines.sh -v --asm (clang++ device IR after
#      inlining and address-space inference). If clang cannot compile the
#      file, the file is listed as clang-fail and left out of the table.
#  (b) LDSLINT --format=json --report=all FILE -- ARGS
#  (c) each reference line is
#        decided  a finding with status conflict or ok on that line
#        unknown  findings on that line, all `unknown`; counted apart
#                 too where every one depends on data loaded from memory
#                 (JSON data_dependent: no static analysis decides them)
#        silent   no finding on that line
#        failed   ldslint exited 2 (or crashed / timed out) although clang
#                 compiles the file
#      Accesses written in system headers (/usr/, /opt/rocm: CUB,
#      cooperative_groups, HIP headers) are matched at the innermost user
#      line that calls them: one line per such caller. Lines only reached by inline asm (.shared in
#      the asm text: cp.async, ldmatrix, ...) are counted apart.
#      A line reached from several translation units (headers) counts once,
#      with its best class (decided > unknown > silent > failed).
#  (d) CPU time (user+sys) of LDSLINT and of clang++ -fsyntax-only
#      device-only with the reference args.
#
# Options:
#   -o DIR        output folder (default ./coverage-out); it holds
#                   files.tsv    per file: status, counts, CPU times
#                   lines.tsv    per reference line and file: class, kinds, statuses
#                   silent.txt   silent lines with their source text
#                   unknown.txt  unknown lines with ldslint's reason and source text
#                   failed.txt   files ldslint fails on, with its first error
#                   extra.txt    lines with a finding but no IR shared access
#                   moved.txt    findings counted at the IR line of the same
#                                multi-line statement (within 3 lines)
#                   clang-fail.txt  files clang cannot compile (excluded)
#                   summary.txt  the table printed at the end
#                   work/        raw outputs per file (.ref .json .err)
#   -j N          files in parallel (default: nproc)
#   --args=MODE   what ldslint gets after `--`:
#                   same  the reference clang args and clang's -resource-dir
#                         (default): measures the analysis only
#                   user  `-x cuda|hip`, the default arch and the list's args
#                         up to --ref-only, as a user would pass them: also
#                         measures setup
#                         (resource dir, CCCL include, HIP macros)
#   --timeout S   per-file limit for ldslint (default 600 s)
#   --no-timing   skip the clang -fsyntax-only timing run
#   --reuse-ref D take the reference lines and clang timings from an earlier
#                 run's output folder D on the same list (e.g. to compare
#                 --args=user with --args=same, or two ldslint builds)
#   --report-only only rebuild the table and lists from the run already in -o
#   --ldslint-flag F  extra ldslint option before the file (repeatable),
#                 e.g. --ldslint-flag=--arch=sm_90
#
# Environment: CLANGXX, OPT, CUDA_PATH as for reference-lines.sh.
set -u
here=$(cd "$(dirname "$0")" && pwd)
REF=$here/reference-lines.sh
CLANGXX=${CLANGXX:-clang++-22}

# ---- worker: one file ------------------------------------------------------
if [ "${1:-}" = --one ]; then
  shift
  idx=$1 mode=$2 timeout=$3 timing=$4 ldslint=$5 work=$6 reuse=$7; shift 7
  line=$(sed -n "${idx}p" "$work/list.norm")
  read -r -a fields <<< "$line"
  file=${fields[0]}
  extra=() refonly=() seen=0
  for a in "${fields[@]:1}"; do
    if [ "$a" = --ref-only ]; then seen=1
    elif [ $seen = 1 ]; then refonly+=("$a")
    else extra+=("$a"); fi
  done
  base=$work/$(printf '%04d' "$idx")
  TIMEFORMAT='%3U %3S'
  lflags=()
  [ -s "$work/ldslint-flags" ] && mapfile -t lflags < "$work/ldslint-flags"

  rbase=$reuse/$(basename "$base")
  if [ -n "$reuse" ] && [ -f "$rbase.refrc" ]; then
    for x in ref referr refrc ctime crc; do [ -f "$rbase.$x" ] && cp "$rbase.$x" "$base.$x"; done
    refrc=$(cat "$base.refrc")
  else
    "$REF" -v --asm "$file" -- "${extra[@]}" "${refonly[@]}" > "$base.ref" 2> "$base.referr"
    refrc=$?
    echo "$refrc" > "$base.refrc"
  fi
  [ $refrc = 0 ] || exit 0

  eval "refargs=($("$REF" --print-args "$file" -- "${extra[@]}" "${refonly[@]}"))"
  if [ "$mode" = same ]; then
    largs=("${refargs[@]}")
    unset 'largs[${#largs[@]}-1]'          # the device-only flag: ldslint does that itself
    largs+=("-resource-dir=$("$CLANGXX" -print-resource-dir)")
  else
    lang=cuda arch=--cuda-gpu-arch=sm_90
    case " ${refargs[*]} " in *" -x hip "*) lang=hip arch=--offload-arch=gfx90a ;; esac
    largs=()
    case " ${extra[*]} " in *" -x "*) ;; *) largs+=(-x "$lang") ;; esac
    case " ${extra[*]} " in *--cuda-gpu-arch=*|*--offload-arch=*) ;; *) largs+=("$arch") ;; esac
    largs+=("${extra[@]}")
  fi
  printf '%s\n' "${largs[@]}" > "$base.largs"

  { time timeout "$timeout" "$ldslint" "${lflags[@]}" --format=json --report=all "$file" -- "${largs[@]}" \
      > "$base.json" 2> "$base.err"; echo $? > "$base.lrc"; } 2> "$base.ltime"
  if [ "$timing" = 1 ] && [ ! -f "$base.ctime" ]; then
    { time "$CLANGXX" "${refargs[@]}" -fsyntax-only "$file" > /dev/null 2>&1; echo $? > "$base.crc"; } 2> "$base.ctime"
  fi
  exit 0
fi

# ---- main ------------------------------------------------------------------
out=./coverage-out jobs=$(nproc 2>/dev/null || echo 2) mode=same timeout=600 timing=1 reuse="" report_only=0
lflags=()
pos=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --args=*) mode=${1#--args=}; shift ;;
    --timeout) timeout=$2; shift 2 ;;
    --no-timing) timing=0; shift ;;
    --report-only) report_only=1; shift ;;
    --reuse-ref) reuse=$(cd "$2/work" && pwd) || exit 2; shift 2 ;;
    --ldslint-flag=*) lflags+=("${1#--ldslint-flag=}"); shift ;;
    --ldslint-flag) lflags+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,55p' "$0"; exit 0 ;;
    -*) echo "corpus-coverage.sh: unknown option $1" >&2; exit 2 ;;
    *) pos+=("$1"); shift ;;
  esac
done
if [ $report_only = 1 ]; then
  [ ${#pos[@]} -le 2 ] || { echo "usage: corpus-coverage.sh --report-only -o DIR [--args=same|user] [LIST LDSLINT]" >&2; exit 2; }
  out=$(cd "$out" 2>/dev/null && pwd) && [ -f "$out/work/list.norm" ] ||
    { echo "corpus-coverage.sh: --report-only: no earlier run in ${out}" >&2; exit 2; }
  work=$out/work
  mode=$(cat "$work/mode" 2>/dev/null || echo "$mode")
  ldslint=$(cat "$work/ldslint" 2>/dev/null || echo "${pos[1]:-(earlier run)}")
  [ -n "$(ls "$work"/*.ctime 2>/dev/null | head -1)" ] || timing=0
else
  [ ${#pos[@]} = 2 ] || { echo "usage: corpus-coverage.sh [-o DIR] [-j N] [--args=same|user] LIST LDSLINT" >&2; exit 2; }
  list=${pos[0]} ldslint=${pos[1]}
  case "$mode" in same|user) ;; *) echo "corpus-coverage.sh: --args must be same or user" >&2; exit 2 ;; esac
  [ -f "$list" ] || { echo "corpus-coverage.sh: no list $list" >&2; exit 2; }
  [ -x "$ldslint" ] || { echo "corpus-coverage.sh: $ldslint is not executable" >&2; exit 2; }
  ldslint=$(cd "$(dirname "$ldslint")" && pwd)/$(basename "$ldslint")
  listdir=$(cd "$(dirname "$list")" && pwd)

  mkdir -p "$out/work"
  out=$(cd "$out" && pwd)
  work=$out/work
  [ "$reuse" != "$work" ] || { echo "corpus-coverage.sh: --reuse-ref needs another output folder" >&2; exit 2; }
  rm -f "$work"/*
  : > "$work/ldslint-flags"
  echo "$mode" > "$work/mode"; echo "$ldslint" > "$work/ldslint"
  [ ${#lflags[@]} -gt 0 ] && printf '%s\n' "${lflags[@]}" > "$work/ldslint-flags"
  # Normalised list: absolute paths, no comments.
  awk -v d="$listdir" '/^[ \t]*(#|$)/ { next }
    { p = $1; if (p !~ /^\//) p = d "/" p; $1 = p; print }' "$list" > "$work/list.norm"
  if [ -n "$reuse" ]; then
    # Same files and the same args (in any order, --ref-only or not).
    canon() { awk '{ printf "%s", $1; n = 0; for (i = 2; i <= NF; i++) if ($i != "--ref-only") a[++n] = $i;
                     for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                     for (i = 1; i <= n; i++) printf " %s", a[i]; print "" }' "$1"; }
    [ "$(canon "$reuse/list.norm")" = "$(canon "$work/list.norm")" ] ||
      { echo "corpus-coverage.sh: --reuse-ref: $reuse was run on another list" >&2; exit 2; }
  fi
  n=$(wc -l < "$work/list.norm")
  [ "$n" -gt 0 ] || { echo "corpus-coverage.sh: empty list" >&2; exit 2; }
  echo "corpus-coverage.sh: $n files, $jobs in parallel, ldslint args: $mode, ldslint: $ldslint" >&2
  start=$(date +%s)
  seq 1 "$n" | xargs -P "$jobs" -I{} bash "$here/corpus-coverage.sh" --one {} "$mode" "$timeout" "$timing" "$ldslint" "$work" "$reuse"
  echo "corpus-coverage.sh: done in $(( $(date +%s) - start )) s" >&2
fi

LDSLINT_COVERAGE_DIR=$(cd "$(dirname "$0")" && pwd) python3 - "$work" "$out" "$mode" "$ldslint" "$timing" <<'PY'
import json, os, re, sys, collections
work, out, mode, ldslint, timing = sys.argv[1:6]
timing = timing == "1"
sys.path.insert(0, os.environ["LDSLINT_COVERAGE_DIR"])
from system_headers import SYSTEM, is_system
files = [l.split()[0] for l in open(os.path.join(work, "list.norm")) if l.strip()]

def rd(p, default=""):
    try:
        return open(p, errors="replace").read()
    except OSError:
        return default

def cpu(p):
    t = rd(p).split()
    try:
        return float(t[-2]) + float(t[-1])
    except (ValueError, IndexError):
        return None

def real(p):
    return os.path.realpath(p)

src_cache = {}
def source_line(f, ln):
    if f not in src_cache:
        src_cache[f] = rd(f).split("\n")
    s = src_cache[f]
    return s[ln - 1].strip() if 0 < ln <= len(s) else "?"

ORDER = {"decided": 3, "unknown": 2, "silent": 1, "failed": 0}
per_file = []
line_rows = []
best = {}          # (file, line) -> (class, kinds, tu, reasons)
asm_lines = set()
asm_best = {}      # (file, line) reached only by inline asm -> best class
from_system = set()  # user lines that stand for a system-header line they call
extra_rows = []
moved_rows = []
decided_default = set()   # decided with no block shape from a launch or attribute
decided_1x1x1 = set()     # decided under a 1x1x1 block (suspect launch reading)
clang_fail = []
failed_files = []
tot_l = tot_c = 0.0
tot_l_ok = tot_c_ok = 0.0
for i, f in enumerate(files, 1):
    base = os.path.join(work, "%04d" % i)
    refrc = rd(base + ".refrc").strip()
    if refrc != "0":
        err = [l for l in rd(base + ".referr").split("\n") if "error" in l]
        clang_fail.append((f, refrc, err[0] if err else rd(base + ".referr").strip()[:200]))
        per_file.append([f, "clang-fail" if refrc == "3" else "ref-fail(%s)" % refrc] + [""] * 10)
        continue
    refs = []
    for l in rd(base + ".ref").split("\n"):
        if not l:
            continue
        inner, users, kinds, fns = (l.split("\t") + ["", "", ""])[:4]
        fi, li = inner.rsplit(":", 1)
        us = []
        for u in users.split(","):
            if u:
                fu, lu = u.rsplit(":", 1)
                us.append((real(fu), int(lu)))
        refs.append(((real(fi), int(li)), tuple(us), kinds, fns))
    lrc = rd(base + ".lrc").strip()
    lcpu, ccpu = cpu(base + ".ltime"), cpu(base + ".ctime")
    try:
        findings = json.loads(rd(base + ".json") or "{}").get("findings", [])
        jerr = False
    except ValueError:
        findings, jerr = [], True
    failed = lrc not in ("0", "1") or jerr
    if failed:
        err = [l for l in rd(base + ".err").split("\n") if "error" in l.lower()]
        why = "timeout" if lrc in ("124", "137") else (err[0] if err else "exit %s: %s" % (lrc, rd(base + ".err").strip()[-200:]))
        failed_files.append((f, lrc, why))
    bystat = collections.defaultdict(list)   # (file, line) -> [(status, reason)]
    shape_of = collections.defaultdict(set)  # (file, line) -> block shape origins
    for F in findings:
        try:
            key = (real(F["file"]), int(F["line"]))
        except (KeyError, TypeError, ValueError):
            continue
        reason = F.get("reason", "")
        if F.get("data_dependent"):
            reason = "[data] " + reason
        bystat[key].append((F.get("status", "?"), reason))
        blk = F.get("block")
        shape_of[key].add("1x1x1" if blk == [1, 1, 1] else
                          "default" if F.get("block_source", "default") == "default" else "known")
    # A statement written over several lines: the IR access carries the line
    # of its operator (`=`, `*`), ldslint the line where the subscript starts.
    # A finding on a line without an IR access moves to a reference line
    # without a finding of its own within 3 lines, when the lines between
    # them do not end the statement.
    ref_keys = set()
    for inner, users, kinds, fns in refs:
        ref_keys.add(inner); ref_keys.update(users)
    for k in [k for k in list(bystat) if k not in ref_keys]:
        fk, L = k
        for d in (1, -1, 2, -2, 3, -3):
            R = L + d
            if (fk, R) not in ref_keys or bystat.get((fk, R)):
                continue
            lo, hi = min(L, R), max(L, R)
            tails = [re.sub(r"//.*", "", source_line(fk, x)).rstrip() for x in range(lo, hi)]
            if all(t and not t.endswith((";", "{", "}")) and not t.startswith("#") for t in tails):
                bystat[(fk, R)] = bystat.pop(k)
                shape_of[(fk, R)] = shape_of.pop(k, set())
                moved_rows.append((f, "%s:%d" % k, "%s:%d" % (fk, R)))
                break
    counts = collections.Counter()
    seen_keys = set()
    # A system-header line reached from several user lines (a HIP vector
    # type's copy, a CUB helper) is as many lines as it has callers, each
    # classified by ldslint's findings there: one decided call must not
    # stand for the others.
    rows = []
    for inner, users, kinds, fns in refs:
        others = [u for u in users if u != inner]
        if is_system(inner[0]) and others:
            rows.extend((u, [u], kinds, fns, True) for u in others)
        else:
            rows.append((inner, [inner] + others, kinds, fns, False))
    for inner, keys, kinds, fns, split in rows:
        seen_keys.update(keys)
        st = [s for k in keys for s in bystat.get(k, [])]
        if failed:
            cls = "failed"
        elif any(s in ("conflict", "ok") for s, _ in st):
            cls = "decided"
        elif st:
            cls = "unknown"
        else:
            cls = "silent"
        if kinds == "asm":
            asm_lines.add(inner)
            counts["asm"] += 1
            if inner not in asm_best or ORDER[cls] > ORDER[asm_best[inner]]:
                asm_best[inner] = cls
            continue
        counts[cls] += 1
        if cls == "decided":
            shapes = set().union(*(shape_of.get(k, set()) for k in keys))
            if shapes == {"default"}:
                decided_default.add(inner)
            if "1x1x1" in shapes:
                decided_1x1x1.add(inner)
        if split:
            from_system.add(inner)
            counts["system"] += 1
        reasons = sorted({r for s, r in st if s == "unknown" and r})
        line_rows.append((f, "%s:%d" % inner, ",".join("%s:%d" % u for u in keys), kinds, cls,
                          ",".join(sorted({s for s, _ in st})), fns))
        old = best.get(inner)
        if old is None or ORDER[cls] > ORDER[old[0]]:
            best[inner] = (cls, kinds, f, reasons, keys)
    extra = [k for k in bystat if k not in seen_keys]
    for k in extra:
        extra_rows.append((f, "%s:%d" % k, ",".join(sorted({s for s, _ in bystat[k]})), source_line(*k)))
    if lcpu is not None:
        tot_l += lcpu
    if ccpu is not None:
        tot_c += ccpu
    if lcpu is not None and ccpu is not None and not failed:
        tot_l_ok += lcpu; tot_c_ok += ccpu
    per_file.append([f, "failed" if failed else "ok", lrc, len(refs), counts["decided"],
                     counts["unknown"], counts["silent"], counts["failed"], counts["asm"],
                     len(extra), "%.2f" % lcpu if lcpu is not None else "",
                     "%.2f" % ccpu if ccpu is not None else ""])

with open(os.path.join(out, "files.tsv"), "w") as o:
    o.write("file\tstatus\tldslint_rc\tref_lines\tdecided\tunknown\tsilent\tfailed\tasm_only\textra_finding_lines\tldslint_cpu_s\tclang_syntax_cpu_s\n")
    for r in per_file:
        o.write("\t".join(str(x) for x in r) + "\n")
with open(os.path.join(out, "lines.tsv"), "w") as o:
    o.write("tu\tline\tuser_line\tkinds\tclass\tldslint_statuses\tfunctions\n")
    for r in line_rows:
        o.write("\t".join(r) + "\n")
with open(os.path.join(out, "silent.txt"), "w") as o:
    for k in sorted(best):
        cls, kinds, tu, reasons, users = best[k]
        if cls == "silent":
            vs = [u for u in users if u != k]
            via = "  [via %s]" % ", ".join("%s:%d" % u for u in vs) if vs else ""
            o.write("%s:%d\t%s\t%s%s\n" % (k[0], k[1], kinds, source_line(*k), via))
with open(os.path.join(out, "unknown.txt"), "w") as o:
    for k in sorted(best):
        cls, kinds, tu, reasons, users = best[k]
        if cls == "unknown":
            o.write("%s:%d\t%s\t%s\n" % (k[0], k[1], source_line(*k), " | ".join(reasons)[:300]))
with open(os.path.join(out, "failed.txt"), "w") as o:
    for f, rc, why in failed_files:
        o.write("%s\texit %s\t%s\n" % (f, rc, why))
with open(os.path.join(out, "clang-fail.txt"), "w") as o:
    for f, rc, why in clang_fail:
        o.write("%s\t%s\n" % (f, why))
with open(os.path.join(out, "extra.txt"), "w") as o:
    for r in extra_rows:
        o.write("\t".join(r) + "\n")
with open(os.path.join(out, "moved.txt"), "w") as o:
    for r in moved_rows:
        o.write("%s\tfinding at %s counted at %s\n" % r)

cls_count = collections.Counter(v[0] for k, v in best.items() if k not in asm_lines or v[1] != "asm")
total = sum(cls_count.values())
tu_count = collections.Counter(r[4] for r in line_rows)
tu_total = sum(tu_count.values())
nsys = sum(1 for k in best if k in from_system)
L = []
L.append("ldslint coverage of IR shared-memory lines (ldslint args: %s)" % mode)
L.append("  ldslint: %s" % ldslint)
L.append("  files: %d listed, %d compiled by clang (%d clang-fail excluded), %d fail in ldslint"
         % (len(files), len(files) - len(clang_fail), len(clang_fail), len(failed_files)))
L.append("")
L.append("| ldslint's answer | lines | share | (file, line) pairs |")
L.append("|---|---:|---:|---:|")
for c in ("decided", "unknown", "silent", "failed"):
    L.append("| %s | %d | %.1f%% | %d |" % (c, cls_count[c], 100.0 * cls_count[c] / total if total else 0, tu_count[c]))
L.append("| total | %d | 100%% | %d |" % (total, tu_total))
L.append("")
data = sum(1 for k, v in best.items() if (k not in asm_lines or v[1] != "asm") and v[0] == "unknown"
           and v[3] and all(r.startswith("[data] ") for r in v[3]))
rest = total - data
L.append("  unknown lines whose every finding depends on data loaded from memory (JSON data_dependent,"
         " [data] in unknown.txt): %d; decided of the other %d lines: %d (%.1f%%)"
         % (data, rest, cls_count["decided"], 100.0 * cls_count["decided"] / rest if rest else 0))
L.append("  of these, %d are user lines that call an access written in a system header (CUB,"
         " cooperative_groups, HIP), each counted on its own" % nsys)
asm_only = asm_lines - {k for k, v in best.items()}
asm_cls = collections.Counter(asm_best.get(k, "silent") for k in asm_only)
L.append("  lines reached only by inline asm on .shared (not in the table): %d (decided %d, unknown %d, silent %d, failed %d)"
         % (len(asm_only), asm_cls["decided"], asm_cls["unknown"], asm_cls["silent"], asm_cls["failed"]))
L.append("  findings matched to the IR line of the same multi-line statement (moved.txt): %d" % len(moved_rows))
L.append("  lines with a finding but no IR shared access (extra.txt): %d" % len(extra_rows))
L.append("  decided lines with no block shape from a launch or attribute (shape 'default'): %d; decided under a 1x1x1 block: %d"
         % (len(decided_default), len(decided_1x1x1)))
mixed = sum(1 for r in line_rows if r[4] == "decided" and "unknown" in r[5].split(","))
L.append("  decided (file, line) pairs that also have an unknown finding (another access or instantiation): %d" % mixed)
if timing:
    L.append("")
    L.append("CPU time (user+sys), all files clang compiles: ldslint %.1f s, clang++ -fsyntax-only device-only %.1f s, ratio %.2fx"
             % (tot_l, tot_c, tot_l / tot_c if tot_c else 0))
    L.append("  files ldslint does not fail on: ldslint %.1f s, clang %.1f s, ratio %.2fx"
             % (tot_l_ok, tot_c_ok, tot_l_ok / tot_c_ok if tot_c_ok else 0))
    worst = sorted((float(r[10]) / float(r[11]), r[0], r[10], r[11]) for r in per_file
                   if r[1] == "ok" and r[10] and r[11] and float(r[11]) > 0)[-5:]
    for ratio, f, a, b in reversed(worst):
        L.append("  slowest ratio: %.2fx  %s (ldslint %s s, clang %s s)" % (ratio, f, a, b))
txt = "\n".join(L) + "\n"
open(os.path.join(out, "summary.txt"), "w").write(txt)
sys.stdout.write(txt)
PY
