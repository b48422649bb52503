#!/usr/bin/env python3
"""Prints the warp/iteration views an ldslint HTML page embeds, for
FileCheck.  usage: html_views.py PAGE.html [FINDING WARP STEP]...

Per finding: how many warps and iterations were kept of how many, whether
capped, how many distinct maps, the worst instruction; per warp its label
and each kept step's iteration and degree (before -> after the fix). With
FINDING WARP STEP triples (indices), the cells of that instruction's map
(before and after): "bank: lanes" per cell, phase by phase."""
import json
import re
import sys


def expand(v, m):
    """A views map in full (the page's expand(): the compact cells
    [bank, words, lane, byte, ...] and the phases' lanes kept in the views)."""
    return dict(m, phases=[{"lanes": v["phase_lanes"][i], "wavefronts": p["wavefronts"],
                            "cells": [{"bank": c[0], "words": c[1],
                                       "lanes": [[c[k], c[k + 1]] for k in range(2, len(c), 2)]}
                                      for c in p["cells"]]}
                           for i, p in enumerate(m["phases"])])

page = open(sys.argv[1]).read()
data = re.search(r'<script type="application/json" id="ldslint-data">(.*?)</script>', page, re.S)
findings = json.loads(data.group(1).replace("<\\/", "</"))["findings"]
print("page bytes:", len(page))
for i, f in enumerate(findings):
    v = f.get("views")
    print("finding %d %d:%d degree %s" % (i, f["line"], f["column"], f["degree"]))
    if not v:
        print("  no views")
        continue
    print("  warps %d of %d, most steps %d, caps %d x %d, capped %s, maps %d, worst %s"
          % (len(v["warps"]), v["warps_total"], v["most_steps"], v["warp_cap"],
             v["step_cap"], v["capped"], len(v["maps"]), v["worst"]))
    for w in v["warps"]:
        steps = ["%s:%d->%s" % (s["iteration"] or "#%d" % s["step"], v["maps"][s["map"]]["degree"],
                                "-" if s["after"] is None else v["maps"][s["after"]]["degree"])
                 for s in w["steps"]]
        print("  %s [%d steps] %s" % (w["label"], len(w["steps"]), " ".join(steps)))

args = [int(a) for a in sys.argv[2:]]
for fi, wi, si in zip(args[0::3], args[1::3], args[2::3]):
    v = findings[fi]["views"]
    w = v["warps"][wi]
    s = w["steps"][si]
    for name in ("map", "after"):
        if s[name] is None:
            print("cells %d %s %s %s: none" % (fi, w["label"], s["iteration"], name))
            continue
        m = expand(v, v["maps"][s[name]])
        for pi, p in enumerate(m["phases"]):
            cells = " ".join("%d:%s" % (c["bank"], ",".join(str(l) for l, _ in c["lanes"]))
                             for c in p["cells"])
            print("cells %d %s %s %s phase %d: %s" % (fi, w["label"], s["iteration"], name, pi, cells))
        # Thread of lane 1, and the bytes of lanes 0 and 1 (index values in the hover).
        t = w["threads"][1] if len(w["threads"]) > 1 else None
        b = {l: byte for p in m["phases"] for c in p["cells"] for l, byte in c["lanes"]}
        print("lane 1 %s: thread %s byte %s (lane 0 byte %s)" % (name, t, b.get(1), b.get(0)))
