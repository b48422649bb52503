//===- DeviceModule.cpp ----------------------------------------------------===//
#include "DeviceModule.h"
#include "DebugTime.h"
#include "ir/BarrierPhases.h"
#include "ir/DebugLocations.h"
#include "ir/ArithmeticSelects.h"
#include "ir/LaneValues.h"
#include "ir/ReachableDecls.h"
#include "ir/SharedReach.h"
#include "ir/StoredPointers.h"
#include "ir/VectorCopies.h"
#include "ir/VectorCopySites.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/IR/Constants.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/ValueHandle.h"
#if LLVM_VERSION_MAJOR >= 17
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <map>
#include <optional>

using namespace clang;

namespace ldslint {

namespace {

/// The kernels not handed to the code generator: those not in \p Only
/// (when given), and those the compile's own module showed cannot reach
/// shared memory (\p WithoutShared, by mangled name, when given).
struct KernelFilter {
  CodeGenerator *CG; ///< names the kernels as the module will
  const std::set<const FunctionDecl *> *Only = nullptr;
  const std::set<std::string> *WithoutShared = nullptr;
  unsigned WithoutSharedLeftOut = 0;
  /// Whether the whole unit is generated (not only some kernels, as the
  /// fix planner asks).
  bool Everything = Only == nullptr;

  bool leftOut(const FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>())
      return false;
    if (Only && !Only->count(FD->getCanonicalDecl()))
      return true;
    if (WithoutShared && !FD->isDependentContext() &&
        WithoutShared->count(CG->GetMangledName(GlobalDecl(FD)).str())) {
      ++WithoutSharedLeftOut;
      return true;
    }
    return false;
  }
};

/// Whether clang emits \p FD, unreferenced, for other units to call: a
/// user's externally visible device function with a body, neither inline
/// nor a template.
bool mayBeCalledFromElsewhere(const FunctionDecl &FD, const SourceManager &SM) {
  return FD.doesThisDeclarationHaveABody() && !FD.isInlined() &&
         FD.isExternallyVisible() && !FD.isDependentContext() &&
         FD.getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
         !isa<CXXMethodDecl>(FD) && !SM.isInSystemHeader(FD.getLocation());
}

/// Collects in \p Handed, in the unit's order, what of \p D may go to the
/// code generator: no host function, and of system headers only what can
/// put code or data into the module: kernels, the functions the unit
/// references, variables and classes (their static members). Templates,
/// types and using-declarations generate nothing. handDeclarations then
/// leaves out what no kernel reaches.
void collectTopLevel(const SourceManager &SM, Decl *D, unsigned &LeftOut,
                     KernelFilter &Kernels, std::vector<Decl *> &Handed) {
  // Host functions have no device code (the code generator itself skips
  // them, after looking them over).
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    if ((!FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>()) ||
        Kernels.leftOut(FD))
      return;
    // A device function that nothing in the unit names cannot be part of
    // one of its kernels; it is generated only when the user wrote it as
    // one that another unit may call (-fgpu-rdc), since clang emits it then
    // and its accesses get findings of their own (dropKernelsNotAnalysed).
    if (!FD->hasAttr<CUDAGlobalAttr>() && !FD->isReferenced() &&
        !(Kernels.Everything && mayBeCalledFromElsewhere(*FD, SM))) {
      LeftOut += FD->doesThisDeclarationHaveABody();
      return;
    }
  }
  if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D)) {
    for (Decl *Inner : cast<DeclContext>(D)->decls())
      collectTopLevel(SM, Inner, LeftOut, Kernels, Handed);
    return;
  }
  if (SM.isInSystemHeader(D->getLocation()) && !isa<FunctionDecl>(D) &&
      !isa<VarDecl>(D) && !isa<CXXRecordDecl>(D))
    return;
  Handed.push_back(D);
}

/// Whether the code generator emits \p D when handed it, referenced or
/// not: kernels, functions other units may call, device variables defined
/// here for good (a host variable is not emitted on the device side at
/// all). Emitted, they are where the walk for what the module needs starts.
bool emittedWhenHanded(ASTContext &Ctx, const Decl &D) {
  if (D.hasAttr<CUDAGlobalAttr>())
    return true;
  if (isa<VarDecl>(D) && !D.hasAttr<CUDADeviceAttr>() && !D.hasAttr<CUDAConstantAttr>() &&
      !D.hasAttr<CUDASharedAttr>() && !D.hasAttr<HIPManagedAttr>())
    return false;
  return Ctx.DeclMustBeEmitted(&D);
}

/// The function or variable of \p D that the code generator may be spared,
/// or null: one that generates code or data, not a template.
const Decl *mayBeSpared(const Decl *D) {
  if (D->isTemplated())
    return nullptr;
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return FD->doesThisDeclarationHaveABody() ? FD : nullptr;
  return dyn_cast<VarDecl>(D);
}

/// \p D, or for a class what the code generator does with it: its static
/// data members, those of its nested classes too.
void spreadClasses(Decl *D, std::vector<Decl *> &Out) {
  const auto *R = dyn_cast<CXXRecordDecl>(D);
  if (!R || R->isTemplated()) {
    Out.push_back(D);
    return;
  }
  for (Decl *Member : R->decls())
    if (isa<VarDecl>(Member) || isa<CXXRecordDecl>(Member))
      spreadClasses(Member, Out);
}

/// Hands \p Handed to \p CG, but not the functions and variables that
/// nothing emitted can reach (ReachableDecls.h) unless \p All; those go
/// into \p NotHanded (canonical declarations).
void handDeclarations(ASTContext &Ctx, CodeGenerator &CG,
                      const std::vector<Decl *> &Handed, bool All,
                      llvm::DenseSet<const Decl *> &NotHanded) {
  std::vector<Decl *> Spread;
  for (Decl *D : Handed)
    spreadClasses(D, Spread);
  // An alias names its target by a string, which the walk does not follow.
  if (All || std::any_of(Spread.begin(), Spread.end(), [](const Decl *D) {
        return D->hasAttr<AliasAttr>() || D->hasAttr<IFuncAttr>();
      })) {
    for (Decl *D : Handed)
      CG.HandleTopLevelDecl(DeclGroupRef(D));
    return;
  }
  // Asked once per declaration: the answer costs about as much as mangling.
  std::vector<char> Emitted(Spread.size());
  std::vector<const Decl *> Spareable(Spread.size());
  std::vector<const FunctionDecl *> Roots;
  std::vector<const VarDecl *> Variables;
  for (size_t I = 0; I < Spread.size(); ++I) {
    const Decl *S = Spareable[I] = mayBeSpared(Spread[I]);
    if (!S || !(Emitted[I] = emittedWhenHanded(Ctx, *S)))
      continue;
    if (const auto *FD = dyn_cast<FunctionDecl>(S))
      Roots.push_back(FD);
    else
      Variables.push_back(cast<VarDecl>(S));
  }
  const Reached Needed = reachedFrom(Roots, Variables);
  for (size_t I = 0; I < Spread.size(); ++I) {
    const Decl *S = Spareable[I];
    const bool Needs =
        !S || Emitted[I] ||
        (isa<FunctionDecl>(S)
             ? Needed.Functions.count(cast<FunctionDecl>(S)->getCanonicalDecl())
             : Needed.Variables.count(cast<VarDecl>(S)->getCanonicalDecl()));
    if (Needs)
      CG.HandleTopLevelDecl(DeclGroupRef(Spread[I]));
    else
      NotHanded.insert(S->getCanonicalDecl());
  }
}

/// The name a declaration has in the module when it is not mangled
/// (extern "C", an asm label), or an empty one.
llvm::StringRef unmangledName(const Decl &D) {
  if (const auto *Label = D.getAttr<AsmLabelAttr>())
    return Label->getLabel();
  const auto *ND = dyn_cast<NamedDecl>(&D);
  const bool ExternC = isa<FunctionDecl>(D)  ? cast<FunctionDecl>(D).isExternC()
                       : isa<VarDecl>(D)     ? cast<VarDecl>(D).isExternC()
                                             : false;
  return ExternC && ND->getIdentifier() ? ND->getName() : llvm::StringRef();
}

/// How many of \p NotHanded the module \p CG generated still refers to
/// (declared without a body or initialiser): the walk missed them. A
/// symbol is known by the declaration the code generator mangled it for,
/// or, not mangled, by its name (a call of a C library function that a
/// builtin stands for); an alias of a missing symbol counts too.
unsigned neededButNotHanded(CodeGenerator &CG, llvm::Module &M,
                            const llvm::DenseSet<const Decl *> &NotHanded) {
  if (NotHanded.empty())
    return 0;
  llvm::StringSet<> Unmangled;
  for (const Decl *D : NotHanded)
    for (const Decl *Redecl : D->redecls())
      if (llvm::StringRef Name = unmangledName(*Redecl); !Name.empty())
        Unmangled.insert(Name);
  unsigned Missed = 0;
  auto Count = [&](const llvm::GlobalValue &GV) {
    const Decl *D = CG.GetDeclForMangledName(GV.getName());
    if ((D && NotHanded.count(D->getCanonicalDecl())) ||
        Unmangled.count(GV.getName().ltrim('\1')))
      ++Missed;
  };
  for (const llvm::Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic())
      Count(F);
  for (const llvm::GlobalVariable &GV : M.globals())
    if (GV.isDeclaration())
      Count(GV);
  for (const llvm::GlobalAlias &A : M.aliases())
    if (const auto *Target = dyn_cast<llvm::GlobalValue>(A.getAliasee()->stripPointerCasts()))
      Missed += Target->isDeclaration();
  return Missed;
}

} // namespace

/// Everything clang's code generator keeps references to must outlive it.
struct DeviceModuleInputs {
  HeaderSearchOptions HeaderSearch;
  PreprocessorOptions Preprocessor;
  CodeGenOptions CodeGen;
  DiagnosticOptions DiagOpts;
  IgnoringDiagConsumer Ignore;
};

DeviceModule::~DeviceModule() {
  CG.reset(); // owns the module: goes before the context
  Diags.reset();
  LLVMCtx.reset();
}

const std::vector<MergedAccess> &
DeviceModule::mergedFrom(const llvm::Instruction *I) const {
  static const std::vector<MergedAccess> None;
  auto It = Merged.find(I);
  return It == Merged.end() ? None : It->second;
}

const Decl *DeviceModule::declFor(llvm::StringRef MangledName) const {
  return CG ? CG->GetDeclForMangledName(MangledName) : nullptr;
}

namespace {
/// Whether some call in the module names \p F as its callee.
bool calledDirectly(const llvm::Function &F) {
  for (const llvm::Use &U : F.uses())
    if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(U.getUser());
        Call && Call->isCallee(&U))
      return true;
  return false;
}

/// Drops the bodies of the kernels \p Analyse declines and of those that
/// cannot reach shared memory, then of the helpers only they called, so the
/// passes spend nothing on them.
unsigned dropKernelsNotAnalysed(
    DeviceModule &DM, const std::function<bool(const FunctionDecl *)> &Analyse) {
  unsigned WithoutShared = 0;
  const llvm::DenseSet<const llvm::Function *> Reaching =
      functionsReachingSharedMemory(DM.module());
  // A device function no code here calls, but that reaches shared memory:
  // an entry point of its own (handTopLevel says which are generated).
  // So is one only called through its address (a table of functions, as
  // NCCL's ncclDevFuncTable, called as `table[i](...)`): where a pointer
  // call lands is not followed. Marked before any body goes, which would
  // leave its callees uncalled.
  for (llvm::Function &F : DM.module()) {
    if (F.isDeclaration() || isKernelFunction(F) || !Reaching.count(&F))
      continue;
    const bool Unused = F.use_empty() && F.hasExternalLinkage();
    const bool OnlyThroughAddress = !F.use_empty() && !calledDirectly(F);
    if (!Unused && !OnlyThroughAddress)
      continue;
    const auto *FD = llvm::dyn_cast_or_null<FunctionDecl>(DM.declFor(F.getName()));
    if (FD && !FD->hasAttr<CUDAGlobalAttr>() && (!Analyse || Analyse(FD)))
      F.addFnAttr(UncalledEntryAttr);
  }
  for (llvm::Function &F : DM.module()) {
    if (F.isDeclaration() || !isKernelFunction(F))
      continue;
    const auto *FD = llvm::dyn_cast_or_null<FunctionDecl>(DM.declFor(F.getName()));
    if (FD && Analyse && !Analyse(FD)) {
      F.deleteBody();
    } else if (!Reaching.count(&F)) {
      F.deleteBody();
      ++WithoutShared;
    }
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (llvm::Function &F : DM.module())
      if (!F.isDeclaration() && !isAnalysisEntry(F) && F.use_empty()) {
        F.deleteBody();
        Changed = true;
      }
  }
  return WithoutShared;
}
/// A value clang loads and stores into a local variable has no name of its
/// own (`int stride = *__begin1` of a range-for): SROA removes the
/// variable, and messages would name the value after nothing. \p I, such a
/// store, gives the loaded value the variable's name.
void nameAfterVariable(llvm::Instruction &I, const IdentifierTable &Idents) {
  auto *Store = llvm::dyn_cast<llvm::StoreInst>(&I);
  auto *Loaded = Store ? llvm::dyn_cast<llvm::LoadInst>(Store->getValueOperand()) : nullptr;
  auto *Variable =
      Store ? llvm::dyn_cast<llvm::AllocaInst>(Store->getPointerOperand()) : nullptr;
  if (!Loaded || !Variable || Loaded->hasName() || !Variable->hasName() ||
      Loaded->getParent() != Store->getParent() ||
      Idents.find(Variable->getName()) == Idents.end())
    return;
  Loaded->setName(Variable->getName());
}

/// Clang names most of its instructions after what they compute (`call`,
/// `arrayidx`, `add12`), never after a source variable; messages use no
/// such name (sourceName), and an unnumbered one (`call`) would read as
/// a source name. Dropped before the pipeline (the inliner and SROA then
/// copy fewer names: about 1% of its time on reduction_kernel.cu).
/// Variables (allocas, and the loads nameAfterVariable named) keep theirs:
/// the values SROA makes of them are named after them.
void dropTemporaryName(llvm::Instruction &I) {
  if (!I.hasName() || llvm::isa<llvm::AllocaInst>(I) || llvm::isa<llvm::LoadInst>(I))
    return;
  const llvm::StringRef Name = I.getName();
  if (isCompilerTemporaryName(Name.substr(0, Name.find('.')).rtrim("0123456789")))
    I.setName("");
}

/// LLVM makes a second local of one name unique by appending a number
/// (`j`, `j9`); the analysis names values after their source variables
/// (`j.0` -> `j`). A name that the source never spelled but whose prefix
/// it did is such a copy, and becomes `j.9`.
void restoreSourceNames(llvm::Module &M, const IdentifierTable &Idents) {
  auto Restore = [&](llvm::Value &V) {
    if (!V.hasName())
      return;
    const llvm::StringRef Full = V.getName();
    const llvm::StringRef Name = Full.substr(0, Full.find('.'));
    const llvm::StringRef Stem = Name.rtrim("0123456789");
    if (Stem.size() == Name.size() || Stem.empty() ||
        Idents.find(Name) != Idents.end() || Idents.find(Stem) == Idents.end())
      return;
    V.setName(Stem + "." + Name.substr(Stem.size()) + Full.substr(Name.size()));
  };
  for (llvm::Function &F : M) {
    for (llvm::Argument &A : F.args())
      Restore(A);
    for (llvm::BasicBlock &B : F)
      for (llvm::Instruction &I : B)
        nameAfterVariable(I, Idents);
    for (llvm::BasicBlock &B : F)
      for (llvm::Instruction &I : B) {
        dropTemporaryName(I);
        Restore(I);
      }
  }
}

} // namespace

std::unique_ptr<DeviceModule>
DeviceModule::emit(ASTContext &Ctx, const CodeGenOptions *Base,
                   const std::vector<FunctionDecl *> &Instantiations,
                   std::string &Error,
                   const std::function<bool(const FunctionDecl *)> &Analyse,
                   const std::function<void(llvm::Module &)> &BeforePasses,
                   const std::set<const FunctionDecl *> *OnlyKernels,
                   const std::set<std::string> *CompiledWithoutShared) {
  std::set<const FunctionDecl *> Only;
  if (OnlyKernels)
    for (const FunctionDecl *FD : *OnlyKernels)
      Only.insert(FD->getCanonicalDecl());
  const auto Start = std::chrono::steady_clock::now();
  std::unique_ptr<DeviceModule> DM(new DeviceModule());
  DM->Inputs = std::make_unique<DeviceModuleInputs>();
  DeviceModuleInputs *In = DM->Inputs.get();
  if (Base)
    In->CodeGen = *Base;
  // Optimised codegen (no optnone/noinline everywhere, value names kept),
  // line tables with columns for the source map, and nothing else.
  In->CodeGen.OptimizationLevel = 1;
  In->CodeGen.DisableLLVMPasses = true;
  // As at -O2/-O3: a loop carries `llvm.loop.unroll.disable` only when the
  // user wrote `#pragma unroll 1` or `nounroll` (at -O1 clang adds it to
  // every loop), which is what says ptxas cannot fuse its iterations.
  In->CodeGen.UnrollLoops = true;
#if LLVM_VERSION_MAJOR >= 17
  In->CodeGen.setDebugInfo(llvm::codegenoptions::DebugLineTablesOnly);
#else
  In->CodeGen.setDebugInfo(codegenoptions::DebugLineTablesOnly);
#endif
  In->CodeGen.DebugColumnInfo = true;
  In->CodeGen.CoverageMapping = false;
  // Unreferenced constants would be kept for good; they hold no accesses.
  In->CodeGen.KeepStaticConsts = false;
#if LLVM_VERSION_MAJOR >= 17
  In->CodeGen.KeepPersistentStorageVariables = false;
#endif
  In->CodeGen.DiscardValueNames = false;
  In->CodeGen.ProfileInstrumentUsePath.clear();

  DM->Entered = std::make_shared<EnteredFiles>(Ctx.getSourceManager());
  unsigned UnusedLibraryFunctions = 0;
  std::vector<Decl *> Handed;
  KernelFilter Kernels{nullptr, OnlyKernels ? &Only : nullptr, CompiledWithoutShared};
  // Generates the module, handing the code generator every declaration
  // collected when \p All, else only the functions the walk found.
  llvm::DenseSet<const Decl *> NotHanded;
  bool Collected = false;
  auto Generate = [&](bool All) {
    DM->CG.reset();
    DM->Diags.reset();
    DM->LLVMCtx = std::make_unique<llvm::LLVMContext>();
    DM->LLVMCtx->setDiscardValueNames(false);
#if LLVM_VERSION_MAJOR >= 21
    DM->Diags = std::make_unique<DiagnosticsEngine>(DiagnosticIDs::create(),
                                                    In->DiagOpts, &In->Ignore,
                                                    /*ShouldOwnClient=*/false);
#else
    DM->Diags = std::make_unique<DiagnosticsEngine>(
        llvm::IntrusiveRefCntPtr<DiagnosticIDs>(new DiagnosticIDs()),
        llvm::IntrusiveRefCntPtr<DiagnosticOptions>(new DiagnosticOptions()),
        &In->Ignore, /*ShouldOwnClient=*/false);
#endif
    DM->Diags->setSourceManager(&Ctx.getSourceManager());
    DM->CG.reset(CreateLLVMCodeGen(*DM->Diags, "ldslint-device",
                                   llvm::vfs::getRealFileSystem(),
                                   In->HeaderSearch, In->Preprocessor,
                                   In->CodeGen, *DM->LLVMCtx)
#if LLVM_VERSION_MAJOR >= 16
                     .release()
#endif
    );
    CodeGenerator &CG = *DM->CG;
    CG.Initialize(Ctx);
    Kernels.CG = &CG;
    if (!Collected) {
      Collected = true;
      for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
        collectTopLevel(Ctx.getSourceManager(), D, UnusedLibraryFunctions, Kernels, Handed);
      // Template instantiations are not among the unit's top-level
      // declarations (Sema hands them to its consumer as it makes them).
      for (FunctionDecl *FD : Instantiations)
        if (!Kernels.leftOut(FD))
          Handed.push_back(FD);
    }
    NotHanded.clear();
    handDeclarations(Ctx, CG, Handed, All, NotHanded);
    CG.HandleTranslationUnit(Ctx);
    DM->M = CG.GetModule();
  };
  // -femit-all-decls: every function handed is emitted.
  Generate(/*All=*/Ctx.getLangOpts().EmitAllDecls);
  const size_t NotHandedCount = NotHanded.size();
  const unsigned Missed =
      DM->M ? neededButNotHanded(*DM->CG, *DM->M, NotHanded) : 0;
  if (Missed)
    Generate(/*All=*/true);
  CodeGenerator &CG = *DM->CG;
  if (!DM->M || DM->Diags->hasErrorOccurred()) {
    Error = "clang could not generate the device code of this translation unit";
    return nullptr;
  }
  const auto Generated = std::chrono::steady_clock::now();
  restoreSourceNames(*DM->M, Ctx.Idents);
  {
    VectorCopySites Sites(
        Ctx,
        [&](const llvm::Function &F) { return CG.GetDeclForMangledName(F.getName()); },
        DM->Entered);
    alignVectorCopies(*DM->M, [&](const llvm::Instruction &Copy) {
      return Sites.alignmentOf(Copy);
    });
  }
  if (auto Callers = ldslint::kernelsCallingThroughPointers(*DM->M)) {
    DM->PointerCallers.emplace();
    for (const llvm::Function *F : *Callers) {
      const auto *FD = dyn_cast_or_null<FunctionDecl>(CG.GetDeclForMangledName(F->getName()));
      if (!FD) {
        DM->PointerCallers.reset();
        break;
      }
      DM->PointerCallers->push_back(FD);
    }
  }
  const unsigned WithoutShared = dropKernelsNotAnalysed(*DM, Analyse);
  {
    llvm::DenseSet<const FunctionDecl *> Seen;
    for (const llvm::Function &F : *DM->M)
      if (!F.isDeclaration())
        if (const auto *FD = dyn_cast_or_null<FunctionDecl>(CG.GetDeclForMangledName(F.getName())))
          if (Seen.insert(FD).second)
            DM->Generated.push_back(FD);
  }
  if (BeforePasses)
    BeforePasses(*DM->M);
  normaliseForAnalysis(*DM->M, &DM->Merged, &DM->Reused, &DM->Removed, &DM->Sunk);
  if (debugTimeEnabled())
    llvm::errs() << "ldslint: codegen "
                 << std::chrono::duration<double>(Generated - Start).count()
                 << " s (" << UnusedLibraryFunctions
                 << " unused device functions not generated, " << NotHandedCount
                 << " functions and variables no kernel reaches not handed"
                 << (Missed ? ", generated again for " + std::to_string(Missed) +
                                  " of them"
                            : std::string())
                 << (CompiledWithoutShared
                         ? ", " + std::to_string(Kernels.WithoutSharedLeftOut) +
                               " kernels without shared memory in the compile's own "
                               "module not generated"
                         : std::string())
                 << "), normalising " << secondsSince(Generated) << " s ("
                 << WithoutShared << " kernels without shared memory left out)\n";
  return DM;
}

namespace {

/// A load or store as base pointer + variable parts + constant byte offset
/// (`&v[tid].y` is v + 16 * tid + 4, however the GEPs are split).
struct PlainAccess {
  /// An index value, extended as `Extension` says (none, sext, zext), times
  /// Scale bytes. Held weakly: the vectorizer deletes the indices of the
  /// accesses it replaces.
  struct Term {
    llvm::WeakVH Value;
    unsigned Extension;
    int64_t Scale;
    bool operator==(const Term &O) const {
      return Value && Value == O.Value && Extension == O.Extension && Scale == O.Scale;
    }
  };
  llvm::WeakVH Inst;
  llvm::WeakVH Base;
  std::vector<Term> Variable;
  int64_t Offset = 0;
  unsigned Bytes = 0;
  bool IsStore = false;
  const llvm::DILocation *Loc = nullptr;
  /// Where it is: its block and the barriers before it there. The
  /// vectorizer merges within a block and never across a barrier.
  const llvm::BasicBlock *Block = nullptr;
  unsigned Phase = 0;
};

/// An index as a value, its extension, and a constant the extension can
/// be taken across exactly: `sext(or disjoint x, 3)` and `sext(add nsw x,
/// 3)` are sext(x) + 3, so `s[4 * t + 3]`'s index is `4 * t`'s plus 3 (the
/// vectorizer's merged access keeps only the first's index).
struct SplitIndex {
  const llvm::Value *Value;
  unsigned Extension; ///< 0: none, 1: sext, 2: zext
  int64_t Constant;
};

SplitIndex splitIndex(const llvm::Value *V, unsigned IndexBits) {
  SplitIndex Out{V, 0, 0};
  if (llvm::isa<llvm::SExtInst>(V) || llvm::isa<llvm::ZExtInst>(V)) {
    Out.Extension = llvm::isa<llvm::SExtInst>(V) ? 1 : 2;
    Out.Value = llvm::cast<llvm::CastInst>(V)->getOperand(0);
  } else if (V->getType()->getScalarSizeInBits() < IndexBits) {
    Out.Extension = 1; // a narrower GEP index is sign-extended by the GEP
  }
  for (int Guard = 0; Guard < 8; ++Guard) {
    const auto *B = llvm::dyn_cast<llvm::BinaryOperator>(Out.Value);
    const auto *K = B ? llvm::dyn_cast<llvm::ConstantInt>(B->getOperand(1)) : nullptr;
    if (!K || K->getBitWidth() > 64)
      break;
    const int64_t C = K->getSExtValue();
    bool Exact = false;
    if (B->getOpcode() == llvm::Instruction::Add)
      Exact = Out.Extension == 0 || (Out.Extension == 1 && B->hasNoSignedWrap()) ||
              (Out.Extension == 2 && B->hasNoUnsignedWrap() && C >= 0);
    else if (B->getOpcode() == llvm::Instruction::Or)
      Exact = C >= 0 && isDisjointOr(B); // the sign stays x's
    if (!Exact)
      break;
    Out.Constant += C;
    Out.Value = B->getOperand(0);
  }
  return Out;
}

std::optional<PlainAccess> plainAccess(llvm::Instruction &I, BarrierPhases &Phases) {
  auto *LI = llvm::dyn_cast<llvm::LoadInst>(&I);
  auto *SI = llvm::dyn_cast<llvm::StoreInst>(&I);
  if (!LI && !SI)
    return std::nullopt;
  const llvm::DataLayout &DL = I.getModule()->getDataLayout();
  llvm::Value *Ptr = LI ? LI->getPointerOperand() : SI->getPointerOperand();
  llvm::Type *Ty = LI ? LI->getType() : SI->getValueOperand()->getType();
  const unsigned Bits = DL.getIndexTypeSizeInBits(Ptr->getType());
  PlainAccess A;
  std::map<const llvm::Value *, int64_t> Scales;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    Ptr = Ptr->stripPointerCasts();
    auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(Ptr);
    if (!GEP)
      break;
#if LLVM_VERSION_MAJOR >= 17
    llvm::SmallMapVector<llvm::Value *, llvm::APInt, 4> Vars;
#else
    llvm::MapVector<llvm::Value *, llvm::APInt> Vars;
#endif
    llvm::APInt Const(Bits, 0);
    if (!GEP->collectOffset(DL, Bits, Vars, Const))
      break;
    A.Offset += Const.getSExtValue();
    for (const auto &[V, Scale] : Vars)
      Scales[V] += Scale.getSExtValue();
    Ptr = GEP->getPointerOperand();
  }
  std::map<std::pair<const llvm::Value *, unsigned>, int64_t> Terms;
  for (const auto &[V, Scale] : Scales) {
    const SplitIndex Split = splitIndex(V, Bits);
    A.Offset += Split.Constant * Scale;
    Terms[{Split.Value, Split.Extension}] += Scale;
  }
  for (const auto &[Key, Scale] : Terms)
    if (Scale != 0)
      A.Variable.push_back({llvm::WeakVH(const_cast<llvm::Value *>(Key.first)),
                            Key.second, Scale});
  A.Inst = &I;
  A.Base = Ptr;
  A.Bytes = static_cast<unsigned>(DL.getTypeStoreSize(Ty).getFixedValue());
  A.IsStore = SI != nullptr;
  A.Loc = I.getDebugLoc().get();
  A.Block = I.getParent();
  A.Phase = Phases.of(I);
  return A;
}

/// Runs the load/store vectorizer on \p M and records, for each access it
/// emits, the accesses it replaced (same base, offsets inside its range).
void vectorizeRecordingMerges(llvm::Module &M, llvm::PassBuilder &PB,
                              llvm::ModuleAnalysisManager &MAM, MergeMap *Merged) {
  std::vector<PlainAccess> Before;
  BarrierPhases PhasesBefore;
  if (Merged)
    for (llvm::Function &F : M)
      for (llvm::Instruction &I : llvm::instructions(F))
        if (auto A = plainAccess(I, PhasesBefore))
          Before.push_back(*A);
  llvm::ModulePassManager MPM;
  if (auto Err = PB.parsePassPipeline(MPM, "function(load-store-vectorizer)")) {
    llvm::consumeError(std::move(Err));
    return;
  }
  MPM.run(M, MAM);
  if (!Merged)
    return;
  // Accesses that are gone were merged into one that starts at or before
  // them from the same base: one the vectorizer made, not one that was
  // there before (aes: `block0[i] = in[j]`, 4 bytes, is no merge of the
  // `^=` operator's four 1-byte stores to block0[i] after it).
  llvm::DenseSet<const llvm::Value *> Kept;
  for (const PlainAccess &Old : Before)
    if (Old.Inst)
      Kept.insert(Old.Inst);
  llvm::DenseMap<const llvm::Value *, std::vector<PlainAccess>> After;
  BarrierPhases PhasesAfter;
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F))
      if (!Kept.count(&I))
        if (auto A = plainAccess(I, PhasesAfter))
          After[A->Base].push_back(*A);
  for (const PlainAccess &Old : Before) {
    if (Old.Inst || !Old.Base || !Old.Loc)
      continue;
    auto It = After.find(Old.Base);
    if (It == After.end())
      continue;
    // The vectorizer merges within a block and a barrier phase: the same
    // address read again after a barrier (MIVisionX's Harris filter), or
    // in another kernel through a helper's static array (CUB's temporary
    // storage), is another access.
    for (const PlainAccess &New : It->second)
      if (New.IsStore == Old.IsStore && New.Bytes > Old.Bytes &&
          New.Variable == Old.Variable && New.Block == Old.Block &&
          New.Phase == Old.Phase && Old.Offset >= New.Offset &&
          Old.Offset + Old.Bytes <= New.Offset + New.Bytes) {
        (*Merged)[llvm::cast<llvm::Instruction>(New.Inst)].push_back({Old.Loc, Old.Bytes});
        break;
      }
  }
}

/// `ldslint-simplifycfg`: simplifycfg that does not speculate. A conditional
/// access hoisted above its branch would run for lanes the source masks off,
/// and it takes the branch's line (the access was reported at the `if`).
void registerNonSpeculatingSimplifyCFG(llvm::PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::FunctionPassManager &FPM,
         llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (Name != "ldslint-simplifycfg")
          return false;
#if LLVM_VERSION_MAJOR >= 18
        FPM.addPass(llvm::SimplifyCFGPass(
            llvm::SimplifyCFGOptions().speculateBlocks(false)));
#else
        // LLVM 15's simplifycfg always speculates small blocks: leave the
        // control flow as clang emitted it.
        (void)FPM;
#endif
        return true;
      });
}

/// `ldslint-watch-loads`: watches the loads SROA just made (ReusedLoads).
struct WatchNewLoads : llvm::PassInfoMixin<WatchNewLoads> {
  ReusedLoads *Reused;
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
    if (Reused)
      Reused->watchNew(F);
    return llvm::PreservedAnalyses::all();
  }
};

/// `ldslint-forward-stored-pointers`, `ldslint-arithmetic-selects`.
void registerOwnFunctionPasses(llvm::PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::FunctionPassManager &FPM,
         llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (Name == "ldslint-forward-stored-pointers")
          FPM.addPass(ForwardStoredPointers());
        else if (Name == "ldslint-arithmetic-selects")
          FPM.addPass(ArithmeticBranchesToSelects());
        else
          return false;
        return true;
      });
}

/// `ldslint-before-inlining` / `ldslint-after-inlining` (RemovedAccesses).
struct WatchInlining : llvm::PassInfoMixin<WatchInlining> {
  RemovedAccesses *Removed;
  bool Before;
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
    if (Removed)
      Before ? Removed->beforeInlining(F) : Removed->afterInlining(F);
    return llvm::PreservedAnalyses::all();
  }
};

/// `ldslint-watch-sunk`, after inlining: the accesses just inlined, which
/// the instcombine after it may sink (SunkAccesses).
struct WatchSunkAccesses : llvm::PassInfoMixin<WatchSunkAccesses> {
  SunkAccesses *Sunk;
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
    if (Sunk)
      Sunk->watch(F);
    return llvm::PreservedAnalyses::all();
  }
};

/// `ldslint-sunk-accesses`, after instcombine (SunkAccesses): the reads it
/// merged after their branches are no dropped reads (ReusedLoads).
struct ResolveSunkAccesses : llvm::PassInfoMixin<ResolveSunkAccesses> {
  SunkAccesses *Sunk;
  ReusedLoads *Reused;
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
    if (!Sunk)
      return llvm::PreservedAnalyses::all();
    const std::vector<const llvm::DILocation *> Merged = Sunk->resolve(F);
    if (Reused)
      Reused->notDropped(F, Merged);
    return llvm::PreservedAnalyses::all();
  }
};

void registerLoadWatch(llvm::PassBuilder &PB, ReusedLoads *Reused,
                       RemovedAccesses *Removed, SunkAccesses *Sunk) {
  PB.registerPipelineParsingCallback(
      [Reused, Removed, Sunk](llvm::StringRef Name, llvm::FunctionPassManager &FPM,
                              llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        if (Name == "ldslint-watch-loads")
          FPM.addPass(WatchNewLoads{{}, Reused});
        else if (Name == "ldslint-sunk-accesses")
          FPM.addPass(ResolveSunkAccesses{{}, Sunk, Reused});
        else if (Name == "ldslint-watch-sunk")
          FPM.addPass(WatchSunkAccesses{{}, Sunk});
        else if (Name == "ldslint-before-inlining" || Name == "ldslint-after-inlining")
          FPM.addPass(WatchInlining{{}, Removed, Name == "ldslint-before-inlining"});
        else
          return false;
        return true;
      });
}

} // namespace

namespace {
unsigned trailingZeros(uint64_t X) { // X != 0
  unsigned N = 0;
  for (; !(X & 1); X >>= 1)
    ++N;
  return N;
}

/// The alignment each load and store of an LDS variable has, from the
/// variable's as clang declares it (16 for an array of 16 bytes or more, a
/// struct's own) and from the known low zero bits of its indices: what the
/// compile's InferAlignment sets after address-space inference, and what
/// the AMDGPU back end's vectorizer then uses. Here the accesses are still
/// generic, through an addrspacecast, where LLVM does not follow the known
/// bits. So four 4-byte stores to `s[4 * t + k]` of an `int s[512]` are one
/// ds_write_b128 as at -O3; a struct of two doubles (8-byte aligned, though
/// the back end places the variable at 16) is ds_write2_b64 at -O3 and is
/// left unmerged here. AMD only.
void alignLdsAccesses(llvm::Module &M) {
  if (!llvm::Triple(M.getTargetTriple()).isAMDGPU())
    return;
  const llvm::DataLayout &DL = M.getDataLayout();
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F)) {
      auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
      auto *S = llvm::dyn_cast<llvm::StoreInst>(&I);
      if (!L && !S)
        continue;
      const llvm::Value *V = L ? L->getPointerOperand() : S->getPointerOperand();
      unsigned Zeros = 12; // 4 KiB: far more than any access needs
      for (int Guard = 0; Guard < 32 && V; ++Guard) {
        if (auto *G = llvm::dyn_cast<llvm::GEPOperator>(V)) {
          for (auto GTI = llvm::gep_type_begin(G), E = llvm::gep_type_end(G); GTI != E; ++GTI) {
            const llvm::Value *Idx = GTI.getOperand();
            uint64_t Scale = 0;
            if (llvm::StructType *ST = GTI.getStructTypeOrNull()) {
              const auto Field = llvm::cast<llvm::ConstantInt>(Idx)->getZExtValue();
              const uint64_t Off = DL.getStructLayout(ST)->getElementOffset(
                  static_cast<unsigned>(Field));
              if (Off)
                Zeros = std::min(Zeros, trailingZeros(Off));
              continue;
            }
#if LLVM_VERSION_MAJOR >= 18
            Scale = GTI.getSequentialElementStride(DL).getFixedValue();
#else
            Scale = DL.getTypeAllocSize(GTI.getIndexedType()).getFixedValue();
#endif
            if (Scale == 0)
              continue;
            const unsigned ScaleZeros = trailingZeros(Scale);
            const llvm::KnownBits KB = llvm::computeKnownBits(Idx, DL);
            if (KB.isZero())
              continue;
            Zeros = std::min(Zeros, ScaleZeros + KB.countMinTrailingZeros());
          }
          V = G->getPointerOperand();
          continue;
        }
        if (auto *O = llvm::dyn_cast<llvm::Operator>(V);
            O && (O->getOpcode() == llvm::Instruction::AddrSpaceCast ||
                  O->getOpcode() == llvm::Instruction::BitCast)) {
          V = O->getOperand(0);
          continue;
        }
        break;
      }
      auto *GV = llvm::dyn_cast_or_null<llvm::GlobalVariable>(V);
      if (!GV || GV->getAddressSpace() != 3)
        continue;
      const uint64_t Known = std::min<uint64_t>(GV->getAlign().valueOrOne().value(),
                                                uint64_t(1) << Zeros);
      if (L && L->getAlign().value() < Known)
        L->setAlignment(llvm::Align(Known));
      if (S && S->getAlign().value() < Known)
        S->setAlignment(llvm::Align(Known));
    }
}

/// The shared-memory address computations (GEPs with a source line) that
/// the pointer \p P is chosen from through phis and selects.
void sharedChoices(const llvm::Value *P, llvm::SmallPtrSetImpl<const llvm::Value *> &Seen,
                   std::vector<const llvm::Instruction *> &Out) {
  P = P->stripPointerCasts();
  if (Seen.size() > 64 || !Seen.insert(P).second)
    return;
  if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(P)) {
    for (const llvm::Value *In : Phi->incoming_values())
      sharedChoices(In, Seen, Out);
  } else if (const auto *S = llvm::dyn_cast<llvm::SelectInst>(P)) {
    sharedChoices(S->getTrueValue(), Seen, Out);
    sharedChoices(S->getFalseValue(), Seen, Out);
  } else if (const auto *G = llvm::dyn_cast<llvm::GetElementPtrInst>(P)) {
    const auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(
        llvm::getUnderlyingObject(G->getPointerOperand()));
    if (GV && isSharedAddressSpace(GV->getAddressSpace()) && G->getDebugLoc() &&
        G->getDebugLoc().getLine())
      Out.push_back(G);
  }
}

/// A load that instcombine made of reads merged around a loop (a local
/// table read before the loop and in its first iteration, shared memory in
/// the others: bitsandbytes' quantize_2D) has no line of its own, and its
/// finding would fall on the call of the helper it was inlined from. It
/// takes the line of its shared-memory address when there is one.
void placeMergedSharedReads(llvm::Module &M) {
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F)) {
      auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
      if (!L || !L->getDebugLoc() || L->getDebugLoc().getLine() != 0 ||
          !llvm::isa<llvm::PHINode>(L->getPointerOperand()->stripPointerCasts()))
        continue;
      llvm::SmallPtrSet<const llvm::Value *, 16> Seen;
      std::vector<const llvm::Instruction *> Shared;
      sharedChoices(L->getPointerOperand(), Seen, Shared);
      if (!Shared.empty())
        L->setDebugLoc(Shared.front()->getDebugLoc());
    }
}
} // namespace

void normaliseForAnalysis(llvm::Module &M, MergeMap *Merged,
                          ReusedLoads *Reused, RemovedAccesses *Removed,
                          SunkAccesses *Sunk) {
  for (llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    F.removeFnAttr(llvm::Attribute::OptimizeNone);
    // An entry only called through its address is inlined where a call of
    // it becomes direct (a callback passed to a helper): there the caller's
    // launch shape and arguments apply.
    if (!isKernelFunction(F) && (!isUncalledEntry(F) || !F.use_empty())) {
      F.removeFnAttr(llvm::Attribute::NoInline);
      F.addFnAttr(llvm::Attribute::AlwaysInline);
    }
  }
  // With LDSLINT_DEBUG_TIME, the time of each pass, summed by name.
  llvm::PassInstrumentationCallbacks PIC;
  std::map<std::string, double> PassSeconds;
  std::vector<std::chrono::steady_clock::time_point> PassStarts;
  if (debugTimeEnabled()) {
    PIC.registerBeforeNonSkippedPassCallback(
        [&](llvm::StringRef, llvm::Any) { PassStarts.push_back(std::chrono::steady_clock::now()); });
    auto After = [&](llvm::StringRef Name) {
      if (PassStarts.empty())
        return;
      PassSeconds[Name.str()] += secondsSince(PassStarts.back());
      PassStarts.pop_back();
    };
    PIC.registerAfterPassCallback(
        [=](llvm::StringRef Name, llvm::Any, const llvm::PreservedAnalyses &) { After(Name); });
    PIC.registerAfterPassInvalidatedCallback(
        [=](llvm::StringRef Name, const llvm::PreservedAnalyses &) { After(Name); });
  }
  llvm::PassBuilder PB(nullptr, llvm::PipelineTuningOptions(), {},
                       debugTimeEnabled() ? &PIC : nullptr);
  registerNonSpeculatingSimplifyCFG(PB);
  registerLoadWatch(PB, Reused, Removed, Sunk);
  registerOwnFunctionPasses(PB);
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  // instcombine verifies that it reached a fixpoint and aborts the process
  // otherwise (LLVM 18+): never in a user's compile.
#if LLVM_VERSION_MAJOR >= 18
  const std::string InstCombine = "instcombine<no-verify-fixpoint>";
#else
  const std::string InstCombine = "instcombine";
#endif
  // Bottom-up over the call graph: each helper is cleaned up once, then
  // inlined small (inlining raw bodies first and cleaning up the result cost
  // 3-4x more on template-heavy files). Then only the kernels are kept:
  // they are what is analysed.
  llvm::ModulePassManager Inline;
  if (auto Err = PB.parsePassPipeline(
          Inline, "cgscc(function(ldslint-before-inlining),inline,function(sroa,"
                  "ldslint-watch-loads,ldslint-after-inlining,ldslint-watch-sunk,early-cse," +
                      InstCombine +
                      ",ldslint-sunk-accesses,ldslint-arithmetic-selects,ldslint-simplifycfg))")) {
    llvm::consumeError(std::move(Err));
    return;
  }
  if (Reused)
    Reused->watch(M);
  if (Sunk)
    for (llvm::Function &F : M)
      Sunk->watch(F);
  auto Phase = std::chrono::steady_clock::now();
  Inline.run(M, MAM);
  // Nothing is sunk after this (no instcombine follows), and the bodies
  // deleted below must not reach the watch half torn down.
  if (Sunk)
    Sunk->stop();
  debugTime("  inlining and clean-up", Phase);
  Phase = std::chrono::steady_clock::now();
  for (llvm::Function &F : M)
    if (!F.isDeclaration() && !isAnalysisEntry(F) && F.use_empty())
      F.deleteBody();
  MAM.clear();
  llvm::ModulePassManager MPM;
  if (auto Err = PB.parsePassPipeline(
          MPM, "function(sroa,ldslint-watch-loads,ldslint-forward-stored-pointers,early-cse)")) {
    llvm::consumeError(std::move(Err));
    return;
  }
  MPM.run(M, MAM);
  if (Removed)
    Removed->stop(M);
  debugTime("  sroa and early-cse", Phase);
  Phase = std::chrono::steady_clock::now();
  alignLdsAccesses(M);
  placeMergedSharedReads(M);
  // Watched through the vectorizer too: it answers a second read of an
  // address from the first when no store can come between (minimod's
  // `__restrict__` stencil reads `s_u[sui+1][suj][suk]` twice).
  if (Reused)
    Reused->vectorizing(true);
  vectorizeRecordingMerges(M, PB, MAM, Merged);
  if (Reused)
    Reused->vectorizing(false);
  if (Reused)
    Reused->stop();
  debugTime("  load/store vectorizer", Phase);
  for (const auto &[Name, Seconds] : PassSeconds)
    if (Seconds > 0.05)
      llvm::errs() << "ldslint:     pass " << Name << " " << Seconds << " s\n";
}

} // namespace ldslint
