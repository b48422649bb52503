#include "ValueRange.h"

#include <gtest/gtest.h>

#include <random>

using namespace ldslint;

namespace {

const IntType I32{32, true}, U32{32, false}, I64{64, true}, U64{64, false};

SymRef c(int64_t V, IntType T = I32) { return SymExpr::constant(V, T); }
SymRef bin(Op O, SymRef A, SymRef B, IntType T = I32) { return SymExpr::binary(O, A, B, T); }

/// Symbol 0 is unbounded (data), symbol 1 is within [2, 5].
std::optional<ValueBounds> bounds(SymbolId Id) {
  if (Id == 1)
    return ValueBounds{2, 5};
  return std::nullopt;
}

std::optional<ValueBounds> range(const SymRef &E) { return valueRange(*E, bounds); }

TEST(ValueRange, AMaskBoundsDataToTheMask) {
  // (data & 15) * 4 + 1600: rocRAND's param_tbl[y & 0x0f] in its struct.
  SymRef Data = SymExpr::symbol(0, U32);
  SymRef Off = bin(Op::Add, bin(Op::Mul, bin(Op::And, Data, c(15, U32), U32), c(4, U32), U32),
                   c(1600, U32), U32);
  EXPECT_EQ(range(Off), (ValueBounds{1600, 1660}));
}

TEST(ValueRange, RemainderTakesTheSignOfTheDividend) {
  EXPECT_EQ(range(bin(Op::Rem, SymExpr::symbol(0, I32), c(16))), (ValueBounds{-15, 15}));
  EXPECT_EQ(range(bin(Op::Rem, SymExpr::symbol(0, U32), c(16, U32), U32)),
            (ValueBounds{0, 15}));
  EXPECT_EQ(range(bin(Op::Rem, SymExpr::symbol(1, I32), c(16))), (ValueBounds{2, 5}));
}

TEST(ValueRange, UnboundedDataStaysUnbounded) {
  EXPECT_FALSE(range(SymExpr::symbol(0, I64)));
  EXPECT_FALSE(range(bin(Op::Add, SymExpr::symbol(0, I64), c(1, I64), I64)));
  // A signed mask may be negative: no bound from it.
  EXPECT_FALSE(range(bin(Op::And, SymExpr::symbol(0, I64), SymExpr::symbol(0, I64), I64)));
}

TEST(ValueRange, TheTypeBoundsWhatWraps) {
  // An unsigned 32-bit value shifted right by 28 is below 16 whatever it is.
  EXPECT_EQ(range(bin(Op::Shr, SymExpr::symbol(0, U32), c(28, U32), U32)), (ValueBounds{0, 15}));
  // (x - 3) for x in [2, 5] wraps in unsigned arithmetic: all of u32.
  EXPECT_EQ(range(bin(Op::Sub, SymExpr::symbol(1, U32), c(3, U32), U32)),
            (ValueBounds{0, 4294967295LL}));
}

TEST(ValueRange, UnsignedDivisionOfWhatMayWrapIsUnbounded) {
  // (u64)(x % 8) / 2: a negative remainder is a value past 2^63.
  SymRef Rem = SymExpr::cast(bin(Op::Rem, SymExpr::symbol(0, I32), c(8)), U64);
  EXPECT_FALSE(range(bin(Op::Div, Rem, c(2, U64), U64)));
  EXPECT_FALSE(range(bin(Op::Max, Rem, c(2, U64), U64)));
}

TEST(ValueRange, SelectsAndKnownSymbols) {
  SymRef Cond = bin(Op::LT, SymExpr::symbol(0, I32), c(0), IntType{1, false});
  EXPECT_EQ(range(SymExpr::select(Cond, c(8), SymExpr::symbol(1, I32), I32)), (ValueBounds{2, 8}));
  EXPECT_EQ(range(bin(Op::Xor, SymExpr::symbol(1, I32), c(8))), (ValueBounds{0, 15}));
}

// Every value an expression takes, for symbol values within their bounds,
// is within the bounds valueRange gives.
TEST(ValueRange, RandomExpressionsStayWithinTheirBounds) {
  std::mt19937 Rng(30);
  const Op Ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Rem, Op::Shl,
                    Op::Shr, Op::And, Op::Or,  Op::Xor, Op::Min, Op::Max};
  const IntType Types[] = {I32, U32, I64, IntType{16, false}, U64};
  std::function<SymRef(int, IntType)> Make = [&](int Depth, IntType T) -> SymRef {
    const unsigned Pick = Rng() % 8;
    if (Depth == 0 || Pick < 2)
      return Pick % 2 ? SymExpr::symbol(Rng() % 2, T)
                      : c(static_cast<int64_t>(Rng() % 64) - 8, T);
    if (Pick == 2)
      return SymExpr::cast(Make(Depth - 1, Types[Rng() % 5]), T);
    return bin(Ops[Rng() % 12], Make(Depth - 1, T), Make(Depth - 1, T), T);
  };
  int Bounded = 0;
  for (int I = 0; I < 4000; ++I) {
    const IntType T = Types[Rng() % 5];
    SymRef E = Make(4, T);
    const std::optional<ValueBounds> R = range(E);
    if (!R)
      continue;
    ++Bounded;
    for (int J = 0; J < 50; ++J) {
      const int64_t Data = static_cast<int64_t>(Rng()) - (int64_t(1) << 31);
      const int64_t Known = 2 + Rng() % 4;
      const std::optional<int64_t> V = evaluate(*E, [&](SymbolId Id) {
        return std::optional<int64_t>(Id == 1 ? Known : Data);
      });
      if (!V)
        continue;
      ASSERT_LE(R->first, *V) << toString(*E, [](SymbolId I) { return "s" + std::to_string(I); });
      ASSERT_GE(R->second, *V) << toString(*E, [](SymbolId I) { return "s" + std::to_string(I); });
    }
  }
  EXPECT_GT(Bounded, 1000);
}

} // namespace
