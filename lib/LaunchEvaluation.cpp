//===- LaunchEvaluation.cpp ------------------------------------------------===//
#include "LaunchEvaluation.h"

#include "DebugTime.h"

#include "LoopFusion.h"
#include "PtxasMerging.h"
#include "Polynomial.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

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

std::string cacheKey(const KernelModel &Kernel, const AccessModel &Access,
                     const std::vector<LaunchRun> &Runs,
                     const std::vector<LaunchConfig> &Configs,
                     const BankModel &Model);

} // namespace

void evaluateUncached(const KernelModel &Kernel, const AccessModel &Access,
                      const std::vector<LaunchRun> &Runs,
                      const std::vector<LaunchConfig> &Configs,
                      const BankModel &Model, Finding &F);

std::string kernelName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressScope = false;
  FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  OS.flush();
  return Name;
}

EvalOptions evalOptionsFor(const EvalOptions &Base, const clang::ASTContext &Ctx) {
  EvalOptions Out = Base;
  Out.RelocatableDeviceCode = Ctx.getLangOpts().GPURelocatableDeviceCode;
  return Out;
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
                          const BankModel &Model, Finding &F,
                          EvaluationCache *Cache) {
  std::string Key;
  if (Cache) {
    Key = cacheKey(Kernel, Access, Runs, Configs, Model);
    auto It = Cache->Entries.find(Key);
    if (It != Cache->Entries.end()) {
      F.Result = It->second.Result;
      F.Block = It->second.Block;
      F.BlockSource = It->second.BlockSource;
      return;
    }
  }
  const auto Start = std::chrono::steady_clock::now();
  evaluateUncached(Kernel, Access, Runs, Configs, Model, F);
  if (debugTimeEnabled()) {
    const double Seconds = secondsSince(Start);
    if (Seconds > 0.01)
      llvm::errs() << "ldslint: " << Seconds << " s evaluating " << F.Function
                   << " line " << F.Line << " (" << Runs.size() << " runs, "
                   << F.Result.Instructions << " instructions)\n";
  }
  if (Cache)
    Cache->Entries[Key] = {F.Result, F.Block, F.BlockSource};
}

namespace {

/// The access with its symbols renamed S0, S1, ... in order of appearance,
/// each with everything the evaluator reads of it.
std::string cacheKey(const KernelModel &Kernel, const AccessModel &Access,
                     const std::vector<LaunchRun> &Runs,
                     const std::vector<LaunchConfig> &Configs,
                     const BankModel &Model) {
  std::map<SymbolId, unsigned> Order;
  std::string Symbols;
  auto Name = [&](SymbolId Id) -> std::string {
    auto [It, New] = Order.insert({Id, static_cast<unsigned>(Order.size())});
    const std::string Short = "S" + std::to_string(It->second);
    if (New && Id < Kernel.Symbols.size()) {
      const SymbolInfo &S = Kernel.Symbols[Id];
      Symbols += Short + "{" + std::to_string(static_cast<int>(S.Kind)) + "," +
                 std::to_string(S.Dim) + "," + std::to_string(S.Value) + "," +
                 std::to_string(S.LaneVarying) + std::to_string(S.Structural) +
                 std::to_string(S.FromData) +
                 "," + S.Name + "," + S.Why;
      if (S.Domain)
        Symbols += "," + std::to_string(S.Domain->first) + ".." +
                   std::to_string(S.Domain->second);
      if (S.Kind == SymbolKind::LoopVar) {
        // The loop is part of the symbol: its position among the access's
        // loops and its header.
        auto Pos = std::find(Access.Loops.begin(), Access.Loops.end(), S.LoopIndex);
        Symbols += ",loop" + std::to_string(Pos - Access.Loops.begin());
      }
      Symbols += "}";
    }
    return Short;
  };
  auto Text = [&](const SymRef &E) {
    return E ? toString(*E, Name) + ":" + std::to_string(E->Type.Bits) +
                   std::to_string(E->Type.Signed)
             : std::string("-");
  };
  // A companion nothing needed reads (an `int` running sum, which a `float`
  // instantiation of the same template does not have) changes no result.
  const std::set<SymbolId> Needed =
      symbolsNeeded(Access.Address, Access.Conditions, Kernel.Loops, Access.Loops);
  std::string K = Model.Arch + "|" + std::to_string(Access.WidthBytes) + "|" +
                  std::to_string(Access.BaseAlign) + "|" +
                  // the bounds test that rules assumed shapes out
                  std::to_string(Access.ArrayBytes) + "|" +
                  std::to_string(Access.DynamicShared) + "|" +
                  std::to_string(static_cast<int>(Access.Kind)) + "|" +
                  Access.Unsupported + "|" + Text(Access.Address);
  for (const Condition &C : Access.Conditions)
    K += "|if " + Text(C.Expr) + " " + C.Text;
  for (unsigned L : Access.Loops) {
    const LoopModel &M = Kernel.Loops[L];
    K += "|loop " + Name(M.Var) + " " + Text(M.Init) + " " + Text(M.Cond) + " " +
         Text(M.Next) + " " + Text(M.Step) + " " + std::to_string(M.Enumerable) +
         std::to_string(M.TestAfterBody) + std::to_string(M.UnrollDisabled) +
         std::to_string(M.ExitsInBody) +
         std::to_string(M.VarType.Bits) +
         std::to_string(M.VarType.Signed) + " " + M.Text;
    for (const LoopCompanion &C : M.Companions)
      if (Needed.count(C.Var))
        K += " with " + Name(C.Var) + " " + Text(C.Init) + " " + Text(C.Next) +
           std::to_string(C.VarType.Bits) + std::to_string(C.VarType.Signed);
  }
  for (size_t I = 0; I < Runs.size(); ++I) {
    K += "|run " + (Runs[I].first ? Runs[I].first->str() + " " + Runs[I].first->Source
                                  : std::string("default")) +
         " " + Configs[I].Where + " " +
         std::to_string(Runs[I].second.MaxLaneEvaluations);
    for (const auto &[Sym, Value] : Runs[I].second.FixedValues)
      if (Order.count(Sym))
        K += " " + Name(Sym) + "=" + std::to_string(Value);
  }
  // A symbol the same across a warp only under premises (UniformIf): the
  // premises are part of it (`roi[threadIdx.y]` and `roi[threadIdx.z]`
  // have one name and reason, and differ under 16x1x2).
  for (const auto &[Id, Index] : Order)
    if (Id < Kernel.Symbols.size())
      for (const SymRef &W : Kernel.Symbols[Id].UniformIf)
        K += "|S" + std::to_string(Index) + " uniform if " +
             toString(*W, [&](SymbolId Of) {
               return Of < Kernel.Symbols.size()
                          ? Kernel.Symbols[Of].Name + "#" + std::to_string(Of)
                          : std::to_string(Of);
             });
  return K + "|" + Symbols;
}

} // namespace

void evaluateUncached(const KernelModel &Kernel, const AccessModel &Access,
                      const std::vector<LaunchRun> &Runs,
                      const std::vector<LaunchConfig> &Configs,
                      const BankModel &Model, Finding &F) {
  const std::set<SymbolId> Used = symbolsOfAccess(Kernel, Access);
  // The runs of one launch: one, or the block shapes assumed for it from
  // the kernel's thread numbering (BlockShape::Assumed), of which those
  // under which a lane indexes past the array are not the program's. Of
  // several such shapes the least result stands for the launch (a conflict
  // only where every shape has it: none of them is known to run).
  std::vector<std::vector<size_t>> Launches;
  std::map<std::string, size_t> FamilyOf;
  for (size_t I = 0; I < Runs.size(); ++I) {
    if (!Runs[I].first || !Runs[I].first->Assumed) {
      Launches.push_back({I});
      continue;
    }
    std::string Key = Configs[I].Where;
    for (const auto &[Index, Value] : Configs[I].Args)
      Key += "|" + std::to_string(Index) + "=" + std::to_string(Value);
    auto [It, New] = FamilyOf.try_emplace(Key, Launches.size());
    if (New)
      Launches.emplace_back();
    Launches[It->second].push_back(I);
  }
  bool Chosen = false;
  for (const std::vector<size_t> &Family : Launches) {
    EvalResult Best;
    std::optional<BlockShape> BestShape;
    bool Any = false, LeftOut = false;
    for (size_t I : Family) {
      EvalResult R =
          evaluateAsEmitted(Kernel, Access, Runs[I].first, Model, Runs[I].second);
      for (const auto &[Sym, Value] : Runs[I].second.FixedValues)
        if (Used.count(Sym))
          R.Assumptions.push_back("kernel argument " + Kernel.symbolName(Sym) +
                                  " = " + std::to_string(Value) + " at " +
                                  Configs[I].Where);
      if (R.ShapeRuledOut) {
        LeftOut = true;
        continue;
      }
      if (!Any || worse(Best, R)) {
        Any = true;
        Best = std::move(R);
        BestShape = Runs[I].first;
      }
    }
    if (!Any) { // only assumed shapes, each one leaving the array
      Best = EvalResult();
      Best.Status = Verdict::Unknown;
      Best.Reason = "under every block shape assumed from the kernel's thread "
                    "numbering a lane accesses past the end of the array (set the "
                    "assume-block option)";
      BestShape = Runs[Family.front()].first;
    } else if (LeftOut) {
      Best.Assumptions.push_back("assumed block shapes under which a lane accesses "
                                 "past the end of the array are left out");
    }
    if (Family.size() > 1 && Any) {
      // The mean given is that of the shape shown (the finding names it).
      Best.Assumptions.push_back(
          "evaluated under each assumed blockDim.y; the result holds under every one "
          "that keeps the lanes inside the array, the least is shown");
    }
    if (!Chosen || worse(Best, F.Result)) {
      Chosen = true;
      F.Result = std::move(Best);
      F.Block = BestShape;
      F.BlockSource = F.Block ? F.Block->Source : "";
    }
  }
  if (!F.Block)
    F.Result.Assumptions.insert(
        F.Result.Assumptions.begin(),
        "block shape unknown: assumed blockDim.x is " +
            std::to_string(Model.WaveSize) + " times a power of two and "
            "blockDim.y, blockDim.z powers of two, at most 1024 threads (set the "
            "assume-block option or "
            "launch with a constant shape)");
  // Launches, not the shapes assumed for one of them.
  if (Launches.size() > 1)
    F.Result.Assumptions.push_back("the kernel is launched in " +
                                   std::to_string(Launches.size()) +
                                   " ways; the worst is shown");
}

namespace {

/// An access's address split into its constant byte offset and the rest,
/// spelled out: two accesses are at a constant distance when the rest is the
/// same.
struct SplitAddress {
  std::string Rest;
  int64_t Constant = 0;
};

std::optional<SplitAddress> splitAddress(const AccessModel &A) {
  if (!A.Address)
    return std::nullopt;
  const Polynomial P = Polynomial::of(A.Address);
  SplitAddress S;
  auto Name = [](SymbolId Id) { return "s" + std::to_string(Id); };
  for (const auto &[Monomial, Coeff] : P.Terms) {
    if (Monomial.empty()) {
      S.Constant = Coeff;
      continue;
    }
    S.Rest += std::to_string(Coeff);
    for (unsigned Atom : Monomial)
      S.Rest += "*(" + toString(*P.Atoms[Atom], Name) + ")";
    S.Rest += "+";
  }
  return S;
}

} // namespace

namespace {

/// The block shape of a launch that runs (not an assumed one).
bool launchedShape(const Finding &F) {
  return F.Block && F.BlockSource.find("not constant there") == std::string::npos &&
         (F.BlockSource.rfind("the launch at", 0) == 0 ||
          F.BlockSource == "reqd_work_group_size" ||
          F.BlockSource == "the assume-block option");
}

} // namespace

namespace {

/// Splits each group whose members all lie in one basic block by the
/// barriers between them: no compiler merges accesses across a barrier.
/// Members in several blocks stay together (blocks the optimiser joins may
/// have no barrier between them).
void splitByBarrierPhase(
    std::map<std::string, std::vector<std::pair<int64_t, size_t>>> &Groups,
    const PtxasMerging *Ptxas) {
  if (!Ptxas || !Ptxas->BarrierPhase)
    return;
  std::map<std::string, std::vector<std::pair<int64_t, size_t>>> Split;
  for (auto &[Key, Members] : Groups) {
    std::map<unsigned, std::vector<std::pair<int64_t, size_t>>> ByPhase;
    const void *Block = Ptxas->BarrierPhase(Members.front().second).first;
    bool OneBlock = true;
    for (const auto &M : Members) {
      const auto [B, Phase] = Ptxas->BarrierPhase(M.second);
      OneBlock = OneBlock && B == Block;
      ByPhase[Phase].push_back(M);
    }
    if (!OneBlock || ByPhase.size() == 1) {
      Split[Key] = std::move(Members);
      continue;
    }
    for (auto &[Phase, Part] : ByPhase)
      Split[Key + "|phase " + std::to_string(Phase)] = std::move(Part);
  }
  Groups = std::move(Split);
}

} // namespace

void markMergeCandidates(const KernelModel &Kernel,
                         const std::vector<const void *> &Arrays,
                         const std::vector<const AccessModel *> &Accesses,
                         const BankModel &Model, std::vector<Finding> &Findings,
                         size_t First, const PtxasMerging *Ptxas) {
  // Accesses that may merge share the array, the kind, the width, the
  // loops and conditions, and the non-constant part of the address; within
  // such a group only the constant offsets differ (linear in the accesses:
  // kernels with thousands of unrolled accesses are common).
  std::map<std::string, std::vector<std::pair<int64_t, size_t>>> Groups;
  std::vector<std::string> LooseKeys(Accesses.size()); ///< the key but the conditions
  std::vector<int64_t> Offsets(Accesses.size());
  for (size_t I = 0; I < Accesses.size(); ++I) {
    const AccessModel &A = *Accesses[I];
    if (A.Kind == AccessKind::Atomic)
      continue;
    std::optional<SplitAddress> S = splitAddress(A);
    if (!S)
      continue;
    std::string Key = std::to_string(reinterpret_cast<uintptr_t>(Arrays[I])) +
                      "|" + std::to_string(static_cast<int>(A.Kind)) + "|" +
                      std::to_string(A.WidthBytes) + "|";
    for (unsigned L : A.Loops)
      Key += std::to_string(L) + ",";
    LooseKeys[I] = Key + "|" + S->Rest;
    Offsets[I] = S->Constant;
    for (const Condition &C : A.Conditions)
      Key += "|if " + C.Text;
    Groups[Key + "|" + S->Rest].push_back({S->Constant, I});
  }
  splitByBarrierPhase(Groups, Ptxas);
  // How a message names access OI next to access I: the pieces of one copy
  // (a struct assigned whole) share their place.
  auto samePlace = [&](size_t I, size_t OI) {
    const Finding &F = Findings[First + I], &O = Findings[First + OI];
    return O.Line == F.Line && O.Column == F.Column && O.File == F.File;
  };
  auto whereOf = [&](size_t OI) {
    const Finding &O = Findings[First + OI];
    return "line " + std::to_string(O.Line) + ", column " + std::to_string(O.Column);
  };
  auto theOther = [&](size_t I, size_t OI) {
    return samePlace(I, OI) ? std::string("another access of this expression")
                            : "the one at " + whereOf(OI);
  };
  // Marks access I as one the compiler may merge with OI (W bytes each).
  auto markPair = [&](size_t I, size_t OI, int64_t W) {
    Finding &F = Findings[First + I];
    const bool SamePlace = samePlace(I, OI);
    const std::string Where = whereOf(OI);
    const std::string TheOther = theOther(I, OI);
    // NVIDIA merges adjacent words only into an aligned wider access: a
    // pair whose lower address is misaligned for some threads of a
    // launched block stays two instructions.
    if (!Model.IsAMD && launchedShape(F)) {
      const size_t Lower = Offsets[I] != Offsets[OI] ? (Offsets[I] < Offsets[OI] ? I : OI)
                                                     : std::min(I, OI);
      const auto Rs = remaindersOverThreads(*Accesses[Lower], Kernel, F.Block, 2 * W);
      if (Rs && Rs->size() > 1) {
        F.Result.Assumptions.push_back(
            "not merged with " +
            (SamePlace ? TheOther : "the access at " + Where) +
            ": the lower address is " +
            std::to_string(*Rs->begin()) + " and " + std::to_string(*std::next(Rs->begin())) +
            " modulo " + std::to_string(2 * W) + " for different threads of the " +
            F.Block->str() + " block, so no " + std::to_string(2 * W) +
            "-byte instruction can serve both");
        return;
      }
    }
    // Sub-word accesses merged by the compiler stay inside the words they
    // touch (a merged access cannot straddle a word it is not aligned
    // to), so lanes reach the same words and the conflict stands.
    if (F.Result.Status == Verdict::Conflict && W < 4) {
      F.Result.Assumptions.push_back(
          "if the compiler merges this access with " + TheOther +
          ", the merged access reaches the same 4-byte words");
    } else if (F.Result.Status == Verdict::Conflict) {
      F.Result.Status = Verdict::Unknown;
      F.Result.Reason =
          "the compiler may merge this access with " + TheOther +
          " into one wider instruction, which groups lanes differently; as "
          "a separate " + std::to_string(W) + "-byte access it would be " +
          degreeWords(F.Result);
    } else if (F.Result.Status == Verdict::Ok) {
      F.Result.Assumptions.push_back(
          "assumed the compiler keeps this access separate from " + TheOther);
    }
  };
  std::vector<bool> Paired(Accesses.size(), false);
  for (auto &[Key, Members] : Groups) {
    if (Members.size() < 2)
      continue;
    std::sort(Members.begin(), Members.end());
    const int64_t W = Accesses[Members.front().second]->WidthBytes;
    // Nearest other member whose distance is a multiple of Step.
    auto nearestMultiple = [&](int64_t Step) {
      std::map<int64_t, std::vector<size_t>> ByResidue; // positions in Members
      for (size_t P = 0; P < Members.size(); ++P)
        ByResidue[((Members[P].first % Step) + Step) % Step].push_back(P);
      std::vector<std::optional<size_t>> Nearest(Members.size());
      for (const auto &[R, Ps] : ByResidue)
        for (size_t K = 0; K < Ps.size(); ++K) {
          std::optional<size_t> Best;
          int64_t BestD = 0;
          for (size_t O : {K - 1, K + 1}) {
            if (O >= Ps.size())
              continue;
            const int64_t D = std::llabs(Members[Ps[O]].first - Members[Ps[K]].first);
            if (D != 0 && (!Best || D < BestD)) {
              Best = Ps[O];
              BestD = D;
            }
          }
          Nearest[Ps[K]] = Best;
        }
      return Nearest;
    };
    // NVIDIA: runs of adjacent words that ptxas's measured rule decides.
    std::vector<bool> Settled(Members.size(), false);
    // Members are sorted by offset; findings that stand for one access
    // share its offset. A run is consecutive words, each one access.
    if (!Model.IsAMD && Ptxas)
      for (size_t P = 0; P < Members.size();) {
        auto oneAccessAt = [&](size_t From, size_t &Next) {
          Next = From + 1;
          bool One = true;
          while (Next < Members.size() && Members[Next].first == Members[From].first) {
            One = One && Accesses[Members[Next].second] == Accesses[Members[From].second];
            ++Next;
          }
          return One;
        };
        size_t End = P, Next = P;
        bool Usable = true;
        while (End < Members.size() &&
               (End == P || Members[End].first - Members[End - 1].first == W)) {
          const bool One = oneAccessAt(End, Next); // always advances Next
          Usable = Usable && One;
          End = Next;
        }
        std::vector<RunMember> Run;
        for (size_t K = P; K < End; ++K) {
          const size_t I = Members[K].second;
          Finding &F = Findings[First + I];
          Run.push_back({I, Accesses[I], &F.Result, F.File, F.Line, F.Column});
        }
        const Finding &Low = Findings[First + Members[P].second];
        const std::optional<BlockShape> Launched =
            launchedShape(Low) ? Low.Block : std::nullopt;
        const std::optional<std::vector<bool>> Long =
            Usable && Run.size() > 2 ? decideLongPtxasRun(Kernel, Run, Launched, *Ptxas)
                                     : std::nullopt;
        if (Long) {
          for (size_t K = P; K < End; ++K)
            Settled[K] = (*Long)[K - P];
        } else if (Usable && Run.size() > 1 && decidePtxasRun(Kernel, Run, Launched, *Ptxas)) {
          for (size_t K = P; K < End; ++K)
            Settled[K] = true;
        }
        for (size_t K = P; K < End; ++K)
          Paired[Members[K].second] = Paired[Members[K].second] || Settled[K];
        P = End;
      }
    // NVIDIA: a pair of adjacent words (or doubles) alone in its run, that
    // conflicts as written and as the one wider instruction ptxas may make
    // of it, conflicts whatever ptxas does (faiss's `Pair<float, int64_t>`
    // read field by field or whole, 8-way either way): the smaller degree
    // and the larger degree are reported ("2- to 4-way"), with both.
    auto conflictsEitherWay = [&](size_t P, size_t O, int64_t W) {
      if (Model.IsAMD || !Ptxas || !Ptxas->EvaluateWide || (W != 4 && W != 8))
        return false;
      const size_t Low = Members[P].first < Members[O].first ? P : O;
      const int64_t LowOffset = Members[Low].first;
      // Exactly one access at each of the two offsets and none next to
      // them: no longer run ptxas could make one instruction of.
      size_t AtLow = 0, AtHigh = 0, Next = 0;
      for (const auto &[Offset, I] : Members) {
        AtLow += Offset == LowOffset;
        AtHigh += Offset == LowOffset + W;
        Next += Offset == LowOffset - W || Offset == LowOffset + 2 * W;
      }
      Finding &F = Findings[First + Members[P].second];
      const AccessModel &LowAccess = *Accesses[Members[Low].second];
      // Under a launched shape only: over assumed shapes, each result is
      // the worst of a different shape. Not where loop iterations may fuse
      // further, nor where the pair is misaligned for some threads (it is
      // then two instructions, which markPair says).
      if (AtLow != 1 || AtHigh != 1 || Next != 0 || F.Result.Status != Verdict::Conflict ||
          !launchedShape(F) || loopIterationsMayBeAdjacent(LowAccess, Kernel))
        return false;
      const auto Rs = remaindersOverThreads(LowAccess, Kernel, F.Block, 2 * W);
      if (!Rs || Rs->size() != 1 || *Rs->begin() != 0)
        return false;
      AccessModel Wide = *Accesses[Members[Low].second];
      Wide.WidthBytes = static_cast<unsigned>(2 * W);
      const EvalResult Merged = Ptxas->EvaluateWide(Members[Low].second, Wide);
      if (Merged.Status != Verdict::Conflict)
        return false;
      const std::string With = theOther(Members[P].second, Members[O].second);
      const std::string Note =
          "whether or not ptxas merges this access with " + With + " into one " +
          std::to_string(2 * W) + "-byte instruction, it conflicts: " + degreeWords(F.Result) +
          " as written, " + degreeWords(Merged) + " merged";
      auto least = [](const EvalResult &R) { return R.LeastDegree ? R.LeastDegree : R.Degree; };
      const unsigned Least = std::min(least(F.Result), least(Merged));
      if (Merged.Degree > F.Result.Degree) {
        std::vector<std::string> Kept = F.Result.Assumptions;
        F.Result = Merged;
        F.Result.Assumptions = Kept;
      }
      F.Result.LeastDegree = Least < F.Result.Degree ? Least : 0;
      F.Result.Assumptions.push_back(Note);
      return true;
    };
    std::vector<std::optional<size_t>> Partner(Members.size());
    if (2 * W <= 16) { // adjacent: LDS.64/128, ds_read_b64/b128
      for (size_t P = 0; P < Members.size(); ++P)
        for (size_t O : {P - 1, P + 1})
          if (!Partner[P] && O < Members.size() &&
              std::llabs(Members[O].first - Members[P].first) == W)
            Partner[P] = O;
    }
    if (Model.IsAMD && (W == 4 || W == 8)) { // ds_read2(st64)
      const auto Near = nearestMultiple(W), Near64 = nearestMultiple(64 * W);
      for (size_t P = 0; P < Members.size(); ++P) {
        if (!Partner[P] && Near[P] &&
            std::llabs(Members[*Near[P]].first - Members[P].first) / W <= 255)
          Partner[P] = Near[P];
        if (!Partner[P] && Near64[P] &&
            std::llabs(Members[*Near64[P]].first - Members[P].first) / W <= 255 * 64)
          Partner[P] = Near64[P];
      }
    }
    for (size_t P = 0; P < Members.size(); ++P) {
      if (!Partner[P] || Settled[P])
        continue;
      Paired[Members[P].second] = true;
      if (!conflictsEitherWay(P, *Partner[P], W))
        markPair(Members[P].second, Members[*Partner[P]].second, W);
    }
  }
  // A read under further conditions than its neighbour's on the same line
  // (`x == o.x && y == o.y`: the second member read only where the first
  // compares equal) is read for every lane and merged with it where the
  // compiler speculates it, as it may through a reference to the object
  // (the AMDGPU back end makes rocPRIM's custom_test_type comparisons one
  // ds_read_b64): a candidate too. Reads under exclusive conditions (`if
  // (c) s[i]; else s[i + 1];`) are not, nor reads of other lines (an
  // element of an array read in a branch is not known to exist for the
  // lanes that skip it: test/lit/patterns/halving-loops.cu).
  // nvcc keeps such reads apart, with the branch between them (as it does
  // the test's kernel compiled as CUDA): AMD only.
  if (!Model.IsAMD)
    return;
  std::map<std::string, std::vector<std::pair<int64_t, size_t>>> Loose;
  for (const auto &[Key, Members] : Groups)
    for (const auto &[Offset, I] : Members)
      if (Accesses[I]->Kind == AccessKind::Read && !Paired[I])
        Loose[LooseKeys[I]].push_back({Offset, I});
  auto nested = [&](size_t IA, size_t IB) {
    const Finding &FA = Findings[First + IA], &FB = Findings[First + IB];
    if (FA.Line != FB.Line || FA.File != FB.File)
      return false;
    const AccessModel &A = *Accesses[IA], &B = *Accesses[IB];
    const auto &Short = A.Conditions.size() <= B.Conditions.size() ? A : B;
    const auto &Long = &Short == &A ? B : A;
    if (Short.Conditions.size() == Long.Conditions.size())
      return false; // the same conditions: the strict pass's
    std::multiset<std::string> Extra;
    for (const Condition &C : Long.Conditions)
      Extra.insert(C.Text);
    for (const Condition &C : Short.Conditions) {
      auto It = Extra.find(C.Text);
      if (It == Extra.end())
        return false;
      Extra.erase(It);
    }
    return true;
  };
  for (auto &[Key, Members] : Loose) {
    if (Members.size() < 2)
      continue;
    std::sort(Members.begin(), Members.end());
    const int64_t W = Accesses[Members.front().second]->WidthBytes;
    if (2 * W > 16)
      continue;
    for (size_t P = 0; P < Members.size(); ++P)
      for (size_t O : {P - 1, P + 1})
        if (O < Members.size() && Members[O].first - Members[P].first == (O > P ? W : -W) &&
            nested(Members[P].second, Members[O].second)) {
          markPair(Members[P].second, Members[O].second, W);
          break;
        }
  }
}

} // namespace ldslint
