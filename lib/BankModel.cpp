//===- BankModel.cpp - The architecture table ------------------------------===//
//
// Sources (see also docs/bank-models.md):
//  [NV]   32 banks x 4 B, phases by width: nvFuser
//         csrc/device_lower/analysis/bank_conflict.cpp; confirmed by the
//         H200 (sm_90) measurements in shared/reference/bank-models.md.
//  [AMD1] CDNA b32: conflicts resolved per half-wave (AMD OpenCL
//         optimization guide; MI300 timings, tingqli/pyhip).
//  [AMD2] gfx942 b64: 4 groups of 16 consecutive lanes (pyhip, measured).
//  [AMD3] ds_write_b128: 8 groups of 8 consecutive lanes (ROCm
//         composable_kernel docs, lds_bank_conflicts.rst).
//  [AMD4] gfx942 ds_read_b128 groups (CK docs, pyhip, triton PR #11365).
//  [AMD5] gfx950: 64 banks; b64 2 phases of 32 lanes, b128 4 phases of 16
//         (hipkittens paper_experiments/phases; triton PR #11365).
//  [RDNA] RDNA ISA "Data Share": wave32, 32 banks visible to a workgroup;
//         grouping of wider accesses not public.
//
//===----------------------------------------------------------------------===//
#include "BankModel.h"

#include <algorithm>

namespace ldslint {

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Read:
    return "read";
  case AccessKind::Write:
    return "write";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "read";
}

namespace {

using Family = BankFamily;

struct ArchEntry {
  const char *Arch;
  Family Fam;
};

// The one table of targets. Anything not listed gets no model (the front
// ends then say so and stay silent) rather than a guess.
constexpr ArchEntry ArchTable[] = {
    {"sm_70", Family::NvidiaVoltaPlus},  {"sm_72", Family::NvidiaVoltaPlus},
    {"sm_75", Family::NvidiaVoltaPlus},  {"sm_80", Family::NvidiaVoltaPlus},
    {"sm_86", Family::NvidiaVoltaPlus},  {"sm_87", Family::NvidiaVoltaPlus},
    {"sm_89", Family::NvidiaVoltaPlus},  {"sm_90", Family::NvidiaVoltaPlus},
    {"sm_90a", Family::NvidiaVoltaPlus}, {"gfx900", Family::Cdna},
    {"gfx906", Family::Cdna},            {"gfx908", Family::Cdna},
    {"gfx90a", Family::Cdna},            {"gfx940", Family::Cdna},
    {"gfx941", Family::Cdna},            {"gfx942", Family::Cdna},
    {"gfx950", Family::Gfx950},          {"gfx1030", Family::Rdna},
    {"gfx1100", Family::Rdna},           {"gfx1101", Family::Rdna},
    {"gfx1102", Family::Rdna},           {"gfx1200", Family::Rdna},
    {"gfx1201", Family::Rdna},
};

std::vector<unsigned> laneRange(unsigned Begin, unsigned End) {
  std::vector<unsigned> Lanes;
  for (unsigned L = Begin; L < End; ++L)
    Lanes.push_back(L);
  return Lanes;
}

/// Splits [0, WaveSize) into consecutive groups of \p GroupSize lanes.
LanePhases consecutiveGroups(unsigned WaveSize, unsigned GroupSize) {
  LanePhases Phases;
  for (unsigned Begin = 0; Begin < WaveSize; Begin += GroupSize)
    Phases.push_back(laneRange(Begin, std::min(Begin + GroupSize, WaveSize)));
  return Phases;
}

/// Groups given as lists of 4-lane runs (start lanes) within each 32-lane
/// half, repeated for the upper half of a wave64.
LanePhases quadGroups(const std::vector<std::vector<unsigned>> &QuadStarts,
                      unsigned WaveSize) {
  LanePhases Phases;
  for (unsigned Half = 0; Half < WaveSize; Half += 32)
    for (const auto &Starts : QuadStarts) {
      std::vector<unsigned> Lanes;
      for (unsigned S : Starts)
        for (unsigned L = S; L < S + 4; ++L)
          Lanes.push_back(Half + L);
      Phases.push_back(Lanes);
    }
  return Phases;
}

const char *familyName(Family F) {
  switch (F) {
  case Family::NvidiaVoltaPlus:
    return "NVIDIA Volta..Hopper (32 banks x 4 B, warp 32)";
  case Family::Cdna:
    return "AMD GCN/CDNA (32 banks x 4 B, wave64)";
  case Family::Gfx950:
    return "AMD gfx950 (64 banks x 4 B, wave64)";
  case Family::Rdna:
    return "AMD RDNA (32 banks x 4 B)";
  }
  return "";
}

const char *familySource(Family F) {
  switch (F) {
  case Family::NvidiaVoltaPlus:
    return "nvFuser bank_conflict.cpp; measured on H200 (sm_90)";
  case Family::Cdna:
    return "AMD OpenCL optimization guide; pyhip (gfx942); CK lds_bank_conflicts";
  case Family::Gfx950:
    return "hipkittens phases experiments; triton PR #11365";
  case Family::Rdna:
    return "RDNA ISA, Data Share chapter";
  }
  return "";
}

} // namespace

std::optional<LanePhases> BankModel::phases(unsigned WidthBytes,
                                            AccessKind Kind,
                                            std::string &WhyNot) const {
  switch (Fam) {
  case Family::NvidiaVoltaPlus: // [NV]
    if (WidthBytes <= 4)
      return consecutiveGroups(WaveSize, 32);
    if (WidthBytes == 8)
      return consecutiveGroups(WaveSize, 16);
    if (WidthBytes == 16)
      return consecutiveGroups(WaveSize, 8);
    break;
  case Family::Cdna:
    if (WidthBytes <= 4) // [AMD1]
      return consecutiveGroups(WaveSize, 32);
    if (WidthBytes == 8) // [AMD2]
      return consecutiveGroups(WaveSize, 16);
    if (WidthBytes == 16 && Kind == AccessKind::Write) // [AMD3]
      return consecutiveGroups(WaveSize, 8);
    if (WidthBytes == 16) // [AMD4]
      return quadGroups({{0, 20}, {4, 16}, {8, 28}, {12, 24}}, WaveSize);
    break;
  case Family::Gfx950:
    // b32 and narrower: sources disagree (64 banks per pass from the CDNA4
    // LDS size, 32 in AMD's rocRoller cost model), so no answer is given.
    if (WidthBytes <= 4) {
      WhyNot = "the bank grouping of 4-byte LDS accesses on gfx950 is not "
               "documented consistently (64 banks, but AMD's rocRoller cost "
               "model uses 32 for them)";
      return std::nullopt;
    }
    if (WidthBytes == 8)
      return consecutiveGroups(WaveSize, 32);
    if (WidthBytes == 16)
      return quadGroups({{0, 12, 20, 24}, {4, 8, 16, 28}}, WaveSize);
    break;
  case Family::Rdna:
    if (WidthBytes <= 4) // [RDNA]
      return consecutiveGroups(WaveSize, 32);
    WhyNot = "the lane grouping of " + std::to_string(WidthBytes) +
             "-byte LDS accesses on RDNA (" + Arch +
             ") is not publicly documented";
    return std::nullopt;
  }
  WhyNot = "no lane grouping known for " + std::to_string(WidthBytes) +
           "-byte accesses on " + Arch;
  return std::nullopt;
}

std::optional<BankModel> lookupBankModel(const std::string &Arch,
                                         unsigned WaveSizeOverride) {
  for (const ArchEntry &E : ArchTable) {
    if (Arch != E.Arch)
      continue;
    BankModel M;
    M.Fam = E.Fam;
    M.Arch = Arch;
    M.Family = familyName(E.Fam);
    M.Source = familySource(E.Fam);
    switch (E.Fam) {
    case Family::NvidiaVoltaPlus:
      M.NumBanks = 32;
      M.WaveSize = 32;
      M.SharedLimitBytes = 48 * 1024;
      break;
    case Family::Cdna:
      M.NumBanks = 32;
      M.WaveSize = 64;
      M.SharedLimitBytes = 64 * 1024;
      M.IsAMD = true;
      break;
    case Family::Gfx950:
      M.NumBanks = 64;
      M.WaveSize = 64;
      M.SharedLimitBytes = 160 * 1024;
      M.IsAMD = true;
      break;
    case Family::Rdna:
      M.NumBanks = 32;
      M.WaveSize = 32;
      M.SharedLimitBytes = 64 * 1024;
      M.IsAMD = true;
      break;
    }
    if (WaveSizeOverride == 32 || WaveSizeOverride == 64)
      M.WaveSize = WaveSizeOverride;
    return M;
  }
  return std::nullopt;
}

std::string knownArchList() {
  std::string List;
  for (const ArchEntry &E : ArchTable) {
    if (!List.empty())
      List += ", ";
    List += E.Arch;
  }
  return List;
}

} // namespace ldslint
