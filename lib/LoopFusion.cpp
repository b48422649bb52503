//===- LoopFusion.cpp ------------------------------------------------------===//
#include "LoopFusion.h"

#include "Polynomial.h"

#include <algorithm>

namespace ldslint {

namespace {

bool mentions(const SymExpr &E, const std::set<SymbolId> &Vars) {
  bool Found = false;
  forEachSymbol(E, [&](SymbolId S) { Found = Found || Vars.count(S); });
  return Found;
}

/// Bytes the address moves per iteration of \p L when it is the loop
/// variable times a constant plus terms that do not change in the loop.
std::optional<int64_t> bytesPerIteration(const AccessModel &A, const LoopModel &L,
                                         const std::set<SymbolId> &Stepped) {
  if (!L.Step || !L.Step->isConst())
    return std::nullopt;
  const Polynomial P = Polynomial::of(A.Address);
  std::optional<unsigned> VarAtom;
  for (unsigned I = 0; I < P.Atoms.size(); ++I) {
    const SymRef &Atom = P.Atoms[I];
    if (Atom->K == SymExpr::Kind::Symbol && Atom->Sym == L.Var)
      VarAtom = I;
    else if (mentions(*Atom, Stepped))
      return std::nullopt; // `s[i % 8]`, `s[i * i]`, a companion variable
  }
  if (!VarAtom)
    return std::nullopt;
  int64_t Coeff = 0;
  for (const auto &[Monomial, C] : P.Terms) {
    if (std::find(Monomial.begin(), Monomial.end(), *VarAtom) == Monomial.end())
      continue;
    if (Monomial.size() != 1)
      return std::nullopt; // `i * stride`: the distance is not a constant
    Coeff = C;
  }
  return Coeff * L.Step->Value;
}

/// \p A as one access of \p Group times its width, made by the first of
/// every \p Group iterations of \p L.
AccessModel fusedAccess(const AccessModel &A, const LoopModel &L, unsigned Group) {
  AccessModel F = A;
  F.WidthBytes = A.WidthBytes * Group;
  const IntType T = L.VarType;
  const SymRef Since = SymExpr::binary(Op::Sub, SymExpr::symbol(L.Var, T),
                                       SymExpr::cast(L.Init, T), T);
  const SymRef Phase =
      SymExpr::binary(Op::Rem, Since, SymExpr::constant(Group, T), T);
  F.Conditions.push_back(
      {SymExpr::binary(Op::EQ, Phase, SymExpr::constant(0, T), IntType{32, true}),
       "the first of " + std::to_string(Group) + " fused iterations"});
  return F;
}

/// Whether every lane's address at the first of every \p Group iterations
/// is a multiple of the fused width (Ok), some lane's certainly is not
/// (Conflict), or neither is known (Unknown).
Verdict alignmentOfGroups(const KernelModel &Kernel, const AccessModel &A,
                          const LoopModel &L, unsigned Group,
                          const std::optional<BlockShape> &Shape,
                          const BankModel &Model, const EvalOptions &Options,
                          int64_t Skip = 0) {
  const int64_t Bytes = int64_t(A.WidthBytes) * Group;
  if (A.BaseAlign < Bytes)
    return Verdict::Unknown;
  // The address moves by the fused width from one group to the next, so
  // the first iteration decides: the address at i = init, over every lane
  // and every iteration of the outer loops.
  AccessModel Check = A;
  // L's own iterations are what groups; the other loops stay enumerated.
  for (size_t I = Check.Loops.size(); I-- > 0;)
    if (&Kernel.Loops[Check.Loops[I]] == &L) {
      Check.Loops.erase(Check.Loops.begin() + static_cast<std::ptrdiff_t>(I));
      break;
    }
  const IntType T = A.Address->Type;
  SymRef First = substitute(A.Address, [&](SymbolId S) -> SymRef {
    return S == L.Var ? SymExpr::cast(L.Init, L.VarType) : nullptr;
  });
  // \p Skip bytes on: the groups that start at a later iteration.
  if (Skip)
    First = SymExpr::binary(Op::Add, First, SymExpr::constant(Skip, T), T);
  Check.Address =
      SymExpr::binary(Op::And, First, SymExpr::constant(Bytes - 1, T), T);
  EvalOptions O = Options;
  O.ExpectZeroAddress = true;
  O.StopAtFirstConflict = false;
  O.PictureAt.reset();
  return evaluateAccess(Kernel, Check, Shape, Model, O).Status;
}

bool alignedForGroups(const KernelModel &Kernel, const AccessModel &A,
                      const LoopModel &L, unsigned Group,
                      const std::optional<BlockShape> &Shape,
                      const BankModel &Model, const EvalOptions &Options,
                      int64_t Skip = 0) {
  return alignmentOfGroups(Kernel, A, L, Group, Shape, Model, Options, Skip) == Verdict::Ok;
}

/// Whether \p A's address at the first iteration of \p L depends on the
/// thread indices alone: then addresses that differ in alignment belong to
/// different lanes of one instruction. (With an outer loop variable or an
/// unknown value, they may belong to different unrolled copies or launches,
/// which ptxas can fuse each in its own way.)
bool onlyThreadIndices(const KernelModel &Kernel, const AccessModel &A, const LoopModel &L) {
  bool Only = true;
  forEachSymbol(*A.Address, [&](SymbolId S) {
    const SymbolKind K = Kernel.Symbols[S].Kind;
    Only &= S == L.Var || K == SymbolKind::ThreadIdx || K == SymbolKind::BlockDim;
  });
  if (L.Init)
    forEachSymbol(*L.Init, [&](SymbolId S) {
      const SymbolKind K = Kernel.Symbols[S].Kind;
      Only &= K == SymbolKind::ThreadIdx || K == SymbolKind::BlockDim;
    });
  return Only;
}

/// Whether \p S has one value for every thread of a warp: a kernel
/// argument, blockIdx, a value every lane loads alike or one lane hands to
/// the whole warp (a shuffle), or the variable of a loop whose start and
/// steps are made of such values. (A shuffle's value is not known to
/// ptxas either, which is all threadsDisagreeOnPairs needs.)
bool sameForEveryThread(const KernelModel &Kernel, SymbolId S, unsigned Depth = 0) {
  if (S >= Kernel.Symbols.size() || Depth > 4)
    return false;
  const SymbolInfo &I = Kernel.Symbols[S];
  if (I.Kind == SymbolKind::Unknown)
    return !I.LaneVarying && !I.Structural;
  if (I.Kind != SymbolKind::LoopVar || I.LoopIndex >= Kernel.Loops.size())
    return false;
  // The loop's own start, test and step, and the variable's when it is
  // another variable stepped with the loop's (a companion).
  const LoopModel &L = Kernel.Loops[I.LoopIndex];
  std::vector<SymRef> Reads{L.Init, L.Cond, L.Next};
  if (S != L.Var) {
    const auto C = std::find_if(L.Companions.begin(), L.Companions.end(),
                                [&](const LoopCompanion &C) { return C.Var == S; });
    if (C == L.Companions.end())
      return false;
    Reads.push_back(C->Init);
    Reads.push_back(C->Next);
  }
  bool Same = true;
  for (const SymRef &E : Reads) {
    if (!E)
      return false;
    forEachSymbol(*E, [&](SymbolId T) {
      Same = Same && (T == S || T == L.Var || Kernel.Symbols[T].Kind == SymbolKind::BlockDim ||
                      sameForEveryThread(Kernel, T, Depth + 1));
    });
  }
  return Same;
}

/// Which kinds of symbol an address mentions, when it is a sum of a part
/// made of thread indices and a part made of values the same for every
/// thread, as integers modulo a power of two (casts, constant factors and
/// functions of one kind alone are kept apart): bit 0 thread indices, bit 1
/// the others. Nothing when the two meet in a product or another
/// operation, or a symbol is neither.
std::optional<unsigned> threadAndSharedParts(const KernelModel &Kernel, const SymExpr &E) {
  constexpr unsigned Thread = 1, Shared = 2;
  switch (E.K) {
  case SymExpr::Kind::Const:
    return 0u;
  case SymExpr::Kind::Symbol: {
    const SymbolKind K = E.Sym < Kernel.Symbols.size() ? Kernel.Symbols[E.Sym].Kind
                                                       : SymbolKind::Unknown;
    if (K == SymbolKind::ThreadIdx || K == SymbolKind::Lane)
      return Thread;
    if (K == SymbolKind::BlockDim)
      return 0u; // known under the launch shape, like a constant
    if (sameForEveryThread(Kernel, E.Sym))
      return Shared;
    return std::nullopt;
  }
  default:
    break;
  }
  std::optional<unsigned> Parts = 0u;
  for (const SymRef &Child : {E.A, E.B, E.C})
    if (Child) {
      const std::optional<unsigned> C = threadAndSharedParts(Kernel, *Child);
      if (!C)
        return std::nullopt;
      *Parts |= *C;
    }
  if (*Parts != (Thread | Shared))
    return Parts; // one kind alone: any operation keeps it so
  const bool ConstantFactor = (E.A && E.A->isConst()) || (E.B && E.B->isConst());
  switch (E.Opcode) {
  case Op::Add:
  case Op::Sub:
  case Op::Neg:
    return Parts;
  case Op::Cast: // the low 3 bits survive any width of 3 bits or more
    return E.Type.Bits >= 3 ? Parts : std::nullopt;
  case Op::Mul:
    return ConstantFactor ? Parts : std::nullopt;
  case Op::Shl:
    return E.B && E.B->isConst() ? Parts : std::nullopt;
  default:
    return std::nullopt;
  }
}

/// \p E, separable as threadAndSharedParts says, with each maximal term
/// made only of values the same for every thread replaced by 0 (null when
/// it is not separable).
SymRef withoutSharedPart(const KernelModel &Kernel, const SymRef &E) {
  const std::optional<unsigned> Parts = threadAndSharedParts(Kernel, *E);
  if (!Parts)
    return nullptr;
  if (*Parts == 2)
    return SymExpr::constant(0, E->Type);
  if (*Parts != 3)
    return E;
  // Both kinds meet here: a sum, a difference, a negation, a cast or a
  // product by a constant (threadAndSharedParts allows no other).
  SymRef A = E->A ? withoutSharedPart(Kernel, E->A) : nullptr;
  SymRef B = E->B ? withoutSharedPart(Kernel, E->B) : nullptr;
  if ((E->A && !A) || (E->B && !B))
    return nullptr;
  if (E->K == SymExpr::Kind::Unary)
    return SymExpr::unary(E->Opcode, A, E->Type);
  if (E->K == SymExpr::Kind::Binary)
    return SymExpr::binary(E->Opcode, A, B, E->Type);
  return nullptr;
}

/// Whether ptxas can fuse no pair of consecutive iterations of \p L: the
/// threads of one instruction disagree on the 8-byte alignment of every
/// pairing. Either the address depends on the thread indices alone, or it
/// adds to them a part that is the same for every thread (a kernel
/// argument, blockIdx, an outer loop's variable: convolutionSeparable's
/// `s_Data[ty][tx + i * 16 + j]`); such a part moves every thread's
/// address alike, so threads that disagree without it disagree with it,
/// whatever its value, and no pairing can be proved aligned.
bool threadsDisagreeOnPairs(const KernelModel &Kernel, const AccessModel &A,
                            const LoopModel &L, const std::optional<BlockShape> &Shape,
                            const BankModel &Model, const EvalOptions &Options) {
  if (A.BaseAlign < 2 * A.WidthBytes)
    return false;
  auto Disagree = [&](const AccessModel &Check) {
    return !alignedForGroups(Kernel, Check, L, 2, Shape, Model, Options) &&
           !alignedForGroups(Kernel, Check, L, 2, Shape, Model, Options,
                             int64_t(A.WidthBytes));
  };
  if (onlyThreadIndices(Kernel, A, L))
    return Disagree(A);
  if (!L.Init)
    return false;
  const SymRef First = substitute(A.Address, [&](SymbolId S) -> SymRef {
    return S == L.Var ? SymExpr::cast(L.Init, L.VarType) : nullptr;
  });
  const std::optional<unsigned> Parts = threadAndSharedParts(Kernel, *First);
  if (!Parts || !(*Parts & 1))
    return false;
  // The part every thread shares set to 0 (each term of it as a whole, so
  // that nothing inside it is evaluated at a value it never takes): what is
  // left tells the threads apart. Only a lane certainly misaligned counts.
  AccessModel Check = A;
  Check.Address = withoutSharedPart(Kernel, First);
  if (!Check.Address)
    return false;
  return alignmentOfGroups(Kernel, Check, L, 2, Shape, Model, Options) == Verdict::Conflict &&
         alignmentOfGroups(Kernel, Check, L, 2, Shape, Model, Options,
                           int64_t(A.WidthBytes)) == Verdict::Conflict;
}

std::string instructionName(const AccessModel &A, unsigned Bytes) {
  return std::string(A.Kind == AccessKind::Write ? "STS." : "LDS.") +
         std::to_string(Bytes * 8);
}

} // namespace

namespace {
/// 1- and 2-byte accesses of consecutive iterations of a loop nvcc unrolls
/// completely are made wider stores and loads before ptxas (FlashAttention
/// 2's `cute::fill` of a half tile: 2-byte stores as written,
/// `st.shared.v4.u32` in nvcc's PTX). That was not measured: a conflict of
/// the access as written is not claimed; no conflict is kept, with no mean.
EvalResult subWordAsEmitted(const KernelModel &Kernel, const AccessModel &Access,
                            const std::optional<BlockShape> &Shape,
                            const BankModel &Model, const EvalOptions &Options,
                            EvalResult AsWritten) {
  const LoopModel &L = Kernel.Loops[Access.Loops.back()];
  if (!L.Enumerable || !L.Init || L.UnrollDisabled || L.ExitsInBody ||
      AsWritten.Status == Verdict::Unknown)
    return AsWritten;
  const std::optional<uint64_t> Trips = constantTripCount(L);
  if (!Trips || *Trips < 2)
    return AsWritten;
  std::set<SymbolId> Companions;
  for (const LoopCompanion &C : L.Companions)
    Companions.insert(C.Var);
  if (!mentions(*Access.Address, {L.Var}) || mentions(*Access.Address, Companions))
    return AsWritten;
  // Unrolled, the iterations' addresses differ by constants; the wider
  // access needs two consecutive ones a width apart (`tile[t * 8 + i]`,
  // CuTe's `i % 8 + i / 8 * stride`), not `s[base + pos]` with `pos = (pos
  // + 4) & 63` (NVIDIA's histogram64: 1-byte reads, measured as written).
  auto At = [&](int64_t V) {
    return substitute(Access.Address, [&](SymbolId S) -> SymRef {
      return S == L.Var ? SymExpr::constant(V, L.VarType) : nullptr;
    });
  };
  std::optional<int64_t> Value = evaluate(*L.Init, [](SymbolId) { return std::nullopt; });
  bool Adjacent = false;
  for (uint64_t K = 0; Value && K + 1 < std::min<uint64_t>(*Trips, 64) && !Adjacent; ++K) {
    const std::optional<int64_t> After = evaluate(*L.Next, [&](SymbolId S) {
      return S == L.Var ? Value : std::nullopt;
    });
    if (!After)
      break;
    const IntType I64{64, true};
    const std::optional<int64_t> D = constantValue(Polynomial::of(SymExpr::binary(
        Op::Sub, SymExpr::cast(At(*After), I64), SymExpr::cast(At(*Value), I64), I64)).toExpr());
    Adjacent = D && std::llabs(*D) == int64_t(Access.WidthBytes);
    Value = After;
  }
  // Shared memory has no misaligned vector access: where the address
  // depends on thread indices alone and the lanes of one instruction
  // disagree on the alignment of every pairing (`temp[t * 13 + i]` of
  // bytes, CUB's radix sort), nothing is widened. (An address with an
  // unknown offset may still be aligned: FlashAttention 2's tiles.)
  if (!Adjacent ||
      threadsDisagreeOnPairs(Kernel, Access, L, Shape, Model, Options))
    return AsWritten;
  const std::string Why = "the compiler may make one wider access of the " +
                          std::to_string(Access.WidthBytes) +
                          "-byte accesses of consecutive iterations of '" +
                          Kernel.symbolName(L.Var) +
                          "', a loop it unrolls (nvcc does, before ptxas; not measured)";
  if (AsWritten.Status == Verdict::Conflict) {
    AsWritten.Status = Verdict::Unknown;
    AsWritten.Reason = Why + "; as written it would be " + degreeWords(AsWritten);
    return AsWritten;
  }
  AsWritten.MeanKnown = false;
  AsWritten.Assumptions.push_back(Why + ": assumed the wider access is conflict-free "
                                        "too, as each of its parts is");
  return AsWritten;
}
} // namespace

std::optional<uint64_t> constantTripCount(const LoopModel &Loop, uint64_t Limit) {
  // Companions do not change it: a header that reads one does not evaluate
  // below.
  if (!Loop.Init || !Loop.Cond || !Loop.Next || !Loop.Enumerable)
    return std::nullopt;
  auto Own = [&](int64_t V) {
    return [&Loop, V](SymbolId S) -> std::optional<int64_t> {
      if (S == Loop.Var)
        return V;
      return std::nullopt;
    };
  };
  std::optional<int64_t> V = evaluate(*Loop.Init, Own(0));
  if (!V)
    return std::nullopt;
  V = Loop.VarType.wrap(*V);
  uint64_t Trips = 0;
  for (bool First = true; Trips <= Limit; First = false) {
    if (!(First && Loop.TestAfterBody)) {
      const std::optional<int64_t> Go = evaluate(*Loop.Cond, Own(*V));
      if (!Go)
        return std::nullopt;
      if (!*Go)
        return Trips;
    }
    ++Trips;
    V = evaluate(*Loop.Next, Own(*V));
    if (!V)
      return std::nullopt;
  }
  return std::nullopt;
}

namespace {
/// One way a back end may emit an access: its name and its result.
struct Form {
  std::string Name;
  EvalResult Result;
};

/// Which of \p Forms runs is not known: the verdict they all share is
/// claimed, with the mildest degree and \p Why (followed by each form's
/// answer) as an assumption; where they differ, a conflict of the first
/// (as written) is not claimed: unknown for \p Why. \p Outer: the forms
/// fuse across unrolled inner loops (their wavefront counts then differ).
EvalResult claimWhatFormsShare(const std::vector<Form> &Forms, std::string Why,
                               bool Outer) {
  std::string Each;
  bool AllOk = true, AllConflict = Forms.size() > 1;
  size_t Mildest = 0;
  for (size_t I = 0; I < Forms.size(); ++I) {
    const EvalResult &R = Forms[I].Result;
    AllOk = AllOk && R.Status == Verdict::Ok;
    AllConflict = AllConflict && R.Status == Verdict::Conflict;
    if (R.Degree < Forms[Mildest].Result.Degree)
      Mildest = I;
    Each += (I ? "; " : "") + Forms[I].Name + ": " +
            (R.Status == Verdict::Unknown
                 ? std::string("not decided")
                 : R.Status == Verdict::Ok ? std::string("no conflict")
                                           : degreeWords(R));
  }
  Why += Each;
  if (AllOk || AllConflict) {
    EvalResult R = Forms[AllOk ? 0 : Mildest].Result;
    // Which instructions run is not known: the mildest degree holds, the
    // wavefront counts of one form are not a prediction (nor are they where
    // the forms are all conflict-free but count differently: a broadcast
    // LDS.128 takes 2 wavefronts where the LDS it fuses take 1).
    bool SameCounts = true;
    for (const Form &F : Forms)
      SameCounts = SameCounts && F.Result.Wavefronts == R.Wavefronts &&
                   F.Result.Ideal == R.Ideal;
    R.MeanKnown = R.MeanKnown && AllOk && (SameCounts || !Outer);
    R.Assumptions.push_back(Why);
    return R;
  }
  EvalResult R = Forms.front().Result;
  if (R.Status == Verdict::Conflict) {
    R.Status = Verdict::Unknown;
    R.Reason = Why;
  } else {
    R.Assumptions.push_back(Why);
  }
  return R;
}

/// The AMDGPU back end unrolls loops and its load/store vectorizer merges
/// the accesses of consecutive iterations, as it does straight-line ones
/// (MIOpen's `lsum[lid][i]` of 8-byte counters, i < 4: two ds_write_b128
/// at -O3). Which iterations it merges depends on the unrolling, so only
/// what every form shares is claimed: as written, pairs, quads (4-byte).
/// Not measured on AMD hardware (the lane groupings are the published ones).
EvalResult amdAsEmitted(const KernelModel &Kernel, const AccessModel &Access,
                        const std::optional<BlockShape> &Shape,
                        const BankModel &Model, const EvalOptions &Options) {
  EvalResult Written = evaluateAccess(Kernel, Access, Shape, Model, Options);
  if ((Access.WidthBytes != 4 && Access.WidthBytes != 8) ||
      Access.Kind == AccessKind::Atomic || !Access.Address || Access.Loops.empty() ||
      Options.ExpectZeroAddress || Written.Status == Verdict::Unknown)
    return Written;
  const LoopModel &L = Kernel.Loops[Access.Loops.back()];
  if (!L.Enumerable || !L.Init || L.UnrollDisabled || L.ExitsInBody)
    return Written;
  std::set<SymbolId> Stepped{L.Var};
  for (const LoopCompanion &C : L.Companions)
    Stepped.insert(C.Var);
  const std::optional<int64_t> B = bytesPerIteration(Access, L, Stepped);
  if (!B || *B != int64_t(Access.WidthBytes))
    return Written;
  for (const Condition &C : Access.Conditions)
    if (!C.Expr || mentions(*C.Expr, Stepped))
      return Written; // some iterations only: a branch between them
  const std::optional<uint64_t> Trips = constantTripCount(L);
  if (Trips && *Trips < 2)
    return Written;
  const char *Op = Access.Kind == AccessKind::Write ? "ds_write_b" : "ds_read_b";
  std::vector<Form> Forms;
  Forms.push_back({"as written (" + std::to_string(Access.WidthBytes) + "-byte)",
                   std::move(Written)});
  if (alignedForGroups(Kernel, Access, L, 2, Shape, Model, Options))
    Forms.push_back({"as " + std::string(Op) + std::to_string(16 * Access.WidthBytes) +
                         " pairs",
                     evaluateAccess(Kernel, fusedAccess(Access, L, 2), Shape, Model,
                                    Options)});
  if (Access.WidthBytes == 4 && alignedForGroups(Kernel, Access, L, 4, Shape, Model, Options))
    Forms.push_back({"as " + std::string(Op) + "128",
                     evaluateAccess(Kernel, fusedAccess(Access, L, 4), Shape, Model,
                                    Options)});
  if (Forms.size() == 1)
    return std::move(Forms.front().Result);
  return claimWhatFormsShare(
      Forms,
      "the AMDGPU back end may unroll '" + Kernel.symbolName(L.Var) +
          "' and merge the accesses of consecutive iterations into wider ones, as "
          "clang -O3 does (the lane groupings of the wider instructions are the "
          "published ones, not measured); ",
      false);
}
} // namespace

EvalResult evaluateAsEmitted(const KernelModel &Kernel, const AccessModel &Access,
                             const std::optional<BlockShape> &Shape,
                             const BankModel &Model, const EvalOptions &Options) {
  auto AsWritten = [&] {
    return evaluateAccess(Kernel, Access, Shape, Model, Options);
  };
  if (Model.IsAMD)
    return amdAsEmitted(Kernel, Access, Shape, Model, Options);
  if (Model.Fam != BankFamily::NvidiaVoltaPlus || Access.WidthBytes > 8 ||
      Access.Kind == AccessKind::Atomic || !Access.Address ||
      Access.Loops.empty() || Options.ExpectZeroAddress)
    return AsWritten();
  if (Access.WidthBytes < 4)
    return subWordAsEmitted(Kernel, Access, Shape, Model, Options, AsWritten());
  // The loop whose consecutive iterations are a width apart: the innermost,
  // or an outer one whose inner loops ptxas unrolls completely (a GEMM's
  // `for (i < BK) for (j < TM) a[j] = As[(ty + j) * BK + i]`: LDS.128 over
  // `i`, measured on sgemm-practice's kernels).
  const LoopModel *Chosen = nullptr;
  bool Outer = false;
  for (size_t Pos = Access.Loops.size(); Pos-- > 0 && !Chosen;) {
    const LoopModel &C = Kernel.Loops[Access.Loops[Pos]];
    if (!C.Enumerable || !C.Init || C.UnrollDisabled)
      return AsWritten();
    std::set<SymbolId> Own{C.Var};
    for (const LoopCompanion &Co : C.Companions)
      Own.insert(Co.Var);
    const std::optional<int64_t> B = bytesPerIteration(Access, C, Own);
    if (B && *B == int64_t(Access.WidthBytes)) {
      Chosen = &C;
      Outer = Pos + 1 < Access.Loops.size();
      break;
    }
    // An inner loop between: unrolled completely, without exits or
    // companions, for ptxas to see the outer iterations side by side.
    const std::optional<uint64_t> Trips = constantTripCount(C, 64);
    if (!Trips || C.ExitsInBody || !C.Companions.empty() || C.TestAfterBody)
      return AsWritten();
  }
  if (!Chosen)
    return AsWritten();
  const LoopModel &L = *Chosen;
  std::set<SymbolId> Stepped{L.Var};
  for (const LoopCompanion &C : L.Companions)
    Stepped.insert(C.Var);
  if (Outer) // a condition on another loop's variable: some iterations only
    for (unsigned Index : Access.Loops)
      Stepped.insert(Kernel.Loops[Index].Var);
  for (const Condition &C : Access.Conditions)
    if (!C.Expr || mentions(*C.Expr, Stepped))
      return AsWritten(); // some iterations only: not measured
  const std::optional<uint64_t> Trips = constantTripCount(L);
  if (Trips && *Trips < 2)
    return AsWritten();

  const std::string Loop = "'" + Kernel.symbolName(L.Var) + "'";
  // 8-byte accesses: as written or in 16-byte pairs, whichever ptxas emits
  // (HeCBench's bitpermute reads `xchg[gid][rev][i]` of 8-byte elements as
  // LDS.128 pairs, measured; not a rule yet). Only what both share.
  const bool Pairs8 = Access.WidthBytes == 8;
  if (Pairs8 && (L.ExitsInBody || Options.RelocatableDeviceCode))
    return AsWritten();
  if (L.ExitsInBody) {
    // Fusing would issue the next iteration's access before its `break`
    // is tested; whether ptxas does so for reads is not measured.
    EvalResult R = AsWritten();
    R.Assumptions.push_back(
        "assumed ptxas keeps the iterations of " + Loop +
        " apart: each may leave the loop at a break before this access (not "
        "measured)");
    return R;
  }
  if (Options.RelocatableDeviceCode) {
    EvalResult R = AsWritten();
    R.Assumptions.push_back(
        "relocatable device code (-fgpu-rdc, nvcc -rdc=true): ptxas does not "
        "fuse iterations of " + Loop + " into wider accesses (measured on the "
        "H200), so the access runs as written");
    return R;
  }
  const bool Quads =
      !Pairs8 && alignedForGroups(Kernel, Access, L, 4, Shape, Model, Options);
  if (Quads && Trips && *Trips % 4 == 0 && !Options.PtxFromClang && !Outer) {
    EvalResult R = evaluateAccess(Kernel, fusedAccess(Access, L, 4), Shape, Model,
                                  Options);
    R.Assumptions.push_back(
        "ptxas fuses 4 consecutive iterations of " + Loop + " into one 16-byte " +
        instructionName(Access, 16) +
        " (16-byte aligned rows, measured on the H200); the result is per " +
        instructionName(Access, 16));
    return R;
  }

  // ptxas merges only accesses it can prove aligned (measured: a pair
  // misaligned for every thread, or aligned only under the launched shape,
  // stays two LDS). When lanes of one instruction disagree on the alignment
  // of every pairing of iterations, no pairing is provable: as written.
  if (!Pairs8 && !Outer && threadsDisagreeOnPairs(Kernel, Access, L, Shape, Model, Options)) {
    EvalResult R = AsWritten();
    R.Assumptions.push_back(
        "ptxas keeps the iterations of " + Loop + " apart: the lanes disagree on "
        "the 8-byte alignment of every pairing, and ptxas merges only accesses it "
        "can prove aligned (measured on the H200)");
    return R;
  }

  // Not a measured case: claim only what every way of emitting it shares.
  std::vector<Form> Forms;
  Forms.push_back({"as written (" + std::to_string(Access.WidthBytes) + "-byte)",
                   AsWritten()});
  // Dynamic shared memory starts 16-byte aligned as ptxas sees it
  // (pairs17.cu, PtxasMerging.cpp): bitpermute's `extern __shared__ fr_t
  // exchange[]` of 8-byte elements is read as LDS.128 pairs.
  AccessModel Paired = Access;
  if (Pairs8 && Access.DynamicShared)
    Paired.BaseAlign = std::max(Paired.BaseAlign, 16u);
  if (alignedForGroups(Kernel, Paired, L, 2, Shape, Model, Options))
    Forms.push_back({"as " + instructionName(Access, 2 * Access.WidthBytes) + " pairs",
                     evaluateAccess(Kernel, fusedAccess(Paired, L, 2), Shape,
                                    Model, Options)});
  if (Quads)
    Forms.push_back({"as " + instructionName(Access, 16),
                     evaluateAccess(Kernel, fusedAccess(Access, L, 4), Shape,
                                    Model, Options)});
  // 8-byte accesses with no aligned pairing run as written (as 4-byte
  // ones do, measured).
  if (Pairs8 && Forms.size() == 1)
    return Forms.front().Result;
  const std::string Why =
      "ptxas may fuse the accesses of consecutive iterations of " + Loop +
      " into wider ones (" +
      (Outer ? std::string("across the unrolled loops inside it: measured on a GEMM "
                           "(LDS.128), not a rule yet")
       : Pairs8 ? std::string("8-byte accesses: pairs measured once, not a rule")
       : Options.PtxFromClang && Quads && Trips && *Trips % 4 == 0
           ? std::string("of clang's PTX it fuses only some, measured")
       : Trips ? std::string("rows not 16-byte aligned or a trip count not a "
                             "multiple of 4: not measured")
               : std::string("trip count not a compile-time constant: not "
                             "measured")) +
      "); ";
  return claimWhatFormsShare(Forms, Why, Outer);
}

} // namespace ldslint
