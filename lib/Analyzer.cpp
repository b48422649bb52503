//===- Analyzer.cpp --------------------------------------------------------===//
#include "Analyzer.h"

#include "KernelExtractor.h"
#include "LaunchSites.h"
#include "Polynomial.h"
#include "FixPlanner.h"
#include "StringCompat.h"

#include <algorithm>
#include <cctype>

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ldslint {

namespace {

class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody() &&
        !FD->isDependentContext() && !SM.isInSystemHeader(FD->getLocation()))
      Kernels.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Kernels;

private:
  const SourceManager &SM;
};

std::string kernelName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressScope = false;
  FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  OS.flush();
  return Name;
}

/// Orders results so that the worst one is reported: conflicts first (by
/// degree, then wavefronts), then unknowns, then ok.
bool worse(const EvalResult &A, const EvalResult &B) {
  auto Rank = [](Verdict V) {
    return V == Verdict::Conflict ? 2 : V == Verdict::Unknown ? 1 : 0;
  };
  if (Rank(A.Status) != Rank(B.Status))
    return Rank(A.Status) > Rank(B.Status);
  if (A.Degree != B.Degree)
    return A.Degree > B.Degree;
  return A.Wavefronts > B.Wavefronts;
}

/// Byte distance between two accesses when it is a constant.
std::optional<int64_t> constantDistance(const AccessModel &A, const AccessModel &B) {
  if (!A.Address || !B.Address)
    return std::nullopt;
  const IntType I64{64, true};
  Polynomial P = Polynomial::of(SymExpr::binary(Op::Sub, A.Address, B.Address, I64));
  if (P.Terms.empty())
    return 0;
  if (P.Terms.size() == 1 && P.Terms.begin()->first.empty())
    return P.Terms.begin()->second;
  return std::nullopt;
}

bool sameContext(const AccessModel &A, const AccessModel &B) {
  if (A.Loops != B.Loops || A.Conditions.size() != B.Conditions.size())
    return false;
  for (size_t I = 0; I < A.Conditions.size(); ++I)
    if (A.Conditions[I].Text != B.Conditions[I].Text)
      return false;
  return true;
}

/// Compilers merge accesses to one array at a constant distance under the
/// same conditions into one wider instruction (nvcc: adjacent words into
/// LDS.64/128; AMDGPU: ds_read_b64/b128, ds_read2(st64)_b32, see
/// docs/amd-codegen.md). The merged instruction groups lanes differently, so
/// a conflict computed per source access is not claimed for such accesses.
void markMergeCandidates(const ExtractedKernel &K, const BankModel &Model,
                         std::vector<Finding> &Findings, size_t First) {
  const auto &Sites = K.Accesses;
  for (size_t I = 0; I < Sites.size(); ++I)
    for (size_t J = 0; J < Sites.size(); ++J) {
      if (I == J)
        continue;
      const AccessModel &A = Sites[I].Model, &B = Sites[J].Model;
      if (Sites[I].Array != Sites[J].Array || A.Kind != B.Kind ||
          A.Kind == AccessKind::Atomic || A.WidthBytes != B.WidthBytes ||
          !sameContext(A, B))
        continue;
      auto Delta = constantDistance(A, B);
      if (!Delta || *Delta == 0)
        continue;
      const int64_t W = A.WidthBytes, D = *Delta < 0 ? -*Delta : *Delta;
      const bool Adjacent = D == W && 2 * W <= 16;
      const bool Read2 = Model.IsAMD && (W == 4 || W == 8) && D % W == 0 &&
                         (D / W <= 255 || (D / W % 64 == 0 && D / W <= 255 * 64));
      if (!Adjacent && !Read2)
        continue;
      Finding &F = Findings[First + I];
      const std::string Other =
          "line " + std::to_string(Findings[First + J].Line) + ", column " +
          std::to_string(Findings[First + J].Column);
      if (F.Result.Status == Verdict::Conflict) {
        F.Result.Status = Verdict::Unknown;
        F.Result.Reason =
            "the compiler may merge this access with the one at " + Other +
            " into one wider instruction, which groups lanes differently; as "
            "a separate " + std::to_string(W) + "-byte access it would be " +
            std::to_string(F.Result.Degree) + "-way";
      } else if (F.Result.Status == Verdict::Ok) {
        F.Result.Assumptions.push_back(
            "assumed the compiler keeps this access separate from the one at " +
            Other);
      }
    }
}

/// A conflicting access to one member of an array of structs strides by the
/// struct size; storing each member in its own array (SoA) makes lanes read
/// consecutive words.
void suggestStructOfArrays(ASTContext &Ctx, const AccessSite &Site, Finding &F) {
  if (F.Result.Status != Verdict::Conflict)
    return;
  const QualType Elem = Ctx.getBaseElementType(Site.Array->getType());
  if (!Elem->isRecordType() || Elem->isIncompleteType())
    return;
  const int64_t StructBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
  if (StructBytes <= static_cast<int64_t>(F.WidthBytes))
    return;
  F.FixNotes.push_back("'" + F.Array + "' holds " + std::to_string(StructBytes) +
                       "-byte structs and this access uses " +
                       std::to_string(F.WidthBytes) +
                       " bytes of each: a struct of arrays (one array per "
                       "member) would give consecutive lanes consecutive words");
}

} // namespace

AnalysisOutput analyzeTranslationUnit(ASTContext &Ctx, const std::string &Arch,
                                      unsigned WaveSize,
                                      const AnalysisOptions &Options) {
  AnalysisOutput Out;
  Out.Model = lookupBankModel(Arch, WaveSize);
  if (!Out.Model) {
    Out.Problem = "no shared-memory bank model for target '" + Arch +
                  "'; known targets: " + knownArchList();
    return Out;
  }
  const BankModel &Model = *Out.Model;
  const SourceManager &SM = Ctx.getSourceManager();

  KernelFinder Finder(SM);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  const LaunchSites Launches = collectLaunchSites(Ctx);

  std::vector<ExtractedKernel> Kernels;
  Kernels.reserve(Finder.Kernels.size());
  for (const FunctionDecl *FD : Finder.Kernels)
    Kernels.push_back(extractKernel(Ctx, FD, Model.WaveSize));

  // sm_90a and sm_90 (what __CUDA_ARCH_LIST__ says for both) are one target.
  auto baseArch = [](const std::string &A) {
    std::string B = A;
    while (startsWith(B, "sm_") && !B.empty() && std::isalpha(static_cast<unsigned char>(B.back())))
      B.pop_back();
    return B;
  };
  std::vector<BankModel> FixModels{Model};
  for (const std::string &Other : Options.FixArchs) {
    std::optional<BankModel> M = lookupBankModel(Other);
    if (M && M->WaveSize == Model.WaveSize &&
        std::none_of(FixModels.begin(), FixModels.end(), [&](const BankModel &B) {
          return baseArch(B.Arch) == baseArch(M->Arch);
        }))
      FixModels.push_back(*M);
  }
  for (BankModel &M : FixModels) // the same wording from every target's run
    M.Arch = baseArch(M.Arch);
  FixPlanner Planner(Ctx, FixModels, Options.PreferSwizzle);
  for (const ExtractedKernel &K : Kernels)
    Planner.addKernel(K);
  for (const ExtractedKernel &K : Kernels) {
    const std::vector<LaunchConfig> Configs = launchConfigsFor(
        Ctx, K.Kernel, Launches, Options.AssumeBlock, K.UsesThreadIdxYZ);
    // Each launch: its shape and the kernel arguments it fixes.
    std::vector<FixPlanner::Launch> Runs;
    for (const LaunchConfig &C : Configs) {
      EvalOptions O = Options.Eval;
      for (const auto &[Index, Value] : C.Args) {
        auto P = K.ParamSymbols.find(Index);
        if (P != K.ParamSymbols.end())
          O.FixedValues[P->second] = Value;
      }
      Runs.push_back({C.Shape, O});
    }
    const size_t FirstFinding = Out.Findings.size();
    for (const AccessSite &Site : K.Accesses) {
      Finding F;
      const SourceLocation Loc = Site.Loc;
      F.Loc = Loc;
      F.DeclLoc = Site.Array->getLocation();
      for (const CallExpr *Call : Site.CallChain)
        F.CallLocs.push_back(Call->getExprLoc());
      const PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Loc));
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
      const std::set<SymbolId> Used = symbolsOfAccess(K.Model, Site.Model);
      for (size_t I = 0; I < Runs.size(); ++I) {
        EvalResult R = evaluateAccess(K.Model, Site.Model, Runs[I].first, Model,
                                      Runs[I].second);
        for (const auto &[Sym, Value] : Runs[I].second.FixedValues)
          if (Used.count(Sym))
            R.Assumptions.push_back("kernel argument " + K.Model.symbolName(Sym) +
                                    " = " + std::to_string(Value) + " at " +
                                    Configs[I].Where);
        if (I == 0 || worse(R, F.Result)) {
          F.Result = R;
          F.Block = Runs[I].first;
          F.BlockSource = F.Block ? F.Block->Source : "";
        }
      }
      suggestStructOfArrays(Ctx, Site, F);
      if (!F.Block)
        F.Result.Assumptions.insert(
            F.Result.Assumptions.begin(),
            "block shape unknown: assumed blockDim.x is a multiple of " +
                std::to_string(Model.WaveSize) +
                " (pass --assume-block or launch with a constant shape)");
      if (Runs.size() > 1)
        F.Result.Assumptions.push_back(
            "the kernel is launched in " + std::to_string(Runs.size()) +
            " ways; the worst is shown");
      Planner.addAccess(K, Site, Runs, Out.Findings.size());
      Out.Findings.push_back(std::move(F));
    }
    markMergeCandidates(K, Model, Out.Findings, FirstFinding);
  }
  Planner.plan(Out.Findings);
  return Out;
}

} // namespace ldslint
