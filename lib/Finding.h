//===- Finding.h - One analysed shared-memory access -------------*- C++ -*-===//
//
// What the analysis concludes about one access on one target, as plain data
// the reporters render (clang diagnostics, JSON). Source positions are kept
// both as text (file/line/column) and as clang locations for the front ends
// that still have the AST.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_FINDING_H
#define LDSLINT_FINDING_H

#include "BankSolver.h"
#include "BlockShape.h"
#include "Evaluator.h"

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace ldslint {

struct TextEdit {
  std::string File;
  unsigned Offset = 0, Length = 0;
  unsigned Line = 0, Column = 0;
  std::string Replacement;
  clang::CharSourceRange Range; ///< same edit, for clang front ends
};

struct Fix {
  std::string Description; ///< "pad the innermost dimension of `tile` to 33"
  std::vector<TextEdit> Edits;
  /// The other fix that also works; described in a note, never applied
  /// automatically.
  bool Alternative = false;
};

struct Finding {
  // Where.
  std::string File;
  unsigned Line = 0, Column = 0;
  clang::SourceLocation Loc, DeclLoc;
  std::vector<clang::SourceLocation> CallLocs; ///< inlined call sites
  std::string Function; ///< kernel, with template arguments
  std::string Array;
  AccessKind Kind = AccessKind::Read;
  unsigned WidthBytes = 4;

  // Under which assumptions.
  std::string Arch;
  std::optional<BlockShape> Block; ///< nullopt: the default lane structure
  std::string BlockSource;

  // What.
  EvalResult Result;
  std::vector<Fix> Fixes;
  std::vector<std::string> FixNotes; ///< why no fix is offered
  /// This access re-evaluated with the chosen fix applied (its Picture shows
  /// the same warp and iteration as Result's where that still executes);
  /// set when a fix for its array is offered.
  std::optional<EvalResult> AfterFix;
};

} // namespace ldslint

#endif
