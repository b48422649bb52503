//===- Polynomial.cpp ------------------------------------------------------===//
#include "Polynomial.h"

#include <algorithm>
#include <optional>

namespace ldslint {

namespace {

class Builder {
public:
  explicit Builder(Polynomial &P) : P(P) {}

  using Terms = std::map<std::vector<unsigned>, int64_t>;

  Terms build(const SymRef &E) {
    switch (E->K) {
    case SymExpr::Kind::Const:
      return constant(E->Value);
    case SymExpr::Kind::Symbol:
      return atom(E);
    case SymExpr::Kind::Unary:
      if (E->Opcode == Op::Cast && E->Type.Bits > 1)
        return build(E->A);
      if (E->Opcode == Op::Neg)
        return scale(build(E->A), -1);
      return atom(E);
    case SymExpr::Kind::Binary:
      switch (E->Opcode) {
      case Op::Add:
        return add(build(E->A), build(E->B), 1);
      case Op::Sub:
        return add(build(E->A), build(E->B), -1);
      case Op::Mul:
        return mul(build(E->A), build(E->B));
      case Op::Shl:
        if (auto S = constantValue(E->B))
          if (*S >= 0 && *S < 32)
            return scale(build(E->A), int64_t(1) << *S);
        return atom(E);
      case Op::Div:
        if (auto D = constantValue(E->B))
          if (auto Exact = divideExactly(E, *D))
            return *Exact;
        return atom(E);
      case Op::Shr:
        if (auto S = constantValue(E->B))
          if (*S >= 0 && *S < 32)
            if (auto Exact = divideExactly(E, int64_t(1) << *S))
              return *Exact;
        return atom(E);
      default:
        return atom(E);
      }
    case SymExpr::Kind::Ternary:
      return atom(E);
    }
    return atom(E);
  }

private:
  Polynomial &P;

  /// `(8 * t + 16 * k) / 8` is `t + 2 * k`: every coefficient of the
  /// dividend a multiple of a power-of-two divisor. Like the rest of this
  /// view it takes the arithmetic as unbounded; where the dividend wraps,
  /// the quotient still agrees modulo 2^(bits - log2 D), far more than a
  /// bank window. Anything else stays an atom.
  std::optional<Terms> divideExactly(const SymRef &E, int64_t D) {
    // Narrow types keep too few bits after the division to stand for the
    // quotient modulo a bank window.
    if (D <= 0 || (D & (D - 1)) != 0 || E->Type.Bits < 32 ||
        D > (int64_t(1) << (E->Type.Bits - 12)))
      return std::nullopt;
    Polynomial Inner;
    Terms T = Builder(Inner).build(E->A);
    for (const auto &[M, C] : T)
      if (C % D != 0)
        return std::nullopt;
    // Re-home the dividend's atoms in this polynomial.
    Terms Out;
    for (const auto &[M, C] : T) {
      Terms Product = constant(C / D);
      for (unsigned A : M)
        Product = mul(Product, atom(Inner.Atoms[A]));
      Out = add(std::move(Out), Product, 1);
    }
    return Out;
  }

  static Terms constant(int64_t V) {
    Terms T;
    if (V != 0)
      T[{}] = V;
    return T;
  }

  Terms atom(const SymRef &E) {
    // Symbols are shared by id so that x*x and x+x combine.
    for (unsigned I = 0; I < P.Atoms.size(); ++I) {
      const SymRef &A = P.Atoms[I];
      if (A == E || (A->K == SymExpr::Kind::Symbol &&
                     E->K == SymExpr::Kind::Symbol && A->Sym == E->Sym))
        return Terms{{{I}, 1}};
    }
    P.Atoms.push_back(E);
    return Terms{{{static_cast<unsigned>(P.Atoms.size() - 1)}, 1}};
  }

  static Terms scale(Terms T, int64_t F) {
    Terms R;
    for (auto &[M, C] : T)
      if (C * F != 0)
        R[M] = C * F;
    return R;
  }

  static Terms add(Terms L, const Terms &R, int64_t Sign) {
    for (const auto &[M, C] : R) {
      L[M] += Sign * C;
      if (L[M] == 0)
        L.erase(M);
    }
    return L;
  }

  static Terms mul(const Terms &L, const Terms &R) {
    Terms Out;
    for (const auto &[ML, CL] : L)
      for (const auto &[MR, CR] : R) {
        std::vector<unsigned> M = ML;
        M.insert(M.end(), MR.begin(), MR.end());
        std::sort(M.begin(), M.end());
        Out[M] += CL * CR;
        if (Out[M] == 0)
          Out.erase(M);
      }
    return Out;
  }
};

} // namespace

std::optional<int64_t> constantValue(const SymRef &E) {
  if (E->isConst())
    return E->Value;
  if (E->K == SymExpr::Kind::Unary && E->Opcode == Op::Cast && E->A->isConst())
    return E->Type.wrap(E->A->Value);
  return std::nullopt;
}

Polynomial Polynomial::of(const SymRef &E) {
  Polynomial P;
  P.Terms = Builder(P).build(E);
  return P;
}

SymRef Polynomial::toExpr() const {
  const IntType I64{64, true};
  SymRef Sum;
  for (const auto &[M, C] : Terms) {
    SymRef Term = SymExpr::constant(C, I64);
    for (unsigned A : M)
      Term = SymExpr::binary(Op::Mul, Term, SymExpr::cast(Atoms[A], I64), I64);
    Sum = Sum ? SymExpr::binary(Op::Add, Sum, Term, I64) : Term;
  }
  return Sum ? Sum : SymExpr::constant(0, I64);
}

} // namespace ldslint
