//===- WarpPicture.h - Every lane of one warp instruction --------*- C++ -*-===//
//
// The full per-lane picture of one warp/wavefront instruction: each lane's
// byte address and whether it takes part, its thread coordinates, and the
// lane phases the bank model splits the warp into. The evaluator keeps one
// for the worst instruction of an access, so that --explain, the HTML
// report and `ldslint simulate` can draw the bank map that produced the
// verdict (BankMap.h) instead of re-deriving it; on request
// (EvalOptions::PictureWarps) also those of several warps and loop
// iterations (PictureSet), for the HTML report's warp/iteration selectors.
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

  /// Which warp, in words: "warp 3", or with the values assumed for an
  /// unknown block shape ("warp 0 (threadIdx.y = 1, blockDim.y = 2)").
  std::string WarpLabel;
  /// Which instruction of that warp (0 = its first execution of the
  /// access): with WarpLabel, identifies the instruction across
  /// evaluations of the same access (before and after a fix).
  uint64_t Step = 0;
  std::string Iteration; ///< the loops' values, e.g. "k = 3" (may be empty)
  /// Loop variables whose value differs between lanes (or that are not in
  /// Iteration): name and value per lane.
  std::vector<std::pair<std::string, std::vector<int64_t>>> LaneValues;

  bool empty() const { return Lanes.empty(); }
};

/// Pictures of several instructions of one access: the first warps that
/// execute it, and for each the first executions (loop iterations), plus
/// the worst instruction wherever it is. Bounded by the caps it was made
/// with; the totals say how much was left out.
struct PictureSet {
  std::vector<WarpPicture> Pictures; ///< in execution order
  unsigned WarpCap = 0, StepCap = 0;  ///< the caps used (0: none kept)
  uint64_t Warps = 0;    ///< warps that executed the access (kept or not)
  uint64_t MostSteps = 0; ///< most executions by one warp (iterations)

  bool capped() const {
    return (WarpCap && Warps > WarpCap) || (StepCap && MostSteps > StepCap);
  }
};

} // namespace ldslint

#endif
