//===- LoopUniformity.cpp - Loop values every lane of an iteration shares -===//
#include "LoopUniformity.h"

#include "LoopExits.h"
#include "StringCompat.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"

#include <vector>

using namespace llvm;

namespace ldslint {
namespace {

/// Past these the answer is "not known to be uniform": the analysis is a
/// fixpoint over the loop's instructions and must stay cheap beside codegen.
constexpr size_t MaxInstructions = 20000;
constexpr size_t MaxVisits = 400000;
constexpr size_t MaxRegionBlocks = 4096;

const BasicBlock *joinOf(const BasicBlock *Branching, const PostDominatorTree &PDT) {
  const DomTreeNode *Node = PDT.getNode(Branching);
  const DomTreeNode *Up = Node ? Node->getIDom() : nullptr;
  return Up ? Up->getBlock() : nullptr; // null: the virtual exit
}

/// The blocks a branch at \p Branching can reach before its join (the join
/// included), inside \p Within when given. False when there are too many.
bool regionOf(const BasicBlock *Branching, const PostDominatorTree &PDT, const Loop *Within,
              std::set<const BasicBlock *> &Region) {
  const BasicBlock *Join = joinOf(Branching, PDT);
  if (Join)
    Region.insert(Join);
  std::vector<const BasicBlock *> Work(succ_begin(Branching), succ_end(Branching));
  std::set<const BasicBlock *> Seen;
  while (!Work.empty()) {
    const BasicBlock *B = Work.back();
    Work.pop_back();
    if (B == Join || (Within && !Within->contains(B)) || !Seen.insert(B).second)
      continue;
    if (Seen.size() > MaxRegionBlocks)
      return false;
    Region.insert(B);
    for (const BasicBlock *S : successors(B))
      Work.push_back(S);
  }
  return true;
}

/// Thread indices, lane masks, shuffles, votes: whatever a GPU intrinsic
/// returns may differ per lane. Other intrinsics that touch no memory
/// (min, max, funnel shifts) are computed from their operands.
bool computedFromOperands(const CallBase &C) {
  const Function *Callee = C.getCalledFunction();
  if (!Callee || !Callee->isIntrinsic() || !C.doesNotAccessMemory())
    return false;
  const StringRef Name = Callee->getName();
  return !startsWith(Name, "llvm.nvvm.") && !startsWith(Name, "llvm.amdgcn.");
}

bool readsPerLaneMemory(const LoadInst &Load) {
  const Value *P = Load.getPointerOperand();
  // Local (private) memory: address space 5 on NVPTX and AMDGPU.
  if (Load.getPointerAddressSpace() == 5)
    return true;
  return isa<AllocaInst>(getUnderlyingObject(P, 0));
}

class Divergence {
public:
  Divergence(const Loop &L, const LoopInfo &LI, const PostDominatorTree &PDT,
             OutsideVarying Varying)
      : L(L), LI(LI), PDT(PDT), Varying(Varying) {}

  /// False when the loop is past what the analysis follows.
  bool run() {
    size_t Size = 0;
    for (const BasicBlock *B : L.blocks())
      Size += B->size();
    if (Size > MaxInstructions)
      return false;
    size_t Visits = 0;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const BasicBlock *B : L.blocks()) {
        if (!Tainted.count(B) && branchDiverges(*B)) {
          std::set<const BasicBlock *> Region;
          if (!regionOf(B, PDT, &L, Region))
            return false;
          for (const BasicBlock *R : Region)
            Changed |= TaintedBy.insert(R).second;
          Tainted.insert(B);
        }
        for (const Instruction &I : *B) {
          if (++Visits > MaxVisits)
            return false;
          if (!I.getType()->isVoidTy() && !Divergent.count(&I) && diverges(I)) {
            Divergent.insert(&I);
            Changed = true;
          }
        }
      }
    }
    return true;
  }

  bool isDivergent(const Instruction *I) const { return Divergent.count(I) > 0; }

private:
  const Loop &L;
  const LoopInfo &LI;
  const PostDominatorTree &PDT;
  OutsideVarying Varying;
  std::set<const Instruction *> Divergent;
  /// Blocks whose conditional terminator was found divergent.
  std::set<const BasicBlock *> Tainted;
  /// Blocks lanes may reach along different paths of a divergent branch.
  std::set<const BasicBlock *> TaintedBy;

  bool operandDiverges(const Value *V, const Instruction &User) const {
    if (isa<Constant>(V) || isa<BasicBlock>(V) || isa<MetadataAsValue>(V))
      return false;
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I->getParent()))
      return Varying(V);
    if (Divergent.count(I))
      return true;
    return leftDivergentLoop(*I, User);
  }

  /// A value of an inner loop read after that loop: lanes that left it at
  /// different iterations hold different values when any of its exits is
  /// divergent.
  bool leftDivergentLoop(const Instruction &Def, const Instruction &User) const {
    for (const Loop *Inner = LI.getLoopFor(Def.getParent());
         Inner && Inner != &L && !Inner->contains(User.getParent());
         Inner = Inner->getParentLoop()) {
      SmallVector<BasicBlock *, 4> Exiting;
      exitingBlocks(*Inner, Exiting);
      for (const BasicBlock *E : Exiting)
        if (branchDiverges(*E))
          return true;
    }
    return false;
  }

  bool branchDiverges(const BasicBlock &B) const {
    const Instruction *T = B.getTerminator();
    const Value *Cond = nullptr;
    if (const auto *Br = dyn_cast<BranchInst>(T)) {
      if (!Br->isConditional())
        return false;
      Cond = Br->getCondition();
    } else if (const auto *Sw = dyn_cast<SwitchInst>(T)) {
      Cond = Sw->getCondition();
    } else {
      return T->getNumSuccessors() > 1;
    }
    return operandDiverges(Cond, *T);
  }

  /// A header phi entered from several blocks outside the loop with
  /// different values: which one a lane starts with is decided by branches
  /// this analysis does not look at (simplifycfg may leave no preheader).
  bool startsApart(const PHINode &P) const {
    if (P.getParent() != L.getHeader())
      return false;
    const Value *Start = nullptr;
    for (unsigned I = 0; I < P.getNumIncomingValues(); ++I) {
      if (L.contains(P.getIncomingBlock(I)))
        continue;
      if (Start && Start != P.getIncomingValue(I))
        return true;
      Start = P.getIncomingValue(I);
    }
    return false;
  }

  bool operandsDiverge(const Instruction &I) const {
    for (const Use &U : I.operands())
      if (operandDiverges(U.get(), I))
        return true;
    return false;
  }

  bool diverges(const Instruction &I) const {
    if (const auto *P = dyn_cast<PHINode>(&I))
      return TaintedBy.count(P->getParent()) || startsApart(*P) || operandsDiverge(I);
    if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I) || isa<AllocaInst>(I))
      return true;
    if (const auto *Load = dyn_cast<LoadInst>(&I))
      return readsPerLaneMemory(*Load) || operandDiverges(Load->getPointerOperand(), I);
    if (const auto *C = dyn_cast<CallBase>(&I)) {
      if (!computedFromOperands(*C))
        return true;
      for (const Use &A : C->args())
        if (operandDiverges(A.get(), I))
          return true;
      return false;
    }
    return operandsDiverge(I);
  }
};

} // namespace

std::set<const PHINode *> uniformHeaderPhis(const Loop &L, const LoopInfo &LI,
                                            const PostDominatorTree &PDT,
                                            OutsideVarying Varying) {
  std::set<const PHINode *> Uniform;
  Divergence D(L, LI, PDT, Varying);
  if (!D.run())
    return Uniform;
  for (const PHINode &P : L.getHeader()->phis())
    if (!D.isDivergent(&P))
      Uniform.insert(&P);
  return Uniform;
}

bool branchReaches(const BasicBlock *Branching, const BasicBlock *At,
                   const PostDominatorTree &PDT) {
  std::set<const BasicBlock *> Region;
  if (!regionOf(Branching, PDT, nullptr, Region))
    return true;
  return Region.count(At) > 0;
}

} // namespace ldslint
