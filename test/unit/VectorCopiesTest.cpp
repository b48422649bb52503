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

/// The alignments of the copy's destination and source.
std::pair<unsigned, unsigned> alignments(llvm::Module &M) {
  for (llvm::Instruction &I : llvm::instructions(*M.getFunction("k")))
    if (auto *MC = llvm::dyn_cast<llvm::MemCpyInst>(&I))
      return {static_cast<unsigned>(MC->getDestAlign()->value()),
              static_cast<unsigned>(MC->getSourceAlign()->value())};
  return {0, 0};
}

using Alignments = std::pair<unsigned, unsigned>;

// A copy of a vector type's value: the aligned side aligns both.
TEST(VectorCopies, TheAlignedSideAlignsBothSidesOfATypedCopy) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "nvptx64-nvidia-cuda", 4, 16);
  alignVectorCopies(*M, [](const llvm::Instruction &) { return 8u; });
  EXPECT_EQ(alignments(*M), Alignments(16, 16));
}

// A copy the AST does not show as one of a vector type (`memcpy(bytes +
// pad, &v, 16)`): the source's alignment says nothing of the destination.
TEST(VectorCopies, AnAlignedSourceAloneLeavesTheDestination) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "nvptx64-nvidia-cuda", 4, 16);
  alignVectorCopies(*M, nullptr);
  EXPECT_EQ(alignments(*M), Alignments(4, 16));
}

TEST(VectorCopies, TheSourceTypeAlignsAWeaklyAlignedCopy) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "nvptx64-nvidia-cuda", 4, 4);
  alignVectorCopies(*M, [](const llvm::Instruction &) { return 16u; });
  EXPECT_EQ(alignments(*M), Alignments(16, 16));
}

TEST(VectorCopies, WithoutAVectorTypeTheCopyStays) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "nvptx64-nvidia-cuda", 4, 4);
  alignVectorCopies(*M, [](const llvm::Instruction &) { return 0u; });
  EXPECT_EQ(alignments(*M), Alignments(4, 4));
}

TEST(VectorCopies, AmdgpuIsLeftAsClangEmitsIt) {
  llvm::LLVMContext Ctx;
  auto M = copyModule(Ctx, "amdgcn-amd-amdhsa", 4, 16);
  alignVectorCopies(*M, nullptr);
  EXPECT_EQ(alignments(*M), Alignments(4, 16));
}

} // namespace
