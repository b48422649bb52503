//===- LoopUniformity.h - Loop values every lane of an iteration shares -*- C++ -*-===//
//
// A loop's variable that ldslint cannot follow in closed form (a tree walk's
// explicit stack: `depth++` on one path, `depth--` on another, chosen by the
// node read from memory) is still the same in every lane when every branch
// that chooses its steps is: then it is a uniform unknown, like a kernel
// argument, and an access `s[warp][depth][lane]` is decided whatever it is.
//
// This is the classic divergence analysis (LLVM's UniformityAnalysis),
// restricted to one loop and made conservative: a value is divergent when
// an operand is, when it is a thread index or an atomic's result, when it
// is read from per-lane memory (a local array) or at a divergent address,
// when it comes from a call, and, for a phi, when a divergent branch can
// send lanes to its block along different paths (its block is the branch's
// join, the branch's immediate post-dominator, or lies between the branch
// and its join). Values from outside the loop are judged by the caller.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_LOOPUNIFORMITY_H
#define LDSLINT_IR_LOOPUNIFORMITY_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Instructions.h"

#include <set>

namespace ldslint {

/// Whether a value defined outside the loop differs between lanes.
using OutsideVarying = llvm::function_ref<bool(const llvm::Value *)>;

/// The header phis of \p L that hold the same value in every lane running
/// an iteration together. Empty when the loop is larger than the analysis
/// follows (its answer is then "not known to be uniform").
std::set<const llvm::PHINode *> uniformHeaderPhis(const llvm::Loop &L,
                                                  const llvm::LoopInfo &LI,
                                                  const llvm::PostDominatorTree &PDT,
                                                  OutsideVarying Varying);

/// Whether a branch at \p Branching whose lanes may go different ways can
/// make lanes arrive at \p At along different paths: \p At is the branch's
/// join (its immediate post-dominator) or reachable from the branch without
/// passing that join.
bool branchReaches(const llvm::BasicBlock *Branching, const llvm::BasicBlock *At,
                   const llvm::PostDominatorTree &PDT);

} // namespace ldslint

#endif
