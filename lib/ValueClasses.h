//===- ValueClasses.h - Finitely many values stand for all of an unknown -*- C++ -*-===//
//
// A uniform value the compiler cannot know (a kernel argument) that an
// address reaches through a division, a remainder, a min() or a
// comparison is not periodic in the banks, so the residue argument of the
// evaluator does not cover it. But such operations stop depending on it
// past some magnitude: `tid / d` is 0 once |d| exceeds every `tid`,
// `min(64, (n + 1) / 2)` is 64 once n reaches 127, `i < n` holds for every
// i once n exceeds them all. Past that threshold only the parts where the
// value enters linearly still change, and those only through its residue
// modulo the bank window. So every value of the unknown behaves like one
// in a finite, contiguous range, which the evaluator enumerates value by
// value (rocSOLVER's `cosines_res[tid / ddy]`, FasterTransformer's
// `smem[half_idx * smem_pitch + intra_half_idx]` with the rotary
// dimension a kernel argument).
//
// The proof tracks, for each subexpression, how it behaves as the unknown
// goes to +infinity (and, separately, to -infinity): constant in it (or
// periodic, as `n % 2`), growing at least linearly in one direction, or
// periodic modulo the window (a sum or product of it, which a remainder by
// a divisor of the window makes periodic). Arithmetic is taken as on
// mathematical integers: values past the type's range, where a kernel
// argument would overflow the arithmetic on it, are not covered.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_VALUECLASSES_H
#define LDSLINT_VALUECLASSES_H

#include "SymExpr.h"
#include "ValueRange.h"

#include <optional>
#include <vector>

namespace ldslint {

/// Every value of the unknown behaves (in every expression given) like one
/// in [Low, High]: above High like the value of the last Period values up to
/// High that has its residue modulo Period, below Low like the one of the
/// first Period values from Low.
struct ValueClassRange {
  int64_t Low = 0, High = 0;
  int64_t Period = 1;
};

/// The range of values of \p Unknown (of type \p Type) that stands for all
/// of them in \p Exprs (an address and the tests on the way to it): past
/// it, each expression's value no longer changes with the unknown, or
/// repeats with ValueClassRange::Period; \p Others bounds the other
/// symbols, \p Window (a power of two: the banks' bytes) is the modulus a
/// sum or product of the unknown is periodic in. Nothing when no such range
/// is proven or it would hold more than \p MaxValues values.
std::optional<ValueClassRange>
valueClassRange(SymbolId Unknown, const IntType &Type,
                const std::vector<const SymExpr *> &Exprs, const SymbolBounds &Others,
                int64_t Window, int64_t MaxValues);

} // namespace ldslint

#endif
