//===- RunState.h - What one driver run has found so far ---------*- C++ -*-===//
//
// The driver's state over the files of a run: the report items, fixes,
// counts for the summary, the files that failed. A parallel run (-j) gives
// each file to a worker process with its own RunState and merges them, in
// file order, into the parent's (ProjectJobs.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_TOOLS_RUNSTATE_H
#define LDSLINT_TOOLS_RUNSTATE_H

#include "Explain.h"
#include "FixExport.h"
#include "Options.h"
#include "SarifReport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ldslint {

/// Notes on what the driver added to compile commands: each said once, on
/// stderr (stdout carries only the report). Each note is one line.
class Notes {
public:
  static constexpr const char *Prefix = "ldslint: note: ";
  void say(const std::string &Text) {
    if (first(Text))
      llvm::errs() << Prefix << Text << "\n";
  }
  /// True the first time \p Text is seen (then it is to be printed).
  bool first(const std::string &Text) { return Said.insert(Text).second; }

private:
  std::set<std::string> Said;
};

struct RunState {
  ToolOptions Opts;
  std::string Arch;
  bool Json = false;
  bool Html = false;
  bool Sarif = false;
  bool Explain = false;
  /// Colours in the explain drawings (stdout is a terminal, or a worker's
  /// parent's is).
  bool ExplainColors = false;
  std::optional<ExplainSelector> ExplainOnly;
  unsigned Explained = 0;
  /// One report item per shown finding, in the format's shape (JSON
  /// finding, HTML item or SARIF result), in file and target order.
  std::vector<llvm::json::Value> Items;
  unsigned Reported = 0;
  std::vector<std::string> Undecided; ///< "file:line:col: array on arch: reason"
  unsigned Units = 0;                 ///< device compiles analysed
  unsigned Kernels = 0;               ///< kernels of the files analysed
  unsigned FileKernels = 0;           ///< of the current file (largest over targets)
  std::vector<FailedFile> Failed;     ///< files that were not analysed
  unsigned ByVerdict[3] = {0, 0, 0};  ///< findings by Verdict
  bool TargetProblem = false;
  FixCollector Fixes;
  Notes Said;
  /// The current compile got -fgpu-defer-diag from ldslint.
  bool AddedDeferDiag = false;
  /// nvcc's device intrinsics the driver's prelude defines (clang lacks them).
  std::vector<std::string> NvccIntrinsics;

  bool failed(const std::string &File) const {
    for (const FailedFile &F : Failed)
      if (F.File == File)
        return true;
    return false;
  }
};

} // namespace ldslint

#endif
