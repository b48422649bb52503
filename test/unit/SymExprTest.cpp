#include "SymExpr.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

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

namespace {

/// A random expression over symbols 0..2 (symbol 2 is unknown in odd
/// lanes), with every operator, division and shifts that can be undefined,
/// and guards (`&&`, `||`, `?:`) that can hide a failing operand.
SymRef randomExpr(std::mt19937 &Rng, unsigned Depth) {
  const IntType Types[] = {I32, U32, I64, IntType{8, false}, IntType{16, true}};
  const IntType T = Types[Rng() % 5];
  if (Depth == 0 || Rng() % 5 == 0) {
    if (Rng() % 2)
      return SymExpr::constant(static_cast<int64_t>(Rng() % 9) - 2, T);
    return SymExpr::symbol(Rng() % 3, T);
  }
  const Op Binary[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Rem, Op::Shl,
                       Op::Shr, Op::And, Op::Or,  Op::Xor, Op::LT,  Op::GT,
                       Op::LE,  Op::GE,  Op::EQ,  Op::NE,  Op::LAnd, Op::LOr,
                       Op::Min, Op::Max};
  switch (Rng() % 4) {
  case 0: {
    const Op Unary[] = {Op::Neg, Op::Not, Op::LNot};
    return SymExpr::unary(Unary[Rng() % 3], randomExpr(Rng, Depth - 1), T);
  }
  case 1:
    return SymExpr::cast(randomExpr(Rng, Depth - 1), T);
  case 2:
    return SymExpr::select(randomExpr(Rng, Depth - 1), randomExpr(Rng, Depth - 1),
                           randomExpr(Rng, Depth - 1), T);
  default: {
    const Op O = Binary[Rng() % 20];
    SymRef A = randomExpr(Rng, Depth - 1), B = randomExpr(Rng, Depth - 1);
    const bool Compare = O == Op::LT || O == Op::GT || O == Op::LE ||
                         O == Op::GE || O == Op::EQ || O == Op::NE ||
                         O == Op::LAnd || O == Op::LOr;
    if (Compare && O != Op::LAnd && O != Op::LOr)
      B = SymExpr::cast(B, A->Type); // comparisons of one operand type
    return SymExpr::binary(O, A, B, Compare ? IntType{1, false} : T);
  }
  }
}

} // namespace

// The warp-at-once evaluator gives every lane what the per-lane one gives
// (warps of 32, wavefronts of 64, and a partial count),
// failures included (division by zero, shifts out of range, an unknown
// symbol), and a guard that skips an operand for a lane does not fail it.
TEST(SymExpr, LaneEvaluatorAgreesWithThePerLaneOne) {
  std::mt19937 Rng(12345);
  for (const unsigned Lanes : {32u, 64u, 5u}) {
    auto Value = [](SymbolId Id, unsigned Lane) -> std::optional<int64_t> {
      if (Id == 0)
        return static_cast<int64_t>(Lane);
      if (Id == 1)
        return static_cast<int64_t>(Lane % 5) - 2;
      if (Lane % 2)
        return std::nullopt;
      return static_cast<int64_t>(Lane * 7) % 11;
    };
    auto Fill = [&](SymbolId Id, int64_t *Out) {
      LaneMask Failed = 0;
      for (unsigned L = 0; L < Lanes; ++L) {
        const std::optional<int64_t> V = Value(Id, L);
        Out[L] = V ? *V : 0;
        if (!V)
          Failed |= LaneMask(1) << L;
      }
      return Failed;
    };
    LaneEvaluator<decltype(Fill)> Evaluator(Lanes, Fill);
    unsigned SomeFailed = 0, SomeDecided = 0;
    for (int Trial = 0; Trial < 3000; ++Trial) {
      const SymRef E = randomExpr(Rng, 5);
      int64_t Out[MaxLanes];
      const LaneMask Failed = Evaluator.run(*E, Out);
      for (unsigned L = 0; L < Lanes; ++L) {
        const std::optional<int64_t> Want =
            evaluateWith(*E, [&](SymbolId Id) { return Value(Id, L); });
        ASSERT_EQ(((Failed >> L) & 1) != 0, !Want)
            << "lane " << L << ": " << toString(*E, [](SymbolId Id) {
                 return "s" + std::to_string(Id);
               });
        if (Want) {
          ASSERT_EQ(Out[L], *Want) << "lane " << L;
          ++SomeDecided;
        } else {
          ++SomeFailed;
        }
      }
    }
    // The expressions exercise both outcomes.
    EXPECT_GT(SomeFailed, 1000u) << Lanes;
    EXPECT_GT(SomeDecided, 1000u) << Lanes;
  }
}

// A chain whose every node uses the previous one twice is 2^64 nodes as a
// tree and 64 as a DAG: walks and rewrites visit each shared node once
// (they took minutes on rocPRIM's block sort).
TEST(SymExpr, SharedNodesAreVisitedOnce) {
  const IntType I32{32, true};
  const SymRef X = SymExpr::symbol(7, I32), Y = SymExpr::symbol(9, I32);
  SymRef E = X;
  for (int I = 0; I < 64; ++I)
    E = SymExpr::binary(Op::Add, E, E, I32);
  E = SymExpr::binary(Op::Mul, E, Y, I32);
  unsigned Calls = 0;
  std::set<SymbolId> Seen;
  forEachSymbol(*E, [&](SymbolId Id) {
    ++Calls;
    Seen.insert(Id);
  });
  EXPECT_EQ(Calls, 2u);
  EXPECT_EQ(Seen, (std::set<SymbolId>{7, 9}));
  // Substituting keeps the sharing: both operands of each new node are one.
  const SymRef S = substitute(E, [&](SymbolId Id) {
    return Id == 7 ? SymExpr::constant(1, I32) : nullptr;
  });
  ASSERT_TRUE(S && S->A && S->A->A);
  EXPECT_EQ(S->A->A.get(), S->A->B.get());
  EXPECT_EQ(S->B.get(), Y.get());
}

namespace {

// Symbol 0 is the thread index, 1 a block index (uniform), 2 another lane
// value: the global index `b * 128 + t` keeps `t`, and every term that is a
// uniform multiple of 32 goes.
TEST(SymExpr, UniformMultiplesOfTheWarpLeaveTheThreadIndex) {
  const SymRef T = SymExpr::symbol(0, I64), B = SymExpr::symbol(1, I64),
               L = SymExpr::symbol(2, I64);
  auto uniform = [](const SymRef &E) {
    bool Only = true;
    forEachSymbol(*E, [&](SymbolId Id) { Only &= Id == 1; });
    return Only;
  };
  auto add = [](SymRef A, SymRef C) { return SymExpr::binary(Op::Add, A, C, I64); };
  auto mul = [](SymRef A, int64_t C) {
    return SymExpr::binary(Op::Mul, A, SymExpr::constant(C, I64), I64);
  };
  EXPECT_EQ(withoutUniformMultiples(add(mul(B, 128), T), 32, uniform), T);
  EXPECT_EQ(withoutUniformMultiples(add(T, SymExpr::constant(64, I64)), 32, uniform), T);
  const SymRef Shifted =
      SymExpr::binary(Op::Shl, B, SymExpr::constant(6, I64), I64);
  EXPECT_EQ(withoutUniformMultiples(add(Shifted, T), 32, uniform), T);
  EXPECT_EQ(withoutUniformMultiples(mul(B, 64), 32, uniform), nullptr);
  // Not a multiple of 32, or not uniform: kept.
  const SymRef Odd = add(mul(B, 48), T);
  EXPECT_EQ(withoutUniformMultiples(Odd, 32, uniform), Odd);
  const SymRef PerLane = add(mul(L, 32), T);
  EXPECT_EQ(withoutUniformMultiples(PerLane, 32, uniform), PerLane);
}

} // namespace
