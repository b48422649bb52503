//===- DebugLocations.cpp --------------------------------------------------===//
#include "ir/DebugLocations.h"

#include "llvm/Support/Path.h"

namespace ldslint {

clang::SourceLocation sourceLocation(const clang::SourceManager &SM,
                                     const llvm::DILocation *L) {
  if (!L || !L->getLine())
    return {};
  llvm::SmallString<256> Path(L->getFilename());
  if (!llvm::sys::path::is_absolute(Path) && !L->getDirectory().empty()) {
    llvm::SmallString<256> Full(L->getDirectory());
    llvm::sys::path::append(Full, Path);
    Path = Full;
  }
  auto FE = SM.getFileManager().getOptionalFileRef(Path);
  if (!FE)
    return {};
  return SM.translateFileLineCol(&FE->getFileEntry(), L->getLine(),
                                 L->getColumn() ? L->getColumn() : 1);
}

} // namespace ldslint
