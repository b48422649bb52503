//===- IrFindings.cpp ------------------------------------------------------===//
#include "ir/IrFindings.h"

#include "AccessPlacement.h"
#include "IterationPairs.h"
#include "LaunchEvaluation.h"
#include "StringCompat.h"
#include "ir/BarrierPhases.h"
#include "ir/DebugLocations.h"
#include "ir/LaneValues.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <set>

using namespace clang;

namespace ldslint {

namespace {


/// An `extern __shared__` array is one symbol of the module however many
/// kernels declare it: the declaration in \p Kernel's own body when it has
/// one (where the user looks, and what fixes edit), else \p Found.
const VarDecl *ownDeclaration(const FunctionDecl *Kernel, const VarDecl *Found) {
  if (!Kernel || !Found || !Found->hasExternalStorage() || !Kernel->getBody())
    return Found;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *Like = nullptr, *Own = nullptr;
    bool VisitVarDecl(VarDecl *V) {
      if (V->hasExternalStorage() && V->getName() == Like->getName() &&
          V->hasAttr<CUDASharedAttr>())
        Own = V;
      return !Own;
    }
  } F;
  F.Like = Found;
  // An instantiation declares its own (of the instantiated type), which the
  // fix planner needs; the template's is dependent.
  F.TraverseStmt(Kernel->getBody());
  const FunctionDecl *Pattern = Kernel->getTemplateInstantiationPattern();
  if (!F.Own && Pattern && Pattern->getBody())
    F.TraverseStmt(Pattern->getBody());
  return F.Own ? F.Own : Found;
}

/// Fills what \p F says about its access: the kernel, the array (the
/// kernel's own declaration of it where it has one), the kind, width and
/// target. Returns the array's declaration, or null.
const VarDecl *describeAccess(Finding &F, const DeviceModule &DM,
                              const FunctionDecl *Kernel, const std::string &Function,
                              const llvm::GlobalVariable *Array, AccessKind Kind,
                              unsigned WidthBytes, const BankModel &Model) {
  F.Function = Function;
  const VarDecl *VD = nullptr;
  if (Array) {
    VD = ownDeclaration(Kernel,
                        llvm::dyn_cast_or_null<VarDecl>(DM.declFor(Array->getName())));
    F.Array = VD ? VD->getNameAsString() : variableName(Array);
    if (VD)
      F.DeclLoc = VD->getLocation();
  } else {
    F.Array = "(unresolved pointer)";
  }
  F.Kind = Kind;
  F.WidthBytes = WidthBytes;
  F.Arch = Model.Arch;
  return VD;
}

/// A conflicting access to one member of an array of structs strides by the
/// struct size; storing each member in its own array (SoA) makes lanes read
/// consecutive words.
void suggestStructOfArrays(const ASTContext &Ctx, const VarDecl &Array, Finding &F) {
  if (F.Result.Status != Verdict::Conflict || !Array.getType()->isArrayType())
    return; // one struct (CUB's TempStorage) has no members to split
  const QualType Elem = Ctx.getBaseElementType(Array.getType());
  if (!Elem->isStructureOrClassType() || Elem->isIncompleteType())
    return; // a union's members share their bytes
  const int64_t StructBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
  if (StructBytes <= static_cast<int64_t>(F.WidthBytes))
    return;
  F.FixNotes.push_back("'" + F.Array + "' holds " + std::to_string(StructBytes) +
                       "-byte structs and this access uses " +
                       std::to_string(F.WidthBytes) +
                       " bytes of each: a struct of arrays (one array per "
                       "member) would give consecutive lanes consecutive words");
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
    llvm::errs() << "access" << *A.Inst;
    for (const llvm::DILocation *L = A.Inst->getDebugLoc().get(); L; L = L->getInlinedAt())
      llvm::errs() << (L == A.Inst->getDebugLoc().get() ? "\n  at " : " in ") << L->getLine()
                   << ":" << L->getColumn();
    llvm::errs() << "\n  address "
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
void placeAt(DebugLocationMap &Locations, const llvm::DILocation *L, Finding &F) {
  const SourceManager &SM = Locations.sourceManager();
  std::vector<SourceLocation> Chain;
  for (; L; L = L->getInlinedAt())
    Chain.push_back(Locations.locate(L));
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

/// Where the finding of \p A is (the user's line of the accesses it stands
/// for) and what it accesses; returns the array's declaration, or null.
const VarDecl *locateAccess(DebugLocationMap &Locations, const AccessPlacement &Placement,
                            const DeviceModule &DM, const FunctionDecl *Kernel,
                            const std::string &Function, const IrAccess &A,
                            const BankModel &Model, Finding &F) {
  // An instruction the vectorizer built stands for the accesses it
  // replaced: report at theirs. Its own location is the vectorizer's
  // choice (LLVM 15 gives it a later statement's line).
  const std::vector<MergedAccess> &MergedFrom = DM.mergedFrom(A.Inst);
  placeAt(Locations, MergedFrom.empty() ? A.Inst->getDebugLoc().get()
                                        : MergedFrom.front().Loc,
          F);
  const VarDecl *VD = describeAccess(F, DM, Kernel, Function, A.Array, A.Model.Kind,
                                     A.Model.WidthBytes, Model);
  Placement.place(F);
  return VD;
}

/// The findings of the accesses the load/store vectorizer merged into the
/// one of \p F: each takes the merged instruction's result, at its own line.
void addMergedFindings(DebugLocationMap &Locations,
                       const std::vector<MergedAccess> &Merged, Finding &F,
                       const std::function<void(Finding &)> &Place,
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
    placeAt(Locations, M.Loc, G);
    Place(G);
    if (G.Line == 0 || !Seen.insert({G.Line, G.Column}).second)
      continue;
    Out.push_back(std::move(G));
  }
}

/// A call of one of libdevice's functions that takes no pointer
/// (`__nv_byte_perm`, `__nv_fmaf`): declared without attributes here, since
/// libdevice is not linked, it is arithmetic in the compile (inlined, or an
/// instruction such as PRMT), nothing ptxas must keep accesses apart for.
bool isLibdeviceArithmetic(const llvm::Instruction &I) {
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || !Callee->isDeclaration() || !startsWith(Callee->getName(), "__nv_"))
    return false;
  return std::none_of(Call->arg_begin(), Call->arg_end(), [](const llvm::Use &U) {
    return U->getType()->isPointerTy();
  });
}

/// Whether nothing between \p Members keeps ptxas from making them one
/// instruction: all in one block, and between the first and the last only
/// instructions that touch no memory or load from a state space other than
/// shared (a global load between two shared reads was measured merging).
bool nothingBetween(const std::vector<const llvm::Instruction *> &Members) {
  const llvm::BasicBlock *BB = Members.front()->getParent();
  std::set<const llvm::Instruction *> Left(Members.begin(), Members.end());
  // Plain loads and stores only: not volatile or atomic ones, not cp.async.
  auto Plain = [&](const llvm::Instruction *I) {
    if (I->getParent() != BB)
      return false;
    if (const auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      return L->isSimple();
    if (const auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      return S->isSimple();
    return false;
  };
  if (!std::all_of(Members.begin(), Members.end(), Plain))
    return false;
  bool Inside = false;
  for (const llvm::Instruction &I : *BB) {
    if (Left.erase(&I)) {
      Inside = !Left.empty();
      continue;
    }
    if (!Inside || !I.mayReadOrWriteMemory() || isLibdeviceArithmetic(I))
      continue;
    const auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
    const unsigned AS = L ? L->getPointerAddressSpace() : 0;
    if (!L || isSharedAddressSpace(AS))
      return false;
    // A generic load may read shared memory, unless it reads a kernel
    // argument's buffer: global memory, as ptxas sees it (nvcc and clang
    // make such loads ld.global; pairs17.cu: `s[a] = in[t]; s[a + 1] =
    // in[t + 32]` is one STS.128).
    if (AS == 0 && !(llvm::isa<llvm::Argument>(
                         llvm::getUnderlyingObject(L->getPointerOperand())) &&
                     isKernelFunction(*BB->getParent())))
      return false;
  }
  return Left.empty();
}

/// The findings of the stores of the other arm of an `if`, or of the reads
/// of the other branches, that instcombine sank, with \p F's, into the
/// access \p F is for (SunkAccesses.h): that access's result, at their own
/// lines.
void addSunkFindings(DebugLocationMap &Locations,
                     const std::vector<const llvm::DILocation *> &Arms,
                     Finding &F, const std::function<void(Finding &)> &Place,
                     std::vector<Finding> &Out) {
  if (Arms.empty())
    return;
  const std::string Why =
      F.Kind == AccessKind::Write
          ? "the compiler replaces the stores of both arms of the `if` by one store "
            "after it (instcombine, as in clang's -O2 pipeline); the result is that "
            "store's"
          : "the compiler replaces the reads of the branches by one read after "
            "them, of the address each lane's branch chose (instcombine, as in "
            "clang's -O2 pipeline); the result is that read's";
  F.Result.Assumptions.push_back(Why);
  for (const llvm::DILocation *L : Arms) {
    Finding G = F;
    placeAt(Locations, L, G);
    if (G.Line == 0 || (G.Line == F.Line && G.Column == F.Column && G.File == F.File))
      continue;
    Place(G);
    Out.push_back(std::move(G));
  }
}

/// The findings of the reads the compiler answers from load \p F's value
/// (ReusedLoads.h): no shared-memory instruction of their own.
void addReusedFindings(DebugLocationMap &Locations,
                       const std::vector<const llvm::DILocation *> &Reused,
                       const Finding &F,
                       std::vector<Finding> &Out) {
  for (const llvm::DILocation *L : Reused) {
    Finding G = F;
    G.Kind = AccessKind::Read;
    placeAt(Locations, L, G);
    if (G.Line == 0 || (G.Line == F.Line && G.File == F.File))
      continue;
    if (std::any_of(Out.begin(), Out.end(), [&](const Finding &H) {
          return H.Line == G.Line && H.Column == G.Column && H.File == G.File;
        }))
      continue;
    G.Result = EvalResult();
    G.Result.Status = Verdict::Ok;
    G.Result.Reason = std::string("no shared-memory instruction of its own: "
                                  "the compiler reuses the value ") +
                      (F.Kind == AccessKind::Read ? "read" : "written") + " at line " +
                      std::to_string(F.Line) +
                      (G.File == F.File ? std::string()
                                        : " of " + llvm::sys::path::filename(F.File).str());
    G.Fixes.clear();
    G.FixNotes.clear();
    G.AfterFix.reset();
    Out.push_back(std::move(G));
  }
}

/// A read LLVM's load/store vectorizer answered from the read of \p F
/// though their addresses differ (LLVM 22 takes `tile[0][t]` and
/// `tile[t][0]` for one address when both index with the same value): the
/// pipeline lost that read, so neither is decided; each gets `unknown` at
/// its own line.
void notDecidedForMisMerge(DebugLocationMap &Locations,
                           const std::vector<const llvm::DILocation *> &Lost, Finding &F,
                           std::vector<Finding> &Out) {
  const std::string Why =
      "LLVM's load/store vectorizer, which ldslint runs on the device code, "
      "merges this read with another at a different address (seen with LLVM 22 "
      "where two subscripts index with one value: `t[0][i]` and `t[i][0]`), so "
      "what runs is not known";
  F.Result = EvalResult();
  F.Result.Status = Verdict::Unknown;
  F.Result.Reason = Why;
  F.Fixes.clear();
  F.FixNotes.clear();
  F.AfterFix.reset();
  for (const llvm::DILocation *L : Lost) {
    Finding G = F;
    placeAt(Locations, L, G);
    if (G.Line == 0 || (G.Line == F.Line && G.Column == F.Column && G.File == F.File))
      continue;
    Out.push_back(std::move(G));
  }
}

/// The accesses inside a function the pipeline could not inline (it calls
/// itself) through a pointer argument that a kernel passes into shared
/// memory: `unknown`, at their own lines, so that none is silent.
void addRecursiveAccesses(DebugLocationMap &Locations, const DeviceModule &DM,
                          const llvm::Function &Kernel, const FunctionDecl *KernelDecl,
                          const std::string &Function,
                          const BankModel &Model, size_t First,
                          const std::function<void(Finding &)> &Place,
                          std::vector<Finding> &Out) {
  for (const llvm::Instruction &I : llvm::instructions(Kernel)) {
    std::vector<Finding> Inside;
    const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
    const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || Callee->isDeclaration() || isKernelFunction(*Callee))
      continue;
    for (const llvm::Argument &Arg : Callee->args()) {
      if (!Arg.getType()->isPointerTy() || Arg.getArgNo() >= Call->arg_size())
        continue;
      const auto *G = llvm::dyn_cast<llvm::GlobalVariable>(
          llvm::getUnderlyingObject(Call->getArgOperand(Arg.getArgNo())));
      if (!G || !isSharedAddressSpace(G->getAddressSpace()))
        continue;
      for (const llvm::Instruction &J : llvm::instructions(*Callee)) {
        const llvm::Value *Ptr = nullptr;
        AccessKind Kind = AccessKind::Read;
        if (const auto *L = llvm::dyn_cast<llvm::LoadInst>(&J))
          Ptr = L->getPointerOperand();
        else if (const auto *S = llvm::dyn_cast<llvm::StoreInst>(&J)) {
          Ptr = S->getPointerOperand();
          Kind = AccessKind::Write;
        }
        if (!Ptr || llvm::getUnderlyingObject(Ptr) != &Arg)
          continue;
        Finding F;
        placeAt(Locations, J.getDebugLoc().get(), F);
        if (F.Line == 0)
          continue;
        describeAccess(F, DM, KernelDecl, Function, G, Kind,
                       static_cast<unsigned>(J.getModule()->getDataLayout().getTypeStoreSize(
                           Kind == AccessKind::Read ? J.getType()
                                                    : J.getOperand(0)->getType())),
                       Model);
        Place(F);
        F.Result.Status = Verdict::Unknown;
        const std::string Name = llvm::demangle(Callee->getName().str());
        F.Result.Reason = "the access is in '" + Name.substr(0, Name.find('(')) +
                          "', which calls itself; ldslint does not follow recursion";
        if (std::none_of(Inside.begin(), Inside.end(), [&](const Finding &H) {
              return H.Line == F.Line && H.Column == F.Column && H.File == F.File &&
                     H.Kind == F.Kind;
            }))
          Inside.push_back(std::move(F));
      }
    }
    if (Inside.empty())
      continue;
    // Before the call's own finding: in the order they run.
    Finding AtCall;
    placeAt(Locations, Call->getDebugLoc().get(), AtCall);
    size_t At = First;
    while (At < Out.size() && !(Out[At].Line == AtCall.Line && Out[At].File == AtCall.File))
      ++At;
    Out.insert(Out.begin() + static_cast<long>(At), Inside.begin(), Inside.end());
  }
}

/// The reads of shared variables in \p Kernel that the pipeline deleted
/// because their value is unused, and the accesses it removed in the helpers
/// the kernel inlines (RemovedAccesses.h): no instruction runs for them, and
/// their lines say so rather than nothing.
void addDroppedReads(DebugLocationMap &Locations, const DeviceModule &DM,
                     const llvm::Function &Kernel, const FunctionDecl *FD,
                     const std::string &Function, const BankModel &Model, size_t First,
                     const std::function<void(Finding &)> &Place,
                     std::vector<Finding> &Out) {
  std::vector<ReusedLoads::DroppedRead> Dropped = DM.droppedIn(Kernel);
  // A read answered by a dropped one (early CSE in a helper, before the
  // call's constant arguments cut the branch both are in) has no
  // instruction either, for the same reason: the dropped read comes first
  // on every path to it.
  std::set<const llvm::DILocation *> Seen;
  for (size_t I = 0; I < Dropped.size(); ++I) {
    if (!Seen.insert(Dropped[I].Loc).second || Dropped[I].Write)
      continue;
    for (const llvm::DILocation *L : DM.reusedBy(Dropped[I].Loc)) {
      ReusedLoads::DroppedRead R = Dropped[I];
      R.Loc = L;
      Dropped.push_back(std::move(R));
    }
  }
  for (const ReusedLoads::DroppedRead &D : Dropped) {
    Finding F;
    placeAt(Locations, D.Loc, F);
    if (F.Line == 0)
      continue;
    describeAccess(F, DM, FD, Function, D.Variable,
                   D.Write ? AccessKind::Write : AccessKind::Read, D.Bytes, Model);
    Place(F);
    if (std::any_of(Out.begin() + static_cast<long>(First), Out.end(), [&](const Finding &H) {
          return H.Line == F.Line && H.File == F.File && H.Array == F.Array &&
                 H.Kind == F.Kind;
        }))
      continue;
    F.Result.Status = Verdict::Ok;
    F.Result.Reason = !D.Why.empty()
                          ? D.Why
                          : "no shared-memory instruction of its own: the compiler "
                            "drops this read, whose value is not used";
    Out.push_back(std::move(F));
  }
}

/// A device function no code here calls may call helpers that kernels call
/// too: at those helpers' accesses only the kernels' findings stand (with
/// their launch shapes and arguments). Its findings are only so that no
/// access of its own is silent. When all its accesses are the kernels',
/// it is no model for the fixes either (FixSites' onlyUsedBy).
void leaveHelpersToKernels(std::vector<Finding> &Findings,
                           const std::vector<bool> &FromUncalled,
                           const std::set<const FunctionDecl *> &UncalledDecls,
                           std::vector<AnalysedKernel> *Kept) {
  std::set<std::tuple<std::string, unsigned, unsigned>> ByKernels;
  std::set<SourceLocation> KernelLocs;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!FromUncalled[I]) {
      ByKernels.insert({Findings[I].File, Findings[I].Line, Findings[I].Column});
      KernelLocs.insert(Findings[I].Loc);
    }
  size_t Out = 0;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    if (FromUncalled[I] && ByKernels.count({F.File, F.Line, F.Column}))
      continue;
    if (Out != I)
      Findings[Out] = std::move(Findings[I]);
    ++Out;
  }
  Findings.resize(Out);
  if (!Kept)
    return;
  Kept->erase(std::remove_if(Kept->begin(), Kept->end(),
                             [&](const AnalysedKernel &K) {
                               return UncalledDecls.count(K.Decl) &&
                                      std::all_of(K.Locs.begin(), K.Locs.end(),
                                                  [&](SourceLocation L) {
                                                    return KernelLocs.count(L) > 0;
                                                  });
                             }),
              Kept->end());
}

} // namespace

std::vector<Finding> analyzeDeviceModule(
    ASTContext &Ctx, const DeviceModule &DM, const BankModel &Model,
    const LaunchSites &Launches, const AnalysisOptions &Options,
    EvaluationCache *Cache,
    std::vector<std::string> *Skipped, std::vector<AnalysedKernel> *Kept) {
  std::vector<Finding> Findings;
  std::vector<bool> FromUncalled; // per finding: of an uncalled entry
  std::set<const FunctionDecl *> UncalledDecls;
  const SourceManager &SM = Ctx.getSourceManager();
  DebugLocationMap Locations(SM, DM.enteredFiles());
  std::optional<AccessPlacement> Placed; // indexed on first use
  auto Placement = [&]() -> const AccessPlacement & {
    if (!Placed)
      Placed.emplace(Ctx, DM.generatedFunctions(), Options.LibraryKernels);
    return *Placed;
  };
  for (const llvm::Function &Fn : DM.module()) {
    if (Fn.isDeclaration() || !isAnalysisEntry(Fn))
      continue; // a declaration: a library kernel left out before the pipeline
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
    IrKernel K = buildIrKernel(Fn, ParamNames, Model.WaveSize);
    AnalysedKernel Analysed;
    if (std::getenv("LDSLINT_DEBUG_IR"))
      dumpKernel(K);
    std::vector<LaunchConfig> Configs;
    if (FD)
      Configs = launchConfigsFor(Ctx, FD, Launches, Options.AssumeBlock,
                                 K.UsesThreadIdxYZ, K.ThreadRowWidth);
    else
      Configs.push_back(LaunchConfig{Options.AssumeBlock, {}, ""});
    const std::vector<LaunchRun> Runs =
        launchRuns(Configs, K.ParamSymbols, evalOptionsFor(Options.Eval, Ctx));
    const std::string Function =
        FD ? kernelName(FD, Ctx) : llvm::demangle(Fn.getName().str());

    const size_t First = Findings.size();
    std::vector<const void *> Arrays;
    std::vector<const AccessModel *> Models;
    std::vector<const llvm::Instruction *> Insts;
    std::vector<Finding> Reused;
    for (const IrAccess &A : K.Accesses) {
      Finding F;
      const std::vector<MergedAccess> &MergedFrom = DM.mergedFrom(A.Inst);
      const VarDecl *VD = locateAccess(Locations, Placement(), DM, FD, Function,
                                       A, Model, F);
      evaluateOverLaunches(K.Model, A.Model, Runs, Configs, Model, F, Cache);
      if (A.AsyncCopy && F.Result.Status != Verdict::Unknown) {
        // On an H200, cp.async's shared wavefronts follow its shared
        // addresses' banks only when the global side is contiguous: a warp
        // that writes 512 contiguous shared bytes from 16 global rows takes
        // 16 wavefronts, not 4 (test/hardware/explore/ldsm15.cu). The
        // global side is not modelled, so neither answer is claimed.
        const bool Conflict = F.Result.Status == Verdict::Conflict;
        F.Result.Status = Verdict::Unknown;
        F.Result.Reason =
            "cp.async: its shared-memory wavefronts depend on the global-memory lines it "
            "reads, which ldslint does not model; its shared addresses alone, as a " +
            std::to_string(F.WidthBytes) + "-byte store, would " +
            (Conflict ? "be " + degreeWords(F.Result)
                      : std::string("have no bank conflict"));
      }
      if (VD)
        suggestStructOfArrays(Ctx, *VD, F);
      const std::vector<const llvm::DILocation *> MisMerged = DM.misMergedInto(*A.Inst);
      if (!MisMerged.empty())
        notDecidedForMisMerge(Locations, MisMerged, F, Reused);
      std::vector<Finding> Merged;
      addMergedFindings(Locations, MergedFrom, F,
                        [&](Finding &G) { Placement().place(G); }, Merged);
      if (A.Model.Kind != AccessKind::Atomic)
        addSunkFindings(Locations, DM.sunkInto(*A.Inst), F,
                        [&](Finding &G) { Placement().place(G); }, Merged);
      if (A.Model.Kind != AccessKind::Atomic) {
        addReusedFindings(Locations, DM.reusedBy(*A.Inst), F, Reused);
        // Reads answered from one the vectorizer then merged (lavaMD's
        // `rA_shared[wtx].x` after the dot product's): at that read's line.
        for (const MergedAccess &M : MergedFrom) {
          Finding Member = F;
          placeAt(Locations, M.Loc, Member);
          addReusedFindings(Locations, DM.reusedBy(M), Member, Reused);
        }
      }
      Analysed.Locs.push_back(F.Loc);
      Analysed.Arrays.push_back(VD);
      Findings.push_back(std::move(F));
      Arrays.push_back(A.Array);
      Models.push_back(&A.Model);
      Insts.push_back(A.Inst);
      for (Finding &G : Merged) {
        Findings.push_back(std::move(G));
        Arrays.push_back(A.Array);
        Models.push_back(&A.Model);
        Insts.push_back(A.Inst);
      }
    }
    PtxasMerging Ptxas;
    Ptxas.RelocatableDeviceCode = evalOptionsFor(Options.Eval, Ctx).RelocatableDeviceCode;
    Ptxas.Adjacent = [&](const std::vector<size_t> &Indices) {
      std::vector<const llvm::Instruction *> Members;
      for (size_t I : Indices)
        Members.push_back(Insts[I]);
      return nothingBetween(Members);
    };
    BarrierPhases Phases;
    Ptxas.BarrierPhase = [&](size_t I) {
      return std::pair<const void *, unsigned>(Insts[I]->getParent(), Phases.of(*Insts[I]));
    };
    Ptxas.EvaluateWide = [&](size_t I, const AccessModel &Wide) {
      Finding G = Findings[First + I];
      evaluateOverLaunches(K.Model, Wide, Runs, Configs, Model, G, Cache);
      return G.Result;
    };
    markMergeCandidates(K.Model, Arrays, Models, Model, Findings, First, &Ptxas);
    markIterationPairs(K.Model, Arrays, Models, Model, Findings, First, Ptxas);
    addRecursiveAccesses(Locations, DM, Fn, FD, Function, Model, First,
                         [&](Finding &F) { Placement().place(F); }, Findings);
    addDroppedReads(Locations, DM, Fn, FD, Function, Model, First,
                    [&](Finding &F) { Placement().place(F); }, Findings);
    // After the merge pass: these are no instructions that could merge.
    for (Finding &G : Reused) {
      Placement().place(G);
      Findings.push_back(std::move(G));
    }
    if (isUncalledEntry(Fn))
      for (size_t I = First; I < Findings.size(); ++I)
        Findings[I].Result.Assumptions.push_back(
            "no code in this unit calls `" + Function + "`" +
            (Fn.use_empty() ? "" : " except through its address") +
            ": it is analysed as if a kernel ran it, with each argument "
            "possibly different in each lane");
    FromUncalled.resize(Findings.size(), isUncalledEntry(Fn));
    if (Kept && FD && !K.Accesses.empty()) {
      if (isUncalledEntry(Fn))
        UncalledDecls.insert(FD);
      Analysed.Decl = FD;
      Analysed.Kernel = std::move(K);
      Kept->push_back(std::move(Analysed));
    }
  }
  if (!UncalledDecls.empty() ||
      std::find(FromUncalled.begin(), FromUncalled.end(), true) != FromUncalled.end())
    leaveHelpersToKernels(Findings, FromUncalled, UncalledDecls, Kept);
  return Findings;
}

AnalysedKernel analyseForFixes(ASTContext &Ctx, const DeviceModule &DM,
                               const llvm::Function &Fn, const FunctionDecl &Kernel,
                               const BankModel &Model, bool SystemHeaders) {
  std::vector<std::string> ParamNames;
  for (const ParmVarDecl *P : Kernel.parameters())
    ParamNames.push_back(P->getNameAsString());
  AnalysedKernel Out;
  Out.Decl = &Kernel;
  Out.Kernel = buildIrKernel(Fn, ParamNames, Model.WaveSize);
  DebugLocationMap Locations(Ctx.getSourceManager(), DM.enteredFiles());
  const AccessPlacement Placement(Ctx, DM.generatedFunctions(), SystemHeaders);
  const std::string Function = kernelName(&Kernel, Ctx);
  for (const IrAccess &A : Out.Kernel.Accesses) {
    Finding F;
    Out.Arrays.push_back(
        locateAccess(Locations, Placement, DM, &Kernel, Function, A, Model, F));
    Out.Locs.push_back(F.Loc);
  }
  return Out;
}

} // namespace ldslint
