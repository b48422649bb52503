//===- LoopUniformityTest.cpp - Loop values every lane of an iteration shares -===//
#include "ir/LoopUniformity.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

// A walk whose depth goes up or down by what a node read from memory says.
// %lane is the lane (divergent); %warp, an argument here, is uniform. In
// @reconverges a lane-dependent `if` only guards a store; in @laneStep a
// lane-dependent `if` chooses the step; in @laneExit a lane may leave; in
// @perLaneMemory the node comes from a local array; in @innerLoop the step
// is what an inner loop with a lane-dependent exit left behind.
const char *Module = R"(
target triple = "nvptx64-nvidia-cuda"
@stack = internal addrspace(3) global [64 x i32] undef, align 4

define void @reconverges(ptr %nodes, i32 %lane, i32 %warp) {
entry:
  br label %head
head:
  %depth = phi i32 [ 1, %entry ], [ %next, %latch ]
  %more = icmp sgt i32 %depth, 0
  br i1 %more, label %body, label %exit
body:
  %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @stack, i32 0, i32 %depth
  %node = load i32, ptr addrspace(3) %slot
  %at = getelementptr inbounds i32, ptr %nodes, i32 %node
  %leaf = load i32, ptr %at
  %isLeaf = icmp ne i32 %leaf, 0
  br i1 %isLeaf, label %up, label %down
up:
  %d1 = add i32 %depth, -1
  br label %join
down:
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %push, label %pushed
push:
  store i32 %leaf, ptr addrspace(3) %slot
  br label %pushed
pushed:
  %d2 = add i32 %depth, 1
  br label %join
join:
  %next = phi i32 [ %d1, %up ], [ %d2, %pushed ]
  br label %latch
latch:
  br label %head
exit:
  ret void
}

define void @laneStep(ptr %nodes, i32 %lane, i32 %warp) {
entry:
  br label %head
head:
  %depth = phi i32 [ 1, %entry ], [ %next, %join ]
  %more = icmp sgt i32 %depth, 0
  br i1 %more, label %body, label %exit
body:
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %up, label %down
up:
  %d1 = add i32 %depth, -1
  br label %join
down:
  %d2 = add i32 %depth, 1
  br label %join
join:
  %next = phi i32 [ %d1, %up ], [ %d2, %down ]
  br label %head
exit:
  ret void
}

define void @laneExit(ptr %nodes, i32 %lane, i32 %warp) {
entry:
  br label %head
head:
  %depth = phi i32 [ 1, %entry ], [ %next, %body ]
  %more = icmp sgt i32 %depth, 0
  br i1 %more, label %test, label %exit
test:
  %odd = icmp eq i32 %lane, 3
  br i1 %odd, label %exit, label %body
body:
  %next = add i32 %depth, 1
  br label %head
exit:
  ret void
}

define void @perLaneMemory(i32 %lane) {
entry:
  %local = alloca [4 x i32], align 4
  br label %head
head:
  %depth = phi i32 [ 1, %entry ], [ %next, %join ]
  %more = icmp sgt i32 %depth, 0
  br i1 %more, label %body, label %exit
body:
  %at = getelementptr inbounds [4 x i32], ptr %local, i32 0, i32 %depth
  %leaf = load i32, ptr %at
  %isLeaf = icmp ne i32 %leaf, 0
  br i1 %isLeaf, label %up, label %down
up:
  %d1 = add i32 %depth, -1
  br label %join
down:
  %d2 = add i32 %depth, 1
  br label %join
join:
  %next = phi i32 [ %d1, %up ], [ %d2, %down ]
  br label %head
exit:
  ret void
}

define void @twoStarts(ptr %nodes, i32 %lane) {
entry:
  %c = icmp eq i32 %lane, 0
  br i1 %c, label %a, label %b
a:
  store i32 1, ptr %nodes
  br label %head
b:
  store i32 2, ptr %nodes
  br label %head
head:
  %depth = phi i32 [ 1, %a ], [ 5, %b ], [ %next, %head ]
  %at = getelementptr inbounds i32, ptr %nodes, i32 %depth
  %v = load i32, ptr %at
  %next = add i32 %depth, %v
  %more = icmp sgt i32 %next, 0
  br i1 %more, label %head, label %exit
exit:
  ret void
}

define void @innerLoop(i32 %lane) {
entry:
  br label %head
head:
  %depth = phi i32 [ 1, %entry ], [ %next, %after ]
  %more = icmp slt i32 %depth, 100
  br i1 %more, label %inner, label %exit
inner:
  %k = phi i32 [ 0, %head ], [ %k1, %inner ]
  %k1 = add i32 %k, 1
  %stay = icmp slt i32 %k1, %lane
  br i1 %stay, label %inner, label %after
after:
  %next = add i32 %depth, %k1
  br label %head
exit:
  ret void
}
)";

class LoopUniformity : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(Module, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
  }
  /// Whether the phi named %depth of \p Name comes out uniform, with the
  /// argument named %lane the only value from outside that differs.
  bool depthUniform(const char *Name) {
    llvm::Function &F = *M->getFunction(Name);
    llvm::DominatorTree DT(F);
    llvm::LoopInfo LI(DT);
    llvm::PostDominatorTree PDT(F);
    const llvm::Loop *L = nullptr;
    for (const llvm::BasicBlock &B : F)
      if (B.getName() == "head")
        L = LI.getLoopFor(&B);
    EXPECT_TRUE(L);
    auto Varying = [](const llvm::Value *V) { return V->getName() == "lane"; };
    const std::set<const llvm::PHINode *> Uniform = uniformHeaderPhis(*L, LI, PDT, Varying);
    for (const llvm::PHINode *P : Uniform)
      if (P->getName() == "depth")
        return true;
    return false;
  }
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
};

TEST_F(LoopUniformity, StepsChosenByAValueEveryLaneReadsAtOneAddress) {
  EXPECT_TRUE(depthUniform("reconverges"));
}

TEST_F(LoopUniformity, AStepChosenPerLaneDiffers) {
  EXPECT_FALSE(depthUniform("laneStep"));
}

TEST_F(LoopUniformity, AWayOutPerLaneIsNotTakenForUniform) {
  EXPECT_FALSE(depthUniform("laneExit"));
}

TEST_F(LoopUniformity, AValueFromALocalArrayDiffers) {
  EXPECT_FALSE(depthUniform("perLaneMemory"));
}

TEST_F(LoopUniformity, StartsChosenPerLaneWithoutAPreheader) {
  EXPECT_FALSE(depthUniform("twoStarts"));
}

TEST_F(LoopUniformity, WhatAnInnerLoopLeftWhenLanesLeaveItApart) {
  EXPECT_FALSE(depthUniform("innerLoop"));
}

TEST_F(LoopUniformity, ABranchReachesItsJoinAndWhatLiesBeforeIt) {
  llvm::Function &F = *M->getFunction("reconverges");
  llvm::PostDominatorTree PDT(F);
  auto block = [&](llvm::StringRef Name) -> const llvm::BasicBlock * {
    for (const llvm::BasicBlock &B : F)
      if (B.getName() == Name)
        return &B;
    return nullptr;
  };
  EXPECT_TRUE(branchReaches(block("down"), block("push"), PDT));
  EXPECT_TRUE(branchReaches(block("down"), block("pushed"), PDT));
  EXPECT_FALSE(branchReaches(block("down"), block("join"), PDT));
  EXPECT_FALSE(branchReaches(block("down"), block("head"), PDT));
  EXPECT_TRUE(branchReaches(block("body"), block("join"), PDT));
}

} // namespace
