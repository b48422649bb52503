//===- BankSolver.cpp ------------------------------------------------------===//
#include "BankSolver.h"

#include <algorithm>
#include <map>

namespace ldslint {

namespace {

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  if ((A % B != 0) && ((A < 0) != (B < 0)))
    --Q;
  return Q;
}

int64_t floorMod(int64_t A, int64_t B) { return A - floorDiv(A, B) * B; }

} // namespace

InstructionCost instructionCost(const BankModel &Model, const LanePhases &Phases,
                                unsigned WidthBytes,
                                const std::vector<LaneAddress> &Lanes) {
  const int64_t WordBytes = Model.BankBytes;
  // Words a lane touches: the aligned word holding a sub-word access, or
  // WidthBytes / 4 consecutive words for wider ones.
  const int64_t WordsPerLane =
      std::max<int64_t>(1, static_cast<int64_t>(WidthBytes) / WordBytes);

  InstructionCost Cost;
  for (const std::vector<unsigned> &Phase : Phases) {
    // bank -> (word -> first lane that touched it)
    std::map<int64_t, std::map<int64_t, unsigned>> WordsByBank;
    bool AnyActive = false;
    for (unsigned Lane : Phase) {
      if (Lane >= Lanes.size() || !Lanes[Lane].Active)
        continue;
      AnyActive = true;
      const int64_t FirstWord = floorDiv(Lanes[Lane].Byte, WordBytes);
      for (int64_t W = FirstWord; W < FirstWord + WordsPerLane; ++W)
        WordsByBank[floorMod(W, Model.NumBanks)].emplace(W, Lane);
    }
    if (!AnyActive)
      continue;
    ++Cost.Ideal;
    unsigned PhaseWavefronts = 0;
    int64_t WorstBank = 0;
    for (const auto &[Bank, Words] : WordsByBank)
      if (Words.size() > PhaseWavefronts) {
        PhaseWavefronts = static_cast<unsigned>(Words.size());
        WorstBank = Bank;
      }
    Cost.Wavefronts += PhaseWavefronts;
    if (PhaseWavefronts > Cost.Degree) {
      Cost.Degree = PhaseWavefronts;
      BankCollision C;
      C.Bank = static_cast<unsigned>(WorstBank);
      // One representative lane per distinct word, in lane order.
      std::vector<std::pair<unsigned, int64_t>> Picked;
      for (const auto &[Word, Lane] : WordsByBank[WorstBank])
        Picked.emplace_back(Lane, Lanes[Lane].Byte);
      std::sort(Picked.begin(), Picked.end());
      for (const auto &[Lane, Byte] : Picked) {
        C.Lanes.push_back(Lane);
        C.Addresses.push_back(Byte);
      }
      Cost.Worst = std::move(C);
    }
  }
  return Cost;
}

} // namespace ldslint
