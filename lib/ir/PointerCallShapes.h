//===- PointerCallShapes.h - Block shapes of table-called functions -*- C++ -*-===//
//
// A device function that no code calls except through its address (NCCL's
// table of functions, `table[i](args)`) is analysed as an entry of its own
// (DeviceModule). Without relocatable device code, only this unit's kernels
// can call it, and only those that call through a pointer: it runs under
// their block shapes. When every such kernel has a known shape, those are
// its shapes; otherwise it keeps the assumed ones, which the note says.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_POINTERCALLSHAPES_H
#define LDSLINT_IR_POINTERCALLSHAPES_H

#include "Analyzer.h"
#include "LaunchSites.h"
#include "ir/DeviceModule.h"

#include "clang/AST/ASTContext.h"

namespace ldslint {

/// Adds to \p Launches, for each function of \p DM called only through its
/// address, the block shapes of the kernels that call through pointers
/// (their arguments are not its arguments: none is kept). Nothing is added
/// under relocatable device code, when a caller through a pointer is no
/// kernel of the unit, or when one of those kernels has no known shape.
void addShapesOfPointerCallers(clang::ASTContext &Ctx, const DeviceModule &DM,
                               const AnalysisOptions &Options, LaunchSites &Launches);

} // namespace ldslint

#endif
