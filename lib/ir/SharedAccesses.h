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

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
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
  /// cp.async: a shared store of WidthBytes per lane, whose wavefronts also
  /// depend on the global-memory lines it reads (see IrFindings.cpp).
  bool AsyncCopy = false;
  /// ldmatrix/stmatrix: only lanes 0 .. RowLanes-1 give addresses (one
  /// 16-byte row each); 0 when every lane does.
  unsigned RowLanes = 0;
  /// Inline assembly that receives the address as an integer computed from
  /// Pointer (`__cvta_generic_to_shared(s) + 2 * i`): that integer, which
  /// LaneValues evaluates as an address; Pointer is then the variable only.
  const llvm::Value *IntegerAddress = nullptr;
  /// Inline assembly whose own instruction names the shared state space
  /// (`ld.shared`, `st.shared`, `ldmatrix ... .shared`): shared memory
  /// whatever its address operand is known to point to.
  bool SharedByText = false;
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

/// Whether \p Call is one of CUDA's atomic functions (atomicAdd, ...)
/// declared without a body (headers that only declare them).
bool isDeclaredAtomic(const llvm::CallBase &Call);

/// Whether \p Call is one of NVVM's scoped atomics (`atomicAdd_block`,
/// `atomicCAS_system`: the `llvm.nvvm.atomic.*.gen.*.cta`/`.sys`
/// intrinsics on a generic pointer), which returns the old value.
bool isNvvmScopedAtomic(const llvm::CallBase &Call);

/// The object (a shared variable) that the integer \p V is computed from
/// with integer arithmetic (`smem_base + offset`, FlashAttention's
/// `__nvvm_get_smem_pointer(p) + ...`, also kept in a local object), when
/// there is exactly one; null otherwise.
const llvm::Value *pointerUnderArithmetic(const llvm::Value *V);

/// The values stored anywhere into the local variable \p Local (through
/// its elements, and copies into it of other locals); only integers with
/// \p IntegersOnly.
void storedInto(const llvm::AllocaInst &Local,
                llvm::SmallVectorImpl<const llvm::Value *> &Out, bool IntegersOnly = true);

/// The pointer whose shared-window address \p V is when \p V is the result
/// of inline assembly that only converts an address (`cvta.to.shared.u64
/// a, $1; cvt.u32.u64 $0, a;`, the hand-written __cvta_generic_to_shared
/// of SGEMM kernels; NCCL's `shmemCvtPtr`, which returns it as a pointer
/// for `ld.shared`), or null.
const llvm::Value *convertedSharedPointer(const llvm::Value *V);

/// Whether the inline assembly \p AsmText only converts an address to the
/// shared window (no load, store or copy): it accesses no memory.
bool isSharedAddressConversion(llvm::StringRef AsmText);

} // namespace ldslint

#endif
