//===- VectorCopies.cpp ----------------------------------------------------===//
#include "ir/VectorCopies.h"

#include "StringCompat.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

namespace ldslint {

namespace {

bool isNvptx(const llvm::Module &M) {
  return startsWith(M.getTargetTriple()
#if LLVM_VERSION_MAJOR >= 21
                        .str()
#endif
                        ,
                    "nvptx");
}

} // namespace

void widenVectorCopies(
    llvm::Module &M,
    const std::function<unsigned(const llvm::DILocation *)> &TypeAlignment) {
  if (!isNvptx(M))
    return;
  std::vector<llvm::MemCpyInst *> Copies;
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F))
      if (auto *MC = llvm::dyn_cast<llvm::MemCpyInst>(&I))
        if (!MC->isVolatile())
          Copies.push_back(MC);
  for (llvm::MemCpyInst *MC : Copies) {
    auto *Len = llvm::dyn_cast<llvm::ConstantInt>(MC->getLength());
    if (!Len || Len->getZExtValue() > 16 || !MC->getDestAlign() || !MC->getSourceAlign())
      continue;
    const uint64_t Size = Len->getZExtValue();
    uint64_t Wide = std::max(MC->getDestAlign()->value(), MC->getSourceAlign()->value());
    if (TypeAlignment) // a copy without a debug location gets null
      Wide = std::max<uint64_t>(Wide, TypeAlignment(MC->getDebugLoc().get()));
    Wide = std::min<uint64_t>(Wide, 16);
    if (Size % Wide)
      continue; // not one vector of that alignment
    MC->setDestAlignment(llvm::Align(Wide));
    MC->setSourceAlignment(llvm::Align(Wide));
    if ((Size != 8 && Size != 16) || Wide != Size)
      continue;
    llvm::IRBuilder<> B(MC);
    llvm::Type *Vec =
        llvm::FixedVectorType::get(B.getInt32Ty(), static_cast<unsigned>(Size / 4));
    llvm::LoadInst *Load = B.CreateAlignedLoad(Vec, MC->getSource(), llvm::Align(Wide));
    llvm::StoreInst *Store = B.CreateAlignedStore(Load, MC->getDest(), llvm::Align(Wide));
    Load->setDebugLoc(MC->getDebugLoc());
    Store->setDebugLoc(MC->getDebugLoc());
    MC->eraseFromParent();
  }
}

} // namespace ldslint
