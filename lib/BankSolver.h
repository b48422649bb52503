//===- BankSolver.h - Wavefronts of one warp-level shared access -*- C++ -*-===//
//
// Given the byte address each lane of one warp/wavefront accesses (and which
// lanes are active), computes how many wavefronts (NVIDIA) / LDS cycles
// (AMD) the instruction takes: for each lane phase, the largest number of
// distinct 4-byte words that one bank must serve (same-word accesses are a
// broadcast, or one write wins), summed over the phases that have an active
// lane. The ideal count is the number of such phases.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_BANKSOLVER_H
#define LDSLINT_BANKSOLVER_H

#include "BankModel.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ldslint {

struct LaneAddress {
  bool Active = false;
  int64_t Byte = 0; ///< byte offset from the start of the shared array
};

/// The lanes that collide in the worst bank of the worst phase.
struct BankCollision {
  unsigned Bank = 0;
  std::vector<unsigned> Lanes;    ///< one lane per distinct word
  std::vector<int64_t> Addresses; ///< byte address of each of those lanes
};

struct InstructionCost {
  unsigned Wavefronts = 0;
  unsigned Ideal = 0;
  unsigned Degree = 0; ///< worst per-phase wavefronts ("N-way")
  BankCollision Worst;
};

/// One distinct word a bank must deliver in a phase, and the first lane
/// (in phase order) that touches it.
struct BankWord {
  int64_t Word;
  unsigned Lane;
};

/// Calls \p Visit(Lane, Bank, Word) for every word each active lane of
/// \p Phase touches: the aligned word holding a sub-word access, or
/// WidthBytes / BankBytes consecutive words for wider ones. Returns whether
/// any lane of the phase is active.
template <typename VisitFn>
bool forEachLaneWord(const BankModel &Model, const std::vector<unsigned> &Phase,
                     unsigned WidthBytes, const std::vector<LaneAddress> &Lanes,
                     VisitFn Visit) {
  const int64_t WordBytes = Model.BankBytes, Banks = Model.NumBanks;
  const int64_t WordsPerLane =
      std::max<int64_t>(1, static_cast<int64_t>(WidthBytes) / WordBytes);
  auto floorDiv = [](int64_t A, int64_t B) {
    return A / B - ((A % B != 0) && ((A < 0) != (B < 0)) ? 1 : 0);
  };
  bool AnyActive = false;
  for (unsigned Lane : Phase) {
    if (Lane >= Lanes.size() || !Lanes[Lane].Active)
      continue;
    AnyActive = true;
    const int64_t First = floorDiv(Lanes[Lane].Byte, WordBytes);
    for (int64_t W = First; W < First + WordsPerLane; ++W)
      Visit(Lane, static_cast<unsigned>(W - floorDiv(W, Banks) * Banks), W);
  }
  return AnyActive;
}

/// The distinct words each bank must deliver in \p Phase (\p ByBank is
/// resized to the banks and refilled; words in order of first touch).
/// Returns whether any lane of the phase is active. The bank map and
/// instructionCost both count with it, so that they cannot disagree.
bool bankWordsOfPhase(const BankModel &Model, const std::vector<unsigned> &Phase,
                      unsigned WidthBytes, const std::vector<LaneAddress> &Lanes,
                      std::vector<std::vector<BankWord>> &ByBank);

/// Cost of one instruction of \p WidthBytes per lane. \p Phases comes from
/// BankModel::phases. Lanes outside the phases are ignored.
InstructionCost instructionCost(const BankModel &Model, const LanePhases &Phases,
                                unsigned WidthBytes,
                                const std::vector<LaneAddress> &Lanes);

} // namespace ldslint

#endif
