//===- DebugTime.h - Phase times for developers ------------------*- C++ -*-===//
//
// With LDSLINT_DEBUG_TIME set in the environment, ldslint prints how long
// each phase of its analysis took (stderr). Not an option for users: the
// figures are for profiling ldslint itself.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_DEBUGTIME_H
#define LDSLINT_DEBUGTIME_H

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>

namespace ldslint {

inline bool debugTimeEnabled() {
  static const bool Enabled = std::getenv("LDSLINT_DEBUG_TIME") != nullptr;
  return Enabled;
}

inline double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

/// Prints "ldslint: PHASE N s" when debug times are on.
inline void debugTime(const char *Phase, std::chrono::steady_clock::time_point Start) {
  if (debugTimeEnabled())
    llvm::errs() << "ldslint: " << Phase << " " << secondsSince(Start) << " s\n";
}

} // namespace ldslint

#endif
