//===- SymExpr.cpp ---------------------------------------------------------===//
#include "SymExpr.h"

namespace ldslint {

int64_t IntType::wrap(int64_t V) const {
  if (Bits >= 64)
    return V;
  const uint64_t Mask = (uint64_t(1) << Bits) - 1;
  uint64_t U = static_cast<uint64_t>(V) & Mask;
  if (Signed && (U >> (Bits - 1)) & 1)
    U |= ~Mask;
  return static_cast<int64_t>(U);
}

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

namespace {

/// Operands are already converted to the node's type by the front end (C's
/// usual arithmetic conversions are explicit casts in the tree), except for
/// comparisons, whose operands carry their own common type.
std::optional<int64_t> applyBinary(Op O, int64_t L, int64_t R,
                                   const IntType &OperandT,
                                   const IntType &ResultT) {
  const bool U = !OperandT.Signed;
  const uint64_t UL = static_cast<uint64_t>(L), UR = static_cast<uint64_t>(R);
  auto asUnsigned = [&](uint64_t V) {
    return OperandT.Bits >= 64 ? V : V & ((uint64_t(1) << OperandT.Bits) - 1);
  };
  switch (O) {
  case Op::Add:
    return ResultT.wrap(static_cast<int64_t>(UL + UR));
  case Op::Sub:
    return ResultT.wrap(static_cast<int64_t>(UL - UR));
  case Op::Mul:
    return ResultT.wrap(static_cast<int64_t>(UL * UR));
  case Op::Div:
  case Op::Rem: {
    if (R == 0)
      return std::nullopt;
    if (U) {
      uint64_t A = asUnsigned(UL), B = asUnsigned(UR);
      return ResultT.wrap(static_cast<int64_t>(O == Op::Div ? A / B : A % B));
    }
    if (L == INT64_MIN && R == -1)
      return std::nullopt;
    return ResultT.wrap(O == Op::Div ? L / R : L % R);
  }
  case Op::Shl:
    if (R < 0 || R >= static_cast<int64_t>(ResultT.Bits))
      return std::nullopt;
    return ResultT.wrap(static_cast<int64_t>(UL << R));
  case Op::Shr:
    if (R < 0 || R >= static_cast<int64_t>(ResultT.Bits))
      return std::nullopt;
    if (U)
      return ResultT.wrap(static_cast<int64_t>(asUnsigned(UL) >> R));
    return ResultT.wrap(L >> R);
  case Op::And:
    return ResultT.wrap(L & R);
  case Op::Or:
    return ResultT.wrap(L | R);
  case Op::Xor:
    return ResultT.wrap(L ^ R);
  case Op::LT:
  case Op::GT:
  case Op::LE:
  case Op::GE: {
    int Cmp;
    if (U) {
      uint64_t A = asUnsigned(UL), B = asUnsigned(UR);
      Cmp = A < B ? -1 : (A > B ? 1 : 0);
    } else {
      Cmp = L < R ? -1 : (L > R ? 1 : 0);
    }
    bool Res = O == Op::LT ? Cmp < 0
               : O == Op::GT ? Cmp > 0
               : O == Op::LE ? Cmp <= 0
                             : Cmp >= 0;
    return Res ? 1 : 0;
  }
  case Op::EQ:
    return L == R ? 1 : 0;
  case Op::NE:
    return L != R ? 1 : 0;
  case Op::LAnd:
    return (L && R) ? 1 : 0;
  case Op::LOr:
    return (L || R) ? 1 : 0;
  case Op::Min:
    if (U)
      return asUnsigned(UL) < asUnsigned(UR) ? L : R;
    return L < R ? L : R;
  case Op::Max:
    if (U)
      return asUnsigned(UL) > asUnsigned(UR) ? L : R;
    return L > R ? L : R;
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<int64_t> evaluate(const SymExpr &E, const SymbolValues &Values) {
  switch (E.K) {
  case SymExpr::Kind::Const:
    return E.Value;
  case SymExpr::Kind::Symbol: {
    auto V = Values(E.Sym);
    if (!V)
      return std::nullopt;
    return E.Type.wrap(*V);
  }
  case SymExpr::Kind::Unary: {
    auto A = evaluate(*E.A, Values);
    if (!A)
      return std::nullopt;
    switch (E.Opcode) {
    case Op::Neg:
      return E.Type.wrap(static_cast<int64_t>(0 - static_cast<uint64_t>(*A)));
    case Op::Not:
      return E.Type.wrap(~*A);
    case Op::LNot:
      return *A ? 0 : 1;
    case Op::Cast:
      // The operand's value is already wrapped to its own type, so
      // converting is a wrap to the destination type (bool: non-zero).
      if (E.Type.Bits == 1)
        return *A ? 1 : 0;
      return E.Type.wrap(*A);
    default:
      return std::nullopt;
    }
  }
  case SymExpr::Kind::Binary: {
    // Short-circuit so that guarded expressions such as `b != 0 && a / b`
    // evaluate like C.
    if (E.Opcode == Op::LAnd || E.Opcode == Op::LOr) {
      auto A = evaluate(*E.A, Values);
      if (!A)
        return std::nullopt;
      if (E.Opcode == Op::LAnd && !*A)
        return 0;
      if (E.Opcode == Op::LOr && *A)
        return 1;
      auto B = evaluate(*E.B, Values);
      if (!B)
        return std::nullopt;
      return *B ? 1 : 0;
    }
    auto A = evaluate(*E.A, Values);
    if (!A)
      return std::nullopt;
    auto B = evaluate(*E.B, Values);
    if (!B)
      return std::nullopt;
    const bool IsCompare = E.Opcode == Op::LT || E.Opcode == Op::GT ||
                           E.Opcode == Op::LE || E.Opcode == Op::GE ||
                           E.Opcode == Op::EQ || E.Opcode == Op::NE;
    const IntType OperandT = IsCompare ? E.A->Type : E.Type;
    // Shifts take the type of the left operand only.
    return applyBinary(E.Opcode, *A, *B, OperandT, E.Type);
  }
  case SymExpr::Kind::Ternary: {
    auto C = evaluate(*E.A, Values);
    if (!C)
      return std::nullopt;
    auto V = evaluate(*C ? *E.B : *E.C, Values);
    if (!V)
      return std::nullopt;
    return E.Type.wrap(*V);
  }
  }
  return std::nullopt;
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

SymRef substitute(const SymRef &E,
                  const std::function<SymRef(SymbolId)> &Replace) {
  if (!E)
    return E;
  if (E->K == SymExpr::Kind::Symbol) {
    if (SymRef R = Replace(E->Sym))
      return R;
    return E;
  }
  SymRef A = substitute(E->A, Replace), B = substitute(E->B, Replace),
         C = substitute(E->C, Replace);
  if (A == E->A && B == E->B && C == E->C)
    return E;
  auto N = std::make_shared<SymExpr>(*E);
  N->A = A;
  N->B = B;
  N->C = C;
  return N;
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
