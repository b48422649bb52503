#!/usr/bin/env python3
"""Makes a deliberately wrong copy of ldslint's JSON, to prove check.py fails.

    mutate.py MODE IN.json OUT.json

MODE: wavefronts | ideal | degree (the first decided finding's number + 1),
drop (its finding removed), extra (a copy of it on a line no access has),
unknown (it becomes `unknown`: counted, not a disagreement).
"""
import json
import sys


def main():
    mode, src, dst = sys.argv[1:4]
    with open(src) as fh:
        data = json.load(fh)
    fs = data["findings"]
    n = next(i for i, f in enumerate(fs)
             if f.get("status") != "unknown" and f.get("wavefronts_per_instruction") is not None)
    f = fs[n]
    if mode == "wavefronts":
        f["wavefronts_per_instruction"] += 1
    elif mode == "ideal":
        f["ideal_wavefronts_per_instruction"] += 1
    elif mode == "degree":
        f["degree"] += 1
    elif mode == "drop":
        del fs[n]
    elif mode == "extra":
        fs.append(dict(f, line=f["line"] + 100000))
    elif mode == "unknown":
        f.update(status="unknown", degree=None, wavefronts_per_instruction=None,
                 ideal_wavefronts_per_instruction=None)
    else:
        sys.exit("mutate.py: unknown mode " + mode)
    with open(dst, "w") as fh:
        json.dump(data, fh)


if __name__ == "__main__":
    main()
