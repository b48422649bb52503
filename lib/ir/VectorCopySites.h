//===- VectorCopySites.h - Where the source copies a vector-like type -*- C++ -*-===//
//
// The AST side of VectorCopies.h: assignment operators and initialised
// variables whose type is vector-like (a record or vector type of 8 or 16
// bytes whose alignment is its size: float2, float4, int4, double2), by the
// location clang's debug information gives the copy.
//
// Only the bodies of functions that copy are read, each once, when a copy
// of theirs is asked about: a unit's headers are most of its AST.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_VECTORCOPYSITES_H
#define LDSLINT_IR_VECTORCOPYSITES_H

#include "ir/DebugLocations.h"

#include "clang/AST/ASTContext.h"
#include "llvm/IR/Instruction.h"

#include <functional>
#include <map>
#include <set>
#include <utility>

namespace ldslint {

class VectorCopySites {
public:
  /// \p DeclOf: the declaration an IR function was generated from, or null
  /// (then the whole unit is read, once).
  /// \p Files: the unit's entered files, shared with other maps.
  VectorCopySites(clang::ASTContext &Ctx,
                  std::function<const clang::Decl *(const llvm::Function &)> DeclOf,
                  std::shared_ptr<EnteredFiles> Files = nullptr);
  /// The alignment of the type copied by \p Copy, or 0.
  unsigned alignmentOf(const llvm::Instruction &Copy);

private:
  void index(clang::Decl *D);
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  DebugLocationMap Locations;
  std::function<const clang::Decl *(const llvm::Function &)> DeclOf;
  std::set<const clang::Decl *> Indexed;
  bool UnitIndexed = false;
  std::map<std::pair<clang::FileID, unsigned>, unsigned> Alignment;
};

} // namespace ldslint

#endif
