//===- StoredPointers.cpp -------------------------------------------------===//
#include "ir/StoredPointers.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <set>
#include <vector>

namespace ldslint {

namespace {

/// Whether \p Merged, a phi or select that \p Object's address flows into,
/// is only ever compared: its users, and theirs, are comparisons and more
/// phis and selects (a span iterator's `middle == previous_middle`, whose
/// span pointer is the address of a member of the object: xgboost's
/// loaders). Then nothing writes through it.
bool onlyCompared(const llvm::Instruction &Merged) {
  std::vector<const llvm::Instruction *> Work{&Merged};
  std::set<const llvm::Instruction *> Seen{&Merged};
  while (!Work.empty()) {
    const llvm::Instruction *I = Work.back();
    Work.pop_back();
    for (const llvm::Use &U : I->uses()) {
      const auto *User = llvm::dyn_cast<llvm::Instruction>(U.getUser());
      if (!User || Seen.size() > 64)
        return false;
      if (llvm::isa<llvm::ICmpInst>(User))
        continue;
      const auto *Sel = llvm::dyn_cast<llvm::SelectInst>(User);
      if (!llvm::isa<llvm::PHINode>(User) && !(Sel && U.getOperandNo() != 0))
        return false;
      if (Seen.insert(User).second)
        Work.push_back(User);
    }
  }
  return true;
}

/// What the object's users do with it: its loads of pointers and every
/// instruction that writes through it. False when the object escapes (its
/// address is stored, passed to a call, merged into a pointer that is
/// used...): then anything may write it.
bool collectUses(llvm::Value &Object, std::vector<llvm::LoadInst *> &PointerLoads,
                 std::vector<llvm::Instruction *> &Writes) {
  std::vector<llvm::Value *> Work{&Object};
  while (!Work.empty()) {
    llvm::Value *P = Work.back();
    Work.pop_back();
    for (llvm::Use &U : P->uses()) {
      auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser());
      if (!I)
        return false;
      if (llvm::isa<llvm::GetElementPtrInst>(I) || llvm::isa<llvm::BitCastInst>(I)) {
        if (U.getOperandNo() != 0)
          return false;
        Work.push_back(I);
      } else if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I)) {
        if ((L->getType()->isPointerTy() || L->getType()->isIntegerTy()) && L->isSimple())
          PointerLoads.push_back(L);
      } else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I)) {
        if (U.getOperandNo() != S->getPointerOperandIndex())
          return false; // the object's address is stored: it escapes
        Writes.push_back(S);
      } else if (auto *M = llvm::dyn_cast<llvm::MemIntrinsic>(I)) {
        if (M->getRawDest() == P)
          Writes.push_back(M);
      } else if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I)) {
        if (!II->isLifetimeStartOrEnd() && !llvm::isa<llvm::DbgInfoIntrinsic>(II))
          return false;
      } else if (llvm::isa<llvm::PHINode>(I) || llvm::isa<llvm::SelectInst>(I)) {
        if (!onlyCompared(*I))
          return false;
      } else if (!llvm::isa<llvm::ICmpInst>(I)) {
        return false;
      }
    }
  }
  return true;
}

} // namespace

llvm::PreservedAnalyses ForwardStoredPointers::run(llvm::Function &F,
                                                   llvm::FunctionAnalysisManager &FAM) {
  // Local objects, and the function's own copies of arguments passed by
  // value (a kernel's `Codec` parameter that faiss's initKernel points into
  // shared memory): no pointer from elsewhere reaches either.
  std::vector<llvm::Value *> Objects;
  for (llvm::Instruction &I : F.getEntryBlock())
    if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(&I))
      Objects.push_back(A);
  for (llvm::Argument &A : F.args())
    if (A.hasByValAttr())
      Objects.push_back(&A);
  llvm::AAResults *AA = nullptr;
  llvm::DominatorTree *DT = nullptr;
  llvm::LoopInfo *LI = nullptr;
  bool Changed = false;
  for (llvm::Value *Object : Objects) {
    std::vector<llvm::LoadInst *> Loads;
    std::vector<llvm::Instruction *> Writes;
    if (!collectUses(*Object, Loads, Writes) || Loads.empty())
      continue;
    if (!AA) {
      AA = &FAM.getResult<llvm::AAManager>(F);
      DT = &FAM.getResult<llvm::DominatorTreeAnalysis>(F);
      LI = &FAM.getResult<llvm::LoopAnalysis>(F);
    }
    for (llvm::LoadInst *Load : Loads) {
      const llvm::MemoryLocation Loc = llvm::MemoryLocation::get(Load);
      llvm::StoreInst *Only = nullptr;
      bool Other = false;
      for (llvm::Instruction *W : Writes) {
        // A write that no path takes to the load does not change it (the
        // agent's later updates of its own arrays).
        if (!llvm::isModSet(AA->getModRefInfo(W, Loc)) ||
            !llvm::isPotentiallyReachable(W, Load, nullptr, DT, LI))
          continue;
        auto *S = llvm::dyn_cast<llvm::StoreInst>(W);
        if (Only || !S) {
          Other = true;
          break;
        }
        Only = S;
      }
      if (Other || !Only || !Only->isSimple() ||
          Only->getValueOperand()->getType() != Load->getType() ||
          AA->alias(llvm::MemoryLocation::get(Only), Loc) != llvm::AliasResult::MustAlias ||
          !DT->dominates(Only, Load))
        continue;
      // Stored in a loop and read after it: LaneValues reads a value of the
      // loop outside it as unknown, not as its last iteration's.
      if (const llvm::Loop *StoreLoop = LI->getLoopFor(Only->getParent()))
        if (!StoreLoop->contains(Load))
          continue;
      Load->replaceAllUsesWith(Only->getValueOperand());
      Load->eraseFromParent();
      Changed = true;
    }
  }
  if (!Changed)
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses PA;
  PA.preserveSet<llvm::CFGAnalyses>();
  return PA;
}

} // namespace ldslint
