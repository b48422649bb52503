//===- LayoutObservers.h - Where code depends on an array's layout -*- C++ -*-===//
//
// The safety scans of the fix planner: places where a shared array's layout
// is observed, so that padding or a swizzle would change what the program
// does. sizeof; an address into the array passed to a call ldslint cannot
// follow (no body, or a body that turns pointers into integers or uses
// inline asm), converted to an integer, or used by inline asm; and code in
// #if/#else blocks that names the array (another configuration's accesses,
// absent from this compile's AST).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_LAYOUTOBSERVERS_H
#define LDSLINT_LAYOUTOBSERVERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ldslint {

struct LayoutObservations {
  /// Declaration location (raw encoding) -> why its layout must not change.
  std::map<unsigned, std::string> Observed;
  /// Declaration locations of arrays whose sizeof the code uses.
  std::map<unsigned, bool> Sized;
  /// Every evaluated reference to each shared variable (outside templates'
  /// uninstantiated patterns and sizeof), by declaration location: each must
  /// be one a fix model follows (ir/FixSites.h) before a fix is offered.
  std::map<unsigned, std::vector<const clang::DeclRefExpr *>> References;
};

/// Scans the user's code (not system headers). With \p Arrays, the
/// observations of those arrays are what is asked for: when each is local
/// to a function (a kernel's `__shared__` array), only the functions whose
/// source contains a declaration of one are scanned (every instantiation of
/// a template has its pattern's source), since nothing else can name it.
LayoutObservations
scanLayoutObservations(clang::ASTContext &Ctx,
                       const std::set<const clang::VarDecl *> *Arrays = nullptr);

/// Whether \p VD is named inside #if/#ifdef/#ifndef blocks of the code that
/// can see it (its function's body, or the rest of its file).
bool namedUnderConditionalCompilation(const clang::SourceManager &SM,
                                      const clang::VarDecl *VD);

} // namespace ldslint

#endif
