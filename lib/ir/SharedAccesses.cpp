//===- SharedAccesses.cpp --------------------------------------------------===//
#include "SharedAccesses.h"

#include "StringCompat.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ldslint {

namespace {

unsigned storeBytes(const Instruction &I, Type *T) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  return static_cast<unsigned>(DL.getTypeStoreSize(T).getFixedValue());
}

MemoryOperation scalar(const Instruction &I, const Value *Ptr, Type *T,
                       AccessKind Kind) {
  MemoryOperation Op;
  Op.Pointer = Ptr;
  Op.Kind = Kind;
  Op.WidthBytes = storeBytes(I, T);
  const unsigned W = Op.WidthBytes;
  if (W != 1 && W != 2 && W != 4 && W != 8 && W != 16)
    Op.NotModelled = "the compiler emits this " + std::to_string(W) +
                     "-byte access as several narrower ones";
  return Op;
}

/// cp.async copies 4, 8 or 16 bytes from global memory into shared memory
/// per lane: a shared store of that width.
std::optional<unsigned> cpAsyncBytes(StringRef Name) {
  if (!startsWith(Name, "llvm.nvvm.cp.async.") || !Name.contains(".shared"))
    return std::nullopt;
  for (unsigned W : {4u, 8u, 16u})
    if (Name.contains(("." + Twine(W)).str()))
      return W;
  return std::nullopt;
}

} // namespace

std::vector<MemoryOperation> memoryOperations(const Instruction &I) {
  std::vector<MemoryOperation> Ops;
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    Ops.push_back(scalar(I, L->getPointerOperand(), L->getType(), AccessKind::Read));
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    Ops.push_back(scalar(I, S->getPointerOperand(),
                         S->getValueOperand()->getType(), AccessKind::Write));
  } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    Ops.push_back(scalar(I, A->getPointerOperand(), A->getValOperand()->getType(),
                         AccessKind::Atomic));
  } else if (auto *C = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Ops.push_back(scalar(I, C->getPointerOperand(),
                         C->getNewValOperand()->getType(), AccessKind::Atomic));
  } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
    auto Bulk = [&](const Value *Ptr, AccessKind K) {
      MemoryOperation Op;
      Op.Pointer = Ptr;
      Op.Kind = K;
      std::string Len = "a variable number of";
      if (auto *CI = dyn_cast<ConstantInt>(MI->getLength()))
        Len = std::to_string(CI->getZExtValue());
      Op.NotModelled = std::string(isa<MemSetInst>(MI) ? "memset" : "memcpy") +
                       " of " + Len +
                       " bytes: the compiler chooses how to split it";
      Ops.push_back(Op);
    };
    Bulk(MI->getRawDest(), AccessKind::Write);
    if (auto *MT = dyn_cast<MemTransferInst>(MI))
      Bulk(MT->getRawSource(), AccessKind::Read);
  } else if (auto *Call = dyn_cast<CallBase>(&I)) {
    const Function *Callee = Call->getCalledFunction();
    if (Callee && Callee->isIntrinsic()) {
      if (auto W = cpAsyncBytes(Callee->getName())) {
        MemoryOperation Op;
        Op.Pointer = Call->getArgOperand(0);
        Op.Kind = AccessKind::Write;
        Op.WidthBytes = *W;
        Ops.push_back(Op);
        return Ops;
      }
      const StringRef N = Callee->getName();
      if (startsWith(N, "llvm.lifetime") || startsWith(N, "llvm.dbg") ||
          startsWith(N, "llvm.assume") || startsWith(N, "llvm.prefetch"))
        return Ops;
    }
    // Any other call or inline assembly that receives a pointer may read or
    // write through it.
    const std::string What =
        Call->isInlineAsm()
            ? std::string("inline assembly")
            : Callee ? "a call to '" + Callee->getName().str() + "'"
                     : std::string("an indirect call");
    for (const Use &U : Call->args())
      if (U->getType()->isPointerTy()) {
        MemoryOperation Op;
        Op.Pointer = U.get();
        Op.Kind = AccessKind::Read;
        Op.NotModelled = What + " accesses memory through this pointer";
        Ops.push_back(Op);
      }
  }
  return Ops;
}

} // namespace ldslint
