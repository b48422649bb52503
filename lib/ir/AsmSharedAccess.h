//===- AsmSharedAccess.h - Shared loads and stores written in PTX -*- C++ -*-===//
//
// Hand-written kernels (FlashAttention v1, CUTLASS's shared_load/store,
// CUDA samples) issue shared-memory loads and stores in inline PTX:
// `ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];`. An asm statement that is one
// such instruction is one lane-wide access, exactly as a C++ load or store
// of the same width compiles to (LDS/STS), so the same bank model applies.
//
// `ldmatrix`/`stmatrix` (m8n8, b16: GEMM and attention kernels, CuTe's
// LDSM/STSM atoms) move 8x8 matrices of 16-byte rows; each row's address
// comes from one lane: lanes 0-7 for .x1, 0-15 for .x2, 0-31 for .x4. As
// far as banks go, that is a 16-byte access by those lanes (measured on an
// H200: test/hardware/explore/ldsm15.cu). Anything else in inline assembly
// (several instructions, predicates) is not read here.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_ASMSHAREDACCESS_H
#define LDSLINT_IR_ASMSHAREDACCESS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace ldslint {

struct AsmSharedAccess {
  bool Write = false;
  unsigned WidthBytes = 0; ///< bytes per lane: element size times vector length
  unsigned Operand = 0;    ///< the asm operand ($N) that holds the address
  int64_t Offset = 0;      ///< `[$N+16]`: bytes after that address
  /// ldmatrix/stmatrix: the lanes 0 .. RowLanes-1 give the row addresses
  /// (the others' are not used); 0 for ld/st, where every lane accesses.
  unsigned RowLanes = 0;
};

/// \p AsmText (LLVM's spelling: operands are `$N`) when it is a single
/// `ld.shared` or `st.shared` of 1, 2, 4, 8 or 16 bytes per lane, without a
/// predicate or cache qualifiers other than `.volatile`, or a single
/// `ldmatrix`/`stmatrix` of m8n8 b16 matrices from shared memory; nullopt
/// otherwise.
std::optional<AsmSharedAccess> parseAsmSharedAccess(llvm::StringRef AsmText);

} // namespace ldslint

#endif
