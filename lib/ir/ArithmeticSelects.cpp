//===- ArithmeticSelects.cpp - Arithmetic-only branches become selects ----===//
#include "ir/ArithmeticSelects.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <vector>

namespace ldslint {

namespace {

/// An arm of a triangle or diamond: a block entered only from \p From that
/// goes on only to \p To, of a few speculatable instructions that read and
/// write no memory.
bool isArithmeticArm(const llvm::BasicBlock *Arm, const llvm::BasicBlock *From,
                     const llvm::BasicBlock *To, unsigned MaxInstructions) {
  if (Arm->getSinglePredecessor() != From || Arm->getSingleSuccessor() != To ||
      Arm == To || Arm == From)
    return false;
  unsigned N = 0;
  for (const llvm::Instruction &I : *Arm) {
    if (I.isTerminator())
      break;
    if (llvm::isa<llvm::PHINode>(I) || I.mayReadOrWriteMemory() ||
        I.mayHaveSideEffects() || !llvm::isSafeToSpeculativelyExecute(&I) ||
        ++N > MaxInstructions)
      return false;
  }
  return llvm::isa<llvm::BranchInst>(Arm->getTerminator());
}

/// Folds the triangle or diamond that ends at \p Join, if it is one.
bool foldInto(llvm::BasicBlock *Join, unsigned MaxInstructions) {
  if (!llvm::isa<llvm::PHINode>(Join->front()))
    return false;
  // Choices of a pointer stay branches: SROA would split a load through a
  // selected pointer into loads on separate paths, which the vectorizer
  // then cannot pair as the compile's back end does (rocPRIM's
  // `predecessor_item = storage.last_items[flat_id - 1]` is one
  // ds_read_b64 at -O3).
  for (const llvm::PHINode &Phi : Join->phis())
    if (Phi.getType()->isPtrOrPtrVectorTy())
      return false;
  std::vector<llvm::BasicBlock *> Preds(llvm::pred_begin(Join), llvm::pred_end(Join));
  if (Preds.size() != 2 || Preds[0] == Preds[1])
    return false;
  // The block that branches: a predecessor itself (triangle) or the one
  // predecessor of both (diamond).
  llvm::BasicBlock *Head = nullptr;
  for (llvm::BasicBlock *P : Preds)
    if (llvm::BasicBlock *Other = Preds[0] == P ? Preds[1] : Preds[0];
        Other->getSinglePredecessor() == P)
      Head = P;
  if (!Head && Preds[0]->getSinglePredecessor() &&
      Preds[0]->getSinglePredecessor() == Preds[1]->getSinglePredecessor())
    Head = Preds[0]->getSinglePredecessor();
  if (!Head || Head == Join)
    return false;
  auto *Branch = llvm::dyn_cast<llvm::BranchInst>(Head->getTerminator());
  if (!Branch || !Branch->isConditional())
    return false;
  std::vector<llvm::BasicBlock *> Arms;
  for (llvm::BasicBlock *P : Preds)
    if (P != Head) {
      if (!isArithmeticArm(P, Head, Join, MaxInstructions))
        return false;
      Arms.push_back(P);
    }
  // Which predecessor of Join the branch's true side arrives through.
  llvm::BasicBlock *TrueSide =
      Branch->getSuccessor(0) == Join ? Head : Branch->getSuccessor(0);
  llvm::BasicBlock *FalseSide =
      Branch->getSuccessor(1) == Join ? Head : Branch->getSuccessor(1);
  if (TrueSide == FalseSide)
    return false;
  for (llvm::BasicBlock *Arm : Arms)
    while (!Arm->front().isTerminator())
#if LLVM_VERSION_MAJOR >= 20
      Arm->front().moveBefore(Branch->getIterator());
#else
      Arm->front().moveBefore(Branch);
#endif
  llvm::IRBuilder<> B(Join, Join->getFirstInsertionPt());
  while (auto *Phi = llvm::dyn_cast<llvm::PHINode>(&Join->front())) {
    llvm::Value *Select =
        B.CreateSelect(Branch->getCondition(), Phi->getIncomingValueForBlock(TrueSide),
                       Phi->getIncomingValueForBlock(FalseSide), Phi->getName());
    if (auto *SI = llvm::dyn_cast<llvm::Instruction>(Select))
      SI->setDebugLoc(Phi->getDebugLoc());
    Phi->replaceAllUsesWith(Select);
    Phi->eraseFromParent();
  }
  llvm::IRBuilder<>(Branch).CreateBr(Join);
  Branch->eraseFromParent();
  for (llvm::BasicBlock *Arm : Arms)
    Arm->eraseFromParent();
  // One block again, so the vectorizer sees the accesses before and after
  // together (LLVM 15's pipeline has no simplifycfg to do it).
  llvm::MergeBlockIntoPredecessor(Join);
  return true;
}

} // namespace

llvm::PreservedAnalyses
ArithmeticBranchesToSelects::run(llvm::Function &F, llvm::FunctionAnalysisManager &) {
  // Arms are erased as they are folded: the joins are held weakly.
  std::vector<llvm::WeakVH> Joins;
  for (llvm::BasicBlock &B : F)
    if (llvm::isa<llvm::PHINode>(B.front()))
      Joins.emplace_back(&B);
  bool Changed = false;
  for (llvm::WeakVH &Join : Joins)
    if (auto *B = llvm::dyn_cast_or_null<llvm::BasicBlock>(Join))
      Changed |= foldInto(B, MaxArmInstructions);
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace ldslint
