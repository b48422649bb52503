//===- SourceFixes.h - Fixes for the arrays the device IR finds conflicting -*- C++ -*-===//
//
// The findings come from the device IR; a fix is an edit of the source, so
// the fix planner works on the source: for each array with a conflicting
// finding, every access to it is modelled from the AST (KernelExtractor),
// the padding and swizzle candidates are proven on that model
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

namespace ldslint {

/// \p Kernels: the kernels of the unit outside system headers.
void planSourceFixes(clang::ASTContext &Ctx, const BankModel &Model,
                     const LaunchSites &Launches, const AnalysisOptions &Options,
                     const std::vector<const clang::FunctionDecl *> &Kernels,
                     std::vector<Finding> &Findings, EvaluationCache &Cache);

} // namespace ldslint

#endif
