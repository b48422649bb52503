//===- SharedReach.h - Which functions can touch shared memory -*- C++ -*-===//
//
// Every shared-memory access starts from a shared-memory variable (address
// space 3 on NVPTX and AMDGPU). A kernel that cannot reach one has no
// access, so its body need not go through the normalising passes (in
// llm.c's train_gpt2.cu, 15 of 26 kernels).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_SHAREDREACH_H
#define LDSLINT_IR_SHAREDREACH_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ldslint {

/// The functions of \p M that can reach shared memory: those whose code
/// names a shared-memory variable or has a shared pointer from anything
/// else (an argument, a cast, a load, an intrinsic, a constant), and every
/// function that
/// names one of those, directly or through constants and other variables
/// (a table of function pointers). Conservative: naming is enough, calling
/// is not required. \p Scanned (when given): only these functions' code is
/// looked at for shared pointers; the others are taken not to make any.
llvm::DenseSet<const llvm::Function *>
functionsReachingSharedMemory(const llvm::Module &M,
                              const llvm::DenseSet<const llvm::Function *> *Scanned = nullptr);

/// Whether \p F is a kernel entry point (NVPTX: ptx_kernel calling
/// convention or nvvm.annotations; AMDGPU: amdgpu_kernel).
bool isKernelFunction(const llvm::Function &F);

/// The attribute ldslint gives a device function that no code in its unit
/// calls but that reaches shared memory: it is analysed like a kernel (its
/// arguments unknown in each lane), so that none of its accesses is silent.
inline constexpr const char *UncalledEntryAttr = "ldslint-uncalled-entry";

/// Whether \p F carries UncalledEntryAttr.
bool isUncalledEntry(const llvm::Function &F);

/// Whether ldslint analyses \p F as an entry point: a kernel, or a device
/// function no code in its unit calls (UncalledEntryAttr).
bool isAnalysisEntry(const llvm::Function &F);

/// The kernels of \p M whose code, or the code of a function they call
/// directly, calls through a pointer: where a function called only through
/// its address (a table of functions) can run. Null when something else can
/// also call through a pointer: a function no code here calls directly
/// that makes such calls itself (an entry of its own, under no launch).
std::optional<std::vector<const llvm::Function *>>
kernelsCallingThroughPointers(const llvm::Module &M);

/// The kernels of \p M (by name) that cannot reach shared memory. The
/// plugin asks this of the compile's own device module: the same kernel in
/// ldslint's module, made by the same code generator from the same AST,
/// cannot reach it either, so it need not be generated again.
std::set<std::string> kernelsWithoutSharedMemory(const llvm::Module &M);

} // namespace ldslint

#endif
