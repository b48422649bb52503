//===- Analyzer.h - Analyse one translation unit for one target -*- C++ -*-===//
//
// The entry point every front end calls: generates the device IR of a
// device compile, finds every shared-memory operation of its kernels,
// evaluates each for each block shape on the target's bank model, places
// the findings at the source expressions, plans padding and swizzle fixes
// on the source, and returns findings. It prints nothing.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_ANALYZER_H
#define LDSLINT_ANALYZER_H

#include "Finding.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/CodeGenOptions.h"

#include <chrono>
#include <set>
#include <string>

namespace ldslint {

struct AnalysisOptions {
  /// The compile's code-generation options, when the front end has them
  /// (the device IR is generated with them, optimisation aside).
  const clang::CodeGenOptions *CodeGen = nullptr;
  /// The kernels (mangled names) that the compile's own device module
  /// showed cannot reach shared memory, when the front end saw it (the
  /// plugin): they are not generated again.
  const std::set<std::string> *CompiledWithoutShared = nullptr;
  /// Host functions with errors the front end set aside (their statements
  /// with errors are missing from the AST): launch shapes are not read
  /// from their locals or parameters (canonical declarations).
  const std::set<const clang::FunctionDecl *> *BrokenFunctions = nullptr;
  std::optional<BlockShape> AssumeBlock;
  /// Also analyse kernels defined in system headers (CUB's and thrust's
  /// device-wide kernels), reported at the library's lines: every answer is
  /// asked for (report=all). Otherwise their code is dropped unanalysed, as
  /// nothing of them could be shown (conflicts in system headers are not).
  bool LibraryKernels = false;
  /// Leave the device module to the process's exit rather than free it:
  /// the compile says -disable-free (clang's default for its compiles), as
  /// clang itself does with its AST and module. Freeing it cost about a
  /// seventieth of the analysis.
  bool LeaveModuleToExit = false;
  /// Offer the XOR swizzle first when both fixes work (default: padding).
  bool PreferSwizzle = false;
  /// The other targets of the build ("sm_80", "gfx942"); fixes are planned
  /// to hold on each of them too (targets with another wave size and
  /// unknown targets are left out).
  std::vector<std::string> FixArchs;
  EvalOptions Eval;
  /// Time for one translation unit and target, in seconds (0: no limit).
  /// Kernels not reached in time are not analysed and are listed in
  /// AnalysisOutput::Skipped; the findings made so far are kept.
  double TimeBudgetSeconds = 60;
  /// Set by analyzeTranslationUnit from TimeBudgetSeconds.
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  /// How much the process's resident memory may grow while one translation
  /// unit and target is analysed, in MB (0: no limit). Like the time
  /// budget: kernels not reached are listed, the findings made are kept.
  double MemoryBudgetMB = 4096;
  /// Set by analyzeTranslationUnit from MemoryBudgetMB (resident bytes).
  std::optional<uint64_t> MemoryLimit;
  /// Set when the memory limit was met (the skipped kernels' reason).
  mutable bool MemorySpent = false;
};

struct AnalysisOutput {
  std::optional<BankModel> Model;
  std::string Problem; ///< set when nothing could be analysed (unknown arch)
  /// Set when the device IR could not be generated or analysed (the
  /// unit's kernels then have no findings).
  std::string IrProblem;
  /// Kernels not analysed because the time or memory budget was spent.
  std::vector<std::string> Skipped;
  bool MemoryBudgetSpent = false; ///< memory, not time, ran out first
  std::vector<Finding> Findings;
  /// Kernels of the unit outside system headers (instantiations counted).
  size_t Kernels = 0;
  /// Kernel templates of system headers the unit instantiates.
  unsigned LibraryKernels = 0;
};

/// The process's resident memory in bytes (0 where it cannot be read).
uint64_t residentBytes();

/// Whether \p Options' budget is spent: its deadline has passed or the
/// process's memory has grown past its limit.
inline bool pastDeadline(const AnalysisOptions &Options) {
  if (Options.Deadline && std::chrono::steady_clock::now() > *Options.Deadline)
    return true;
  if (Options.MemoryLimit && residentBytes() > *Options.MemoryLimit)
    return Options.MemorySpent = true;
  return false;
}

/// One sentence on what the analysis of a translation unit left out (the IR
/// engine's problem, kernels skipped for time), for the front ends to show;
/// empty when nothing was.
std::string analysisGaps(const AnalysisOutput &Out, const AnalysisOptions &Options);

/// \p Arch is the device target's CPU ("sm_90", "gfx942"); \p WaveSize what
/// the compiler reports for it (0 if unknown).
AnalysisOutput analyzeTranslationUnit(clang::ASTContext &Ctx,
                                      const std::string &Arch,
                                      unsigned WaveSize,
                                      const AnalysisOptions &Options);

} // namespace ldslint

#endif
