//===- RowStride.cpp -------------------------------------------------------===//
#include "RowStride.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ldslint {

std::optional<int64_t> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

namespace {

bool sameElement(QualType A, QualType B, const ASTContext &Ctx) {
  return Ctx.hasSameUnqualifiedType(A, B);
}

/// `b[i]` or `b + i` with b naming a variable and i counting \p Element.
std::optional<BufferIndex> plainIndex(const Expr *E, const ASTContext &Ctx,
                                      QualType Element) {
  E = E->IgnoreParens();
  const Expr *BaseE = nullptr, *Idx = nullptr;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!sameElement(ASE->getType(), Element, Ctx))
      return std::nullopt;
    BaseE = ASE->getBase();
    Idx = ASE->getIdx();
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add)
      return std::nullopt;
    BaseE = BO->getLHS();
    Idx = BO->getRHS();
    if (!BaseE->getType()->isPointerType())
      std::swap(BaseE, Idx);
    if (!BaseE->getType()->isPointerType() ||
        !sameElement(BaseE->getType()->getPointeeType(), Element, Ctx))
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(BaseE->IgnoreParenImpCasts());
  if (!DRE || !Idx->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  return BufferIndex{Idx, DRE->getDecl(), DRE};
}

} // namespace

std::optional<BufferIndex> bufferIndex(const Expr *LValue, const ASTContext &Ctx,
                                       QualType Element) {
  if (!LValue)
    return std::nullopt;
  const Expr *E = LValue->IgnoreParens();
  // A reinterpreted (vector) access: `*P` or `P[0]` with P a cast pointer.
  const Expr *Ptr = nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      Ptr = UO->getSubExpr();
  } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
        !sameElement(ASE->getType(), Element, Ctx)) {
      if (constantValue(ASE->getIdx(), Ctx) != std::optional<int64_t>(0))
        return std::nullopt;
      Ptr = ASE->getBase();
    }
  }
  if (Ptr) {
    const Expr *Inner = Ptr->IgnoreParenCasts();
    if (const auto *Addr = dyn_cast<UnaryOperator>(Inner))
      if (Addr->getOpcode() == UO_AddrOf)
        return plainIndex(Addr->getSubExpr(), Ctx, Element);
    return plainIndex(Inner, Ctx, Element);
  }
  return plainIndex(E, Ctx, Element);
}

namespace {
void collectTerms(const Expr *E, const ASTContext &Ctx,
                  std::vector<StrideTerm> &Out) {
  E = E->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return;
  if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
    collectTerms(BO->getLHS(), Ctx, Out);
    collectTerms(BO->getRHS(), Ctx, Out);
    return;
  }
  if (BO->getOpcode() != BO_Mul)
    return;
  const std::optional<int64_t> L = constantValue(BO->getLHS(), Ctx),
                               R = constantValue(BO->getRHS(), Ctx);
  if (R && !L && *R > 1)
    Out.push_back({BO->getRHS(), BO, *R});
  else if (L && !R && *L > 1)
    Out.push_back({BO->getLHS(), BO, *L});
}
} // namespace

std::vector<StrideTerm> strideTerms(const Expr *Index, const ASTContext &Ctx) {
  std::vector<StrideTerm> Out;
  if (Index)
    collectTerms(Index, Ctx, Out);
  return Out;
}

namespace {
void termFactorsScaled(const Expr *E, int64_t Stride, int64_t Elements,
                       int64_t ElementBytes, int64_t Scale, const ASTContext &Ctx,
                       std::vector<const Expr *> &Out) {
  const Expr *I = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(I);
      BO && BO->getOpcode() == BO_Add) {
    termFactorsScaled(BO->getLHS(), Stride, Elements, ElementBytes, Scale, Ctx, Out);
    termFactorsScaled(BO->getRHS(), Stride, Elements, ElementBytes, Scale, Ctx, Out);
    return;
  }
  const std::vector<const Expr *> Factors = productFactors(I);
  const std::optional<int64_t> V = constantValue(I, Ctx);
  if (V && (*V * Scale == Elements || *V * Scale == Elements * ElementBytes))
    for (const Expr *F : Factors)
      if (constantValue(F, Ctx) == std::optional<int64_t>(Stride)) {
        Out.push_back(F);
        return;
      }
  // `(a + b) * sizeof(float)`: look inside the sum.
  const Expr *Sum = nullptr;
  int64_t Other = 1;
  for (const Expr *F : Factors) {
    const auto *Inner = dyn_cast<BinaryOperator>(F->IgnoreParenImpCasts());
    if (Inner && Inner->getOpcode() == BO_Add && !Sum) {
      Sum = F;
      continue;
    }
    const std::optional<int64_t> C = constantValue(F, Ctx);
    if (!C)
      return;
    Other *= *C;
  }
  if (Sum && Factors.size() > 1)
    termFactorsScaled(Sum, Stride, Elements, ElementBytes, Scale * Other, Ctx, Out);
}
} // namespace

const Expr *termFactor(const std::vector<const Expr *> &Es, int64_t Stride,
                       int64_t Elements, int64_t ElementBytes, const ASTContext &Ctx,
                       const std::string &Prefer) {
  std::vector<const Expr *> Found;
  for (const Expr *E : Es)
    if (E)
      termFactorsScaled(E, Stride, Elements, ElementBytes, 1, Ctx, Found);
  if (Found.empty())
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Expr *F : Found) {
    const CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(F->getSourceRange()), SM, Ctx.getLangOpts());
    if (!Prefer.empty() && R.isValid() &&
        Lexer::getSourceText(R, SM, Ctx.getLangOpts()) == Prefer)
      return F;
  }
  return Found.front();
}

const Expr *termFactor(const Expr *E, int64_t Stride, int64_t Elements,
                       int64_t ElementBytes, const ASTContext &Ctx,
                       const std::string &Prefer) {
  return termFactor(std::vector<const Expr *>{E}, Stride, Elements, ElementBytes,
                    Ctx, Prefer);
}

std::optional<Carve> carveOf(const Expr *Init) {
  if (!Init)
    return std::nullopt;
  const Expr *E = Init->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return Carve{DRE, {}};
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add)
      return std::nullopt;
    const Expr *Ptr = BO->getLHS(), *Off = BO->getRHS();
    if (!Ptr->getType()->isPointerType())
      std::swap(Ptr, Off);
    if (!Off->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    // `base + a + b` is `(base + a) + b`.
    std::optional<Carve> Inner = carveOf(Ptr);
    if (!Inner)
      return std::nullopt;
    Inner->Offsets.push_back(Off);
    return Inner;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        if (const auto *DRE = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()))
          return Carve{DRE, {ASE->getIdx()}};
  return std::nullopt;
}

std::optional<int64_t> carveOffset(const Carve &C, const ASTContext &Ctx) {
  int64_t Sum = 0;
  for (const Expr *O : C.Offsets) {
    const std::optional<int64_t> V = constantValue(O, Ctx);
    if (!V)
      return std::nullopt;
    Sum += *V;
  }
  return Sum;
}

ColumnTerm columnTerm(const Expr *Index, const StrideTerm &Term) {
  if (!Index || !Term.Product)
    return {};
  const Expr *Row = Term.Product->getLHS() == Term.Operand ? Term.Product->getRHS()
                                                          : Term.Product->getLHS();
  auto isProduct = [&](const Expr *E) {
    return E->IgnoreParenImpCasts() == Term.Product;
  };
  const Expr *E = Index->IgnoreParenImpCasts();
  const auto *Top = dyn_cast<BinaryOperator>(E);
  if (!Top || (Top->getOpcode() != BO_Add && Top->getOpcode() != BO_Sub))
    return {};
  // `column + x * S`.
  if (Top->getOpcode() == BO_Add && isProduct(Top->getRHS()))
    return {Row, Top->getLHS()->getBeginLoc(), Top->getLHS()->getEndLoc()};
  // `x * S + a (+|-) b ...`: the product is the leftmost addend and is
  // added, so the rest is the column term.
  for (const BinaryOperator *BO = Top; BO;) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      return {};
    if (isProduct(BO->getLHS()))
      return BO->getOpcode() == BO_Add
                 ? ColumnTerm{Row, BO->getRHS()->getBeginLoc(), Top->getEndLoc()}
                 : ColumnTerm{};
    BO = dyn_cast<BinaryOperator>(BO->getLHS()->IgnoreParenImpCasts());
  }
  return {};
}

std::vector<const Expr *> productFactors(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || BO->getOpcode() != BO_Mul)
    return {E};
  std::vector<const Expr *> Out = productFactors(BO->getLHS());
  for (const Expr *F : productFactors(BO->getRHS()))
    Out.push_back(F);
  return Out;
}

} // namespace ldslint
