//===- Analyzer.cpp --------------------------------------------------------===//
#include "Analyzer.h"

#include <cstdio>
#if defined(__linux__)
#include <unistd.h>
#endif

#include "DebugTime.h"
#include "DeviceFunctions.h"
#include "LaunchEvaluation.h"
#include "LaunchSites.h"
#include "SourceFixes.h"
#include "ir/IrFindings.h"
#include "ir/PointerCallShapes.h"
#include "ir/SharedReach.h"
#include "StringCompat.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "clang/Basic/SourceManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ldslint {

uint64_t residentBytes() {
#if defined(__linux__)
  // statm: total and resident size, in pages.
  if (FILE *F = std::fopen("/proc/self/statm", "r")) {
    unsigned long long Total = 0, Resident = 0;
    const int Read = std::fscanf(F, "%llu %llu", &Total, &Resident);
    std::fclose(F);
    if (Read == 2)
      return Resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  }
#endif
  return 0;
}

std::string analysisGaps(const AnalysisOutput &Out, const AnalysisOptions &Options) {
  std::string Text;
  if (!Out.IrProblem.empty())
    Text = Out.IrProblem;
  if (!Out.Skipped.empty()) {
    std::string Names;
    for (size_t I = 0; I < Out.Skipped.size() && I < 8; ++I)
      Names += (Names.empty() ? "" : ", ") + Out.Skipped[I];
    if (Out.Skipped.size() > 8)
      Names += " and " + std::to_string(Out.Skipped.size() - 8) + " more";
    char Budget[32];
    if (Out.MemoryBudgetSpent) {
      snprintf(Budget, sizeof(Budget), "%g", Options.MemoryBudgetMB);
      Text += std::string(Text.empty() ? "" : "; ") + "the memory budget (" +
              Budget + " MB per translation unit, option memory-budget) ran out: ";
    } else {
      snprintf(Budget, sizeof(Budget), "%g", Options.TimeBudgetSeconds);
      Text += std::string(Text.empty() ? "" : "; ") + "the time budget (" +
              Budget + " s per translation unit, option time-budget) ran out: ";
    }
    Text += std::to_string(Out.Skipped.size()) + " kernel(s) not analysed: " + Names;
  }
  return Text;
}

namespace {

/// Kernel by kernel in source order (the module's order is the code
/// generator's); in a kernel, in the order its instructions run: by the
/// line of the kernel's statement (the access's own, or that of the
/// outermost call it was inlined through), then by the access's line.
void sortBySource(std::vector<Finding> &Findings,
                  const std::vector<const FunctionDecl *> &Kernels,
                  ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<std::string, size_t> KernelOrder;
  for (const FunctionDecl *FD : Kernels)
    KernelOrder.emplace(kernelName(FD, Ctx), KernelOrder.size());
  using Key = std::tuple<size_t, unsigned, unsigned>;
  std::vector<std::pair<Key, size_t>> Order;
  Order.reserve(Findings.size());
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    const auto Kernel = KernelOrder.find(F.Function);
    unsigned Statement = F.Line;
    if (!F.CallLocs.empty()) {
      const PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(F.CallLocs.front()));
      if (P.isValid())
        Statement = P.getLine();
    }
    Order.push_back({{Kernel == KernelOrder.end() ? KernelOrder.size() : Kernel->second,
                      Statement, F.Line},
                     I});
  }
  std::stable_sort(Order.begin(), Order.end(),
                   [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<Finding> Sorted;
  Sorted.reserve(Findings.size());
  for (const auto &Entry : Order)
    Sorted.push_back(std::move(Findings[Entry.second]));
  Findings = std::move(Sorted);
}

void analyzeWithin(ASTContext &Ctx, const std::string &Arch, unsigned WaveSize,
                   const AnalysisOptions &Options, AnalysisOutput &Out) {
  Out.Model = lookupBankModel(Arch, WaveSize);
  if (!Out.Model) {
    Out.Problem = "no shared-memory bank model for target '" + Arch +
                  "'; known targets: " + knownArchList();
    return;
  }
  const BankModel &Model = *Out.Model;

  const auto Start = std::chrono::steady_clock::now();
  LaunchSites Launches; // read once the device code says which kernels need them
  const SourceManager &SM = Ctx.getSourceManager();
  const DeviceFunctions Found = findDeviceFunctions(Ctx);
  Out.LibraryKernels = Found.LibraryKernels.size();
  Out.Kernels = Found.Kernels.size();
  debugTime("kernels", Start);
  if (debugTimeEnabled())
    llvm::errs() << "ldslint: device IR of " << Found.Kernels.size()
                 << " kernels; library kernel instantiations: "
                 << Out.LibraryKernels
                 << (Options.LibraryKernels ? " analysed\n" : " left out\n");
  // No kernel: nothing to analyse, unless the unit defines device functions
  // other units may call (-fgpu-rdc), which are analysed on their own.
  if (Found.Kernels.empty() && !Found.HasExternalDeviceFunctions &&
      !(Options.LibraryKernels && Out.LibraryKernels))
    return;
  // Code generation and LLVM's passes can stop with a fatal error on code
  // they do not expect; that must never take the user's compile down. On
  // such a stop the module is left alone (not freed: its state is unknown)
  // and the unit gets no findings, with a note saying why.
  std::string Error;
  std::unique_ptr<DeviceModule> DM;
  std::vector<Finding> Findings;
  std::vector<AnalysedKernel> Kept; // what the fix planner models
  EvaluationCache Cache;
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext CRC;
  auto Analysed = [&](const FunctionDecl *FD) {
    return !SM.isInSystemHeader(FD->getLocation()) || Options.LibraryKernels;
  };
  const bool Finished = CRC.RunSafely([&] {
    const auto Start = std::chrono::steady_clock::now();
    DM = DeviceModule::emit(Ctx, Options.CodeGen, Found.Instantiations, Error,
                            Analysed, {}, nullptr, Options.CompiledWithoutShared);
    const auto Emitted = std::chrono::steady_clock::now();
    debugTime("device IR", Start);
    if (DM) {
      // Block shapes only for the kernels left to analyse (those that can
      // reach shared memory).
      const auto Read = std::chrono::steady_clock::now();
      std::set<const FunctionDecl *> Generated;
      for (const llvm::Function &Fn : DM->module())
        if (!Fn.isDeclaration() && isAnalysisEntry(Fn))
          if (const auto *FD = llvm::dyn_cast_or_null<FunctionDecl>(DM->declFor(Fn.getName())))
            Generated.insert(FD->getCanonicalDecl());
      // And for the kernels that call through pointers, whose shapes a
      // function called only through its address takes.
      if (const auto &Callers = DM->kernelsCallingThroughPointers())
        for (const FunctionDecl *FD : *Callers)
          Generated.insert(FD->getCanonicalDecl());
      Launches = collectLaunchSites(Ctx, Options.LibraryKernels,
                                    [&](const FunctionDecl *FD) {
                                      return Generated.count(FD->getCanonicalDecl()) > 0;
                                    },
                                    Options.BrokenFunctions);
      addShapesOfPointerCallers(Ctx, *DM, Options, Launches);
      debugTime("launch sites", Read);
      Findings = analyzeDeviceModule(Ctx, *DM, Model, Launches, Options, &Cache,
                                     &Out.Skipped, &Kept);
    }
    debugTime("IR analysis", Emitted);
  });
  if (!Finished) {
    (void)DM.release();
    Out.IrProblem = "the device-IR analysis stopped on an LLVM error; the "
                    "unit's kernels are not analysed";
    return;
  }
  if (!DM) {
    Out.IrProblem = Error;
    return;
  }
  sortBySource(Findings, Found.Kernels, Ctx);
  const auto Planned = std::chrono::steady_clock::now();
  // The fix planner emits the device code again for the kernels it needs
  // (a one-dimensional buffer's row stride as a symbol), under the same
  // protection against LLVM's fatal errors.
  const DeviceEmitter Emitter =
      [&](const std::set<const FunctionDecl *> &Only,
          const std::function<void(llvm::Module &)> &BeforePasses) {
        std::unique_ptr<DeviceModule> Again;
        std::string Ignored;
        llvm::CrashRecoveryContext Recover;
        if (!Recover.RunSafely([&] {
              Again = DeviceModule::emit(
                  Ctx, Options.CodeGen, Found.Instantiations, Ignored,
                  [&](const FunctionDecl *FD) { return Only.count(FD) > 0; },
                  BeforePasses, &Only);
            }))
          (void)Again.release();
        return Again;
      };
  planSourceFixes(Ctx, Model, Launches, Options, Kept, Emitter, Findings, Cache);
  debugTime("fixes", Planned);
  Out.Findings = std::move(Findings);
  if (Options.LeaveModuleToExit)
    llvm::BuryPointer(std::move(DM));
}
} // namespace

/// Lane evaluations per translation unit and target for ranges of values
/// (about a second).
constexpr uint64_t RangeBudgetPerUnit = 16'000'000;

AnalysisOutput analyzeTranslationUnit(ASTContext &Ctx, const std::string &Arch,
                                      unsigned WaveSize,
                                      const AnalysisOptions &GivenOptions) {
  AnalysisOptions Options = GivenOptions;
  if (Options.TimeBudgetSeconds > 0)
    Options.Deadline = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(Options.TimeBudgetSeconds));
  if (Options.MemoryBudgetMB > 0)
    if (const uint64_t Now = residentBytes())
      Options.MemoryLimit = Now + static_cast<uint64_t>(Options.MemoryBudgetMB * 1048576.0);
  // Ranges of values cost a few seconds at most per unit (rocSOLVER's
  // syevj spends 140 million lane evaluations on them unbounded).
  uint64_t RangeBudget = RangeBudgetPerUnit;
  Options.Eval.RangeBudget = &RangeBudget;
  AnalysisOutput Out;
  analyzeWithin(Ctx, Arch, WaveSize, Options, Out);
  Out.MemoryBudgetSpent = Options.MemorySpent;
  return Out;
}

} // namespace ldslint
