//===- Polynomial.h - Sum-of-products view of an address --------*- C++ -*-===//
//
// Rewrites the + - * << (by a constant) skeleton of an address into a sum of
// coefficient * product-of-atoms terms, and divisions by a power of two
// that every coefficient allows. Anything else (/, %, &, ^, ...) is
// an opaque atom evaluated as written. This lets the evaluator see which
// parts of an address are the same for every lane of a warp: adding such a
// uniform offset, when it is a whole number of 4-byte words, rotates the
// banks and changes no conflict, so those terms need not be enumerated.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_POLYNOMIAL_H
#define LDSLINT_POLYNOMIAL_H

#include "SymExpr.h"

#include <map>
#include <optional>
#include <vector>

namespace ldslint {

struct Polynomial {
  std::vector<SymRef> Atoms;                        ///< symbols or subtrees
  std::map<std::vector<unsigned>, int64_t> Terms;   ///< monomial -> coeff

  static Polynomial of(const SymRef &E);
  /// The polynomial as an expression tree again (64-bit signed).
  SymRef toExpr() const;
};

/// \p E's value when it is a constant, possibly converted (`x >> (i64)2`).
std::optional<int64_t> constantValue(const SymRef &E);

} // namespace ldslint

#endif
