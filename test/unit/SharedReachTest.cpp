//===- SharedReachTest.cpp - Which functions can touch shared memory ------===//
#include "ir/SharedReach.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

const char *Module = R"(
target triple = "nvptx64-nvidia-cuda"
@tile = internal addrspace(3) global [64 x float] undef, align 4
@other = internal addrspace(3) global [64 x float] undef, align 4
@table = internal global [1 x ptr] [ptr @throughTable]

define internal float @helper(i64 %i) {
  %p = getelementptr inbounds [64 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %i
  %v = load float, ptr %p
  ret float %v
}
define internal float @throughTable(i64 %i) {
  %p = getelementptr inbounds [64 x float], ptr addrspace(3) @other, i64 0, i64 %i
  %v = load float, ptr addrspace(3) %p
  ret float %v
}
define internal float @pure(float %x) {
  %y = fmul float %x, %x
  ret float %y
}
define void @direct(i64 %i) {
  %p = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i64 0, i64 %i
  store float 0.0, ptr addrspace(3) %p
  ret void
}
define void @viaHelper(ptr %out, i64 %i) {
  %v = call float @helper(i64 %i)
  store float %v, ptr %out
  ret void
}
define void @viaTable(ptr %out, i64 %i) {
  %f = load ptr, ptr @table
  %v = call float %f(i64 %i)
  store float %v, ptr %out
  ret void
}
define void @fromInteger(i32 %a) {
  %p = inttoptr i32 %a to ptr addrspace(3)
  store float 0.0, ptr addrspace(3) %p
  ret void
}
define void @sharedArgument(ptr addrspace(3) %p) {
  store float 0.0, ptr addrspace(3) %p
  ret void
}
define void @fixedAddress() {
  store float 0.0, ptr addrspace(3) inttoptr (i32 64 to ptr addrspace(3))
  ret void
}
define void @noShared(ptr %out, float %x) {
  %v = call float @pure(float %x)
  store float %v, ptr %out
  ret void
}
)";

class SharedReach : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(Module, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
    Reaching = functionsReachingSharedMemory(*M);
  }
  bool reaches(const char *Name) const {
    return Reaching.count(M->getFunction(Name)) > 0;
  }
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  llvm::DenseSet<const llvm::Function *> Reaching;
};

TEST_F(SharedReach, AKernelNamingASharedVariableReachesIt) {
  EXPECT_TRUE(reaches("direct"));
}

TEST_F(SharedReach, ThroughAHelperAndAConstantExpression) {
  EXPECT_TRUE(reaches("helper"));
  EXPECT_TRUE(reaches("viaHelper"));
}

TEST_F(SharedReach, ThroughATableOfFunctionPointers) {
  EXPECT_TRUE(reaches("throughTable"));
  EXPECT_TRUE(reaches("viaTable"));
}

TEST_F(SharedReach, ASharedPointerMadeFromAnInteger) {
  EXPECT_TRUE(reaches("fromInteger"));
}

TEST_F(SharedReach, ASharedPointerArgumentOrConstant) {
  EXPECT_TRUE(reaches("sharedArgument"));
  EXPECT_TRUE(reaches("fixedAddress"));
}

TEST_F(SharedReach, CodeWithoutSharedMemoryDoesNot) {
  EXPECT_FALSE(reaches("pure"));
  EXPECT_FALSE(reaches("noShared"));
}

// What the plugin asks of the compile's own module: its kernels that cannot
// reach shared memory, by name (amdgpu_kernel parses in LLVM 15 and 22).
// A table of function pointers counts, and so does a helper that makes a
// shared pointer of its own (looked at because a kernel names it); a
// function no kernel names (here `unnamed`; in a real module most of the
// libdevice it links) is not looked at, and does not matter.
TEST(KernelsWithoutSharedMemory, OnlyKernelsThatCannotReachIt) {
  const char *Kernels = R"(
target triple = "amdgcn-amd-amdhsa"
@tile = internal addrspace(3) global [64 x float] undef, align 4
define internal float @load(i32 %i) {
  %p = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i32 0, i32 %i
  %v = load float, ptr addrspace(3) %p
  ret float %v
}
define internal float @square(float %x) {
  %y = fmul float %x, %x
  ret float %y
}
define amdgpu_kernel void @usesTile(ptr addrspace(1) %out, i32 %i) {
  %v = call float @load(i32 %i)
  store float %v, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @noTile(ptr addrspace(1) %out, float %x) {
  %v = call float @square(float %x)
  store float %v, ptr addrspace(1) %out
  ret void
}
@table = internal global [1 x ptr] [ptr @load]
define amdgpu_kernel void @throughTable(ptr addrspace(1) %out, i32 %i) {
  %f = load ptr, ptr @table
  %v = call float %f(i32 %i)
  store float %v, ptr addrspace(1) %out
  ret void
}
define internal void @fromInteger(i32 %a) {
  %p = inttoptr i32 %a to ptr addrspace(3)
  store float 0.0, ptr addrspace(3) %p
  ret void
}
define amdgpu_kernel void @throughHelper(i32 %a) {
  call void @fromInteger(i32 %a)
  ret void
}
define float @unnamed(i32 %i) {
  %v = call float @load(i32 %i)
  ret float %v
}
define void @notAKernel(ptr addrspace(1) %out) {
  store float 0.0, ptr addrspace(1) %out
  ret void
}
declare amdgpu_kernel void @declaredOnly()
)";
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(Kernels, Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  EXPECT_EQ(kernelsWithoutSharedMemory(*M), std::set<std::string>{"noTile"});
}

// Where a function called only through its address can run: the kernels
// that call through a pointer, themselves or in a helper they call
// directly. Inline assembly is no such call.
const char *PointerCalls = R"(
target triple = "amdgcn-amd-amdhsa"
define internal void @callsGiven(ptr %g) {
  call void %g()
  ret void
}
define amdgpu_kernel void @inHelper(ptr %g) {
  call void @callsGiven(ptr %g)
  ret void
}
define amdgpu_kernel void @itself(ptr %g) {
  call void %g()
  ret void
}
define amdgpu_kernel void @asmOnly() {
  call void asm sideeffect "s_nop 0", ""()
  ret void
}
define amdgpu_kernel void @direct(ptr %g) {
  call void @callsNothing()
  ret void
}
define internal void @callsNothing() {
  ret void
}
)";

std::vector<std::string> namesOf(const std::vector<const llvm::Function *> &Fs) {
  std::vector<std::string> Names;
  for (const llvm::Function *F : Fs)
    Names.push_back(F->getName().str());
  return Names;
}

TEST(KernelsCallingThroughPointers, ThemselvesOrThroughDirectCalls) {
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(PointerCalls, Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  const auto Kernels = kernelsCallingThroughPointers(*M);
  ASSERT_TRUE(Kernels.has_value());
  EXPECT_EQ(namesOf(*Kernels), (std::vector<std::string>{"inHelper", "itself"}));
}

// A function that calls through a pointer and that no code calls directly
// (an entry of its own, or itself called through a table) runs under no
// known launch: the callers are not known.
TEST(KernelsCallingThroughPointers, UnknownWhenAnEntryIsNoKernel) {
  const std::string Module = std::string(PointerCalls) + R"(
define void @external(ptr %g) {
  call void %g()
  ret void
}
)";
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(Module, Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  EXPECT_FALSE(kernelsCallingThroughPointers(*M).has_value());
}

} // namespace
