//===- SourceFixes.cpp -----------------------------------------------------===//
#include "SourceFixes.h"

#include "FixPlanner.h"
#include "ir/FixSites.h"
#include "DebugTime.h"
#include "StringCompat.h"

#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace ldslint {

namespace {

/// A finding's file (by identity: the engines may spell one file
/// differently), line, array and access kind.
using AccessKey = std::tuple<std::string, unsigned, std::string, int>;
AccessKey accessKey(const SourceManager &SM, const Finding &F) {
  std::string File = F.File;
  if (F.Loc.isValid())
    if (auto Entry = SM.getFileEntryRefForID(SM.getFileID(SM.getFileLoc(F.Loc))))
      File = "#" + std::to_string(Entry->getUID());
  return AccessKey(File, F.Line, F.Array, static_cast<int>(F.Kind));
}

/// The targets a fix must hold on: the one compiled, then the build's
/// others of the same wave size (sm_90a and sm_90 are one target).
std::vector<BankModel> fixModels(const BankModel &Model, const AnalysisOptions &Options) {
  auto baseArch = [](const std::string &A) {
    std::string B = A;
    while (startsWith(B, "sm_") && !B.empty() &&
           std::isalpha(static_cast<unsigned char>(B.back())))
      B.pop_back();
    return B;
  };
  std::vector<BankModel> Models{Model};
  for (const std::string &Other : Options.FixArchs) {
    std::optional<BankModel> M = lookupBankModel(Other);
    if (M && M->WaveSize == Model.WaveSize &&
        std::none_of(Models.begin(), Models.end(), [&](const BankModel &B) {
          return baseArch(B.Arch) == baseArch(M->Arch);
        }))
      Models.push_back(*M);
  }
  for (BankModel &M : Models) // the same wording from every target's run
    M.Arch = baseArch(M.Arch);
  return Models;
}

/// The model of \p Site in kernel \p K, evaluated as the planner
/// needs it (its verdict decides which arrays get a fix).
Finding modelledFinding(ASTContext &Ctx, const ModelledKernel &K,
                        const AccessSite &Site, const std::vector<LaunchRun> &Runs,
                        const std::vector<LaunchConfig> &Configs,
                        const BankModel &Model, EvaluationCache &Cache) {
  const SourceManager &SM = Ctx.getSourceManager();
  Finding F;
  F.Loc = Site.Loc;
  F.DeclLoc = Site.Array->getLocation();
  const PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Site.Loc));
  if (P.isValid()) {
    F.File = P.getFilename();
    F.Line = P.getLine();
    F.Column = P.getColumn();
  }
  F.Function = kernelName(K.Kernel, Ctx);
  F.Array = Site.Array->getNameAsString();
  F.Kind = Site.Model.Kind;
  F.WidthBytes = Site.Model.WidthBytes;
  F.Arch = Model.Arch;
  evaluateOverLaunches(K.Model, Site.Model, Runs, Configs, Model, F, &Cache);
  return F;
}

/// Puts what the planner attached to \p Modelled on the device-IR findings
/// of the same access: notes and after-fix maps on each, the edits on one
/// (so that -fixit applies them once).
void transferFixes(const SourceManager &SM, std::vector<Finding> &Modelled,
                   std::vector<Finding> &Findings) {
  std::map<AccessKey, std::vector<size_t>> ByKey;
  // Each array's conflicting findings: where the notes of an access the
  // IR has no finding of its own for go.
  std::map<SourceLocation, std::vector<size_t>> ConflictsOfArray;
  for (size_t I = 0; I < Findings.size(); ++I) {
    ByKey[accessKey(SM, Findings[I])].push_back(I);
    if (Findings[I].Result.Status == Verdict::Conflict)
      ConflictsOfArray[Findings[I].DeclLoc].push_back(I);
  }
  for (Finding &M : Modelled) {
    if (M.Fixes.empty() && M.FixNotes.empty() && !M.AfterFix)
      continue;
    std::vector<size_t> Targets;
    const auto It = ByKey.find(accessKey(SM, M));
    if (It != ByKey.end()) {
      // This instantiation's own findings when the IR has them.
      for (size_t I : It->second)
        if (Findings[I].Function == M.Function)
          Targets.push_back(I);
      if (Targets.empty())
        Targets = It->second;
    }
    // What is reported is a conflict: notes and edits go on this access's
    // conflicting findings, else on the array's first one.
    std::vector<size_t> Conflicts;
    for (size_t I : Targets)
      if (Findings[I].Result.Status == Verdict::Conflict)
        Conflicts.push_back(I);
    const bool OwnFindings = !Conflicts.empty();
    if (!OwnFindings) {
      const auto Array = ConflictsOfArray.find(M.DeclLoc);
      if (Array != ConflictsOfArray.end())
        Conflicts = Array->second;
    }
    for (size_t I : Conflicts) {
      Finding &T = Findings[I];
      for (const std::string &Note : M.FixNotes)
        if (std::find(T.FixNotes.begin(), T.FixNotes.end(), Note) == T.FixNotes.end())
          T.FixNotes.push_back(Note);
      if (OwnFindings && !T.AfterFix && M.AfterFix) // this access's own map
        T.AfterFix = M.AfterFix;
    }
    if (M.Fixes.empty() || Conflicts.empty())
      continue;
    Finding *On = &Findings[Conflicts.front()];
    if (On && On->Fixes.empty())
      On->Fixes = std::move(M.Fixes);
  }
  // Where the edits went: the models' verdicts need not be the findings'
  // (ptxas merges), so the notes that point to the edit are written here.
  // A conflicting finding no model stands for (an access the vectorizer
  // merged into another line's) says what its array's others say.
  const std::string Pointer = " (the edit is attached to the warning at line ";
  for (auto &[Decl, Indices] : ConflictsOfArray) {
    const Finding *Carrier = nullptr, *Noted = nullptr;
    for (size_t I : Indices) {
      if (!Carrier && !Findings[I].Fixes.empty())
        Carrier = &Findings[I];
      if (!Noted && !Findings[I].FixNotes.empty())
        Noted = &Findings[I];
    }
    if (Carrier) {
      const std::string Note = Carrier->Fixes.front().Description + Pointer +
                               std::to_string(Carrier->Line) + ")";
      for (size_t I : Indices) {
        std::vector<std::string> &Notes = Findings[I].FixNotes;
        Notes.erase(std::remove_if(Notes.begin(), Notes.end(),
                                   [&](const std::string &N) {
                                     return N.find(Pointer) != std::string::npos;
                                   }),
                    Notes.end());
        if (&Findings[I] != Carrier)
          Notes.push_back(Note);
      }
    } else if (Noted) {
      const std::vector<std::string> Notes = Noted->FixNotes;
      for (size_t I : Indices)
        if (Findings[I].FixNotes.empty())
          Findings[I].FixNotes = Notes;
    }
  }
}

} // namespace

void planSourceFixes(ASTContext &Ctx, const BankModel &Model,
                     const LaunchSites &Launches, const AnalysisOptions &Options,
                     const std::vector<AnalysedKernel> &Analysed,
                     const DeviceEmitter &Emitter, std::vector<Finding> &Findings,
                     EvaluationCache &Cache) {
  std::set<SourceLocation> Conflicting;
  for (const Finding &F : Findings)
    if (F.Result.Status == Verdict::Conflict && F.DeclLoc.isValid())
      Conflicting.insert(F.DeclLoc);
  if (Conflicting.empty())
    return;

  auto Phase = std::chrono::steady_clock::now();
  std::set<const VarDecl *> Arrays;
  for (const AnalysedKernel &AK : Analysed)
    for (const VarDecl *VD : AK.Arrays)
      if (VD && Conflicting.count(VD->getLocation()))
        Arrays.insert(VD);
  IrFixSites FromIr = fixSitesFromIr(Ctx, Analysed, Arrays);
  debugTime("  models of the arrays", Phase);
  Phase = std::chrono::steady_clock::now();
  // The planner is asked about the conflicting arrays and those it models.
  std::set<const VarDecl *> Asked = Arrays;
  for (const auto &KP : FromIr.Kernels)
    for (const AccessSite &Site : KP->Accesses)
      if (Site.Array)
        Asked.insert(Site.Array);
  FixPlanner Planner(Ctx, fixModels(Model, Options), Options.PreferSwizzle, &Asked);
  Planner.setDeadline(Options.Deadline);
  Planner.setEmitter(Emitter, Options.LibraryKernels);
  Planner.follow(FromIr.Followed);
  for (const auto &[VD, Why] : FromIr.Refused) {
    // What the source does with the array, where it says, is the reason
    // (the planner's own order), then what the IR model could not do.
    std::string Reason = Planner.layoutObserved(VD);
    if (Reason.empty())
      Reason = Planner.unfollowedUse(VD);
    if (Reason.empty())
      Reason = Why;
    // Each instantiation of a template has its own declaration, at one
    // place: its note once (CUB's temp_storage had it 90 times).
    const std::string Note = "no fix offered: " + Reason;
    for (Finding &F : Findings)
      if (F.DeclLoc == VD->getLocation() && F.Result.Status == Verdict::Conflict &&
          std::find(F.FixNotes.begin(), F.FixNotes.end(), Note) == F.FixNotes.end())
        F.FixNotes.push_back(Note);
  }
  for (const auto &[VD, Subscripts] : FromIr.Unexecuted)
    Planner.addUnexecutedSubscripts(VD, Subscripts);
  for (const auto &[VD, Why] : FromIr.NoSwizzle)
    Planner.forbidSwizzle(VD, Why);
  for (const auto &[VD, Exprs] : FromIr.Twins)
    Planner.addTwins(VD, Exprs);
  std::vector<Finding> Modelled;
  for (const auto &KP : FromIr.Kernels) {
    const ModelledKernel &K = *KP;
    if (pastDeadline(Options))
      break;
    const std::vector<LaunchConfig> Configs = launchConfigsFor(
        Ctx, K.Kernel, Launches, Options.AssumeBlock, K.UsesThreadIdxYZ,
        K.ThreadRowWidth);
    const std::vector<LaunchRun> Runs =
        launchRuns(Configs, K.ParamSymbols, evalOptionsFor(Options.Eval, Ctx));
    for (const AccessSite &Site : K.Accesses) {
      Planner.addAccess(K, Site, Runs, Modelled.size());
      Modelled.push_back(modelledFinding(Ctx, K, Site, Runs, Configs, Model, Cache));
    }
  }
  debugTime("  their accesses evaluated", Phase);
  Phase = std::chrono::steady_clock::now();
  Planner.plan(Modelled);
  debugTime("  fixes planned", Phase);
  transferFixes(Ctx.getSourceManager(), Modelled, Findings);
}

} // namespace ldslint
