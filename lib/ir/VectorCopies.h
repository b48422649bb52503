//===- VectorCopies.h - Copies of CUDA vector types as nvcc emits them -*- C++ -*-===//
//
// `*reinterpret_cast<float4 *>(&tile[r][c]) = v`, `float4 v = FLOAT4(s[i])`,
// `LDST128BITS(s[r][c]) = ...`: nvcc trusts the alignment of the type an
// lvalue has. Measured on the H200 (test/hardware/idioms/vector_copies.cu,
// kernels/patterns.cu `cast_store`): a copy whose every field is used is
// one STS.128 / LDS.128; a read of which only some fields are used is
// scalar loads of those fields (nvcc drops the others). Clang's IR keeps a
// weaker alignment (the array element's, 2 or 4 bytes) on one or both
// sides of the memcpy it emits for the copy, so after SROA splits it the
// load/store vectorizer could not join the pieces again.
//
// Before the pipeline, on NVPTX, each constant-size memcpy that copies a
// vector type's value (\p TypeAlignment, from the AST: VectorCopySites.h)
// gets that alignment and the larger of its two sides'; others (`memcpy`
// into bytes from a float4) are left as they are. SROA then splits it
// with that alignment, drops the unused fields, and the vectorizer joins
// the used ones where they make one aligned access: what nvcc emits.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_VECTORCOPIES_H
#define LDSLINT_IR_VECTORCOPIES_H

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"

#include <functional>

namespace ldslint {

/// \p TypeAlignment: the alignment of the type the source copies with
/// \p Copy, 0 when not known (may be empty).
void alignVectorCopies(
    llvm::Module &M,
    const std::function<unsigned(const llvm::Instruction &Copy)> &TypeAlignment);

} // namespace ldslint

#endif
