//===- AccessModel.h - What the front end extracts from the AST --*- C++ -*-===//
//
// The analysis core's input, independent of clang: for one kernel (or one
// kernel instantiation), the symbols its shared-memory addresses mention,
// the loops around the accesses, and per access the symbolic byte address,
// the access width and the conditions under which a lane performs it.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_ACCESSMODEL_H
#define LDSLINT_ACCESSMODEL_H

#include "BankModel.h"
#include "SymExpr.h"

#include <optional>
#include <string>
#include <vector>

namespace ldslint {

enum class SymbolKind {
  ThreadIdx, ///< threadIdx.{x,y,z}: varies per lane
  BlockDim,  ///< blockDim.{x,y,z}: uniform, known once the block shape is
  Lane,      ///< lane index inside the warp (introduced by the evaluator)
  LoopVar,   ///< induction variable of Loops[LoopIndex]
  Extent,    ///< extent of one dimension of a shared array (paddable)
  Unknown,   ///< anything not known statically
};

/// Where an Unknown symbol's value comes from, where a consumer needs more
/// than its reason's words.
enum class SymbolOrigin {
  Other,
  KernelArgument, ///< a kernel's argument (or a member of one taken by value)
  LaunchBuiltin,  ///< blockIdx, gridDim: set by the launch
};

struct SymbolInfo {
  SymbolKind Kind = SymbolKind::Unknown;
  std::string Name;    ///< spelling for messages ("threadIdx.x", "stride")
  unsigned Dim = 0;    ///< ThreadIdx/BlockDim: 0,1,2; Extent: dimension
  unsigned LoopIndex = 0;
  int64_t Value = 0;   ///< Extent: declared extent
  /// Unknown: varies per lane (data-dependent index) rather than uniform.
  bool LaneVarying = false;
  /// Unknown: part of the assumed lane structure (warp position, ty, ...);
  /// its values are aggregated like warps instead of being a condition.
  bool Structural = false;
  /// Unknown: inclusive range of possible values when bounded.
  std::optional<std::pair<int64_t, int64_t>> Domain;
  /// Unknown: every value it can take, when they are few and known (a
  /// loop's variable halved or doubled from known starts, whose bound is
  /// not known: `j >>= 1` from `k >> 1`). Empty: not known.
  std::vector<int64_t> Values;
  std::string Why; ///< Unknown: why it is not known
  /// Unknown: a value read from memory the program writes (an element of a
  /// buffer, an atomic's old value), or computed from one: no compile-time
  /// analysis can know it.
  bool FromData = false;
  /// Unknown, not LaneVarying: the same in every lane of a warp provided
  /// each of these thread-index expressions is (`threadIdx.x / 32`, which
  /// is when each warp starts a multiple of 32 threads along x). The
  /// evaluator checks them against the block shape; where one is not
  /// warp-uniform, the symbol differs between lanes. Empty: uniform.
  std::vector<SymRef> UniformIf;
  /// Unknown: a kernel argument or a launch builtin, of which the compiler
  /// knows no bits (not a reason's words).
  SymbolOrigin Origin = SymbolOrigin::Other;
};

/// ", and depends on DATA, loaded from memory" for a value named \p Name
/// computed from the data symbol named \p Data ("" when there is none);
/// said without the name when it is the value's own, read back.
inline std::string dataClause(const std::string &Data, const std::string &Name) {
  if (Data.empty())
    return "";
  if (Data == Name)
    return ", and depends on data loaded from memory";
  return ", and depends on " + Data + ", loaded from memory";
}

/// Another variable of a loop, stepped together with the loop's variable
/// (device IR: another phi of the loop header, e.g. `pos = (pos + 4) & 63`
/// next to the counter).
struct LoopCompanion {
  SymbolId Var = 0;
  IntType VarType;
  SymRef Init; ///< value before the first iteration
  SymRef Next; ///< value after one iteration (may mention every variable)
};

struct LoopModel {
  SymbolId Var = 0;
  IntType VarType;
  SymRef Init;   ///< value before the first iteration
  SymRef Cond;   ///< loop continues while non-zero (may mention Var)
  SymRef Next;   ///< value of Var after one iteration (mentions Var)
  /// Set when Next is Var + Step with a uniform Step: the loop can then be
  /// summarised as Init + trip * Step when its bounds are not known.
  SymRef Step;
  /// False when the body can leave the loop early (break, return, goto) or
  /// the header is not understood; the loop is then never enumerated.
  bool Enumerable = true;
  /// The exit test runs after the body (do-while; loops whose test is in
  /// the latch of the device IR): the body runs at least once with Init.
  bool TestAfterBody = false;
  /// `#pragma unroll 1` / `#pragma nounroll`: the compiler keeps the loop
  /// rolled, so the accesses of consecutive iterations are never fused.
  bool UnrollDisabled = false;
  /// A `break` joined the loop's test: an iteration may leave the loop
  /// before its accesses (how ptxas emits such loops is not measured).
  bool ExitsInBody = false;
  /// Each way out of the loop is a test every lane of an iteration runs
  /// and that is the same for all of them: lanes leave together, so the
  /// variables stay the same for all lanes when their steps are, also
  /// where the exits are not understood (Cond null).
  bool UniformExits = false;
  std::vector<LoopCompanion> Companions;
  std::string Text; ///< header spelling, for messages
  /// Where the loop is a range-for (Var is clang's `__begin` pointer, or
  /// the byte offset that replaced it), the element read through Var, as
  /// the user named it, and its value in terms of Var alone: messages name
  /// the iteration `stride = 8`, not `__begin1 = 8`. Null otherwise.
  SymRef Element;
  std::string ElementName;
};

struct Condition {
  SymRef Expr;      ///< the lane performs the access only if non-zero
  std::string Text; ///< source spelling, for assumptions
};

struct AccessModel {
  SymRef Address;            ///< bytes from the start of the array
  unsigned WidthBytes = 4;   ///< bytes per lane of one instruction
  /// Alignment in bytes of each lane's address that the compiler may rely
  /// on (the IR's `align`; 0: not known): what makes a uniform byte offset
  /// a whole number of words.
  unsigned Align = 0;
  AccessKind Kind = AccessKind::Read;
  std::vector<Condition> Conditions;
  std::vector<unsigned> Loops; ///< enclosing loops, outermost first
  /// Alignment in bytes of the array's start in the code the back end
  /// emits (0: not known). NVIDIA: ptxas places static shared arrays at
  /// 16-byte boundaries; `extern` arrays have their declared alignment.
  unsigned BaseAlign = 0;
  /// The array is dynamic shared memory (`extern __shared__`).
  bool DynamicShared = false;
  /// Bytes of the shared variable the address is relative to (0: not
  /// known, e.g. dynamic shared memory): a lane past its end is undefined
  /// behaviour, which no assumed block shape may rest on.
  uint64_t ArrayBytes = 0;
  /// Why the address could not be modelled; when set, Address is null.
  std::string Unsupported;
  /// With Unsupported: the address is computed from data the program
  /// loads from memory (a pointer kept in a local array, set from a key).
  bool UnsupportedFromData = false;
};

struct KernelModel {
  std::vector<SymbolInfo> Symbols;
  std::vector<LoopModel> Loops;

  SymbolId addSymbol(SymbolInfo S) {
    Symbols.push_back(std::move(S));
    return static_cast<SymbolId>(Symbols.size() - 1);
  }
  std::string symbolName(SymbolId Id) const {
    return Id < Symbols.size() ? Symbols[Id].Name : "?";
  }
};

} // namespace ldslint

#endif
