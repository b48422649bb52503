//===- SarifReport.h - Findings as SARIF 2.1.0 -------------------*- C++ -*-===//
//
// Converts the driver's JSON findings (JsonReport) into a SARIF 2.1.0 log for
// code-scanning UIs: one rule per verdict, one result per access and
// verdict (the targets that agree listed in its properties), a stable
// partial fingerprint, fixes as SARIF replacements, and the files that could
// not be analysed as failed-invocation notifications.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_SARIFREPORT_H
#define LDSLINT_SARIFREPORT_H

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace ldslint {

llvm::json::Value findingsToSarif(const std::vector<llvm::json::Value> &Findings,
                                  const std::vector<std::string> &FailedFiles = {});

} // namespace ldslint

#endif
