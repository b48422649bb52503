#!/usr/bin/env python3
"""Prints what an ldslint HTML page embeds, for FileCheck: per finding its
degree, the first active phase's cells (bank, words, lanes) before and after
the fix, and the source line."""
import json
import re
import sys

page = open(sys.argv[1]).read()
data = re.search(r'<script type="application/json" id="ldslint-data">(.*?)</script>', page, re.S)
findings = json.loads(data.group(1).replace("<\\/", "</"))["findings"]
print("findings:", len(findings))
for f in findings:
    print("finding %d:%d degree %s" % (f["line"], f["column"], f["degree"]))
    for name in ("map", "after"):
        m = f.get(name)
        if not m:
            print(name, "none")
            continue
        phase = next(p for p in m["phases"] if p["cells"])
        print(name, [(c["bank"], c["words"], [l for l, _ in c["lanes"]]) for c in phase["cells"]])
    print("source:", f["source"])
