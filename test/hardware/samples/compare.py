#!/usr/bin/env python3
"""ldslint's predictions for NVIDIA's CUDA samples vs the H200's per-line counters.

    python3 test/hardware/samples/compare.py --pred DIR --ncu-dir DIR --src DIR [-o report.md]

--pred     ldslint JSON files (make-predictions.sh)
--ncu-dir  the source-page CSVs of gpu-samples.sh (one per profiled kernel)
--src      the samples' copy (for the source text of each line)

Reuses the kit's test/hardware/compare.py for parsing, name normalisation and
the numeric verdicts (agree / agree (active warps) / DISAGREE), and adds what
the samples need:

* only the kernel instantiations that ran are compared (reduction_kernel.cu
  instantiates ~200 kernels; one run measures one of them); the others are
  counted;
* a finding with a degree but no mean (ldslint stopped enumerating at its
  budget: "the mean is unknown") is compared by its verdict: degree 1 must
  measure wavefronts == ideal, degree > 1 must measure wavefronts > ideal
  ("agree (verdict)" / "DISAGREE (verdict)");
* "unknown" findings and measured lines without a finding are listed with
  ldslint's reason;
* shared-memory instructions that ncu attributes to CUDA's own headers
  (cooperative groups internals) are listed separately: the kit's compare.py
  drops them, and ldslint reports nothing there.

Exit status 0 always (this is a report); python3 standard library only.
"""

import argparse
import glob
import importlib.util
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("kitcompare", os.path.join(HERE, "..", "compare.py"))
K = importlib.util.module_from_spec(spec)
spec.loader.exec_module(K)

_kit_normalize = K.normalize_kernel


def normalize_kernel(name):
    """The kit's normalisation, plus bool template arguments: ncu prints
    `reduce6<int, (unsigned int)256, (bool)1>`, ldslint `reduce6<int, 256U, true>`."""
    s = _kit_normalize(name)
    s = re.sub(r"\(bool\)", "", s)
    s = re.sub(r"(?<=[<,])true(?=[,>])", "1", s)
    return re.sub(r"(?<=[<,])false(?=[,>])", "0", s)


K.normalize_kernel = normalize_kernel

SAMPLE_OF = {"transpose.cu": "transpose", "reduction_kernel.cu": "reduction",
             "histogram64.cu": "histogram", "histogram256.cu": "histogram",
             "matrixMul.cu": "matrixMul"}


def source_lines(src_root):
    out = {}
    for path in glob.glob(os.path.join(src_root, "**", "*.cu"), recursive=True):
        with open(path, encoding="utf-8", errors="replace") as fh:
            out[os.path.basename(path)] = fh.read().split("\n")
    return out


def src_text(srcs, f, line):
    lines = srcs.get(f)
    if not lines or not (0 < line <= len(lines)):
        return ""
    return re.sub(r"\s+", " ", lines[line - 1].strip())


def parse_all(csvs, keep_headers):
    measured, warnings = {}, []
    saved = K.is_toolkit_header
    if keep_headers:
        K.is_toolkit_header = lambda p: False
    try:
        for c in csvs:
            K.parse_ncu_csv(c, measured, warnings)
    finally:
        K.is_toolkit_header = saved
    # Source rows flagged shared with no SASS instruction behind them.
    return {k: m for k, m in measured.items() if m.execs or m.sass}, warnings


def ldslint_label(fs):
    if not fs:
        return "-"
    st = sorted({str(f.get("status")) for f in fs})
    degs = [f.get("degree") for f in fs if isinstance(f.get("degree"), (int, float))]
    acc = K.access_label(fs).replace(" \u2020", "")
    s = "/".join(st)
    if degs:
        s += " %d-way" % max(degs)
    return "%s (%s)" % (s, acc)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--pred", action="append", required=True)
    ap.add_argument("--ncu-dir", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("-o", "--output")
    ap.add_argument("--json-out", help="the rows as JSON (for the write-up)")
    args = ap.parse_args(argv)

    csvs = sorted(glob.glob(os.path.join(args.ncu_dir, "*.csv")))
    measured, warnings = parse_all(csvs, keep_headers=False)
    with_headers, _ = parse_all(csvs, keep_headers=True)
    header_rows = {k: m for k, m in with_headers.items() if k not in measured}
    preds, pred_files = K.load_predictions(args.pred, warnings)
    preds = K.remap_untemplated(preds, measured, warnings)
    ran = {k for (_, k, _) in measured}
    kept = {key: fs for key, fs in preds.items() if key[1] in ran}
    not_run = sorted({key[1] for key in preds if key[1] not in ran}, key=K.natural_key)
    rows = K.compare(kept, measured, 0.01, 0.01)
    srcs = source_lines(args.src)

    out_rows = []
    for r in rows:
        m, fs = r["measured"], r["findings"]
        statuses = {str(f.get("status", "")).lower() for f in fs}
        degs = [f.get("degree") for f in fs if isinstance(f.get("degree"), (int, float))]
        verdict = r["verdict"]
        note = list(r["note"])
        if verdict == K.VERDICT_NOT_PREDICTED and fs and "unknown" in statuses:
            verdict = "unknown"
        elif verdict == K.VERDICT_NOT_PREDICTED and fs and degs and len(degs) == len(fs):
            # degree without a mean: compare the verdict
            note = [n for n in note if not n.startswith("status unknown")]
            conflict = max(degs) > 1
            meas_conflict = not K.close(m.wpi, m.ideal_pi, 0.01, 0.01)
            verdict = ("agree (verdict)" if conflict == meas_conflict else "DISAGREE (verdict)")
            note.append("no mean from ldslint (enumeration budget)")
        elif verdict == K.VERDICT_NOT_PREDICTED and not fs:
            verdict = "not reported"
        reasons = sorted({str(f.get("reason", "")).strip() for f in fs
                          if str(f.get("status", "")).lower() == "unknown"} - {""})
        out_rows.append({
            "sample": SAMPLE_OF.get(r["file"], r["file"]), "file": r["file"],
            "kernel": r["kernel"], "line": r["line"],
            "source": src_text(srcs, r["file"], r["line"]),
            "ldslint": ldslint_label(fs),
            "pred": r["pred"], "pred_ideal": r["pred_ideal"],
            "meas": m.wpi if m else None, "meas_ideal": m.ideal_pi if m else None,
            "sass": ", ".join("%s x%d" % (s, n) if n > 1 else s
                              for s, n in sorted(m.sass.items())) if m else "",
            "verdict": verdict, "reasons": reasons,
            "note": [n for n in note if not n.startswith("status unknown")
                     and not re.match(r"^[A-Z]", n)],
            "blocks": sorted({json.dumps(f.get("block")) for f in fs}),
        })

    counts = {}
    for r in out_rows:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1

    def f2(x):
        return K.fmt(x)

    lines = ["# ldslint vs H200 counters: NVIDIA CUDA samples", ""]
    lines.append("Predictions: %s  " % ", ".join(os.path.basename(p) for p in pred_files))
    lines.append("Measured: %d ncu source-page exports (%s)  " % (len(csvs), args.ncu_dir))
    lines.append("")
    lines.append("**Summary (%d measured lines of the kernels that ran): %s**" % (
        len(out_rows), ", ".join("%d %s" % (n, v) for v, n in sorted(counts.items()))))
    lines.append("")
    lines.append("| sample | kernel | line | source | ldslint | predicted wpi / ideal "
                 "| measured wpi / ideal (factor) | SASS | verdict |")
    lines.append("|---|---|---:|---|---|---|---|---|---|")
    for r in out_rows:
        pred = ("%s / %s" % (f2(r["pred"]), f2(r["pred_ideal"])) if r["pred"] is not None
                else ("-" if r["ldslint"] == "-" else "none"))
        if r["meas"] is not None and r["meas_ideal"]:
            meas = "%s / %s (%sx)" % (f2(r["meas"]), f2(r["meas_ideal"]),
                                      f2(r["meas"] / r["meas_ideal"]))
        else:
            meas = "-"
        v = r["verdict"] + ("; " + "; ".join(r["note"]) if r["note"] else "")
        lines.append("| %s | `%s` | %d | `%s` | %s | %s | %s | %s | %s |" % (
            r["sample"], K.md_escape(r["kernel"]), r["line"],
            K.md_escape(r["source"][:70]), K.md_escape(r["ldslint"]), pred, meas,
            K.md_escape(r["sass"]), K.md_escape(v)))
    unk = [r for r in out_rows if r["reasons"]]
    if unk:
        lines += ["", "ldslint's reasons for `unknown`:", ""]
        for r in unk:
            lines.append("- %s:%d `%s`: %s" % (r["file"], r["line"], r["kernel"],
                                               K.md_escape("; ".join(r["reasons"]))))
    if header_rows:
        lines += ["", "Shared-memory instructions that ncu attributes to CUDA's headers "
                  "(not compared; ldslint reports nothing there):", "",
                  "| header | line | kernel | measured wpi / ideal | SASS |", "|---|---:|---|---|---|"]
        for key in sorted(header_rows, key=lambda k: (k[1], k[0], k[2])):
            m = header_rows[key]
            lines.append("| %s | %d | `%s` | %s / %s | %s |" % (
                key[0], key[2], key[1], f2(m.wpi), f2(m.ideal_pi),
                ", ".join("%s x%d" % (s, n) if n > 1 else s for s, n in sorted(m.sass.items()))))
    lines += ["", "Kernel instantiations with findings that did not run in these measurements: "
              "%d." % len(not_run)]
    if warnings:
        lines += ["", "Warnings:", ""] + ["- " + K.md_escape(w) for w in warnings]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(text)
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump({"rows": out_rows, "not_run": not_run, "counts": counts}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
