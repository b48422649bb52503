//===- CarvedMemory.cpp ----------------------------------------------------===//
#include "CarvedMemory.h"
#include "RowStride.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "UnitWalk.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ldslint {

namespace {


/// Launches `k<<<grid, block, bytes>>>` of any of \p Kernels, with the
/// dynamic shared memory argument as written (null where it is not given).
class DynamicSizes : public RecursiveASTVisitor<DynamicSizes> {
public:
  explicit DynamicSizes(std::set<const FunctionDecl *> Kernels)
      : Kernels(std::move(Kernels)) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *KCE) {
    const FunctionDecl *Callee = KCE->getDirectCallee();
    if (!Callee || !Kernels.count(Callee->getCanonicalDecl()))
      return true;
    const CallExpr *Config = KCE->getConfig();
    const Expr *Bytes = nullptr;
    if (Config && Config->getNumArgs() >= 3 &&
        !isa<CXXDefaultArgExpr>(Config->getArg(2)))
      Bytes = Config->getArg(2);
    Found.push_back(Bytes);
    return true;
  }
  std::set<const FunctionDecl *> Kernels;
  std::vector<const Expr *> Found;
};

} // namespace

std::vector<const Expr *>
launchDynamicSizes(const ASTContext &Ctx,
                   const std::set<const FunctionDecl *> &Kernels) {
  DynamicSizes Scan(Kernels);
  traverseUnit(Scan, Ctx, /*SystemHeaders=*/false); // launches of user kernels
  return Scan.Found;
}

const DeclRefExpr *otherReference(const FunctionDecl *Kernel, const ValueDecl *Var,
                                  const std::set<const DeclRefExpr *> &Known) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *Var;
    const std::set<const DeclRefExpr *> &Known;
    const DeclRefExpr *Found = nullptr;
    Finder(const ValueDecl *V, const std::set<const DeclRefExpr *> &K) : Var(V), Known(K) {}
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl()->getLocation() == Var->getLocation() &&
          !Known.count(DRE) && !Found)
        Found = DRE;
      return true;
    }
  } F(Var, Known);
  if (Kernel->getBody())
    F.TraverseStmt(Kernel->getBody());
  return F.Found;
}

std::string planCarves(const ASTContext &Ctx, const VarDecl *Decl,
                       const ValueDecl *Target,
                       const std::vector<const VarDecl *> &Others, int64_t S,
                       int64_t ElemBytes, const std::string &StrideText,
                       const std::set<const FunctionDecl *> &Launched,
                       std::vector<const Expr *> &CarveFactors,
                       std::vector<const VarDecl *> &Moved,
                       std::vector<const Expr *> &SizeFactors, int64_t &Elements,
                       std::string &SizeWhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const std::string Name = Decl->getNameAsString(), Buffer = Target->getNameAsString();
  auto lineOf = [&](const clang::Decl *D) {
    return std::to_string(SM.getSpellingLineNumber(SM.getFileLoc(D->getLocation())));
  };
  // Where Target starts: 0, or its carve offset. Buffers carved before it
  // stay; those after it move by rows * pad elements.
  int64_t Own = 0;
  if (Target != Decl) {
    const auto *VD = dyn_cast<VarDecl>(Target);
    std::optional<Carve> C = VD ? carveOf(VD->getInit()) : std::nullopt;
    if (!C || C->Base->getDecl() != Decl)
      return "'" + Buffer + "' is not carved directly from '" + Name + "'";
    const std::optional<int64_t> Off = carveOffset(*C, Ctx);
    if (!Off || *Off < 0)
      return "the carve offset of '" + Buffer + "' (line " + lineOf(Target) +
             ") is not a constant";
    Own = *Off;
  }
  std::vector<std::pair<const VarDecl *, Carve>> Anchored;
  std::set<const ValueDecl *> Carved{Target};
  for (const VarDecl *B : Others)
    Carved.insert(B);
  Elements = 0;
  for (const VarDecl *B : Others) {
    std::optional<Carve> C = carveOf(B->getInit());
    if (!C || !B->getType()->isPointerType())
      return "the carve of '" + B->getNameAsString() + "' (line " + lineOf(B) +
             ") is not `" + Name + " + offset`";
    const ValueDecl *From = C->Base->getDecl();
    if (From != Decl && From != Target) {
      if (!Carved.count(From) || Own != 0)
        return "the carve of '" + B->getNameAsString() + "' (line " + lineOf(B) +
               ") is not `" + Name + " + offset`";
      continue; // carved from a buffer after the first: moves with it
    }
    const std::optional<int64_t> Off = carveOffset(*C, Ctx);
    if (!Off || *Off < 0 || (From == Target && *Off == 0))
      return "the carve offset of '" + B->getNameAsString() + "' (line " +
             lineOf(B) + ") is not a positive constant";
    const int64_t Start = From == Target ? Own + *Off : *Off;
    if (Start == Own)
      return "'" + B->getNameAsString() + "' (line " + lineOf(B) +
             ") starts where '" + Buffer + "' does";
    if (Start < Own)
      continue; // before Target: does not move
    Anchored.push_back({B, *C});
    Elements = Elements ? std::min(Elements, Start - Own) : Start - Own;
  }
  // The last buffer reaches the end of the memory: the array's size, or
  // the launches' dynamic size where every launch passes the same constant.
  const auto *Static = Ctx.getAsConstantArrayType(Decl->getType());
  const std::vector<const Expr *> Launches =
      Static ? std::vector<const Expr *>() : launchDynamicSizes(Ctx, Launched);
  if (!Elements && Own > 0) {
    std::optional<int64_t> End;
    if (Static)
      End = static_cast<int64_t>(Static->getSize().getZExtValue());
    else
      for (const Expr *Bytes : Launches) {
        const std::optional<int64_t> B = constantValue(Bytes, Ctx);
        if (!B || (End && *End != *B / ElemBytes)) {
          End.reset();
          break;
        }
        End = *B / ElemBytes;
      }
    if (End && *End > Own)
      Elements = *End - Own;
    else
      return "'" + Buffer + "' is the last buffer carved from '" + Name +
             "' and " +
             (Static ? std::string("the array ends before it")
                     : "the launches' dynamic shared memory size is not one "
                       "constant in this file") +
             ": padding its rows by p elements grows that size by rows * p "
             "elements, which ldslint cannot size";
  }
  if (Elements % S != 0)
    return "'" + Buffer + "' (" + std::to_string(Elements) +
           " elements up to the next carved buffer) is not a whole number of rows of " +
           std::to_string(S);
  for (const auto &[B, C] : Anchored) {
    const Expr *F = termFactor(C.Offsets, S, Elements, ElemBytes, Ctx, StrideText);
    if (!F)
      return "the carve offset of '" + B->getNameAsString() + "' (line " +
             lineOf(B) + ") does not count '" + Buffer + "' as a product with its row stride " +
             std::to_string(S);
    CarveFactors.push_back(F);
    Moved.push_back(B);
  }
  if (Static) {
    TypeSourceInfo *TSI = Decl->getTypeSourceInfo();
    auto ATL = TSI ? TSI->getTypeLoc().getUnqualifiedLoc().getAs<ArrayTypeLoc>()
                   : ArrayTypeLoc();
    const Expr *F = ATL ? termFactor(ATL.getSizeExpr(), S, Elements, ElemBytes, Ctx, StrideText)
                        : nullptr;
    if (!F)
      return "the size of '" + Name + "' does not count '" + Buffer +
             "' as a product with its row stride " + std::to_string(S);
    SizeFactors.push_back(F);
    return "";
  }
  for (const Expr *Bytes : Launches) {
    const Expr *F = termFactor(Bytes, S, Elements, ElemBytes, Ctx, StrideText);
    if (!F) {
      SizeWhyNot = "a launch passes its dynamic shared memory size without a term "
                   "counting '" + Buffer + "' as a product with its row stride " +
                   std::to_string(S);
      SizeFactors.clear();
      return "";
    }
    SizeFactors.push_back(F);
  }
  if (Launches.empty())
    SizeWhyNot = "no launch of the kernel is in this file";
  return "";
}

} // namespace ldslint
