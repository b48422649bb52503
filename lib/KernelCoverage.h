//===- KernelCoverage.h - Kernels the source engine fully decides -*- C++ -*-===//
//
// The device-IR engine exists for the shared-memory operations the source
// engine does not see or cannot decide. Generating and normalising device IR
// costs more than parsing (about 3 ms per small kernel), so a kernel whose
// every shared-memory operation the source engine has already decided is
// left out of it. "Every" must be certain, so the test is conservative:
//
//  * each access of the kernel (through the device functions it calls) has a
//    decided finding for every launch analysed;
//  * every reference to a __shared__ variable in the kernel and its callees
//    ended in one of those accesses (no pointer kept, no sizeof, no escape);
//  * no inline assembly, no call through a pointer or a virtual call, no
//    call of a bodiless function that takes a pointer or reference, no
//    memcpy/memset/memmove;
//  * no two accesses of one kind to one array, and no records: the load/store
//    vectorizer can merge (and clang can split) nothing the source engine
//    costed one by one.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_KERNELCOVERAGE_H
#define LDSLINT_KERNELCOVERAGE_H

#include "Finding.h"
#include "KernelExtractor.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace ldslint {

/// Whether the source engine's \p Findings (those made for \p K) decide every
/// shared-memory operation the device code of \p K can perform.
bool sourceEngineCoversKernel(const clang::ASTContext &Ctx,
                              const ExtractedKernel &K,
                              const std::vector<const Finding *> &Findings);

} // namespace ldslint

#endif
