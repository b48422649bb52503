//===- SunkStores.cpp ------------------------------------------------------===//
#include "ir/SunkStores.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"

#include <map>

namespace ldslint {

/// A watched store deleted since the last resolve: where it was, and what
/// it stored to.
struct SunkStores::Deleted {
  const llvm::DILocation *Loc;
  llvm::WeakVH Block;
  llvm::WeakTrackingVH Pointer; ///< follows SROA's replacements
};

/// Follows one store; remembers its block and pointer for when it is
/// deleted (its operands are gone by then).
class SunkStores::Watch final : public llvm::CallbackVH {
public:
  Watch(SunkStores &Owner, llvm::StoreInst *SI)
      : llvm::CallbackVH(SI), Owner(Owner), Loc(SI->getDebugLoc().get()),
        Block(SI->getParent()), Pointer(SI->getPointerOperand()) {}
  void deleted() override {
    Owner.Pending.push_back({Loc, Block, Pointer});
    Owner.Watched.erase(getValPtr());
    CallbackVH::deleted();
  }

private:
  SunkStores &Owner;
  const llvm::DILocation *Loc;
  llvm::WeakVH Block;
  llvm::WeakTrackingVH Pointer;
};

SunkStores::SunkStores() = default;
SunkStores::~SunkStores() = default;

void SunkStores::watch(llvm::Function &F) {
  for (llvm::Instruction &I : llvm::instructions(F)) {
    auto *SI = llvm::dyn_cast<llvm::StoreInst>(&I);
    // Stores to local variables' slots are SROA's business.
    if (!SI || !SI->getDebugLoc() || Watched.count(SI) ||
        llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(SI->getPointerOperand())))
      continue;
    Watched.insert(SI);
    Watches.push_back(std::make_unique<Watch>(*this, SI));
  }
}

void SunkStores::resolve(llvm::Function &F) {
  // The deleted stores of \p F, by the store that now stands for them: one
  // in their block's only successor, to the same pointer.
  std::map<llvm::StoreInst *, std::vector<const llvm::DILocation *>> By;
  std::vector<Deleted> Left;
  for (Deleted &D : Pending) {
    auto *BB = llvm::dyn_cast_or_null<llvm::BasicBlock>(D.Block);
    if (!BB || !D.Pointer) // gone with its block or pointer: not sunk
      continue;
    if (BB->getParent() != &F) {
      Left.push_back(D);
      continue;
    }
    llvm::BasicBlock *Next = BB->getUniqueSuccessor();
    if (!Next || Next->hasNPredecessorsOrMore(3) || !Next->hasNPredecessors(2))
      continue;
    for (llvm::Instruction &I : *Next)
      if (auto *SI = llvm::dyn_cast<llvm::StoreInst>(&I))
        if (SI->getPointerOperand() == D.Pointer && !Watched.count(SI) &&
            llvm::isa<llvm::PHINode>(SI->getValueOperand())) {
          By[SI].push_back(D.Loc);
          break;
        }
  }
  Pending = std::move(Left);
  for (auto &[Store, Locs] : By) {
    if (Locs.size() != 2)
      continue;
    // The first arm's location, in source order, stands for both.
    if (std::make_pair(Locs[1]->getLine(), Locs[1]->getColumn()) <
        std::make_pair(Locs[0]->getLine(), Locs[0]->getColumn()))
      std::swap(Locs[0], Locs[1]);
    Store->setDebugLoc(llvm::DebugLoc(Locs[0]));
    Arms.add(Locs[0], Locs[1]);
  }
  watch(F); // the new stores, which a later instcombine may sink again
}

void SunkStores::stop() {
  Watches.clear();
  Watched.clear();
  Pending.clear();
}

} // namespace ldslint
