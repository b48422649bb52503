//===- VectorCopiesTest.cpp - CUDA vector copies as nvcc emits them -------===//
#include "ir/VectorCopies.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

/// A 16-byte copy into a float tile (`*(float4 *)&tile[i] = *src`) with
/// the given alignments, on \p Triple.
std::unique_ptr<llvm::Module> copyModule(llvm::LLVMContext &Ctx, const char *Triple,
                                         unsigned DestAlign, unsigned SourceAlign) {
  const std::string Text =
      std::string("target triple = \"") + Triple + "\"\n" +
      "@tile = internal addrspace(3) global [256 x float] undef, align 16\n"
      "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n"
      "define void @k(ptr %src, i64 %i) {\n"
      "  %p = getelementptr inbounds [256 x float], ptr addrspacecast (ptr "
      "addrspace(3) @tile to ptr), i64 0, i64 %i\n"
      "  call void @llvm.memcpy.p0.p0.i64(ptr align " +
      std::to_string(DestAlign) + " %p, ptr align " + std::to_string(SourceAlign) +
      " %src, i64 16, i1 false)\n"
      "  ret void\n"
      "}\n";
  llvm::SMDiagnostic Err;
  auto M = llvm::parseAssemblyString(Text, Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  return M;
}

/// The widths of the function's vector stores, and whether a memcpy is left.
std::pair<std::vector<unsigned>, bool> storesAndCopies(llvm::Module &M) {
  std::vector<unsigned> Stores;
  bool Copy = false;
  for (llvm::Instruction &I : llvm::instructions(*M.getFunction("k"))) {
    if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
      Stores.push_back(static_cast<unsigned>(
          M.getDataLayout().getTypeStoreSize(S->getValueOperand()->getType())));
    Copy |= llvm::isa<llvm::MemCpyInst>(&I);
  }
  return {Stores, Copy};
}

TEST(VectorCopies, OneAlignedSideMakesOneVectorCopy) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "nvptx64-nvidia-cuda", 4, 16);
  widenVectorCopies(*M, nullptr);
  const auto [Stores, Copy] = storesAndCopies(*M);
  EXPECT_FALSE(Copy);
  EXPECT_EQ(Stores, std::vector<unsigned>{16});
}

TEST(VectorCopies, TheSourceTypeAlignsAWeaklyAlignedCopy) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "nvptx64-nvidia-cuda", 4, 4);
  widenVectorCopies(*M, [](const llvm::DILocation *) { return 16u; });
  const auto [Stores, Copy] = storesAndCopies(*M);
  EXPECT_FALSE(Copy);
  EXPECT_EQ(Stores, std::vector<unsigned>{16});
}

TEST(VectorCopies, WithoutAVectorTypeTheCopyStays) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "nvptx64-nvidia-cuda", 4, 4);
  widenVectorCopies(*M, [](const llvm::DILocation *) { return 0u; });
  const auto [Stores, Copy] = storesAndCopies(*M);
  EXPECT_TRUE(Copy);
  EXPECT_TRUE(Stores.empty());
}

TEST(VectorCopies, AmdgpuIsLeftAsClangEmitsIt) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "amdgcn-amd-amdhsa", 4, 16);
  widenVectorCopies(*M, nullptr);
  EXPECT_TRUE(storesAndCopies(*M).second);
}

} // namespace
