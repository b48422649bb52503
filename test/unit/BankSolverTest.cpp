// The measured H200 rows of shared/reference/bank-models.md, one warp each,
// plus the published AMD groupings.
#include "BankSolver.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

InstructionCost strided(const std::string &Arch, unsigned Width, int64_t Stride,
                        AccessKind Kind = AccessKind::Read) {
  BankModel M = *lookupBankModel(Arch);
  std::string Why;
  LanePhases P = *M.phases(Width, Kind, Why);
  std::vector<LaneAddress> Lanes(M.WaveSize);
  for (unsigned L = 0; L < M.WaveSize; ++L)
    Lanes[L] = {true, static_cast<int64_t>(L) * Stride * Width};
  return instructionCost(M, P, Width, Lanes);
}

TEST(BankSolver, FloatStridesOnSm90) {
  const std::pair<int64_t, unsigned> Rows[] = {
      {1, 1}, {3, 1}, {33, 1}, {2, 2}, {4, 4}, {8, 8}, {16, 16}, {32, 32}, {64, 32}};
  for (auto [Stride, Wavefronts] : Rows) {
    InstructionCost C = strided("sm_90", 4, Stride);
    EXPECT_EQ(C.Wavefronts, Wavefronts) << "stride " << Stride;
    EXPECT_EQ(C.Ideal, 1u);
    EXPECT_EQ(C.Degree, Wavefronts);
  }
}

TEST(BankSolver, Float2AndFloat4OnSm90) {
  EXPECT_EQ(strided("sm_90", 8, 1).Wavefronts, 2u);
  EXPECT_EQ(strided("sm_90", 8, 2).Wavefronts, 4u);
  EXPECT_EQ(strided("sm_90", 8, 16).Wavefronts, 32u);
  EXPECT_EQ(strided("sm_90", 8, 17).Wavefronts, 2u);
  EXPECT_EQ(strided("sm_90", 8, 1).Ideal, 2u);
  EXPECT_EQ(strided("sm_90", 16, 1).Wavefronts, 4u);
  EXPECT_EQ(strided("sm_90", 16, 2).Wavefronts, 8u);
  EXPECT_EQ(strided("sm_90", 16, 8).Wavefronts, 32u);
  EXPECT_EQ(strided("sm_90", 16, 9).Wavefronts, 4u);
  EXPECT_EQ(strided("sm_90", 16, 9).Ideal, 4u);
}

TEST(BankSolver, BroadcastAndSubWord) {
  BankModel M = *lookupBankModel("sm_90");
  std::string Why;
  LanePhases P = *M.phases(4, AccessKind::Read, Why);
  std::vector<LaneAddress> Same(32, {true, 0});
  EXPECT_EQ(instructionCost(M, P, 4, Same).Wavefronts, 1u);
  std::vector<LaneAddress> Eighth(32);
  for (unsigned L = 0; L < 32; ++L)
    Eighth[L] = {true, (L / 8) * 4};
  EXPECT_EQ(instructionCost(M, P, 4, Eighth).Wavefronts, 1u);
  // char s[t*4]: one byte per word, 32 distinct words in 32 banks.
  std::vector<LaneAddress> Chars(32);
  for (unsigned L = 0; L < 32; ++L)
    Chars[L] = {true, L * 4};
  EXPECT_EQ(instructionCost(M, P, 1, Chars).Wavefronts, 1u);
}

TEST(BankSolver, InactiveLanesAndEmptyPhases) {
  BankModel M = *lookupBankModel("sm_90");
  std::string Why;
  LanePhases P = *M.phases(8, AccessKind::Read, Why);
  std::vector<LaneAddress> Lanes(32);
  for (unsigned L = 0; L < 16; ++L)
    Lanes[L] = {true, L * 8};
  InstructionCost C = instructionCost(M, P, 8, Lanes);
  EXPECT_EQ(C.Ideal, 1u); // the second half-warp issues nothing
  EXPECT_EQ(C.Wavefronts, 1u);
}

TEST(BankSolver, Cdna32BitIsPerHalfWave) {
  // wave64, dword stride 2: each half-wave of 32 lanes is 2-way.
  InstructionCost C = strided("gfx90a", 4, 2);
  EXPECT_EQ(C.Ideal, 2u);
  EXPECT_EQ(C.Wavefronts, 4u);
  EXPECT_EQ(C.Degree, 2u);
  EXPECT_EQ(strided("gfx90a", 4, 1).Wavefronts, 2u);
  EXPECT_EQ(strided("gfx90a", 4, 32).Degree, 32u);
}

TEST(BankSolver, Gfx942Read128Groups) {
  BankModel M = *lookupBankModel("gfx942");
  std::string Why;
  LanePhases P = *M.phases(16, AccessKind::Read, Why);
  ASSERT_EQ(P.size(), 8u);
  EXPECT_EQ(P[0], (std::vector<unsigned>{0, 1, 2, 3, 20, 21, 22, 23}));
  LanePhases W = *M.phases(16, AccessKind::Write, Why);
  EXPECT_EQ(W[1], (std::vector<unsigned>{8, 9, 10, 11, 12, 13, 14, 15}));
}

TEST(BankSolver, RdnaWideAccessIsUndocumented) {
  BankModel M = *lookupBankModel("gfx1100");
  std::string Why;
  EXPECT_FALSE(M.phases(16, AccessKind::Read, Why));
  EXPECT_NE(Why.find("not publicly documented"), std::string::npos);
  EXPECT_TRUE(M.phases(4, AccessKind::Read, Why));
}

TEST(BankSolver, UnknownArch) {
  EXPECT_FALSE(lookupBankModel("sm_100"));
  EXPECT_FALSE(lookupBankModel(""));
  EXPECT_EQ(lookupBankModel("gfx950")->NumBanks, 64u);
}

TEST(BankSolver, Gfx950WideGroupsAndUndecidedB32) {
  BankModel M = *lookupBankModel("gfx950");
  std::string Why;
  EXPECT_FALSE(M.phases(4, AccessKind::Read, Why));
  EXPECT_NE(Why.find("rocRoller"), std::string::npos);
  LanePhases B64 = *M.phases(8, AccessKind::Read, Why);
  ASSERT_EQ(B64.size(), 2u);
  EXPECT_EQ(B64[1].front(), 32u);
  LanePhases B128 = *M.phases(16, AccessKind::Read, Why);
  ASSERT_EQ(B128.size(), 4u);
  EXPECT_EQ(B128[1], (std::vector<unsigned>{4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18,
                                            19, 28, 29, 30, 31}));
}

} // namespace
