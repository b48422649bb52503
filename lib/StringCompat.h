//===- StringCompat.h - StringRef prefix/suffix tests for LLVM 15..22 -*- C++ -*-===//
//
// StringRef's startswith/endswith became starts_with/ends_with between the
// LLVM versions ldslint supports; these work with all of them.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_STRINGCOMPAT_H
#define LDSLINT_STRINGCOMPAT_H

#include "llvm/ADT/StringRef.h"

namespace ldslint {

inline bool startsWith(llvm::StringRef S, llvm::StringRef P) {
  return S.substr(0, P.size()) == P;
}
inline bool endsWith(llvm::StringRef S, llvm::StringRef P) {
  return S.size() >= P.size() && S.substr(S.size() - P.size()) == P;
}

} // namespace ldslint

#endif
