//===- RunFunctionPass.h - Run one function pass over a parsed module -*- C++ -*-===//
#ifndef LDSLINT_TEST_RUNFUNCTIONPASS_H
#define LDSLINT_TEST_RUNFUNCTIONPASS_H

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

namespace ldslint {

/// Runs \p Pass over every function of \p M that has a body, with the
/// analyses LLVM's pass builder registers.
template <typename PassT> void runOnEveryFunction(llvm::Module &M, PassT Pass) {
  llvm::PassBuilder PB;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  for (llvm::Function &F : M)
    if (!F.isDeclaration())
      Pass.run(F, FAM);
}

} // namespace ldslint

#endif
