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
           Text.contains("bar.red") || Text.contains("barrier.cta");
  }
  const llvm::Function *Callee = Call->getCalledFunction();
  if (!Callee)
    return false;
  const llvm::StringRef Name = Callee->getName();
  return startsWith(Name, "llvm.nvvm.barrier") || startsWith(Name, "llvm.nvvm.bar.") ||
         startsWith(Name, "llvm.amdgcn.s.barrier");
}

unsigned BarrierPhases::of(const llvm::Instruction &I) {
  const llvm::BasicBlock *BB = I.getParent();
  auto It = Blocks.find(BB);
  if (It == Blocks.end()) {
    It = Blocks.try_emplace(BB).first;
    unsigned Phase = 0;
    for (const llvm::Instruction &J : *BB) {
      if (isBarrierOrFence(J))
        ++Phase;
      else if (J.mayReadOrWriteMemory())
        It->second[&J] = Phase;
    }
  }
  auto Found = It->second.find(&I);
  return Found == It->second.end() ? 0 : Found->second;
}

} // namespace ldslint
