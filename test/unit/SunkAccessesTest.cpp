//===- SunkAccessesTest.cpp - Accesses instcombine sinks out of branches ----===//
#include "ir/SunkAccesses.h"
#include "RunFunctionPass.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

// `if (c) flag = 1; else flag = 2;` (lines 7 and 9) and a store of one arm
// only (line 12), as clang emits them. Then `x = b[i] - 1` in one branch
// (line 22) and `x = a[i] - 1` in the other (line 20): instcombine reads
// once, after the branches.
const char *Module = R"(
target triple = "nvptx64-nvidia-cuda"
@flag = internal addrspace(3) global i32 undef, align 4
@other = internal addrspace(3) global i32 undef, align 4

define void @arms(i1 %c, i1 %d) !dbg !4 {
entry:
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(3) @flag, align 4, !dbg !7
  br label %join
else:
  store i32 2, ptr addrspace(3) @flag, align 4, !dbg !8
  br label %join
join:
  br i1 %d, label %one, label %done
one:
  store i32 3, ptr addrspace(3) @other, align 4, !dbg !9
  br label %done
done:
  ret void
}

@a = internal addrspace(3) global [32 x float] undef, align 4
@b = internal addrspace(3) global [32 x float] undef, align 4

define float @reads(i1 %c, i64 %i) !dbg !10 {
entry:
  br i1 %c, label %then, label %else
then:
  %pa = getelementptr inbounds [32 x float], ptr addrspace(3) @a, i64 0, i64 %i
  %x = load float, ptr addrspace(3) %pa, align 4, !dbg !11
  %x1 = fsub float %x, 1.0
  br label %join
else:
  %pb = getelementptr inbounds [32 x float], ptr addrspace(3) @b, i64 0, i64 %i
  %y = load float, ptr addrspace(3) %pb, align 4, !dbg !12
  %y1 = fsub float %y, 1.0
  br label %join
join:
  %v = phi float [ %x1, %then ], [ %y1, %else ]
  ret float %v
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "arms.cu", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "arms", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 5, scope: !4)
!8 = !DILocation(line: 9, column: 5, scope: !4)
!9 = !DILocation(line: 12, column: 5, scope: !4)
!10 = distinct !DISubprogram(name: "reads", scope: !1, file: !1, line: 18, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 22, column: 9, scope: !10)
!12 = !DILocation(line: 20, column: 9, scope: !10)
)";

struct Parsed {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  Parsed() {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(Module, Err, Ctx);
  }
  std::vector<llvm::StoreInst *> stores() {
    std::vector<llvm::StoreInst *> Out;
    for (llvm::Instruction &I : llvm::instructions(*M->getFunction("arms")))
      if (auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
        Out.push_back(S);
    return Out;
  }
};

unsigned lineOf(const llvm::Instruction &I) {
  return I.getDebugLoc() ? I.getDebugLoc().getLine() : 0;
}

TEST(SunkAccesses, BothArmsAnswerAtTheirLines) {
  Parsed P;
  ASSERT_TRUE(P.M);
  llvm::Function &F = *P.M->getFunction("arms");
  SunkAccesses Sunk;
  Sunk.watch(F);
  runOnEveryFunction(*P.M, llvm::InstCombinePass());
  Sunk.resolve(F);
  const std::vector<llvm::StoreInst *> Stores = P.stores();
  ASSERT_EQ(Stores.size(), 2u); // the sunk store, and the one-armed store
  llvm::StoreInst *Flag = Stores[0];
  ASSERT_TRUE(llvm::isa<llvm::PHINode>(Flag->getValueOperand()));
  EXPECT_EQ(lineOf(*Flag), 7u); // the first arm's line, not 0
  const std::vector<const llvm::DILocation *> Arms = Sunk.at(*Flag);
  ASSERT_EQ(Arms.size(), 1u);
  EXPECT_EQ(Arms[0]->getLine(), 9u);
  EXPECT_TRUE(Sunk.at(*Stores[1]).empty()); // line 12 stands for itself
  EXPECT_EQ(lineOf(*Stores[1]), 12u);
}

TEST(SunkAccesses, WithoutResolveTheMergedStoreHasNoLine) {
  // What the pipeline would leave without SunkAccesses: the reason it exists.
  Parsed P;
  ASSERT_TRUE(P.M);
  runOnEveryFunction(*P.M, llvm::InstCombinePass());
  const std::vector<llvm::StoreInst *> Stores = P.stores();
  ASSERT_EQ(Stores.size(), 2u);
  EXPECT_EQ(lineOf(*Stores[0]), 0u);
}

TEST(SunkAccesses, BothBranchesReadsAnswerAtTheirLines) {
  Parsed P;
  ASSERT_TRUE(P.M);
  llvm::Function &F = *P.M->getFunction("reads");
  SunkAccesses Sunk;
  Sunk.watch(F);
  runOnEveryFunction(*P.M, llvm::InstCombinePass());
  const std::vector<const llvm::DILocation *> Merged = Sunk.resolve(F);
  std::vector<llvm::LoadInst *> Loads;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(&I))
      Loads.push_back(L);
  // One read after the branches, of a phi of both addresses (LLVM 22) or of
  // an address from a phi of both arrays (LLVM 15).
  ASSERT_EQ(Loads.size(), 1u);
  EXPECT_EQ(lineOf(*Loads[0]), 20u); // the first line in source order
  const std::vector<const llvm::DILocation *> Others = Sunk.at(*Loads[0]);
  ASSERT_EQ(Others.size(), 1u);
  EXPECT_EQ(Others[0]->getLine(), 22u);
  // Both reads were deleted, neither is a dropped read.
  EXPECT_EQ(Merged.size(), 2u);
}

} // namespace
