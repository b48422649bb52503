//===- FixSites.cpp --------------------------------------------------------===//
#include "ir/FixSites.h"
#include "UnitWalk.h"

#include "RowStride.h"
#include "ir/DebugLocations.h"
#include "ir/SharedReach.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace clang;

namespace ldslint {

namespace {

constexpr IntType I64{64, true};

using FilePosition = std::pair<FileID, unsigned>;

/// The dimensions of \p VD's constant array type (0 for a scalar, a struct
/// or `extern T a[]`).
unsigned rankOf(const ASTContext &Ctx, const VarDecl *VD) {
  unsigned R = 0;
  for (QualType T = VD->getType(); const auto *CAT = Ctx.getAsConstantArrayType(T);
       T = CAT->getElementType())
    ++R;
  return R;
}

/// The function whose body declares \p VD, or null (a file-scope array).
/// A block-scope `extern __shared__` array belongs to the translation unit
/// semantically, to the function lexically.
const FunctionDecl *declaringFunction(const VarDecl *VD) {
  if (const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()))
    return F;
  return dyn_cast_or_null<FunctionDecl>(VD->getLexicalDeclContext());
}

/// The function definitions (every template instantiation) whose bodies
/// contain one of \p Locs (file locations). Only declarations are walked,
/// not statements.
std::set<const FunctionDecl *> functionsContaining(ASTContext &Ctx,
                                                   const std::vector<SourceLocation> &Locs) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    std::map<FileID, std::vector<unsigned>> Offsets; ///< sorted
    std::set<const FunctionDecl *> Found;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool TraverseStmt(Stmt *) { return true; }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (!FD->doesThisDeclarationHaveABody())
        return true;
      const FilePosition B = SM.getDecomposedLoc(SM.getFileLoc(FD->getBeginLoc())),
                         E = SM.getDecomposedLoc(SM.getFileLoc(FD->getEndLoc()));
      const auto It = Offsets.find(B.first);
      if (B.first != E.first || It == Offsets.end())
        return true;
      const auto At = std::lower_bound(It->second.begin(), It->second.end(), B.second);
      if (At != It->second.end() && *At <= E.second)
        Found.insert(FD);
      return true;
    }
  } F(Ctx.getSourceManager());
  bool InSystemHeaders = false; // some of the locations are
  for (SourceLocation L : Locs) {
    const FilePosition P = Ctx.getSourceManager().getDecomposedLoc(L);
    F.Offsets[P.first].push_back(P.second);
    InSystemHeaders |= Ctx.getSourceManager().isInSystemHeader(L);
  }
  for (auto &[File, Offsets] : F.Offsets)
    std::sort(Offsets.begin(), Offsets.end());
  // The system headers' declarations (most of a unit's, with their
  // templates' instantiations) hold no user location: walking them cost
  // more than the rest of the fix planning.
  traverseUnit(F, Ctx, InSystemHeaders);
  return F.Found;
}

/// A one-dimensional buffer: `T a[N]` or `extern T a[]`, T not an array.
bool isBuffer(const ASTContext &Ctx, const VarDecl *VD) {
  const unsigned R = rankOf(Ctx, VD);
  return R == 1 || (R == 0 && VD->getType()->isIncompleteArrayType() &&
                    !VD->getType()->getArrayElementTypeNoTypeQual()->isArrayType());
}

/// The subscripts `a[i]...[k]` with one index per dimension of the
/// multi-dimensional arrays asked for, by where they start: what a swizzle
/// rewrites. With one-dimensional buffers asked for, also every subscript
/// and dereference by where it starts (the buffer may be reached through a
/// pointer carved from it), and the references to the buffers that carve
/// a pointer or pass one to a call.
class Subscripts : public RecursiveASTVisitor<Subscripts> {
public:
  struct Written {
    const ArraySubscriptExpr *Expr;
    std::vector<const clang::Expr *> Indices; ///< outermost first
    const VarDecl *Array;
  };

  /// \p Helpers: functions besides the arrays' own that have accesses of
  /// them (a buffer reached through a pointer parameter).
  Subscripts(ASTContext &Ctx, const std::set<const VarDecl *> &Arrays,
             const std::set<const FunctionDecl *> &Helpers)
      : SM(Ctx.getSourceManager()), Arrays(Arrays) {
    for (const VarDecl *VD : Arrays) {
      Rank[VD] = rankOf(Ctx, VD);
      if (isBuffer(Ctx, VD))
        Buffers.insert(VD);
    }
    // A function's own shared array is named only in that function (and
    // the lambdas in it): walk those alone when every array is one.
    std::set<const Decl *> Functions(Helpers.begin(), Helpers.end());
    bool Everywhere = false;
    for (const VarDecl *VD : Arrays) {
      const Decl *F = declaringFunction(VD);
      Everywhere |= !F;
      Functions.insert(F);
    }
    if (Everywhere)
      TraverseDecl(Ctx.getTranslationUnitDecl());
    else
      for (const Decl *F : Functions)
        TraverseDecl(const_cast<Decl *>(F));
  }
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (!Buffers.empty())
      addLValue(E);
    // `reinterpret_cast<float4 *>(&a[r][c])[0]` is a vector access there.
    if (const auto *Addr = dyn_cast<UnaryOperator>(E->getBase()->IgnoreParenCasts());
        Addr && Addr->getOpcode() == UO_AddrOf)
      if (const auto *Of = dyn_cast<ArraySubscriptExpr>(Addr->getSubExpr()->IgnoreParens()))
        OuterOf.emplace(position(E->getBeginLoc()), position(Of->getBeginLoc()));
    std::vector<const clang::Expr *> Indices{E->getIdx()};
    const clang::Expr *Base = E->getBase()->IgnoreParenImpCasts();
    while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base)) {
      Indices.insert(Indices.begin(), Inner->getIdx());
      Base = Inner->getBase()->IgnoreParenImpCasts();
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Base);
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!VD || !Arrays.count(VD) || Buffers.count(VD))
      return true;
    Lines[VD].insert(line(E->getBeginLoc()));
    if (Rank[VD] == Indices.size()) {
      At.emplace(position(E->getBeginLoc()), Written{E, std::move(Indices), VD});
      FullyIndexed.insert(Ref);
    }
    return true;
  }
  /// `*(float4 *)&a[r][c]`.
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref && !Buffers.empty())
      addLValue(U);
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *Of = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens()))
        AddressTaken.insert(position(Of->getBeginLoc()));
    if (U->getOpcode() != UO_Deref)
      return true;
    if (const auto *Addr = dyn_cast<UnaryOperator>(U->getSubExpr()->IgnoreParenCasts());
        Addr && Addr->getOpcode() == UO_AddrOf)
      if (const auto *Of = dyn_cast<ArraySubscriptExpr>(Addr->getSubExpr()->IgnoreParens()))
        OuterOf.emplace(position(U->getBeginLoc()), position(Of->getBeginLoc()));
    return true;
  }

  /// `T *p = buffer + offset`: the reference carves a pointer.
  bool VisitVarDecl(VarDecl *V) {
    if (Buffers.empty() || !V->getType()->isPointerType())
      return true;
    if (std::optional<Carve> C = carveOf(V->getInit()))
      if (isBufferRef(C->Base))
        BufferRefs.insert(C->Base);
    return true;
  }
  /// `f(buffer)`, `f(buffer + offset)`, `f(&buffer[i])`: the callee's
  /// accesses are the buffer's (inlined: the device IR has them).
  bool VisitCallExpr(CallExpr *CE) {
    if (Buffers.empty())
      return true;
    for (const clang::Expr *Arg : CE->arguments())
      if (std::optional<Carve> C = carveOf(Arg))
        if (isBufferRef(C->Base))
          BufferRefs.insert(C->Base);
    return true;
  }

  /// The outermost subscript or dereference that starts at \p L, in
  /// \p Kernel's body when there is one there (template instantiations
  /// share positions), or null.
  const clang::Expr *lvalueAt(SourceLocation L, const FunctionDecl *Kernel) const {
    const auto It = LValues.find(position(L));
    if (It == LValues.end())
      return nullptr;
    const auto Own = It->second.find(Kernel);
    return Own != It->second.end() ? Own->second : It->second.begin()->second;
  }
  bool TraverseDecl(Decl *D) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    const FunctionDecl *Outer = Function;
    if (FD)
      Function = FD;
    const bool R = RecursiveASTVisitor::TraverseDecl(D);
    Function = Outer;
    return R;
  }
  /// References to the buffers that carve a pointer or pass one to a call.
  std::set<const DeclRefExpr *> BufferRefs;
  /// Every outermost subscript or dereference, per function (with buffers).
  const std::map<FilePosition, std::map<const FunctionDecl *, const clang::Expr *>> &
  lvalues() const {
    return LValues;
  }

  /// The subscript of one index per dimension that the access at \p L is
  /// written with, or null.
  const Written *at(SourceLocation L) const {
    FilePosition P = position(L);
    const auto Outer = OuterOf.find(P);
    if (Outer != OuterOf.end())
      P = Outer->second;
    const auto It = At.find(P);
    return It == At.end() ? nullptr : &It->second;
  }
  /// The references that are subscripted in every dimension (`a[r][c]`):
  /// what padding or a swizzle moves with the declaration. Any other (a
  /// reference parameter, `float (*p)[32] = a`) keeps the old layout.
  std::set<const DeclRefExpr *> FullyIndexed;

  /// Positions of subscripts whose address is taken (`&a[r][c]`).
  std::set<FilePosition> AddressTaken;
  const std::map<FilePosition, Written> &all() const { return At; }

  /// Whether the source subscripts \p VD itself on the line of \p L.
  bool subscriptedOn(const VarDecl *VD, SourceLocation L) const {
    const auto It = Lines.find(VD);
    return L.isValid() && It != Lines.end() && It->second.count(line(L));
  }

private:
  const SourceManager &SM;
  const std::set<const VarDecl *> &Arrays;
  std::set<const VarDecl *> Buffers; ///< the one-dimensional ones
  std::map<const VarDecl *, size_t> Rank;
  /// Position -> function -> the outermost lvalue starting there.
  std::map<FilePosition, std::map<const FunctionDecl *, const clang::Expr *>> LValues;
  const FunctionDecl *Function = nullptr; ///< the function being walked

  void addLValue(const clang::Expr *E) {
    auto &At = LValues[position(E->getBeginLoc())];
    const auto It = At.find(Function);
    if (It == At.end() ||
        SM.isBeforeInTranslationUnit(SM.getFileLoc(It->second->getEndLoc()),
                                     SM.getFileLoc(E->getEndLoc())))
      At[Function] = E;
  }
  bool isBufferRef(const DeclRefExpr *Ref) const {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    return VD && std::any_of(Buffers.begin(), Buffers.end(), [&](const VarDecl *B) {
             return B->getLocation() == VD->getLocation();
           });
  }
  std::map<FilePosition, Written> At;
  std::map<FilePosition, FilePosition> OuterOf;

public:
  FilePosition position(SourceLocation L) const {
    return SM.getDecomposedLoc(SM.getFileLoc(L));
  }

private:
  std::map<const VarDecl *, std::set<std::pair<FileID, unsigned>>> Lines;
  std::pair<FileID, unsigned> line(SourceLocation L) const {
    const SourceLocation F = SM.getFileLoc(L);
    return {SM.getFileID(F), SM.getSpellingLineNumber(F)};
  }
};

/// Whether every use of \p G's address ends in one of \p Accesses: no
/// store of the address, call, integer conversion or merge of pointers.
/// Uses in a device function no code calls and that is not among the
/// modelled (analyseDeviceModule leaves it out when all its accesses are
/// at the kernels' sites: its helpers') are the kernels' sites too.
bool onlyUsedBy(const llvm::GlobalVariable &G,
                const std::set<const llvm::Instruction *> &Accesses,
                const std::set<const llvm::Function *> &ModelledFunctions) {
  std::vector<const llvm::Value *> Work{&G};
  for (size_t I = 0; I < Work.size(); ++I) {
    if (Work.size() > 100000)
      return false;
    for (const llvm::User *U : Work[I]->users()) {
      const auto *Inst = llvm::dyn_cast<llvm::Instruction>(U);
      if (!Inst) {
        const auto *CE = llvm::dyn_cast<llvm::ConstantExpr>(U);
        if (!CE || !(CE->getOpcode() == llvm::Instruction::AddrSpaceCast ||
                     CE->getOpcode() == llvm::Instruction::BitCast ||
                     CE->getOpcode() == llvm::Instruction::GetElementPtr))
          return false;
        Work.push_back(U);
        continue;
      }
      if (llvm::isa<llvm::GetElementPtrInst>(Inst) || llvm::isa<llvm::CastInst>(Inst)) {
        if (llvm::isa<llvm::PtrToIntInst>(Inst))
          return false;
        Work.push_back(U);
        continue;
      }
      if (const auto *S = llvm::dyn_cast<llvm::StoreInst>(Inst))
        if (S->getValueOperand() == Work[I])
          return false; // the address itself is stored
      if (!Accesses.count(Inst) &&
          !(isUncalledEntry(*Inst->getFunction()) &&
            !ModelledFunctions.count(Inst->getFunction())))
        return false;
    }
  }
  return true;
}

/// \p Address with the strides of \p Indices' dimensions written in the
/// Extent symbols \p Extents (declared \p Dims, element \p Elem bytes).
SymRef withSymbolicStrides(const SymRef &Address, const ArrayIndices &Indices,
                           const std::vector<SymbolId> &Extents,
                           const std::vector<uint64_t> &Dims, int64_t Elem) {
  SymRef Out = Address;
  for (size_t D = 0; D + 1 < Dims.size(); ++D) {
    SymRef Symbolic = SymExpr::constant(Elem, I64);
    int64_t Declared = Elem;
    for (size_t J = D + 1; J < Dims.size(); ++J) {
      Symbolic = SymExpr::binary(Op::Mul, Symbolic, SymExpr::symbol(Extents[J], I64), I64);
      Declared *= static_cast<int64_t>(Dims[J]);
    }
    const SymRef Change =
        SymExpr::binary(Op::Sub, Symbolic, SymExpr::constant(Declared, I64), I64);
    Out = SymExpr::binary(Op::Add, Out,
                          SymExpr::binary(Op::Mul, Indices.Index[D], Change, I64), I64);
  }
  return Out;
}

/// \p E's source text without blanks ("" inside a macro expansion).
std::string compactText(const ASTContext &Ctx, const clang::Expr *E) {
  const CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), Ctx.getSourceManager(),
      Ctx.getLangOpts());
  if (R.isInvalid() || E->getBeginLoc().isMacroID())
    return "";
  std::string Out;
  for (char C : Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts()))
    if (!std::isspace(static_cast<unsigned char>(C)))
      Out += C;
  return Out;
}

/// The subscripts of a buffer (through the buffer or a pointer its accesses
/// use) with no access of their own whose index is written exactly as an
/// executed access's (a read the compiler takes from an earlier access of
/// the same element): an edit of the row stride edits them the same way.
void addTwins(const ASTContext &Ctx,
              const std::map<FilePosition, std::map<const FunctionDecl *, const clang::Expr *>>
                  &LValues,
              const std::map<SourceLocation, std::vector<std::pair<const VarDecl *, BufferIndex>>>
                  &BufferSites,
              IrFixSites &Out) {
  for (const auto &[DeclLoc, Sites] : BufferSites) {
    const VarDecl *VD = Sites.front().first;
    if (!Out.Modelled.count(VD))
      continue;
    // (base declaration, index text) of the executed subscripts.
    std::set<std::pair<SourceLocation, std::string>> Written;
    std::set<const clang::Expr *> Executed;
    for (const auto &[Array, BI] : Sites) {
      Executed.insert(BI.Index);
      const std::string Text = compactText(Ctx, BI.Index);
      if (!Text.empty())
        Written.insert({BI.Base->getLocation(), Text});
    }
    const QualType Element = Ctx.getBaseElementType(VD->getType());
    for (const auto &[Position, ByFunction] : LValues)
      for (const auto &[Function, E] : ByFunction) {
        if (!Out.Modelled.count(VD))
          break; // refused
        const std::optional<BufferIndex> BI = bufferIndex(E, Ctx, Element);
        if (!BI || Executed.count(BI->Index) ||
            std::none_of(Sites.begin(), Sites.end(), [&](const auto &S) {
              return S.second.Base->getLocation() == BI->Base->getLocation();
            }))
          continue;
        Out.Followed.insert(BI->BaseRef);
        if (Written.count({BI->Base->getLocation(), compactText(Ctx, BI->Index)})) {
          Out.Twins[VD].push_back(E);
          continue;
        }
        const SourceManager &SM = Ctx.getSourceManager();
        for (const auto &Site : Sites) // every instantiation's declaration
          if (Out.Modelled.erase(Site.first))
            Out.Refused.emplace(
                Site.first,
                "the subscript of '" + BI->Base->getNameAsString() + "' at line " +
                    std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(E->getBeginLoc()))) +
                    " has no shared-memory instruction of its own (the compiler "
                    "reuses another access's value, or the code does not run) and "
                    "is not written like a subscript that has one, so ldslint "
                    "cannot check an edit of it");
      }
  }
}

} // namespace

IrFixSites fixSitesFromIr(ASTContext &Ctx, const std::vector<AnalysedKernel> &Kernels,
                          const std::set<const VarDecl *> &Arrays) {
  IrFixSites Out;
  if (Arrays.empty())
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  // A buffer reached in a helper (through a pointer parameter) needs the
  // helper's subscripts.
  std::vector<SourceLocation> Elsewhere;
  for (const AnalysedKernel &AK : Kernels)
    for (size_t I = 0; I < AK.Kernel.Accesses.size(); ++I) {
      const VarDecl *VD = AK.Arrays[I];
      const FunctionDecl *F = VD ? declaringFunction(VD) : nullptr;
      if (F && Arrays.count(VD) && isBuffer(Ctx, VD) && AK.Locs[I].isValid() &&
          !SM.isPointWithin(SM.getFileLoc(AK.Locs[I]), SM.getFileLoc(F->getBeginLoc()),
                            SM.getFileLoc(F->getEndLoc())))
        Elsewhere.push_back(SM.getFileLoc(AK.Locs[I]));
    }
  const Subscripts Written(Ctx, Arrays,
                           Elsewhere.empty() ? std::set<const FunctionDecl *>()
                                             : functionsContaining(Ctx, Elsewhere));
  DebugLocationMap Locations(SM);
  std::map<const VarDecl *, const llvm::GlobalVariable *> Global;
  std::map<const llvm::GlobalVariable *, std::set<const llvm::Instruction *>> Modelled;
  std::set<const llvm::Function *> ModelledFunctions;
  std::set<FilePosition> Executed; // subscripts with an access of their own
  // Per buffer (by declaration), the subscripts its accesses are written with.
  std::map<SourceLocation, std::vector<std::pair<const VarDecl *, BufferIndex>>> BufferSites;
  for (const AnalysedKernel &AK : Kernels)
    for (size_t I = 0; I < AK.Kernel.Accesses.size(); ++I) {
      const IrAccess &A = AK.Kernel.Accesses[I];
      const VarDecl *VD = AK.Arrays[I];
      const bool Flat = VD && !VD->getType()->isDependentType() && rankOf(Ctx, VD) < 2;
      if (A.Array && (A.Indices || !A.Model.Address || Flat))
        Modelled[A.Array].insert(A.Inst);
      ModelledFunctions.insert(A.Inst->getFunction());
    }
  for (const AnalysedKernel &AK : Kernels) {
    std::unique_ptr<ModelledKernel> EK;
    for (size_t I = 0; I < AK.Kernel.Accesses.size(); ++I) {
      const VarDecl *VD = AK.Arrays[I];
      const IrAccess &A = AK.Kernel.Accesses[I];
      if (!VD || !A.Array || !Arrays.count(VD) || Out.Refused.count(VD))
        continue;
      if (VD->getType()->isDependentType()) {
        Out.Refused[VD] = "'" + VD->getNameAsString() +
                          "' is declared in a template, and ldslint did not find "
                          "the declaration of this instantiation";
        // (IrFindings takes each kernel's own; a dependent type has no size.)
        continue;
      }
      Global[VD] = A.Array;
      const bool MultiDimensional = rankOf(Ctx, VD) >= 2;
      if (MultiDimensional && A.Model.Address && !A.Indices) {
        Out.Refused[VD] = "ldslint cannot tell which row and column of '" +
                          VD->getNameAsString() + "' the access at line " +
                          std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(AK.Locs[I]))) +
                          " reaches";
        continue;
      }
      // Each step over rows must be the array's own subscript, whose row
      // length padding changes.
      if (MultiDimensional && A.Indices) {
        const llvm::DILocation *Foreign = nullptr;
        bool Own = true;
        for (const llvm::DILocation *Step : A.Indices->RowSteps) {
          const SourceLocation At = Step ? Locations.locate(Step) : AK.Locs[I];
          if (!Written.subscriptedOn(VD, At)) {
            Own = false;
            Foreign = Step;
            break;
          }
        }
        if (!Own) {
          const unsigned Line = SM.getPresumedLineNumber(SM.getFileLoc(AK.Locs[I]));
          Out.Refused[VD] =
              "the access at line " + std::to_string(Line) + " steps over rows of '" +
              VD->getNameAsString() + "' through a pointer" +
              (Foreign && Foreign->getLine() != Line
                   ? " at line " + std::to_string(Foreign->getLine())
                   : std::string()) +
              " whose row length is written apart from the array's (padding would "
              "not change it)";
          continue;
        }
      }
      const std::vector<uint64_t> Dims = arrayDimensions(*A.Array);
      if (!EK) {
        EK = std::make_unique<ModelledKernel>();
        EK->Kernel = AK.Decl;
        EK->Model = AK.Kernel.Model;
        EK->UsesThreadIdxYZ = AK.Kernel.UsesThreadIdxYZ;
        EK->ThreadRowWidth = AK.Kernel.ThreadRowWidth;
        EK->ParamSymbols = AK.Kernel.ParamSymbols;
      }
      std::vector<SymbolId> &Extents = EK->Extents[VD];
      if (Extents.empty())
        for (size_t D = 0; D < Dims.size(); ++D) {
          SymbolInfo S;
          S.Kind = SymbolKind::Extent;
          S.Name = VD->getNameAsString() + " extent " + std::to_string(D);
          S.Dim = static_cast<unsigned>(D);
          S.Value = static_cast<int64_t>(Dims[D]);
          Extents.push_back(EK->Model.addSymbol(S));
        }
      AccessSite Site;
      Site.Loc = AK.Locs[I];
      Site.Array = VD;
      Site.Model = A.Model;
      if (MultiDimensional && A.Model.Address) {
        llvm::Type *Elem = A.Array->getValueType();
        while (Elem->isArrayTy())
          Elem = Elem->getArrayElementType();
        const int64_t ElemBytes = static_cast<int64_t>(
            A.Array->getParent()->getDataLayout().getTypeAllocSize(Elem).getFixedValue());
        Site.Model.Address =
            withSymbolicStrides(A.Model.Address, *A.Indices, Extents, Dims, ElemBytes);
        Site.Indices = A.Indices->Index;
      }
      // A buffer's subscript or dereference there, through the buffer or
      // a pointer carved from it (the row-stride planner reads it).
      if (!MultiDimensional) {
        Site.LValue = Written.lvalueAt(AK.Locs[I], AK.Decl);
        const std::optional<BufferIndex> BI =
            bufferIndex(Site.LValue, Ctx, Ctx.getBaseElementType(VD->getType()));
        if (BI && BI->Base->getLocation() == VD->getLocation())
          Out.Followed.insert(BI->BaseRef);
        if (BI)
          BufferSites[VD->getLocation()].push_back({VD, *BI});
      }
      // The subscript of this array there (template instantiations share
      // one declaration, and the text the edits change).
      const Subscripts::Written *W = MultiDimensional ? Written.at(AK.Locs[I]) : nullptr;
      if (W && W->Array->getLocation() == VD->getLocation()) {
        Executed.insert(Written.position(W->Expr->getBeginLoc()));
        Site.Direct = true;
        Site.LValue = W->Expr;
        Site.IndexExprs = W->Indices;
      }
      EK->Accesses.push_back(std::move(Site));
    }
    if (EK)
      Out.Kernels.push_back(std::move(EK));
  }
  for (const VarDecl *VD : Arrays) {
    if (Out.Refused.count(VD))
      continue;
    const auto G = Global.find(VD);
    if (G == Global.end())
      continue; // no access in an analysed kernel: the planner says so
    if (!onlyUsedBy(*G->second, Modelled[G->second], ModelledFunctions)) {
      Out.Refused[VD] = "the address of '" + VD->getNameAsString() +
                        "' is used other than by the accesses ldslint analysed "
                        "(stored, passed to a call, or chosen at run time)";
      continue;
    }
    Out.Modelled.insert(VD);
  }
  Out.Followed.insert(Written.FullyIndexed.begin(), Written.FullyIndexed.end());
  Out.Followed.insert(Written.BufferRefs.begin(), Written.BufferRefs.end());
  // A swizzle rewrites every subscript of the array: also those with no
  // instruction of their own (a read the compiler reuses, code no kernel
  // runs). An element whose address is taken there cannot be rewritten
  // without knowing how the pointer is used.
  std::map<SourceLocation, const VarDecl *> ModelledAt; // by declaration
  for (const VarDecl *VD : Out.Modelled)
    ModelledAt.emplace(VD->getLocation(), VD);
  for (const auto &[Position, W] : Written.all()) {
    const auto Array = ModelledAt.find(W.Array->getLocation());
    if (Array == ModelledAt.end() || Executed.count(Position))
      continue;
    if (Written.AddressTaken.count(Position)) {
      Out.NoSwizzle.emplace(
          Array->second, "the address of an element of '" + W.Array->getNameAsString() +
                       "' is taken at line " +
                       std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(W.Expr->getBeginLoc()))) +
                       ", where ldslint has no access to check a swizzle against");
      continue;
    }
    Out.Unexecuted[Array->second].push_back(W.Indices);
  }
  addTwins(Ctx, Written.lvalues(), BufferSites, Out);
  // Accesses of refused arrays are left out of the models.
  for (auto &EK : Out.Kernels)
    EK->Accesses.erase(std::remove_if(EK->Accesses.begin(), EK->Accesses.end(),
                                      [&](const AccessSite &S) {
                                        return !Out.Modelled.count(S.Array);
                                      }),
                       EK->Accesses.end());
  return Out;
}

} // namespace ldslint
