//===- AccessPlacement.cpp -------------------------------------------------===//
#include "AccessPlacement.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <set>

using namespace clang;

namespace ldslint {

namespace {

/// Assignment and increment operators, and references to shared variables
/// written inside macro expansions, in one walk of the unit.
class OperatorIndexer : public RecursiveASTVisitor<OperatorIndexer> {
public:
  OperatorIndexer(const std::function<void(SourceLocation, const Expr *)> &Add,
                  const std::function<void(const DeclRefExpr *)> &AddReference)
      : Add(Add), AddReference(AddReference) {}
  // Default member initialisers and default arguments run as part of the
  // function that uses them.
  bool TraverseCXXDefaultInitExpr(CXXDefaultInitExpr *E, DataRecursionQueue * = nullptr) {
    return TraverseStmt(E->getExpr());
  }
  bool TraverseCXXDefaultArgExpr(CXXDefaultArgExpr *E, DataRecursionQueue * = nullptr) {
    return TraverseStmt(E->getExpr());
  }
  // `Agg x{}`: the default member initialisers an aggregate's braces run
  // are in the semantic form of the list, which the visitor does not walk.
  bool VisitInitListExpr(InitListExpr *E) {
    defaultInitialisersIn(E->isSemanticForm() ? E : E->getSemanticForm());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (D->getBeginLoc().isMacroID())
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        if (V->hasAttr<CUDASharedAttr>())
          AddReference(D);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      Add(B->getOperatorLoc(), B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      Add(U->getOperatorLoc(), U);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    // `v = w` of a struct in shared memory (its copy assignment).
    if (C->isAssignmentOp() && C->getNumArgs() == 2)
      Add(C->getOperatorLoc(), C);
    return true;
  }

private:
  void defaultInitialisersIn(const InitListExpr *Semantic) {
    if (!Semantic)
      return;
    for (const Expr *Init : Semantic->inits()) {
      if (const auto *Default = dyn_cast_or_null<CXXDefaultInitExpr>(Init))
        TraverseStmt(const_cast<Expr *>(Default->getExpr()));
      else if (const auto *Inner = dyn_cast_or_null<InitListExpr>(Init))
        defaultInitialisersIn(Inner);
    }
  }
  const std::function<void(SourceLocation, const Expr *)> &Add;
  const std::function<void(const DeclRefExpr *)> &AddReference;
};

/// The references to \p Array under \p E.
class ReferenceFinder : public RecursiveASTVisitor<ReferenceFinder> {
public:
  explicit ReferenceFinder(SourceLocation ArrayLoc) : ArrayLoc(ArrayLoc) {}
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (D->getDecl()->getLocation() == ArrayLoc)
      Found.push_back(D);
    return true;
  }
  SourceLocation ArrayLoc;
  std::vector<const DeclRefExpr *> Found;
};

} // namespace

AccessPlacement::AccessPlacement(ASTContext &Ctx,
                                 const std::vector<const FunctionDecl *> &Functions,
                                 bool SystemHeaders)
    : SM(Ctx.getSourceManager()) {
  const std::function<void(SourceLocation, const Expr *)> Add =
      [&](SourceLocation L, const Expr *E) {
        const SourceLocation F = fileLoc(L);
        if (F.isValid())
          Operators.emplace(SM.getDecomposedLoc(F), E);
      };
  const std::function<void(const DeclRefExpr *)> AddReference = [&](const DeclRefExpr *D) {
    const SourceLocation F = fileLoc(D->getBeginLoc());
    if (F.isValid())
      MacroReferences.emplace(std::make_pair(SM.getDecomposedLoc(F), D->getDecl()->getLocation()),
                              D->getBeginLoc());
  };
  OperatorIndexer Indexer(Add, AddReference);
  std::set<const CXXRecordDecl *> Constructed;
  for (const FunctionDecl *FD : Functions) {
    if (!SystemHeaders && SM.isInSystemHeader(FD->getLocation()))
      continue;
    Indexer.TraverseDecl(const_cast<FunctionDecl *>(FD));
    // A constructor also runs the class's default member initialisers,
    // written in no function (an implicit constructor's are not visited).
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      if (Constructed.insert(Ctor->getParent()).second)
        for (const FieldDecl *Field : Ctor->getParent()->fields())
          if (Expr *Init = Field->getInClassInitializer())
            Indexer.TraverseStmt(Init);
  }
}

SourceLocation AccessPlacement::fileLoc(SourceLocation L) const {
  return L.isValid() ? SM.getExpansionLoc(L) : L;
}

void AccessPlacement::moveTo(SourceLocation L, Finding &F) const {
  const PresumedLoc P = SM.getPresumedLoc(fileLoc(L));
  if (!P.isValid() || P.getLine() != F.Line)
    return; // another line (a multi-line statement): the debug line stands
  // A location in a macro expansion stays one: diagnostics then say which
  // macro the access is written in.
  F.Loc = L;
  F.Column = P.getColumn();
}

void AccessPlacement::intoMacro(Finding &F) const {
  if (!F.Loc.isFileID() || F.DeclLoc.isInvalid())
    return;
  const auto It =
      MacroReferences.find(std::make_pair(SM.getDecomposedLoc(F.Loc), F.DeclLoc));
  if (It != MacroReferences.end())
    F.Loc = It->second;
}

void AccessPlacement::place(Finding &F) const {
  if (F.Loc.isInvalid() || !F.Loc.isFileID())
    return;
  const auto It = Operators.find(SM.getDecomposedLoc(F.Loc));
  if (It == Operators.end()) {
    intoMacro(F);
    return;
  }
  const Expr *Op = It->second;
  const Expr *Target = nullptr, *Source = nullptr;
  bool Plain = false;
  if (const auto *B = dyn_cast<BinaryOperator>(Op)) {
    Target = B->getLHS();
    Source = B->getRHS();
    Plain = B->getOpcode() == BO_Assign;
  } else if (const auto *U = dyn_cast<UnaryOperator>(Op)) {
    Target = U->getSubExpr();
  } else if (const auto *C = dyn_cast<CXXOperatorCallExpr>(Op)) {
    Target = C->getArg(0);
    Source = C->getArg(1);
    Plain = true;
  }
  if (!Target)
    return;
  if (F.Kind != AccessKind::Read || !Plain) {
    moveTo(Target->getBeginLoc(), F);
    return;
  }
  // A read at a plain `=`: the array's one reference on the right.
  if (!Source || F.DeclLoc.isInvalid())
    return;
  ReferenceFinder Refs(F.DeclLoc);
  Refs.TraverseStmt(const_cast<Expr *>(Source));
  if (Refs.Found.size() == 1)
    moveTo(Refs.Found.front()->getBeginLoc(), F);
  intoMacro(F);
}

} // namespace ldslint
