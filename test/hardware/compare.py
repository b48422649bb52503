#!/usr/bin/env python3
"""Compare ldslint's shared-memory predictions with Nsight Compute measurements.

Inputs:
  --pred   ldslint JSON files (`--format=json`), or directories of them; the
           findings carry file, line, function, wavefronts_per_instruction and
           ideal_wavefronts_per_instruction.
  --ncu    Nsight Compute source-page exports, made with
             ncu -i R.ncu-rep --page source --csv --print-source=cuda,sass > R.csv

For every (file basename, kernel, line) the measured value is
  sum(L1 Wavefronts Shared) / sum(Instructions Executed)
over the distinct shared-memory SASS instructions attributed to that source
line (the export lists each SASS row twice; rows are de-duplicated by address),
and the same for "L1 Wavefronts Shared Ideal". Several findings on one line
(e.g. `a[i] += a[j]` is two reads and a write) are averaged and the row is
marked with a dagger. A prediction agrees when both its wavefronts and its
ideal wavefronts per instruction are within --rel (default 1%) or --abs
(default 0.01) of the measurement.

Verdicts: agree, DISAGREE, not predicted (measured shared-memory line without a
usable prediction, including status "unknown"), not measured (prediction for a
line that executed no shared-memory instruction).

Exit status: 0 no disagreement; 1 at least one DISAGREE (or, with --strict,
any row that is not "agree"); 2 bad input (nothing parsed, or no prediction
matched any measured line, which usually means a file or kernel name mismatch).

Python 3 standard library only.
"""

import argparse
import csv
import glob
import json
import math
import os
import re
import sys

VERDICT_AGREE = "agree"
VERDICT_DISAGREE = "DISAGREE"
# ncu counts a warp instruction whose lanes are all predicated off as
# executed (0 wavefronts, 0 ideal); ldslint counts only warps with an active
# lane. When the measured ideal per instruction is below the prediction, the
# two are compared per ideal wavefront (the conflict factor) instead.
VERDICT_AGREE_ACTIVE = "agree (active warps)"
# A conflict whose degree depends on a value the analysis does not know (a
# loop bound from the command line) has a verdict but no mean: it agrees
# when the measured instructions conflict (more wavefronts than ideal); a
# "no conflict" without a mean agrees when they do not.
VERDICT_AGREE_VERDICT = "agree (verdict, no mean)"
VERDICT_NOT_PREDICTED = "not predicted"
VERDICT_NOT_MEASURED = "not measured"

SHARED_MNEMONIC = re.compile(r"^(LDS|STS|LDSM|STSM|ATOMS|REDS|LDGSTS)\b")
CAST_BEFORE_NUMBER = re.compile(
    r"\((?:(?:unsigned|signed|const)\s+)*(?:int|long\s+long|long|short|char|bool|"
    r"unsigned|size_t|std::size_t|(?:u?int(?:8|16|32|64)_t))\)\s*(?=-?\d)")
INT_SUFFIX = re.compile(r"(?<![\w.])(-?\d+)(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)(?!\w)")


# ---------------------------------------------------------------- names
def normalize_kernel(name):
    """'void load_stride<2U>(float *)' -> 'load_stride<2>'."""
    s = (name or "").strip()
    if s.endswith(")"):  # drop the parameter list
        depth = 0
        for i in range(len(s) - 1, -1, -1):
            if s[i] == ")":
                depth += 1
            elif s[i] == "(":
                depth -= 1
                if depth == 0:
                    s = s[:i]
                    break
    s = s.strip()
    depth, cut = 0, -1  # drop a return type: last blank outside <...> and (...)
    for i, c in enumerate(s):
        if c in "<(":
            depth += 1
        elif c in ">)":
            depth -= 1
        elif c == " " and depth == 0:
            cut = i
    if cut >= 0:
        s = s[cut + 1:]
    s = CAST_BEFORE_NUMBER.sub("", s)
    s = INT_SUFFIX.sub(r"\1", s)
    s = re.sub(r"\s+", "", s)
    # ncu writes bool template arguments as numbers, clang as words.
    s = re.sub(r"(?<=[<,])true(?=[,>])", "1", s)
    s = re.sub(r"(?<=[<,])false(?=[,>])", "0", s)
    return s


def base_name(kernel):
    return kernel.split("<", 1)[0]


def natural_key(s):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(s))]


def to_number(text):
    """'1,024' -> 1024.0; '-', '' or junk -> None."""
    if text is None:
        return None
    t = text.strip().replace(",", "")
    if t in ("", "-", "n/a", "N/A"):
        return None
    try:
        return float(t)
    except ValueError:
        return None


# ---------------------------------------------------------------- ncu CSV
class Measured:
    def __init__(self, file, kernel, line):
        self.file, self.kernel, self.line = file, kernel, line
        self.source = ""
        self.execs = 0.0
        self.wavefronts = 0.0
        self.ideal = 0.0
        self.nway = None
        self.ops = set()
        self.sass = {}  # mnemonic -> count of distinct instructions
        self.raw_names = set()

    @property
    def wpi(self):
        return self.wavefronts / self.execs if self.execs else None

    @property
    def ideal_pi(self):
        return self.ideal / self.execs if self.execs else None


def is_toolkit_header(path):
    return "/include/" in path and ("/cuda" in path or "/targets/" in path)


class NcuFormatError(Exception):
    pass


def parse_ncu_csv(path, measured, warnings):
    """Adds Measured entries keyed (file basename, kernel, line) to `measured`.
    Returns the number of shared-memory SASS instructions found."""
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        rows = list(csv.reader(fh))
    file_path = function = None
    header = None
    col = {}
    seen_addr = set()
    cur_line = None
    found = 0
    for r in rows:
        if not r or not any(c.strip() for c in r):
            continue
        head = r[0].strip()
        if head == "File Path":
            file_path = r[1] if len(r) > 1 else ""
            header, col, seen_addr, cur_line = None, {}, set(), None
            continue
        if head == "Function Name":
            function = r[1] if len(r) > 1 else ""
            seen_addr, cur_line = set(), None
            continue
        if head == "Kernel Name":
            raise NcuFormatError("%s: SASS-only export; use --print-source=cuda,sass" % path)
        if head == "File Name":
            raise NcuFormatError("%s: CUDA-only export; use --print-source=cuda,sass" % path)
        if head == "Line No":
            header = r
            col = {}
            for i, h in enumerate(r):
                col.setdefault(h.strip(), i)
            if "Address" not in col:
                raise NcuFormatError("%s: header without an Address column; use "
                                     "--print-source=cuda,sass" % path)
            col["_sass"] = col["Address"] + 1
            continue
        if header is None or function is None:
            continue  # tool chatter before the first block

        def get(name):
            i = col.get(name)
            return r[i] if i is not None and i < len(r) else None

        key_file = os.path.basename(file_path or "")
        kernel = normalize_kernel(function)
        if is_toolkit_header(file_path or ""):
            # Code inlined from CUDA's headers (atomicAdd in
            # device_atomic_functions.hpp) is also listed at the call site.
            continue
        if head:  # a CUDA source line row
            n = to_number(head)
            if n is None:
                continue
            cur_line = int(n)
            space = get("Address Space") or ""
            if "Shared" in space.split(","):
                m = measured.setdefault((key_file, kernel, cur_line),
                                        Measured(key_file, kernel, cur_line))
                m.source = (r[1] if len(r) > 1 else "").strip()
                nway = to_number(get("L1 Conflicts Shared N-Way"))
                if nway is not None:
                    m.nway = nway if m.nway is None else max(m.nway, nway)
            continue
        addr = (get("Address") or "").strip()
        if not addr.lower().startswith("0x"):
            continue  # "..." separators
        if addr in seen_addr:
            continue  # every SASS row is listed twice
        seen_addr.add(addr)
        sass = (r[col["_sass"]] if col["_sass"] < len(r) else "").strip()
        mnemonic = re.sub(r"^@!?U?P\w+\s+", "", sass).split(" ", 1)[0]
        space = get("Address Space")
        if space is not None and space.strip() not in ("",):
            is_shared = "Shared" in space.split(",")
        else:
            is_shared = bool(SHARED_MNEMONIC.match(mnemonic))
        if not is_shared:
            continue
        if cur_line is None:
            warnings.append("%s: %s %s has no source line" % (path, function, sass))
            continue
        m = measured.setdefault((key_file, kernel, cur_line),
                                Measured(key_file, kernel, cur_line))
        m.raw_names.add(function)
        m.execs += to_number(get("Instructions Executed")) or 0.0
        m.wavefronts += to_number(get("L1 Wavefronts Shared")) or 0.0
        m.ideal += to_number(get("L1 Wavefronts Shared Ideal")) or 0.0
        op = (get("Access Operation") or "").strip()
        if op and op != "-":
            m.ops.add(op)
        m.sass[mnemonic] = m.sass.get(mnemonic, 0) + 1
        found += 1
    return found


# ---------------------------------------------------------------- predictions
def load_predictions(paths, warnings):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files.extend(sorted(glob.glob(os.path.join(p, "*.json"))))
        else:
            files.append(p)
    preds = {}
    for path in files:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        findings = data.get("findings", []) if isinstance(data, dict) else data
        if not isinstance(findings, list):
            raise ValueError("%s: no findings list" % path)
        for f in findings:
            if not isinstance(f, dict):
                continue
            try:
                line = int(f.get("line"))
            except (TypeError, ValueError):
                warnings.append("%s: finding without a line: %r" % (path, f))
                continue
            # An ok finding with no instruction (not executed under the
            # launch, or a read whose value the compiler reuses) predicts
            # nothing for the counters to count: a measurement at its line
            # then shows as measured without a prediction.
            if (str(f.get("status", "")).lower() == "ok" and
                    number(f.get("wavefronts_per_instruction")) == 0):
                continue
            key = (os.path.basename(str(f.get("file", ""))),
                   normalize_kernel(str(f.get("function", ""))), line)
            preds.setdefault(key, []).append(f)
    return preds, files


def load_reference(paths, measured, warnings):
    """--ref: use findings of a reference JSON (e.g. expected/*.json, same format
    as ldslint's) in place of hardware measurements. An optional per-finding
    "executions" weights several findings on one line."""
    refs, files = load_predictions(paths, warnings)
    for key, fs in refs.items():
        m = measured.setdefault(key, Measured(*key))
        for f in fs:
            w = number(f.get("wavefronts_per_instruction"))
            i = number(f.get("ideal_wavefronts_per_instruction"))
            if w is None or i is None or str(f.get("status", "")).lower() == "unknown":
                continue
            n = number(f.get("executions")) or 1.0
            m.execs += n
            m.wavefronts += w * n
            m.ideal += i * n
            m.ops.add(str(f.get("access", "")))
            d = number(f.get("degree"))
            if d is not None:
                m.nway = d if m.nway is None else max(m.nway, d)
            m.raw_names.add(str(f.get("function", "")))
    return files


def number(x):
    if isinstance(x, bool) or x is None:
        return None
    if isinstance(x, (int, float)):
        return float(x) if math.isfinite(x) else None
    try:
        v = float(str(x).strip())
        return v if math.isfinite(v) else None
    except ValueError:
        return None


# ---------------------------------------------------------------- comparison
def close(p, m, rel, abs_tol):
    return abs(p - m) <= max(rel * abs(m), abs_tol)


def fmt(x):
    if x is None:
        return "-"
    s = "%.4f" % x
    return s.rstrip("0").rstrip(".") if "." in s else s


def access_label(findings):
    counts = {}
    for f in findings:
        a = str(f.get("access", "?"))
        counts[a] = counts.get(a, 0) + 1
    parts = []
    for a in sorted(counts):
        parts.append(a if counts[a] == 1 else "%s x%d" % (a, counts[a]))
    return ", ".join(parts) + (" \u2020" if len(findings) > 1 else "")


def remap_untemplated(preds, measured, warnings):
    """A prediction named 'k' (no template arguments) matches the one measured
    instantiation 'k<...>' on that file and line, if exactly one exists."""
    out = {}
    for (f, k, line), fs in preds.items():
        if (f, k, line) not in measured and "<" not in k:
            cands = [mk for (mf, mk, ml) in measured
                     if mf == f and ml == line and base_name(mk) == k and mk != k]
            if len(cands) == 1:
                out.setdefault((f, cands[0], line), []).extend(fs)
                continue
            if len(cands) > 1:
                warnings.append("%s:%d: prediction for '%s' matches several instantiations "
                                "(%s); left unmatched" % (f, line, k, ", ".join(sorted(cands))))
        out.setdefault((f, k, line), []).extend(fs)
    return out


def remap_device_functions(preds, measured, warnings):
    """A prediction for a device function that ran under no kernel of its
    name (an entry ldslint analyses on its own: a function called only
    through a table, which nvcc may inline into the kernel that calls it)
    matches the one kernel measured at that file and line, if exactly one
    exists and has no prediction of its own there."""
    measured_kernels = {(mf, mk) for (mf, mk, ml) in measured}
    out = {}
    for (f, k, line), fs in preds.items():
        if (f, k) not in measured_kernels:
            cands = [mk for (mf, mk, ml) in measured
                     if mf == f and ml == line and (mf, mk, ml) not in preds]
            if len(cands) == 1:
                warnings.append("%s:%d: prediction for '%s' compared with kernel '%s', "
                                "which ran it" % (f, line, k, cands[0]))
                out.setdefault((f, cands[0], line), []).extend(fs)
                continue
        out.setdefault((f, k, line), []).extend(fs)
    return out


def compare(preds, measured, rel, abs_tol):
    rows = []
    for key in sorted(set(preds) | set(measured),
                      key=lambda k: (k[0], natural_key(k[1]), k[2])):
        f, k, line = key
        fs = preds.get(key, [])
        m = measured.get(key)
        row = {"file": f, "line": line, "kernel": k, "findings": fs, "measured": m,
               "access": access_label(fs) if fs else
               ("(" + "/".join(sorted(m.ops)).lower() + ")" if m and m.ops else "-"),
               "pred": None, "pred_ideal": None, "note": []}
        usable = []
        for x in fs:
            w = number(x.get("wavefronts_per_instruction"))
            i = number(x.get("ideal_wavefronts_per_instruction"))
            if str(x.get("status", "")).lower() != "unknown" and w is not None and i is not None:
                usable.append((w, i))
        if fs and len(usable) == len(fs):
            row["pred"] = sum(w for w, _ in usable) / len(usable)
            row["pred_ideal"] = sum(i for _, i in usable) / len(usable)
        if len(fs) > 1:
            row["note"].append("mean of %d findings" % len(fs))
        if m is not None and m.sass:
            row["note"].append(", ".join("%s x%d" % (s, n) if n > 1 else s
                                         for s, n in sorted(m.sass.items())))
        if m is None or not m.execs:
            row["verdict"] = VERDICT_NOT_MEASURED
            if m is not None:
                row["note"].append("never executed")
        elif not fs:
            row["verdict"] = VERDICT_NOT_PREDICTED
        elif row["pred"] is None and fs and all(
                str(x.get("status", "")).lower() == "conflict" for x in fs):
            conflicts = m.ideal_pi and m.wpi > m.ideal_pi * (1 + rel) + abs_tol
            row["verdict"] = VERDICT_AGREE_VERDICT if conflicts else VERDICT_DISAGREE
            row["note"].append("predicted a conflict of %s-way, no mean" % "/".join(
                sorted({"%s- to %s" % (x["least_degree"], x["degree"]) if x.get("least_degree")
                        else str(x.get("degree")) for x in fs})))
        elif row["pred"] is None and fs and all(
                str(x.get("status", "")).lower() == "ok" for x in fs):
            # No conflict claimed without a mean (how wide the instructions
            # are is not claimed): agrees when none is measured.
            conflicts = m.ideal_pi and m.wpi > m.ideal_pi * (1 + rel) + abs_tol
            row["verdict"] = VERDICT_DISAGREE if conflicts else VERDICT_AGREE_VERDICT
            row["note"].append("predicted no conflict, no mean")
        elif row["pred"] is None:
            row["verdict"] = VERDICT_NOT_PREDICTED
            reasons = sorted({str(x.get("reason", "")).strip() for x in fs
                              if str(x.get("status", "")).lower() == "unknown"} - {""})
            row["note"].append("status unknown" + (": " + "; ".join(reasons) if reasons else ""))
        else:
            ok = (close(row["pred"], m.wpi, rel, abs_tol) and
                  close(row["pred_ideal"], m.ideal_pi, rel, abs_tol))
            row["verdict"] = VERDICT_AGREE if ok else VERDICT_DISAGREE
            if (not ok and m.ideal_pi and row["pred_ideal"] and
                    m.ideal_pi < row["pred_ideal"] - abs_tol and
                    close(row["pred"] / row["pred_ideal"], m.wpi / m.ideal_pi,
                          rel, abs_tol)):
                row["verdict"] = VERDICT_AGREE_ACTIVE
                row["note"].append(
                    "same %.4g wavefronts per ideal wavefront; ncu also counts "
                    "%.0f%% of executions with every lane predicated off" %
                    (m.wpi / m.ideal_pi,
                     100.0 * (1 - m.ideal_pi / row["pred_ideal"])))
        rows.append(row)
    return rows


def md_escape(s):
    return str(s).replace("|", "\\|")


def render_markdown(rows, title, pred_files, ncu_files, rel, abs_tol, warnings):
    counts = {}
    for r in rows:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    out = ["# " + title, ""]
    names = lambda fs: ", ".join(os.path.basename(f) for f in fs) if fs else "(none)"
    out.append("Predictions: %s  " % names(pred_files))
    out.append("Measured: %s  " % names(ncu_files))
    out.append("Agreement: predicted and measured wavefronts per instruction, and ideal "
               "wavefronts per instruction, equal within %g%% or %g absolute. "
               "\u2020 = several findings on the line, their mean is compared."
               % (rel * 100, abs_tol))
    out.append("")
    verdicts = counts.get(VERDICT_AGREE_VERDICT, 0)
    out.append("**Summary: %d agree, %d agree on active warps, %s%d DISAGREE, %d not predicted, %d not measured "
               "(%d rows)**" % (counts.get(VERDICT_AGREE, 0), counts.get(VERDICT_AGREE_ACTIVE, 0),
                               "%d agree on the verdict (no mean), " % verdicts if verdicts else "",
                               counts.get(VERDICT_DISAGREE, 0),
                                counts.get(VERDICT_NOT_PREDICTED, 0),
                                counts.get(VERDICT_NOT_MEASURED, 0), len(rows)))
    out.append("")
    out.append("| file | line | kernel | access | predicted wpi / ideal | measured wpi / ideal "
               "| measured N-way | verdict | note |")
    out.append("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        m = r["measured"]
        pred = "-" if not r["findings"] else (
            "%s / %s" % (fmt(r["pred"]), fmt(r["pred_ideal"])) if r["pred"] is not None
            else "unknown")
        meas = "-" if m is None or not m.execs else "%s / %s" % (fmt(m.wpi), fmt(m.ideal_pi))
        nway = "-" if m is None or m.nway is None else fmt(m.nway)
        out.append("| %s | %d | `%s` | %s | %s | %s | %s | %s | %s |" % (
            md_escape(r["file"]), r["line"], md_escape(r["kernel"]), md_escape(r["access"]),
            pred, meas, nway, r["verdict"], md_escape("; ".join(r["note"]))))
    if warnings:
        out.append("")
        out.append("Warnings:")
        out.append("")
        for w in warnings:
            out.append("- " + md_escape(w))
    return "\n".join(out) + "\n"


def write_measurements(path, measured):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "kernel", "line", "executions", "wavefronts", "ideal_wavefronts",
                    "wavefronts_per_instruction", "ideal_per_instruction", "nway",
                    "operations", "sass", "ncu_function", "source"])
        for key in sorted(measured, key=lambda k: (k[0], natural_key(k[1]), k[2])):
            m = measured[key]
            w.writerow([m.file, m.kernel, m.line, fmt(m.execs), fmt(m.wavefronts), fmt(m.ideal),
                        fmt(m.wpi), fmt(m.ideal_pi), fmt(m.nway), "/".join(sorted(m.ops)),
                        " ".join("%s:%d" % kv for kv in sorted(m.sass.items())),
                        " | ".join(sorted(m.raw_names)), m.source])


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Compare ldslint JSON predictions with Nsight Compute source-page CSVs.")
    ap.add_argument("--pred", action="append", default=[], metavar="JSON|DIR",
                    help="ldslint JSON file or directory of *.json (repeatable)")
    ap.add_argument("--ncu", action="append", default=[], metavar="CSV",
                    help="ncu --page source --csv --print-source=cuda,sass export (repeatable)")
    ap.add_argument("--ref", action="append", default=[], metavar="JSON|DIR",
                    help="reference JSON in ldslint's format (e.g. expected/) used in place "
                    "of --ncu measurements: checks ldslint against the model without a GPU")
    ap.add_argument("-o", "--output", help="also write the markdown report here")
    ap.add_argument("--measurements-out", help="write the per-line measurements as CSV")
    ap.add_argument("--title", default="ldslint vs Nsight Compute: shared-memory wavefronts "
                    "per instruction")
    ap.add_argument("--rel", type=float, default=0.01, help="relative tolerance (0.01)")
    ap.add_argument("--abs", dest="abs_tol", type=float, default=0.01,
                    help="absolute tolerance (0.01)")
    ap.add_argument("--strict", action="store_true",
                    help="also fail on 'not predicted' and 'not measured' rows")
    args = ap.parse_args(argv)

    warnings = []
    measured = {}
    try:
        for path in args.ncu:
            if parse_ncu_csv(path, measured, warnings) == 0:
                warnings.append("%s: no shared-memory SASS instructions found" % path)
        ref_files = load_reference(args.ref, measured, warnings) if args.ref else []
        preds, pred_files = load_predictions(args.pred, warnings)
    except (OSError, ValueError, NcuFormatError) as e:
        print("compare.py: error: %s" % e, file=sys.stderr)
        return 2
    if not measured:
        print("compare.py: error: no shared-memory measurements parsed from %s"
              % ((args.ncu + args.ref) or "(no --ncu or --ref given)"), file=sys.stderr)
        return 2
    if not preds:
        warnings.append("no findings loaded from %s" % (args.pred or "(no --pred given)"))
    preds = remap_untemplated(preds, measured, warnings)
    preds = remap_device_functions(preds, measured, warnings)
    rows = compare(preds, measured, args.rel, args.abs_tol)
    text = render_markdown(rows, args.title, pred_files, args.ncu + ref_files, args.rel,
                           args.abs_tol, warnings)
    sys.stdout.write(text)
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(text)
    if args.measurements_out:
        write_measurements(args.measurements_out, measured)
    matched = [r for r in rows if r["findings"] and r["measured"] is not None
               and r["measured"].execs]
    if preds and not matched:
        print("compare.py: error: no prediction matched a measured line: check file names "
              "and kernel names (see the table)", file=sys.stderr)
        return 2
    bad = [r for r in rows if r["verdict"] == VERDICT_DISAGREE or
           (args.strict and r["verdict"] != VERDICT_AGREE)]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
