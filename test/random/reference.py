"""Brute-force shared-memory bank model, written independently of ldslint.

Takes, for one access, every executed warp instruction as a map lane -> byte
address (active lanes only) and applies the NVIDIA sm_70..sm_90 model of
/work/shared/reference/bank-models.md:

- 32 banks of 4 bytes; bank = (byte address / 4) mod 32;
- lanes are split into phases by access width: <= 4 bytes one phase of 32
  lanes, 8 bytes two phases of 16 lanes, 16 bytes four phases of 8 lanes;
- a phase costs max over banks of the number of distinct 32-bit words of that
  bank it touches (same word = broadcast for reads, one write wins for
  writes; sub-word types share their word);
- a phase with no active lane costs nothing (it is not issued).

Python 3 standard library only.
"""

BANKS = 32
BANK_BYTES = 4
WARP = 32


def lanes_per_phase(width):
    if width <= 4:
        return 32
    if width == 8:
        return 16
    if width == 16:
        return 8
    raise ValueError("unsupported access width %d" % width)


def instruction_cost(lane_addr, width):
    """lane_addr: {lane in warp: byte address}. Returns (wavefronts, phases
    issued, worst phase)."""
    per_phase = lanes_per_phase(width)
    phases = {}
    for lane, addr in lane_addr.items():
        words = phases.setdefault(lane // per_phase, set())
        first, last = addr // BANK_BYTES, (addr + width - 1) // BANK_BYTES
        words.update(range(first, last + 1))
    total = worst = 0
    for words in phases.values():
        per_bank = {}
        for w in words:
            per_bank[w % BANKS] = per_bank.get(w % BANKS, 0) + 1
        cost = max(per_bank.values())
        total += cost
        worst = max(worst, cost)
    return total, len(phases), worst


class AccessStats:
    """Accumulates executed warp instructions of one source access."""

    def __init__(self, width):
        self.width = width
        self.instructions = 0
        self.wavefronts = 0
        self.ideal = 0
        self.degree = 0
        # Executed warp instructions of an 8- or 16-byte access with fewer
        # than 32 active lanes: there the phase model above is not what the
        # H200 does (docs/results/random-kernels.md), so they are counted.
        self.wide_partial = 0

    def add(self, lane_addr):
        if not lane_addr:
            return  # no active lane: the warp does not issue it
        w, ideal, worst = instruction_cost(lane_addr, self.width)
        self.instructions += 1
        self.wavefronts += w
        self.ideal += ideal
        self.degree = max(self.degree, worst)
        if self.width > 4 and len(lane_addr) < WARP:
            self.wide_partial += 1

    def result(self):
        n = self.instructions
        return {
            "executions": n,
            "wide_partial_warp_instructions": self.wide_partial,
            "degree": self.degree if n else None,
            "wavefronts_per_instruction": self.wavefronts / n if n else None,
            "ideal_wavefronts_per_instruction": self.ideal / n if n else None,
        }
