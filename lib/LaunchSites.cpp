//===- LaunchSites.cpp -----------------------------------------------------===//
#include "LaunchSites.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "MutationScan.h"

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

/// Locals of the function being visited that are never changed after their
/// declaration: their initializer is their value.
class StableLocals {
public:
  void enter(const FunctionDecl *FD) {
    Scan = MutationScan();
    if (FD && FD->getBody())
      Scan.TraverseStmt(FD->getBody());
  }
  bool isStable(const VarDecl *VD) const {
    return VD->getInit() && !Scan.Mutated.count(VD) &&
           (VD->hasLocalStorage() || VD->getType().isConstQualified());
  }

private:
  MutationScan Scan;
};

/// Folds an integer expression, looking through stable locals.
std::optional<int64_t> foldValue(const Expr *E, const ASTContext &Ctx,
                                 const StableLocals &Locals, unsigned Depth = 0) {
  if (!E || Depth > 8)
    return std::nullopt;
  if (auto V = foldInt(E, Ctx))
    return V;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType()->isIntegralOrEnumerationType() && Locals.isStable(VD))
        return foldValue(VD->getInit(), Ctx, Locals, Depth + 1);
  return std::nullopt;
}

std::optional<BlockShape> shapeOf(int64_t X, int64_t Y, int64_t Z) {
  return parseBlockShape(std::to_string(X) + "x" + std::to_string(Y) + "x" +
                         std::to_string(Z));
}

/// Folds a dim3 (or integer) launch argument to a block shape.
std::optional<BlockShape> foldDim3(const Expr *E, ASTContext &Ctx,
                                   const StableLocals &Locals,
                                   unsigned Depth = 0) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (E->getType()->isIntegralOrEnumerationType()) {
    auto V = foldValue(E, Ctx, Locals);
    if (!V || *V <= 0)
      return std::nullopt;
    return shapeOf(*V, 1, 1);
  }
  auto recurse = [&](const Expr *Sub) {
    return foldDim3(Sub, Ctx, Locals, Depth + 1);
  };
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return recurse(MTE->getSubExpr());
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return recurse(BTE->getSubExpr());
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return recurse(EWC->getSubExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return recurse(CE->getSubExpr());
  auto foldDims = [&](llvm::ArrayRef<const Expr *> Args) -> std::optional<BlockShape> {
    int64_t Dims[3] = {1, 1, 1};
    if (Args.size() > 3)
      return std::nullopt;
    for (unsigned I = 0; I < Args.size(); ++I) {
      const Expr *Arg = Args[I];
      if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(Arg))
        Arg = DAE->getExpr();
      auto V = foldValue(Arg, Ctx, Locals);
      if (!V || *V <= 0 || *V > 1024)
        return std::nullopt;
      Dims[I] = *V;
    }
    return shapeOf(Dims[0], Dims[1], Dims[2]);
  };
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CCE->getConstructor();
    if (Ctor && (Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
        CCE->getNumArgs() == 1)
      return recurse(CCE->getArg(0));
    std::vector<const Expr *> Args(CCE->arg_begin(), CCE->arg_end());
    return foldDims(Args);
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    std::vector<const Expr *> Args(ILE->inits().begin(), ILE->inits().end());
    return foldDims(Args);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (Locals.isStable(VD))
        return recurse(VD->getInit());
  return std::nullopt;
}

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Ctx, LaunchSites &Out) : Ctx(Ctx), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    Locals.enter(FD);
    return RecursiveASTVisitor::TraverseFunctionDecl(FD);
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *MD) {
    Locals.enter(MD);
    return RecursiveASTVisitor::TraverseCXXMethodDecl(MD);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *KCE) {
    const FunctionDecl *Callee = KCE->getDirectCallee();
    const CallExpr *Config = KCE->getConfig();
    if (!Callee || !Config || Config->getNumArgs() < 2)
      return true;
    LaunchConfig L;
    L.Shape = foldDim3(Config->getArg(1), Ctx, Locals);
    for (unsigned I = 0; I < KCE->getNumArgs() && I < Callee->getNumParams(); ++I)
      if (Callee->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
        if (auto V = foldValue(KCE->getArg(I), Ctx, Locals))
          L.Args[I] = *V;
    const SourceManager &SM = Ctx.getSourceManager();
    L.Where = "the launch at " +
              SM.getExpansionLoc(KCE->getBeginLoc()).printToString(SM);
    if (L.Shape)
      L.Shape->Source = L.Where;
    auto &Configs = Out[Callee->getCanonicalDecl()];
    for (const LaunchConfig &C : Configs)
      if (C == L)
        return true;
    Configs.push_back(L);
    return true;
  }

private:
  ASTContext &Ctx;
  LaunchSites &Out;
  StableLocals Locals;
};

/// The shape to use when launch sites give none.
std::optional<BlockShape> fallbackShape(ASTContext &Ctx, const FunctionDecl *Kernel,
                                        const std::optional<BlockShape> &Assumed,
                                        bool UsesThreadIdxYZ) {
  if (Assumed) {
    BlockShape S = *Assumed;
    S.Source = "--assume-block";
    return S;
  }
  if (!UsesThreadIdxYZ)
    if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
      if (auto N = foldInt(LB->getMaxThreads(), Ctx))
        if (auto S = parseBlockShape(std::to_string(*N))) {
          S->Source = "__launch_bounds__(" + std::to_string(*N) +
                      ") of a kernel that uses only threadIdx.x";
          return S;
        }
  return std::nullopt;
}

} // namespace

LaunchSites collectLaunchSites(ASTContext &Ctx) {
  LaunchSites Out;
  LaunchVisitor(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

std::vector<LaunchConfig> launchConfigsFor(ASTContext &Ctx,
                                           const FunctionDecl *Kernel,
                                           const LaunchSites &Launches,
                                           const std::optional<BlockShape> &Assumed,
                                           bool UsesThreadIdxYZ) {
  std::optional<BlockShape> Required;
  if (const auto *A = Kernel->getAttr<ReqdWorkGroupSizeAttr>()) {
    auto X = foldInt(A->getXDim(), Ctx), Y = foldInt(A->getYDim(), Ctx),
         Z = foldInt(A->getZDim(), Ctx);
    if (X && Y && Z)
      if ((Required = shapeOf(*X, *Y, *Z)))
        Required->Source = "reqd_work_group_size";
  }
  std::vector<LaunchConfig> Configs;
  auto It = Launches.find(Kernel->getCanonicalDecl());
  if (It != Launches.end())
    Configs = It->second;
  if (Configs.empty())
    Configs.push_back(LaunchConfig());
  const std::optional<BlockShape> Fallback =
      fallbackShape(Ctx, Kernel, Assumed, UsesThreadIdxYZ);
  std::vector<LaunchConfig> Out;
  for (LaunchConfig C : Configs) {
    if (Required)
      C.Shape = Required;
    else if (!C.Shape)
      C.Shape = Fallback;
    if (std::find(Out.begin(), Out.end(), C) == Out.end())
      Out.push_back(C);
  }
  return Out;
}

} // namespace ldslint
