//===- LaunchSites.cpp -----------------------------------------------------===//
#include "LaunchSites.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ldslint {

namespace {

std::optional<int64_t> foldInt(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

// ReqdWorkGroupSizeAttr holds unsigned extents up to LLVM 18, Exprs after.
std::optional<int64_t> foldInt(unsigned V, const ASTContext &) { return V; }

/// Folds a dim3 (or integer) launch argument to a block shape.
std::optional<BlockShape> foldDim3(const Expr *E, ASTContext &Ctx,
                                   unsigned Depth = 0) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (E->getType()->isIntegralOrEnumerationType()) {
    auto V = foldInt(E, Ctx);
    if (!V)
      return std::nullopt;
    return parseBlockShape(std::to_string(*V));
  }
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return foldDim3(MTE->getSubExpr(), Ctx, Depth + 1);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return foldDim3(BTE->getSubExpr(), Ctx, Depth + 1);
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return foldDim3(EWC->getSubExpr(), Ctx, Depth + 1);
  if (const auto *FCE = dyn_cast<CXXFunctionalCastExpr>(E))
    return foldDim3(FCE->getSubExpr(), Ctx, Depth + 1);
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return foldDim3(CE->getSubExpr(), Ctx, Depth + 1);
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CCE->getConstructor();
    if (Ctor && (Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
        CCE->getNumArgs() == 1)
      return foldDim3(CCE->getArg(0), Ctx, Depth + 1);
    unsigned Dims[3] = {1, 1, 1};
    if (CCE->getNumArgs() > 3)
      return std::nullopt;
    for (unsigned I = 0; I < CCE->getNumArgs(); ++I) {
      const Expr *Arg = CCE->getArg(I);
      if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(Arg))
        Arg = DAE->getExpr();
      auto V = foldInt(Arg, Ctx);
      if (!V || *V <= 0 || *V > 1024)
        return std::nullopt;
      Dims[I] = static_cast<unsigned>(*V);
    }
    return parseBlockShape(std::to_string(Dims[0]) + "x" +
                           std::to_string(Dims[1]) + "x" +
                           std::to_string(Dims[2]));
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    unsigned Dims[3] = {1, 1, 1};
    for (unsigned I = 0; I < ILE->getNumInits() && I < 3; ++I) {
      auto V = foldInt(ILE->getInit(I), Ctx);
      if (!V || *V <= 0)
        return std::nullopt;
      Dims[I] = static_cast<unsigned>(*V);
    }
    return parseBlockShape(std::to_string(Dims[0]) + "x" +
                           std::to_string(Dims[1]) + "x" +
                           std::to_string(Dims[2]));
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit() && (VD->getType().isConstQualified() ||
                            VD->hasLocalStorage()))
        return foldDim3(VD->getInit(), Ctx, Depth + 1);
  return std::nullopt;
}

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Ctx, LaunchShapes &Out) : Ctx(Ctx), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *KCE) {
    const FunctionDecl *Callee = KCE->getDirectCallee();
    const CallExpr *Config = KCE->getConfig();
    if (!Callee || !Config || Config->getNumArgs() < 2)
      return true;
    auto Shape = foldDim3(Config->getArg(1), Ctx);
    if (!Shape)
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    Shape->Source = "the launch at " +
                    SM.getExpansionLoc(KCE->getBeginLoc()).printToString(SM);
    auto &Shapes = Out[Callee->getCanonicalDecl()];
    for (const BlockShape &S : Shapes)
      if (S == *Shape)
        return true;
    Shapes.push_back(*Shape);
    return true;
  }

private:
  ASTContext &Ctx;
  LaunchShapes &Out;
};

} // namespace

LaunchShapes collectLaunchShapes(ASTContext &Ctx) {
  LaunchShapes Out;
  LaunchVisitor(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

std::vector<BlockShape> blockShapesFor(ASTContext &Ctx,
                                       const FunctionDecl *Kernel,
                                       const LaunchShapes &Launches,
                                       const std::optional<BlockShape> &Assumed,
                                       bool UsesThreadIdxYZ) {
  if (const auto *A = Kernel->getAttr<ReqdWorkGroupSizeAttr>()) {
    auto X = foldInt(A->getXDim(), Ctx), Y = foldInt(A->getYDim(), Ctx),
         Z = foldInt(A->getZDim(), Ctx);
    if (X && Y && Z)
      if (auto S = parseBlockShape(std::to_string(*X) + "x" + std::to_string(*Y) +
                                   "x" + std::to_string(*Z))) {
        S->Source = "reqd_work_group_size";
        return {*S};
      }
  }
  auto It = Launches.find(Kernel->getCanonicalDecl());
  if (It != Launches.end() && !It->second.empty())
    return It->second;
  if (Assumed) {
    BlockShape S = *Assumed;
    S.Source = "--assume-block";
    return {S};
  }
  if (!UsesThreadIdxYZ)
    if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
      if (auto N = foldInt(LB->getMaxThreads(), Ctx))
        if (auto S = parseBlockShape(std::to_string(*N))) {
          S->Source = "__launch_bounds__(" + std::to_string(*N) +
                      ") of a kernel that uses only threadIdx.x";
          return {*S};
        }
  return {};
}

} // namespace ldslint
