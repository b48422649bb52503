//===- SharedAccesses.cpp --------------------------------------------------===//
#include "SharedAccesses.h"

#include "StringCompat.h"
#include "ir/AsmSharedAccess.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <cstdlib>

using namespace llvm;

namespace ldslint {

namespace {

unsigned storeBytes(const Instruction &I, Type *T) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  return static_cast<unsigned>(DL.getTypeStoreSize(T).getFixedValue());
}

MemoryOperation scalar(const Instruction &I, const Value *Ptr, Type *T,
                       AccessKind Kind) {
  MemoryOperation Op;
  Op.Pointer = Ptr;
  Op.Kind = Kind;
  Op.WidthBytes = storeBytes(I, T);
  const unsigned W = Op.WidthBytes;
  if (W != 1 && W != 2 && W != 4 && W != 8 && W != 16)
    Op.NotModelled = "the compiler emits this " + std::to_string(W) +
                     "-byte access as several narrower ones";
  return Op;
}

/// cp.async copies 4, 8 or 16 bytes from global memory into shared memory
/// per lane: a shared store of that width (AsyncCopy).
std::optional<unsigned> cpAsyncBytes(StringRef Name) {
  if (!startsWith(Name, "llvm.nvvm.cp.async.") || !Name.contains(".shared"))
    return std::nullopt;
  for (unsigned W : {4u, 8u, 16u})
    if (Name.contains(("." + Twine(W)).str()))
      return W;
  return std::nullopt;
}


/// The pointer an integer was made from (`(size_t)ptr`, `__cvta_generic_to_
/// shared(ptr)`, truncated or extended, or converted in inline assembly),
/// or null.
const Value *pointerBehindInteger(const Value *V) {
  for (int Guard = 0; Guard < 8 && V; ++Guard) {
    if (auto *P = dyn_cast<PtrToIntOperator>(V))
      return P->getPointerOperand();
    if (const Value *P = convertedSharedPointer(V))
      return P;
    // Instructions and constant expressions (a static array's address).
    auto *C = dyn_cast<Operator>(V);
    if (!C || !Instruction::isCast(C->getOpcode()) ||
        !C->getOperand(0)->getType()->isIntegerTy())
      return nullptr;
    V = C->getOperand(0);
  }
  return nullptr;
}

/// Small memcpy/memset of a constant size: the pieces the backend emits,
/// each as wide as the alignment of both sides allows (at most 16 bytes;
/// normaliseForAnalysis has given a CUDA vector copy its vector's
/// alignment on both sides).
void memIntrinsic(const MemIntrinsic &MI, std::vector<MemoryOperation> &Ops) {
  auto *Len = dyn_cast<ConstantInt>(MI.getLength());
  unsigned Align = MI.getDestAlign() ? MI.getDestAlign()->value() : 1;
  if (auto *MT = dyn_cast<MemTransferInst>(&MI)) {
    const unsigned Source = MT->getSourceAlign() ? MT->getSourceAlign()->value() : 1;
    Align = std::min(Align, Source);
  }
  const uint64_t Size = Len ? Len->getZExtValue() : 0;
  unsigned Piece = 16;
  while (Piece > 1 && (Piece > Align || Size % Piece))
    Piece /= 2;
  auto side = [&](const Value *Ptr, AccessKind K) {
    if (!Len || Size > 256) {
      MemoryOperation Op;
      Op.Pointer = Ptr;
      Op.Kind = K;
      Op.NotModelled = std::string(isa<MemSetInst>(&MI) ? "memset" : "memcpy") +
                       " of " + (Len ? std::to_string(Size) : std::string("a variable number of")) +
                       " bytes: the compiler chooses how to split it";
      Ops.push_back(Op);
      return;
    }
    for (uint64_t At = 0; At < Size; At += Piece) {
      MemoryOperation Op;
      Op.Pointer = Ptr;
      Op.Offset = static_cast<int64_t>(At);
      Op.Kind = K;
      Op.WidthBytes = Piece;
      Ops.push_back(Op);
    }
  };
  side(MI.getRawDest(), AccessKind::Write);
  if (auto *MT = dyn_cast<MemTransferInst>(&MI))
    side(MT->getRawSource(), AccessKind::Read);
}

} // namespace

void storedInto(const AllocaInst &Local, SmallVectorImpl<const Value *> &Out,
                bool IntegersOnly) {
  SmallVector<const Value *, 8> Pointers{&Local};
  SmallPtrSet<const Value *, 8> Locals{&Local};
  for (size_t I = 0; I < Pointers.size() && I < 512; ++I)
    for (const User *U : Pointers[I]->users()) {
      if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) || isa<AddrSpaceCastInst>(U)) {
        Pointers.push_back(U);
      } else if (auto *Copy = dyn_cast<MemTransferInst>(U)) {
        // A copy into the variable (an object passed by value): what was
        // stored into its source.
        const Value *From = getUnderlyingObject(Copy->getRawSource());
        if (Copy->getRawDest() == Pointers[I] && isa<AllocaInst>(From) &&
            Locals.insert(From).second)
          Pointers.push_back(From);
      } else if (auto *S = dyn_cast<StoreInst>(U))
        if (S->getPointerOperand() == Pointers[I] &&
            (!IntegersOnly || S->getValueOperand()->getType()->isIntOrIntVectorTy()))
          Out.push_back(S->getValueOperand());
    }
}

namespace {

} // namespace

const Value *pointerUnderArithmetic(const Value *V) {
  SmallPtrSet<const Value *, 16> Seen;
  SmallVector<const Value *, 16> Work{V};
  const Value *Found = nullptr;
  while (!Work.empty() && Seen.size() < 64) {
    const Value *X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (const Value *P = pointerBehindInteger(X)) {
      // The object only: the address itself is not evaluated.
      P = getUnderlyingObject(P);
      if (Found && Found != P)
        return nullptr;
      Found = P;
      continue;
    }
    // Instructions and constant expressions (`@s + 4` folded by clang).
    const auto *O = dyn_cast<Operator>(X);
    const unsigned Opcode = O ? O->getOpcode() : 0;
    if (O && (Instruction::isBinaryOp(Opcode) || Instruction::isCast(Opcode) ||
              Opcode == Instruction::Select || Opcode == Instruction::PHI)) {
      for (const Value *Op : O->operands())
        if (Op->getType()->isIntOrIntVectorTy())
          Work.push_back(Op);
    } else if (auto *L = dyn_cast<LoadInst>(X)) {
      if (auto *Local = dyn_cast<AllocaInst>(getUnderlyingObject(L->getPointerOperand())))
        storedInto(*Local, Work);
    } else if (auto *E = dyn_cast<ExtractElementInst>(X)) {
      Work.push_back(E->getVectorOperand());
    } else if (auto *I = dyn_cast<InsertElementInst>(X)) {
      Work.push_back(I->getOperand(0));
      Work.push_back(I->getOperand(1));
    }
  }
  return Found;
}

bool isSharedAddressConversion(StringRef AsmText) {
  // Statements: register declarations, the conversion, and moves and
  // conversions of integers; nothing that touches memory.
  bool Converts = false;
  SmallVector<StringRef, 8> Statements;
  AsmText.split(Statements, ';');
  for (StringRef S : Statements) {
    S = S.trim(" \t\n{}").ltrim(" \t\n{");
    if (S.empty())
      continue;
    const StringRef Mnemonic = S.take_until([](char C) { return C == ' ' || C == '\t'; });
    if (startsWith(Mnemonic, "cvta.to.shared."))
      Converts = true;
    else if (Mnemonic != ".reg" && !startsWith(Mnemonic, "cvt.u32.") &&
             !startsWith(Mnemonic, "cvt.u64.") && !startsWith(Mnemonic, "mov.b") &&
             !startsWith(Mnemonic, "mov.u"))
      return false;
  }
  return Converts;
}

const Value *convertedSharedPointer(const Value *V) {
  const auto *Call = dyn_cast<CallBase>(V);
  const auto *IA = Call ? dyn_cast<InlineAsm>(Call->getCalledOperand()) : nullptr;
  if (!IA || !(Call->getType()->isIntegerTy() || Call->getType()->isPointerTy()) ||
      !isSharedAddressConversion(IA->getAsmString()))
    return nullptr;
  const Value *Pointer = nullptr;
  for (const Use &U : Call->args()) {
    const Value *P = U->getType()->isPointerTy() ? U.get() : nullptr;
    if (!P && U->getType()->isIntegerTy())
      if (auto *I = dyn_cast<PtrToIntOperator>(U.get()))
        P = I->getPointerOperand(); // passed as "l"((size_t)p)
    if (!P)
      return nullptr; // another input: not the plain conversion
    if (Pointer)
      return nullptr;
    Pointer = P;
  }
  return Pointer;
}

namespace {

/// The call argument of each asm operand `$N` (outputs returned by value
/// have none), in operand order.
std::vector<std::optional<unsigned>> argumentsOfOperands(const InlineAsm &IA) {
  std::vector<std::optional<unsigned>> Out;
  unsigned Arg = 0;
  for (const InlineAsm::ConstraintInfo &C : IA.ParseConstraints()) {
    if (C.Type == InlineAsm::isClobber || C.Type == InlineAsm::isLabel)
      continue;
    if (C.Type == InlineAsm::isOutput && !C.isIndirect)
      Out.push_back(std::nullopt);
    else
      Out.push_back(Arg++);
  }
  return Out;
}

/// Inline assembly: a single `ld.shared`/`st.shared`/`ldmatrix`/`stmatrix`
/// is one access of its width (AsmSharedAccess.h); cp.async copies into
/// shared memory (its size is the third operand); anything else that
/// receives an address is not modelled. An address computed as an integer
/// from one shared variable is handed to LaneValues as that integer.
void inlineAsm(const CallBase &Call, std::vector<MemoryOperation> &Ops) {
  const auto *IA = cast<InlineAsm>(Call.getCalledOperand());
  const std::string Text(IA->getAsmString());
  if (isSharedAddressConversion(Text))
    return; // computes an address for later assembly; accesses nothing
  std::optional<unsigned> AccessArg;
  const std::optional<AsmSharedAccess> Access = parseAsmSharedAccess(Text);
  if (Access) {
    const std::vector<std::optional<unsigned>> Args = argumentsOfOperands(*IA);
    if (Access->Operand < Args.size())
      AccessArg = Args[Access->Operand];
  }
  auto modelled = [&](const Value *P) {
    MemoryOperation Op;
    Op.Pointer = P;
    Op.Offset = Access->Offset;
    Op.Kind = Access->Write ? AccessKind::Write : AccessKind::Read;
    Op.WidthBytes = Access->WidthBytes;
    Op.RowLanes = Access->RowLanes;
    Op.SharedByText = true;
    return Op;
  };
  // operand, pointer or shared variable, the integer address
  std::vector<std::tuple<unsigned, const Value *, const Value *>> Pointers;
  for (const Use &U : Call.args()) {
    const unsigned Index = U.getOperandNo();
    const bool Direct = U->getType()->isPointerTy() || pointerBehindInteger(U.get());
    const Value *P = U->getType()->isPointerTy() ? U.get() : pointerBehindInteger(U.get());
    if (Direct && Access && AccessArg == Index) {
      Ops.push_back(modelled(P));
      continue;
    }
    if (Direct) {
      Pointers.push_back({Index, P, nullptr});
    } else if (U->getType()->isIntegerTy() && Text.find("shared") != std::string::npos) {
      if (const Value *Under = pointerUnderArithmetic(U.get())) {
        if (Access && AccessArg == Index) {
          MemoryOperation Op = modelled(Under);
          Op.IntegerAddress = U.get();
          Ops.push_back(Op);
        } else {
          Pointers.push_back({Index, Under, U.get()});
        }
      }
    }
  }
  const bool CpAsync = Text.find("cp.async.") != std::string::npos &&
                       Text.find(".shared") != std::string::npos &&
                       Text.find("bulk") == std::string::npos;
  unsigned CpBytes = 0;
  if (CpAsync) {
    // "cp.async.ca.shared.global [$0], [$1], 16;" or "..., $2, $3;"
    const size_t Second = Text.find(']', Text.find(']') + 1);
    if (Second != std::string::npos) {
      const std::string Rest = Text.substr(Second + 1);
      const size_t Digit = Rest.find_first_of("0123456789$");
      if (Digit != std::string::npos && Rest[Digit] != '$')
        CpBytes = static_cast<unsigned>(std::atoi(Rest.c_str() + Digit));
      else if (Digit != std::string::npos) {
        const unsigned Arg = static_cast<unsigned>(std::atoi(Rest.c_str() + Digit + 1));
        if (Arg < Call.arg_size())
          if (auto *C = dyn_cast<ConstantInt>(Call.getArgOperand(Arg)))
            CpBytes = static_cast<unsigned>(C->getZExtValue());
      }
    }
  }
  for (const auto &[Index, Pointer, Integer] : Pointers) {
    MemoryOperation Op;
    Op.Pointer = Pointer;
    Op.IntegerAddress = Integer;
    if (CpAsync && Index == 0 && (CpBytes == 4 || CpBytes == 8 || CpBytes == 16)) {
      Op.Kind = AccessKind::Write;
      Op.WidthBytes = CpBytes;
      Op.AsyncCopy = true;
    } else if (Integer) {
      Op.NotModelled = "inline assembly accesses this array at an address computed as an "
                       "integer, which is not modelled";
    } else {
      Op.NotModelled = "inline assembly accesses memory through this address";
    }
    Ops.push_back(Op);
  }
}

} // namespace

bool isNvvmScopedAtomic(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee && startsWith(Callee->getName(), "llvm.nvvm.atomic.") &&
         Call.arg_size() >= 2 && Call.getArgOperand(0)->getType()->isPointerTy() &&
         (Call.getType()->isIntegerTy() || Call.getType()->isFloatingPointTy());
}

bool isDeclaredAtomic(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || !Callee->isDeclaration() || Call.arg_size() < 2 ||
      !Call.getArgOperand(0)->getType()->isPointerTy())
    return false;
  // NVVM's scoped atomics (atomicAdd_block, atomicCAS_system): intrinsics.
  if (isNvvmScopedAtomic(Call))
    return true;
  const std::string Name = llvm::demangle(Callee->getName().str());
  static const char *const Atomics[] = {
      "atomicAdd(", "atomicSub(", "atomicExch(", "atomicMin(", "atomicMax(",
      "atomicInc(", "atomicDec(", "atomicCAS(", "atomicAnd(", "atomicOr(",
      "atomicXor("};
  for (const char *A : Atomics)
    if (startsWith(Name, A))
      return true;
  return false;
}

std::vector<MemoryOperation> memoryOperations(const Instruction &I) {
  std::vector<MemoryOperation> Ops;
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    Ops.push_back(scalar(I, L->getPointerOperand(), L->getType(), AccessKind::Read));
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    Ops.push_back(scalar(I, S->getPointerOperand(),
                         S->getValueOperand()->getType(), AccessKind::Write));
  } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    Ops.push_back(scalar(I, A->getPointerOperand(), A->getValOperand()->getType(),
                         AccessKind::Atomic));
  } else if (auto *C = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Ops.push_back(scalar(I, C->getPointerOperand(),
                         C->getNewValOperand()->getType(), AccessKind::Atomic));
  } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
    memIntrinsic(*MI, Ops);
  } else if (auto *Call = dyn_cast<CallBase>(&I)) {
    const Function *Callee = Call->getCalledFunction();
    if (Callee && Callee->isIntrinsic()) {
      const StringRef N = Callee->getName();
      if (auto W = cpAsyncBytes(N)) {
        MemoryOperation Op;
        Op.Pointer = Call->getArgOperand(0);
        Op.Kind = AccessKind::Write;
        Op.WidthBytes = *W;
        Op.AsyncCopy = true;
        Ops.push_back(Op);
        return Ops;
      }
      // NVVM's scoped atomics (atomicAdd_block, atomicCAS_system: the
      // `.gen.*.cta`/`.sys` intrinsics) on a generic pointer: one atomic
      // of the old value's width, as an atomicrmw is. On shared memory
      // they are the same ATOMS instruction.
      if (isNvvmScopedAtomic(*Call)) {
        Ops.push_back(scalar(I, Call->getArgOperand(0), Call->getType(), AccessKind::Atomic));
        return Ops;
      }
      if (startsWith(N, "llvm.lifetime") || startsWith(N, "llvm.dbg") ||
          startsWith(N, "llvm.assume") || startsWith(N, "llvm.prefetch") ||
          startsWith(N, "llvm.nvvm.read.ptx") || startsWith(N, "llvm.amdgcn.workitem") ||
          startsWith(N, "llvm.amdgcn.workgroup"))
        return Ops;
    }
    if (Call->isInlineAsm()) {
      inlineAsm(*Call, Ops);
      return Ops;
    }
    // CUDA's atomic functions declared without a body (headers that only
    // declare them): one atomic access of the pointee, as their bodies do.
    if (isDeclaredAtomic(*Call)) {
      const Type *Value = Call->getArgOperand(Call->arg_size() - 1)->getType();
      Ops.push_back(scalar(I, Call->getArgOperand(0), const_cast<Type *>(Value),
                           AccessKind::Atomic));
      return Ops;
    }
    // A call that touches no memory through its pointers only looks at
    // their values (`__isShared(p)`, NVVM's isspacep in cuda::memcpy_async).
    if (Call->doesNotAccessMemory())
      return Ops;
    // Any other call that receives a pointer may read or write through it.
    // The call survives the pipeline's inlining only when the callee calls
    // itself (or has no body here).
    std::string What = Callee ? "a call to '" +
                                    llvm::demangle(Callee->getName().str()) + "'"
                              : std::string("an indirect call");
    if (Callee && !Callee->isDeclaration())
      for (const llvm::User *U : Callee->users())
        if (const auto *CB = llvm::dyn_cast<llvm::CallBase>(U))
          if (CB->getFunction() == Callee) {
            What += ", which calls itself (ldslint does not follow recursion),";
            break;
          }
    // The C library's copies not lowered to llvm.memcpy (no builtin
    // declaration in scope): the destination is written.
    const bool WritesFirst =
        Callee && (Callee->getName() == "memcpy" || Callee->getName() == "memmove" ||
                   Callee->getName() == "memset");
    for (const Use &U : Call->args())
      if (U->getType()->isPointerTy() &&
          !Call->doesNotAccessMemory(U.getOperandNo())) {
        MemoryOperation Op;
        Op.Pointer = U.get();
        // A parameter the callee only writes through (`writeonly`: wmma's
        // store_matrix_sync) is a write; any other is reported as a read.
        const bool Writes =
            (WritesFirst && U.getOperandNo() == 0) ||
            (Call->onlyWritesMemory(U.getOperandNo()) &&
             !Call->onlyReadsMemory(U.getOperandNo()));
        Op.Kind = Writes ? AccessKind::Write : AccessKind::Read;
        Op.NotModelled = What + " accesses memory through this pointer";
        if (Callee && startsWith(Callee->getName(), "llvm.nvvm.wmma."))
          Op.NotModelled = std::string("a WMMA fragment ") +
                           (Writes ? "store (wmma::store_matrix_sync)"
                                   : "load (wmma::load_matrix_sync)") +
                           ": which shared-memory instructions ptxas makes of it "
                           "(by type and layout) is not modelled";
        Ops.push_back(Op);
      }
  }
  return Ops;
}

} // namespace ldslint
