//===- BankSolver.cpp ------------------------------------------------------===//
#include "BankSolver.h"

#include <algorithm>

namespace ldslint {

bool bankWordsOfPhase(const BankModel &Model, const std::vector<unsigned> &Phase,
                      unsigned WidthBytes, const std::vector<LaneAddress> &Lanes,
                      std::vector<std::vector<BankWord>> &ByBank) {
  ByBank.resize(Model.NumBanks);
  for (auto &B : ByBank)
    B.clear();
  return forEachLaneWord(Model, Phase, WidthBytes, Lanes,
                         [&](unsigned Lane, unsigned Bank, int64_t Word) {
                           std::vector<BankWord> &Words = ByBank[Bank];
                           for (const BankWord &T : Words)
                             if (T.Word == Word)
                               return;
                           Words.push_back({Word, Lane});
                         });
}

InstructionCost instructionCost(const BankModel &Model, const LanePhases &Phases,
                                unsigned WidthBytes,
                                const std::vector<LaneAddress> &Lanes) {
  // Per bank, the distinct words of this phase and the first lane of each.
  // Reused across phases and calls (per thread, so its lists keep their
  // capacity): this runs for every warp instruction evaluated.
  static thread_local std::vector<std::vector<BankWord>> ByBank;
  InstructionCost Cost;
  for (const std::vector<unsigned> &Phase : Phases) {
    const bool AnyActive = bankWordsOfPhase(Model, Phase, WidthBytes, Lanes, ByBank);
    if (!AnyActive)
      continue;
    ++Cost.Ideal;
    unsigned PhaseWavefronts = 0, WorstBank = 0;
    for (unsigned B = 0; B < ByBank.size(); ++B)
      if (ByBank[B].size() > PhaseWavefronts) {
        PhaseWavefronts = static_cast<unsigned>(ByBank[B].size());
        WorstBank = B;
      }
    Cost.Wavefronts += PhaseWavefronts;
    if (PhaseWavefronts > Cost.Degree) {
      Cost.Degree = PhaseWavefronts;
      // One representative lane per distinct word, in lane order.
      std::vector<std::pair<unsigned, int64_t>> Picked;
      for (const BankWord &T : ByBank[WorstBank])
        Picked.emplace_back(T.Lane, Lanes[T.Lane].Byte);
      std::sort(Picked.begin(), Picked.end());
      BankCollision C;
      C.Bank = WorstBank;
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
