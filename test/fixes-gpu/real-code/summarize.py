#!/usr/bin/env python3
"""Summarises gpu-run.sh's results as markdown: per program and kernel, the
program's own correctness check, its own timing, and the shared-memory
wavefronts Nsight Compute counted (all lines of the profiled launch) before
and after `ldslint --fix`; then ldslint's per-line predictions against the
same counters (test/hardware/compare.py), once for the originals and once
for the fixed sources.
  python3 summarize.py RESULTS_DIR WORK   (RESULTS_DIR: real-code.tgz unpacked)
"""
import csv, os, re, subprocess, sys

res, work = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))


def counters(path):
    """Sums L1 shared wavefronts, ideal and excess over the SASS rows."""
    t = [0.0, 0.0, 0.0]
    if not os.path.exists(path):
        return None
    hdr, seen = None, set()
    for r in csv.reader(open(path)):
        if r and r[0] in ("Line No", "Address"):
            hdr = r
            continue
        if not hdr or len(r) != len(hdr):
            continue
        d = dict(zip(hdr, r))
        a = d.get("Address", "")
        if not a or a in seen:
            continue
        seen.add(a)
        for i, k in enumerate(("L1 Wavefronts Shared", "L1 Wavefronts Shared Ideal",
                               "L1 Wavefronts Shared Excessive")):
            try:
                t[i] += float((d.get(k) or "0").replace(",", ""))
            except ValueError:
                pass
    return t


def out(name):
    p = os.path.join(res, name + ".out")
    return open(p, errors="replace").read() if os.path.exists(p) else ""


def check(text):
    if "rc=0" not in text:
        return "FAILED (exit)"
    if re.search(r"Failed|mismatch|Mismatch", text):
        return "FAILED"
    return "passed"


def perf(prog, text):
    if prog == "sgemm":
        m = re.search(r"performance: \(\s*([\d.]+)\) GFLOPS\. size: \(4096\)", text)
        return m and m.group(1) + " GFLOPS (4096)"
    if prog == "trimat":
        m = re.search(r"time ([\d.]+) ms vs", text)
        return m and m.group(1) + " ms"
    if prog == "bias":
        m = re.findall(r"block_size (\d+) time ([\d.]+) ms", text)
        return m and min(m, key=lambda x: float(x[1]))[1] + " ms (best block)"
    if prog == "transpose":
        m = re.search(r"transpose coalesced\s*, Throughput = ([\d.]+) GB/s, Time = ([\d.]+) ms", text)
        return m and m.group(2) + " ms"
    return None


rows = [("sgemm", str(k), "sgemm-{v}-%d" % k, "SGEMM_CUDA kernel %d" % k) for k in (5, 6, 7, 8, 9)]
rows += [("trimat", "", "trimat-{v}", "llm.c trimat_forward kernel 4"),
         ("bias", "", "bias-{v}", "llm.c matmul_backward_bias kernel 8"),
         ("transpose", "", "transpose-{v}", "cuda-samples transposeCoalesced")]
print("| program | check (orig / fixed) | time (orig -> fixed) | shared wavefronts orig (ideal, excess) | fixed (ideal, excess) |")
print("|---|---|---|---|---|")
for prog, k, pat, label in rows:
    o, f = pat.format(v="orig"), pat.format(v="fixed")
    co, cf = counters(os.path.join(res, o + ".csv")), counters(os.path.join(res, f + ".csv"))
    fmt = lambda c: "-" if not c else "%d (%d, %d)" % tuple(c)
    po, pf = perf(prog, out(o)), perf(prog, out(f))
    print("| %s | %s / %s | %s -> %s | %s | %s |" % (label, check(out(o)), check(out(f)),
                                                     po or "?", pf or "?", fmt(co), fmt(cf)))
for v in ("orig", "fixed"):
    csvs = sorted(p for p in os.listdir(res) if p.endswith(".csv") and "-%s" % v in p)
    args = [sys.executable, os.path.join(here, "..", "..", "hardware", "compare.py"),
            "--pred", os.path.join(work, "pred-" + v)]
    for c in csvs:
        args += ["--ncu", os.path.join(res, c)]
    r = subprocess.run(args, capture_output=True, text=True)
    summary = [l for l in r.stdout.splitlines() if l.startswith("**Summary")]
    print("\nldslint vs counters, %s sources: %s" % (v, summary[0] if summary else "(no summary: exit %d)" % r.returncode))
