//===- BankSolver.cpp ------------------------------------------------------===//
#include "BankSolver.h"

#include <algorithm>

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

  // Per bank, the distinct words of this phase and the first lane of each.
  // Flat arrays: this runs for every warp instruction the evaluator sees.
  struct Touch {
    int64_t Word;
    unsigned Lane;
  };
  std::vector<std::vector<Touch>> ByBank(Model.NumBanks);
  InstructionCost Cost;
  for (const std::vector<unsigned> &Phase : Phases) {
    for (auto &B : ByBank)
      B.clear();
    bool AnyActive = false;
    for (unsigned Lane : Phase) {
      if (Lane >= Lanes.size() || !Lanes[Lane].Active)
        continue;
      AnyActive = true;
      const int64_t FirstWord = floorDiv(Lanes[Lane].Byte, WordBytes);
      for (int64_t W = FirstWord; W < FirstWord + WordsPerLane; ++W) {
        std::vector<Touch> &Bank = ByBank[floorMod(W, Model.NumBanks)];
        bool Seen = false;
        for (const Touch &T : Bank)
          if (T.Word == W) {
            Seen = true;
            break;
          }
        if (!Seen)
          Bank.push_back({W, Lane});
      }
    }
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
      for (const Touch &T : ByBank[WorstBank])
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
