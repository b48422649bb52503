//===- BankConflictCheck.cpp - ldslint as a clang-tidy check ---------------===//
//
// `ldslint-bank-conflict`: the same core as the plugin and the driver, run
// by clang-tidy (`clang-tidy --load=lib/ldslint-tidy.so`). It renders the
// findings through clang-tidy's diag(), so `-fix`, `--export-fixes`,
// `-warnings-as-errors` and NOLINT work as for any check.
//
// clang-tidy runs one job of a CUDA/HIP compile: the host side unless
// `--cuda-device-only` is passed (LibTooling takes the first job). The
// findings come from the device code clang generates, so the check needs
// the device job; on a host job with kernels it says so in one warning.
// The target is the `Arch` option, else every offload arch of the file's
// entry in compile_commands.json (`--offload-arch=`, `--cuda-gpu-arch=`),
// as the driver does, else the device job's arch.
//
// Options: Arch, AssumeBlock (e.g. "32x8"), MinDegree (default 2),
// Prefer ("padding" or "swizzle").
//
//===----------------------------------------------------------------------===//
#include "Analyzer.h"
#include "DiagnosticReporter.h"
#include "Options.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <algorithm>
#include <map>

using namespace clang;
using namespace clang::ast_matchers;

namespace ldslint {
namespace {

class BankConflictCheck : public tidy::ClangTidyCheck {
public:
  BankConflictCheck(StringRef Name, tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), TidyContext(Context),
        Arch(Options.get("Arch", "")),
        AssumeBlock(Options.get("AssumeBlock", "")),
        MinDegree(Options.get("MinDegree", 2U)),
        Prefer(Options.get("Prefer", "padding")) {}

  void storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "Arch", Arch);
    Options.store(Opts, "AssumeBlock", AssumeBlock);
    Options.store(Opts, "MinDegree", MinDegree);
    Options.store(Opts, "Prefer", Prefer);
  }

  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CUDA || LangOpts.HIP;
  }

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    if (Ctx.getDiagnostics().hasUncompilableErrorOccurred())
      return; // like the plugin: no findings on code that does not compile
    ToolOptions Opts;
    for (const std::string &Arg :
         {"min-degree=" + std::to_string(MinDegree), "prefer=" + Prefer}) {
      std::string Error = applyOption(Opts, Arg);
      if (!Error.empty())
        return configurationError(Error);
    }
    if (!AssumeBlock.empty()) {
      std::string Error = applyOption(Opts, "assume-block=" + AssumeBlock);
      if (!Error.empty())
        return configurationError(Error);
    }
    // The findings come from the device code clang generates, which only a
    // device job has: a host job gets one warning saying how to get it.
    const bool DeviceJob = Ctx.getLangOpts().CUDAIsDevice;
    if (!DeviceJob) {
      if (hasKernels(Ctx))
        diag(Ctx.getSourceManager().getLocForStartOfFile(
                 Ctx.getSourceManager().getMainFileID()),
             "ldslint analyses the device code of a CUDA/HIP compile, which "
             "clang-tidy's host job does not have: add --cuda-device-only "
             "(-extra-arg=--cuda-device-only, or ExtraArgs in .clang-tidy); "
             "the kernels of this file are not analysed");
      return;
    }
    // The device job knows its arch; the compile database may list more
    // (every offload arch of the entry, as the driver analyses them).
    std::vector<std::string> Targets;
    std::vector<unsigned> Waves;
    const TargetInfo &Device = Ctx.getTargetInfo();
    if (!Arch.empty()) {
      Targets = {Arch};
    } else if (!(Targets = databaseArchs()).empty()) {
      Waves.assign(Targets.size(), 0);
    } else if (lookupBankModel(Device.getTargetOpts().CPU)) {
      Targets = {Device.getTargetOpts().CPU};
      Waves = {Device.getGridValue().GV_Warp_Size};
    } else {
      Targets = {defaultTarget(Ctx.getLangOpts().HIP)};
    }
    Waves.resize(Targets.size(), 0);
    Opts.Analysis.FixArchs = Targets;
    for (size_t I = 0; I < Targets.size(); ++I) {
      AnalysisOutput Out = analyzeTranslationUnit(Ctx, Targets[I], Waves[I], Opts.Analysis);
      if (!Out.Problem.empty())
        return configurationError(Out.Problem);
      for (const RenderedDiagnostic &R :
           renderFindings(*Result.SourceManager, Out.Findings, Opts.Report)) {
        const DiagnosticIDs::Level Level =
            R.Kind == RenderedDiagnostic::Warning  ? DiagnosticIDs::Warning
            : R.Kind == RenderedDiagnostic::Remark ? DiagnosticIDs::Remark
                                                   : DiagnosticIDs::Note;
        auto D = diag(R.Loc, "%0", Level) << R.Text;
        // Every target's run plans the same edit: the first one offers it.
        if (I == 0)
          for (const TextEdit &E : R.Edits)
            D << FixItHint::CreateReplacement(E.Range, E.Replacement);
      }
    }
  }

private:
  static bool hasKernels(ASTContext &Ctx) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const SourceManager *SM = nullptr;
      bool Found = false;
      bool VisitFunctionDecl(FunctionDecl *FD) {
        if (FD->hasAttr<CUDAGlobalAttr>() && !SM->isInSystemHeader(FD->getLocation()))
          Found = true;
        return !Found;
      }
    } F;
    F.SM = &Ctx.getSourceManager();
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    return F.Found;
  }
  void configurationError(const std::string &Error) {
    configurationDiag("ldslint-bank-conflict: %0") << Error;
  }

  /// The offload archs of the current file's entry in the compile database
  /// of its build directory (sorted, each once), or none.
  std::vector<std::string> databaseArchs() {
    const std::string &Dir = TidyContext->getCurrentBuildDirectory();
    const std::string File = getCurrentMainFile().str();
    auto Cached = DatabaseOf.find(Dir);
    if (Cached == DatabaseOf.end()) {
      std::string Error;
      Cached = DatabaseOf
                   .insert({Dir, tooling::CompilationDatabase::autoDetectFromDirectory(
                                     Dir, Error)})
                   .first;
    }
    std::vector<std::string> Found;
    if (!Cached->second)
      return Found;
    for (const tooling::CompileCommand &C : Cached->second->getCompileCommands(File))
      for (StringRef A : C.CommandLine)
        for (StringRef Prefix : {"--offload-arch=", "--cuda-gpu-arch="})
          if (A.substr(0, Prefix.size()) == Prefix)
            for (StringRef Part : llvm::split(A.substr(Prefix.size()), ","))
              if (lookupBankModel(Part.str()))
                Found.push_back(Part.str());
    std::sort(Found.begin(), Found.end());
    Found.erase(std::unique(Found.begin(), Found.end()), Found.end());
    return Found;
  }

  tidy::ClangTidyContext *TidyContext;
  std::map<std::string, std::unique_ptr<tooling::CompilationDatabase>> DatabaseOf;
  const std::string Arch;
  const std::string AssumeBlock;
  const unsigned MinDegree;
  const std::string Prefer;
};

class LdslintModule : public tidy::ClangTidyModule {
public:
  void addCheckFactories(tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<BankConflictCheck>("ldslint-bank-conflict");
  }
};

} // namespace
} // namespace ldslint

static clang::tidy::ClangTidyModuleRegistry::Add<ldslint::LdslintModule>
    X("ldslint-module", "ldslint: shared-memory bank conflicts in CUDA/HIP kernels.");
