//===- ArrayIndices.h - An access's index in each dimension of its array -*- C++ -*-===//
//
// The fix planner pads or swizzles one dimension of a shared array, so it
// needs an access's address as indices per dimension (`a[r][c]`: r and c),
// not as the flat byte offset the findings use. The device IR keeps that
// structure in its chain of GEPs from the array: a GEP stepping over
// `[32 x float]` moves the row index, one over `float` the column index.
// Constant byte GEPs that instcombine splits off (`a[r + 1][c]` becomes
// `gep [32 x float] r; gep i8 128; gep float c`) count at the level of the
// pointer they are added to: 128 bytes on a row pointer is one row.
//
// Anything else (a pointer that moves in a loop, is chosen by a select, a
// byte offset that would have to be split across dimensions) gives no
// indices: the planner then offers no fix for the array rather than guess
// how padding would move the access.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_ARRAYINDICES_H
#define LDSLINT_IR_ARRAYINDICES_H

#include "SymExpr.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"

#include <functional>
#include <optional>
#include <vector>

namespace ldslint {

struct ArrayIndices {
  /// One index per dimension of the array, outermost first (elements).
  std::vector<SymRef> Index;
  /// Bytes inside the element (a struct member, a piece of a copy).
  int64_t InElement = 0;
  /// Where the chain steps over whole rows (a dimension but the innermost,
  /// whose stride padding changes): the GEPs' debug locations, null for a
  /// GEP that is a constant. Padding moves such a step only if the source
  /// subscripts the array itself there (`a[r]`, not a `float (*)[32]`
  /// parameter whose row length stays as written).
  std::vector<const llvm::DILocation *> RowSteps;
};

/// The dimensions of \p G's value type, outermost first; empty when it is
/// not an array.
std::vector<uint64_t> arrayDimensions(const llvm::GlobalVariable &G);

/// The indices at which \p Ptr (plus \p ExtraBytes) points into \p G, or
/// nothing when the chain from \p G to \p Ptr is not a chain of GEPs and
/// casts whose offsets fall into whole dimensions. \p ValueOf gives an
/// index operand's per-lane value.
std::optional<ArrayIndices>
arrayIndices(const llvm::Value *Ptr, int64_t ExtraBytes, const llvm::GlobalVariable &G,
             const llvm::DataLayout &DL,
             const std::function<SymRef(const llvm::Value *)> &ValueOf);

} // namespace ldslint

#endif
