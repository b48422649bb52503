//===- StoredPointers.h - Pointers read back from local objects --*- C++ -*-===//
//
// CUB's and rocPRIM's agents (AgentRadixSortUpsweep, ...) keep a reference to
// their shared-memory TempStorage in a local object that also holds arrays
// indexed at run time. SROA then leaves the whole object in memory, and every
// access through the reference reads the pointer back from it: a generic
// pointer that is not visibly shared memory, and the access would get no
// answer at all. -O2's GVN forwards the stored pointer (so the back end
// emits a shared-memory instruction); this pass does that one thing.
//
// A load of a pointer or an integer from a local object (an alloca, or an
// argument passed by value, that does not escape; CUB's agents also keep
// `linear_tid` there) gets the value of
// the one store that may write the loaded bytes, when that store writes
// exactly those bytes and dominates the load. "May write" is
// the alias analysis of the pipeline (offsets, and the types the front end
// records: an `int` store does not write a pointer member), as for GVN.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_STOREDPOINTERS_H
#define LDSLINT_IR_STOREDPOINTERS_H

#include "llvm/IR/PassManager.h"

namespace ldslint {

/// `ldslint-forward-stored-pointers`.
struct ForwardStoredPointers : llvm::PassInfoMixin<ForwardStoredPointers> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace ldslint

#endif
