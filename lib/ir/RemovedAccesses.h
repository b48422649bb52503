//===- RemovedAccesses.h - Accesses the pipeline removes in helpers -*- C++ -*-===//
//
// Device functions are cleaned up before they are inlined (DeviceModule.cpp),
// where their pointer parameters are not known to reach shared memory yet.
// Removals there leave a source line with no instruction and no answer:
//
//  - a store overwritten before anything reads it (a constructor's vtable
//    pointer, stored again by the derived constructor): early CSE and
//    instcombine delete it;
//  - an access that no path reaches (`for (i = 1; i < N; ++i)` with N = 1
//    in a template): sparse conditional constant propagation proves it,
//    and the clean-up deletes it;
//  - a read whose value is not used once the helpers that receive it are
//    inlined (NCCL passes `work->redOpArg` to a copy that ignores it);
//  - an access in a branch the call's constant arguments decide
//    (`f(..., sortDir)` with `if (arrowDir != sortDir && ...)` in f): the
//    inliner does not copy it.
//
// RemovedAccesses records them relative to the function's parameter that
// the pointer is derived from, and carries each record through the calls
// that are inlined (their arguments are followed through SROA) until it
// reaches a shared variable. The kernel's records are then answered as
// accesses with no instruction of their own (ReusedLoads::DroppedRead).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_REMOVEDACCESSES_H
#define LDSLINT_IR_REMOVEDACCESSES_H

#include "ir/ReusedLoads.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/ValueHandle.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class TargetLibraryInfoImpl;
}

namespace ldslint {

class RemovedAccesses {
public:
  RemovedAccesses();
  ~RemovedAccesses();
  RemovedAccesses(const RemovedAccesses &) = delete;
  RemovedAccesses &operator=(const RemovedAccesses &) = delete;

  /// Before the inliner runs on \p F: its calls and their arguments.
  void beforeInlining(llvm::Function &F);
  /// After the inliner and SROA ran on \p F: what the inlined calls did not
  /// copy, and the callees' records, become \p F's; then \p F's accesses
  /// that no path reaches and its stores that are overwritten before any
  /// read are watched.
  void afterInlining(llvm::Function &F);
  /// Stops watching (after the pipeline) and resolves the records that
  /// wait for their kernel in \p M.
  void stop(llvm::Module &M);

  /// The removed accesses of shared variables in function \p Name.
  std::vector<ReusedLoads::DroppedRead> removedIn(llvm::StringRef Name) const;

private:
  /// An access removed from a function, of a shared variable or relative
  /// to one of the function's pointer parameters.
  struct Record {
    ReusedLoads::DroppedRead Access; ///< Variable null when relative
    /// The parameter; Pending when the caller's argument is not one of its
    /// parameters (a reference kept in a local object): the record then
    /// waits for the kernel, where Sibling tells the variable.
    unsigned ArgNo = 0;
    /// An access kept in the same function through the same pointer base
    /// (null if none): where its copy is, the removed access's base is.
    const llvm::DILocation *Sibling = nullptr;
    bool sameBase(const Record &O) const {
      return Access.Variable == O.Access.Variable &&
             (Access.Variable || ArgNo == O.ArgNo);
    }
  };
  static constexpr unsigned Pending = ~0u;
  /// A callee as it is before the inliner copies it (the inliner empties
  /// the bodies it leaves unused): its accesses and its records.
  struct Callee {
    std::vector<Record> Accesses; ///< Loc: where in the callee
    std::vector<Record> Removed;
  };
  struct CallSite {
    llvm::WeakVH Call;
    const llvm::DILocation *Loc;
    std::shared_ptr<const Callee> Body;
    std::vector<llvm::WeakTrackingVH> Args;
  };
  class Watch;
  class FrameIds;

  /// Where \p Ptr points in \p F: a shared variable, or a parameter.
  bool baseOf(const llvm::Value *Ptr, const llvm::Function &F, Record &R) const;
  void inlined(llvm::Function &F, const CallSite &CS, const llvm::DenseSet<unsigned> &Copied);
  void watchStores(llvm::Function &F);
  void watchUnreached(llvm::Function &F);
  /// \p F's reads through its pointer parameters, recorded if the pipeline
  /// deletes them as unused (a value passed to a helper that ignores it:
  /// NCCL's `work->redOpArg` for a copy).
  void watchUnusedLoads(llvm::Function &F);
  void watch(llvm::Instruction *I, Record R);

  std::unique_ptr<FrameIds> Frames;
  std::map<std::string, std::vector<Record>> Records; ///< by function name
  std::map<const llvm::Function *, std::vector<CallSite>> Calls;
  std::vector<std::unique_ptr<Watch>> Watches;
  llvm::DenseSet<const llvm::Value *> Watched;
  /// The library-call facts SCCP asks for, built once (not per function:
  /// building them costs more than solving most helpers).
  std::unique_ptr<llvm::TargetLibraryInfoImpl> LibraryInfo;
};

} // namespace ldslint

#endif
