#!/usr/bin/env python3
"""Reference bank-conflict model for the kernels in test/hardware/kernels/.

An independent oracle, written by hand from the kernels' source, that says what
Nsight Compute should measure on an NVIDIA sm_70..sm_90 GPU for every tagged
shared-memory access line (`// @tag` comments in kernels/*.cu). It exists so
that a disagreement between ldslint and the hardware can be told apart from a
disagreement between the hardware and the bank model itself.

Model (docs: /work/shared/reference/bank-models.md, "NVIDIA"):
  * 32 banks x 4 bytes; bank = (byte address / 4) % 32; array bases at 0
    (a word-aligned base only rotates the banks and changes no count);
  * lanes are consecutive linear thread ids (x fastest, then y, then z);
  * a warp instruction is split into phases by access size: <= 4 B: 1 phase of
    32 lanes, 8 B: 2 phases of 16 lanes, 16 B: 4 phases of 8 lanes;
  * a phase costs max over banks of the number of distinct 32-bit words it
    touches (same word: broadcast for loads, one winner for stores);
  * ideal = number of phases with at least one active lane;
  * an instruction whose warp has no active lane is not executed (the branch
    skips it); per-line results are totals over every execution of every
    warp, divided by the number of executions.

Usage:
  expected.py                 write expected/<kernel-file>.json (ldslint's JSON format)
  expected.py --check         exit 1 if expected/*.json are stale (CI, no GPU)
  expected.py --markdown      print the table of expected values
  expected.py --check-ptx     compile kernels to PTX (needs nvcc) and check that every
                              ld/st.shared sits on a tagged line with the modelled width
"""

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import namedtuple

HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL_DIR = os.path.join(HERE, "kernels")
EXPECTED_DIR = os.path.join(HERE, "expected")
REL_KERNEL_DIR = "test/hardware/kernels"
ARCH = "sm_90"
WARP = 32
BANKS = 32

Thread = namedtuple("Thread", "x y z t n")  # n = threads per block


class Access:
    """One shared-memory access. addr(th, it) -> byte address, or None when the
    lane is inactive. iters(block) -> the loop iterations (one instruction
    execution per warp per iteration)."""

    def __init__(self, tag, kind, size, array, addr, iters=None):
        self.tag, self.kind, self.size, self.array = tag, kind, size, array
        self.addr = addr
        self.iters = iters or (lambda block: [None])


class Kernel:
    def __init__(self, file, name, block, accesses, grid=1):
        self.file, self.name, self.block = file, name, block
        self.grid = grid
        self.accesses = accesses


def phases(size):
    if size <= 4:
        return [range(0, 32)]
    if size == 8:
        return [range(0, 16), range(16, 32)]
    if size == 16:
        return [range(8 * i, 8 * i + 8) for i in range(4)]
    raise ValueError("unsupported access size %d" % size)


def instruction_cost(addrs, size):
    """(wavefronts, ideal) of one warp instruction; addrs[lane] or None."""
    wf = ideal = 0
    for ph in phases(size):
        banks = {}
        for lane in ph:
            a = addrs[lane] if lane < len(addrs) else None
            if a is None:
                continue
            for word in range(a // 4, (a + size - 1) // 4 + 1):
                banks.setdefault(word % BANKS, set()).add(word)
        if banks:
            wf += max(len(words) for words in banks.values())
            ideal += 1
    return wf, ideal


def simulate(kernel, acc):
    bx, by, bz = kernel.block
    n = bx * by * bz
    threads = []
    for t in range(n):
        threads.append(Thread(t % bx, (t // bx) % by, t // (bx * by), t, n))
    total_wf = total_ideal = execs = 0
    worst = 0.0
    for w in range(0, n, WARP):
        lanes = threads[w:w + WARP]
        for it in acc.iters(kernel.block):
            addrs = [acc.addr(th, it) for th in lanes]
            if all(a is None for a in addrs):
                continue  # no active lane: the warp branches around it
            wf, ideal = instruction_cost(addrs, acc.size)
            total_wf += wf
            total_ideal += ideal
            execs += 1
            worst = max(worst, wf / ideal)
    return total_wf, total_ideal, execs, worst


# ---------------------------------------------------------------- the kernels
def A(tag, kind, size, array, addr, iters=None):
    return Access(tag, kind, size, array, addr, iters)


def init_loop(tag, n, size, array="s"):
    """for (int i = t; i < n; i += blockDim.x) s[i] = ...;"""
    def iters(block):
        return range(math.ceil(n / (block[0] * block[1] * block[2])))

    def addr(th, it):
        i = th.t + it * th.n
        return i * size if i < n else None
    return A(tag, "write", size, array, addr, iters)


def const_iters(values):
    return lambda block: list(values)


def build_kernels():
    K = []
    # stride_float.cu
    f = "stride_float.cu"
    for S in (1, 2, 3, 4, 8, 16, 32, 33, 64):
        K.append(Kernel(f, "load_stride<%d>" % S, (32, 1, 1), [
            init_loop("ls.init", 32 * 64, 4),
            A("ls.load", "read", 4, "s", lambda th, it, S=S: th.t * S * 4)]))
    for S in (1, 2, 32, 33):
        K.append(Kernel(f, "store_stride<%d>" % S, (32, 1, 1), [
            A("ss.store", "write", 4, "s", lambda th, it, S=S: th.t * S * 4),
            A("ss.load", "read", 4, "s", lambda th, it: th.t * 4)]))
    # broadcast.cu
    f = "broadcast.cu"
    K.append(Kernel(f, "bcast_zero", (32, 1, 1), [
        init_loop("bz.init", 128, 4),
        A("bz.load", "read", 4, "s", lambda th, it: 0)]))
    K.append(Kernel(f, "bcast_div8", (32, 1, 1), [
        init_loop("bd.init", 128, 4),
        A("bd.load", "read", 4, "s", lambda th, it: (th.t // 8) * 4)]))
    K.append(Kernel(f, "bcast_same_bank", (32, 1, 1), [
        init_loop("bb.init", 128, 4),
        A("bb.load", "read", 4, "s", lambda th, it: (th.t % 4) * 32 * 4)]))
    K.append(Kernel(f, "bcast_store", (32, 1, 1), [
        A("bs.store", "write", 4, "s", lambda th, it: (th.t // 8) * 4),
        A("bs.load", "read", 4, "s", lambda th, it: (th.t % 4) * 4)]))
    # transpose.cu
    f = "transpose.cu"
    for P in (0, 1):
        W = 32 + P
        K.append(Kernel(f, "transpose_tile<%d>" % P, (32, 32, 1), [
            A("tt.write", "write", 4, "tile", lambda th, it, W=W: (th.y * W + th.x) * 4),
            A("tt.read", "read", 4, "tile", lambda th, it, W=W: (th.x * W + th.y) * 4)]))
    K.append(Kernel(f, "transpose_xor", (32, 32, 1), [
        A("tx.write", "write", 4, "tile", lambda th, it: (th.y * 32 + (th.x ^ th.y)) * 4),
        A("tx.read", "read", 4, "tile", lambda th, it: (th.x * 32 + (th.y ^ th.x)) * 4)]))
    for P in (0, 1):
        W = 32 + P
        js = const_iters((0, 8, 16, 24))
        K.append(Kernel(f, "transpose_32x8<%d>" % P, (32, 8, 1), [
            A("t8.write", "write", 4, "tile",
              lambda th, j, W=W: ((th.y + j) * W + th.x) * 4, js),
            A("t8.read", "read", 4, "tile",
              lambda th, j, W=W: (th.x * W + th.y + j) * 4, js)]))
    # vector.cu
    f = "vector.cu"
    for S in (1, 2, 16, 17):
        K.append(Kernel(f, "load_float2<%d>" % S, (32, 1, 1), [
            init_loop("f2.init", 32 * 17, 8),
            A("f2.load", "read", 8, "s", lambda th, it, S=S: th.t * S * 8)]))
    for S in (1, 2, 8, 9):
        K.append(Kernel(f, "load_float4<%d>" % S, (32, 1, 1), [
            init_loop("f4.init", 32 * 9, 16),
            A("f4.load", "read", 16, "s", lambda th, it, S=S: th.t * S * 16)]))
    for S in (1, 2):
        K.append(Kernel(f, "store_float4<%d>" % S, (32, 1, 1), [
            A("s4.store", "write", 16, "s", lambda th, it, S=S: th.t * S * 16),
            A("s4.load", "read", 16, "s", lambda th, it: th.t * 16)]))
    # types.cu
    f = "types.cu"
    K.append(Kernel(f, "load_char4", (32, 1, 1), [
        init_loop("c4.init", 128, 1),
        A("c4.load", "read", 1, "s", lambda th, it: th.t * 4)]))
    K.append(Kernel(f, "store_char", (32, 1, 1), [
        A("c1.store", "write", 1, "s", lambda th, it: th.t),
        A("c1.load", "read", 1, "s", lambda th, it: th.t * 4)]))
    for S in (1, 2):
        K.append(Kernel(f, "load_half<%d>" % S, (32, 1, 1), [
            init_loop("hf.init", 64, 2),
            A("hf.load", "read", 2, "s", lambda th, it, S=S: th.t * S * 2)]))
    K.append(Kernel(f, "load_short", (32, 1, 1), [
        init_loop("sh.init", 64, 2),
        A("sh.load", "read", 2, "s", lambda th, it: th.t * 2)]))
    for S in (1, 2):
        K.append(Kernel(f, "load_double<%d>" % S, (32, 1, 1), [
            init_loop("db.init", 64, 8),
            A("db.load", "read", 8, "s", lambda th, it, S=S: th.t * S * 8)]))
    for P in (0, 1):
        W = 32 + P
        K.append(Kernel(f, "double_tile<%d>" % P, (32, 32, 1), [
            A("dt.write", "write", 8, "tile", lambda th, it, W=W: (th.y * W + th.x) * 8),
            A("dt.read", "read", 8, "tile", lambda th, it, W=W: (th.x * W + th.y) * 8)]))
    # tile2d.cu
    f = "tile2d.cu"
    for T, tag, name in ((16, "t16", "tile16"), (8, "t8x", "tile8")):
        for P in (0, 1):
            W = T + P
            K.append(Kernel(f, "%s<%d>" % (name, P), (T, T, 1), [
                A(tag + ".write", "write", 4, "tile", lambda th, it, W=W: (th.y * W + th.x) * 4),
                A(tag + ".read", "read", 4, "tile", lambda th, it, W=W: (th.x * W + th.y) * 4)]))
    # block3d.cu
    f = "block3d.cu"
    K.append(Kernel(f, "block3d_linear", (8, 4, 4), [
        A("b3.write", "write", 4, "s", lambda th, it: (th.z * 32 + th.y * 8 + th.x) * 4),
        A("b3.read", "read", 4, "s", lambda th, it: (th.z * 32 + th.y * 8 + th.x) * 4)]))
    for P in (0, 1):
        W = 4 + P
        addr = (lambda th, it, W=W: (th.x * 4 * W + th.y * W + th.z) * 4)
        K.append(Kernel(f, "block3d_transposed<%d>" % P, (8, 4, 4), [
            A("b3t.write", "write", 4, "s", addr),
            A("b3t.read", "read", 4, "s", addr)]))
    # sgemm.cu
    f = "sgemm.cu"
    for name, tag, bt in (("sgemm_tile", "sg", False), ("sgemm_bt", "sb", True)):
        for T in (16, 32):
            for P in (0, 1):
                W = T + P
                B = T * W * 4  # Bs follows As
                ks = const_iters(range(T))
                if bt:
                    b_addr = (lambda th, k, W=W, B=B: B + (th.x * W + k) * 4)
                else:
                    b_addr = (lambda th, k, W=W, B=B: B + (k * W + th.x) * 4)
                K.append(Kernel(f, "%s<%d, %d>" % (name, T, P), (T, T, 1), [
                    A(tag + ".wa", "write", 4, "As", lambda th, it, W=W: (th.y * W + th.x) * 4),
                    A(tag + ".wb", "write", 4, "Bs", lambda th, it, W=W, B=B: B + (th.y * W + th.x) * 4),
                    A(tag + ".a", "read", 4, "As", lambda th, k, W=W: (th.y * W + k) * 4, ks),
                    A(tag + ".b", "read", 4, "Bs", b_addr, ks)]))
    # loops.cu
    f = "loops.cu"
    ks = const_iters((1, 2, 4, 8, 16, 32))
    for name, tag in (("loop_stride", "lp"), ("loop_stride_rolled", "lr")):
        K.append(Kernel(f, name, (32, 1, 1), [
            init_loop(tag + ".init", 1024, 4),
            A(tag + ".load", "read", 4, "s", lambda th, k: ((th.t * k) % 1024) * 4, ks)]))

    def reduction(name, tag, svals, index, active):
        acc = [A(tag + ".init", "write", 4, "sdata", lambda th, it: th.t * 4)]
        ss = const_iters(svals)
        acc.append(A(tag + ".add", "read", 4, "sdata",
                     lambda th, s: index(th.t, s) * 4 if active(th.t, s) else None, ss))
        acc.append(A(tag + ".add", "read", 4, "sdata",
                     lambda th, s: (index(th.t, s) + s) * 4 if active(th.t, s) else None, ss))
        acc.append(A(tag + ".add", "write", 4, "sdata",
                     lambda th, s: index(th.t, s) * 4 if active(th.t, s) else None, ss))
        acc.append(A(tag + ".result", "read", 4, "sdata",
                     lambda th, it: 0 if th.t == 0 else None))
        return Kernel(f, name, (256, 1, 1), acc)

    up = [1 << k for k in range(8)]  # 1 .. 128
    K.append(reduction("reduce_interleaved", "ri", up,
                       lambda t, s: t, lambda t, s: t % (2 * s) == 0))
    K.append(reduction("reduce_strided", "rx", up,
                       lambda t, s: 2 * s * t, lambda t, s: 2 * s * t < 256))
    K.append(reduction("reduce_sequential", "rs", list(reversed(up)),
                       lambda t, s: t, lambda t, s: t < s))
    halving = const_iters([128 >> i for i in range(8)])  # h = 128 .. 1
    K.append(Kernel(f, "while_halving", (256, 1, 1), [
        A("wh.init", "write", 4, "sdata", lambda th, it: th.t * 4),
        A("wh.init2", "write", 4, "sdata", lambda th, it: (th.t + 256) * 4),
        A("wh.add", "read", 4, "sdata",
          lambda th, h: 2 * th.t * 4 if th.t < h else None, halving),
        A("wh.add", "read", 4, "sdata",
          lambda th, h: (2 * th.t + h) * 4 if th.t < h else None, halving),
        A("wh.add", "write", 4, "sdata",
          lambda th, h: 2 * th.t * 4 if th.t < h else None, halving),
        A("wh.result", "read", 4, "sdata", lambda th, it: 0 if th.t == 0 else None)]))
    K.append(Kernel(f, "while_doubling", (32, 1, 1), [
        init_loop("wl.init", 1024, 4),
        A("wl.load", "read", 4, "s", lambda th, k: ((th.t * k) % 1024) * 4, ks)]))
    # multiwarp.cu
    f = "multiwarp.cu"
    for S, block, grid in ((2, 64, 2), (32, 128, 1), (33, 128, 1), (4, 48, 1)):
        K.append(Kernel(f, "load_stride_warps<%d>" % S, (block, 1, 1), [
            init_loop("mw.init", 128 * 33, 4),
            A("mw.load", "read", 4, "s", lambda th, it, S=S: th.t * S * 4)], grid=grid))
    K.append(Kernel(f, "warp_dependent_stride", (128, 1, 1), [
        init_loop("wd.init", 512, 4),
        A("wd.load", "read", 4, "s", lambda th, it: th.t * (1 + th.t // 32) * 4)]))
    # patterns.cu
    f = "patterns.cu"
    K.append(Kernel(f, "carved", (32, 1, 1), [
        init_loop("cv.init", 32 * 32 + 32 * 33, 4, "buf"),
        A("cv.a", "read", 4, "buf", lambda th, it: th.t * 32 * 4),
        A("cv.b", "read", 4, "buf", lambda th, it: (32 * 32 + th.t * 33) * 4)]))
    K.append(Kernel(f, "helper", (32, 1, 1), [
        init_loop("hp.init", 64, 4, "smem_raw"),
        A("hp.load", "read", 4, "smem_raw", lambda th, it: th.t * 2 * 4)]))
    K.append(Kernel(f, "row_pointer", (32, 1, 1), [
        init_loop("rp.init", 32 * 32, 4, "tile"),
        A("rp.load", "read", 4, "tile", lambda th, it: (th.t * 32 + 3) * 4)]))
    K.append(Kernel(f, "device_fn", (32, 1, 1), [
        init_loop("df.init", 32 * 4, 4),
        A("df.load", "read", 4, "s", lambda th, it: th.t * 4 * 4)]))
    K.append(Kernel(f, "aos3", (32, 1, 1), [
        A("a3.store", "write", 4, "p", lambda th, it: th.t * 12 + 4),
        A("a3.load", "read", 4, "p", lambda th, it: ((th.t + 1) % 32) * 12 + 4)]))
    K.append(Kernel(f, "aos4", (32, 1, 1), [
        A("a4.store", "write", 4, "p", lambda th, it: th.t * 16 + 8),
        A("a4.load", "read", 4, "p", lambda th, it: ((th.t + 1) % 32) * 16 + 8)]))
    K.append(Kernel(f, "cast_store", (64, 1, 1), [
        A("cs.store", "write", 16, "tile",
          lambda th, it: ((th.t // 8) * 32 + 4 * (th.t % 8)) * 4),
        A("cs.load", "read", 4, "tile", lambda th, it: ((th.t % 8) * 32 + th.t // 8) * 4)]))
    K.append(Kernel(f, "warp_lane", (128, 1, 1), [
        A("wi.store", "write", 4, "s", lambda th, it: ((th.t // 32) * 33 + th.t % 32) * 4),
        A("wi.load", "read", 4, "s", lambda th, it: ((th.t % 32) * 4 + th.t // 32) * 4)]))
    K.append(Kernel(f, "atomic_stride", (32, 1, 1), [
        init_loop("at.init", 128, 4),
        A("at.stride2", "atomic", 4, "s", lambda th, it: th.t * 2 * 4),
        A("at.samebank", "atomic", 4, "s", lambda th, it: (th.t % 4) * 32 * 4),
        A("at.load", "read", 4, "s", lambda th, it: th.t * 4)]))
    return K


# ---------------------------------------------------------------- tags / output
TAG_RE = re.compile(r"//\s*@([A-Za-z0-9_.]+)\s*$")


def read_tags(path):
    tags = {}
    with open(path) as fh:
        for no, text in enumerate(fh, 1):
            m = TAG_RE.search(text.rstrip("\n"))
            if m:
                if m.group(1) in tags:
                    raise SystemExit("%s:%d: duplicate tag @%s" % (path, no, m.group(1)))
                tags[m.group(1)] = (no, text.rstrip("\n"))
    return tags


def fmt(x):
    return round(x, 4)


def findings_by_file(kernels):
    out = {}
    tag_cache = {}
    for k in kernels:
        path = os.path.join(KERNEL_DIR, k.file)
        if path not in tag_cache:
            tag_cache[path] = read_tags(path)
        tags = tag_cache[path]
        for acc in k.accesses:
            if acc.tag not in tags:
                raise SystemExit("%s: tag @%s of %s not found" % (k.file, acc.tag, k.name))
            line, text = tags[acc.tag]
            col = text.find(acc.array + "[")
            wf, ideal, execs, worst = simulate(k, acc)
            if execs == 0:
                raise SystemExit("%s @%s: never executed" % (k.name, acc.tag))
            wpi, ipi = wf / execs, ideal / execs
            out.setdefault(k.file, []).append({
                "file": "%s/%s" % (REL_KERNEL_DIR, k.file),
                "line": line,
                "column": col + 1 if col >= 0 else 1,
                "function": k.name,
                "array": acc.array,
                "access": acc.kind,
                "arch": ARCH,
                "block": list(k.block),
                "status": "conflict" if wf > ideal else "ok",
                "degree": fmt(worst),
                "wavefronts_per_instruction": fmt(wpi),
                "ideal_wavefronts_per_instruction": fmt(ipi),
                "executions": execs,
                "reason": "reference model test/hardware/expected.py (tag @%s, %d-byte %s, "
                          "%d warp instruction(s) per block)" % (acc.tag, acc.size, acc.kind, execs),
                "assumptions": ["array base at bank 0",
                                "warps with no active lane skip the instruction"],
                "fixes": [],
            })
    return out


def render_json(findings):
    return json.dumps({"generator": "test/hardware/expected.py", "findings": findings},
                      indent=1) + "\n"


def markdown(kernels, by_file):
    """One row per kernel instantiation: each tagged access with its expected
    wavefronts / ideal wavefronts per warp instruction."""
    rows = ["| file | kernel | block | expected wavefronts / ideal per instruction, by line |",
            "|---|---|---|---|"]
    for k in kernels:
        cells = []
        seen = set()
        for f in by_file[k.file]:
            if f["function"] != k.name:
                continue
            item = "%d %s %g/%g" % (f["line"], f["access"], f["wavefronts_per_instruction"],
                                    f["ideal_wavefronts_per_instruction"])
            if item not in seen:
                seen.add(item)
                cells.append(item)
        block = "x".join(str(b) for b in k.block) + ("" if k.grid == 1 else ", grid %d" % k.grid)
        rows.append("| %s | `%s` | %s | %s |" % (k.file, k.name, block, "; ".join(cells)))
    return "\n".join(rows) + "\n"


# ---------------------------------------------------------------- PTX check
PTX_OP = re.compile(r"^\s*(?:@%?!?\w+\s+)?(ld|st|atom|red)\.shared(?:::cta)?\.([\w.]+)")
PTX_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+\d+")
PTX_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]+)"')
TYPE_BYTES = {"8": 1, "16": 2, "32": 4, "64": 8, "128": 16}


def ptx_width(suffix):
    parts = suffix.split(".")
    vec = 1
    bits = None
    for p in parts:
        if p in ("v2", "v4", "v8"):
            vec = int(p[1:])
        m = re.match(r"^[usfb](8|16|32|64|128)$", p)
        if m:
            bits = m.group(1)
    return vec * TYPE_BYTES[bits] if bits else None


def check_ptx(kernels):
    nvcc = os.environ.get("NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    model = {}  # (file, line) -> set of (op, size)
    for k in kernels:
        tags = read_tags(os.path.join(KERNEL_DIR, k.file))
        for acc in k.accesses:
            op = {"read": "ld", "write": "st", "atomic": "atom"}[acc.kind]
            model.setdefault((k.file, tags[acc.tag][0]), set()).add((op, acc.size))
    bad = 0
    tmp = tempfile.mkdtemp()
    try:
        for fname in sorted({k.file for k in kernels} |
                            {f for f in os.listdir(KERNEL_DIR) if f.endswith(".cu")}):
            src = os.path.join(KERNEL_DIR, fname)
            ptx = os.path.join(tmp, fname + ".ptx")
            subprocess.run([nvcc, "-O3", "-lineinfo", "-arch=sm_90", "-ptx", src, "-o", ptx],
                           check=True)
            files, loc, seen, header_atoms = {}, None, {}, []
            with open(ptx) as fh:
                lines = fh.readlines()
            for text in lines:
                m = PTX_FILE.match(text)
                if m:
                    files[m.group(1)] = m.group(2)
            for text in lines:
                m = PTX_LOC.match(text)
                if m:
                    loc = (files.get(m.group(1), m.group(1)), int(m.group(2)))
                    continue
                m = PTX_OP.match(text)
                if not m:
                    continue
                op, size = m.group(1), ptx_width(m.group(2))
                # atomicAdd() is inlined from CUDA's device_atomic_functions.hpp,
                # whose .loc the PTX keeps; the SASS line table (what ncu
                # reads) puts the ATOMS at the call. Counted, matched below.
                if op == "atom" and loc and "device_atomic_functions" in loc[0]:
                    header_atoms.append(size)
                    continue
                if loc is None or os.path.basename(loc[0]) != fname:
                    print("PTX %s: %s attributed to %s" % (fname, text.strip(), loc))
                    bad += 1
                    continue
                seen.setdefault(loc[1], set()).add((op, size))
            for line, ops in sorted(seen.items()):
                want = model.get((fname, line))
                if want is None:
                    print("PTX %s:%d: untagged shared access %s" % (fname, line, sorted(ops)))
                    bad += 1
                elif ops != want:
                    print("PTX %s:%d: PTX has %s, model has %s" % (fname, line, sorted(ops),
                                                                   sorted(want)))
                    bad += 1
            for (mf, line), want in sorted(model.items()):
                if (mf == fname and line not in seen and want == {("atom", 4)}
                        and 4 in header_atoms):
                    header_atoms.remove(4)
                    continue
                if mf == fname and line not in seen:
                    print("PTX %s:%d: modelled %s but no shared access in PTX" % (
                        fname, line, sorted(want)))
                    bad += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("check-ptx: %s" % ("OK" if not bad else "%d problem(s)" % bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if expected/*.json are stale")
    ap.add_argument("--markdown", action="store_true", help="print the expected-value table")
    ap.add_argument("--check-ptx", action="store_true", help="check kernels' PTX (needs nvcc)")
    args = ap.parse_args()
    kernels = build_kernels()
    if args.check_ptx:
        return check_ptx(kernels)
    by_file = findings_by_file(kernels)
    if args.markdown:
        sys.stdout.write(markdown(kernels, by_file))
        return 0
    stale = 0
    os.makedirs(EXPECTED_DIR, exist_ok=True)
    for fname, findings in sorted(by_file.items()):
        path = os.path.join(EXPECTED_DIR, fname[:-3] + ".json")
        text = render_json(findings)
        if args.check:
            try:
                with open(path) as fh:
                    if fh.read() == text:
                        continue
            except OSError:
                pass
            print("stale: %s (run test/hardware/expected.py)" % path)
            stale += 1
        else:
            with open(path, "w") as fh:
                fh.write(text)
    if args.check:
        print("expected: %s" % ("up to date" if not stale else "%d stale file(s)" % stale))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
