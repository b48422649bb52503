//===- LoopExits.cpp - The ways a lane can really leave a loop ------------===//
#include "LoopExits.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ldslint {

bool onlyUnreachable(const BasicBlock &B) {
  for (const Instruction &I : B) {
    if (isa<DbgInfoIntrinsic>(I))
      continue;
    return isa<UnreachableInst>(I);
  }
  return false;
}

void exitingBlocks(const Loop &L, SmallVectorImpl<BasicBlock *> &Exiting) {
  SmallVector<BasicBlock *, 8> All;
  L.getExitingBlocks(All);
  for (BasicBlock *E : All)
    for (const BasicBlock *S : successors(E))
      if (!L.contains(S) && !onlyUnreachable(*S)) {
        Exiting.push_back(E);
        break;
      }
}

} // namespace ldslint
