//===- SharedReach.cpp -----------------------------------------------------===//
#include "ir/SharedReach.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

#include <algorithm>
#include <vector>

namespace ldslint {

llvm::DenseSet<const llvm::Function *>
functionsReachingSharedMemory(const llvm::Module &M,
                              const llvm::DenseSet<const llvm::Function *> *Scanned) {
  constexpr unsigned Shared = 3; // NVPTX and AMDGPU alike
  llvm::DenseSet<const llvm::Function *> Reaching;
  llvm::DenseSet<const llvm::Value *> Seen;
  std::vector<const llvm::Value *> Work;
  auto Mark = [&](const llvm::Value *V) {
    if (Seen.insert(V).second)
      Work.push_back(V);
  };
  for (const llvm::GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == Shared)
      Mark(&G);
  // A shared pointer that does not come from a shared variable: an
  // argument, a value made or loaded (an integer or generic pointer cast,
  // a load, an intrinsic's or inline asm's result), or a constant (a cast
  // constant expression, a null pointer).
  auto IsShared = [](const llvm::Type *T) {
    return T->isPtrOrPtrVectorTy() && T->getPointerAddressSpace() == Shared;
  };
  for (const llvm::Function &F : M) {
    if (Scanned && !Scanned->count(&F))
      continue;
    bool Makes = std::any_of(F.arg_begin(), F.arg_end(), [&](const llvm::Argument &A) {
      return IsShared(A.getType());
    });
    for (const llvm::Instruction &I : llvm::instructions(F)) {
      if (Makes)
        break;
      Makes = IsShared(I.getType()) ||
              std::any_of(I.op_begin(), I.op_end(), [&](const llvm::Use &Op) {
                return llvm::isa<llvm::Constant>(Op) &&
                       !llvm::isa<llvm::GlobalValue>(Op) && IsShared(Op->getType());
              });
    }
    if (Makes)
      Mark(&F);
  }
  while (!Work.empty()) {
    const llvm::Value *V = Work.back();
    Work.pop_back();
    if (const auto *F = llvm::dyn_cast<llvm::Function>(V))
      Reaching.insert(F);
    for (const llvm::User *U : V->users()) {
      if (const auto *I = llvm::dyn_cast<llvm::Instruction>(U))
        Mark(I->getFunction());
      else
        Mark(U); // a constant expression, an initialiser, a variable
    }
  }
  return Reaching;
}

bool isKernelFunction(const llvm::Function &F) {
  if (F.isDeclaration())
    return false;
  const auto CC = F.getCallingConv();
  if (CC == llvm::CallingConv::AMDGPU_KERNEL)
    return true;
#if LLVM_VERSION_MAJOR >= 20
  if (CC == llvm::CallingConv::PTX_Kernel)
    return true;
#endif
  // Older NVPTX: !nvvm.annotations = !{!{ptr @k, !"kernel", i32 1}}.
  if (const llvm::NamedMDNode *A =
          F.getParent()->getNamedMetadata("nvvm.annotations"))
    for (const llvm::MDNode *N : A->operands()) {
      if (N->getNumOperands() < 3)
        continue;
      auto *V = llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(N->getOperand(0));
      auto *S = llvm::dyn_cast_or_null<llvm::MDString>(N->getOperand(1));
      if (V && S && V->getValue() == &F && S->getString() == "kernel")
        return true;
    }
  return false;
}

bool isUncalledEntry(const llvm::Function &F) {
  return !F.isDeclaration() && F.hasFnAttribute(UncalledEntryAttr);
}

bool isAnalysisEntry(const llvm::Function &F) {
  return isKernelFunction(F) || isUncalledEntry(F);
}

std::optional<std::vector<const llvm::Function *>>
kernelsCallingThroughPointers(const llvm::Module &M) {
  // Callers first: from the functions that make a pointer call, up
  // through their direct callers.
  llvm::DenseSet<const llvm::Function *> Reach;
  std::vector<const llvm::Function *> Work;
  for (const llvm::Function &F : M)
    for (const llvm::Instruction &I : llvm::instructions(F))
      if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I))
        if (!Call->getCalledFunction() && !Call->isInlineAsm() &&
            !llvm::isa<llvm::Function>(Call->getCalledOperand()->stripPointerCasts()) &&
            Reach.insert(&F).second) {
          Work.push_back(&F);
          break;
        }
  while (!Work.empty()) {
    const llvm::Function *F = Work.back();
    Work.pop_back();
    for (const llvm::User *U : F->users())
      if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(U))
        if (Call->getCalledOperand()->stripPointerCasts() == F &&
            Reach.insert(Call->getFunction()).second)
          Work.push_back(Call->getFunction());
  }
  std::vector<const llvm::Function *> Kernels;
  for (const llvm::Function *F : Reach) {
    if (isKernelFunction(*F)) {
      Kernels.push_back(F);
      continue;
    }
    bool CalledDirectly = false;
    for (const llvm::User *U : F->users())
      if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(U))
        CalledDirectly |= Call->getCalledOperand()->stripPointerCasts() == F;
    if (!CalledDirectly)
      return std::nullopt;
  }
  // In module order, for messages that do not change between runs.
  std::vector<const llvm::Function *> Ordered;
  for (const llvm::Function &F : M)
    if (std::find(Kernels.begin(), Kernels.end(), &F) != Kernels.end())
      Ordered.push_back(&F);
  return Ordered;
}

namespace {

/// The functions \p M's kernels can name: through their code, constants
/// and the initialisers of the variables they name, transitively.
llvm::DenseSet<const llvm::Function *> namedByKernels(const llvm::Module &M) {
  llvm::DenseSet<const llvm::Function *> Functions;
  llvm::DenseSet<const llvm::Value *> Seen;
  std::vector<const llvm::Value *> Work;
  auto Visit = [&](const llvm::Value *V) {
    if ((llvm::isa<llvm::Constant>(V) || llvm::isa<llvm::GlobalValue>(V)) &&
        Seen.insert(V).second)
      Work.push_back(V);
  };
  for (const llvm::Function &F : M)
    if (isKernelFunction(F))
      Visit(&F);
  while (!Work.empty()) {
    const llvm::Value *V = Work.back();
    Work.pop_back();
    if (const auto *F = llvm::dyn_cast<llvm::Function>(V)) {
      Functions.insert(F);
      for (const llvm::Instruction &I : llvm::instructions(*F))
        for (const llvm::Use &Op : I.operands())
          Visit(Op.get());
    } else if (const auto *G = llvm::dyn_cast<llvm::GlobalVariable>(V)) {
      if (G->hasInitializer())
        Visit(G->getInitializer());
    } else if (const auto *C = llvm::dyn_cast<llvm::Constant>(V)) {
      if (!llvm::isa<llvm::GlobalValue>(C))
        for (const llvm::Use &Op : C->operands())
          Visit(Op.get());
    }
  }
  return Functions;
}

} // namespace

std::set<std::string> kernelsWithoutSharedMemory(const llvm::Module &M) {
  // Only what the kernels can name can make them reach shared memory: the
  // rest (most of a module that links libdevice) is not looked at.
  const llvm::DenseSet<const llvm::Function *> Named = namedByKernels(M);
  const llvm::DenseSet<const llvm::Function *> Reaching =
      functionsReachingSharedMemory(M, &Named);
  std::set<std::string> Without;
  for (const llvm::Function &F : M)
    if (isKernelFunction(F) && !Reaching.count(&F))
      Without.insert(F.getName().str());
  return Without;
}

} // namespace ldslint
