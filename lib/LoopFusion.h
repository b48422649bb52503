//===- LoopFusion.h - Accesses as NVIDIA's back end emits them ---*- C++ -*-===//
//
// ptxas fuses the 4-byte shared-memory accesses of consecutive loop
// iterations into one LDS.128 / STS.128 (LDS.64) once the loop is unrolled,
// whether the PTX came from nvcc or from clang (measured on the H200:
// test/hardware/explore/fusion.cu, docs/results/loop-fusion.md). Such an
// instruction groups lanes by quarter-warps, so the conflict of the
// 4-byte access as written is not what runs: `s[(t / 4) * 8 + i]` is 2-way
// as written and conflict-free fused; `s[t][k]` of a float[32][32] is 32-way
// as written and 8 wavefronts per fused instruction.
//
// The rule applied, where it was measured: a 4-byte access whose address
// grows by 4 bytes per iteration of its innermost loop (step 1), with a
// known trip count that is a multiple of 4, whose address at every 4th
// iteration is 16-byte aligned for every lane in an array whose start is
// 16-byte aligned, is one 16-byte access every 4 iterations. Where the
// rule does not settle it (trip count not known or not a multiple of 4,
// rows 8-byte aligned only, an array of unknown alignment), the access is
// evaluated as written, as LDS.64 pairs and as LDS.128 quads, and only a
// verdict all of them share is claimed.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_LOOPFUSION_H
#define LDSLINT_LOOPFUSION_H

#include "Evaluator.h"

namespace ldslint {

/// Evaluates \p Access as the target's back end emits it: as written, or
/// fused across iterations of its innermost loop as described above (with
/// an assumption saying so).
EvalResult evaluateAsEmitted(const KernelModel &Kernel, const AccessModel &Access,
                             const std::optional<BlockShape> &Shape,
                             const BankModel &Model, const EvalOptions &Options);

/// The number of iterations of \p Loop when it does not depend on anything
/// but its own variable (nullopt otherwise, or past \p Limit).
std::optional<uint64_t> constantTripCount(const LoopModel &Loop,
                                          uint64_t Limit = 1u << 16);

} // namespace ldslint

#endif
