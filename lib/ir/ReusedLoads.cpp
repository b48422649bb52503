//===- ReusedLoads.cpp -----------------------------------------------------===//
#include "ir/ReusedLoads.h"

#include "ir/DebugLocations.h"
#include "ir/LaneValues.h"
#include "ir/SunkAccesses.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>

namespace ldslint {


/// Follows one load: when the pipeline replaces it by another value, the
/// replacement is recorded and followed in turn (it may be replaced later).
class ReusedLoads::Watch final : public llvm::CallbackVH {
public:
  Watch(ReusedLoads &Owner, llvm::LoadInst *LI)
      : llvm::CallbackVH(LI), Owner(Owner), Loc(LI->getDebugLoc().get()) {
    // What a dropped read was (its operands are gone when it is deleted).
    const auto *G = llvm::dyn_cast<llvm::GlobalVariable>(
        llvm::getUnderlyingObject(LI->getPointerOperand()));
    if (G && isSharedAddressSpace(G->getAddressSpace())) {
      Shared = G;
      Function = LI->getFunction()->getName().str();
      Subprogram = LI->getFunction()->getSubprogram();
      Bytes = static_cast<unsigned>(
          LI->getModule()->getDataLayout().getTypeStoreSize(LI->getType()));
    }
  }
  void allUsesReplacedWith(llvm::Value *V) override {
    Owner.replaced(Loc, V, llvm::dyn_cast_or_null<llvm::LoadInst>(getValPtr()));
    Shared = nullptr; // followed to its replacement: not dropped
    Owner.Watched.erase(getValPtr());
    setValPtr(V);
  }
  void deleted() override {
    if (Shared)
      Owner.Dropped.push_back({Loc, Shared, Function, Subprogram, Bytes});
    Owner.Watched.erase(getValPtr());
    CallbackVH::deleted();
  }

private:
  ReusedLoads &Owner;
  const llvm::DILocation *Loc;
  const llvm::GlobalVariable *Shared = nullptr;
  std::string Function;
  const llvm::DISubprogram *Subprogram = nullptr;
  unsigned Bytes = 0;
};

ReusedLoads::ReusedLoads() = default;
ReusedLoads::~ReusedLoads() = default;

void ReusedLoads::watch(llvm::Module &M) {
  for (llvm::Function &F : M)
    watchNew(F);
}

void ReusedLoads::watchNew(llvm::Function &F) {
  // A load leaves Watched when it is replaced or deleted, so that a new
  // load at its address (inlining copies loads) is watched again.
  for (llvm::Instruction &I : llvm::instructions(F)) {
    auto *LI = llvm::dyn_cast<llvm::LoadInst>(&I);
    // Reloads of local variables' slots (and their fields: `v.y` of a
    // local float4) are SROA's business, not reads of memory the user
    // sees.
    if (!LI || !LI->getDebugLoc() || Watched.count(LI) ||
        llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(LI->getPointerOperand())))
      continue;
    Watched.insert(LI);
    Watches.push_back(std::make_unique<Watch>(*this, LI));
  }
}

void ReusedLoads::stop() {
  Watches.clear();
  Watched.clear();
}

void ReusedLoads::notDropped(const llvm::Function &F,
                             const std::vector<const llvm::DILocation *> &Locs) {
  if (Locs.empty())
    return;
  const std::set<const llvm::DILocation *> Merged(Locs.begin(), Locs.end());
  Dropped.erase(std::remove_if(Dropped.begin(), Dropped.end(),
                               [&](const DroppedRead &D) {
                                 return D.Function == F.getName() && Merged.count(D.Loc);
                               }),
                Dropped.end());
  ByName = Index(); // indexed again when asked (runs during the pipeline,
                    // before any question)
}

std::vector<ReusedLoads::DroppedRead>
ReusedLoads::droppedIn(const llvm::Function &Kernel) const {
  const Index &Ix = index();
  std::vector<DroppedRead> Out;
  const auto Own = Ix.ByFunction.find(Kernel.getName());
  if (Own != Ix.ByFunction.end())
    for (size_t I : Own->second)
      Out.push_back(Dropped[I]);
  if (Ix.OfHelpers.empty())
    return Out;
  // Where the kernel inlined helpers with dropped reads: the frames of its
  // instructions' debug locations that are in one. Chains share their
  // outer frames: each location is walked once.
  std::map<const llvm::DISubprogram *, std::set<const llvm::DILocation *>> CallsOf;
  llvm::DenseSet<const llvm::DILocation *> Walked;
  for (const llvm::Instruction &I : llvm::instructions(Kernel))
    for (const llvm::DILocation *L = I.getDebugLoc().get(); L && L->getInlinedAt();
         L = L->getInlinedAt()) {
      if (!Walked.insert(L).second)
        break;
      const llvm::DISubprogram *Helper = L->getScope()->getSubprogram();
      if (Ix.OfHelpers.count(Helper))
        CallsOf[Helper].insert(L->getInlinedAt());
    }
  // Those helpers' records (not the kernel's own), in the order they were
  // dropped, each at every call.
  std::vector<size_t> Records;
  for (const auto &Called : CallsOf) {
    const std::vector<size_t> &OfHelper = Ix.OfHelpers.find(Called.first)->second;
    Records.insert(Records.end(), OfHelper.begin(), OfHelper.end());
  }
  std::sort(Records.begin(), Records.end());
  for (size_t I : Records) {
    const DroppedRead &D = Dropped[I];
    if (D.Function == Kernel.getName())
      continue;
    for (const llvm::DILocation *Call : CallsOf[D.Subprogram]) {
      DroppedRead Copy = D;
      Copy.Loc = withOuter(D.Loc, Call);
      Out.push_back(Copy);
    }
  }
  return Out;
}

const ReusedLoads::Index &ReusedLoads::index() const {
  if (ByName.Indexed == Dropped.size()) // grows; notDropped resets the index
    return ByName;
  ByName = Index();
  for (size_t I = 0; I < Dropped.size(); ++I) {
    ByName.ByFunction[Dropped[I].Function].push_back(I);
    if (Dropped[I].Subprogram)
      ByName.OfHelpers[Dropped[I].Subprogram].push_back(I);
  }
  ByName.Indexed = Dropped.size();
  return ByName;
}

/// The store of \p Value through \p Load's pointer that the pipeline
/// forwards to \p Load: the nearest store before it in its block, or in the
/// blocks that lead only to it (`s[j] = v; if (c) a += s[j]; else b += s[j];`:
/// each arm's read is answered by the store), when the pointer is known to
/// reach a shared variable, or is a helper's parameter (the findings match
/// it only to shared accesses inlined from there; a store to global memory
/// on the same line would otherwise pass for it).
static const llvm::Instruction *forwardingStore(const llvm::LoadInst *Load,
                                                const llvm::Value *Value) {
  if (!Load || !Load->getParent())
    return nullptr;
  const llvm::Value *Object = llvm::getUnderlyingObject(Load->getPointerOperand());
  const auto *G = llvm::dyn_cast<llvm::GlobalVariable>(Object);
  if (!(G && isSharedAddressSpace(G->getAddressSpace())) && !llvm::isa<llvm::Argument>(Object))
    return nullptr;
  auto NearestStore = [&](llvm::BasicBlock::const_reverse_iterator It,
                          llvm::BasicBlock::const_reverse_iterator End)
      -> std::optional<const llvm::Instruction *> {
    for (; It != End; ++It)
      if (const auto *S = llvm::dyn_cast<llvm::StoreInst>(&*It))
        if (S->getPointerOperand() == Load->getPointerOperand())
          return S->getValueOperand() == Value ? S : nullptr;
    return std::nullopt; // none in this block
  };
  const llvm::BasicBlock *Block = Load->getParent();
  auto Found = NearestStore(std::next(Load->getReverseIterator()), Block->rend());
  // Up the blocks that have one predecessor, a few at most.
  for (int Up = 0; !Found && Up < 8; ++Up) {
    Block = Block->getSinglePredecessor();
    if (!Block)
      return nullptr;
    Found = NearestStore(Block->rbegin(), Block->rend());
  }
  return Found ? *Found : nullptr;
}

void ReusedLoads::replaced(const llvm::DILocation *Eliminated,
                           const llvm::Value *By, const llvm::LoadInst *Load) {
  // The value the thread stored there (which may itself be a load of other
  // memory: `x = in[1]; s[5] = x; ... s[5]`).
  const llvm::Instruction *Survivor = forwardingStore(Load, By);
  // Else a read of the same memory; not a read of another variable whose
  // value reached this one through a store (`out[i] = s[j]; ... out[i]`).
  // instcombine may read a pointer as an integer and convert it
  // (`inttoptr (load i64 @p)`, `store i64` of it): the same read or store.
  for (int Casts = 0; Casts < 4; ++Casts)
    if (const auto *C = llvm::dyn_cast<llvm::CastInst>(By);
        C && (llvm::isa<llvm::IntToPtrInst>(C) || llvm::isa<llvm::PtrToIntInst>(C) ||
              llvm::isa<llvm::BitCastInst>(C)))
      By = C->getOperand(0);
  if (!Survivor)
    Survivor = forwardingStore(Load, By);
  if (!Survivor)
    if (const auto *Other = llvm::dyn_cast<llvm::LoadInst>(By))
      if (!Load || !Load->getParent() ||
          llvm::getUnderlyingObject(Load->getPointerOperand()) ==
              llvm::getUnderlyingObject(Other->getPointerOperand()))
        Survivor = Other;
  if (!Survivor || !Survivor->getDebugLoc())
    return; // folded: not a read any more
  if (Vectorizing && Load && Load->getParent() && llvm::isa<llvm::LoadInst>(Survivor) &&
      spelledApart(Load->getPointerOperand(),
                   llvm::cast<llvm::LoadInst>(Survivor)->getPointerOperand(),
                   Load->getModule()->getDataLayout())) {
    MisMerged[Survivor].push_back(Eliminated);
    return;
  }
  const llvm::DILocation *S = Survivor->getDebugLoc().get();
  if (S->getLine() == Eliminated->getLine() &&
      S->getScope()->getFile() == Eliminated->getScope()->getFile())
    return; // the same line answers for both
  Replaced.add(S, Eliminated, llvm::isa<llvm::LoadInst>(Survivor));
}

} // namespace ldslint
