#!/usr/bin/env python3
"""Three judges of the random GPU batch: ldslint, the reference, Nsight Compute.

    gpu-summary.py --batch DIR --ncu CSV [--ncu CSV ...] [-o FILE]

DIR holds NAME.ref.json and NAME.ldslint.json (gpu-batch.sh --prepare); the
CSVs are ncu source-page exports (gpu-batch.sh --measure leaves them in
ncu-csv.tar.gz). Uses test/hardware/compare.py for the per-line verdicts and
splits them by access class: 1-4 byte accesses, 8/16-byte accesses whose
every warp instruction has 32 active lanes, and 8/16-byte accesses with some
warp instruction that has fewer (a partial last warp, or masked lanes), the
case the documented phase model does not describe. Prints markdown.
"""

import argparse
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "hardware"))
import compare  # noqa: E402

CLASSES = ("1-4 bytes", "8/16 bytes, full warps", "8/16 bytes, partial warps")
VERDICTS = (compare.VERDICT_AGREE, compare.VERDICT_AGREE_ACTIVE, compare.VERDICT_DISAGREE,
            compare.VERDICT_NOT_PREDICTED, compare.VERDICT_NOT_MEASURED)


def access_class(ref_findings):
    if not ref_findings:
        return None
    if all(f["width"] <= 4 for f in ref_findings):
        return CLASSES[0]
    if any(f.get("wide_partial_warp_instructions") for f in ref_findings):
        return CLASSES[2]
    return CLASSES[1]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--batch", required=True)
    ap.add_argument("--ncu", action="append", required=True)
    ap.add_argument("-o", "--output")
    args = ap.parse_args(argv)
    warnings = []
    measured = {}
    for csv_path in args.ncu:
        compare.parse_ncu_csv(csv_path, measured, warnings)
    refs, _ = compare.load_predictions(sorted(glob.glob(os.path.join(args.batch, "*.ref.json"))),
                                       warnings)
    preds, _ = compare.load_predictions(
        sorted(glob.glob(os.path.join(args.batch, "*.ldslint.json"))), warnings)
    rows = {"ldslint": compare.compare(preds, measured, 0.01, 0.01),
            "reference": compare.compare(refs, measured, 0.01, 0.01)}
    # compare.py explains a lower measured ideal by warps whose lanes are all
    # predicated off; that holds only when ncu counted more executions than
    # the reference's executed warp instructions.
    for rs in rows.values():
        for r in rs:
            m = r["measured"]
            ref_execs = sum(f.get("executions", 0)
                            for f in refs.get((r["file"], r["kernel"], r["line"]), []))
            if (r["verdict"] == compare.VERDICT_AGREE_ACTIVE and m is not None
                    and m.execs <= ref_execs):
                r["verdict"] = compare.VERDICT_DISAGREE
                r["note"].append("same executions as the reference")
    out = ["| judge | access class | rows | " + " | ".join(VERDICTS) + " |",
           "|---|---|---|" + "---|" * len(VERDICTS)]
    for judge, rs in rows.items():
        for cls in CLASSES + (None,):
            sel = [r for r in rs
                   if access_class(refs.get((r["file"], r["kernel"], r["line"]), [])) == cls]
            if not sel:
                continue
            counts = [sum(1 for r in sel if r["verdict"] == v) for v in VERDICTS]
            out.append("| %s | %s | %d | %s |" % (judge, cls or "(line not in the reference)",
                                                  len(sel), " | ".join(map(str, counts))))
    out.append("")
    for judge, rs in rows.items():
        fp = fn = 0
        for r in rs:
            m = r["measured"]
            if m is None or not m.execs or r["pred"] is None:
                continue
            claimed = any(str(f.get("status")) == "conflict" for f in r["findings"])
            real = m.wpi > m.ideal_pi + 0.01
            fp += claimed and not real
            fn += real and not claimed
        out.append("- %s: %d lines with a conflict claimed where ncu measured none (wavefronts = "
                   "ideal), %d lines with a measured conflict where none was claimed." % (judge, fp, fn))
    out.append("")
    out.append("Rows that are not \"agree\" (ldslint; predicted and measured wavefronts / ideal "
               "per warp instruction):")
    out.append("")
    out.append("| kernel | line | class | width | ldslint | reference | measured | verdict |")
    out.append("|---|---|---|---|---|---|---|---|")
    ref_rows = {(r["file"], r["kernel"], r["line"]): r for r in rows["reference"]}
    for r in rows["ldslint"]:
        if r["verdict"] == compare.VERDICT_AGREE:
            continue
        key = (r["file"], r["kernel"], r["line"])
        rf = refs.get(key, [])
        rr = ref_rows.get(key)
        m = r["measured"]
        fmt = lambda a, b: "-" if a is None else "%s / %s" % (compare.fmt(a), compare.fmt(b))
        out.append("| `%s` | %d | %s | %s | %s | %s | %s | %s |" % (
            r["kernel"], r["line"], access_class(rf) or "-",
            ",".join(sorted({str(f["width"]) for f in rf})) or "-",
            fmt(r["pred"], r["pred_ideal"]), fmt(rr["pred"], rr["pred_ideal"]) if rr else "-",
            fmt(m.wpi, m.ideal_pi) if m is not None and m.execs else "-", r["verdict"]))
    text = "\n".join(out) + "\n"
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(text)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
