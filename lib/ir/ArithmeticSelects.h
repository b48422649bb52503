//===- ArithmeticSelects.h - Arithmetic-only branches become selects -*- C++ -*-===//
//
// `v.x = c ? a : b; v.y = ...` is a branch per component when clang emits
// it (the operands are not cheap enough to evaluate both). The compile's
// simplifycfg turns such branches into selects, so the stores of `v.x` and
// `v.y` share a block and the back end merges them into one wide store
// (AMD: ds_write_b128). ldslint's own simplifycfg does not speculate (an
// access hoisted above its branch would run for lanes the source masks off),
// so it does this one fold itself: a triangle or diamond whose arms hold a
// few speculatable instructions that touch no memory becomes selects. No
// load, store or call moves, and no loop exit changes.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_ARITHMETICSELECTS_H
#define LDSLINT_IR_ARITHMETICSELECTS_H

#include "llvm/IR/PassManager.h"

namespace ldslint {

/// `ldslint-arithmetic-selects`.
struct ArithmeticBranchesToSelects : llvm::PassInfoMixin<ArithmeticBranchesToSelects> {
  /// Arms of more instructions are left as branches (the compile's
  /// two-entry-phi folding threshold is 4 basic instructions).
  static constexpr unsigned MaxArmInstructions = 4;
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace ldslint

#endif
