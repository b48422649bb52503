//===- DebugLocations.h - IR debug locations as clang source locations -*- C++ -*-===//
#ifndef LDSLINT_IR_DEBUGLOCATIONS_H
#define LDSLINT_IR_DEBUGLOCATIONS_H

#include "clang/Basic/SourceManager.h"
#include "llvm/IR/DebugInfoMetadata.h"

namespace ldslint {

/// The file location of \p L's innermost frame (line and column) in \p SM,
/// or an invalid location when \p L has no line or names a file \p SM does
/// not know.
clang::SourceLocation sourceLocation(const clang::SourceManager &SM,
                                     const llvm::DILocation *L);

} // namespace ldslint

#endif
