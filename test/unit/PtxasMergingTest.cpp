// ptxas's merging of adjacent 4-byte shared accesses, on hand-built models
// (the cases measured in test/hardware/explore/pairs.cu).
#include "PtxasMerging.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

const IntType U32{32, false}, I64{64, true};

struct Pair {
  KernelModel K;
  SymbolId Tx;
  std::vector<AccessModel> Models;
  std::vector<EvalResult> Results;
  const BankModel Bank = *lookupBankModel("sm_90");
  const std::optional<BlockShape> Shape = parseBlockShape("32");

  /// s[2 * t + Offset / 4] and the word after it.
  explicit Pair(int64_t Offset, unsigned BaseAlign = 16, bool Dynamic = false) {
    Tx = K.addSymbol({SymbolKind::ThreadIdx, "threadIdx.x", 0});
    for (int64_t Extra : {int64_t(0), int64_t(4)}) {
      AccessModel A;
      A.Address = SymExpr::binary(
          Op::Add,
          SymExpr::binary(Op::Mul, SymExpr::cast(SymExpr::symbol(Tx, U32), I64),
                          SymExpr::constant(8, I64), I64),
          SymExpr::constant(Offset + Extra, I64), I64);
      A.BaseAlign = BaseAlign;
      A.DynamicShared = Dynamic;
      Models.push_back(A);
    }
    for (const AccessModel &A : Models)
      Results.push_back(evaluateAccess(K, A, Shape, Bank, EvalOptions()));
  }

  bool decide(bool Rdc = false, bool Adjacent = true) {
    PtxasMerging P;
    P.RelocatableDeviceCode = Rdc;
    P.Adjacent = [Adjacent](const std::vector<size_t> &) { return Adjacent; };
    P.EvaluateWide = [&](size_t, const AccessModel &Wide) {
      return evaluateAccess(K, Wide, Shape, Bank, EvalOptions());
    };
    std::vector<RunMember> Run;
    for (size_t I = 0; I < 2; ++I)
      Run.push_back({I, &Models[I], &Results[I], "k.cu", 3, unsigned(5 + 20 * I)});
    return decidePtxasRun(K, Run, Shape, P);
  }
};

bool saysSo(const EvalResult &R, const std::string &Text) {
  for (const std::string &A : R.Assumptions)
    if (A.find(Text) != std::string::npos)
      return true;
  return false;
}

} // namespace

// `s[2 * t]`, `s[2 * t + 1]`: 2-way each as written, one conflict-free
// LDS.64 as ptxas emits them.
TEST(PtxasMerging, AnAlignedPairIsOneLds64) {
  Pair P(0);
  ASSERT_EQ(P.Results[0].Degree, 2u);
  ASSERT_TRUE(P.decide());
  for (const EvalResult &R : P.Results) {
    EXPECT_EQ(R.Status, Verdict::Ok);
    EXPECT_DOUBLE_EQ(R.Ideal, 2.0);
    EXPECT_TRUE(saysSo(R, "into one 8-byte LDS.64"));
  }
}

// The lower address 4 modulo 8 for every thread: two instructions, as written.
TEST(PtxasMerging, APairMisalignedForEveryThreadStaysTwoInstructions) {
  Pair P(4);
  ASSERT_TRUE(P.decide());
  for (const EvalResult &R : P.Results) {
    EXPECT_EQ(R.Status, Verdict::Conflict);
    EXPECT_EQ(R.Degree, 2u);
    EXPECT_TRUE(saysSo(R, "4 modulo 8 for every thread"));
  }
}

// Relocatable device code: no merging in a static array, but in dynamic
// shared memory (declared 4-byte aligned) still.
TEST(PtxasMerging, RelocatableCodeMergesOnlyDynamicSharedMemory) {
  Pair Static(0);
  ASSERT_TRUE(Static.decide(/*Rdc=*/true));
  EXPECT_EQ(Static.Results[0].Status, Verdict::Conflict);
  EXPECT_TRUE(saysSo(Static.Results[0], "relocatable device code"));
  Pair Dynamic(0, /*BaseAlign=*/4, /*Dynamic=*/true);
  ASSERT_TRUE(Dynamic.decide(/*Rdc=*/true));
  EXPECT_EQ(Dynamic.Results[0].Status, Verdict::Ok);
}

// Something between them (a barrier, a shared store), or a static array of
// unknown alignment: not measured, nothing decided.
TEST(PtxasMerging, UnmeasuredCasesAreLeftAlone) {
  Pair Apart(0);
  EXPECT_FALSE(Apart.decide(false, /*Adjacent=*/false));
  EXPECT_EQ(Apart.Results[0].Status, Verdict::Conflict);
  EXPECT_TRUE(Apart.Results[0].Assumptions.empty());
  Pair Unaligned(0, /*BaseAlign=*/4);
  EXPECT_FALSE(Unaligned.decide());
}

// Rows of 33 floats launched with one row: every lower address is 8-byte
// aligned under that launch, but ptxas, which does not know the block
// shape, keeps two LDS (measured): nothing is claimed. `(t << 2) & 124`
// times 4 is a multiple of 16 for ptxas as well.
TEST(PtxasMerging, OnlyAlignmentProvableWithoutTheShapeMerges) {
  Pair Rows(0);
  const SymbolId Ty = Rows.K.addSymbol({SymbolKind::ThreadIdx, "threadIdx.y", 1});
  for (AccessModel &A : Rows.Models)
    A.Address = SymExpr::binary(
        Op::Add, A.Address,
        SymExpr::binary(Op::Mul, SymExpr::cast(SymExpr::symbol(Ty, U32), I64),
                        SymExpr::constant(132, I64), I64),
        I64);
  EXPECT_FALSE(Rows.decide());
  EXPECT_EQ(remaindersOverThreads(Rows.Models[0], Rows.K, parseBlockShape("32"), 8),
            std::set<int64_t>{0});

  KernelModel K;
  const SymbolId Tx = K.addSymbol({SymbolKind::ThreadIdx, "threadIdx.x", 0});
  AccessModel Masked;
  Masked.Address = SymExpr::binary(
      Op::Mul,
      SymExpr::binary(Op::And,
                      SymExpr::binary(Op::Shl, SymExpr::symbol(Tx, U32),
                                      SymExpr::constant(2, U32), U32),
                      SymExpr::constant(124, U32), U32),
      SymExpr::constant(4, U32), U32);
  EXPECT_EQ(remaindersOverThreads(Masked, K, std::nullopt, 16), std::set<int64_t>{0});
}

namespace {

/// Count adjacent elements of Width bytes from byte First of each
/// thread's row of Stride bytes (doubles in rows of 32 bytes by default).
struct DoubleRun {
  KernelModel K;
  std::vector<AccessModel> Models;
  std::vector<EvalResult> Results;
  const BankModel Bank = *lookupBankModel("sm_90");
  const std::optional<BlockShape> Shape = parseBlockShape("32");

  DoubleRun(int64_t First, size_t Count, unsigned Width = 8, int64_t Stride = 32) {
    const SymbolId Tx = K.addSymbol({SymbolKind::ThreadIdx, "threadIdx.x", 0});
    for (size_t I = 0; I < Count; ++I) {
      AccessModel A;
      A.Kind = AccessKind::Write;
      A.WidthBytes = Width;
      A.Address = SymExpr::binary(
          Op::Add,
          SymExpr::binary(Op::Mul, SymExpr::cast(SymExpr::symbol(Tx, U32), I64),
                          SymExpr::constant(Stride, I64), I64),
          SymExpr::constant(First + Width * static_cast<int64_t>(I), I64), I64);
      A.BaseAlign = 16;
      Models.push_back(A);
    }
    for (const AccessModel &A : Models)
      Results.push_back(evaluateAccess(K, A, Shape, Bank, EvalOptions()));
  }

  std::optional<std::vector<bool>> decide() {
    PtxasMerging P;
    P.Adjacent = [](const std::vector<size_t> &) { return true; };
    P.EvaluateWide = [&](size_t, const AccessModel &Wide) {
      return evaluateAccess(K, Wide, Shape, Bank, EvalOptions());
    };
    std::vector<RunMember> Run;
    for (size_t I = 0; I < Models.size(); ++I)
      Run.push_back({I, &Models[I], &Results[I], "k.cu", unsigned(3 + I), 5});
    return decideLongPtxasRun(K, Run, Shape, P);
  }
};

} // namespace

// `s[4 * t + 1..3]` of doubles (runs18.cu's drun_store3_odd): the first is
// 8 modulo 16 and stays one 8-byte access; the other two are one 16-byte
// instruction.
TEST(PtxasMerging, ARunOfDoublesSplitsIntoAlignedPairs) {
  DoubleRun R(8, 3);
  const EvalResult Alone = R.Results[0];
  EXPECT_EQ(R.decide(), std::optional<std::vector<bool>>(std::vector<bool>(3, true)));
  EXPECT_EQ(R.Results[0].Degree, Alone.Degree);
  EXPECT_TRUE(saysSo(R.Results[0], "not merged: its address is 8 modulo 16"));
  for (size_t I : {1, 2}) {
    EXPECT_DOUBLE_EQ(R.Results[I].Ideal, 4.0); // a 16-byte instruction's
    EXPECT_TRUE(saysSo(R.Results[I], "into one 16-byte STS.128"));
  }
}

// Four doubles from an aligned start: two pairs, nothing left alone.
TEST(PtxasMerging, FourAlignedDoublesAreTwoPairs) {
  DoubleRun R(0, 4);
  EXPECT_EQ(R.decide(), std::optional<std::vector<bool>>(std::vector<bool>(4, true)));
  for (const EvalResult &E : R.Results) {
    EXPECT_DOUBLE_EQ(E.Ideal, 4.0);
    EXPECT_FALSE(saysSo(E, "not merged"));
  }
}

// Where the run's alignment differs between threads, nothing is decided.
TEST(PtxasMerging, ARunWhoseAlignmentVariesIsLeftAlone) {
  DoubleRun R(0, 3);
  for (AccessModel &A : R.Models) // 8 * t + ...: 0 or 8 modulo 16
    A.Address = SymExpr::binary(Op::Add, A.Address,
                                SymExpr::binary(Op::Mul,
                                                SymExpr::cast(SymExpr::symbol(0, U32), I64),
                                                SymExpr::constant(-24, I64), I64),
                                I64);
  EXPECT_EQ(R.decide(), std::optional<std::vector<bool>>(std::vector<bool>(3, false)));
}

// Two findings for one access (a store sunk out of both arms of an `if`)
// and the next double: two distinct accesses, a pair, no long run.
TEST(PtxasMerging, FindingsOfOneAccessAreOneDouble) {
  DoubleRun R(0, 2);
  PtxasMerging P;
  P.Adjacent = [](const std::vector<size_t> &) { return true; };
  P.EvaluateWide = [&](size_t, const AccessModel &Wide) {
    return evaluateAccess(R.K, Wide, R.Shape, R.Bank, EvalOptions());
  };
  EvalResult Arm = R.Results[0];
  std::vector<RunMember> Run{{0, &R.Models[0], &R.Results[0], "k.cu", 3, 5},
                             {0, &R.Models[0], &Arm, "k.cu", 5, 5},
                             {1, &R.Models[1], &R.Results[1], "k.cu", 6, 3}};
  EXPECT_FALSE(decideLongPtxasRun(R.K, Run, R.Shape, P).has_value());
}

// nvdiffrast's six words in rows of 18 floats (runs37.cu's
// frun_store6_rows18): 8-byte aligned for every thread, 16 only for every
// other, so three STS.64.
TEST(PtxasMerging, WordsAlignedToEightBytesAreMergedInPairs) {
  DoubleRun R(0, 6, 4, 72);
  EXPECT_EQ(R.decide(), std::optional<std::vector<bool>>(std::vector<bool>(6, true)));
  for (const EvalResult &E : R.Results) {
    EXPECT_DOUBLE_EQ(E.Ideal, 2.0); // an 8-byte instruction's
    EXPECT_TRUE(saysSo(E, "into one 8-byte STS.64"));
  }
}

// Five words from a 16-byte aligned start in rows of 32 bytes (runs37.cu's
// frun_load5_rows8): four in one STS.128, the fifth alone with a note.
TEST(PtxasMerging, FourAlignedWordsAreOneInstructionAndTheFifthIsAlone) {
  DoubleRun R(0, 5, 4, 32);
  const EvalResult Alone = R.Results[4];
  EXPECT_EQ(R.decide(), std::optional<std::vector<bool>>(std::vector<bool>(5, true)));
  for (size_t I = 0; I < 4; ++I) {
    EXPECT_DOUBLE_EQ(R.Results[I].Ideal, 4.0);
    EXPECT_TRUE(saysSo(R.Results[I], "into one 16-byte STS.128"));
  }
  EXPECT_EQ(R.Results[4].Degree, Alone.Degree);
  EXPECT_TRUE(saysSo(R.Results[4], "not merged: ptxas starts an 8-byte instruction only"));
}

// Words whose alignment modulo 8 differs between threads (rows of 17
// floats): nothing is decided.
TEST(PtxasMerging, WordsOfVaryingAlignmentAreLeftAlone) {
  DoubleRun R(0, 4, 4, 68);
  EXPECT_EQ(R.decide(), std::optional<std::vector<bool>>(std::vector<bool>(4, false)));
}
