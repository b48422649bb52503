//===- PtxasMerging.h - Adjacent shared accesses as ptxas emits them -*- C++ -*-===//
//
// ptxas, for nvcc's PTX and clang's alike, makes one LDS.64/STS.64 of two
// 4-byte shared accesses to adjacent words, and one LDS.128 of four or of
// two adjacent 8-byte ones (test/hardware/explore/pairs17.cu), when
// the lowest address is 8- (16-) byte aligned for every thread; a pair
// misaligned for every thread stays two instructions, and with relocatable
// device code nothing in a static array is merged (measured on the H200:
// test/hardware/explore/pairs.cu, docs/results/adjacent-pairs.md). This
// module decides a run of such accesses where that was measured; the
// others stay merge candidates (`unknown`, LaunchEvaluation.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_PTXASMERGING_H
#define LDSLINT_PTXASMERGING_H

#include "BlockShape.h"
#include "Evaluator.h"

#include <functional>
#include <optional>
#include <set>

namespace ldslint {

/// What deciding a run needs from the device IR and the launches.
struct PtxasMerging {
  bool RelocatableDeviceCode = false;
  /// Whether nothing between the accesses (indices into the kernel's
  /// accesses) keeps ptxas from making them one instruction: the same
  /// block, and no barrier, call or other shared-memory access between.
  std::function<bool(const std::vector<size_t> &)> Adjacent;
  /// Evaluates \p Wide, access I made one wider instruction, over the
  /// kernel's launches.
  std::function<EvalResult(size_t I, const AccessModel &Wide)> EvaluateWide;
  /// Access I's basic block and the number of barriers or fences before it
  /// there. Accesses of one block in different phases are never one
  /// instruction, for nvcc or for the AMDGPU back end (MIVisionX's Harris
  /// filter reads `p[4]`, `p[12]` before a barrier and again after it).
  std::function<std::pair<const void *, unsigned>(size_t I)> BarrierPhase;
};

/// Whether consecutive iterations of \p A's innermost loop may hold
/// accesses next to it, which ptxas may fuse with it (LoopFusion.h): then
/// no rule of this module applies.
bool loopIterationsMayBeAdjacent(const AccessModel &A, const KernelModel &Kernel);

/// The remainders modulo \p Bytes of \p A's address over every thread of
/// \p Shape, where the part of it that is not a multiple of \p Bytes depends
/// on thread indices alone (else nullopt). Without a shape, only where that
/// part is a constant.
std::optional<std::set<int64_t>>
remaindersOverThreads(const AccessModel &A, const KernelModel &Kernel,
                      const std::optional<BlockShape> &Shape, int64_t Bytes);

/// One access of a run, with its finding's place and result.
struct RunMember {
  size_t Index = 0; ///< the caller's index (PtxasMerging's callbacks get it)
  const AccessModel *Access = nullptr;
  EvalResult *Result = nullptr; ///< changed in place
  std::string File;
  unsigned Line = 0, Column = 0;
};

/// Decides \p Run (accesses to consecutive 4- or 8-byte elements, lowest first) as
/// ptxas emits them, where measured: every member gets the merged
/// instruction's result, or keeps its own with a note that it is not
/// merged. \p LaunchedBlock: the shape of a launch that runs (not an
/// assumed one), needed where the alignment depends on the thread. Returns
/// false, changing nothing, where nothing was
/// measured.
bool decidePtxasRun(const KernelModel &Kernel, std::vector<RunMember> &Run,
                    const std::optional<BlockShape> &LaunchedBlock,
                    const PtxasMerging &Ptxas);

/// A run of more than two consecutive 8-byte or 4-byte accesses as ptxas
/// splits it, lowest first, where the run's alignment is the same for every
/// thread: doubles in pairs whose lower address is 16-byte aligned
/// (zmddft's 32 doubles of a row, stored in any order); words in fours from
/// a 16-byte aligned address and in pairs from an 8-byte aligned one
/// (nvdiffrast's rows of 18 floats). Each piece is decided as a run of its
/// own; an element left without aligned partners is one instruction, with
/// a note. With relocatable device code, or where the run's alignment
/// depends on a value ptxas cannot know, every member stays separate, with
/// a note. Returns, per member, whether it was decided (none where the
/// alignment differs between threads); nullopt when \p Run is no such run
/// (fewer than three distinct accesses: decidePtxasRun's).
std::optional<std::vector<bool>>
decideLongPtxasRun(const KernelModel &Kernel, std::vector<RunMember> &Run,
                   const std::optional<BlockShape> &LaunchedBlock,
                   const PtxasMerging &Ptxas);

} // namespace ldslint

#endif
