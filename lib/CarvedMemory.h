//===- CarvedMemory.h - Buffers carved from one dynamic shared array -*- C++ -*-===//
//
// `extern __shared__ float smem[]; float *As = smem; float *Bs = smem + N;`
// Padding As moves every buffer carved after it, and the memory the launch
// allocates: these helpers find, in the source, the factors of the carve
// offsets and sizes that count As's rows, so that the planner can edit
// them (FixPlannerStrideSize.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_CARVEDMEMORY_H
#define LDSLINT_CARVEDMEMORY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <set>
#include <string>
#include <vector>

namespace ldslint {

/// The dynamic shared memory argument of every launch
/// `k<<<grid, block, bytes>>>` of one of \p Kernels in the translation
/// unit, as written (null where a launch does not pass one).
std::vector<const clang::Expr *>
launchDynamicSizes(const clang::ASTContext &Ctx,
                   const std::set<const clang::FunctionDecl *> &Kernels);

/// Any reference to \p Var in \p Kernel's body other than \p Known.
const clang::DeclRefExpr *
otherReference(const clang::FunctionDecl *Kernel, const clang::ValueDecl *Var,
               const std::set<const clang::DeclRefExpr *> &Known);

/// The buffers carved after \p Target (the start of \p Decl's memory, or a
/// buffer carved from it at a constant offset) move when Target's rows
/// grow: the factor \p S of Target's size in each carve offset counted
/// from the start (\p CarveFactors), and in the launch's
/// dynamic size or the array's size (\p SizeFactors; empty with
/// \p SizeWhyNot set when the launch's cannot be edited). \p Moved: the
/// buffers whose carve offsets are edited. \p Elements:
/// Target's size. Where a sum counts several buffers of that size, the
/// factor spelled \p StrideText is edited. Returns why not, or "".
std::string planCarves(const clang::ASTContext &Ctx, const clang::VarDecl *Decl,
                       const clang::ValueDecl *Target,
                       const std::vector<const clang::VarDecl *> &Others, int64_t S,
                       int64_t ElemBytes, const std::string &StrideText,
                       const std::set<const clang::FunctionDecl *> &Launched,
                       std::vector<const clang::Expr *> &CarveFactors,
                       std::vector<const clang::VarDecl *> &Moved,
                       std::vector<const clang::Expr *> &SizeFactors,
                       int64_t &Elements, std::string &SizeWhyNot);

} // namespace ldslint

#endif
