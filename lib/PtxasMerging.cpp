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
  bool Mentioned = false, Companion = false;
  forEachSymbol(*A.Address, [&](SymbolId S) {
    Mentioned = Mentioned || S == L.Var;
    for (const LoopCompanion &C : L.Companions)
      Companion = Companion || S == C.Var;
  });
  if (Companion)
    return true; // `a = s[j]; b = s[j + 1]; j += 2;`
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

/// Low bits of \p E known to be zero (`(t << 2) & 124` has 2): what lets
/// ptxas, too, see that 4 * ((t << 2) & 124) is a multiple of 16.
unsigned knownTrailingZeros(const SymExpr &E) {
  auto Ctz = [](int64_t V) -> unsigned {
    return V == 0 ? 63u : static_cast<unsigned>(__builtin_ctzll(static_cast<uint64_t>(V)));
  };
  switch (E.K) {
  case SymExpr::Kind::Const:
    return Ctz(E.Value);
  case SymExpr::Kind::Symbol:
    return 0;
  case SymExpr::Kind::Unary:
    return E.Opcode == Op::Cast || E.Opcode == Op::Neg ? knownTrailingZeros(*E.A) : 0;
  case SymExpr::Kind::Binary: {
    const unsigned A = knownTrailingZeros(*E.A), B = knownTrailingZeros(*E.B);
    switch (E.Opcode) {
    case Op::Mul:
      return std::min(63u, A + B);
    case Op::Shl:
      return E.B->isConst() && E.B->Value >= 0 && E.B->Value < 63
                 ? std::min<unsigned>(63u, A + static_cast<unsigned>(E.B->Value))
                 : 0;
    case Op::And:
      return std::max(A, B);
    case Op::Add:
    case Op::Sub:
    case Op::Or:
    case Op::Xor:
      return std::min(A, B);
    default:
      return 0;
    }
  }
  case SymExpr::Kind::Ternary:
    return std::min(knownTrailingZeros(*E.B), knownTrailingZeros(*E.C));
  }
  return 0;
}

/// A uniform value the compiler cannot know (a kernel argument, blockIdx)
/// on which it depends whether \p A's
/// address is a multiple of \p Bytes: `&smem[n]` with `n` a kernel
/// argument. nullopt where the alignment depends on nothing such.
std::optional<std::string> unknowableAlignment(const AccessModel &A,
                                               const KernelModel &Kernel,
                                               int64_t Bytes) {
  if (!A.Address)
    return std::nullopt;
  const Polynomial P = Polynomial::of(A.Address);
  for (const auto &[Monomial, Coeff] : P.Terms) {
    if (Monomial.empty() || Coeff % Bytes == 0)
      continue;
    unsigned Zeros = static_cast<unsigned>(__builtin_ctzll(static_cast<uint64_t>(Coeff)));
    bool Uniform = true;
    std::string Name;
    for (unsigned Atom : Monomial) {
      Zeros += knownTrailingZeros(*P.Atoms[Atom]);
      forEachSymbol(*P.Atoms[Atom], [&](SymbolId S) {
        // Only what the compiler has no bits of: a kernel argument,
        // blockIdx (a value after a loop may have known low bits).
        const SymbolInfo *I = S < Kernel.Symbols.size() ? &Kernel.Symbols[S] : nullptr;
        const bool Opaque = I && I->Kind == SymbolKind::Unknown && !I->LaneVarying &&
                            !I->Structural &&
                            I->Origin != SymbolOrigin::Other;
        Uniform = Uniform && Opaque;
        if (Opaque && Name.empty())
          Name = Kernel.symbolName(S);
      });
    }
    if (Uniform && !Name.empty() && Zeros < 63 && (int64_t(1) << Zeros) % Bytes != 0)
      return Name;
  }
  return std::nullopt;
}

/// The alignment of the array's start as ptxas sees it. Dynamic shared
/// memory starts 16-byte aligned: two adjacent doubles of `extern
/// __shared__ double d[]` are one LDS.128 (pairs17.cu), two floats one
/// LDS.64 (pairs.cu).
unsigned ptxasBaseAlign(const AccessModel &A) {
  return A.DynamicShared ? std::max(A.BaseAlign, 16u) : A.BaseAlign;
}

} // namespace

bool loopIterationsMayBeAdjacent(const AccessModel &A, const KernelModel &Kernel) {
  return iterationsMayBeAdjacent(A, Kernel);
}

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
    unsigned Zeros = static_cast<unsigned>(__builtin_ctzll(static_cast<uint64_t>(Coeff)));
    for (unsigned Atom : Monomial)
      Zeros += knownTrailingZeros(*P.Atoms[Atom]);
    if (Zeros < 63 && (int64_t(1) << Zeros) % Bytes == 0)
      continue; // a multiple of the width whatever the thread
    if (Zeros >= 63)
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
  // Several findings may stand for one access (its pieces' places).
  std::vector<const AccessModel *> Distinct;
  for (const RunMember &M : Run)
    if (std::find(Distinct.begin(), Distinct.end(), M.Access) == Distinct.end())
      Distinct.push_back(M.Access);
  const size_t Count = Distinct.size();
  const AccessModel &Low = *Run.front().Access;
  // Two or four 4-byte words, or two 8-byte ones (pairs17.cu): at most one
  // 16-byte instruction.
  const int64_t Width = Low.WidthBytes;
  if (!Low.Address || (Width != 4 && Width != 8) || (Count != 2 && Count != 4) ||
      Width * static_cast<int64_t>(Count) > 16)
    return false;
  // "the one at line 3, column 5", "the ones at ...", or, for the pieces
  // of one copy (a struct assigned whole), "the other accesses of this
  // expression".
  auto Where = [&](const RunMember &Self) {
    std::vector<std::string> Places;
    for (const RunMember &O : Run) {
      if (O.Access == Self.Access || (O.Line == Self.Line && O.Column == Self.Column &&
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
  const int64_t Bytes = Width * static_cast<int64_t>(Count);
  const unsigned BaseAlign = ptxasBaseAlign(Low);
  if (BaseAlign < Bytes)
    return false;
  // ptxas cannot know a uniform value's low bits: where even a pair's
  // alignment depends on one (TensorRT's roiPooling writes four ints at
  // `(int *)&smem[n]`, n a kernel argument), nothing is merged.
  if (const std::optional<std::string> Name = unknowableAlignment(Low, Kernel, 2 * Width))
    return Note("whether the lower address is a multiple of " + std::to_string(2 * Width) +
                " bytes depends on " + *Name + ", which ptxas cannot know, and it "
                "merges only accesses it can prove aligned (measured on the H200)");
  // A pair misaligned for every thread of the launched block cannot be one
  // instruction, whatever ptxas knows.
  const auto Remainders = remaindersOverThreads(Low, Kernel, LaunchedBlock, Bytes);
  if (!Remainders)
    return false;
  if (Count == 2 && !Remainders->count(0))
    return Note("the lower address is " + std::to_string(*Remainders->begin()) +
                " modulo " + std::to_string(Bytes) + " for every thread" +
                (LaunchedBlock ? " of the " + LaunchedBlock->str() + " block"
                               : std::string()) +
                ", so no " + std::to_string(Bytes) +
                "-byte instruction can serve both (measured on the H200)");
  // ptxas merges only what it can prove aligned without the block shape:
  // every thread-dependent term a multiple of the width (rows of 33 floats
  // launched with one row stay two instructions, measured).
  const auto Provable = remaindersOverThreads(Low, Kernel, std::nullopt, Bytes);
  std::vector<size_t> Indices;
  for (const RunMember &M : Run)
    Indices.push_back(M.Index);
  if (!Provable || *Provable != std::set<int64_t>{0} || !Ptxas.Adjacent(Indices) ||
      iterationsMayBeAdjacent(Low, Kernel))
    return false;
  const std::string EveryThread = "for every thread";
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

std::optional<std::vector<bool>>
decideLongPtxasRun(const KernelModel &Kernel, std::vector<RunMember> &Run,
                   const std::optional<BlockShape> &LaunchedBlock,
                   const PtxasMerging &Ptxas) {
  // Several findings may stand for one access (a sunk store's arms, a
  // copy's pieces): the run's elements are its distinct accesses, in order.
  std::vector<std::vector<size_t>> Elements; // members, per access
  for (size_t M = 0; M < Run.size(); ++M)
    if (Elements.empty() || Run[Elements.back().front()].Access != Run[M].Access)
      Elements.push_back({M});
    else
      Elements.back().push_back(M);
  const AccessModel &Low = *Run.front().Access;
  const int64_t Width = Low.WidthBytes;
  if (Elements.size() < 3 || (Width != 4 && Width != 8))
    return std::nullopt;
  std::vector<bool> Decided(Run.size(), false);
  if (!Low.Address)
    return Decided;
  auto noteAll = [&](const std::string &Why) {
    for (size_t M = 0; M < Run.size(); ++M) {
      Run[M].Result->Assumptions.push_back("not merged with the other accesses of this run: " +
                                           Why);
      Decided[M] = true;
    }
    return Decided;
  };
  if (Ptxas.RelocatableDeviceCode && !Low.DynamicShared)
    return noteAll("with relocatable device code (-fgpu-rdc, nvcc -rdc=true) ptxas merges "
                   "no accesses of a static shared array (measured on the H200)");
  const int64_t BaseAlign = ptxasBaseAlign(Low);
  // Where even a pair's alignment depends on a uniform value ptxas cannot
  // know (TensorRT's roiPooling writes four ints at `(int *)&smem[n]`),
  // nothing of the run is merged, as for a pair or four (decidePtxasRun).
  if (BaseAlign >= 2 * Width)
    if (const std::optional<std::string> Name = unknowableAlignment(Low, Kernel, 2 * Width))
      return noteAll("whether the run's lowest address is a multiple of " +
                     std::to_string(2 * Width) + " bytes depends on " + *Name +
                     ", which ptxas cannot know, and it merges only accesses it can prove "
                     "aligned (measured on the H200)");
  // The alignment ptxas can prove, the same for every thread: modulo 16,
  // or (words only) modulo 8.
  int64_t Modulus = 16;
  auto Provable = remaindersOverThreads(Low, Kernel, std::nullopt, 16);
  if (Width == 4 && (!Provable || Provable->size() != 1)) {
    Modulus = 8;
    Provable = remaindersOverThreads(Low, Kernel, std::nullopt, 8);
  }
  if (BaseAlign < Modulus || !Provable || Provable->size() != 1)
    return Decided;
  const int64_t First = *Provable->begin();
  auto addressOf = [&](size_t K) { return (First + Width * static_cast<int64_t>(K)) % Modulus; };
  auto decidePiece = [&](size_t K, size_t Count) {
    std::vector<RunMember> Piece;
    for (size_t D = K; D < K + Count; ++D)
      for (size_t M : Elements[D])
        Piece.push_back(Run[M]);
    if (!decidePtxasRun(Kernel, Piece, LaunchedBlock, Ptxas))
      return false;
    for (size_t D = K; D < K + Count; ++D)
      for (size_t M : Elements[D])
        Decided[M] = true;
    return true;
  };
  // ptxas's pieces, lowest first (measured: runs18.cu for doubles,
  // runs37.cu for words): four words from a 16-byte aligned address, two
  // elements from an aligned address (16 bytes for doubles, 8 for words),
  // else one element alone.
  // A single word's note says the words below it are merged without it:
  // only where they were (a shared store between them leaves them, and it,
  // candidates).
  std::vector<size_t> Singles;
  bool BelowDecided = true;
  for (size_t K = 0; K < Elements.size();) {
    const size_t Left = Elements.size() - K;
    if (Width == 4 && Modulus == 16 && addressOf(K) == 0 && Left >= 4) {
      BelowDecided = decidePiece(K, 4);
      K += 4;
    } else if (addressOf(K) % (2 * Width) == 0 && Left >= 2) {
      BelowDecided = decidePiece(K, 2);
      K += 2;
    } else {
      if (K == 0 || BelowDecided)
        Singles.push_back(K);
      ++K;
    }
  }
  for (size_t K : Singles)
    for (size_t M : Elements[K]) {
      if (Width == 8)
        Run[M].Result->Assumptions.push_back(
            "not merged: its address is " + std::string(K == 0 ? "8" : "0") +
            " modulo 16 for every thread, and the adjacent double " +
            (K == 0 ? "above it pairs with the one above that"
                    : "below it pairs with the one below that") +
            " into a 16-byte instruction (ptxas merges only 16-byte aligned pairs; "
            "measured on the H200)");
      else if (K == 0) // 4 modulo 8: the pieces start above it
        Run[M].Result->Assumptions.push_back(
            "not merged: its address is " + std::to_string(addressOf(K)) + " modulo " +
            std::to_string(Modulus) +
            " for every thread, so no 8-byte instruction starts at it, and the word "
            "below it is not accessed here (measured on the H100: "
            "test/hardware/explore/runs37.cu)");
      else // the last word, 8-byte aligned: the pieces below end under it
        Run[M].Result->Assumptions.push_back(
            "not merged: ptxas starts an 8-byte instruction only at an 8-byte aligned "
            "address (a 16-byte one of four words only at a 16-byte aligned address), "
            "so the words below this one are merged without it, and the word above it "
            "is not accessed here (measured on the H100: test/hardware/explore/runs37.cu)");
      Decided[M] = true;
    }
  return Decided;
}

} // namespace ldslint
