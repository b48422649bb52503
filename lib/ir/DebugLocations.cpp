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
    ID = Entered->firstIdOf(FE->getFileEntry());
  Files[Key] = ID;
  return ID;
}

clang::FileID EnteredFiles::firstIdOf(const clang::FileEntry &Entry) {
  if (const auto It = Entered.find(&Entry); It != Entered.end())
    return It->second;
  // As translateFile does, the first entry of a file wins; the main file
  // is entered before any header. The entries (most of them macro
  // expansions) are scanned once in all, each call going on from where the
  // last one stopped until it meets the file.
  for (const unsigned N = SM.local_sloc_entry_size(); Scanned != N;) {
    const clang::SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(Scanned++);
    if (!E.isFile())
      continue;
    const auto &Orig = E.getFile().getContentCache().OrigEntry;
    if (!Orig)
      continue;
#if LLVM_VERSION_MAJOR >= 18
    const clang::FileEntry *FE = &Orig->getFileEntry();
#else
    const clang::FileEntry *FE = Orig;
#endif
    if (Entered.count(FE))
      continue;
    const clang::FileID ID =
        SM.getFileID(clang::SourceLocation::getFromRawEncoding(E.getOffset()));
    Entered[FE] = ID;
    if (FE == &Entry)
      return ID;
  }
  // Files of loaded modules or precompiled headers are not local entries.
  return SM.translateFile(&Entry);
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
