//===- OptionHelp.h - Help texts shared by the front ends ---------*- C++ -*-===//
//
// Plain strings, no clang headers: the language server, which only runs the
// driver, includes this too.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_OPTIONHELP_H
#define LDSLINT_OPTIONHELP_H

namespace ldslint {

/// Help texts of the options that the driver and the language server share
/// (the server passes them on to the driver).
namespace help {
constexpr const char *Arch =
    "Offload arch to analyse (repeatable or comma-separated); default: the "
    "archs of the compile command, else sm_90 for CUDA and gfx90a for HIP";
constexpr const char *AssumeBlock =
    "Block shape XxYxZ used when no launch site or attribute gives one";
constexpr const char *ShowUnknown =
    "Also report accesses whose bank conflicts cannot be decided (the "
    "driver's text output: as remarks; the language server: as hints)";
} // namespace help

} // namespace ldslint

#endif
