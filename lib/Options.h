//===- Options.h - Options shared by the plugin and the driver ---*- C++ -*-===//
#ifndef LDSLINT_OPTIONS_H
#define LDSLINT_OPTIONS_H

#include "Analyzer.h"
#include "DiagnosticReporter.h"
#include "OptionHelp.h"

#include <optional>
#include <string>

namespace ldslint {

struct ToolOptions {
  AnalysisOptions Analysis;
  ReportOptions Report;
  std::string ArchOverride; ///< analyse as this arch instead of the target's
  std::string JsonPath;     ///< plugin: also write findings here
  /// plugin: draw bank maps (explain, or explain=FILE:LINE[:COL] for one
  /// place; empty selection: every reported conflict).
  bool Explain = false;
  std::string ExplainAt;
};

/// Applies one `name=value` (or bare `name`) option. Returns an error
/// message, or an empty string on success. Used for plugin arguments and
/// mirrored by the driver's command-line flags.
std::string applyOption(ToolOptions &Opts, const std::string &Arg);

/// The target when neither an option nor the compile names one (the
/// driver's and the clang-tidy check's default; the plugin always has the
/// device compile's): sm_90 for CUDA, gfx90a for HIP.
inline const char *defaultTarget(bool Hip) { return Hip ? "gfx90a" : "sm_90"; }

/// A time or memory budget: a non-negative number (0: no limit); nullopt
/// for anything else.
std::optional<double> parseBudget(const std::string &Text);

/// The option summary printed by `--help` / the plugin's `help` argument.
const char *optionHelp();

} // namespace ldslint

#endif
