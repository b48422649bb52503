//===- LoopExitsTest.cpp - The ways a lane can really leave a loop --------===//
#include "ir/LoopExits.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

// A grid-stride loop around a walk, as LLVM 15 leaves it: the walk's body
// ends in a switch on clang's cleanup slot whose default is unreachable.
// The switch's block exits both loops in LoopInfo's eyes; a lane can only
// leave the outer loop at %outer and the inner one at %inner. In @realExit
// the default goes to a block that returns: a real way out.
const char *Module = R"(
define void @cleanupSwitch(i32 %n, i1 %leaf) {
entry:
  br label %outer
outer:
  %task = phi i32 [ 0, %entry ], [ %next, %latch ]
  %more = icmp ult i32 %task, %n
  br i1 %more, label %inner, label %done
inner:
  %depth = phi i32 [ 1, %outer ], [ %d, %cleanup ]
  %in = icmp sgt i32 %depth, 0
  br i1 %in, label %body, label %latch
body:
  %slot = select i1 %leaf, i32 5, i32 0
  %d = add i32 %depth, -1
  br label %cleanup
cleanup:
  switch i32 %slot, label %unreachable [
    i32 0, label %inner
    i32 5, label %inner
  ]
latch:
  %next = add i32 %task, 32
  br label %outer
done:
  ret void
unreachable:
  unreachable
}

define void @realExit(i32 %n, i32 %slot) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %next, %cleanup ]
  %more = icmp ult i32 %i, %n
  br i1 %more, label %cleanup, label %done
cleanup:
  %next = add i32 %i, 1
  switch i32 %slot, label %done [
    i32 0, label %head
  ]
done:
  ret void
}

)";

class LoopExits : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(Module, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
  }

  /// The names of the exiting blocks of the loop headed by \p Header.
  std::vector<std::string> exitsOf(const char *Function, const char *Header) {
    llvm::Function &F = *M->getFunction(Function);
    llvm::DominatorTree DT(F);
    llvm::LoopInfo LI(DT);
    for (llvm::BasicBlock &B : F)
      if (B.getName() == Header) {
        llvm::SmallVector<llvm::BasicBlock *, 4> Exiting;
        exitingBlocks(*LI.getLoopFor(&B), Exiting);
        std::vector<std::string> Names;
        for (const llvm::BasicBlock *E : Exiting)
          Names.push_back(E->getName().str());
        return Names;
      }
    return {"no such block"};
  }

  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
};

using Names = std::vector<std::string>;

TEST_F(LoopExits, AnEdgeToUnreachableLeavesNoLoop) {
  EXPECT_EQ(exitsOf("cleanupSwitch", "outer"), Names{"outer"});
  EXPECT_EQ(exitsOf("cleanupSwitch", "inner"), Names{"inner"});
}

TEST_F(LoopExits, ASwitchDefaultThatReturnsIsAWayOut) {
  EXPECT_EQ(exitsOf("realExit", "head"), (Names{"head", "cleanup"}));
}

TEST_F(LoopExits, OnlyTheUnreachableBlockIsUnreachable) {
  llvm::Function &F = *M->getFunction("cleanupSwitch");
  for (const llvm::BasicBlock &B : F)
    EXPECT_EQ(onlyUnreachable(B), B.getName() == "unreachable") << B.getName().str();
}

} // namespace
