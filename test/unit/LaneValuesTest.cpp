// The device-IR engine on small IR modules: which operations are shared
// accesses, what their per-lane addresses are, and the degree the evaluator
// then computes on sm_90 (one warp of a 32x1x1 block unless said otherwise).
#include "Evaluator.h"
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
@tile = internal addrspace(3) global [32 x [32 x float]] undef, align 4
@buf = external addrspace(3) global [0 x i32], align 4
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
)";

struct Parsed {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  IrKernel K;
};

std::unique_ptr<Parsed> parse(const std::string &Body) {
  auto P = std::make_unique<Parsed>();
  llvm::SMDiagnostic Err;
  P->M = llvm::parseAssemblyString(std::string(Prelude) + Body, Err, P->Ctx);
  EXPECT_TRUE(P->M) << Err.getMessage().str();
  if (P->M)
    P->K = buildIrKernel(*P->M->getFunction("k"), {"out", "stride"}, 32);
  return P;
}

EvalResult evaluate(const IrKernel &K, size_t Access, BlockShape Shape = {32, 1, 1},
                    const EvalOptions &Options = {}) {
  return evaluateAccess(K.Model, K.Accesses.at(Access).Model, Shape,
                        *lookupBankModel("sm_90"), Options);
}

TEST(LaneValues, ColumnReadOfATileIs32Way) {
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %xi = zext i32 %x to i64
  %p = getelementptr [32 x [32 x float]], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %xi, i64 3
  %v = load float, ptr %p, align 4
  %q = getelementptr float, ptr %out, i64 %xi
  store float %v, ptr %q, align 4
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u); // the global store is not shared
  EXPECT_EQ(P->K.Accesses[0].Array, P->M->getGlobalVariable("tile", true));
  const EvalResult R = evaluate(P->K, 0);
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Degree, 32u);
}

TEST(LaneValues, MovingPointerInALoop) {
  // float *p = &tile[0][x]; for (j = 0; j < 4; ++j) { *p; p += 32 floats; }
  // Every lane reads its own column, row j: consecutive words.
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %xi = zext i32 %x to i64
  %p0 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %xi
  br label %head
head:
  %p = phi ptr [ %p0, %entry ], [ %pn, %body ]
  %j = phi i32 [ 0, %entry ], [ %jn, %body ]
  %c = icmp slt i32 %j, 4
  br i1 %c, label %body, label %exit
body:
  %v = load float, ptr %p, align 4
  %pn = getelementptr i8, ptr %p, i64 128
  %jn = add i32 %j, 1
  br label %head
exit:
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  ASSERT_EQ(P->K.Model.Loops.size(), 1u);
  const EvalResult R = evaluate(P->K, 0);
  EXPECT_EQ(R.Status, Verdict::Ok);
  EXPECT_EQ(R.Instructions, 4u); // four iterations of one warp
}

TEST(LaneValues, NonAffineCompanionIsStepped) {
  // pos = x * 4 (bytes of an i32 buffer viewed as words: word x), then
  // pos = (pos + 128) & 255 each iteration: lanes x and x + 32 never meet
  // in one warp, so every iteration is conflict-free; a stride of 2 words
  // (pos = x * 8) is 2-way in every iteration.
  for (int Mul : {4, 8}) {
    auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pos0 = mul i32 %x, )" + std::to_string(Mul) + R"(
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %in, %body ]
  %pos = phi i32 [ %pos0, %entry ], [ %posn, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit
body:
  %pi = zext i32 %pos to i64
  %p = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %pi
  store i32 1, ptr %p, align 4
  %add = add i32 %pos, 128
  %posn = and i32 %add, 255
  %in = add i32 %i, 1
  br label %head
exit:
  ret void
})");
    ASSERT_EQ(P->K.Accesses.size(), 1u);
    ASSERT_EQ(P->K.Model.Loops.size(), 1u);
    EXPECT_EQ(P->K.Model.Loops[0].Companions.size(), 1u);
    const EvalResult R = evaluate(P->K, 0);
    EXPECT_EQ(R.Status, Mul == 4 ? Verdict::Ok : Verdict::Conflict) << Mul;
    EXPECT_EQ(R.Degree, Mul == 4 ? 1u : 2u) << Mul;
    EXPECT_EQ(R.Instructions, 8u);
  }
}

TEST(LaneValues, BranchConditionMasksLanes) {
  // if (x < 16) buf[x * 32] = 1: 16 lanes in bank 0.
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %x, 16
  br i1 %c, label %then, label %exit
then:
  %w = mul i32 %x, 32
  %wi = zext i32 %w to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %wi
  store i32 1, ptr %p, align 4
  br label %exit
exit:
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  ASSERT_EQ(P->K.Accesses[0].Model.Conditions.size(), 1u);
  EXPECT_EQ(evaluate(P->K, 0).Degree, 16u);
}

TEST(LaneValues, KernelArgumentIsAUniformUnknown) {
  // buf[x * stride]: depends on `stride`, never claimed as a fact.
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = mul i32 %x, %stride
  %wi = sext i32 %w to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %wi
  %v = load i32, ptr %p, align 4
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  EXPECT_EQ(P->K.ParamSymbols.count(1), 1u);
  const EvalResult R = evaluate(P->K, 0);
  EXPECT_EQ(R.Status, Verdict::Unknown);
  EXPECT_NE(R.Reason.find("stride"), std::string::npos) << R.Reason;
}

TEST(LaneValues, TrailingZerosOfTheBlockSizeAreComputed) {
  // buf[x << (__ffs(blockDim.x) - 6)] (rocm-examples' histogram shuffles
  // thread ids by the block's size in bits): stride 1 word with 32
  // threads, 2 words with 64.
  auto P = parse(R"(
declare i32 @llvm.cttz.i32(i32, i1)
define void @k(ptr %out, i32 %stride) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tz = call i32 @llvm.cttz.i32(i32 %n, i1 true)
  %b = sub i32 %tz, 5
  %s = shl i32 %x, %b
  %si = zext i32 %s to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %si
  %v = load i32, ptr %p, align 4
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  const EvalResult Narrow = evaluate(P->K, 0, {32, 1, 1});
  EXPECT_EQ(Narrow.Status, Verdict::Ok) << Narrow.Reason;
  const EvalResult Wide = evaluate(P->K, 0, {64, 1, 1});
  EXPECT_EQ(Wide.Status, Verdict::Conflict) << Wide.Reason;
  EXPECT_EQ(Wide.Degree, 2u);
}

TEST(LaneValues, DataDependentIndexIsUnknown) {
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %xi = zext i32 %x to i64
  %q = getelementptr i32, ptr %out, i64 %xi
  %idx = load i32, ptr %q, align 4
  %ii = sext i32 %idx to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %ii
  %v = load i32, ptr %p, align 4
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  EXPECT_EQ(evaluate(P->K, 0).Status, Verdict::Unknown);
}

TEST(LaneValues, SmallMemcpyIsItsPieces) {
  // A 12-byte struct copied with 4-byte alignment: three 4-byte stores.
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = mul i32 %x, 12
  %bi = zext i32 %b to i64
  %p = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %bi
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 %out, i64 12, i1 false)
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 3u);
  for (size_t I = 0; I < 3; ++I) {
    EXPECT_EQ(P->K.Accesses[I].Model.WidthBytes, 4u);
    EXPECT_EQ(evaluate(P->K, I).Status, Verdict::Ok); // stride 3 words
  }
}

TEST(LaneValues, DoWhileTestsAfterTheBody) {
  // do { buf[x * s] } while (s < 4), s from 1 doubling: s = 1, 2, 4 run.
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body
body:
  %s = phi i32 [ 1, %entry ], [ %sn, %body ]
  %w = mul i32 %x, %s
  %wi = zext i32 %w to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %wi
  store i32 1, ptr %p, align 4
  %sn = shl i32 %s, 1
  %c = icmp ult i32 %s, 4
  br i1 %c, label %body, label %exit
exit:
  ret void
})");
  ASSERT_EQ(P->K.Model.Loops.size(), 1u);
  EXPECT_TRUE(P->K.Model.Loops[0].TestAfterBody);
  const EvalResult R = evaluate(P->K, 0);
  EXPECT_EQ(R.Instructions, 3u);
  EXPECT_EQ(R.Degree, 4u); // s = 4: stride 4 words
}


TEST(LaneValues, SwitchCasesMaskLanes) {
  // switch (x & 31) { case 0: case 1: buf[x * 32] = 1; }: 2 lanes in bank 0.
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = and i32 %x, 31
  switch i32 %m, label %exit [
    i32 0, label %then
    i32 1, label %then
  ]
then:
  %w = mul i32 %x, 32
  %wi = zext i32 %w to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %wi
  store i32 1, ptr %p, align 4
  br label %exit
exit:
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  ASSERT_EQ(P->K.Accesses[0].Model.Conditions.size(), 1u);
  EXPECT_EQ(evaluate(P->K, 0).Degree, 2u);
}

TEST(LaneValues, SwitchInTheHeaderIsTheLoopTest) {
  // for (i = 4; i > 0; i >>= 1) if (i != 2) buf[x * (6 - i)] = 1, with the
  // two tests merged into `switch i [0: exit, 2: latch]`: i = 4 (2-way) and
  // i = 1 run; i = 2 (4-way) does not.
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %head
head:
  %i = phi i32 [ 4, %entry ], [ %in, %latch ]
  switch i32 %i, label %body [
    i32 0, label %exit
    i32 2, label %latch
  ]
body:
  %f = sub i32 6, %i
  %w = mul i32 %x, %f
  %wi = zext i32 %w to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %wi
  store i32 1, ptr %p, align 4
  br label %latch
latch:
  %in = lshr i32 %i, 1
  br label %head
exit:
  ret void
})");
  ASSERT_EQ(P->K.Model.Loops.size(), 1u);
  EXPECT_TRUE(P->K.Model.Loops[0].Enumerable);
  EXPECT_FALSE(P->K.Model.Loops[0].TestAfterBody);
  const EvalResult R = evaluate(P->K, 0);
  EXPECT_EQ(R.Status, Verdict::Conflict);
  EXPECT_EQ(R.Instructions, 2u);
  EXPECT_EQ(R.Degree, 2u);
}

} // namespace

// for (i = 0; i < 8; i++) { p = x + 32 * i; if (p >= 200) break; buf[p] = 1; }
// with the break before the store (joined to the header's test: the warp
// stores in iterations 0 to 6, lanes 0 to 7 alone in the last) or after it
// in the same block (not joined: the store runs in the iteration a lane
// leaves, and the loop's bounds are not known).
TEST(LaneValues, ABreakBeforeTheAccessesJoinsTheLoopTest) {
  for (bool BreakFirst : {true, false}) {
    const std::string Store = R"(
  %pi = zext i32 %p to i64
  %q = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %pi
  store i32 1, ptr %q, align 4
)";
    auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %in, %latch ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit
body:
  %m = mul i32 %i, 32
  %p = add i32 %x, %m
)" + (BreakFirst ? "" : Store) + R"(
  %done = icmp sge i32 %p, 200
  br i1 %done, label %exit, label %latch
latch:
)" + (BreakFirst ? Store : "") + R"(
  %in = add i32 %i, 1
  br label %head
exit:
  ret void
})");
    ASSERT_EQ(P->K.Accesses.size(), 1u);
    ASSERT_EQ(P->K.Model.Loops.size(), 1u);
    const LoopModel &L = P->K.Model.Loops[0];
    EXPECT_EQ(static_cast<bool>(L.Cond), BreakFirst);
    if (BreakFirst) {
      const EvalResult R = evaluate(P->K, 0);
      EXPECT_EQ(R.Status, Verdict::Ok);
      EXPECT_EQ(R.Instructions, 7u);
    }
  }
}

// A `return` out of two loops is not a break of the inner one: the lane
// would not come back in the outer loop's next iteration, so the inner
// loop's test is not joined (its bounds are not known).
TEST(LaneValues, AReturnOutOfNestedLoopsIsNotJoined) {
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %jn, %outerlatch ]
  %oc = icmp slt i32 %j, 4
  br i1 %oc, label %head, label %exit
head:
  %i = phi i32 [ 0, %outer ], [ %in, %latch ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %outerlatch
body:
  %m = mul i32 %i, 32
  %p = add i32 %x, %m
  %done = icmp sge i32 %p, 200
  br i1 %done, label %exit, label %latch
latch:
  %pi = zext i32 %p to i64
  %q = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %pi
  store i32 1, ptr %q, align 4
  %in = add i32 %i, 1
  br label %head
outerlatch:
  %jn = add i32 %j, 1
  br label %outer
exit:
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  ASSERT_EQ(P->K.Model.Loops.size(), 2u);
  for (const LoopModel &L : P->K.Model.Loops)
    if (P->K.Model.symbolName(L.Var) == "i")
      EXPECT_FALSE(L.Cond);
}

namespace {
// A call the pipeline leaves (an intrinsic such as wmma's store_matrix_sync)
// that only writes through its pointer is reported as a write.
TEST(LaneValues, AWriteOnlyPointerOfACallIsAWrite) {
  auto P = parse(R"(
declare void @store_tile(ptr writeonly, i32)
declare void @load_tile(ptr readonly, i32)
define void @k(ptr %out, i32 %stride) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  call void @store_tile(ptr %p, i32 %stride)
  call void @load_tile(ptr %p, i32 %stride)
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 2u);
  EXPECT_EQ(P->K.Accesses[0].Model.Kind, AccessKind::Write);
  EXPECT_EQ(P->K.Accesses[1].Model.Kind, AccessKind::Read);
  EXPECT_FALSE(P->K.Accesses[0].Model.Unsupported.empty());
}
} // namespace

// A one-dimensional buffer's row stride made opaque (ir/StrideModel.h):
// the Extent symbol "row stride" at the written value, which an override
// changes (the fix planner's padded layout).
TEST(LaneValues, OpaqueRowStrideIsThePaddableSymbol) {
  auto P = parse(R"(
declare i32 @ldslint.row.stride.i32(i32)
define void @k(ptr %out, i32 %stride) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = call i32 @ldslint.row.stride.i32(i32 32)
  %row = mul i32 %x, %s
  %ri = zext i32 %row to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %ri
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %out, align 4
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  std::optional<SymbolId> Stride;
  for (SymbolId Id = 0; Id < P->K.Model.Symbols.size(); ++Id)
    if (P->K.Model.Symbols[Id].Kind == SymbolKind::Extent)
      Stride = Id;
  ASSERT_TRUE(Stride);
  EXPECT_EQ(P->K.Model.Symbols[*Stride].Name, "row stride");
  EXPECT_EQ(P->K.Model.Symbols[*Stride].Value, 32);
  // At 32 every lane is in bank 0; rows of 33 spread them.
  const EvalResult Written = evaluate(P->K, 0);
  EXPECT_EQ(Written.Status, Verdict::Conflict);
  EXPECT_EQ(Written.Degree, 32u);
  EvalOptions Padded;
  Padded.ExtentOverrides[*Stride] = 33;
  EXPECT_EQ(evaluate(P->K, 0, {32, 1, 1}, Padded).Status, Verdict::Ok);
}

// An access under a condition on a kernel argument is enumerated per case;
// a budget too small for that says so as a flag (the fix planner counts
// such a check as unproven, not failed), not only in its wording.
TEST(LaneValues, ConditionCasesOverTheBudgetAreFlagged) {
  auto P = parse(R"(
define void @k(ptr %out, i32 %stride) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp sgt i32 %stride, %x
  br i1 %c, label %then, label %done
then:
  %i = mul i32 %x, %stride
  %ii = zext i32 %i to i64
  %p = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 %ii
  store i32 1, ptr %p, align 4
  br label %done
done:
  ret void
})");
  ASSERT_EQ(P->K.Accesses.size(), 1u);
  EvalOptions Tiny;
  Tiny.MaxLaneEvaluations = 1;
  const EvalResult R = evaluate(P->K, 0, {32, 1, 1}, Tiny);
  EXPECT_EQ(R.Status, Verdict::Unknown) << R.Reason;
  EXPECT_TRUE(R.BudgetExceeded) << R.Reason;
  const EvalResult Full = evaluate(P->K, 0);
  EXPECT_FALSE(Full.BudgetExceeded) << Full.Reason;
}
