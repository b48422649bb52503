//===- KernelExtractor.h - From a kernel's AST to an access model -*- C++ -*-===//
//
// Walks the body of one kernel (one template instantiation), inlining the
// __device__ functions it calls, and produces the KernelModel plus one
// AccessSite per read, write or atomic of a __shared__ variable. Addresses
// are built as SymExpr trees: threadIdx/blockDim/blockIdx become symbols,
// constants and template parameters fold, locals assigned once are
// substituted, loop variables become loop symbols; anything else becomes a
// named unknown.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_KERNELEXTRACTOR_H
#define LDSLINT_KERNELEXTRACTOR_H

#include "AccessModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <set>
#include <vector>

namespace ldslint {

struct AccessSite {
  const clang::Expr *Where = nullptr;       ///< the access expression
  clang::SourceLocation Loc;                ///< where to report it
  const clang::VarDecl *Array = nullptr;    ///< the __shared__ variable
  AccessModel Model;
  /// Calls through which the access was reached, outermost first.
  std::vector<const clang::CallExpr *> CallChain;
  /// Set when the access is written `array[i0]...[iN-1]` with one index per
  /// dimension: the index expressions (outermost first) and their values.
  bool Direct = false;
  /// The lvalue accessed (`a[i]`, `*(float4 *)&a[i]`, `p[i]`).
  const clang::Expr *LValue = nullptr;
  std::vector<const clang::Expr *> IndexExprs;
  std::vector<SymRef> Indices;
};

struct ExtractedKernel {
  const clang::FunctionDecl *Kernel = nullptr;
  KernelModel Model;
  std::vector<AccessSite> Accesses;
  /// Extent symbols of each array: Extents[Array][dim].
  std::map<const clang::VarDecl *, std::vector<SymbolId>> Extents;
  bool UsesThreadIdxYZ = false;
  /// Kernel parameter index -> its symbol, for constant launch arguments.
  std::map<unsigned, SymbolId> ParamSymbols;
  /// Every reference to a shared variable that ended in a recorded access or
  /// a bound pointer parameter. A reference not in here (in this or another
  /// kernel) is a use ldslint did not follow: the fix planner then offers no
  /// fix for that array.
  std::set<const clang::DeclRefExpr *> FollowedRefs;
  /// The walk stopped early (MaxWalkSteps in KernelExtractor.cpp): the
  /// accesses and followed references are incomplete, and no fix may be
  /// planned for an array this kernel accesses.
  bool TooLarge = false;
  /// With stride marks (extractKernel's last argument): the one Extent
  /// symbol that stands for every marked operand.
  std::optional<SymbolId> StrideSymbol;
};

/// \p WaveSize is used for `warpSize` where it does not fold by itself.
/// \p StrideMarks: integer constant expressions (operands of index
/// arithmetic) to model as one paddable Extent symbol instead of folding
/// them, so that the fix planner can try other values of a row stride.
ExtractedKernel
extractKernel(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel,
              unsigned WaveSize,
              const std::set<const clang::Expr *> *StrideMarks = nullptr);

/// Whether \p D is a variable in shared memory (__shared__ / LDS).
bool isSharedVariable(const clang::VarDecl *D);

/// Whether \p FD is an atomic (atomicAdd, __hip_atomic_*, __atomic_*, ...):
/// a call the extractor records as an access of its first argument.
bool isAtomicFunction(const clang::FunctionDecl *FD);

} // namespace ldslint

#endif
