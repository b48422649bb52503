//===- KernelCoverage.cpp - Kernels the source engine fully decides -------===//
#include "KernelCoverage.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <map>
#include <set>
#include <utility>

using namespace clang;

namespace ldslint {
namespace {

/// Walks a kernel and, transitively, the bodies of what it calls; stops at
/// the first thing the source engine may not have followed.
class CoverageWalker : public RecursiveASTVisitor<CoverageWalker> {
public:
  explicit CoverageWalker(const ExtractedKernel &K) : K(K) {}

  bool Covered = true;

  void walkFunction(const FunctionDecl *FD, unsigned Depth) {
    if (!Covered)
      return;
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def) {
      return;
    }
    if (Depth > 16) { // deep call chains: leave them to the IR
      Covered = false;
      return;
    }
    if (!Visited.insert(Def).second)
      return;
    CurrentDepth = Depth;
    TraverseStmt(Def->getBody());
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        TraverseStmt(Init->getInit());
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()))
      if (isSharedVariable(VD) && !K.FollowedRefs.count(E))
        Covered = false;
    return Covered;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *) { return Covered = false; }
  bool VisitMSAsmStmt(MSAsmStmt *) { return Covered = false; }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    if (!Callee)
      return Covered = false; // through a pointer: anything may happen
    if (const auto *M = dyn_cast<CXXMethodDecl>(Callee))
      if (M->isVirtual())
        return Covered = false;
    if (Callee->getBuiltinID()) {
      // memcpy/memset/memmove move whole blocks through their pointers, which
      // the source engine does not cost: the IR engine answers for them.
      const IdentifierInfo *Id = Callee->getIdentifier();
      const llvm::StringRef Name = Id ? Id->getName() : llvm::StringRef();
      if (Name.contains("memcpy") || Name.contains("memset") || Name.contains("memmove"))
        return Covered = false;
      return true; // its arguments are visited like any expression
    }
    if (!Callee->hasBody()) {
      // Defined elsewhere: harmless unless it can receive an address.
      for (const ParmVarDecl *P : Callee->parameters())
        if (P->getType()->isPointerType() || P->getType()->isReferenceType())
          return Covered = false;
      for (const Expr *Arg : E->arguments()) // variadic ones too
        if (Arg->getType()->isPointerType())
          return Covered = false;
      return true;
    }
    walkCallee(Callee);
    return Covered;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (const CXXConstructorDecl *Ctor = E->getConstructor())
      if (!Ctor->isTrivial())
        walkCallee(Ctor);
    return Covered;
  }

private:
  void walkCallee(const FunctionDecl *Callee) {
    // The caller's traversal continues afterwards: keep its depth.
    const unsigned Saved = CurrentDepth;
    walkFunction(Callee, CurrentDepth + 1);
    CurrentDepth = Saved;
  }

  const ExtractedKernel &K;
  std::set<const FunctionDecl *> Visited;
  unsigned CurrentDepth = 0;
};

bool widthIsOneInstruction(unsigned Bytes) {
  return Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8 || Bytes == 16;
}

} // namespace

bool sourceEngineCoversKernel(const ASTContext &Ctx, const ExtractedKernel &K,
                              const std::vector<const Finding *> &Findings) {
  if (Findings.size() < K.Accesses.size())
    return false;
  for (const Finding *F : Findings)
    if (F->Result.Status == Verdict::Unknown)
      return false;
  // One read and one write per array at most; atomics count as both.
  std::map<std::pair<const VarDecl *, int>, unsigned> PerKind;
  for (const AccessSite &Site : K.Accesses) {
    if (!Site.Model.Unsupported.empty() ||
        !widthIsOneInstruction(Site.Model.WidthBytes) || !Site.Where ||
        Site.Where->getType()->isRecordType())
      return false;
    const bool Reads = Site.Model.Kind != AccessKind::Write;
    const bool Writes = Site.Model.Kind != AccessKind::Read;
    if ((Reads && ++PerKind[{Site.Array, 0}] > 1) ||
        (Writes && ++PerKind[{Site.Array, 1}] > 1))
      return false;
  }
  CoverageWalker W(K);
  W.walkFunction(K.Kernel, 0);
  return W.Covered;
}

} // namespace ldslint
