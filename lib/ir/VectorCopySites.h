//===- VectorCopySites.h - Where the source copies a vector-like type -*- C++ -*-===//
//
// The AST side of VectorCopies.h: assignment operators and initialised
// variables whose type is vector-like (a record or vector type of 8 or 16
// bytes whose alignment is its size: float2, float4, int4, double2), by the
// location clang's debug information gives the copy.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_VECTORCOPYSITES_H
#define LDSLINT_IR_VECTORCOPYSITES_H

#include "clang/AST/ASTContext.h"
#include "llvm/IR/DebugInfoMetadata.h"

#include <map>
#include <utility>

namespace ldslint {

class VectorCopySites {
public:
  explicit VectorCopySites(clang::ASTContext &Ctx);
  /// The alignment of the type copied at \p L, or 0.
  unsigned alignmentAt(const llvm::DILocation *L) const;

private:
  const clang::SourceManager &SM;
  std::map<std::pair<clang::FileID, unsigned>, unsigned> Alignment;
};

} // namespace ldslint

#endif
