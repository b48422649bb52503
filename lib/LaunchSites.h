//===- LaunchSites.h - Block shapes of kernels ------------------*- C++ -*-===//
//
// Where a kernel's block shape comes from, in order: a required work-group
// size attribute; constant launch sites in the translation unit
// (`k<<<g, dim3(32, 8)>>>`, `hipLaunchKernelGGL`); the user's
// --assume-block; `__launch_bounds__(N)` for a kernel that only uses
// threadIdx.x; else none (the evaluator's stated default).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_LAUNCHSITES_H
#define LDSLINT_LAUNCHSITES_H

#include "BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <vector>

namespace ldslint {

/// Constant block shapes of every kernel launched in the translation unit,
/// keyed by the canonical declaration of the launched function (template
/// specialisations are distinct).
using LaunchShapes = std::map<const clang::FunctionDecl *, std::vector<BlockShape>>;

LaunchShapes collectLaunchShapes(clang::ASTContext &Ctx);

/// The shapes to analyse \p Kernel with (several when launch sites differ);
/// empty means "use the default lane structure".
std::vector<BlockShape> blockShapesFor(clang::ASTContext &Ctx,
                                       const clang::FunctionDecl *Kernel,
                                       const LaunchShapes &Launches,
                                       const std::optional<BlockShape> &Assumed,
                                       bool UsesThreadIdxYZ);

} // namespace ldslint

#endif
