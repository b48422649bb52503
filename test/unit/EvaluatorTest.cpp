// The evaluator on hand-built access models (what the front end extracts).
#include "Evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ldslint;

namespace {

const IntType U32{32, false}, I64{64, true};

SymRef mul(SymRef A, SymRef B) {
  return SymExpr::binary(Op::Mul, SymExpr::cast(A, I64), SymExpr::cast(B, I64), I64);
}
SymRef add(SymRef A, SymRef B) {
  return SymExpr::binary(Op::Add, SymExpr::cast(A, I64), SymExpr::cast(B, I64), I64);
}

struct Fixture {
  KernelModel K;
  SymbolId Tx, Ty, Bdx;
  Fixture() {
    Tx = K.addSymbol({SymbolKind::ThreadIdx, "threadIdx.x", 0});
    SymbolInfo Y{SymbolKind::ThreadIdx, "threadIdx.y", 1};
    Ty = K.addSymbol(Y);
    Bdx = K.addSymbol({SymbolKind::BlockDim, "blockDim.x", 0});
  }
  SymRef sym(SymbolId S) { return SymExpr::symbol(S, U32); }
  SymRef c(int64_t V) { return SymExpr::constant(V, I64); }
  SymbolId loopVar(const std::string &Name, unsigned Loop) {
    SymbolInfo S;
    S.Kind = SymbolKind::LoopVar;
    S.Name = Name;
    S.LoopIndex = Loop;
    return K.addSymbol(S);
  }
  SymbolId param(const std::string &Name) {
    SymbolInfo S;
    S.Kind = SymbolKind::Unknown;
    S.Name = "`" + Name + "`";
    S.Why = "it is a kernel parameter";
    S.Origin = SymbolOrigin::KernelArgument;
    return K.addSymbol(S);
  }
  EvalResult eval(SymRef Addr, std::optional<BlockShape> Shape, unsigned Width = 4,
                  const std::string &Arch = "sm_90") {
    AccessModel A;
    A.Address = Addr;
    A.WidthBytes = Width;
    return evaluateAccess(K, A, Shape, *lookupBankModel(Arch), options());
  }
  /// The options a translation unit's analysis gives: with a budget for
  /// ranges of values (lib/ValueClasses.h).
  uint64_t RangeBudget = 16'000'000;
  EvalOptions options() {
    EvalOptions O;
    O.RangeBudget = &RangeBudget;
    return O;
  }
};

TEST(Evaluator, TransposeReadIs32WayUnder32x32) {
  Fixture F;
  // tile[threadIdx.x][threadIdx.y] with float tile[32][32]
  SymRef Addr = add(mul(F.sym(F.Tx), F.c(128)), mul(F.sym(F.Ty), F.c(4)));
  EvalResult R = F.eval(Addr, parseBlockShape("32x32"));
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 32u);
  EXPECT_DOUBLE_EQ(R.Wavefronts, 32.0);
  EXPECT_DOUBLE_EQ(R.Ideal, 1.0);
  EXPECT_EQ(R.Instructions, 32u);
}

TEST(Evaluator, StopAtFirstConflictEndsEarly) {
  Fixture F;
  // The fix planner only asks "clean or not": the first conflicting
  // instruction (warp 0 of 32) settles it.
  SymRef Addr = add(mul(F.sym(F.Tx), F.c(128)), mul(F.sym(F.Ty), F.c(4)));
  AccessModel A;
  A.Address = Addr;
  A.WidthBytes = 4;
  EvalOptions O;
  O.StopAtFirstConflict = true;
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32x32"),
                                *lookupBankModel("sm_90"), O);
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Instructions, 0u); // not a full evaluation: no statistics
}

TEST(Evaluator, PaddedTransposeIsClean) {
  Fixture F;
  SymRef Addr = add(mul(F.sym(F.Tx), F.c(132)), mul(F.sym(F.Ty), F.c(4)));
  EvalResult R = F.eval(Addr, parseBlockShape("32x32"));
  EXPECT_EQ(R.Status, Verdict::Ok);
  EXPECT_DOUBLE_EQ(R.Wavefronts, 1.0);
}

TEST(Evaluator, SixteenWideBlockMixesRows) {
  Fixture F;
  // float tile[16][16], read tile[tx][ty] with block 16x16: a warp holds two
  // values of ty; the 16 lanes of each row hit the same bank pair.
  SymRef Addr = add(mul(F.sym(F.Tx), F.c(64)), mul(F.sym(F.Ty), F.c(4)));
  EvalResult R = F.eval(Addr, parseBlockShape("16x16"));
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 8u);
  // Padded to [16][17] it is still 2-way: word 17*tx + ty meets word
  // 17*tx' + ty + 1 in one bank when tx - tx' == 17^-1 mod 32 == -15.
  SymRef Padded = add(mul(F.sym(F.Tx), F.c(68)), mul(F.sym(F.Ty), F.c(4)));
  EXPECT_EQ(F.eval(Padded, parseBlockShape("16x16")).Degree, 2u);
}

TEST(Evaluator, DefaultLaneStructureDropsUniformRows) {
  Fixture F;
  // tile[ty][tx] with unknown block: conflict-free whatever ty is.
  SymRef Addr = add(mul(F.sym(F.Ty), F.c(128)), mul(F.sym(F.Tx), F.c(4)));
  EvalResult R = F.eval(Addr, std::nullopt);
  EXPECT_EQ(R.Status, Verdict::Ok);
  SymRef Col = add(mul(F.sym(F.Tx), F.c(128)), mul(F.sym(F.Ty), F.c(4)));
  EvalResult C = F.eval(Col, std::nullopt);
  EXPECT_EQ(C.Status, Verdict::Conflict);
  EXPECT_EQ(C.Degree, 32u);
}

TEST(Evaluator, UnknownStrideGivesCondition) {
  Fixture F;
  SymbolId Stride = F.param("stride");
  SymRef Addr = mul(mul(F.sym(F.Tx), SymExpr::symbol(Stride, IntType{32, true})), F.c(4));
  EvalResult R = F.eval(Addr, parseBlockShape("32"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("32-way bank conflict when `stride` % 32 == 0"), std::string::npos)
      << R.Reason;
  EXPECT_NE(R.Reason.find("conflict-free when `stride` is odd"), std::string::npos)
      << R.Reason;
}

// s[tx * 2 * stride]: every value of `stride` conflicts, the odd ones
// 2-way and the multiples of 16 32-way: a conflict of 2- to 32-way, with
// no mean (it depends on the value).
TEST(Evaluator, AConflictForEveryValueIsDecidedWithItsLeastDegree) {
  Fixture F;
  SymbolId Stride = F.param("stride");
  SymRef Addr = mul(mul(mul(F.sym(F.Tx), SymExpr::symbol(Stride, IntType{32, true})),
                        F.c(2)),
                    F.c(4));
  EvalResult R = F.eval(Addr, parseBlockShape("32"));
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 32u);
  EXPECT_EQ(R.LeastDegree, 2u);
  EXPECT_FALSE(R.MeanKnown);
  EXPECT_EQ(degreeWords(R), "2- to 32-way");
  ASSERT_FALSE(R.Assumptions.empty());
  EXPECT_EQ(R.Assumptions.back(),
            "the degree depends on `stride`: 32-way when `stride` % 16 == 0, at least "
            "2-way for every value; the mean is not known");
}

TEST(Evaluator, UniformUnknownOffsetIsHarmless) {
  Fixture F;
  SymbolId Off = F.param("offset");
  SymRef Addr = mul(add(F.sym(F.Tx), SymExpr::symbol(Off, IntType{32, true})), F.c(4));
  EvalResult R = F.eval(Addr, parseBlockShape("64"));
  EXPECT_EQ(R.Status, Verdict::Ok);
}

namespace {
SymRef binop(Op O, SymRef A, SymRef B) {
  return SymExpr::binary(O, SymExpr::cast(A, I64), SymExpr::cast(B, I64), I64);
}
} // namespace

// `s[(4 * t + 128 * k) >> 2]` with k unknown: the shift divides every term
// exactly, so the address is t + 32 * k words, linear in k (llm.c's
// `s[i / x128::size]` over a loop of unknown bounds).
TEST(Evaluator, AnExactDivisionKeepsTheAddressLinear) {
  Fixture F;
  SymbolId K = F.param("k");
  SymRef Dividend = add(binop(Op::Shl, F.sym(F.Tx), F.c(2)),
                        mul(SymExpr::symbol(K, IntType{32, true}), F.c(128)));
  EvalResult R = F.eval(mul(binop(Op::Shr, Dividend, F.c(2)), F.c(4)),
                        parseBlockShape("64"));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  // 4 * t + 2 is not a multiple of 4: the quotient is not linear in k.
  SymRef Inexact = add(add(binop(Op::Shl, F.sym(F.Tx), F.c(2)), F.c(2)),
                       mul(SymExpr::symbol(K, IntType{32, true}), F.c(128)));
  R = F.eval(mul(binop(Op::Div, Inexact, F.c(4)), F.c(4)), parseBlockShape("64"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("non-linear"), std::string::npos) << R.Reason;
}

// A row's offset `(2 + threadIdx.y) * C / 4` (C unknown) is the same for
// every lane of a warp when the block is 32 wide: a rotation of the banks.
// In a block 16 wide, a warp spans two rows and the offset decides.
TEST(Evaluator, AWarpUniformTermWithAnUnknownIsDropped) {
  Fixture F;
  SymbolId C = F.param("C");
  SymRef RowOffset =
      binop(Op::Div, mul(add(F.c(2), F.sym(F.Ty)), SymExpr::symbol(C, IntType{32, true})),
            F.c(4));
  SymRef Addr = mul(add(RowOffset, F.sym(F.Tx)), F.c(16));
  EvalResult R = F.eval(Addr, parseBlockShape("32x4"), 16);
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  R = F.eval(Addr, parseBlockShape("16x4"), 16);
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("`C`"), std::string::npos) << R.Reason;
}

// `s[(blockIdx.x * 256 + threadIdx.x) % 32]`: the remainder repeats every
// value of blockIdx.x (period 1 here), so the residue enumeration decides
// it. A remainder whose period does not divide the bank window, or a signed
// one of a dividend that may be negative, stays undecided; `& 31` of the
// latter is periodic whatever the sign.
// A kernel argument that divides the thread index is enumerated over the
// range that stands for all its values (ValueClasses.h): `s[tid / n]` of
// floats is conflict-free for every n. An unknown not set at the launch (a
// loop's iteration whose bounds are not known) is not: each of its values
// would step the loops inside it again.
TEST(Evaluator, OnlyLaunchValuesAreEnumeratedAsRanges) {
  Fixture F;
  const IntType I32{32, true};
  auto quotient = [&](SymbolId U) {
    return mul(SymExpr::binary(Op::Div, SymExpr::cast(F.sym(F.Tx), I32),
                               SymExpr::symbol(U, I32), I32),
               F.c(4));
  };
  EvalResult R = F.eval(quotient(F.param("n")), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  // Spent: the unit's budget for ranges is gone, the argument stops it.
  F.RangeBudget = 0;
  R = F.eval(quotient(F.param("m")), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  F.RangeBudget = 16'000'000;
  SymbolInfo Other;
  Other.Kind = SymbolKind::Unknown;
  Other.Name = "the iteration of the loop at line 3";
  R = F.eval(quotient(F.K.addSymbol(Other)), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("non-linear"), std::string::npos) << R.Reason;
}

TEST(Evaluator, AnUnknownInsideAPeriodicRemainderIsEnumerated) {
  Fixture F;
  SymbolInfo B;
  B.Kind = SymbolKind::Unknown;
  B.Name = "blockIdx.x";
  B.Domain = std::pair<int64_t, int64_t>(0, INT32_MAX);
  const SymbolId Bx = F.K.addSymbol(B);
  const IntType I32{32, true};
  auto laneId = [&](SymbolId U, Op O, int64_t M) {
    SymRef Id = SymExpr::binary(
        Op::Add,
        SymExpr::binary(Op::Mul, SymExpr::symbol(U, I32), SymExpr::constant(256, I32), I32),
        SymExpr::cast(F.sym(F.Tx), I32), I32);
    return mul(SymExpr::binary(O, Id, SymExpr::constant(M, I32), I32), F.c(4));
  };
  EvalResult R = F.eval(laneId(Bx, Op::Rem, 32), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  R = F.eval(laneId(Bx, Op::Rem, 48), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("non-linear"), std::string::npos) << R.Reason;
  // No domain: k may be negative, and `%` follows the sign. But each warp's
  // 32 values of 256 k + tx are one aligned run, on one side of 0: every
  // value of k in the range that stands for all (ValueClasses.h) is
  // conflict-free.
  const SymbolId K = F.param("k");
  R = F.eval(laneId(K, Op::Rem, 32), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  ASSERT_FALSE(R.Assumptions.empty());
  EXPECT_NE(R.Assumptions.back().find("every value `k` can take"), std::string::npos);
  R = F.eval(laneId(K, Op::And, 31), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  // (blockIdx.x * 256 + t) % 512 repeats every 2 blocks: decided (lanes in
  // consecutive words either way).
  R = F.eval(laneId(Bx, Op::Rem, 512), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  // An unsigned remainder by 48 is not periodic where the dividend wraps.
  const IntType U32t{32, false};
  SymRef Wrapping = SymExpr::binary(
      Op::Rem,
      SymExpr::binary(Op::Add,
                      SymExpr::binary(Op::Mul, SymExpr::symbol(Bx, U32t),
                                      SymExpr::constant(256, U32t), U32t),
                      SymExpr::cast(F.sym(F.Tx), U32t), U32t),
      SymExpr::constant(48, U32t), U32t);
  R = F.eval(mul(Wrapping, F.c(4)), parseBlockShape("256"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
}

// The same lane with no block shape: `(blockIdx.x * blockDim.x +
// threadIdx.x) % 32`. blockDim.x is assumed a multiple of the warp, so the
// product is whole periods of the remainder and drops out: decided, and a
// row stride of 32 words is the 32-way conflict it is. A signed dividend
// that may be negative keeps its unknown.
TEST(Evaluator, WholePeriodsOfARemainderDropOutWithoutAShape) {
  Fixture F;
  SymbolInfo B;
  B.Kind = SymbolKind::Unknown;
  B.Name = "blockIdx.x";
  B.Domain = std::pair<int64_t, int64_t>(0, INT32_MAX);
  B.Origin = SymbolOrigin::LaunchBuiltin;
  const SymbolId Bx = F.K.addSymbol(B);
  const IntType I32{32, true};
  auto lane = [&](SymRef Block, Op O, int64_t M) {
    SymRef Id = SymExpr::binary(
        Op::Add, SymExpr::binary(Op::Mul, Block, SymExpr::cast(F.sym(F.Bdx), I32), I32),
        SymExpr::cast(F.sym(F.Tx), I32), I32);
    return SymExpr::binary(O, Id, SymExpr::constant(M, I32), I32);
  };
  SymRef Bxs = SymExpr::symbol(Bx, I32);
  EvalResult R = F.eval(mul(lane(Bxs, Op::Rem, 32), F.c(4)), std::nullopt);
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  R = F.eval(mul(lane(Bxs, Op::Rem, 32), F.c(128)), std::nullopt);
  EXPECT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 32u);
  // Two words of one bank, 128 bytes apart, for even and odd lanes.
  R = F.eval(mul(lane(Bxs, Op::And, 1), F.c(128)), std::nullopt);
  EXPECT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 2u);
  // threadIdx.x - blockIdx.x * blockDim.x may be negative, and `%` follows
  // the sign: the remainder repeats in blockIdx.x only once the dividend
  // has one sign, past |blockIdx.x| = 1025 here, and that many values under
  // every assumed shape exceed the budget: unknown.
  SymRef Minus = SymExpr::unary(Op::Neg, Bxs, I32);
  R = F.eval(mul(lane(Minus, Op::Rem, 32), F.c(4)), std::nullopt);
  EXPECT_EQ(R.Status, Verdict::Unknown) << R.Reason;
  // ... but `& 31` is its residue whatever the sign.
  R = F.eval(mul(lane(Minus, Op::And, 31), F.c(4)), std::nullopt);
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  // Through a cast to 8 bits, `(u8)(16 * lane + 512 * ...) % 512` keeps
  // only 256 values: lanes 16 apart meet (8-way, not the 16-way of
  // `16 * lane % 512`). Nothing is dropped there.
  const IntType U8{8, false};
  SymRef Wide = SymExpr::binary(
      Op::Add, SymExpr::binary(Op::Mul, SymExpr::cast(F.sym(F.Tx), I32), SymExpr::constant(16, I32), I32),
      SymExpr::binary(Op::Mul, lane(Bxs, Op::Add, 0), SymExpr::constant(512, I32), I32), I32);
  SymRef Narrow = SymExpr::binary(Op::Rem, SymExpr::cast(SymExpr::cast(Wide, U8), I32),
                                  SymExpr::constant(512, I32), I32);
  R = F.eval(mul(Narrow, F.c(4)), parseBlockShape("32"));
  EXPECT_NE(R.Degree, 16u) << R.Reason;
}

TEST(Evaluator, LoopWithChangingStride) {
  Fixture F;
  // for (k = 1; k <= 32; k *= 2) s[(t * k) % 1024]
  SymbolInfo KS;
  KS.Kind = SymbolKind::LoopVar;
  KS.Name = "k";
  KS.LoopIndex = 0;
  SymbolId Kv = F.K.addSymbol(KS);
  LoopModel L;
  L.Var = Kv;
  L.VarType = IntType{32, true};
  L.Init = SymExpr::constant(1, L.VarType);
  L.Cond = SymExpr::binary(Op::LE, SymExpr::symbol(Kv, L.VarType),
                           SymExpr::constant(32, L.VarType), IntType{1, false});
  L.Next = SymExpr::binary(Op::Mul, SymExpr::symbol(Kv, L.VarType),
                           SymExpr::constant(2, L.VarType), L.VarType);
  F.K.Loops.push_back(L);
  AccessModel A;
  A.Address = mul(SymExpr::binary(Op::Rem, mul(F.sym(F.Tx), SymExpr::symbol(Kv, L.VarType)),
                                  F.c(1024), I64),
                  F.c(4));
  A.Loops = {0};
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32"),
                                *lookupBankModel("sm_90"), EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 32u);
  EXPECT_EQ(R.Instructions, 6u);
  // 1 + 2 + 4 + 8 + 16 + 32 wavefronts over 6 instructions.
  EXPECT_DOUBLE_EQ(R.Wavefronts, 63.0 / 6.0);
  EXPECT_EQ(R.ExampleContext, "k = 32");
}

TEST(Evaluator, InactiveWarpsDoNotCount) {
  Fixture F;
  AccessModel A;
  A.Address = mul(F.sym(F.Tx), F.c(128));
  // if (threadIdx.x < 16)
  A.Conditions.push_back({SymExpr::binary(Op::LT, F.sym(F.Tx), SymExpr::constant(16, U32),
                                          IntType{1, false}),
                          "threadIdx.x < 16"});
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("128"),
                                *lookupBankModel("sm_90"), EvalOptions());
  EXPECT_EQ(R.Instructions, 1u);
  EXPECT_EQ(R.Degree, 16u);
}

TEST(Evaluator, LanesThatATestFailsWhateverTheUnknownsAreSkipTheAccess) {
  Fixture F;
  // s[t + 16 * (t / 16)]: lanes 0 and 16 share bank 0 (2-way with 32 lanes).
  AccessModel A;
  A.Address = mul(add(F.sym(F.Tx),
                      mul(SymExpr::binary(Op::Div, F.sym(F.Tx), SymExpr::constant(16, U32), U32),
                          F.c(16))),
                  F.c(4));
  const IntType Bool{1, false};
  const SymRef InGrid = SymExpr::binary(Op::LT, F.sym(F.Tx),
                                        SymExpr::symbol(F.param("nx"), U32), Bool);
  // if (t < 16 ? t < nx : false): lanes 16-31 never run it.
  A.Conditions.push_back(
      {SymExpr::select(SymExpr::binary(Op::LT, F.sym(F.Tx), SymExpr::constant(16, U32), Bool),
                       InGrid, SymExpr::constant(0, Bool), Bool),
       "halo"});
  const BankModel M = *lookupBankModel("sm_90");
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32"), M, EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Ok);
  EXPECT_NE(std::find(R.Assumptions.begin(), R.Assumptions.end(),
                      "assumed every lane that can satisfy `halo` does"),
            R.Assumptions.end());
  // if (t < nx): every lane may run it, 2-way as before.
  A.Conditions = {{InGrid, "t < nx"}};
  R = evaluateAccess(F.K, A, parseBlockShape("32"), M, EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 2u);
  // if (!(t >= 16 || t >= nx)) decides the same lanes as the first test.
  A.Conditions = {{SymExpr::unary(Op::LNot,
                                  SymExpr::binary(Op::LOr,
                                                  SymExpr::binary(Op::GE, F.sym(F.Tx),
                                                                  SymExpr::constant(16, U32), Bool),
                                                  SymExpr::unary(Op::LNot, InGrid, Bool), Bool),
                                  Bool),
                   "!(t >= 16 || !(t < nx))"}};
  R = evaluateAccess(F.K, A, parseBlockShape("32"), M, EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Ok);
}

TEST(Evaluator, Wave64HalvesOnCdna) {
  Fixture F;
  // s[t * 2]: 2-way on each 32-lane half of a wave64.
  EvalResult R = F.eval(mul(F.sym(F.Tx), F.c(8)), parseBlockShape("64"), 4, "gfx90a");
  EXPECT_EQ(R.Degree, 2u);
  EXPECT_DOUBLE_EQ(R.Wavefronts, 4.0);
  EXPECT_DOUBLE_EQ(R.Ideal, 2.0);
}

TEST(Evaluator, UndocumentedWidthIsUnknown) {
  Fixture F;
  EvalResult R = F.eval(mul(F.sym(F.Tx), F.c(16)), parseBlockShape("32"), 16, "gfx1100");
  EXPECT_EQ(R.Status, Verdict::Unknown);
}

} // namespace

namespace {

EvalOptions withViews(unsigned Warps, unsigned Steps) {
  EvalOptions O;
  O.PictureWarps = Warps;
  O.PictureSteps = Steps;
  return O;
}

} // namespace

TEST(Evaluator, ViewsKeepTheFirstWarpsAndSayHowManyRan) {
  Fixture F;
  // tile[threadIdx.x][threadIdx.y] under 32x32: warp w reads 128 * lane + 4w.
  SymRef Addr = add(mul(F.sym(F.Tx), F.c(128)), mul(F.sym(F.Ty), F.c(4)));
  AccessModel A;
  A.Address = Addr;
  A.WidthBytes = 4;
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32x32"),
                                *lookupBankModel("sm_90"), withViews(4, 2));
  const PictureSet &V = R.Views;
  EXPECT_EQ(V.Warps, 32u);
  EXPECT_EQ(V.MostSteps, 1u);
  EXPECT_TRUE(V.capped());
  ASSERT_EQ(V.Pictures.size(), 4u); // the worst (warp 0) is among them
  for (unsigned W = 0; W < 4; ++W) {
    EXPECT_EQ(V.Pictures[W].WarpLabel, "warp " + std::to_string(W));
    EXPECT_EQ(V.Pictures[W].Step, 0u);
    EXPECT_EQ(V.Pictures[W].Threads[5][1], W);
    EXPECT_EQ(V.Pictures[W].Lanes[5].Byte, 128 * 5 + 4 * int64_t(W));
  }
  // Without the option only the worst picture is kept.
  EXPECT_TRUE(F.eval(Addr, parseBlockShape("32x32")).Views.Pictures.empty());
}

TEST(Evaluator, ViewsKeepTheFirstIterationsAndTheWorst) {
  Fixture F;
  // for (k = 0; k < 64; ++k) s[(t * k) % 1024]: the worst (32-way) is k = 32,
  // beyond the first 4 iterations kept.
  SymbolInfo KS;
  KS.Kind = SymbolKind::LoopVar;
  KS.Name = "k";
  KS.LoopIndex = 0;
  SymbolId Kv = F.K.addSymbol(KS);
  LoopModel L;
  L.Var = Kv;
  L.VarType = IntType{32, true};
  L.Init = SymExpr::constant(0, L.VarType);
  L.Cond = SymExpr::binary(Op::LT, SymExpr::symbol(Kv, L.VarType),
                           SymExpr::constant(64, L.VarType), IntType{1, false});
  L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Kv, L.VarType),
                           SymExpr::constant(1, L.VarType), L.VarType);
  F.K.Loops.push_back(L);
  AccessModel A;
  A.Address = mul(SymExpr::binary(Op::Rem, mul(F.sym(F.Tx), SymExpr::symbol(Kv, L.VarType)),
                                  F.c(1024), I64),
                  F.c(4));
  A.Loops = {0};
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32"),
                                *lookupBankModel("sm_90"), withViews(2, 4));
  EXPECT_EQ(R.Degree, 32u);
  const PictureSet &V = R.Views;
  EXPECT_EQ(V.Warps, 1u);
  EXPECT_EQ(V.MostSteps, 64u);
  ASSERT_EQ(V.Pictures.size(), 5u);
  for (unsigned S = 0; S < 4; ++S) {
    EXPECT_EQ(V.Pictures[S].Step, S);
    EXPECT_EQ(V.Pictures[S].Iteration, "k = " + std::to_string(S));
    EXPECT_EQ(V.Pictures[S].Lanes[3].Byte, int64_t(4 * ((3 * S) % 1024)));
  }
  EXPECT_EQ(V.Pictures[4].Iteration, "k = 32");
  EXPECT_EQ(V.Pictures[4].Step, 32u);
  EXPECT_EQ(V.Pictures[4].Step, R.Picture.Step);
}

TEST(Evaluator, ViewsOfAnUnknownValueComeFromItsWorstCase) {
  Fixture F;
  // s[t * stride]: enumerated over stride's residues; the views are of the
  // worst (stride % 32 == 0), enumerated once more.
  SymbolId Stride = F.param("stride");
  SymRef Addr = mul(mul(F.sym(F.Tx), SymExpr::symbol(Stride, IntType{32, true})), F.c(4));
  AccessModel A;
  A.Address = Addr;
  A.WidthBytes = 4;
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("64"),
                                *lookupBankModel("sm_90"), withViews(8, 8));
  EXPECT_EQ(R.Degree, 32u);
  ASSERT_EQ(R.Views.Pictures.size(), 2u);
  EXPECT_EQ(R.Views.Warps, 2u);
  for (const WarpPicture &P : R.Views.Pictures) {
    const InstructionCost C = instructionCost(*lookupBankModel("sm_90"), P.Phases, 4, P.Lanes);
    EXPECT_EQ(C.Degree, 32u) << P.WarpLabel;
  }
}

namespace {
/// for (l = n; l > 0; l >>= 1) { s[offset + t]; offset <<= 1; } with the
/// companion `offset` starting at \p OffsetInit; n is a kernel parameter, so
/// the loop cannot be enumerated.
EvalResult scanTreeLoop(Fixture &F, SymRef OffsetInit, bool NFromData = false) {
  const IntType I32{32, true};
  SymbolInfo LS;
  LS.Kind = SymbolKind::LoopVar;
  LS.Name = "l";
  LS.LoopIndex = 0;
  const SymbolId Lv = F.K.addSymbol(LS);
  SymbolInfo OS = LS;
  OS.Name = "offset";
  const SymbolId Ov = F.K.addSymbol(OS);
  LoopModel L;
  L.Var = Lv;
  L.VarType = I32;
  const SymbolId N = F.param("n");
  F.K.Symbols[N].FromData = NFromData;
  L.Init = SymExpr::symbol(N, I32);
  L.Cond = SymExpr::binary(Op::GT, SymExpr::symbol(Lv, I32),
                           SymExpr::constant(0, I32), IntType{1, false});
  L.Next = SymExpr::binary(Op::Shr, SymExpr::symbol(Lv, I32),
                           SymExpr::constant(1, I32), I32);
  LoopCompanion C;
  C.Var = Ov;
  C.VarType = I32;
  C.Init = OffsetInit;
  C.Next = SymExpr::binary(Op::Shl, SymExpr::symbol(Ov, I32),
                           SymExpr::constant(1, I32), I32);
  L.Companions.push_back(C);
  F.K.Loops.push_back(L);
  AccessModel A;
  A.Address = mul(add(SymExpr::symbol(Ov, I32), F.sym(F.Tx)), F.c(4));
  A.Loops = {0};
  return evaluateAccess(F.K, A, parseBlockShape("64"), *lookupBankModel("sm_90"),
                        EvalOptions());
}
} // namespace

// A value that changes in a loop without known bounds is the same for every
// lane of an iteration when nothing lane-dependent flows into the loop: as a
// uniform offset it cannot cause a conflict.
TEST(Evaluator, UniformCompanionOfAnOpenLoopIsHarmless) {
  Fixture F;
  EvalResult R = scanTreeLoop(F, SymExpr::constant(1, IntType{32, true}));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
}

// Starting from a lane's own value, it differs between lanes: not decided.
TEST(Evaluator, LaneDependentCompanionOfAnOpenLoopIsUnknown) {
  Fixture F;
  EvalResult R = scanTreeLoop(F, SymExpr::cast(F.sym(F.Tx), IntType{32, true}));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("differs between lanes"), std::string::npos) << R.Reason;
  EXPECT_FALSE(R.DataDependent); // n is a kernel parameter
}

// Where the loop's start is read from memory, its values are data, and the
// reason names the value.
TEST(Evaluator, ValueOfALoopThatReadsDataIsDataDependent) {
  Fixture F;
  EvalResult R = scanTreeLoop(F, SymExpr::cast(F.sym(F.Tx), IntType{32, true}),
                              /*NFromData=*/true);
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_TRUE(R.DataDependent);
  EXPECT_NE(R.Reason.find("depends on `n`, loaded from memory"), std::string::npos)
      << R.Reason;
}

// A uniform data value the address only offsets decides nothing: no
// conflict, and nothing data-dependent about it.
TEST(Evaluator, UniformDataOffsetIsDecided) {
  Fixture F;
  const SymbolId Base = F.param("base");
  F.K.Symbols[Base].FromData = true;
  EvalResult R = F.eval(mul(add(F.sym(F.Tx), SymExpr::symbol(Base, U32)), F.c(4)),
                        parseBlockShape("64"));
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
  EXPECT_FALSE(R.DataDependent);
}

// A per-lane data index: unknown, data-dependent.
TEST(Evaluator, PerLaneDataIndexIsDataDependent) {
  Fixture F;
  const SymbolId Idx = F.param("idx[...]");
  F.K.Symbols[Idx].FromData = true;
  F.K.Symbols[Idx].LaneVarying = true;
  EvalResult R = F.eval(mul(SymExpr::symbol(Idx, U32), F.c(4)), parseBlockShape("64"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_TRUE(R.DataDependent);
}

// Where a kernel parameter in a product and a per-lane data index both stop
// the evaluation, the reason names the data.
TEST(Evaluator, DataIsNamedBeforeOtherUnknowns) {
  Fixture F;
  const SymbolId P = F.param("p");
  const SymbolId Idx = F.param("idx[...]");
  F.K.Symbols[Idx].FromData = true;
  F.K.Symbols[Idx].LaneVarying = true;
  SymRef Addr = mul(add(mul(SymExpr::symbol(P, U32), SymExpr::symbol(P, U32)),
                        SymExpr::symbol(Idx, U32)),
                    F.c(4));
  EvalResult R = F.eval(Addr, parseBlockShape("64"));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_TRUE(R.DataDependent);
  EXPECT_NE(R.Reason.find("`idx[...]`"), std::string::npos) << R.Reason;
}

TEST(Evaluator, UnknownShapeEnumeratesBlocksOfAtMost1024Threads) {
  Fixture F;
  // s[tx * (ty + 1)] under an unknown shape: a warp is 32 threads of one
  // row ty, in a block at least 32 wide, so ty stays below 1024 / 32: 32
  // rows are enumerated (before the bound: 128, a bank window's worth).
  SymRef Addr = mul(mul(F.sym(F.Tx), add(F.sym(F.Ty), F.c(1))), F.c(4));
  EvalResult R = F.eval(Addr, std::nullopt);
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 32u);
  EXPECT_EQ(R.Instructions, 32u);
}

namespace {
/// for (i = 0; i < n; i++) { if (k >= 40) break; s[k < 40 ? k : 32 * k];
/// k = (k + 8) & 63; } with k starting at the lane's threadIdx.x: the
/// break is joined to the loop's test (LoopModel::ExitsInBody), and n is a
/// kernel parameter.
EvalResult loopWithJoinedBreak(Fixture &F, bool ExitsInBody) {
  const IntType I32{32, true}, B1{1, false};
  SymbolInfo LS;
  LS.Kind = SymbolKind::LoopVar;
  LS.Name = "i";
  LS.LoopIndex = 0;
  const SymbolId Iv = F.K.addSymbol(LS);
  SymbolInfo KS = LS;
  KS.Name = "k";
  const SymbolId Kv = F.K.addSymbol(KS);
  auto k = [&] { return SymExpr::symbol(Kv, I32); };
  auto c32 = [&](int64_t V) { return SymExpr::constant(V, I32); };
  LoopModel L;
  L.Var = Iv;
  L.VarType = I32;
  L.Init = c32(0);
  L.Cond = SymExpr::binary(
      Op::LAnd,
      SymExpr::binary(Op::LT, SymExpr::symbol(Iv, I32),
                      SymExpr::symbol(F.param("n"), I32), B1),
      SymExpr::binary(Op::LT, k(), c32(40), B1), B1);
  L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Iv, I32), c32(1), I32);
  L.ExitsInBody = ExitsInBody;
  LoopCompanion C;
  C.Var = Kv;
  C.VarType = I32;
  C.Init = SymExpr::cast(F.sym(F.Tx), I32);
  C.Next = SymExpr::binary(
      Op::And, SymExpr::binary(Op::Add, k(), c32(8), I32), c32(63), I32);
  L.Companions.push_back(C);
  F.K.Loops.push_back(L);
  AccessModel A;
  A.Address = mul(SymExpr::select(SymExpr::binary(Op::LT, k(), c32(40), B1),
                                  k(), SymExpr::binary(Op::Mul, k(), c32(32), I32),
                                  I32),
                  F.c(4));
  A.Loops = {0};
  return evaluateAccess(F.K, A, parseBlockShape("32"), *lookupBankModel("sm_90"),
                        EvalOptions());
}
} // namespace

// A loop of unknown bounds whose companions repeat can be stepped without
// its test (UniformCompanionOfAnOpenLoopIsHarmless), but not one with a
// break joined to its test: lanes that left at the break would be kept.
TEST(Evaluator, ALoopWithAJoinedBreakIsNeverSteppedWithoutItsTest) {
  Fixture F;
  EvalResult R = loopWithJoinedBreak(F, /*ExitsInBody=*/true);
  EXPECT_EQ(R.Status, Verdict::Unknown) << R.Reason;
}

namespace {
/// for (i = 0; ...; ++i) { [exits not understood]; buf = (buf + 1) % 2;
///   tile[buf][t] } with a 32-word row per buffer: only lanes that stay in
/// step (LoopModel::UniformExits) share `buf`.
EvalResult toggledBuffer(Fixture &F, bool UniformExits) {
  const IntType I32{32, true};
  const SymbolId Iv = F.loopVar("i", 0), Buf = F.loopVar("buf", 0);
  auto c32 = [&](int64_t V) { return SymExpr::constant(V, I32); };
  LoopModel L;
  L.Var = Iv;
  L.VarType = I32;
  L.Init = c32(0);
  L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Iv, I32), c32(1), I32);
  L.Enumerable = false; // a break the front end could not join to the test
  L.UniformExits = UniformExits;
  LoopCompanion C;
  C.Var = Buf;
  C.VarType = I32;
  C.Init = c32(0);
  C.Next = SymExpr::binary(Op::Rem,
                           SymExpr::binary(Op::Add, SymExpr::symbol(Buf, I32), c32(1), I32),
                           c32(2), I32);
  L.Companions.push_back(C);
  F.K.Loops.push_back(L);
  AccessModel A;
  A.Address = add(mul(SymExpr::symbol(Buf, I32), F.c(32 * 4)), mul(F.sym(F.Tx), F.c(4)));
  A.Loops = {0};
  return evaluateAccess(F.K, A, parseBlockShape("32"), *lookupBankModel("sm_90"),
                        EvalOptions());
}
} // namespace

// Lanes that leave a loop together hold the same companion values in every
// iteration: `buf` is 0 or 1 for the whole warp, a uniform row offset.
TEST(Evaluator, ACompanionOfALoopWhoseExitsAreUniformIsTheSameInEveryLane) {
  Fixture F;
  EvalResult R = toggledBuffer(F, /*UniformExits=*/true);
  EXPECT_EQ(R.Status, Verdict::Ok) << R.Reason;
}

TEST(Evaluator, ACompanionOfALoopLanesMayLeaveApartDiffersBetweenLanes) {
  Fixture F;
  EvalResult R = toggledBuffer(F, /*UniformExits=*/false);
  EXPECT_EQ(R.Status, Verdict::Unknown) << R.Reason;
  EXPECT_NE(R.Reason.find("differs between lanes"), std::string::npos) << R.Reason;
}

namespace {
/// for (k = 2; k <= n; k <<= 1) for (j = k >> 1; j > 0; j >>= 1)
///   [if ((t ^ j) > t)] s[Scale * (t ^ j)]
/// with n a kernel parameter: neither loop can be enumerated, but `j`
/// takes the powers of two up to 2^29 only.
EvalResult halvingPartner(Fixture &F, int64_t Scale, bool OnlyLowerLane,
                          uint64_t Budget = 0) {
  const IntType I32{32, true}, B1{1, false};
  const SymbolId Kv = F.loopVar("k", 0), Jv = F.loopVar("j", 1);
  auto k = [&] { return SymExpr::symbol(Kv, I32); };
  auto j = [&] { return SymExpr::symbol(Jv, I32); };
  auto c32 = [&](int64_t V) { return SymExpr::constant(V, I32); };
  LoopModel Outer;
  Outer.Var = Kv;
  Outer.VarType = I32;
  Outer.Init = c32(2);
  Outer.Cond = SymExpr::binary(Op::LE, k(), SymExpr::symbol(F.param("n"), I32), B1);
  Outer.Next = SymExpr::binary(Op::Shl, k(), c32(1), I32);
  LoopModel Inner;
  Inner.Var = Jv;
  Inner.VarType = I32;
  Inner.Init = SymExpr::binary(Op::Shr, k(), c32(1), I32);
  Inner.Cond = SymExpr::binary(Op::GT, j(), c32(0), B1);
  Inner.Next = SymExpr::binary(Op::Shr, j(), c32(1), I32);
  F.K.Loops = {Outer, Inner};
  const SymRef Partner =
      SymExpr::binary(Op::Xor, SymExpr::cast(F.sym(F.Tx), I32), j(), I32);
  AccessModel A;
  A.Address = mul(Partner, F.c(4 * Scale));
  A.Loops = {0, 1};
  if (OnlyLowerLane)
    A.Conditions.push_back(
        {SymExpr::binary(Op::GT, Partner, SymExpr::cast(F.sym(F.Tx), I32), B1),
         "ixj > t"});
  EvalOptions Options;
  if (Budget)
    Options.MaxLaneEvaluations = Budget;
  return evaluateAccess(F.K, A, parseBlockShape("512"), *lookupBankModel("sm_90"),
                        Options);
}
} // namespace

// A bitonic sort's partner t ^ j is a permutation of each warp's lanes, or
// of whole warps, for every power of two j: no conflict, whatever n is
// (measured: test/hardware/explore/idioms13.cu).
TEST(Evaluator, AHalvingLoopOfUnknownBoundIsDecidedForEveryValue) {
  Fixture F;
  EvalResult R = halvingPartner(F, 1, /*OnlyLowerLane=*/true);
  ASSERT_EQ(R.Status, Verdict::Ok) << R.Reason;
  ASSERT_EQ(R.Assumptions.size(), 1u);
  EXPECT_NE(R.Assumptions[0].find("every value `j` can take"), std::string::npos)
      << R.Assumptions[0];
}

// Every lane at 2 * (t ^ j): 2-way for every j, so 2-way in the mean.
TEST(Evaluator, AHalvingLoopWithTheSameDegreeForEveryValueConflicts) {
  Fixture F;
  EvalResult R = halvingPartner(F, 2, /*OnlyLowerLane=*/false);
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 2u);
  EXPECT_DOUBLE_EQ(R.Wavefronts, 2.0);
}

// Only the lanes below their partner at 2 * (t ^ j): 2-way while j < 16,
// conflict-free at j = 16 (16 lanes, 16 banks): the mean depends on n.
TEST(Evaluator, AHalvingLoopWhoseDegreeDependsOnTheValueIsUnknown) {
  Fixture F;
  EvalResult R = halvingPartner(F, 2, /*OnlyLowerLane=*/true);
  ASSERT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("up to 2-way depending on `j`"), std::string::npos) << R.Reason;
  EXPECT_NE(R.Reason.find("conflict-free for some of its values"), std::string::npos)
      << R.Reason;
}

// Values left out by the budget could answer differently: never a verdict.
TEST(Evaluator, AHalvingLoopPastTheBudgetIsUnknown) {
  Fixture F;
  EvalResult R = halvingPartner(F, 1, /*OnlyLowerLane=*/true, /*Budget=*/2000);
  ASSERT_EQ(R.Status, Verdict::Unknown);
  EXPECT_TRUE(R.BudgetExceeded);
  EXPECT_NE(R.Reason.find("enumerating its values exceeds the budget"), std::string::npos)
      << R.Reason;
}

namespace {
EvalResult withArrayBytes(Fixture &F, SymRef Addr, uint64_t Bytes) {
  AccessModel A;
  A.Address = Addr;
  A.ArrayBytes = Bytes;
  return evaluateAccess(F.K, A, std::nullopt, *lookupBankModel("sm_90"), EvalOptions());
}
} // namespace

TEST(Evaluator, AssumedShapesThatIndexPastTheArrayAreLeftOut) {
  Fixture F;
  // s[tx * (ty + 1)] in a 512-byte array: only rows ty <= 3 of the first
  // warp stay inside it (strides of 1 to 4 words: at worst 4-way), not the
  // 32-way of row 31.
  SymRef Addr = mul(mul(F.sym(F.Tx), add(F.sym(F.Ty), F.c(1))), F.c(4));
  EvalResult R = withArrayBytes(F, Addr, 512);
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 4u);
  EXPECT_NE(std::find(R.Assumptions.begin(), R.Assumptions.end(),
                      "assumed block shapes under which a lane accesses past the end of "
                      "the array are left out"),
            R.Assumptions.end());
  // Unknown size: every shape counts.
  EXPECT_EQ(withArrayBytes(F, Addr, 0).Degree, 32u);
}

TEST(Evaluator, WhenEveryAssumedShapeIndexesPastTheArrayNoneIsLeftOut) {
  Fixture F;
  // 64 bytes hold no warp of 32 lanes: the answer is the one without the
  // test (the shape is then not one the assumptions cover).
  SymRef Addr = mul(mul(F.sym(F.Tx), add(F.sym(F.Ty), F.c(1))), F.c(4));
  EvalResult R = withArrayBytes(F, Addr, 64);
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 32u);
}

TEST(Evaluator, AVariableReadAfterItsLoopIsAnUnknown) {
  Fixture F;
  // for (k = 0; k < B; ++k) ...; then, outside that loop, `if (k < 4)
  // s[t]` and s[k * 32]: the value k is left with is not stepped there
  // (CuTe's predicate tensors). With a uniform bound B it is the same in
  // every lane; with B = threadIdx.x it differs between lanes.
  auto loopTo = [&](SymRef Bound) {
    SymbolInfo KS;
    KS.Kind = SymbolKind::LoopVar;
    KS.Name = "k";
    KS.LoopIndex = static_cast<unsigned>(F.K.Loops.size());
    SymbolId Kv = F.K.addSymbol(KS);
    LoopModel L;
    L.Var = Kv;
    L.VarType = IntType{32, true};
    L.Init = SymExpr::constant(0, L.VarType);
    L.Cond = SymExpr::binary(Op::LT, SymExpr::symbol(Kv, L.VarType), Bound, IntType{1, false});
    L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Kv, L.VarType),
                             SymExpr::constant(1, L.VarType), L.VarType);
    L.Text = "for (k = 0; k < B; ++k)";
    F.K.Loops.push_back(L);
    return SymExpr::symbol(Kv, L.VarType);
  };
  const SymRef Uniform = loopTo(SymExpr::symbol(F.param("B"), IntType{32, true}));
  AccessModel A;
  A.Address = mul(F.sym(F.Tx), F.c(4));
  A.Conditions.push_back({SymExpr::binary(Op::LT, Uniform, SymExpr::constant(4, Uniform->Type),
                                          IntType{1, false}),
                          "k < 4"});
  const BankModel M = *lookupBankModel("sm_90");
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32"), M, EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Ok);
  const SymRef PerLane = loopTo(SymExpr::cast(F.sym(F.Tx), IntType{32, true}));
  AccessModel B;
  B.Address = mul(SymExpr::cast(PerLane, I64), F.c(128));
  R = evaluateAccess(F.K, B, parseBlockShape("32"), M, EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_EQ(R.Reason, "the address depends on `k`, which differs between lanes (its value "
                      "after the loop `for (k = 0; k < B; ++k)`, which ldslint does not "
                      "follow past the loop)");
}

// for (b = 0; b < 5; ++b) q <<= 1; then s[tx * q]: the loop's bounds are
// constants, so it is stepped to its end (q = 32) and the access is a
// 32-way conflict; with a bound from a kernel argument q stays an unknown.
TEST(Evaluator, AFinishedLoopOfConstantBoundsIsSteppedToItsEnd) {
  Fixture F;
  auto loopTo = [&](SymRef Bound) {
    SymbolInfo BS;
    BS.Kind = SymbolKind::LoopVar;
    BS.Name = "b";
    BS.LoopIndex = static_cast<unsigned>(F.K.Loops.size());
    const SymbolId Bv = F.K.addSymbol(BS);
    SymbolInfo QS = BS;
    QS.Name = "q";
    const SymbolId Qv = F.K.addSymbol(QS);
    LoopModel L;
    L.Var = Bv;
    L.VarType = IntType{32, true};
    L.Init = SymExpr::constant(0, L.VarType);
    L.Cond = SymExpr::binary(Op::LT, SymExpr::symbol(Bv, L.VarType), Bound, IntType{1, false});
    L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Bv, L.VarType),
                             SymExpr::constant(1, L.VarType), L.VarType);
    LoopCompanion C;
    C.Var = Qv;
    C.VarType = L.VarType;
    C.Init = SymExpr::constant(1, L.VarType);
    C.Next = SymExpr::binary(Op::Shl, SymExpr::symbol(Qv, L.VarType),
                             SymExpr::constant(1, L.VarType), L.VarType);
    L.Companions.push_back(C);
    L.Text = "for (b = 0; b < B; ++b)";
    F.K.Loops.push_back(L);
    return SymExpr::symbol(Qv, L.VarType);
  };
  const SymRef Q = loopTo(SymExpr::constant(5, IntType{32, true}));
  EvalResult R = F.eval(mul(mul(F.sym(F.Tx), Q), F.c(4)), parseBlockShape("32"));
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 32u);
  EXPECT_TRUE(R.MeanKnown);
  const SymRef Open = loopTo(SymExpr::symbol(F.param("B"), IntType{32, true}));
  R = F.eval(mul(mul(F.sym(F.Tx), Open), F.c(4)), parseBlockShape("32"));
  EXPECT_NE(R.Status, Verdict::Conflict);
  EXPECT_NE(R.Reason.find("`q`"), std::string::npos) << R.Reason;
}

// for (b = 0; b < 5; ++b) q <<= 1; then for (j = q; j < q + 1; ++j) s[tx * j]:
// the first loop is read only through the second loop's start, and must
// still be stepped to its end (q = 32: a 32-way conflict). Each access's
// evaluation keeps the loops it reads, to a fixpoint; an unrelated loop
// after them changes nothing.
TEST(Evaluator, ALoopReadOnlyThroughAnotherLoopsStartIsKept) {
  Fixture F;
  const IntType T{32, true};
  auto counted = [&](SymbolId Var, SymRef Init, SymRef Bound, const std::string &Text) {
    LoopModel L;
    L.Var = Var;
    L.VarType = T;
    L.Init = Init;
    L.Cond = SymExpr::binary(Op::LT, SymExpr::symbol(Var, T), Bound, IntType{1, false});
    L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Var, T), SymExpr::constant(1, T), T);
    L.Step = SymExpr::constant(1, T);
    L.Text = Text;
    return L;
  };
  const SymbolId Bv = F.loopVar("b", 0), Qv = F.loopVar("q", 0);
  LoopModel First = counted(Bv, SymExpr::constant(0, T), SymExpr::constant(5, T),
                            "for (b = 0; b < 5; ++b)");
  LoopCompanion C;
  C.Var = Qv;
  C.VarType = T;
  C.Init = SymExpr::constant(1, T);
  C.Next = SymExpr::binary(Op::Shl, SymExpr::symbol(Qv, T), SymExpr::constant(1, T), T);
  First.Companions.push_back(C);
  F.K.Loops.push_back(First);
  const SymRef Q = SymExpr::symbol(Qv, T);
  const SymbolId Jv = F.loopVar("j", 1);
  F.K.Loops.push_back(counted(Jv, Q, SymExpr::binary(Op::Add, Q, SymExpr::constant(1, T), T),
                              "for (j = q; j < q + 1; ++j)"));
  const SymbolId Uv = F.loopVar("u", 2);
  F.K.Loops.push_back(counted(Uv, SymExpr::constant(0, T), SymExpr::symbol(F.param("n"), T),
                              "for (u = 0; u < n; ++u)"));
  AccessModel A;
  A.Address = mul(mul(F.sym(F.Tx), SymExpr::symbol(Jv, T)), F.c(4));
  A.Loops = {1};
  const EvalResult R =
      evaluateAccess(F.K, A, parseBlockShape("32"), *lookupBankModel("sm_90"), EvalOptions());
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 32u);
}

// for (b = blockDim.x; b < 1024; b <<= 1) q <<= 1; then s[tx * q]: q is
// 1024 / blockDim.x. With the block's shape it is stepped like a constant
// bound (blockDim.x = 32: q = 32, 32-way; a 16-wide block: q = 64, the 16
// lanes of a row in bank 0, 16-way); under the assumed shapes it is a
// choice by blockDim.x, whose worst is the narrowest block's 32-way (a
// choice that took the widest block's q = 1 would find no conflict).
TEST(Evaluator, AFinishedLoopBoundedByTheBlockSizeIsSteppedPerSize) {
  Fixture F;
  const IntType T{32, false};
  const SymbolId Bv = F.loopVar("b", 0), Qv = F.loopVar("q", 0);
  LoopModel L;
  L.Var = Bv;
  L.VarType = T;
  L.Init = SymExpr::symbol(F.Bdx, T);
  L.Cond = SymExpr::binary(Op::LT, SymExpr::symbol(Bv, T), SymExpr::constant(1024, T),
                           IntType{1, false});
  L.Next = SymExpr::binary(Op::Shl, SymExpr::symbol(Bv, T), SymExpr::constant(1, T), T);
  LoopCompanion C;
  C.Var = Qv;
  C.VarType = T;
  C.Init = SymExpr::constant(1, T);
  C.Next = SymExpr::binary(Op::Shl, SymExpr::symbol(Qv, T), SymExpr::constant(1, T), T);
  L.Companions.push_back(C);
  L.Text = "for (b = blockDim.x; b < 1024; b <<= 1)";
  F.K.Loops.push_back(L);
  const SymRef Addr = mul(mul(F.sym(F.Tx), SymExpr::symbol(Qv, T)), F.c(4));
  EvalResult R = F.eval(Addr, parseBlockShape("32"));
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 32u);
  EXPECT_TRUE(R.MeanKnown);
  R = F.eval(Addr, parseBlockShape("16x2"));
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 16u);
  R = F.eval(Addr, std::nullopt);
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 32u);
}

// `s[2 * t]` of floats after a byte padding `(16 - p % 16) % 16` with `p`
// unknown and unbounded: a word-aligned access (align 4) whose other terms
// are whole words makes the padding a whole number of words, which turns
// the banks (2-way). Without the alignment, or with a term that is not a
// whole word, each padding is evaluated (p over the range that stands for
// all its values, ValueClasses.h): 2-way or worse under every one.
TEST(Evaluator, AUniformBytePaddingOfAWordAlignedAccessTurnsTheBanks) {
  Fixture F;
  const SymbolId P = F.param("p");
  const SymRef Pad = SymExpr::binary(
      Op::Rem,
      SymExpr::binary(Op::Sub, F.c(16),
                      SymExpr::binary(Op::Rem, SymExpr::symbol(P, I64), F.c(16), I64), I64),
      F.c(16), I64);
  const SymRef Addr = add(Pad, mul(F.sym(F.Tx), F.c(8)));
  AccessModel A;
  A.Address = Addr;
  A.WidthBytes = 4;
  A.Align = 4;
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32"), *lookupBankModel("sm_90"),
                                F.options());
  ASSERT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 2u);
  A.Align = 1;
  R = evaluateAccess(F.K, A, parseBlockShape("32"), *lookupBankModel("sm_90"), F.options());
  EXPECT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_GE(R.LeastDegree ? R.LeastDegree : R.Degree, 2u);
  A.Align = 4;
  A.Address = add(Pad, mul(F.sym(F.Tx), F.c(6)));
  R = evaluateAccess(F.K, A, parseBlockShape("32"), *lookupBankModel("sm_90"), F.options());
  EXPECT_EQ(R.Status, Verdict::Conflict) << R.Reason;
}

namespace {
/// A loop variable of loop \p Loop (or a companion of it).
SymbolId countedVar(Fixture &F, const char *Name, unsigned Loop) {
  SymbolInfo S;
  S.Kind = SymbolKind::LoopVar;
  S.Name = Name;
  S.LoopIndex = Loop;
  return F.K.addSymbol(S);
}

/// `for (Var = 0; Var < Bound; ++Var)` with one companion (32-bit), added to
/// \p F's kernel.
void countedLoop(Fixture &F, SymbolId Var, SymbolId Bound, SymbolId Companion, SymRef Init,
                 SymRef Next) {
  const IntType I32{32, true};
  LoopModel L;
  L.Var = Var;
  L.VarType = I32;
  L.Init = SymExpr::constant(0, I32);
  L.Cond = SymExpr::binary(Op::LT, SymExpr::symbol(Var, I32), SymExpr::symbol(Bound, I32),
                           IntType{1, false});
  L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Var, I32), SymExpr::constant(1, I32), I32);
  LoopCompanion C;
  C.Var = Companion;
  C.VarType = I32;
  C.Init = Init;
  C.Next = Next;
  L.Companions.push_back(C);
  F.K.Loops.push_back(L);
}
} // namespace

// rocPRIM's radix sort: `key` is read back from shared memory in each step
// of a loop over bits (a loop of its own), and a second loop, after it,
// starts its `d` from that `key`. Used after the second loop, `d` is data
// through the first loop's steps (not a per-lane value of unknown origin).
TEST(Evaluator, ValueAfterALoopStartedFromAnotherLoopsDataIsDataDependent) {
  Fixture F;
  const IntType I32{32, true};
  const SymbolId Bv = countedVar(F, "b", 0), Kv = countedVar(F, "key", 0);
  const SymbolId Iv = countedVar(F, "i", 1), Dv = countedVar(F, "d", 1);
  const SymbolId Bits = F.param("bits"), M = F.param("m");
  const SymbolId Read = F.param("s[...]");
  F.K.Symbols[Read].FromData = true;
  F.K.Symbols[Read].LaneVarying = true;
  countedLoop(F, Bv, Bits, Kv, SymExpr::cast(F.sym(F.Tx), I32), SymExpr::symbol(Read, I32));
  countedLoop(F, Iv, M, Dv, SymExpr::symbol(Kv, I32),
          SymExpr::binary(Op::Xor, SymExpr::symbol(Dv, I32), SymExpr::constant(1, I32), I32));
  AccessModel A;
  A.Address = mul(SymExpr::binary(Op::And, SymExpr::symbol(Dv, I32), SymExpr::constant(63, I32), I32),
                  F.c(4));
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("64"), *lookupBankModel("sm_90"),
                                EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_TRUE(R.DataDependent) << R.Reason;
}

// The other way round: a loop that reads another loop's counter `i` is not
// data because that loop also sums data (`acc += s[i]`): only the start
// and step of the variable it reads count.
TEST(Evaluator, ALoopReadingAnotherLoopsCounterIsNotDataThroughItsAccumulator) {
  Fixture F;
  const IntType I32{32, true};
  const SymbolId Iv = countedVar(F, "i", 0), Acc = countedVar(F, "acc", 0);
  const SymbolId Kv = countedVar(F, "k", 1), Jv = countedVar(F, "j", 1);
  const SymbolId N = F.param("n"), M = F.param("m");
  const SymbolId Read = F.param("s[...]");
  F.K.Symbols[Read].FromData = true;
  countedLoop(F, Iv, N, Acc, SymExpr::constant(0, I32),
          SymExpr::binary(Op::Add, SymExpr::symbol(Acc, I32), SymExpr::symbol(Read, I32), I32));
  countedLoop(F, Kv, M, Jv, SymExpr::symbol(Iv, I32),
          SymExpr::binary(Op::Add, SymExpr::symbol(Jv, I32), SymExpr::constant(3, I32), I32));
  AccessModel A;
  A.Address = mul(mul(F.sym(F.Tx), SymExpr::symbol(Jv, I32)), F.c(4));
  A.Loops = {0};
  EvalResult R = evaluateAccess(F.K, A, parseBlockShape("32"), *lookupBankModel("sm_90"),
                                EvalOptions());
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_FALSE(R.DataDependent) << R.Reason;
}
