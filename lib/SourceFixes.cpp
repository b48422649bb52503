//===- SourceFixes.cpp -----------------------------------------------------===//
#include "SourceFixes.h"

#include "FixPlanner.h"
#include "KernelExtractor.h"
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

/// The source model of \p Site in kernel \p K, evaluated as the planner
/// needs it (its verdict decides which arrays get a fix).
Finding modelledFinding(ASTContext &Ctx, const ExtractedKernel &K,
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
}

} // namespace

void planSourceFixes(ASTContext &Ctx, const BankModel &Model,
                     const LaunchSites &Launches, const AnalysisOptions &Options,
                     const std::vector<const FunctionDecl *> &Kernels,
                     const std::vector<AnalysedKernel> &Analysed,
                     std::vector<Finding> &Findings, EvaluationCache &Cache) {
  std::set<SourceLocation> Conflicting;
  for (const Finding &F : Findings)
    if (F.Result.Status == Verdict::Conflict && F.DeclLoc.isValid())
      Conflicting.insert(F.DeclLoc);
  if (Conflicting.empty())
    return;

  // Multi-dimensional arrays: modelled from the device IR.
  auto Phase = std::chrono::steady_clock::now();
  std::set<const VarDecl *> MultiDimensional;
  for (const AnalysedKernel &AK : Analysed)
    for (const VarDecl *VD : AK.Arrays)
      if (VD && Conflicting.count(VD->getLocation()) &&
          Ctx.getAsConstantArrayType(VD->getType()) &&
          Ctx.getAsConstantArrayType(
              Ctx.getAsConstantArrayType(VD->getType())->getElementType()))
        MultiDimensional.insert(VD);
  IrFixSites FromIr = fixSitesFromIr(Ctx, Analysed, MultiDimensional);
  for (const VarDecl *VD : MultiDimensional)
    Conflicting.erase(VD->getLocation());

  // Only the kernels that access those arrays: every access has a finding.
  std::map<std::string, std::set<SourceLocation>> ArraysOf;
  for (const Finding &F : Findings)
    if (F.DeclLoc.isValid() && Conflicting.count(F.DeclLoc))
      ArraysOf[F.Function].insert(F.DeclLoc);
  std::vector<ExtractedKernel> Extracted;
  // Array -> a kernel accessing it whose source model is incomplete.
  std::map<SourceLocation, std::string> TooLarge;
  for (const FunctionDecl *FD : Kernels) {
    const std::string Name = kernelName(FD, Ctx);
    const auto Arrays = ArraysOf.find(Name);
    if (Arrays == ArraysOf.end() ||
        std::none_of(Arrays->second.begin(), Arrays->second.end(),
                     [&](SourceLocation A) { return Conflicting.count(A) > 0; }))
      continue;
    ExtractedKernel K = extractKernel(Ctx, FD, Model.WaveSize);
    if (!K.TooLarge) {
      Extracted.push_back(std::move(K));
      continue;
    }
    for (SourceLocation A : Arrays->second)
      if (Conflicting.erase(A))
        TooLarge[A] = Name;
  }
  for (Finding &F : Findings) {
    const auto It = TooLarge.find(F.DeclLoc);
    if (It != TooLarge.end() && F.Result.Status == Verdict::Conflict)
      F.FixNotes.push_back("no fix searched: '" + It->second +
                           "', which accesses '" + F.Array +
                           "', is too large for the fix planner's source model");
  }
  debugTime("  source models of the kernels", Phase);
  Phase = std::chrono::steady_clock::now();
  FixPlanner Planner(Ctx, fixModels(Model, Options), Options.PreferSwizzle);
  Planner.setDeadline(Options.Deadline);
  Planner.follow(FromIr.Followed);
  for (const auto &[VD, Why] : FromIr.Refused) {
    // What the source does with the array, where it says, is the reason
    // (the planner's own order), then what the IR model could not do.
    std::string Reason = Planner.layoutObserved(VD);
    if (Reason.empty())
      Reason = Planner.unfollowedUse(VD);
    if (Reason.empty())
      Reason = Why;
    for (Finding &F : Findings)
      if (F.DeclLoc == VD->getLocation() && F.Result.Status == Verdict::Conflict)
        F.FixNotes.push_back("no fix offered: " + Reason);
  }
  // The AST models account for the references of the arrays they model.
  for (const ExtractedKernel &K : Extracted) {
    std::set<const DeclRefExpr *> Refs;
    for (const DeclRefExpr *Ref : K.FollowedRefs)
      if (!MultiDimensional.count(dyn_cast<VarDecl>(Ref->getDecl())))
        Refs.insert(Ref);
    Planner.follow(Refs);
  }
  std::vector<const ExtractedKernel *> Models;
  for (const ExtractedKernel &K : Extracted)
    Models.push_back(&K);
  for (const VarDecl *VD : FromIr.Modelled)
    Conflicting.insert(VD->getLocation());
  for (const auto &[VD, Subscripts] : FromIr.Unexecuted)
    Planner.addUnexecutedSubscripts(VD, Subscripts);
  for (const auto &[VD, Why] : FromIr.NoSwizzle)
    Planner.forbidSwizzle(VD, Why);
  for (const auto &K : FromIr.Kernels)
    Models.push_back(K.get());
  std::vector<Finding> Modelled;
  for (const ExtractedKernel *KP : Models) {
    const ExtractedKernel &K = *KP;
    if (pastDeadline(Options))
      break;
    if (std::none_of(K.Accesses.begin(), K.Accesses.end(), [&](const AccessSite &S) {
          return Conflicting.count(S.Array->getLocation()) > 0;
        }))
      continue;
    const std::vector<LaunchConfig> Configs = launchConfigsFor(
        Ctx, K.Kernel, Launches, Options.AssumeBlock, K.UsesThreadIdxYZ);
    const std::vector<LaunchRun> Runs =
        launchRuns(Configs, K.ParamSymbols, evalOptionsFor(Options.Eval, Ctx));
    const bool IrModel = std::any_of(FromIr.Kernels.begin(), FromIr.Kernels.end(),
                                     [&](const auto &P) { return P.get() == KP; });
    for (const AccessSite &Site : K.Accesses) {
      // Each array is modelled once: from the device IR, or from the AST.
      if (!Conflicting.count(Site.Array->getLocation()) ||
          IrModel != (FromIr.Modelled.count(Site.Array) > 0))
        continue;
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
