//===- IterationPairs.h - Pairs adjacent in some iterations ----*- C++ -*-===//
//
// Two accesses of one array whose distance changes with the iteration of a
// loop of constant bounds (a scan's `temp[ai]` and `temp[bi]`, bi = ai +
// offset): the compiler unrolls such a loop, and in the iterations where the
// two are adjacent words ptxas makes them one LDS.64 (measured on the H200:
// test/hardware/explore/scan16.cu, offset 1). Those iterations are not
// evaluated as written: the finding keeps the verdict of the others and has
// no mean.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_ITERATIONPAIRS_H
#define LDSLINT_ITERATIONPAIRS_H

#include "BankModel.h"
#include "Finding.h"
#include "PtxasMerging.h"

#include <vector>

namespace ldslint {

/// \p Arrays, \p Accesses, \p Findings and \p First as for
/// markMergeCandidates; \p Ptxas re-evaluates an access with an added
/// condition (EvaluateWide) and says whether two are adjacent in the IR.
void markIterationPairs(const KernelModel &Kernel,
                        const std::vector<const void *> &Arrays,
                        const std::vector<const AccessModel *> &Accesses,
                        const BankModel &Model, std::vector<Finding> &Findings,
                        size_t First, const PtxasMerging &Ptxas);

} // namespace ldslint

#endif
