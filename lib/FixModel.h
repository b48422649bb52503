//===- FixModel.h - The fix planner's model of a kernel's accesses -*- C++ -*-===//
//
// What the fix planner proves padding and swizzles on: per kernel (one
// template instantiation), the symbols of its addresses, and per access of
// the arrays being fixed the symbolic address with the array's extents (or
// a one-dimensional buffer's row stride) as Extent symbols, together with
// the source expression that an edit rewrites. Built from the device IR's
// accesses (ir/FixSites.h, ir/StrideModel.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_FIXMODEL_H
#define LDSLINT_FIXMODEL_H

#include "AccessModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>
#include <optional>
#include <vector>

namespace ldslint {

struct AccessSite {
  clang::SourceLocation Loc;             ///< where its finding is
  const clang::VarDecl *Array = nullptr; ///< the __shared__ variable
  AccessModel Model;
  /// Set when the access is written `array[i0]...[iN-1]` with one index per
  /// dimension: the index expressions (outermost first) and their values.
  bool Direct = false;
  /// The lvalue accessed (`a[i]`, `*(float4 *)&a[i]`, `p[i]`).
  const clang::Expr *LValue = nullptr;
  std::vector<const clang::Expr *> IndexExprs;
  std::vector<SymRef> Indices;
};

struct ModelledKernel {
  const clang::FunctionDecl *Kernel = nullptr;
  KernelModel Model;
  std::vector<AccessSite> Accesses;
  /// Extent symbols of each array: Extents[Array][dim].
  std::map<const clang::VarDecl *, std::vector<SymbolId>> Extents;
  bool UsesThreadIdxYZ = false;
  std::optional<unsigned> ThreadRowWidth; ///< see ir/ThreadNumbering.h
  /// Kernel parameter index -> its symbol, for constant launch arguments.
  std::map<unsigned, SymbolId> ParamSymbols;
  /// In a model with the row stride of a one-dimensional buffer as a
  /// symbol (ir/StrideModel.h): that Extent symbol.
  std::optional<SymbolId> StrideSymbol;
};

/// Whether \p D is a variable in shared memory (__shared__ / LDS).
inline bool isSharedVariable(const clang::VarDecl *D) {
  return D && D->hasAttr<clang::CUDASharedAttr>();
}

} // namespace ldslint

#endif
