//===- BankModel.h - Shared-memory bank models per GPU target ---*- C++ -*-===//
//
// Every architecture fact ldslint relies on lives in one table
// (BankModel.cpp), each entry with its source. A model answers two
// questions: how many banks of which width, and how the lanes of one
// warp/wavefront are split into phases (lane groups served together) for an
// access of a given width. Where the grouping is not publicly documented the
// model says so instead of guessing.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_BANKMODEL_H
#define LDSLINT_BANKMODEL_H

#include <optional>
#include <string>
#include <vector>

namespace ldslint {

enum class AccessKind { Read, Write, Atomic };

const char *accessKindName(AccessKind K);

/// Lanes served together in one pass over the banks.
using LanePhases = std::vector<std::vector<unsigned>>;

enum class BankFamily { NvidiaVoltaPlus, Cdna, Gfx950, Rdna };

struct BankModel {
  BankFamily Fam = BankFamily::NvidiaVoltaPlus;
  std::string Arch;    ///< e.g. "sm_90", "gfx90a"
  std::string Family;  ///< human-readable family, e.g. "NVIDIA sm_70+"
  unsigned NumBanks = 32;
  unsigned BankBytes = 4;
  unsigned WaveSize = 32;
  unsigned SharedLimitBytes = 48 * 1024; ///< static limit per block
  bool IsAMD = false;
  std::string Source; ///< where the numbers come from

  /// The lane phases for an access of \p WidthBytes, or std::nullopt with
  /// \p WhyNot set when the grouping is undocumented for this target.
  std::optional<LanePhases> phases(unsigned WidthBytes, AccessKind Kind,
                                   std::string &WhyNot) const;
};

/// Looks up the model for an offload arch name ("sm_90", "gfx942", ...).
/// \p WaveSizeOverride, when non-zero, is the wave size the compiler reports
/// for the target (e.g. gfx1100 with -mwavefrontsize64).
std::optional<BankModel> lookupBankModel(const std::string &Arch,
                                         unsigned WaveSizeOverride = 0);

/// All arch names the table knows, for --help and error messages.
std::string knownArchList();

} // namespace ldslint

#endif
