//===- StrideModel.cpp -----------------------------------------------------===//
#include "ir/StrideModel.h"

#include "ir/DebugLocations.h"
#include "ir/FixSites.h"
#include "ir/IrFindings.h"
#include "ir/LaneValues.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Config/llvm-config.h"

using namespace clang;

namespace ldslint {

namespace {

/// Replaces the constant factor of each multiplication at \p Products by
/// a call of the opaque row stride; returns how many were replaced.
unsigned makeStrideOpaque(llvm::Module &M, const SourceManager &SM,
                          const std::set<std::pair<FileID, unsigned>> &Products) {
  DebugLocationMap Locations(SM);
  unsigned Replaced = 0;
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F)) {
      auto *Mul = llvm::dyn_cast<llvm::BinaryOperator>(&I);
      const llvm::DILocation *L = I.getDebugLoc().get();
      if (!Mul || Mul->getOpcode() != llvm::Instruction::Mul || !L)
        continue;
      const unsigned Const = llvm::isa<llvm::ConstantInt>(Mul->getOperand(1)) ? 1
                             : llvm::isa<llvm::ConstantInt>(Mul->getOperand(0)) ? 0
                                                                                : 2;
      if (Const == 2)
        continue;
      const SourceLocation At = Locations.locate(L);
      if (At.isInvalid() || !Products.count(SM.getDecomposedLoc(At)))
        continue;
      llvm::Type *T = Mul->getType();
      llvm::FunctionCallee Stride = M.getOrInsertFunction(
          std::string(RowStrideFunction) + "i" + std::to_string(T->getIntegerBitWidth()),
          llvm::FunctionType::get(T, {T}, false));
      if (auto *Fn = llvm::dyn_cast<llvm::Function>(Stride.getCallee())) {
        Fn->setDoesNotAccessMemory();
        Fn->setDoesNotThrow();
        Fn->setWillReturn();
        Fn->setSpeculatable();
      }
      auto *Call = llvm::CallInst::Create(Stride, {Mul->getOperand(Const)}, "row.stride");
#if LLVM_VERSION_MAJOR >= 19
      Call->insertBefore(Mul->getIterator());
#else
      Call->insertBefore(Mul);
#endif
      Call->setDebugLoc(Mul->getDebugLoc());
      Mul->setOperand(Const, Call);
      ++Replaced;
    }
  return Replaced;
}

} // namespace

std::map<const FunctionDecl *, std::unique_ptr<ModelledKernel>>
modelRowStride(ASTContext &Ctx, const DeviceEmitter &Emit,
               const std::set<const FunctionDecl *> &Kernels,
               const std::set<SourceLocation> &Products,
               const std::set<const VarDecl *> &Arrays, const BankModel &Model,
               bool SystemHeaders, std::string &WhyNot) {
  std::map<const FunctionDecl *, std::unique_ptr<ModelledKernel>> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<std::pair<FileID, unsigned>> At;
  for (SourceLocation P : Products)
    At.insert(SM.getDecomposedLoc(SM.getFileLoc(P)));
  unsigned Replaced = 0;
  std::unique_ptr<DeviceModule> DM =
      Emit ? Emit(Kernels, [&](llvm::Module &M) { Replaced = makeStrideOpaque(M, SM, At); })
           : nullptr;
  if (!DM || Replaced == 0) {
    WhyNot = DM ? "its multiplications are not found in the device code"
                : "the device code could not be generated again";
    return Out;
  }
  std::vector<AnalysedKernel> Analysed;
  for (const llvm::Function &Fn : DM->module()) {
    if (Fn.isDeclaration() || !isKernelFunction(Fn))
      continue;
    const auto *FD = llvm::dyn_cast_or_null<FunctionDecl>(DM->declFor(Fn.getName()));
    if (FD && Kernels.count(FD))
      Analysed.push_back(analyseForFixes(Ctx, *DM, Fn, *FD, Model, SystemHeaders));
  }
  IrFixSites Sites = fixSitesFromIr(Ctx, Analysed, Arrays);
  if (!Sites.Refused.empty()) {
    WhyNot = Sites.Refused.begin()->second;
    return Out;
  }
  for (std::unique_ptr<ModelledKernel> &K : Sites.Kernels) {
    for (SymbolId Id = 0; Id < K->Model.Symbols.size(); ++Id)
      if (K->Model.Symbols[Id].Kind == SymbolKind::Extent &&
          K->Model.Symbols[Id].Name == "row stride")
        K->StrideSymbol = Id;
    const FunctionDecl *FD = K->Kernel;
    Out[FD] = std::move(K);
  }
  return Out;
}

} // namespace ldslint
