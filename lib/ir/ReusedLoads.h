//===- ReusedLoads.h - Reads the compiler answers from an earlier read -*- C++ -*-===//
//
// `if (keyA > keyB) { t = keyA; ... }` reads keyA twice in the source, once
// in the code: the normalising pipeline (early CSE, instcombine), like the
// back ends, reuses the first read's value. The second read is then no
// shared-memory instruction, and without a record of it its line would get
// no answer at all. ReusedLoads watches every load through a pointer (not a
// local variable's slot) while the pipeline runs and remembers which load
// each eliminated one was replaced by; the analysis then answers the
// eliminated read's line as "no instruction of its own".
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_REUSEDLOADS_H
#define LDSLINT_IR_REUSEDLOADS_H

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
  /// Innermost line, column and scope of a location.
  using Key = std::tuple<unsigned, unsigned, const llvm::DIScope *>;

  ReusedLoads();
  ~ReusedLoads();
  ReusedLoads(const ReusedLoads &) = delete;
  ReusedLoads &operator=(const ReusedLoads &) = delete;

  /// Starts watching the loads of \p M (before the pipeline runs): each
  /// one replaced by another load is recorded as it happens.
  void watch(llvm::Module &M);
  /// Stops watching (after the pipeline).
  void stop();
  /// The source locations of the reads \p Load stands for besides its own,
  /// in \p Load's inlining context (innermost first, as DILocations are).
  std::vector<const llvm::DILocation *> at(const llvm::Instruction &Load) const;

private:
  class Watch;
  void replaced(const llvm::DILocation *Eliminated, const llvm::Value *By);

  std::vector<std::unique_ptr<Watch>> Watches;
  /// Survivor's location (as it was then) and the eliminated read's, by the
  /// survivor's innermost frame.
  std::map<Key, std::vector<std::pair<const llvm::DILocation *,
                                      const llvm::DILocation *>>>
      Replaced;
  std::set<std::pair<const llvm::DILocation *, const llvm::DILocation *>> Seen;
};

} // namespace ldslint

#endif
