//===- SharedReach.cpp -----------------------------------------------------===//
#include "ir/SharedReach.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <vector>

namespace ldslint {

llvm::DenseSet<const llvm::Function *> functionsReachingSharedMemory(const llvm::Module &M) {
  constexpr unsigned Shared = 3; // NVPTX and AMDGPU alike
  llvm::DenseSet<const llvm::Function *> Reaching;
  llvm::DenseSet<const llvm::Value *> Seen;
  std::vector<const llvm::Value *> Work;
  auto Mark = [&](const llvm::Value *V) {
    if (Seen.insert(V).second)
      Work.push_back(V);
  };
  for (const llvm::GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == Shared)
      Mark(&G);
  for (const llvm::Function &F : M)
    for (const llvm::Instruction &I : llvm::instructions(F))
      if ((llvm::isa<llvm::IntToPtrInst>(I) || llvm::isa<llvm::AddrSpaceCastInst>(I)) &&
          I.getType()->getPointerAddressSpace() == Shared) {
        Mark(&F);
        break;
      }
  while (!Work.empty()) {
    const llvm::Value *V = Work.back();
    Work.pop_back();
    if (const auto *F = llvm::dyn_cast<llvm::Function>(V))
      Reaching.insert(F);
    for (const llvm::User *U : V->users()) {
      if (const auto *I = llvm::dyn_cast<llvm::Instruction>(U))
        Mark(I->getFunction());
      else
        Mark(U); // a constant expression, an initialiser, a variable
    }
  }
  return Reaching;
}

} // namespace ldslint
