//===- DeviceModule.h - The device IR of a translation unit ------*- C++ -*-===//
//
// Runs clang's code generator over an already-parsed device compile (the
// plugin, the driver and the clang-tidy check all have the ASTContext) and
// normalises the module for analysis with a small fixed pipeline, so that
// what ldslint sees does not depend on the user's -O level:
//
//   every non-kernel function always-inline -> SROA -> early CSE ->
//   instcombine -> simplifycfg -> SROA -> early CSE
//
// Loops are kept as clang emits them (header test, no rotation, no
// unrolling), which is what LaneValues expects. The code generator writes to
// its own diagnostics engine: nothing reaches the user's compile.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_DEVICEMODULE_H
#define LDSLINT_IR_DEVICEMODULE_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/CodeGenOptions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <memory>
#include <string>

namespace clang {
class CodeGenerator;
class DiagnosticsEngine;
}

namespace ldslint {

class DeviceModule {
public:
  ~DeviceModule();
  llvm::Module &module() const { return *M; }
  /// The declaration clang emitted as \p MangledName (kernels, __shared__
  /// variables), or null.
  const clang::Decl *declFor(llvm::StringRef MangledName) const;

  /// Emits and normalises the device module of \p Ctx. \p Base are the
  /// compile's code-generation options when known (plugin, driver); null
  /// uses clang's defaults. Returns null with \p Error set when codegen
  /// fails.
  static std::unique_ptr<DeviceModule>
  emit(clang::ASTContext &Ctx, const clang::CodeGenOptions *Base,
       std::string &Error);

private:
  DeviceModule() = default;
  std::unique_ptr<llvm::LLVMContext> LLVMCtx;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::CodeGenerator> CG;
  std::unique_ptr<struct DeviceModuleInputs> Inputs; ///< what the code generator refers to
  llvm::Module *M = nullptr;
};

/// Whether \p F is a kernel entry point (NVPTX: ptx_kernel calling
/// convention or nvvm.annotations; AMDGPU: amdgpu_kernel).
bool isKernelFunction(const llvm::Function &F);

/// The fixed pipeline above, applied in place.
void normaliseForAnalysis(llvm::Module &M);

} // namespace ldslint

#endif
