//===- LaneValues.h - Per-lane addresses from the device IR -------*- C++ -*-===//
//
// Turns one kernel of the normalised device IR into the analysis core's
// input (KernelModel + AccessModel, see AccessModel.h): every memory
// operation whose pointer leads to a shared-memory variable becomes an
// access whose byte address (relative to that variable) is a symbolic
// expression of the SSA values it is computed from:
//
//   thread-index intrinsics       -> threadIdx / blockDim symbols
//   kernel arguments, blockIdx,
//   loads at warp-uniform addresses -> uniform unknowns (named)
//   loads at per-lane addresses,
//   calls, floating point         -> lane-varying unknowns (data-dependent)
//   loop-header phis              -> loop variables (init, test, next), one
//                                    per loop; the others of the same loop
//                                    follow it when they step by a constant
//   other phis                    -> selects on the branch that chose them
//
// and the conditions under which a lane executes it (the branch edges that
// dominate its block).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_LANEVALUES_H
#define LDSLINT_IR_LANEVALUES_H

#include "AccessModel.h"
#include "ir/ArrayIndices.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"

#include <map>
#include <optional>
#include <vector>

namespace ldslint {

struct IrAccess {
  const llvm::Instruction *Inst = nullptr;
  /// The shared variable accessed; null when the pointer is known to be
  /// shared but not which variable it reaches.
  const llvm::GlobalVariable *Array = nullptr;
  AccessModel Model;
  bool AsyncCopy = false; ///< cp.async (see MemoryOperation)
  /// The access's index in each dimension of Array, when its pointer is a
  /// chain of GEPs over the array's type (ArrayIndices.h): what the fix
  /// planner pads or swizzles.
  std::optional<ArrayIndices> Indices;
};

struct IrKernel {
  const llvm::Function *Function = nullptr;
  KernelModel Model;
  std::vector<IrAccess> Accesses;
  bool UsesThreadIdxYZ = false;
  /// The block width the kernel's own thread numbering implies
  /// (ThreadNumbering.h).
  std::optional<unsigned> ThreadRowWidth;
  /// Kernel parameter index -> its symbol (constant launch arguments).
  std::map<unsigned, SymbolId> ParamSymbols;
};

/// \p ParamNames: the source names of the kernel's parameters (the IR may
/// have none); \p WaveSize: the target's warp/wavefront size.
IrKernel buildIrKernel(const llvm::Function &Kernel,
                       const std::vector<std::string> &ParamNames,
                       unsigned WaveSize);

/// The prefix of the opaque function that stands for a one-dimensional
/// buffer's row stride (ir/StrideModel.h): `ldslint.row.stride.i32(i32 S)`
/// is the Extent symbol "row stride" with the value S.
constexpr const char *RowStrideFunction = "ldslint.row.stride.";

/// A shared variable's source name: `_ZZ9sortPairsPjE1s` (a static local of
/// sortPairs) -> "s".
std::string variableName(const llvm::GlobalVariable *G);

/// Whether \p Stem (a value's name up to its first '.', without the digits
/// LLVM appends to make it unique) is a name clang gives its own
/// temporaries (`call`, `cmp`, `arrayidx`): no source name.
bool isCompilerTemporaryName(llvm::StringRef Stem);

/// Whether \p V (a pointer) is in shared memory: its address space, or the
/// variable it is derived from.
bool isSharedAddressSpace(unsigned AddrSpace);

/// Whether \p B is an `or` of operands with no common bit set, an add:
/// marked `disjoint` (LLVM 18+), proven so by LLVM, or `x << k | c` and
/// the like with c below the zero low bits.
bool isDisjointOr(const llvm::BinaryOperator *B);

} // namespace ldslint

#endif
