// Bank maps: cells drawn from the lanes agree with instructionCost (the
// finding's numbers), broadcasts are one word, lane lists are compact.
#include "BankMap.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

WarpPicture strided(const BankModel &M, unsigned Width, int64_t Stride,
                    AccessKind Kind = AccessKind::Read) {
  std::string Why;
  WarpPicture P;
  P.Phases = *M.phases(Width, Kind, Why);
  P.Lanes.resize(M.WaveSize);
  for (unsigned L = 0; L < M.WaveSize; ++L)
    P.Lanes[L] = {true, static_cast<int64_t>(L) * Stride * Width};
  return P;
}

TEST(BankMap, CellsAgreeWithInstructionCost) {
  for (const char *Arch : {"sm_90", "gfx90a", "gfx942", "gfx950", "gfx1100"})
    for (unsigned Width : {4u, 8u, 16u})
      for (int64_t Stride : {1, 2, 3, 4, 8, 16, 17, 32, 33, 64}) {
        const BankModel M = *lookupBankModel(Arch);
        std::string Why;
        if (!M.phases(Width, AccessKind::Read, Why))
          continue;
        const BankMap Map = buildBankMap(M, strided(M, Width, Stride), Width);
        unsigned Sum = 0, Worst = 0, Active = 0;
        for (const PhaseMap &P : Map.Phases) {
          if (!P.Active)
            continue;
          ++Active;
          Sum += P.Wavefronts;
          Worst = std::max(Worst, P.Wavefronts);
        }
        EXPECT_EQ(Sum, Map.Cost.Wavefronts) << Arch << " " << Width << " " << Stride;
        EXPECT_EQ(Worst, Map.Cost.Degree) << Arch << " " << Width << " " << Stride;
        EXPECT_EQ(Active, Map.Cost.Ideal) << Arch << " " << Width << " " << Stride;
      }
}

TEST(BankMap, TransposeReadIsAllInBankZero) {
  const BankModel M = *lookupBankModel("sm_90");
  const BankMap Map = buildBankMap(M, strided(M, 4, 32), 4);
  ASSERT_EQ(Map.Phases.size(), 1u);
  EXPECT_EQ(Map.Phases[0].Banks[0].Entries.size(), 32u);
  EXPECT_EQ(Map.Phases[0].Banks[0].Words, 32u);
  for (unsigned B = 1; B < 32; ++B)
    EXPECT_TRUE(Map.Phases[0].Banks[B].Entries.empty());
}

TEST(BankMap, BroadcastIsOneWord) {
  const BankModel M = *lookupBankModel("sm_90");
  const BankMap Map = buildBankMap(M, strided(M, 4, 0), 4);
  EXPECT_EQ(Map.Phases[0].Banks[0].Entries.size(), 32u);
  EXPECT_EQ(Map.Phases[0].Banks[0].Words, 1u);
  EXPECT_EQ(Map.Cost.Degree, 1u);
}

TEST(BankMap, WideAccessSpansBanks) {
  // A float4 per lane: lane 0 in banks 0-3 of the first 8-lane phase.
  const BankModel M = *lookupBankModel("sm_90");
  const BankMap Map = buildBankMap(M, strided(M, 16, 1), 16);
  ASSERT_EQ(Map.Phases.size(), 4u);
  for (unsigned B = 0; B < 4; ++B) {
    ASSERT_EQ(Map.Phases[0].Banks[B].Entries.size(), 1u);
    EXPECT_EQ(Map.Phases[0].Banks[B].Entries[0].Lane, 0u);
  }
}

TEST(BankMap, InactiveLanesAreLeftOut) {
  const BankModel M = *lookupBankModel("gfx90a");
  WarpPicture P = strided(M, 4, 32);
  for (unsigned L = 32; L < 64; ++L)
    P.Lanes[L].Active = false;
  const BankMap Map = buildBankMap(M, P, 4);
  EXPECT_TRUE(Map.Phases[0].Active);
  EXPECT_FALSE(Map.Phases[1].Active);
  EXPECT_EQ(Map.Cost.Wavefronts, 32u);
}

TEST(BankMap, CompactLanes) {
  std::vector<unsigned> All;
  for (unsigned L = 0; L < 32; ++L)
    All.push_back(L);
  EXPECT_EQ(compactLanes(All), "0-31");
  EXPECT_EQ(compactLanes({0, 4, 8, 12, 16, 20, 24, 28}), "0-28/4");
  EXPECT_EQ(compactLanes({0, 5, 9}), "0,5,9");
  EXPECT_EQ(compactLanes({1, 2}), "1,2");
  EXPECT_EQ(compactLanes({0, 1, 2, 3, 16, 17, 18, 19}), "0-3,16-19");
  EXPECT_EQ(compactLanes({}), "");
}

} // namespace
