//===- AccessPlacement.h - IR findings at the expression the user wrote -*- C++ -*-===//
//
// Clang's debug information puts a store (and the read of a compound
// assignment or an increment) at the operator: `tile[y][x] = v` is at the
// `=`, `s[i] += t` at the `+=`. A user looks for the access at the array
// expression, and fix-its and `// ldslint: ignore` are keyed to it, so each
// finding located at an assignment or increment operator moves to the
// start of the expression it accesses:
//
//   write, compound read, ++/--   -> the start of the assigned expression
//   read at a plain `=`           -> the one reference to the array on the
//                                    right-hand side, when there is one
//
// Any other location (reads, atomics at their call) is already where the
// user wrote the access and is kept.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_ACCESSPLACEMENT_H
#define LDSLINT_ACCESSPLACEMENT_H

#include "Finding.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <utility>
#include <vector>

namespace ldslint {

class AccessPlacement {
public:
  /// Indexes the assignment and increment operators of \p Functions, the
  /// ones whose code the findings are in (DeviceModule::generatedFunctions).
  /// Those of system headers only with \p SystemHeaders.
  AccessPlacement(clang::ASTContext &Ctx,
                  const std::vector<const clang::FunctionDecl *> &Functions,
                  bool SystemHeaders);
  /// Moves \p F (its Loc, Line and Column) to the accessed expression.
  void place(Finding &F) const;

private:
  const clang::SourceManager &SM;
  /// (file, offset) of an operator's location -> the operator.
  std::map<std::pair<clang::FileID, unsigned>, const clang::Expr *> Operators;
  /// (file, offset) where a macro expansion starts, and a shared variable
  /// referenced in it -> the reference's (macro) location.
  std::map<std::pair<std::pair<clang::FileID, unsigned>, clang::SourceLocation>,
           clang::SourceLocation>
      MacroReferences;
  clang::SourceLocation fileLoc(clang::SourceLocation L) const;
  /// A finding at the start of a macro expansion that references its array
  /// is put at the reference inside it.
  void intoMacro(Finding &F) const;
  void moveTo(clang::SourceLocation L, Finding &F) const;
};

} // namespace ldslint

#endif
