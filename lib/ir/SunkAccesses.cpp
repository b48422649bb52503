//===- SunkAccesses.cpp ----------------------------------------------------===//
#include "ir/SunkAccesses.h"

#include "ir/LaneValues.h"
#include "ir/SharedReach.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ValueHandle.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace ldslint {

namespace {
/// Where a load reads, in terms that outlive instcombine's folding of the
/// address computation (the same `temp[ty-1][tx]` in several branches
/// becomes one address after them, and the branches' own are deleted): the
/// variable, the constant byte offset and each variable index with its
/// scale. Indices are compared by how they are computed, without their
/// extensions and constant terms.
struct Address {
  const llvm::Value *Object = nullptr;
  int64_t Constant = 0;
  std::vector<std::pair<std::string, int64_t>> Scaled;
  bool operator<(const Address &O) const {
    return std::tie(Object, Constant, Scaled) < std::tie(O.Object, O.Constant, O.Scaled);
  }
};

/// Which way into a join a merged read's address is spelled: the phis of
/// \p Join (instcombine merges `s[a + i]` and `s[b + i]` of two branches
/// into `s[phi(a, b) + i]`, cudpp's `sdata[...]` by `tid1 % 2`) taken as
/// their value from \p From. None: phis stay values.
struct Via {
  const llvm::BasicBlock *Join = nullptr;
  const llvm::BasicBlock *From = nullptr;
};

/// An index's computation, spelled out to a few levels: the branches' own
/// `(ty + 1) % 16` is deleted with them, and the one after the join is
/// computed the same way from the same values (identities of values that
/// are not arithmetic: the thread index, arguments).
std::string spelling(const llvm::Value *V, Via Way, unsigned Depth = 0) {
  if (const auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return std::to_string(C->getSExtValue());
  if (Depth < 8) {
    if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(V);
        Phi && Way.Join && Phi->getParent() == Way.Join) {
      const int Index = Phi->getBasicBlockIndex(Way.From);
      if (Index >= 0)
        return spelling(Phi->getIncomingValue(static_cast<unsigned>(Index)), Way, Depth + 1);
    }
    if (const auto *Cast = llvm::dyn_cast<llvm::CastInst>(V))
      return spelling(Cast->getOperand(0), Way, Depth + 1);
    if (const auto *B = llvm::dyn_cast<llvm::BinaryOperator>(V))
      return std::string("(") + B->getOpcodeName() + " " +
             spelling(B->getOperand(0), Way, Depth + 1) + " " +
             spelling(B->getOperand(1), Way, Depth + 1) + ")";
  }
  return "v" + std::to_string(reinterpret_cast<uintptr_t>(V));
}

/// Adds \p G's own terms to \p A; false when they are not understood.
bool addTerms(const llvm::GEPOperator *G, const llvm::DataLayout &DL, Via Way, Address &A) {
  for (auto GTI = llvm::gep_type_begin(G); GTI != llvm::gep_type_end(G); ++GTI) {
    const llvm::Value *Index = GTI.getOperand();
    // The branches' own `sext (add %ty, 1)` of an index is folded with them
    // into one after the join: compare what it extends and adds to.
    int64_t Added = 0;
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      if (llvm::isa<llvm::ZExtInst>(Index) || llvm::isa<llvm::SExtInst>(Index)) {
        Index = llvm::cast<llvm::Instruction>(Index)->getOperand(0);
        continue;
      }
      const auto *Add = llvm::dyn_cast<llvm::BinaryOperator>(Index);
      const auto *Term = Add ? llvm::dyn_cast<llvm::ConstantInt>(Add->getOperand(1)) : nullptr;
      if (!Term || (Add->getOpcode() != llvm::Instruction::Add &&
                    Add->getOpcode() != llvm::Instruction::Sub))
        break;
      Added += Add->getOpcode() == llvm::Instruction::Add ? Term->getSExtValue()
                                                          : -Term->getSExtValue();
      Index = Add->getOperand(0);
    }
    const auto *C = llvm::dyn_cast<llvm::ConstantInt>(Index);
    if (llvm::StructType *ST = GTI.getStructTypeOrNull()) {
      if (!C || Added != 0)
        return false;
      A.Constant += static_cast<int64_t>(
          DL.getStructLayout(ST)->getElementOffset(static_cast<unsigned>(C->getZExtValue())));
      continue;
    }
    const int64_t Size =
        static_cast<int64_t>(DL.getTypeAllocSize(GTI.getIndexedType()).getFixedValue());
    A.Constant += (Added + (C ? C->getSExtValue() : 0)) * Size;
    if (!C)
      A.Scaled.push_back({spelling(Index, Way), Size});
  }
  return true;
}

/// The addresses \p P can be, one per path through the phis of its chain of
/// GEPs and casts (LLVM 15 folds srad's reads into `gep (phi @north,
/// @temp), 0, ty, tx`), each from a global variable or an argument; at most
/// 64, within a budget of steps. Index phis are spelled \p Way.
void addressesOf(const llvm::Value *P, const llvm::DataLayout &DL, std::vector<Address> &Out,
                 std::set<const llvm::Value *> &Visiting, unsigned &Steps, Via Way = {}) {
  P = P->stripPointerCasts();
  if (++Steps > 256 || Out.size() >= 64 || Visiting.size() >= 32 ||
      !Visiting.insert(P).second)
    return;
  if (const auto *Phi = llvm::dyn_cast<llvm::PHINode>(P)) {
    for (const llvm::Value *V : Phi->incoming_values())
      addressesOf(V, DL, Out, Visiting, Steps, Way);
  } else if (const auto *G = llvm::dyn_cast<llvm::GEPOperator>(P)) {
    Address Own;
    std::vector<Address> Bases;
    if (addTerms(G, DL, Way, Own))
      addressesOf(G->getPointerOperand(), DL, Bases, Visiting, Steps, Way);
    for (Address &A : Bases) {
      A.Constant += Own.Constant;
      A.Scaled.insert(A.Scaled.end(), Own.Scaled.begin(), Own.Scaled.end());
      std::sort(A.Scaled.begin(), A.Scaled.end());
      if (Out.size() < 64)
        Out.push_back(std::move(A));
    }
  } else if (llvm::isa<llvm::GlobalVariable>(P) || llvm::isa<llvm::Argument>(P)) {
    Address A;
    A.Object = P;
    Out.push_back(std::move(A));
  }
  Visiting.erase(P);
}

/// The join a merged read after \p B stands after: \p B, or the block it
/// was sunk from (a loop's latch that only the join leads to): the first
/// block up a chain of single predecessors that has several.
const llvm::BasicBlock *joinOf(const llvm::BasicBlock *B) {
  for (int Steps = 0; Steps < 4; ++Steps) {
    const llvm::BasicBlock *Pred = B->getSinglePredecessor();
    if (!Pred)
      return B;
    B = Pred;
  }
  return B;
}

/// The blocks between \p Join and its immediate dominator, where the reads
/// merged into one after \p Join were (the dominator too when it branches
/// to \p Join itself): not a block after the join, nor one that reaches it
/// only around a loop. Empty when there are too many. Cached in \p Regions.
const std::set<const llvm::BasicBlock *> &
branchesBefore(const llvm::BasicBlock *Join, const llvm::DominatorTree &DT,
               std::map<const llvm::BasicBlock *, std::set<const llvm::BasicBlock *>> &Regions) {
  auto [It, New] = Regions.try_emplace(Join);
  std::set<const llvm::BasicBlock *> &Out = It->second;
  const llvm::DomTreeNode *Node = DT.getNode(Join);
  if (!New || !Node || !Node->getIDom())
    return Out;
  const llvm::BasicBlock *Top = Node->getIDom()->getBlock();
  std::vector<const llvm::BasicBlock *> Work(llvm::pred_begin(Join), llvm::pred_end(Join));
  Out.insert(Work.begin(), Work.end());
  for (size_t I = 0; I < Work.size(); ++I) {
    if (Out.size() > 256) {
      Out.clear();
      return Out;
    }
    if (Work[I] == Top)
      continue;
    for (const llvm::BasicBlock *P : llvm::predecessors(Work[I]))
      if (P != Top && Out.insert(P).second)
        Work.push_back(P);
  }
  return Out;
}

/// The address of \p P when there is one; no Object otherwise.
Address addressOf(const llvm::Value *P, const llvm::DataLayout &DL) {
  std::vector<Address> Out;
  std::set<const llvm::Value *> Visiting;
  unsigned Steps = 0;
  addressesOf(P, DL, Out, Visiting, Steps);
  return Out.size() == 1 ? std::move(Out[0]) : Address();
}
} // namespace

bool spelledApart(const llvm::Value *A, const llvm::Value *B, const llvm::DataLayout &DL) {
  const Address X = addressOf(A, DL), Y = addressOf(B, DL);
  return X.Object && Y.Object && (X < Y || Y < X);
}

/// A watched access deleted since the last resolve: where it was, and what
/// it accessed.
struct SunkAccesses::Deleted {
  const llvm::DILocation *Loc;
  llvm::WeakVH Block;
  llvm::WeakTrackingVH Pointer; ///< follows SROA's replacements
  bool Load;
  /// A load's width in bytes: a merged read reads as many.
  uint64_t Bytes;
  /// The address, for when instcombine folded the pointer too (a
  /// constant `gep %struct, @s, 0, 1` becomes `gep i8, @s, 4`).
  Address Where;
  /// A load of a shared variable. Others (a kernel argument's buffer, a
  /// helper's pointer) may be merged with them, but their lines are not
  /// claimed as shared accesses.
  bool Shared;
  /// A load through a helper's pointer parameter: of shared memory or not
  /// as the helper's callers pass it (null otherwise).
  const llvm::Argument *Parameter;
};

/// Follows one access; remembers its block and pointer for when it is
/// deleted (its operands are gone by then).
class SunkAccesses::Watch final : public llvm::CallbackVH {
public:
  Watch(SunkAccesses &Owner, llvm::Instruction *I, llvm::Value *Pointer)
      : llvm::CallbackVH(I), Owner(Owner), Loc(I->getDebugLoc().get()),
        Block(I->getParent()), Pointer(Pointer), Load(llvm::isa<llvm::LoadInst>(I)),
        DL(I->getModule()->getDataLayout()),
        Bytes(Load ? DL.getTypeStoreSize(I->getType()).getFixedValue() : 0) {}
  /// A load replaced by another value (an earlier read's, a stored one:
  /// ReusedLoads) is no read merged after branches.
  void allUsesReplacedWith(llvm::Value *) override { Replaced = true; }
  void deleted() override {
    // The pointer (as SROA and instcombine rewrote it so far) outlives its
    // last load: what it points to is taken now, before it goes too.
    if (!Replaced) {
      Address Where;
      bool Shared = false;
      const llvm::Argument *Parameter = nullptr;
      if (Pointer)
        Where = addressOf(Pointer, DL);
      if (Load && Pointer) {
        const llvm::Value *Object = llvm::getUnderlyingObject(Pointer);
        const auto *G = llvm::dyn_cast<llvm::GlobalVariable>(Object);
        Shared = (G && isSharedAddressSpace(G->getAddressSpace())) ||
                 isSharedAddressSpace(Pointer->getType()->getPointerAddressSpace());
        Parameter = llvm::dyn_cast<llvm::Argument>(Object);
        if (Parameter && isKernelFunction(*Parameter->getParent()))
          Parameter = nullptr; // a kernel's buffer is not shared
      }
      Owner.Pending.push_back(
          {Loc, Block, Pointer, Load, Bytes, std::move(Where), Shared, Parameter});
    }
    Owner.Watched.erase(getValPtr());
    CallbackVH::deleted();
  }

private:
  SunkAccesses &Owner;
  const llvm::DILocation *Loc;
  llvm::WeakVH Block;
  llvm::WeakTrackingVH Pointer;
  bool Load;
  const llvm::DataLayout &DL;
  uint64_t Bytes;
  bool Replaced = false;
};

SunkAccesses::SunkAccesses() = default;
SunkAccesses::~SunkAccesses() = default;

void SunkAccesses::watch(llvm::Function &F) {
  for (llvm::Instruction &I : llvm::instructions(F)) {
    llvm::Value *Pointer = nullptr;
    if (auto *SI = llvm::dyn_cast<llvm::StoreInst>(&I))
      Pointer = SI->getPointerOperand();
    else if (auto *LI = llvm::dyn_cast<llvm::LoadInst>(&I))
      Pointer = LI->getPointerOperand();
    // Accesses to local variables' slots are SROA's business.
    if (!Pointer || !I.getDebugLoc() || Watched.count(&I) ||
        llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(Pointer)))
      continue;
    Watched.insert(&I);
    Watches.push_back(std::make_unique<Watch>(*this, &I, Pointer));
  }
}

namespace {
/// The first location in source order goes first; \p Access takes it, the
/// others are recorded against it.
void standFor(llvm::Instruction &Access, std::vector<const llvm::DILocation *> &Locs,
              LocationsByFrame &Arms) {
  std::sort(Locs.begin(), Locs.end(),
            [](const llvm::DILocation *A, const llvm::DILocation *B) {
              return std::make_pair(A->getLine(), A->getColumn()) <
                     std::make_pair(B->getLine(), B->getColumn());
            });
  Locs.erase(std::unique(Locs.begin(), Locs.end()), Locs.end());
  Access.setDebugLoc(llvm::DebugLoc(Locs[0]));
  for (size_t I = 1; I < Locs.size(); ++I)
    Arms.add(Locs[0], Locs[I]);
}
} // namespace

void SunkAccesses::resolveStores(llvm::Function &F, std::vector<Deleted> &Gone) {
  // The deleted stores of \p F, by the store that now stands for them: one
  // in their block's only successor, to the same pointer.
  // A constant pointer is not replaced but rewritten: compared by address.
  std::map<llvm::StoreInst *, std::vector<const llvm::DILocation *>> By;
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  for (Deleted &D : Gone) {
    auto *BB = llvm::cast<llvm::BasicBlock>(D.Block);
    llvm::BasicBlock *Next = BB->getUniqueSuccessor();
    if (D.Load || !Next || Next->hasNPredecessorsOrMore(3) || !Next->hasNPredecessors(2))
      continue;
    auto SamePlace = [&](const llvm::Value *P) {
      if (D.Pointer && P == D.Pointer)
        return true;
      if (!D.Where.Object || !llvm::isa<llvm::Constant>(P))
        return false;
      const Address A = addressOf(P, DL);
      return A.Object && !(A < D.Where) && !(D.Where < A);
    };
    for (llvm::Instruction &I : *Next)
      if (auto *SI = llvm::dyn_cast<llvm::StoreInst>(&I))
        if (SamePlace(SI->getPointerOperand()) && !Watched.count(SI) &&
            llvm::isa<llvm::PHINode>(SI->getValueOperand())) {
          By[SI].push_back(D.Loc);
          break;
        }
  }
  for (auto &[Store, Locs] : By)
    if (Locs.size() == 2)
      standFor(*Store, Locs, StoreArms);
}

std::vector<const llvm::DILocation *>
SunkAccesses::resolveLoads(llvm::Function &F, std::vector<Deleted> &Gone) {
  // A new load after a join stands for the deleted loads of its pointer in
  // the blocks before the join. Its pointer is a phi of theirs where they
  // differ, and the phis it merges in turn (an if/else-if chain is folded
  // one join at a time); the pointer itself where they were the same. Where
  // instcombine folded the pointers too, the deleted load's pointer is gone
  // and its address is compared.
  std::map<const llvm::Value *, std::vector<llvm::LoadInst *>> ByPointer;
  std::map<Address, std::vector<llvm::LoadInst *>> ByAddress;
  const llvm::DataLayout &DL = F.getParent()->getDataLayout();
  for (llvm::Instruction &I : llvm::instructions(F)) {
    // Loads merged from different lines have a line-less location; from
    // different columns of one line, a column-less one.
    auto *LI = llvm::dyn_cast<llvm::LoadInst>(&I);
    if (!LI || (LI->getDebugLoc() && LI->getDebugLoc().getLine() != 0 &&
                LI->getDebugLoc().getCol() != 0) ||
        Watched.count(LI))
      continue;
    std::vector<const llvm::Value *> Work{LI->getPointerOperand()};
    std::set<const llvm::Value *> Seen(Work.begin(), Work.end());
    for (size_t W = 0; W < Work.size() && W < 64; ++W) {
      const auto *Phi = llvm::dyn_cast<llvm::PHINode>(Work[W]);
      if (!Phi) {
        ByPointer[Work[W]].push_back(LI);
        continue;
      }
      for (const llvm::Value *V : Phi->incoming_values())
        if (Seen.insert(V).second)
          Work.push_back(V);
    }
    std::vector<Address> Addresses;
    std::set<const llvm::Value *> Visiting;
    unsigned Steps = 0;
    addressesOf(LI->getPointerOperand(), DL, Addresses, Visiting, Steps);
    // And as computed on each way into the join (at most 8 ways).
    const llvm::BasicBlock *Join = joinOf(LI->getParent());
    if (Join->hasNPredecessorsOrMore(2) && !Join->hasNPredecessorsOrMore(9))
      for (const llvm::BasicBlock *From : llvm::predecessors(Join)) {
        Visiting.clear();
        Steps = 0;
        addressesOf(LI->getPointerOperand(), DL, Addresses, Visiting, Steps, Via{Join, From});
      }
    for (Address &A : Addresses)
      ByAddress[std::move(A)].push_back(LI);
  }
  std::map<llvm::LoadInst *, std::vector<const Deleted *>> By;
  std::optional<llvm::DominatorTree> DT;
  std::map<const llvm::BasicBlock *, std::set<const llvm::BasicBlock *>> Regions;
  for (Deleted &D : Gone) {
    if (!D.Load)
      continue;
    const std::vector<llvm::LoadInst *> *Candidates = nullptr;
    if (D.Pointer) {
      auto It = ByPointer.find(D.Pointer);
      Candidates = It == ByPointer.end() ? nullptr : &It->second;
    }
    // A constant pointer is not replaced but rewritten (`gep i32, @s, 1601`
    // becomes `gep i8, @s, 6404`): compared by address.
    if (!Candidates && D.Where.Object) {
      auto It = ByAddress.find(D.Where);
      Candidates = It == ByAddress.end() ? nullptr : &It->second;
    }
    if (!Candidates)
      continue;
    auto *BB = llvm::cast<llvm::BasicBlock>(D.Block);
    if (!DT)
      DT.emplace(F);
    for (llvm::LoadInst *LI : *Candidates)
      if (DL.getTypeStoreSize(LI->getType()).getFixedValue() == D.Bytes &&
          branchesBefore(joinOf(LI->getParent()), *DT, Regions).count(BB)) {
        By[LI].push_back(&D);
        break;
      }
  }
  std::vector<const llvm::DILocation *> Merged;
  for (auto &[Load, Reads] : By) {
    // Two or more reads merged; those of shared memory take its answer
    // (sosfil: `x_n = tx == 0 ? x_in[...] : s_out[tx - 1]` is one read).
    // Reads through one parameter of a helper are all of shared memory or
    // none, as its caller passes it: claimed for when it is (a binary
    // search over a codebook the caller keeps in shared memory, merged
    // before the helper is inlined by LLVM 15).
    if (Reads.size() < 2)
      continue;
    const llvm::Argument *Parameter = Reads[0]->Parameter;
    for (const Deleted *D : Reads)
      if (D->Parameter != Parameter)
        Parameter = nullptr;
    std::vector<const llvm::DILocation *> Locs;
    for (const Deleted *D : Reads)
      if ((D->Shared || Parameter) && D->Loc)
        Locs.push_back(D->Loc);
    if (Locs.empty())
      continue;
    Merged.insert(Merged.end(), Locs.begin(), Locs.end());
    standFor(*Load, Locs, LoadArms);
  }
  return Merged;
}

std::vector<const llvm::DILocation *> SunkAccesses::resolve(llvm::Function &F) {
  std::vector<Deleted> Mine, Left;
  for (Deleted &D : Pending) {
    auto *BB = llvm::dyn_cast_or_null<llvm::BasicBlock>(D.Block);
    // Gone with its block, or with its pointer (but a load's pointer may be
    // folded with it): not sunk.
    if (!BB || (!D.Pointer && !D.Where.Object))
      continue;
    (BB->getParent() == &F ? Mine : Left).push_back(D);
  }
  Pending = std::move(Left);
  resolveStores(F, Mine);
  std::vector<const llvm::DILocation *> Merged = resolveLoads(F, Mine);
  watch(F); // the new accesses, which a later instcombine may sink again
  return Merged;
}

void SunkAccesses::stop() {
  Watches.clear();
  Watched.clear();
  Pending.clear();
}

} // namespace ldslint
