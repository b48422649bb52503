//===- Explain.cpp ---------------------------------------------------------===//
#include "Explain.h"

#include "BankMap.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace ldslint {

namespace {

bool endsWithPath(const std::string &Path, const std::string &Tail) {
  if (Path == Tail)
    return true;
  return Path.size() > Tail.size() &&
         Path.compare(Path.size() - Tail.size(), Tail.size(), Tail) == 0 &&
         Path[Path.size() - Tail.size() - 1] == '/';
}

bool parseNumber(const std::string &S, unsigned &Out) {
  if (S.empty() || S.find_first_not_of("0123456789") != std::string::npos ||
      S.size() > 9)
    return false;
  Out = static_cast<unsigned>(std::strtoul(S.c_str(), nullptr, 10));
  return Out > 0;
}

/// "lane 0 = thread (0,0,0) ... lane 31 = thread (31,0,0)".
std::string threadsInWords(const WarpPicture &P) {
  int First = -1, Last = -1;
  for (size_t L = 0; L < P.Lanes.size() && L < P.Threads.size(); ++L)
    if (P.Lanes[L].Active) {
      if (First < 0)
        First = static_cast<int>(L);
      Last = static_cast<int>(L);
    }
  if (First < 0)
    return "";
  auto Thread = [&](int L) {
    const auto &T = P.Threads[static_cast<size_t>(L)];
    return "lane " + std::to_string(L) + " is threadIdx (" + std::to_string(T[0]) +
           "," + std::to_string(T[1]) + "," + std::to_string(T[2]) + ")";
  };
  return First == Last ? Thread(First) : Thread(First) + " ... " + Thread(Last);
}

std::string headline(const Finding &F) {
  const EvalResult &R = F.Result;
  std::string What = R.Status == Verdict::Conflict
                         ? degreeWords(R) + " bank conflict"
                     : R.Status == Verdict::Ok ? "no bank conflict"
                                               : "bank conflicts not decided";
  return F.File + ":" + std::to_string(F.Line) + ":" + std::to_string(F.Column) +
         ": " + What + " " +
         (F.Kind == AccessKind::Read    ? "reading"
          : F.Kind == AccessKind::Write ? "writing"
                                        : "atomically updating") +
         " '" + F.Array + "' in '" + F.Function + "' (" + F.Arch + ")";
}

/// \p Worst: the picture is the worst instruction of the evaluation (not
/// the one after a fix, which shows the same warp and iteration).
void describePicture(std::ostringstream &OS, const Finding &F,
                     const EvalResult &R, const BankModel &Model, bool Colour,
                     bool Worst) {
  const WarpPicture &P = R.Picture;
  OS << "warp " << P.Warp << (P.Context.empty() ? "" : " at " + P.Context);
  if (Worst && R.Instructions > 1)
    OS << " (the worst of " << R.Instructions << " warp instructions)";
  const std::string Threads = threadsInWords(P);
  if (!Threads.empty())
    OS << "; " << Threads;
  OS << "\n";
  if (R.ExampleRelative)
    OS << "(a uniform offset is left out: the banks may be rotated)\n";
  OS << renderBankMap(buildBankMap(Model, P, F.WidthBytes), Colour);
}

} // namespace

bool ExplainSelector::matches(const Finding &F) const {
  // Either path may be the longer one: the selection "src/k.cu" for the
  // finding's "/home/u/src/k.cu", or an absolute selection for a relative
  // compile.
  return F.Line == Line && (Column == 0 || F.Column == Column) &&
         (endsWithPath(F.File, File) || endsWithPath(File, F.File));
}

std::optional<ExplainSelector> parseExplainSelector(const std::string &Text,
                                                    std::string &Error) {
  // FILE may itself hold ':' (rare); numbers are taken from the right.
  ExplainSelector S;
  std::string Rest = Text;
  std::vector<unsigned> Numbers;
  for (int I = 0; I < 2; ++I) {
    const size_t Colon = Rest.rfind(':');
    unsigned N = 0;
    if (Colon == std::string::npos || !parseNumber(Rest.substr(Colon + 1), N))
      break;
    Numbers.insert(Numbers.begin(), N);
    Rest = Rest.substr(0, Colon);
  }
  if (Numbers.empty() || Rest.empty()) {
    Error = "invalid --explain selection '" + Text +
            "' (expected FILE:LINE or FILE:LINE:COLUMN)";
    return std::nullopt;
  }
  while (Rest.size() > 2 && Rest.compare(0, 2, "./") == 0)
    Rest = Rest.substr(2);
  S.File = Rest;
  S.Line = Numbers[0];
  S.Column = Numbers.size() > 1 ? Numbers[1] : 0;
  return S;
}

std::optional<BankModel> modelOfFinding(const Finding &F) {
  return lookupBankModel(F.Arch, static_cast<unsigned>(F.Result.Picture.Lanes.size()));
}

std::string otherPhasesInWords(const Finding &F) {
  const EvalResult &R = F.Result;
  const WarpPicture &P = R.Picture;
  if (F.Arch.rfind("gfx", 0) != 0 || P.empty() || P.Phases.size() < 2 ||
      P.Warp != R.ExampleWarp || P.Context != R.ExampleContext ||
      R.Example.Lanes.empty())
    return "";
  const std::optional<BankModel> Model = modelOfFinding(F);
  if (!Model)
    return "";
  const BankMap Map = buildBankMap(*Model, P, F.WidthBytes);
  const unsigned ExampleLane = R.Example.Lanes.front();
  std::vector<unsigned> Lanes;
  std::vector<size_t> Others;
  unsigned Passes = 0, Busiest = 0;
  for (size_t I = 0; I < Map.Phases.size(); ++I) {
    const PhaseMap &Ph = Map.Phases[I];
    if (!Ph.Active || std::find(Ph.Lanes.begin(), Ph.Lanes.end(), ExampleLane) !=
                          Ph.Lanes.end())
      continue;
    Others.push_back(I);
    for (unsigned L : Ph.Lanes)
      if (P.Lanes[L].Active)
        Lanes.push_back(L);
    if (Ph.Wavefronts > Passes) {
      Passes = Ph.Wavefronts;
      Busiest = 0;
      for (unsigned B = 0; B < Ph.Banks.size(); ++B)
        if (Ph.Banks[B].Words == Ph.Wavefronts) {
          Busiest = B;
          break;
        }
    }
  }
  if (Others.empty())
    return "";
  std::sort(Lanes.begin(), Lanes.end());
  const std::string Total = std::to_string(Map.Phases.size());
  std::string S = "lanes " + compactLanes(Lanes) + " of wavefront " +
                  std::to_string(R.ExampleWarp) +
                  (Others.size() == 1
                       ? " (phase " + std::to_string(Others.front() + 1) + " of " +
                             Total + ") take "
                       : " (the other " + std::to_string(Others.size()) +
                             " phases of " + Total + ") take at most ") +
                  std::to_string(Passes) + (Passes == 1 ? " pass" : " passes");
  if (Passes > 1)
    S += ", the most in bank " + std::to_string(Busiest);
  else
    S += " (conflict-free)";
  return S;
}

std::string fixInWords(const Finding &F) {
  if (!F.Fixes.empty())
    return F.Fixes.front().Description;
  for (const std::string &N : F.FixNotes)
    if (N.find("(the edit is ") != std::string::npos)
      return N;
  return "the fix";
}

std::string explainFinding(const Finding &F, bool Colour) {
  std::ostringstream OS;
  const EvalResult &R = F.Result;
  OS << "== " << headline(F) << "\n";
  const std::optional<BankModel> Model = modelOfFinding(F);
  if (Model)
    OS << "target " << F.Arch << ": " << Model->NumBanks << " banks x "
       << Model->BankBytes << " B, "
       << (Model->IsAMD ? "wave" + std::to_string(Model->WaveSize)
                        : std::to_string(Model->WaveSize) + "-lane warps")
       << "\n";
  OS << "block " << (F.Block ? F.Block->str() + " (" + F.BlockSource + ")"
                             : std::string("not known (the default lane structure: "
                                           "lane = threadIdx.x % warp size)"))
     << "; " << F.WidthBytes << "-byte " << accessKindName(F.Kind) << " per lane\n";
  if (R.Status == Verdict::Unknown && !R.Reason.empty())
    OS << "not decided: " << R.Reason << "\n";
  if (R.Picture.empty() || !Model) {
    OS << "no bank map: no warp instruction was evaluated\n\n";
    return OS.str();
  }
  describePicture(OS, F, R, *Model, Colour, true);
  if (F.AfterFix && !F.AfterFix->Picture.empty()) {
    OS << "-- after the fix: " << fixInWords(F) << "\n";
    describePicture(OS, F, *F.AfterFix, *Model, Colour, false);
  } else if (!F.Fixes.empty()) {
    // A fix whose effect is not re-evaluated here (e.g. a row-stride change).
    OS << "-- fix: " << F.Fixes.front().Description << " (not drawn)\n";
  } else if (R.Status == Verdict::Conflict) {
    // The planner's notes already begin "no fix offered: ".
    const std::string Note = F.FixNotes.empty() ? std::string() : F.FixNotes.front();
    OS << "-- " << (Note.rfind("no fix offered", 0) == 0 ? Note
                    : Note.empty()                       ? std::string("no fix offered")
                                                         : "no fix offered: " + Note)
       << "\n";
  }
  OS << "\n";
  return OS.str();
}

} // namespace ldslint
