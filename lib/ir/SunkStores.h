//===- SunkStores.h - Stores instcombine sinks out of both arms -*- C++ -*-===//
//
// `if (c) s = a; else s = b;` stores to one address in both arms; instcombine
// (as in clang's -O2/-O3 pipelines) replaces the two stores by one store of
// a phi in the block after the `if`, with a merged location that has no
// line when the arms' lines differ (HeCBench's quicksort: `s = mys` and
// `s = mysn`). That one store is what runs, and both source lines take its
// answer. SunkStores watches the stores while the pipeline runs; after each
// instcombine (`ldslint-sunk-stores`) it finds the store that replaced the
// deleted ones, gives it the first arm's location instead of a line-less
// one, and records the other arm's against it.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_SUNKSTORES_H
#define LDSLINT_IR_SUNKSTORES_H

#include "ir/LocationsByFrame.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"

#include <memory>
#include <vector>

namespace ldslint {

class SunkStores {
public:
  SunkStores();
  ~SunkStores();
  SunkStores(const SunkStores &) = delete;
  SunkStores &operator=(const SunkStores &) = delete;

  /// Watches \p F's stores not watched yet (before instcombine runs).
  void watch(llvm::Function &F);
  /// After instcombine ran on \p F: the stores it sank (see above).
  void resolve(llvm::Function &F);
  /// Stops watching (after the pipeline).
  void stop();
  /// The source locations of the stores that \p Store stands for besides
  /// its own, in \p Store's inlining context.
  std::vector<const llvm::DILocation *> at(const llvm::Instruction &Store) const {
    return Arms.at(Store.getDebugLoc().get());
  }

private:
  class Watch;
  struct Deleted;
  std::vector<std::unique_ptr<Watch>> Watches;
  llvm::DenseSet<const llvm::Value *> Watched;
  std::vector<Deleted> Pending;
  LocationsByFrame Arms;
};

} // namespace ldslint

#endif
