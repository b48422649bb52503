//===- StoredPointersTest.cpp - Forwarding a pointer kept in a local object ===//
#include "ir/StoredPointers.h"
#include "RunFunctionPass.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

// An agent object { ptr storage, [4 x i32] counts, ptr keys }: `storage`
// holds the shared array, `counts` is indexed at run time, `keys` holds a
// global pointer. Each function reads `storage` back in a later block.
const char *Module = R"(
target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@s = internal addrspace(3) global [32 x i32] undef, align 4
@t = internal addrspace(3) global [32 x i32] undef, align 4

define void @forwarded(ptr %keys, i32 %k, i32 %n) {
entry:
  %i = zext i32 %n to i64
  %a = alloca { ptr, [4 x i32], ptr }, align 8
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %a, align 8
  %kp = getelementptr inbounds i8, ptr %a, i64 24
  store ptr %keys, ptr %kp, align 8
  br label %body
body:
  %c = getelementptr inbounds i8, ptr %a, i64 8
  %ci = getelementptr inbounds [4 x i32], ptr %c, i64 0, i64 %i
  store i32 %k, ptr %ci, align 4
  %p = load ptr, ptr %a, align 8
  %e = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

define void @integerMember(i32 %tid) {
entry:
  %a = alloca { i32, [4 x i32] }, align 4
  store i32 %tid, ptr %a, align 4
  br label %body
body:
  %t = load i32, ptr %a, align 4
  %i = zext i32 %t to i64
  %e = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

; A write at a run-time index after the read (the agent's own counts)
; may alias the member, but no path takes it to the read.
define void @laterWrite(i32 %tid, i64 %j) {
entry:
  %a = alloca { i32, [4 x i32] }, align 4
  store i32 %tid, ptr %a, align 4
  %t = load i32, ptr %a, align 4
  %i = zext i32 %t to i64
  %e = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %i
  store i32 0, ptr %e, align 4
  %any = getelementptr inbounds i32, ptr %a, i64 %j
  store i32 1, ptr %any, align 4
  ret void
}

; The same write before the read: it may change the member.
define void @earlierWrite(i32 %tid, i64 %j) {
entry:
  %a = alloca { i32, [4 x i32] }, align 4
  store i32 %tid, ptr %a, align 4
  %any = getelementptr inbounds i32, ptr %a, i64 %j
  store i32 1, ptr %any, align 4
  %t = load i32, ptr %a, align 4
  %i = zext i32 %t to i64
  %e = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

define void @twoStores(i1 %c, i64 %i) {
entry:
  %a = alloca { ptr, [4 x i32], ptr }, align 8
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %a, align 8
  br i1 %c, label %other, label %body
other:
  store ptr addrspacecast (ptr addrspace(3) @t to ptr), ptr %a, align 8
  br label %body
body:
  %p = load ptr, ptr %a, align 8
  %e = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

declare void @escape(ptr)
define void @escapes(i64 %i) {
entry:
  %a = alloca { ptr, [4 x i32], ptr }, align 8
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %a, align 8
  call void @escape(ptr %a)
  %p = load ptr, ptr %a, align 8
  %e = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

define void @overwrittenAtRunTimeIndex(i64 %i, i64 %j) {
entry:
  %a = alloca [2 x ptr], align 8
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %a, align 8
  %slot = getelementptr inbounds [2 x ptr], ptr %a, i64 0, i64 %j
  store ptr addrspacecast (ptr addrspace(3) @t to ptr), ptr %slot, align 8
  %p = load ptr, ptr %a, align 8
  %e = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

; The object's address goes into a phi that is only compared (a span
; iterator's `middle == previous_middle`): nothing writes through it.
define void @addressCompared(i1 %c, i64 %i) {
entry:
  %a = alloca { ptr, [4 x i32], ptr }, align 8
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %a, align 8
  %span = getelementptr inbounds i8, ptr %a, i64 8
  br i1 %c, label %other, label %body
other:
  br label %body
body:
  %prev = phi ptr [ null, %entry ], [ %span, %other ]
  %same = icmp eq ptr %prev, %span
  %p = load ptr, ptr %a, align 8
  %e = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

; The same phi, written through: the member may have changed.
define void @addressMergedAndWritten(i1 %c, i64 %i, ptr %q) {
entry:
  %a = alloca { ptr, [4 x i32], ptr }, align 8
  store ptr addrspacecast (ptr addrspace(3) @s to ptr), ptr %a, align 8
  br i1 %c, label %other, label %body
other:
  br label %body
body:
  %slot = phi ptr [ %q, %entry ], [ %a, %other ]
  %sel = select i1 %c, ptr %slot, ptr %q
  store ptr addrspacecast (ptr addrspace(3) @t to ptr), ptr %sel, align 8
  %p = load ptr, ptr %a, align 8
  %e = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %e, align 4
  ret void
}

define void @storedInLoop(ptr %q, i64 %n) {
entry:
  %a = alloca { ptr, [4 x i32], ptr }, align 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %v = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %i
  store ptr %v, ptr %a, align 8
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  %p = load ptr, ptr %a, align 8
  store i32 0, ptr %p, align 4
  ret void
}
)";

class StoredPointersTest : public ::testing::Test {
protected:
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  void SetUp() override {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(Module, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
    runOnEveryFunction(*M, ForwardStoredPointers());
  }
  /// How many loads are left in \p Name; with \p OnlyPointers, of pointers.
  unsigned loads(const char *Name, bool OnlyPointers = false) const {
    unsigned N = 0;
    for (const llvm::BasicBlock &B : *M->getFunction(Name))
      for (const llvm::Instruction &I : B)
        if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I))
          N += !OnlyPointers || L->getType()->isPointerTy();
    return N;
  }
  unsigned pointerLoads(const char *Name) const { return loads(Name, true); }
};

TEST_F(StoredPointersTest, TheOneStoreOfAMemberIsForwarded) {
  EXPECT_EQ(pointerLoads("forwarded"), 0u);
  // The access now goes through the shared array itself.
  const llvm::StoreInst *Access = nullptr;
  for (const llvm::BasicBlock &B : *M->getFunction("forwarded"))
    for (const llvm::Instruction &I : B)
      if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
        Access = S; // the last store: `store i32 0` through the member
  ASSERT_TRUE(Access);
  EXPECT_EQ(llvm::getUnderlyingObject(Access->getPointerOperand()), M->getNamedValue("s"));
}

TEST_F(StoredPointersTest, AnIntegerMemberIsForwardedToo) {
  EXPECT_EQ(loads("integerMember"), 0u) << "linear_tid read back";
}

TEST_F(StoredPointersTest, OnlyWritesThatReachTheReadCount) {
  EXPECT_EQ(loads("laterWrite"), 0u);
  EXPECT_EQ(loads("earlierWrite"), 1u);
}

TEST_F(StoredPointersTest, AnAddressThatIsOnlyComparedDoesNotEscape) {
  EXPECT_EQ(pointerLoads("addressCompared"), 0u);
  EXPECT_EQ(pointerLoads("addressMergedAndWritten"), 1u);
}

TEST_F(StoredPointersTest, NothingIsForwardedThatAnotherWriteMayHaveChanged) {
  EXPECT_EQ(pointerLoads("twoStores"), 1u);
  EXPECT_EQ(pointerLoads("escapes"), 1u);
  EXPECT_EQ(pointerLoads("overwrittenAtRunTimeIndex"), 1u);
  EXPECT_EQ(pointerLoads("storedInLoop"), 1u);
}

} // namespace
