//===- MutationScan.h - Which variables change after their declaration -*- C++ -*-===//
#ifndef LDSLINT_MUTATIONSCAN_H
#define LDSLINT_MUTATIONSCAN_H

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace ldslint {

/// Which local variables are assigned, incremented, have their address
/// taken or are bound to a non-const reference anywhere in a body: only the
/// others can be replaced by their initializer.
class MutationScan : public clang::RecursiveASTVisitor<MutationScan> {
public:
  llvm::DenseSet<const clang::VarDecl *> Mutated;
  /// How many places change each variable.
  llvm::DenseMap<const clang::VarDecl *, unsigned> Count;

  bool VisitBinaryOperator(clang::BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      mark(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == clang::UO_AddrOf)
      mark(UO->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *CE) {
    if (CE->isAssignmentOp() && CE->getNumArgs() > 0)
      mark(CE->getArg(0));
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *VD) {
    // A reference bound to a local can modify it.
    if (VD->getType()->isReferenceType() && VD->getInit())
      mark(VD->getInit());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *CE) {
    // A local passed by reference can be modified. An argument bound to a
    // reference stays an lvalue (no lvalue-to-rvalue conversion), whatever
    // the callee: direct, indirect, a member operator() or a template.
    for (const clang::Expr *Arg : CE->arguments())
      markIfBoundToReference(Arg);
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *CE) {
    for (const clang::Expr *Arg : CE->arguments())
      markIfBoundToReference(Arg);
    return true;
  }
  bool VisitGCCAsmStmt(clang::GCCAsmStmt *AS) {
    for (const clang::Expr *Out : AS->outputs())
      mark(Out);
    return true;
  }

private:
  void markIfBoundToReference(const clang::Expr *Arg) {
    Arg = Arg->IgnoreParens();
    if (Arg->isGLValue() && llvm::isa<clang::DeclRefExpr>(Arg))
      mark(Arg);
  }
  void mark(const clang::Expr *E) {
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl())) {
        Mutated.insert(VD);
        ++Count[VD];
      }
  }
};

} // namespace ldslint

#endif
