//===- LaunchEvaluation.cpp ------------------------------------------------===//
#include "LaunchEvaluation.h"

#include "Polynomial.h"

using namespace clang;

namespace ldslint {

namespace {

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

} // namespace

std::string kernelName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressScope = false;
  FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  OS.flush();
  return Name;
}

std::vector<LaunchRun> launchRuns(const std::vector<LaunchConfig> &Configs,
                                  const std::map<unsigned, SymbolId> &ParamSymbols,
                                  const EvalOptions &Base) {
  std::vector<LaunchRun> Runs;
  for (const LaunchConfig &C : Configs) {
    EvalOptions O = Base;
    for (const auto &[Index, Value] : C.Args) {
      auto P = ParamSymbols.find(Index);
      if (P != ParamSymbols.end())
        O.FixedValues[P->second] = Value;
    }
    Runs.push_back({C.Shape, O});
  }
  return Runs;
}

void evaluateOverLaunches(const KernelModel &Kernel, const AccessModel &Access,
                          const std::vector<LaunchRun> &Runs,
                          const std::vector<LaunchConfig> &Configs,
                          const BankModel &Model, Finding &F) {
  const std::set<SymbolId> Used = symbolsOfAccess(Kernel, Access);
  for (size_t I = 0; I < Runs.size(); ++I) {
    EvalResult R =
        evaluateAccess(Kernel, Access, Runs[I].first, Model, Runs[I].second);
    for (const auto &[Sym, Value] : Runs[I].second.FixedValues)
      if (Used.count(Sym))
        R.Assumptions.push_back("kernel argument " + Kernel.symbolName(Sym) +
                                " = " + std::to_string(Value) + " at " +
                                Configs[I].Where);
    if (I == 0 || worse(R, F.Result)) {
      F.Result = R;
      F.Block = Runs[I].first;
      F.BlockSource = F.Block ? F.Block->Source : "";
    }
  }
  if (!F.Block)
    F.Result.Assumptions.insert(
        F.Result.Assumptions.begin(),
        "block shape unknown: assumed blockDim.x is a multiple of " +
            std::to_string(Model.WaveSize) +
            " (pass --assume-block or launch with a constant shape)");
  if (Runs.size() > 1)
    F.Result.Assumptions.push_back("the kernel is launched in " +
                                   std::to_string(Runs.size()) +
                                   " ways; the worst is shown");
}

void markMergeCandidates(const std::vector<const void *> &Arrays,
                         const std::vector<const AccessModel *> &Accesses,
                         const BankModel &Model, std::vector<Finding> &Findings,
                         size_t First) {
  for (size_t I = 0; I < Accesses.size(); ++I)
    for (size_t J = 0; J < Accesses.size(); ++J) {
      if (I == J)
        continue;
      const AccessModel &A = *Accesses[I], &B = *Accesses[J];
      if (Arrays[I] != Arrays[J] || A.Kind != B.Kind ||
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
      // Sub-word accesses merged by the compiler stay inside the words they
      // touch (a merged access cannot straddle a word it is not aligned
      // to), so lanes reach the same words and the conflict stands.
      if (F.Result.Status == Verdict::Conflict && W < 4) {
        F.Result.Assumptions.push_back(
            "if the compiler merges this access with the one at " + Other +
            ", the merged access reaches the same 4-byte words");
      } else if (F.Result.Status == Verdict::Conflict) {
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

} // namespace ldslint
