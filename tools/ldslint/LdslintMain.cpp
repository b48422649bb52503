//===- LdslintMain.cpp - The standalone ldslint driver ---------------------===//
//
//   ldslint [options] <files> -- <compiler args>
//   ldslint -p <build dir> [options] <files>
//
// Parses each file as a device compile (once per offload arch: LibTooling
// runs only the first job of an offload compile) and reports findings as
// clang diagnostics (--format=text) or JSON (--format=json).
// Exit status: 0 no reportable conflict, 1 conflicts reported, 2 error.
//
//===----------------------------------------------------------------------===//
#include "StringCompat.h"
#include "Analyzer.h"
#include "DiagnosticReporter.h"
#include "FixExport.h"
#include "JsonReport.h"
#include "SarifReport.h"
#include "Options.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace clang::tooling;
using namespace llvm;
using ldslint::endsWith;
using ldslint::startsWith;

namespace {

cl::OptionCategory Category("ldslint options");

cl::opt<std::string> Format("format", cl::desc("Output format: text (clang "
                                               "diagnostics), json or sarif"),
                            cl::init("text"), cl::cat(Category));
cl::opt<std::string> Report(
    "report",
    cl::desc("Which accesses to report: conflicts (default), or all "
             "(conflict-free and undecidable accesses too)"),
    cl::init("conflicts"), cl::cat(Category));
cl::list<std::string> Archs(
    "arch",
    cl::desc("Offload arch to analyse (repeatable or comma-separated); "
             "default: the archs of the compile command, else sm_90 for "
             "CUDA and gfx90a for HIP"),
    cl::CommaSeparated, cl::cat(Category));
cl::opt<std::string> AssumeBlock(
    "assume-block",
    cl::desc("Block shape XxYxZ used when no launch site or attribute gives "
             "one"),
    cl::cat(Category));
cl::opt<unsigned> MinDegree("min-degree",
                            cl::desc("Report conflicts of at least N ways "
                                     "(default 2)"),
                            cl::init(2), cl::cat(Category));
cl::opt<bool> ShowUnknown("show-unknown",
                          cl::desc("In text output, also remark on accesses "
                                   "whose conflicts cannot be decided"),
                          cl::cat(Category));
cl::opt<std::string> Prefer(
    "prefer",
    cl::desc("Fix applied by --fix when both work: padding (default) or "
             "swizzle"),
    cl::init("padding"), cl::cat(Category));
cl::opt<bool> Fix("fix", cl::desc("Apply the fixes (padding) to the source "
                                  "files, once even with several archs"),
                  cl::cat(Category));
cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the fixes as YAML for clang-apply-replacements"),
    cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the output to FILE"),
                                cl::value_desc("FILE"), cl::cat(Category));

struct RunState {
  ldslint::ToolOptions Opts;
  std::string Arch;
  bool Json = false;
  std::vector<json::Value> Items;
  unsigned Reported = 0;
  bool TargetProblem = false;
  ldslint::FixCollector Fixes;
};

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, RunState &S) : CI(CI), S(S) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!CI.getLangOpts().CUDAIsDevice || CI.getDiagnostics().hasErrorOccurred())
      return;
    const unsigned Wave = Ctx.getTargetInfo().getGridValue().GV_Warp_Size;
    const std::string Arch =
        S.Opts.ArchOverride.empty() ? CI.getTargetOpts().CPU : S.Opts.ArchOverride;
    ldslint::AnalysisOutput Out =
        ldslint::analyzeTranslationUnit(Ctx, Arch, Wave, S.Opts.Analysis);
    if (!Out.Problem.empty()) {
      errs() << "ldslint: " << Out.Problem << "\n";
      S.TargetProblem = true;
      return;
    }
    const SourceManager &SM = Ctx.getSourceManager();
    ldslint::rehomeFixes(Out.Findings, SM, S.Opts.Report);
    for (const ldslint::Finding &F : Out.Findings) {
      if (F.Result.Status == ldslint::Verdict::Conflict &&
          F.Result.Degree >= S.Opts.Report.MinDegree &&
          !ldslint::isSuppressed(SM, F.Loc)) {
        ++S.Reported;
        if (!F.Fixes.empty()) {
          ldslint::FixRecord R;
          R.Message = std::to_string(F.Result.Degree) + "-way bank conflict on '" +
                      F.Array + "' (" + F.Arch + "): " + F.Fixes.front().Description;
          R.File = F.Fixes.front().Edits.empty() ? F.File
                                                 : F.Fixes.front().Edits.front().File;
          R.Offset = SM.getFileOffset(SM.getFileLoc(F.Loc));
          R.Edits = F.Fixes.front().Edits;
          S.Fixes.add(std::move(R));
        }
      }
      if (S.Json && ldslint::isReportable(F, S.Opts.Report) &&
          !ldslint::isSuppressed(Ctx.getSourceManager(), F.Loc))
        S.Items.push_back(ldslint::findingToJson(F));
    }
    if (!S.Json)
      ldslint::reportDiagnostics(CI.getDiagnostics(), Ctx.getSourceManager(),
                                 Out.Findings, S.Opts.Report);
  }

private:
  CompilerInstance &CI;
  RunState &S;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(RunState &S) : S(S) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<Consumer>(CI, S);
  }

private:
  RunState &S;
};

class Factory : public FrontendActionFactory {
public:
  explicit Factory(RunState &S) : S(S) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(S);
  }

private:
  RunState &S;
};


/// Removes the arch flags of a compile command, remembering the archs.
CommandLineArguments stripArchs(const CommandLineArguments &Args,
                                std::vector<std::string> &Found, bool &IsHip) {
  CommandLineArguments Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    for (StringRef Prefix : {"--cuda-gpu-arch=", "--offload-arch="})
      if (startsWith(A, Prefix)) {
        for (StringRef Part : llvm::split(A.substr(Prefix.size()), ","))
          Found.push_back(Part.str());
        goto next;
      }
    if (A == "--cuda-host-only" || A == "--cuda-device-only" ||
        A == "--offload-device-only" || A == "--offload-host-only")
      continue;
    if (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "hip")
      IsHip = true;
    if (A == "-xhip" || startsWith(A, "--hip") || A == "-nogpulib")
      IsHip = true;
    Out.push_back(Args[I]);
  next:;
  }
  return Out;
}

} // namespace

int main(int argc, const char **argv) {
  cl::extrahelp Extra(
      "\nEach file is parsed as a device compile, once per offload arch.\n"
      "Exit status: 0 no reportable conflict, 1 conflicts reported, 2 "
      "error.\n\nExamples:\n"
      "  ldslint kernel.cu -- -x cuda --cuda-gpu-arch=sm_90\n"
      "  ldslint --format=json --report=all -p build src/kernel.hip\n");
  auto Parser = CommonOptionsParser::create(argc, argv, Category,
                                            cl::ZeroOrMore,
                                            "ldslint: find shared-memory (LDS) "
                                            "bank conflicts in CUDA and HIP "
                                            "kernels");
  if (!Parser) {
    errs() << toString(Parser.takeError()) << "\n";
    return 2;
  }
  if (Parser->getSourcePathList().empty()) {
    errs() << "ldslint: no input files (see --help)\n";
    return 2;
  }

  RunState S;
  if (Format != "text" && Format != "json" && Format != "sarif") {
    errs() << "ldslint: --format must be text, json or sarif\n";
    return 2;
  }
  S.Json = Format != "text";
  if (Report != "conflicts" && Report != "all") {
    errs() << "ldslint: --report must be conflicts or all\n";
    return 2;
  }
  if (Report == "all")
    S.Opts.Report.ShowOk = S.Opts.Report.ShowUnknown = true;
  if (ShowUnknown)
    S.Opts.Report.ShowUnknown = true;
  if (MinDegree.getNumOccurrences()) {
    std::string E = ldslint::applyOption(S.Opts, "min-degree=" + std::to_string(MinDegree));
    if (!E.empty()) {
      errs() << "ldslint: " << E << "\n";
      return 2;
    }
  }
  {
    std::string E = ldslint::applyOption(S.Opts, "prefer=" + Prefer);
    if (!E.empty()) {
      errs() << "ldslint: " << E << "\n";
      return 2;
    }
  }
  if (!AssumeBlock.empty()) {
    std::string E = ldslint::applyOption(S.Opts, "assume-block=" + AssumeBlock);
    if (!E.empty()) {
      errs() << "ldslint: " << E << "\n";
      return 2;
    }
  }
  for (const std::string &A : Archs)
    if (!ldslint::lookupBankModel(A)) {
      errs() << "ldslint: unknown arch '" << A
             << "'; known: " << ldslint::knownArchList() << "\n";
      return 2;
    }

  int Status = 0;
  for (const std::string &File : Parser->getSourcePathList()) {
    // Which archs: --arch, else those of the compile command.
    std::vector<std::string> CommandArchs;
    bool IsHip = endsWith(File, ".hip");
    for (const CompileCommand &C : Parser->getCompilations().getCompileCommands(File))
      stripArchs(C.CommandLine, CommandArchs, IsHip);
    std::vector<std::string> ToRun(Archs.begin(), Archs.end());
    if (ToRun.empty())
      ToRun = CommandArchs;
    if (ToRun.empty())
      ToRun.push_back(IsHip ? "gfx90a" : "sm_90");
    std::sort(ToRun.begin(), ToRun.end());
    ToRun.erase(std::unique(ToRun.begin(), ToRun.end()), ToRun.end());

    // Every arch's run plans fixes that hold on all of them, so that the
    // runs agree on one edit per array.
    S.Opts.Analysis.FixArchs = ToRun;
    for (const std::string &Arch : ToRun) {
      ClangTool Tool(Parser->getCompilations(), {File});
      Tool.appendArgumentsAdjuster(
          [](const CommandLineArguments &Args, StringRef) {
            std::vector<std::string> Ignored;
            bool Hip = false;
            return stripArchs(Args, Ignored, Hip);
          });
      Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
          {"--cuda-device-only", "--offload-arch=" + Arch,
           "-Wno-unknown-cuda-version"},
          ArgumentInsertPosition::END));
      Factory F(S);
      int RC = Tool.run(&F);
      if (RC != 0)
        Status = 2;
    }
  }
  if (S.TargetProblem)
    Status = 2;

  if (!ExportFixes.empty()) {
    std::string Error;
    if (!S.Fixes.exportYaml(ExportFixes, Error)) {
      errs() << "ldslint: " << Error << "\n";
      return 2;
    }
  }
  if (Fix) {
    std::string Error;
    unsigned Applied = 0;
    if (!S.Fixes.apply(Error, Applied)) {
      errs() << "ldslint: " << Error << "\n";
      Status = 2;
    }
    errs() << "ldslint: applied " << Applied << " edit(s)\n";
  }

  if (S.Json) {
    std::string Text =
        Format == "sarif"
            ? llvm::formatv("{0:2}", ldslint::findingsToSarif(S.Items)).str()
            : llvm::formatv("{0:2}", ldslint::findingsToJson(S.Items)).str();
    if (OutputFile.empty()) {
      outs() << Text << "\n";
    } else {
      std::error_code EC;
      raw_fd_ostream OS(OutputFile, EC);
      if (EC) {
        errs() << "ldslint: cannot write " << OutputFile << ": " << EC.message() << "\n";
        return 2;
      }
      OS << Text << "\n";
    }
  }
  if (Status)
    return Status;
  return S.Reported ? 1 : 0;
}
