//===- PointerCallShapes.cpp - Block shapes of table-called functions -----===//
#include "ir/PointerCallShapes.h"
#include "LaunchEvaluation.h"
#include "ir/SharedReach.h"

#include "clang/AST/Decl.h"

#include <algorithm>

namespace ldslint {

namespace {

/// The launch configurations of the kernels that call through pointers,
/// without their arguments; empty when one of them has no known shape.
std::vector<LaunchConfig> shapesOfCallers(clang::ASTContext &Ctx,
                                          const std::vector<const clang::FunctionDecl *> &Callers,
                                          const AnalysisOptions &Options,
                                          const LaunchSites &Launches) {
  std::vector<LaunchConfig> Out;
  for (const clang::FunctionDecl *Caller : Callers) {
    // As if the caller used threadIdx.y: its __launch_bounds__ alone says
    // nothing of the shape the called function sees.
    for (LaunchConfig C : launchConfigsFor(Ctx, Caller, Launches, Options.AssumeBlock,
                                           /*UsesThreadIdxYZ=*/true, std::nullopt)) {
      if (!C.Shape || C.Shape->Assumed)
        return {};
      const std::string Via = " (the launch of `" + kernelName(Caller, Ctx) +
                              "`, which calls functions through pointers)";
      C.Args.clear();
      C.Where += Via;
      C.Shape->Source += Via;
      if (std::find(Out.begin(), Out.end(), C) == Out.end())
        Out.push_back(std::move(C));
    }
  }
  return Out;
}

} // namespace

void addShapesOfPointerCallers(clang::ASTContext &Ctx, const DeviceModule &DM,
                               const AnalysisOptions &Options, LaunchSites &Launches) {
  const auto &Callers = DM.kernelsCallingThroughPointers();
  if (Ctx.getLangOpts().GPURelocatableDeviceCode || !Callers || Callers->empty())
    return;
  std::vector<LaunchConfig> Shapes;
  bool Computed = false;
  for (const llvm::Function &Fn : DM.module()) {
    if (!isUncalledEntry(Fn) || Fn.use_empty())
      continue;
    const auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(DM.declFor(Fn.getName()));
    if (!FD)
      continue;
    if (!Computed) {
      Shapes = shapesOfCallers(Ctx, *Callers, Options, Launches);
      Computed = true;
    }
    if (Shapes.empty())
      return;
    Launches[FD->getCanonicalDecl()] = Shapes;
  }
}

} // namespace ldslint
