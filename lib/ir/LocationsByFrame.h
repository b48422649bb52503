//===- LocationsByFrame.h - Source lines an instruction stands for -*- C++ -*-===//
//
// The normalising pipeline sometimes leaves one instruction where the source
// has several accesses: a read answered from an earlier read (ReusedLoads),
// a store that instcombine sinks out of both arms of an `if`, reads it merges
// after their branches (SunkAccesses).
// The other accesses' locations are recorded against the surviving
// instruction's location as it was then, and found again from the
// instruction's final location, after later inlining has put more frames
// around it.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_LOCATIONSBYFRAME_H
#define LDSLINT_IR_LOCATIONSBYFRAME_H

#include "llvm/IR/DebugInfoMetadata.h"

#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace ldslint {

/// \p L with \p Outer appended to its chain of inlined-at locations: where
/// \p L is after the call at \p Outer is inlined. \p L when \p Outer is null.
const llvm::DILocation *withOuter(const llvm::DILocation *L,
                                  const llvm::DILocation *Outer);

class LocationsByFrame {
public:
  /// Records that the instruction at \p Survivor also stands for \p Other.
  /// \p Chainable: the survivor is a read, so what stands for it later
  /// stands for \p Other too (not a store that answers a read, which may
  /// share its location with a read: `s[k] += a`).
  void add(const llvm::DILocation *Survivor, const llvm::DILocation *Other,
           bool Chainable = false);
  /// The locations the instruction now at \p L stands for besides its own,
  /// in \p L's inlining context (innermost first, as DILocations are),
  /// also through the reads it stands for (chainable records).
  std::vector<const llvm::DILocation *> at(const llvm::DILocation *L) const;

private:
  /// What \p L stands for by a record of its own (at() follows those);
  /// only the chainable ones with \p ChainableOnly.
  std::vector<const llvm::DILocation *> direct(const llvm::DILocation *L,
                                               bool ChainableOnly) const;
  /// Innermost line, column and scope of a location.
  using Key = std::tuple<unsigned, unsigned, const llvm::DIScope *>;
  using Pair = std::pair<const llvm::DILocation *, const llvm::DILocation *>;
  struct Entry {
    const llvm::DILocation *Survivor, *Other;
    bool Chainable;
  };
  std::map<Key, std::vector<Entry>> ByFrame;
  std::set<Pair> Seen;
};

} // namespace ldslint

#endif
