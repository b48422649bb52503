//===- SourceFixes.h - Fixes for the arrays the device IR finds conflicting -*- C++ -*-===//
//
// The findings come from the device IR; a fix is an edit of the source.
// For each array with a conflicting finding, every access to it is
// modelled: a multi-dimensional array from the same IR accesses, its
// strides written in its extents (ir/FixSites.h); a one-dimensional buffer
// from the AST (KernelExtractor), which can make its row stride a symbol.
// The padding and swizzle candidates are proven on that model
// (FixPlanner.h), and the fixes, the notes saying why none is offered and
// the after-fix bank maps are put on the device-IR findings of the same
// line, array and access kind. Arrays without a conflict cost nothing.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_SOURCEFIXES_H
#define LDSLINT_SOURCEFIXES_H

#include "Analyzer.h"
#include "LaunchEvaluation.h"
#include "LaunchSites.h"
#include "ir/IrFindings.h"

namespace ldslint {

/// \p Kernels: the kernels of the unit outside system headers; \p Analysed:
/// those the device-IR analysis kept (the models of multi-dimensional
/// arrays come from them, ir/FixSites.h).
void planSourceFixes(clang::ASTContext &Ctx, const BankModel &Model,
                     const LaunchSites &Launches, const AnalysisOptions &Options,
                     const std::vector<const clang::FunctionDecl *> &Kernels,
                     const std::vector<AnalysedKernel> &Analysed,
                     std::vector<Finding> &Findings, EvaluationCache &Cache);

} // namespace ldslint

#endif
