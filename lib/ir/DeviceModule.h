//===- DeviceModule.h - The device IR of a translation unit ------*- C++ -*-===//
//
// Runs clang's code generator over an already-parsed device compile (the
// plugin, the driver and the clang-tidy check all have the ASTContext) and
// normalises the module for analysis with a small fixed pipeline, so that
// what ldslint sees does not depend on the user's -O level:
//
//   bottom-up over the call graph: inline every non-kernel function, then
//   SROA -> early CSE -> instcombine -> simplifycfg; then, on the kernels,
//   SROA -> stored-pointer forwarding (StoredPointers.h) -> early CSE ->
//   load/store vectorizer
//
// The load/store vectorizer merges accesses at constant distances into one
// wider instruction, as the NVPTX and AMDGPU back ends do: the merged
// instruction is what runs, and the source lines it came from are kept
// (DeviceModule::mergedFrom).
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
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "ir/RemovedAccesses.h"
#include "ir/ReusedLoads.h"
#include "ir/SunkAccesses.h"
#include "ir/SharedReach.h" // isKernelFunction

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace clang {
class CodeGenerator;
class DiagnosticsEngine;
}

namespace ldslint {

/// One of the accesses the load/store vectorizer merged into a wider one.
struct MergedAccess {
  const llvm::DILocation *Loc = nullptr;
  unsigned WidthBytes = 0;
};
using MergeMap =
    llvm::DenseMap<const llvm::Instruction *, std::vector<MergedAccess>>;

class EnteredFiles;

class DeviceModule {
public:
  ~DeviceModule();
  /// The unit's entered files, for every DebugLocationMap of this module
  /// (one scan of the unit's source entries in all).
  const std::shared_ptr<EnteredFiles> &enteredFiles() const { return Entered; }
  llvm::Module &module() const { return *M; }
  /// The declaration clang emitted as \p MangledName (kernels, __shared__
  /// variables), or null.
  const clang::Decl *declFor(llvm::StringRef MangledName) const;
  /// The functions whose code the module holds, inlined or not: those with
  /// a body as generated, after the kernels not analysed went.
  const std::vector<const clang::FunctionDecl *> &generatedFunctions() const {
    return Generated;
  }
  /// The kernels that call through a pointer (as generated, before any body
  /// went): where a function called only through its address can run.
  /// Null when some caller through a pointer is no kernel of this unit.
  const std::optional<std::vector<const clang::FunctionDecl *>> &
  kernelsCallingThroughPointers() const {
    return PointerCallers;
  }

  /// Emits and normalises the device module of \p Ctx. \p Base are the
  /// compile's code-generation options when known (plugin, driver); null
  /// uses clang's defaults. \p Instantiations are the unit's template
  /// instantiations of device functions (DeviceFunctions.h): the code
  /// generator is handed them besides the top-level declarations. Returns null with \p Error set when codegen
  /// fails. Kernels for which \p Analyse (when given) says no are emitted
  /// but not normalised: their bodies are dropped before the passes run.
  /// \p BeforePasses (when given) may rewrite the module as emitted, before
  /// the pipeline (ir/StrideModel.h). \p OnlyKernels (when given): the
  /// kernels to generate; the others are not handed to the code generator.
  /// Neither are \p CompiledWithoutShared (when given): the kernels, by
  /// mangled name, that the compile's own device module showed cannot reach
  /// shared memory (the plugin; SharedReach.h).
  static std::unique_ptr<DeviceModule>
  emit(clang::ASTContext &Ctx, const clang::CodeGenOptions *Base,
       const std::vector<clang::FunctionDecl *> &Instantiations,
       std::string &Error,
       const std::function<bool(const clang::FunctionDecl *)> &Analyse = {},
       const std::function<void(llvm::Module &)> &BeforePasses = {},
       const std::set<const clang::FunctionDecl *> *OnlyKernels = nullptr,
       const std::set<std::string> *CompiledWithoutShared = nullptr);

  /// The accesses (their debug locations and widths) that the load/store
  /// vectorizer merged into \p I; empty when \p I is not a merged access.
  const std::vector<MergedAccess> &mergedFrom(const llvm::Instruction *I) const;

  /// The reads whose value the compiler takes from load \p I instead of
  /// reading again (see ReusedLoads.h), at their source locations.
  std::vector<const llvm::DILocation *> reusedBy(const llvm::Instruction &I) const {
    return Reused.at(I);
  }
  /// The reads LLVM's load/store vectorizer merged into load \p I though
  /// their addresses are spelled differently (ReusedLoads::vectorizing).
  std::vector<const llvm::DILocation *> misMergedInto(const llvm::Instruction &I) const {
    return Reused.misMergedInto(I);
  }
  /// The same for a read at \p L that the vectorizer merged into another.
  std::vector<const llvm::DILocation *> reusedBy(const MergedAccess &M) const {
    return Reused.at(M.Loc);
  }
  /// The same for a read at \p L that has no instruction any more.
  std::vector<const llvm::DILocation *> reusedBy(const llvm::DILocation *L) const {
    return Reused.at(L);
  }

  /// The stores from the other arm of an `if`, or the reads of the other
  /// branches, that instcombine sank into access \p I (see SunkAccesses.h),
  /// at their source locations.
  std::vector<const llvm::DILocation *> sunkInto(const llvm::Instruction &I) const {
    return Sunk.at(I);
  }

  /// The reads of shared variables the pipeline deleted as unused in
  /// function \p Name (see ReusedLoads.h).
  /// Also those removed in the helpers it inlines (see RemovedAccesses.h).
  std::vector<ReusedLoads::DroppedRead> droppedIn(const llvm::Function &Kernel) const {
    std::vector<ReusedLoads::DroppedRead> Out = Removed.removedIn(Kernel.getName());
    for (ReusedLoads::DroppedRead &D : Reused.droppedIn(Kernel))
      Out.push_back(std::move(D));
    return Out;
  }

private:
  DeviceModule() = default;
  std::unique_ptr<llvm::LLVMContext> LLVMCtx;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::CodeGenerator> CG;
  std::unique_ptr<struct DeviceModuleInputs> Inputs; ///< what the code generator refers to
  llvm::Module *M = nullptr;
  MergeMap Merged;
  ReusedLoads Reused;
  RemovedAccesses Removed;
  SunkAccesses Sunk;
  std::shared_ptr<EnteredFiles> Entered;
  std::vector<const clang::FunctionDecl *> Generated;
  std::optional<std::vector<const clang::FunctionDecl *>> PointerCallers;
};

/// The fixed pipeline above, applied in place; \p Merged (when given)
/// receives what the load/store vectorizer merged, \p Reused the loads the
/// pipeline replaced by earlier ones, \p Removed the accesses it removed in
/// helpers, \p Sunk the accesses instcombine sank out of branches.
void normaliseForAnalysis(llvm::Module &M, MergeMap *Merged = nullptr,
                          ReusedLoads *Reused = nullptr,
                          RemovedAccesses *Removed = nullptr,
                          SunkAccesses *Sunk = nullptr);

} // namespace ldslint

#endif
