//===- LaneValues.cpp ------------------------------------------------------===//
#include "LaneValues.h"
#include "LoopExits.h"
#include "LoopUniformity.h"

#include "SharedAccesses.h"
#include "SharedReach.h"
#include "StringCompat.h"
#include "ThreadNumbering.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#if LLVM_VERSION_MAJOR >= 17
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif

#include <functional>
#include <memory>
#include <unordered_map>
#include <cctype>
#include <cstdlib>
#include <set>

using namespace llvm;

namespace ldslint {

bool isSharedAddressSpace(unsigned AddrSpace) { return AddrSpace == 3; }

namespace {

const IntType I64{64, true};

/// The object \p P points into, through HIP's `inttoptr (ptrtoint %arg)`
/// round trips (getUnderlyingObject stops at them).
const Value *underlyingObject(const Value *P) {
  for (int Guard = 0; Guard < 8; ++Guard) {
    P = getUnderlyingObject(P);
    auto *I2P = dyn_cast<Operator>(P);
    if (!I2P || I2P->getOpcode() != Instruction::IntToPtr)
      return P;
    auto *P2I = dyn_cast<Operator>(I2P->getOperand(0));
    if (!P2I || P2I->getOpcode() != Instruction::PtrToInt)
      return P;
    P = P2I->getOperand(0);
  }
  return P;
}

/// Whether the call \p U may write through its argument \p Ptr (a function
/// of another file that receives an object may store any pointer into it).
bool mayWriteThrough(const User *U, const Value *Ptr) {
  const auto *CB = dyn_cast<CallBase>(U);
  if (!CB)
    return true;
  // A function that writes no memory at all (`pure`) stores nothing into
  // the object. (It might return the pointer, and a store through what it
  // returns is not followed: not seen in practice.)
  if (CB->onlyReadsMemory())
    return false;
  for (unsigned Arg = 0; Arg < CB->arg_size(); ++Arg)
    if (CB->getArgOperand(Arg) == Ptr &&
        (!CB->onlyReadsMemory(Arg) || !CB->doesNotCapture(Arg)))
      return true; // (a pointer it keeps may be written through later)
  return false;
}

/// Whether everything written into \p Local is what storedInto lists: its
/// address is only read through, stored into, or copied into from another
/// local (no call that may write receives it, it is not stored or turned
/// into an integer).
bool onlyStoredInto(const AllocaInst &Local) {
  SmallVector<const Value *, 8> Pointers{&Local};
  for (size_t I = 0; I < Pointers.size(); ++I) {
    if (I >= 512)
      return false;
    for (const User *U : Pointers[I]->users()) {
      if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) || isa<AddrSpaceCastInst>(U)) {
        Pointers.push_back(U);
      } else if (const auto *S = dyn_cast<StoreInst>(U)) {
        if (S->getValueOperand() == Pointers[I])
          return false; // the address itself escapes
      } else if (const auto *Copy = dyn_cast<MemTransferInst>(U)) {
        if (Copy->getRawDest() == Pointers[I] &&
            !isa<AllocaInst>(getUnderlyingObject(Copy->getRawSource())))
          return false;
      } else if (const auto *II = dyn_cast<IntrinsicInst>(U);
                 !isa<LoadInst>(U) && !(II && II->isLifetimeStartOrEnd()) &&
                 mayWriteThrough(U, Pointers[I])) {
        return false; // a call, a select, a ptrtoint: may write anything
      }
    }
  }
  return true;
}

/// The one shared variable that the integer \p V, made into a pointer, can
/// come from: through integer arithmetic, vector elements and the locals it
/// was kept in (LLVM 15 stores a pointer member and the member after it as
/// one `<2 x i64>`, from `ptrtoint` of the array). Null when there is none,
/// or when anything else (an argument, a call, another object) may be
/// behind it: the access is then not claimed as shared.
const GlobalVariable *sharedBehindInteger(const Value *V) {
  SmallPtrSet<const Value *, 16> Seen;
  SmallVector<const Value *, 16> Work{V};
  const GlobalVariable *Found = nullptr;
  while (!Work.empty()) {
    const Value *X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (Seen.size() > 64)
      return nullptr;
    if (X->getType()->isPointerTy()) {
      X = getUnderlyingObject(X);
      if (isa<ConstantPointerNull>(X))
        continue;
      if (const auto *G = dyn_cast<GlobalVariable>(X)) {
        if (!isSharedAddressSpace(G->getAddressSpace()) || (Found && Found != G))
          return nullptr;
        Found = G;
        continue;
      }
    }
    if (isa<ConstantInt>(X) || isa<ConstantAggregateZero>(X) || isa<UndefValue>(X) ||
        isa<ConstantDataVector>(X))
      continue; // numbers
    if (const auto *L = dyn_cast<LoadInst>(X)) {
      const auto *Local = dyn_cast<AllocaInst>(getUnderlyingObject(L->getPointerOperand()));
      if (!Local || !onlyStoredInto(*Local))
        return nullptr;
      storedInto(*Local, Work, /*IntegersOnly=*/false);
      continue;
    }
    if (const auto *CV = dyn_cast<ConstantVector>(X)) {
      for (const Value *E : CV->operands())
        Work.push_back(E);
      continue;
    }
    const auto *O = dyn_cast<Operator>(X);
    if (!O)
      return nullptr;
    const unsigned Opcode = O->getOpcode();
    if (Opcode == Instruction::PtrToInt || Instruction::isBinaryOp(Opcode) ||
        Opcode == Instruction::ZExt || Opcode == Instruction::SExt ||
        Opcode == Instruction::Trunc || Opcode == Instruction::PHI ||
        Opcode == Instruction::ExtractElement || Opcode == Instruction::InsertElement) {
      for (const Value *Op : O->operands())
        if (Op->getType()->isPtrOrPtrVectorTy() || Op->getType()->isIntOrIntVectorTy())
          Work.push_back(Op);
    } else if (Opcode == Instruction::Select) {
      Work.push_back(O->getOperand(1));
      Work.push_back(O->getOperand(2));
    } else {
      return nullptr;
    }
  }
  return Found;
}

/// `#pragma unroll 1` / `#pragma nounroll` as clang records them on the loop.
bool unrollDisabled(const Loop &L) {
  if (findOptionMDForLoop(&L, "llvm.loop.unroll.disable"))
    return true;
  if (const MDNode *Count = findOptionMDForLoop(&L, "llvm.loop.unroll.count"))
    if (Count->getNumOperands() == 2)
      if (const auto *C = mdconst::dyn_extract<ConstantInt>(Count->getOperand(1)))
        return C->isOne();
  return false;
}

/// i1 is a truth value (0/1); wider integers are kept sign-wrapped and cast
/// to unsigned where an operation reads them as unsigned.
IntType typeOf(const Type *T) {
  if (T->isIntegerTy(1))
    return IntType{1, false};
  if (T->isIntegerTy())
    return IntType{std::min(T->getIntegerBitWidth(), 64u), true};
  return I64;
}

SymRef asUnsigned(const SymRef &E, unsigned Bits) {
  return SymExpr::cast(E, IntType{Bits, false});
}

SymRef stripCasts(SymRef E) {
  while (E && E->K == SymExpr::Kind::Unary && E->Opcode == Op::Cast &&
         E->Type.Bits >= 32)
    E = E->A;
  return E;
}

bool mentions(const SymRef &E, SymbolId Id) {
  bool Found = false;
  if (E)
    forEachSymbol(*E, [&](SymbolId S) { Found |= S == Id; });
  return Found;
}

/// `Var + Step` (or `Var - Step`) with a Step that does not mention Var.
SymRef stepOf(const SymRef &Next, SymbolId Var) {
  SymRef N = stripCasts(Next);
  if (!N || N->K != SymExpr::Kind::Binary ||
      (N->Opcode != Op::Add && N->Opcode != Op::Sub))
    return nullptr;
  auto isVar = [&](const SymRef &E) {
    SymRef S = stripCasts(E);
    return S && S->K == SymExpr::Kind::Symbol && S->Sym == Var;
  };
  if (isVar(N->A) && !mentions(N->B, Var))
    return N->Opcode == Op::Add ? N->B : SymExpr::unary(Op::Neg, N->B, N->B->Type);
  if (N->Opcode == Op::Add && isVar(N->B) && !mentions(N->A, Var))
    return N->A;
  return nullptr;
}

/// A loop that runs once, `for (i = 0; i < 1; ++i)`, whose step instcombine
/// folded to the value after it (`i = phi [0], [1]`, test `i == 0`): read
/// as stepping by the difference, which gives the same values (the start,
/// then the value it leaves with), so that what follows it (a companion
/// `idx += 8`, its value after the loop) is followed as for a longer loop.
void oneTripStep(LoopModel &M) {
  if (M.Step || !M.Init || !M.Next || !M.Cond || !M.Init->isConst() || !M.Next->isConst())
    return;
  const int64_t From = M.Init->Value, Then = M.Next->Value;
  auto at = [&](int64_t V) {
    return evaluate(*M.Cond, [&](SymbolId Id) -> std::optional<int64_t> {
      if (Id == M.Var)
        return V;
      return std::nullopt;
    });
  };
  const std::optional<int64_t> Runs = at(From), Stays = at(Then);
  if (!Runs || !*Runs || !Stays || *Stays || From == Then)
    return;
  M.Step = SymExpr::constant(Then - From, M.VarType);
  M.Next = SymExpr::binary(Op::Add, SymExpr::symbol(M.Var, M.VarType), M.Step, M.VarType);
}

/// "i.0" -> "i", "p.addr" -> "p"; unnamed -> "".
std::string sourceName(const Value *V) {
  if (!V->hasName())
    return "";
  std::string N = V->getName().str();
  N = N.substr(0, N.find('.'));
  if (N.empty() || std::isdigit(static_cast<unsigned char>(N[0])))
    return "";
  // Clang's names for its own temporaries, numbered (`call37`, `cmp50`;
  // restoreSourceNames left them: their stem is no identifier of the unit).
  const size_t Digits = N.find_last_not_of("0123456789") + 1;
  if (Digits < N.size() && isCompilerTemporaryName(N.substr(0, Digits)))
    return "";
  return N;
}

} // namespace

bool isCompilerTemporaryName(llvm::StringRef Stem) {
  static const llvm::StringSet<> Temporaries = {
      "add", "and", "arraydecay", "arrayidx", "call", "cmp", "cond", "conv",
      "dec", "div", "frombool", "idxprom", "inc", "incdec", "land", "lnot",
      "lor", "mul", "neg", "not", "or", "rem", "shl", "shr", "sub", "tobool",
      "vecext", "vecins", "xor"};
  return Temporaries.count(Stem) != 0;
}

std::string variableName(const GlobalVariable *G) {
  const std::string Full = llvm::demangle(G->getName().str());
  const size_t Colons = Full.rfind("::");
  return Colons == std::string::npos ? Full : Full.substr(Colons + 2);
}

namespace {

/// The alignment the IR guarantees for \p I's address (a load, store or
/// atomic; \p Offset bytes into it for a piece), 0 when it gives none.
unsigned accessAlign(const Instruction &I, int64_t Offset) {
  std::optional<Align> A;
  if (const auto *L = dyn_cast<LoadInst>(&I))
    A = L->getAlign();
  else if (const auto *S = dyn_cast<StoreInst>(&I))
    A = S->getAlign();
  else if (const auto *R = dyn_cast<AtomicRMWInst>(&I))
    A = R->getAlign();
  else if (const auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    A = X->getAlign();
  if (!A)
    return 0;
  return static_cast<unsigned>(commonAlignment(*A, static_cast<uint64_t>(Offset)).value());
}

unsigned lineOf(const Instruction *I) {
  if (const DebugLoc &DL = I->getDebugLoc())
    return DL.getLine();
  return 0;
}

/// What a shared-memory pointer is: a variable and a byte offset from its
/// start, or shared memory ldslint cannot place (Why), or not shared memory
/// as far as ldslint can tell.
struct PointerValue {
  const GlobalVariable *Base = nullptr;
  SymRef Offset; ///< bytes, 64-bit
  bool Shared = false;
  std::string Why;
  /// The lanes for which the pointer is into Base (none: all of them); the
  /// others' is into memory that is not shared (`t != 0 ? s[t - 1] : g[0]`).
  std::vector<Condition> Only;
  /// A shared-window address converted in inline assembly (`cvta.to.shared`):
  /// an address only inline assembly's `ld.shared`/`st.shared` can use; a
  /// C++ load or store through it is a generic access elsewhere.
  bool WindowAddress = false;
};

class Translator {
public:
  Translator(const Function &F, const std::vector<std::string> &ParamNames,
             unsigned WaveSize, IrKernel &Out)
      : F(F), DL(F.getParent()->getDataLayout()), ParamNames(ParamNames),
        WaveSize(WaveSize), Out(Out), K(Out.Model) {
    DT.recalculate(const_cast<Function &>(F));
    LI.analyze(DT);
  }

  void run() {
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        for (const MemoryOperation &Op : memoryOperations(I))
          addAccess(I, Op);
    applyFollowers();
  }

private:
  const Function &F;
  const DataLayout &DL;
  const std::vector<std::string> &ParamNames;
  unsigned WaveSize;
  IrKernel &Out;
  KernelModel &K;
  DominatorTree DT;
  LoopInfo LI;
  std::unique_ptr<PostDominatorTree> PDT; ///< built when first needed
  /// Per loop: its header phis that every lane of an iteration shares, and
  /// the warp-index values that took for granted (SymbolInfo::UniformIf).
  struct UniformLoop {
    std::set<const PHINode *> Phis;
    std::vector<SymRef> Witnesses;
  };
  std::map<const Loop *, UniformLoop> UniformLoops;
  /// The loop being judged by uniformLoop (its values from outside are
  /// read at its header), and the IR loop of each loop index.
  const Loop *Judged = nullptr;
  std::map<unsigned, const Loop *> LoopOfIndex;
  std::map<const Value *, SymRef> Values;
  /// Size of each expression as a tree, saturated at MaxTreeSize + 1 (the
  /// SymRef keeps the node alive, so that its address is not reused).
  std::unordered_map<const SymExpr *, std::pair<SymRef, uint64_t>> TreeSizes;
  std::map<const Value *, PointerValue> Pointers;
  std::set<const Value *> InProgress;
  std::map<const Loop *, int> LoopIds; ///< -1: loop without a variable
  std::map<std::string, SymbolId> Named;
  /// Loop-header values that are not their loop's variable: what they are
  /// in terms of it (applied to every expression at the end).
  std::map<SymbolId, SymRef> Followers;
  /// Loop symbols whose start or step differs between lanes.
  std::set<SymbolId> VaryingVars;
  std::map<const Value *, bool> DataMemo; ///< computedFromData's answers
  unsigned Depth = 0;

  //===------------------------------------------------------------------===//
  // Symbols
  //===------------------------------------------------------------------===//

  SymbolId named(const std::string &Key, SymbolInfo S) {
    auto It = Named.find(Key);
    if (It != Named.end())
      return It->second;
    SymbolId Id = K.addSymbol(std::move(S));
    Named[Key] = Id;
    return Id;
  }

  SymRef builtin(SymbolKind Kind, const char *Base, unsigned Dim) {
    static const char *Dims[] = {"x", "y", "z"};
    SymbolInfo S;
    S.Kind = Kind;
    S.Dim = Dim;
    S.Name = std::string(Base) + "." + Dims[Dim % 3];
    if (Kind == SymbolKind::Unknown) {
      S.Why = "it is not known at compile time";
      S.Origin = SymbolOrigin::LaunchBuiltin;
      // blockIdx and gridDim: never negative.
      S.Domain = std::pair<int64_t, int64_t>(0, INT32_MAX);
    }
    if (Kind == SymbolKind::ThreadIdx && Dim > 0)
      Out.UsesThreadIdxYZ = true;
    return SymExpr::symbol(named(S.Name, S), IntType{32, true});
  }

  SymRef unknown(const Value *V, std::string Name, std::string Why,
                 bool Varying, bool FromData = false,
                 SymbolOrigin Origin = SymbolOrigin::Other) {
    SymbolInfo S;
    S.Kind = SymbolKind::Unknown;
    S.Origin = Origin;
    S.Name = std::move(Name);
    S.Why = std::move(Why);
    S.LaneVarying = Varying;
    S.FromData = FromData;
    char Key[32];
    snprintf(Key, sizeof Key, "value:%p", static_cast<const void *>(V));
    return SymExpr::symbol(named(Key, S), typeOf(V->getType()));
  }

  /// The name of a value loaded from memory that \p E depends on, or "".
  std::string dataIn(const SymRef &E) const {
    std::string Name;
    if (E)
      forEachSymbol(*E, [&](SymbolId Id) {
        if (Name.empty() && K.Symbols[Id].FromData)
          Name = K.Symbols[Id].Name;
      });
    return Name;
  }

  bool isVarying(const SymRef &E) const {
    bool Varying = false;
    if (E)
      forEachSymbol(*E, [&](SymbolId Id) {
        const SymbolInfo &S = K.Symbols[Id];
        // A symbol uniform only under witnesses is varying here: nothing
        // derived from it carries them.
        if (S.Kind == SymbolKind::ThreadIdx || S.Kind == SymbolKind::Lane ||
            S.LaneVarying || !S.UniformIf.empty() || VaryingVars.count(Id))
          Varying = true;
      });
    return Varying;
  }

  std::string nameOf(const Value *V, const char *Fallback) const {
    std::string N = sourceName(V);
    return N.empty() ? Fallback : "`" + N + "`";
  }

  //===------------------------------------------------------------------===//
  // Integer values
  //===------------------------------------------------------------------===//

  /// Loops are built before anything inside them is translated, so that a
  /// loop's step (`s *= 2` in the body) is translated with the loop's
  /// variable in place, never as a cycle.
  void buildEnclosingLoops(const Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return;
    std::vector<const Loop *> Chain;
    for (const Loop *L = LI.getLoopFor(I->getParent()); L; L = L->getParentLoop())
      Chain.insert(Chain.begin(), L);
    for (const Loop *L : Chain)
      buildLoop(L);
  }

  /// Expressions larger than this as a tree become unknowns.
  static constexpr uint64_t MaxTreeSize = 4096;
  uint64_t treeSize(const SymRef &E) {
    const auto Found = TreeSizes.find(E.get());
    if (Found != TreeSizes.end())
      return Found->second.second;
    uint64_t N = 1;
    for (const SymRef *Child : {&E->A, &E->B, &E->C})
      if (*Child)
        N = std::min<uint64_t>(N + treeSize(*Child), MaxTreeSize + 1);
    TreeSizes.emplace(E.get(), std::make_pair(E, N));
    return N;
  }

  SymRef value(const Value *V) {
    auto It = Values.find(V);
    if (It != Values.end())
      return It->second;
    buildEnclosingLoops(V);
    It = Values.find(V);
    if (It != Values.end())
      return It->second;
    if (InProgress.count(V) || Depth > 400)
      return unknown(V, nameOf(V, "a value"),
                     "it is computed in a cycle ldslint does not follow", true);
    InProgress.insert(V);
    ++Depth;
    SymRef R = valueUncached(V);
    // Merge phis become selects that share their operands: a chain of
    // diamonds doubles the expression as a tree at each one (rocPRIM's
    // block sort), and every walk of it after this would too.
    if (R && treeSize(R) > MaxTreeSize) {
      const std::string Data = dataIn(R);
      const std::string Name = nameOf(V, "a value");
      R = unknown(V, Name,
                  "it is merged from more paths than ldslint follows" +
                      dataClause(Data, Name),
                  true, !Data.empty());
    }
    --Depth;
    InProgress.erase(V);
    Values[V] = R;
    return R;
  }

  SymRef valueUncached(const Value *V) {
    if (auto *C = dyn_cast<ConstantInt>(V)) {
      if (C->getBitWidth() > 64)
        return unknown(V, "a constant", "it is wider than 64 bits", false);
      return SymExpr::constant(C->getBitWidth() == 1 ? C->getZExtValue()
                                                     : C->getSExtValue(),
                               typeOf(V->getType()));
    }
    if (!V->getType()->isIntegerTy() || V->getType()->getIntegerBitWidth() > 64)
      return unknown(V, nameOf(V, "a value"),
                     "it is not an integer ldslint models", true);
    if (auto *A = dyn_cast<Argument>(V))
      return argument(A);
    auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return unknown(V, nameOf(V, "a constant expression"),
                     "it is a constant whose value is only known when linked",
                     false);
    const IntType T = typeOf(I->getType());
    if (auto *B = dyn_cast<BinaryOperator>(I))
      return binary(B, T);
    if (auto *C = dyn_cast<ICmpInst>(I))
      return compare(C->getPredicate(), value(C->getOperand(0)),
                     value(C->getOperand(1)),
                     C->getOperand(0)->getType()->isIntegerTy()
                         ? std::min(C->getOperand(0)->getType()->getIntegerBitWidth(), 64u)
                         : 64);
    if (auto *S = dyn_cast<SelectInst>(I))
      return SymExpr::select(value(S->getCondition()), value(S->getTrueValue()),
                             value(S->getFalseValue()), T);
    if (auto *C = dyn_cast<CastInst>(I))
      return convert(C, T);
    if (auto *Fr = dyn_cast<FreezeInst>(I))
      return value(Fr->getOperand(0));
    if (auto *P = dyn_cast<PHINode>(I))
      return phi(P);
    if (auto *L = dyn_cast<LoadInst>(I))
      return load(L);
    // An element of a vector load (the vectorizer joined the loads of a
    // uint4's members): loaded like the vector.
    if (auto *E = dyn_cast<ExtractElementInst>(I))
      if (auto *VL = dyn_cast<LoadInst>(E->getVectorOperand()))
        return loaded(I, VL);
    if (auto *C = dyn_cast<CallBase>(I))
      return call(C, T);
    if (isa<AtomicRMWInst>(I))
      return atomicResult(I);
    // The old value of a compare-and-swap (atomicCAS).
    if (auto *E = dyn_cast<ExtractValueInst>(I))
      if (isa<AtomicCmpXchgInst>(E->getAggregateOperand()) &&
          E->getIndices().size() == 1 && E->getIndices()[0] == 0)
        return atomicResult(I);
    // One output of inline assembly with several (a texture fetch's four
    // components): what the assembly returns.
    if (auto *E = dyn_cast<ExtractValueInst>(I))
      if (auto *C = dyn_cast<CallBase>(E->getAggregateOperand()))
        if (isa<InlineAsm>(C->getCalledOperand()))
          return unknown(V, nameOf(V, "a value"),
                         "it is the result of inline assembly", true,
                         computedFromData(V));
    return unknown(V, nameOf(V, "a value"),
                   std::string("it comes from a '") + I->getOpcodeName() +
                       "' instruction ldslint does not model",
                   true, computedFromData(V));
  }

  SymRef argument(const Argument *A) {
    const unsigned Index = A->getArgNo();
    std::string Name = Index < ParamNames.size() ? ParamNames[Index] : "";
    if (Name.empty())
      Name = sourceName(A);
    if (Name.empty())
      Name = "argument " + std::to_string(Index + 1);
    // A device function no code here calls: its callers may pass each lane
    // its own value.
    if (isUncalledEntry(*A->getParent()))
      return unknown(A, "`" + Name + "`",
                     "it is an argument of a device function that no code in "
                     "this unit calls, so each lane may have its own value",
                     true);
    SymbolInfo S;
    S.Kind = SymbolKind::Unknown;
    S.Name = "`" + Name + "`";
    S.Why = "it is a kernel argument";
    S.Origin = SymbolOrigin::KernelArgument;
    const SymbolId Id = named("arg:" + std::to_string(Index), S);
    Out.ParamSymbols[Index] = Id;
    return SymExpr::symbol(Id, typeOf(A->getType()));
  }

  SymRef binary(const BinaryOperator *B, const IntType &T) {
    SymRef L = value(B->getOperand(0)), R = value(B->getOperand(1));
    const unsigned Bits = T.Bits;
    auto unsignedOp = [&](Op O) {
      return SymExpr::cast(
          SymExpr::binary(O, asUnsigned(L, Bits), asUnsigned(R, Bits),
                          IntType{Bits, false}),
          T);
    };
    switch (B->getOpcode()) {
    case Instruction::Add: return SymExpr::binary(Op::Add, L, R, T);
    case Instruction::Sub: return SymExpr::binary(Op::Sub, L, R, T);
    case Instruction::Mul: return SymExpr::binary(Op::Mul, L, R, T);
    case Instruction::Shl: return SymExpr::binary(Op::Shl, L, R, T);
    case Instruction::And: return SymExpr::binary(Op::And, L, R, T);
    case Instruction::Or:
      // An or of disjoint bits is an add (`2 * t + 1` becomes `t << 1 | 1`):
      // written as one, the address stays a sum whose constant distances
      // to other accesses are visible.
      if (isDisjointOr(B))
        return SymExpr::binary(Op::Add, L, R, T);
      return SymExpr::binary(Op::Or, L, R, T);
    case Instruction::Xor: return SymExpr::binary(Op::Xor, L, R, T);
    case Instruction::SDiv: return SymExpr::binary(Op::Div, L, R, T);
    case Instruction::SRem: return SymExpr::binary(Op::Rem, L, R, T);
    case Instruction::AShr: return SymExpr::binary(Op::Shr, L, R, T);
    case Instruction::UDiv: return unsignedOp(Op::Div);
    case Instruction::URem: return unsignedOp(Op::Rem);
    case Instruction::LShr: return unsignedOp(Op::Shr);
    default:
      return unknown(B, nameOf(B, "a value"),
                     "it is computed with floating point", true, computedFromData(B));
    }
  }


  SymRef compare(CmpInst::Predicate P, SymRef L, SymRef R, unsigned Bits) {
    const IntType Bool{1, false};
    const bool Unsigned = CmpInst::isUnsigned(P);
    if (Unsigned) {
      L = asUnsigned(L, Bits);
      R = asUnsigned(R, Bits);
    } else {
      L = SymExpr::cast(L, IntType{Bits, true});
      R = SymExpr::cast(R, IntType{Bits, true});
    }
    Op O;
    switch (P) {
    case CmpInst::ICMP_EQ: O = Op::EQ; break;
    case CmpInst::ICMP_NE: O = Op::NE; break;
    case CmpInst::ICMP_ULT: case CmpInst::ICMP_SLT: O = Op::LT; break;
    case CmpInst::ICMP_ULE: case CmpInst::ICMP_SLE: O = Op::LE; break;
    case CmpInst::ICMP_UGT: case CmpInst::ICMP_SGT: O = Op::GT; break;
    default: O = Op::GE; break;
    }
    return SymExpr::binary(O, L, R, Bool);
  }

  SymRef convert(const CastInst *C, const IntType &T) {
    const Value *Src = C->getOperand(0);
    // An address as an integer (`(uintptr_t)in % 16`): the same for every
    // lane when the pointer is (a kernel argument's).
    if (!Src->getType()->isIntegerTy())
      return unknown(C, nameOf(C, "a value"),
                     Src->getType()->isPointerTy()
                         ? "it is an address converted to an integer"
                         : "it is computed with floating point",
                     !Src->getType()->isPointerTy() || !pointerIsUniform(Src),
                     computedFromData(C));
    const unsigned SrcBits = std::min(Src->getType()->getIntegerBitWidth(), 64u);
    // ext(a + c) = ext(a) + c when the add cannot wrap (nuw for zext, nsw
    // for sext), as instcombine rewrites it on newer LLVMs: `s[2 * t]` and
    // `s[2 * t + 1]` are then a constant distance apart.
    if (auto *Add = dyn_cast<BinaryOperator>(Src))
      if (Add->getOpcode() == Instruction::Add && SrcBits > 1 &&
          isa<ConstantInt>(Add->getOperand(1)) &&
          ((C->getOpcode() == Instruction::ZExt && Add->hasNoUnsignedWrap()) ||
           (C->getOpcode() == Instruction::SExt && Add->hasNoSignedWrap()))) {
        const bool Z = C->getOpcode() == Instruction::ZExt;
        const auto *K = llvm::cast<ConstantInt>(Add->getOperand(1));
        SymRef Base = value(Add->getOperand(0));
        Base = Z ? SymExpr::cast(asUnsigned(Base, SrcBits), T)
                 : SymExpr::cast(SymExpr::cast(Base, IntType{SrcBits, true}), T);
        return SymExpr::binary(
            Op::Add, Base,
            SymExpr::constant(Z ? static_cast<int64_t>(K->getZExtValue())
                                : K->getSExtValue(),
                              T),
            T);
      }
    SymRef A = value(Src);
    switch (C->getOpcode()) {
    case Instruction::ZExt:
      return SymExpr::cast(asUnsigned(A, SrcBits), T);
    case Instruction::SExt:
      if (SrcBits == 1)
        return SymExpr::select(A, SymExpr::constant(-1, T),
                               SymExpr::constant(0, T), T);
      return SymExpr::cast(SymExpr::cast(A, IntType{SrcBits, true}), T);
    case Instruction::Trunc:
      if (T.Bits == 1)
        return SymExpr::cast(
            SymExpr::binary(Op::And, A, SymExpr::constant(1, A->Type), A->Type), T);
      return SymExpr::cast(A, T);
    default:
      return unknown(C, nameOf(C, "a value"), "it is converted from another type",
                     true, computedFromData(C));
    }
  }

  /// The lane's index in its warp or wavefront (PTX `%laneid`, AMD
  /// `mbcnt`): the linear thread index modulo the wave size.
  SymRef laneIndex(const IntType &T) {
    const IntType U{32, false};
    auto u = [&](SymRef V) { return SymExpr::cast(V, U); };
    auto mul = [&](SymRef A, SymRef B) { return SymExpr::binary(Op::Mul, A, B, U); };
    auto add = [&](SymRef A, SymRef B) { return SymExpr::binary(Op::Add, A, B, U); };
    const SymRef BX = u(builtin(SymbolKind::BlockDim, "blockDim", 0));
    const SymRef BY = u(builtin(SymbolKind::BlockDim, "blockDim", 1));
    const SymRef Linear =
        add(u(builtin(SymbolKind::ThreadIdx, "threadIdx", 0)),
            add(mul(u(builtin(SymbolKind::ThreadIdx, "threadIdx", 1)), BX),
                mul(u(builtin(SymbolKind::ThreadIdx, "threadIdx", 2)), mul(BX, BY))));
    return SymExpr::cast(SymExpr::binary(Op::Rem, Linear,
                                         SymExpr::constant(WaveSize, U), U),
                         T);
  }

  /// Inline PTX that reads a special register: `mov.u32 %0, %%laneid;`
  /// (CUB's and libcu++'s lane index).
  SymRef inlineAsm(const CallBase *C, const InlineAsm &IA, const IntType &T) {
    std::string Text;
    for (char Ch : IA.getAsmString())
      if (!std::isspace(static_cast<unsigned char>(Ch)))
        Text += Ch;
    if (Text == "mov.u32$0,%laneid;")
      return laneIndex(T);
    if (Text == "mov.u32$0,%warpid;")
      return unknown(C, "%warpid", "it is the hardware warp slot (PTX %warpid), "
                     "which need not be the warp's index in the block",
                     true);
    return unknown(C, nameOf(C, "a value"), "it is the result of inline assembly",
                   true, computedFromData(C));
  }

  SymRef call(const CallBase *C, const IntType &T) {
    if (const auto *IA = dyn_cast<InlineAsm>(C->getCalledOperand()))
      return inlineAsm(C, *IA, T);
    const Function *Callee = C->getCalledFunction();
    const StringRef Name = Callee ? Callee->getName() : "";
    auto dimOf = [&](StringRef N) -> int {
      return endsWith(N, ".x") ? 0 : endsWith(N, ".y") ? 1 : endsWith(N, ".z") ? 2 : -1;
    };
    if (startsWith(Name, "llvm.nvvm.read.ptx.sreg.")) {
      const StringRef Reg = Name.substr(strlen("llvm.nvvm.read.ptx.sreg."));
      const int D = dimOf(Reg);
      if (startsWith(Reg, "tid.") && D >= 0)
        return builtin(SymbolKind::ThreadIdx, "threadIdx", D);
      if (startsWith(Reg, "ntid.") && D >= 0)
        return builtin(SymbolKind::BlockDim, "blockDim", D);
      if (startsWith(Reg, "ctaid.") && D >= 0)
        return builtin(SymbolKind::Unknown, "blockIdx", D);
      if (startsWith(Reg, "nctaid.") && D >= 0)
        return builtin(SymbolKind::Unknown, "gridDim", D);
      if (Reg == "warpsize")
        return SymExpr::constant(32, T);
    }
    // A one-dimensional buffer's row stride, made opaque before the
    // pipeline (StrideModel.h): the paddable symbol, at its written value.
    if (startsWith(Name, RowStrideFunction) && C->arg_size() == 1)
      if (const auto *Written = dyn_cast<ConstantInt>(C->getArgOperand(0))) {
        SymbolInfo S;
        S.Kind = SymbolKind::Extent;
        S.Name = "row stride";
        S.Value = Written->getSExtValue();
        return SymExpr::cast(SymExpr::symbol(named("row stride", S), IntType{64, true}), T);
      }
    if (startsWith(Name, "llvm.amdgcn.workitem.id.") && dimOf(Name) >= 0)
      return builtin(SymbolKind::ThreadIdx, "threadIdx", dimOf(Name));
    if (startsWith(Name, "llvm.amdgcn.workgroup.id.") && dimOf(Name) >= 0)
      return builtin(SymbolKind::Unknown, "blockIdx", dimOf(Name));
    if (Name == "llvm.amdgcn.wavefrontsize")
      return SymExpr::constant(WaveSize, T);
    // HIP's __lane_id(): mbcnt_hi(~0, mbcnt_lo(~0, 0)). mbcnt_lo(~0, a)
    // counts the lanes below this one among lanes 0-31, mbcnt_hi(~0, a)
    // among lanes 32-63, each plus a.
    if ((Name == "llvm.amdgcn.mbcnt.lo" || Name == "llvm.amdgcn.mbcnt.hi") &&
        C->arg_size() == 2)
      if (auto *Mask = dyn_cast<ConstantInt>(C->getArgOperand(0)))
        if (Mask->isMinusOne()) {
          const IntType U{32, false};
          const SymRef Lane = laneIndex(U);
          const SymRef Below =
              endsWith(Name, ".lo")
                  ? SymExpr::binary(Op::Min, Lane, SymExpr::constant(32, U), U)
                  : SymExpr::binary(
                        Op::Sub,
                        SymExpr::binary(Op::Max, Lane, SymExpr::constant(32, U), U),
                        SymExpr::constant(32, U), U);
          return SymExpr::cast(
              SymExpr::binary(Op::Add, Below,
                              SymExpr::cast(value(C->getArgOperand(1)), U), U),
              T);
        }
    // Debian's HIP headers reach the work-item functions of the device
    // libraries (not linked: -nogpulib).
    if (startsWith(Name, "__ockl_get_") && C->arg_size() == 1)
      if (auto *DimC = dyn_cast<ConstantInt>(C->getArgOperand(0))) {
        const unsigned D = static_cast<unsigned>(DimC->getZExtValue());
        if (D < 3) {
          SymRef R;
          if (Name == "__ockl_get_local_id")
            R = builtin(SymbolKind::ThreadIdx, "threadIdx", D);
          else if (Name == "__ockl_get_local_size")
            R = builtin(SymbolKind::BlockDim, "blockDim", D);
          else if (Name == "__ockl_get_group_id")
            R = builtin(SymbolKind::Unknown, "blockIdx", D);
          else if (Name == "__ockl_get_num_groups")
            R = builtin(SymbolKind::Unknown, "gridDim", D);
          if (R)
            return SymExpr::cast(R, T);
        }
      }
    auto minMax = [&](Op O, bool Unsigned) {
      const unsigned Bits = T.Bits;
      SymRef A = value(C->getArgOperand(0)), B = value(C->getArgOperand(1));
      if (Unsigned)
        return SymExpr::cast(SymExpr::binary(O, asUnsigned(A, Bits),
                                             asUnsigned(B, Bits),
                                             IntType{Bits, false}),
                             T);
      return SymExpr::binary(O, A, B, T);
    };
    // __mul24: the product of the low 24 bits of each operand (HIP's
    // through ROCm's device library, not linked here: __ockl_mul24_*).
    if (Name == "llvm.nvvm.mul24.i" || Name == "__nv_mul24" ||
        Name == "llvm.nvvm.mul24.ui" || Name == "__nv_umul24" ||
        Name == "__ockl_mul24_i32" || Name == "__ockl_mul24_u32") {
      const bool U = Name.contains(".ui") || Name.contains("umul") ||
                     Name.contains("_u32");
      const IntType T24{24, !U};
      return SymExpr::binary(
          Op::Mul, SymExpr::cast(SymExpr::cast(value(C->getArgOperand(0)), T24), T),
          SymExpr::cast(SymExpr::cast(value(C->getArgOperand(1)), T24), T), T);
    }
    // __umulhi / __mulhi: the high 32 bits of the 64-bit product (CK's
    // MagicDivision divides by constants with them; HIP's are ROCm device
    // library calls, not linked here).
    if ((Name == "__nv_umulhi" || Name == "__ockl_mul_hi_u32" || Name == "llvm.nvvm.mulhi.ui" ||
         Name == "__nv_mulhi" || Name == "__ockl_mul_hi_i32" || Name == "llvm.nvvm.mulhi.i") &&
        C->arg_size() == 2 && T.Bits == 32) {
      const bool Signed = !Name.contains("_u32") && !Name.contains("umulhi") &&
                          !Name.contains(".ui");
      const IntType Wide{64, Signed};
      auto Operand = [&](unsigned I) {
        SymRef V = value(C->getArgOperand(I));
        return SymExpr::cast(Signed ? V : asUnsigned(V, 32), Wide);
      };
      return SymExpr::cast(
          SymExpr::binary(Op::Shr, SymExpr::binary(Op::Mul, Operand(0), Operand(1), Wide),
                          SymExpr::constant(32, Wide), Wide),
          T);
    }
    if (Name == "__nv_min") return minMax(Op::Min, false);
    if (Name == "__nv_max") return minMax(Op::Max, false);
    if (Name == "__nv_umin") return minMax(Op::Min, true);
    if (Name == "__nv_umax") return minMax(Op::Max, true);
    if (startsWith(Name, "llvm.umin.")) return minMax(Op::Min, true);
    if (startsWith(Name, "llvm.umax.")) return minMax(Op::Max, true);
    if (startsWith(Name, "llvm.smin.")) return minMax(Op::Min, false);
    if (startsWith(Name, "llvm.smax.")) return minMax(Op::Max, false);
    // Saturating unsigned arithmetic (rocPRIM's block sort: `a - b` that
    // stops at 0): `a > b ? a - b : 0` and `a + b` capped at the type's
    // largest value.
    if (startsWith(Name, "llvm.usub.sat.") || startsWith(Name, "llvm.uadd.sat.")) {
      const unsigned Bits = T.Bits;
      const IntType U{Bits, false};
      SymRef A = asUnsigned(value(C->getArgOperand(0)), Bits),
             B = asUnsigned(value(C->getArgOperand(1)), Bits);
      if (startsWith(Name, "llvm.usub.sat."))
        return SymExpr::cast(SymExpr::select(compare(CmpInst::ICMP_UGT, A, B, Bits),
                                             SymExpr::binary(Op::Sub, A, B, U),
                                             SymExpr::constant(0, U), U),
                             T);
      const int64_t Largest = Bits >= 64 ? -1 : (int64_t(1) << Bits) - 1;
      SymRef Sum = SymExpr::binary(Op::Add, A, B, U);
      return SymExpr::cast(SymExpr::select(compare(CmpInst::ICMP_ULT, Sum, A, Bits),
                                           SymExpr::constant(Largest, U), Sum, U),
                           T);
    }
    // Trailing zeros (HIP's `__ffs(blockDim.x)`: the block's size as a
    // number of bits): the lowest set bit's index, with the value's width
    // for zero (the intrinsic's poison-on-zero case included).
    if (startsWith(Name, "llvm.cttz.") && C->getType()->isIntegerTy() &&
        C->getType()->getIntegerBitWidth() <= 64)
      return trailingZeros(value(C->getArgOperand(0)), T);
    // Bit operations of CUDA's device library (not linked here: `__brev`,
    // `__popc`, `__clz`, `__ffs` are calls of __nv_*) and their intrinsics
    // (HIP's builtins): FFT bit reversals, warp-aggregated slots.
    if (C->arg_size() >= 1 && C->getArgOperand(0)->getType()->isIntegerTy() &&
        C->getType()->isIntegerTy()) {
      const unsigned Bits = C->getArgOperand(0)->getType()->getIntegerBitWidth();
      const bool Wide = Bits == 32 || Bits == 64;
      // Only a call of one of them reads its argument.
      auto X = [&] { return value(C->getArgOperand(0)); };
      // `__byte_perm(x, y, s)` with a constant selector (ccminer's rotates
      // by bytes, `& 0xff` written as a permute): each result byte is one
      // byte of {y, x}. Selectors that replicate a byte's sign are left.
      if (Name == "__nv_byte_perm" && Bits == 32 && C->arg_size() == 3)
        if (const auto *Sel = dyn_cast<ConstantInt>(C->getArgOperand(2));
            Sel && (Sel->getZExtValue() & 0x8888) == 0) {
          const IntType U{32, false};
          const SymRef Sources[2] = {asUnsigned(X(), 32),
                                     asUnsigned(value(C->getArgOperand(1)), 32)};
          SymRef Out = SymExpr::constant(0, U);
          for (unsigned Byte = 0; Byte < 4; ++Byte) {
            const unsigned Pick = (Sel->getZExtValue() >> (4 * Byte)) & 7;
            const SymRef Picked = SymExpr::binary(
                Op::And,
                SymExpr::binary(Op::Shr, Sources[Pick / 4],
                                SymExpr::constant(8 * (Pick % 4), U), U),
                SymExpr::constant(0xff, U), U);
            Out = SymExpr::binary(
                Op::Or, Out,
                SymExpr::binary(Op::Shl, Picked, SymExpr::constant(8 * Byte, U), U), U);
          }
          return SymExpr::cast(Out, T);
        }
      if (Wide && (Name == "__nv_brev" || Name == "__nv_brevll" ||
                   startsWith(Name, "llvm.bitreverse.")))
        return SymExpr::cast(bitReverse(X(), Bits), T);
      if (Wide && (Name == "__nv_popc" || Name == "__nv_popcll" ||
                   startsWith(Name, "llvm.ctpop.")))
        return SymExpr::cast(populationCount(X(), Bits), T);
      if (Wide && (Name == "__nv_clz" || Name == "__nv_clzll" ||
                   startsWith(Name, "llvm.ctlz.")))
        return SymExpr::cast(leadingZeros(X(), Bits), T);
      if (Wide && (Name == "__nv_ffs" || Name == "__nv_ffsll")) {
        // The lowest set bit's position from 1, 0 for zero.
        const IntType U{Bits, false};
        const SymRef Zero = SymExpr::constant(0, U);
        return SymExpr::cast(
            SymExpr::select(SymExpr::binary(Op::EQ, asUnsigned(X(), Bits), Zero, IntType{1, false}),
                            Zero,
                            SymExpr::binary(Op::Add, trailingZeros(X(), U),
                                            SymExpr::constant(1, U), U),
                            U),
            T);
      }
    }
    if (isDeclaredAtomic(*C))
      return atomicResult(C);
    // One lane's value handed to every lane of the warp: `__shfl_sync(m, v,
    // src)` over the whole warp (clamp 31, no segments) from a lane every
    // lane names alike, and AMD's readlane/readfirstlane. Not known, but
    // the same in every lane of the warp, which is all a bank conflict
    // needs (darknet's binary GEMM: `shfl(base, t) + 8 * lane`).
    if (broadcastsOneLane(*C))
      return unknown(C, nameOf(C, "a value"),
                     "it is one lane's value, handed to the whole warp by '" +
                         Name.str() + "'",
                     false, computedFromData(C));
    // __ldg/__ldcg before LLVM 20: an intrinsic that loads.
    if (startsWith(Name, "llvm.nvvm.ldg.global.") || startsWith(Name, "llvm.nvvm.ldu.global.")) {
      const bool Uniform = pointerIsUniform(C->getArgOperand(0));
      return unknown(C, nameOf(C, "a value loaded from memory"),
                     Uniform ? "it is loaded from memory"
                             : "it is loaded from memory at a per-lane address: "
                               "data-dependent",
                     !Uniform, /*FromData=*/true);
    }
    return unknown(C, nameOf(C, "a value"),
                   Callee ? "it is the result of '" + demangledName(Name) + "'"
                          : std::string("it is the result of an indirect call"),
                   true, computedFromData(C));
  }

  bool broadcastsOneLane(const CallBase &C) {
    const Function *Callee = C.getCalledFunction();
    if (!Callee)
      return false;
    const StringRef Name = Callee->getName();
    if (Name == "llvm.amdgcn.readfirstlane" || startsWith(Name, "llvm.amdgcn.readfirstlane.") ||
        Name == "llvm.amdgcn.readlane" || startsWith(Name, "llvm.amdgcn.readlane."))
      return true;
    if (!startsWith(Name, "llvm.nvvm.shfl.sync.idx.") || C.arg_size() != 4)
      return false;
    const auto *Clamp = dyn_cast<ConstantInt>(C.getArgOperand(3));
    return Clamp && Clamp->getZExtValue() == 0x1f && !isVarying(value(C.getArgOperand(2)));
  }

  /// `_Z6opaquei` -> `opaque`: the function as the source names it, with
  /// its scopes and template arguments but not its parameter types.
  static std::string demangledName(StringRef Name) {
    const std::string Mangled = Name.str(); // the demangler points into it
    llvm::ItaniumPartialDemangler D;
    if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
      return llvm::demangle(Mangled);
    char *Buf = D.getFunctionName(nullptr, nullptr);
    std::string Out = Buf ? Buf : llvm::demangle(Mangled);
    std::free(Buf);
    return Out;
  }

  /// cttz(X) from the operators the evaluator has: the lowest set bit
  /// (X & -X), whose index is made of one bit per mask it meets
  /// (0xAAAA... gives bit 0, 0xCCCC... bit 1, 0xF0F0... bit 2, ...).
  static SymRef trailingZeros(SymRef X, IntType T) {
    const IntType U{T.Bits, false};
    X = asUnsigned(X, T.Bits);
    const SymRef Lowest =
        SymExpr::binary(Op::And, X, SymExpr::unary(Op::Neg, X, U), U);
    static const uint64_t Masks[] = {0xAAAAAAAAAAAAAAAAull, 0xCCCCCCCCCCCCCCCCull,
                                     0xF0F0F0F0F0F0F0F0ull, 0xFF00FF00FF00FF00ull,
                                     0xFFFF0000FFFF0000ull, 0xFFFFFFFF00000000ull};
    SymRef Index = SymExpr::constant(0, U);
    for (unsigned Bit = 0; (1u << Bit) < T.Bits; ++Bit) {
      const uint64_t Mask = T.Bits >= 64 ? Masks[Bit] : Masks[Bit] & ((1ull << T.Bits) - 1);
      const SymRef Met = SymExpr::cast(
          SymExpr::binary(Op::NE,
                          SymExpr::binary(Op::And, Lowest,
                                          SymExpr::constant(static_cast<int64_t>(Mask), U), U),
                          SymExpr::constant(0, U), IntType{1, false}),
          U);
      Index = SymExpr::binary(
          Op::Or, Index,
          SymExpr::binary(Op::Shl, Met, SymExpr::constant(Bit, U), U), U);
    }
    return SymExpr::cast(
        SymExpr::select(SymExpr::binary(Op::EQ, X, SymExpr::constant(0, U), IntType{1, false}),
                        SymExpr::constant(T.Bits, U), Index, U),
        T);
  }

  /// Runs \p Step over fields of 1, 2, 4, ... bits of the \p Bits-bit
  /// value \p X: Step(X, field width, mask of every other field).
  template <typename StepFn>
  static SymRef overFields(SymRef X, unsigned Bits, StepFn Step) {
    const IntType U{Bits, false};
    static const uint64_t Masks[] = {0x5555555555555555ull, 0x3333333333333333ull,
                                     0x0F0F0F0F0F0F0F0Full, 0x00FF00FF00FF00FFull,
                                     0x0000FFFF0000FFFFull, 0x00000000FFFFFFFFull};
    X = asUnsigned(X, Bits);
    for (unsigned Level = 0; (1u << Level) < Bits; ++Level)
      X = Step(X, SymExpr::constant(int64_t(1) << Level, U),
               SymExpr::constant(static_cast<int64_t>(Masks[Level]), U), U);
    return X;
  }

  /// The \p Bits-bit value \p X with its bits in reverse order: swaps of
  /// ever larger halves.
  static SymRef bitReverse(SymRef X, unsigned Bits) {
    return overFields(X, Bits, [](SymRef V, SymRef Shift, SymRef Mask, IntType U) {
      return SymExpr::binary(
          Op::Or, SymExpr::binary(Op::And, SymExpr::binary(Op::Shr, V, Shift, U), Mask, U),
          SymExpr::binary(Op::Shl, SymExpr::binary(Op::And, V, Mask, U), Shift, U), U);
    });
  }

  /// The number of set bits of the \p Bits-bit value \p X: sums of ever
  /// larger fields.
  static SymRef populationCount(SymRef X, unsigned Bits) {
    return overFields(X, Bits, [](SymRef V, SymRef Shift, SymRef Mask, IntType U) {
      return SymExpr::binary(
          Op::Add, SymExpr::binary(Op::And, V, Mask, U),
          SymExpr::binary(Op::And, SymExpr::binary(Op::Shr, V, Shift, U), Mask, U), U);
    });
  }

  /// The number of zero bits above the highest set bit of the \p Bits-bit
  /// value \p X (\p Bits for zero): the powers of two above it. A sum, so
  /// that the expression grows with the width, not with its square.
  SymRef leadingZeros(SymRef X, unsigned Bits) {
    const IntType U{Bits, false};
    X = asUnsigned(X, Bits);
    SymRef Count = SymExpr::constant(0, U);
    for (unsigned K = 0; K < Bits; ++K)
      Count = SymExpr::binary(
          Op::Add, Count,
          SymExpr::cast(compare(CmpInst::ICMP_ULT, X,
                                SymExpr::constant(static_cast<int64_t>(uint64_t(1) << K), U),
                                Bits),
                        U),
          U);
    return Count;
  }

  /// Values loaded from memory: the block shape on AMD (dispatch packet or
  /// implicit arguments); otherwise uniform when every lane loads the same
  /// address of memory that lanes share, else data-dependent.
  SymRef load(const LoadInst *L) {
    APInt Off(DL.getIndexTypeSizeInBits(L->getPointerOperand()->getType()), 0);
    const Value *Base =
        L->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off, true);
    if (auto *C = dyn_cast<CallBase>(Base))
      if (const Function *Callee = C->getCalledFunction()) {
        const int64_t O = Off.getSExtValue();
        int Dim = -1;
        if (Callee->getName() == "llvm.amdgcn.dispatch.ptr" && O >= 4 && O <= 8)
          Dim = static_cast<int>((O - 4) / 2);
        if (Callee->getName() == "llvm.amdgcn.implicitarg.ptr" && O >= 12 && O <= 16)
          Dim = static_cast<int>((O - 12) / 2);
        if (Dim >= 0 && L->getType()->isIntegerTy(16))
          return SymExpr::cast(builtin(SymbolKind::BlockDim, "blockDim", Dim),
                               typeOf(L->getType()));
      }
    if (auto Table = tableLookup(L)) {
      const auto &[Index, Entries] = *Table;
      bool AllInts = !Entries.empty();
      for (const Constant *E : Entries)
        AllInts &= E && isa<ConstantInt>(E);
      if (AllInts)
        return selectChain(Index, Entries.size(), typeOf(L->getType()), [&](size_t I) {
          return value(Entries[I]);
        });
    }
    const Value *Obj = getUnderlyingObject(L->getPointerOperand());
    if (isa<AllocaInst>(Obj))
      return unknown(L, nameOf(L, "a value"),
                     "it is kept in a local array indexed at run time", true,
                     computedFromData(L));
    return loaded(L, L);
  }

  /// The old value an atomic operation returns: data.
  SymRef atomicResult(const Value *V) {
    std::string Name = "the value an atomic operation returns";
    if (const auto *C = dyn_cast<CallBase>(V))
      if (const Function *F = C->getCalledFunction(); F && !F->isIntrinsic()) {
        const std::string D = llvm::demangle(F->getName().str());
        Name = "the value `" + D.substr(0, D.find('(')) + "` returns";
      }
    return unknown(V, Name,
                   "the atomic operation read it from memory: data-dependent",
                   true, /*FromData=*/true);
  }

  /// \p V, read by \p L from memory lanes share: the same for every lane
  /// when they all read one address, else data-dependent.
  SymRef loaded(const Value *V, const LoadInst *L) {
    const PointerValue P = pointer(L->getPointerOperand());
    // A pointer into Base for some lanes only reads other memory for the
    // rest: the same for every lane only as pointerIsUniform says.
    const bool Uniform = P.Base && P.Only.empty() ? !isVarying(P.Offset)
                                                  : pointerIsUniform(L->getPointerOperand());
    // A member of a struct the kernel takes by value (NVPTX: a byval
    // argument) is a kernel argument, not data the program wrote.
    const Value *Obj = underlyingObject(L->getPointerOperand());
    if (const auto *A = dyn_cast<Argument>(Obj))
      if (A->hasByValAttr() || A->hasByRefAttr())
        return unknown(V, loadedName(L, P),
                       Uniform ? "it is a kernel argument"
                               : "it is a kernel argument indexed per lane",
                       !Uniform, /*FromData=*/false, SymbolOrigin::KernelArgument);
    // AMD's dispatch packet and implicit arguments: the launch's grid and
    // block, set by the runtime, not data the program wrote.
    if (const auto *C = dyn_cast<CallBase>(Obj))
      if (const Function *F = C->getCalledFunction())
        if (F->getName() == "llvm.amdgcn.dispatch.ptr" ||
            F->getName() == "llvm.amdgcn.implicitarg.ptr")
          return unknown(V, nameOf(V, "a value of the dispatch packet"),
                         "the runtime sets it at launch", !Uniform);
    // An address that differs only by threadIdx.y/z or the warp's index
    // (`roi[blockIdx.z * blockDim.z + threadIdx.z]` under a 16x16x1 block,
    // rpp's per-image tables): one address per warp where each warp covers
    // whole rows, which the evaluator checks against each block shape.
    std::vector<SymRef> Premises;
    if (!Uniform && P.Only.empty() &&
        (P.Base ? P.Offset && warpIndexOnly(P.Offset, Premises)
                : pointerIsUniform(L->getPointerOperand(), &Premises)) &&
        !Premises.empty()) {
      SymRef E = unknown(V, loadedName(L, P),
                         "it is loaded from memory at an address that is the same across "
                         "a warp only where each warp covers whole rows or slices of the block",
                         false, /*FromData=*/true);
      K.Symbols[E->Sym].UniformIf = Premises;
      return E;
    }
    return unknown(V, loadedName(L, P),
                   Uniform ? "it is loaded from memory"
                           : "it is loaded from memory at a per-lane address: "
                             "data-dependent",
                   !Uniform, /*FromData=*/true);
  }

  /// A loaded value in source terms: `in[...]` for an element of a kernel
  /// argument's buffer, `tile[...]` for one of a shared array, `p.n` for a
  /// member (clang names member addresses after the member).
  std::string loadedName(const LoadInst *L, const PointerValue &P) {
    const Value *Ptr = L->getPointerOperand();
    const Value *Obj = underlyingObject(Ptr);
    std::string Base;
    if (auto *A = dyn_cast<Argument>(Obj))
      Base = A->getArgNo() < ParamNames.size() && !ParamNames[A->getArgNo()].empty()
                 ? ParamNames[A->getArgNo()]
                 : sourceName(A);
    else if (P.Base)
      Base = variableName(P.Base);
    if (!Base.empty()) {
      const std::string Member = sourceName(Ptr);
      const bool IsMember = isa<GEPOperator>(Ptr) && !Member.empty() &&
                            !startsWith(Member, "arrayidx") &&
                            !startsWith(Member, "add") && Member != Base;
      return "`" + Base + (IsMember ? "." + Member : "[...]") + "`";
    }
    return nameOf(Ptr, "a value loaded from memory");
  }

  /// Whether a (non-shared) pointer is the same for every lane: built from
  /// kernel arguments, constants and uniform integers only. With \p
  /// Premises, also where its indices are the same in every lane of a warp
  /// provided the premises (warpIndexOnly) are, which go there.
  bool pointerIsUniform(const Value *P, std::vector<SymRef> *Premises = nullptr) {
    for (int Guard = 0; Guard < 64; ++Guard) {
      if (auto *A = dyn_cast<Argument>(P))
        return !isUncalledEntry(*A->getParent());
      if (isa<GlobalValue>(P) || isa<ConstantPointerNull>(P))
        return true;
      if (auto *G = dyn_cast<GEPOperator>(P)) {
        for (const Use &Idx : G->indices()) {
          const SymRef Index = value(Idx.get());
          if (isVarying(Index) && !(Premises && warpIndexOnly(Index, *Premises)))
            return false;
        }
        P = G->getPointerOperand();
        continue;
      }
      if (auto *O = dyn_cast<Operator>(P)) {
        if (O->getOpcode() == Instruction::AddrSpaceCast ||
            O->getOpcode() == Instruction::BitCast) {
          P = O->getOperand(0);
          continue;
        }
        // HIP's kernel arguments arrive as global pointers made generic
        // through integers (`inttoptr (ptrtoint %in.coerce)`).
        if (O->getOpcode() == Instruction::IntToPtr) {
          auto *I = dyn_cast<Operator>(O->getOperand(0));
          if (I && I->getOpcode() == Instruction::PtrToInt) {
            P = I->getOperand(0);
            continue;
          }
          return !isVarying(value(O->getOperand(0)));
        }
      }
      if (auto *L = dyn_cast<LoadInst>(P))
        return !isVarying(load(L));
      if (auto *C = dyn_cast<CallBase>(P))
        if (const Function *Callee = C->getCalledFunction())
          if (startsWith(Callee->getName(), "llvm.amdgcn.") &&
              endsWith(Callee->getName(), ".ptr"))
            return true;
      return false;
    }
    return false;
  }

  //===------------------------------------------------------------------===//
  // Phis: loops and merges
  //===------------------------------------------------------------------===//

  SymRef phi(const PHINode *P) {
    const Loop *L = LI.getLoopFor(P->getParent());
    if (L && L->getHeader() == P->getParent()) {
      buildLoop(L);
      auto It = Values.find(P);
      if (It != Values.end())
        return It->second;
      return unknown(P, nameOf(P, "a value"),
                     "it changes from one loop iteration to the next", true);
    }
    std::optional<std::pair<const Value *, const Value *>> Arms;
    const Value *Cond = nullptr;
    if (!mergeArms(P, Cond, Arms))
      return unknown(P, nameOf(P, "a value"),
                     "it is merged from several paths ldslint does not follow",
                     !uniformMerge(P), computedFromData(P));
    if (!Cond)
      return value(Arms->first);
    return SymExpr::select(value(Cond), value(Arms->first), value(Arms->second),
                           typeOf(P->getType()));
  }

  /// Whether \p V, which ldslint does not follow, is computed from data
  /// the program reads from memory (an element of a buffer or of shared
  /// memory, an atomic's old value): through its operands, what was
  /// stored into a local array it is read from, the arguments of a call,
  /// and for a merge the branches that choose its path (a merge sort's
  /// position `j = key < in[j] ? j + bump : j - bump`). Kernel arguments,
  /// the dispatch packet and constant tables are not data. Bounded: false
  /// past 2,048 values (a hash round's index is hundreds of operations away
  /// from its loads: ccminer's streebog needed more than 256).
  bool computedFromData(const Value *V) {
    auto Known = DataMemo.find(V);
    if (Known != DataMemo.end())
      return Known->second;
    const bool R = computedFromDataUncached(V);
    DataMemo[V] = R;
    return R;
  }
  bool computedFromDataUncached(const Value *V) {
    std::set<const Value *> Seen;
    std::vector<const Value *> Work{V};
    auto add = [&](const Value *W) {
      if (W && (isa<Instruction>(W) || isa<Argument>(W)) && Seen.insert(W).second)
        Work.push_back(W);
    };
    for (size_t I = 0; I < Work.size(); ++I) {
      if (I >= 2048)
        return false;
      const auto *In = dyn_cast<Instruction>(Work[I]);
      if (!In)
        continue; // an argument: a kernel argument is not data
      if (isa<AtomicRMWInst>(In) || isa<AtomicCmpXchgInst>(In))
        return true;
      if (const auto *L = dyn_cast<LoadInst>(In)) {
        const Value *Obj = underlyingObject(L->getPointerOperand());
        if (const auto *A = dyn_cast<Argument>(Obj)) {
          if (A->hasByValAttr() || A->hasByRefAttr())
            continue; // a member of a kernel argument
          return true;
        }
        if (const auto *C = dyn_cast<CallBase>(Obj))
          if (const Function *F = C->getCalledFunction())
            if (startsWith(F->getName(), "llvm.amdgcn.") && endsWith(F->getName(), ".ptr"))
              continue; // the dispatch packet, implicit arguments
        if (const auto *Local = dyn_cast<AllocaInst>(Obj)) {
          // A local slot: what was stored into it.
          SmallVector<const Value *, 8> Stored;
          storedInto(*Local, Stored, /*IntegersOnly=*/false);
          for (const Value *S : Stored)
            add(S);
          add(L->getPointerOperand());
          continue;
        }
        if (const auto *G = dyn_cast<GlobalVariable>(Obj))
          if (G->isConstant()) {
            add(L->getPointerOperand()); // a table: data when its index is
            continue;
          }
        return true;
      }
      if (const auto *C = dyn_cast<CallBase>(In)) {
        if (isDeclaredAtomic(*C))
          return true;
        if (const Function *F = C->getCalledFunction())
          if (startsWith(F->getName(), "llvm.nvvm.ldg.global.") ||
              startsWith(F->getName(), "llvm.nvvm.ldu.global.") ||
              startsWith(F->getName(), "llvm.masked.load."))
            return true; // a load (__ldg before LLVM 20)
        for (const Value *A : C->args())
          add(A);
        continue;
      }
      if (const auto *P = dyn_cast<PHINode>(In))
        for (const Value *Cond : choosingConditions(P))
          add(Cond);
      for (const Value *Op : In->operands())
        add(Op);
    }
    return false;
  }

  /// The conditions of the branches between \p P's merge and its immediate
  /// dominator that choose which of its values a lane gets: those whose two
  /// ways reach the merge with different values (not a test that only
  /// guards a store inside one arm). At most 64 blocks; none past that.
  std::vector<const Value *> choosingConditions(const PHINode *P) {
    std::vector<const Value *> Out;
    const BasicBlock *Merge = P->getParent();
    const DomTreeNode *Node = DT.getNode(Merge);
    if (!Node || !Node->getIDom())
      return Out;
    const BasicBlock *Top = Node->getIDom()->getBlock();
    // The values P gets along the ways from \p Start, inside the region.
    auto reached = [&](const BasicBlock *From, const BasicBlock *Start) {
      std::set<const Value *> Values;
      std::vector<std::pair<const BasicBlock *, const BasicBlock *>> Work{{From, Start}};
      std::set<const BasicBlock *> Seen;
      for (size_t I = 0; I < Work.size() && I < 64; ++I) {
        const auto [Pred, B] = Work[I];
        if (B == Merge) {
          const int Index = P->getBasicBlockIndex(Pred);
          if (Index >= 0)
            Values.insert(P->getIncomingValue(static_cast<unsigned>(Index)));
          continue;
        }
        if (B == Top || !DT.dominates(Top, B) || !Seen.insert(B).second)
          continue;
        for (const BasicBlock *S : successors(B))
          Work.push_back({B, S});
      }
      return Values;
    };
    std::vector<const BasicBlock *> Blocks(pred_begin(Merge), pred_end(Merge));
    std::set<const BasicBlock *> Seen(Blocks.begin(), Blocks.end());
    for (size_t I = 0; I < Blocks.size() && I < 64; ++I) {
      const BasicBlock *B = Blocks[I];
      if (const auto *Br = dyn_cast<BranchInst>(B->getTerminator()))
        if (Br->isConditional() &&
            reached(B, Br->getSuccessor(0)) != reached(B, Br->getSuccessor(1)))
          Out.push_back(Br->getCondition());
      if (B == Top)
        continue;
      for (const BasicBlock *Pred : predecessors(B))
        if (Seen.insert(Pred).second)
          Blocks.push_back(Pred);
    }
    return Out;
  }

  /// Whether every lane of a warp gets the same value from \p P: its
  /// incoming values are uniform, and so is every branch between the
  /// merge's immediate dominator and the merge (`if (e < n && e < m) ++e`
  /// with `e` loaded at a uniform address): all lanes take one path.
  bool uniformMerge(const PHINode *P) {
    std::map<const Value *, bool> Uneven;
    unsigned Budget = 512;
    for (const Value *V : P->incoming_values())
      if (isVarying(value(V)) || readAfterUnevenLoop(V, P->getParent(), Uneven, Budget))
        return false;
    const BasicBlock *Merge = P->getParent();
    const DomTreeNode *Node = DT.getNode(Merge);
    if (!Node || !Node->getIDom())
      return false;
    const BasicBlock *D = Node->getIDom()->getBlock();
    std::vector<const BasicBlock *> Work(pred_begin(Merge), pred_end(Merge));
    std::set<const BasicBlock *> Seen(Work.begin(), Work.end());
    for (size_t I = 0; I < Work.size(); ++I) {
      if (Work.size() > 256)
        return false;
      const BasicBlock *B = Work[I];
      const Instruction *T = B->getTerminator();
      // A branch whose lanes go different ways matters only where they
      // come back along different paths: not past its join (`if (lane ==
      // 0) store` between the merge's dominator and the merge).
      if (const auto *Br = dyn_cast<BranchInst>(T)) {
        if (Br->isConditional() && isVarying(value(Br->getCondition())) &&
            branchReaches(B, Merge, postDominators()))
          return false;
      } else if (const auto *Sw = dyn_cast<SwitchInst>(T)) {
        if (isVarying(value(Sw->getCondition())) && branchReaches(B, Merge, postDominators()))
          return false;
      } else {
        return false;
      }
      if (B == D)
        continue;
      for (const BasicBlock *Pred : predecessors(B))
        if (Seen.insert(Pred).second)
          Work.push_back(Pred);
    }
    return true;
  }

  /// A phi after an if/else: the branch condition that chose each incoming
  /// value. Cond is null when every incoming value is the same.
  bool mergeArms(const PHINode *P, const Value *&Cond,
                 std::optional<std::pair<const Value *, const Value *>> &Arms) {
    const Value *Same = P->getIncomingValue(0);
    bool AllSame = true;
    for (const Value *V : P->incoming_values())
      AllSame &= V == Same;
    if (AllSame) {
      Cond = nullptr;
      Arms = std::make_pair(Same, Same);
      return true;
    }
    const BasicBlock *Merge = P->getParent();
    const DomTreeNode *Node = DT.getNode(Merge);
    if (!Node || !Node->getIDom())
      return false;
    const BasicBlock *D = Node->getIDom()->getBlock();
    auto *Br = dyn_cast<BranchInst>(D->getTerminator());
    if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return false;
    const Value *TrueV = nullptr, *FalseV = nullptr;
    for (unsigned I = 0; I < P->getNumIncomingValues(); ++I) {
      const BasicBlock *In = P->getIncomingBlock(I);
      const Value *V = P->getIncomingValue(I);
      auto Reached = [&](unsigned S) {
        const BasicBlock *Succ = Br->getSuccessor(S);
        if (In == D)
          return Succ == Merge;
        return DT.dominates(BasicBlockEdge(D, Succ), In);
      };
      const Value *&Slot = Reached(0) ? TrueV : Reached(1) ? FalseV : Same;
      if (&Slot == &Same)
        return false;
      if (Slot && Slot != V)
        return false;
      Slot = V;
    }
    if (!TrueV || !FalseV)
      return false;
    Cond = Br->getCondition();
    Arms = std::make_pair(TrueV, FalseV);
    return true;
  }

  /// Whether \p A and \p B are the same test: one value, or comparisons of
  /// the same operands; and a test outside every loop, so that it has one
  /// value wherever it is read.
  bool sameTest(const Value *A, const Value *B) const {
    auto outsideLoops = [&](const Value *V) {
      const auto *I = dyn_cast<Instruction>(V);
      return !I || !LI.getLoopFor(I->getParent());
    };
    if (!outsideLoops(A) || !outsideLoops(B))
      return false;
    if (A == B)
      return true;
    const auto *CA = dyn_cast<ICmpInst>(A), *CB = dyn_cast<ICmpInst>(B);
    return CA && CB && CA->getPredicate() == CB->getPredicate() &&
           CA->getOperand(0) == CB->getOperand(0) && CA->getOperand(1) == CB->getOperand(1);
  }

  /// \p V as read in block \p At: where \p V merges two values by a test
  /// (`sV = jobz == 1 ? sA + n : NULL`) and \p At lies on one side of a
  /// branch on the same test (`if (jobz == 1)`, or clang's second `?:` on
  /// it), the value of that side. Otherwise \p V.
  const Value *armTakenAt(const Value *V, const BasicBlock *At) {
    const auto *Phi = dyn_cast<PHINode>(V);
    if (!Phi || (LI.getLoopFor(Phi->getParent()) &&
                 LI.getLoopFor(Phi->getParent())->getHeader() == Phi->getParent()))
      return V;
    const Value *Cond = nullptr;
    std::optional<std::pair<const Value *, const Value *>> Arms;
    if (!mergeArms(Phi, Cond, Arms) || !Cond)
      return V;
    for (const DomTreeNode *N = DT.getNode(At); N && N->getIDom(); N = N->getIDom()) {
      const BasicBlock *D = N->getIDom()->getBlock();
      const auto *Br = dyn_cast<BranchInst>(D->getTerminator());
      if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1) ||
          !sameTest(Br->getCondition(), Cond))
        continue;
      if (DT.dominates(BasicBlockEdge(D, Br->getSuccessor(0)), At))
        return Arms->first;
      if (DT.dominates(BasicBlockEdge(D, Br->getSuccessor(1)), At))
        return Arms->second;
    }
    return V;
  }

  /// The values a header phi takes: from outside the loop (Init) and from
  /// its latches (Next); null when they differ between predecessors.
  std::pair<const Value *, const Value *> initAndNext(const PHINode *P,
                                                      const Loop *L) {
    const Value *Init = nullptr, *Next = nullptr;
    bool InitOk = true, NextOk = true;
    for (unsigned I = 0; I < P->getNumIncomingValues(); ++I) {
      const Value *V = P->getIncomingValue(I);
      if (L->contains(P->getIncomingBlock(I))) {
        NextOk &= !Next || Next == V;
        Next = V;
      } else {
        InitOk &= !Init || Init == V;
        Init = V;
      }
    }
    return {InitOk ? Init : nullptr, NextOk ? Next : nullptr};
  }

  std::string loopText(const Loop *L) const {
    const Instruction *T = L->getHeader()->getTerminator();
    unsigned Line = lineOf(T);
    for (const Instruction &I : *L->getHeader())
      if (!Line)
        Line = lineOf(&I);
    return Line ? "the loop at line " + std::to_string(Line) : "a loop";
  }

  /// The condition under which a lane stays in \p L at the exiting branch
  /// \p Br.
  SymRef stayCondition(const BranchInst *Br, const Loop *L) {
    const bool StayOnTrue = L->contains(Br->getSuccessor(0));
    SymRef C = value(Br->getCondition());
    return StayOnTrue ? C : SymExpr::unary(Op::LNot, C, IntType{1, false});
  }

  /// The condition under which the switch \p SI goes to one of the blocks
  /// \p Goes accepts: its value equals one of the cases that go there, or,
  /// when the default goes there, differs from every case that does not.
  template <typename Pred>
  SymRef switchCondition(const SwitchInst *SI, Pred Goes) {
    const IntType Bool{1, false};
    const Value *V = SI->getCondition();
    const unsigned Bits = V->getType()->getIntegerBitWidth();
    const bool Default = Goes(SI->getDefaultDest());
    SymRef C;
    for (const auto &Case : SI->cases()) {
      if (Goes(Case.getCaseSuccessor()) == Default)
        continue;
      SymRef T = compare(Default ? CmpInst::ICMP_NE : CmpInst::ICMP_EQ,
                         value(V), value(Case.getCaseValue()), Bits);
      C = C ? SymExpr::binary(Default ? Op::LAnd : Op::LOr, C, T, Bool) : T;
    }
    return C ? C : SymExpr::constant(Default ? 1 : 0, Bool);
  }

  /// The condition under which a lane stays in \p L at the terminator of
  /// its header \p H: a conditional branch, or a switch (simplifycfg merges
  /// `i > 0` and `if (i != 2)` on a value known non-negative into `switch i
  /// [0: exit, 2: latch]`); null for anything else.
  SymRef headerTest(const BasicBlock *H, const Loop *L) {
    if (auto *Br = dyn_cast<BranchInst>(H->getTerminator()))
      return Br->isConditional() ? stayCondition(Br, L) : nullptr;
    if (auto *SI = dyn_cast<SwitchInst>(H->getTerminator()))
      return switchCondition(SI, [&](const BasicBlock *BB) { return L->contains(BB); });
    return nullptr;
  }

  /// A loop tested in its header that also has `break`s (`for (i = 0; i <
  /// 16; i++) { p = tid + 64 * i; if (p >= 992) break; ... s[p] ... }`):
  /// a lane leaves at the first test that sends it out, for good, which is
  /// what the evaluator does with a loop test. So the breaks join the
  /// header's test when that changes no shared access: each break is
  /// tested in every iteration that goes on (its block dominates the
  /// latch), and every shared access of the loop either comes after it (is
  /// dominated by it) or is itself conditional on staying (clang routes a
  /// `break` out of a scope with locals through a cleanup block at the end
  /// of the body: the accesses before it test the same condition).
  /// Otherwise null: the loop's bounds are not known.
  SymRef testWithBreaks(const Loop *L, const SmallVectorImpl<BasicBlock *> &Exiting) {
    const BasicBlock *H = L->getHeader(), *Latch = L->getLoopLatch();
    if (!Latch || Latch == H ||
        std::find(Exiting.begin(), Exiting.end(), H) == Exiting.end())
      return nullptr;
    SymRef Cond = headerTest(H, L);
    if (!Cond)
      return nullptr;
    std::vector<const BasicBlock *> Accessing;
    for (const BasicBlock *BB : L->blocks())
      for (const Instruction &I : *BB)
        if (!memoryOperations(I).empty()) {
          Accessing.push_back(BB);
          break;
        }
    auto Key = [](const SymRef &E) {
      return toString(*E, [](SymbolId Id) { return "s" + std::to_string(Id); });
    };
    for (const BasicBlock *E : Exiting) {
      if (E == H)
        continue;
      auto *Br = dyn_cast<BranchInst>(E->getTerminator());
      if (!Br || !Br->isConditional() || E == Latch || LI.getLoopFor(E) != L ||
          !DT.dominates(E, Latch))
        return nullptr;
      // A `return` or `goto` out of the enclosing loop too is not a break:
      // the lane would not come back in the next iteration of that loop.
      if (const Loop *Parent = L->getParentLoop())
        for (const BasicBlock *Succ : successors(E))
          if (!L->contains(Succ) && !Parent->contains(Succ))
            return nullptr;
      const SymRef Stay = stayCondition(Br, L);
      const std::string StayKey = Key(Stay);
      for (const BasicBlock *A : Accessing) {
        if (A != E && DT.dominates(E, A))
          continue;
        const std::vector<Condition> Conds = conditionsOf(A);
        if (std::none_of(Conds.begin(), Conds.end(), [&](const Condition &C) {
              return C.Expr && Key(C.Expr) == StayKey;
            }))
          return nullptr;
      }
      Cond = SymExpr::binary(Op::LAnd, Cond, Stay, IntType{1, false});
    }
    return Cond;
  }

  /// A range-for's loop (its variable is clang's `__begin` pointer, or
  /// the offset that replaced it): the element it reads through that
  /// variable (\p Begin), when the user named it and it is known from the
  /// variable alone (LoopModel::Element).
  void nameByElement(const Loop *L, const PHINode *Begin, LoopModel &M) {
    auto ReadsThroughBegin = [&](const LoadInst &Read) {
      const Value *P = Read.getPointerOperand();
      if (P == Begin)
        return true;
      const auto *G = dyn_cast<GetElementPtrInst>(P);
      return G && G->getNumIndices() == 1 && G->getOperand(1) == Begin;
    };
    for (const BasicBlock *B : L->blocks())
      for (const Instruction &I : *B) {
        const auto *Read = dyn_cast<LoadInst>(&I);
        if (!Read || !Read->getType()->isIntegerTy() || !ReadsThroughBegin(*Read))
          continue;
        const std::string Name = sourceName(Read);
        if (Name.empty())
          continue;
        const SymRef Element = value(Read);
        bool OnlyThePointer = static_cast<bool>(Element), Mentions = false;
        if (Element)
          forEachSymbol(*Element, [&](SymbolId Id) {
            OnlyThePointer &= Id == M.Var;
            Mentions = true;
          });
        if (!OnlyThePointer || !Mentions)
          continue;
        M.Element = Element;
        M.ElementName = Name;
        return;
      }
  }

  void buildLoop(const Loop *L) {
    if (LoopIds.count(L))
      return;
    LoopIds[L] = -1;
    const BasicBlock *H = L->getHeader();
    // The loop's slot is taken now: translating its parts may build other
    // loops, and its symbols name this index.
    const unsigned Index = static_cast<unsigned>(K.Loops.size());
    LoopOfIndex[Index] = L;
    K.Loops.emplace_back();
    K.Loops[Index].Enumerable = false;
    const std::string Text = loopText(L);

    // Every integer phi of the header and every shared-pointer phi becomes a
    // loop symbol first, so that the loop's own expressions can mention them.
    struct Var {
      const PHINode *Phi;
      SymbolId Sym;
      IntType Type;
      bool IsPointer;
      const GlobalVariable *Base;
    };
    std::vector<Var> Vars;
    for (const PHINode &P : H->phis()) {
      const auto [Init, Next] = initAndNext(&P, L);
      SymbolInfo S;
      S.Kind = SymbolKind::LoopVar;
      S.LoopIndex = Index;
      std::string N = sourceName(&P);
      if (P.getType()->isIntegerTy() && P.getType()->getIntegerBitWidth() <= 64) {
        S.Name = N.empty() ? "the variable of " + Text : N;
        const SymbolId Id = K.addSymbol(S);
        Values[&P] = SymExpr::symbol(Id, typeOf(P.getType()));
        Vars.push_back({&P, Id, typeOf(P.getType()), false, nullptr});
      } else if (P.getType()->isPointerTy() && Init) {
        const PointerValue IP = pointer(Init);
        if (!IP.Base || !IP.Only.empty())
          continue;
        S.Name = N.empty() ? "the pointer of " + Text : N;
        const SymbolId Id = K.addSymbol(S);
        PointerValue PV;
        PV.Base = IP.Base;
        PV.Shared = true;
        PV.Offset = SymExpr::symbol(Id, I64);
        Pointers[&P] = PV;
        Vars.push_back({&P, Id, I64, true, IP.Base});
      }
    }

    // Init, Next and the exit test of each.
    struct Built {
      SymRef Init, Next;
    };
    std::vector<Built> Parts;
    for (const Var &V : Vars) {
      const auto [Init, Next] = initAndNext(V.Phi, L);
      Built B;
      if (V.IsPointer) {
        if (Init)
          B.Init = pointer(Init).Offset;
        if (Next) {
          const PointerValue NP = pointer(Next);
          if (NP.Base == V.Base && NP.Only.empty())
            B.Next = NP.Offset;
        }
      } else {
        if (Init)
          B.Init = value(Init);
        if (Next)
          B.Next = value(Next);
      }
      if (isVarying(B.Init) || isVarying(B.Next))
        VaryingVars.insert(V.Sym);
      Parts.push_back(B);
    }
    SymRef Cond;
    bool TestAfterBody = false;
    SmallVector<BasicBlock *, 4> Exiting;
    exitingBlocks(*L, Exiting);
    if (Exiting.size() == 1) {
      const BasicBlock *E = Exiting[0];
      auto *Br = dyn_cast<BranchInst>(E->getTerminator());
      if (E == H && !Br) {
        Cond = headerTest(H, L);
        TestAfterBody = Cond && E == L->getLoopLatch();
      } else if (Br && Br->isConditional() &&
                 (E == H || (E == L->getLoopLatch()))) {
        Cond = stayCondition(Br, L);
        // A test in the latch runs after the body (also when the header is
        // the latch: a one-block loop is its own body).
        TestAfterBody = E == L->getLoopLatch();
      }
    } else {
      Cond = testWithBreaks(L, Exiting);
    }
    const bool ExitsInBody = Exiting.size() > 1 && Cond;
    // Every lane of an iteration reaches each exit and takes it or not
    // together (a block-uniform early exit): lanes stay in step.
    // Another loop's variable in a test may be its value after that loop,
    // which can differ between lanes when that loop's test does.
    bool UniformExits = !Exiting.empty() && L->getLoopLatch();
    auto readsOtherLoops = [&](const SymRef &Test) {
      bool Other = false;
      forEachSymbol(*Test, [&](SymbolId Id) {
        Other |= K.Symbols[Id].Kind == SymbolKind::LoopVar &&
                 std::none_of(Vars.begin(), Vars.end(),
                              [&](const Var &V) { return V.Sym == Id; });
      });
      return Other;
    };
    for (const BasicBlock *E : Exiting) {
      // A branch, or a switch: LLVM 15 leaves a `break` as a switch on
      // clang's cleanup slot, a phi of the paths that reach it.
      const Value *Decides = nullptr;
      if (const auto *Br = dyn_cast<BranchInst>(E->getTerminator()); Br && Br->isConditional())
        Decides = Br->getCondition();
      else if (const auto *Sw = dyn_cast<SwitchInst>(E->getTerminator()))
        Decides = Sw->getCondition();
      const SymRef Test = Decides ? value(Decides) : nullptr;
      if (!UniformExits || !Test || isVarying(Test) || readsOtherLoops(Test) ||
          LI.getLoopFor(E) != L || !DT.dominates(E, L->getLoopLatch()))
        UniformExits = false;
    }

    // The loop's variable: the one its test reads (else the first).
    int Primary = -1;
    for (size_t I = 0; I < Vars.size() && Cond; ++I)
      if (mentions(Cond, Vars[I].Sym) && Parts[I].Init && Parts[I].Next) {
        Primary = static_cast<int>(I);
        break;
      }
    if (Primary < 0)
      for (size_t I = 0; I < Vars.size(); ++I)
        if (Parts[I].Init && Parts[I].Next) {
          Primary = static_cast<int>(I);
          break;
        }
    if (Primary < 0) {
      for (const Var &V : Vars)
        Followers[V.Sym] = changing(V.Phi, Text);
      return;
    }
    const Var &PV = Vars[Primary];
    LoopModel M;
    M.Var = PV.Sym;
    M.VarType = PV.Type;
    M.Init = Parts[Primary].Init;
    M.Next = Parts[Primary].Next;
    M.Cond = Cond;
    M.Step = stepOf(M.Next, M.Var);
    oneTripStep(M);
    M.TestAfterBody = TestAfterBody;
    M.Enumerable = static_cast<bool>(Cond);
    M.UnrollDisabled = unrollDisabled(*L);
    M.ExitsInBody = ExitsInBody;
    M.UniformExits = UniformExits;
    M.Text = Text;
    K.Loops[Index] = M;
    LoopIds[L] = static_cast<int>(Index);
    if (startsWith(K.Symbols[PV.Sym].Name, "__begin"))
      nameByElement(L, PV.Phi, K.Loops[Index]);

    // The others follow the loop's variable when both step by constants:
    // Q = Q0 + (P - P0) / dP * dQ.
    SymRef PStep = M.Step ? stripCasts(M.Step) : nullptr;
    for (size_t I = 0; I < Vars.size(); ++I) {
      if (static_cast<int>(I) == Primary)
        continue;
      const Var &V = Vars[I];
      SymRef QStep = Parts[I].Next ? stepOf(Parts[I].Next, V.Sym) : nullptr;
      if (PStep && PStep->isConst() && PStep->Value != 0 && QStep &&
          stripCasts(QStep)->isConst() && Parts[I].Init) {
        SymRef Trip = SymExpr::binary(
            Op::Div,
            SymExpr::binary(Op::Sub, SymExpr::cast(SymExpr::symbol(M.Var, M.VarType), I64),
                            SymExpr::cast(M.Init, I64), I64),
            SymExpr::constant(PStep->Value, I64), I64);
        Followers[V.Sym] = SymExpr::cast(
            SymExpr::binary(Op::Add, SymExpr::cast(Parts[I].Init, I64),
                            SymExpr::binary(Op::Mul, Trip,
                                            SymExpr::constant(stripCasts(QStep)->Value, I64),
                                            I64),
                            I64),
            V.Type);
      } else if (Parts[I].Init && Parts[I].Next) {
        LoopCompanion C;
        C.Var = V.Sym;
        C.VarType = V.Type;
        C.Init = Parts[I].Init;
        C.Next = Parts[I].Next;
        K.Loops[Index].Companions.push_back(C);
      } else {
        Followers[V.Sym] = changing(V.Phi, Text);
      }
    }
  }

  SymRef changing(const PHINode *P, const std::string &Text) {
    const std::string N = sourceName(P);
    SymbolInfo S;
    S.Kind = SymbolKind::Unknown;
    S.Name = N.empty() ? "a value of " + Text : "`" + N + "`";
    S.Why = "it changes from one iteration of " + Text +
            " to the next in a way ldslint does not follow";
    // Per lane unless every step, and every branch that chooses one, is
    // the same for the lanes of a warp (a tree walk's stack depth).
    const UniformLoop &U = uniformLoop(LI.getLoopFor(P->getParent()));
    S.LaneVarying = !U.Phis.count(P);
    if (!S.LaneVarying)
      S.UniformIf = U.Witnesses;
    return SymExpr::symbol(K.addSymbol(S),
                           P->getType()->isPointerTy() ? I64 : typeOf(P->getType()));
  }

  const PostDominatorTree &postDominators() {
    if (!PDT)
      PDT = std::make_unique<PostDominatorTree>(const_cast<Function &>(F));
    return *PDT;
  }

  /// Whether \p E is the same in every lane of a warp when its premises
  /// are, which go to \p Premises: the warp's index (`threadIdx.x / 32`,
  /// `>> 5`, `& ~31`, also of the global index `blockIdx.x * 128 +
  /// threadIdx.x`: the same when each warp starts a multiple of 32 threads
  /// along x) and threadIdx.y/z (whole rows per warp). Everything else in
  /// \p E is uniform, or a loop's variable that starts at such a value and
  /// steps by a uniform amount (a grid-stride loop over warps: `for (task =
  /// global_warp; ...; task += warps)`). The evaluator checks the premises
  /// against each block shape (SymbolInfo::UniformIf); 32 because lanes are
  /// costed in groups of at most 32 on every target.
  bool warpIndexOnly(const SymRef &E, std::vector<SymRef> &Premises, unsigned Level = 0) const {
    if (Level > 64)
      return false;
    switch (E->K) {
    case SymExpr::Kind::Const:
      return true;
    case SymExpr::Kind::Symbol: {
      const SymbolInfo &S = K.Symbols[E->Sym];
      if (S.Kind == SymbolKind::ThreadIdx) {
        if (S.Dim > 0)
          Premises.push_back(E);
        return S.Dim > 0;
      }
      if (S.Kind == SymbolKind::LoopVar && VaryingVars.count(E->Sym) &&
          S.LoopIndex < K.Loops.size()) {
        // Only the variable of a loop around the one judged: each of its
        // iterations runs the judged loop with one value of it.
        const auto Of = LoopOfIndex.find(S.LoopIndex);
        if (!Judged || Of == LoopOfIndex.end() || !Of->second->contains(Judged))
          return false;
        const LoopModel &M = K.Loops[S.LoopIndex];
        return M.Var == E->Sym && M.Init && M.Step && !isVarying(M.Step) &&
               warpIndexOnly(M.Init, Premises, Level + 1);
      }
      return !isVarying(E);
    }
    case SymExpr::Kind::Binary: {
      // The global thread index divides like threadIdx.x (floor division:
      // not a signed one).
      SymRef X = E->Opcode == Op::Div && E->Type.Signed
                     ? E->A
                     : withoutUniformMultiples(E->A, 32, [&](const SymRef &U) {
                         return !isVarying(U);
                       });
      X = X ? stripCasts(X) : SymExpr::constant(0);
      const bool OfTidX = X->K == SymExpr::Kind::Const ||
                          (X->K == SymExpr::Kind::Symbol &&
                           K.Symbols[X->Sym].Kind == SymbolKind::ThreadIdx &&
                           K.Symbols[X->Sym].Dim == 0);
      const SymRef By = stripCasts(E->B);
      if (OfTidX && By->isConst()) {
        const int64_t C = By->Value;
        if ((E->Opcode == Op::Div && C > 0 && C % 32 == 0) ||
            (E->Opcode == Op::Shr && C >= 5 && C < 32) ||
            (E->Opcode == Op::And && (C & 31) == 0)) {
          Premises.push_back(E);
          return true;
        }
      }
      return warpIndexOnly(E->A, Premises, Level + 1) &&
             warpIndexOnly(E->B, Premises, Level + 1);
    }
    case SymExpr::Kind::Unary:
      return warpIndexOnly(E->A, Premises, Level + 1);
    case SymExpr::Kind::Ternary:
      return warpIndexOnly(E->A, Premises, Level + 1) &&
             warpIndexOnly(E->B, Premises, Level + 1) &&
             warpIndexOnly(E->C, Premises, Level + 1);
    }
    return false;
  }

  /// Whether \p V, from outside a loop LoopUniformity looks at, may differ
  /// between the lanes of a warp. What is the same only when each warp
  /// starts a multiple of 32 threads along x adds its premises to \p
  /// Witnesses. Beyond what value() says, a value read from shared or
  /// global memory at a warp-uniform address is warp-uniform, and so is
  /// arithmetic on such values (a tree's first node, read at the warp's
  /// task).
  bool outsideVarying(const Value *V, std::vector<SymRef> &Witnesses,
                      std::map<const Value *, bool> &Memo, unsigned Depth) {
    if (isa<Constant>(V) && !isa<ConstantExpr>(V))
      return false;
    auto Known = Memo.find(V);
    if (Known != Memo.end())
      return Known->second;
    if (Depth > 48)
      return true;
    auto varies = [&](const Value *W) { return outsideVarying(W, Witnesses, Memo, Depth + 1); };
    unsigned Budget = 512;
    std::map<const Value *, bool> Uneven;
    if (Judged && readAfterUnevenLoop(V, Judged->getHeader(), Uneven, Budget)) {
      Memo[V] = true;
      return true;
    }
    bool R = true;
    if (auto *G = dyn_cast<GEPOperator>(V)) {
      R = varies(G->getPointerOperand());
      for (const Use &Idx : G->indices())
        R = R || varies(Idx.get());
    } else if (auto *O = dyn_cast<Operator>(V);
               O && (O->getOpcode() == Instruction::AddrSpaceCast ||
                     O->getOpcode() == Instruction::BitCast)) {
      R = varies(O->getOperand(0));
    } else if (V->getType()->isPointerTy() && !isa<LoadInst>(V)) {
      R = !pointerIsUniform(V);
    } else {
      std::vector<SymRef> Premises;
      const bool Integer =
          V->getType()->isIntegerTy() && V->getType()->getIntegerBitWidth() <= 64;
      const SymRef E = Integer ? value(V) : nullptr;
      if (E && (!isVarying(E) || warpIndexOnly(E, Premises))) {
        Witnesses.insert(Witnesses.end(), Premises.begin(), Premises.end());
        R = false;
      } else if (auto *Ld = dyn_cast<LoadInst>(V)) {
        R = !Ld->isSimple() || Ld->getPointerAddressSpace() == 5 ||
            isa<AllocaInst>(getUnderlyingObject(Ld->getPointerOperand())) ||
            varies(Ld->getPointerOperand());
      } else if (isa<CastInst>(V) || isa<BinaryOperator>(V) || isa<CmpInst>(V) ||
                 isa<SelectInst>(V) || isa<FreezeInst>(V)) {
        R = false;
        for (const Use &Op : cast<Instruction>(V)->operands())
          R = R || varies(Op.get());
      }
    }
    Memo[V] = R;
    return R;
  }

  /// Whether a loop's lanes leave it together: every exit test is the same
  /// in every lane (LoopModel::UniformExits).
  bool exitsInStep(const Loop *L) {
    buildLoop(L);
    const auto It = LoopIds.find(L);
    return It != LoopIds.end() && It->second >= 0 &&
           K.Loops[static_cast<unsigned>(It->second)].UniformExits;
  }

  /// Whether \p V, read at \p At, is computed from a value of a loop that
  /// does not contain \p At and that lanes may leave at different
  /// iterations (`while (g[i] != lane) i++;` then `depth = i + 1`): each
  /// lane then holds the value of its own last iteration. True past the
  /// budget.
  bool readAfterUnevenLoop(const Value *V, const BasicBlock *At,
                           std::map<const Value *, bool> &Memo, unsigned &Budget) {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return false;
    const auto Known = Memo.find(V);
    if (Known != Memo.end())
      return Known->second;
    if (Budget == 0)
      return true;
    --Budget;
    Memo[V] = false; // a cycle back here adds nothing
    bool R = false;
    for (const Loop *Of = LI.getLoopFor(I->getParent()); Of && !Of->contains(At) && !R;
         Of = Of->getParentLoop())
      R = !exitsInStep(Of);
    for (const Use &Op : I->operands())
      R = R || readAfterUnevenLoop(Op.get(), At, Memo, Budget);
    Memo[V] = R;
    return R;
  }

  const UniformLoop &uniformLoop(const Loop *L) {
    auto It = UniformLoops.find(L);
    if (It != UniformLoops.end())
      return It->second;
    UniformLoop U;
    if (L) {
      std::vector<SymRef> Witnesses;
      std::map<const Value *, bool> Memo;
      auto Varying = [&](const Value *V) { return outsideVarying(V, Witnesses, Memo, 0); };
      const Loop *Outer = Judged;
      Judged = L;
      U.Phis = uniformHeaderPhis(*L, LI, postDominators(), Varying);
      Judged = Outer;
      if (!U.Phis.empty())
        U.Witnesses = std::move(Witnesses);
    }
    return UniformLoops.emplace(L, std::move(U)).first->second;
  }

  void applyFollowers() {
    if (Followers.empty())
      return;
    auto Replace = [&](SymbolId Id) -> SymRef {
      auto It = Followers.find(Id);
      return It == Followers.end() ? nullptr : It->second;
    };
    auto Apply = [&](SymRef &E) {
      for (int Round = 0; E && Round < 8; ++Round) {
        bool Any = false;
        forEachSymbol(*E, [&](SymbolId Id) { Any |= Followers.count(Id) > 0; });
        if (!Any)
          return;
        E = substitute(E, Replace);
      }
    };
    for (IrAccess &A : Out.Accesses) {
      Apply(A.Model.Address);
      for (Condition &C : A.Model.Conditions)
        Apply(C.Expr);
    }
    for (LoopModel &L : K.Loops) {
      for (SymRef *E : {&L.Init, &L.Cond, &L.Next, &L.Step})
        Apply(*E);
      for (LoopCompanion &C : L.Companions) {
        Apply(C.Init);
        Apply(C.Next);
      }
    }
  }

  //===------------------------------------------------------------------===//
  // Pointers
  //===------------------------------------------------------------------===//

  PointerValue pointer(const Value *P) {
    auto It = Pointers.find(P);
    if (It != Pointers.end())
      return It->second;
    buildEnclosingLoops(P);
    It = Pointers.find(P);
    if (It != Pointers.end())
      return It->second;
    if (InProgress.count(P) || Depth > 400) {
      PointerValue R;
      R.Shared = isSharedAddressSpace(P->getType()->getPointerAddressSpace());
      R.Why = "the pointer is computed in a cycle ldslint does not follow";
      return R;
    }
    InProgress.insert(P);
    ++Depth;
    PointerValue R = pointerUncached(P);
    --Depth;
    InProgress.erase(P);
    Pointers[P] = R;
    return R;
  }

  PointerValue notPlaced(const Value *P, std::string Why) {
    PointerValue R;
    R.Shared = isSharedAddressSpace(P->getType()->getPointerAddressSpace());
    R.Why = std::move(Why);
    return R;
  }

  /// \p Base plus the bytes \p G adds; null for vector indices.
  SymRef gepOffset(const GEPOperator *G, SymRef Off) {
    for (gep_type_iterator GTI = gep_type_begin(G), E = gep_type_end(G);
         GTI != E; ++GTI) {
      const Value *Idx = GTI.getOperand();
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        const unsigned Field =
            static_cast<unsigned>(llvm::cast<ConstantInt>(Idx)->getZExtValue());
        const int64_t FO = static_cast<int64_t>(
            DL.getStructLayout(ST)->getElementOffset(Field));
        if (FO)
          Off = SymExpr::binary(Op::Add, Off, SymExpr::constant(FO, I64), I64);
        continue;
      }
      const int64_t Size = static_cast<int64_t>(
          DL.getTypeAllocSize(GTI.getIndexedType()).getFixedValue());
      if (auto *CI = dyn_cast<ConstantInt>(Idx)) {
        if (!CI->isZero())
          Off = SymExpr::binary(Op::Add, Off,
                                SymExpr::constant(CI->getSExtValue() * Size, I64), I64);
        continue;
      }
      if (!Idx->getType()->isIntegerTy())
        return nullptr;
      const unsigned Bits = std::min(Idx->getType()->getIntegerBitWidth(), 64u);
      SymRef IdxE = SymExpr::cast(SymExpr::cast(value(Idx), IntType{Bits, true}), I64);
      Off = SymExpr::binary(
          Op::Add, Off,
          Size == 1 ? IdxE
                    : SymExpr::binary(Op::Mul, IdxE, SymExpr::constant(Size, I64), I64),
          I64);
    }
    return Off;
  }

  /// What \p V addresses before its GEPs and pointer casts, with the GEPs
  /// from that base outwards in \p Geps (when given).
  static const Value *baseOf(const Value *V, std::vector<const GEPOperator *> *Geps = nullptr) {
    for (unsigned Depth = 0; Depth < 64; ++Depth) {
      if (auto *G = dyn_cast<GEPOperator>(V)) {
        if (Geps)
          Geps->insert(Geps->begin(), G);
        V = G->getPointerOperand();
      } else if (auto *O = dyn_cast<Operator>(V);
                 O && (O->getOpcode() == Instruction::AddrSpaceCast ||
                       O->getOpcode() == Instruction::BitCast)) {
        V = O->getOperand(0);
      } else {
        break;
      }
    }
    return V;
  }

  /// A load from a small constant table (`const int off[4] = {...}`, an
  /// array of pointers clang turned into a constant): the entries and the
  /// index of the entry read, or nothing.
  std::optional<std::pair<SymRef, std::vector<const Constant *>>>
  tableLookup(const LoadInst *L) {
    SymRef Off = SymExpr::constant(0, I64);
    std::vector<const GEPOperator *> Geps;
    const Value *P = baseOf(L->getPointerOperand(), &Geps);
    if (Geps.empty())
      return std::nullopt;
    // The entries: a small constant table, or a local array of constants.
    std::vector<const Constant *> Entries;
    if (auto *A = dyn_cast<AllocaInst>(P)) {
      std::optional<std::vector<const Constant *>> Stored = storedConstants(A, L);
      if (!Stored)
        return std::nullopt;
      Entries = std::move(*Stored);
    } else {
      auto *GV = dyn_cast<GlobalVariable>(P);
      if (!GV || !GV->isConstant() || !GV->hasDefinitiveInitializer())
        return std::nullopt;
      const Constant *Init = GV->getInitializer();
      auto *ArrTy = dyn_cast<ArrayType>(Init->getType());
      if (!ArrTy || ArrTy->getElementType() != L->getType() ||
          ArrTy->getNumElements() > 64)
        return std::nullopt;
      for (unsigned I = 0; I < ArrTy->getNumElements(); ++I)
        Entries.push_back(Init->getAggregateElement(I));
    }
    for (const GEPOperator *G : Geps) {
      Off = gepOffset(G, Off);
      if (!Off)
        return std::nullopt;
    }
    const int64_t Size = static_cast<int64_t>(
        DL.getTypeAllocSize(L->getType()).getFixedValue());
    SymRef Index = SymExpr::binary(Op::Div, Off, SymExpr::constant(Size, I64), I64);
    return std::make_pair(Index, Entries);
  }

  /// The entries of a small local array that holds constants: every write
  /// to \p A is a store of a constant of \p L's type at a constant offset,
  /// made before \p L on every path (it dominates \p L), one value per
  /// entry, and the array's address goes nowhere else. A range-for over a
  /// braced list (`for (int s : {32, 16, 8, 4})`) walks such an array by
  /// byte offset. Nothing when any of that does not hold.
  std::optional<std::vector<const Constant *>> storedConstants(const AllocaInst *A,
                                                               const LoadInst *L) {
    const int64_t Size =
        static_cast<int64_t>(DL.getTypeAllocSize(L->getType()).getFixedValue());
    const auto *Count = dyn_cast<ConstantInt>(A->getArraySize());
    const TypeSize Each = DL.getTypeAllocSize(A->getAllocatedType());
    if (Size <= 0 || !Count || Each.isScalable())
      return std::nullopt;
    const uint64_t Bytes = Each.getFixedValue() * Count->getZExtValue();
    if (Bytes % static_cast<uint64_t>(Size) != 0 || Bytes / static_cast<uint64_t>(Size) > 64)
      return std::nullopt;
    std::vector<const Constant *> Entries(Bytes / Size, nullptr);
    // (pointer, its constant byte offset from A, or none past a variable GEP)
    std::vector<std::pair<const Value *, std::optional<int64_t>>> Work{{A, 0}};
    for (size_t I = 0; I < Work.size(); ++I) {
      if (I > 256)
        return std::nullopt;
      const auto [Ptr, Offset] = Work[I];
      for (const User *U : Ptr->users()) {
        if (auto *G = dyn_cast<GetElementPtrInst>(U)) {
          APInt Delta(DL.getIndexTypeSizeInBits(G->getType()), 0);
          std::optional<int64_t> Next;
          if (Offset && G->accumulateConstantOffset(DL, Delta))
            Next = *Offset + Delta.getSExtValue();
          Work.emplace_back(G, Next);
        } else if (isa<BitCastInst>(U) || isa<AddrSpaceCastInst>(U)) {
          Work.emplace_back(U, Offset);
        } else if (isa<LoadInst>(U)) {
          continue;
        } else if (auto *St = dyn_cast<StoreInst>(U)) {
          auto *C = dyn_cast<Constant>(St->getValueOperand());
          if (St->getPointerOperand() != Ptr || !C || !Offset || *Offset % Size != 0 ||
              *Offset < 0 || !DT.dominates(St, L))
            return std::nullopt;
          // One entry, or several stored at once (LLVM 15 makes the four
          // stores of a braced list one `store <4 x i32>`).
          std::vector<const Constant *> Parts{C};
          if (C->getType() != L->getType()) {
            Type *Elem = nullptr;
            uint64_t N = 0;
            if (auto *VT = dyn_cast<FixedVectorType>(C->getType()))
              Elem = VT->getElementType(), N = VT->getNumElements();
            else if (auto *AT = dyn_cast<ArrayType>(C->getType()))
              Elem = AT->getElementType(), N = AT->getNumElements();
            if (Elem != L->getType() || N == 0 || N > Entries.size())
              return std::nullopt;
            Parts.clear();
            for (unsigned K = 0; K < N; ++K)
              Parts.push_back(C->getAggregateElement(K));
          }
          for (size_t K = 0; K < Parts.size(); ++K) {
            const uint64_t Slot = uint64_t(*Offset / Size) + K;
            if (!Parts[K] || Slot >= Entries.size())
              return std::nullopt;
            const Constant *&E = Entries[Slot];
            if (E && E != Parts[K])
              return std::nullopt;
            E = Parts[K];
          }
        } else if (auto *II = dyn_cast<IntrinsicInst>(U);
                   II && II->isLifetimeStartOrEnd()) {
          continue;
        } else {
          return std::nullopt; // a call, a copy, the address stored or compared
        }
      }
    }
    for (const Constant *E : Entries)
      if (!E)
        return std::nullopt;
    return Entries;
  }

  /// `Index == 0 ? E0 : Index == 1 ? E1 : ...`, from the last entry up.
  template <typename EntryFn>
  SymRef selectChain(const SymRef &Index, size_t Count, const IntType &T,
                     EntryFn Entry) {
    SymRef R = Entry(Count - 1);
    for (size_t I = Count - 1; I-- > 0;)
      R = SymExpr::select(
          SymExpr::binary(Op::EQ, Index, SymExpr::constant(static_cast<int64_t>(I), I64),
                          IntType{1, false}),
          Entry(I), R, T);
    return R;
  }

  PointerValue pointerUncached(const Value *P) {
    if (auto *GV = dyn_cast<GlobalVariable>(P)) {
      PointerValue R;
      if (isSharedAddressSpace(GV->getAddressSpace())) {
        R.Base = GV;
        R.Shared = true;
        R.Offset = SymExpr::constant(0, I64);
      }
      return R;
    }
    if (auto *G = dyn_cast<GEPOperator>(P)) {
      const Value *Base = G->getPointerOperand();
      if (const auto *At = dyn_cast<Instruction>(G))
        Base = armTakenAt(Base, At->getParent());
      PointerValue R = pointer(Base);
      if (!R.Base)
        return R;
      R.Offset = gepOffset(G, R.Offset);
      if (!R.Offset)
        return notPlaced(P, "the address is a vector of addresses");
      return R;
    }
    if (auto *O = dyn_cast<Operator>(P))
      if (O->getOpcode() == Instruction::AddrSpaceCast ||
          O->getOpcode() == Instruction::BitCast)
        return pointer(O->getOperand(0));
    if (auto *Phi = dyn_cast<PHINode>(P)) {
      const Loop *L = LI.getLoopFor(Phi->getParent());
      if (L && L->getHeader() == Phi->getParent()) {
        buildLoop(L);
        auto It = Pointers.find(Phi);
        if (It != Pointers.end())
          return It->second;
        // A shared access still, when one of the places it moves between
        // is a shared variable (bitsandbytes' quantize_2D reads a local
        // table in the first iteration, shared memory in the others, through
        // one load at the loop's head): unknown, not silent.
        PointerValue R = notPlaced(P, "the pointer moves from one loop iteration to the "
                                      "next in a way ldslint does not follow");
        std::vector<Choice> Choices;
        SmallPtrSet<const Value *, 16> Seen;
        choices(Phi, Choices, 0, &Seen);
        for (const Choice &C : Choices)
          R.Shared |= C.first != nullptr;
        return R;
      }
      const Value *Cond = nullptr;
      std::optional<std::pair<const Value *, const Value *>> Arms;
      if (!mergeArms(Phi, Cond, Arms))
        return mergedUnplaced(Phi);
      if (!Cond)
        return pointer(Arms->first);
      return selectPointers(P, value(Cond), Arms->first, Arms->second);
    }
    if (auto *S = dyn_cast<SelectInst>(P))
      return selectPointers(P, value(S->getCondition()), S->getTrueValue(),
                            S->getFalseValue());
    if (auto *L = dyn_cast<LoadInst>(P))
      return loadedPointer(L);
    // A shared-window address made in inline assembly keeps the offsets of
    // the pointer it converts (only inline assembly can use it).
    if (const Value *Converted = convertedSharedPointer(P)) {
      PointerValue R = pointer(Converted);
      R.WindowAddress = true;
      return R;
    }
    if (isa<CallBase>(P))
      return notPlaced(P, "the pointer is returned by a call ldslint does not follow");
    if (const auto *I2P = dyn_cast<IntToPtrInst>(P)) {
      PointerValue R = notPlaced(P, "the pointer is made from an integer");
      const unsigned AS = I2P->getType()->getPointerAddressSpace();
      if (const GlobalVariable *G = AS == 0 || isSharedAddressSpace(AS)
                                        ? sharedBehindInteger(I2P->getOperand(0))
                                        : nullptr) {
        R.Shared = true;
        R.Why += " (the address of '" + variableName(G) + "', kept as an integer)";
      }
      return R;
    }
    return notPlaced(P, "the pointer is not understood");
  }

  /// A pointer kept in a local array (`T *p[2] = {a, b}; p[k][i]`): shared
  /// when every pointer stored into that array is.
  PointerValue loadedPointer(const LoadInst *L) {
    if (auto Table = tableLookup(L)) {
      const auto &[Index, Entries] = *Table;
      std::vector<PointerValue> Ps;
      bool SameBase = !Entries.empty(), AnyShared = false;
      for (const Constant *E : Entries) {
        Ps.push_back(E ? pointer(E) : PointerValue());
        SameBase &= Ps.back().Base && Ps.back().Base == Ps.front().Base;
        AnyShared |= Ps.back().Shared;
      }
      if (SameBase) {
        PointerValue R = Ps.front();
        R.Offset = selectChain(Index, Ps.size(), I64,
                               [&](size_t I) { return Ps[I].Offset; });
        return R;
      }
      if (AnyShared) {
        PointerValue R;
        R.Shared = true;
        R.Why = "the pointer is one of several shared variables, chosen at run time";
        return R;
      }
    }
    const Value *Obj = getUnderlyingObject(L->getPointerOperand());
    bool AnyStore = false, AllShared = true;
    if (const auto *A = dyn_cast<AllocaInst>(Obj)) {
      // Only the stores into the part of the object the load reads from
      // count: an iterator object keeps its shared pointers in one member
      // array and global ones in others (CUTLASS's `pointer_[i]`). Where
      // something else may write the object (a copy into it, a call), every
      // pointer stored anywhere in it counts, as before.
      const auto Read = slotOf(A, L->getPointerOperand(), L->getType());
      std::vector<std::pair<const StoreInst *, std::pair<uint64_t, uint64_t>>> Stores;
      bool OtherWriters = false;
      std::vector<const Value *> Work{Obj};
      for (size_t I = 0; I < Work.size() && I < 256; ++I)
        for (const User *U : Work[I]->users()) {
          if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) || isa<AddrSpaceCastInst>(U))
            Work.push_back(U);
          else if (auto *St = dyn_cast<StoreInst>(U)) {
            if (St->getPointerOperand() != Work[I])
              AllShared = false; // the array's address escapes
            else if (St->getValueOperand()->getType()->isPointerTy())
              Stores.push_back({St, slotOf(A, Work[I], St->getValueOperand()->getType())});
            else // an integer or a vector written over the part read may hold a pointer
              OtherWriters |=
                  overlaps(Read, slotOf(A, Work[I], St->getValueOperand()->getType()));
          } else if (const auto *II = dyn_cast<IntrinsicInst>(U);
                     !isa<LoadInst>(U) && !(II && II->isLifetimeStartOrEnd())) {
            // A copy or a fill into the object writes its bytes: only one
            // into the part read counts. A copy out of it reads. Anything
            // else (a call, a select, ptrtoint) may write any part.
            const auto *MI = dyn_cast<MemIntrinsic>(U);
            if (!MI) {
              OtherWriters = true;
              // A call that may write through its argument (a function of
              // another file) may store a global pointer there: nothing
              // seen then tells what the object holds.
              if (isa<CallBase>(U) && mayWriteThrough(U, Work[I]))
                AllShared = false;
            } else if (MI->getRawDest() == Work[I]) {
              const auto *Len = dyn_cast<ConstantInt>(MI->getLength());
              const auto At = slotOf(A, Work[I], Type::getInt8Ty(A->getContext()));
              OtherWriters |= !Len || overlaps(Read, {At.first, At.first + Len->getZExtValue()});
            }
          }
        }
      for (const auto &[St, Slot] : Stores)
        // A null pointer stored there (a constructor's `pointer_(nullptr)`,
        // CUTLASS's TensorRef, before the real one) is never dereferenced:
        // where the load's value is used as an address, it is another one.
        // Not where something else may write the object too (a copy of
        // another object into it): what that brings is not seen.
        if (OtherWriters || (!isa<ConstantPointerNull>(St->getValueOperand()) &&
                             overlaps(Read, Slot) &&
                             !movedWithin(A, Read, St->getValueOperand()))) {
          AnyStore = true;
          AllShared &= pointer(St->getValueOperand()).Shared;
        }
    }
    if (AnyStore && AllShared) {
      PointerValue R;
      R.Shared = true;
      R.Why = "the pointer is taken from a local array of pointers at run time";
      return R;
    }
    return notPlaced(L, "the pointer is loaded from memory");
  }

  /// Bytes [first, second) of the object \p A that an access of \p T at
  /// \p Ptr can touch: the bytes of \p T at a constant offset; past an
  /// index that varies, the outermost array of \p A's type around the
  /// offset where the indexing starts whose elements are the index's step
  /// (C++ keeps an index within its array); all of \p A otherwise.
  std::pair<uint64_t, uint64_t> slotOf(const AllocaInst *A, const Value *Ptr,
                                       Type *T = nullptr) {
    const uint64_t All = DL.getTypeAllocSize(A->getAllocatedType()).getKnownMinValue();
    const std::pair<uint64_t, uint64_t> Whole{0, All};
    // Walk from Ptr to A: the constant offset, and where a varying index
    // first moves it (the offset of that GEP's base).
    std::vector<const GEPOperator *> Chain; // from A outwards
    if (baseOf(Ptr, &Chain) != A)
      return Whole;
    int64_t Offset = 0;
    for (auto It = Chain.begin(); It != Chain.end(); ++It) {
      APInt Delta(DL.getIndexTypeSizeInBits((*It)->getType()), 0);
      if ((*It)->accumulateConstantOffset(DL, Delta)) {
        Offset += Delta.getSExtValue();
        continue;
      }
      // The constant indices up to the first varying one, and the size of
      // what that one steps over.
      for (gep_type_iterator GTI = gep_type_begin(*It), E = gep_type_end(*It); GTI != E;
           ++GTI) {
        const auto *CI = dyn_cast<ConstantInt>(GTI.getOperand());
        if (StructType *ST = GTI.getStructTypeOrNull()) {
          if (!CI)
            return Whole;
          Offset += DL.getStructLayout(ST)->getElementOffset(
              static_cast<unsigned>(CI->getZExtValue()));
          continue;
        }
        const uint64_t Step = DL.getTypeAllocSize(GTI.getIndexedType()).getKnownMinValue();
        if (CI) {
          Offset += CI->getSExtValue() * static_cast<int64_t>(Step);
          continue;
        }
        if (Offset < 0 || uint64_t(Offset) >= All)
          return Whole;
        return outermostArray(A->getAllocatedType(), uint64_t(Offset), Step).value_or(Whole);
      }
      return Whole;
    }
    if (!T)
      return Whole;
    const uint64_t Size = DL.getTypeStoreSize(T).getKnownMinValue();
    if (Offset < 0 || uint64_t(Offset) + Size > All)
      return Whole;
    return {uint64_t(Offset), uint64_t(Offset) + Size};
  }

  /// The bytes of the outermost array within \p T that holds byte \p At,
  /// when an array there has elements of \p Step bytes (what an index of
  /// that step walks: a flat index may cross the inner arrays).
  std::optional<std::pair<uint64_t, uint64_t>> outermostArray(Type *T, uint64_t At,
                                                              uint64_t Step) {
    std::optional<std::pair<uint64_t, uint64_t>> Outer;
    bool Matches = false;
    uint64_t Start = 0;
    for (unsigned Depth = 0; Depth < 16; ++Depth) {
      if (auto *ST = dyn_cast<StructType>(T)) {
        if (ST->isOpaque())
          break;
        const StructLayout *SL = DL.getStructLayout(ST);
        if (At - Start >= SL->getSizeInBytes())
          break;
        const unsigned Field = SL->getElementContainingOffset(At - Start);
        Start += SL->getElementOffset(Field);
        T = ST->getElementType(Field);
      } else if (auto *AT = dyn_cast<ArrayType>(T)) {
        const uint64_t Each = DL.getTypeAllocSize(AT->getElementType()).getKnownMinValue();
        if (Each == 0)
          break;
        if (!Outer)
          Outer = std::make_pair(Start, Start + Each * AT->getNumElements());
        Matches |= Each == Step;
        Start += (At - Start) / Each * Each;
        T = AT->getElementType();
      } else {
        break;
      }
    }
    return Matches ? Outer : std::nullopt;
  }

  /// Whether \p V is a pointer read from the bytes \p Slot of \p A and
  /// moved (`pointer_ += n`, `++ptr`): stored back, it points where the
  /// slot's other values point, so it does not change whether they are
  /// shared.
  bool movedWithin(const AllocaInst *A, std::pair<uint64_t, uint64_t> Slot, const Value *V) {
    const auto *L = dyn_cast<LoadInst>(baseOf(V));
    if (!L || getUnderlyingObject(L->getPointerOperand()) != A)
      return false;
    const auto From = slotOf(A, L->getPointerOperand(), L->getType());
    return From.first >= Slot.first && From.second <= Slot.second; // within the slot

  }

  static bool overlaps(std::pair<uint64_t, uint64_t> A, std::pair<uint64_t, uint64_t> B) {
    return A.first < B.second && B.first < A.second;
  }

  PointerValue mergedUnplaced(const PHINode *Phi) {
    PointerValue R;
    for (const Value *V : Phi->incoming_values()) {
      const PointerValue In = pointer(V);
      R.Shared |= In.Shared;
    }
    std::vector<Choice> Choices;
    choices(Phi, Choices);
    R.Why = severalVariables(Choices);
    if (R.Why.empty())
      R.Why = "the pointer is merged from several paths ldslint does not follow";
    return R;
  }

  /// What a pointer chosen through phis and selects (and moved by GEPs:
  /// LLVM 15 makes `gep (phi @north, @temp), 0, ty, tx`) points into: a
  /// shared variable, memory that is not shared (null, false), or a place
  /// not known (null, true).
  using Choice = std::pair<const GlobalVariable *, bool>;
  /// With \p Seen, a phi met again (around a loop) adds nothing.
  void choices(const Value *V, std::vector<Choice> &Out, unsigned Depth = 0,
               SmallPtrSetImpl<const Value *> *Seen = nullptr) {
    V = V->stripPointerCasts();
    if (Depth > 8 || Out.size() > 16) {
      Out.push_back({nullptr, true});
      return;
    }
    if (const auto *Phi = dyn_cast<PHINode>(V)) {
      if (Seen && !Seen->insert(Phi).second)
        return;
      for (const Value *In : Phi->incoming_values())
        choices(In, Out, Depth + 1, Seen);
    } else if (const auto *S = dyn_cast<SelectInst>(V)) {
      choices(S->getTrueValue(), Out, Depth + 1, Seen);
      choices(S->getFalseValue(), Out, Depth + 1, Seen);
    } else if (const auto *G = dyn_cast<GEPOperator>(V)) {
      choices(G->getPointerOperand(), Out, Depth + 1, Seen);
    } else {
      const PointerValue P = pointer(V);
      Out.push_back({P.Base, P.Base || P.Shared});
    }
  }

  /// Why a pointer into one of several variables per lane is not placed
  /// (Rodinia's srad reads `north[ty][tx]` or `temp[ty - 1][tx]` by
  /// branch, HeCBench's sosfil `x_in[...]` or `s_out[tx - 1]`, one read
  /// after the branches): empty unless every choice is known and they are
  /// not all the same shared variable.
  static std::string severalVariables(const std::vector<Choice> &Choices) {
    std::vector<std::string> Names;
    bool Other = false;
    for (const Choice &C : Choices) {
      if (!C.first && C.second)
        return "";
      Other |= !C.first;
      if (C.first && std::find(Names.begin(), Names.end(), variableName(C.first)) == Names.end())
        Names.push_back(variableName(C.first));
    }
    if (Names.empty() || (Names.size() < 2 && !Other))
      return "";
    std::string List;
    for (size_t I = 0; I < Names.size(); ++I)
      List += (I == 0 ? "" : I + 1 == Names.size() && !Other ? " or " : ", ") +
              ("`" + Names[I] + "`");
    if (Other)
      return "the pointer is into " + List +
             " or into memory that is not shared, chosen per lane at run time; "
             "ldslint does not model such a mixed access";
    // Measured on the H200 (test/hardware/explore/choices25.cu, Rodinia's
    // srad in test/hardware/real-code): nvcc reads both through one LDS in
    // some kernels and keeps one LDS per branch in others.
    return "the pointer is into " + List +
           ", chosen per lane at run time; the banks then depend on whether the "
           "compiler reads them through one instruction (nvcc does in some kernels, "
           "not in others) and where it places these variables relative to each "
           "other, which ldslint does not know";
  }

  /// Whether every place \p V can point into is known not to be shared
  /// memory: a kernel's pointer argument, a local variable, a global or
  /// private address space, null. A pointer loaded from memory, returned by
  /// a call or made from an integer may be into shared memory.
  bool notShared(const Value *V, unsigned Depth = 0) {
    V = V->stripPointerCasts();
    if (Depth > 8)
      return false;
    const unsigned AS = V->getType()->getPointerAddressSpace();
    if (AS != 0 && !isSharedAddressSpace(AS))
      return true; // global, constant, private
    if (const auto *Phi = dyn_cast<PHINode>(V)) {
      for (const Value *In : Phi->incoming_values())
        if (!notShared(In, Depth + 1))
          return false;
      return true;
    }
    if (const auto *S = dyn_cast<SelectInst>(V))
      return notShared(S->getTrueValue(), Depth + 1) &&
             notShared(S->getFalseValue(), Depth + 1);
    if (const auto *G = dyn_cast<GEPOperator>(V))
      return notShared(G->getPointerOperand(), Depth + 1);
    if (const auto *I2P = dyn_cast<IntToPtrInst>(V)) // AMD's `inttoptr(ptrtoint global)`
      if (const auto *P2I = dyn_cast<PtrToIntInst>(I2P->getOperand(0)))
        return notShared(P2I->getOperand(0), Depth + 1);
    if (const auto *A = dyn_cast<Argument>(V))
      return isAnalysisEntry(*A->getParent()) && !isUncalledEntry(*A->getParent());
    if (isa<AllocaInst>(V) || isa<ConstantPointerNull>(V))
      return true;
    if (const auto *G = dyn_cast<GlobalVariable>(V))
      return !isSharedAddressSpace(G->getAddressSpace());
    return false;
  }

  /// Whether a lane's taking \p C can be told per lane: it depends on the
  /// thread indices, the block, and values every lane shares, not on a
  /// loop's variable or another per-lane unknown (which the evaluator would
  /// assume every lane satisfies).
  bool laneDecidable(const SymRef &C) const {
    bool Ok = true;
    forEachSymbol(*C, [&](SymbolId Id) {
      const SymbolInfo &S = K.Symbols[Id];
      if (S.Kind == SymbolKind::LoopVar || VaryingVars.count(Id) ||
          (S.Kind == SymbolKind::Unknown && (S.LaneVarying || !S.UniformIf.empty())))
        Ok = false;
    });
    return Ok;
  }

  PointerValue selectPointers(const Value *P, const SymRef &Cond,
                              const Value *A, const Value *B) {
    const PointerValue PA = pointer(A), PB = pointer(B);
    if (PA.Base && PA.Base == PB.Base && PA.Only.empty() && PB.Only.empty()) {
      PointerValue R = PA;
      R.Offset = SymExpr::select(Cond, PA.Offset, PB.Offset, I64);
      return R;
    }
    // One arm into a shared variable, the other into memory that is not
    // shared (the tile's predecessor from global memory for thread 0, the
    // neighbour's from shared memory for the others): only the lanes that
    // take the shared arm touch shared memory. nvcc reads it for them
    // alone (a predicated LDS beside a predicated LDG), measured in
    // test/hardware/explore/mixed26.cu. The AMDGPU back end makes such a
    // read one flat_load for every lane (part LDS, part global), which is
    // not measured: unknown there.
    const auto *At = dyn_cast<Instruction>(P);
    const bool AShared = PA.Base && !PB.Base && !PB.Shared && notShared(B);
    const bool BShared = PB.Base && !PA.Base && !PA.Shared && notShared(A);
    if (At && Cond && (AShared || BShared) &&
        !Triple(F.getParent()->getTargetTriple()).isAMDGPU()) {
      const SymRef Taken =
          AShared ? Cond : SymExpr::unary(Op::LNot, Cond, IntType{1, false});
      if (laneDecidable(Taken)) {
        PointerValue R = AShared ? PA : PB;
        R.Only.push_back(condition(Taken, At));
        return R;
      }
    }
    PointerValue R;
    R.Shared = PA.Shared || PB.Shared;
    std::vector<Choice> Choices;
    choices(A, Choices);
    choices(B, Choices);
    R.Why = severalVariables(Choices);
    if (R.Why.empty())
      R.Why = "the pointer is one of several shared variables, chosen at run time";
    return R;
  }

  /// An integer that holds a shared-memory address, as inline PTX receives
  /// it: a pointer converted to an integer (`__cvta_generic_to_shared(p)`,
  /// truncated to 32 bits) plus or minus integer terms, or a choice between
  /// two such addresses of the same variable. The terms are the offset.
  PointerValue integerAddress(const Value *V, unsigned Level = 0) {
    auto notAddress = [&](std::string Why) {
      PointerValue R;
      R.Why = std::move(Why);
      return R;
    };
    const std::string Unfollowed =
        "inline assembly accesses this array at an address computed as an integer "
        "in a way ldslint does not follow";
    if (Level > 32)
      return notAddress(Unfollowed);
    if (auto *P = dyn_cast<PtrToIntOperator>(V))
      return pointer(P->getPointerOperand());
    if (const Value *P = convertedSharedPointer(V))
      return pointer(P);
    // Instructions and constant expressions (`@s - 4` folded by clang).
    const auto *O = dyn_cast<Operator>(V);
    if (O && Instruction::isCast(O->getOpcode())) {
      // Shared-window addresses fit in 32 bits: a truncation or extension
      // keeps them.
      if (O->getOperand(0)->getType()->isIntegerTy())
        return integerAddress(O->getOperand(0), Level + 1);
      return notAddress(Unfollowed);
    }
    auto term = [&](const Value *T) {
      const unsigned Bits = std::min(T->getType()->getIntegerBitWidth(), 64u);
      return SymExpr::cast(SymExpr::cast(value(T), IntType{Bits, true}), I64);
    };
    if (O && Instruction::isBinaryOp(O->getOpcode())) {
      const Operator *B = O;
      bool Adds = B->getOpcode() == Instruction::Add;
#if LLVM_VERSION_MAJOR >= 18
      // `or disjoint` is an add whose operands share no set bit.
      if (auto *Or = dyn_cast<PossiblyDisjointInst>(B))
        Adds |= Or->isDisjoint();
#endif
      if (Adds || B->getOpcode() == Instruction::Sub) {
        for (unsigned Side : {0u, 1u}) {
          if (Side == 1 && !Adds)
            break;
          const Value *Other = B->getOperand(1 - Side);
          if (pointerUnderArithmetic(Other))
            continue;
          PointerValue R = integerAddress(B->getOperand(Side), Level + 1);
          if (!R.Base)
            continue;
          R.Offset = SymExpr::binary(Adds ? Op::Add : Op::Sub, R.Offset, term(Other), I64);
          return R;
        }
      }
      return notAddress(Unfollowed);
    }
    if (auto *S = dyn_cast<SelectInst>(V)) {
      const PointerValue A = integerAddress(S->getTrueValue(), Level + 1),
                         B = integerAddress(S->getFalseValue(), Level + 1);
      if (A.Base && A.Base == B.Base) {
        PointerValue R = A;
        R.Offset = SymExpr::select(value(S->getCondition()), A.Offset, B.Offset, I64);
        return R;
      }
    }
    return notAddress(Unfollowed);
  }

  //===------------------------------------------------------------------===//
  // Accesses
  //===------------------------------------------------------------------===//

  void addAccess(const Instruction &I, const MemoryOperation &Op) {
    PointerValue P = pointer(Op.Pointer);
    if (P.WindowAddress && !Op.SharedByText)
      return; // a generic access at a shared-window address: not shared memory
    if (!P.Base && !P.Shared) {
      if (!Op.SharedByText)
        return; // not shared memory, as far as can be told
      // `ld.shared [%0]` of an address from other assembly (NCCL's
      // `cvta.to.shared` in a helper of its own): which array is not known.
      P.Shared = true;
      P.Why = "inline assembly accesses shared memory at an address that ldslint does not "
              "follow to an array" +
              (P.Why.empty() ? std::string() : " (" + P.Why + ")");
    }
    std::string IntegerWhy; // why an integer address is not followed
    if (Op.IntegerAddress && P.Base) {
      const PointerValue At = integerAddress(Op.IntegerAddress);
      if (At.Base == P.Base && At.Offset)
        P.Offset = At.Offset;
      else
        IntegerWhy = At.Why.empty() ? "inline assembly accesses this array at an address "
                                      "computed from two shared variables"
                                    : At.Why;
    }
    IrAccess A;
    A.Inst = &I;
    A.Array = P.Base;
    A.Model.Kind = Op.Kind;
    A.Model.WidthBytes = Op.WidthBytes ? Op.WidthBytes : 4;
    A.Model.Align = accessAlign(I, Op.Offset);
    A.AsyncCopy = Op.AsyncCopy;
    if (!Op.NotModelled.empty())
      A.Model.Unsupported = Op.NotModelled;
    else if (!IntegerWhy.empty())
      A.Model.Unsupported = IntegerWhy;
    else if (!P.Base) {
      A.Model.Unsupported = P.Why;
      A.Model.UnsupportedFromData = computedFromData(Op.Pointer);
    }
    else if (Op.Offset)
      A.Model.Address = SymExpr::binary(Op::Add, P.Offset,
                                        SymExpr::constant(Op.Offset, I64), I64);
    else
      A.Model.Address = P.Offset;
    A.Model.Loops = loopsOf(I.getParent());
    A.Model.Conditions = conditionsOf(I.getParent());
    A.Model.Conditions.insert(A.Model.Conditions.end(), P.Only.begin(), P.Only.end());
    if (Op.RowLanes && Op.RowLanes < WaveSize) {
      // ldmatrix/stmatrix .x1/.x2: the other lanes' addresses are not used.
      Condition Rows;
      Rows.Expr = SymExpr::binary(Op::LT, laneIndex(IntType{32, false}),
                                  SymExpr::constant(Op.RowLanes, IntType{32, false}),
                                  IntType{1, false});
      Rows.Text = "lanes 0-" + std::to_string(Op.RowLanes - 1) +
                  " give the matrix rows' addresses";
      A.Model.Conditions.push_back(Rows);
    }
    // An integer address has no GEP chain over the array's type to read
    // indices from (Op.Pointer is then the variable itself).
    if (A.Model.Address && !Op.IntegerAddress)
      A.Indices = arrayIndices(Op.Pointer, Op.Offset, *P.Base, DL,
                               [this](const Value *V) { return value(V); });
    if (P.Base) {
      A.Model.BaseAlign = P.Base->isDeclaration()
                              ? static_cast<unsigned>(P.Base->getAlign().valueOrOne().value())
                              : 16;
      // `extern __shared__ T s[]`: an external array of no size (a sized
      // one is another unit's static array).
      const auto *AT = llvm::dyn_cast<llvm::ArrayType>(P.Base->getValueType());
      A.Model.DynamicShared =
          P.Base->isDeclaration() && AT && AT->getNumElements() == 0;
      if (!P.Base->isDeclaration())
        A.Model.ArrayBytes = DL.getTypeAllocSize(P.Base->getValueType()).getFixedValue();
    }
    Out.Accesses.push_back(std::move(A));
  }

  std::vector<unsigned> loopsOf(const BasicBlock *BB) {
    std::vector<unsigned> Ids;
    for (const Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop()) {
      buildLoop(L);
      if (LoopIds[L] >= 0)
        Ids.insert(Ids.begin(), static_cast<unsigned>(LoopIds[L]));
    }
    return Ids;
  }

  /// The branch edges that must be taken to reach \p BB, innermost last;
  /// loop exit tests are part of the loops instead.
  std::vector<Condition> conditionsOf(const BasicBlock *BB) {
    std::vector<Condition> Conds;
    const DomTreeNode *Node = DT.getNode(BB);
    while (Node && Node->getIDom()) {
      const BasicBlock *D = Node->getIDom()->getBlock();
      Node = Node->getIDom();
      if (auto *SI = dyn_cast<SwitchInst>(D->getTerminator())) {
        if (SymRef C = switchReaching(SI, BB))
          Conds.insert(Conds.begin(), condition(C, SI));
        continue;
      }
      auto *Br = dyn_cast<BranchInst>(D->getTerminator());
      if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
        continue;
      // Loop exit tests belong to the loops (inside) or have been passed by
      // every lane that gets here (after the loop).
      bool LoopExit = false;
      for (const Loop *L = LI.getLoopFor(D); L; L = L->getParentLoop())
        LoopExit |= !L->contains(Br->getSuccessor(0)) ||
                    !L->contains(Br->getSuccessor(1));
      if (LoopExit)
        continue;
      for (unsigned S = 0; S < 2; ++S) {
        if (!DT.dominates(BasicBlockEdge(D, Br->getSuccessor(S)), BB))
          continue;
        SymRef C = value(Br->getCondition());
        if (S == 1)
          C = SymExpr::unary(Op::LNot, C, IntType{1, false});
        Conds.insert(Conds.begin(), condition(C, Br));
      }
    }
    return Conds;
  }

  Condition condition(SymRef C, const Instruction *Term) {
    Condition Cond;
    Cond.Expr = C;
    Cond.Text = toString(*C, [&](SymbolId Id) { return K.symbolName(Id); });
    if (Cond.Text.size() > 80)
      Cond.Text = "the condition at line " + std::to_string(lineOf(Term));
    return Cond;
  }

  /// The condition under which the switch \p SI (whose block dominates
  /// \p BB) sends a lane towards \p BB: to a successor from which \p BB can
  /// be reached without coming back to the switch. Null when the switch
  /// also leaves a loop that \p BB is in or after (like a loop test: a
  /// lane that gets there has passed it).
  SymRef switchReaching(const SwitchInst *SI, const BasicBlock *BB) {
    const BasicBlock *D = SI->getParent();
    for (const Loop *L = LI.getLoopFor(D); L; L = L->getParentLoop())
      if (!L->contains(BB))
        return nullptr;
    SmallPtrSet<BasicBlock *, 1> Avoid;
    Avoid.insert(const_cast<BasicBlock *>(D));
    return switchCondition(SI, [&](const BasicBlock *S) {
      return S == BB || (S != D && isPotentiallyReachable(S, BB, &Avoid, &DT, &LI));
    });
  }
};

} // namespace

bool isDisjointOr(const BinaryOperator *B) {
#if LLVM_VERSION_MAJOR >= 18
  if (auto *D = dyn_cast<PossiblyDisjointInst>(B))
    if (D->isDisjoint())
      return true;
#else
  // LLVM 15's instcombine makes such adds ors without marking them.
  if (haveNoCommonBitsSet(B->getOperand(0), B->getOperand(1),
                          B->getModule()->getDataLayout()))
    return true;
#endif
  auto *C = dyn_cast<ConstantInt>(B->getOperand(1));
  auto *L = dyn_cast<BinaryOperator>(B->getOperand(0));
  if (!C || !L || C->isNegative() || C->getBitWidth() > 64)
    return false;
  const uint64_t V = C->getZExtValue();
  auto *K = dyn_cast<ConstantInt>(L->getOperand(1));
  if (!K || K->getBitWidth() > 64)
    return false;
  const uint64_t KV = K->getZExtValue();
  switch (L->getOpcode()) {
  case Instruction::Shl: // x << k has k zero low bits
    return KV < 64 && V < (uint64_t(1) << KV);
  case Instruction::Mul: // x * 2^k too
    return KV && (KV & (KV - 1)) == 0 && V < KV;
  case Instruction::And:
    return (KV & V) == 0;
  default:
    return false;
  }
}

IrKernel buildIrKernel(const Function &Kernel,
                       const std::vector<std::string> &ParamNames,
                       unsigned WaveSize) {
  IrKernel Out;
  Out.Function = &Kernel;
  Translator(Kernel, ParamNames, WaveSize, Out).run();
  Out.ThreadRowWidth = threadRowWidth(Kernel);
  return Out;
}

} // namespace ldslint
