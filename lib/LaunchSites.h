//===- LaunchSites.h - Block shapes of kernels ------------------*- C++ -*-===//
//
// Where a kernel's block shape comes from, in order: a required work-group
// size attribute; constant launch sites in the translation unit
// (`k<<<g, dim3(32, 8)>>>`, `hipLaunchKernelGGL`); the user's
// --assume-block; `__launch_bounds__(N)` for a kernel that only uses
// threadIdx.x; else none (the evaluator's stated default).
//
// A launch's shape is folded where the launch reads it, however the dim3 is
// built: constructors, member assignments after the declaration
// (`dim3 b; b.x = 32; b.y = 8;`), assignment from another dim3, helper
// functions, locals whose changes fold, parameters bound at the calls of
// the launching function in the translation unit; a kernel launched through
// a local function pointer gets the launch too. A value that may or may not have
// changed before the launch (a branch, a loop, a pointer or non-const
// reference) or is only known at run time makes the launch's shape unknown
// (LaunchConfig::Shape empty), never a wrong constant.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_LAUNCHSITES_H
#define LDSLINT_LAUNCHSITES_H

#include "BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <functional>
#include <map>
#include <set>
#include <vector>

namespace ldslint {

/// One way a kernel is launched: the block shape (nullopt: the default
/// lane structure) and the integer kernel arguments that fold to constants,
/// by parameter index.
struct LaunchConfig {
  std::optional<BlockShape> Shape;
  std::map<unsigned, int64_t> Args;
  std::string Where; ///< "the launch at file:line:col", or empty

  bool operator==(const LaunchConfig &O) const {
    return Shape == O.Shape && Args == O.Args;
  }
};

/// Constant launch sites of every kernel launched in the translation unit,
/// keyed by the canonical declaration of the launched function (template
/// specialisations are distinct).
using LaunchSites = std::map<const clang::FunctionDecl *, std::vector<LaunchConfig>>;

/// Where \p Read is given, the launches of a named kernel it declines are
/// not read (a kernel without shared memory needs no block shape); launches
/// through function pointers always are.
/// \p Broken: functions whose code clang could not wholly build (errors set
/// aside in host-only code: a statement with an error is dropped, so what
/// it wrote is not seen); nothing is read from their locals or parameters.
LaunchSites collectLaunchSites(
    clang::ASTContext &Ctx, bool SystemHeaders,
    const std::function<bool(const clang::FunctionDecl *)> &Read = nullptr,
    const std::set<const clang::FunctionDecl *> *Broken = nullptr);

/// The configurations to analyse \p Kernel with (several when launch sites
/// differ); never empty. A configuration no launch gives a shape to takes
/// the shapes \p ThreadRowWidth implies (ir/ThreadNumbering.h), when given.
std::vector<LaunchConfig> launchConfigsFor(clang::ASTContext &Ctx,
                                           const clang::FunctionDecl *Kernel,
                                           const LaunchSites &Launches,
                                           const std::optional<BlockShape> &Assumed,
                                           bool UsesThreadIdxYZ,
                                           std::optional<unsigned> ThreadRowWidth =
                                               std::nullopt);

} // namespace ldslint

#endif
