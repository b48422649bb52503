//===- UnitWalk.h - Walk a translation unit's own code ----------*- C++ -*-===//
//
// Most of a CUDA unit's AST is its system headers (CUDA's, the C++
// library's). The walks that look for launches, assignments or layout
// observers of the user's arrays only need the user's code, except when
// library kernels (CUB, thrust) are analysed too.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_UNITWALK_H
#define LDSLINT_UNITWALK_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace ldslint {

/// Walks \p Ctx's top-level declarations with \p Visitor (a
/// RecursiveASTVisitor), leaving out those declared in system headers
/// unless \p SystemHeaders. A user template's instantiations are visited
/// with it, wherever they were instantiated.
template <typename Visitor>
void traverseUnit(Visitor &V, const clang::ASTContext &Ctx, bool SystemHeaders) {
  auto *Unit = const_cast<clang::TranslationUnitDecl *>(Ctx.getTranslationUnitDecl());
  if (SystemHeaders) {
    V.TraverseDecl(Unit);
    return;
  }
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (clang::Decl *D : Unit->decls())
    if (!SM.isInSystemHeader(D->getLocation()))
      V.TraverseDecl(D);
}

} // namespace ldslint

#endif
