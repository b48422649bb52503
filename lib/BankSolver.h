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

/// Cost of one instruction of \p WidthBytes per lane. \p Phases comes from
/// BankModel::phases. Lanes outside the phases are ignored.
InstructionCost instructionCost(const BankModel &Model, const LanePhases &Phases,
                                unsigned WidthBytes,
                                const std::vector<LaneAddress> &Lanes);

} // namespace ldslint

#endif
