#include "SymExpr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

const IntType I32{32, true}, U32{32, false}, I64{64, true};

std::optional<int64_t> eval(const SymRef &E, int64_t X = 0) {
  return evaluate(*E, [&](SymbolId) { return std::optional<int64_t>(X); });
}

TEST(SymExpr, UnsignedWrapAndSignedDivision) {
  // (unsigned)0 - 1 == 4294967295
  SymRef E = SymExpr::binary(Op::Sub, SymExpr::constant(0, U32),
                             SymExpr::constant(1, U32), U32);
  EXPECT_EQ(eval(E), 4294967295LL);
  // -7 / 2 == -3 and -7 % 2 == -1 (truncation toward zero)
  EXPECT_EQ(eval(SymExpr::binary(Op::Div, SymExpr::constant(-7, I32),
                                 SymExpr::constant(2, I32), I32)),
            -3);
  EXPECT_EQ(eval(SymExpr::binary(Op::Rem, SymExpr::constant(-7, I32),
                                 SymExpr::constant(2, I32), I32)),
            -1);
  // Unsigned division sees the wrapped value.
  SymRef Neg = SymExpr::cast(SymExpr::constant(-8, I32), U32);
  EXPECT_EQ(eval(SymExpr::binary(Op::Div, Neg, SymExpr::constant(2, U32), U32)),
            2147483644LL);
}

TEST(SymExpr, UndefinedOperationsAreUnknown) {
  EXPECT_FALSE(eval(SymExpr::binary(Op::Div, SymExpr::constant(1, I32),
                                    SymExpr::constant(0, I32), I32)));
  EXPECT_FALSE(eval(SymExpr::binary(Op::Shl, SymExpr::constant(1, I32),
                                    SymExpr::constant(40, I32), I32)));
}

TEST(SymExpr, ShortCircuitGuardsDivision) {
  SymRef X = SymExpr::symbol(0, I32);
  SymRef Guarded = SymExpr::binary(
      Op::LAnd,
      SymExpr::binary(Op::NE, X, SymExpr::constant(0, I32), IntType{1, false}),
      SymExpr::binary(Op::Div, SymExpr::constant(8, I32), X, I32),
      IntType{1, false});
  EXPECT_EQ(eval(Guarded, 0), 0);
  EXPECT_EQ(eval(Guarded, 4), 1);
}

TEST(SymExpr, XorShiftAndCompareUnsigned) {
  SymRef X = SymExpr::symbol(0, U32);
  EXPECT_EQ(eval(SymExpr::binary(Op::Xor, X, SymExpr::constant(5, U32), U32), 3), 6);
  EXPECT_EQ(eval(SymExpr::binary(Op::Shr, SymExpr::cast(SymExpr::constant(-16, I32), U32),
                                 SymExpr::constant(28, U32), U32)),
            15);
  // (unsigned)-1 < 1 is false
  EXPECT_EQ(eval(SymExpr::binary(Op::LT, SymExpr::cast(SymExpr::constant(-1, I32), U32),
                                 SymExpr::constant(1, U32), IntType{1, false})),
            0);
}

TEST(SymExpr, CharConversionTruncates) {
  SymRef C = SymExpr::cast(SymExpr::constant(300, I32), IntType{8, true});
  EXPECT_EQ(eval(C), 44);
}

} // namespace
