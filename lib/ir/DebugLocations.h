//===- DebugLocations.h - IR debug locations as clang source locations -*- C++ -*-===//
#ifndef LDSLINT_IR_DEBUGLOCATIONS_H
#define LDSLINT_IR_DEBUGLOCATIONS_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "ir/LocationsByFrame.h"
#include "llvm/IR/DebugInfoMetadata.h"

#include <memory>

namespace ldslint {

/// The first FileID of each file entered in a unit, found by scanning its
/// source entries (each macro expansion is one) once, as far as needed.
/// clang's translateFile scans them per call; one scan can serve every map
/// of a unit (DeviceModule::enteredFiles).
class EnteredFiles {
public:
  explicit EnteredFiles(const clang::SourceManager &SM) : SM(SM) {}
  clang::FileID firstIdOf(const clang::FileEntry &Entry);

private:
  const clang::SourceManager &SM;
  llvm::DenseMap<const clang::FileEntry *, clang::FileID> Entered;
  unsigned Scanned = 0; ///< local source entries entered so far
};

/// Maps IR debug locations to \p SM's source locations; each debug-info
/// file is looked up once.
class DebugLocationMap {
public:
  /// \p Files: the unit's entered files, shared with other maps; null
  /// scans on its own.
  explicit DebugLocationMap(const clang::SourceManager &SM,
                            std::shared_ptr<EnteredFiles> Files = nullptr)
      : SM(SM), Entered(Files ? std::move(Files) : std::make_shared<EnteredFiles>(SM)) {}
  const clang::SourceManager &sourceManager() const { return SM; }
  /// The file location of \p L's innermost frame (line and column), or an
  /// invalid location when \p L has no line or names a file \p SM does not
  /// know.
  clang::SourceLocation locate(const llvm::DILocation *L);

private:
  clang::FileID fileOf(const llvm::DILocation *L);
  const clang::SourceManager &SM;
  llvm::DenseMap<const llvm::MDNode *, clang::FileID> Files;
  std::shared_ptr<EnteredFiles> Entered;
};

} // namespace ldslint

#endif
