//===- NvccFlags.h - nvcc command lines as clang command lines --*- C++ -*-===//
//
// CUDA projects mostly build with nvcc, so their compile_commands.json holds
// nvcc command lines. This turns one into the clang command line that parses
// the same code: the target archs come from -arch / -gencode /
// --generate-code (compute_75 and sm_75 both mean sm_75), `-isystem=dir`
// becomes `-isystem dir`, `-x cu` becomes `-x cuda`, and flags only nvcc
// knows (host-compiler pass-through, ptxas options, -use_fast_math, ...)
// are dropped and listed, so that the driver can say so once.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_NVCCFLAGS_H
#define LDSLINT_NVCCFLAGS_H

#include <string>
#include <vector>

namespace ldslint {

/// Whether \p Argv0 names nvcc (`nvcc`, `/usr/local/cuda/bin/nvcc`).
bool isNvcc(const std::string &Argv0);

struct TranslatedCommand {
  std::vector<std::string> Args;    ///< clang++ command line
  std::vector<std::string> Archs;   ///< sm_XX targets named by the command
  std::vector<std::string> Dropped; ///< nvcc-only flags left out, as written
};

/// The clang++ command line for the nvcc command line \p Args (Args[0] is
/// the nvcc executable).
TranslatedCommand translateNvccCommand(const std::vector<std::string> &Args);

} // namespace ldslint

#endif
