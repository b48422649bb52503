#!/usr/bin/env python3
"""The bank maps agree with the JSON findings, for every lit input.

For each CUDA input under test/lit that compiles with the stub header and
has findings, runs the driver three times (--format=json --report=all,
--format=html --report=all, --explain) and checks:
  * the HTML page embeds exactly the JSON findings (same fields, same order),
    each with a bank map when it was decided;
  * a conflict's map: its worst bank serves `degree` words, the bank the
    JSON reason names is such a bank, and the lanes the reason lists are in it;
    a conflict-free access's map has no bank serving two words;
  * the map after a fix is conflict-free (the planner's proof, re-evaluated);
  * the warp/iteration views: every kept map's cells agree with its degree,
    none is worse than the finding, the one marked worst has the finding's
    degree and is the finding's map, every map after the fix is
    conflict-free, and the kept warps and iterations respect the caps;
  * --explain draws each reported conflict once per target with the JSON's
    degree ("N-way" headline and "worst phase N-way").
usage: agree_json.py LDSLINT SRC_ROOT CUDA_ARCH STUB_ARGS...
"""
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

ldslint, src_root, arch = sys.argv[1:4]
stub_args = sys.argv[4:]


def run(fmt_args, path):
    r = subprocess.run([ldslint, "--arch=" + arch] + fmt_args + [path, "--"] + stub_args,
                       capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout


def html_data(page):
    m = re.search(r'<script type="application/json" id="ldslint-data">(.*?)</script>', page, re.S)
    return json.loads(m.group(1).replace("<\\/", "</"))["findings"]


def lanes_of_reason(reason):
    m = re.match(r"lanes ([\d, .]+) of (?:warp|wavefront)", reason)
    return [int(x) for x in re.findall(r"\d+", m.group(1))] if m else []


def expand(v, m):
    """A views map in full (the page's expand(): the compact cells
    [bank, words, lane, byte, ...] and the phases' lanes kept in the views)."""
    return dict(m, phases=[{"lanes": v["phase_lanes"][i], "wavefronts": p["wavefronts"],
                            "cells": [{"bank": c[0], "words": c[1],
                                       "lanes": [[c[k], c[k + 1]] for k in range(2, len(c), 2)]}
                                      for c in p["cells"]]}
                           for i, p in enumerate(m["phases"])])


def worst_words(m):
    return max([c["words"] for p in m["phases"] for c in p["cells"]] or [0])


def check_views(where, f, g):
    v = g.get("views")
    if not v:
        return [where + ": a bank map but no views"] if g.get("map") else []
    problems = []
    if len(v["warps"]) > v["warp_cap"] + 1 or len(v["warps"]) > v["warps_total"]:
        problems.append("%s: %d warps kept (cap %d, total %d)"
                        % (where, len(v["warps"]), v["warp_cap"], v["warps_total"]))
    for w in v["warps"]:
        if len(w["steps"]) > v["step_cap"] + 1 or len(w["steps"]) > v["most_steps"]:
            problems.append("%s: %s keeps %d steps" % (where, w["label"], len(w["steps"])))
        for s in w["steps"]:
            m = expand(v, v["maps"][s["map"]])
            if worst_words(m) != m["degree"]:
                problems.append("%s: %s step %d: cells %d words, degree %d"
                                % (where, w["label"], s["step"], worst_words(m), m["degree"]))
            if f["degree"] is not None and m["degree"] > f["degree"]:
                problems.append("%s: %s step %d is %d-way, the finding %d-way"
                                % (where, w["label"], s["step"], m["degree"], f["degree"]))
            if g.get("after") and s["after"] is not None and v["maps"][s["after"]]["degree"] != 1:
                problems.append("%s: %s step %d is not conflict-free after the fix"
                                % (where, w["label"], s["step"]))
    if v["worst"] is None:
        problems.append(where + ": the worst instruction is not among the views")
    else:
        w = v["warps"][v["worst"][0]]
        m = expand(v, v["maps"][w["steps"][v["worst"][1]]["map"]])
        shown = g["map"]
        if (m["degree"] != shown["degree"] or m["phases"] != shown["phases"]
                or w["threads"] != shown["threads"]):
            problems.append(where + ": the views' worst instruction is not the finding's map")
    return problems


def check_file(path):
    problems = []
    rc, out = run(["--format=json", "--report=all"], path)
    if rc not in (0, 1):
        return path, None, []  # needs flags this generic run does not give
    expected = json.loads(out)["findings"]
    if not expected:
        return path, 0, []
    rc, page = run(["--format=html", "--report=all"], path)
    got = html_data(page)
    extras = ("map", "after", "after_fix", "source", "views")
    if [{k: v for k, v in g.items() if k not in extras} for g in got] != expected:
        problems.append("HTML data differs from the JSON findings")
    for f, g in zip(expected, got):
        where = "%s:%d:%d (%s)" % (os.path.basename(f["file"]), f["line"], f["column"], f["arch"])
        m = g.get("map")
        # An ok finding with no instruction (not executed, or a read whose
        # value the compiler reuses) has no lanes to draw.
        no_instruction = f["status"] == "ok" and f.get("wavefronts_per_instruction") == 0
        # An array within one row of the banks is conflict-free whatever
        # the lanes' (unknown) addresses: there are none to draw.
        one_row = f["status"] == "ok" and any(
            "within one row of the" in a for a in f.get("assumptions", []))
        if f["status"] != "unknown" and not m and not no_instruction and not one_row:
            problems.append(where + ": decided but no bank map")
        if not m:
            continue
        words = [(c["bank"], c["words"], [l for l, _ in c["lanes"]])
                 for p in m["phases"] for c in p["cells"]]
        worst = max([w for _, w, _ in words] or [0])
        if f["status"] == "conflict":
            if m["degree"] != f["degree"] or worst != f["degree"]:
                problems.append("%s: map %d-way (worst bank %d words), JSON %d-way"
                                % (where, m["degree"], worst, f["degree"]))
            bank = re.search(r"all in bank (\d+)", f["reason"])
            lanes = lanes_of_reason(f["reason"])
            if bank and not any(b == int(bank.group(1)) and w == f["degree"] and
                                set(lanes) <= set(ls) for b, w, ls in words):
                problems.append("%s: bank %s with lanes %s not in the map"
                                % (where, bank.group(1), lanes))
        elif f["status"] == "ok" and worst > 1 and not m["relative"]:
            problems.append(where + ": conflict-free, but the map has a bank with %d words" % worst)
        if g.get("after"):
            a = g["after"]
            if a["degree"] != 1:
                problems.append("%s: %d-way after the fix" % (where, a["degree"]))
        problems += check_views(where, f, g)
    rc, text = run(["--explain"], path)
    heads = re.findall(r"^== .*?:(\d+):(\d+): (?:\d+- to )?(\d+)-way bank conflict .*\((\S+)\)$", text, re.M)
    totals = [int(x) for x in re.findall(r"worst phase (\d+)-way", text)]
    reported = sorted((f["line"], f["column"], f["degree"], f["arch"]) for f in expected
                      if f["status"] == "conflict")
    drawn = sorted(set((int(l), int(c), int(d), a) for l, c, d, a in heads))
    if sorted(set(reported)) != drawn:
        problems.append("--explain draws %s, JSON reports %s" % (drawn, sorted(set(reported))))
    return path, len(expected), problems


def main():
    files = sorted(glob.glob(os.path.join(src_root, "test", "lit", "**", "*.cu"), recursive=True))
    checked = 0
    failed = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for path, count, problems in pool.map(check_file, files):
            if count:
                checked += 1
            for p in problems:
                failed = True
                print("%s: %s" % (os.path.relpath(path, src_root), p))
    print("agree_json: %d input(s) with findings checked" % checked)
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
