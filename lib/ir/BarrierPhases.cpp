//===- BarrierPhases.cpp ----------------------------------------------------===//
#include "ir/BarrierPhases.h"

#include "StringCompat.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

namespace ldslint {

bool isBarrierOrFence(const llvm::Instruction &I) {
  if (llvm::isa<llvm::FenceInst>(I))
    return true;
  const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
  if (!Call)
    return false;
  if (const auto *Asm = llvm::dyn_cast<llvm::InlineAsm>(Call->getCalledOperand())) {
    const llvm::StringRef Text = Asm->getAsmString();
    return Text.contains("bar.sync") || Text.contains("barrier.sync") ||
           Text.contains("bar.red") || Text.contains("barrier.cta") ||
           Text.contains("membar") || Text.contains("fence.");
  }
  const llvm::Function *Callee = Call->getCalledFunction();
  if (!Callee)
    return false;
  const llvm::StringRef Name = Callee->getName();
  // __threadfence_block() and __threadfence() are NVVM's membar calls.
  return startsWith(Name, "llvm.nvvm.barrier") || startsWith(Name, "llvm.nvvm.bar.") ||
         startsWith(Name, "llvm.nvvm.membar") || startsWith(Name, "llvm.nvvm.fence") ||
         startsWith(Name, "llvm.amdgcn.s.barrier");
}

unsigned BarrierPhases::of(const llvm::Instruction &I) {
  const llvm::BasicBlock *BB = I.getParent();
  auto It = Blocks.find(BB);
  if (It == Blocks.end()) {
    It = Blocks.try_emplace(BB).first;
    unsigned Phase = 0;
    // Every instruction, not only those that touch memory: an inline-asm
    // `ld.shared` without a memory clobber reads none as LLVM sees it.
    for (const llvm::Instruction &J : *BB) {
      if (isBarrierOrFence(J))
        ++Phase;
      else
        It->second[&J] = Phase;
    }
  }
  auto Found = It->second.find(&I);
  return Found == It->second.end() ? 0 : Found->second;
}

} // namespace ldslint
