//===- Explain.h - --explain: a finding's bank map as text -------*- C++ -*-===//
//
// For one finding: where, under which target / block shape / access width,
// the bank map of the worst warp instruction (BankMap.h) and, where a fix
// is offered, the same instruction after the fix.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_EXPLAIN_H
#define LDSLINT_EXPLAIN_H

#include "Finding.h"

#include <optional>
#include <string>

namespace ldslint {

/// Which findings --explain=FILE:LINE[:COL] asks for.
struct ExplainSelector {
  std::string File; ///< matches the finding's path or a trailing part of it
  unsigned Line = 0, Column = 0; ///< Column 0: any
  bool matches(const Finding &F) const;
};

/// Parses "FILE:LINE[:COL]"; std::nullopt with \p Error set when malformed.
std::optional<ExplainSelector> parseExplainSelector(const std::string &Text,
                                                    std::string &Error);

/// The explanation of \p F (several lines, ending with a newline).
std::string explainFinding(const Finding &F, bool Colour);

/// The bank model a finding was made with (its arch and warp size).
std::optional<BankModel> modelOfFinding(const Finding &F);

/// AMD: what the lanes outside the conflict note's example do, so that a
/// wave64 finding accounts for lanes 32-63 too (e.g. "lanes 32-63 of
/// wavefront 0 (phase 2 of 2) take 32 passes, the most in bank 1"). Empty
/// on NVIDIA targets, when the wavefront is one phase, or without a picture.
std::string otherPhasesInWords(const Finding &F);

/// The fix whose result Finding::AfterFix shows, in words.
std::string fixInWords(const Finding &F);

} // namespace ldslint

#endif
