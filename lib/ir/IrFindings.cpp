//===- IrFindings.cpp ------------------------------------------------------===//
#include "ir/IrFindings.h"

#include "LaunchEvaluation.h"
#include "ir/LaneValues.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <set>

using namespace clang;

namespace ldslint {

namespace {

/// The source location of an IR debug location, or an invalid one.
SourceLocation sourceLocation(const SourceManager &SM, const llvm::DILocation *L) {
  if (!L || !L->getLine())
    return {};
  llvm::SmallString<256> Path(L->getFilename());
  if (!llvm::sys::path::is_absolute(Path) && !L->getDirectory().empty()) {
    llvm::SmallString<256> Full(L->getDirectory());
    llvm::sys::path::append(Full, Path);
    Path = Full;
  }
  auto FE = SM.getFileManager().getOptionalFileRef(Path);
  if (!FE)
    return {};
  return SM.translateFileLineCol(&FE->getFileEntry(), L->getLine(),
                                 L->getColumn() ? L->getColumn() : 1);
}

std::string lastNameComponent(std::string Name) {
  const size_t Paren = Name.find('(');
  if (Paren != std::string::npos && Name.find("::", Paren) != std::string::npos)
    Name = Name.substr(Name.rfind("::") + 2);
  const size_t Colons = Name.rfind("::");
  return Colons == std::string::npos ? Name : Name.substr(Colons + 2);
}

/// LDSLINT_DEBUG_IR=1: the normalised IR of each kernel and its accesses'
/// expressions, on stderr (for developers).
void dumpKernel(const IrKernel &K) {
  auto Name = [&](SymbolId Id) { return K.Model.symbolName(Id); };
  llvm::errs() << *K.Function;
  for (size_t I = 0; I < K.Model.Loops.size(); ++I) {
    const LoopModel &L = K.Model.Loops[I];
    llvm::errs() << "loop " << I << " " << Name(L.Var) << ": init "
                 << (L.Init ? toString(*L.Init, Name) : "?") << ", cond "
                 << (L.Cond ? toString(*L.Cond, Name) : "?") << ", next "
                 << (L.Next ? toString(*L.Next, Name) : "?")
                 << (L.TestAfterBody ? " (test after body)" : "") << "\n";
    for (const LoopCompanion &C : L.Companions)
      llvm::errs() << "  with " << Name(C.Var) << ": init "
                   << (C.Init ? toString(*C.Init, Name) : "?") << ", next "
                   << (C.Next ? toString(*C.Next, Name) : "?") << "\n";
  }
  for (const IrAccess &A : K.Accesses) {
    llvm::errs() << "access" << *A.Inst << "\n  address "
                 << (A.Model.Address ? toString(*A.Model.Address, Name)
                                     : "(" + A.Model.Unsupported + ")");
    for (const Condition &C : A.Model.Conditions)
      llvm::errs() << "\n  if " << C.Text;
    llvm::errs() << "\n";
  }
}

/// Places \p F where the user wrote the access at \p L: the innermost
/// location outside system headers (atomicAdd's body is in CUDA's headers,
/// its call in the user's code), or, in a library's own kernel, the
/// innermost location; the calls around it are notes.
void placeAt(const SourceManager &SM, const llvm::DILocation *L, Finding &F) {
  std::vector<SourceLocation> Chain;
  for (; L; L = L->getInlinedAt())
    Chain.push_back(sourceLocation(SM, L));
  size_t At = 0;
  while (At + 1 < Chain.size() &&
         (Chain[At].isInvalid() || SM.isInSystemHeader(Chain[At])))
    ++At;
  // All in system headers (a library's own kernel): where the access is.
  if (At < Chain.size() && (Chain[At].isInvalid() || SM.isInSystemHeader(Chain[At])))
    for (At = 0; At + 1 < Chain.size() && Chain[At].isInvalid();)
      ++At;
  F.Loc = At < Chain.size() ? Chain[At] : SourceLocation();
  F.CallLocs.clear();
  for (size_t I = At + 1; I < Chain.size(); ++I)
    F.CallLocs.insert(F.CallLocs.begin(), Chain[I]);
  F.File.clear();
  F.Line = F.Column = 0;
  if (F.Loc.isValid()) {
    const PresumedLoc P = SM.getPresumedLoc(F.Loc);
    if (P.isValid()) {
      F.File = P.getFilename();
      F.Line = P.getLine();
      F.Column = P.getColumn();
    }
  }
}

/// The findings of the accesses the load/store vectorizer merged into the
/// one of \p F: each takes the merged instruction's result, at its own line.
void addMergedFindings(const SourceManager &SM,
                       const std::vector<MergedAccess> &Merged, Finding &F,
                       const std::function<bool(const Finding &)> &Settled,
                       std::vector<Finding> &Out) {
  if (Merged.empty())
    return;
  const std::string Why =
      "the compiler merges accesses at consecutive addresses into this " +
      std::to_string(F.WidthBytes) +
      "-byte instruction (LLVM's load/store vectorizer, as clang's NVPTX "
      "and AMDGPU back ends run it); the result is that instruction's";
  F.Result.Assumptions.push_back(Why);
  std::set<std::pair<unsigned, unsigned>> Seen{{F.Line, F.Column}};
  for (const MergedAccess &M : Merged) {
    Finding G = F;
    placeAt(SM, M.Loc, G);
    if (G.Line == 0 || !Seen.insert({G.Line, G.Column}).second ||
        (Settled && Settled(G)))
      continue;
    Out.push_back(std::move(G));
  }
}

/// The findings of the reads the compiler answers from load \p F's value
/// (ReusedLoads.h): no shared-memory instruction of their own.
void addReusedFindings(const SourceManager &SM,
                       const std::vector<const llvm::DILocation *> &Reused,
                       const Finding &F,
                       const std::function<bool(const Finding &)> &Settled,
                       std::vector<Finding> &Out) {
  for (const llvm::DILocation *L : Reused) {
    Finding G = F;
    placeAt(SM, L, G);
    if (G.Line == 0 || (G.Line == F.Line && G.File == F.File) ||
        (Settled && Settled(G)))
      continue;
    if (std::any_of(Out.begin(), Out.end(), [&](const Finding &H) {
          return H.Line == G.Line && H.Column == G.Column && H.File == G.File;
        }))
      continue;
    G.Result = EvalResult();
    G.Result.Status = Verdict::Ok;
    G.Result.Reason = "no shared-memory instruction of its own: the compiler "
                      "reuses the value read at line " +
                      std::to_string(F.Line) +
                      (G.File == F.File ? std::string()
                                        : " of " + llvm::sys::path::filename(F.File).str());
    G.Fixes.clear();
    G.FixNotes.clear();
    G.AfterFix.reset();
    Out.push_back(std::move(G));
  }
}

} // namespace

std::vector<Finding> analyzeDeviceModule(
    ASTContext &Ctx, const DeviceModule &DM, const BankModel &Model,
    const LaunchSites &Launches, const AnalysisOptions &Options,
    const std::function<bool(const Finding &)> &Settled, EvaluationCache *Cache,
    std::vector<std::string> *Skipped) {
  std::vector<Finding> Findings;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const llvm::Function &Fn : DM.module()) {
    if (Fn.isDeclaration() || !isKernelFunction(Fn))
      continue; // a declaration: a kernel the source engine decided
    const auto *FD = llvm::dyn_cast_or_null<FunctionDecl>(DM.declFor(Fn.getName()));
    if (FD && SM.isInSystemHeader(FD->getLocation()) && !Options.LibraryKernels)
      continue;
    if (pastDeadline(Options)) {
      const std::string Name =
          FD ? kernelName(FD, Ctx) : llvm::demangle(Fn.getName().str());
      if (Skipped && std::find(Skipped->begin(), Skipped->end(), Name) == Skipped->end())
        Skipped->push_back(Name);
      continue;
    }
    std::vector<std::string> ParamNames;
    if (FD)
      for (const ParmVarDecl *P : FD->parameters())
        ParamNames.push_back(P->getNameAsString());
    const IrKernel K = buildIrKernel(Fn, ParamNames, Model.WaveSize);
    if (std::getenv("LDSLINT_DEBUG_IR"))
      dumpKernel(K);
    std::vector<LaunchConfig> Configs;
    if (FD)
      Configs = launchConfigsFor(Ctx, FD, Launches, Options.AssumeBlock,
                                 K.UsesThreadIdxYZ);
    else
      Configs.push_back(LaunchConfig{Options.AssumeBlock, {}, ""});
    const std::vector<LaunchRun> Runs =
        launchRuns(Configs, K.ParamSymbols, evalOptionsFor(Options.Eval, Ctx));
    const std::string Function =
        FD ? kernelName(FD, Ctx) : llvm::demangle(Fn.getName().str());

    const size_t First = Findings.size();
    std::vector<const void *> Arrays;
    std::vector<const AccessModel *> Models;
    std::vector<Finding> Reused;
    for (const IrAccess &A : K.Accesses) {
      Finding F;
      // An instruction the vectorizer built stands for the accesses it
      // replaced: report at theirs. Its own location is the vectorizer's
      // choice (LLVM 15 gives it a later statement's line).
      const std::vector<MergedAccess> &MergedFrom = DM.mergedFrom(A.Inst);
      placeAt(SM, MergedFrom.empty() ? A.Inst->getDebugLoc().get()
                                     : MergedFrom.front().Loc,
              F);
      F.Function = Function;
      if (A.Array) {
        if (const auto *VD =
                llvm::dyn_cast_or_null<VarDecl>(DM.declFor(A.Array->getName()))) {
          F.Array = VD->getNameAsString();
          F.DeclLoc = VD->getLocation();
        } else {
          F.Array = lastNameComponent(llvm::demangle(A.Array->getName().str()));
        }
      } else {
        F.Array = "(unresolved pointer)";
      }
      F.Kind = A.Model.Kind;
      F.WidthBytes = A.Model.WidthBytes;
      F.Arch = Model.Arch;
      if (Settled && Settled(F))
        continue;
      evaluateOverLaunches(K.Model, A.Model, Runs, Configs, Model, F, Cache);
      if (A.AsyncCopy && F.Result.Status == Verdict::Conflict) {
        // Never claimed: not confirmed by a measurement.
        F.Result.Status = Verdict::Unknown;
        F.Result.Reason = "cp.async: how its shared-memory writes are grouped "
                          "has not been measured; as a " +
                          std::to_string(F.WidthBytes) + "-byte store it would be " +
                          std::to_string(F.Result.Degree) + "-way";
      } else if (A.AsyncCopy && F.Result.Status == Verdict::Ok) {
        F.Result.Assumptions.push_back(
            "cp.async's shared-memory writes assumed grouped like a " +
            std::to_string(F.WidthBytes) + "-byte store (not measured)");
      }
      std::vector<Finding> Merged;
      addMergedFindings(SM, MergedFrom, F, Settled, Merged);
      if (A.Model.Kind == AccessKind::Read)
        addReusedFindings(SM, DM.reusedBy(*A.Inst), F, Settled, Reused);
      Findings.push_back(std::move(F));
      Arrays.push_back(A.Array);
      Models.push_back(&A.Model);
      for (Finding &G : Merged) {
        Findings.push_back(std::move(G));
        Arrays.push_back(A.Array);
        Models.push_back(&A.Model);
      }
    }
    markMergeCandidates(K.Model, Arrays, Models, Model, Findings, First);
    // After the merge pass: these are no instructions that could merge.
    for (Finding &G : Reused)
      Findings.push_back(std::move(G));
  }
  return Findings;
}

} // namespace ldslint
