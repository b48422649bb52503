//===- FixPlannerStrideSwizzle.cpp - XOR swizzle of a 1-D buffer's columns ===//
//
// A buffer indexed `x * S + column`, S a power of two, keeps its size and
// layout of rows when its column term becomes `column ^ mask(x)`: the
// element moves within its row. The mask is the one of two-dimensional
// swizzles (SwizzleShapes.h), a multiple of the widest vector access so
// vectors move whole. Each candidate is evaluated on every access of the
// buffer (address' = address + ((y ^ mask(x)) - y) * element size, with
// y the address at stride 0 and x the address's derivative in the
// stride), for every launch and target, simplest mask first.
//
//===----------------------------------------------------------------------===//
#include "FixPlanner.h"
#include "StridePlan.h"
#include "StringCompat.h"
#include "SwizzleShapes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace ldslint {

namespace {

/// \p E can be written twice without changing what the code does: no
/// assignment, increment or allocation, and no call other than the reads
/// of the built-in indices (`threadIdx.x`, a property whose getter is
/// `__fetch_builtin_x`) or of functions declared const or pure.
bool repeatable(const Expr *E) {
  if (!E)
    return true;
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    if (const auto *Prop = dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()))
      return Prop->getPropertyDecl()->getGetterId() &&
             startsWith(Prop->getPropertyDecl()->getGetterId()->getName(),
                        "__fetch_builtin_");
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->isIncrementDecrementOp())
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAssignmentOp())
    return false;
  if (isa<CXXNewExpr, CXXDeleteExpr, CXXThrowExpr, AtomicExpr, VAArgExpr, StmtExpr,
          LambdaExpr, MSPropertyRefExpr, PseudoObjectExpr>(E))
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
    if (!FD || !(FD->hasAttr<ConstAttr>() || FD->hasAttr<PureAttr>()))
      return false;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && !repeatable(CE))
      return false;
  return true;
}

constexpr IntType I64{64, true};

/// \p Address with the stride symbol \p Sym set to \p Value.
SymRef atStride(const SymRef &Address, SymbolId Sym, int64_t Value) {
  return substitute(Address, [&](SymbolId Id) -> SymRef {
    return Id == Sym ? SymExpr::constant(Value, I64) : nullptr;
  });
}

/// The address of \p Site once its column term y is XORed with the mask
/// of its row x.
SymRef swizzledAddress(const AccessSite &Site, SymbolId Sym, int64_t Stride,
                       int64_t ElemBytes, int64_t BaseElements, const SwizzleShape &S) {
  const SymRef &A = Site.Model.Address;
  const SymRef AtZero = atStride(A, Sym, 0);
  const SymRef E = SymExpr::constant(ElemBytes, I64);
  const SymRef Column = SymExpr::binary(
      Op::Sub, SymExpr::binary(Op::Div, AtZero, E, I64),
      SymExpr::constant(BaseElements, I64), I64);
  const SymRef Row = SymExpr::binary(
      Op::Div, SymExpr::binary(Op::Sub, atStride(A, Sym, 1), AtZero, I64), E, I64);
  const SymRef Mask = SymExpr::binary(
      Op::Rem,
      SymExpr::binary(Op::Mul,
                      SymExpr::binary(Op::Div, Row, SymExpr::constant(S.Div, I64), I64),
                      SymExpr::constant(S.Mul, I64), I64),
      SymExpr::constant(Stride, I64), I64);
  const SymRef Swizzled = SymExpr::binary(Op::Xor, Column, Mask, I64);
  return SymExpr::binary(
      Op::Add, A,
      SymExpr::binary(Op::Mul, SymExpr::binary(Op::Sub, Swizzled, Column, I64), E, I64),
      I64);
}

} // namespace

std::optional<Fix> FixPlanner::swizzleColumns(StridePlan &P,
                                              const std::vector<Finding> &Findings,
                                              std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const std::string &Buffer = P.Buffer;
  auto lineOf = [&](const Use &U) { return P.lineOf(U, Findings); };
  Unproven = false;

  // Every access must be rewritable: one product by the stride, added to a
  // column term written in one piece.
  struct ColumnEdit {
    CharSourceRange Column;
    std::string ColumnText, RowText;
  };
  std::vector<ColumnEdit> Columns;
  // The column term of a subscript whose stride terms are \p Terms, one of
  // them by a stride in \p Strides; false with WhyNot set if it cannot be
  // rewritten.
  auto addColumn = [&](const Expr *Index, const std::vector<StrideTerm> &Terms,
                       const std::set<int64_t> &Strides, const std::string &Line) {
    const StrideTerm *Term = nullptr;
    unsigned Count = 0;
    for (const StrideTerm &T : Terms)
      if (Strides.count(T.Value)) {
        Term = &T;
        ++Count;
      }
    const ColumnTerm CT = Count == 1 ? columnTerm(Index, *Term) : ColumnTerm();
    if (!CT.Row) {
      WhyNot = "the index of '" + Buffer + "' at line " + Line +
               " is not written as `x * stride + column` with one column term "
               "that an XOR can be applied to";
      return false;
    }
    // The mask repeats x: `x++ * S + c` must not become two increments.
    if (!repeatable(CT.Row)) {
      WhyNot = "the row of the index of '" + Buffer + "' at line " + Line +
               " has side effects, which the XOR mask would repeat";
      return false;
    }
    const CharSourceRange Column = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(CT.Begin, CT.End), SM, LO);
    const CharSourceRange Row = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(CT.Row->getSourceRange()), SM, LO);
    if (Column.isInvalid() || Row.isInvalid() || CT.Begin.isMacroID() ||
        CT.End.isMacroID() || CT.Row->getBeginLoc().isMacroID()) {
      WhyNot = "the column term of '" + Buffer + "' at line " + Line +
               " is written inside a macro expansion";
      return false;
    }
    const std::string RowText = Lexer::getSourceText(Row, SM, LO).str();
    Columns.push_back({Column, asOperand(Lexer::getSourceText(Column, SM, LO).str()),
                       isa<ParenExpr>(CT.Row) ? RowText : asOperand(RowText)});
    return true;
  };
  int64_t VectorElems = 1, MinStride = 0;
  std::set<int64_t> Strides;
  for (size_t I = 0; I < P.Strided.size(); ++I) {
    const Use &U = P.Strided[I];
    const StridePlan::Subscript &Sub = *P.Subscripts[I];
    const int64_t S = P.strideOf(U);
    if (!isPowerOfTwo(S)) {
      WhyNot = "an XOR swizzle of the column term needs a power-of-two row "
               "stride (" + std::to_string(S) + ")";
      return std::nullopt;
    }
    MinStride = MinStride ? std::min(MinStride, S) : S;
    Strides.insert(S);
    VectorElems = std::max<int64_t>(VectorElems, U.Site->Model.WidthBytes / P.ElemBytes);
    if (!addColumn(Sub.Index.Index, Sub.Terms, {S}, lineOf(U)))
      return std::nullopt;
  }
  for (const StridePlan::Twin &T : P.Twins)
    if (!addColumn(T.Index.Index, T.Terms, Strides,
                   std::to_string(SM.getSpellingLineNumber(
                       SM.getFileLoc(T.Index.Index->getBeginLoc())))))
      return std::nullopt;
  if (!isPowerOfTwo(VectorElems) && VectorElems != 1) {
    WhyNot = "an XOR swizzle needs power-of-two vector widths";
    return std::nullopt;
  }
  // A vector access must start at a multiple of its width, so that the
  // mask (a multiple of the widest vector) moves it whole.
  for (const Use &U : P.Strided) {
    if (U.Site->Model.WidthBytes <= P.ElemBytes)
      continue;
    EvalOptions Zero;
    Zero.ExpectZeroAddress = true;
    const SymRef Misaligned = SymExpr::binary(
        Op::Rem,
        SymExpr::binary(Op::Sub, atStride(U.Site->Model.Address, *U.Kernel->StrideSymbol, 0),
                        SymExpr::constant(P.BaseElements * P.ElemBytes, I64), I64),
        SymExpr::constant(U.Site->Model.WidthBytes, I64), I64);
    if (!allClean(U, Zero, Misaligned)) {
      WhyNot = "the column term of the vector access of '" + Buffer + "' at line " +
               lineOf(U) + " is not proven to be a multiple of " +
               std::to_string(U.Site->Model.WidthBytes / P.ElemBytes) + " elements";
      return std::nullopt;
    }
  }

  auto addressOf = [ElemBytes = P.ElemBytes,
                    Base = P.BaseElements](const Use &U, const SwizzleShape &S) {
    const SymbolId Sym = *U.Kernel->StrideSymbol;
    return swizzledAddress(*U.Site, Sym, U.Kernel->Model.Symbols[Sym].Value,
                           ElemBytes, Base, S);
  };
  const std::optional<SwizzleShape> Found =
      firstCleanSwizzle(swizzleShapes(VectorElems, MinStride), P.Strided, addressOf);
  if (!Found) {
    WhyNot = "no XOR swizzle of the column term of '" + Buffer +
             "' (column ^ ((x / 2^i) * 2^j % " + std::to_string(MinStride) + ")" +
             (VectorElems > 1 ? ", in steps of " + std::to_string(VectorElems) +
                                    " elements for its vector accesses"
                              : std::string()) +
             ")" + removesEveryConflict();
    return std::nullopt;
  }

  // The stride as written names the row length in the mask (`% BM`), so
  // that every instantiation of a template gets its own.
  const std::string StrideText = asOperand(P.StrideEdits.begin()->second.Text);
  Fix F;
  std::set<std::pair<unsigned, unsigned>> Edited; // (file, offset)
  for (const ColumnEdit &C : Columns) {
    if (!Edited
             .insert({SM.getFileID(C.Column.getBegin()).getHashValue(),
                      SM.getFileOffset(C.Column.getBegin())})
             .second)
      continue; // the same source access in another instantiation
    // Parenthesised: `^` binds less tightly than the `+` around it.
    F.Edits.push_back(edit(C.Column, "(" + C.ColumnText + " ^ (" +
                                         maskText(*Found, C.RowText, StrideText) +
                                         "))"));
  }
  F.Description = "XOR-swizzle the column term of '" + Buffer +
                  "' by its row x (x * " + P.StrideEdits.begin()->second.Text +
                  " + (column ^ (" + maskText(*Found, "x", StrideText) +
                  "))) in all " + std::to_string(F.Edits.size()) +
                  (F.Edits.size() == 1 ? " access" : " accesses") +
                  " (no extra memory" +
                  (VectorElems > 1 ? "; " + std::to_string(VectorElems * P.ElemBytes) +
                                         "-byte vectors stay whole and aligned"
                                   : std::string()) +
                  ")";
  SwizzleAfter = [this, addressOf, S = *Found](const Use &U, const Finding &Fd) {
    return evaluateFixed(U, Fd, EvalOptions(), addressOf(U, S));
  };
  return F;
}

} // namespace ldslint
