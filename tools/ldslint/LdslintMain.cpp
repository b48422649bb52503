//===- LdslintMain.cpp - The standalone ldslint driver ---------------------===//
//
//   ldslint [options] <files> -- <compiler args>
//   ldslint -p <build dir> [options] <files>
//   ldslint -p <build dir> [options]          (every CUDA/HIP entry, summary)
//
// Parses each file as a device compile (once per offload arch: LibTooling
// runs only the first job of an offload compile) and reports findings as
// clang diagnostics (--format=text) or JSON (--format=json).
// Exit status: 0 no reportable conflict, 1 conflicts reported (or, with
// --fail-on-unknown, an access not decided), 2 error.
//
// The compile sees the headers and flags a user's nvcc or clang compile
// sees (each addition is said once, as a note on stderr):
//  * clang's resource directory (builtin and CUDA wrapper headers: <new>,
//    CUB) of the clang ldslint is built with, not one next to this binary;
//  * with CUDA 13, `-isystem <cuda>/include/cccl`, which nvcc adds itself;
//  * with a CUDA newer than this clang knows (13 for clang 22),
//    `-Xclang -target-sdk-version=<cuda.h's version>`: without it clang
//    falls back to the pre-9.2 launch API, and every `<<<>>>` in device
//    code (thrust and CUB launch kernels from __host__ __device__
//    functions) fails with "undeclared identifier cudaConfigureCall";
//  * -fgpu-defer-diag: errors in host-only code (nvcc hands host code to
//    the host compiler, e.g. host calls of max(float, float)) do not stop
//    the device compile; errors in device code are still errors;
//  * CUDA: -Wno-register (nvcc accepts `register` in C++17 with a warning);
//  * HIP: -nogpulib (ROCm's device libraries are only linked into the code
//    object; the analysis does not need them and Debian's ROCm 5.2 ones are
//    too old for clang 20+), and with clang 20+, which no longer predefines
//    it, -D__AMDGCN_WAVEFRONT_SIZE=<the target's wave size> (HIP 5.x
//    headers use it).
//
//===----------------------------------------------------------------------===//
#include "StringCompat.h"
#include "Analyzer.h"
#include "DiagnosticReporter.h"
#include "Explain.h"
#include "HtmlReport.h"
#include "FixExport.h"
#include "HostErrors.h"
#include "NvccFlags.h"
#include "NvccIntrinsics.h"
#include "Simulate.h"
#include "JsonReport.h"
#include "SarifReport.h"
#include "Options.h"
#include "ProjectJobs.h"
#include "RunState.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/Version.h"
#include "clang/Config/config.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#if LLVM_VERSION_MAJOR >= 17
#include "llvm/TargetParser/Host.h"
#else
#include "llvm/Support/Host.h"
#endif
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <set>
#if defined(__linux__) || defined(__APPLE__)
#include <dlfcn.h>
#endif

using namespace clang;
using namespace clang::tooling;
using namespace llvm;
using ldslint::endsWith;
using ldslint::startsWith;

namespace {

cl::OptionCategory Category("ldslint options");

cl::opt<std::string> Format("format", cl::desc("Output format: text (clang "
                                               "diagnostics), json, sarif or "
                                               "html (one page with bank maps; "
                                               "see docs/explain.md)"),
                            cl::init("text"), cl::cat(Category));
cl::opt<std::string> Report(
    "report",
    cl::desc("Which accesses to report: conflicts (default), or all "
             "(conflict-free and undecidable accesses too, and those of "
             "library kernels in system headers, e.g. thrust's and CUB's "
             "device-wide kernels)"),
    cl::init("conflicts"), cl::cat(Category));
cl::list<std::string> Archs("arch", cl::desc(ldslint::help::Arch),
                            cl::CommaSeparated, cl::cat(Category));
cl::opt<std::string> AssumeBlock("assume-block",
                                 cl::desc(ldslint::help::AssumeBlock),
                                 cl::cat(Category));
cl::opt<unsigned> MinDegree("min-degree",
                            cl::desc("Report conflicts of at least N ways "
                                     "(default 2)"),
                            cl::init(2), cl::cat(Category));
cl::opt<bool> ShowUnknown("show-unknown", cl::desc(ldslint::help::ShowUnknown),
                          cl::cat(Category));
// Parsed by ldslint::applyOption, like the plugin's time-budget= and
// memory-budget=.
cl::opt<std::string> TimeBudget(
    "time-budget",
    cl::desc("Seconds per file and target (default 60, 0: no limit); kernels "
             "not reached in time are listed, the findings made are kept"),
    cl::value_desc("number"), cl::init("60"), cl::cat(Category));
cl::opt<std::string> MemoryBudget(
    "memory-budget",
    cl::desc("MB of memory the analysis may add per file and target (default "
             "4096, 0: no limit); kernels not reached are listed, the "
             "findings made are kept"),
    cl::value_desc("number"), cl::init("4096"), cl::cat(Category));
cl::opt<bool> FailOnUnknown(
    "fail-on-unknown",
    cl::desc("Exit with status 1 also when some shared-memory access cannot "
             "be decided (bank conflicts unknown), and list those accesses"),
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
cl::opt<std::string> Explain(
    "explain", cl::ValueOptional,
    cl::desc("After the diagnostics, draw each reported conflict's bank map "
             "(banks x lane phases, before and after the fix) on stdout; "
             "=FILE:LINE[:COL] draws only the accesses there, conflicting or "
             "not. Also: ldslint simulate --help (a layout without source)"),
    cl::value_desc("FILE:LINE[:COL]"), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the output to FILE"),
                                cl::value_desc("FILE"), cl::cat(Category));
cl::opt<unsigned> Jobs(
    "j",
    cl::desc("Analyse N files at a time, each in its own process (default: "
             "the number of physical cores; 1: one after the other in this "
             "process). The output is the same for every N"),
    cl::value_desc("N"), cl::Prefix, cl::cat(Category));
// A worker of a parallel run (ProjectJobs.h): analyse file I of the run's
// list, leave the report to the parent, write the state to a file.
cl::opt<int> WorkerFile("worker-file", cl::Hidden, cl::init(-1));
cl::opt<std::string> WorkerResult("worker-result", cl::Hidden);
cl::opt<unsigned> WorkerColors("worker-colors", cl::Hidden, cl::init(0));
// Tests only: the worker of a file whose path ends in this aborts, as a
// crash in clang or in the analysis would (project-jobs.test).
cl::opt<std::string> WorkerAbortForTest("worker-abort-for-test", cl::Hidden);

using ldslint::FailedFile;
using ldslint::HostErrorFilter;
using ldslint::Notes;
using ldslint::RunState;

/// Expressions in host-only functions that clang's device compile could not
/// build. Without -fgpu-defer-diag each is an error that stops the file
/// (nvcc compiles host code with the host compiler and never sees them);
/// with it clang drops the error and keeps a RecoveryExpr in the AST.
class SetAsideScan : public RecursiveASTVisitor<SetAsideScan> {
public:
  explicit SetAsideScan(const SourceManager &SM) : SM(SM) {}
  std::vector<std::pair<SourceRange, std::string>> Found;

  bool TraverseDecl(Decl *D) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D))
      if (FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>() ||
          SM.isInSystemHeader(FD->getLocation()))
        return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitRecoveryExpr(RecoveryExpr *E) {
    const SourceRange R = E->getSourceRange();
    if (!Found.empty() && !SM.isBeforeInTranslationUnit(Found.back().first.getEnd(),
                                                        R.getBegin()))
      return true; // inside the one already found
    std::string What = "an expression";
    for (const Expr *Sub : E->subExpressions()) {
      if (!Sub)
        continue;
      Sub = Sub->IgnoreParenImpCasts();
      if (const auto *OE = dyn_cast<OverloadExpr>(Sub))
        What = "a call to '" + OE->getName().getAsString() + "'";
      else if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
        if (isa<FunctionDecl>(DRE->getDecl()))
          What = "a call to '" + DRE->getDecl()->getNameAsString() + "'";
      break;
    }
    Found.push_back({R, What});
    return true;
  }

private:
  const SourceManager &SM;
};

/// Says which host-only code was set aside: expressions -fgpu-defer-diag
/// left as RecoveryExprs, and errors \p Filter kept from stopping the file
/// (once per place).
void noteSetAside(ASTContext &Ctx, RunState &S, const HostErrorFilter *Filter) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<SourceLocation, std::string>> Places;
  if (Filter)
    for (const HostErrorFilter::SetAside &E : Filter->setAside())
      Places.push_back({E.Loc, E.Message});
  if (S.AddedDeferDiag) {
    SetAsideScan Scan(SM);
    Scan.TraverseDecl(Ctx.getTranslationUnitDecl());
    // An expression around an error already listed is the same place.
    const size_t Errors = Places.size();
    auto within = [&](SourceLocation L, SourceRange R) {
      if (L.isInvalid() || R.getBegin().isInvalid() || R.getEnd().isInvalid())
        return false;
      L = SM.getFileLoc(L);
      return !SM.isBeforeInTranslationUnit(L, SM.getFileLoc(R.getBegin())) &&
             !SM.isBeforeInTranslationUnit(SM.getFileLoc(R.getEnd()), L);
    };
    for (const auto &[Range, What] : Scan.Found)
      if (std::none_of(Places.begin(), Places.begin() + Errors,
                       [&](const auto &P) { return within(P.first, Range); }))
        Places.push_back({Range.getBegin(), What});
  }
  if (Places.empty())
    return;
  // In source order; places without a location last.
  std::stable_sort(Places.begin(), Places.end(), [&](const auto &A, const auto &B) {
    if (A.first.isInvalid() || B.first.isInvalid())
      return A.first.isValid() && B.first.isInvalid();
    return SM.isBeforeInTranslationUnit(SM.getFileLoc(A.first), SM.getFileLoc(B.first));
  });
  std::string Where;
  for (size_t I = 0; I < Places.size() && I < 3; ++I) {
    const PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Places[I].first));
    Where += I ? ", " : "";
    if (P.isValid())
      Where += std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
               ":" + std::to_string(P.getColumn()) + " ";
    Where += "(" + Places[I].second + ")";
  }
  if (Places.size() > 3)
    Where += " and " + std::to_string(Places.size() - 3) + " more";
  S.Said.say("host-only code that clang's device compile rejects (nvcc "
             "compiles it with the host compiler) was set aside, the kernels "
             "are analysed: " + Where);
}

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, RunState &S, const HostErrorFilter *Filter)
      : CI(CI), S(S), Filter(Filter) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!CI.getLangOpts().CUDAIsDevice || CI.getDiagnostics().hasFatalErrorOccurred() ||
        (Filter ? Filter->keptErrors() : CI.getDiagnostics().hasErrorOccurred()))
      return;
    noteSetAside(Ctx, S, Filter);
    const unsigned Wave = Ctx.getTargetInfo().getGridValue().GV_Warp_Size;
    const std::string Arch =
        S.Opts.ArchOverride.empty() ? CI.getTargetOpts().CPU : S.Opts.ArchOverride;
    S.Opts.Analysis.CodeGen = &CI.getCodeGenOpts();
    S.Opts.Analysis.BrokenFunctions = Filter ? &Filter->functions() : nullptr;
    ldslint::AnalysisOutput Out =
        ldslint::analyzeTranslationUnit(Ctx, Arch, Wave, S.Opts.Analysis);
    S.Opts.Analysis.BrokenFunctions = nullptr; // the filter goes with the compile
    if (!Out.Problem.empty()) {
      errs() << "ldslint: " << Out.Problem << "\n";
      S.TargetProblem = true;
      return;
    }
    const std::string Gaps = ldslint::analysisGaps(Out, S.Opts.Analysis);
    if (!Gaps.empty())
      errs() << "ldslint: note: "
             << Ctx.getSourceManager()
                    .getFileEntryRefForID(Ctx.getSourceManager().getMainFileID())
                    ->getName()
             << " on " << Arch << ": " << Gaps << "\n";
    const SourceManager &SM = Ctx.getSourceManager();
    const ldslint::ReportOptions &Shown = S.Opts.Report;
    ldslint::rehomeFixes(Out.Findings, SM, Shown);
    ++S.Units;
    S.FileKernels = std::max<unsigned>(S.FileKernels, Out.Kernels);
    for (const ldslint::Finding &F : Out.Findings) {
      ++S.ByVerdict[static_cast<int>(F.Result.Status)];
      if (F.Result.Status == ldslint::Verdict::Unknown &&
          !ldslint::isSuppressed(SM, F.Loc))
        S.Undecided.push_back(
            F.File + ":" + std::to_string(F.Line) + ":" +
            std::to_string(F.Column) + ": " +
            (F.Kind == ldslint::AccessKind::Read    ? "reading '"
             : F.Kind == ldslint::AccessKind::Write ? "writing '"
                                                    : "atomic update of '") +
            F.Array + "' on " + F.Arch + ": " + F.Result.Reason);
      if (ldslint::isShownConflict(F, SM, Shown)) {
        ++S.Reported;
        // An alternative alone (a fix that needs a change ldslint cannot
        // make) is described, never applied.
        if (!F.Fixes.empty() && !F.Fixes.front().Alternative) {
          ldslint::FixRecord R;
          R.Message = ldslint::degreeWords(F.Result) + " bank conflict on '" +
                      F.Array + "' (" + F.Arch + "): " + F.Fixes.front().Description;
          R.File = F.Fixes.front().Edits.empty() ? F.File
                                                 : F.Fixes.front().Edits.front().File;
          R.Offset = SM.getFileOffset(SM.getFileLoc(F.Loc));
          R.Edits = F.Fixes.front().Edits;
          for (const ldslint::TextEdit &E : R.Edits)
            if (E.Range.isValid())
              R.Analysed[E.File] = ldslint::contentHash(
                  SM.getBufferData(SM.getFileID(SM.getFileLoc(E.Range.getBegin()))));
          S.Fixes.add(std::move(R));
        }
      }
      if (S.Json && ldslint::isShown(F, SM, Shown))
        S.Items.push_back(S.Sarif  ? ldslint::findingToSarifResult(F, SM)
                          : S.Html ? ldslint::findingToHtmlJson(F, SM)
                                   : ldslint::findingToJson(F));
    }
    if (S.Explain)
      for (const ldslint::Finding &F : Out.Findings)
        if (S.ExplainOnly ? S.ExplainOnly->matches(F)
                          : ldslint::isShownConflict(F, SM, Shown)) {
          outs() << ldslint::explainFinding(F, S.ExplainColors);
          ++S.Explained;
        }
    if (!S.Json)
      ldslint::reportDiagnostics(CI.getDiagnostics(), Ctx.getSourceManager(),
                                 Out.Findings, S.Opts.Report);
  }

private:
  CompilerInstance &CI;
  RunState &S;
  const HostErrorFilter *Filter; ///< without -fgpu-defer-diag, none
};

class Action : public ASTFrontendAction {
public:
  explicit Action(RunState &S) : S(S) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<Consumer>(CI, S, HostErrorFilter::install(CI));
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

/// clang's resource directory (builtin headers, cuda_wrappers) of the clang
/// this driver is built with. LibTooling looks next to the running binary
/// (build/lib/clang/N), where there is none.
std::string findResourceDir() {
  const std::string Major = std::to_string(CLANG_VERSION_MAJOR);
#ifdef CLANG_INSTALL_LIBDIR_BASENAME
  const std::string LibDir = CLANG_INSTALL_LIBDIR_BASENAME;
#else
  const std::string LibDir = "lib"; // LLVM 15
#endif
  auto valid = [](const std::string &Dir) {
    return !Dir.empty() &&
           sys::fs::exists(Dir + "/include/__clang_cuda_runtime_wrapper.h");
  };
  std::vector<std::string> Candidates;
#ifdef LDSLINT_CLANG_RESOURCE_DIR
  Candidates.push_back(LDSLINT_CLANG_RESOURCE_DIR);
#endif
  // Under the prefix of the clang libraries this process runs with
  // (up to LLVM 15 the directory is named by the full version).
  auto underPrefix = [&](StringRef Prefix) {
    for (const std::string &V : {Major, std::string(CLANG_VERSION_STRING)})
      Candidates.push_back((Prefix + "/" + LibDir + "/clang/" + V).str());
  };
#if defined(__linux__) || defined(__APPLE__)
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&clang::getClangFullVersion), &Info) &&
      Info.dli_fname) {
    StringRef Lib = Info.dli_fname;
    underPrefix(sys::path::parent_path(sys::path::parent_path(Lib)));
    SmallString<256> Real;
    if (!sys::fs::real_path(Lib, Real))
      underPrefix(sys::path::parent_path(sys::path::parent_path(Real)));
  }
#endif
  underPrefix("/usr/lib/llvm-" + Major);
  // Next to the clang of the same major version on PATH.
  for (const std::string &Name : {"clang-" + Major, "clang++-" + Major,
                                  std::string("clang")})
    if (ErrorOr<std::string> P = sys::findProgramByName(Name)) {
      SmallString<256> Real;
      if (!sys::fs::real_path(*P, Real))
        underPrefix(sys::path::parent_path(sys::path::parent_path(Real)));
    }
  for (const std::string &C : Candidates)
    if (valid(C))
      return C;
  return "";
}

/// The CUDA installation clang uses: --cuda-path, else the one holding the
/// nvcc on PATH, else /usr/local/cuda.
std::string cudaPathOf(const CommandLineArguments &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (startsWith(A, "--cuda-path="))
      return A.substr(strlen("--cuda-path=")).str();
    if (A == "--cuda-path" && I + 1 < Args.size())
      return Args[I + 1];
  }
  if (ErrorOr<std::string> Nvcc = sys::findProgramByName("nvcc")) {
    SmallString<256> Real;
    if (!sys::fs::real_path(*Nvcc, Real)) {
      std::string Dir = sys::path::parent_path(sys::path::parent_path(Real)).str();
      if (sys::fs::exists(Dir + "/include/cuda_runtime.h"))
        return Dir;
    }
  }
  return "/usr/local/cuda";
}

/// The language of a compile: the last -x, else the file's extension.
std::string languageOf(const CommandLineArguments &Args, StringRef File) {
  std::string Lang;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I] == "-x" && I + 1 < Args.size())
      Lang = Args[I + 1];
    else if (startsWith(Args[I], "-x") && Args[I].size() > 2)
      Lang = Args[I].substr(2);
  }
  if (!Lang.empty())
    return Lang;
  if (endsWith(File, ".cu") || endsWith(File, ".cuh"))
    return "cuda";
  if (endsWith(File, ".hip"))
    return "hip";
  return "";
}

bool hasArg(const CommandLineArguments &Args, StringRef Prefix) {
  return std::any_of(Args.begin(), Args.end(),
                     [&](const std::string &A) { return startsWith(A, Prefix); });
}

/// "13.0" from `#define CUDA_VERSION 13000` in CUDA's cuda.h; empty when
/// there is none.
std::string cudaHeaderVersion(const std::string &Cuda) {
  auto Buf = MemoryBuffer::getFile(Cuda + "/include/cuda.h");
  if (!Buf)
    return "";
  StringRef Text = (*Buf)->getBuffer();
  const size_t At = Text.find("#define CUDA_VERSION ");
  if (At == StringRef::npos)
    return "";
  unsigned V = 0;
  if (Text.substr(At + strlen("#define CUDA_VERSION ")).trim().consumeInteger(10, V) || V < 1000)
    return "";
  return std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
}

/// The include directory of the newest GCC for this machine's architecture
/// under /usr/lib/gcc that has <omp.h> ("" if none): nvcc preprocesses
/// with the host compiler, whose own headers come after the system ones;
/// clang has an <omp.h> only with its libomp package (ROCm's clang has one).
std::string hostCompilerOmpDir() {
  std::string Best;
  unsigned BestVersion = 0;
  const std::string Default = sys::getDefaultTargetTriple();
  const std::string Arch = Default.substr(0, Default.find('-'));
  std::error_code EC;
  for (sys::fs::directory_iterator T("/usr/lib/gcc", EC), End; !EC && T != End;
       T.increment(EC)) {
    if (!startsWith(sys::path::filename(T->path()).str(), Arch + "-"))
      continue;
    std::error_code EV;
    for (sys::fs::directory_iterator V(T->path(), EV); !EV && V != End; V.increment(EV)) {
      unsigned Version = 0;
      if (StringRef(sys::path::filename(V->path())).consumeInteger(10, Version))
        continue;
      const std::string Dir = V->path() + "/include";
      if (Version > BestVersion && sys::fs::exists(Dir + "/omp.h")) {
        Best = Dir;
        BestVersion = Version;
      }
    }
  }
  return Best;
}

/// Adds what a user's compile has without asking (see the file comment),
/// saying each addition once.
CommandLineArguments addUserEnvironment(const CommandLineArguments &Args,
                                        StringRef File,
                                        const std::string &ResourceDir,
                                        RunState &S) {
  CommandLineArguments Out = Args;
  std::vector<std::string> Extra;
  if (!hasArg(Args, "-resource-dir")) {
    if (!ResourceDir.empty()) {
      Extra.push_back("-resource-dir=" + ResourceDir);
      S.Said.say("added -resource-dir=" + ResourceDir + " (the builtin and CUDA "
                 "wrapper headers of clang " CLANG_VERSION_STRING
                 ", which ldslint is built with)");
    } else {
      S.Said.say("clang " CLANG_VERSION_STRING "'s resource directory was not "
                 "found; pass -resource-dir=<dir> if headers such as <new> are "
                 "missing (clang++-" + std::to_string(CLANG_VERSION_MAJOR) +
                 " -print-resource-dir prints it)");
    }
  }
  const std::string Lang = languageOf(Args, File);
  if (Lang == "cuda" && !hasArg(Args, "-nocudainc") && !hasArg(Args, "-nogpuinc")) {
    const std::string Cuda = cudaPathOf(Args);
    const std::string Cccl = Cuda + "/include/cccl";
    const bool Present = std::any_of(Args.begin(), Args.end(), [](const std::string &A) {
      return A.find("include/cccl") != std::string::npos;
    });
    if (!Present && sys::fs::is_directory(Cccl) &&
        sys::fs::exists(Cuda + "/include/cuda_runtime.h")) {
      Extra.push_back("-isystem");
      Extra.push_back(Cccl);
      S.Said.say("added -isystem " + Cccl +
                 " (CUDA 13 CCCL headers, as nvcc does)");
    }
    if (!S.NvccIntrinsics.empty() && sys::fs::exists(Cuda + "/include/cuda_runtime.h")) {
      Extra.push_back("-include");
      Extra.push_back(ldslint::NvccIntrinsicsPath);
      std::string Names;
      for (const std::string &N : S.NvccIntrinsics)
        Names += (Names.empty() ? "" : ", ") + N;
      S.Said.say("added -include " + std::string(ldslint::NvccIntrinsicsPath) + " (" +
                 Names + ": nvcc's cache-hinted loads and stores, which clang " +
                 CLANG_VERSION_STRING "'s CUDA headers lack)");
    }
    const std::string Version = cudaHeaderVersion(Cuda);
    // clang takes the SDK version from the CUDA installation it detects; it
    // detects none with -nocudalib, and cannot name one it does not know.
    const bool NoLib = hasArg(Args, "-nocudalib") || hasArg(Args, "-nogpulib");
    const clang::CudaVersion Known = clang::CudaStringToVersion(Version);
    if (!Version.empty() && !hasArg(Args, "-target-sdk-version") &&
        (NoLib || Known == clang::CudaVersion::UNKNOWN)) {
      Extra.push_back("-Xclang");
      Extra.push_back("-target-sdk-version=" + Version);
      S.Said.say("added -Xclang -target-sdk-version=" + Version +
                 " (the version of " + Cuda + "/include/cuda.h; " +
                 (NoLib ? "with -nocudalib" : "a CUDA newer than clang " CLANG_VERSION_STRING " knows:") +
                 " clang would otherwise use the pre-9.2 launch API, and "
                 "kernel launches in device code, e.g. thrust's and CUB's, fail)");
    }
  }
  if (Lang == "hip") {
    if (!hasArg(Args, "-nogpulib") && !hasArg(Args, "--no-gpu-lib") &&
        !hasArg(Args, "--rocm-path") && !hasArg(Args, "--rocm-device-lib-path") &&
        !hasArg(Args, "--hip-device-lib")) {
      Extra.push_back("-nogpulib");
      S.Said.say("added -nogpulib (ROCm's device libraries are only linked "
                 "into the code object; the analysis does not need them)");
    }
#if CLANG_VERSION_MAJOR >= 20
    std::string Arch;
    for (const std::string &A : Args)
      if (startsWith(A, "--offload-arch="))
        Arch = A.substr(strlen("--offload-arch="));
    std::optional<ldslint::BankModel> Model = ldslint::lookupBankModel(Arch);
    if (Model && !hasArg(Args, "-D__AMDGCN_WAVEFRONT_SIZE") &&
        !hasArg(Args, "-mwavefrontsize64") && !hasArg(Args, "-mno-wavefrontsize64")) {
      const std::string Define =
          "-D__AMDGCN_WAVEFRONT_SIZE=" + std::to_string(Model->WaveSize);
      Extra.push_back(Define);
      S.Said.say("added " + Define + " for " + Arch + " (clang " +
                 std::to_string(CLANG_VERSION_MAJOR) +
                 " no longer predefines it; HIP 5.x headers use it)");
    }
#endif
  }
  // GCC 12's <omp.h> uses attributes clang 15 rejects; tested with 22.
  if (CLANG_VERSION_MAJOR >= 22 && (Lang == "cuda" || Lang == "hip") && !ResourceDir.empty() &&
      !sys::fs::exists(ResourceDir + "/include/omp.h") && !hasArg(Args, "-nostdinc") &&
      !hasArg(Args, "--gcc-toolchain") && !hasArg(Args, "--gcc-install-dir")) {
    static const std::string Omp = hostCompilerOmpDir();
    if (!Omp.empty()) {
      Extra.push_back("-idirafter");
      Extra.push_back(Omp);
      S.Said.say("added -idirafter " + Omp + " (the host compiler's own headers, "
                 "such as <omp.h>, which nvcc's build finds through it; searched "
                 "after every other directory)");
    }
  }
  S.AddedDeferDiag = false;
  if ((Lang == "cuda" || Lang == "hip") && !hasArg(Args, "-fgpu-defer-diag") &&
      !hasArg(Args, "-fno-gpu-defer-diag")) {
    Extra.push_back("-fgpu-defer-diag");
    S.AddedDeferDiag = true;
    S.Said.say("added -fgpu-defer-diag (errors in host-only code, which nvcc "
               "leaves to the host compiler, do not stop the analysis of the "
               "kernels; errors in device code still do)");
  }
  // nvcc accepts the `register` storage class, which C++17 removed, with a
  // deprecation warning; clang's -Wregister is an error that stops the
  // device compile (HeCBench's ntt declares its kernel's locals so).
  if (Lang == "cuda" && !hasArg(Args, "-Wregister") && !hasArg(Args, "-Wno-register") &&
      !hasArg(Args, "-Werror=register") && !hasArg(Args, "-Wno-error=register")) {
    Extra.push_back("-Wno-register");
    S.Said.say("added -Wno-register (nvcc accepts the `register` storage class, "
               "which C++17 removed; clang rejects it)");
  }
  Out.insert(std::find(Out.begin(), Out.end(), "--"), Extra.begin(), Extra.end());
  return Out;
}

/// The CUDA and HIP sources of a compilation database: by extension, or
/// by a command that compiles CUDA or HIP (nvcc, -x cuda/hip, an offload
/// arch), sorted.
std::vector<std::string> projectFiles(const CompilationDatabase &DB) {
  std::vector<std::string> Out;
  for (const std::string &File : DB.getAllFiles()) {
    bool Device = endsWith(File, ".cu") || endsWith(File, ".hip") ||
                  endsWith(File, ".cuh");
    for (const CompileCommand &C : DB.getCompileCommands(File)) {
      if (Device)
        break;
      if (!C.CommandLine.empty() && ldslint::isNvcc(C.CommandLine[0]))
        Device = true;
      for (size_t I = 0; I < C.CommandLine.size() && !Device; ++I) {
        StringRef A = C.CommandLine[I];
        Device = A == "-xcuda" || A == "-xhip" || startsWith(A, "--offload-arch=") ||
                 startsWith(A, "--cuda-gpu-arch=") ||
                 (A == "-x" && I + 1 < C.CommandLine.size() &&
                  (C.CommandLine[I + 1] == "cuda" || C.CommandLine[I + 1] == "hip"));
      }
    }
    if (Device)
      Out.push_back(File);
  }
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace

int main(int argc, const char **argv) {
  if (argc > 1 && StringRef(argv[1]) == "simulate")
    return ldslint::runSimulate(argc, argv);
  cl::extrahelp Extra(
      "\nEach file is parsed as a device compile, once per offload arch.\n"
      "Exit status: 0 no reportable conflict, 1 conflicts reported (with\n"
      "--fail-on-unknown also: an access not decided), 2 error.\n\nExamples:\n"
      "  ldslint kernel.cu -- -x cuda --cuda-gpu-arch=sm_90\n"
      "  ldslint --format=json --report=all -p build src/kernel.hip\n"
      "  ldslint -p build     (every CUDA/HIP file of build/compile_commands.json)\n"
      "  ldslint --explain=kernel.cu:42 kernel.cu -- -x cuda --cuda-gpu-arch=sm_90\n"
      "  ldslint --format=html -o report.html -p build\n"
      "  ldslint simulate --array 'float[32][33]' --index '[tx][ty]' --block 32x8\n"
      "                   (a bank map without source; ldslint simulate --help)\n");
  // The plugin's arguments and the suppression comment, after the examples.
  static const std::string PluginHelp =
      std::string("\nThe same analysis inside a clang/hipcc build: "
                  "-fplugin=<lib>/ldslint.so, with arguments\n"
                  "-fplugin-arg-ldslint-<arg>:\n") +
      ldslint::optionHelp() +
      "\nA line that carries the comment `// ldslint: ignore` gets no "
      "finding.\n";
  cl::extrahelp PluginExtra(PluginHelp.c_str());
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "ldslint " LDSLINT_VERSION " (built with clang " CLANG_VERSION_STRING
          ")\n";
  });
  // The whole command line, for the workers of a parallel run: the parser
  // may cut argc at `--` (LLVM 15 does).
  const std::vector<std::string> AllArgs(argv + 1, argv + argc);
  auto Parser = CommonOptionsParser::create(argc, argv, Category,
                                            cl::ZeroOrMore,
                                            "ldslint: find shared-memory (LDS) "
                                            "bank conflicts in CUDA and HIP "
                                            "kernels");
  if (!Parser) {
    errs() << toString(Parser.takeError()) << "\n";
    return 2;
  }
  // Without files, every CUDA/HIP entry of the compilation database (-p).
  std::vector<std::string> Files = Parser->getSourcePathList();
  const bool WholeProject = Files.empty();
  // CommonOptionsParser loads the database only for files it was given.
  std::unique_ptr<CompilationDatabase> ProjectDB;
  if (WholeProject) {
    std::string BuildDir;
    for (int I = 1; I < argc; ++I) {
      StringRef A = argv[I];
      if (A == "--")
        break;
      if ((A == "-p" || A == "--p") && I + 1 < argc)
        BuildDir = argv[++I];
      else if (startsWith(A, "-p=") || startsWith(A, "--p="))
        BuildDir = A.substr(A.find('=') + 1).str();
    }
    std::string Error;
    if (!BuildDir.empty())
      ProjectDB = CompilationDatabase::autoDetectFromDirectory(BuildDir, Error);
    if (ProjectDB)
      Files = projectFiles(*ProjectDB);
    if (Files.empty()) {
      errs() << "ldslint: no input files, and no CUDA or HIP source in a "
                "compilation database (pass files, or -p <build dir> with "
                "compile_commands.json; see --help)\n";
      return 2;
    }
  }
  const bool Worker = WorkerFile >= 0;
  if (Worker) {
    if (static_cast<size_t>(WorkerFile) >= Files.size() || WorkerResult.empty()) {
      errs() << "ldslint: --worker-file names no file of the run\n";
      return 2;
    }
    Files = {Files[WorkerFile]};
    if (!WorkerAbortForTest.empty() && endsWith(Files[0], WorkerAbortForTest))
      abort();
  }
  const auto Started = std::chrono::steady_clock::now();

  RunState S;
  if (Format != "text" && Format != "json" && Format != "sarif" && Format != "html") {
    errs() << "ldslint: --format must be text, json, sarif or html\n";
    return 2;
  }
  S.Json = Format != "text";
  S.Html = Format == "html";
  if (S.Html) { // the page's warp and iteration selectors (HtmlReport.h)
    S.Opts.Analysis.Eval.PictureWarps = ldslint::HtmlPictureWarps;
    S.Opts.Analysis.Eval.PictureSteps = ldslint::HtmlPictureSteps;
  }
  S.Sarif = Format == "sarif";
  S.ExplainColors =
      Worker ? (WorkerColors & ldslint::StdoutColors) != 0 : outs().has_colors();
  if (Explain.getNumOccurrences()) {
    if (Format != "text") {
      errs() << "ldslint: --explain draws text next to the diagnostics; use it "
                "with --format=text (the HTML report has the same bank maps)\n";
      return 2;
    }
    S.Explain = true;
    if (!Explain.empty()) {
      std::string Error;
      S.ExplainOnly = ldslint::parseExplainSelector(Explain, Error);
      if (!S.ExplainOnly) {
        errs() << "ldslint: " << Error << "\n";
        return 2;
      }
    }
  }
  if (Report != "conflicts" && Report != "all") {
    errs() << "ldslint: --report must be conflicts or all\n";
    return 2;
  }
  if (Report == "all") {
    S.Opts.Report.ShowOk = S.Opts.Report.ShowUnknown = true;
    S.Opts.Analysis.LibraryKernels = true;
  }
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
  if (!ldslint::applyOption(S.Opts, "time-budget=" + TimeBudget).empty()) {
    errs() << "ldslint: --time-budget must be 0 (no limit) or more seconds\n";
    return 2;
  }
  if (!ldslint::applyOption(S.Opts, "memory-budget=" + MemoryBudget).empty()) {
    errs() << "ldslint: --memory-budget must be 0 (no limit) or more MB\n";
    return 2;
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

  const std::string ResourceDir = findResourceDir();
  S.NvccIntrinsics = ldslint::intrinsicsClangLacks(ResourceDir);
  const std::string NvccPrelude = ldslint::nvccIntrinsicsPrelude(S.NvccIntrinsics);
  int Status = 0;
  const bool Progress =
      WholeProject && !Worker && sys::Process::StandardErrIsDisplayed();
  const unsigned JobCount =
      Jobs.getNumOccurrences() ? std::max(1u, unsigned(Jobs)) : ldslint::defaultJobs();
  // Several files and workers: each file in its own process (ProjectJobs.h).
  const bool Parallel = !Worker && JobCount > 1 && Files.size() > 1;
  if (Parallel) {
    unsigned Colors = 0;
    if (outs().has_colors())
      Colors |= ldslint::StdoutColors;
    if (errs().has_colors())
      Colors |= ldslint::StderrColors;
    Status = ldslint::runWorkers(sys::fs::getMainExecutable(argv[0], (void *)&main),
                                 AllArgs, Files,
                                 JobCount, Colors, Progress, S);
  }
  for (size_t FileIndex = 0; FileIndex < Files.size() && !Parallel; ++FileIndex) {
    const std::string &File = Files[FileIndex];
    if (Progress)
      errs() << "[" << FileIndex + 1 << "/" << Files.size() << "] " << File << "\n";
    // Which archs: --arch, else those of the compile command.
    std::vector<std::string> CommandArchs;
    bool IsHip = endsWith(File, ".hip");
    const std::vector<CompileCommand> Commands =
        (ProjectDB ? *ProjectDB : Parser->getCompilations()).getCompileCommands(File);
    for (const CompileCommand &C : Commands) {
      if (!C.CommandLine.empty() && ldslint::isNvcc(C.CommandLine[0])) {
        ldslint::TranslatedCommand T = ldslint::translateNvccCommand(C.CommandLine);
        // nvcc's own default target (CUDA 12 and 13) when none is named.
        if (T.Archs.empty())
          T.Archs.push_back("sm_75");
        CommandArchs.insert(CommandArchs.end(), T.Archs.begin(), T.Archs.end());
        continue;
      }
      stripArchs(C.CommandLine, CommandArchs, IsHip);
    }
    std::vector<std::string> ToRun(Archs.begin(), Archs.end());
    if (ToRun.empty())
      ToRun = CommandArchs;
    if (ToRun.empty())
      ToRun.push_back(ldslint::defaultTarget(IsHip));
    std::sort(ToRun.begin(), ToRun.end());
    ToRun.erase(std::unique(ToRun.begin(), ToRun.end()), ToRun.end());

    // Every arch's run plans fixes that hold on all of them, so that the
    // runs agree on one edit per array.
    S.Opts.Analysis.FixArchs = ToRun;
    for (const std::string &Arch : ToRun) {
      // The process's last analysis: its device module is left to the
      // exit, as clang leaves its own (freeing it cost about a twentieth of
      // the run on template-heavy files). Not when the file has several
      // compile commands: each would keep its module.
      S.Opts.Analysis.LeaveModuleToExit = FileIndex + 1 == Files.size() &&
                                          &Arch == &ToRun.back() && Commands.size() <= 1;
      ClangTool Tool(ProjectDB ? *ProjectDB : Parser->getCompilations(), {File});
      Tool.appendArgumentsAdjuster(
          [&](const CommandLineArguments &Args, StringRef) {
            if (Args.empty() || !ldslint::isNvcc(Args[0]))
              return Args;
            ldslint::TranslatedCommand T = ldslint::translateNvccCommand(Args);
            if (!T.Dropped.empty()) {
              std::string List;
              for (const std::string &D : T.Dropped)
                List += (List.empty() ? "" : " ") + D;
              S.Said.say("nvcc command line read as clang's; nvcc-only flags "
                         "left out: " + List);
            }
            return CommandLineArguments(T.Args.begin(), T.Args.end());
          });
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
      Tool.appendArgumentsAdjuster(
          [&](const CommandLineArguments &Args, StringRef Filename) {
            return addUserEnvironment(Args, Filename, ResourceDir, S);
          });
      if (!S.NvccIntrinsics.empty())
        Tool.mapVirtualFile(ldslint::NvccIntrinsicsPath, NvccPrelude);
      if (Worker && (WorkerColors & ldslint::StderrColors))
        Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
            "-fcolor-diagnostics", ArgumentInsertPosition::END));
      Factory F(S);
      int RC = Tool.run(&F);
      if (RC != 0) {
        Status = 2;
        if (!S.failed(File))
          S.Failed.push_back({File, "the file does not compile for the device"});
      }
    }
    S.Kernels += S.FileKernels;
    S.FileKernels = 0;
  }
  if (Worker) {
    // The parent writes the report, the fixes and the summary.
    std::error_code EC;
    raw_fd_ostream OS(WorkerResult, EC);
    if (EC) {
      errs() << "ldslint: cannot write " << WorkerResult << ": " << EC.message() << "\n";
      return 2;
    }
    OS << ldslint::workerResult(S) << "\n";
    return Status;
  }
  if (S.TargetProblem)
    Status = 2;
  if (S.ExplainOnly && !S.Explained)
    errs() << "ldslint: --explain=" << Explain
           << ": no shared-memory access was analysed at that place\n";

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
            ? llvm::formatv("{0:2}", ldslint::sarifLog(S.Items, S.Failed)).str()
        : S.Html ? ldslint::renderHtmlReport(S.Items)
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
  if (WholeProject) {
    using V = ldslint::Verdict;
    errs() << "ldslint: " << Files.size() << " file(s)";
    if (!S.Failed.empty())
      errs() << " (" << S.Failed.size() << " not analysed)";
    errs() << ", " << S.Kernels << " kernel(s), " << S.Units
           << " device compile(s): "
           << S.ByVerdict[static_cast<int>(V::Conflict)] << " access(es) with a bank conflict ("
           << S.Reported << " reported), "
           << S.ByVerdict[static_cast<int>(V::Unknown)] << " not decided, "
           << S.ByVerdict[static_cast<int>(V::Ok)] << " conflict-free; "
           << llvm::format("%.1f", std::chrono::duration<double>(
                                       std::chrono::steady_clock::now() - Started)
                                       .count())
           << " s\n";
  }
  if (Status)
    return Status;
  if (FailOnUnknown && !S.Undecided.empty()) {
    std::set<std::string> Seen; // template instantiations repeat a line
    std::vector<std::string> Lines;
    for (const std::string &U : S.Undecided)
      if (Seen.insert(U).second)
        Lines.push_back(U);
    errs() << "ldslint: " << Lines.size()
           << " shared-memory access(es) not decided (--fail-on-unknown):\n";
    for (const std::string &U : Lines)
      errs() << "  " << U << "\n";
    return 1;
  }
  return S.Reported ? 1 : 0;
}
