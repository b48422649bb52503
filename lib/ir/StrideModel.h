//===- StrideModel.h - A 1-D buffer's row stride as a symbol, from the device IR -*- C++ -*-===//
//
// `__shared__ float As[BM * BK]` indexed `As[k * BM + m]` is a matrix laid
// out by hand with rows of BM elements. Padding it edits that stride in
// every index (FixPlannerStride.cpp), so the planner needs each access's
// address with the stride as a symbol. In the device IR the stride is a
// constant folded into the index arithmetic; so the kernels are emitted
// again with each multiplication written at one of the stride's products
// (matched by the operator's debug location) taking the stride from an
// opaque call, `ldslint.row.stride.i32(i32 BM)`, which the pipeline cannot
// fold and LaneValues reads as the Extent symbol "row stride" of value BM.
// At the written value the model is the findings' own addresses.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_STRIDEMODEL_H
#define LDSLINT_IR_STRIDEMODEL_H

#include "BankModel.h"
#include "FixModel.h"
#include "ir/DeviceModule.h"

#include "clang/AST/ASTContext.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace ldslint {

/// Emits the unit's device module again for \p Kernels alone, with
/// \p BeforePasses applied before the normalising pipeline; null when
/// codegen fails.
using DeviceEmitter = std::function<std::unique_ptr<DeviceModule>(
    const std::set<const clang::FunctionDecl *> &Kernels,
    const std::function<void(llvm::Module &)> &BeforePasses)>;

/// The kernels \p Kernels emitted again with the multiplications whose
/// operator is at one of \p Products (file locations) through the opaque
/// row stride; per kernel, its model of the accesses of \p Arrays
/// (ir/FixSites.h), with StrideSymbol set. Empty, with \p WhyNot, when a
/// product is not found in the device IR or the arrays cannot be modelled.
std::map<const clang::FunctionDecl *, std::unique_ptr<ModelledKernel>>
modelRowStride(clang::ASTContext &Ctx, const DeviceEmitter &Emit,
               const std::set<const clang::FunctionDecl *> &Kernels,
               const std::set<clang::SourceLocation> &Products,
               const std::set<const clang::VarDecl *> &Arrays,
               const BankModel &Model, bool SystemHeaders, std::string &WhyNot);

} // namespace ldslint

#endif
