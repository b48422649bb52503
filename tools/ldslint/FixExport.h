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

#include <set>
#include <string>
#include <vector>

namespace ldslint {

struct FixRecord {
  std::string Message;  ///< the warning text
  std::string File;     ///< file of the warning
  unsigned Offset = 0;  ///< offset of the warning in File
  std::vector<TextEdit> Edits;
};

class FixCollector {
public:
  void add(FixRecord R);
  bool empty() const { return Records.empty(); }
  /// clang-apply-replacements YAML; false (with \p Error) on I/O failure.
  bool exportYaml(const std::string &Path, std::string &Error) const;
  /// Applies every distinct edit; false (with \p Error) when edits overlap
  /// or a file cannot be rewritten (then nothing in that file is changed).
  bool apply(std::string &Error, unsigned &Applied) const;

private:
  std::vector<FixRecord> Records;
  std::set<std::string> Seen; ///< file:offset:length:text of kept edits
};

} // namespace ldslint

#endif
