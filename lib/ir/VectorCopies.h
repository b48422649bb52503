//===- VectorCopies.h - Copies of CUDA vector types as nvcc emits them -*- C++ -*-===//
//
// `*reinterpret_cast<float4 *>(&tile[r][c]) = v`, `float4 v = FLOAT4(s[i])`,
// `LDST128BITS(s[r][c]) = ...`: nvcc trusts the alignment of the type an
// lvalue has and emits one STS.128 / LDS.128 (measured on the H200:
// test/hardware/kernels/patterns.cu `cast_store`, the idioms kit). Clang's
// IR keeps a weaker alignment (the array element's, 2 or 4 bytes) on one
// or both sides of the memcpy it emits for the copy, and SROA would then
// split it into 2- or 4-byte accesses, of which it drops the unused ones.
//
// Before the pipeline, on NVPTX, each constant-size memcpy gets the
// alignment of its source type (\p TypeAlignment, from the AST:
// VectorCopySites.h) and the larger of its two sides'; a copy of 8 or 16
// bytes so aligned becomes one vector load and one vector store, the
// instructions nvcc emits.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_VECTORCOPIES_H
#define LDSLINT_IR_VECTORCOPIES_H

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"

#include <functional>

namespace ldslint {

/// \p TypeAlignment: the alignment of the type the source copies at a
/// debug location, 0 when not known (may be empty).
void widenVectorCopies(
    llvm::Module &M,
    const std::function<unsigned(const llvm::DILocation *)> &TypeAlignment);

} // namespace ldslint

#endif
