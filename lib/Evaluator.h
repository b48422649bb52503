//===- Evaluator.h - Conflict degree of one access over a block -*- C++ -*-===//
//
// Evaluates an AccessModel for a target and a block shape: every warp of the
// block, every iteration of the enclosing loops that matter (within a
// budget), and, where the address depends on a value that is not known, that
// value over all residues that can change the bank pattern. The result is
// either a fact (conflict / ok) or `unknown` with a reason, possibly a
// condition ("32-way when stride % 32 == 0").
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_EVALUATOR_H
#define LDSLINT_EVALUATOR_H

#include "AccessModel.h"
#include "BankSolver.h"
#include "BlockShape.h"
#include "WarpPicture.h"

#include <map>
#include <set>

namespace ldslint {

enum class Verdict { Conflict, Ok, Unknown };

const char *verdictName(Verdict V);
struct EvalResult;
/// "4-way", or "2- to 32-way" for a conflict whose degree depends on a value.
std::string degreeWords(const EvalResult &R);

struct EvalOptions {
  /// Lane evaluations allowed per access before enumeration stops.
  uint64_t MaxLaneEvaluations = 250000;
  /// Extent symbol -> extent to use instead of the declared one (padding).
  std::map<SymbolId, int64_t> ExtentOverrides;
  /// Unknown symbol -> value it has in this launch (constant kernel
  /// arguments at a launch site).
  std::map<SymbolId, int64_t> FixedValues;
  /// Instead of costing the access, check that its address is zero for
  /// every active lane (used to prove that a layout change preserves the
  /// elements an access reaches): Ok if so, Unknown otherwise.
  bool ExpectZeroAddress = false;
  /// Stop at the first conflicting instruction and return Conflict (used
  /// by the fix planner, which only asks "is this layout clean?").
  bool StopAtFirstConflict = false;
  /// When set, EvalResult::Picture shows this warp at this context (the
  /// same instruction as another evaluation's picture, e.g. before a fix)
  /// if it is executed, instead of the worst instruction.
  std::optional<std::pair<unsigned, std::string>> PictureAt;
  /// When non-zero, EvalResult::Views keeps the pictures of the first
  /// PictureWarps warps that execute the access, each at its first
  /// PictureSteps executions, plus the worst instruction (the HTML report's
  /// warp and iteration selectors). Zero: only Picture is kept.
  unsigned PictureWarps = 0, PictureSteps = 0;
  /// NVIDIA: the PTX comes from clang (the plugin runs in the compile), not
  /// from nvcc. ptxas fuses loop iterations of clang's PTX only in part
  /// (measured), so fused accesses are never costed as fully fused.
  bool PtxFromClang = false;
  /// Relocatable device code (clang -fgpu-rdc, nvcc -rdc=true or -dc):
  /// ptxas then fuses no loop iterations into wider accesses (measured).
  bool RelocatableDeviceCode = false;
  /// Lane evaluations left, for the whole translation unit, to ranges of
  /// values of kernel arguments (ValueClasses.h; shared by every
  /// evaluation that holds the pointer, which spends from it). Null: no
  /// ranges are enumerated.
  uint64_t *RangeBudget = nullptr;
  /// Under an assumed block shape, lanes that would access past the end of
  /// the array are taken to fail the access's test on a value not known
  /// statically (`thrInBlock < p.numBins`), when it has one, instead of
  /// ruling the shape out (evaluateAccess asks this when no other way
  /// keeps the lanes inside the array).
  bool MaskLanesPastEnd = false;
};

/// The symbols that \p Address and \p Conditions need, through the
/// headers of the loops \p AccessLoops (indices into \p Loops, outer first)
/// and the steps of their companions, to a fixpoint: the variable of every
/// loop that matters and of every companion that does. A companion nothing
/// needed reads (a running sum of loaded values beside the index) is not
/// in it, nor are the variables of a loop that does not matter.
std::set<SymbolId> symbolsNeeded(const SymRef &Address,
                                 const std::vector<Condition> &Conditions,
                                 const std::vector<LoopModel> &Loops,
                                 const std::vector<unsigned> &AccessLoops);

/// Every symbol an access depends on: its address, its conditions, the
/// headers of its loops and the companions it needs (symbolsNeeded).
std::set<SymbolId> symbolsOfAccess(const KernelModel &Kernel,
                                   const AccessModel &Access);

struct EvalResult {
  Verdict Status = Verdict::Unknown;
  unsigned Degree = 0;       ///< worst per-phase wavefronts of any warp
  /// A conflict whose degree depends on an unknown's value, every value
  /// conflicting: the least degree over its values (0: one degree).
  unsigned LeastDegree = 0;
  double Wavefronts = 0;     ///< mean per executed warp instruction
  double Ideal = 0;          ///< mean ideal per executed warp instruction
  bool MeanKnown = true;     ///< false when enumeration hit the budget
  /// Wavefronts/Ideal are the means of the iterations in which the compiler
  /// keeps the access separate; the others are left out (IterationPairs.h).
  bool MeanLeavesOutIterations = false;
  /// Unknown because enumerating the cases of a condition exceeded the
  /// budget (a fix whose check ends so is not proven, not refuted).
  bool BudgetExceeded = false;
  /// The block shape is not known and the mean is taken over the shapes
  /// assumed for it (the worst degree holds; the mean is not a prediction).
  bool MeanOverAssumedShapes = false;
  /// Evaluated under an assumed block shape (BlockShape::Assumed) under
  /// which a lane accesses past the end of the array: not the program's
  /// shape. The result is the one without the bounds test.
  bool ShapeRuledOut = false;
  uint64_t Instructions = 0; ///< warp instructions evaluated
  uint64_t LaneEvaluations = 0; ///< work done (expressions evaluated per lane)
  /// The worst instruction: which warp, which iteration, which lanes.
  unsigned ExampleWarp = 0;
  std::string ExampleContext; ///< e.g. "k = 3"
  BankCollision Example;
  /// Addresses in Example leave out a uniform offset (a multiple of 4 B).
  bool ExampleRelative = false;
  /// Every lane of the example instruction (ExampleWarp at ExampleContext,
  /// unless EvalOptions::PictureAt chose another), for bank maps.
  WarpPicture Picture;
  /// More pictures, when EvalOptions::PictureWarps asks for them.
  PictureSet Views;
  std::string Reason;
  /// Unknown because the address depends on values read from memory the
  /// program writes (SymbolInfo::FromData): no static analysis decides it.
  bool DataDependent = false;
  std::vector<std::string> Assumptions;
};

EvalResult evaluateAccess(const KernelModel &Kernel, const AccessModel &Access,
                          const std::optional<BlockShape> &Shape,
                          const BankModel &Model, const EvalOptions &Options);

} // namespace ldslint

#endif
