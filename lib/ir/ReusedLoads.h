//===- ReusedLoads.h - Reads the compiler answers from an earlier read -*- C++ -*-===//
//
// `if (keyA > keyB) { t = keyA; ... }` reads keyA twice in the source, once
// in the code: the normalising pipeline (early CSE, instcombine), like the
// back ends, reuses the first read's value. The second read is then no
// shared-memory instruction, and without a record of it its line would get
// no answer at all. ReusedLoads watches every load through a pointer (not a
// local variable's slot) while the pipeline runs and remembers which load
// each eliminated one was replaced by; the analysis then answers the
// eliminated read's line as "no instruction of its own". Loads that SROA
// makes of a struct copy are watched as they appear (watchNew, run after
// each SROA of the pipeline). A read deleted
// as unused is recorded too (droppedIn). A read of what
// the same block just stored there is answered by that store (forwarded).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_REUSEDLOADS_H
#define LDSLINT_IR_REUSEDLOADS_H

#include "ir/LocationsByFrame.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"

#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

namespace ldslint {

class ReusedLoads {
public:
  ReusedLoads();
  ~ReusedLoads();
  ReusedLoads(const ReusedLoads &) = delete;
  ReusedLoads &operator=(const ReusedLoads &) = delete;

  /// Starts watching the loads of \p M (before the pipeline runs): each
  /// one replaced by another load, or by the value a store just wrote to
  /// its address, is recorded as it happens.
  void watch(llvm::Module &M);
  /// Watches the loads of \p F not watched yet: those SROA made of a copy
  /// (`make_float4(*v, 1.0f)` copies a shared float3 into an argument),
  /// before early CSE may replace them.
  void watchNew(llvm::Function &F);
  /// Stops watching (after the pipeline).
  void stop();
  /// While LLVM's load/store vectorizer runs: a read it answers from a read
  /// at an address spelled differently is not taken for reused but for a
  /// wrong merge (LLVM 22 merges `tile[0][t]` and `tile[t][0]` when both
  /// index with the same value), and its survivor is not decided.
  void vectorizing(bool On) { Vectorizing = On; }
  /// The reads the vectorizer wrongly merged into load \p Survivor.
  std::vector<const llvm::DILocation *> misMergedInto(const llvm::Instruction &Survivor) const {
    auto It = MisMerged.find(&Survivor);
    return It == MisMerged.end() ? std::vector<const llvm::DILocation *>() : It->second;
  }
  /// The source locations of the reads \p Load (a load or a store) stands
  /// for besides its own,
  /// in \p Load's inlining context (innermost first, as DILocations are).
  std::vector<const llvm::DILocation *> at(const llvm::Instruction &Load) const {
    return at(Load.getDebugLoc().get());
  }
  /// The same for a read at \p L that the vectorizer merged into a wider
  /// load (which has one of its reads' locations only).
  std::vector<const llvm::DILocation *> at(const llvm::DILocation *L) const {
    return Replaced.at(L);
  }

  /// A read of a shared variable the pipeline deleted as unused (a value
  /// passed to a helper that ignores it): no instruction runs for it.
  struct DroppedRead {
    const llvm::DILocation *Loc;
    const llvm::GlobalVariable *Variable;
    std::string Function; ///< where it was when deleted
    const llvm::DISubprogram *Subprogram = nullptr; ///< that function's
    unsigned Bytes;
    bool Write = false;
    /// Why no instruction runs for it; empty: its value is not used.
    std::string Why;
  };
  /// The dropped reads of \p Kernel: its own, and those of the helpers it
  /// inlined (a lambda owning the shared variable), at each call.
  std::vector<DroppedRead> droppedIn(const llvm::Function &Kernel) const;
  /// The reads at \p Locs in \p F that were deleted because another read
  /// now stands for them (SunkAccesses: merged after their branches): not
  /// dropped after all.
  void notDropped(const llvm::Function &F, const std::vector<const llvm::DILocation *> &Locs);

private:
  class Watch;
  std::vector<DroppedRead> Dropped;
  /// Dropped by function name, and the records of helpers (with a
  /// subprogram), indexed when droppedIn is first asked (after the
  /// pipeline): each kernel's question then costs its own records, not the
  /// module's.
  struct Index {
    size_t Indexed = 0; ///< Dropped.size() when built
    llvm::StringMap<std::vector<size_t>> ByFunction;
    /// The records with a subprogram (a helper's), by that subprogram.
    llvm::DenseMap<const llvm::DISubprogram *, std::vector<size_t>> OfHelpers;
  };
  mutable Index ByName;
  const Index &index() const;
  /// \p Load: the eliminated load, while it is still in its block.
  void replaced(const llvm::DILocation *Eliminated, const llvm::Value *By,
                const llvm::LoadInst *Load);

  std::vector<std::unique_ptr<Watch>> Watches;
  /// The loads Watches follow now.
  llvm::DenseSet<const llvm::Value *> Watched;
  /// The eliminated reads, by their survivors' locations (as they were then).
  LocationsByFrame Replaced;
  bool Vectorizing = false;
  std::map<const llvm::Instruction *, std::vector<const llvm::DILocation *>> MisMerged;
};

} // namespace ldslint

#endif
