//===- DebugLocations.cpp --------------------------------------------------===//
#include "ir/DebugLocations.h"

#include "llvm/Support/Path.h"

namespace ldslint {

clang::FileID DebugLocationMap::fileOf(const llvm::DILocation *L) {
  const llvm::MDNode *Key = L->getFile();
  if (!Key)
    Key = L->getScope();
  const auto Known = Files.find(Key);
  if (Known != Files.end())
    return Known->second;
  llvm::SmallString<256> Path(L->getFilename());
  if (!llvm::sys::path::is_absolute(Path) && !L->getDirectory().empty()) {
    llvm::SmallString<256> Full(L->getDirectory());
    llvm::sys::path::append(Full, Path);
    Path = Full;
  }
  clang::FileID ID;
  if (auto FE = SM.getFileManager().getOptionalFileRef(Path))
    ID = SM.translateFile(&FE->getFileEntry());
  Files[Key] = ID;
  return ID;
}

clang::SourceLocation DebugLocationMap::locate(const llvm::DILocation *L) {
  if (!L || !L->getLine())
    return {};
  const clang::FileID ID = fileOf(L);
  if (ID.isInvalid())
    return {};
  return SM.translateLineCol(ID, L->getLine(), L->getColumn() ? L->getColumn() : 1);
}

} // namespace ldslint
