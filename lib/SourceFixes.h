//===- SourceFixes.h - Fixes for the arrays the device IR finds conflicting -*- C++ -*-===//
//
// The findings come from the device IR; a fix is an edit of the source.
// For each array with a conflicting finding, every access to it is
// modelled from the same IR accesses (ir/FixSites.h): a multi-dimensional
// array with its extents as symbols; a one-dimensional buffer with its row
// stride as a symbol once the planner knows where the stride is written
// (the device code emitted again, ir/StrideModel.h). The padding and
// swizzle candidates are proven on that model (FixPlanner.h), and the
// fixes, the notes saying why none is offered and the after-fix bank maps
// are put on the device-IR findings of the same line, array and access
// kind. Arrays without a conflict cost nothing.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_SOURCEFIXES_H
#define LDSLINT_SOURCEFIXES_H

#include "Analyzer.h"
#include "LaunchEvaluation.h"
#include "LaunchSites.h"
#include "ir/IrFindings.h"
#include "ir/StrideModel.h"

namespace ldslint {

/// \p Analysed: the kernels the device-IR analysis kept (the arrays'
/// models come from them); \p Emitter: how to emit the device code again.
void planSourceFixes(clang::ASTContext &Ctx, const BankModel &Model,
                     const LaunchSites &Launches, const AnalysisOptions &Options,
                     const std::vector<AnalysedKernel> &Analysed,
                     const DeviceEmitter &Emitter, std::vector<Finding> &Findings,
                     EvaluationCache &Cache);

} // namespace ldslint

#endif
