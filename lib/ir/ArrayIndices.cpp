//===- ArrayIndices.cpp ----------------------------------------------------===//
#include "ir/ArrayIndices.h"

#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Operator.h"

namespace ldslint {

namespace {

constexpr IntType I64{64, true};

/// Walks the GEPs from the array to the access, one index per dimension.
class IndexWalk {
public:
  IndexWalk(const llvm::GlobalVariable &G, const llvm::DataLayout &DL,
            const std::function<SymRef(const llvm::Value *)> &ValueOf)
      : DL(DL), ValueOf(ValueOf) {
    for (llvm::Type *T = G.getValueType();; T = T->getArrayElementType()) {
      Levels.push_back(T);
      Sizes.push_back(static_cast<int64_t>(DL.getTypeAllocSize(T).getFixedValue()));
      if (!T->isArrayTy())
        break;
    }
    Rank = Levels.size() - 1;
    Result.Index.assign(Rank, SymExpr::constant(0, I64));
  }

  bool gep(const llvm::GEPOperator &G) {
    if (G.getType()->isVectorTy())
      return false;
    const auto *I = llvm::dyn_cast<llvm::Instruction>(&G);
    Loc = I ? I->getDebugLoc().get() : nullptr;
    const int Level = levelOf(G.getSourceElementType());
    if (Level < 0)
      return bytesGep(G);
    if (InElement != 0)
      return false; // stepping whole rows from inside an element
    auto Op = G.idx_begin();
    // The first index steps over objects of the source type: dimension
    // Level - 1; stepping over the whole array leaves it.
    if (Level == 0) {
      if (!isZero(*Op))
        return false;
    } else {
      add(Level - 1, index(*Op), 1);
    }
    At = static_cast<unsigned>(Level);
    llvm::Type *T = Levels[At];
    for (++Op; Op != G.idx_end(); ++Op) {
      if (At < Rank) {
        add(At, index(*Op), 1);
        T = Levels[++At];
        continue;
      }
      // Into the element: a member (or an array inside it) at a constant
      // offset.
      const auto *C = llvm::dyn_cast<llvm::ConstantInt>(*Op);
      if (!C)
        return false;
      if (auto *ST = llvm::dyn_cast<llvm::StructType>(T)) {
        const unsigned Field = static_cast<unsigned>(C->getZExtValue());
        InElement += static_cast<int64_t>(DL.getStructLayout(ST)->getElementOffset(Field));
        T = ST->getElementType(Field);
      } else if (T->isArrayTy()) {
        T = T->getArrayElementType();
        InElement += C->getSExtValue() *
                     static_cast<int64_t>(DL.getTypeAllocSize(T).getFixedValue());
      } else {
        return false;
      }
    }
    return true;
  }

  /// A byte offset on the current pointer: whole objects of its level, or
  /// elements of a column.
  bool bytes(int64_t B) {
    if (B == 0)
      return true;
    if (At == Rank || InElement != 0) {
      const int64_t E = Sizes[Rank];
      const int64_t Inside = InElement + B;
      if (Inside >= 0 && Inside < E) { // a member or piece of the element
        InElement = Inside;
        return true;
      }
      if (InElement != 0 || B % E != 0)
        return false;
      add(Rank - 1, SymExpr::constant(B / E, I64), 1);
      return true;
    }
    if (At == 0 || B % Sizes[At] != 0)
      return false;
    add(At - 1, SymExpr::constant(B / Sizes[At], I64), 1);
    return true;
  }

  IndexWalk &noGep() {
    Loc = nullptr;
    return *this;
  }

  ArrayIndices result() {
    Result.InElement = InElement;
    return Result;
  }

private:
  const llvm::DataLayout &DL;
  const std::function<SymRef(const llvm::Value *)> &ValueOf;
  std::vector<llvm::Type *> Levels;
  std::vector<int64_t> Sizes;
  size_t Rank = 0;
  unsigned At = 0; ///< the level of the object the pointer points to
  int64_t InElement = 0;
  const llvm::DILocation *Loc = nullptr; ///< of the GEP being walked
  ArrayIndices Result;

  int levelOf(llvm::Type *T) const {
    for (size_t K = 0; K < Levels.size(); ++K)
      if (Levels[K] == T)
        return static_cast<int>(K);
    return -1;
  }
  static bool isZero(const llvm::Value *V) {
    const auto *C = llvm::dyn_cast<llvm::ConstantInt>(V);
    return C && C->isZero();
  }
  SymRef index(const llvm::Value *V) {
    if (const auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
      return SymExpr::constant(C->getSExtValue(), I64);
    const unsigned Bits = std::min(V->getType()->getIntegerBitWidth(), 64u);
    return SymExpr::cast(SymExpr::cast(ValueOf(V), IntType{Bits, true}), I64);
  }
  void add(size_t Dim, SymRef V, int64_t Scale) {
    if (V->isConst() && V->Value == 0)
      return;
    if (Dim + 1 < Rank)
      Result.RowSteps.push_back(Loc);
    if (Scale != 1)
      V = SymExpr::binary(Op::Mul, V, SymExpr::constant(Scale, I64), I64);
    Result.Index[Dim] = SymExpr::binary(Op::Add, Result.Index[Dim], V, I64);
  }

  /// A GEP over a type that is no level of the array (`i8`, a vector, a
  /// member's type): constant offsets as bytes(), a run-time index only in
  /// whole objects of the current level.
  bool bytesGep(const llvm::GEPOperator &G) {
    llvm::APInt Off(DL.getIndexTypeSizeInBits(G.getType()), 0);
    if (G.accumulateConstantOffset(DL, Off))
      return bytes(Off.getSExtValue());
    if (G.getNumIndices() != 1 || InElement != 0)
      return false;
    const llvm::Value *Idx = *G.idx_begin();
    if (!Idx->getType()->isIntegerTy())
      return false;
    const int64_t Step =
        static_cast<int64_t>(DL.getTypeAllocSize(G.getSourceElementType()).getFixedValue());
    const unsigned Level = At == 0 ? 1 : At; // the array pointer: its rows
    if (Level > Rank || Step <= 0 || Step % Sizes[Level] != 0)
      return false;
    At = Level;
    add(Level - 1, index(Idx), Step / Sizes[Level]);
    return true;
  }
};

} // namespace

std::vector<uint64_t> arrayDimensions(const llvm::GlobalVariable &G) {
  std::vector<uint64_t> Dims;
  for (llvm::Type *T = G.getValueType(); T->isArrayTy(); T = T->getArrayElementType())
    Dims.push_back(T->getArrayNumElements());
  return Dims;
}

std::optional<ArrayIndices>
arrayIndices(const llvm::Value *Ptr, int64_t ExtraBytes, const llvm::GlobalVariable &G,
             const llvm::DataLayout &DL,
             const std::function<SymRef(const llvm::Value *)> &ValueOf) {
  if (!G.getValueType()->isArrayTy())
    return std::nullopt;
  std::vector<const llvm::GEPOperator *> Chain;
  for (const llvm::Value *P = Ptr; P != &G;) {
    if (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(P)) {
      Chain.push_back(GEP);
      P = GEP->getPointerOperand();
    } else if (const auto *O = llvm::dyn_cast<llvm::Operator>(P);
               O && (O->getOpcode() == llvm::Instruction::AddrSpaceCast ||
                     O->getOpcode() == llvm::Instruction::BitCast)) {
      P = O->getOperand(0);
    } else {
      return std::nullopt; // a phi, a select, a load: not one chain
    }
    if (Chain.size() > 64)
      return std::nullopt;
  }
  IndexWalk Walk(G, DL, ValueOf);
  for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
    if (!Walk.gep(**It))
      return std::nullopt;
  if (!Walk.noGep().bytes(ExtraBytes))
    return std::nullopt;
  return Walk.result();
}

} // namespace ldslint
