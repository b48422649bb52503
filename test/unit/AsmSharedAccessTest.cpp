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
  EXPECT_FALSE(parseAsmSharedAccess("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];"));
  EXPECT_FALSE(parseAsmSharedAccess("cp.async.ca.shared.global [$0], [$1], 16;"));
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.b32 $0, [$2];\nld.shared.b32 $1, [$2+4];"));
  EXPECT_FALSE(parseAsmSharedAccess("@p ld.shared.b32 $0, [$1];"));
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.ca.b32 $0, [$1];"));
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.b32 $0, [%r1];"));
  // A load whose address is not its last operand is not a load.
  EXPECT_FALSE(parseAsmSharedAccess("ld.shared.b32 [$0], $1;"));
}
