//===- NvccIntrinsics.h - Device intrinsics nvcc has and clang lacks -*- C++ -*-===//
//
// nvcc's sm_32_intrinsics.h declares cache-hinted loads and stores for
// thirty types (`__stcs(float *, float)`, used by llm.c's kernels); clang's
// CUDA headers skip that file and define only some of them (`__ldcg`,
// `__ldcs`, `__ldcv`, `__stwt`). A kernel calling one of the others
// compiles with nvcc and stops in clang's device compile. The driver
// includes a prelude with the missing ones for a CUDA compile that uses
// CUDA's headers: templates over nvcc's types, so that a program's own
// definitions of the same functions are still the ones called. A hinted
// load or store is a plain one to the analysis.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_TOOLS_NVCCINTRINSICS_H
#define LDSLINT_TOOLS_NVCCINTRINSICS_H

#include <string>
#include <vector>

namespace ldslint {

/// The path the prelude is mapped at (a virtual file of the driver's tool).
inline constexpr const char *NvccIntrinsicsPath = "/ldslint-prelude/nvcc_device_intrinsics.h";

/// The intrinsics that clang's CUDA headers in \p ResourceDir do not define
/// (all of them when the headers cannot be read).
std::vector<std::string> intrinsicsClangLacks(const std::string &ResourceDir);

/// The prelude defining \p Names (from intrinsicsClangLacks).
std::string nvccIntrinsicsPrelude(const std::vector<std::string> &Names);

} // namespace ldslint

#endif
