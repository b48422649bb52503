//===- FixExport.h - --fix and --export-fixes for the driver ----*- C++ -*-===//
//
// Fixes from several files and archs are merged without duplicates (the
// same edit found on sm_80 and sm_90 is one edit), then either written as
// the YAML that clang-apply-replacements reads, or applied to the files.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_FIXEXPORT_H
#define LDSLINT_FIXEXPORT_H

#include "Finding.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ldslint {

struct FixRecord {
  std::string Message;  ///< the warning text
  std::string File;     ///< file of the warning
  unsigned Offset = 0;  ///< offset of the warning in File
  std::vector<TextEdit> Edits;
  /// Each edited file's contents when it was analysed (a hash): --fix
  /// refuses a file that changed since.
  std::map<std::string, uint64_t> Analysed;
};

/// The hash FixRecord::Analysed holds for a file's contents.
uint64_t contentHash(llvm::StringRef Text);

class FixCollector {
public:
  void add(FixRecord R);
  bool empty() const { return Records.empty(); }
  /// The records kept, in the order added (a worker hands them to its
  /// parent, which adds them again in file order).
  const std::vector<FixRecord> &records() const { return Records; }
  /// clang-apply-replacements YAML; false (with \p Error) on I/O failure.
  bool exportYaml(const std::string &Path, std::string &Error) const;
  /// Applies every distinct edit; false (with \p Error) when edits overlap,
  /// a file changed since it was analysed, or it cannot be rewritten (then
  /// nothing in that file is changed). Each file is written to a temporary
  /// file next to it and renamed over it: it is never left half written.
  bool apply(std::string &Error, unsigned &Applied) const;

private:
  std::vector<FixRecord> Records;
  std::set<std::string> Seen; ///< file:offset:length:text of kept edits
  std::map<std::string, uint64_t> Analysed;
};

} // namespace ldslint

#endif
