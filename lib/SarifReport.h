//===- SarifReport.h - Findings as SARIF 2.1.0 -------------------*- C++ -*-===//
//
// Converts the driver's JSON findings (JsonReport) into a SARIF 2.1.0 log for
// code-scanning UIs: one rule per verdict, one result per reported finding,
// fixes as SARIF replacements.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_SARIFREPORT_H
#define LDSLINT_SARIFREPORT_H

#include "llvm/Support/JSON.h"

#include <vector>

namespace ldslint {

llvm::json::Value findingsToSarif(const std::vector<llvm::json::Value> &Findings);

} // namespace ldslint

#endif
