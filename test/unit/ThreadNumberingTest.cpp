//===- ThreadNumberingTest.cpp - The block width a kernel's code implies --===//
#include "ir/ThreadNumbering.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

const char *Prelude = R"(
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @use(i32)
)";

/// A kernel @k that reads threadIdx.y (%y) and threadIdx.x (%x), then runs
/// \p Body.
std::string kernel(const std::string &Body) {
  return "define void @k() {\n"
         "  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()\n"
         "  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n" +
         Body + "  ret void\n}\n";
}

std::optional<unsigned> widthOf(const std::string &Body) {
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Err;
  auto M = llvm::parseAssemblyString(std::string(Prelude) + Body, Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  if (!M)
    return std::nullopt;
  return threadRowWidth(*M->getFunction("k"));
}

TEST(ThreadNumbering, ANumberTakenApartGivesTheWidth) {
  // tidx = 16 * threadIdx.y + threadIdx.x; tidx / 32, tidx % 32
  EXPECT_EQ(widthOf(kernel(R"(
  %s = shl i32 %y, 4
  %t = add i32 %s, %x
  %r = lshr i32 %t, 5
  %c = and i32 %t, 31
  call void @use(i32 %r)
  call void @use(i32 %c)
)")),
            std::optional<unsigned>(16));
}

TEST(ThreadNumbering, ANumberInstcombineTookApartGivesTheWidth) {
  // (16 * threadIdx.y + threadIdx.x) / 16 folded to threadIdx.y + threadIdx.x / 16
  EXPECT_EQ(widthOf(kernel(R"(
  %d = lshr i32 %x, 4
  %r = add nuw nsw i32 %d, %y
  call void @use(i32 %r)
)")),
            std::optional<unsigned>(16));
}

TEST(ThreadNumbering, AnAddressIsNotANumbering) {
  // tile[threadIdx.y * 32 + threadIdx.x]: an index only, never divided or
  // compared
  EXPECT_EQ(widthOf(kernel(R"(
  %s = mul i32 %y, 32
  %t = add i32 %s, %x
  call void @use(i32 %t)
)")),
            std::nullopt);
}

TEST(ThreadNumbering, WidthsThatDisagreeOrAreNotPowersOfTwoGiveNone) {
  EXPECT_EQ(widthOf(kernel(R"(
  %a = shl i32 %y, 4
  %t = add i32 %a, %x
  %r = lshr i32 %t, 5
  %b = shl i32 %y, 5
  %u = add i32 %b, %x
  %q = lshr i32 %u, 5
  call void @use(i32 %r)
  call void @use(i32 %q)
)")),
            std::nullopt);
  // threadIdx.x + threadIdx.y, compared: a diagonal, not a numbering.
  EXPECT_EQ(widthOf(kernel(R"(
  %d = add i32 %y, %x
  %c = icmp ult i32 %d, 7
  %e = zext i1 %c to i32
  call void @use(i32 %e)
)")),
            std::nullopt);
  EXPECT_EQ(widthOf(kernel(R"(
  %s = mul i32 %y, 24
  %t = add i32 %s, %x
  %r = udiv i32 %t, 32
  call void @use(i32 %r)
)")),
            std::nullopt);
}

TEST(ThreadNumbering, BlockDimOrThreadIdxZGiveNone) {
  // A kernel that reads blockDim.x is written for any width.
  EXPECT_EQ(widthOf(kernel(R"(
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %s = shl i32 %y, 4
  %t = add i32 %s, %x
  %r = lshr i32 %t, 5
  call void @use(i32 %r)
  call void @use(i32 %n)
)")),
            std::nullopt);
  EXPECT_EQ(widthOf(kernel(R"(
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %s = shl i32 %y, 4
  %t = add i32 %s, %x
  %r = lshr i32 %t, 5
  call void @use(i32 %r)
  call void @use(i32 %z)
)")),
            std::nullopt);
}

} // namespace
