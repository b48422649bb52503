//===- BankMap.cpp ---------------------------------------------------------===//
#include "BankMap.h"

#include <algorithm>
#include <functional>
#include <sstream>

namespace ldslint {

namespace {

constexpr unsigned BanksPerRow = 8;
constexpr unsigned CellWidth = 8; // plus one space between columns

/// Splits a comma list into lines of at most \p Width characters.
std::vector<std::string> wrapList(const std::string &Text, unsigned Width) {
  std::vector<std::string> Lines;
  std::string Line;
  std::stringstream In(Text);
  std::string Item;
  while (std::getline(In, Item, ',')) {
    const std::string Piece = Line.empty() ? Item : "," + Item;
    if (!Line.empty() && Line.size() + Piece.size() > Width) {
      Lines.push_back(Line + ",");
      Line = Item;
    } else {
      Line += Piece;
    }
  }
  if (!Line.empty() || Lines.empty())
    Lines.push_back(Line);
  return Lines;
}

std::string padTo(const std::string &S, unsigned Width) {
  return S.size() >= Width ? S : S + std::string(Width - S.size(), ' ');
}

const char *Red = "\x1b[1;31m", *Reset = "\x1b[0m";

} // namespace

BankMap buildBankMap(const BankModel &Model, const WarpPicture &Picture,
                     unsigned WidthBytes) {
  BankMap Map;
  Map.NumBanks = Model.NumBanks;
  Map.BankBytes = Model.BankBytes;
  Map.WaveSize = static_cast<unsigned>(Picture.Lanes.size());
  Map.WidthBytes = WidthBytes;
  // The distinct words per bank are counted as instructionCost counts
  // them (bankWordsOfPhase); the cells add every lane that touches them.
  std::vector<std::vector<BankWord>> Words;
  for (const std::vector<unsigned> &Lanes : Picture.Phases) {
    PhaseMap P;
    P.Lanes = Lanes;
    P.Banks.resize(Model.NumBanks);
    P.Active = bankWordsOfPhase(Model, Lanes, WidthBytes, Picture.Lanes, Words);
    forEachLaneWord(Model, Lanes, WidthBytes, Picture.Lanes,
                    [&](unsigned Lane, unsigned Bank, int64_t Word) {
                      P.Banks[Bank].Entries.push_back(
                          {Lane, Picture.Lanes[Lane].Byte, Word});
                    });
    for (unsigned B = 0; B < Model.NumBanks; ++B)
      P.Banks[B].Words = static_cast<unsigned>(Words[B].size());
    for (BankCell &C : P.Banks) {
      std::stable_sort(C.Entries.begin(), C.Entries.end(),
                       [](const BankCell::Entry &A, const BankCell::Entry &B) {
                         return A.Lane < B.Lane;
                       });
      P.Wavefronts = std::max(P.Wavefronts, C.Words);
    }
    Map.Phases.push_back(std::move(P));
  }
  const LanePhases &Phases = Picture.Phases;
  Map.Cost = instructionCost(Model, Phases, WidthBytes, Picture.Lanes);
  return Map;
}

std::string compactLanes(const std::vector<unsigned> &Lanes) {
  std::string Out;
  size_t I = 0;
  while (I < Lanes.size()) {
    size_t J = I + 1;
    if (J < Lanes.size()) {
      const int64_t Step = int64_t(Lanes[J]) - int64_t(Lanes[I]);
      while (J + 1 < Lanes.size() &&
             int64_t(Lanes[J + 1]) - int64_t(Lanes[J]) == Step)
        ++J;
      if (J - I >= 2 && Step > 0) {
        Out += (Out.empty() ? "" : ",") + std::to_string(Lanes[I]) + "-" +
               std::to_string(Lanes[J]) +
               (Step == 1 ? "" : "/" + std::to_string(Step));
        I = J + 1;
        continue;
      }
    }
    Out += (Out.empty() ? "" : ",") + std::to_string(Lanes[I]);
    ++I;
  }
  return Out;
}

std::string renderBankMap(const BankMap &Map, bool Colour) {
  std::ostringstream OS;
  unsigned Shown = 0;
  for (size_t PI = 0; PI < Map.Phases.size(); ++PI) {
    const PhaseMap &P = Map.Phases[PI];
    if (!P.Active)
      continue;
    ++Shown;
    OS << (Map.Phases.size() > 1 ? "phase " + std::to_string(PI + 1) + " of " +
                                       std::to_string(Map.Phases.size()) + ", "
                                 : std::string())
       << "lanes " << compactLanes(P.Lanes) << ": " << P.Wavefronts
       << (P.Wavefronts == 1 ? " pass" : " passes")
       << (P.Wavefronts > 1 ? " (" + std::to_string(P.Wavefronts) + "-way conflict)"
                            : std::string(" (conflict-free)"))
       << "\n";
    for (unsigned Begin = 0; Begin < Map.NumBanks; Begin += BanksPerRow) {
      const unsigned End = std::min(Map.NumBanks, Begin + BanksPerRow);
      // Cell texts, wrapped to the column width.
      std::vector<std::vector<std::string>> Cells;
      size_t Height = 1;
      for (unsigned B = Begin; B < End; ++B) {
        std::vector<unsigned> Lanes;
        for (const BankCell::Entry &E : P.Banks[B].Entries)
          Lanes.push_back(E.Lane);
        Cells.push_back(Lanes.empty() ? std::vector<std::string>{"."}
                                      : wrapList(compactLanes(Lanes), CellWidth));
        Height = std::max(Height, Cells.back().size());
      }
      auto Row = [&](const std::string &Label,
                     const std::function<std::string(unsigned)> &Text) {
        std::string Line = padTo(Label, 6) + "|";
        for (unsigned B = Begin; B < End; ++B) {
          const std::string T = Text(B);
          const bool Hot = Colour && P.Banks[B].Words > 1 && !T.empty();
          Line += (Hot ? Red : "") + T + (Hot ? Reset : "");
          if (B + 1 < End)
            Line += std::string(T.size() < CellWidth ? CellWidth - T.size() + 1 : 1, ' ');
        }
        while (!Line.empty() && Line.back() == ' ')
          Line.pop_back();
        OS << Line << "\n";
      };
      Row("bank", [&](unsigned B) { return std::to_string(B); });
      for (size_t L = 0; L < Height; ++L)
        Row(L == 0 ? "lanes" : "", [&](unsigned B) {
          const auto &C = Cells[B - Begin];
          return L < C.size() ? C[L] : std::string();
        });
      Row("words", [&](unsigned B) {
        const unsigned W = P.Banks[B].Words;
        return W == 0 ? std::string(".")
                      : std::to_string(W) + (W > 1 ? "!" : "");
      });
    }
    // The busiest banks, with the lanes' byte addresses.
    unsigned Listed = 0;
    for (unsigned B = 0; B < Map.NumBanks && Listed < 2; ++B) {
      const BankCell &C = P.Banks[B];
      if (C.Words != P.Wavefronts || C.Words < 2)
        continue;
      ++Listed;
      std::vector<std::string> Items;
      const size_t N = C.Entries.size();
      for (size_t I = 0; I < N; ++I) {
        if (N > 8 && I == 6) {
          Items.push_back("...");
          I = N - 2;
        }
        Items.push_back("lane " + std::to_string(C.Entries[I].Lane) + " @" +
                        std::to_string(C.Entries[I].Byte));
      }
      std::string Line = "  bank " + std::to_string(B) + " serves " +
                         std::to_string(C.Words) + " different words:";
      for (size_t I = 0; I < Items.size(); ++I) {
        const std::string Piece = " " + Items[I] + (I + 1 < Items.size() ? "," : "");
        if (Line.size() + Piece.size() > 78) {
          OS << Line << "\n";
          Line = "   ";
        }
        Line += Piece;
      }
      OS << Line << "\n";
    }
  }
  if (!Shown)
    OS << "no lane takes part in this instruction\n";
  OS << "total: " << Map.Cost.Wavefronts << " wavefront(s), " << Map.Cost.Ideal
     << " without conflicts; worst phase " << Map.Cost.Degree << "-way\n";
  return OS.str();
}

} // namespace ldslint
