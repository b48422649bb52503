//===- FixSites.cpp --------------------------------------------------------===//
#include "ir/FixSites.h"

#include "ir/DebugLocations.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
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

/// The subscripts `a[i]...[k]` with one index per dimension of the arrays
/// asked for, by where they start: what a swizzle rewrites.
class Subscripts : public RecursiveASTVisitor<Subscripts> {
public:
  struct Written {
    const ArraySubscriptExpr *Expr;
    std::vector<const clang::Expr *> Indices; ///< outermost first
    const VarDecl *Array;
  };

  Subscripts(ASTContext &Ctx, const std::set<const VarDecl *> &Arrays)
      : SM(Ctx.getSourceManager()), Arrays(Arrays) {
    for (const VarDecl *VD : Arrays) {
      unsigned R = 0;
      for (QualType T = VD->getType(); const auto *CAT = Ctx.getAsConstantArrayType(T);
           T = CAT->getElementType())
        ++R;
      Rank[VD] = R;
    }
    // A function's own shared array is named only in that function (and
    // the lambdas in it): walk those alone when every array is one.
    std::set<const Decl *> Functions;
    bool Everywhere = false;
    for (const VarDecl *VD : Arrays) {
      const Decl *F = llvm::dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
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
    if (!VD || !Arrays.count(VD))
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
  std::map<const VarDecl *, size_t> Rank;
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
bool onlyUsedBy(const llvm::GlobalVariable &G,
                const std::set<const llvm::Instruction *> &Accesses) {
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
      if (!Accesses.count(Inst))
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

} // namespace

IrFixSites fixSitesFromIr(ASTContext &Ctx, const std::vector<AnalysedKernel> &Kernels,
                          const std::set<const VarDecl *> &Arrays) {
  IrFixSites Out;
  if (Arrays.empty())
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  const Subscripts Written(Ctx, Arrays);
  DebugLocationMap Locations(SM);
  std::map<const VarDecl *, const llvm::GlobalVariable *> Global;
  std::map<const llvm::GlobalVariable *, std::set<const llvm::Instruction *>> Modelled;
  std::set<FilePosition> Executed; // subscripts with an access of their own
  for (const AnalysedKernel &AK : Kernels)
    for (const IrAccess &A : AK.Kernel.Accesses)
      if (A.Array && (A.Indices || !A.Model.Address))
        Modelled[A.Array].insert(A.Inst);
  for (const AnalysedKernel &AK : Kernels) {
    std::unique_ptr<ExtractedKernel> EK;
    for (size_t I = 0; I < AK.Kernel.Accesses.size(); ++I) {
      const VarDecl *VD = AK.Arrays[I];
      const IrAccess &A = AK.Kernel.Accesses[I];
      if (!VD || !A.Array || !Arrays.count(VD) || Out.Refused.count(VD))
        continue;
      Global[VD] = A.Array;
      if (A.Model.Address && !A.Indices) {
        Out.Refused[VD] = "ldslint cannot tell which row and column of '" +
                          VD->getNameAsString() + "' the access at line " +
                          std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(AK.Locs[I]))) +
                          " reaches";
        continue;
      }
      // Each step over rows must be the array's own subscript, whose row
      // length padding changes.
      if (A.Indices) {
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
        EK = std::make_unique<ExtractedKernel>();
        EK->Kernel = AK.Decl;
        EK->Model = AK.Kernel.Model;
        EK->UsesThreadIdxYZ = AK.Kernel.UsesThreadIdxYZ;
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
      if (A.Model.Address) {
        llvm::Type *Elem = A.Array->getValueType();
        while (Elem->isArrayTy())
          Elem = Elem->getArrayElementType();
        const int64_t ElemBytes = static_cast<int64_t>(
            A.Array->getParent()->getDataLayout().getTypeAllocSize(Elem).getFixedValue());
        Site.Model.Address =
            withSymbolicStrides(A.Model.Address, *A.Indices, Extents, Dims, ElemBytes);
        Site.Indices = A.Indices->Index;
      }
      // The subscript of this array there (template instantiations share
      // one declaration, and the text the edits change).
      const Subscripts::Written *W = Written.at(AK.Locs[I]);
      if (W && W->Array->getLocation() == VD->getLocation()) {
        Executed.insert(Written.position(W->Expr->getBeginLoc()));
        Site.Direct = true;
        Site.Where = Site.LValue = W->Expr;
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
    if (!onlyUsedBy(*G->second, Modelled[G->second])) {
      Out.Refused[VD] = "the address of '" + VD->getNameAsString() +
                        "' is used other than by the accesses ldslint analysed "
                        "(stored, passed to a call, or chosen at run time)";
      continue;
    }
    Out.Modelled.insert(VD);
  }
  Out.Followed = Written.FullyIndexed;
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
