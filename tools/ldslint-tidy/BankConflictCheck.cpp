//===- BankConflictCheck.cpp - ldslint as a clang-tidy check ---------------===//
//
// `ldslint-bank-conflict`: the same core as the plugin and the driver, run
// by clang-tidy (`clang-tidy --load=lib/ldslint-tidy.so`). It renders the
// findings through clang-tidy's diag(), so `-fix`, `--export-fixes`,
// `-warnings-as-errors` and NOLINT work as for any check.
//
// clang-tidy runs one job of a CUDA/HIP compile: the host side unless
// `--cuda-device-only` is passed (LibTooling takes the first job). Kernels
// are in the host AST too, so the check analyses them either way. The
// target is the `Arch` option, else the device arch of the job (a CUDA host
// job carries it as its aux target; a HIP host job does not), else sm_90
// (CUDA) or gfx90a (HIP).
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
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/TargetInfo.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace ldslint {
namespace {

class BankConflictCheck : public tidy::ClangTidyCheck {
public:
  BankConflictCheck(StringRef Name, tidy::ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Arch(Options.get("Arch", "")),
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
    // The device job knows its arch; a host job carries the device target
    // as its aux target.
    std::string UseArch = Arch;
    unsigned Wave = 0;
    const TargetInfo *Device = Ctx.getLangOpts().CUDAIsDevice
                                   ? &Ctx.getTargetInfo()
                                   : Ctx.getAuxTargetInfo();
    if (UseArch.empty() && Device) {
      const std::string CPU = Device->getTargetOpts().CPU;
      if (lookupBankModel(CPU)) {
        UseArch = CPU;
        Wave = Device->getGridValue().GV_Warp_Size;
      }
    }
    if (UseArch.empty())
      UseArch = Ctx.getLangOpts().HIP ? "gfx90a" : "sm_90";
    AnalysisOutput Out = analyzeTranslationUnit(Ctx, UseArch, Wave, Opts.Analysis);
    if (!Out.Problem.empty())
      return configurationError(Out.Problem);
    for (const RenderedDiagnostic &R :
         renderFindings(*Result.SourceManager, Out.Findings, Opts.Report)) {
      const DiagnosticIDs::Level Level =
          R.Kind == RenderedDiagnostic::Warning  ? DiagnosticIDs::Warning
          : R.Kind == RenderedDiagnostic::Remark ? DiagnosticIDs::Remark
                                                 : DiagnosticIDs::Note;
      auto D = diag(R.Loc, "%0", Level) << R.Text;
      for (const TextEdit &E : R.Edits)
        D << FixItHint::CreateReplacement(E.Range, E.Replacement);
    }
  }

private:
  void configurationError(const std::string &Error) {
    configurationDiag("ldslint-bank-conflict: %0") << Error;
  }

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
