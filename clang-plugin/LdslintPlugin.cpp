//===- LdslintPlugin.cpp - ldslint as a clang plugin -----------------------===//
//
//   clang -fplugin=build/lib/ldslint.so [-fplugin-arg-ldslint-<opt>] ...
//
// Runs after the main action in every cc1 of a compile. Only device compiles
// are analysed (the host cc1 and each offload arch each run the plugin), so
// every access is reported once per target arch.
//
// ldslint generates the device code again, with line tables and value names
// and at a fixed optimisation level (lib/ir/DeviceModule.h). With clang 18+
// it first looks at the compile's own device module, at the start of its
// optimisation pipeline, for the kernels that cannot reach shared memory:
// those are not generated again (the compile's output is not changed).
//
//===----------------------------------------------------------------------===//
#include "Analyzer.h"
#include "DiagnosticReporter.h"
#include "Explain.h"
#include "JsonReport.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "Options.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "ir/SharedReach.h"
#include "llvm/Config/llvm-config.h"
#if LLVM_VERSION_MAJOR >= 18
#include "llvm/Passes/PassBuilder.h"
#endif
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <set>
#include <string>

using namespace clang;

namespace {

/// What the compile's own device module showed (see the top of this file):
/// its kernels without shared memory, once its pipeline ran.
using CompiledModule = std::optional<std::set<std::string>>;

#if LLVM_VERSION_MAJOR >= 18
/// Looks at the module, changes nothing.
struct LookAtCompiledModule : llvm::PassInfoMixin<LookAtCompiledModule> {
  std::shared_ptr<CompiledModule> Into;
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    *Into = ldslint::kernelsWithoutSharedMemory(M);
    return llvm::PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};
#endif

/// Asks the compile to show its device module before optimising it; the
/// result stays unseen when the compile generates no code (-fsyntax-only)
/// or runs no pipeline.
std::shared_ptr<CompiledModule> watchCompiledModule(CompilerInstance &CI) {
  auto Watched = std::make_shared<CompiledModule>();
#if LLVM_VERSION_MAJOR >= 18
  CI.getCodeGenOpts().PassBuilderCallbacks.push_back([Watched](llvm::PassBuilder &PB) {
    PB.registerPipelineStartEPCallback(
        [Watched](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
          MPM.addPass(LookAtCompiledModule{{}, Watched});
        });
  });
#else
  (void)CI;
#endif
  return Watched;
}

class LdslintConsumer : public ASTConsumer {
public:
  LdslintConsumer(CompilerInstance &CI, ldslint::ToolOptions Opts)
      : CI(CI), Opts(std::move(Opts)), Compiled(watchCompiledModule(CI)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    if (Diags.hasErrorOccurred())
      return; // never add noise to a broken compile
    const std::string Arch =
        Opts.ArchOverride.empty() ? CI.getTargetOpts().CPU : Opts.ArchOverride;
    const unsigned Wave = Ctx.getTargetInfo().getGridValue().GV_Warp_Size;
    if (Opts.ArchOverride.empty())
      Opts.Analysis.FixArchs = buildArchs();
    Opts.Analysis.CodeGen = &CI.getCodeGenOpts();
    Opts.Analysis.LeaveModuleToExit = CI.getFrontendOpts().DisableFree;
    if (*Compiled)
      Opts.Analysis.CompiledWithoutShared = &**Compiled;
    // This compile makes the PTX (see lib/LoopFusion.h).
    Opts.Analysis.Eval.PtxFromClang = true;
    ldslint::AnalysisOutput Out =
        ldslint::analyzeTranslationUnit(Ctx, Arch, Wave, Opts.Analysis);
    if (!Out.Problem.empty()) {
      Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Remark,
                                         "ldslint: %0; shared-memory accesses "
                                         "are not analysed"))
          << Out.Problem;
      return;
    }
    const std::string Gaps = ldslint::analysisGaps(Out, Opts.Analysis);
    if (!Gaps.empty())
      Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Remark,
                                         "ldslint on %0: %1"))
          << Arch << Gaps;
    if (!firstOffloadArch(Arch))
      for (ldslint::Finding &F : Out.Findings)
        if (!F.Fixes.empty()) {
          for (const ldslint::Fix &Fx : F.Fixes)
            F.FixNotes.push_back(Fx.Description +
                                 " (the edit is offered by the compile for the "
                                 "first offload arch)");
          F.Fixes.clear();
        }
    ldslint::reportDiagnostics(Diags, Ctx.getSourceManager(), Out.Findings,
                               Opts.Report);
    if (Opts.Explain)
      explain(Out, Ctx.getSourceManager());
    if (!Opts.JsonPath.empty())
      writeJson(Out, Arch, Diags);
  }

private:
  CompilerInstance &CI;
  ldslint::ToolOptions Opts;
  std::shared_ptr<CompiledModule> Compiled;

  /// explain[=FILE:LINE[:COL]]: bank maps on stderr, after the diagnostics.
  void explain(const ldslint::AnalysisOutput &Out, const SourceManager &SM) {
    std::string Ignored;
    const auto Only = Opts.ExplainAt.empty()
                          ? std::nullopt
                          : ldslint::parseExplainSelector(Opts.ExplainAt, Ignored);
    for (const ldslint::Finding &F : Out.Findings)
      if (Only ? Only->matches(F)
               : ldslint::isShownConflict(F, SM, Opts.Report))
        llvm::errs() << ldslint::explainFinding(F, llvm::errs().has_colors());
  }

  /// Each offload arch runs its own cc1, and each would offer the same
  /// fix-it: only the first arch of a CUDA build (from the driver's
  /// __CUDA_ARCH_LIST__) attaches edits, so -fixit and
  /// -fdiagnostics-parseable-fixits see them once. With -fixit the later
  /// archs re-parse the fixed file anyway.
  bool firstOffloadArch(const std::string &Arch) {
    Preprocessor &PP = CI.getPreprocessor();
    const MacroInfo *MI =
        PP.getMacroInfo(&PP.getIdentifierTable().get("__CUDA_ARCH_LIST__"));
    if (!MI || MI->getNumTokens() == 0 || Arch.rfind("sm_", 0) != 0)
      return true;
    const std::string First = PP.getSpelling(MI->getReplacementToken(0));
    std::string Digits;
    for (char C : Arch.substr(3))
      if (C >= '0' && C <= '9')
        Digits += C;
    return Digits.empty() || First == Digits + "0";
  }

  /// The CUDA offload archs of the build, from __CUDA_ARCH_LIST__ (clang
  /// 16+; "800,900" -> sm_80, sm_90), so that fixes are planned for all.
  std::vector<std::string> buildArchs() {
    Preprocessor &PP = CI.getPreprocessor();
    const MacroInfo *MI =
        PP.getMacroInfo(&PP.getIdentifierTable().get("__CUDA_ARCH_LIST__"));
    std::vector<std::string> Archs;
    if (!MI)
      return Archs;
    for (const Token &T : MI->tokens()) {
      const std::string Digits = PP.getSpelling(T);
      if (Digits.size() >= 2 && Digits.find_first_not_of("0123456789") == std::string::npos)
        Archs.push_back("sm_" + Digits.substr(0, Digits.size() - 1));
    }
    return Archs;
  }

  /// One file for a whole build: every device cc1 (each translation unit,
  /// each arch, in parallel under make -j) replaces its own entries, marked
  /// with the unit's main file, and keeps the others'. The file is locked
  /// while it is read and rewritten, and replaced whole (renamed).
  void writeJson(const ldslint::AnalysisOutput &Out, const std::string &Arch,
                 DiagnosticsEngine &Diags) {
    const SourceManager &SM = CI.getSourceManager();
    std::string Unit;
    if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      Unit = Main->getName().str();
    llvm::SmallString<256> AbsUnit(Unit);
    llvm::sys::fs::make_absolute(AbsUnit);
    auto fail = [&](const std::string &What, std::error_code EC) {
      Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                         "ldslint: cannot write '%0': %1"))
          << What << EC.message();
    };
    int LockFD = -1;
    const std::string LockPath = Opts.JsonPath + ".lock";
    if (std::error_code EC = llvm::sys::fs::openFileForWrite(
            LockPath, LockFD, llvm::sys::fs::CD_OpenAlways)) {
      fail(LockPath, EC);
      return;
    }
    llvm::sys::fs::lockFile(LockFD);
    std::vector<llvm::json::Value> Items;
    if (auto Buf = llvm::MemoryBuffer::getFile(Opts.JsonPath))
      if (auto Old = llvm::json::parse((*Buf)->getBuffer()))
        if (auto *Obj = Old->getAsObject())
          if (auto *Arr = Obj->getArray("findings"))
            for (const llvm::json::Value &V : *Arr)
              if (auto *F = V.getAsObject())
                if (F->getString("arch") != llvm::StringRef(Arch) ||
                    F->getString("unit") != llvm::StringRef(AbsUnit))
                  Items.push_back(V);
    for (const ldslint::Finding &F : Out.Findings)
      if (ldslint::isShown(F, SM, Opts.Report)) {
        llvm::json::Value V = ldslint::findingToJson(F);
        if (auto *O = V.getAsObject())
          (*O)["unit"] = AbsUnit.str().str();
        Items.push_back(std::move(V));
      }
    int FD = -1;
    llvm::SmallString<256> Temp;
    std::error_code EC = llvm::sys::fs::createUniqueFile(
        Opts.JsonPath + ".%%%%%%", FD, Temp, llvm::sys::fs::OF_Text);
    if (!EC) {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << llvm::formatv("{0:2}", ldslint::findingsToJson(Items)) << "\n";
      OS.close();
      if (OS.has_error()) {
        EC = OS.error();
        OS.clear_error();
      }
    }
    if (!EC)
      EC = llvm::sys::fs::rename(Temp, Opts.JsonPath);
    if (EC) {
      if (!Temp.empty())
        llvm::sys::fs::remove(Temp);
      fail(Opts.JsonPath, EC);
    }
    llvm::sys::fs::unlockFile(LockFD);
    llvm::sys::Process::SafelyCloseFileDescriptor(LockFD);
  }
};

class LdslintAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    if (!CI.getLangOpts().CUDAIsDevice)
      return std::make_unique<ASTConsumer>();
    return std::make_unique<LdslintConsumer>(CI, Opts);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      if (Arg == "help") {
        llvm::errs() << "ldslint plugin arguments "
                        "(-fplugin-arg-ldslint-<arg>):\n"
                     << ldslint::optionHelp();
        continue;
      }
      std::string Error = ldslint::applyOption(Opts, Arg);
      if (!Error.empty()) {
        Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                           "ldslint: %0"))
            << Error;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  ldslint::ToolOptions Opts;
};

} // namespace

static FrontendPluginRegistry::Add<LdslintAction>
    X("ldslint", "report shared-memory bank conflicts in CUDA/HIP kernels");
