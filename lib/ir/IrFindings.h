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

#include <functional>

namespace ldslint {

std::vector<Finding> analyzeDeviceModule(
    clang::ASTContext &Ctx, const DeviceModule &DM, const BankModel &Model,
    const LaunchSites &Launches, const AnalysisOptions &Options,
    EvaluationCache *Cache = nullptr, std::vector<std::string> *Skipped = nullptr);

} // namespace ldslint

#endif
