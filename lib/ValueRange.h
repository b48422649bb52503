//===- ValueRange.h - Bounds of a symbolic value over every input -*- C++ -*-===//
//
// The smallest and largest value an expression can take whatever its
// unknown symbols hold: each symbol gives its own bounds (a loop's values,
// a known domain) or none, and the operators narrow them (a mask, a
// remainder, a shift, the width of the type). Used where no per-lane value
// is known but the spread of the values is: an index masked to 0..15 into
// a table reads within 16 consecutive words, whatever the data.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_VALUERANGE_H
#define LDSLINT_VALUERANGE_H

#include "SymExpr.h"

#include <functional>
#include <optional>
#include <utility>

namespace ldslint {

/// Inclusive bounds [first, second].
using ValueBounds = std::pair<int64_t, int64_t>;

/// The bounds a symbol is known to stay within, or nothing (any value of
/// its type).
using SymbolBounds = std::function<std::optional<ValueBounds>(SymbolId)>;

/// Bounds of \p E over every value of its symbols, or nothing when they
/// are not bounded (or do not fit 64 bits).
std::optional<ValueBounds> valueRange(const SymExpr &E, const SymbolBounds &Symbol);

} // namespace ldslint

#endif
