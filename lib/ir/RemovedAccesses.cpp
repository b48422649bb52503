//===- RemovedAccesses.cpp -------------------------------------------------===//
#include "ir/RemovedAccesses.h"

#include "ir/DebugLocations.h"
#include "ir/LaneValues.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/SCCPSolver.h"
#if LLVM_VERSION_MAJOR >= 17
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif

#include <algorithm>
#include <set>
#include <tuple>

namespace ldslint {

namespace {

/// A load or store that is neither volatile nor atomic: its pointer.
const llvm::Value *plainAccess(const llvm::Instruction &I) {
  if (const auto *L = llvm::dyn_cast<llvm::LoadInst>(&I))
    return L->isSimple() ? L->getPointerOperand() : nullptr;
  if (const auto *S = llvm::dyn_cast<llvm::StoreInst>(&I))
    return S->isSimple() ? S->getPointerOperand() : nullptr;
  return nullptr;
}

unsigned bytesOf(const llvm::Instruction &I) {
  llvm::Type *T = llvm::isa<llvm::StoreInst>(I) ? I.getOperand(0)->getType() : I.getType();
  return static_cast<unsigned>(I.getModule()->getDataLayout().getTypeStoreSize(T));
}

/// The store after \p S in its block that writes at least the same bytes
/// before any instruction may read memory; null if there is none.
const llvm::StoreInst *overwriter(const llvm::StoreInst &S) {
  const llvm::Value *P = S.getPointerOperand()->stripPointerCasts();
  for (const llvm::Instruction *J = S.getNextNode(); J; J = J->getNextNode()) {
    if (const auto *T = llvm::dyn_cast<llvm::StoreInst>(J)) {
      if (!T->isSimple())
        return nullptr;
      if (T->getPointerOperand()->stripPointerCasts() == P && bytesOf(*T) >= bytesOf(S))
        return T->getDebugLoc() ? T : nullptr;
      continue;
    }
    if (J->mayReadFromMemory() || J->mayThrow() || llvm::isa<llvm::CallBase>(J) ||
        llvm::isa<llvm::FenceInst>(J) || J->isTerminator())
      return nullptr;
  }
  return nullptr;
}

} // namespace

/// Source locations as chains of frames (line, column, scope), innermost
/// first, each chain numbered: equal chains get the same number whichever
/// DILocation nodes spell them (the inliner makes a distinct node for each
/// call it inlines, so equal places are not equal pointers).
class RemovedAccesses::FrameIds {
public:
  /// \p L's chain, then \p Outer's (a number from this class; 0: none).
  unsigned of(const llvm::DILocation *L, unsigned Outer = 0) {
    if (!L)
      return Outer;
    if (Outer == 0) {
      auto Known = OfLocation.find(L);
      if (Known != OfLocation.end())
        return Known->second;
    }
    const unsigned Parent = of(L->getInlinedAt(), Outer);
    const unsigned Id =
        Ids.try_emplace(std::make_tuple(L->getLine(), L->getColumn(), L->getScope(), Parent),
                        static_cast<unsigned>(Ids.size() + 1))
            .first->second;
    if (Outer == 0)
      OfLocation[L] = Id;
    return Id;
  }
  /// Forgets the numbers (they are compared within one function only: kept
  /// for the whole module, the maps outgrow the caches).
  void reset() {
    Ids.clear();
    OfLocation.clear();
  }
  unsigned of(const llvm::DILocation *L, const llvm::DILocation *Outer) {
    return of(L, of(Outer));
  }

  /// Whether \p I is the only instruction of its function at its source
  /// location that may touch memory: its copies can then be told apart.
  bool aloneAtItsLocation(const llvm::Instruction &I) {
    const unsigned Own = of(I.getDebugLoc().get());
    for (const llvm::Instruction &J : llvm::instructions(*I.getFunction()))
      if (&J != &I && J.mayReadOrWriteMemory() && J.getDebugLoc() &&
          of(J.getDebugLoc().get()) == Own)
        return false;
    return true;
  }

private:
  llvm::DenseMap<std::tuple<unsigned, unsigned, const llvm::DIScope *, unsigned>, unsigned>
      Ids;
  llvm::DenseMap<const llvm::DILocation *, unsigned> OfLocation;
};

/// Follows an access the pipeline should delete: when it does, the access
/// becomes a record of its function.
class RemovedAccesses::Watch final : public llvm::CallbackVH {
public:
  /// \p Dropped: a load recorded only when it goes unreplaced (its value
  /// unused); one replaced by another value is answered by that value's
  /// read (ReusedLoads, SunkAccesses).
  Watch(RemovedAccesses &Owner, llvm::Instruction *I, Record R, bool Dropped = false)
      : llvm::CallbackVH(I), Owner(Owner), R(std::move(R)), Dropped(Dropped) {}
  void allUsesReplacedWith(llvm::Value *V) override {
    // Poison stands in for the value of code that is deleted as dead.
    if (Dropped && !llvm::isa<llvm::UndefValue>(V))
      Replaced = true;
  }
  void deleted() override {
    if (!Replaced)
      Owner.Records[R.Access.Function].push_back(R);
    Owner.Watched.erase(getValPtr());
    CallbackVH::deleted();
  }

private:
  RemovedAccesses &Owner;
  Record R;
  bool Dropped;
  bool Replaced = false;
};

RemovedAccesses::RemovedAccesses() : Frames(std::make_unique<FrameIds>()) {}
RemovedAccesses::~RemovedAccesses() = default;

bool RemovedAccesses::baseOf(const llvm::Value *Ptr, const llvm::Function &F,
                             Record &R) const {
  if (!Ptr)
    return false;
  const llvm::Value *U = llvm::getUnderlyingObject(Ptr, 0);
  if (const auto *G = llvm::dyn_cast<llvm::GlobalVariable>(U)) {
    if (!isSharedAddressSpace(G->getAddressSpace()))
      return false;
    R.Access.Variable = G;
    return true;
  }
  // (Not a `byval` parameter: the inliner copies what it points to into a
  // local object, whose accesses SROA then deletes.)
  const auto *A = llvm::dyn_cast<llvm::Argument>(U);
  if (!A || A->getParent() != &F || A->hasByValAttr())
    return false;
  R.Access.Variable = nullptr;
  R.ArgNo = A->getArgNo();
  return true;
}

void RemovedAccesses::beforeInlining(llvm::Function &F) {
  std::vector<CallSite> &Sites = Calls[&F];
  Sites.clear();
  std::map<const llvm::Function *, std::shared_ptr<const Callee>> Bodies;
  for (llvm::Instruction &I : llvm::instructions(F)) {
    auto *CB = llvm::dyn_cast<llvm::CallBase>(&I);
    llvm::Function *Fn = CB ? CB->getCalledFunction() : nullptr;
    if (!Fn || Fn->isDeclaration() || !CB->getDebugLoc())
      continue;
    std::shared_ptr<const Callee> &Body = Bodies[Fn];
    if (!Body) {
      auto B = std::make_shared<Callee>();
      for (const llvm::Instruction &J : llvm::instructions(*Fn)) {
        Record R;
        if (!J.getDebugLoc() || !baseOf(plainAccess(J), *Fn, R))
          continue;
        R.Access.Loc = J.getDebugLoc().get();
        R.Access.Bytes = bytesOf(J);
        R.Access.Write = llvm::isa<llvm::StoreInst>(J);
        B->Accesses.push_back(std::move(R));
      }
      auto Own = Records.find(Fn->getName().str());
      if (Own != Records.end())
        B->Removed = Own->second;
      Body = std::move(B);
    }
    CallSite CS{llvm::WeakVH(CB), CB->getDebugLoc().get(), Body, {}};
    for (llvm::Value *A : CB->args())
      CS.Args.emplace_back(A);
    Sites.push_back(std::move(CS));
  }
}

void RemovedAccesses::afterInlining(llvm::Function &F) {
  Frames->reset();
  auto It = Calls.find(&F);
  if (It != Calls.end()) {
    // The source locations of what the inliner copied, once for all calls.
    llvm::DenseSet<unsigned> Copied;
    bool Listed = false;
    for (const CallSite &CS : It->second) {
      if (CS.Call || (CS.Body->Accesses.empty() && CS.Body->Removed.empty()))
        continue; // not inlined, or nothing to carry
      if (!Listed) {
        for (const llvm::Instruction &I : llvm::instructions(F))
          if (I.getDebugLoc())
            Copied.insert(Frames->of(I.getDebugLoc().get()));
        Listed = true;
      }
      inlined(F, CS, Copied);
    }
    Calls.erase(It);
  }
  watchUnreached(F);
  watchStores(F);
  watchUnusedLoads(F);
}

void RemovedAccesses::watchUnusedLoads(llvm::Function &F) {
  // Reads through a parameter only: ReusedLoads records the dropped reads
  // of shared variables themselves.
  for (llvm::Instruction &I : llvm::instructions(F)) {
    auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
    Record R;
    if (!L || !L->getDebugLoc() || Watched.count(L) || !baseOf(plainAccess(*L), F, R) ||
        R.Access.Variable)
      continue;
    // A read merged with another into one after their branches (a phi or
    // select of both, folded by instcombine into one read of either
    // pointer) goes without being replaced too, but its line runs.
    if (llvm::any_of(L->users(), [](const llvm::User *U) {
          return llvm::isa<llvm::PHINode>(U) || llvm::isa<llvm::SelectInst>(U);
        }))
      continue;
    R.Access.Loc = L->getDebugLoc().get();
    R.Access.Function = F.getName().str();
    R.Access.Bytes = bytesOf(*L);
    Watched.insert(L);
    Watches.push_back(std::make_unique<Watch>(*this, L, std::move(R), /*Dropped=*/true));
  }
}

void RemovedAccesses::inlined(llvm::Function &F, const CallSite &CS,
                              const llvm::DenseSet<unsigned> &Copied) {
  const std::string Name = F.getName().str();
  // A record of the callee, at this call: of a shared variable, or of one
  // of F's own parameters.
  auto Carry = [&](Record R, const llvm::DILocation *Loc) {
    if (R.Sibling)
      R.Sibling = withOuter(R.Sibling, CS.Loc);
    if (!R.Access.Variable && R.ArgNo != Pending &&
        (R.ArgNo >= CS.Args.size() || !baseOf(CS.Args[R.ArgNo], F, R)))
      R.ArgNo = Pending;
    if (!R.Access.Variable && R.ArgNo == Pending && !R.Sibling)
      return;
    R.Access.Loc = Loc;
    R.Access.Function = Name;
    Records[Name].push_back(std::move(R));
  };
  // What the inliner did not copy: never reached with this call's arguments.
  const unsigned CallLine = CS.Loc->getLine();
  auto IsCopied = [&](const Record &R) {
    return Copied.count(Frames->of(R.Access.Loc, CS.Loc)) != 0;
  };
  for (Record R : CS.Body->Accesses) {
    if (IsCopied(R))
      continue;
    for (const Record &O : CS.Body->Accesses)
      if (O.sameBase(R) && IsCopied(O)) {
        R.Sibling = O.Access.Loc;
        break;
      }
    // Only where the caller's argument is known: SROA deletes the copies of
    // accesses to the caller's local arrays.
    if (!R.Access.Variable &&
        (R.ArgNo >= CS.Args.size() || !baseOf(CS.Args[R.ArgNo], F, R)))
      continue;
    R.Access.Why = "no shared-memory instruction of its own: never executed here, the "
                   "compiler leaves it out when it inlines the call at line " +
                   std::to_string(CallLine) +
                   " (with that call's arguments it is not reached)";
    Carry(R, withOuter(R.Access.Loc, CS.Loc));
  }
  for (const Record &R : CS.Body->Removed)
    Carry(R, withOuter(R.Access.Loc, CS.Loc));
}

void RemovedAccesses::watchStores(llvm::Function &F) {
  for (llvm::Instruction &I : llvm::instructions(F)) {
    auto *S = llvm::dyn_cast<llvm::StoreInst>(&I);
    Record R;
    if (!S || !S->getDebugLoc() || Watched.count(S) ||
        !baseOf(plainAccess(*S), F, R))
      continue;
    const llvm::StoreInst *T = overwriter(*S);
    if (!T)
      continue;
    R.Access.Loc = S->getDebugLoc().get();
    R.Sibling = Frames->aloneAtItsLocation(*T) ? T->getDebugLoc().get() : nullptr;
    R.Access.Function = F.getName().str();
    R.Access.Bytes = bytesOf(*S);
    R.Access.Write = true;
    R.Access.Why = "no shared-memory instruction of its own: the compiler removes this "
                   "write, which the write at line " +
                   std::to_string(T->getDebugLoc().getLine()) +
                   " overwrites before anything reads it";
    watch(S, std::move(R));
  }
}

void RemovedAccesses::watch(llvm::Instruction *I, Record R) {
  Watched.insert(I);
  Watches.push_back(std::make_unique<Watch>(*this, I, std::move(R)));
}

void RemovedAccesses::watchUnreached(llvm::Function &F) {
  std::vector<std::pair<llvm::Instruction *, Record>> Accesses;
  for (llvm::Instruction &I : llvm::instructions(F)) {
    Record R;
    if (I.getDebugLoc() && !Watched.count(&I) && baseOf(plainAccess(I), F, R))
      Accesses.emplace_back(&I, std::move(R));
  }
  // One block: the entry, which always runs.
  if (Accesses.empty() || F.size() == 1)
    return;
  // As the SCCP pass solves a function, with every parameter unknown.
  if (!LibraryInfo)
    LibraryInfo = std::make_unique<llvm::TargetLibraryInfoImpl>(
        llvm::Triple(F.getParent()->getTargetTriple()));
  llvm::TargetLibraryInfo TLI(*LibraryInfo);
  llvm::SCCPSolver Solver(
      F.getParent()->getDataLayout(), [&](llvm::Function &) -> const llvm::TargetLibraryInfo & { return TLI; },
      F.getContext());
  Solver.markBlockExecutable(&F.front());
  for (llvm::Argument &A : F.args())
    Solver.markOverdefined(&A);
  do
    Solver.solve();
  while (Solver.resolvedUndefsIn(F));
  for (auto &[I, R] : Accesses) {
    if (Solver.isBlockExecutable(I->getParent()))
      continue;
    for (const auto &[J, O] : Accesses)
      if (O.sameBase(R) && Solver.isBlockExecutable(J->getParent()) &&
          Frames->aloneAtItsLocation(*J)) {
        R.Sibling = J->getDebugLoc().get();
        break;
      }
    R.Access.Loc = I->getDebugLoc().get();
    R.Access.Function = F.getName().str();
    R.Access.Bytes = bytesOf(*I);
    R.Access.Write = llvm::isa<llvm::StoreInst>(I);
    R.Access.Why = "no shared-memory instruction of its own: never executed, no path "
                   "reaches it (the compiler removes it)";
    watch(I, std::move(R));
  }
}

void RemovedAccesses::stop(llvm::Module &M) {
  Watches.clear();
  Watched.clear();
  Calls.clear();
  for (auto &[Name, Rs] : Records) {
    llvm::Function *F = M.getFunction(Name);
    if (!F || F->isDeclaration() ||
        std::none_of(Rs.begin(), Rs.end(), [](const Record &R) { return !R.Access.Variable; }))
      continue;
    Frames->reset();
    // The shared variables F's memory instructions reach, by source
    // location (null: another memory instruction).
    llvm::DenseMap<unsigned, std::set<const llvm::GlobalVariable *>> Reached;
    for (const llvm::Instruction &I : llvm::instructions(*F)) {
      Record R;
      if (I.getDebugLoc() && I.mayReadOrWriteMemory())
        Reached[Frames->of(I.getDebugLoc().get())].insert(
            baseOf(plainAccess(I), *F, R) ? R.Access.Variable : nullptr);
    }
    for (Record &R : Rs) {
      if (R.Access.Variable || !R.Sibling)
        continue;
      auto It = Reached.find(Frames->of(R.Sibling));
      if (It != Reached.end() && It->second.size() == 1)
        R.Access.Variable = *It->second.begin(); // stays null if not shared
    }
  }
}

std::vector<ReusedLoads::DroppedRead>
RemovedAccesses::removedIn(llvm::StringRef Name) const {
  std::vector<ReusedLoads::DroppedRead> Out;
  auto It = Records.find(Name.str());
  if (It != Records.end())
    for (const Record &R : It->second)
      if (R.Access.Variable)
        Out.push_back(R.Access);
  return Out;
}

} // namespace ldslint
