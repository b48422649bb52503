//===- SunkAccesses.h - Accesses instcombine sinks out of branches -*- C++ -*-===//
//
// `if (c) s = a; else s = b;` stores to one address in both arms; instcombine
// (as in clang's -O2/-O3 pipelines) replaces the two stores by one store of
// a phi in the block after the `if`, with a merged location that has no
// line when the arms' lines differ (HeCBench's quicksort: `s = mys` and
// `s = mysn`). Reads go the same way: `if (c) n = north[y][x] - j; else n =
// temp[y - 1][x] - j;` (Rodinia's srad) becomes one read, after the
// branches, of a pointer that is a phi of both addresses (possibly across
// an if/else-if chain, each join folded in turn). That one access is what
// runs, and every source line takes its answer. SunkAccesses watches the
// stores and loads while the pipeline runs; after each instcombine
// (`ldslint-sunk-accesses`) it finds the access that replaced the deleted
// ones, gives it the first (in source order) of their locations instead of
// a line-less one, and records the others against it.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_SUNKACCESSES_H
#define LDSLINT_IR_SUNKACCESSES_H

#include "ir/LocationsByFrame.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <memory>
#include <vector>

namespace ldslint {

/// Whether pointers \p A and \p B are spelled as different addresses: of
/// different variables, or of one with different constant offsets or
/// index terms (`tile[0][t]` and `tile[t][0]`). False when either is not a
/// chain of GEPs over a variable or argument, or when they are the same.
bool spelledApart(const llvm::Value *A, const llvm::Value *B, const llvm::DataLayout &DL);

class SunkAccesses {
public:
  SunkAccesses();
  ~SunkAccesses();
  SunkAccesses(const SunkAccesses &) = delete;
  SunkAccesses &operator=(const SunkAccesses &) = delete;

  /// Watches \p F's stores and loads not watched yet (before instcombine
  /// runs).
  void watch(llvm::Function &F);
  /// After instcombine ran on \p F: the accesses it sank (see above). The
  /// locations of the loads it merged, which are no dropped reads.
  std::vector<const llvm::DILocation *> resolve(llvm::Function &F);
  /// Stops watching (after the pipeline).
  void stop();
  /// The source locations of the accesses that \p Access stands for besides
  /// its own, in \p Access's inlining context.
  std::vector<const llvm::DILocation *> at(const llvm::Instruction &Access) const {
    // Apart: a compound assignment's load shares its sunk store's place.
    return (llvm::isa<llvm::LoadInst>(Access) ? LoadArms : StoreArms)
        .at(Access.getDebugLoc().get());
  }

private:
  class Watch;
  struct Deleted;
  std::vector<std::unique_ptr<Watch>> Watches;
  llvm::DenseSet<const llvm::Value *> Watched;
  std::vector<Deleted> Pending;
  LocationsByFrame StoreArms, LoadArms;
  void resolveStores(llvm::Function &F, std::vector<Deleted> &Deleted);
  std::vector<const llvm::DILocation *> resolveLoads(llvm::Function &F,
                                                     std::vector<Deleted> &Deleted);
};

} // namespace ldslint

#endif
