//===- AsmSharedAccessTest.cpp - Shared loads and stores in inline PTX ----===//
#include "ir/AsmSharedAccess.h"

#include <gtest/gtest.h>

using namespace ldslint;

TEST(AsmSharedAccess, AScalarLoadReadsItsLastOperand) {
  auto A = parseAsmSharedAccess("ld.shared.b32 $0, [$1];\n");
  ASSERT_TRUE(A);
  EXPECT_FALSE(A->Write);
  EXPECT_EQ(A->WidthBytes, 4u);
  EXPECT_EQ(A->Operand, 1u);
  EXPECT_EQ(A->Offset, 0);
}

TEST(AsmSharedAccess, AVectorStoreWritesItsFirstOperand) {
  auto A = parseAsmSharedAccess("st.shared.v2.b32 [$0], {$1, $2};");
  ASSERT_TRUE(A);
  EXPECT_TRUE(A->Write);
  EXPECT_EQ(A->WidthBytes, 8u);
  EXPECT_EQ(A->Operand, 0u);
}

TEST(AsmSharedAccess, WidthsAndOffsets) {
  auto V4 = parseAsmSharedAccess("ld.volatile.shared.v4.f32 {$0, $1, $2, $3}, [$4+16];");
  ASSERT_TRUE(V4);
  EXPECT_EQ(V4->WidthBytes, 16u);
  EXPECT_EQ(V4->Operand, 4u);
  EXPECT_EQ(V4->Offset, 16);
  auto Byte = parseAsmSharedAccess("st.shared.u8 [$0-1], $1;");
  ASSERT_TRUE(Byte);
  EXPECT_EQ(Byte->WidthBytes, 1u);
  EXPECT_EQ(Byte->Offset, -1);
  auto Wide = parseAsmSharedAccess("ld.shared.v2.f64 {$0, $1}, [$2];");
  ASSERT_TRUE(Wide);
  EXPECT_EQ(Wide->WidthBytes, 16u);
}

TEST(AsmSharedAccess, WhatIsNotOneSharedAccessIsLeftAlone) {
  // Not shared memory, more than 16 bytes, other instructions, several
  // instructions, a predicate, a cache qualifier, a register address.
  EXPECT_FALSE(parseAsmSharedAccess("ld.global.b32 $0, [$1];"));
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.v4.b64 {$0, $1, $2, $3}, [$4];"));
  EXPECT_FALSE(parseAsmSharedAccess("cp.async.ca.shared.global [$0], [$1], 16;"));
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.b32 $0, [$2];\nld.shared.b32 $1, [$2+4];"));
  EXPECT_FALSE(parseAsmSharedAccess("@p ld.shared.b32 $0, [$1];"));
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.ca.b32 $0, [$1];"));
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.b32 $0, [%r1];"));
  // A load whose address is not its last operand is not a load.
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.b32 [$0], $1;"));
}

TEST(AsmSharedAccess, LdmatrixRowsComeFromTheFirstEightLanesPerMatrix) {
  auto X4 = parseAsmSharedAccess("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];\n");
  ASSERT_TRUE(X4);
  EXPECT_FALSE(X4->Write);
  EXPECT_EQ(X4->WidthBytes, 16u);
  EXPECT_EQ(X4->RowLanes, 32u);
  EXPECT_EQ(X4->Operand, 4u);
  // Qualifiers in the order LeetCUDA and CuTe write them, transposed.
  auto X2 = parseAsmSharedAccess("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {$0, $1}, [$2];");
  ASSERT_TRUE(X2);
  EXPECT_EQ(X2->RowLanes, 16u);
  EXPECT_EQ(X2->Operand, 2u);
  auto X1 = parseAsmSharedAccess("ldmatrix.sync.aligned.m8n8.x1.shared::cta.b16 {$0}, [$1+256];");
  ASSERT_TRUE(X1);
  EXPECT_EQ(X1->RowLanes, 8u);
  EXPECT_EQ(X1->Offset, 256);
}

TEST(AsmSharedAccess, LdmatrixWithoutAStateSpaceTakesAGenericAddress) {
  // ggml's mma.cuh: the address is a generic pointer into shared memory.
  auto A = parseAsmSharedAccess("ldmatrix.sync.aligned.m8n8.x2.b16 {$0, $1}, [$2];");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->RowLanes, 16u);
  EXPECT_EQ(A->Operand, 2u);
}

TEST(AsmSharedAccess, StmatrixWritesItsFirstOperand) {
  auto S = parseAsmSharedAccess("stmatrix.sync.aligned.x4.m8n8.shared.b16 [$0], {$1, $2, $3, $4};");
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->Write);
  EXPECT_EQ(S->Operand, 0u);
  EXPECT_EQ(S->RowLanes, 32u);
}

TEST(AsmSharedAccess, OtherMatrixFormsAreLeftAlone) {
  // No .sync/.aligned, another shape or element type, a missing count.
  EXPECT_FALSE(parseAsmSharedAccess("ldmatrix.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];"));
  EXPECT_FALSE(parseAsmSharedAccess("ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8 {$0, $1, $2, $3}, [$4];"));
  EXPECT_FALSE(parseAsmSharedAccess("ldmatrix.sync.aligned.m8n8.shared.b16 {$0}, [$1];"));
  // The address where a load's or a store's is not.
  EXPECT_FALSE(parseAsmSharedAccess("ldmatrix.sync.aligned.m8n8.x1.shared.b16 [$1], {$0};"));
  EXPECT_FALSE(parseAsmSharedAccess("stmatrix.sync.aligned.m8n8.x1.shared.b16 {$0}, [$1];"));
}
