//===- PtxasMerging.cpp ----------------------------------------------------===//
#include "PtxasMerging.h"

#include "LoopFusion.h"
#include "Polynomial.h"

#include <algorithm>

namespace ldslint {

namespace {

/// A step that is blockDim.x (times a positive constant): a grid-stride or
/// block-stride loop.
bool stepIsBlockWide(const SymRef &Step, const KernelModel &Kernel) {
  const Polynomial P = Polynomial::of(Step);
  if (P.Terms.size() != 1)
    return false;
  const auto &[Monomial, C] = *P.Terms.begin();
  if (Monomial.size() != 1 || C <= 0)
    return false;
  const SymRef &E = P.Atoms[Monomial[0]];
  return E->K == SymExpr::Kind::Symbol && E->Sym < Kernel.Symbols.size() &&
         Kernel.Symbols[E->Sym].Kind == SymbolKind::BlockDim &&
         Kernel.Symbols[E->Sym].Dim == 0;
}

/// Whether consecutive iterations of \p A's innermost loop may hold
/// accesses next to this one: then ptxas may fuse across iterations as
/// well (LoopFusion.h), which these measurements do not cover. No, where
/// the address does not move with the loop's variable, or moves by a
/// constant 64 bytes or more per iteration in a loop without a constant
/// trip count (`for (p = t; p < n; p += blockDim.x)` moves by 8 *
/// blockDim.x bytes: never next to it for blocks of whole warps).
bool iterationsMayBeAdjacent(const AccessModel &A, const KernelModel &Kernel) {
  if (A.Loops.empty())
    return false;
  const LoopModel &L = Kernel.Loops[A.Loops.back()];
  bool Mentioned = false;
  forEachSymbol(*A.Address, [&](SymbolId S) { Mentioned = Mentioned || S == L.Var; });
  if (!Mentioned)
    return false;
  if (constantTripCount(L))
    return true;
  const Polynomial P = Polynomial::of(A.Address);
  int64_t Coeff = 0;
  for (const auto &[Monomial, C] : P.Terms)
    for (unsigned Atom : Monomial) {
      const SymRef &E = P.Atoms[Atom];
      const bool IsVar = E->K == SymExpr::Kind::Symbol && E->Sym == L.Var;
      bool Inside = false;
      forEachSymbol(*E, [&](SymbolId S) { Inside = Inside || S == L.Var; });
      if (Inside && (!IsVar || Monomial.size() != 1))
        return true; // `s[i % 8]`, `s[i * stride]`
      if (IsVar)
        Coeff = C;
    }
  const auto Step = L.Step ? constantValue(L.Step) : std::nullopt;
  if (!Step)
    return !L.Step || !stepIsBlockWide(L.Step, Kernel);
  const int64_t Bytes = Coeff * *Step;
  return Bytes > -64 && Bytes < 64;
}

} // namespace

/// The remainders modulo \p Bytes of \p A's address over every thread of
/// \p Shape, where the part of it that is not a multiple of \p Bytes depends
/// on thread indices alone (else nullopt).
std::optional<std::set<int64_t>>
remaindersOverThreads(const AccessModel &A, const KernelModel &Kernel,
                      const std::optional<BlockShape> &Shape, int64_t Bytes) {
  if (!A.Address)
    return std::nullopt;
  const Polynomial P = Polynomial::of(A.Address);
  std::vector<std::pair<int64_t, SymRef>> Varying;
  int64_t Constant = 0;
  for (const auto &[Monomial, Coeff] : P.Terms) {
    if (Monomial.empty()) {
      Constant = Coeff;
      continue;
    }
    if (Coeff % Bytes == 0)
      continue;
    if (Monomial.size() != 1)
      return std::nullopt;
    const SymRef &Atom = P.Atoms[Monomial[0]];
    bool OnlyThreads = true;
    forEachSymbol(*Atom, [&](SymbolId S) {
      OnlyThreads = OnlyThreads && S < Kernel.Symbols.size() &&
                    Kernel.Symbols[S].Kind == SymbolKind::ThreadIdx;
    });
    if (!OnlyThreads)
      return std::nullopt;
    Varying.push_back({Coeff, Atom});
  }
  std::set<int64_t> Remainders;
  if (Varying.empty())
    return std::set<int64_t>{((Constant % Bytes) + Bytes) % Bytes};
  if (!Shape)
    return std::nullopt;
  for (unsigned Z = 0; Z < Shape->Z; ++Z)
    for (unsigned Y = 0; Y < Shape->Y; ++Y)
      for (unsigned X = 0; X < Shape->X; ++X) {
        const int64_t Index[3] = {X, Y, Z};
        const SymbolValues Values = [&](SymbolId S) -> std::optional<int64_t> {
          const SymbolInfo &I = Kernel.Symbols[S];
          if (I.Kind == SymbolKind::ThreadIdx && I.Dim < 3)
            return Index[I.Dim];
          return std::nullopt;
        };
        int64_t R = Constant;
        for (const auto &[Coeff, Atom] : Varying) {
          const std::optional<int64_t> V = evaluate(*Atom, Values);
          if (!V)
            return std::nullopt;
          R += Coeff * *V;
        }
        Remainders.insert(((R % Bytes) + Bytes) % Bytes);
      }
  return Remainders;
}

// Dynamic shared memory (`extern __shared__`) is 8-byte aligned for ptxas
// though declared with 4, and merged also with relocatable device code,
// where ptxas does not place the static arrays.
bool decidePtxasRun(const KernelModel &Kernel, std::vector<RunMember> &Run,
                    const std::optional<BlockShape> &LaunchedBlock,
                    const PtxasMerging &Ptxas) {
  const size_t Count = Run.size();
  if (Count != 2 && Count != 4)
    return false;
  const AccessModel &Low = *Run.front().Access;
  if (Low.WidthBytes != 4 || !Low.Address)
    return false;
  // "the one at line 3, column 5", "the ones at ...", or, for the pieces
  // of one copy (a struct assigned whole), "the other accesses of this
  // expression".
  auto Where = [&](const RunMember &Self) {
    std::vector<std::string> Places;
    for (const RunMember &O : Run) {
      if (&O == &Self || (O.Line == Self.Line && O.Column == Self.Column &&
                          O.File == Self.File))
        continue;
      const std::string Place = "line " + std::to_string(O.Line) + ", column " +
                                std::to_string(O.Column);
      if (std::find(Places.begin(), Places.end(), Place) == Places.end())
        Places.push_back(Place);
    }
    if (Places.empty())
      return std::string(Count > 2 ? "the other accesses" : "the other access") +
             " of this expression";
    std::string Text = Places.size() > 1 ? "the ones at " : "the one at ";
    for (size_t K = 0; K < Places.size(); ++K)
      Text += (K ? ", " : "") + Places[K];
    return Text;
  };
  auto Note = [&](const std::string &Why) {
    for (RunMember &M : Run)
      M.Result->Assumptions.push_back("not merged with " + Where(M) + ": " + Why);
    return true;
  };
  if (Ptxas.RelocatableDeviceCode && !Low.DynamicShared)
    return Note("with relocatable device code (-fgpu-rdc, nvcc -rdc=true) "
                "ptxas merges no accesses of a static shared array (measured "
                "on the H200)");
  const int64_t Bytes = 4 * static_cast<int64_t>(Count);
  const unsigned BaseAlign =
      Low.DynamicShared ? std::max(Low.BaseAlign, 8u) : Low.BaseAlign;
  if (BaseAlign < Bytes)
    return false;
  // Alignment that depends on the thread needs the launched block.
  const auto Remainders = remaindersOverThreads(Low, Kernel, LaunchedBlock, Bytes);
  if (!Remainders)
    return false;
  const std::string EveryThread =
      "for every thread" +
      (LaunchedBlock ? " of the " + LaunchedBlock->str() + " block" : std::string());
  if (Count == 2 && !Remainders->count(0))
    return Note("the lower address is " + std::to_string(*Remainders->begin()) +
                " modulo 8 " + EveryThread +
                ", so no 8-byte instruction can serve both (measured on the "
                "H200)");
  std::vector<size_t> Indices;
  for (const RunMember &M : Run)
    Indices.push_back(M.Index);
  if (*Remainders != std::set<int64_t>{0} || !Ptxas.Adjacent(Indices) ||
      iterationsMayBeAdjacent(Low, Kernel))
    return false;
  AccessModel Wide = Low;
  Wide.WidthBytes = static_cast<unsigned>(Bytes);
  const EvalResult Merged = Ptxas.EvaluateWide(Run.front().Index, Wide);
  const std::string Instruction =
      std::string(Low.Kind == AccessKind::Write ? "STS." : "LDS.") +
      std::to_string(Bytes * 8);
  for (RunMember &M : Run) {
    *M.Result = Merged;
    M.Result->Assumptions.push_back(
        "ptxas merges this access with " + Where(M) + " into one " +
        std::to_string(Bytes) + "-byte " + Instruction + " (the lowest address is " +
        std::to_string(Bytes) + "-byte aligned " + EveryThread +
        "; measured on the H200); the result is that instruction's");
  }
  return true;
}

} // namespace ldslint
