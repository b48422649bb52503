#!/usr/bin/env python3
"""Compare ldslint's JSON findings with the brute-force reference of gen.py.

    check.py --ref NAME.ref.json --pred ldslint.json [--summary-json FILE]

For every access of the reference, ldslint's finding(s) for the same
(kernel, line, array) must give the same worst degree and, when ldslint gives a mean,
the same wavefronts and ideal wavefronts per warp instruction (within 1e-3).
ldslint saying `unknown` is counted, not a disagreement. A missing finding, a
decided finding the reference does not know, or a different number is a
disagreement, printed one per line.

Exit status: 0 no disagreement, 1 some disagreement, 2 bad input.
Python 3 standard library only.
"""

import argparse
import json
import sys

TOLERANCE = 1e-3


def key(f):
    """(kernel, line, array): several arrays may share a line."""
    return ("".join(str(f.get("function", "")).split()), int(f["line"]), str(f.get("array", "")))


def close(a, b):
    return a is not None and b is not None and abs(float(a) - float(b)) <= TOLERANCE


def compare(ref, pred):
    """Returns (counts, disagreement lines)."""
    refs, preds = {}, {}
    for f in ref.get("findings", []):
        refs.setdefault(key(f), []).append(f)
    for f in pred.get("findings", []):
        preds.setdefault(key(f), []).append(f)
    counts = {"accesses": 0, "agree": 0, "unknown": 0, "disagree": 0}
    bad = []
    for k in sorted(refs, key=lambda k: (int(k[0].lstrip("k").split("<")[0] or 0)
                                         if k[0].lstrip("k").split("<")[0].isdigit() else 0, k)):
        for r in refs[k]:
            counts["accesses"] += 1
            ps = preds.get(k, [])
            if not ps:
                counts["disagree"] += 1
                bad.append("%s:%d: no finding from ldslint for '%s' (reference: degree %s, "
                           "%.4g wavefronts)" % (k[0], k[1], k[2], r["degree"],
                                                 r["wavefronts_per_instruction"]))
                continue
            if any(str(p.get("status")) == "unknown" for p in ps):
                counts["unknown"] += 1
                continue
            problems = []
            for p in ps:
                if p.get("degree") != r["degree"]:
                    problems.append("degree %s, reference %s" % (p.get("degree"), r["degree"]))
                for field in ("wavefronts_per_instruction", "ideal_wavefronts_per_instruction"):
                    if p.get(field) is not None and not close(p[field], r[field]):
                        problems.append("%s %s, reference %.6g" % (field, p[field], r[field]))
                if p.get("width") is not None and p.get("width") != r["width"]:
                    problems.append("width %s, reference %s" % (p.get("width"), r["width"]))
            if problems:
                counts["disagree"] += 1
                bad.append("%s:%d: '%s': %s" % (k[0], k[1], k[2], "; ".join(problems)))
            else:
                counts["agree"] += 1
    for k in sorted(set(preds) - set(refs)):
        for p in preds[k]:
            if str(p.get("status")) != "unknown":
                counts["disagree"] += 1
                bad.append("%s:%d: ldslint reports an access to '%s' the reference does not "
                           "know (status %s, width %s)" % (k[0], k[1], k[2], p.get("status"),
                                                          p.get("width")))
    return counts, bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", required=True)
    ap.add_argument("--pred", required=True)
    ap.add_argument("--summary-json", help="write the counts here")
    args = ap.parse_args(argv)
    try:
        with open(args.ref) as fh:
            ref = json.load(fh)
        with open(args.pred) as fh:
            pred = json.load(fh)
    except (OSError, ValueError) as e:
        print("check.py: %s" % e, file=sys.stderr)
        return 2
    if not ref.get("findings"):
        print("check.py: %s has no accesses" % args.ref, file=sys.stderr)
        return 2
    counts, bad = compare(ref, pred)
    name = ref.get("findings")[0].get("file", args.ref)
    for b in bad:
        print("DISAGREE %s %s" % (name, b))
    print("%s: %d accesses, %d agree, %d unknown, %d disagree" % (
        name, counts["accesses"], counts["agree"], counts["unknown"], counts["disagree"]))
    if args.summary_json:
        with open(args.summary_json, "w") as fh:
            json.dump(counts, fh)
    return 1 if counts["disagree"] else 0


if __name__ == "__main__":
    sys.exit(main())
