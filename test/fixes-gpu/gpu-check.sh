#!/usr/bin/env bash
# On the GPU machine: runs every golden fix input (test/lit/fixes/Inputs/*.cu)
# and its fixed file (*.cu.fixed.expected, what `ldslint --fix` produces) on
# the same pseudo-random inputs (harness.cu), checks that the outputs are
# identical, and collects per-line Nsight Compute counters for both. Passes
# when the outputs match, every kernel that the fix changed shows no excess
# shared wavefronts, and ldslint's predictions (predictions/, made here by
# make-predictions.sh) agree with the counters on every line
# (test/hardware/compare.py). Writes $OUT/fixes-gpu.md and $OUT/fixes-gpu.log.
#   OUT=/some/dir bash test/fixes-gpu/gpu-check.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
OUT=${OUT:-$root/build/fixes-gpu}
work=$(mktemp -d)
mkdir -p "$OUT"
export PATH="$PATH:/usr/local/cuda/bin"
log="$OUT/fixes-gpu.log"
: >"$log"
status=0
csvs=()
outputs=()
source "$here/pairs.sh"
for name in $(copy_pairs "$work"); do
  for v in orig fixed; do
    echo "== $v-$name" | tee -a "$log"
    nvcc -std=c++17 -x cu -O3 -lineinfo -arch=sm_90 \
         -DFIXES_GPU_SOURCE="\"$work/$v-$name.cu\"" "$here/harness.cu" \
         -o "$work/$v-$name" >>"$log" 2>&1 || { echo "build failed" | tee -a "$log"; status=1; continue; }
    "$work/$v-$name" "$work/$v-$name.dump" >>"$log" 2>&1 || { echo "run failed" | tee -a "$log"; status=1; }
    timeout 240 ncu --section SourceCounters --import-source yes -o "$work/$v-$name" -f \
         "$work/$v-$name" "$work/$v-$name.ncu-dump" >>"$log" 2>&1 || echo "ncu failed" | tee -a "$log"
    ncu -i "$work/$v-$name.ncu-rep" --page source --csv --print-source=cuda,sass \
         >"$work/$v-$name.csv" 2>>"$log" && csvs+=(--ncu "$work/$v-$name.csv")
  done
  if cmp -s "$work/orig-$name.dump" "$work/fixed-$name.dump"; then
    outputs+=("$name=identical")
  else
    outputs+=("$name=DIFFERENT"); status=1
  fi
done
python3 "$root/test/hardware/compare.py" --pred "$here/predictions" "${csvs[@]}" \
  --title "golden fixes: ldslint vs H200 counters, per source line" \
  --measurements-out "$work/measured.csv" -o "$work/lines.md" >>"$log" 2>&1 || status=1
python3 - "$work" "$OUT/fixes-gpu.md" "${outputs[@]}" <<'PY' || status=1
import csv, re, sys, collections
import subprocess, datetime
work, out, outputs = sys.argv[1], sys.argv[2], dict(o.split("=") for o in sys.argv[3:])
try:
    gpu = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                         capture_output=True, text=True).stdout.strip().replace(",", ", driver")
except OSError:
    gpu = "an unknown GPU"
gpu += ", " + datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC")

def kernels(path):
    text, found = open(path).read(), {}
    for m in re.finditer(r"__global__ void (\w+)\(", text):
        depth, i, seen = 0, m.start(), False
        while not (seen and depth == 0):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            seen |= text[i] == "{"
            i += 1
        found[m.group(1)] = text[m.start():i]
    return found

excess = collections.defaultdict(float)  # (variant, name, kernel) -> wavefronts - ideal
for row in csv.DictReader(open(work + "/measured.csv")):
    variant, name = row["file"].split("-", 1)
    key = (variant, name[:-3], re.sub(r"[<(].*", "", row["kernel"]))
    excess[key] += float(row["wavefronts"] or 0) - float(row["ideal_wavefronts"] or 0)
rows, bad = [], 0
for name in sorted(outputs):
    orig, fixed = kernels(f"{work}/orig-{name}.cu"), kernels(f"{work}/fixed-{name}.cu")
    for k in orig:
        changed = orig[k] != fixed.get(k)
        before, after = excess[("orig", name, k)], excess[("fixed", name, k)]
        ok = outputs[name] == "identical" and (not changed or after == 0)
        bad += not ok
        rows.append(f"| {name}.cu | `{k}` | {'yes' if changed else 'no (no fix offered)'} "
                    f"| {before:g} | {after:g} | {outputs[name]} | {'ok' if ok else 'FAIL'} |")
lines = open(work + "/lines.md").read()
summary = re.search(r"\*\*Summary:.*\*\*", lines)
with open(out, "w") as fh:
    fh.write("# Golden fixes on the GPU: original vs `ldslint --fix`\n\n")
    fh.write("Command: `OUT=$OUT bash test/fixes-gpu/gpu-check.sh` (nvcc -O3 -arch=sm_90, "
             "ncu SourceCounters) on " + gpu + ". Excess = L1 shared wavefronts minus "
             "ideal, summed over the kernel's lines. The inputs are deterministic "
             "(no races, no uninitialised reads), so identical outputs are required.\n\n")
    fh.write("| file | kernel | fixed by ldslint | excess before | excess after | outputs | verdict |\n")
    fh.write("|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n\n")
    fh.write("Predictions vs counters: " + (summary.group(0) if summary else "(no summary)") + "\n\n")
    fh.write(lines.replace("# ", "## ", 1))
print("\n".join(rows))
sys.exit(1 if bad else 0)
PY
[ $status -eq 0 ] && echo "fixes-gpu: PASS" || echo "fixes-gpu: FAIL"
exit $status
