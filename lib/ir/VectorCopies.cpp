//===- VectorCopies.cpp ----------------------------------------------------===//
#include "ir/VectorCopies.h"

#include "StringCompat.h"

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

void alignVectorCopies(
    llvm::Module &M,
    const std::function<unsigned(const llvm::Instruction &Copy)> &TypeAlignment) {
  if (!isNvptx(M))
    return;
  for (llvm::Function &F : M)
    for (llvm::Instruction &I : llvm::instructions(F)) {
      auto *MC = llvm::dyn_cast<llvm::MemCpyInst>(&I);
      if (!MC || MC->isVolatile())
        continue;
      auto *Len = llvm::dyn_cast<llvm::ConstantInt>(MC->getLength());
      if (!Len || Len->getZExtValue() > 16 || !MC->getDestAlign() ||
          !MC->getSourceAlign())
        continue;
      // Only a copy of a vector type's value (an assignment or initialiser
      // the AST shows): a `memcpy` into bytes from a float4 copies bytes
      // (its destination's alignment is not the source's).
      const unsigned Typed = TypeAlignment ? TypeAlignment(*MC) : 0;
      if (!Typed)
        continue;
      uint64_t Wide =
          std::max(MC->getDestAlign()->value(), MC->getSourceAlign()->value());
      Wide = std::max<uint64_t>(Wide, Typed);
      Wide = std::min<uint64_t>(Wide, 16);
      if (Len->getZExtValue() % Wide)
        continue; // not one vector of that alignment
      MC->setDestAlignment(llvm::Align(Wide));
      MC->setSourceAlignment(llvm::Align(Wide));
    }
}

} // namespace ldslint
