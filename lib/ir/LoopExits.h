//===- LoopExits.h - The ways a lane can really leave a loop -----*- C++ -*-===//
//
// LLVM 15's clang ends a scope with locals in a `switch` on its cleanup slot
// whose default goes to a block holding only `unreachable`: an edge no lane
// takes (taking it is undefined behaviour). LoopInfo counts it as an exit of
// every loop around it, so an outer grid-stride loop looked like one with a
// second, unknown way out, and ldslint stopped following its variable.
// These helpers leave such edges out.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_LOOPEXITS_H
#define LDSLINT_IR_LOOPEXITS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/BasicBlock.h"

namespace ldslint {

/// Whether \p B does nothing but reach `unreachable` (debug intrinsics
/// aside): no lane executes it.
bool onlyUnreachable(const llvm::BasicBlock &B);

/// The blocks of \p L with a successor outside \p L that a lane can take,
/// in LoopInfo's order.
void exitingBlocks(const llvm::Loop &L, llvm::SmallVectorImpl<llvm::BasicBlock *> &Exiting);

} // namespace ldslint

#endif
