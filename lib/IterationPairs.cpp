//===- IterationPairs.cpp -------------------------------------------------===//
#include "IterationPairs.h"

#include "Polynomial.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace ldslint {
namespace {

const IntType I64{64, true}, Bool{1, false};

/// At most this many accesses of one group are paired (pairs grow with
/// the square; real kernels have few iteration-dependent pairs).
constexpr size_t MaxGroup = 16;

std::set<SymbolId> symbolsIn(const SymRef &E) {
  std::set<SymbolId> S;
  if (E)
    forEachSymbol(*E, [&](SymbolId Id) { S.insert(Id); });
  return S;
}

/// A loop the compiler can unroll completely: it starts at a constant, and
/// its test and step read only its own variables.
bool constantBounds(const LoopModel &L) {
  if (!L.Enumerable || L.ExitsInBody || L.UnrollDisabled || !L.Init || !L.Cond ||
      !L.Next || !symbolsIn(L.Init).empty())
    return false;
  std::set<SymbolId> Own{L.Var};
  for (const LoopCompanion &C : L.Companions)
    Own.insert(C.Var);
  for (const SymRef &E : {L.Cond, L.Next})
    for (SymbolId Id : symbolsIn(E))
      if (!Own.count(Id))
        return false;
  return true;
}

/// \p To's address minus \p From's, in bytes, when it changes only with
/// variables of enclosing loops of constant bounds (not with the lane).
SymRef iterationDistance(const KernelModel &K, const AccessModel &From,
                         const AccessModel &To) {
  const SymRef D = SymExpr::binary(Op::Sub, SymExpr::cast(To.Address, I64),
                                   SymExpr::cast(From.Address, I64), I64);
  const Polynomial P = Polynomial::of(D);
  bool Varies = false;
  for (const auto &[Monomial, Coeff] : P.Terms)
    for (unsigned Atom : Monomial) {
      // A variable, or a subtree of them (`offset >> 1`, a conversion).
      const std::set<SymbolId> Ids = symbolsIn(P.Atoms[Atom]);
      if (Ids.empty())
        return nullptr;
      for (SymbolId Id : Ids) {
        if (Id >= K.Symbols.size())
          return nullptr;
        const SymbolInfo &S = K.Symbols[Id];
        if (S.Kind != SymbolKind::LoopVar || S.LoopIndex >= K.Loops.size() ||
            std::find(From.Loops.begin(), From.Loops.end(), S.LoopIndex) ==
                From.Loops.end() ||
            !constantBounds(K.Loops[S.LoopIndex]))
          return nullptr;
      }
      Varies = true;
    }
  return Varies ? P.toExpr() : nullptr;
}

std::string groupKey(const void *Array, const AccessModel &A) {
  std::string Key = std::to_string(reinterpret_cast<uintptr_t>(Array)) + "|" +
                    std::to_string(static_cast<int>(A.Kind)) + "|" +
                    std::to_string(A.WidthBytes) + "|";
  for (unsigned L : A.Loops)
    Key += std::to_string(L) + ",";
  for (const Condition &C : A.Conditions)
    Key += "|if " + C.Text;
  return Key;
}

} // namespace

void markIterationPairs(const KernelModel &Kernel,
                        const std::vector<const void *> &Arrays,
                        const std::vector<const AccessModel *> &Accesses,
                        const BankModel &Model, std::vector<Finding> &Findings,
                        size_t First, const PtxasMerging &Ptxas) {
  // With relocatable device code ptxas merges nothing in a static array
  // (PtxasMerging.h).
  if (Ptxas.RelocatableDeviceCode || !Ptxas.EvaluateWide)
    return;
  std::map<std::string, std::vector<size_t>> Groups;
  for (size_t I = 0; I < Accesses.size(); ++I) {
    const AccessModel &A = *Accesses[I];
    if (A.Kind != AccessKind::Atomic && A.Address && !A.Loops.empty() &&
        A.Unsupported.empty() && A.WidthBytes <= 8)
      Groups[groupKey(Arrays[I], A)].push_back(I);
  }
  for (const auto &[Key, Members] : Groups) {
    if (Members.size() < 2 || Members.size() > MaxGroup)
      continue;
    for (size_t I : Members) {
      Finding &F = Findings[First + I];
      if (F.Result.Status == Verdict::Unknown)
        continue;
      const AccessModel &A = *Accesses[I];
      const int64_t W = A.WidthBytes;
      // The iterations where a partner is the next or previous word.
      SymRef Apart;
      std::string Partner;
      for (size_t J : Members) {
        // Not only neighbours in the IR: ptxas also merges across a reload
        // it forwards (the down-sweep's stores, scan16.cu). Leaving out
        // iterations costs only the mean, and at most the worst degree.
        if (Accesses[J] == Accesses[I])
          continue;
        const SymRef D = iterationDistance(Kernel, A, *Accesses[J]);
        if (!D)
          continue;
        const SymRef NotNext = SymExpr::binary(
            Op::LAnd,
            SymExpr::binary(Op::NE, D, SymExpr::constant(W, I64), Bool),
            SymExpr::binary(Op::NE, D, SymExpr::constant(-W, I64), Bool), Bool);
        Apart = Apart ? SymExpr::binary(Op::LAnd, Apart, NotNext, Bool) : NotNext;
        const Finding &O = Findings[First + J];
        if (Partner.empty())
          Partner = "line " + std::to_string(O.Line) + ", column " + std::to_string(O.Column);
      }
      if (!Apart)
        continue;
      const std::string Merge =
          "where the compiler unrolls the loop, this access and the one at " + Partner +
          " are adjacent words in some iterations, and " +
          (Model.IsAMD ? std::string("the backend") : std::string("ptxas")) +
          " may make them one wider instruction there";
      if (Model.IsAMD) {
        // Not measured on AMD: the merged instruction groups lanes
        // differently, so no conflict is claimed (as for constant pairs).
        if (F.Result.Status == Verdict::Conflict) {
          F.Result.Status = Verdict::Unknown;
          F.Result.Reason = Merge + "; as written it would be " + degreeWords(F.Result);
        } else {
          F.Result.Assumptions.push_back("assumed the compiler keeps this access separate (" +
                                         Merge + ")");
        }
        continue;
      }
      AccessModel Others = A;
      Others.Conditions.push_back({Apart, "not adjacent to the access at " + Partner});
      const EvalResult R = Ptxas.EvaluateWide(I, Others);
      const std::string Note =
          Merge + " (measured: LDS.64 on an H200); the other iterations are evaluated, "
                  "and the mean is not known";
      if (R.Status == Verdict::Unknown ||
          (R.Status == Verdict::Ok && F.Result.Status == Verdict::Conflict)) {
        F.Result.Status = Verdict::Unknown;
        F.Result.Reason = Merge + "; the other iterations " +
                          (R.Status == Verdict::Ok ? std::string("have no bank conflict")
                                                   : "are not decided: " + R.Reason);
        continue;
      }
      std::vector<std::string> Kept = F.Result.Assumptions;
      const Verdict Before = F.Result.Status;
      if (Before == Verdict::Conflict)
        F.Result = R; // the degree and the example of the other iterations
      F.Result.Status = R.Status == Verdict::Conflict ? Before : Verdict::Ok;
      F.Result.MeanKnown = false;
      F.Result.MeanLeavesOutIterations = true;
      if (Before == Verdict::Conflict)
        F.Result.Assumptions = Kept;
      F.Result.Assumptions.push_back(Note);
    }
  }
}

} // namespace ldslint
