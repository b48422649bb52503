//===- VectorCopySites.cpp -------------------------------------------------===//
#include "ir/VectorCopySites.h"

#include "ir/DebugLocations.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <functional>

using namespace clang;

namespace ldslint {

namespace {

class CopyIndexer : public RecursiveASTVisitor<CopyIndexer> {
public:
  CopyIndexer(const ASTContext &Ctx,
              const std::function<void(SourceLocation, unsigned)> &Add)
      : Ctx(Ctx), Add(Add) {}
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      note(B->getOperatorLoc(), B->getLHS()->getType());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2)
      note(C->getOperatorLoc(), C->getArg(0)->getType());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit()) {
      note(Init->getBeginLoc(), V->getType());
      note(V->getLocation(), V->getType());
    }
    return true;
  }

private:
  /// Vector-like: a complete record or vector type of 8 or 16 bytes whose
  /// alignment is its size.
  void note(SourceLocation L, QualType T) {
    if (L.isInvalid() || T.isNull() || T->isDependentType() || T->isIncompleteType() ||
        !(T->isRecordType() || T->isVectorType()))
      return;
    const int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
    const int64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
    if ((Size == 8 || Size == 16) && Align == Size)
      Add(L, static_cast<unsigned>(Align));
  }
  const ASTContext &Ctx;
  const std::function<void(SourceLocation, unsigned)> &Add;
};

} // namespace

VectorCopySites::VectorCopySites(
    ASTContext &Ctx, std::function<const Decl *(const llvm::Function &)> DeclOf,
    std::shared_ptr<EnteredFiles> Files)
    : Ctx(Ctx), SM(Ctx.getSourceManager()), Locations(SM, std::move(Files)),
      DeclOf(std::move(DeclOf)) {}

void VectorCopySites::index(Decl *D) {
  const std::function<void(SourceLocation, unsigned)> Add = [&](SourceLocation L,
                                                                unsigned A) {
    const SourceLocation F = SM.getExpansionLoc(L);
    if (F.isValid())
      Alignment.emplace(SM.getDecomposedLoc(F), A);
  };
  CopyIndexer(Ctx, Add).TraverseDecl(D);
}

unsigned VectorCopySites::alignmentOf(const llvm::Instruction &Copy) {
  const llvm::DILocation *L = Copy.getDebugLoc().get();
  const SourceLocation S = Locations.locate(L);
  if (S.isInvalid())
    return 0;
  const Decl *D = DeclOf ? DeclOf(*Copy.getFunction()) : nullptr;
  if (D && !UnitIndexed && Indexed.insert(D->getCanonicalDecl()).second)
    index(const_cast<Decl *>(D));
  if (!D && !UnitIndexed) {
    UnitIndexed = true;
    index(Ctx.getTranslationUnitDecl());
  }
  const auto It = Alignment.find(SM.getDecomposedLoc(S));
  return It == Alignment.end() ? 0 : It->second;
}

} // namespace ldslint
