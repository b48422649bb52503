//===- SharedAccesses.h - Memory operations of the device IR -----*- C++ -*-===//
//
// Which instructions touch memory, through which pointer, how wide and how:
// loads, stores, atomics (atomicrmw, cmpxchg), memory intrinsics (memcpy,
// memmove, memset) and the intrinsics that read or write shared memory
// (cp.async). Whether the memory is shared is decided by LaneValues, which
// follows the pointer to its base object.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_SHAREDACCESSES_H
#define LDSLINT_IR_SHAREDACCESSES_H

#include "BankModel.h"

#include "llvm/IR/Instruction.h"

#include <optional>
#include <string>
#include <vector>

namespace ldslint {

struct MemoryOperation {
  const llvm::Value *Pointer = nullptr;
  int64_t Offset = 0; ///< bytes after Pointer (pieces of a memcpy)
  AccessKind Kind = AccessKind::Read;
  unsigned WidthBytes = 0; ///< bytes per lane; 0 when not one access
  /// cp.async: the lanes' shared-memory writes are costed like a store of
  /// the same width, which no measurement here has confirmed.
  bool AsyncCopy = false;
  /// Set when the operation is not one lane-wide access that the bank model
  /// covers (a memcpy, an odd width, inline assembly): why.
  std::string NotModelled;
};

/// The memory operations of \p I: a small memcpy or memset is the pieces the
/// backend splits it into (the widest its alignment allows, up to 16
/// bytes), on each side; inline assembly and calls one per pointer operand
/// (also pointers passed as integers, e.g. `__cvta_generic_to_shared`), and
/// cp.async (intrinsic or inline assembly) a shared store of its size.
std::vector<MemoryOperation> memoryOperations(const llvm::Instruction &I);

} // namespace ldslint

#endif
