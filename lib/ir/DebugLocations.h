//===- DebugLocations.h - IR debug locations as clang source locations -*- C++ -*-===//
#ifndef LDSLINT_IR_DEBUGLOCATIONS_H
#define LDSLINT_IR_DEBUGLOCATIONS_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "ir/LocationsByFrame.h"
#include "llvm/IR/DebugInfoMetadata.h"

namespace ldslint {

/// Maps IR debug locations to \p SM's source locations. Finding a file's
/// entry is a scan of every source entry of the unit (each macro expansion
/// is one): clang's translateFile scans them per call, this map once for
/// all files, and each debug-info file is looked up once.
class DebugLocationMap {
public:
  explicit DebugLocationMap(const clang::SourceManager &SM) : SM(SM) {}
  const clang::SourceManager &sourceManager() const { return SM; }
  /// The file location of \p L's innermost frame (line and column), or an
  /// invalid location when \p L has no line or names a file \p SM does not
  /// know.
  clang::SourceLocation locate(const llvm::DILocation *L);

private:
  clang::FileID fileOf(const llvm::DILocation *L);
  clang::FileID fileIdOf(const clang::FileEntry &Entry);
  const clang::SourceManager &SM;
  llvm::DenseMap<const llvm::MDNode *, clang::FileID> Files;
  /// The first FileID of each file entered in the unit (built on first use).
  llvm::DenseMap<const clang::FileEntry *, clang::FileID> Entered;
  unsigned Scanned = 0; ///< local source entries entered so far
};

} // namespace ldslint

#endif
