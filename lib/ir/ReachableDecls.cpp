//===- ReachableDecls.cpp ----------------------------------------------===//
#include "ir/ReachableDecls.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ldslint {

namespace {

class ReferenceWalker : public RecursiveASTVisitor<ReferenceWalker> {
public:
  /// Implicit special members and the initialisers clang writes for them.
  bool shouldVisitImplicitCode() const { return true; }

  void reach(const FunctionDecl *FD) {
    if (!FD || !Out.Functions.insert(FD->getCanonicalDecl()).second)
      return;
    if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(FD)) {
      destroyMembersOf(Dtor->getParent());
      constructed(Dtor->getParent()); // it writes the vtable too
    }
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      constructed(Ctor->getParent());
    if (const FunctionDecl *Def = FD->getDefinition())
      Work.push_back(Def);
  }

  void reach(const VarDecl *V) {
    if (!V || !V->hasGlobalStorage() || !Out.Variables.insert(V->getCanonicalDecl()).second)
      return;
    const VarDecl *WithInit = nullptr;
    if (const Expr *Init = V->getAnyInitializer(WithInit))
      TraverseStmt(const_cast<Expr *>(Init));
  }

  void run() {
    while (!Work.empty()) {
      const FunctionDecl *Def = Work.back();
      Work.pop_back();
      TraverseDecl(const_cast<FunctionDecl *>(Def));
    }
  }

  // Default member initialisers and default arguments are code of the
  // functions that use them (LLVM 15's visitor skips the former even with
  // implicit code).
  bool TraverseCXXDefaultInitExpr(CXXDefaultInitExpr *E, DataRecursionQueue * = nullptr) {
    return TraverseStmt(E->getExpr());
  }
  bool TraverseCXXDefaultArgExpr(CXXDefaultArgExpr *E, DataRecursionQueue * = nullptr) {
    return TraverseStmt(E->getExpr());
  }
  bool VisitCXXInheritedCtorInitExpr(CXXInheritedCtorInitExpr *E) {
    reach(E->getConstructor());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      reach(FD);
    else if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      reach(V);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getMemberDecl()))
      reach(FD);
    else if (const auto *V = dyn_cast<VarDecl>(E->getMemberDecl()))
      reach(V); // a static data member named through an object
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    reach(E->getDirectCallee());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    reach(E->getConstructor());
    destroyed(E->getType());
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    reach(E->getTemporary()->getDestructor());
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    reach(E->getOperatorNew());
    reach(E->getOperatorDelete());
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    reach(E->getOperatorDelete());
    destroyed(E->getDestroyedType());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    destroyed(V->getType());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *E) {
    reach(E->getCallOperator());
    return true;
  }

  Reached Out;

private:
  std::vector<const FunctionDecl *> Work;

  void destroyed(QualType T) {
    if (T.isNull())
      return;
    if (const CXXRecordDecl *R = T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
      if (R->hasDefinition())
        reach(R->getDestructor());
  }
  /// A destructor also runs its bases' and members' destructors.
  void destroyMembersOf(const CXXRecordDecl *R) {
    if (!R || !R->hasDefinition())
      return;
    for (const CXXBaseSpecifier &B : R->bases())
      destroyed(B.getType());
    for (const FieldDecl *F : R->fields())
      destroyed(F->getType());
  }
  /// A class with a vtable: its constructor emits every virtual function.
  void constructed(const CXXRecordDecl *R) {
    if (!R || !R->hasDefinition() || !R->isDynamicClass())
      return;
    for (const CXXMethodDecl *M : R->methods())
      if (M->isVirtual())
        reach(M);
    reach(R->getDestructor());
  }
};

} // namespace

Reached reachedFrom(const std::vector<const FunctionDecl *> &Roots,
                    const std::vector<const VarDecl *> &Variables) {
  ReferenceWalker W;
  for (const VarDecl *V : Variables)
    W.reach(V);
  for (const FunctionDecl *FD : Roots)
    W.reach(FD);
  W.run();
  return std::move(W.Out);
}

} // namespace ldslint
