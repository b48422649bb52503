//===- BarrierPhasesTest.cpp - Barriers that split a block's accesses ------===//
#include "ir/BarrierPhases.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>
#include <map>

using namespace ldslint;

namespace {

// Reads of one block around NVVM's barrier, a fence, inline PTX's bar.sync
// AMDGPU's s_barrier and __threadfence_block's membar; a plain call and
// arithmetic split nothing, and arithmetic has a phase too.
const char *Module = R"(
@s = internal addrspace(3) global [64 x float] undef, align 16

declare void @llvm.nvvm.barrier0()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.nvvm.membar.cta()
declare void @helper()

define float @phases(i32 %i) {
entry:
  %p = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %i
  %a = load float, ptr addrspace(3) %p, align 4
  call void @helper()
  %b = load float, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.barrier0()
  %c = load float, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") acquire
  %d = load float, ptr addrspace(3) %p, align 4
  call void asm sideeffect "bar.sync 0;", ""()
  %e = load float, ptr addrspace(3) %p, align 4
  call void @llvm.amdgcn.s.barrier()
  %f = fadd float %a, %b
  store float %f, ptr addrspace(3) %p, align 4
  call void @llvm.nvvm.membar.cta()
  %h = fadd float %f, %e
  br label %next
next:
  %g = load float, ptr addrspace(3) %p, align 4
  ret float %g
}
)";

TEST(BarrierPhases, CountsTheBarriersAndFencesBeforeEachAccessInItsBlock) {
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(Module, Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  BarrierPhases Phases;
  std::map<std::string, unsigned> Of;
  unsigned Barriers = 0;
  for (const llvm::BasicBlock &B : *M->getFunction("phases"))
    for (const llvm::Instruction &I : B) {
      if (isBarrierOrFence(I))
        ++Barriers;
      if (!isBarrierOrFence(I) && !llvm::isa<llvm::CallBase>(I) && !I.isTerminator() &&
          (I.hasName() || llvm::isa<llvm::StoreInst>(I)))
        Of[I.hasName() ? I.getName().str() : "store"] = Phases.of(I);
    }
  EXPECT_EQ(Barriers, 5u);
  EXPECT_EQ(Of["a"], 0u);
  EXPECT_EQ(Of["b"], 0u); // a call to a function is no barrier
  EXPECT_EQ(Of["c"], 1u);
  EXPECT_EQ(Of["d"], 2u);
  EXPECT_EQ(Of["e"], 3u);
  EXPECT_EQ(Of["store"], 4u);
  EXPECT_EQ(Of["f"], 4u);
  EXPECT_EQ(Of["h"], 5u); // after the membar
  EXPECT_EQ(Of["g"], 0u); // a block of its own
}

} // namespace
