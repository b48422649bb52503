//===- SarifReport.h - Findings as SARIF 2.1.0 -------------------*- C++ -*-===//
//
// A SARIF 2.1.0 log for code-scanning UIs, built from the findings: one
// rule per verdict; one result per access and verdict, whatever the number
// of targets (they are listed in its properties); the notes as related
// locations (the array's declaration, the inlined call sites, the launch
// that gives the block shape); the fixes as replacements; the tool's
// version; a partial fingerprint that survives edits elsewhere in the file;
// the files that could not be analysed in the invocation.
//
// Results are made per finding while its SourceManager is alive
// (findingToSarifResult) and put together by sarifLog, in the order given:
// the driver's workers (-j) hand their results to the parent this way.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_SARIFREPORT_H
#define LDSLINT_SARIFREPORT_H

#include "Finding.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace ldslint {

/// A file that could not be analysed, and why.
struct FailedFile {
  std::string File;
  std::string Reason;
};

/// One finding on one target as a SARIF result (with private fields that
/// sarifLog consumes).
llvm::json::Value findingToSarifResult(const Finding &F, const clang::SourceManager &SM);

/// The log: results of one access with one verdict on several targets
/// become one result listing the targets.
llvm::json::Value sarifLog(const std::vector<llvm::json::Value> &Results,
                           const std::vector<FailedFile> &Failed);

} // namespace ldslint

#endif
