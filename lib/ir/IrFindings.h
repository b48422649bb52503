//===- IrFindings.h - Findings for every shared access of the device IR -*- C++ -*-===//
//
// For each kernel of the device module: its accesses (LaneValues), the
// launch configurations of its declaration (LaunchSites), one Finding per
// shared-memory operation, located at the line the user wrote (the
// innermost debug location) with a note at each inlined call.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_IRFINDINGS_H
#define LDSLINT_IR_IRFINDINGS_H

#include "Analyzer.h"
#include "LaunchEvaluation.h"
#include "LaunchSites.h"
#include "ir/DeviceModule.h"
#include "ir/LaneValues.h"

#include <functional>

namespace ldslint {

/// A kernel as analysed, kept for the fix planner (ir/FixSites.h).
struct AnalysedKernel {
  const clang::FunctionDecl *Decl = nullptr;
  IrKernel Kernel;
  /// Per access of Kernel: where its finding is, and its array's declaration.
  std::vector<clang::SourceLocation> Locs;
  std::vector<const clang::VarDecl *> Arrays;
};

/// \p Kept: the kernels with a declaration, as analysed.
std::vector<Finding> analyzeDeviceModule(
    clang::ASTContext &Ctx, const DeviceModule &DM, const BankModel &Model,
    const LaunchSites &Launches, const AnalysisOptions &Options,
    EvaluationCache *Cache = nullptr, std::vector<std::string> *Skipped = nullptr,
    std::vector<AnalysedKernel> *Kept = nullptr);

/// \p Fn, a kernel of \p DM declared \p Kernel, as analysed: its accesses
/// with their findings' locations and arrays, and no findings (the fix
/// planner's models of a module emitted again, ir/StrideModel.h).
/// \p SystemHeaders: as the analysis's option LibraryKernels.
AnalysedKernel analyseForFixes(clang::ASTContext &Ctx, const DeviceModule &DM,
                               const llvm::Function &Fn, const clang::FunctionDecl &Kernel,
                               const BankModel &Model, bool SystemHeaders);

} // namespace ldslint

#endif
