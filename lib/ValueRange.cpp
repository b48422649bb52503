//===- ValueRange.cpp -------------------------------------------------------===//
#include "ValueRange.h"

#include <algorithm>
#include <limits>

namespace ldslint {
namespace {

using Wide = __int128;

std::optional<ValueBounds> fromWide(Wide Lo, Wide Hi) {
  constexpr Wide Min = std::numeric_limits<int64_t>::min();
  constexpr Wide Max = std::numeric_limits<int64_t>::max();
  if (Lo < Min || Hi > Max)
    return std::nullopt;
  return ValueBounds{static_cast<int64_t>(Lo), static_cast<int64_t>(Hi)};
}

/// Every value of type \p T (nothing for 64-bit types: no narrower bound).
std::optional<ValueBounds> typeBounds(const IntType &T) {
  if (T.Bits >= 64 || T.Bits == 0)
    return std::nullopt;
  if (!T.Signed)
    return ValueBounds{0, static_cast<int64_t>((uint64_t(1) << T.Bits) - 1)};
  const int64_t Half = int64_t(1) << (T.Bits - 1);
  return ValueBounds{-Half, Half - 1};
}

/// \p R when it fits type \p T (no wrap-around), else all of \p T.
std::optional<ValueBounds> inType(std::optional<ValueBounds> R, const IntType &T) {
  const std::optional<ValueBounds> All = typeBounds(T);
  if (!R)
    return All;
  if (All && (R->first < All->first || R->second > All->second))
    return All;
  return R;
}

/// The smallest power of two above \p V, less one (all its bits set).
int64_t bitsBelow(int64_t V) {
  int64_t M = 0;
  while (M < V)
    M = M * 2 + 1;
  return M;
}

std::optional<ValueBounds> rangeOf(const SymExpr &E, const SymbolBounds &Symbol);

std::optional<ValueBounds> binary(const SymExpr &E, const SymbolBounds &Symbol) {
  const std::optional<ValueBounds> A = rangeOf(*E.A, Symbol);
  const std::optional<ValueBounds> B = rangeOf(*E.B, Symbol);
  const std::optional<int64_t> BC =
      B && B->first == B->second ? std::optional<int64_t>(B->first) : std::nullopt;
  // 64-bit unsigned values past 2^63 are negative here: order-sensitive
  // operations on them are left unbounded.
  const bool Unsigned64 = !E.Type.Signed && E.Type.Bits >= 64;
  if (Unsigned64 && ((A && A->first < 0) || (B && B->first < 0)) &&
      E.Opcode != Op::Add && E.Opcode != Op::Sub && E.Opcode != Op::Mul &&
      E.Opcode != Op::Shl && E.Opcode != Op::And)
    return std::nullopt;
  switch (E.Opcode) {
  case Op::Add:
    if (A && B)
      return fromWide(Wide(A->first) + B->first, Wide(A->second) + B->second);
    return std::nullopt;
  case Op::Sub:
    if (A && B)
      return fromWide(Wide(A->first) - B->second, Wide(A->second) - B->first);
    return std::nullopt;
  case Op::Mul: {
    if (!A || !B)
      return std::nullopt;
    const Wide P[] = {Wide(A->first) * B->first, Wide(A->first) * B->second,
                      Wide(A->second) * B->first, Wide(A->second) * B->second};
    return fromWide(*std::min_element(P, P + 4), *std::max_element(P, P + 4));
  }
  case Op::Div:
    if (A && BC && *BC > 0)
      return ValueBounds{A->first / *BC, A->second / *BC};
    return std::nullopt;
  case Op::Rem:
    // C's remainder takes the sign of the dividend.
    if (BC && *BC > 0) {
      if (A && A->first >= 0 && A->second < *BC)
        return A; // already below the divisor
      if ((A && A->first >= 0) || !E.Type.Signed)
        return ValueBounds{0, A && A->first >= 0 ? std::min(A->second, *BC - 1) : *BC - 1};
      return ValueBounds{-(*BC - 1), *BC - 1};
    }
    return std::nullopt;
  case Op::Shl:
    if (A && BC && *BC >= 0 && *BC < 63)
      return fromWide(Wide(A->first) * (Wide(1) << *BC), Wide(A->second) * (Wide(1) << *BC));
    return std::nullopt;
  case Op::Shr:
    if (A && A->first >= 0 && BC && *BC >= 0 && *BC < 64)
      return ValueBounds{A->first >> *BC, A->second >> *BC};
    return std::nullopt;
  case Op::And:
    // A mask that is not negative keeps the result within it.
    if ((A && A->first >= 0) || (B && B->first >= 0)) {
      int64_t Hi = std::numeric_limits<int64_t>::max();
      if (A && A->first >= 0)
        Hi = std::min(Hi, A->second);
      if (B && B->first >= 0)
        Hi = std::min(Hi, B->second);
      return ValueBounds{0, Hi};
    }
    return std::nullopt;
  case Op::Or:
  case Op::Xor:
    if (A && B && A->first >= 0 && B->first >= 0)
      return ValueBounds{0, bitsBelow(std::max(A->second, B->second))};
    return std::nullopt;
  case Op::Min:
    if (A && B)
      return ValueBounds{std::min(A->first, B->first), std::min(A->second, B->second)};
    return std::nullopt;
  case Op::Max:
    if (A && B)
      return ValueBounds{std::max(A->first, B->first), std::max(A->second, B->second)};
    return std::nullopt;
  case Op::LT: case Op::GT: case Op::LE: case Op::GE: case Op::EQ: case Op::NE:
  case Op::LAnd: case Op::LOr:
    return ValueBounds{0, 1};
  default:
    return std::nullopt;
  }
}

std::optional<ValueBounds> rangeOf(const SymExpr &E, const SymbolBounds &Symbol) {
  switch (E.K) {
  case SymExpr::Kind::Const:
    return ValueBounds{E.Value, E.Value};
  case SymExpr::Kind::Symbol:
    return inType(Symbol(E.Sym), E.Type);
  case SymExpr::Kind::Unary:
    if (E.Opcode == Op::Cast)
      return inType(rangeOf(*E.A, Symbol), E.Type);
    if (E.Opcode == Op::LNot)
      return ValueBounds{0, 1};
    if (E.Opcode == Op::Neg) {
      const std::optional<ValueBounds> A = rangeOf(*E.A, Symbol);
      return A ? inType(fromWide(-Wide(A->second), -Wide(A->first)), E.Type) : typeBounds(E.Type);
    }
    return typeBounds(E.Type);
  case SymExpr::Kind::Binary:
    return inType(binary(E, Symbol), E.Type);
  case SymExpr::Kind::Ternary: {
    const std::optional<ValueBounds> B = rangeOf(*E.B, Symbol);
    const std::optional<ValueBounds> C = rangeOf(*E.C, Symbol);
    if (!B || !C)
      return typeBounds(E.Type);
    return inType(ValueBounds{std::min(B->first, C->first), std::max(B->second, C->second)},
                  E.Type);
  }
  }
  return std::nullopt;
}

} // namespace

std::optional<ValueBounds> valueRange(const SymExpr &E, const SymbolBounds &Symbol) {
  return rangeOf(E, Symbol);
}

} // namespace ldslint
