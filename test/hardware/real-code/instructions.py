#!/usr/bin/env python3
"""Shared-memory SASS instructions of an ncu source CSV (--print-source=
cuda,sass): executions, wavefronts and ideal wavefronts per execution."""
import csv
import sys

rows = list(csv.reader(open(sys.argv[1])))
header = next(r for r in rows if "Address" in r and "L1 Wavefronts Shared" in r)
col = {name: i for i, name in enumerate(header)}
ex, wf, ideal = (col["Instructions Executed"], col["L1 Wavefronts Shared"],
                 col["L1 Wavefronts Shared Ideal"])
sass = col["Address"] + 1
for r in rows:
    if len(r) <= ideal or not any(op in r[sass] for op in ("LDS", "STS", "LDSM", "STSM")):
        continue
    try:
        n = float(r[ex])
    except ValueError:
        continue
    if n > 0:
        print(f"{r[sass].strip():44s} executed {int(n):>9d}  wavefronts {float(r[wf]) / n:6.2f}"
              f"  ideal {float(r[ideal]) / n:6.2f}")
