#!/usr/bin/env python3
"""Random CUDA kernels with shared-memory accesses, and their brute-force answer.

    gen.py --seed 7 --kernels 100 --out DIR [--name NAME]

writes DIR/NAME.cu (kernels, one launch each with a visible block shape, a
main() for nvcc) and DIR/NAME.ref.json (for every shared access line: the
worst degree and the mean wavefronts per executed warp instruction, in the
same shape as ldslint's --format=json findings).

The generator keeps every index, condition and loop bound as an expression
tree; the reference evaluates those trees in Python per lane, per loop
iteration and per warp (it never reads the C++ it printed, nor ldslint's
code), and applies reference.py's bank model. Only constructs it can
evaluate exactly are generated: non-negative integer arithmetic (so C and
Python agree on / % >> &), loops whose values per lane are known, one access
per source line, each array accessed on one line in its loop nest (so no two
accesses can be merged into a wider instruction).

Python 3 standard library only; the output depends on the seed only.
"""

import argparse
import json
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

# name -> (bytes, components, component type); components None = scalar.
TYPES = {
    "char": (1, None, None),
    "unsigned char": (1, None, None),
    "short": (2, None, None),
    "unsigned short": (2, None, None),
    "float": (4, None, None),
    "int": (4, None, None),
    "unsigned int": (4, None, None),
    "double": (8, None, None),
    "long long": (8, None, None),
    "float2": (8, ("x", "y"), "float"),
    "int2": (8, ("x", "y"), "int"),
    "float4": (16, ("x", "y", "z", "w"), "float"),
    "int4": (16, ("x", "y", "z", "w"), "int"),
    "double2": (16, ("x", "y"), "double"),
}
TYPE_WEIGHTS = {"char": 2, "unsigned char": 1, "short": 2, "unsigned short": 1,
                "float": 8, "int": 3, "unsigned int": 1, "double": 3, "long long": 1,
                "float2": 3, "int2": 1, "float4": 3, "int4": 1, "double2": 1}

BLOCK_EXTENTS = [1, 2, 3, 4, 5, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256]
ARRAY_BYTES_MAX = 12 * 1024
MAX_OUTER_TRIPS = 8
THREAD_VARS = ("tx", "ty", "tz", "t")


# ---------------------------------------------------------------- expressions
# ('v', name) | ('c', value) | ('p', name, value) template parameter |
# ('bd', 'x'|'y'|'z') blockDim | (op, lhs, rhs) with op in OPS.
OPS = ("+", "*", "%", "/", "&", "^", "<<", ">>")


def render(e, spell):
    kind = e[0]
    if kind == "v":
        return spell[e[1]]
    if kind == "c":
        return str(e[1])
    if kind == "p":
        return e[1]
    if kind == "bd":
        return "blockDim." + e[1]
    return "(%s %s %s)" % (render(e[1], spell), kind, render(e[2], spell))


def py(e, block):
    kind = e[0]
    if kind == "v":
        return e[1]
    if kind == "c":
        return str(e[1])
    if kind == "p":
        return str(e[2])
    if kind == "bd":
        return str(block["xyz".index(e[1])])
    op = "//" if kind == "/" else kind
    return "(%s %s %s)" % (py(e[1], block), op, py(e[2], block))


def uses(e, names):
    if e[0] == "v":
        return e[1] in names
    if e[0] in ("c", "p", "bd"):
        return False
    return uses(e[1], names) or uses(e[2], names)


def substitute(e, binding):
    if e[0] == "v":
        return binding.get(e[1], e)
    if e[0] in ("c", "p", "bd"):
        return e
    return (e[0], substitute(e[1], binding), substitute(e[2], binding))


def compile_expr(e, block):
    return eval("lambda tx, ty, tz, t, i, j: " + py(e, block))


# ---------------------------------------------------------------- the kernel
class Ctx:
    def __init__(self, rng, block, tparam):
        self.rng = rng
        self.block = block
        self.tparam = tparam  # ('p', 'S', value) or None

    def thread_vars(self):
        x, y, z = self.block
        vs = ["tx"] * 3 + ["t"] * 2
        if y > 1:
            vs += ["ty"] * 2
        if z > 1:
            vs += ["tz"] * 2
        return vs

    def const(self, choices):
        if self.tparam is not None and self.rng.random() < 0.25:
            return self.tparam
        return ("c", self.rng.choice(choices))

    def expr(self, pool, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            if rng.random() < 0.08:
                return ("c", rng.randint(0, 7))
            if rng.random() < 0.05:
                return ("bd", "x")
            return ("v", rng.choice(pool))
        op = rng.choice(("+", "*", "*", "%", "/", "&", "^", "^", "<<", ">>"))
        a = self.expr(pool, depth - 1)
        if op == "+":
            return ("+", a, self.expr(pool, depth - 1))
        if op == "*":
            return ("*", a, self.const([2, 3, 4, 5, 8, 16, 17, 32, 33, 64]))
        if op == "%":
            return ("%", a, self.const([2, 3, 4, 5, 7, 8, 16, 32]))
        if op == "/":
            return ("/", a, ("c", rng.choice([2, 3, 4, 8, 16])))
        if op == "&":
            return ("&", a, ("c", rng.choice([1, 3, 6, 7, 15, 24, 28, 31])))
        if op == "^":
            if rng.random() < 0.6:
                return ("^", a, self.expr(pool, depth - 1))
            return ("^", a, ("c", rng.choice([1, 2, 3, 5, 8, 16, 31])))
        if op == "<<":
            return ("<<", a, ("c", rng.randint(1, 5)))
        return (">>", a, ("c", rng.randint(1, 4)))

    def index(self, pool):
        """An index the way users write them: mostly a known pattern."""
        rng = self.rng
        r = rng.random()
        v = lambda: ("v", rng.choice(pool))
        if r < 0.2:  # strided
            return ("*", v(), self.const([1, 2, 3, 4, 8, 16, 17, 31, 32, 33, 64]))
        if r < 0.3:  # stride plus offset
            return ("+", ("*", v(), self.const([2, 4, 8, 9, 16, 32, 33])), v())
        if r < 0.4:  # permuted / swizzled
            a = v()
            return ("^", a, (">>", a, ("c", rng.randint(1, 5))))
        n = rng.randint(1, 3)
        e = None
        for _ in range(n):
            term = self.expr(pool, rng.randint(1, 3))
            if rng.random() < 0.5:
                term = ("*", term, self.const([1, 2, 4, 8, 16, 32, 33]))
            e = term if e is None else ("+", e, term)
        return e

    def cond(self, pool):
        """(C text renderer, predicate tree pieces)."""
        rng = self.rng
        e = self.expr(pool, rng.randint(0, 2))
        form = rng.choice(("mod", "lt", "and", "ne"))
        if form == "mod":
            m = rng.choice([2, 3, 4])
            return (form, e, m, rng.randrange(m))
        if form == "lt":
            return (form, e, rng.randint(1, 40))
        if form == "and":
            return (form, e, rng.choice([1, 2, 4, 8, 3]))
        return (form, e, rng.randint(0, 5))


def render_cond(c, spell):
    e = render(c[1], spell)
    if c[0] == "mod":
        return "%s %% %d == %d" % (e, c[2], c[3])
    if c[0] == "lt":
        return "%s < %d" % (e, c[2])
    if c[0] == "and":
        return "(%s & %d) == 0" % (e, c[2])
    return "%s != %d" % (e, c[2])


def compile_cond(c, block):
    e = py(c[1], block)
    if c[0] == "mod":
        s = "%s %% %d == %d" % (e, c[2], c[3])
    elif c[0] == "lt":
        s = "%s < %d" % (e, c[2])
    elif c[0] == "and":
        s = "(%s & %d) == 0" % (e, c[2])
    else:
        s = "%s != %d" % (e, c[2])
    return eval("lambda tx, ty, tz, t, i, j: " + s)


class Loop:
    """A for loop; values(env) gives the loop variable per iteration for one lane."""

    def __init__(self, var, header, values, lane_dependent=False):
        self.var, self.header, self.values = var, header, values
        self.lane_dependent = lane_dependent


def make_outer_loop(ctx, spell):
    rng = ctx.rng
    r = rng.random()
    if r < 0.35:  # uniform counted
        a = rng.choice([0, 0, 0, 1, 2])
        d = rng.choice([1, 1, 1, 2, 3, 4])
        trips = rng.randint(1, MAX_OUTER_TRIPS)
        b = a + d * (trips - 1) + 1
        vals = list(range(a, b, d))
        step = "++i" if d == 1 else "i += %d" % d
        return Loop("i", "for (int i = %d; i < %d; %s)" % (a, b, step), lambda env: vals)
    if r < 0.5:  # doubling / halving
        if rng.random() < 0.5:
            b = rng.choice([2, 5, 16, 33, 64, 100])
            vals, k = [], 1
            while k < b:
                vals.append(k)
                k <<= 1
            return Loop("i", "for (int i = 1; i < %d; i <<= 1)" % b, lambda env: vals)
        b = rng.choice([1, 4, 16, 31, 64, 128])
        vals, k = [], b
        while k > 0:
            vals.append(k)
            k >>= 1
        return Loop("i", "for (int i = %d; i > 0; i >>= 1)" % b, lambda env: vals)
    if r < 0.75:  # lane-dependent trip count, small
        e = ctx.expr(ctx.thread_vars(), 1)
        e = rng.choice([("&", e, ("c", rng.choice([1, 3, 7]))),
                        ("%", e, ("c", rng.choice([2, 3, 5, 8])))])
        f = compile_expr(e, ctx.block)
        if rng.random() < 0.5:
            return Loop("i", "for (int i = 0; i <= %s; ++i)" % render(e, spell),
                        lambda env: list(range(0, f(*env, 0, 0) + 1)), True)
        return Loop("i", "for (int i = 0; i < %s; ++i)" % render(e, spell),
                    lambda env: list(range(0, f(*env, 0, 0))), True)
    # grid-stride style: i = tx (or t); i < N; i += step
    start = rng.choice(["tx", "t"])
    x, y, z = ctx.block
    if rng.random() < 0.5:
        step_txt, step = ("blockDim.x", x) if start == "tx" else \
            ("blockDim.x * blockDim.y * blockDim.z", x * y * z)
    else:
        step = rng.choice([16, 32, 64, 128])
        step_txt = str(step)
    n = rng.randint(1, step * rng.randint(1, MAX_OUTER_TRIPS))
    pos = 0 if start == "tx" else 3
    return Loop("i", "for (int i = %s; i < %d; i += %s)" % (spell[start], n, step_txt),
                lambda env: list(range(env[pos], n, step)), True)


def make_inner_loop(ctx):
    c = ctx.rng.randint(2, 4)
    vals = list(range(c))
    return Loop("j", "for (int j = 0; j < %d; ++j)" % c, lambda env: vals)


class Array:
    def __init__(self, name, ctype, storage, dims=None):
        self.name, self.ctype, self.storage = name, ctype, storage
        self.width = TYPES[ctype][0]
        self.dims = dims  # [N] or [R, C], set after evaluation


class Access:
    def __init__(self, array, kind, via, in_loop, cond):
        self.array, self.kind, self.via = array, kind, via
        self.in_loop, self.cond = in_loop, cond
        self.row = self.col = None  # 2-D: element = row * C + col
        self.index = None  # 1-D element index (trees over thread and loop vars)
        self.base = None  # pointer: element offset of the pointer (thread vars only)
        self.helper = None  # (name, F over a/b, E1, E2)
        self.line = None


def value_code(ctype, expr_txt, kind, cvalue):
    """One statement that reads (into acc) or writes `expr_txt` of type ctype."""
    comps = TYPES[ctype][1]
    if kind == "read":
        if comps is None:
            return "acc += (float)%s;" % expr_txt
        return "{ %s v = %s; acc += (float)(%s); }" % (
            ctype, expr_txt, " + ".join("v." + c for c in comps))
    if comps is None:
        return "%s = (%s)%s;" % (expr_txt, ctype, cvalue)
    comp = TYPES[ctype][2]
    return "{ %s v = {%s}; %s = v; }" % (
        ctype, ", ".join("(%s)%s" % (comp, cvalue) for _ in comps), expr_txt)


class Kernel:
    def __init__(self, rng, number):
        self.rng = rng
        self.name = "k%d" % number
        self.number = number

    # -- choose everything
    def build(self):
        rng = self.rng
        while True:
            x, y, z = (rng.choice(BLOCK_EXTENTS), rng.choice([1, 1, 1, 2, 3, 4, 8, 16, 32]),
                       rng.choice([1, 1, 1, 1, 2, 4]))
            if 1 <= x * y * z <= 512:
                break
        self.block = (x, y, z)
        self.direct_threadidx = rng.random() < 0.3
        self.spell = {"tx": "tx", "ty": "ty", "tz": "tz", "t": "t", "i": "i", "j": "j",
                      "a": "a", "b": "b"}
        if self.direct_threadidx:
            self.spell.update(tx="threadIdx.x", ty="threadIdx.y", tz="threadIdx.z")
        self.template = None
        tparam = None
        if rng.random() < 0.25:
            s = rng.choice([1, 2, 3, 4, 8, 16, 17, 32, 33])
            tparam = ("p", "S", s)
            self.template = ("typename" if rng.random() < 0.5 else "int", s)
        ctx = Ctx(rng, self.block, tparam)
        self.ctx = ctx
        tv = ctx.thread_vars()
        self.early = None
        if rng.random() < 0.15:
            self.early = ctx.cond(tv)
        self.outer = self.inner = None
        if rng.random() < 0.6:
            self.outer = make_outer_loop(ctx, self.spell)
            if rng.random() < 0.25:
                self.inner = make_inner_loop(ctx)
        n_access = rng.choice([1, 1, 1, 2, 2, 3])
        self.arrays, self.accesses = [], []
        dynamic_used = False
        for n in range(n_access):
            ctype = rng.choices(list(TYPE_WEIGHTS), weights=list(TYPE_WEIGHTS.values()))[0]
            if self.template and self.template[0] == "typename" and n == 0:
                self.tparam_type = ctype
            storage = "static"
            r = rng.random()
            if not dynamic_used and r < 0.35:
                storage = "dynamic" if r < 0.2 else "raw"
                dynamic_used = True
            two_d = storage == "static" and rng.random() < 0.4
            arr = Array("s%d_%d" % (self.number, n), ctype, storage, [0, 0] if two_d else [0])
            self.arrays.append(arr)
            kind = "read" if rng.random() < 0.65 else "write"
            via = rng.choice(["direct"] * 3 + ["pointer", "helper"])
            if two_d and via == "helper":
                via = "direct"
            in_loop = self.outer is not None and rng.random() < 0.85
            pool = list(tv)
            if in_loop:
                pool += ["i"] * 4 + (["j"] * 3 if self.inner else [])
            cond = ctx.cond(pool) if rng.random() < 0.35 else None
            acc = Access(arr, kind, via, in_loop, cond)
            if two_d:
                if rng.random() < 0.5:  # tile[r][c] with thread coordinates
                    a, b = rng.sample(pool, 2) if len(set(pool)) > 1 else (pool[0], pool[0])
                    acc.row, acc.col = ("v", a), ("v", b)
                    if rng.random() < 0.3:  # XOR swizzle of the column
                        acc.col = ("%", ("^", acc.col, acc.row), ("c", rng.choice([8, 16, 32])))
                else:
                    acc.row, acc.col = ctx.expr(pool, 2), ctx.expr(pool, 2)
                arr.cols_hint = rng.choice([0, 0, 8, 16, 17, 32, 33, 64, 65])
                if via == "pointer":  # row pointer: T *p = tile[r]; p[c]
                    acc.row = ctx.expr(tv, 1)
            elif via == "helper":
                plain = Ctx(rng, self.block, None)  # helpers are not templates
                f = plain.expr(["a", "b"], 2)
                if not uses(f, ("a",)):
                    f = ("+", ("*", ("v", "a"), plain.const([1, 2, 4, 8, 16, 32, 33])), f)
                e1, e2 = ctx.index(pool), ctx.expr(pool, 1)
                acc.helper = ("h%d_%d" % (self.number, n), f, e1, e2)
                acc.index = substitute(f, {"a": e1, "b": e2})
            elif via == "pointer":
                acc.base = ctx.index(tv)
                acc.index = ctx.index(pool)
            else:
                acc.index = ctx.index(pool)
            whole = acc.index if acc.index is not None else ("+", acc.row, acc.col)
            if in_loop and not uses(whole, ("i", "j")):
                # Loop-invariant: whether it runs once or per iteration is the
                # compiler's choice (LICM), not a bank question: keep it out.
                acc.in_loop = False
                if acc.helper is not None:
                    out_of_loop = {"i": ("v", "tx"), "j": ("v", "tx")}
                    name, f, e1, e2 = acc.helper
                    e1, e2 = substitute(e1, out_of_loop), substitute(e2, out_of_loop)
                    acc.helper = (name, f, e1, e2)
                    acc.index = whole = substitute(f, {"a": e1, "b": e2})
                if cond is not None and uses(cond[1], ("i", "j")):
                    acc.cond = ctx.cond(tv)
            if not uses(whole, set(pool)):
                return self.build()  # a constant index is not what this tests
            self.accesses.append(acc)
        # a write must be observable, or the compiler may drop it
        for acc in list(self.accesses):
            if acc.kind == "write":
                back = Access(acc.array, "read", "direct", False, None)
                if len(acc.array.dims) == 2:
                    back.row, back.col = ("c", 0), ("c", 0)
                else:
                    back.index = ("c", 0)
                back.readback = True
                self.accesses.append(back)

    # -- evaluate: per warp, per loop iteration, the byte address per active lane
    def evaluate(self):
        x, y, z = self.block
        nthreads = x * y * z
        block = self.block
        early = compile_cond(self.early, block) if self.early else None
        plans = []
        for acc in self.accesses:
            two_d = acc.row is not None
            parts = ([compile_expr(acc.row, block), compile_expr(acc.col, block)] if two_d
                     else [compile_expr(acc.index, block)])
            base = compile_expr(acc.base, block) if acc.base is not None else None
            cond = compile_cond(acc.cond, block) if acc.cond else None
            plans.append((acc, parts, base, cond, {}))
            # An access whose address does not change with an enclosing
            # loop's variable is hoisted out of that loop by nvcc (measured:
            # its instructions then sit on the loop's line, and run once);
            # whether it runs once or per iteration is the compiler's choice,
            # so such kernels are not made (unless the condition needs i, j).
            acc.needs_variation = acc.in_loop
            acc.varies_outer = bool(acc.cond and uses(acc.cond[1], ("i",)))
            acc.varies_inner = self.inner is None or bool(acc.cond and uses(acc.cond[1], ("j",)))
        for tid in range(nthreads):
            warp, lane = divmod(tid, reference.WARP)
            tx, ty, tz = tid % x, (tid // x) % y, tid // (x * y)
            env = (tx, ty, tz, tid)
            if early and early(tx, ty, tz, tid, 0, 0):
                continue
            iters = None
            if self.outer:
                iters = []
                for k, i in enumerate(self.outer.values(env)):
                    if self.inner:
                        for l, j in enumerate(self.inner.values(env)):
                            iters.append(((k, l), i, j))
                    else:
                        iters.append(((k,), i, 0))
            seen = {}
            for acc, parts, base, cond, sites in plans:
                for key, i, j in (iters if acc.in_loop else [((), 0, 0)]):
                    if cond and not cond(tx, ty, tz, tid, i, j):
                        continue
                    comp = tuple(p(tx, ty, tz, tid, i, j) for p in parts)
                    if base is not None:
                        comp = (comp[0] + base(tx, ty, tz, tid, 0, 0),) if len(comp) == 1 \
                            else comp
                    sites.setdefault((warp, key), {})[lane] = comp
                    if acc.needs_variation:  # a condition on i (j) pins it to its loop
                        if seen.setdefault((acc, "outer", key[1:]), comp) != comp:
                            acc.varies_outer = True
                        if seen.setdefault((acc, "inner", key[0]), comp) != comp:
                            acc.varies_inner = True
        self.plans = plans

    def size_arrays(self):
        """Dimensions that hold every index; False when too large or unused."""
        rng = self.rng
        for acc, parts, base, cond, sites in self.plans:
            if getattr(acc, "readback", False):
                continue
            if not sites or (acc.needs_variation and
                             not (acc.varies_outer and acc.varies_inner)):
                return False
            arr = acc.array
            comps = [c for lanes in sites.values() for c in lanes.values()]
            if len(set(comps)) == 1:
                # One address for every lane: the compiler may hoist or
                # speculate the load (it is in bounds), which moves the line.
                return False
            if len(arr.dims) == 2:
                cols = max(max(c[1] for c in comps) + 1, arr.cols_hint)
                rows = max(c[0] for c in comps) + 1
                arr.dims = [rows + rng.choice([0, 0, 1, 3]), cols]
            else:
                arr.dims = [max(c[0] for c in comps) + 1 + rng.choice([0, 0, 1, 5, 32])]
            total = arr.width
            for d in arr.dims:
                total *= d
            if total > ARRAY_BYTES_MAX:
                return False
        return True

    def results(self):
        out = []
        for acc, parts, base, cond, sites in self.plans:
            arr = acc.array
            stats = reference.AccessStats(getattr(acc, "width_override", arr.width))
            for key in sorted(sites):
                lanes = sites[key]
                if len(arr.dims) == 2:
                    addr = {l: (c[0] * arr.dims[1] + c[1]) * arr.width for l, c in lanes.items()}
                else:
                    addr = {l: c[0] * arr.width for l, c in lanes.items()}
                stats.add(addr)
            out.append((acc, stats.result()))
        return out

    # -- print
    def function_name(self):
        if not self.template:
            return self.name
        if self.template[0] == "typename":
            return "%s<%s, %d>" % (self.name, self.tparam_type, self.template[1])
        return "%s<%d>" % (self.name, self.template[1])

    def array_type(self, arr):
        if self.template and self.template[0] == "typename" and arr is self.arrays[0]:
            return "T"
        return arr.ctype

    def emit(self, lines):
        """Appends the kernel's source lines; records each access's line number."""
        sp = self.spell
        for acc in self.accesses:
            if acc.helper is None:
                continue
            name, f, e1, e2 = acc.helper
            t = self.array_type(acc.array)
            if self.template and t == "T":
                t = acc.array.ctype  # helpers are not templates
            idx = render(f, sp)
            if acc.kind == "read":
                lines.append("__device__ %s %s(const %s *s, int a, int b) {" % (t, name, t))
                lines.append("  return s[%s];" % idx)
            else:
                lines.append("__device__ void %s(%s *s, int a, int b, %s v) {" % (name, t, t))
                lines.append("  s[%s] = v;" % idx)
            acc.line = len(lines)
            lines.append("}")
        if self.template:
            if self.template[0] == "typename":
                lines.append("template <typename T, int S>")
            else:
                lines.append("template <int S>")
        lines.append("__global__ void %s(float *out) {" % self.name)
        for arr in self.arrays:
            t = self.array_type(arr)
            dims = "".join("[%d]" % d for d in arr.dims)
            align = " __attribute__((aligned(16)))" if arr.width < 4 else ""
            if arr.storage == "static":
                lines.append("  __shared__%s %s %s%s;" % (align, t, arr.name, dims))
            elif arr.storage == "dynamic":
                if t == "T":
                    # an extern array of a dependent type is not portable: carve it
                    arr.storage = "raw"
                else:
                    lines.append("  extern __shared__ %s %s[];" % (t, arr.name))
            if arr.storage == "raw":
                lines.append("  extern __shared__ __attribute__((aligned(16))) unsigned char "
                             "raw%d[];" % self.number)
                lines.append("  %s *%s = reinterpret_cast<%s *>(raw%d);" % (t, arr.name, t,
                                                                             self.number))
        lines.append("  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;")
        lines.append("  const int t = tx + blockDim.x * (ty + blockDim.y * tz);")
        lines.append("  const int val = t + 1;")
        lines.append("  float acc = 0.0f;")
        if self.early:
            lines.append("  if (%s) return;" % render_cond(self.early, sp))
        for acc in self.accesses:
            if acc.via == "pointer":
                t = self.array_type(acc.array)
                if acc.row is not None:
                    lines.append("  %s *p%d = %s[%s];" % (
                        t, self.accesses.index(acc), acc.array.name, render(acc.row, sp)))
                else:
                    lines.append("  %s *p%d = &%s[%s];" % (
                        t, self.accesses.index(acc), acc.array.name, render(acc.base, sp)))
        indent = "  "
        in_loop = [a for a in self.accesses if a.in_loop]
        after = [a for a in self.accesses if not a.in_loop and not getattr(a, "readback", 0)]
        for acc in after:
            self.emit_access(acc, lines, indent)
        if in_loop:
            lines.append(indent + "#pragma unroll 1")
            lines.append(indent + self.outer.header + " {")
            indent += "  "
            if self.inner:
                lines.append(indent + "#pragma unroll 1")
                lines.append(indent + self.inner.header + " {")
                indent += "  "
            for acc in in_loop:
                self.emit_access(acc, lines, indent)
            if self.inner:
                indent = indent[:-2]
                lines.append(indent + "}")
            lines.append("  }")
        for acc in self.accesses:
            if getattr(acc, "readback", False):
                self.emit_access(acc, lines, "  ")
        lines.append("  out[t] = acc;")
        lines.append("}")

    def emit_access(self, acc, lines, indent):
        sp = self.spell
        arr = acc.array
        t = arr.ctype
        if acc.cond:
            lines.append(indent + "if (%s)" % render_cond(acc.cond, sp))
            indent += "  "
        n = self.accesses.index(acc)
        if acc.helper:
            name, f, e1, e2 = acc.helper
            call_args = "%s, %s, %s" % (arr.name, render(e1, sp), render(e2, sp))
            if acc.kind == "read":
                lines.append(indent + value_code(t, "%s(%s)" % (name, call_args), "read", "val"))
            else:
                comps = TYPES[t][1]
                if comps is None:
                    lines.append(indent + "%s(%s, (%s)val);" % (name, call_args, t))
                else:
                    lines.append(indent + "{ %s v = {%s}; %s(%s, v); }" % (
                        t, ", ".join("(%s)val" % TYPES[t][2] for _ in comps), name, call_args))
            return
        if acc.via == "pointer":
            target = "p%d[%s]" % (n, render(acc.col if acc.row is not None else acc.index, sp))
        elif acc.row is not None:
            target = "%s[%s][%s]" % (arr.name, render(acc.row, sp), render(acc.col, sp))
        else:
            target = "%s[%s]" % (arr.name, render(acc.index, sp))
        if getattr(acc, "readback", False) and TYPES[t][1]:
            lines.append(indent + "acc += (float)%s.x;" % target)
            acc.width_override = TYPES[TYPES[t][2]][0]
        else:
            lines.append(indent + value_code(t, target, acc.kind, "val"))
        acc.line = len(lines)

    def launch(self):
        x, y, z = self.block
        shm = ""
        for arr in self.arrays:
            if arr.storage in ("dynamic", "raw"):
                shm = ", %d" % (arr.width * arr.dims[0])
        name = self.name
        if self.template:
            name = "%s<%s>" % (self.name, ", ".join(
                ([self.tparam_type] if self.template[0] == "typename" else [])
                + [str(self.template[1])]))
        return "  if (first <= %d && %d < last) { %s<<<1, dim3(%d, %d, %d)%s>>>(out); CHECK_LAUNCH(); }" % (
            self.number, self.number, name, x, y, z, shm)


def make_kernel(rng, number):
    for _ in range(200):
        k = Kernel(rng, number)
        k.build()
        k.evaluate()
        if k.size_arrays():
            return k
    raise RuntimeError("could not make kernel %d" % number)


PRELUDE = """\
// Generated by test/random/gen.py --seed %(seed)d --kernels %(n)d: random
// shared-memory accesses; %(name)s.ref.json holds the brute-force answer.
#ifdef __NVCC__
#define CHECK_LAUNCH() if (cudaGetLastError() != cudaSuccess) return 1
#else
#define CHECK_LAUNCH() (void)0
#endif
"""

MAIN = """\
#ifdef __NVCC__
#include <cstdlib>
// ./a.out [first [last]]: launches kernels first..last-1 (all by default).
int main(int argc, char **argv) {
  int first = argc > 1 ? atoi(argv[1]) : 0, last = argc > 2 ? atoi(argv[2]) : 1 << 30;
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  int rc = launch_all(out, first, last);
  if (cudaDeviceSynchronize() != cudaSuccess) rc = 3;
  cudaFree(out);
  return rc;
}
#endif
"""


def generate(seed, count, name):
    rng = random.Random(seed)
    kernels = [make_kernel(rng, n) for n in range(count)]
    lines = (PRELUDE % {"seed": seed, "n": count, "name": name}).rstrip("\n").split("\n")
    for k in kernels:
        lines.append("")
        k.emit(lines)
    lines.append("")
    lines.append("int launch_all(float *out, int first, int last) {")
    for k in kernels:
        lines.append(k.launch())
    lines.append("  return 0;")
    lines.append("}")
    lines.extend(MAIN.rstrip("\n").split("\n"))
    findings = []
    for k in kernels:
        for acc, res in k.results():
            width = getattr(acc, "width_override", acc.array.width)
            deg = res["degree"]
            findings.append({
                "file": name + ".cu", "line": acc.line, "function": k.function_name(),
                # the shared variable: a carved pointer's buffer is raw<N>
                "access": acc.kind, "width": width,
                "array": ("raw%d" % k.number if acc.array.storage == "raw"
                          else acc.array.name),
                "block": list(k.block),
                "status": "conflict" if deg and deg > 1 else "ok",
                "degree": deg, "executions": res["executions"],
                "wide_partial_warp_instructions": res["wide_partial_warp_instructions"],
                "wavefronts_per_instruction": res["wavefronts_per_instruction"],
                "ideal_wavefronts_per_instruction": res["ideal_wavefronts_per_instruction"],
            })
    return "\n".join(lines) + "\n", {"generator": "test/random/gen.py", "seed": seed,
                                     "kernels": count, "findings": findings}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--kernels", type=int, default=100)
    ap.add_argument("--out", required=True)
    ap.add_argument("--name")
    args = ap.parse_args(argv)
    name = args.name or "random-%d" % args.seed
    os.makedirs(args.out, exist_ok=True)
    src, ref = generate(args.seed, args.kernels, name)
    with open(os.path.join(args.out, name + ".cu"), "w") as fh:
        fh.write(src)
    with open(os.path.join(args.out, name + ".ref.json"), "w") as fh:
        json.dump(ref, fh, indent=1, sort_keys=True)
        fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
