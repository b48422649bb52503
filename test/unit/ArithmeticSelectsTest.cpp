//===- ArithmeticSelectsTest.cpp - Arithmetic-only branches become selects ===//
#include "ir/ArithmeticSelects.h"
#include "RunFunctionPass.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

// `v[t].x = a > 0 ? a : 0; v[t].y = ...` as clang emits it: a branch per
// component, the stores in the joins. And arms the fold must leave alone.
const char *Module = R"(
target triple = "nvptx64-nvidia-cuda"
@v = internal addrspace(3) global [64 x <2 x float>] undef, align 8

define void @components(i64 %t, float %a, float %b) {
entry:
  %px = getelementptr inbounds [64 x <2 x float>], ptr addrspace(3) @v, i64 0, i64 %t, i64 0
  %py = getelementptr inbounds [64 x <2 x float>], ptr addrspace(3) @v, i64 0, i64 %t, i64 1
  %cx = fcmp ogt float %a, 0.0
  br i1 %cx, label %xpos, label %xjoin
xpos:
  %ax = fmul float %a, 2.0
  br label %xjoin
xjoin:
  %x = phi float [ %ax, %xpos ], [ 0.0, %entry ]
  store float %x, ptr addrspace(3) %px, align 8
  %cy = fcmp ogt float %b, 0.0
  br i1 %cy, label %ypos, label %yneg
ypos:
  %by = fadd float %b, 1.0
  br label %yjoin
yneg:
  %ny = fneg float %b
  br label %yjoin
yjoin:
  %y = phi float [ %by, %ypos ], [ %ny, %yneg ]
  store float %y, ptr addrspace(3) %py, align 4
  ret void
}

define float @loadInArm(i64 %t, i1 %c) {
entry:
  br i1 %c, label %arm, label %join
arm:
  %p = getelementptr inbounds [64 x <2 x float>], ptr addrspace(3) @v, i64 0, i64 %t, i64 0
  %l = load float, ptr addrspace(3) %p, align 4
  br label %join
join:
  %r = phi float [ %l, %arm ], [ 0.0, %entry ]
  ret float %r
}

define i32 @divisionInArm(i32 %n, i32 %d) {
entry:
  %c = icmp ne i32 %d, 0
  br i1 %c, label %arm, label %join
arm:
  %q = udiv i32 %n, %d
  br label %join
join:
  %r = phi i32 [ %q, %arm ], [ 0, %entry ]
  ret i32 %r
}

define float @pointerChoice(i64 %t, i1 %c, ptr %own) {
entry:
  br i1 %c, label %arm, label %join
arm:
  %p = getelementptr inbounds [64 x <2 x float>], ptr addrspace(3) @v, i64 0, i64 %t, i64 0
  %g = addrspacecast ptr addrspace(3) %p to ptr
  br label %join
join:
  %q = phi ptr [ %g, %arm ], [ %own, %entry ]
  %l = load float, ptr %q, align 4
  ret float %l
}

define i32 @longArm(i32 %n, i1 %c) {
entry:
  br i1 %c, label %arm, label %join
arm:
  %a1 = add i32 %n, 1
  %a2 = mul i32 %a1, 3
  %a3 = xor i32 %a2, 5
  %a4 = shl i32 %a3, 2
  %a5 = sub i32 %a4, 7
  br label %join
join:
  %r = phi i32 [ %a5, %arm ], [ 0, %entry ]
  ret i32 %r
}
)";

class ArithmeticSelectsTest : public ::testing::Test {
protected:
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  void SetUp() override {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(Module, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
    runOnEveryFunction(*M, ArithmeticBranchesToSelects());
    ASSERT_FALSE(llvm::verifyModule(*M, &llvm::errs()));
  }
  template <typename T> unsigned count(const char *Name) const {
    unsigned N = 0;
    for (const llvm::BasicBlock &B : *M->getFunction(Name))
      for (const llvm::Instruction &I : B)
        N += llvm::isa<T>(I);
    return N;
  }
  size_t blocks(const char *Name) const { return M->getFunction(Name)->size(); }
};

TEST_F(ArithmeticSelectsTest, TrianglesAndDiamondsOfArithmeticBecomeSelects) {
  EXPECT_EQ(count<llvm::PHINode>("components"), 0u);
  EXPECT_EQ(count<llvm::SelectInst>("components"), 2u);
  // What is left is one block; the two stores are in their order.
  EXPECT_EQ(blocks("components"), 1u);
  std::vector<const llvm::StoreInst *> Stores;
  for (const llvm::BasicBlock &B : *M->getFunction("components"))
    for (const llvm::Instruction &I : B)
      if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
        Stores.push_back(S);
  ASSERT_EQ(Stores.size(), 2u);
  EXPECT_EQ(Stores[0]->getPointerOperand()->getName(), "px");
  EXPECT_EQ(Stores[1]->getPointerOperand()->getName(), "py");
}

TEST_F(ArithmeticSelectsTest, AnArmThatReadsMemoryStaysABranch) {
  EXPECT_EQ(count<llvm::PHINode>("loadInArm"), 1u);
  EXPECT_EQ(blocks("loadInArm"), 3u);
}

TEST_F(ArithmeticSelectsTest, AnArmThatMayTrapStaysABranch) {
  EXPECT_EQ(count<llvm::PHINode>("divisionInArm"), 1u);
}

TEST_F(ArithmeticSelectsTest, AChoiceOfPointerStaysABranch) {
  EXPECT_EQ(count<llvm::PHINode>("pointerChoice"), 1u);
  EXPECT_EQ(count<llvm::SelectInst>("pointerChoice"), 0u);
}

TEST_F(ArithmeticSelectsTest, ALongArmStaysABranch) {
  EXPECT_EQ(count<llvm::PHINode>("longArm"), 1u);
}

} // namespace
