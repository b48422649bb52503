#include "BlockShape.h"

#include <gtest/gtest.h>

using namespace ldslint;

TEST(BlockShape, Parse) {
  EXPECT_EQ(parseBlockShape("32x8")->str(), "32x8x1");
  EXPECT_EQ(parseBlockShape("256")->str(), "256x1x1");
  EXPECT_EQ(parseBlockShape("8x4x4")->str(), "8x4x4");
  EXPECT_FALSE(parseBlockShape("0x4"));
  EXPECT_FALSE(parseBlockShape("64x64"));
  EXPECT_FALSE(parseBlockShape("32x8x1x1"));
  EXPECT_FALSE(parseBlockShape("abc"));
  EXPECT_FALSE(parseBlockShape("99999999999"));
  EXPECT_FALSE(parseBlockShape(""));
}

TEST(BlockShape, LanesOfWarpsFollowLinearIds) {
  BlockShape S = *parseBlockShape("16x16");
  auto W0 = warpLanes(S, 32, 0);
  ASSERT_EQ(W0.size(), 32u);
  EXPECT_EQ(W0[15], (std::array<unsigned, 3>{15, 0, 0}));
  EXPECT_EQ(W0[16], (std::array<unsigned, 3>{0, 1, 0}));
  EXPECT_EQ(warpCount(S, 32), 8u);
  EXPECT_EQ(warpCount(S, 64), 4u);
  BlockShape P = *parseBlockShape("48");
  EXPECT_EQ(warpLanes(P, 32, 1).size(), 16u); // partial last warp
}
