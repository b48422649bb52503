//===- CarvedMemory.cpp ----------------------------------------------------===//
#include "CarvedMemory.h"
#include "RowStride.h"

#include "clang/AST/RecursiveASTVisitor.h"
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
  Scan.TraverseDecl(const_cast<TranslationUnitDecl *>(Ctx.getTranslationUnitDecl()));
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
                       int64_t ElemBytes, const std::set<const FunctionDecl *> &Launched,
                       std::vector<const Expr *> &CarveFactors,
                       std::vector<const Expr *> &SizeFactors, int64_t &Elements,
                       std::string &SizeWhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const std::string Name = Decl->getNameAsString(), Buffer = Target->getNameAsString();
  auto lineOf = [&](const clang::Decl *D) {
    return std::to_string(SM.getSpellingLineNumber(SM.getFileLoc(D->getLocation())));
  };
  if (Target != Decl) {
    const auto *VD = dyn_cast<VarDecl>(Target);
    std::optional<Carve> C = VD ? carveOf(VD->getInit()) : std::nullopt;
    if (!C || C->Base->getDecl() != Decl)
      return "'" + Buffer + "' is not carved directly from '" + Name + "'";
    if (C->Offset && constantValue(C->Offset, Ctx) != std::optional<int64_t>(0)) {
      // What the user would have to change by hand: the buffers after it
      // move by rows * pad elements.
      std::string Later;
      for (const VarDecl *B : Others)
        if (std::optional<Carve> BC = carveOf(B->getInit());
            BC && BC->Base->getDecl() == Decl && BC->Offset) {
          const std::optional<int64_t> Off = constantValue(BC->Offset, Ctx),
                                       Own = constantValue(C->Offset, Ctx);
          if (Off && Own && *Off > *Own)
            Later += (Later.empty() ? "'" : ", '") + B->getNameAsString() + "'";
        }
      return "'" + Buffer + "' is not the first buffer carved from '" + Name +
             "': padding its rows by p elements would move " +
             (Later.empty() ? "the end of '" + Name + "'"
                            : "the carve offsets of " + Later) +
             " and the launch's dynamic shared memory size by rows * p elements, "
             "which ldslint edits only for the first buffer";
    }
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
      if (!Carved.count(From))
        return "the carve of '" + B->getNameAsString() + "' (line " + lineOf(B) +
               ") is not `" + Name + " + offset`";
      continue; // carved from a buffer that moves: moves with it
    }
    const std::optional<int64_t> Off = C->Offset ? constantValue(C->Offset, Ctx)
                                                 : std::optional<int64_t>(0);
    if (!Off || *Off <= 0)
      return "the carve offset of '" + B->getNameAsString() + "' (line " +
             lineOf(B) + ") is not a positive constant";
    Anchored.push_back({B, *C});
    Elements = Elements ? std::min(Elements, *Off) : *Off;
  }
  if (!Elements)
    return "no buffer carved from '" + Name + "' follows '" + Buffer + "'";
  if (Elements % S != 0)
    return "'" + Buffer + "' (" + std::to_string(Elements) +
           " elements up to the next carved buffer) is not a whole number of rows of " +
           std::to_string(S);
  for (const auto &[B, C] : Anchored) {
    const Expr *F = termFactor(C.Offset, S, Elements, ElemBytes, Ctx);
    if (!F)
      return "the carve offset of '" + B->getNameAsString() + "' (line " +
             lineOf(B) + ") does not count '" + Buffer + "' as a product with its row stride " +
             std::to_string(S);
    CarveFactors.push_back(F);
  }
  if (!Decl->getType()->isIncompleteArrayType()) {
    TypeSourceInfo *TSI = Decl->getTypeSourceInfo();
    auto ATL = TSI ? TSI->getTypeLoc().getUnqualifiedLoc().getAs<ArrayTypeLoc>()
                   : ArrayTypeLoc();
    const Expr *F = ATL ? termFactor(ATL.getSizeExpr(), S, Elements, ElemBytes, Ctx)
                        : nullptr;
    if (!F)
      return "the size of '" + Name + "' does not count '" + Buffer +
             "' as a product with its row stride " + std::to_string(S);
    SizeFactors.push_back(F);
    return "";
  }
  const std::vector<const Expr *> Launches = launchDynamicSizes(Ctx, Launched);
  for (const Expr *Bytes : Launches) {
    const Expr *F = termFactor(Bytes, S, Elements, ElemBytes, Ctx);
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
