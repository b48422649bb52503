//===- SymExpr.cpp ---------------------------------------------------------===//
#include "SymExpr.h"

namespace ldslint {

SymRef SymExpr::constant(int64_t V, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Const;
  E->Type = T;
  E->Value = T.wrap(V);
  return E;
}

SymRef SymExpr::symbol(SymbolId S, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Symbol;
  E->Type = T;
  E->Sym = S;
  return E;
}

SymRef SymExpr::unary(Op O, SymRef A, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Unary;
  E->Type = T;
  E->Opcode = O;
  E->A = std::move(A);
  return E;
}

SymRef SymExpr::binary(Op O, SymRef A, SymRef B, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Binary;
  E->Type = T;
  E->Opcode = O;
  E->A = std::move(A);
  E->B = std::move(B);
  return E;
}

SymRef SymExpr::select(SymRef Cond, SymRef A, SymRef B, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Ternary;
  E->Type = T;
  E->Opcode = Op::Select;
  E->A = std::move(Cond);
  E->B = std::move(A);
  E->C = std::move(B);
  return E;
}

SymRef SymExpr::cast(SymRef A, IntType T) { return unary(Op::Cast, A, T); }

std::optional<int64_t> evaluate(const SymExpr &E, const SymbolValues &Values) {
  return evaluateWith(E, Values);
}

void forEachSymbol(const SymExpr &E, const std::function<void(SymbolId)> &F) {
  if (E.K == SymExpr::Kind::Symbol)
    F(E.Sym);
  if (E.A)
    forEachSymbol(*E.A, F);
  if (E.B)
    forEachSymbol(*E.B, F);
  if (E.C)
    forEachSymbol(*E.C, F);
}

SymRef rewrite(const SymRef &E, const std::function<SymRef(const SymRef &)> &Replace) {
  if (!E)
    return E;
  if (SymRef R = Replace(E))
    return R;
  if (E->K == SymExpr::Kind::Const || E->K == SymExpr::Kind::Symbol)
    return E;
  SymRef A = rewrite(E->A, Replace), B = rewrite(E->B, Replace),
         C = rewrite(E->C, Replace);
  if (A == E->A && B == E->B && C == E->C)
    return E;
  auto N = std::make_shared<SymExpr>(*E);
  N->A = A;
  N->B = B;
  N->C = C;
  return N;
}

SymRef substitute(const SymRef &E,
                  const std::function<SymRef(SymbolId)> &Replace) {
  return rewrite(E, [&](const SymRef &Node) -> SymRef {
    return Node->K == SymExpr::Kind::Symbol ? Replace(Node->Sym) : nullptr;
  });
}

namespace {
const char *opSpelling(Op O) {
  switch (O) {
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Rem: return "%";
  case Op::Shl: return "<<";
  case Op::Shr: return ">>";
  case Op::And: return "&";
  case Op::Or: return "|";
  case Op::Xor: return "^";
  case Op::LT: return "<";
  case Op::GT: return ">";
  case Op::LE: return "<=";
  case Op::GE: return ">=";
  case Op::EQ: return "==";
  case Op::NE: return "!=";
  case Op::LAnd: return "&&";
  case Op::LOr: return "||";
  case Op::Neg: return "-";
  case Op::Not: return "~";
  case Op::LNot: return "!";
  default: return "?";
  }
}
} // namespace

std::string toString(const SymExpr &E,
                     const std::function<std::string(SymbolId)> &Name) {
  switch (E.K) {
  case SymExpr::Kind::Const:
    return std::to_string(E.Value);
  case SymExpr::Kind::Symbol:
    return Name(E.Sym);
  case SymExpr::Kind::Unary:
    if (E.Opcode == Op::Cast)
      return toString(*E.A, Name);
    return std::string(opSpelling(E.Opcode)) + toString(*E.A, Name);
  case SymExpr::Kind::Binary:
    if (E.Opcode == Op::Min || E.Opcode == Op::Max)
      return std::string(E.Opcode == Op::Min ? "min(" : "max(") +
             toString(*E.A, Name) + ", " + toString(*E.B, Name) + ")";
    return "(" + toString(*E.A, Name) + " " + opSpelling(E.Opcode) + " " +
           toString(*E.B, Name) + ")";
  case SymExpr::Kind::Ternary:
    return "(" + toString(*E.A, Name) + " ? " + toString(*E.B, Name) + " : " +
           toString(*E.C, Name) + ")";
  }
  return "?";
}

} // namespace ldslint
