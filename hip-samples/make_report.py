#!/usr/bin/env python3
"""Turn the output of the hip-samples binaries into report.md, results.csv and
chart.png.

    make_report.py [--meta meta.env] [--ncu ncu_raw.csv ...] --out DIR LOG...

LOG files are the binaries' stdout; the lines used are

    DEVICE sample=... name=... cc=... ...
    CHECK  sample=... kernel=... ... ok|FAIL
    RESULT sample=S kernel=K baseline=B metric=M value=V ms=T [copy_ratio=R]
           [speedup=X] ok=0|1 reps=N

meta.env holds key=value lines (date, command, gpu, driver, nvcc, status_*).
--ncu takes `ncu -i REPORT --page raw --csv` output; its shared-memory
counters are joined to the RESULT rows by kernel name.

Only the standard library is needed, except matplotlib for the chart (skipped
with a message when it is missing).
"""

import argparse
import csv
import io
import os
import re
import sys

NCU_COLUMNS = {
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum": "ld_conflicts",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum": "st_conflicts",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": "ld_wavefronts",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": "st_wavefronts",
    "smsp__inst_executed_op_shared_ld.sum": "ld_instr",
    "smsp__inst_executed_op_shared_st.sum": "st_instr",
}

CSV_FIELDS = [
    "sample", "kernel", "baseline", "metric", "value", "ms", "copy_ratio", "speedup",
    "ok", "reps", "ld_conflicts", "ld_instr", "ld_conflicts_per_instr", "ld_wavefronts",
    "st_conflicts", "st_instr", "st_conflicts_per_instr", "st_wavefronts",
]

SAMPLE_ORDER = ["transpose", "sgemm", "sgemm_rt", "reduction", "wave64_vs_warp32"]


def parse_kv(line, tag):
    """'TAG a=1 b=x' -> {'a': '1', 'b': 'x'}."""
    out = {}
    for tok in line[len(tag):].split():
        if "=" in tok:
            k, v = tok.split("=", 1)
            out[k] = v
    return out


def to_float(s):
    if s is None:
        return None
    s = str(s).strip().replace(",", "")
    try:
        return float(s)
    except ValueError:
        return None


ERROR_RE = re.compile(r"failed:|FAILED|error|Segmentation|Aborted|Killed", re.I)


def read_logs(paths):
    results, devices, checks, errors = [], [], [], []
    for p in paths:
        with open(p, errors="replace") as f:
            for line in f:
                line = line.strip()
                if line.startswith("RESULT "):
                    results.append(parse_kv(line, "RESULT"))
                elif line.startswith("DEVICE "):
                    devices.append(parse_kv(line, "DEVICE"))
                elif line.startswith("CHECK "):
                    checks.append(line)
                elif ERROR_RE.search(line):
                    errors.append("%s: %s" % (os.path.basename(p), line))
    return results, devices, checks, errors


def read_meta(path):
    meta = {}
    if path and os.path.exists(path):
        with open(path, errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if "=" in line:
                    k, v = line.split("=", 1)
                    meta[k] = v
    return meta


def kernel_base_name(name):
    """'void foo<4>(float *, int)' / 'foo(float *, int)' -> 'foo'."""
    name = name.strip()
    m = re.match(r"_Z(\d+)", name)  # mangled: _Z<len><name>...
    if m:
        return name[m.end():m.end() + int(m.group(1))]
    if name.startswith("void "):
        name = name[5:]
    m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_:]*)", name)
    return m.group(1).split("::")[-1] if m else name


def read_ncu(paths):
    """Sum the counters per kernel name over all launches in the files."""
    per_kernel = {}
    for p in paths:
        with open(p, errors="replace") as f:
            text = f.read()
        # Skip anything ncu printed before the CSV header.
        start = text.find('"ID"')
        if start < 0:
            print("make_report: no CSV header in %s" % p, file=sys.stderr)
            continue
        rows = list(csv.reader(io.StringIO(text[start:])))
        if not rows:
            continue
        header = rows[0]
        name_col = next((header.index(c) for c in ("Kernel Name", "Function Name", "Name")
                         if c in header), None)
        if name_col is None:
            print("make_report: no kernel-name column in %s" % p, file=sys.stderr)
            continue
        if "Metric Name" in header and "Metric Value" in header:  # long format
            mn, mv = header.index("Metric Name"), header.index("Metric Value")
            for r in rows[1:]:
                if len(r) <= max(mn, mv, name_col) or r[mn] not in NCU_COLUMNS:
                    continue
                v = to_float(r[mv])
                if v is None:
                    continue
                d = per_kernel.setdefault(kernel_base_name(r[name_col]), {})
                key = NCU_COLUMNS[r[mn]]
                d[key] = d.get(key, 0.0) + v
            continue
        cols = {i: NCU_COLUMNS[h] for i, h in enumerate(header) if h in NCU_COLUMNS}
        for r in rows[1:]:
            if len(r) <= name_col or not r[0].strip().isdigit():  # units row etc.
                continue
            d = per_kernel.setdefault(kernel_base_name(r[name_col]), {})
            for i, key in cols.items():
                if i < len(r):
                    v = to_float(r[i])
                    if v is not None:
                        d[key] = d.get(key, 0.0) + v
    return per_kernel


def build_rows(results, ncu):
    rows = []
    for r in results:
        row = {k: r.get(k, "") for k in CSV_FIELDS}
        for k in ("value", "ms", "copy_ratio", "speedup"):
            row[k] = to_float(r.get(k))
        counters = ncu.get(r.get("kernel", ""), {})
        for key in ("ld", "st"):
            for part in ("conflicts", "instr", "wavefronts"):
                row["%s_%s" % (key, part)] = counters.get("%s_%s" % (key, part))
            c, n = row["%s_conflicts" % key], row["%s_instr" % key]
            row["%s_conflicts_per_instr" % key] = (c / n) if (c is not None and n) else None
        rows.append(row)
    order = {s: i for i, s in enumerate(SAMPLE_ORDER)}
    rows.sort(key=lambda x: order.get(x["sample"], len(order)))  # stable within a sample
    return rows


def fmt(v, digits=2, suffix=""):
    if v is None or v == "":
        return "-"
    if isinstance(v, float):
        return ("%." + str(digits) + "f%s") % (v, suffix)
    return str(v)


def fmt_pct(v):
    return "-" if v is None else "%.0f%%" % (100.0 * v)


def fmt_conf(row, key):
    v = row.get("%s_conflicts_per_instr" % key)
    if v is None:
        c = row.get("%s_conflicts" % key)
        return "-" if c is None else "%.0f" % c
    return "%.2f" % v


def role(row):
    if row["baseline"] in ("", "none"):
        return "reference"
    return "conflicting" if row["baseline"] == row["kernel"] else "fixed"


def write_csv(rows, path):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in CSV_FIELDS})


def write_markdown(rows, devices, checks, errors, meta, path, chart_ok, have_ncu):
    L = []
    L.append("# hip-samples: shared-memory bank conflicts, measured")
    L.append("")
    dev = devices[0] if devices else {}
    gpu = meta.get("gpu") or dev.get("name", "unknown").replace("_", " ")
    L.append("- GPU: **%s** (compute capability %s, %s SMs)"
             % (gpu, dev.get("cc", "?"), dev.get("sms", "?")))
    L.append("- Driver: %s; %s" % (meta.get("driver", "?"), meta.get("nvcc", "nvcc ?")))
    L.append("- Build: `%s`" % meta.get("build", "?"))
    L.append("- Date: %s; host %s; git %s"
             % (meta.get("date", "?"), meta.get("host", "?"), meta.get("git", "?")))
    L.append("- Command: `%s`" % meta.get("command", "?"))
    statuses = ["%s: %s" % (k[len("status_"):], v) for k, v in meta.items()
                if k.startswith("status_")]
    if statuses:
        L.append("- Exit status per sample: " + ", ".join(statuses))
    n_fail = sum(1 for c in checks if c.endswith("FAIL"))
    L.append("- Output checks: %d passed, %d failed" % (len(checks) - n_fail, n_fail))
    L.append("")
    L.append("Times are the median of `reps` launches, each timed with GPU events after "
             "warm-up launches. GB/s counts DRAM bytes read + written (transpose), bytes "
             "read (reduction) or shared-memory bytes loaded (wave64_vs_warp32); "
             "\"% of copy\" compares with a device-to-device copy measured in the same run. "
             "Conflicts/instr is Nsight Compute's "
             "`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum` divided by "
             "`smsp__inst_executed_op_shared_{ld,st}.sum` (extra wavefronts per warp-level "
             "shared instruction; 31 = 32-way).")
    L.append("")

    by_kernel = {(r["sample"], r["kernel"]): r for r in rows}
    pairs = [(by_kernel.get((r["sample"], r["baseline"])), r) for r in rows
             if role(r) == "fixed"]
    pairs = [(b, a) for b, a in pairs if b is not None]
    if pairs:
        L.append("## Before / after")
        L.append("")
        L.append("| sample | before (conflicting) | after | metric | before | after | speedup "
                 "| ld conflicts/instr before → after | st conflicts/instr before → after |")
        L.append("|---|---|---|---|---:|---:|---:|---|---|")
        for b, a in pairs:
            sp = (b["ms"] / a["ms"]) if (b["ms"] and a["ms"]) else None
            L.append("| %s | `%s` | `%s` | %s | %s | %s | %s | %s → %s | %s → %s |" % (
                a["sample"], b["kernel"], a["kernel"], a["metric"], fmt(b["value"]),
                fmt(a["value"]), fmt(sp, 2, "x"), fmt_conf(b, "ld"), fmt_conf(a, "ld"),
                fmt_conf(b, "st"), fmt_conf(a, "st")))
        L.append("")

    L.append("## All kernels")
    L.append("")
    L.append("| sample | kernel | role | metric | value | median ms | % of copy | speedup vs "
             "baseline | ld conflicts/instr | st conflicts/instr | ok |")
    L.append("|---|---|---|---|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        L.append("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["sample"], r["kernel"], role(r), r["metric"], fmt(r["value"]),
            fmt(r["ms"], 4), fmt_pct(r["copy_ratio"]), fmt(r["speedup"], 2, "x"),
            fmt_conf(r, "ld"), fmt_conf(r, "st"), "yes" if r["ok"] == "1" else "**NO**"))
    L.append("")
    if not have_ncu:
        L.append("(No Nsight Compute counters: the ncu pass was skipped or failed; see "
                 "bench.log.)")
        L.append("")
    failed = [c for c in checks if c.endswith("FAIL")]
    if failed:
        L.append("## Failed checks")
        L.append("")
        L.extend("    " + c for c in failed)
        L.append("")
    if errors:
        L.append("## Errors reported by the samples")
        L.append("")
        L.extend("    " + e for e in errors[:40])
        L.append("")
    if chart_ok:
        L.append("![chart](chart.png)")
        L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def write_chart(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # noqa: BLE001 - any import problem means no chart
        print("make_report: no chart (matplotlib unavailable: %s)" % e, file=sys.stderr)
        return False
    samples = []
    for r in rows:
        if r["sample"] not in samples:
            samples.append(r["sample"])
    if not samples:
        return False
    colors = {"reference": "#9e9e9e", "conflicting": "#d62728", "fixed": "#2ca02c"}
    fig, axes = plt.subplots(len(samples), 1, figsize=(10, 2.2 + 0.45 * len(rows)),
                             squeeze=False,
                             gridspec_kw={"height_ratios": [
                                 max(1, sum(1 for r in rows if r["sample"] == s))
                                 for s in samples]})
    for ax, s in zip(axes[:, 0], samples):
        rs = [r for r in rows if r["sample"] == s and r["value"] is not None]
        names = [r["kernel"] for r in rs][::-1]
        vals = [r["value"] for r in rs][::-1]
        cols = [colors[role(r)] for r in rs][::-1]
        bars = ax.barh(names, vals, color=cols)
        for bar, r in zip(bars, rs[::-1]):
            label = "%.2f" % r["value"] if r["value"] < 100 else "%.0f" % r["value"]
            if r["speedup"] is not None and role(r) == "fixed":
                label += "  (%.2fx)" % r["speedup"]
            ax.text(bar.get_width(), bar.get_y() + bar.get_height() / 2, " " + label,
                    va="center", fontsize=8)
        metric = rs[0]["metric"] if rs else ""
        ax.set_title("%s (%s)" % (s, metric), fontsize=10, loc="left")
        ax.set_xlim(0, max(vals + [1e-9]) * 1.3)
        ax.tick_params(axis="y", labelsize=8)
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in colors.values()]
    fig.legend(handles, list(colors.keys()), loc="upper right", fontsize=8)
    fig.tight_layout(rect=(0, 0, 0.97, 0.97))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", nargs="+", help="stdout of the sample binaries")
    ap.add_argument("--meta", help="key=value file written by gpu-bench.sh")
    ap.add_argument("--ncu", action="append", default=[], help="ncu --page raw --csv output")
    ap.add_argument("--out", required=True, help="directory for report.md, results.csv, chart.png")
    args = ap.parse_args()

    results, devices, checks, errors = read_logs(args.logs)
    meta = read_meta(args.meta)
    ncu = read_ncu(args.ncu)
    rows = build_rows(results, ncu)
    os.makedirs(args.out, exist_ok=True)
    write_csv(rows, os.path.join(args.out, "results.csv"))
    chart_ok = write_chart(rows, os.path.join(args.out, "chart.png"))
    have_ncu = any(r.get("ld_conflicts") is not None for r in rows)
    write_markdown(rows, devices, checks, errors, meta, os.path.join(args.out, "report.md"),
                   chart_ok, have_ncu)
    print("make_report: %d kernels, %d with ncu counters -> %s" % (
        len(rows), sum(1 for r in rows if r.get("ld_conflicts") is not None), args.out))
    if not rows:
        print("make_report: no RESULT lines found", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
