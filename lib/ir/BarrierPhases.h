//===- BarrierPhases.h - Barriers that split a block's accesses --*- C++ -*-===//
//
// No compiler moves a shared-memory access across a barrier or a fence, so
// two accesses of one basic block with a barrier between them are never one
// wider instruction (LDS.64/128, ds_read2, ds_read_b64/b128), whatever
// their addresses. The merge pass (LaunchEvaluation.h) pairs accesses
// within a phase only.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_BARRIERPHASES_H
#define LDSLINT_IR_BARRIERPHASES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"

namespace ldslint {

/// Whether \p I is a barrier or a memory fence: `__syncthreads()` and its
/// variants (NVVM's barrier intrinsics, `bar.sync`/`barrier.sync` in inline
/// PTX), `__threadfence*()` (NVVM's membar), AMDGPU's `s_barrier`, and
/// `fence` instructions (HIP's `__syncthreads()` is a fence, `s_barrier` and
/// a fence).
bool isBarrierOrFence(const llvm::Instruction &I);

/// The number of barriers or fences before an instruction in its block,
/// each block counted once.
class BarrierPhases {
public:
  unsigned of(const llvm::Instruction &I);

private:
  llvm::DenseMap<const llvm::BasicBlock *, llvm::DenseMap<const llvm::Instruction *, unsigned>>
      Blocks;
};

} // namespace ldslint

#endif
