#!/usr/bin/env python3
"""Cost of the LDS instructions the AMDGPU backend emits, versus ldslint's
source-level model (one b32 instruction per 4-byte source access), for the
patterns in patterns.hip. Wave 0 only, gfx942 lane groups from
/work/shared/reference/bank-models.md (also docs/README.md):

  b32   2 groups: lanes 0-31, 32-63                     (32 banks)
  b64   4 groups of 16 consecutive lanes                (32 banks)
  b128  reads:  {0-3,20-23} {4-7,16-19} {8-11,28-31} {12-15,24-27} (+32)
        writes: 8 groups of 8 consecutive lanes

Cost of one instruction = sum over lane groups (with an active lane) of the
largest number of distinct dwords one bank must serve; ideal = number of such
groups. Same convention as lib/BankSolver (wavefronts / ideal wavefronts).

ds_read2_b32 / ds_write2(st64)_b32 (two addresses per lane) have no public
lane grouping. Two candidate models are computed:
  A  "two b32": addr0 for all lanes (b32 groups), then addr1 (b32 groups)
  B  "like b64": 16-lane groups, each lane contributes both dwords
Both are INFERRED, not measured; see docs/amd-codegen.md.

  python3 tools/amd-codegen/lane_cost.py        # prints a markdown table
"""

from collections import defaultdict

BANKS = 32
WAVE = 64


def groups_b32():
    return [list(range(0, 32)), list(range(32, 64))]


def groups_b64():
    return [list(range(g, g + 16)) for g in range(0, 64, 16)]


def groups_b128_read():
    def lg(a, b):
        return list(range(a, a + 4)) + list(range(b, b + 4))
    base = [lg(0, 20), lg(4, 16), lg(8, 28), lg(12, 24)]
    return base + [[l + 32 for l in g] for g in base]


def groups_b128_write():
    return [list(range(g, g + 8)) for g in range(0, 64, 8)]


def cost(groups, dwords_of_lane):
    """dwords_of_lane(lane) -> list of dword addresses (None: lane inactive)."""
    total = ideal = 0
    for g in groups:
        per_bank = defaultdict(set)
        active = False
        for lane in g:
            ds = dwords_of_lane(lane)
            if ds is None:
                continue
            active = True
            for d in ds:
                per_bank[d % BANKS].add(d)
        if active:
            ideal += 1
            total += max(len(v) for v in per_bank.values())
    return total, ideal


def b32_each(addrs):
    """Source model: one b32 instruction per access; addrs = [f(lane) -> dword]."""
    t = i = 0
    for f in addrs:
        c, d = cost(groups_b32(), lambda l, f=f: [f(l)])
        t, i = t + c, i + d
    return t, i


def read2(f0, f1):
    a = b32_each([f0, f1])
    b = cost(groups_b64(), lambda l: [f0(l), f1(l)])
    return a, b


def vec(groups, f, n):
    return cost(groups, lambda l: [f(l) + k for k in range(n)])


def lane2d(bx):
    return (lambda l: l % bx), (lambda l: l // bx)


def fmt(ci):
    c, i = ci
    return f"{c}/{i}" + (f" ({c / i:.0f}x)" if c != i else "")


def main():
    rows = []
    t = lambda l: l

    # 1-D block of 64+
    rows.append(("s[2t] + s[2t+1]", "ds_read_b64",
                 b32_each([lambda l: 2 * l, lambda l: 2 * l + 1]),
                 vec(groups_b64(), lambda l: 2 * l, 2), None))
    a, b = read2(lambda l: l, lambda l: l + 1)
    rows.append(("s[t] + s[t+1]", "ds_read2_b32 0/1",
                 b32_each([t, lambda l: l + 1]), a, b))
    a, b = read2(lambda l: l, lambda l: l + 32)
    rows.append(("s[t] + s[t+32] (reduction step s=32)", "ds_read2_b32 0/32",
                 b32_each([t, lambda l: l + 32]), a, b))
    a, b = read2(lambda l: l, lambda l: l + 64)
    rows.append(("s[t] + s[t+64] (reduction step s=64)", "ds_read2st64_b32 0/1",
                 b32_each([t, lambda l: l + 64]), a, b))
    a, b = read2(lambda l: l, lambda l: l + 16)
    rows.append(("s[t] + s[t+16] (reduction step s=16)", "ds_read2_b32 0/16",
                 b32_each([t, lambda l: l + 16]), a, b))
    rows.append(("s[4t..4t+3] / float4 s4[t]", "ds_read_b128",
                 b32_each([lambda l, k=k: 4 * l + k for k in range(4)]),
                 vec(groups_b128_read(), lambda l: 4 * l, 4), None))

    # transpose, block 32x8, tile[tx][ty+j], j = 0 and 8 (one read2)
    tx, ty = lane2d(32)
    for pitch in (32, 33):
        f0 = lambda l, p=pitch: p * tx(l) + ty(l)
        f1 = lambda l, p=pitch: p * tx(l) + ty(l) + 8
        a, b = read2(f0, f1)
        rows.append((f"transpose read tile[tx][ty+j], [32][{pitch}], 32x8", "ds_read2_b32 0/8",
                     b32_each([f0, f1]), a, b))
    # transpose write tile[ty+j][tx], j = 0 and 8
    for pitch, ins in ((32, "ds_write2st64_b32 0/4"), (33, "2x ds_write_b32")):
        f0 = lambda l, p=pitch: p * ty(l) + tx(l)
        f1 = lambda l, p=pitch: p * (ty(l) + 8) + tx(l)
        if pitch == 32:
            a, b = read2(f0, f1)
        else:
            a = b = b32_each([f0, f1])
        rows.append((f"transpose write tile[ty+j][tx], [32][{pitch}], 32x8", ins,
                     b32_each([f0, f1]), a, b))

    # SGEMM B^T tile, block 32x32: sBt[tx][k..k+3]
    tx, ty = lane2d(32)
    rows.append(("sBt[tx][k..k+3], [32][32], 32x32", "ds_read_b128",
                 b32_each([lambda l, k=k: 32 * tx(l) + k for k in range(4)]),
                 vec(groups_b128_read(), lambda l: 32 * tx(l), 4), None))
    f0 = lambda l: 33 * tx(l)
    f1 = lambda l: 33 * tx(l) + 1
    src = b32_each([f0, f1])
    a, b = read2(f0, f1)
    rows.append(("sBt[tx][k], sBt[tx][k+1], [32][33], 32x32", "ds_read2_b32 0/1",
                 src, a, b))
    rows.append(("sBt[tx][k..k+3], [32][36], 32x32", "ds_read_b128",
                 b32_each([lambda l, k=k: 36 * tx(l) + k for k in range(4)]),
                 vec(groups_b128_read(), lambda l: 36 * tx(l), 4), None))

    print("| source accesses (wave 0) | emitted | source model: b32 per access | emitted, model A | emitted, model B |")
    print("|---|---|---|---|---|")
    for name, ins, src, a, b in rows:
        bcol = fmt(b) if b is not None else "same"
        print(f"| `{name}` | {ins} | {fmt(src)} | {fmt(a)} | {bcol} |")
    print()
    print("cycles/ideal summed over the instructions that cover the same data; "
          "model A/B only differ for two-address (read2/write2) instructions.")


if __name__ == "__main__":
    main()
