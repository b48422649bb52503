// ArrayIndices: an access's index per dimension of its shared array, from
// the GEP chains LLVM 22's pipeline leaves (see ArrayIndices.h).
#include "ir/LaneValues.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace ldslint;

namespace {

const char *Prelude = R"(
target triple = "nvptx64-nvidia-cuda"
%pair = type { float, float, float }
@a = internal addrspace(3) global [34 x [32 x float]] undef, align 4
@s = internal addrspace(3) global [8 x [16 x %pair]] undef, align 4
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
)";

struct Parsed {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  IrKernel K;
};

/// The kernel `k` of \p Body; %x and %y are threadIdx.x and .y as i64.
std::unique_ptr<Parsed> parse(const std::string &Body) {
  auto P = std::make_unique<Parsed>();
  llvm::SMDiagnostic Err;
  P->M = llvm::parseAssemblyString(std::string(Prelude) + R"(
define void @k(float %v) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %A = addrspacecast ptr addrspace(3) @a to ptr
  %S = addrspacecast ptr addrspace(3) @s to ptr
)" + Body + "\n  ret void\n}\n",
                                   Err, P->Ctx);
  EXPECT_TRUE(P->M) << Err.getMessage().str();
  if (P->M)
    P->K = buildIrKernel(*P->M->getFunction("k"), {"v"}, 32);
  return P;
}

/// Access \p I's indices at threadIdx (5, 3), e.g. {"4", "5"} for
/// a[ty + 1][tx]; then "+N bytes" inside the element; {"(none)"} without.
std::vector<std::string> indices(const Parsed &P, size_t I = 0) {
  const auto &Idx = P.K.Accesses.at(I).Indices;
  if (!Idx)
    return {"(none)"};
  std::vector<std::string> Out;
  for (const SymRef &E : Idx->Index) {
    const std::optional<int64_t> V = evaluate(*E, [&](SymbolId S) -> std::optional<int64_t> {
      const SymbolInfo &Info = P.K.Model.Symbols[S];
      if (Info.Kind != SymbolKind::ThreadIdx)
        return std::nullopt;
      return Info.Dim == 0 ? 5 : Info.Dim == 1 ? 3 : 0;
    });
    Out.push_back(V ? std::to_string(*V) : "?");
  }
  if (Idx->InElement)
    Out.push_back("+" + std::to_string(Idx->InElement) + " bytes");
  return Out;
}

using Strings = std::vector<std::string>;

TEST(ArrayIndices, OneGepPerDimension) {
  auto P = parse(R"(
  %r = getelementptr inbounds [32 x float], ptr %A, i64 %y
  %p = getelementptr inbounds float, ptr %r, i64 %x
  store float %v, ptr %p, align 4)");
  EXPECT_EQ(indices(*P), (Strings{"3", "5"}));
}

TEST(ArrayIndices, ARowSplitOffByInstCombineIsARow) {
  // a[ty + 1][tx] and a[tx][ty + 2] as LLVM 22's instcombine leaves them.
  auto P = parse(R"(
  %r = getelementptr inbounds [32 x float], ptr %A, i64 %y
  %r1 = getelementptr inbounds i8, ptr %r, i64 128
  %p = getelementptr inbounds float, ptr %r1, i64 %x
  store float %v, ptr %p, align 4
  %q = getelementptr inbounds [32 x float], ptr %A, i64 %x
  %e = getelementptr inbounds float, ptr %q, i64 %y
  %e2 = getelementptr inbounds i8, ptr %e, i64 8
  %w = load float, ptr %e2, align 4)");
  EXPECT_EQ(indices(*P, 0), (Strings{"4", "5"}));
  EXPECT_EQ(indices(*P, 1), (Strings{"5", "5"}));
}

TEST(ArrayIndices, OneMultiIndexGepAndAMember) {
  auto P = parse(R"(
  %p = getelementptr inbounds [8 x [16 x %pair]], ptr %S, i64 0, i64 %y, i64 %x, i32 2
  store float %v, ptr %p, align 4)");
  EXPECT_EQ(indices(*P), (Strings{"3", "5", "+8 bytes"}));
}

TEST(ArrayIndices, AFlatIndexStaysInTheColumn) {
  // a[0][ty * 32 + tx]: the padded program would not move it, so it must
  // not read as a[ty][tx].
  auto P = parse(R"(
  %m = mul i64 %y, 32
  %i = add i64 %m, %x
  %p = getelementptr inbounds float, ptr %A, i64 %i
  store float %v, ptr %p, align 4)");
  EXPECT_EQ(indices(*P), (Strings{"0", "101"}));
}

TEST(ArrayIndices, NoIndicesWhereTheChainIsNotOne) {
  // A byte offset that is not whole rows on a row pointer, and a pointer
  // chosen by a select.
  auto P = parse(R"(
  %r = getelementptr inbounds [32 x float], ptr %A, i64 %y
  %r1 = getelementptr inbounds i8, ptr %r, i64 136
  %p = getelementptr inbounds float, ptr %r1, i64 %x
  store float %v, ptr %p, align 4
  %c = icmp eq i64 %x, 0
  %q = select i1 %c, ptr %r, ptr %A
  %w = load float, ptr %q, align 4)");
  EXPECT_EQ(indices(*P, 0), (Strings{"(none)"}));
  EXPECT_EQ(indices(*P, 1), (Strings{"(none)"}));
}

} // namespace
