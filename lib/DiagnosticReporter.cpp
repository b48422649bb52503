//===- DiagnosticReporter.cpp ----------------------------------------------===//
#include "DiagnosticReporter.h"

#include "Explain.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

using namespace clang;

namespace ldslint {

bool isSuppressed(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getFileLoc(Loc);
  bool Invalid = false;
  const char *Start = SM.getCharacterData(Loc, &Invalid);
  if (Invalid || !Start)
    return false;
  const FileID FID = SM.getFileID(Loc);
  const llvm::StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return false;
  const size_t Offset = SM.getFileOffset(Loc);
  const size_t LineStart = Buffer.rfind('\n', Offset) == llvm::StringRef::npos
                               ? 0
                               : Buffer.rfind('\n', Offset) + 1;
  size_t LineEnd = Buffer.find('\n', Offset);
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Buffer.size();
  return Buffer.slice(LineStart, LineEnd).contains("ldslint: ignore");
}

bool isReportable(const Finding &F, const ReportOptions &Options) {
  switch (F.Result.Status) {
  case Verdict::Conflict:
    return F.Result.Degree >= Options.MinDegree;
  case Verdict::Unknown:
    return Options.ShowUnknown;
  case Verdict::Ok:
    return Options.ShowOk;
  }
  return false;
}

bool isShown(const Finding &F, const SourceManager &SM,
             const ReportOptions &Options) {
  return isReportable(F, Options) && !isSuppressed(SM, F.Loc);
}

bool isShownConflict(const Finding &F, const SourceManager &SM,
                     const ReportOptions &Options) {
  return F.Result.Status == Verdict::Conflict && isShown(F, SM, Options);
}

namespace {

std::string number(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.2f", V);
  std::string S = Buf;
  while (S.size() > 1 && S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return S;
}

template <typename T>
std::string listOf(const std::vector<T> &Items, size_t Max = 6) {
  std::string S;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I == Max - 2 && Items.size() > Max) {
      S += ", ..., " + std::to_string(Items.back());
      break;
    }
    S += (I ? ", " : "") + std::to_string(Items[I]);
  }
  return S;
}

std::string verb(AccessKind K) {
  switch (K) {
  case AccessKind::Read:
    return "reading";
  case AccessKind::Write:
    return "writing";
  case AccessKind::Atomic:
    return "atomic update of";
  }
  return "accessing";
}

/// Findings on one source location that agree are rendered once (template
/// instantiations, inlined device functions); otherwise once per function.
std::string groupKey(const Finding &F, bool PerFunction) {
  std::string Key = F.File + ":" + std::to_string(F.Line) + ":" +
                    std::to_string(F.Column) + ":" + accessKindName(F.Kind) +
                    ":" + F.Array + ":" +
                    std::to_string(F.DeclLoc.getRawEncoding());
  if (PerFunction)
    Key += ":" + F.Function;
  return Key;
}

} // namespace

namespace {
/// AMD's words on AMD targets: a wavefront (of 64 or 32 lanes) issues an LDS
/// instruction in passes; NVIDIA's warp instruction takes wavefronts.
bool amdTarget(const Finding &F) { return F.Arch.rfind("gfx", 0) == 0; }
const char *perInstruction(const Finding &F) {
  return amdTarget(F) ? " LDS passes per wavefront instruction"
                      : " wavefronts per warp instruction";
}
} // namespace

std::string describeCollision(const Finding &F) {
  const BankCollision &C = F.Result.Example;
  std::string S = "lanes " + listOf(C.Lanes) +
                  (amdTarget(F) ? " of wavefront " : " of warp ") +
                  std::to_string(F.Result.ExampleWarp) + " access bytes " +
                  listOf(C.Addresses) + " of '" + F.Array + "'" +
                  (F.Result.ExampleRelative ? " (plus a uniform offset)" : "") +
                  ", all in bank " + std::to_string(C.Bank);
  if (!F.Result.ExampleContext.empty())
    S += " (at " + F.Result.ExampleContext + ")";
  return S;
}

void rehomeFixes(std::vector<Finding> &Findings, const SourceManager &SM,
                 const ReportOptions &Options) {
  auto shown = [&](const Finding &F) { return isShownConflict(F, SM, Options); };
  for (Finding &Carrier : Findings) {
    if (Carrier.Fixes.empty() || shown(Carrier))
      continue;
    auto Heir = std::find_if(Findings.begin(), Findings.end(), [&](const Finding &F) {
      return F.DeclLoc == Carrier.DeclLoc && shown(F);
    });
    if (Heir == Findings.end())
      continue; // nothing of this array is shown: nothing to attach to
    const std::string Old =
        " (the edit is attached to the warning at line " + std::to_string(Carrier.Line) + ")";
    const std::string New =
        " (the edit is attached to the warning at line " + std::to_string(Heir->Line) + ")";
    for (Finding &F : Findings) {
      if (F.DeclLoc != Carrier.DeclLoc)
        continue;
      for (auto It = F.FixNotes.begin(); It != F.FixNotes.end();) {
        const size_t At = It->find(Old);
        if (At == std::string::npos) {
          ++It;
        } else if (&F == &*Heir) {
          It = F.FixNotes.erase(It); // the heir shows the fix itself
        } else {
          It->replace(At, Old.size(), New);
          ++It;
        }
      }
    }
    Heir->Fixes = std::move(Carrier.Fixes);
    Carrier.Fixes.clear();
    Heir->FixNotes.insert(Heir->FixNotes.end(), Carrier.FixNotes.begin(),
                          Carrier.FixNotes.end());
  }
}

std::vector<RenderedDiagnostic>
renderFindings(const SourceManager &SM, const std::vector<Finding> &Original,
               const ReportOptions &Options) {
  // The planner attaches each fix to one finding; if that one is not shown
  // (suppressed, under --min-degree), the first shown one takes it over.
  std::vector<Finding> Findings = Original;
  rehomeFixes(Findings, SM, Options);
  std::vector<RenderedDiagnostic> Out;
  // Decide per location whether all analysed contexts agree.
  std::map<std::string, std::set<std::string>> Outcomes;
  for (const Finding &F : Findings)
    Outcomes[groupKey(F, false)].insert(
        std::string(verdictName(F.Result.Status)) + "/" +
        std::to_string(F.Result.Degree) + "/" + number(F.Result.Wavefronts));
  std::set<std::string> Emitted;

  for (const Finding &F : Findings) {
    if (!isShown(F, SM, Options))
      continue;
    const bool Agree = Outcomes[groupKey(F, false)].size() == 1;
    if (!Emitted.insert(groupKey(F, !Agree)).second)
      continue;
    const EvalResult &R = F.Result;
    if (R.Status == Verdict::Conflict) {
      // Budget-stopped: at least the mean found; degree by value: at most.
      RenderedDiagnostic W{RenderedDiagnostic::Warning, F.Loc,
                           degreeWords(R) + " bank conflict " +
                               verb(F.Kind) + " shared array '" + F.Array +
                               "' on " + F.Arch + ": " +
                               (R.LeastDegree ? "up to " : "") + number(R.Wavefronts) +
                               (R.MeanKnown || R.LeastDegree || R.MeanLeavesOutIterations
                                    ? ""
                                    : "+") +
                               perInstruction(F) +
                               (R.MeanLeavesOutIterations ? " where it stays separate"
                                                          : "") +
                               ", ideal " +
                               number(R.Ideal),
                           {}};
      for (const Fix &Fx : F.Fixes)
        if (!Fx.Alternative)
          W.Edits.insert(W.Edits.end(), Fx.Edits.begin(), Fx.Edits.end());
      Out.push_back(std::move(W));
    } else {
      Out.push_back({RenderedDiagnostic::Remark, F.Loc,
                     verb(F.Kind) + " shared array '" + F.Array + "' on " +
                         F.Arch + ": " +
                         (R.Status == Verdict::Ok && R.Instructions == 0
                              ? "no bank conflict (" +
                                    (R.Reason.empty()
                                         ? std::string("not executed under the "
                                                       "analysed block shape")
                                         : R.Reason) +
                                    ")"
                          : R.Status == Verdict::Ok && !R.MeanKnown
                              // (how many instructions run is not known)
                              ? std::string("no bank conflict")
                          : R.Status == Verdict::Ok
                              ? "no bank conflict (" + number(R.Wavefronts) +
                                    perInstruction(F) + ")"
                              : "bank conflicts not decided: " + R.Reason),
                     {}});
    }
    // Notes point at the file location (the macro invocation or argument the
    // user wrote): clang's "expanded from macro" trail then appears once, on
    // the warning, not under every note.
    auto note = [&](SourceLocation L, const std::string &Text,
                    std::vector<TextEdit> Edits = {}) {
      Out.push_back({RenderedDiagnostic::Note,
                     L.isMacroID() ? SM.getFileLoc(L) : L, Text,
                     std::move(Edits)});
    };
    if (R.Status == Verdict::Conflict) {
      note(F.Loc, describeCollision(F));
      const std::string Rest = otherPhasesInWords(F);
      if (!Rest.empty())
        note(F.Loc, Rest);
    }
    if (!Agree)
      note(F.Loc, "in " + F.Function + "; other instantiations or call "
                                       "sites of this access differ");
    else if (F.Function.find('<') != std::string::npos)
      note(F.Loc, "in " + F.Function);
    for (SourceLocation Call : F.CallLocs)
      note(Call, "in the device function called here");
    if (F.Block)
      note(F.Loc, "block shape " + F.Block->str() + " from " + F.BlockSource);
    for (const std::string &A : R.Assumptions)
      note(F.Loc, A);
    // The alternative carries its own edits on its note: clang's -fixit
    // applies fix-its of warnings only, so it never applies both fixes,
    // while IDEs and -fdiagnostics-parseable-fixits offer each.
    for (const Fix &Fx : F.Fixes)
      note(F.DeclLoc, (Fx.Alternative ? "alternative: " : "") + Fx.Description,
           Fx.Alternative ? Fx.Edits : std::vector<TextEdit>());
    for (const std::string &N : F.FixNotes)
      note(F.DeclLoc, N);
    if (R.Status == Verdict::Conflict)
      note(F.DeclLoc, "'" + F.Array + "' declared here");
  }
  return Out;
}

unsigned reportDiagnostics(DiagnosticsEngine &Diags, const SourceManager &SM,
                           const std::vector<Finding> &Findings,
                           const ReportOptions &Options) {
  if (Diags.getIgnoreAllWarnings())
    return 0;
  const bool AsError = Diags.getWarningsAsErrors() && !Options.NoWerror;
  // Under -Werror, clang itself may upgrade a custom warning (clang 20+):
  // with no-werror, lift that for ldslint's diagnostics only.
  const bool SavedWerror = Diags.getWarningsAsErrors();
  if (Options.NoWerror)
    Diags.setWarningsAsErrors(false);
  const unsigned WarnID = Diags.getCustomDiagID(
      AsError ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning,
      "%0 [ldslint]");
  const unsigned RemarkID =
      Diags.getCustomDiagID(DiagnosticsEngine::Remark, "%0 [ldslint]");
  const unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  unsigned Count = 0;
  for (const RenderedDiagnostic &R : renderFindings(SM, Findings, Options)) {
    const unsigned ID = R.Kind == RenderedDiagnostic::Warning ? WarnID
                        : R.Kind == RenderedDiagnostic::Remark ? RemarkID
                                                                : NoteID;
    auto D = Diags.Report(R.Loc, ID);
    D << R.Text;
    for (const TextEdit &E : R.Edits)
      D << FixItHint::CreateReplacement(E.Range, E.Replacement);
    Count += R.Kind == RenderedDiagnostic::Warning;
  }
  Diags.setWarningsAsErrors(SavedWerror);
  return Count;
}

} // namespace ldslint
