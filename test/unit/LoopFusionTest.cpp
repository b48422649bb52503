// Accesses as ptxas emits them: consecutive loop iterations fused into
// LDS.128 (the cases of test/hardware/explore/fusion.cu, measured on the
// H200: docs/results/loop-fusion.md).
#include "LoopFusion.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

const IntType U32{32, false}, I32{32, true}, I64{64, true};

SymRef c(int64_t V) { return SymExpr::constant(V, I64); }
SymRef add(SymRef A, SymRef B) {
  return SymExpr::binary(Op::Add, SymExpr::cast(A, I64), SymExpr::cast(B, I64), I64);
}
SymRef mul(SymRef A, SymRef B) {
  return SymExpr::binary(Op::Mul, SymExpr::cast(A, I64), SymExpr::cast(B, I64), I64);
}

/// One warp, `for (int i = 0; i < Trips; ++i) s[Row(t) * 4 + Offset + i * 4]`
/// (byte addresses), where the bound is a constant or a kernel parameter.
struct Fixture {
  KernelModel K;
  SymbolId Tx, I, N;
  Fixture(std::optional<int64_t> Trips) {
    Tx = K.addSymbol({SymbolKind::ThreadIdx, "threadIdx.x", 0});
    SymbolInfo Loop;
    Loop.Kind = SymbolKind::LoopVar;
    Loop.Name = "i";
    I = K.addSymbol(Loop);
    SymbolInfo P;
    P.Kind = SymbolKind::Unknown;
    P.Name = "`n`";
    P.Why = "it is a kernel parameter";
    N = K.addSymbol(P);
    LoopModel L;
    L.Var = I;
    L.VarType = I32;
    L.Init = SymExpr::constant(0, I32);
    L.Cond = SymExpr::binary(Op::LT, SymExpr::symbol(I, I32),
                             Trips ? SymExpr::constant(*Trips, I32)
                                   : SymExpr::symbol(N, I32),
                             IntType{1, false});
    L.Next = SymExpr::binary(Op::Add, SymExpr::symbol(I, I32),
                             SymExpr::constant(1, I32), I32);
    L.Step = SymExpr::constant(1, I32);
    L.Text = "i";
    K.Loops.push_back(L);
  }
  SymRef t() { return SymExpr::symbol(Tx, U32); }
  AccessModel access(SymRef RowWords, int64_t OffsetWords = 0) {
    AccessModel A;
    A.Address = add(mul(add(RowWords, c(OffsetWords)), c(4)),
                    mul(SymExpr::symbol(I, I32), c(4)));
    A.Loops = {0};
    A.BaseAlign = 16;
    return A;
  }
  EvalResult eval(const AccessModel &A, const std::string &Arch = "sm_90") {
    return evaluateAsEmitted(K, A, parseBlockShape("32"), *lookupBankModel(Arch),
                             EvalOptions());
  }
};

// (t / 4) * 8: rows of 8 floats, 4 lanes per row.
SymRef rows8(Fixture &F) {
  return mul(SymExpr::binary(Op::Div, F.t(), SymExpr::constant(4, U32), U32), c(8));
}

} // namespace

TEST(LoopFusion, TripCounts) {
  EXPECT_EQ(constantTripCount(Fixture(8).K.Loops[0]), 8u);
  EXPECT_EQ(constantTripCount(Fixture(0).K.Loops[0]), 0u);
  EXPECT_FALSE(constantTripCount(Fixture(std::nullopt).K.Loops[0]));
}

TEST(LoopFusion, AlignedRowsAreOneLds128PerFourIterations) {
  Fixture F(8);
  // Measured: LDS.128 x2, 2 / 2 wavefronts (as 4-byte loads: 2-way).
  const EvalResult R = F.eval(F.access(rows8(F)));
  EXPECT_EQ(R.Status, Verdict::Ok);
  EXPECT_EQ(R.Instructions, 2u);
  ASSERT_FALSE(R.Assumptions.empty());
  EXPECT_NE(R.Assumptions.back().find("LDS.128"), std::string::npos);
}

TEST(LoopFusion, RowPerLaneIsEightWavefrontsPerQuarter) {
  Fixture F(32);
  // float s[32][32], s[t][k]: measured LDS.128 x8 at 32 / 4.
  const EvalResult R = F.eval(F.access(mul(F.t(), c(32))));
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Instructions, 8u);
  EXPECT_DOUBLE_EQ(R.Wavefronts, 32.0);
  EXPECT_DOUBLE_EQ(R.Ideal, 4.0);
}

TEST(LoopFusion, PaddedRowsStayScalar) {
  Fixture F(32);
  // float s[32][33]: rows are not 16-byte aligned; measured LDS x32 at 1 / 1.
  const EvalResult R = F.eval(F.access(mul(F.t(), c(33))));
  EXPECT_EQ(R.Status, Verdict::Ok);
  EXPECT_EQ(R.Instructions, 32u);
  EXPECT_DOUBLE_EQ(R.Wavefronts, 1.0);
}

TEST(LoopFusion, UnmeasuredConflictAsWrittenOnlyIsNotClaimed) {
  Fixture F(8);
  // One float past the aligned rows: 2-way as written, fused differently by
  // ptxas (measured LDS + LDS.128 x2): not decided.
  const EvalResult R = F.eval(F.access(rows8(F), 1));
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("as written (4-byte): 2-way"), std::string::npos);
}

TEST(LoopFusion, UnknownTripCountClaimsTheMildestSharedVerdict) {
  Fixture F(std::nullopt);
  // Rows of 64 floats, same bank: 8-way as written, 4-way as LDS.64 pairs
  // (what the H200 ran: LDS.64, 4x), 2-way as LDS.128: all conflict.
  const EvalResult R = F.eval(
      F.access(mul(SymExpr::binary(Op::Div, F.t(), SymExpr::constant(4, U32), U32),
                   c(64))));
  EXPECT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 2u);
  ASSERT_FALSE(R.Assumptions.empty());
  EXPECT_NE(R.Assumptions.back().find("trip count not a compile-time constant"), std::string::npos);
}

TEST(LoopFusion, OtherTargetsAndUnknownAlignmentAreAsWritten) {
  Fixture F(8);
  EXPECT_EQ(F.eval(F.access(rows8(F)), "gfx90a").Instructions, 8u);
  AccessModel A = F.access(rows8(F));
  A.BaseAlign = 4; // extern array without __align__: not measured
  const EvalResult R = F.eval(A);
  EXPECT_EQ(R.Status, Verdict::Unknown); // 2-way as written, the only form
}

namespace {

/// Adds to \p F's loop a companion `sum` stepped by a loaded value (a
/// running sum beside the index): what an `int` instantiation of a
/// reduction has and a `float` one does not (floating point is not
/// modelled).
SymbolId addRunningSum(Fixture &F) {
  SymbolInfo S;
  S.Kind = SymbolKind::LoopVar;
  S.Name = "sum";
  const SymbolId Sum = F.K.addSymbol(S);
  SymbolInfo V;
  V.Kind = SymbolKind::Unknown;
  V.Name = "the loaded value";
  V.Why = "it is loaded from memory";
  const SymbolId Loaded = F.K.addSymbol(V);
  LoopCompanion C;
  C.Var = Sum;
  C.VarType = I32;
  C.Init = SymExpr::constant(0, I32);
  C.Next = SymExpr::binary(Op::Add, SymExpr::symbol(Sum, I32),
                           SymExpr::symbol(Loaded, I32), I32);
  F.K.Loops[0].Companions.push_back(C);
  return Sum;
}

} // namespace

// The trip count is the index's alone: a running sum beside it changes
// neither it nor how ptxas fuses the reads (so that the int and float
// instantiations of one template get the same answer).
TEST(LoopFusion, ARunningSumBesideTheIndexChangesNothing) {
  Fixture Plain(8), WithSum(8);
  addRunningSum(WithSum);
  EXPECT_EQ(constantTripCount(WithSum.K.Loops[0]), 8u);
  const EvalResult A = Plain.eval(Plain.access(rows8(Plain)));
  const EvalResult B = WithSum.eval(WithSum.access(rows8(WithSum)));
  EXPECT_EQ(B.Status, A.Status);
  EXPECT_EQ(B.Instructions, A.Instructions);
  EXPECT_EQ(B.Assumptions, A.Assumptions);
}

// What an access needs of its loops: the index, not the running sum; but a
// companion the address reads, and what its step reads.
TEST(LoopFusion, SymbolsNeededLeaveOutUnreadCompanions) {
  Fixture F(8);
  const SymbolId Sum = addRunningSum(F);
  const AccessModel A = F.access(rows8(F));
  std::set<SymbolId> Needed = symbolsNeeded(A.Address, A.Conditions, F.K.Loops, A.Loops);
  EXPECT_TRUE(Needed.count(F.I));
  EXPECT_FALSE(Needed.count(Sum));
  EXPECT_FALSE(symbolsOfAccess(F.K, A).count(Sum));
  AccessModel ReadsSum = A;
  ReadsSum.Address = add(A.Address, SymExpr::symbol(Sum, I32));
  Needed = symbolsNeeded(ReadsSum.Address, ReadsSum.Conditions, F.K.Loops, ReadsSum.Loops);
  EXPECT_TRUE(Needed.count(Sum));
  EXPECT_EQ(Needed.size(), 4u); // threadIdx.x, i, sum and the loaded value
}

// A loop whose iterations may leave at a break before the access: fusing
// would issue the next iteration's access before its break is tested, which
// is not measured; the access is taken as written, and the finding says so.
TEST(LoopFusion, ALoopWithABreakIsTakenAsWritten) {
  Fixture F(8);
  F.K.Loops[0].ExitsInBody = true;
  const EvalResult R = F.eval(F.access(rows8(F)));
  EXPECT_EQ(R.Status, Verdict::Conflict); // 2-way as 4-byte reads
  EXPECT_EQ(R.Instructions, 8u);
  ASSERT_FALSE(R.Assumptions.empty());
  EXPECT_NE(R.Assumptions.back().find("break"), std::string::npos);
}

TEST(LoopFusion, LanesThatDisagreeOnAlignmentStayAsWritten) {
  Fixture F(8);
  // Lane t starts at word 15 * t / 4 (moderngpu's segmented sort): 0 or 4
  // modulo 8 bytes depending on the lane, at every iteration, so no pairing
  // of iterations is aligned for all lanes and ptxas, which merges only
  // what it can prove aligned, keeps the 4-byte reads: 2-way as written.
  const EvalResult R = F.eval(F.access(
      SymExpr::binary(Op::Div, mul(F.t(), c(15)), SymExpr::constant(4, U32), U32)));
  EXPECT_EQ(R.Status, Verdict::Conflict) << R.Reason;
  EXPECT_EQ(R.Degree, 2u);
  ASSERT_FALSE(R.Assumptions.empty());
  EXPECT_NE(R.Assumptions.back().find("lanes disagree"), std::string::npos);
}

TEST(LoopFusion, AlignmentThatAUniformValueDecidesIsNotALaneDisagreement) {
  Fixture F(8);
  // Rows of 8 floats plus `n` words: every lane has the same alignment for
  // a given n (an unrolled outer loop's variable in SGEMM_CUDA's kernel 8),
  // and ptxas may pair each copy its own way: not decided.
  const EvalResult R = F.eval(
      F.access(add(rows8(F), SymExpr::cast(SymExpr::symbol(F.N, I32), U32))));
  EXPECT_EQ(R.Status, Verdict::Unknown) << R.Reason;
}
