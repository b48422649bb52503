#!/usr/bin/env bash
# Which LDS instructions does the AMDGPU backend emit for common shared-memory
# access patterns? Compiles tools/amd-codegen/patterns.hip (one pattern per
# kernel) for each available compiler and target, greps the ds_* (and flat_*)
# instructions of every kernel out of the .s and prints, per pattern, each
# distinct instruction summary with the compiler/target pairs that produced it.
#
#   tools/amd-codegen/survey.sh [options]
#
#   --markdown      print a markdown table instead of the text listing
#   --full          list every instruction in emission order (no summarising)
#   --samples       also survey the kernels of hip-samples/*.hip
#   --only REGEX    only patterns (kernel names) matching REGEX (grep -E)
#   --keep DIR      keep the .s files in DIR (default: a temporary directory)
#   -h, --help      this text
#
# Compilers (a missing one is skipped with a message):
#   clang15 = $HIPCC (default: hipcc on PATH, e.g. Debian's hipcc = clang 15,
#             HIP 5.2 headers): gfx90a, gfx940 (clang 15 has no gfx942)
#   clang22 = $CLANG22 (default /usr/lib/llvm-22/bin/clang++), with the HIP
#             headers, -nogpulib: gfx90a, gfx942, gfx950, gfx1100 (wave32)
#   Targets a compiler does not know are skipped with a message. If a compile
#   with the HIP headers fails, it is retried with -nogpuinc -DLDSLINT_STUB
#   (minimal stand-ins defined in patterns.hip) and the result is marked "*".
#   Override the targets with CLANG15_ARCHS / CLANG22_ARCHS (space-separated)
#   and the optimisation level with OPT (default -O3; at -O0 shared accesses
#   are flat_* instructions, at -O1 adjacent pairs stay ds_read2_b32).
#
# Summary notation: "ds_read2_b32 x2 [0/8 16/24]" = two ds_read2_b32 whose
# offset0/offset1 (in dwords; for *st64* in units of 64 dwords) are 0/8 and
# 16/24; "ds_read_b32 x2 @0,1200" = byte offsets of one-address instructions.
# With more than 4 distinct offsets only the offset1-offset0 deltas ("d=16")
# or the offset range is shown. "(+ wave-reduced ...)" marks an LDS atomic that
# the backend's atomic optimizer turned into a scalar loop / popcount plus one
# single-lane atomic. Instruction kinds are listed alphabetically,
# so schedules that differ only in order compare equal (use --full to see it).
#
# Always exits 0 unless the arguments are wrong; failures are reported inline.

set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

markdown=0 full=0 samples=0 only="" keep=""
while (( $# )); do
  case "$1" in
    --markdown) markdown=1 ;;
    --full) full=1 ;;
    --samples) samples=1 ;;
    --only) shift; only="${1:-}" ;;
    --keep) shift; keep="${1:-}" ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "survey.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

if [[ -n "$keep" ]]; then
  mkdir -p "$keep" && work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
fi

# ------------------------------------------------------------------ compilers
hipcc_cmd="${HIPCC:-$(command -v hipcc || true)}"
clang22_cmd="${CLANG22:-/usr/lib/llvm-22/bin/clang++}"
read -r -a archs15 <<< "${CLANG15_ARCHS:-gfx90a gfx940}"
read -r -a archs22 <<< "${CLANG22_ARCHS:-gfx90a gfx942 gfx950 gfx1100}"
opt="${OPT:--O3}"

configs=()   # "label|kind|command|arch"
if [[ -n "$hipcc_cmd" && -x "$(command -v "$hipcc_cmd" 2>/dev/null || echo "$hipcc_cmd")" ]]; then
  ver="$("$hipcc_cmd" --version 2>/dev/null | grep -m1 -o 'clang version [0-9.]*' | grep -o '[0-9][0-9.]*' || true)"
  echo "# clang15: $hipcc_cmd (clang ${ver:-?}): -x hip --cuda-device-only -S $opt --offload-arch=ARCH"
  for a in "${archs15[@]}"; do configs+=("clang${ver%%.*}/$a|hipcc|$hipcc_cmd|$a"); done
else
  echo "# clang15: hipcc not found (PATH or \$HIPCC): skipped"
fi
if [[ -x "$clang22_cmd" ]]; then
  ver="$("$clang22_cmd" --version 2>/dev/null | grep -m1 -o 'clang version [0-9.]*' | grep -o '[0-9][0-9.]*' || true)"
  echo "# clang22: $clang22_cmd (clang ${ver:-?}): -x hip -nogpulib --cuda-device-only -S $opt --offload-arch=ARCH -D__AMDGCN_WAVEFRONT_SIZE=64 (32 for gfx10+)"
  for a in "${archs22[@]}"; do configs+=("clang${ver%%.*}/$a|clang|$clang22_cmd|$a"); done
else
  echo "# clang22: $clang22_cmd not found (\$CLANG22): skipped"
fi
if (( ${#configs[@]} == 0 )); then
  echo "survey.sh: no compiler available; nothing to do"
  exit 0
fi

# compile SRC OUT.s KIND CMD ARCH [extra...] -> 0 ok (headers), 1 ok (stub), 2 failed
compile() {
  local src="$1" out="$2" kind="$3" cmd="$4" arch="$5"; shift 5
  local ws=64; [[ "$arch" == gfx1* ]] && ws=32
  local base=(-x hip --cuda-device-only -S "$opt" --offload-arch="$arch" "$@")
  if [[ "$kind" == clang ]]; then base+=(-nogpulib "-D__AMDGCN_WAVEFRONT_SIZE=$ws"); fi
  if "$cmd" "${base[@]}" "$src" -o "$out" >"$out.log" 2>&1; then return 0; fi
  if "$cmd" "${base[@]}" -nogpuinc -DLDSLINT_STUB "$src" -o "$out" >"$out.stub.log" 2>&1; then
    return 1
  fi
  return 2
}

# extract OUT.s -> "kernel<TAB>summary" lines (or the full list with --full)
extract() {
  awk -v full="$full" '
    function okey(x,   q) { split(x, q, "/"); return q[1] * 65536 + q[2] }
    function flush(   k, i, n, parts, keys, nk, j, s, d, nd, dl, mn, mx, v) {
      if (cur == "") return
      note = (atom && waveop) ? " (+ wave-reduced: one lane issues the atomic)" : ""
      if (full) { print cur "\t" (seq == "" ? "-" : seq) note; cur = ""; atom = waveop = 0; return }
      nk = 0
      for (k in cnt) keys[++nk] = k
      for (i = 1; i <= nk; i++) for (j = i + 1; j <= nk; j++)
        if (keys[j] < keys[i]) { s = keys[i]; keys[i] = keys[j]; keys[j] = s }
      s = ""
      for (i = 1; i <= nk; i++) {
        k = keys[i]
        n = split(offs[k], parts, " ")
        # unique offsets, numeric order
        delete uniq; nd = 0
        for (j = 1; j <= n; j++) if (!(parts[j] in uniq)) { uniq[parts[j]] = 1; u[++nd] = parts[j] }
        for (j = 1; j <= nd; j++) for (v = j + 1; v <= nd; v++)
          if (okey(u[v]) < okey(u[j])) { d = u[j]; u[j] = u[v]; u[v] = d }
        item = k (cnt[k] > 1 ? " x" cnt[k] : "")
        if (k ~ /(2(st64)?_b|2addr)/) {
          if (nd <= 4) { dl = ""; for (j = 1; j <= nd; j++) dl = dl (j > 1 ? " " : "") u[j]; item = item " [" dl "]" }
          else {
            delete dseen; dl = ""
            for (j = 1; j <= nd; j++) { split(u[j], pp, "/"); d = pp[2] - pp[1]; if (!(d in dseen)) { dseen[d] = 1; dl = dl (dl == "" ? "" : ",") d } }
            item = item " [d=" dl "]"
          }
        } else if (!(nd == 1 && u[1] == 0)) {
          if (nd <= 4) { dl = ""; for (j = 1; j <= nd; j++) dl = dl (j > 1 ? "," : "") u[j]; item = item " @" dl }
          else { mn = u[1]; mx = u[nd]; item = item " @" mn ".." mx }
        }
        s = s (s == "" ? "" : "; ") item
      }
      print cur "\t" (s == "" ? "-" : s) note
      delete cnt; delete offs; cur = ""; seq = ""; atom = waveop = 0
    }
    /^[A-Za-z_][A-Za-z0-9_]*:/ {
      name = substr($1, 1, length($1) - 1)
      flush(); cur = name; seq = ""; next
    }
    /^\.Lfunc_end/ { flush(); next }
    cur != "" && $1 ~ /^s_(bcnt1|ff1|ctz)_i32_b(32|64)$/ { waveop = 1 }
    cur != "" && $1 ~ /^(ds_|flat_atomic)/ && $1 !~ /^ds_(read|write|load|store)/ { atom = 1 }
    cur != "" && ($1 ~ /^ds_/ || $1 ~ /^flat_(load|store|atomic)/) {
      ins = $1; o = 0; o0 = 0; o1 = 0; txt = ""
      for (i = 2; i <= NF; i++) {
        if ($i ~ /^offset:/) { o = substr($i, 8) + 0; txt = txt " " $i }
        else if ($i ~ /^offset0:/) { o0 = substr($i, 9) + 0; txt = txt " " $i }
        else if ($i ~ /^offset1:/) { o1 = substr($i, 9) + 0; txt = txt " " $i }
        else if ($i == "glc") txt = txt " glc"
      }
      seq = seq (seq == "" ? "" : "; ") ins txt
      cnt[ins]++
      offs[ins] = offs[ins] " " (ins ~ /(2(st64)?_b|2addr)/ ? o0 "/" o1 : o)
    }
    END { flush() }
  ' "$1" | grep -v -E '^(__hip_cuid|_ZN[0-9]+__HIP_Coordinates)' | demangle
}

# kernel names: C++ names demangled (without parameter lists) when c++filt exists
demangle() {
  local filt; filt="$(command -v c++filt || command -v llvm-cxxfilt || true)"
  if [[ -z "$filt" ]]; then cat; return; fi
  local k s
  while IFS=$'\t' read -r k s; do
    if [[ "$k" == _Z* ]]; then k="$("$filt" "$k")"; k="${k%%(*}"; fi
    printf '%s\t%s\n' "$k" "$s"
  done
}

# descriptions from "// @pattern NAME: text"
declare -A desc
while IFS= read -r line; do
  name="${line#*@pattern }"; name="${name%%:*}"
  desc[$name]="${line#*@pattern "$name": }"
done < <(grep -h '// @pattern ' "$here/patterns.hip")

survey() {  # SRC TAG -> prints the listing
  local src="$1" tag="$2" order=() labels=() c label kind cmd arch out rc
  declare -A res
  for c in "${configs[@]}"; do
    IFS='|' read -r label kind cmd arch <<< "$c"
    out="$work/$tag.${label//\//_}.s"
    compile "$src" "$out" "$kind" "$cmd" "$arch" -I "$repo/hip-samples/common"
    rc=$?
    if (( rc == 2 )); then
      echo "# $label: skipped: $(grep -m1 -E 'error' "$out.log" || head -n1 "$out.log")"
      continue
    fi
    (( rc == 1 )) && label="$label*" && echo "# $label: HIP headers failed ($(grep -m1 error "$out.log" | cut -c1-120)); used -nogpuinc -DLDSLINT_STUB"
    labels+=("$label")
    while IFS=$'\t' read -r k s; do
      [[ -n "$only" ]] && ! grep -qE "$only" <<< "$k" && continue
      [[ -z "${res[$k]+x}" ]] && order+=("$k")
      res[$k]+="$label"$'\x1f'"$s"$'\x1e'
    done < <(extract "$out")
  done
  echo "# configurations: ${labels[*]}"
  if (( markdown )); then
    echo
    echo "| pattern | source access | LDS instructions | compiler/target |"
    echo "|---|---|---|---|"
  fi
  local k entry groups_order g
  for k in "${order[@]}"; do
    declare -A grp=(); groups_order=()
    IFS=$'\x1e' read -r -d '' -a entries <<< "${res[$k]}"
    for entry in "${entries[@]}"; do
      [[ -z "$entry" || "$entry" == $'\n' ]] && continue
      label="${entry%%$'\x1f'*}"; s="${entry#*$'\x1f'}"
      [[ -z "${grp[$s]+x}" ]] && groups_order+=("$s")
      grp[$s]+="${grp[$s]:+ }$label"
    done
    local d="${desc[$k]:-}"
    if (( markdown )); then
      local first=1
      for g in "${groups_order[@]}"; do
        if (( first )); then
          echo "| \`$k\` | ${d//|/\\|} | ${g//|/\\|} | ${grp[$g]} |"; first=0
        else
          echo "| | | ${g//|/\\|} | ${grp[$g]} |"
        fi
      done
    else
      echo
      echo "$k${d:+   -- $d}"
      for g in "${groups_order[@]}"; do
        printf '    %-70s %s\n' "$g" "${grp[$g]}"
      done
    fi
    unset grp
  done
}

survey "$here/patterns.hip" patterns
if (( samples )); then
  for f in "$repo"/hip-samples/*.hip; do
    [[ -f "$f" ]] || continue
    echo
    echo "## hip-samples/$(basename "$f")"
    survey "$f" "sample-$(basename "$f" .hip)"
  done
fi
exit 0
