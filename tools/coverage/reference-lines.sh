#!/usr/bin/env bash
# reference-lines.sh [-v] [--asm] [--keep DIR] FILE -- <clang args>
#
# The reference set of shared-memory (LDS) accesses of one translation unit,
# taken from clang's own device IR: every source line whose device code has a
# load / store / atomicrmw / cmpxchg on `ptr addrspace(3)`, or an intrinsic
# call with a `ptr addrspace(3)` operand (llvm.memcpy/memmove/memset, NVVM
# cp.async, ldmatrix, AMDGCN ds/lds intrinsics, ...), after inlining and
# address-space inference.
#
# How: clang++ device-only, -O1 -gline-tables-only -Xclang -disable-llvm-passes
# (so the IR is clang's, not the optimiser's), then opt under the module's
# own target (NVPTX or AMDGPU: infer-address-spaces needs it) with two fixed
# pipelines, taking the union: `min` (inline, SROA, infer-address-spaces:
# no load forwarding, so every access written in the source stays, on its
# line) and `o2`
# (default<O2> then infer-address-spaces: unrolling and store-to-load
# forwarding let it see through pointers to shared memory kept in local
# objects, e.g. CUB's TempStorage references).
# Each access is reported at its debug location; for inlined code that is the
# innermost frame, i.e. the line where the access is written.
#
# Output (stdout): one `file:line` per distinct location, sorted.
#   -v       TSV instead: file:line <TAB> user lines <TAB> kinds <TAB> functions
#            <TAB> pipelines (min, o2: which of the two found it)
#            (user lines = the innermost frames outside system headers
#            (/usr/, /opt/rocm, `#pragma clang system_header`), comma-separated: for code in CUB,
#            cooperative_groups or HIP headers, the user's lines that call
#            it; else the same as column 1)
#   --asm    also count inline asm whose text accesses .shared (ld/st/cp.async/
#            ldmatrix/...); kind `asm` (its addresses are not IR values)
#   --keep D keep the .ll files in D
#   --print-args  print the clang args it would use (shell-quoted, ending
#            with the device-only flag) and exit
# Accesses without a line (merged debug locations) are counted on stderr.
#
# Defaults added to the clang args (REFLINES_NO_DEFAULTS=1 turns them off):
#   CUDA (.cu/.cuh or -x cuda): -x cuda --cuda-gpu-arch=sm_90 (if no arch given)
#     -nocudalib -Wno-unknown-cuda-version, -I<cuda>/include/cccl when it
#     exists (nvcc adds it), and -Xclang -target-sdk-version=<cuda.h version>
#     (clang 22 does not recognise CUDA 13 and would then use the pre-9.2
#     cudaConfigureCall launch API).
#   HIP (.hip or -x hip): -x hip --offload-arch=gfx90a (if no arch given)
#     -nogpulib -D__AMDGCN_WAVEFRONT_SIZE=64 (32 for gfx10-12) (Debian's HIP headers need the
#     macro clang 22 no longer defines).
# Only one offload arch per run.
#
# Environment: CLANGXX (clang++-22), OPT (opt-22), CUDA_PATH (/usr/local/cuda),
#   REFLINES_PASSES / REFLINES_PASSES_O2 (the two opt pipelines; an empty
#   REFLINES_PASSES_O2 runs only the first), REFLINES_INLINE_THRESHOLD (100000).
# Exit status: 0 ok, 3 clang could not compile the file, 4 opt failed,
#   2 usage error.
set -u

verbose=0 asm=0 keep="" print_args=0
while [ $# -gt 0 ]; do
  case "$1" in
    -v) verbose=1; shift ;;
    --asm) asm=1; shift ;;
    --keep) keep=$2; shift 2 ;;
    --print-args) print_args=1; shift ;;
    -h|--help) sed -n '2,40p' "$0"; exit 0 ;;
    --) shift; break ;;
    -*) echo "reference-lines.sh: unknown option $1" >&2; exit 2 ;;
    *) if [ -z "${file:-}" ]; then file=$1; shift; else echo "reference-lines.sh: one file only" >&2; exit 2; fi ;;
  esac
done
[ -n "${file:-}" ] || { echo "usage: reference-lines.sh [-v] [--asm] [--keep DIR] FILE -- <clang args>" >&2; exit 2; }
[ -f "$file" ] || { echo "reference-lines.sh: no such file: $file" >&2; exit 2; }

CLANGXX=${CLANGXX:-clang++-22}
OPT=${OPT:-opt-22}
CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
user_args=("$@")

# Language: an explicit -x wins, else the extension.
lang=""
for ((i = 0; i < ${#user_args[@]}; i++)); do
  a=${user_args[$i]}
  case "$a" in
    -x) lang=${user_args[$((i + 1))]:-} ;;
    -xcuda) lang=cuda ;;
    -xhip) lang=hip ;;
  esac
done
explicit_lang=$lang
if [ -z "$lang" ]; then
  case "$file" in
    *.cu|*.cuh) lang=cuda ;;
    *.hip) lang=hip ;;
    *) echo "reference-lines.sh: cannot tell CUDA from HIP for $file: pass -x cuda or -x hip" >&2; exit 2 ;;
  esac
fi
has_arch=0
for a in "${user_args[@]}"; do
  case "$a" in --cuda-gpu-arch=*|--offload-arch=*|-arch=*|--gpu-architecture=*) has_arch=1 ;; esac
done

args=()
[ -z "$explicit_lang" ] && args+=(-x "$lang")
if [ "${REFLINES_NO_DEFAULTS:-0}" != 1 ]; then
  if [ "$lang" = cuda ]; then
    [ $has_arch = 0 ] && args+=(--cuda-gpu-arch=sm_90)
    args+=(-nocudalib -Wno-unknown-cuda-version)
    [ -d "$CUDA_PATH/include/cccl" ] && args+=("-I$CUDA_PATH/include/cccl")
    v=$(sed -n 's/^#define CUDA_VERSION \([0-9]*\).*/\1/p' "$CUDA_PATH/include/cuda.h" 2>/dev/null | head -1)
    [ -n "$v" ] && args+=(-Xclang "-target-sdk-version=$((v / 1000)).$((v % 1000 / 10))")
  else
    [ $has_arch = 0 ] && args+=(--offload-arch=gfx90a)
    args+=(-nogpulib)
    # The target's wave size (RDNA, gfx10-12: 32), unless given.
    wave=64 has_wave=0
    for a in "${user_args[@]}"; do
      case "$a" in
        --offload-arch=gfx1[0-2]*) wave=32 ;;
        -D__AMDGCN_WAVEFRONT_SIZE=*) has_wave=1 ;;
      esac
    done
    [ $has_wave = 0 ] && args+=("-D__AMDGCN_WAVEFRONT_SIZE=$wave")
  fi
fi
args+=("${user_args[@]}")
if [ "$lang" = cuda ]; then only=--cuda-device-only; else only=--offload-device-only; fi
if [ $print_args = 1 ]; then
  printf '%q ' "${args[@]}" "$only"; echo
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/reflines.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
base=$(basename "$file")
raw=$tmp/$base.raw.ll

if ! "$CLANGXX" "${args[@]}" "$only" -emit-llvm -S -O1 -gline-tables-only -gcolumn-info \
     -Xclang -disable-llvm-passes "$file" -o "$raw"; then
  echo "reference-lines.sh: clang could not compile $file" >&2
  exit 3
fi

triple=$(sed -n 's/^target triple = "\(.*\)"$/\1/p' "$raw" | head -1)
cpu=$(grep -o '"target-cpu"="[^"]*"' "$raw" | head -1 | sed 's/.*="\(.*\)"/\1/')
# Two pipelines, and the union of what they find: a minimal one (inlining,
# SROA, address-space inference) that keeps every access on its own line,
# and -O2, whose loop unrolling, GVN and store-to-load forwarding let
# address-space inference see through pointers kept in local objects (CUB's
# TempStorage references, arrays of pointers).
passes_min=${REFLINES_PASSES:-'always-inline,cgscc(inline),function(sroa,infer-address-spaces)'}
passes_o2=${REFLINES_PASSES_O2-'default<O2>,function(infer-address-spaces,instcombine<no-verify-fixpoint>)'}
outs=()
for tag in min o2; do
  if [ $tag = min ]; then p=$passes_min; else p=$passes_o2; fi
  [ -n "$p" ] || continue
  if ! "$OPT" ${triple:+-mtriple="$triple"} ${cpu:+-mcpu="$cpu"} \
       -inline-threshold="${REFLINES_INLINE_THRESHOLD:-100000}" \
       -passes="$p" -S "$raw" -o "$tmp/$base.$tag.ll"; then
    echo "reference-lines.sh: opt ($tag) failed on $file" >&2
    exit 4
  fi
  outs+=("$tmp/$base.$tag.ll")
done
if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$raw" "${outs[@]}" "$keep"/; fi

LDSLINT_COVERAGE_DIR=$(cd "$(dirname "$0")" && pwd) python3 - "$verbose" "$asm" "${outs[@]}" <<'PY'
import os, re, sys

verbose, want_asm, paths = sys.argv[1] == "1", sys.argv[2] == "1", sys.argv[3:]
sys.path.insert(0, os.environ["LDSLINT_COVERAGE_DIR"])
from system_headers import SYSTEM, is_system

meta = {}          # id -> text of the metadata node, per module
file_cache = {}

def field(node, name):
    m = re.search(r"\b" + name + r": (\"(?:[^\"\\]|\\.)*\"|![0-9]+|-?[0-9]+)", node)
    return m.group(1) if m else None

def unq(s):
    return s[1:-1] if s and s.startswith('"') else s

def scope_file(sid):
    """File of a scope (subprogram, lexical block, ...), walking up parents."""
    seen = 0
    start = sid
    if start in file_cache:
        return file_cache[start]
    while sid and seen < 100:
        node = meta.get(sid, "")
        f = field(node, "file")
        if f and f in meta:
            fn = meta[f]
            name = unq(field(fn, "filename")) or "?"
            d = unq(field(fn, "directory")) or ""
            name = name.encode().decode("unicode_escape") if "\\" in name else name
            p = os.path.normpath(os.path.join(d, name))
            file_cache[start] = p
            return p
        sid = field(node, "scope")
        seen += 1
    file_cache[start] = "?"
    return "?"

def frames(lid):
    """[(file, line)] innermost first, following inlinedAt."""
    out = []
    n = 0
    while lid and lid in meta and n < 200:
        node = meta[lid]
        line = int(field(node, "line") or 0)
        out.append((scope_file(field(node, "scope")), line))
        lid = field(node, "inlinedAt")
        n += 1
    return out

def split_top(s):
    """Split an operand list at top-level commas."""
    parts, depth, cur, inq = [], 0, [], False
    for ch in s:
        if ch == '"':
            inq = not inq
        if not inq:
            if ch in "([{<":
                depth += 1
            elif ch in ")]}>":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append("".join(cur).strip()); cur = []; continue
        cur.append(ch)
    parts.append("".join(cur).strip())
    return parts

AS3 = re.compile(r"^ptr addrspace\(3\)[ )]")
NOT_ACCESS = ("llvm.lifetime", "llvm.dbg", "llvm.assume", "llvm.invariant",
              "llvm.launder", "llvm.strip", "llvm.ptrmask", "llvm.objectsize",
              "llvm.is.constant", "llvm.nvvm.isspacep", "llvm.amdgcn.is.",
              "llvm.nvvm.mapa", "llvm.prefetch", "llvm.threadlocal",
              "llvm.nvvm.ptr.", "llvm.expect", "llvm.ssa.copy")
SHARED_ASM = re.compile(r"\b(?!cvta|mapa|isspacep)[a-z][\w]*(\.[\w:]+)*\.shared\b")

# Generic pointers made from shared ones in the current function (`%5 =
# addrspacecast ptr addrspace(3) %4 to ptr`): intrinsics that take only a
# generic pointer (NVVM's block-scope atomics, WMMA loads and stores) keep
# one after address-space inference.
shared_casts = set()
CAST3 = re.compile(r"^\s*(%[\w.$\"-]+) = addrspacecast ptr addrspace\(3\) ")
GEP = re.compile(r"^\s*(%[\w.$\"-]+) = getelementptr((?: inbounds| nuw| nusw)*\s.*?)(?:, !dbg .*)?$")

def shared_generic(arg):
    """A `ptr` operand (after any attributes: `ptr nonnull ...`) that is a
    constant expression around a cast from addrspace(3), or a name made
    from one."""
    a = arg.strip()
    if not a.startswith("ptr ") or a.startswith("ptr addrspace("):
        return False
    if "addrspacecast (ptr addrspace(3) " in a:
        return True
    return a.split()[-1] in shared_casts

CHOICE = re.compile(r"^\s*(%[\w.$\"-]+) = (?:phi ptr |select i1 [^,]+, ptr )(.*?)(?:, !dbg .*)?$")

def access_kind(instr):
    body = instr.split(", !dbg", 1)[0]
    m = re.search(r"(?:^|= )(load|store|atomicrmw|cmpxchg)\b(.*)$", body)
    if m:
        op, rest = m.group(1), m.group(2)
        rest = re.sub(r"^(\s+(atomic|volatile|weak))+", "", rest).strip()
        ops = split_top(rest)
        if op == "load":
            ptr = ops[1] if len(ops) > 1 else ""
        elif op == "store":
            ptr = ops[1] if len(ops) > 1 else ""
        elif op == "atomicrmw":
            ptr = ops[0].split(" ", 1)[1] if " " in ops[0] else ""
        else:
            ptr = ops[0]
        return op if AS3.match(ptr + " ") else None
    m = re.search(r"\bcall\b.*?@(llvm\.[\w.]+)\((.*)\)", body)
    if m:
        name = m.group(1)
        if name.startswith(NOT_ACCESS):
            return None
        if any(AS3.match(a + " ") or shared_generic(a) for a in split_top(m.group(2))):
            return re.sub(r"\.(p\d+|i\d+|v\d+\w+|f\d+)(?=\.|$)", "", name)
        return None
    if want_asm:
        m = re.search(r"\bcall\b.*?\basm\b(?: sideeffect| convergent| alignstack| inteldialect)* \"((?:[^\"\\]|\\.)*)\"", body)
        if m and SHARED_ASM.search(m.group(1)):
            return "asm"
    return None

locs = {}        # (file, line) -> [set(user (file,line)), set(kinds), set(functions), set(pipelines)]
no_line = {}
for path in paths:
    tag = path.rsplit(".", 2)[-2]          # NAME.min.ll / NAME.o2.ll
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    meta.clear(); file_cache.clear()
    for l in lines:
        if l.startswith("!") and " = " in l:
            k, v = l.split(" = ", 1)
            if k[1:].isdigit():
                meta[k] = v
    fn_name = "?"
    for l in lines:
        if l.startswith("define "):
            shared_casts.clear()
            sp = re.search(r"!dbg (![0-9]+)", l)
            nm = unq(field(meta.get(sp.group(1), ""), "name")) if sp else None
            fn_name = nm or re.search(r"@([\w.$\"]+)\(", l).group(1)
            continue
        if not l.startswith("  "):
            continue
        c = CAST3.match(l)
        if c:
            shared_casts.add(c.group(1))
            continue
        ch = CHOICE.match(l)
        if ch:
            if ("addrspacecast (ptr addrspace(3) " in ch.group(2) or
                    any(t.strip("[],") in shared_casts for t in ch.group(2).split())):
                shared_casts.add(ch.group(1))
            continue
        g = GEP.match(l)
        if g and shared_generic(split_top(g.group(2))[1] if len(split_top(g.group(2))) > 1 else ""):
            shared_casts.add(g.group(1))
            continue
        if ("addrspace(3)" not in l and not (want_asm and "asm" in l) and
                not (shared_casts and "call" in l and "@llvm." in l)):
            continue
        k = access_kind(l.strip())
        if not k:
            continue
        d = re.search(r"!dbg (![0-9]+)", l)
        fr = frames(d.group(1)) if d else []
        if not fr or fr[0][1] == 0:
            no_line[tag] = no_line.get(tag, 0) + 1
            continue
        inner = fr[0]
        user = next((f for f in fr if not is_system(f[0]) and f[1] != 0), inner)
        e = locs.setdefault(inner, [set(), set(), set(), set()])
        e[0].add(user)
        e[1].add(k)
        e[2].add(fn_name)
        e[3].add(tag)

out = sys.stdout
for (f, ln) in sorted(locs):
    us, kinds, fns, tags = locs[(f, ln)]
    if verbose:
        fl = sorted(fns)
        fs = ",".join(fl[:3]) + (",+%d more" % (len(fl) - 3) if len(fl) > 3 else "")
        ul = ",".join("%s:%d" % u for u in sorted(us))
        out.write("%s:%d\t%s\t%s\t%s\t%s\n" % (f, ln, ul, ",".join(sorted(kinds)), fs,
                                             ",".join(sorted(tags))))
    else:
        out.write("%s:%d\n" % (f, ln))
for tag, n in sorted(no_line.items()):
    sys.stderr.write("reference-lines.sh: %d shared-memory accesses without a source line (%s)\n" % (n, tag))
PY
