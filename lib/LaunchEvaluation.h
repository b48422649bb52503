//===- LaunchEvaluation.h - One access over every launch of its kernel -*- C++ -*-===//
//
// What the device-IR findings and the fix planner's models share once
// an access is an AccessModel: evaluating it for each launch configuration of its kernel
// and keeping the worst, the stated assumptions, and the accesses the
// compiler may merge into one wider instruction.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_LAUNCHEVALUATION_H
#define LDSLINT_LAUNCHEVALUATION_H

#include "Finding.h"
#include "LaunchSites.h"
#include "PtxasMerging.h"

#include <functional>
#include <map>
#include <unordered_map>

namespace ldslint {

/// The kernel's name with template arguments, for messages.
std::string kernelName(const clang::FunctionDecl *FD, const clang::ASTContext &Ctx);

/// One way to run a kernel: its shape and the evaluation options that fix
/// constant kernel arguments.
using LaunchRun = std::pair<std::optional<BlockShape>, EvalOptions>;

/// \p Base with what the compile's own flags say about the code the back
/// end emits (relocatable device code).
EvalOptions evalOptionsFor(const EvalOptions &Base, const clang::ASTContext &Ctx);

/// The runs for \p Configs, binding constant launch arguments to the
/// kernel's parameter symbols.
std::vector<LaunchRun> launchRuns(const std::vector<LaunchConfig> &Configs,
                                  const std::map<unsigned, SymbolId> &ParamSymbols,
                                  const EvalOptions &Base);

/// Results of evaluations already done in one translation unit, keyed by
/// the access written with its symbols numbered in order of appearance (so
/// that template instantiations and repeated code with the same addresses,
/// conditions, loops and launches are evaluated once).
class EvaluationCache {
public:
  struct Entry {
    EvalResult Result;
    std::optional<BlockShape> Block;
    std::string BlockSource;
  };
  std::unordered_map<std::string, Entry> Entries;
};

/// Evaluates \p Access for each run and fills \p F's result, block shape and
/// assumptions with the worst.
void evaluateOverLaunches(const KernelModel &Kernel, const AccessModel &Access,
                          const std::vector<LaunchRun> &Runs,
                          const std::vector<LaunchConfig> &Configs,
                          const BankModel &Model, Finding &F,
                          EvaluationCache *Cache = nullptr);

/// Compilers merge accesses to one array at a constant distance under the
/// same conditions into one wider instruction (nvcc: adjacent words into
/// LDS.64/128; AMDGPU: ds_read_b64/b128, ds_read2(st64)_b32, see
/// docs/amd-codegen.md). The merged instruction groups lanes differently, so
/// a conflict computed per source access is not claimed for such accesses.
/// \p Arrays[i] identifies the array of \p Accesses[i], whose finding is
/// \p Findings[First + i]. On NVIDIA a pair whose lower address is
/// misaligned for the wider access in some threads of a launched block
/// (\p Kernel's thread indices) is not a candidate: it cannot merge; with
/// \p Ptxas, NVIDIA runs of adjacent words are decided as ptxas emits them.
void markMergeCandidates(const KernelModel &Kernel,
                         const std::vector<const void *> &Arrays,
                         const std::vector<const AccessModel *> &Accesses,
                         const BankModel &Model, std::vector<Finding> &Findings,
                         size_t First, const PtxasMerging *Ptxas = nullptr);

} // namespace ldslint

#endif
