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
  /// Wraps \p V to this type (two's complement).
  int64_t wrap(int64_t V) const;
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

/// Evaluates with C semantics. nullopt when a symbol is unknown or the
/// operation is undefined (division by zero, shift out of range).
std::optional<int64_t> evaluate(const SymExpr &E, const SymbolValues &Values);

/// Calls \p F for every symbol the expression mentions.
void forEachSymbol(const SymExpr &E, const std::function<void(SymbolId)> &F);

/// Replaces symbols for which \p Replace returns non-null.
SymRef substitute(const SymRef &E,
                  const std::function<SymRef(SymbolId)> &Replace);

/// Renders as C-like text; \p Name gives each symbol's spelling.
std::string toString(const SymExpr &E,
                     const std::function<std::string(SymbolId)> &Name);

} // namespace ldslint

#endif
