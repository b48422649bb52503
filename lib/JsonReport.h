//===- JsonReport.h - Findings as JSON (the hardware-checked contract) -*- C++ -*-===//
#ifndef LDSLINT_JSONREPORT_H
#define LDSLINT_JSONREPORT_H

#include "Finding.h"

#include "llvm/Support/JSON.h"

namespace ldslint {

/// One finding in the documented shape: file, line, column, function,
/// array, access, arch, block, status, degree, wavefronts_per_instruction,
/// ideal_wavefronts_per_instruction, reason, assumptions, fixes (+ extras).
llvm::json::Value findingToJson(const Finding &F);

/// `{"findings": [...]}`.
llvm::json::Value findingsToJson(const std::vector<llvm::json::Value> &Items);

} // namespace ldslint

#endif
