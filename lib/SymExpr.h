//===- SymExpr.h - Symbolic integer expressions over lanes -------*- C++ -*-===//
//
// The address of a shared-memory access as an expression tree over symbols:
// lane-varying values (threadIdx), uniform values (blockDim, loop
// variables, kernel parameters, ...) and constants. Every node carries the C
// integer type it has in the source, so evaluation follows C/C++ semantics
// (wrap-around of unsigned types, truncating division, conversions).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_SYMEXPR_H
#define LDSLINT_SYMEXPR_H

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ldslint {

struct IntType {
  unsigned Bits = 64;
  bool Signed = true;
  /// Wraps \p V to this type (two's complement). Inline: the evaluator
  /// calls it for every lane and node.
  int64_t wrap(int64_t V) const {
    if (Bits >= 64)
      return V;
    const uint64_t Mask = (uint64_t(1) << Bits) - 1;
    uint64_t U = static_cast<uint64_t>(V) & Mask;
    if (Signed && (U >> (Bits - 1)) & 1)
      U |= ~Mask;
    return static_cast<int64_t>(U);
  }
};

enum class Op {
  Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor,
  LT, GT, LE, GE, EQ, NE, LAnd, LOr,
  Neg, Not, LNot,
  Select, // A ? B : C
  Cast,   // A converted to the node's type
  Min, Max,
};

using SymbolId = unsigned;

struct SymExpr;
using SymRef = std::shared_ptr<const SymExpr>;

struct SymExpr {
  enum class Kind { Const, Symbol, Unary, Binary, Ternary } K = Kind::Const;
  IntType Type;
  int64_t Value = 0;  ///< Const
  SymbolId Sym = 0;   ///< Symbol
  Op Opcode = Op::Add;
  SymRef A, B, C;

  static SymRef constant(int64_t V, IntType T = {});
  static SymRef symbol(SymbolId S, IntType T = {});
  static SymRef unary(Op O, SymRef A, IntType T);
  static SymRef binary(Op O, SymRef A, SymRef B, IntType T);
  static SymRef select(SymRef Cond, SymRef A, SymRef B, IntType T);
  static SymRef cast(SymRef A, IntType T);

  bool isConst() const { return K == Kind::Const; }
};

/// Values of symbols during one evaluation; nullopt = unknown.
using SymbolValues = std::function<std::optional<int64_t>(SymbolId)>;

namespace detail {
/// Operands are already converted to the node's type by the front end (C's
/// usual arithmetic conversions are explicit casts in the tree), except for
/// comparisons, whose operands carry their own common type.
inline std::optional<int64_t> applyBinary(Op O, int64_t L, int64_t R,
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

} // namespace detail

/// Evaluates with C semantics. nullopt when a symbol is unknown or the
/// operation is undefined (division by zero, shift out of range).
/// \p Values is any callable SymbolId -> std::optional<int64_t>; the
/// evaluator's hot loops pass a lambda so that the lookup inlines.
template <typename Lookup>
std::optional<int64_t> evaluateWith(const SymExpr &E, const Lookup &Values) {
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
    auto A = evaluateWith(*E.A, Values);
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
      auto A = evaluateWith(*E.A, Values);
      if (!A)
        return std::nullopt;
      if (E.Opcode == Op::LAnd && !*A)
        return 0;
      if (E.Opcode == Op::LOr && *A)
        return 1;
      auto B = evaluateWith(*E.B, Values);
      if (!B)
        return std::nullopt;
      return *B ? 1 : 0;
    }
    auto A = evaluateWith(*E.A, Values);
    if (!A)
      return std::nullopt;
    auto B = evaluateWith(*E.B, Values);
    if (!B)
      return std::nullopt;
    const bool IsCompare = E.Opcode == Op::LT || E.Opcode == Op::GT ||
                           E.Opcode == Op::LE || E.Opcode == Op::GE ||
                           E.Opcode == Op::EQ || E.Opcode == Op::NE;
    const IntType OperandT = IsCompare ? E.A->Type : E.Type;
    // Shifts take the type of the left operand only.
    return detail::applyBinary(E.Opcode, *A, *B, OperandT, E.Type);
  }
  case SymExpr::Kind::Ternary: {
    auto C = evaluateWith(*E.A, Values);
    if (!C)
      return std::nullopt;
    auto V = evaluateWith(*C ? *E.B : *E.C, Values);
    if (!V)
      return std::nullopt;
    return E.Type.wrap(*V);
  }
  }
  return std::nullopt;
}


/// Lanes of one warp or wavefront, at most 64: bit l is lane l.
using LaneMask = uint64_t;
constexpr unsigned MaxLanes = 64;

/// evaluateWith for the lanes of a warp at once, walking the tree once
/// instead of once per lane: Out[l] is lane l's value and the returned mask
/// has the lanes whose evaluation fails (as evaluateWith's nullopt; a
/// branch a lane does not take, of `&&`, `||` or `?:`, does not fail it).
/// \p Values(Id, Out) fills a symbol's values for the lanes and returns the
/// lanes it cannot give.
template <typename LaneLookup> class LaneEvaluator {
public:
  LaneEvaluator(unsigned Lanes, const LaneLookup &Values)
      : Lanes(Lanes), All(Lanes >= 64 ? ~LaneMask(0) : (LaneMask(1) << Lanes) - 1),
        Values(Values) {}

  LaneMask run(const SymExpr &E, int64_t *Out) { return eval(E, Out, 0); }

private:
  const unsigned Lanes;
  const LaneMask All;
  const LaneLookup &Values;
  /// Operand buffers by depth (stable addresses: outer frames keep theirs).
  std::vector<std::unique_ptr<int64_t[]>> Scratch;

  int64_t *scratch(unsigned Depth) {
    while (Scratch.size() <= Depth)
      Scratch.emplace_back(new int64_t[2 * MaxLanes]);
    return Scratch[Depth].get();
  }
  static bool has(LaneMask M, unsigned L) { return (M >> L) & 1; }

  LaneMask eval(const SymExpr &E, int64_t *Out, unsigned Depth) {
    switch (E.K) {
    case SymExpr::Kind::Const:
      for (unsigned L = 0; L < Lanes; ++L)
        Out[L] = E.Value;
      return 0;
    case SymExpr::Kind::Symbol: {
      const LaneMask Failed = Values(E.Sym, Out) & All;
      for (unsigned L = 0; L < Lanes; ++L)
        Out[L] = E.Type.wrap(Out[L]);
      return Failed;
    }
    case SymExpr::Kind::Unary: {
      const LaneMask Failed = eval(*E.A, Out, Depth + 1);
      switch (E.Opcode) {
      case Op::Neg:
        for (unsigned L = 0; L < Lanes; ++L)
          Out[L] = E.Type.wrap(static_cast<int64_t>(0 - static_cast<uint64_t>(Out[L])));
        return Failed;
      case Op::Not:
        for (unsigned L = 0; L < Lanes; ++L)
          Out[L] = E.Type.wrap(~Out[L]);
        return Failed;
      case Op::LNot:
        for (unsigned L = 0; L < Lanes; ++L)
          Out[L] = Out[L] ? 0 : 1;
        return Failed;
      case Op::Cast:
        for (unsigned L = 0; L < Lanes; ++L)
          Out[L] = E.Type.Bits == 1 ? (Out[L] ? 1 : 0) : E.Type.wrap(Out[L]);
        return Failed;
      default:
        return All;
      }
    }
    case SymExpr::Kind::Binary: {
      int64_t *B = scratch(Depth);
      const LaneMask FailedA = eval(*E.A, Out, Depth + 1);
      const LaneMask FailedB = eval(*E.B, B, Depth + 1);
      if (E.Opcode == Op::LAnd || E.Opcode == Op::LOr) {
        const bool And = E.Opcode == Op::LAnd;
        LaneMask Failed = FailedA;
        for (unsigned L = 0; L < Lanes; ++L) {
          if (has(FailedA, L))
            continue;
          if (And ? !Out[L] : Out[L] != 0) {
            Out[L] = And ? 0 : 1; // decided by the left operand
            continue;
          }
          if (has(FailedB, L))
            Failed |= LaneMask(1) << L;
          Out[L] = B[L] ? 1 : 0;
        }
        return Failed;
      }
      LaneMask Failed = FailedA | FailedB;
      // The operations that cannot fail, lane by lane without a check (a
      // failed lane's value is never read).
      auto each = [&](auto Fn) {
        for (unsigned L = 0; L < Lanes; ++L)
          Out[L] = E.Type.wrap(static_cast<int64_t>(
              Fn(static_cast<uint64_t>(Out[L]), static_cast<uint64_t>(B[L]))));
        return Failed;
      };
      switch (E.Opcode) {
      case Op::Add:
        return each([](uint64_t X, uint64_t Y) { return X + Y; });
      case Op::Sub:
        return each([](uint64_t X, uint64_t Y) { return X - Y; });
      case Op::Mul:
        return each([](uint64_t X, uint64_t Y) { return X * Y; });
      case Op::And:
        return each([](uint64_t X, uint64_t Y) { return X & Y; });
      case Op::Or:
        return each([](uint64_t X, uint64_t Y) { return X | Y; });
      case Op::Xor:
        return each([](uint64_t X, uint64_t Y) { return X ^ Y; });
      default:
        break;
      }
      const bool IsCompare = E.Opcode == Op::LT || E.Opcode == Op::GT ||
                             E.Opcode == Op::LE || E.Opcode == Op::GE ||
                             E.Opcode == Op::EQ || E.Opcode == Op::NE;
      const IntType OperandT = IsCompare ? E.A->Type : E.Type;
      for (unsigned L = 0; L < Lanes; ++L) {
        if (has(Failed, L))
          continue;
        const std::optional<int64_t> V =
            detail::applyBinary(E.Opcode, Out[L], B[L], OperandT, E.Type);
        if (V)
          Out[L] = *V;
        else
          Failed |= LaneMask(1) << L;
      }
      return Failed;
    }
    case SymExpr::Kind::Ternary: {
      int64_t *Then = scratch(Depth), *Else = Then + MaxLanes;
      LaneMask Failed = eval(*E.A, Out, Depth + 1);
      const LaneMask FailedThen = eval(*E.B, Then, Depth + 1);
      const LaneMask FailedElse = eval(*E.C, Else, Depth + 1);
      for (unsigned L = 0; L < Lanes; ++L) {
        if (has(Failed, L))
          continue;
        const bool Cond = Out[L] != 0;
        if (has(Cond ? FailedThen : FailedElse, L))
          Failed |= LaneMask(1) << L;
        Out[L] = E.Type.wrap(Cond ? Then[L] : Else[L]);
      }
      return Failed;
    }
    }
    return All;
  }
};


std::optional<int64_t> evaluate(const SymExpr &E, const SymbolValues &Values);

/// Calls \p F for every symbol the expression mentions.
void forEachSymbol(const SymExpr &E, const std::function<void(SymbolId)> &F);

/// Replaces each subtree (outermost first) for which \p Replace returns
/// non-null; unchanged subtrees are shared.
SymRef rewrite(const SymRef &E, const std::function<SymRef(const SymRef &)> &Replace);

/// Replaces symbols for which \p Replace returns non-null.
SymRef substitute(const SymRef &E,
                  const std::function<SymRef(SymbolId)> &Replace);

/// \p E without the terms of its outermost sum that are multiples of \p W
/// (a power of two): constants, and products of a constant multiple of W
/// (or a shift by at least log2 W) with a part \p Uniform accepts. Casts
/// of 32 bits or more are looked through: a wrap at 2^32 or 2^64 keeps each
/// aligned block of W values together. `(blockIdx.x * 128 + threadIdx.x)`
/// gives `threadIdx.x`: floor division by W, a shift and `& ~(W-1)` then
/// differ between lanes exactly as for threadIdx.x. Null when every term
/// is such a multiple.
SymRef withoutUniformMultiples(const SymRef &E, int64_t W,
                               const std::function<bool(const SymRef &)> &Uniform);

/// Renders as C-like text; \p Name gives each symbol's spelling.
std::string toString(const SymExpr &E,
                     const std::function<std::string(SymbolId)> &Name);

} // namespace ldslint

#endif
