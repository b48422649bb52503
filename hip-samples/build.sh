#!/usr/bin/env bash
# Build every hip-samples/*.hip.
#
#   hip-samples/build.sh [--nvcc|--hipcc] [outdir]
#
#   --nvcc   only nvcc: executables for sm_90 in OUTDIR/nvcc/<sample>
#   --hipcc  only hipcc: objects for each arch in $HIP_ARCHS (default gfx90a)
#            in OUTDIR/hipcc/<sample>.<arch>.o, compile only (-c): no ROCm
#            runtime is needed or linked
#   (none)   both
#   outdir   default: build/hip-samples under the repository root
#
# A compiler that is not installed is skipped with a message (exit 0 if that
# was the only reason nothing was built); a compile error exits 1.
# Environment: NVCC, HIPCC (compiler commands), NVCC_ARCH (default sm_90),
# HIP_ARCHS (space-separated, default gfx90a), EXTRA_FLAGS (appended to both).

set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"

want_nvcc=1
want_hipcc=1
outdir=""
for arg in "$@"; do
  case "$arg" in
    --nvcc) want_nvcc=1; want_hipcc=0 ;;
    --hipcc) want_nvcc=0; want_hipcc=1 ;;
    -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "build.sh: unknown option '$arg'" >&2; exit 2 ;;
    *)
      if [[ -n "$outdir" ]]; then echo "build.sh: more than one outdir" >&2; exit 2; fi
      outdir="$arg" ;;
  esac
done
outdir="${outdir:-$repo/build/hip-samples}"

samples=(transpose sgemm sgemm_rt reduction wave64_vs_warp32)
common_flags=(-O3 -I "$here/common")
read -r -a extra <<< "${EXTRA_FLAGS:-}"

failed=0
built=0

find_tool() {  # name, fallback path -> prints the command or nothing
  if [[ -n "${!1:-}" ]]; then echo "${!1}"; return; fi
  local lower; lower="$(echo "$1" | tr '[:upper:]' '[:lower:]')"
  if command -v "$lower" >/dev/null 2>&1; then command -v "$lower"; return; fi
  if [[ -n "$2" && -x "$2" ]]; then echo "$2"; fi
}

compile() {  # description, command...
  local what="$1"; shift
  echo "+ $*"
  if "$@"; then
    built=$((built + 1))
  else
    echo "build.sh: FAILED: $what" >&2
    failed=$((failed + 1))
  fi
}

if (( want_nvcc )); then
  nvcc_cmd="$(find_tool NVCC /usr/local/cuda/bin/nvcc)"
  if [[ -z "$nvcc_cmd" ]]; then
    echo "build.sh: nvcc not found (PATH, \$NVCC, /usr/local/cuda/bin): skipping the CUDA build"
  else
    arch="${NVCC_ARCH:-sm_90}"
    mkdir -p "$outdir/nvcc"
    echo "build.sh: nvcc = $nvcc_cmd ($("$nvcc_cmd" --version | tail -n 1)), -arch=$arch"
    for s in "${samples[@]}"; do
      compile "nvcc $s" "$nvcc_cmd" -x cu "${common_flags[@]}" -lineinfo -arch="$arch" \
        "${extra[@]}" "$here/$s.hip" -o "$outdir/nvcc/$s"
    done
  fi
fi

if (( want_hipcc )); then
  hipcc_cmd="$(find_tool HIPCC /opt/rocm/bin/hipcc)"
  if [[ -z "$hipcc_cmd" ]]; then
    echo "build.sh: hipcc not found (PATH, \$HIPCC, /opt/rocm/bin): skipping the HIP build"
  else
    read -r -a archs <<< "${HIP_ARCHS:-gfx90a}"
    mkdir -p "$outdir/hipcc"
    echo "build.sh: hipcc = $hipcc_cmd, archs: ${archs[*]} (compile only)"
    for s in "${samples[@]}"; do
      for a in "${archs[@]}"; do
        compile "hipcc $s $a" "$hipcc_cmd" --offload-arch="$a" "${common_flags[@]}" \
          "${extra[@]}" -c "$here/$s.hip" -o "$outdir/hipcc/$s.$a.o"
      done
    done
  fi
fi

if (( failed )); then
  echo "build.sh: $failed compile(s) failed, $built succeeded" >&2
  exit 1
fi
echo "build.sh: $built compile(s) succeeded; output in $outdir"
exit 0
