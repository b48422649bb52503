//===- WarpPicture.h - Every lane of one warp instruction --------*- C++ -*-===//
//
// The full per-lane picture of one warp/wavefront instruction: each lane's
// byte address and whether it takes part, its thread coordinates, and the
// lane phases the bank model splits the warp into. The evaluator keeps one
// for the worst instruction of an access, so that --explain, the HTML
// report and `ldslint simulate` can draw the bank map that produced the
// verdict (BankMap.h) instead of re-deriving it.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_WARPPICTURE_H
#define LDSLINT_WARPPICTURE_H

#include "BankSolver.h"

#include <array>
#include <string>
#include <vector>

namespace ldslint {

struct WarpPicture {
  std::vector<LaneAddress> Lanes; ///< one entry per lane of the warp
  /// threadIdx of each lane; empty when the block shape is not known (the
  /// default lane structure: lane = threadIdx.x % warp size).
  std::vector<std::array<unsigned, 3>> Threads;
  LanePhases Phases;   ///< from BankModel::phases for this access
  unsigned Warp = 0;   ///< which warp of the block
  std::string Context; ///< loop iteration / assumed values, e.g. "k = 3"

  bool empty() const { return Lanes.empty(); }
};

} // namespace ldslint

#endif
