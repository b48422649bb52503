//===- Evaluator.cpp -------------------------------------------------------===//
//
// Steps, in order:
//  1. lane structure: with a known block shape threadIdx comes from each
//     lane; without one, threadIdx.x = lane + W * (warp position along x)
//     and threadIdx.y/z, blockDim are bounded "structural" unknowns whose
//     values are enumerated like warps (the stated default assumption).
//  2. loops: a loop whose header folds is enumerated per lane; otherwise its
//     variable becomes init + trip * step (trip unknown) or an unknown.
//  3. conditions that mention unknown values are assumed to hold.
//  4. the address's uniform terms that are whole words are dropped (they
//     rotate banks, changing no conflict), and so are terms that hold an
//     unknown and are the same within each warp of the block shape.
//  5. remaining unknowns: structural ones are enumerated over their domain;
//     others over all residues modulo the bank window, with a large generic
//     value so that lanes meet on one word only when they always do. An
//     unknown inside an opaque part must be inside a remainder whose period
//     divides the window (periodicWithin).
//
//===----------------------------------------------------------------------===//
#include "Evaluator.h"

#include "Polynomial.h"
#include "ValueClasses.h"
#include "ValueRange.h"

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>
#include <tuple>

namespace ldslint {

std::string degreeWords(const EvalResult &R) {
  if (R.LeastDegree > 0 && R.LeastDegree < R.Degree)
    return std::to_string(R.LeastDegree) + "- to " + std::to_string(R.Degree) + "-way";
  return std::to_string(R.Degree) + "-way";
}

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Conflict:
    return "conflict";
  case Verdict::Ok:
    return "ok";
  case Verdict::Unknown:
    return "unknown";
  }
  return "unknown";
}

namespace {

/// A loop as the text of a finding names it: source text in backticks, a
/// description ("the loop at line 12") as it is.
std::string loopName(const std::string &Text) {
  return Text.rfind("the ", 0) == 0 ? Text : "`" + Text + "`";
}


constexpr IntType U32{32, false};
constexpr IntType I64{64, true};
constexpr uint64_t MaxOpenEndedTrips = 256; // open-ended loops: iterations tried

bool sameExpr(const SymRef &X, const SymRef &Y) {
  if (X == Y)
    return true;
  if (!X || !Y || X->K != Y->K || X->Type.Bits != Y->Type.Bits ||
      X->Type.Signed != Y->Type.Signed)
    return false;
  switch (X->K) {
  case SymExpr::Kind::Const:
    return X->Value == Y->Value;
  case SymExpr::Kind::Symbol:
    return X->Sym == Y->Sym;
  default:
    return X->Opcode == Y->Opcode && sameExpr(X->A, Y->A) &&
           sameExpr(X->B, Y->B) && sameExpr(X->C, Y->C);
  }
}

/// \p E with every copy of \p Cond replaced by true: a loop's steps run only
/// when its exit test on the same values has passed (`if (k < K) stage ^= 1`
/// in a loop `while (k < K)`).
SymRef assumeHolds(const SymRef &E, const SymRef &Cond) {
  if (!Cond)
    return E;
  return rewrite(E, [&](const SymRef &Node) -> SymRef {
    return sameExpr(Node, Cond) ? SymExpr::constant(1, Node->Type) : nullptr;
  });
}

std::set<SymbolId> symbolsOf(const SymRef &E) {
  std::set<SymbolId> S;
  if (E)
    forEachSymbol(*E, [&](SymbolId Id) { S.insert(Id); });
  return S;
}


/// Aggregated cost over many warp instructions.
struct Tally {
  uint64_t Instructions = 0;
  uint64_t Wavefronts = 0;
  uint64_t Ideal = 0;
  unsigned Degree = 0;
  unsigned ExampleWarp = 0;
  std::string ExampleContext;
  BankCollision Example;
  WarpPicture Picture;
  bool PictureChosen = false; ///< Picture is the one EvalOptions::PictureAt asked for
  /// More pictures (EvalOptions::PictureWarps), when CollectViews is set.
  PictureSet Views;
  std::string WarpLabel; ///< the warp being enumerated
  uint64_t Step = 0;     ///< instructions of that warp so far

  void beginWarp(std::string Label) {
    WarpLabel = std::move(Label);
    Step = 0;
  }

  /// \p Picture fills the lanes of a picture (called only when one is kept:
  /// copying every instruction's lanes would slow the hot path).
  /// \p Context gives the iteration's text, built only where it is kept
  /// or compared (it is a string per instruction otherwise).
  template <typename ContextText, typename FillPicture>
  void add(const InstructionCost &C, unsigned Warp, const ContextText &Context,
           const FillPicture &Picture, const EvalOptions &Options,
           bool CollectViews) {
    std::optional<std::string> Text;
    auto Ctx = [&]() -> const std::string & {
      if (!Text)
        Text = Context();
      return *Text;
    };
    const bool Asked = Options.PictureAt && Options.PictureAt->first == Warp &&
                       Options.PictureAt->second == Ctx();
    const uint64_t ThisStep = Step++;
    auto Fill = [&](WarpPicture &P) {
      Picture(P);
      P.WarpLabel = WarpLabel;
      P.Step = ThisStep;
    };
    if (Instructions == 0 || C.Degree > Degree) {
      Degree = C.Degree;
      ExampleWarp = Warp;
      ExampleContext = Ctx();
      Example = C.Worst;
      if (!PictureChosen)
        Fill(this->Picture);
    }
    if (Asked && !PictureChosen) {
      Fill(this->Picture);
      PictureChosen = true;
    }
    if (CollectViews) {
      if (ThisStep == 0)
        ++Views.Warps;
      Views.MostSteps = std::max(Views.MostSteps, ThisStep + 1);
      if (Views.Warps <= Options.PictureWarps && ThisStep < Options.PictureSteps) {
        Views.Pictures.emplace_back();
        Fill(Views.Pictures.back());
      }
    }
    ++Instructions;
    Wavefronts += C.Wavefronts;
    Ideal += C.Ideal;
  }
  bool sameAs(const Tally &O) const {
    // Compare per-instruction means exactly via cross-multiplication.
    return Degree == O.Degree &&
           Wavefronts * O.Instructions == O.Wavefronts * Instructions &&
           Ideal * O.Instructions == O.Ideal * Instructions;
  }
};

class AccessEvaluation;

/// The kernel's loops as one access's evaluation needs them: those around
/// the access, those whose variables its address or conditions read, and,
/// to a fixpoint, those whose variables the start, test or steps of a
/// needed loop read. The others keep only their variable: nothing the
/// evaluation substitutes into or reads mentions them. (Kernels of
/// template-heavy code have dozens of loops, and every access's evaluation
/// rewrote all of them several times.)
std::vector<LoopModel> loopsReadBy(const KernelModel &K, const AccessModel &A) {
  std::vector<char> Needed(K.Loops.size(), 0);
  std::vector<unsigned> Work;
  auto need = [&](unsigned Index) {
    if (Index < Needed.size() && !Needed[Index]) {
      Needed[Index] = 1;
      Work.push_back(Index);
    }
  };
  auto readsOf = [&](const SymRef &E) {
    if (E)
      forEachSymbol(*E, [&](SymbolId Id) {
        if (Id < K.Symbols.size() && K.Symbols[Id].Kind == SymbolKind::LoopVar)
          need(K.Symbols[Id].LoopIndex);
      });
  };
  readsOf(A.Address);
  for (const Condition &C : A.Conditions)
    readsOf(C.Expr);
  for (unsigned Index : A.Loops)
    need(Index);
  while (!Work.empty()) {
    const LoopModel &L = K.Loops[Work.back()];
    Work.pop_back();
    for (const SymRef &E : {L.Init, L.Cond, L.Next, L.Step})
      readsOf(E);
    for (const LoopCompanion &C : L.Companions) {
      readsOf(C.Init);
      readsOf(C.Next);
    }
  }
  std::vector<LoopModel> Loops(K.Loops.size());
  for (size_t I = 0; I < K.Loops.size(); ++I) {
    if (Needed[I]) {
      Loops[I] = K.Loops[I];
      continue;
    }
    // What detachFinishedLoops reads of every loop: whether a lane can
    // leave it early. (A loop the front end found no variable for keeps
    // the default variable 0, which it then marks as differing between
    // lanes; kept as it was.)
    Loops[I].Var = K.Loops[I].Var;
    Loops[I].Enumerable = K.Loops[I].Enumerable;
    Loops[I].ExitsInBody = K.Loops[I].ExitsInBody;
  }
  return Loops;
}

/// The kernel's symbols, read in place, and those one evaluation adds
/// (copying the kernel's for each access cost more than reading them).
class EvaluationSymbols {
public:
  explicit EvaluationSymbols(const std::vector<SymbolInfo> &Kernel) : Kernel(Kernel) {}
  const SymbolInfo &operator[](SymbolId Id) const {
    return Id < Kernel.size() ? Kernel[Id] : Added[Id - Kernel.size()];
  }
  /// A symbol this evaluation added: only those change.
  SymbolInfo &added(SymbolId Id) { return Added.at(Id - Kernel.size()); }
  void push_back(SymbolInfo S) { Added.push_back(std::move(S)); }
  size_t size() const { return Kernel.size() + Added.size(); }

private:
  const std::vector<SymbolInfo> &Kernel;
  std::vector<SymbolInfo> Added;
};

/// A symbol's values for every lane of the current warp (LaneEvaluator).
struct WarpLookup {
  const AccessEvaluation *E;
  LaneMask operator()(SymbolId Id, int64_t *Out) const;
};

class AccessEvaluation {
  friend struct WarpLookup;

public:
  AccessEvaluation(const KernelModel &K, const AccessModel &A,
                   const std::optional<BlockShape> &Shape, const BankModel &M,
                   const EvalOptions &O)
      : Symbols(K.Symbols), Loops(loopsReadBy(K, A)), Access(A), Shape(Shape), Model(M),
        Options(O) {
    for (SymbolId Id = 0; Id < K.Symbols.size(); ++Id)
      if (!K.Symbols[Id].UniformIf.empty())
        Witnesses[Id] = K.Symbols[Id].UniformIf;
  }

  EvalResult run();
  EvalResult evaluateAll();
  /// The least and greatest byte offset the access's address can take over
  /// every value of its symbols (nothing: not bounded).
  std::optional<ValueBounds> addressBounds() const;
  /// A lane-varying test on data was assumed to hold (resolveConditions).
  bool AssumedLaneTest = false;
  uint64_t laneEvaluations() const { return LaneEvaluations; }
  bool everyShapeOutOfBounds() const { return EveryShapeOutOfBounds; }
  /// Whether a lane-dependent test on a value not known statically guards
  /// the access (resolveConditions).
  bool guardedByUnknownTest() const { return !UnknownLaneTest.empty(); }

private:
  EvaluationSymbols Symbols;
  std::vector<LoopModel> Loops;
  AccessModel Access;
  std::optional<BlockShape> Shape;
  const BankModel &Model;
  const EvalOptions &Options;

  EvalResult Result;
  LanePhases Phases;
  std::vector<unsigned> ActiveLoops;     // relevant, enumerated, outer first
  std::vector<SymbolId> SlotVars;        // the variable of each LoopValues slot
  bool CollectViews = false;             // Tally::Views wanted from this enumeration
  std::set<SymbolId> LaneVaryingSyms;
  /// SymbolInfo::UniformIf of the symbols that have one, in this
  /// evaluation's terms (thread indices replaced like everywhere else).
  std::map<SymbolId, std::vector<SymRef>> Witnesses;
  std::vector<SymbolId> StructuralVars;  // enumerated and aggregated
  // Default lane structure: block extents (enumerated over powers of two)
  // and the thread coordinates that must stay below them.
  std::set<SymbolId> ExtentVars;
  std::vector<std::pair<SymbolId, SymbolId>> BelowExtent; // (index, extent)
  std::vector<SymbolId> ConditionVars;   // enumerated; results may differ
  // Unknowns with few known values (SymbolInfo::Values) that the address
  // reaches through a non-linear operation: enumerated value by value.
  std::vector<SymbolId> FiniteVars;
  // Values enumerated for unknowns that have no known values but whose
  // every value behaves like one of a finite range (ValueClasses.h):
  // `tid / d` with d a kernel argument. A value under which the program
  // divides by zero or indexes past the array is not one it runs with.
  std::map<SymbolId, std::vector<int64_t>> ClassValues;
  std::set<SymbolId> ClassCandidates; ///< whose tests resolveConditions keeps
  std::set<SymbolId> Tested;          ///< symbols of the tests as written
  uint64_t ValuesLeftOut = 0;
  const std::vector<int64_t> &finiteValues(SymbolId Id) const {
    auto It = ClassValues.find(Id);
    return It != ClassValues.end() ? It->second : Symbols[Id].Values;
  }
  /// The range of values that stands for all of \p Id's in \p Exprs.
  std::optional<ValueClassRange> classRangeOf(SymbolId Id,
                                              const std::vector<const SymExpr *> &Exprs) const;
  /// Fills ClassValues[Id] from the tests and the address, if proven.
  bool enumerateClasses(SymbolId Id);
  /// A value set at the launch (a kernel argument, blockIdx), the same in
  /// every lane, with no values known: what a range of values may stand
  /// for. (Not a loop's iteration whose bounds are not known: each of its
  /// values would step the loops inside it again.)
  bool classEnumerable(SymbolId Id) const {
    const SymbolInfo &S = Symbols[Id];
    return Options.RangeBudget && *Options.RangeBudget > 0 &&
           S.Kind == SymbolKind::Unknown && !S.Structural && S.Values.empty() &&
           !S.FromData && S.Origin != SymbolOrigin::Other && !unknownVaries(Id);
  }
  /// Enumerating a range of values (ClassValues) may take this many times
  /// the budget of one access.
  static constexpr uint64_t ClassBudgetFactor = 16;
  /// "; every value from L to H evaluated, ..." for an enumerated range.
  std::string classRangeText(SymbolId Id) const {
    auto It = ClassValues.find(Id);
    if (It == ClassValues.end() || It->second.empty())
      return "";
    const auto [Least, Most] = std::minmax_element(It->second.begin(), It->second.end());
    return ": each value from " + std::to_string(*Least) + " to " + std::to_string(*Most) +
           " evaluated, the others change the address no further (arithmetic on it "
           "taken not to overflow)" +
           (ValuesLeftOut ? "; " + std::to_string(ValuesLeftOut) +
                                " of them left out, under which a lane divides by zero "
                                "or accesses past the end of the array"
                          : std::string());
  }
  /// The words [Lo, End) bytes of the array touch: a range that starts in
  /// the middle of a word touches one more; where the array's start is not
  /// known to be word-aligned, a range may straddle one word more.
  uint64_t wordsTouched(uint64_t Lo, uint64_t End) const {
    const uint64_t Bank = Model.BankBytes;
    return Access.BaseAlign >= Bank ? (End + Bank - 1) / Bank - Lo / Bank
                                    : (End - Lo + Bank - 1) / Bank + 1;
  }
  /// The whole array is within one row of the banks: each word has a bank
  /// of its own (evaluateAll's fallback decides such accesses cheaply).
  bool withinOneRow() const {
    return BoundBytes > 0 && !Access.DynamicShared &&
           wordsTouched(0, BoundBytes) <= Model.NumBanks;
  }
  /// The shape of a launch (or the assume-block option): neither assumed
  /// nor only the most threads `__launch_bounds__` allows.
  bool launchedShape() const { return Shape && !Shape->Assumed && !Shape->UpperBound; }
  uint64_t laneBudget() const {
    if (ClassValues.empty() || !Options.RangeBudget)
      return Options.MaxLaneEvaluations;
    return std::min(Options.MaxLaneEvaluations * ClassBudgetFactor,
                    std::max(Options.MaxLaneEvaluations, *Options.RangeBudget));
  }
  // Hot-path lookups indexed by SymbolId: a loop variable's slot in
  // ActiveLoops (-1 = none) and the current value of an unknown.
  std::vector<int> SlotOf;
  std::vector<int64_t> UnknownValues;
  std::vector<char> HasUnknownValue;
  // The first symbol asked for that had no value (an evaluation failure
  // that is not a division by zero or a shift), for the message.
  mutable std::optional<SymbolId> Unvalued;
  std::vector<std::vector<int64_t>> LoopValues; // [slot][lane]
  unsigned NumSlots = 0; // loops, then their companions
  std::vector<std::array<unsigned, 3>> Lanes;
  uint64_t LaneEvaluations = 0;
  uint64_t OutOfBounds = 0;   // warp instructions left out: a lane past the array's end
  uint64_t MaskedPastEnd = 0; // lanes taken to fail UnknownLaneTest (MaskLanesPastEnd)
  std::string UnknownLaneTest; // the first lane-dependent test on an unknown
  bool EveryShapeOutOfBounds = false;
  uint64_t BoundBytes = 0;     // Access.ArrayBytes with the extents overridden
  // The address before simplifyAddress dropped uniform terms (null: none
  // dropped), for the bounds test; BoundsUnknown when a dropped term held a
  // value not known statically.
  SymRef BoundsAddress;
  bool BoundsUnknown = false;
  bool BudgetHit = false;
  bool StoppedOnConflict = false;
  bool EvalFailed = false;
  bool NonZero = false; // ExpectZeroAddress mode
  // Loops whose bound is not known but whose companions, all the access
  // needs of them, repeat: stepped until their values repeat, without the
  // exit test. Most iterations any warp needed, per such loop.
  std::map<unsigned, uint64_t> OpenEnded;
  std::string NotPeriodic; // a companion of an open-ended loop that does not repeat

  SymbolId addUnknown(const std::string &Name, const std::string &Why,
                      bool Structural,
                      std::optional<std::pair<int64_t, int64_t>> Domain,
                      bool LaneVarying = false, bool FromData = false) {
    SymbolInfo S;
    S.Kind = SymbolKind::Unknown;
    S.Name = Name;
    S.Why = Why;
    S.Structural = Structural;
    S.Domain = Domain;
    S.LaneVarying = LaneVarying;
    S.FromData = FromData;
    Symbols.push_back(S);
    return static_cast<SymbolId>(Symbols.size() - 1);
  }

  /// The name of a value loaded from memory that the start or steps of
  /// \p L read (a binary search's keys), or "". With \p WithExit, also its
  /// test: where the loop stops decides the value it leaves behind, not the
  /// values it steps through (`i < cnt[0]` bounds `i` by data, but each
  /// `i` is plain arithmetic).
  /// Also through the variables of other loops it reads, by their own start
  /// and step, transitively (rocPRIM's radix sort: the keys after the
  /// decoding loop are the keys after the loop over bits, whose steps read
  /// them back from shared memory); not through those loops' other values.
  std::string dataIn(const LoopModel &L, bool WithExit) const {
    std::vector<SymRef> Parts{L.Init, WithExit ? L.Cond : SymRef(), L.Next};
    for (const LoopCompanion &C : L.Companions) {
      Parts.push_back(C.Init);
      Parts.push_back(C.Next);
    }
    std::set<SymbolId> Seen;
    for (size_t I = 0; I < Parts.size() && I < 256; ++I) {
      if (!Parts[I])
        continue;
      for (SymbolId Id : symbolsOf(Parts[I])) {
        const SymbolInfo &S = Symbols[Id];
        if (S.FromData)
          return S.Name;
        if (S.Kind != SymbolKind::LoopVar || S.LoopIndex >= Loops.size() ||
            &Loops[S.LoopIndex] == &L || !Seen.insert(Id).second)
          continue;
        const LoopModel &Other = Loops[S.LoopIndex];
        if (Other.Var == Id) {
          Parts.push_back(Other.Init);
          Parts.push_back(Other.Next);
        }
        for (const LoopCompanion &C : Other.Companions)
          if (C.Var == Id) {
            Parts.push_back(C.Init);
            Parts.push_back(C.Next);
          }
      }
    }
    return "";
  }

  void substituteEverywhere(const std::function<SymRef(SymbolId)> &F) {
    Access.Address = substitute(Access.Address, F);
    if (BoundsAddress)
      BoundsAddress = substitute(BoundsAddress, F);
    for (Condition &C : Access.Conditions)
      C.Expr = substitute(C.Expr, F);
    for (LoopModel &L : Loops) {
      if (!L.Init && !L.Cond && !L.Next && !L.Step && L.Companions.empty())
        continue; // not read by this access (loopsReadBy), or not understood
      L.Init = substitute(L.Init, F);
      L.Cond = substitute(L.Cond, F);
      L.Next = substitute(L.Next, F);
      L.Step = substitute(L.Step, F);
      for (LoopCompanion &C : L.Companions) {
        C.Init = substitute(C.Init, F);
        C.Next = substitute(C.Next, F);
      }
    }
    for (auto &[Id, List] : Witnesses)
      for (SymRef &W : List)
        W = substitute(W, F);
  }

  /// A symbol that is the same in every lane of a warp only if its
  /// witnesses are (SymbolInfo::UniformIf) differs between lanes where one
  /// is not, under this block shape.
  void checkUniformityWitnesses() {
    for (const auto &[Id, List] : Witnesses)
      for (const SymRef &W : List)
        if (W && !isWarpUniform(W)) {
          LaneVaryingSyms.insert(Id);
          break;
        }
  }

  void setUpLaneStructure();
  void bindExtents();
  bool isLaneVarying(const SymRef &E) const;
  /// An unknown that differs between lanes: said so, or uniform only with
  /// witnesses this block shape breaks (checkUniformityWitnesses).
  bool unknownVaries(SymbolId Id) const {
    return Symbols[Id].LaneVarying || (Witnesses.count(Id) && LaneVaryingSyms.count(Id));
  }
  /// Whether \p E has one value in each warp (it may differ between
  /// warps): no lane-varying part other than thread indices that the known
  /// block shape keeps the same across a warp (threadIdx.y in blocks whose
  /// rows are whole warps).
  bool isWarpUniform(const SymRef &E) const;
  /// Whether \p E is threadIdx.x laid out so that each warp (each 32-lane
  /// half of a wave64) starts at a multiple of 32 along x.
  bool startsWarpsAlongX(SymRef E) const;
  /// Whether every occurrence of \p U in \p E is inside a remainder
  /// `(c * U + rest) % m` (or `& (m - 1)`) whose period in U divides
  /// \p Window, so that the residue enumeration covers every value of U.
  bool periodicWithin(const SymRef &E, SymbolId U, int64_t Window) const;
  /// \p E with the whole periods dropped from its remainders: `(32 *
  /// blockIdx.x * (blockDim.x / 32) + threadIdx.x) % 32` is `threadIdx.x %
  /// 32`, whatever blockIdx.x and the block's width are.
  SymRef withoutWholePeriods(const SymRef &E) const;
  /// Whether \p E is never negative: thread indices, extents, unknowns
  /// with a non-negative domain (blockIdx, a loop's iteration).
  bool nonNegative(const SymRef &E) const;
  bool isKnownForEnumeration(SymbolId Id, unsigned LoopPos) const;
  std::optional<std::vector<int64_t>> valuesOf(const SymRef &E) const;
  std::optional<std::vector<int64_t>>
  orbitOf(SymbolId Var, const SymRef &Init, const SymRef &Next,
          const SymRef &Cond) const;
  SymRef finiteUnknown(SymbolId Var, const std::vector<int64_t> &Values,
                       IntType T, const std::string &Why, bool FromData);
  std::optional<int64_t>
  exitValueOf(SymbolId Var, const LoopModel &L,
              const std::map<SymbolId, int64_t> &Fixed = {},
              uint64_t MaxSteps = 1u << 16) const;
  SymRef exitValueByBlockExtent(SymbolId Var, const LoopModel &L, IntType T) const;
  void detachFinishedLoops();
  void resolveLoops();
  std::optional<SymbolId>
  enumerationBlocker(const SymRef &E, unsigned Pos, bool Step,
                     const std::function<bool(SymbolId)> &InnerLoopVar) const;
  std::string whyNotEnumerated(const LoopModel &L, unsigned Pos,
                               const std::function<bool(SymbolId)> &InnerLoopVar) const;
  bool isOpenEnded(unsigned Pos,
                   const std::function<bool(SymbolId)> &InnerLoopVar) const;
  std::set<SymbolId> opaqueInAddress() const;
  void resolveConditions();
  void simplifyAddress();
  bool classifyUnknowns();
  Tally enumerateWarps();
  void enumerateLoops(unsigned Pos, std::vector<bool> Alive, Tally &T,
                      unsigned Warp);
  void leaf(const std::vector<bool> &Alive, Tally &T, unsigned Warp);
  std::optional<int64_t> valueOf(SymbolId Id, unsigned Lane) const;
  /// valueOf for every lane at once; returns the lanes it cannot give.
  LaneMask laneValuesOf(SymbolId Id, int64_t *Out) const;
  std::string evaluationFailure() const;
  /// Evaluates an expression for the whole warp at once (Model.WaveSize
  /// lanes, at most MaxLanes).
  WarpLookup Lookup{this};
  LaneEvaluator<WarpLookup> WarpEval{std::min(Model.WaveSize, MaxLanes), Lookup};
  LaneMask liveLanes(const std::vector<bool> &Alive) const {
    LaneMask M = 0;
    for (unsigned L = 0; L < Model.WaveSize && L < MaxLanes && L < Alive.size(); ++L)
      if (Alive[L])
        M |= LaneMask(1) << L;
    return M;
  }
  std::vector<LaneAddress> LaneAddresses; ///< leaf()'s, reused
  void setUnknown(SymbolId Id, int64_t V) {
    if (UnknownValues.size() < Symbols.size()) {
      UnknownValues.resize(Symbols.size(), 0);
      HasUnknownValue.resize(Symbols.size(), 0);
    }
    UnknownValues[Id] = V;
    HasUnknownValue[Id] = 1;
  }
  std::string contextText() const;
  std::string loopText() const;
  std::string structuralText() const;
  void keepViews(const Tally &Worst, const std::vector<int64_t> &Assignment,
                 int64_t Generic);
  std::string
  describeFiniteValues(const std::map<std::vector<int64_t>, Tally> &ByAssignment) const;
  std::string describeCondition(SymbolId Var,
                                const std::map<int64_t, Tally> &ByResidue,
                                unsigned Degree) const;
  EvalResult unknown(const std::string &Why) {
    Result.Status = Verdict::Unknown;
    Result.Reason = Why;
    return Result;
  }
};

void AccessEvaluation::setUpLaneStructure() {
  const unsigned W = Model.WaveSize;
  if (Shape) {
    const unsigned Dims[3] = {Shape->X, Shape->Y, Shape->Z};
    substituteEverywhere([&](SymbolId Id) -> SymRef {
      const SymbolInfo &S = Symbols[Id];
      if (S.Kind == SymbolKind::BlockDim)
        return SymExpr::constant(Dims[S.Dim], U32);
      return nullptr;
    });
    return;
  }
  SymbolInfo LaneSym;
  LaneSym.Kind = SymbolKind::Lane;
  LaneSym.Name = "lane";
  Symbols.push_back(LaneSym);
  const SymbolId Lane = static_cast<SymbolId>(Symbols.size() - 1);
  const int64_t MaxWarpsX = 1024 / W;
  const SymbolId WarpX =
      addUnknown("threadIdx.x / " + std::to_string(W), "", true,
                 std::pair<int64_t, int64_t>(0, MaxWarpsX - 1));
  const SymbolId Ty = addUnknown("threadIdx.y", "", true,
                                 std::pair<int64_t, int64_t>(0, 1023));
  const SymbolId Tz = addUnknown("threadIdx.z", "", true,
                                 std::pair<int64_t, int64_t>(0, 63));
  const SymbolId WarpsX =
      addUnknown("blockDim.x / " + std::to_string(W), "", true,
                 std::pair<int64_t, int64_t>(1, MaxWarpsX));
  const SymbolId Bdy = addUnknown("blockDim.y", "", true,
                                  std::pair<int64_t, int64_t>(1, 1024));
  const SymbolId Bdz = addUnknown("blockDim.z", "", true,
                                  std::pair<int64_t, int64_t>(1, 64));
  ExtentVars = {WarpsX, Bdy, Bdz};
  BelowExtent = {{WarpX, WarpsX}, {Ty, Bdy}, {Tz, Bdz}};
  substituteEverywhere([&](SymbolId Id) -> SymRef {
    const SymbolInfo &S = Symbols[Id];
    if (S.Kind == SymbolKind::ThreadIdx) {
      if (S.Dim == 0)
        return SymExpr::binary(
            Op::Add, SymExpr::symbol(Lane, U32),
            SymExpr::binary(Op::Mul, SymExpr::constant(W, U32),
                            SymExpr::symbol(WarpX, U32), U32),
            U32);
      return SymExpr::symbol(S.Dim == 1 ? Ty : Tz, U32);
    }
    if (S.Kind == SymbolKind::BlockDim) {
      if (S.Dim == 0)
        return SymExpr::binary(Op::Mul, SymExpr::constant(W, U32),
                               SymExpr::symbol(WarpsX, U32), U32);
      return SymExpr::symbol(S.Dim == 1 ? Bdy : Bdz, U32);
    }
    return nullptr;
  });
}

void AccessEvaluation::bindExtents() {
  // A padded extent (a fix being checked) makes the variable larger.
  BoundBytes = Access.ArrayBytes;
  for (const auto &[Id, Extent] : Options.ExtentOverrides)
    if (Id < Symbols.size() && Symbols[Id].Value > 0 && Extent > Symbols[Id].Value)
      BoundBytes = (BoundBytes * static_cast<uint64_t>(Extent) +
                    static_cast<uint64_t>(Symbols[Id].Value) - 1) /
                   static_cast<uint64_t>(Symbols[Id].Value);
  substituteEverywhere([&](SymbolId Id) -> SymRef {
    const SymbolInfo &S = Symbols[Id];
    if (S.Kind != SymbolKind::Extent)
      return nullptr;
    auto It = Options.ExtentOverrides.find(Id);
    return SymExpr::constant(It != Options.ExtentOverrides.end() ? It->second
                                                                 : S.Value,
                             I64);
  });
}

bool AccessEvaluation::isLaneVarying(const SymRef &E) const {
  for (SymbolId Id : symbolsOf(E)) {
    const SymbolInfo &S = Symbols[Id];
    if (S.Kind == SymbolKind::ThreadIdx || S.Kind == SymbolKind::Lane ||
        (S.Kind == SymbolKind::Unknown && unknownVaries(Id)) ||
        LaneVaryingSyms.count(Id))
      return true;
  }
  return false;
}

bool AccessEvaluation::isWarpUniform(const SymRef &E) const {
  // Lanes are costed in groups of at most 32 (a wave64's ds_read_b32 in two
  // halves; b64/b128 groups inside them): the same value within each
  // 32-lane half is enough.
  const unsigned W = std::min(Model.WaveSize, 32u);
  switch (E->K) {
  case SymExpr::Kind::Const:
    return true;
  case SymExpr::Kind::Symbol: {
    const SymbolInfo &S = Symbols[E->Sym];
    if (S.Kind == SymbolKind::ThreadIdx && Shape && !LaneVaryingSyms.count(E->Sym)) {
      // A warp is W consecutive threads in x-major order.
      const unsigned Below = S.Dim == 0   ? 1
                             : S.Dim == 1 ? Shape->X
                                          : Shape->X * Shape->Y;
      const unsigned Extent =
          S.Dim == 0 ? Shape->X : S.Dim == 1 ? Shape->Y : Shape->Z;
      return Extent == 1 || Below % W == 0;
    }
    return !isLaneVarying(E);
  }
  case SymExpr::Kind::Binary: {
    // The warp's index along x (`threadIdx.x / 32`, `>> 5`, `& ~31`) is
    // the same for its lanes. So is the global one's, `(blockIdx.x * 128 +
    // threadIdx.x) / 32` (floor division: not a signed one).
    auto warpsAlongX = [&](const SymRef &X) {
      if (startsWarpsAlongX(X))
        return true;
      if (E->Opcode == Op::Div && E->Type.Signed)
        return false;
      const SymRef Rest =
          withoutUniformMultiples(X, W, [&](const SymRef &U) { return !isLaneVarying(U); });
      return !Rest || startsWarpsAlongX(Rest);
    };
    if (const auto C = constantValue(E->B); C && warpsAlongX(E->A)) {
      if ((E->Opcode == Op::Div && *C > 0 && *C % W == 0) ||
          (E->Opcode == Op::Shr && *C >= 0 && *C < 32 && (int64_t(1) << *C) % W == 0) ||
          (E->Opcode == Op::And && (*C & int64_t(W - 1)) == 0))
        return true;
    }
    return isWarpUniform(E->A) && isWarpUniform(E->B);
  }
  case SymExpr::Kind::Unary:
    return isWarpUniform(E->A);
  case SymExpr::Kind::Ternary:
    return isWarpUniform(E->A) && isWarpUniform(E->B) && isWarpUniform(E->C);
  }
  return false;
}

bool AccessEvaluation::startsWarpsAlongX(SymRef E) const {
  const unsigned W = std::min(Model.WaveSize, 32u); // as in isWarpUniform
  while (E->K == SymExpr::Kind::Unary && E->Opcode == Op::Cast && E->Type.Bits >= 16)
    E = E->A;
  // threadIdx.x, where each warp starts a multiple of W along x: rows a
  // multiple of W wide, or one row.
  if (E->K == SymExpr::Kind::Symbol) {
    const SymbolInfo &S = Symbols[E->Sym];
    return S.Kind == SymbolKind::ThreadIdx && S.Dim == 0 && Shape &&
           !LaneVaryingSyms.count(E->Sym) &&
           (Shape->X % W == 0 || (Shape->Y == 1 && Shape->Z == 1));
  }
  // Without a shape, threadIdx.x is `lane + W * (threadIdx.x / W)`.
  if (E->K != SymExpr::Kind::Binary || E->Opcode != Op::Add)
    return false;
  auto IsLane = [&](const SymRef &X) {
    return X->K == SymExpr::Kind::Symbol && Symbols[X->Sym].Kind == SymbolKind::Lane;
  };
  auto IsWarpStart = [&](const SymRef &X) {
    if (X->K != SymExpr::Kind::Binary || X->Opcode != Op::Mul)
      return false;
    const bool ConstFirst = constantValue(X->A).has_value();
    const auto C = constantValue(ConstFirst ? X->A : X->B);
    const SymRef &V = ConstFirst ? X->B : X->A;
    return C && *C % W == 0 && V->K == SymExpr::Kind::Symbol && !isLaneVarying(V);
  };
  return (IsLane(E->A) && IsWarpStart(E->B)) || (IsLane(E->B) && IsWarpStart(E->A));
}

bool AccessEvaluation::nonNegative(const SymRef &E) const {
  switch (E->K) {
  case SymExpr::Kind::Const:
    return E->Value >= 0;
  case SymExpr::Kind::Symbol: {
    const SymbolInfo &S = Symbols[E->Sym];
    switch (S.Kind) {
    case SymbolKind::ThreadIdx:
    case SymbolKind::Lane:
    case SymbolKind::BlockDim:
      return true;
    case SymbolKind::Unknown:
      return S.Domain && S.Domain->first >= 0;
    default:
      return false;
    }
  }
  default:
    return false;
  }
}

bool AccessEvaluation::periodicWithin(const SymRef &E, SymbolId U,
                                      int64_t Window) const {
  switch (E->K) {
  case SymExpr::Kind::Const:
    return true;
  case SymExpr::Kind::Symbol:
    return E->Sym != U;
  default:
    break;
  }
  std::optional<int64_t> Modulus;
  if (E->K == SymExpr::Kind::Binary)
    if (const auto B = constantValue(E->B)) {
      if (E->Opcode == Op::Rem && *B > 0)
        Modulus = *B;
      else if (E->Opcode == Op::And && *B > 0 && *B < INT32_MAX &&
               ((*B + 1) & *B) == 0)
        Modulus = *B + 1;
    }
  if (Modulus) {
    const Polynomial D = Polynomial::of(E->A);
    int64_t C = 0;
    bool Linear = true, NonNeg = true;
    for (const auto &[Monomial, Coeff] : D.Terms) {
      NonNeg = NonNeg && Coeff >= 0;
      for (unsigned A : Monomial) {
        const SymRef &Atom = D.Atoms[A];
        NonNeg = NonNeg && nonNegative(Atom);
        if (Atom->K == SymExpr::Kind::Symbol && Atom->Sym == U) {
          if (Monomial.size() != 1)
            Linear = false;
          C = Coeff;
        } else if (symbolsOf(Atom).count(U)) {
          Linear = false;
        }
      }
    }
    // A signed remainder follows the dividend's sign: periodic only where
    // the dividend cannot be negative (U itself must not be), and where the
    // enumeration's large generic values of U do not wrap it. An unsigned
    // one is periodic through wrapping only for a power-of-two modulus.
    const bool Rem = E->Opcode == Op::Rem;
    const bool Signed = Rem && E->Type.Signed;
    const bool PowerOfTwo = (*Modulus & (*Modulus - 1)) == 0;
    const int64_t Largest = Window * 8210; // past the generic values
    const bool Fits = E->Type.Bits >= 64 ||
                      (C < 0 ? -C : C) < (int64_t(1) << (E->Type.Bits - 2)) / Largest;
    const bool Periodic =
        !Rem || (Signed ? NonNeg && nonNegative(SymExpr::symbol(U)) && Fits
                        : PowerOfTwo);
    if (Linear && Periodic) {
      int64_t G = *Modulus, A = C < 0 ? -C : C;
      while (A) {
        const int64_t T = G % A;
        G = A;
        A = T;
      }
      const int64_t Period = *Modulus / G;
      return Window % Period == 0;
    }
  }
  for (const SymRef &Child : {E->A, E->B, E->C})
    if (Child && !periodicWithin(Child, U, Window))
      return false;
  return true;
}

namespace {
/// Whether Polynomial's view of \p X looks through a cast to fewer than 32
/// bits (`(u8)(t * 16)`): rebuilt from that view, the expression would lose
/// the cast's wrap.
bool narrowCastInSkeleton(const SymRef &X) {
  if (X->K == SymExpr::Kind::Unary && X->Opcode == Op::Cast && X->Type.Bits > 1)
    return X->Type.Bits < 32 || narrowCastInSkeleton(X->A);
  if (X->K == SymExpr::Kind::Unary && X->Opcode == Op::Neg)
    return narrowCastInSkeleton(X->A);
  if (X->K == SymExpr::Kind::Binary &&
      (X->Opcode == Op::Add || X->Opcode == Op::Sub || X->Opcode == Op::Mul ||
       X->Opcode == Op::Shl || X->Opcode == Op::Div || X->Opcode == Op::Shr))
    return narrowCastInSkeleton(X->A) || narrowCastInSkeleton(X->B);
  return false;
}
} // namespace

SymRef AccessEvaluation::withoutWholePeriods(const SymRef &E) const {
  if (E->K == SymExpr::Kind::Const || E->K == SymExpr::Kind::Symbol)
    return E;
  SymRef Kids[3] = {E->A, E->B, E->C};
  bool Changed = false;
  for (SymRef &Kid : Kids)
    if (Kid) {
      SymRef New = withoutWholePeriods(Kid);
      Changed |= New != Kid;
      Kid = std::move(New);
    }
  // A power-of-two modulus m: `x & (m - 1)` and an unsigned `x % m` are x
  // modulo m whatever x is, wrapped or not (m divides 2^bits); a signed
  // `x % m` follows x's sign, so it is x modulo m only where x and what is
  // left of it are never negative.
  std::optional<int64_t> Modulus;
  if (E->K == SymExpr::Kind::Binary)
    if (const auto B = constantValue(Kids[1]))
      if (E->Type.Bits >= 16 && *B > 0 && *B < 4096) {
        // (Below 4096: Polynomial's exact divisions keep at least 12 low
        // bits of the quotient.)
        if (E->Opcode == Op::Rem && *B > 1 && (*B & (*B - 1)) == 0)
          Modulus = *B;
        else if (E->Opcode == Op::And && ((*B + 1) & *B) == 0)
          Modulus = *B + 1;
      }
  // Polynomial looks through casts: one to fewer than 32 bits inside the
  // operand (`(u8)(16 * t + 512 * b)`) would keep too few bits, or turn
  // negative, for the residue to survive: nothing is dropped then.
  if (Modulus && !narrowCastInSkeleton(Kids[0])) {
    // (A signed remainder: assumes the operand does not wrap, fewer than
    // 2^31 threads in the grid, as the user's `int` index does.)
    Polynomial D = Polynomial::of(Kids[0]);
    bool NonNeg = true, Dropped = false;
    for (const auto &[Monomial, Coeff] : D.Terms) {
      NonNeg = NonNeg && Coeff >= 0;
      for (unsigned A : Monomial)
        NonNeg = NonNeg && nonNegative(D.Atoms[A]);
    }
    const bool Signed = E->Opcode == Op::Rem && E->Type.Signed;
    if (!Signed || NonNeg)
      for (auto It = D.Terms.begin(); It != D.Terms.end();)
        if (!It->first.empty() && It->second % *Modulus == 0) {
          It = D.Terms.erase(It);
          Dropped = true;
        } else {
          ++It;
        }
    if (Dropped)
      return SymExpr::binary(E->Opcode, SymExpr::cast(D.toExpr(), Kids[0]->Type),
                             Kids[1], E->Type);
  }
  if (!Changed)
    return E;
  switch (E->K) {
  case SymExpr::Kind::Unary:
    return SymExpr::unary(E->Opcode, Kids[0], E->Type);
  case SymExpr::Kind::Binary:
    return SymExpr::binary(E->Opcode, Kids[0], Kids[1], E->Type);
  default:
    return SymExpr::select(Kids[0], Kids[1], Kids[2], E->Type);
  }
}

/// Whether a symbol has a value during enumeration of the loop at
/// \p LoopPos (an index into Access.Loops).
bool AccessEvaluation::isKnownForEnumeration(SymbolId Id,
                                             unsigned LoopPos) const {
  const SymbolInfo &S = Symbols[Id];
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
  case SymbolKind::Lane:
    return true;
  case SymbolKind::Unknown:
    return S.Structural;
  case SymbolKind::LoopVar:
    // Outer loops not enumerated were already replaced by unknowns.
    return S.LoopIndex == Access.Loops[LoopPos] ||
           std::find(ActiveLoops.begin(), ActiveLoops.end(), S.LoopIndex) !=
               ActiveLoops.end();
  default:
    return false;
  }
}

namespace {
/// At most this many values per unknown, and combinations of the unknowns
/// an expression mixes, when listing the values it can take.
constexpr size_t MaxFiniteValues = 64;
constexpr size_t MaxFiniteCombinations = 256;
/// Most iterations a finished loop is stepped to find its exit values.
constexpr unsigned MaxExitSteps = 1u << 16;
} // namespace

/// Every value \p E can take, when it mentions only constants and unknowns
/// with known values (SymbolInfo::Values); nullopt otherwise.
std::optional<std::vector<int64_t>>
AccessEvaluation::valuesOf(const SymRef &E) const {
  if (!E)
    return std::nullopt;
  std::vector<SymbolId> Ids;
  size_t Combinations = 1;
  for (SymbolId Id : symbolsOf(E)) {
    const SymbolInfo &S = Symbols[Id];
    if (S.Kind != SymbolKind::Unknown || S.Values.empty())
      return std::nullopt;
    Ids.push_back(Id);
    Combinations *= S.Values.size();
    if (Combinations > MaxFiniteCombinations)
      return std::nullopt;
  }
  std::set<int64_t> Out;
  std::vector<size_t> Pick(Ids.size(), 0);
  for (size_t N = 0; N < Combinations; ++N) {
    size_t Rest = N;
    for (size_t I = 0; I < Ids.size(); ++I) {
      Pick[I] = Rest % Symbols[Ids[I]].Values.size();
      Rest /= Symbols[Ids[I]].Values.size();
    }
    const std::optional<int64_t> V = evaluate(*E, [&](SymbolId Id) -> std::optional<int64_t> {
      for (size_t I = 0; I < Ids.size(); ++I)
        if (Ids[I] == Id)
          return Symbols[Id].Values[Pick[I]];
      return std::nullopt;
    });
    if (!V)
      return std::nullopt;
    Out.insert(*V);
  }
  return std::vector<int64_t>(Out.begin(), Out.end());
}

/// The values a variable of a loop whose bound is not known takes, when its
/// starts are known (valuesOf) and its step, which may read only the
/// variable itself, comes back to a value it had within MaxFiniteValues
/// steps: halving reaches 0, doubling wraps to 0 (`j >>= 1` from `k >> 1`;
/// `offset <<= 1` from 1). \p Cond, when it reads only the variable, drops
/// the values for which the body does not run (`j > 0`). Values past a
/// wrap-around are kept: the set may hold more than the loop reaches, never
/// less.
std::optional<std::vector<int64_t>>
AccessEvaluation::orbitOf(SymbolId Var, const SymRef &Init, const SymRef &Next,
                          const SymRef &Cond) const {
  if (!Next)
    return std::nullopt;
  for (SymbolId Id : symbolsOf(Next))
    if (Id != Var)
      return std::nullopt;
  const std::optional<std::vector<int64_t>> Starts = valuesOf(Init);
  if (!Starts)
    return std::nullopt;
  bool Tested = Cond != nullptr;
  if (Cond)
    for (SymbolId Id : symbolsOf(Cond))
      Tested &= Id == Var;
  std::set<int64_t> Out;
  for (int64_t V : *Starts) {
    std::set<int64_t> Seen;
    while (Seen.insert(V).second) {
      auto With = [&](SymbolId) -> std::optional<int64_t> { return V; };
      if (Tested) {
        const std::optional<int64_t> Runs = evaluate(*Cond, With);
        if (!Runs)
          return std::nullopt;
        if (*Runs == 0)
          break;
      }
      Out.insert(V);
      if (Out.size() > MaxFiniteValues)
        return std::nullopt;
      const std::optional<int64_t> After = evaluate(*Next, With);
      if (!After)
        return std::nullopt;
      V = *After;
    }
  }
  return std::vector<int64_t>(Out.begin(), Out.end());
}

/// Replaces \p Var by an unknown that takes \p Values.
SymRef AccessEvaluation::finiteUnknown(SymbolId Var,
                                       const std::vector<int64_t> &Values,
                                       IntType T, const std::string &Why,
                                       bool FromData) {
  const SymbolId U = addUnknown("`" + Symbols[Var].Name + "`", Why, false,
                                std::pair<int64_t, int64_t>(Values.front(), Values.back()),
                                false, FromData);
  Symbols.added(U).Values = Values;
  return SymExpr::symbol(U, T);
}

/// The value \p Var (a loop's variable or companion) holds when its loop
/// \p L has ended, when the loop's start, test and steps are constants
/// (`offset` after a scan's up-sweep over a constant size, a ping-pong
/// buffer's `offset ^= 32` over constant bits): the loop is stepped to its
/// exit. Only loops whose one exit is the test before the body. \p Fixed:
/// symbols taken at these values (a block extent).
std::optional<int64_t>
AccessEvaluation::exitValueOf(SymbolId Var, const LoopModel &L,
                              const std::map<SymbolId, int64_t> &Fixed,
                              uint64_t MaxSteps) const {
  if (!L.Enumerable || L.ExitsInBody || L.TestAfterBody || !L.Init || !L.Cond ||
      !L.Next)
    return std::nullopt;
  std::map<SymbolId, std::pair<SymRef, SymRef>> Parts{{L.Var, {L.Init, L.Next}}};
  for (const LoopCompanion &C : L.Companions)
    Parts[C.Var] = {C.Init, C.Next};
  // The variables stepped: the one asked for, the loop's, and what their
  // steps and the test read, to a closure.
  std::set<SymbolId> Stepped;
  std::vector<SymbolId> Work{Var, L.Var};
  for (SymbolId Id : symbolsOf(L.Cond))
    Work.push_back(Id);
  while (!Work.empty()) {
    const SymbolId Id = Work.back();
    Work.pop_back();
    if (Fixed.count(Id) || !Stepped.insert(Id).second)
      continue;
    auto It = Parts.find(Id);
    if (It == Parts.end() || !It->second.first || !It->second.second)
      return std::nullopt; // another loop's variable, an unknown, ...
    for (SymbolId Read : symbolsOf(It->second.second))
      Work.push_back(Read);
  }
  std::map<SymbolId, int64_t> Now;
  auto Lookup = [&](SymbolId Id) -> std::optional<int64_t> {
    if (auto F = Fixed.find(Id); F != Fixed.end())
      return F->second;
    auto It = Now.find(Id);
    return It == Now.end() ? std::nullopt : std::optional<int64_t>(It->second);
  };
  for (SymbolId Id : Stepped) {
    const std::optional<int64_t> V = evaluate(*Parts[Id].first, Lookup);
    if (!V)
      return std::nullopt; // a start that is not a constant
    Now[Id] = *V;
  }
  for (uint64_t Trip = 0; Trip <= std::min<uint64_t>(MaxSteps, MaxExitSteps); ++Trip) {
    const std::optional<int64_t> Runs = evaluate(*L.Cond, Lookup);
    if (!Runs)
      return std::nullopt;
    if (*Runs == 0)
      return Now[Var];
    std::map<SymbolId, int64_t> After;
    for (SymbolId Id : Stepped) {
      const std::optional<int64_t> V = evaluate(*Parts[Id].second, Lookup);
      if (!V)
        return std::nullopt;
      After[Id] = *V;
    }
    Now = std::move(After);
  }
  return std::nullopt;
}

/// The exit value of a loop bounded by block extents (`for (d = blockDim.x
/// >> 1; d > 0; d >>= 1) offset *= 2;`, the up-sweep of a scan before its
/// down-sweep; the shape is bound after this): the shape's where it is
/// known; otherwise, for a loop that reads one extent, its value for each
/// extent the assumed shapes take (blockDim.x a wave times a power of two,
/// blockDim.y and z powers of two) as a choice by the extent, so that it
/// stays tied to the lanes' indices. Null when the loop reads anything else
/// that is not constant.
SymRef AccessEvaluation::exitValueByBlockExtent(SymbolId Var, const LoopModel &L,
                                                IntType T) const {
  std::set<SymbolId> Extents;
  auto read = [&](const SymRef &E) {
    if (E)
      for (SymbolId Id : symbolsOf(E))
        if (Symbols[Id].Kind == SymbolKind::BlockDim)
          Extents.insert(Id);
  };
  for (const SymRef &E : {L.Init, L.Cond, L.Next})
    read(E);
  for (const LoopCompanion &C : L.Companions) {
    read(C.Init);
    read(C.Next);
  }
  if (Extents.empty())
    return nullptr;
  if (Shape) {
    const int64_t Dims[3] = {Shape->X, Shape->Y, Shape->Z};
    std::map<SymbolId, int64_t> Fixed;
    for (SymbolId Id : Extents)
      Fixed[Id] = Dims[std::min(Symbols[Id].Dim, 2u)];
    const std::optional<int64_t> Exit = exitValueOf(Var, L, Fixed);
    return Exit ? SymExpr::constant(*Exit, T) : nullptr;
  }
  if (Extents.size() != 1)
    return nullptr;
  const SymbolId Extent = *Extents.begin();
  const unsigned Dim = Symbols[Extent].Dim;
  const int64_t First = Dim == 0 ? Model.WaveSize : 1;
  const int64_t Last = Dim == 2 ? 64 : 1024;
  SymRef Chosen;
  for (int64_t V = Last; V >= First; V /= 2) {
    // A few thousand steps per size: the loops of this kind (a scan's
    // up-sweep) run about log2 or blockDim times; each access steps them.
    const std::optional<int64_t> Exit = exitValueOf(Var, L, {{Extent, V}}, 4096);
    if (!Exit)
      return nullptr;
    const SymRef Value = SymExpr::constant(*Exit, T);
    Chosen = !Chosen ? Value
                     : SymExpr::select(SymExpr::binary(Op::EQ, SymExpr::symbol(Extent, U32),
                                                       SymExpr::constant(V, U32),
                                                       IntType{1, false}),
                                       Value, Chosen, T);
  }
  return Chosen;
}

/// A variable of a loop that does not enclose the access is read after the
/// loop ended (`for (; k < n; ++k) ...; if (k < 4) s[t] = 1;`, CuTe's
/// predicate tensors). Where the loop's bounds are constants it is its
/// exit value; otherwise it is not stepped here, so it becomes an unknown,
/// the same in every lane unless its value can differ between lanes. The
/// access is then decided wherever that value does not matter.
void AccessEvaluation::detachFinishedLoops() {
  std::set<unsigned> Enclosing(Access.Loops.begin(), Access.Loops.end());
  // Which loop variables may end different between lanes: those of a loop
  // a lane can leave early (a `break` on its own data) or whose test is not
  // understood, and those whose start, step or trip count reads a value
  // that differs between lanes; to a least fixpoint (a companion that only
  // reads itself and the counter does not differ: `offset <<= 1`).
  std::map<SymbolId, std::vector<SymRef>> Reads; // loop variable -> what it reads
  std::set<SymbolId> Varying;
  for (const LoopModel &L : Loops) {
    std::vector<SymRef> Trip{L.Init, L.Cond, L.Next};
    const bool Leaves = !L.Enumerable || L.ExitsInBody;
    if (Leaves)
      Varying.insert(L.Var);
    Reads[L.Var] = Trip;
    for (const LoopCompanion &C : L.Companions) {
      std::vector<SymRef> R = Trip;
      R.push_back(C.Init);
      R.push_back(C.Next);
      Reads[C.Var] = R;
      if (Leaves)
        Varying.insert(C.Var);
    }
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Var, Exprs] : Reads) {
      if (Varying.count(Var))
        continue;
      bool Differs = false;
      for (const SymRef &E : Exprs) {
        if (!E)
          continue;
        for (SymbolId Id : symbolsOf(E)) {
          const SymbolInfo &S = Symbols[Id];
          // A symbol the same within a warp only under premises on the
          // block shape counts as differing: they are checked later, once
          // the thread indices are laid out (checkUniformityWitnesses).
          Differs |= S.Kind == SymbolKind::ThreadIdx || S.Kind == SymbolKind::Lane ||
                     (S.Kind == SymbolKind::Unknown &&
                      (unknownVaries(Id) || Witnesses.count(Id))) ||
                     (S.Kind == SymbolKind::LoopVar && Varying.count(Id));
        }
      }
      if (Differs) {
        Varying.insert(Var);
        Changed = true;
      }
    }
  }
  std::map<SymbolId, SymbolId> Detached;
  std::map<SymbolId, SymRef> ByBlockExtent; // stepped once per variable
  auto detach = [&](SymbolId Id) -> SymRef {
    // Copies, not references: addUnknown below grows Symbols.
    const SymbolKind Kind = Symbols[Id].Kind;
    const unsigned LoopIndex = Symbols[Id].LoopIndex;
    if (Kind != SymbolKind::LoopVar || Enclosing.count(LoopIndex) ||
        LoopIndex >= Loops.size())
      return nullptr;
    // The variable's own start, step and type: the loop's, or a companion's.
    const LoopModel &L = Loops[LoopIndex];
    IntType Type = L.VarType;
    SymRef Init = L.Init, Next = L.Next;
    for (const LoopCompanion &C : L.Companions)
      if (C.Var == Id) {
        Type = C.VarType;
        Init = C.Init;
        Next = C.Next;
      }
    auto It = Detached.find(Id);
    if (It == Detached.end()) {
      if (const std::optional<int64_t> Exit = exitValueOf(Id, L))
        return SymExpr::constant(*Exit, Type);
      auto Cached = ByBlockExtent.find(Id);
      if (Cached == ByBlockExtent.end())
        Cached = ByBlockExtent.emplace(Id, exitValueByBlockExtent(Id, L, Type)).first;
      if (Cached->second)
        return Cached->second;
      const std::string Name = "`" + Symbols[Id].Name + "`";
      const std::string &Text = L.Text;
      const std::string Loop = Text.empty()                ? std::string("its loop")
                               : Text.rfind("the ", 0) == 0 ? Text
                                                            : "the loop " + loopName(Text);
      const bool LaneVarying = Varying.count(Id) > 0;
      const std::string Data = dataIn(L, /*WithExit=*/true);
      // Where the bound is not known, the value it ends with is one of
      // those its steps reach (`offset <<= 1` from 1: a power of two, or
      // 0 past the wrap): a superset, enumerated like a loop's values.
      std::optional<std::vector<int64_t>> Orbit;
      if (!LaneVarying)
        Orbit = orbitOf(Id, Init, Next, nullptr);
      std::optional<std::pair<int64_t, int64_t>> Domain;
      if (Orbit && !Orbit->empty())
        Domain = std::pair<int64_t, int64_t>(Orbit->front(), Orbit->back());
      const SymbolId U = addUnknown(Name,
                                    "its value after " + Loop +
                                        ", which ldslint does not follow past the loop" +
                                        dataClause(Data, Name),
                                    false, Domain, LaneVarying, !Data.empty());
      if (Domain)
        Symbols.added(U).Values = *Orbit;
      It = Detached.insert({Id, U}).first;
    }
    return SymExpr::symbol(It->second, Type);
  };
  Access.Address = substitute(Access.Address, detach);
  if (BoundsAddress)
    BoundsAddress = substitute(BoundsAddress, detach);
  for (Condition &C : Access.Conditions)
    C.Expr = substitute(C.Expr, detach);
  for (unsigned LoopIdx : Access.Loops) {
    if (LoopIdx >= Loops.size())
      continue;
    LoopModel &L = Loops[LoopIdx];
    L.Init = substitute(L.Init, detach);
    L.Cond = substitute(L.Cond, detach);
    L.Next = substitute(L.Next, detach);
    L.Step = substitute(L.Step, detach);
    for (LoopCompanion &C : L.Companions) {
      C.Init = substitute(C.Init, detach);
      C.Next = substitute(C.Next, detach);
    }
  }
}

/// Why loop \p L (at \p Pos of the access's loops) is not enumerated, after
/// "it changes in the loop at line N": its bounds, or, when its own start,
/// test and step are known, the value a companion starts from or steps by
/// (`index = threadIdx.x * offset; ...; index = (index + 32) % 4096` with
/// `offset` a kernel argument: the loop runs 10000 times).
std::string AccessEvaluation::whyNotEnumerated(
    const LoopModel &L, unsigned Pos,
    const std::function<bool(SymbolId)> &InnerLoopVar) const {
  auto firstUnknown = [&](const SymRef &E, bool Step) {
    return enumerationBlocker(E, Pos, Step, InnerLoopVar);
  };
  const std::string Bounds = ", whose bounds are not known";
  if (!L.Enumerable || !L.Init || !L.Cond || !L.Next || firstUnknown(L.Init, false) ||
      firstUnknown(L.Cond, false) || firstUnknown(L.Next, true))
    return Bounds;
  for (const LoopCompanion &C : L.Companions) {
    std::optional<SymbolId> Id;
    std::string What = "start";
    if (C.Init)
      Id = firstUnknown(C.Init, false);
    if (!Id && C.Next) {
      Id = firstUnknown(C.Next, true);
      What = "step";
    }
    if (!Id)
      continue;
    const SymbolInfo &S = Symbols[*Id];
    if (S.FromData) // the data clause after this names it
      return "";
    std::string Name = S.Kind == SymbolKind::LoopVar ? "`" + S.Name + "`" : S.Name;
    if (S.Kind == SymbolKind::Unknown && S.Why.rfind("it is ", 0) == 0)
      Name += ", " + S.Why.substr(6);
    else if (S.Kind == SymbolKind::Unknown && !S.Why.empty())
      Name += " (" + S.Why + ")";
    return ", and its " + What + " depends on " + Name;
  }
  return Bounds;
}

/// The first symbol of \p E (a start or test, or with \p Step a step) of
/// the loop at \p Pos that keeps it from being enumerated: not a thread
/// index, the loop's own variables or an enumerated loop's; a step may
/// also read the exit values of inner loops.
std::optional<SymbolId> AccessEvaluation::enumerationBlocker(
    const SymRef &E, unsigned Pos, bool Step,
    const std::function<bool(SymbolId)> &InnerLoopVar) const {
  for (SymbolId Id : symbolsOf(E))
    if (!isKnownForEnumeration(Id, Pos) && !(Step && InnerLoopVar(Id)))
      return Id;
  return std::nullopt;
}

void AccessEvaluation::resolveLoops() {
  for (unsigned LoopIdx : Access.Loops) {
    LoopModel &L = Loops[LoopIdx];
    L.Next = assumeHolds(L.Next, L.Cond);
    for (LoopCompanion &C : L.Companions)
      C.Next = assumeHolds(C.Next, L.Cond);
  }
  // Only loops whose variable reaches the address or a condition matter,
  // and of their companions only those something needed reads.
  const std::set<SymbolId> Needed =
      symbolsNeeded(Access.Address, Access.Conditions, Loops, Access.Loops);
  for (unsigned LoopIdx : Access.Loops) {
    LoopModel &L = Loops[LoopIdx];
    if (!Needed.count(L.Var)) {
      L.Companions.clear();
      continue;
    }
    L.Companions.erase(std::remove_if(L.Companions.begin(), L.Companions.end(),
                                      [&](const LoopCompanion &C) {
                                        return !Needed.count(C.Var);
                                      }),
                       L.Companions.end());
  }

  for (unsigned Pos = 0; Pos < Access.Loops.size(); ++Pos) {
    const unsigned LoopIdx = Access.Loops[Pos];
    LoopModel &L = Loops[LoopIdx];
    if (!Needed.count(L.Var))
      continue;
    bool Enumerable = L.Enumerable && L.Init && L.Cond && L.Next;
    std::vector<SymRef> Header{L.Init, L.Cond}, Steps{L.Next};
    for (const LoopCompanion &C : L.Companions) {
      Enumerable &= C.Init && C.Next;
      Header.push_back(C.Init);
      Steps.push_back(C.Next);
    }
    // A step runs after the body, where the variables of inner loops hold
    // their exit values (`i` carried by an outer loop across a while loop).
    auto innerLoopVar = [&](SymbolId Id) {
      const SymbolInfo &S = Symbols[Id];
      return S.Kind == SymbolKind::LoopVar &&
             std::find(Access.Loops.begin() + Pos + 1, Access.Loops.end(),
                       S.LoopIndex) != Access.Loops.end();
    };
    if (Enumerable) {
      for (const SymRef &E : Header)
        Enumerable &= !enumerationBlocker(E, Pos, false, innerLoopVar);
      for (const SymRef &E : Steps)
        Enumerable &= !enumerationBlocker(E, Pos, true, innerLoopVar);
    }
    const bool VaryingInit = L.Init && isLaneVarying(L.Init);
    if (!Enumerable && isOpenEnded(Pos, innerLoopVar)) {
      OpenEnded[LoopIdx] = 0;
      Enumerable = true;
      for (Condition &C : Access.Conditions)
        C.Expr = assumeHolds(C.Expr, L.Cond);
    }
    if (Enumerable) {
      ActiveLoops.push_back(LoopIdx);
      // Twice: a companion's step may read another companion.
      for (int Round = 0; Round < 2; ++Round) {
        if (isLaneVarying(L.Init) || isLaneVarying(L.Cond) ||
            isLaneVarying(L.Next))
          LaneVaryingSyms.insert(L.Var);
        for (const LoopCompanion &C : L.Companions)
          if (isLaneVarying(C.Init) || isLaneVarying(C.Next))
            LaneVaryingSyms.insert(C.Var);
      }
      continue;
    }
    // Not enumerable: the companions are values that change per iteration,
    // the same for every lane when nothing lane-dependent flows into the
    // loop's start, test or steps (`offset <<= 1` in a scan's tree loop:
    // every lane of an iteration sees the same offset; a lane-dependent
    // test would let lanes leave at different iterations).
    // Other loops' variables count as uniform only when enumerated (outer
    // loops, already resolved): an inner loop's may still vary.
    // Another loop's variable (an inner loop's exit value, read by a step)
    // is the same for every lane when that loop's start, steps and exits
    // are, in the same sense (exllamav2's `perm[lk++]`, counted across an
    // unrolled inner loop inside a loop of unknown trip count).
    std::set<unsigned> Judged{LoopIdx};
    std::function<bool(const SymRef &)> varies;
    std::function<bool(const LoopModel &)> loopVaries = [&](const LoopModel &K) {
      bool V = varies(K.Init) || (K.Cond || !K.UniformExits ? varies(K.Cond) : false) ||
               varies(K.Next);
      for (const LoopCompanion &C : K.Companions)
        V = V || varies(C.Init) || varies(C.Next);
      return V;
    };
    varies = [&](const SymRef &E) {
      if (!E || isLaneVarying(E))
        return true;
      for (SymbolId Id : symbolsOf(E)) {
        const SymbolInfo &S = Symbols[Id];
        if (S.Kind != SymbolKind::LoopVar ||
            std::find(ActiveLoops.begin(), ActiveLoops.end(), S.LoopIndex) != ActiveLoops.end())
          continue;
        if (Judged.count(S.LoopIndex))
          continue; // this loop, or one being judged: its own variables
        if (S.LoopIndex >= Loops.size() || Judged.size() > 8)
          return true;
        const LoopModel &K = Loops[S.LoopIndex];
        // Lanes leave together only through the test (no early exit) or
        // through exits known to be the same for all of them.
        if (!K.UniformExits && (!K.Enumerable || !K.Cond))
          return true;
        Judged.insert(S.LoopIndex);
        if (loopVaries(K))
          return true;
      }
      return false;
    };
    bool LoopVaries = loopVaries(L);
    const std::string Data = dataIn(L, /*WithExit=*/false);
    const std::string Why = "it changes in " + loopName(L.Text) +
                            whyNotEnumerated(L, Pos, innerLoopVar) +
                            dataClause(Data, "`" + Symbols[L.Var].Name + "`");
    for (const LoopCompanion &C : L.Companions) {
      // A companion's values cannot be cut by the loop's test (it tests
      // the loop's variable); a test after the body runs it once more.
      std::optional<std::vector<int64_t>> Values;
      if (!LoopVaries)
        Values = orbitOf(C.Var, C.Init, C.Next, nullptr);
      const SymRef U =
          Values && !Values->empty()
              ? finiteUnknown(C.Var, *Values, C.VarType, Why, !Data.empty())
              : SymExpr::symbol(addUnknown("`" + Symbols[C.Var].Name + "`", Why,
                                           false, std::nullopt, LoopVaries,
                                           !Data.empty()),
                                C.VarType);
      const SymbolId Var = C.Var;
      substituteEverywhere(
          [&](SymbolId Id) -> SymRef { return Id == Var ? U : nullptr; });
    }
    // Not enumerable: summarise the variable.
    SymRef Replacement;
    std::optional<std::vector<int64_t>> Values;
    if (!LoopVaries)
      Values = orbitOf(L.Var, L.Init, L.Next, L.TestAfterBody ? nullptr : L.Cond);
    if (Values && !Values->empty()) {
      Replacement = finiteUnknown(L.Var, *Values, L.VarType, Why, !Data.empty());
    } else if (L.Init && L.Step && !isLaneVarying(L.Step)) {
      SymbolId Trip = addUnknown("the iteration of " + loopName(L.Text),
                                 "its bounds are not known statically" +
                                     dataClause(Data, ""),
                                 false, std::pair<int64_t, int64_t>(0, INT32_MAX),
                                 false, !Data.empty());
      Replacement = SymExpr::cast(
          SymExpr::binary(
              Op::Add, SymExpr::cast(L.Init, I64),
              SymExpr::binary(Op::Mul, SymExpr::symbol(Trip, I64),
                              SymExpr::cast(L.Step, I64), I64),
              I64),
          L.VarType);
    } else {
      SymbolId U = addUnknown("`" + Symbols[L.Var].Name + "`", Why, false,
                              std::nullopt, VaryingInit, !Data.empty());
      Replacement = SymExpr::symbol(U, L.VarType);
    }
    const SymbolId Var = L.Var;
    substituteEverywhere(
        [&](SymbolId Id) -> SymRef { return Id == Var ? Replacement : nullptr; });
  }
  SlotOf.assign(Symbols.size(), -1);
  for (unsigned Slot = 0; Slot < ActiveLoops.size(); ++Slot) {
    SlotOf[Loops[ActiveLoops[Slot]].Var] = static_cast<int>(Slot);
  }
  // Companions get the slots after the loops'.
  NumSlots = static_cast<unsigned>(ActiveLoops.size());
  for (unsigned LoopIdx : ActiveLoops)
    SlotVars.push_back(Loops[LoopIdx].Var);
  for (unsigned LoopIdx : ActiveLoops)
    for (const LoopCompanion &C : Loops[LoopIdx].Companions) {
      SlotOf[C.Var] = static_cast<int>(NumSlots++);
      SlotVars.push_back(C.Var);
    }
}

bool AccessEvaluation::isOpenEnded(
    unsigned Pos, const std::function<bool(SymbolId)> &InnerLoopVar) const {
  const LoopModel &L = Loops[Access.Loops[Pos]];
  // A loop with a break joined to its test must be tested: stepping it
  // until its companions repeat would keep lanes that left at the break.
  if (!L.Enumerable || !L.Init || !L.Next || L.Companions.empty() || L.ExitsInBody)
    return false;
  // The loop's own variable must matter only to its exit test.
  // (Conditions that repeat the exit test hold in every iteration that is
  // counted: the body runs, or a do-while continues, only when it passes.)
  std::set<SymbolId> Readers = symbolsOf(Access.Address);
  for (const Condition &C : Access.Conditions)
    for (SymbolId Id : symbolsOf(assumeHolds(C.Expr, L.Cond)))
      Readers.insert(Id);
  for (unsigned I = 0; I < Access.Loops.size(); ++I) {
    const LoopModel &Other = Loops[Access.Loops[I]];
    if (I != Pos)
      for (const SymRef &E : {Other.Init, Other.Cond, Other.Next})
        for (SymbolId Id : symbolsOf(E))
          Readers.insert(Id);
  }
  for (const LoopCompanion &C : L.Companions) {
    if (!C.Init || !C.Next)
      return false;
    for (const SymRef &E : {C.Init, C.Next})
      for (SymbolId Id : symbolsOf(E))
        Readers.insert(Id);
  }
  if (Readers.count(L.Var))
    return false;
  for (const LoopCompanion &C : L.Companions)
    for (const SymRef &E : {C.Init, C.Next})
      for (SymbolId Id : symbolsOf(E))
        if (Id != C.Var && Id != L.Var && !isKnownForEnumeration(Id, Pos) &&
            !InnerLoopVar(Id) &&
            std::none_of(L.Companions.begin(), L.Companions.end(),
                         [&](const LoopCompanion &O) { return O.Var == Id; }))
          return false;
  for (const SymRef &E : {L.Init, L.Next})
    for (SymbolId Id : symbolsOf(E))
      if (Id != L.Var && !isKnownForEnumeration(Id, Pos) && !InnerLoopVar(Id))
        return false;
  return true;
}

std::set<SymbolId> AccessEvaluation::opaqueInAddress() const {
  // Unknowns inside an opaque part (/, %, &, ...) break the residue
  // argument: the result need not be periodic in them. Except inside a
  // remainder whose period divides the window (`(blockIdx.x * blockDim.x +
  // threadIdx.x) % 32`).
  const int64_t Window = Model.NumBanks * Model.BankBytes;
  Polynomial P = Polynomial::of(Access.Address);
  std::set<SymbolId> InOpaque;
  for (const SymRef &Atom : P.Atoms)
    if (Atom->K != SymExpr::Kind::Symbol)
      for (SymbolId Id : symbolsOf(Atom))
        if (!periodicWithin(Atom, Id, Window))
          InOpaque.insert(Id);
  return InOpaque;
}

namespace {
/// A test free of the unknowns \p Unknown names, for the lanes where \p E
/// may be true (\p WantTrue) or may be false, whatever they are: where the
/// rest decides it, so does this test. `halo = tid < 84 && in_grid(...)` is
/// false for lane 84 whatever the grid; an unknown comparison may be either.
SymRef possibly(const SymRef &E, bool WantTrue,
                const std::function<bool(SymbolId)> &Unknown) {
  const IntType Bool{32, true};
  bool Mentions = false;
  for (SymbolId Id : symbolsOf(E))
    Mentions = Mentions || Unknown(Id);
  if (!Mentions)
    return WantTrue ? E : SymExpr::unary(Op::LNot, E, Bool);
  auto Either = [&] { return SymExpr::constant(1, Bool); };
  auto IsOne = [](const SymRef &X) { return X->isConst() && X->Value == 1; };
  auto And = [&](SymRef A, SymRef B) {
    return IsOne(A) ? B : IsOne(B) ? A : SymExpr::binary(Op::LAnd, A, B, Bool);
  };
  auto Or = [&](SymRef A, SymRef B) {
    return IsOne(A) || IsOne(B) ? Either() : SymExpr::binary(Op::LOr, A, B, Bool);
  };
  switch (E->K) {
  case SymExpr::Kind::Unary:
    if (E->Opcode == Op::LNot)
      return possibly(E->A, !WantTrue, Unknown);
    if (E->Opcode == Op::Cast && E->Type.Bits >= E->A->Type.Bits)
      return possibly(E->A, WantTrue, Unknown); // widening keeps zero-ness
    return Either();
  case SymExpr::Kind::Binary:
    if (E->Opcode == Op::LAnd || E->Opcode == Op::LOr) {
      const bool Both = (E->Opcode == Op::LAnd) == WantTrue;
      const SymRef A = possibly(E->A, WantTrue, Unknown);
      const SymRef B = possibly(E->B, WantTrue, Unknown);
      return Both ? And(A, B) : Or(A, B);
    }
    if ((E->Opcode == Op::EQ || E->Opcode == Op::NE) && E->B->isConst() &&
        E->B->Value == 0)
      return possibly(E->A, (E->Opcode == Op::NE) == WantTrue, Unknown);
    return Either();
  case SymExpr::Kind::Ternary:
    if (E->Opcode == Op::Select)
      return Or(And(possibly(E->A, true, Unknown), possibly(E->B, WantTrue, Unknown)),
                And(possibly(E->A, false, Unknown), possibly(E->C, WantTrue, Unknown)));
    return Either();
  default:
    return Either();
  }
}
} // namespace

void AccessEvaluation::resolveConditions() {
  // Unknowns with known values that the address reads non-linearly are
  // enumerated value by value (classifyUnknowns): a test of them is kept.
  // Others go by residues, which a test does not follow.
  const std::set<SymbolId> InOpaque = opaqueInAddress();
  // So are the unknowns a range of values may stand for (ValueClasses.h):
  // the tests as written must allow it here; the address, once simplified,
  // is checked in classifyUnknowns (where it fails, the unknown stops the
  // evaluation there, kept test or not).
  for (const Condition &C : Access.Conditions)
    for (SymbolId Id : symbolsOf(C.Expr))
      Tested.insert(Id);
  auto notEnumerated = [&](SymbolId Id) {
    const SymbolInfo &S = Symbols[Id];
    return S.Kind == SymbolKind::Unknown && !S.Structural &&
           ((S.Values.empty() && !ClassCandidates.count(Id)) || !InOpaque.count(Id));
  };
  // Only those in a term that differs between lanes: simplifyAddress drops
  // the uniform ones (faiss's `limitVec * kWordSize` start), and a test
  // kept for an unknown the address then lacks would only cost residues.
  std::set<SymbolId> InLaneTerms;
  {
    const Polynomial P = Polynomial::of(Access.Address);
    for (const auto &[Monomial, Coeff] : P.Terms) {
      bool Varies = false;
      for (unsigned A : Monomial)
        Varies = Varies || isLaneVarying(P.Atoms[A]);
      if (Varies)
        for (unsigned A : Monomial)
          for (SymbolId Id : symbolsOf(P.Atoms[A]))
            InLaneTerms.insert(Id);
    }
  }
  for (SymbolId Id : InOpaque) {
    if (!Tested.count(Id) || !InLaneTerms.count(Id) || !classEnumerable(Id))
      continue;
    // The tests as they will be kept with it enumerated: a part on data
    // (`i < n`, i read from memory) is taken to hold, as for any test.
    std::vector<SymRef> Relaxed;
    std::vector<const SymExpr *> Exprs;
    for (const Condition &C : Access.Conditions) {
      Relaxed.push_back(possibly(C.Expr, true, [&](SymbolId Other) {
        return Other != Id && notEnumerated(Other);
      }));
      Exprs.push_back(Relaxed.back().get());
    }
    if (classRangeOf(Id, Exprs))
      ClassCandidates.insert(Id);
  }
  std::vector<Condition> Kept;
  for (const Condition &C : Access.Conditions) {
    bool HasUnknown = false;
    for (SymbolId Id : symbolsOf(C.Expr))
      HasUnknown = HasUnknown || notEnumerated(Id);
    if (!HasUnknown) {
      Kept.push_back(C);
      continue;
    }
    // The lanes for which the known part decides the test false skip the
    // access whatever the unknowns are; the others are assumed to run it.
    const SymRef Possible = possibly(C.Expr, true, notEnumerated);
    const bool Decides = !(Possible->isConst() && Possible->Value != 0);
    if (Decides)
      Kept.push_back({Possible, C.Text});
    // A test on data loaded at run time (not a bound from the arguments,
    // which every lane of a full warp usually passes).
    bool OnData = false;
    for (SymbolId Id : symbolsOf(C.Expr))
      OnData = OnData || (Symbols[Id].Kind == SymbolKind::Unknown &&
                          (Symbols[Id].FromData || unknownVaries(Id)));
    const bool PerLane = isLaneVarying(C.Expr);
    AssumedLaneTest = AssumedLaneTest || (OnData && PerLane);
    if (PerLane && UnknownLaneTest.empty())
      UnknownLaneTest = C.Text;
    if (PerLane)
      Result.Assumptions.push_back(
          "assumed every lane " + std::string(Decides ? "that can satisfy `" : "satisfies `") +
          C.Text + (Decides ? "` does" : "`"));
  }
  Access.Conditions = std::move(Kept);
}

void AccessEvaluation::simplifyAddress() {
  // The address is rebuilt from its polynomial below, which has no casts:
  // a narrow one (an `unsigned char` index) must keep its wrap.
  if (narrowCastInSkeleton(Access.Address))
    return;
  Polynomial P = Polynomial::of(Access.Address);
  bool Dropped = false;
  const int64_t Word = static_cast<int64_t>(Model.BankBytes);
  // Uniform terms holding an unknown that are not a whole number of words
  // (a byte padding `(16 - p % 16) % 16` before a float array): when the
  // access is word-aligned and the rest of the address is too, they are.
  std::vector<std::vector<unsigned>> UnalignedUniform;
  bool RestAligned = true;
  for (auto It = P.Terms.begin(); It != P.Terms.end();) {
    // The same for every lane, or, when it holds a value not known
    // statically, the same within each warp (the row offset
    // `threadIdx.y * C / 4` of a block 32 wide). Thread indices alone are
    // kept: they are evaluated exactly, and the pictures show them.
    bool Uniform = !It->first.empty(), LaneFree = true, HasUnknown = false;
    for (unsigned A : It->first) {
      if (!isWarpUniform(P.Atoms[A]))
        Uniform = false;
      if (isLaneVarying(P.Atoms[A]))
        LaneFree = false;
      for (SymbolId Id : symbolsOf(P.Atoms[A]))
        HasUnknown |= Symbols[Id].Kind == SymbolKind::Unknown &&
                      !Symbols[Id].Structural;
    }
    Uniform = Uniform && (LaneFree || HasUnknown);
    if (Uniform && It->second % Word == 0) {
      BoundsUnknown |= HasUnknown;
      It = P.Terms.erase(It);
      Dropped = true;
      continue;
    }
    if (Uniform && HasUnknown)
      UnalignedUniform.push_back(It->first);
    else if (It->second % Word != 0)
      RestAligned = false;
    ++It;
  }
  // Each lane's address is a multiple of the word (the IR's alignment) and
  // so is what is left without these terms: their sum is too, and adding
  // it to every lane's word turns the banks without merging or splitting
  // any, as a dropped whole-word term does.
  if (!UnalignedUniform.empty() && RestAligned &&
      Access.Align >= static_cast<unsigned>(Word)) {
    for (const std::vector<unsigned> &Key : UnalignedUniform)
      P.Terms.erase(Key);
    BoundsUnknown = true;
    Dropped = true;
  }
  if (Dropped) {
    BoundsAddress = Access.Address;
    Access.Address = P.toExpr();
    Result.ExampleRelative = true;
  }
}

namespace {
/// Values enumerated per unknown at most (ValueClasses.h); the lane
/// evaluation budget bounds the work as for any enumeration.
constexpr int64_t MaxClassValues = 4096;

/// The type of the first use of \p Id in \p E.
std::optional<IntType> typeOfSymbol(const SymExpr &E, SymbolId Id) {
  if (E.K == SymExpr::Kind::Symbol)
    return E.Sym == Id ? std::optional<IntType>(E.Type) : std::nullopt;
  for (const SymRef &Sub : {E.A, E.B, E.C})
    if (Sub)
      if (auto T = typeOfSymbol(*Sub, Id))
        return T;
  return std::nullopt;
}
} // namespace

std::optional<ValueClassRange>
AccessEvaluation::classRangeOf(SymbolId Id, const std::vector<const SymExpr *> &Exprs) const {
  // Loops that read it would need their trip counts per value: not done.
  for (unsigned LoopIdx : ActiveLoops) {
    const LoopModel &L = Loops[LoopIdx];
    for (const SymRef &E : {L.Init, L.Cond, L.Next})
      if (symbolsOf(E).count(Id))
        return std::nullopt;
    for (const LoopCompanion &C : L.Companions)
      for (const SymRef &E : {C.Init, C.Next})
        if (symbolsOf(E).count(Id))
          return std::nullopt;
  }
  const std::optional<IntType> Type = typeOfSymbol(*Access.Address, Id);
  if (!Type)
    return std::nullopt;
  const auto Bounds = [&](SymbolId Other) -> std::optional<ValueBounds> {
    if (Other >= Symbols.size())
      return std::nullopt;
    const SymbolInfo &S = Symbols[Other];
    switch (S.Kind) {
    case SymbolKind::Lane:
      return ValueBounds{0, int64_t(Model.WaveSize) - 1};
    case SymbolKind::ThreadIdx: {
      const unsigned Dims[3] = {Shape ? Shape->X : 1024u, Shape ? Shape->Y : 1024u,
                                Shape ? Shape->Z : 64u};
      const int64_t Most = S.Dim < 3 ? int64_t(Dims[S.Dim]) : 1024;
      return ValueBounds{0, Most - 1};
    }
    case SymbolKind::Unknown:
      if (!S.Values.empty())
        return ValueBounds{*std::min_element(S.Values.begin(), S.Values.end()),
                           *std::max_element(S.Values.begin(), S.Values.end())};
      return S.Domain;
    default:
      return std::nullopt;
    }
  };
  const int64_t Window = Model.NumBanks * Model.BankBytes;
  return valueClassRange(Id, *Type, Exprs, Bounds, Window, MaxClassValues);
}

bool AccessEvaluation::enumerateClasses(SymbolId Id) {
  if (!classEnumerable(Id))
    return false;
  // The fallback for small arrays decides a plain access without it.
  if (withinOneRow() && Access.Kind != AccessKind::Atomic &&
      Access.WidthBytes <= Model.BankBytes)
    return false;
  std::vector<const SymExpr *> Exprs;
  for (const Condition &C : Access.Conditions)
    Exprs.push_back(C.Expr.get());
  Exprs.push_back(Access.Address.get());
  const std::optional<ValueClassRange> Range = classRangeOf(Id, Exprs);
  ClassValues.erase(Id);
  if (!Range)
    return false;
  // Positive values first: the sizes an argument usually holds, and the
  // examples a message gives when the enumeration stops early.
  std::vector<int64_t> &Values = ClassValues[Id];
  for (int64_t V = std::max<int64_t>(Range->Low, 1); V <= Range->High; ++V)
    Values.push_back(V);
  for (int64_t V = std::min<int64_t>(Range->High, 0); V >= Range->Low; --V)
    Values.push_back(V);
  return true;
}

bool AccessEvaluation::classifyUnknowns() {
  std::set<SymbolId> Used = symbolsOf(Access.Address);
  std::set<SymbolId> InCondition;
  for (const Condition &C : Access.Conditions)
    for (SymbolId Id : symbolsOf(C.Expr)) {
      Used.insert(Id);
      InCondition.insert(Id);
    }
  for (unsigned LoopIdx : ActiveLoops) {
    const bool Open = OpenEnded.count(LoopIdx) > 0; // its test is not run
    for (const SymRef &E : {Loops[LoopIdx].Init,
                            Open ? SymRef() : Loops[LoopIdx].Cond,
                            Loops[LoopIdx].Next})
      for (SymbolId Id : symbolsOf(E))
        Used.insert(Id);
    for (const LoopCompanion &C : Loops[LoopIdx].Companions)
      for (const SymRef &E : {C.Init, C.Next})
        for (SymbolId Id : symbolsOf(E))
          Used.insert(Id);
  }

  const std::set<SymbolId> InOpaque = opaqueInAddress();

  // A value read from memory that stops the evaluation is named first:
  // where it and another unknown both stop it, the data is what no
  // compile-time analysis can know (a merge position from a search over
  // keys, next to a block index in a division).
  auto stops = [&](const SymbolInfo &S, SymbolId Id) {
    return unknownVaries(Id) || (!S.Structural && InOpaque.count(Id) && S.Values.empty());
  };
  auto stop = [&](const SymbolInfo &S, SymbolId Id) {
    Result.DataDependent = S.FromData;
    const bool Varies = unknownVaries(Id);
    unknown("the address depends on " + S.Name +
            (Varies ? ", which differs between lanes" : "") +
            (S.Why.empty() ? "" : " (" + S.Why + ")") +
            (Varies ? "" : " through a non-linear operation"));
    return false;
  };
  for (SymbolId Id : Used) {
    const SymbolInfo &S = Symbols[Id];
    if (S.FromData && S.Kind == SymbolKind::Unknown && stops(S, Id))
      return stop(S, Id);
  }
  for (SymbolId Id : Used) {
    const SymbolInfo &S = Symbols[Id];
    if (S.Kind != SymbolKind::Unknown)
      continue;
    if (unknownVaries(Id))
      return stop(S, Id);
    if (S.Structural) {
      StructuralVars.push_back(Id);
      continue;
    }
    // A non-linear use in the address, or a test kept for one
    // (resolveConditions): only an exact enumeration covers it.
    if (!S.Values.empty() && (InOpaque.count(Id) || InCondition.count(Id))) {
      FiniteVars.push_back(Id);
      continue;
    }
    // Its range again, with the tests and the address as they now are.
    if (InOpaque.count(Id) && (ClassCandidates.count(Id) || !Tested.count(Id)) &&
        enumerateClasses(Id)) {
      FiniteVars.push_back(Id);
      continue;
    }
    if (InOpaque.count(Id))
      return stop(S, Id);
    ConditionVars.push_back(Id);
  }
  size_t Combinations = 1;
  for (SymbolId Id : FiniteVars)
    Combinations *= ClassValues.count(Id) ? 1 : Symbols[Id].Values.size();
  if (Combinations > MaxFiniteCombinations) {
    std::string Names;
    for (SymbolId Id : FiniteVars)
      Names += (Names.empty() ? "" : " and ") + Symbols[Id].Name;
    unknown("the address depends on " + Names +
            ", whose values together are too many to enumerate");
    return false;
  }
  if (ConditionVars.size() > 2) {
    std::string Names;
    for (SymbolId Id : ConditionVars)
      Names += (Names.empty() ? "" : ", ") + Symbols[Id].Name;
    unknown("the address depends on several values not known statically: " +
            Names);
    return false;
  }
  return true;
}

std::optional<int64_t> AccessEvaluation::valueOf(SymbolId Id,
                                                 unsigned Lane) const {
  const SymbolInfo &S = Symbols[Id];
  switch (S.Kind) {
  case SymbolKind::ThreadIdx:
    return Lane < Lanes.size() ? std::optional<int64_t>(Lanes[Lane][S.Dim])
                               : std::nullopt;
  case SymbolKind::Lane:
    return Lane;
  case SymbolKind::LoopVar: {
    const int Slot = Id < SlotOf.size() ? SlotOf[Id] : -1;
    if (Slot < 0 || static_cast<size_t>(Slot) >= LoopValues.size())
      return std::nullopt;
    return LoopValues[Slot][Lane];
  }
  case SymbolKind::Unknown:
    if (Id < HasUnknownValue.size() && HasUnknownValue[Id])
      return UnknownValues[Id];
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

LaneMask WarpLookup::operator()(SymbolId Id, int64_t *Out) const {
  return E->laneValuesOf(Id, Out);
}

LaneMask AccessEvaluation::laneValuesOf(SymbolId Id, int64_t *Out) const {
  const unsigned W = std::min(Model.WaveSize, MaxLanes);
  const LaneMask All = W >= 64 ? ~LaneMask(0) : (LaneMask(1) << W) - 1;
  // Lanes that fail get 0: the lane evaluator still computes on them.
  auto Fail = [&] {
    std::fill(Out, Out + W, 0);
    return All;
  };
  const SymbolInfo &S = Symbols[Id];
  switch (S.Kind) {
  case SymbolKind::ThreadIdx: {
    LaneMask Failed = 0;
    for (unsigned L = 0; L < W; ++L) {
      if (L < Lanes.size()) {
        Out[L] = Lanes[L][S.Dim];
      } else {
        Out[L] = 0;
        Failed |= LaneMask(1) << L;
      }
    }
    return Failed;
  }
  case SymbolKind::Lane:
    for (unsigned L = 0; L < W; ++L)
      Out[L] = L;
    return 0;
  case SymbolKind::LoopVar: {
    const int Slot = Id < SlotOf.size() ? SlotOf[Id] : -1;
    if (Slot < 0 || static_cast<size_t>(Slot) >= LoopValues.size() ||
        LoopValues[Slot].size() < W) {
      if (!Unvalued)
        Unvalued = Id;
      return Fail();
    }
    std::copy(LoopValues[Slot].begin(), LoopValues[Slot].begin() + W, Out);
    return 0;
  }
  case SymbolKind::Unknown:
    if (Id < HasUnknownValue.size() && HasUnknownValue[Id]) {
      std::fill(Out, Out + W, UnknownValues[Id]);
      return 0;
    }
    if (!Unvalued)
      Unvalued = Id;
    return Fail();
  default:
    return Fail();
  }
}

/// Why some lane's address or condition could not be evaluated: a value
/// the model has no number for there, else an operation undefined for
/// that lane.
std::string AccessEvaluation::evaluationFailure() const {
  if (Unvalued) {
    const SymbolInfo &S = Symbols[*Unvalued];
    // Unknowns are named with their backticks, loop variables without.
    const std::string Name = S.Kind == SymbolKind::LoopVar ? "`" + S.Name + "`" : S.Name;
    return "the address or a condition depends on " + Name +
           ", which has no value where ldslint evaluates it";
  }
  return "the address or a condition cannot be evaluated for some lane "
         "(division by zero or an out-of-range shift)";
}

std::string AccessEvaluation::contextText() const {
  const std::string Loop = loopText(), Assumed = structuralText();
  return Loop.empty() ? Assumed : Assumed.empty() ? Loop : Loop + ", " + Assumed;
}

std::string AccessEvaluation::loopText() const {
  std::string Text;
  for (unsigned Slot = 0; Slot < ActiveLoops.size() && Slot < LoopValues.size(); ++Slot) {
    const LoopModel &L = Loops[ActiveLoops[Slot]];
    if (LaneVaryingSyms.count(L.Var))
      continue;
    if (!Text.empty())
      Text += ", ";
    const int64_t Value = LoopValues[Slot].empty() ? 0 : LoopValues[Slot][0];
    if (L.Element)
      if (const std::optional<int64_t> Element = evaluateWith(
              *L.Element, [&](SymbolId Id) -> std::optional<int64_t> {
                return Id == L.Var ? std::optional<int64_t>(Value) : std::nullopt;
              })) {
        Text += L.ElementName + " = " + std::to_string(*Element);
        continue;
      }
    Text += Symbols[L.Var].Name + " = " + std::to_string(Value);
  }
  return Text;
}

std::string AccessEvaluation::structuralText() const {
  std::string Text;
  for (SymbolId Id : StructuralVars) {
    if (!Text.empty())
      Text += ", ";
    Text += Symbols[Id].Name + " = " + std::to_string(UnknownValues[Id]);
  }
  return Text;
}

void AccessEvaluation::leaf(const std::vector<bool> &Alive, Tally &T,
                            unsigned Warp) {
  // One buffer for every instruction of the evaluation (the hot path).
  std::vector<LaneAddress> &Addr = LaneAddresses;
  Addr.assign(Model.WaveSize, LaneAddress());
  // The whole warp at once (run() refuses waves above MaxLanes):
  // conditions in order, each for the lanes the earlier ones left active,
  // then the address.
  LaneMask Live = liveLanes(Alive);
  LaneEvaluations += static_cast<uint64_t>(__builtin_popcountll(Live));
  int64_t V[MaxLanes];
  for (const Condition &C : Access.Conditions) {
    if (!Live)
      break;
    if (WarpEval.run(*C.Expr, V) & Live) {
      EvalFailed = true;
      return;
    }
    for (unsigned L = 0; L < Model.WaveSize; ++L)
      if (!V[L])
        Live &= ~(LaneMask(1) << L);
  }
  if (!Live)
    return; // a warp with no active lane issues nothing
  if (WarpEval.run(*Access.Address, V) & Live) {
    EvalFailed = true;
    return;
  }
  // Under an assumed block shape, a lane past the end of a variable of
  // known size is undefined behaviour: that shape is not the program's
  // (a tile[8][8] indexed by threadIdx.y excludes blockDim.y = 32).
  // And under the launch's shape for the values of an enumerated range (a
  // value that takes a lane past the end is left out, see evaluateAll).
  if ((!Shape || Shape->Assumed || (!ClassValues.empty() && launchedShape())) &&
      BoundBytes > 0 && !BoundsUnknown) {
    int64_t Full[MaxLanes];
    const int64_t *At = V;
    if (BoundsAddress && !(WarpEval.run(*BoundsAddress, Full) & Live))
      At = Full;
    const bool Mask = Options.MaskLanesPastEnd && !UnknownLaneTest.empty();
    if (!BoundsAddress || At == Full)
      for (unsigned L = 0; L < Model.WaveSize; ++L)
        if (((Live >> L) & 1) &&
            (At[L] < 0 || static_cast<uint64_t>(At[L]) + Access.WidthBytes > BoundBytes)) {
          if (!Mask) {
            ++OutOfBounds;
            // Under the program's shape, the value enumerated is not one
            // it runs with: the rest of its evaluation is not needed.
            if (!ClassValues.empty() && launchedShape())
              EvalFailed = true;
            return;
          }
          Live &= ~(LaneMask(1) << L);
          ++MaskedPastEnd;
        }
    if (!Live)
      return;
  }
  for (unsigned L = 0; L < Model.WaveSize; ++L) {
    if (!((Live >> L) & 1))
      continue;
    if (Options.ExpectZeroAddress && V[L] != 0)
      NonZero = true;
    Addr[L].Active = true;
    Addr[L].Byte = V[L];
  }
  const InstructionCost Cost =
      instructionCost(Model, Phases, Access.WidthBytes, Addr);
  T.add(
      Cost, Warp, [&] { return contextText(); },
      [&](WarpPicture &P) {
        P.Lanes = Addr;
        P.Threads.clear();
        for (unsigned L = 0; L < Lanes.size() && L < Model.WaveSize; ++L)
          P.Threads.push_back(Lanes[L]);
        P.Phases = Phases;
        P.Warp = Warp;
        P.Context = contextText();
        P.Iteration = loopText();
        // Values the iteration text does not give: loop variables that
        // differ between lanes, and the loops' companions.
        P.LaneValues.clear();
        for (unsigned Slot = 0; Slot < SlotVars.size() && Slot < LoopValues.size();
             ++Slot) {
          const SymbolId Var = SlotVars[Slot];
          if (Slot < ActiveLoops.size() && !LaneVaryingSyms.count(Var))
            continue;
          P.LaneValues.emplace_back(Symbols[Var].Name, LoopValues[Slot]);
        }
      },
      Options, CollectViews);
  if (Options.StopAtFirstConflict && Cost.Degree > 1) {
    StoppedOnConflict = true;
    BudgetHit = true; // leaves every enumeration level
  }
}

void AccessEvaluation::enumerateLoops(unsigned Slot, std::vector<bool> Alive,
                                      Tally &T, unsigned Warp) {
  if (EvalFailed || BudgetHit)
    return;
  if (Slot == ActiveLoops.size()) {
    leaf(Alive, T, Warp);
    return;
  }
  const LoopModel &L = Loops[ActiveLoops[Slot]];
  const unsigned W = Model.WaveSize;
  // LoopValues is sized once per warp: inner levels must not reallocate it
  // while this level indexes into it.
  auto Vals = [&]() -> std::vector<int64_t> & { return LoopValues[Slot]; };
  // A uniform loop (header independent of the lane) is stepped once per
  // warp and its value copied to every lane.
  const bool Uniform = !LaneVaryingSyms.count(L.Var);
  int Rep = -1;
  for (unsigned Lane = 0; Lane < W && Rep < 0; ++Lane)
    if (Alive[Lane])
      Rep = static_cast<int>(Lane);
  if (Rep < 0)
    return;
  auto step = [&](const SymRef &E, bool IsCond) -> bool {
    // Returns false on an evaluation failure. For conditions, lanes whose
    // condition is false leave the loop.
    if (!Uniform) {
      const LaneMask Live = liveLanes(Alive);
      LaneEvaluations += static_cast<uint64_t>(__builtin_popcountll(Live));
      int64_t V[MaxLanes];
      if (WarpEval.run(*E, V) & Live)
        return false;
      for (unsigned Lane = 0; Lane < W; ++Lane) {
        if (!((Live >> Lane) & 1))
          continue;
        if (!IsCond)
          Vals()[Lane] = L.VarType.wrap(V[Lane]);
        else if (!V[Lane])
          Alive[Lane] = false;
      }
      return true;
    }
    // Uniform: the representative lane's value holds for every lane.
    ++LaneEvaluations;
    auto V = evaluateWith(*E, [&](SymbolId Id) { return valueOf(Id, Rep); });
    if (!V)
      return false;
    for (unsigned Lane = 0; Lane < W; ++Lane) {
      if (IsCond) {
        if (Alive[Lane])
          Alive[Lane] = *V != 0;
      } else {
        Vals()[Lane] = L.VarType.wrap(*V);
      }
    }
    return true;
  };
  // Companions are evaluated for every live lane; their next values are
  // all computed from the current ones before any is stored.
  auto companionValues = [&](bool Initial,
                             std::vector<std::vector<int64_t>> &New) -> bool {
    New.clear();
    for (const LoopCompanion &C : L.Companions) {
      New.emplace_back(LoopValues[SlotOf[C.Var]]);
      const LaneMask Live = liveLanes(Alive);
      LaneEvaluations += static_cast<uint64_t>(__builtin_popcountll(Live));
      int64_t V[MaxLanes];
      if (WarpEval.run(*(Initial ? C.Init : C.Next), V) & Live)
        return false;
      for (unsigned Lane = 0; Lane < W; ++Lane)
        if ((Live >> Lane) & 1)
          New.back()[Lane] = C.VarType.wrap(V[Lane]);
    }
    return true;
  };
  auto storeCompanions = [&](std::vector<std::vector<int64_t>> &New) {
    for (size_t I = 0; I < L.Companions.size(); ++I)
      LoopValues[SlotOf[L.Companions[I].Var]] = std::move(New[I]);
  };
  std::vector<std::vector<int64_t>> NewCompanions;
  Vals().assign(W, 0);
  if (!companionValues(true, NewCompanions) || !step(L.Init, false)) {
    EvalFailed = true;
    return;
  }
  storeCompanions(NewCompanions);
  // Evaluates the exit test; false when no lane goes on (or on failure).
  auto test = [&]() -> bool {
    if (!step(L.Cond, true)) {
      EvalFailed = true;
      return false;
    }
    bool AnyAlive = false;
    for (unsigned Lane = 0; Lane < W; ++Lane)
      AnyAlive |= Alive[Lane];
    return AnyAlive && !(Uniform && !Alive[Rep]);
  };
  // An open-ended loop runs until its companions' values repeat.
  auto Open = OpenEnded.find(ActiveLoops[Slot]);
  std::set<std::vector<int64_t>> SeenStates;
  auto repeats = [&]() {
    std::vector<int64_t> State;
    for (const LoopCompanion &C : L.Companions)
      for (unsigned Lane = 0; Lane < W; ++Lane)
        State.push_back(Alive[Lane] ? LoopValues[SlotOf[C.Var]][Lane] : 0);
    return !SeenStates.insert(std::move(State)).second;
  };
  for (uint64_t Trip = 0;; ++Trip) {
    if (Open != OpenEnded.end()) {
      if (repeats())
        break;
      if (Trip == MaxOpenEndedTrips) {
        NotPeriodic = Symbols[L.Companions.front().Var].Name;
        EvalFailed = true;
        return;
      }
      Open->second = std::max<uint64_t>(Open->second, Trip + 1);
    } else if (!L.TestAfterBody && !test())
      break;
    if (LaneEvaluations > laneBudget()) {
      BudgetHit = true;
      return;
    }
    enumerateLoops(Slot + 1, Alive, T, Warp);
    if (EvalFailed || BudgetHit)
      return;
    if (Open == OpenEnded.end() && L.TestAfterBody && !test())
      break;
    if (!companionValues(false, NewCompanions) || !step(L.Next, false)) {
      EvalFailed = true;
      return;
    }
    storeCompanions(NewCompanions);
  }
}

Tally AccessEvaluation::enumerateWarps() {
  Tally Total;
  const unsigned W = Model.WaveSize;
  // Structural unknowns (default lane structure) are enumerated over their
  // domains, capped: beyond the cap the pattern repeats modulo the bank
  // window for the polynomial parts, so a window's worth is enough.
  std::vector<std::vector<int64_t>> Domains;
  for (SymbolId Id : StructuralVars) {
    auto [Lo, Hi] = *Symbols[Id].Domain;
    std::vector<int64_t> Vals;
    const int64_t Cap = static_cast<int64_t>(Model.NumBanks * Model.BankBytes);
    if (ExtentVars.count(Id)) {
      for (int64_t V = 1; V <= Hi; V *= 2)
        if (V >= Lo)
          Vals.push_back(V);
    } else {
      for (int64_t V = Lo; V <= Hi && V < Lo + Cap; ++V)
        Vals.push_back(V);
    }
    Domains.push_back(Vals);
  }
  // A thread coordinate enumerated with its block extent stays below it.
  std::vector<std::pair<size_t, size_t>> Below;
  for (const auto &[Index, Extent] : BelowExtent) {
    auto I = std::find(StructuralVars.begin(), StructuralVars.end(), Index);
    auto E = std::find(StructuralVars.begin(), StructuralVars.end(), Extent);
    if (I != StructuralVars.end() && E != StructuralVars.end())
      Below.push_back({static_cast<size_t>(I - StructuralVars.begin()),
                       static_cast<size_t>(E - StructuralVars.begin())});
  }
  std::vector<int64_t> Chosen(StructuralVars.size(), 0);
  std::vector<bool> IsChosen(StructuralVars.size(), false);
  // A block has at most 1024 threads (CUDA's and HIP's limit). Per
  // dimension (x in warps, then y, z): where its extent and coordinate are
  // enumerated, the position of each in StructuralVars, or -1.
  std::vector<std::pair<int, int>> Dims;
  for (const auto &[Index, Extent] : BelowExtent) {
    auto I = std::find(StructuralVars.begin(), StructuralVars.end(), Index);
    auto E = std::find(StructuralVars.begin(), StructuralVars.end(), Extent);
    Dims.push_back({I == StructuralVars.end() ? -1 : static_cast<int>(I - StructuralVars.begin()),
                    E == StructuralVars.end() ? -1 : static_cast<int>(E - StructuralVars.begin())});
  }
  // Whether the values chosen so far fit in one block, with every extent
  // not chosen yet at the least its chosen coordinate allows. The domains
  // ascend, so a value that does not fit ends its level.
  auto fitsInBlock = [&]() {
    int64_t Threads = 1;
    for (size_t D = 0; D < Dims.size(); ++D) {
      int64_t Least = 1;
      const auto [Coord, Extent] = Dims[D];
      if (Extent >= 0 && IsChosen[Extent])
        Least = std::max(Least, Chosen[Extent]);
      if (Coord >= 0 && IsChosen[Coord])
        Least = std::max(Least, Chosen[Coord] + 1);
      Threads *= Least * (D == 0 ? static_cast<int64_t>(W) : 1);
    }
    return Threads <= 1024;
  };
  auto warpLabel = [&](unsigned Warp) {
    const std::string Assumed = structuralText();
    return "warp " + std::to_string(Warp) +
           (Assumed.empty() ? std::string() : " (" + Assumed + ")");
  };
  std::function<void(unsigned)> Structural = [&](unsigned I) {
    if (EvalFailed || BudgetHit)
      return;
    if (LaneEvaluations > laneBudget()) {
      BudgetHit = true;
      return;
    }
    if (I < StructuralVars.size()) {
      IsChosen[I] = true;
      for (int64_t V : Domains[I]) {
        setUnknown(StructuralVars[I], V);
        Chosen[I] = V;
        if (!fitsInBlock())
          break;
        Structural(I + 1);
      }
      IsChosen[I] = false;
      return;
    }
    for (const auto &[Index, Extent] : Below)
      if (Chosen[Index] >= Chosen[Extent])
        return;
    if (Shape) {
      for (unsigned Warp = 0; Warp < warpCount(*Shape, W); ++Warp) {
        Lanes = warpLanes(*Shape, W, Warp);
        std::vector<bool> Alive(W, false);
        for (unsigned L = 0; L < Lanes.size(); ++L)
          Alive[L] = true;
        LoopValues.assign(NumSlots, std::vector<int64_t>(W, 0));
        Total.beginWarp(warpLabel(Warp));
        enumerateLoops(0, Alive, Total, Warp);
      }
    } else {
      Lanes.clear();
      LoopValues.assign(NumSlots, std::vector<int64_t>(W, 0));
      Total.beginWarp(warpLabel(0));
      enumerateLoops(0, std::vector<bool>(W, true), Total, 0);
    }
  };
  Structural(0);
  return Total;
}

/// Result.Views from the worst tally, or, when several values of unknowns
/// were enumerated (each tally without views, to bound memory), from the
/// worst assignment enumerated once more; the worst picture is always in.
void AccessEvaluation::keepViews(const Tally &Worst,
                                 const std::vector<int64_t> &Assignment,
                                 int64_t Generic) {
  PictureSet Views = Worst.Views;
  if (!CollectViews) {
    for (unsigned V = 0; V < ConditionVars.size() && V < Assignment.size(); ++V)
      setUnknown(ConditionVars[V], Assignment[V] + Generic);
    for (unsigned V = 0; V < FiniteVars.size(); ++V)
      if (ConditionVars.size() + V < Assignment.size())
        setUnknown(FiniteVars[V], Assignment[ConditionVars.size() + V]);
    const uint64_t Spent = LaneEvaluations;
    const bool Hit = BudgetHit;
    LaneEvaluations = 0;
    BudgetHit = false;
    CollectViews = true;
    Views = enumerateWarps().Views;
    LaneEvaluations += Spent;
    BudgetHit = Hit;
  }
  Views.WarpCap = Options.PictureWarps;
  Views.StepCap = Options.PictureSteps;
  const WarpPicture &W = Result.Picture;
  if (!W.empty() &&
      std::none_of(Views.Pictures.begin(), Views.Pictures.end(),
                   [&](const WarpPicture &P) {
                     return P.WarpLabel == W.WarpLabel && P.Step == W.Step;
                   }))
    Views.Pictures.push_back(W);
  Result.Views = std::move(Views);
}

/// "`j` (it changes in ..., whose bounds are not known): conflict-free
/// for some of its values" for the one finite variable, or the names of
/// several. Its values are not listed: the IR's variable may be the
/// source's scaled (instcombine keeps `2 * j` in the phi of `j >>= 1`).
std::string AccessEvaluation::describeFiniteValues(
    const std::map<std::vector<int64_t>, Tally> &ByAssignment) const {
  std::string Names;
  for (SymbolId Id : ConditionVars)
    Names += (Names.empty() ? "" : " and ") + Symbols[Id].Name;
  for (SymbolId Id : FiniteVars)
    Names += (Names.empty() ? "" : " and ") + Symbols[Id].Name;
  if (FiniteVars.size() != 1 || !ConditionVars.empty())
    return Names;
  const SymbolInfo &S = Symbols[FiniteVars[0]];
  const bool SomeFree = std::any_of(
      ByAssignment.begin(), ByAssignment.end(), [](const auto &Entry) {
        const Tally &T = Entry.second;
        return T.Instructions > 0 && T.Degree == 1 && T.Wavefronts == T.Ideal;
      });
  // A range of values: one that gives the worst degree, one that is free.
  if (ClassValues.count(FiniteVars[0])) {
    unsigned Most = 0;
    for (const auto &[A, T] : ByAssignment)
      if (T.Instructions > 0)
        Most = std::max(Most, T.Degree);
    // The least positive values where there are (sizes are), else any.
    std::optional<int64_t> Worst, Free;
    auto better = [](const std::optional<int64_t> &Old, int64_t V) {
      return !Old || (*Old <= 0 && V > 0);
    };
    for (const auto &[A, T] : ByAssignment) {
      if (T.Instructions == 0 || A.empty())
        continue;
      if (T.Degree == Most && better(Worst, A.back()))
        Worst = A.back();
      if (T.Degree == 1 && better(Free, A.back()))
        Free = A.back();
    }
    // The enumeration stops at the first disagreement: no "up to".
    if (Worst)
      return Names + (S.Why.empty() ? "" : " (" + S.Why + ")") + ": " +
             std::to_string(Most) + "-way when " + S.Name + " = " + std::to_string(*Worst) +
             (Free ? ", conflict-free when it is " + std::to_string(*Free) : "");
  }
  return Names + (S.Why.empty() ? "" : " (" + S.Why + ")") +
         (SomeFree ? "; conflict-free for some of its values" : "");
}

std::string AccessEvaluation::describeCondition(
    SymbolId Var, const std::map<int64_t, Tally> &ByResidue,
    unsigned Degree) const {
  const int64_t Window = Model.NumBanks * Model.BankBytes;
  std::set<int64_t> Matching;
  for (const auto &[R, T] : ByResidue)
    if (T.Degree == Degree)
      Matching.insert(R);
  const std::string &Name = Symbols[Var].Name;
  for (int64_t M = 1; M <= Window; M *= 2)
    for (int64_t C = 0; C < M; ++C) {
      bool Same = true;
      for (int64_t R = 0; R < Window && Same; ++R)
        Same = (R % M == C) == (Matching.count(R) > 0);
      if (!Same)
        continue;
      if (M == 1)
        return "for every value of " + Name;
      if (M == 2)
        return std::string("when ") + Name + (C ? " is odd" : " is even");
      return "when " + Name + " % " + std::to_string(M) +
             " == " + std::to_string(C);
    }
  return "for some values of " + Name;
}

EvalResult AccessEvaluation::run() {
  EvalResult R = evaluateAll();
  // What a range of values cost comes out of the unit's share.
  if (!ClassValues.empty() && Options.RangeBudget)
    *Options.RangeBudget -= std::min(*Options.RangeBudget, LaneEvaluations);
  // Which lanes take a branch on a value ldslint does not know decides how
  // often the conflict happens: the degree holds, the mean is not known
  // (marchingCubes' edge reads under `distinctEdges & (1 << 15)`: 2-way,
  // 1.01 wavefronts per instruction on the H200).
  if (AssumedLaneTest && R.Status == Verdict::Conflict)
    R.MeanKnown = false;
  // An array no larger than one row of the banks has each of its words in
  // a bank of its own: no index, however unknown, makes two lanes meet in
  // a bank at different words (a 4-word table read at `t / group`; rocRAND
  // sobol's 32 direction words read at a data-dependent index). Accesses of
  // a word or less: one wavefront on NVIDIA (measured, small28.cu), one
  // pass per half-wave of AMD's b32 (the published lane groups; no AMD GPU
  // measured it).
  // Not for a yes/no question (ExpectZeroAddress: unknown is "no"), nor for
  // an operation that is not modelled (inline assembly, a call, an address
  // built from two variables).
  // The same holds for a part of an array no larger than a row: every
  // address the access can take, whatever its unknown values, lies within
  // one row's bytes (rocRAND mtgp32's `param_tbl[y & 0x0f]`, 16 words of a
  // larger struct): any 32 consecutive words are in 32 different banks.
  // Words, not bytes: a 128-byte range of 2-byte elements that starts in
  // the middle of a word touches 33 words (wordsTouched).
  const bool SmallArray = withinOneRow();
  int64_t SpanLo = 0, SpanHi = -1; // bytes the address can start at
  if (R.Status == Verdict::Unknown && !SmallArray && Access.Address)
    if (const std::optional<ValueBounds> B = addressBounds(); B && B->first >= 0)
      std::tie(SpanLo, SpanHi) = *B;
  const bool WithinRow =
      SmallArray ||
      (SpanHi >= SpanLo &&
       wordsTouched(uint64_t(SpanLo), uint64_t(SpanHi) + Access.WidthBytes) <= Model.NumBanks);
  if (R.Status == Verdict::Unknown && !Options.ExpectZeroAddress &&
      Access.Kind != AccessKind::Atomic && Access.Address && Access.Unsupported.empty() &&
      WithinRow && Access.WidthBytes > 0 && Access.WidthBytes <= Model.BankBytes &&
      !R.ShapeRuledOut && !Phases.empty()) {
    const std::string Index = R.Reason;
    const uint64_t Instructions = std::max<uint64_t>(R.Instructions, 1);
    R = EvalResult();
    R.Instructions = Instructions;
    R.Status = Verdict::Ok;
    R.Degree = 1;
    // One pass per lane group of a word-wide instruction (a warp on
    // NVIDIA, each half of a wave64 on AMD); how wide the instructions are
    // (ptxas may fuse them) is not claimed.
    R.Wavefronts = static_cast<double>(Phases.size());
    R.Ideal = static_cast<double>(Phases.size());
    R.MeanKnown = false;
    const std::string Banks = "one row of the " + std::to_string(Model.NumBanks) + " banks";
    if (SmallArray)
      R.Assumptions.push_back("the array is " + std::to_string(BoundBytes) +
                              " bytes, within " + Banks +
                              ": each of its words is in a bank of its own, whatever the "
                              "index (" + Index + ")");
    else
      R.Assumptions.push_back(
          "every address it can take is within bytes " + std::to_string(SpanLo) + " to " +
          std::to_string(SpanHi + Access.WidthBytes - 1) + " of the array (" +
          std::to_string(SpanHi - SpanLo + Access.WidthBytes) + " bytes, within " + Banks +
          "): each of those words is in a bank of its own, whatever the index (" + Index +
          ")");
  }
  return R;
}

std::optional<ValueBounds> AccessEvaluation::addressBounds() const {
  return valueRange(*Access.Address, [&](SymbolId Id) -> std::optional<ValueBounds> {
    if (Id >= Symbols.size())
      return std::nullopt;
    const SymbolInfo &S = Symbols[Id];
    if (!S.Values.empty())
      return ValueBounds{*std::min_element(S.Values.begin(), S.Values.end()),
                         *std::max_element(S.Values.begin(), S.Values.end())};
    return S.Domain;
  });
}

EvalResult AccessEvaluation::evaluateAll() {
  // The target table has waves of 32 and 64 lanes; the warp evaluation
  // holds at most MaxLanes.
  if (Model.WaveSize == 0 || Model.WaveSize > MaxLanes)
    return unknown("a wave of " + std::to_string(Model.WaveSize) +
                   " lanes is not supported");
  if (!Access.Unsupported.empty() || !Access.Address) {
    EvalResult R = unknown(Access.Unsupported.empty() ? "the address is not understood"
                                                      : Access.Unsupported);
    R.DataDependent = Access.UnsupportedFromData;
    return R;
  }
  std::string WhyNot;
  auto P = Model.phases(Access.WidthBytes, Access.Kind, WhyNot);
  if (!P)
    return unknown(WhyNot);
  Phases = *P;

  if (!Options.FixedValues.empty())
    substituteEverywhere([&](SymbolId Id) -> SymRef {
      auto It = Options.FixedValues.find(Id);
      return It == Options.FixedValues.end() ? nullptr
                                             : SymExpr::constant(It->second, I64);
    });
  detachFinishedLoops();
  setUpLaneStructure();
  bindExtents();
  checkUniformityWitnesses();
  resolveLoops();
  Access.Address = withoutWholePeriods(Access.Address);
  resolveConditions();
  if (!Options.ExpectZeroAddress)
    simplifyAddress();
  if (!classifyUnknowns())
    return Result;
  // The bounds test reads the dropped terms' block coordinates that are not
  // enumerated (they change no bank): at their least value, the first warp.
  if (BoundsAddress)
    for (SymbolId Id : symbolsOf(BoundsAddress))
      if (Symbols[Id].Structural && Symbols[Id].Domain &&
          std::find(StructuralVars.begin(), StructuralVars.end(), Id) == StructuralVars.end())
        setUnknown(Id, Symbols[Id].Domain->first);

  const int64_t Window = Model.NumBanks * Model.BankBytes;
  // Two generic multiples of the window: results must not depend on which.
  const int64_t Generic[2] = {Window * 4099, Window * 8209};
  std::map<std::vector<int64_t>, Tally> ByAssignment;
  // Several pictures per tally only when one tally is made; otherwise the
  // worst assignment is enumerated again for them (below).
  // (Not for the planner's yes/no queries, which keep no pictures.)
  CollectViews = Options.PictureWarps > 0 && ConditionVars.empty() &&
                 !Options.StopAtFirstConflict && !Options.ExpectZeroAddress;
  CollectViews = CollectViews && FiniteVars.empty();
  // Residues of the condition variables, then values of the finite ones.
  std::vector<int64_t> Assignment(ConditionVars.size() + FiniteVars.size(), 0);
  bool Unstable = false, MixedValues = false;
  std::function<void(unsigned)> Enumerate = [&](unsigned I) {
    if (EvalFailed || BudgetHit || Unstable || MixedValues)
      return;
    if (I < ConditionVars.size()) {
      for (int64_t R = 0; R < Window; ++R) {
        Assignment[I] = R;
        Enumerate(I + 1);
      }
      return;
    }
    if (I < Assignment.size()) {
      const SymbolId Id = FiniteVars[I - ConditionVars.size()];
      const std::vector<int64_t> &Values = finiteValues(Id);
      const bool Range = ClassValues.count(Id) > 0;
      for (size_t K = 0; K < Values.size(); ++K) {
        if (MixedValues || BudgetHit || EvalFailed)
          return;
        const uint64_t Before = LaneEvaluations;
        Assignment[I] = Values[K];
        setUnknown(Id, Values[K]);
        Enumerate(I + 1);
        // A range whose values at the cost of this one would exceed the
        // budget stops here rather than spend it (rocBLAS's trsv).
        if (Range && K == 0 &&
            (LaneEvaluations - Before) * Values.size() > laneBudget())
          BudgetHit = true;
      }
      return;
    }
    Tally Runs[2];
    const unsigned NumRuns = ConditionVars.empty() ? 1 : 2;
    const uint64_t LeftOutBefore = OutOfBounds;
    for (unsigned Run = 0; Run < NumRuns; ++Run) {
      for (unsigned V = 0; V < ConditionVars.size(); ++V)
        setUnknown(ConditionVars[V], Assignment[V] + Generic[Run]);
      Runs[Run] = enumerateWarps();
    }
    // A value of an enumerated range under which a lane divides by zero,
    // or under the launch's block shape indexes past the array, is not one
    // the program runs with.
    if (!ClassValues.empty() && !Unvalued && !BudgetHit &&
        (EvalFailed || (launchedShape() && OutOfBounds > LeftOutBefore))) {
      EvalFailed = false;
      OutOfBounds = LeftOutBefore;
      ++ValuesLeftOut;
      return;
    }
    if (NumRuns == 2 && !Runs[0].sameAs(Runs[1]))
      Unstable = true;
    ByAssignment[Assignment] = Runs[0];
    // An enumerated range: once one value conflicts and another does not,
    // the answer is `unknown` whatever the rest give.
    if (!ClassValues.empty() && !ByAssignment.empty()) {
      bool Conflicting = false, Free = false;
      for (const auto &[A, T] : ByAssignment)
        if (T.Instructions > 0)
          (T.Degree > 1 ? Conflicting : Free) = true;
      MixedValues = Conflicting && Free;
    }
  };
  Enumerate(0);
  if (!ClassValues.empty() && ByAssignment.empty() && !EvalFailed && !BudgetHit)
    return unknown("the address depends on " + Symbols[ClassValues.begin()->first].Name +
                   ", and no value of it is evaluated without a division by zero or a "
                   "lane past the end of the array");

  if (Options.ExpectZeroAddress) {
    // Ok: zero for every lane; Conflict: a lane certainly has another
    // value; Unknown: not decided.
    const bool Decided = !EvalFailed && !Unstable && !BudgetHit;
    Result.Status = !Decided ? Verdict::Unknown : NonZero ? Verdict::Conflict : Verdict::Ok;
    return Result;
  }
  if (StoppedOnConflict && !EvalFailed) {
    Result.Status = Verdict::Conflict;
    return Result;
  }
  if (!NotPeriodic.empty())
    return unknown("the address depends on `" + NotPeriodic +
                   "`, which changes in a loop whose bounds are not known and "
                   "does not repeat within " +
                   std::to_string(MaxOpenEndedTrips) + " iterations");
  if (EvalFailed)
    return unknown(evaluationFailure());
  if (BudgetHit && !ConditionVars.empty()) {
    EvalResult R = unknown("the address depends on " + Symbols[ConditionVars[0]].Name +
                           " and enumerating its cases exceeds the budget");
    R.BudgetExceeded = true;
    return R;
  }
  if (BudgetHit && !FiniteVars.empty()) {
    // Values not evaluated could answer differently.
    EvalResult R = unknown("the address depends on " + Symbols[FiniteVars[0]].Name +
                           " and enumerating its values exceeds the budget");
    R.BudgetExceeded = true;
    return R;
  }
  if (Unstable) {
    Result.DataDependent = Symbols[ConditionVars[0]].FromData;
    return unknown("the bank pattern depends on the exact value of " +
                   Symbols[ConditionVars[0]].Name);
  }

  Tally Worst;
  std::vector<int64_t> WorstAssignment;
  for (const auto &[A, T] : ByAssignment)
    if (Worst.Instructions == 0 || T.Degree > Worst.Degree) {
      Worst = T;
      WorstAssignment = A;
    }
  if (BudgetHit) {
    Result.MeanKnown = false;
    Result.Assumptions.push_back(
        "enumeration stopped after " + std::to_string(LaneEvaluations) +
        " lane evaluations; the degree is the worst found, the mean is unknown");
  }
  if (Worst.Instructions == 0 && BudgetHit)
    return unknown("enumeration stopped before any lane performed this access");
  if (Shape && OutOfBounds > 0) { // an assumed shape: not the program's
    EveryShapeOutOfBounds = true;
    return unknown("under the assumed block shape a lane accesses past the end of the "
                   "array");
  }
  if (Worst.Instructions == 0 && OutOfBounds > 0) {
    EveryShapeOutOfBounds = true; // evaluateAccess answers without the test
    return unknown("under every assumed block shape a lane accesses past the end of the "
                   "array (set the assume-block option)");
  }
  if (OutOfBounds > 0)
    Result.Assumptions.push_back("assumed block shapes under which a lane accesses past "
                                 "the end of the array are left out");
  if (MaskedPastEnd > 0)
    Result.Assumptions.push_back(
        "the lanes that would access past the end of the array under the assumed block "
        "shape are taken to fail `" + UnknownLaneTest +
        "` (no lane of a correct program accesses past it)");
  if (Worst.Instructions == 0) {
    // Not executed under this launch: nothing to serialise. Another launch
    // of the kernel that does execute it decides the finding.
    Result.Status = Verdict::Ok;
    Result.Degree = 1;
    Result.Assumptions.push_back(
        "no lane performs this access under the analysed block shape");
    return Result;
  }

  // The condition variables were evaluated at large generic values (lanes
  // then share a word only where they always do), which make unreadable
  // examples ("bytes -4, 4197372, ..."). The example is taken at the
  // smallest positive value of the worst residue instead, where that value
  // gives the same counts.
  int64_t ExampleBase = Generic[0];
  if (!ConditionVars.empty() && !BudgetHit) {
    std::vector<int64_t> Small = WorstAssignment;
    // One variable: the smallest positive residue as bad as the worst (16
    // rather than 128 for "32-way when `offset` % 16 == 0").
    if (ConditionVars.size() == 1 && FiniteVars.empty())
      for (const auto &[A, T] : ByAssignment)
        if (A.size() == 1 && A[0] > 0 && T.sameAs(Worst)) {
          Small = A;
          break;
        }
    for (unsigned V = 0; V < ConditionVars.size() && V < Small.size(); ++V) {
      if (Small[V] == 0)
        Small[V] = Window;
      setUnknown(ConditionVars[V], Small[V]);
    }
    for (unsigned V = 0; V < FiniteVars.size(); ++V)
      if (ConditionVars.size() + V < Small.size())
        setUnknown(FiniteVars[V], Small[ConditionVars.size() + V]);
    const uint64_t Spent = LaneEvaluations, LeftOut = OutOfBounds;
    const bool Failed = EvalFailed;
    LaneEvaluations = 0;
    const Tally T = enumerateWarps();
    const bool Same = !BudgetHit && !EvalFailed && T.Instructions == Worst.Instructions &&
                      T.sameAs(Worst) && OutOfBounds == LeftOut;
    LaneEvaluations += Spent;
    OutOfBounds = LeftOut;
    EvalFailed = Failed;
    BudgetHit = false;
    if (Same) {
      Worst.ExampleWarp = T.ExampleWarp;
      Worst.ExampleContext = T.ExampleContext;
      for (unsigned V = 0; V < ConditionVars.size() && V < Small.size(); ++V)
        Worst.ExampleContext += (Worst.ExampleContext.empty() ? "" : ", ") +
                                Symbols[ConditionVars[V]].Name + " = " +
                                std::to_string(Small[V]);
      Worst.Example = T.Example;
      Worst.Picture = T.Picture;
      WorstAssignment = Small;
      ExampleBase = 0;
    }
  }

  Result.Degree = Worst.Degree;
  Result.MeanOverAssumedShapes = !Shape && !StructuralVars.empty();
  Result.Instructions = Worst.Instructions;
  Result.Wavefronts = double(Worst.Wavefronts) / Worst.Instructions;
  Result.Ideal = double(Worst.Ideal) / Worst.Instructions;
  Result.ExampleWarp = Worst.ExampleWarp;
  Result.ExampleContext = Worst.ExampleContext;
  Result.Example = Worst.Example;
  Result.Picture = Worst.Picture;
  if (Options.PictureWarps > 0 && !Options.StopAtFirstConflict)
    keepViews(Worst, WorstAssignment, ExampleBase);

  // A value of a finite variable under which no lane performs the access
  // adds nothing to the mean (the loop does not reach it there).
  bool AllSame = true;
  for (const auto &[A, T] : ByAssignment)
    if (FiniteVars.empty() || T.Instructions > 0)
      AllSame = AllSame && T.sameAs(Worst);
  // A range of values: each lane count its own, conflict-free under all.
  if (!AllSame && !ClassValues.empty() && Worst.Degree == 1) {
    AllSame = true;
    Result.MeanKnown = false;
  }
  if (!AllSame) {
    // The least degree over the values under which a lane performs it.
    unsigned Least = Worst.Degree;
    for (const auto &[A, T] : ByAssignment)
      if (T.Instructions > 0)
        Least = std::min(Least, T.Degree);
    std::string Cond;
    if (!ClassValues.empty()) {
      Result.Reason = "the degree depends on " + describeFiniteValues(ByAssignment);
    } else if (!FiniteVars.empty()) {
      Result.Reason = "up to " + std::to_string(Worst.Degree) +
                      "-way depending on " + describeFiniteValues(ByAssignment);
    } else if (ConditionVars.size() == 1) {
      std::map<int64_t, Tally> ByResidue;
      for (const auto &[A, T] : ByAssignment)
        ByResidue[A[0]] = T;
      Cond = describeCondition(ConditionVars[0], ByResidue, Worst.Degree);
      unsigned Best = Worst.Degree;
      for (const auto &[R, T] : ByResidue)
        Best = std::min(Best, T.Degree);
      std::string Text = std::to_string(Worst.Degree) + "-way bank conflict " +
                         Cond;
      if (Best == 1)
        Text += "; conflict-free " +
                describeCondition(ConditionVars[0], ByResidue, 1);
      Result.Reason = Text;
    } else {
      Result.Reason = "up to " + std::to_string(Worst.Degree) +
                      "-way depending on " + Symbols[ConditionVars[0]].Name +
                      " and " + Symbols[ConditionVars[1]].Name;
    }
    Result.Status = Verdict::Unknown;
    for (const std::vector<SymbolId> *Vars : {&ConditionVars, &FiniteVars})
      for (SymbolId Id : *Vars)
        Result.DataDependent |= Symbols[Id].FromData;
    if (Least > 1) {
      Result.DataDependent = false; // decided for every value
      // Every value conflicts (the residues of the condition variables and
      // the values of the finite ones cover all it can take): a conflict,
      // of a degree that depends on the value, and no mean.
      Result.Status = Verdict::Conflict;
      Result.LeastDegree = Least;
      Result.MeanKnown = false;
      std::string Names;
      for (SymbolId Id : ConditionVars)
        Names += (Names.empty() ? "" : " and ") + Symbols[Id].Name;
      for (SymbolId Id : FiniteVars)
        Names += (Names.empty() ? "" : " and ") + Symbols[Id].Name +
                 (Symbols[Id].Why.empty() ? "" : " (" + Symbols[Id].Why + ")");
      Result.Assumptions.push_back(
          "the degree depends on " + Names + ": " +
          (Cond.empty() ? "up to " + std::to_string(Worst.Degree) + "-way"
                        : std::to_string(Worst.Degree) + "-way " + Cond) +
          ", at least " + std::to_string(Least) +
          "-way for every value; the mean is not known");
      Result.Reason.clear();
    }
    return Result;
  }
  for (SymbolId Id : ConditionVars)
    Result.Assumptions.push_back("the result holds for every value of " +
                                 Symbols[Id].Name);
  for (SymbolId Id : FiniteVars)
    Result.Assumptions.push_back(
        "the result holds for every value " + Symbols[Id].Name + " can take" +
        (Symbols[Id].Why.empty() ? "" : " (" + Symbols[Id].Why + ")") +
        classRangeText(Id));
  for (const auto &[LoopIdx, Trips] : OpenEnded)
    if (Trips > 1) {
      std::string Names;
      for (const LoopCompanion &C : Loops[LoopIdx].Companions)
        Names += (Names.empty() ? "`" : ", `") + Symbols[C.Var].Name + "`";
      Result.Assumptions.push_back(
          "`" + Loops[LoopIdx].Text + "` has a bound that is not known: "
          "assumed it runs at least " + std::to_string(Trips) +
          " iterations, so that " + Names + " takes each of its values");
    }
  Result.Status = Worst.Degree > 1 ? Verdict::Conflict : Verdict::Ok;
  return Result;
}

} // namespace

std::set<SymbolId> symbolsNeeded(const SymRef &Address,
                                 const std::vector<Condition> &Conditions,
                                 const std::vector<LoopModel> &Loops,
                                 const std::vector<unsigned> &AccessLoops) {
  std::set<SymbolId> Needed = symbolsOf(Address);
  for (const Condition &C : Conditions)
    for (SymbolId Id : symbolsOf(C.Expr))
      Needed.insert(Id);
  // Inner loops first: an inner loop's header can read outer variables.
  for (auto It = AccessLoops.rbegin(); It != AccessLoops.rend(); ++It) {
    const LoopModel &L = Loops[*It];
    bool LoopNeeded = Needed.count(L.Var) > 0;
    for (const LoopCompanion &C : L.Companions)
      LoopNeeded |= Needed.count(C.Var) > 0;
    if (!LoopNeeded)
      continue;
    Needed.insert(L.Var);
    for (const SymRef &E : {L.Init, L.Cond, L.Next})
      for (SymbolId Id : symbolsOf(E))
        Needed.insert(Id);
    // To a fixpoint: one companion's step may read another.
    std::vector<bool> Done(L.Companions.size(), false);
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (size_t I = 0; I < L.Companions.size(); ++I)
        if (!Done[I] && Needed.count(L.Companions[I].Var)) {
          Done[I] = Changed = true;
          for (const SymRef &E : {L.Companions[I].Init, L.Companions[I].Next})
            for (SymbolId Id : symbolsOf(E))
              Needed.insert(Id);
        }
    }
  }
  return Needed;
}

std::set<SymbolId> symbolsOfAccess(const KernelModel &Kernel,
                                   const AccessModel &Access) {
  std::set<SymbolId> S =
      symbolsNeeded(Access.Address, Access.Conditions, Kernel.Loops, Access.Loops);
  for (unsigned L : Access.Loops)
    for (const SymRef &E : {Kernel.Loops[L].Init, Kernel.Loops[L].Cond,
                            Kernel.Loops[L].Next})
      for (SymbolId Id : symbolsOf(E))
        S.insert(Id);
  return S;
}

EvalResult evaluateAccess(const KernelModel &Kernel, const AccessModel &Access,
                          const std::optional<BlockShape> &Shape,
                          const BankModel &Model, const EvalOptions &Options) {
  AccessEvaluation E(Kernel, Access, Shape, Model, Options);
  EvalResult R = E.run();
  R.LaneEvaluations = E.laneEvaluations();
  if (!E.everyShapeOutOfBounds())
    return R;
  // Under a shape assumed from the kernel's thread numbering (nvdiffrast's
  // bin rasteriser: 32x16 from __launch_bounds__(512), 256-entry arrays
  // read at `thrInBlock` under `thrInBlock < p.numBins`): the lanes past
  // the end are those the test on the unknown keeps out.
  if (Shape && !Options.MaskLanesPastEnd && E.guardedByUnknownTest()) {
    EvalOptions Masked = Options;
    Masked.MaskLanesPastEnd = true;
    AccessEvaluation Guarded(Kernel, Access, Shape, Model, Masked);
    EvalResult G = Guarded.run();
    if (!Guarded.everyShapeOutOfBounds()) {
      G.LaneEvaluations = R.LaneEvaluations + Guarded.laneEvaluations();
      return G;
    }
  }
  // No assumed shape keeps every lane inside the array (the assumptions
  // start at one whole warp along x, a 32-wide tile on wave64 does not):
  // the answer without that test, as before it.
  AccessModel Unbounded = Access;
  Unbounded.ArrayBytes = 0;
  AccessEvaluation Again(Kernel, Unbounded, Shape, Model, Options);
  EvalResult Plain = Again.run();
  Plain.LaneEvaluations = R.LaneEvaluations + Again.laneEvaluations();
  Plain.ShapeRuledOut = Shape.has_value(); // only assumed shapes are tested
  return Plain;
}

} // namespace ldslint
