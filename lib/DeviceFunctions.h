//===- DeviceFunctions.h - The unit's kernels, found in one walk -*- C++ -*-===//
//
// The analysis starts from the unit's kernels; the code generator needs,
// besides the top-level declarations, the template instantiations of
// device functions (which are not top-level). Both come from one walk
// over declarations: kernels are declarations of namespace or class scope,
// so bodies, types and initialisers (most of a unit's AST) are not walked.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_DEVICEFUNCTIONS_H
#define LDSLINT_DEVICEFUNCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <vector>

namespace ldslint {

struct DeviceFunctions {
  /// Kernels with a body outside system headers, instantiations included.
  std::vector<const clang::FunctionDecl *> Kernels;
  /// Kernel templates of system headers (CUB, thrust) this unit
  /// instantiates.
  std::vector<const clang::FunctionDecl *> LibraryKernels;
  /// Whether the unit defines __device__ functions outside system headers
  /// that clang emits though nothing here may call them (not inline, not
  /// static, not templates): with no kernel in the unit (a -fgpu-rdc library
  /// of device code), they are what is analysed.
  bool HasExternalDeviceFunctions = false;
  /// Template instantiations of __global__ and __device__ functions, for
  /// the code generator (which is handed top-level declarations only).
  std::vector<clang::FunctionDecl *> Instantiations;
};

DeviceFunctions findDeviceFunctions(clang::ASTContext &Ctx);

} // namespace ldslint

#endif
