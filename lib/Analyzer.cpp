//===- Analyzer.cpp --------------------------------------------------------===//
#include "Analyzer.h"
#include "KernelCoverage.h"

#include <cstdio>
#if defined(__linux__)
#include <unistd.h>
#endif

#include "KernelExtractor.h"
#include "LaunchEvaluation.h"
#include "LaunchSites.h"
#include "Polynomial.h"
#include "FixPlanner.h"
#include "ir/IrFindings.h"
#include "StringCompat.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ldslint {

namespace {

class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody() ||
        FD->isDependentContext())
      return true;
    if (!SM.isInSystemHeader(FD->getLocation()))
      Kernels.push_back(FD);
    else if (FD->isTemplateInstantiation())
      ++LibraryInstantiations;
    return true;
  }
  std::vector<const FunctionDecl *> Kernels;
  /// Kernel templates of system headers (CUB, thrust) this unit instantiates.
  unsigned LibraryInstantiations = 0;

private:
  const SourceManager &SM;
};

/// A conflicting access to one member of an array of structs strides by the
/// struct size; storing each member in its own array (SoA) makes lanes read
/// consecutive words.
void suggestStructOfArrays(ASTContext &Ctx, const AccessSite &Site, Finding &F) {
  if (F.Result.Status != Verdict::Conflict)
    return;
  const QualType Elem = Ctx.getBaseElementType(Site.Array->getType());
  if (!Elem->isRecordType() || Elem->isIncompleteType())
    return;
  const int64_t StructBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
  if (StructBytes <= static_cast<int64_t>(F.WidthBytes))
    return;
  F.FixNotes.push_back("'" + F.Array + "' holds " + std::to_string(StructBytes) +
                       "-byte structs and this access uses " +
                       std::to_string(F.WidthBytes) +
                       " bytes of each: a struct of arrays (one array per "
                       "member) would give consecutive lanes consecutive words");
}

/// A finding's file, line and array. The file by its identity, not its
/// spelling: the engines may spell one file differently (`k.cu` from the
/// compile command, `/dir/k.cu` from the debug info).
using LineKey = std::tuple<std::string, unsigned, std::string>;
LineKey lineKey(const SourceManager &SM, const Finding &F) {
  std::string File = F.File;
  if (F.Loc.isValid())
    if (auto Entry = SM.getFileEntryRefForID(SM.getFileID(SM.getFileLoc(F.Loc))))
      File = "#" + std::to_string(Entry->getUID());
  return LineKey(File, F.Line, F.Array);
}

/// Completes the AST engine's findings with the device-IR engine's: every
/// shared-memory operation gets an answer. Per source line and array, the
/// AST engine's findings stay when one of them is decided; the IR engine's
/// replace them when only the IR engine decides, and fill the lines the AST
/// engine did not see at all.
void completeWith(const SourceManager &SM, std::vector<Finding> &Findings,
                  std::vector<Finding> FromIR) {
  using Key = LineKey;
  auto keyOf = [&](const Finding &F) { return lineKey(SM, F); };
  std::map<Key, std::vector<size_t>> Source, IR;
  for (size_t I = 0; I < Findings.size(); ++I)
    Source[keyOf(Findings[I])].push_back(I);
  for (size_t I = 0; I < FromIR.size(); ++I)
    IR[keyOf(FromIR[I])].push_back(I);
  auto decided = [](const std::vector<Finding> &Fs, const std::vector<size_t> &Is) {
    return std::any_of(Is.begin(), Is.end(), [&](size_t I) {
      return Fs[I].Result.Status != Verdict::Unknown;
    });
  };
  // Replacements take the place of what they replace; new lines go before
  // the first finding of the same file after them, so that findings stay in
  // source order.
  std::vector<std::vector<size_t>> ReplaceAt(Findings.size());
  std::vector<bool> Drop(Findings.size(), false);
  std::vector<size_t> New;
  for (const auto &[K, Is] : IR) {
    auto It = Source.find(K);
    if (It == Source.end()) {
      New.insert(New.end(), Is.begin(), Is.end());
      continue;
    }
    const bool CarriesFix = std::any_of(
        It->second.begin(), It->second.end(),
        [&](size_t I) { return !Findings[I].Fixes.empty(); });
    if (!decided(Findings, It->second) && decided(FromIR, Is) && !CarriesFix) {
      for (size_t I : It->second)
        Drop[I] = true;
      ReplaceAt[It->second.front()] = Is;
    }
  }
  std::vector<Finding> Merged;
  for (size_t I = 0; I < Findings.size(); ++I) {
    for (size_t R : ReplaceAt[I])
      Merged.push_back(std::move(FromIR[R]));
    if (!Drop[I])
      Merged.push_back(std::move(Findings[I]));
  }
  std::sort(New.begin(), New.end());
  for (size_t I : New) {
    const Finding &F = FromIR[I];
    size_t Pos = 0;
    while (Pos < Merged.size() &&
           !(Merged[Pos].File == F.File &&
             std::make_pair(Merged[Pos].Line, Merged[Pos].Column) >
                 std::make_pair(F.Line, F.Column)))
      ++Pos;
    Merged.insert(Merged.begin() + static_cast<long>(Pos), std::move(FromIR[I]));
  }
  Findings = std::move(Merged);
}

void analyzeSource(ASTContext &Ctx, const BankModel &Model,
                   const LaunchSites &Launches, const AnalysisOptions &Options,
                   AnalysisOutput &Out, EvaluationCache &Cache);

} // namespace

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
  const LaunchSites Launches = collectLaunchSites(Ctx);
  const auto Collected = std::chrono::steady_clock::now();
  EvaluationCache Cache;
  if (Options.Engine != EngineChoice::Ir)
    analyzeSource(Ctx, Model, Launches, Options, Out, Cache);
  if (std::getenv("LDSLINT_DEBUG_TIME")) // for developers
    llvm::errs() << "ldslint: launch sites "
                 << std::chrono::duration<double>(Collected - Start).count()
                 << " s, source analysis "
                 << std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - Collected)
                        .count()
                 << " s\n";
  if (Options.Engine == EngineChoice::Ast || pastDeadline(Options))
    return;
  // Code generation and LLVM's passes can stop with a fatal error on code
  // they do not expect; that must never take the user's compile down. On
  // such a stop the module is left alone (not freed: its state is unknown)
  // and the source engine's findings stand.
  std::string Error;
  std::unique_ptr<DeviceModule> DM;
  std::vector<Finding> FromIR;
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext CRC;
  // Lines the source engine decided need no second evaluation.
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<LineKey> Decided;
  for (const Finding &F : Out.Findings)
    if (F.Result.Status != Verdict::Unknown)
      Decided.insert(lineKey(SM, F));
  auto Settled = [&](const Finding &F) { return Decided.count(lineKey(SM, F)) > 0; };
  // Kernels the source engine decided entirely need no device IR; when that
  // is all of them, no device IR is generated.
  if (Options.Engine == EngineChoice::Both && Out.Skipped.empty() &&
      Out.DecidedBySource.size() == Out.SourceKernels &&
      !(Options.LibraryKernels && Out.LibraryKernels > 0)) {
    if (std::getenv("LDSLINT_DEBUG_TIME")) // for developers
      llvm::errs() << "ldslint: device IR not needed (" << Out.SourceKernels
                   << " kernels decided by the source engine)\n";
    return;
  }
  if (std::getenv("LDSLINT_DEBUG_TIME")) // for developers
    llvm::errs() << "ldslint: device IR for "
                 << Out.SourceKernels - Out.DecidedBySource.size() << " of "
                 << Out.SourceKernels << " kernels\n";
  auto NeedsIr = [&](const FunctionDecl *FD) {
    if (SM.isInSystemHeader(FD->getLocation()))
      return Options.LibraryKernels;
    return Options.Engine != EngineChoice::Both ||
           !Out.DecidedBySource.count(FD->getCanonicalDecl());
  };
  const bool Finished = CRC.RunSafely([&] {
    const auto Start = std::chrono::steady_clock::now();
    DM = DeviceModule::emit(Ctx, Options.CodeGen, Error, NeedsIr);
    const auto Emitted = std::chrono::steady_clock::now();
    if (DM)
      FromIR = analyzeDeviceModule(Ctx, *DM, Model, Launches, Options, Settled,
                                   &Cache, &Out.Skipped);
    if (std::getenv("LDSLINT_DEBUG_TIME")) // for developers
      llvm::errs() << "ldslint: device IR "
                   << std::chrono::duration<double>(Emitted - Start).count()
                   << " s, IR analysis "
                   << std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - Emitted)
                          .count()
                   << " s\n";
  });
  if (!Finished) {
    (void)DM.release();
    Out.IrProblem = "the device-IR analysis stopped on an LLVM error; only "
                    "the source analysis is reported";
    return;
  }
  if (!DM) {
    Out.IrProblem = Error;
    return;
  }
  completeWith(Ctx.getSourceManager(), Out.Findings, std::move(FromIR));
}
} // namespace

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
  AnalysisOutput Out;
  analyzeWithin(Ctx, Arch, WaveSize, Options, Out);
  Out.MemoryBudgetSpent = Options.MemorySpent;
  return Out;
}

namespace {
void analyzeSource(ASTContext &Ctx, const BankModel &Model,
                   const LaunchSites &Launches, const AnalysisOptions &Options,
                   AnalysisOutput &Out, EvaluationCache &Cache) {
  const SourceManager &SM = Ctx.getSourceManager();
  KernelFinder Finder(SM);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());

  std::vector<ExtractedKernel> Kernels;
  Kernels.reserve(Finder.Kernels.size());
  for (const FunctionDecl *FD : Finder.Kernels)
    Kernels.push_back(extractKernel(Ctx, FD, Model.WaveSize));

  // sm_90a and sm_90 (what __CUDA_ARCH_LIST__ says for both) are one target.
  auto baseArch = [](const std::string &A) {
    std::string B = A;
    while (startsWith(B, "sm_") && !B.empty() && std::isalpha(static_cast<unsigned char>(B.back())))
      B.pop_back();
    return B;
  };
  std::vector<BankModel> FixModels{Model};
  for (const std::string &Other : Options.FixArchs) {
    std::optional<BankModel> M = lookupBankModel(Other);
    if (M && M->WaveSize == Model.WaveSize &&
        std::none_of(FixModels.begin(), FixModels.end(), [&](const BankModel &B) {
          return baseArch(B.Arch) == baseArch(M->Arch);
        }))
      FixModels.push_back(*M);
  }
  for (BankModel &M : FixModels) // the same wording from every target's run
    M.Arch = baseArch(M.Arch);
  FixPlanner Planner(Ctx, FixModels, Options.PreferSwizzle);
  Planner.setDeadline(Options.Deadline);
  for (const ExtractedKernel &K : Kernels)
    Planner.addKernel(K);
  for (const ExtractedKernel &K : Kernels) {
    if (pastDeadline(Options)) {
      Out.Skipped.push_back(kernelName(K.Kernel, Ctx));
      continue;
    }
    const std::vector<LaunchConfig> Configs = launchConfigsFor(
        Ctx, K.Kernel, Launches, Options.AssumeBlock, K.UsesThreadIdxYZ);
    const std::vector<LaunchRun> Runs =
        launchRuns(Configs, K.ParamSymbols, evalOptionsFor(Options.Eval, Ctx));
    const size_t FirstFinding = Out.Findings.size();
    std::vector<const void *> Arrays;
    std::vector<const AccessModel *> Models;
    for (const AccessSite &Site : K.Accesses) {
      Finding F;
      const SourceLocation Loc = Site.Loc;
      F.Loc = Loc;
      F.DeclLoc = Site.Array->getLocation();
      for (const CallExpr *Call : Site.CallChain)
        F.CallLocs.push_back(Call->getExprLoc());
      const PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Loc));
      if (P.isValid()) {
        F.File = P.getFilename();
        F.Line = P.getLine();
        F.Column = P.getColumn();
      }
      F.Function = kernelName(K.Kernel, Ctx);
      F.Array = Site.Array->getNameAsString();
      F.Kind = Site.Model.Kind;
      F.WidthBytes = Site.Model.WidthBytes;
      F.Arch = Model.Arch;
      evaluateOverLaunches(K.Model, Site.Model, Runs, Configs, Model, F, &Cache);
      suggestStructOfArrays(Ctx, Site, F);
      Planner.addAccess(K, Site, Runs, Out.Findings.size());
      Out.Findings.push_back(std::move(F));
      Arrays.push_back(Site.Array);
      Models.push_back(&Site.Model);
    }
    markMergeCandidates(K.Model, Arrays, Models, Model, Out.Findings, FirstFinding);
    std::vector<const Finding *> Made;
    for (size_t I = FirstFinding; I < Out.Findings.size(); ++I)
      Made.push_back(&Out.Findings[I]);
    if (sourceEngineCoversKernel(Ctx, K, Made))
      Out.DecidedBySource.insert(K.Kernel->getCanonicalDecl());
  }
  Out.SourceKernels = Kernels.size();
  Out.LibraryKernels = Finder.LibraryInstantiations;
  Planner.plan(Out.Findings);
}
} // namespace

} // namespace ldslint
