//===- ThreadNumbering.cpp - The block width a kernel's code implies ------===//
#include "ir/ThreadNumbering.h"

#include "StringCompat.h"
#include "ir/LaneValues.h" // isDisjointOr

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace llvm;

namespace ldslint {

namespace {

enum class Register { None, ThreadX, ThreadY, ThreadZ, BlockDimX, Other };

/// Which block register \p C reads (NVPTX special registers, AMDGPU
/// work-item intrinsics, the device library's __ockl_get_local_*).
Register registerOf(const CallBase &C) {
  const Function *Callee = C.getCalledFunction();
  if (!Callee)
    return Register::None;
  StringRef Name = Callee->getName();
  auto byDim = [](char D, Register X, Register Y, Register Z) {
    return D == 'x' ? X : D == 'y' ? Y : D == 'z' ? Z : Register::Other;
  };
  if (Name.consume_front("llvm.nvvm.read.ptx.sreg.")) {
    if (Name.size() == 5 && startsWith(Name, "tid."))
      return byDim(Name.back(), Register::ThreadX, Register::ThreadY, Register::ThreadZ);
    if (Name == "ntid.x")
      return Register::BlockDimX;
    return Register::Other;
  }
  // HIP reads blockDim through the dispatch packet or the implicit
  // arguments: counted as reading it (conservatively, whatever is read).
  if (Name == "llvm.amdgcn.dispatch.ptr" || Name == "llvm.amdgcn.implicitarg.ptr")
    return Register::BlockDimX;
  if (Name.consume_front("llvm.amdgcn.workitem.id.") && Name.size() == 1)
    return byDim(Name.back(), Register::ThreadX, Register::ThreadY, Register::ThreadZ);
  if ((Name == "__ockl_get_local_id" || Name == "__ockl_get_local_size") &&
      C.arg_size() == 1)
    if (const auto *D = dyn_cast<ConstantInt>(C.getArgOperand(0))) {
      const uint64_t Dim = D->getZExtValue();
      if (Name == "__ockl_get_local_size")
        return Dim == 0 ? Register::BlockDimX : Register::Other;
      return Dim == 0   ? Register::ThreadX
             : Dim == 1 ? Register::ThreadY
             : Dim == 2 ? Register::ThreadZ
                        : Register::Other;
    }
  return Register::None;
}

const Value *throughCasts(const Value *V) {
  while (const auto *C = dyn_cast<CastInst>(V))
    if (C->getOpcode() == Instruction::ZExt || C->getOpcode() == Instruction::SExt ||
        C->getOpcode() == Instruction::Trunc)
      V = C->getOperand(0);
    else
      break;
  return V;
}

bool reads(const Value *V, Register R) {
  const auto *C = dyn_cast<CallBase>(throughCasts(V));
  return C && registerOf(*C) == R;
}

/// S when \p V is threadIdx.y times the constant S (through casts,
/// multiplications and left shifts by constants).
std::optional<uint64_t> scaleOfThreadY(const Value *V) {
  V = throughCasts(V);
  if (reads(V, Register::ThreadY))
    return 1;
  const auto *B = dyn_cast<BinaryOperator>(V);
  if (!B)
    return std::nullopt;
  const auto *K = dyn_cast<ConstantInt>(B->getOperand(1));
  const Value *Other = B->getOperand(0);
  if (!K && B->getOpcode() == Instruction::Mul) {
    K = dyn_cast<ConstantInt>(B->getOperand(0));
    Other = B->getOperand(1);
  }
  if (!K || K->getValue().getActiveBits() > 16)
    return std::nullopt;
  const std::optional<uint64_t> Inner = scaleOfThreadY(Other);
  if (!Inner)
    return std::nullopt;
  if (B->getOpcode() == Instruction::Mul)
    return *Inner * K->getZExtValue();
  if (B->getOpcode() == Instruction::Shl && K->getZExtValue() < 16)
    return *Inner << K->getZExtValue();
  return std::nullopt;
}

/// D when \p V is threadIdx.x / D, D a power of two (a shift or an
/// unsigned division, through casts).
std::optional<uint64_t> divisorOfThreadX(const Value *V) {
  const auto *B = dyn_cast<BinaryOperator>(throughCasts(V));
  if (!B || !reads(B->getOperand(0), Register::ThreadX))
    return std::nullopt;
  const auto *K = dyn_cast<ConstantInt>(B->getOperand(1));
  if (!K || K->getValue().getActiveBits() > 16)
    return std::nullopt;
  const uint64_t N = K->getZExtValue();
  if (B->getOpcode() == Instruction::LShr && N > 0 && N < 11)
    return uint64_t(1) << N;
  if (B->getOpcode() == Instruction::UDiv && N > 1 && isPowerOf2_64(N))
    return N;
  return std::nullopt;
}

/// Whether \p V (the thread number) is taken apart or compared: divided,
/// a remainder taken, shifted right, masked, compared (through casts).
bool takenApart(const Value *V, unsigned Depth = 0) {
  if (Depth > 2)
    return false;
  for (const User *U : V->users()) {
    // Compared with a constant (`tidx < 64`); a bound that is a run-time
    // value (`ty * 16 + tx < n`) may as well guard an address.
    if (const auto *C = dyn_cast<ICmpInst>(U))
      if (isa<ConstantInt>(C->getOperand(0)) || isa<ConstantInt>(C->getOperand(1)))
        return true;
    if (const auto *C = dyn_cast<CastInst>(U))
      if (takenApart(C, Depth + 1))
        return true;
    if (const auto *B = dyn_cast<BinaryOperator>(U))
      switch (B->getOpcode()) {
      case Instruction::UDiv:
      case Instruction::SDiv:
      case Instruction::URem:
      case Instruction::SRem:
      case Instruction::LShr:
      case Instruction::AShr:
      case Instruction::And:
        if (B->getOperand(0) == V)
          return true;
        break;
      default:
        break;
      }
  }
  return false;
}

} // namespace

std::optional<unsigned> threadRowWidth(const Function &Kernel) {
  std::set<uint64_t> Widths;
  bool ReadsY = false;
  for (const BasicBlock &BB : Kernel)
    for (const Instruction &I : BB) {
      if (const auto *C = dyn_cast<CallBase>(&I)) {
        const Register R = registerOf(*C);
        if (R == Register::ThreadZ || R == Register::BlockDimX)
          return std::nullopt;
        ReadsY |= R == Register::ThreadY;
        continue;
      }
      const auto *B = dyn_cast<BinaryOperator>(&I);
      if (!B || !(B->getOpcode() == Instruction::Add ||
                  (B->getOpcode() == Instruction::Or && isDisjointOr(B))))
        continue;
      for (unsigned X = 0; X < 2; ++X) {
        const std::optional<uint64_t> Scale = scaleOfThreadY(B->getOperand(1 - X));
        if (!Scale)
          continue;
        if (reads(B->getOperand(X), Register::ThreadX) && takenApart(B))
          Widths.insert(*Scale);
        // The number already taken apart by instcombine: `(16 * y + x) / 8`
        // is `2 * y + x / 8`.
        if (const std::optional<uint64_t> Divisor = divisorOfThreadX(B->getOperand(X)))
          Widths.insert(*Scale * *Divisor);
      }
    }
  if (!ReadsY || Widths.size() != 1)
    return std::nullopt;
  const uint64_t W = *Widths.begin();
  // `threadIdx.x + threadIdx.y` (W = 1: a diagonal) or `2 * y + x` is not
  // a block's numbering.
  if (W < 4 || W > 1024 || !isPowerOf2_64(W))
    return std::nullopt;
  return static_cast<unsigned>(W);
}

} // namespace ldslint
