//===- BankMap.h - Which lanes each bank serves, phase by phase --*- C++ -*-===//
//
// The picture GPU programmers learn bank conflicts from: for one warp
// instruction (a WarpPicture), banks as columns and the lane phases
// (NVIDIA wavefronts of wide accesses, AMD passes) as rows, each cell the
// lanes it serves and how many distinct words it must deliver. The costs
// come from instructionCost on the same lanes, so the map always agrees
// with the finding. --explain and `ldslint simulate` draw it as text, the
// HTML report from its JSON form.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_BANKMAP_H
#define LDSLINT_BANKMAP_H

#include "BankModel.h"
#include "BankSolver.h"
#include "WarpPicture.h"

#include <string>
#include <vector>

namespace ldslint {

struct BankCell {
  struct Entry {
    unsigned Lane = 0;
    int64_t Byte = 0; ///< the lane's address (start of its access)
    int64_t Word = 0; ///< the 4-byte word of this bank it touches
  };
  std::vector<Entry> Entries; ///< in lane order
  unsigned Words = 0;         ///< distinct words: passes this bank needs
};

struct PhaseMap {
  std::vector<unsigned> Lanes; ///< the lanes of this phase (active or not)
  bool Active = false;         ///< some lane of it takes part
  std::vector<BankCell> Banks; ///< one per bank
  unsigned Wavefronts = 0;     ///< passes: the busiest bank's words
};

struct BankMap {
  unsigned NumBanks = 32, BankBytes = 4, WaveSize = 32, WidthBytes = 4;
  std::vector<PhaseMap> Phases;
  InstructionCost Cost; ///< instructionCost of the same lanes
};

BankMap buildBankMap(const BankModel &Model, const WarpPicture &Picture,
                     unsigned WidthBytes);

/// "0-31", "0-28/4" (0 to 28 in steps of 4), "0,5,9": short lane lists.
std::string compactLanes(const std::vector<unsigned> &Lanes);

/// The map as text: per active phase, groups of 8 banks (so that 32 and
/// 64 banks stay within 80 columns), rows of bank numbers, lanes and
/// distinct words ('!' marks a conflict), then the busiest banks' lanes
/// with their byte addresses. \p Colour adds ANSI colour to conflicts.
std::string renderBankMap(const BankMap &Map, bool Colour);

} // namespace ldslint

#endif
