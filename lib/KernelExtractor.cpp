//===- KernelExtractor.cpp -------------------------------------------------===//
#include "StringCompat.h"
#include "KernelExtractor.h"
#include <functional>

#include "MutationScan.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <set>
#include <utility>

using namespace clang;

namespace ldslint {

bool isSharedVariable(const VarDecl *D) {
  return D && D->hasAttr<CUDASharedAttr>();
}

bool isAtomicFunction(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  const StringRef N = FD->getName();
  return startsWith(N, "atomic") || startsWith(N, "__hip_atomic") ||
         startsWith(N, "__atomic_") || startsWith(N, "__sync_fetch") ||
         startsWith(N, "unsafeAtomic") || startsWith(N, "safeAtomic");
}

namespace {


constexpr IntType I64{64, true};
constexpr unsigned MaxInlineDepth = 6;
/// Statements and expressions one kernel's walk may visit (helpers are
/// walked again at each call). NVIDIA's and llm.c's kernels need a few
/// thousand; llama.cpp's mul_mat_q over 500,000 (0.7 s each, for a source
/// model that only the fix planner reads). Past this the kernel is marked
/// TooLarge and the planner offers no fix for the arrays it accesses.
constexpr unsigned MaxWalkSteps = 50000;

IntType intTypeOf(const ASTContext &Ctx, QualType T) {
  IntType R;
  if (T->isBooleanType()) {
    R.Bits = 1;
    R.Signed = false;
    return R;
  }
  if (T->isIntegralOrEnumerationType()) {
    R.Bits = static_cast<unsigned>(Ctx.getTypeSize(T));
    R.Signed = T->isSignedIntegerOrEnumerationType();
  }
  return R;
}

/// "threadIdx", "blockIdx", ... and the dimension, for the spellings clang's
/// CUDA builtins (MS properties) and HIP's headers (static members with a
/// conversion operator) produce, and for the ockl / amdgcn / nvvm calls.
struct BuiltinRef {
  enum Kind { ThreadIdx, BlockIdx, BlockDim, GridDim } K;
  unsigned Dim;
};

std::optional<unsigned> dimOf(StringRef Name) {
  if (Name == "x" || endsWith(Name, "_x"))
    return 0u;
  if (Name == "y" || endsWith(Name, "_y"))
    return 1u;
  if (Name == "z" || endsWith(Name, "_z"))
    return 2u;
  return std::nullopt;
}

std::optional<BuiltinRef::Kind> builtinVarKind(const Expr *Base) {
  Base = Base->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    if (OVE->getSourceExpr())
      Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  if (!DRE)
    return std::nullopt;
  StringRef Name = DRE->getDecl()->getName();
  if (Name == "threadIdx")
    return BuiltinRef::ThreadIdx;
  if (Name == "blockIdx")
    return BuiltinRef::BlockIdx;
  if (Name == "blockDim")
    return BuiltinRef::BlockDim;
  if (Name == "gridDim")
    return BuiltinRef::GridDim;
  return std::nullopt;
}

std::optional<BuiltinRef> matchBuiltin(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    if (const auto *Prop =
            dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens()))
      if (auto K = builtinVarKind(Prop->getBaseExpr()))
        if (auto D = dimOf(Prop->getPropertyDecl()->getName()))
          return BuiltinRef{*K, *D};
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E))
    if (isa_and_nonnull<CXXConversionDecl>(MCE->getMethodDecl()))
      E = MCE->getImplicitObjectArgument()->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (auto K = builtinVarKind(ME->getBase()))
      if (auto D = dimOf(ME->getMemberDecl()->getName()))
        return BuiltinRef{*K, *D};
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return std::nullopt;
    StringRef N = FD->getName();
    auto argDim = [&]() -> std::optional<unsigned> {
      Expr::EvalResult R;
      if (CE->getNumArgs() == 1 && CE->getArg(0)->EvaluateAsInt(R, Ctx))
        return static_cast<unsigned>(R.Val.getInt().getZExtValue());
      return std::nullopt;
    };
    std::optional<BuiltinRef::Kind> K;
    std::optional<unsigned> D;
    if (N == "__ockl_get_local_id")
      K = BuiltinRef::ThreadIdx, D = argDim();
    else if (N == "__ockl_get_group_id")
      K = BuiltinRef::BlockIdx, D = argDim();
    else if (N == "__ockl_get_local_size")
      K = BuiltinRef::BlockDim, D = argDim();
    else if (N == "__ockl_get_num_groups")
      K = BuiltinRef::GridDim, D = argDim();
    else if (startsWith(N, "__builtin_amdgcn_workitem_id_") ||
             startsWith(N, "__nvvm_read_ptx_sreg_tid_"))
      K = BuiltinRef::ThreadIdx, D = dimOf(N);
    else if (startsWith(N, "__builtin_amdgcn_workgroup_id_") ||
             startsWith(N, "__nvvm_read_ptx_sreg_ctaid_"))
      K = BuiltinRef::BlockIdx, D = dimOf(N);
    else if (startsWith(N, "__nvvm_read_ptx_sreg_ntid_"))
      K = BuiltinRef::BlockDim, D = dimOf(N);
    if (K && D && *D < 3)
      return BuiltinRef{*K, *D};
  }
  return std::nullopt;
}

/// An lvalue or pointer into a shared variable.
struct SharedPlace {
  const VarDecl *Array = nullptr;
  SymRef Offset; ///< bytes
  /// Number of subscripts applied directly to the array's own dimensions,
  /// or -1 once the type no longer follows the declaration (casts, members).
  int Depth = 0;
};

class EarlyExitScan : public RecursiveASTVisitor<EarlyExitScan> {
public:
  bool Found = false;
  unsigned LoopDepth = 0;
  bool TraverseForStmt(ForStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return nested([&] { return RecursiveASTVisitor::TraverseDoStmt(S); }); }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    // A switch catches `break` but not `continue`.
    ++SwitchDepth;
    bool R = RecursiveASTVisitor::TraverseSwitchStmt(S);
    --SwitchDepth;
    return R;
  }
  unsigned SwitchDepth = 0;
  /// For a while loop whose update is the last statement, `continue`
  /// skips the update.
  bool StopsOnContinue = false;
  bool VisitBreakStmt(BreakStmt *) {
    Found |= LoopDepth == 0 && SwitchDepth == 0;
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *) {
    Found |= StopsOnContinue && LoopDepth == 0;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *) { Found = true; return true; }
  bool VisitGotoStmt(GotoStmt *) { Found = true; return true; }

private:
  template <typename F> bool nested(F Fn) {
    ++LoopDepth;
    bool R = Fn();
    --LoopDepth;
    return R;
  }
};

class Extractor {
public:
  Extractor(ASTContext &Ctx, ExtractedKernel &Out, unsigned WaveSize,
            const std::set<const Expr *> *StrideMarks)
      : Ctx(Ctx), Out(Out), K(Out.Model), WaveSize(WaveSize),
        StrideMarks(StrideMarks) {}

  void run(const FunctionDecl *Kernel) {
    Functions.push_back(Kernel);
    scanFunction(Kernel);
    walk(Kernel->getBody());
    // An access in a function that calls itself is reached at depths the
    // walk does not follow (`if (depth == 0) s[...]` runs at the bottom):
    // nothing about it is known.
    for (AccessSite &Site : Out.Accesses)
      for (const CallExpr *Call : Site.CallChain) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        const FunctionDecl *Def = nullptr;
        if (Callee && Callee->hasBody(Def) && Recursive.count(Def)) {
          Site.Model.Address = nullptr;
          Site.Model.Unsupported =
              "the access is in '" + Def->getNameAsString() +
              "', which calls itself; ldslint does not follow recursion";
          break;
        }
      }
  }

private:
  ASTContext &Ctx;
  ExtractedKernel &Out;
  KernelModel &K;
  unsigned WaveSize;
  const std::set<const Expr *> *StrideMarks;

  /// A marked stride operand: the one stride symbol, valued as declared.
  SymRef strideSymbol(const Expr *E) {
    const IntType T = intTypeOf(Ctx, E->getType());
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return nullptr;
    if (!Out.StrideSymbol) {
      SymbolInfo S;
      S.Kind = SymbolKind::Extent;
      S.Name = "stride";
      S.Value = R.Val.getInt().getExtValue();
      Out.StrideSymbol = K.addSymbol(S);
    }
    return SymExpr::cast(SymExpr::symbol(*Out.StrideSymbol, I64), T);
  }

  // Context of the statement being walked.
  std::vector<Condition> Conditions;
  std::vector<unsigned> LoopStack;
  std::vector<const CallExpr *> CallChain;
  std::vector<const FunctionDecl *> Functions;
  std::set<const FunctionDecl *> Recursive; // found calling themselves

  // Symbols and substitutions.
  llvm::DenseMap<const ValueDecl *, SymRef> Bindings; // params, loop vars
  llvm::DenseMap<const VarDecl *, SymRef> LocalCache;
  llvm::DenseSet<const VarDecl *> Mutated;
  std::map<std::string, SymbolId> NamedSymbols;

  SymbolId named(const std::string &Key, SymbolInfo Info) {
    auto It = NamedSymbols.find(Key);
    if (It != NamedSymbols.end())
      return It->second;
    SymbolId Id = K.addSymbol(std::move(Info));
    NamedSymbols[Key] = Id;
    return Id;
  }

  SymRef builtinSymbol(const BuiltinRef &B) {
    static const char *Names[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
    static const char *Dims[] = {"x", "y", "z"};
    std::string Name = std::string(Names[B.K]) + "." + Dims[B.Dim];
    SymbolInfo S;
    S.Name = Name;
    S.Dim = B.Dim;
    switch (B.K) {
    case BuiltinRef::ThreadIdx:
      S.Kind = SymbolKind::ThreadIdx;
      if (B.Dim > 0)
        Out.UsesThreadIdxYZ = true;
      break;
    case BuiltinRef::BlockDim:
      S.Kind = SymbolKind::BlockDim;
      break;
    default:
      S.Kind = SymbolKind::Unknown;
      S.Why = "it is not known at compile time";
      break;
    }
    return SymExpr::symbol(named(Name, S), IntType{32, false});
  }

  SymRef unknown(const Expr *E, const std::string &Why, bool LaneVarying) {
    std::string Text = spelling(E);
    SymbolInfo S;
    S.Kind = SymbolKind::Unknown;
    S.Name = "`" + Text + "`";
    S.Why = Why;
    S.LaneVarying = LaneVarying;
    std::string Key = "unknown:" + Text + (LaneVarying ? ":lane" : "");
    return SymExpr::symbol(named(Key, S), intTypeOf(Ctx, E->getType()));
  }

  std::string spelling(const Expr *E) const {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
    OS.flush();
    if (Text.size() > 60)
      Text = Text.substr(0, 57) + "...";
    return Text;
  }

  void scanFunction(const FunctionDecl *FD) {
    MutationScan Scan;
    Scan.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    for (const VarDecl *VD : Scan.Mutated)
      Mutated.insert(VD);
  }

  bool isLaneVaryingExpr(const SymRef &E) const {
    bool Varying = false;
    forEachSymbol(*E, [&](SymbolId Id) {
      const SymbolInfo &S = K.Symbols[Id];
      if (S.Kind == SymbolKind::ThreadIdx || S.LaneVarying)
        Varying = true;
      if (S.Kind == SymbolKind::LoopVar) {
        const LoopModel &L = K.Loops[S.LoopIndex];
        if (L.Init && isLaneVaryingExpr(L.Init))
          Varying = true;
      }
    });
    return Varying;
  }

  //===--------------------------------------------------------------------===//
  // Integer values
  //===--------------------------------------------------------------------===//

  SymRef value(const Expr *E) {
    if (StrideMarks && StrideMarks->count(E))
      if (SymRef S = strideSymbol(E))
        return S;
    E = E->IgnoreParens();
    const IntType T = intTypeOf(Ctx, E->getType());
    if (!E->isValueDependent() && !E->isTypeDependent() &&
        E->getType()->isIntegralOrEnumerationType()) {
      Expr::EvalResult R;
      if (E->EvaluateAsInt(R, Ctx))
        return SymExpr::constant(R.Val.getInt().getExtValue(), T);
    }
    if (auto B = matchBuiltin(E, Ctx))
      return SymExpr::cast(builtinSymbol(*B), T);

    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      switch (CE->getCastKind()) {
      case CK_LValueToRValue:
        return load(CE->getSubExpr(), E);
      case CK_IntegralCast:
      case CK_NoOp:
      case CK_IntegralToBoolean:
      case CK_BooleanToSignedIntegral:
        return SymExpr::cast(value(CE->getSubExpr()), T);
      case CK_UserDefinedConversion:
      case CK_ConstructorConversion:
        return SymExpr::cast(value(CE->getSubExpr()), T);
      default:
        break;
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return binary(BO, T);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      switch (UO->getOpcode()) {
      case UO_Plus:
        return value(UO->getSubExpr());
      case UO_Minus:
        return SymExpr::unary(Op::Neg, value(UO->getSubExpr()), T);
      case UO_Not:
        return SymExpr::unary(Op::Not, value(UO->getSubExpr()), T);
      case UO_LNot:
        return SymExpr::unary(Op::LNot, value(UO->getSubExpr()), T);
      default:
        break;
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E))
      return SymExpr::select(value(CO->getCond()), value(CO->getTrueExpr()),
                             value(CO->getFalseExpr()), T);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return declValue(DRE, E);
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
      // HIP's coordinate structs convert to an integer.
      if (isa_and_nonnull<CXXConversionDecl>(MCE->getMethodDecl()))
        return SymExpr::cast(value(MCE->getImplicitObjectArgument()), T);
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return callValue(Call, T);
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      return value(EWC->getSubExpr());
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      return value(MTE->getSubExpr());
    return unknown(E, "it is not understood", mentionsLanes(E));
  }

  SymRef binary(const BinaryOperator *BO, IntType T) {
    Op O;
    switch (BO->getOpcode()) {
    case BO_Add: O = Op::Add; break;
    case BO_Sub: O = Op::Sub; break;
    case BO_Mul: O = Op::Mul; break;
    case BO_Div: O = Op::Div; break;
    case BO_Rem: O = Op::Rem; break;
    case BO_Shl: O = Op::Shl; break;
    case BO_Shr: O = Op::Shr; break;
    case BO_And: O = Op::And; break;
    case BO_Or: O = Op::Or; break;
    case BO_Xor: O = Op::Xor; break;
    case BO_LT: O = Op::LT; break;
    case BO_GT: O = Op::GT; break;
    case BO_LE: O = Op::LE; break;
    case BO_GE: O = Op::GE; break;
    case BO_EQ: O = Op::EQ; break;
    case BO_NE: O = Op::NE; break;
    case BO_LAnd: O = Op::LAnd; break;
    case BO_LOr: O = Op::LOr; break;
    case BO_Comma:
      return value(BO->getRHS());
    default:
      return unknown(BO, "assignments inside an index are not followed",
                     mentionsLanes(BO));
    }
    if (!BO->getLHS()->getType()->isIntegralOrEnumerationType() ||
        !BO->getRHS()->getType()->isIntegralOrEnumerationType())
      return unknown(BO, "it is not an integer expression", mentionsLanes(BO));
    return SymExpr::binary(O, value(BO->getLHS()), value(BO->getRHS()), T);
  }

  SymRef callValue(const CallExpr *Call, IntType T) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (FD && FD->getIdentifier() && Call->getNumArgs() == 2) {
      StringRef N = FD->getName();
      if (N == "min" || N == "max" || N == "umin" || N == "umax") {
        Op O = endsWith(N, "min") ? Op::Min : Op::Max;
        return SymExpr::binary(O, SymExpr::cast(value(Call->getArg(0)), T),
                               SymExpr::cast(value(Call->getArg(1)), T), T);
      }
    }
    if (FD && FD->getIdentifier() &&
        (FD->getName() == "__lane_id" || FD->getName() == "__lanemask_lt"))
      if (FD->getName() == "__lane_id")
        return SymExpr::binary(Op::Rem, builtinSymbol({BuiltinRef::ThreadIdx, 0}),
                               SymExpr::constant(WaveSize, IntType{32, false}),
                               T);
    // A callee can read threadIdx or %laneid itself (`getTid()`), whatever
    // its arguments: its result is taken as differing between lanes, and
    // the device-IR engine, which sees the callee's body, decides.
    return unknown(Call, "it is the result of a call", true);
  }

  /// Reading a variable or memory.
  SymRef load(const Expr *LV, const Expr *Whole) {
    LV = LV->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LV))
      return declValue(DRE, Whole);
    if (auto B = matchBuiltin(LV, Ctx))
      return SymExpr::cast(builtinSymbol(*B), intTypeOf(Ctx, Whole->getType()));
    if (auto P = place(LV))
      return unknown(Whole, "it is loaded from shared memory",
                     isLaneVaryingExpr(P->Offset));
    return unknown(Whole, "it is loaded from memory", mentionsLanes(LV));
  }

  SymRef declValue(const DeclRefExpr *DRE, const Expr *Whole) {
    const IntType T = intTypeOf(Ctx, Whole->getType());
    const ValueDecl *D = DRE->getDecl();
    auto B = Bindings.find(D);
    if (B != Bindings.end())
      return SymExpr::cast(B->second, T);
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return unknown(Whole, "it is not a variable", false);
    if (VD->getName() == "warpSize")
      return SymExpr::constant(WaveSize, T);
    if (isa<ParmVarDecl>(VD)) {
      SymbolInfo S;
      S.Kind = SymbolKind::Unknown;
      S.Name = "`" + VD->getNameAsString() + "`";
      S.Why = "it is a kernel parameter";
      const SymbolId Id = named("param:" + VD->getNameAsString(), S);
      if (VD->getDeclContext() == Out.Kernel)
        Out.ParamSymbols[cast<ParmVarDecl>(VD)->getFunctionScopeIndex()] = Id;
      return SymExpr::symbol(Id, T);
    }
    if (VD->hasLocalStorage() && !Mutated.count(VD) && VD->getInit() &&
        VD->getType()->isIntegralOrEnumerationType()) {
      auto It = LocalCache.find(VD);
      if (It != LocalCache.end())
        return SymExpr::cast(It->second, T);
      SymRef V = value(VD->getInit());
      LocalCache[VD] = V;
      return SymExpr::cast(V, T);
    }
    if (VD->hasLocalStorage()) {
      // Changes after its declaration; uniform only if nothing lane-
      // dependent flows in, which we do not track.
      return unknown(Whole, "it is modified in the function", true);
    }
    return unknown(Whole, "it is not a compile-time constant", false);
  }

  /// Syntactic check used only to classify unknowns.
  bool mentionsLanes(const Expr *E) {
    if (!E)
      return false;
    if (auto B = matchBuiltin(E, Ctx))
      return B->K == BuiltinRef::ThreadIdx;
    // A callee can read threadIdx itself, whatever its arguments.
    if (isa<CallExpr>(E->IgnoreParenImpCasts()))
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts())) {
      auto It = Bindings.find(DRE->getDecl());
      if (It != Bindings.end())
        return isLaneVaryingExpr(It->second);
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD)) {
          if (Mutated.count(VD) || !VD->getInit())
            return true; // conservative
          return mentionsLanes(VD->getInit());
        }
      return false;
    }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        if (mentionsLanes(CE))
          return true;
    return false;
  }

  //===--------------------------------------------------------------------===//
  // Places in shared memory
  //===--------------------------------------------------------------------===//

  std::vector<SymbolId> &extentsOf(const VarDecl *VD) {
    auto &Ext = Out.Extents[VD];
    if (!Ext.empty())
      return Ext;
    QualType T = VD->getType();
    unsigned Dim = 0;
    while (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      SymbolInfo S;
      S.Kind = SymbolKind::Extent;
      S.Name = VD->getNameAsString() + ".extent" + std::to_string(Dim);
      S.Dim = Dim++;
      S.Value = static_cast<int64_t>(CAT->getSize().getZExtValue());
      Ext.push_back(K.addSymbol(S));
      T = CAT->getElementType();
    }
    return Ext;
  }

  /// Bytes of one element after \p Depth subscripts of the array, in terms
  /// of the (paddable) extents of the inner dimensions.
  SymRef elementSize(const VarDecl *VD, unsigned Depth, QualType ElemT) {
    std::vector<SymbolId> &Ext = extentsOf(VD);
    QualType Scalar = Ctx.getBaseElementType(VD->getType());
    SymRef Size = SymExpr::constant(
        static_cast<int64_t>(Ctx.getTypeSizeInChars(Scalar).getQuantity()), I64);
    if (Depth + 1 > Ext.size())
      return SymExpr::constant(
          static_cast<int64_t>(Ctx.getTypeSizeInChars(ElemT).getQuantity()), I64);
    for (unsigned D = Depth + 1; D < Ext.size(); ++D)
      Size = SymExpr::binary(Op::Mul, Size, SymExpr::symbol(Ext[D], I64), I64);
    return Size;
  }

  SymRef typeSize(QualType T) {
    if (T->isIncompleteType() || T->isDependentType())
      return nullptr;
    return SymExpr::constant(
        static_cast<int64_t>(Ctx.getTypeSizeInChars(T).getQuantity()), I64);
  }

  SymRef add(SymRef A, SymRef B) { return SymExpr::binary(Op::Add, A, B, I64); }
  SymRef mul(SymRef A, SymRef B) { return SymExpr::binary(Op::Mul, A, B, I64); }

  /// The shared place an lvalue designates, if any.
  std::optional<SharedPlace> place(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (isSharedVariable(VD)) {
        Touched.push_back(DRE);
        return SharedPlace{VD, SymExpr::constant(0, I64), 0};
      }
      // A reference bound to a shared place.
      if (VD && VD->getType()->isReferenceType() && VD->getInit() &&
          !Mutated.count(VD))
        if (auto P = place(VD->getInit()))
          return SharedPlace{P->Array, P->Offset, -1};
      return std::nullopt;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      auto Base = pointer(ASE->getBase());
      if (!Base)
        return std::nullopt;
      SymRef Elem = Base->Depth >= 0
                        ? elementSize(Base->Array, Base->Depth, E->getType())
                        : typeSize(E->getType());
      if (!Elem)
        return std::nullopt;
      SymRef Idx = SymExpr::cast(value(ASE->getIdx()), I64);
      return SharedPlace{Base->Array, add(Base->Offset, mul(Idx, Elem)),
                         Base->Depth >= 0 ? Base->Depth + 1 : -1};
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!FD || FD->isBitField())
        return std::nullopt;
      auto Base = ME->isArrow() ? pointer(ME->getBase()) : place(ME->getBase());
      if (!Base)
        return std::nullopt;
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(FD->getParent());
      int64_t Off = static_cast<int64_t>(
          Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
              .getQuantity());
      return SharedPlace{Base->Array,
                         add(Base->Offset, SymExpr::constant(Off, I64)), -1};
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Deref)
        return pointer(UO->getSubExpr());
    if (const auto *CE = dyn_cast<CastExpr>(E))
      if (CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_LValueBitCast ||
          CE->getCastKind() == CK_UncheckedDerivedToBase) {
        auto P = place(CE->getSubExpr());
        if (P && CE->getCastKind() != CK_NoOp)
          P->Depth = -1;
        return P;
      }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      return place(MTE->getSubExpr());
    return std::nullopt;
  }

  /// The shared place a pointer value points to, if any.
  std::optional<SharedPlace> pointer(const Expr *E) {
    E = E->IgnoreParens();
    // `SharedMemory<T>().getPointer()`: the temporary wraps the call in
    // ExprWithCleanups.
    if (const auto *FE = dyn_cast<FullExpr>(E))
      return pointer(FE->getSubExpr());
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      switch (CE->getCastKind()) {
      case CK_ArrayToPointerDecay:
        return place(CE->getSubExpr());
      case CK_LValueToRValue:
        return pointerVariable(CE->getSubExpr());
      case CK_NoOp:
        return pointer(CE->getSubExpr());
      case CK_BitCast:
      case CK_AddressSpaceConversion:
      case CK_UncheckedDerivedToBase: {
        auto P = pointer(CE->getSubExpr());
        if (P)
          P->Depth = -1;
        return P;
      }
      default:
        return std::nullopt;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_AddrOf)
        return place(UO->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
        return std::nullopt;
      const Expr *Ptr = BO->getLHS(), *Int = BO->getRHS();
      if (!Ptr->getType()->isPointerType())
        std::swap(Ptr, Int);
      auto P = pointer(Ptr);
      if (!P || !Int->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      SymRef Elem = typeSize(Ptr->getType()->getPointeeType());
      if (!Elem)
        return std::nullopt;
      SymRef Idx = SymExpr::cast(value(Int), I64);
      if (BO->getOpcode() == BO_Sub)
        Idx = SymExpr::unary(Op::Neg, Idx, I64);
      return SharedPlace{P->Array, add(P->Offset, mul(Idx, Elem)), -1};
    }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      return pointer(MTE->getSubExpr());
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return returnedPointer(Call);
    return std::nullopt;
  }

  /// A helper that returns a shared pointer, as in the CUDA samples'
  /// `SharedMemory<T>::getPointer()`: follows its single `return`.
  std::optional<SharedPlace> returnedPointer(const CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!FD || !FD->hasBody(Def) || !Def || CallChain.size() >= MaxInlineDepth)
      return std::nullopt;
    const ReturnStmt *Only = nullptr;
    for (const Stmt *S : Def->getBody()->children())
      if (const auto *R = dyn_cast_or_null<ReturnStmt>(S)) {
        if (Only)
          return std::nullopt;
        Only = R;
      }
    if (!Only || !Only->getRetValue())
      return std::nullopt;
    auto P = pointer(Only->getRetValue());
    if (P)
      P->Depth = -1;
    return P;
  }

  std::optional<SharedPlace> pointerVariable(const Expr *LV) {
    const auto *DRE = dyn_cast<DeclRefExpr>(LV->IgnoreParens());
    if (!DRE)
      return std::nullopt;
    auto B = PointerBindings.find(DRE->getDecl());
    if (B != PointerBindings.end())
      return B->second;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
        Mutated.count(VD) || !VD->getInit())
      return std::nullopt;
    auto P = pointer(VD->getInit());
    if (P)
      P->Depth = -1;
    return P;
  }

  // Pointer parameters of inlined device functions bound to shared places.
  llvm::DenseMap<const ValueDecl *, std::optional<SharedPlace>> PointerBindings;

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  /// For `*(T *)&array[i][j]` and `((T *)&array[i][j])[0]` (a vector or
  /// reinterpreted access at one element), the subscript `array[i][j]`.
  const Expr *elementBehindCast(const Expr *E) const {
    const Expr *Ptr = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref)
        Ptr = UO->getSubExpr();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      Expr::EvalResult Index;
      if (!ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
          !ASE->getIdx()->isValueDependent() &&
          ASE->getIdx()->EvaluateAsInt(Index, Ctx) && Index.Val.getInt() == 0)
        Ptr = ASE->getBase();
    }
    if (!Ptr)
      return nullptr;
    const auto *Addr = dyn_cast<UnaryOperator>(Ptr->IgnoreParenCasts());
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      return nullptr;
    return Addr->getSubExpr()->IgnoreParens();
  }

  /// Fills Direct/IndexExprs/Indices when \p LV is `array[i]...[j]` with
  /// one subscript per dimension of the array, possibly behind a cast of its
  /// address (elementBehindCast).
  void describeSubscripts(AccessSite &Site, const Expr *LV) {
    std::vector<const Expr *> Idx;
    const Expr *E = LV ? LV->IgnoreParens() : nullptr;
    if (const Expr *Element = E ? elementBehindCast(E) : nullptr)
      E = Element;
    while (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(E)) {
      Idx.push_back(ASE->getIdx());
      E = ASE->getBase()->IgnoreParenImpCasts();
    }
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
    if (!DRE || DRE->getDecl() != Site.Array || Idx.empty() ||
        Idx.size() != extentsOf(Site.Array).size())
      return;
    std::reverse(Idx.begin(), Idx.end());
    Site.Direct = true;
    Site.IndexExprs = Idx;
    for (const Expr *I : Idx)
      Site.Indices.push_back(SymExpr::cast(value(I), I64));
  }

  void record(const Expr *Where, const SharedPlace &P, QualType AccessType,
              AccessKind Kind, SourceLocation Loc, const Expr *LV) {
    AccessSite Site;
    Site.Where = Where;
    Site.Loc = Loc;
    Site.Array = P.Array;
    Site.CallChain = CallChain;
    Site.Model.Kind = Kind;
    Site.Model.Conditions = Conditions;
    Site.Model.Loops = LoopStack;
    if (AccessType->isIncompleteType() || AccessType->isDependentType()) {
      Site.Model.Unsupported = "the accessed type has no known size";
    } else {
      const int64_t Width = Ctx.getTypeSizeInChars(AccessType).getQuantity();
      const int64_t Align = Ctx.getTypeAlignInChars(AccessType).getQuantity();
      if (Width != 1 && Width != 2 && Width != 4 && Width != 8 && Width != 16)
        Site.Model.Unsupported =
            "a " + std::to_string(Width) +
            "-byte access is split into several instructions by the compiler";
      else if (Width > 4 && Align < Width)
        // struct {float x, y, z, w;} is 16 bytes but 4-aligned: the compiler
        // emits narrower instructions whose grouping ldslint cannot know.
        Site.Model.Unsupported =
            "a " + std::to_string(Width) + "-byte access with " +
            std::to_string(Align) +
            "-byte alignment is split into narrower instructions by the compiler";
      Site.Model.WidthBytes = static_cast<unsigned>(Width);
      Site.Model.Address = P.Offset;
      if (P.Array)
        Site.Model.BaseAlign =
            P.Array->hasExternalStorage()
                ? static_cast<unsigned>(Ctx.getDeclAlign(P.Array).getQuantity())
                : 16;
    }
    Site.LValue = LV;
    describeSubscripts(Site, LV);
    Out.Accesses.push_back(std::move(Site));
    keepTouched();
  }

  /// References to shared variables met while computing the current place;
  /// they become Out.FollowedRefs once the place is used (an access recorded
  /// or a pointer parameter bound).
  std::vector<const DeclRefExpr *> Touched;
  void keepTouched() {
    Out.FollowedRefs.insert(Touched.begin(), Touched.end());
    Touched.clear();
  }

  bool accessIfShared(const Expr *LV, const Expr *Where, AccessKind Kind) {
    if (!LV)
      return false;
    Touched.clear();
    auto P = place(LV);
    if (!P)
      return false;
    record(Where, *P, LV->getType(), Kind, LV->getExprLoc(), LV);
    return true;
  }

  unsigned WalkSteps = 0;
  /// False once the walk has visited MaxWalkSteps nodes: it stops there.
  bool step() {
    if (Out.TooLarge || ++WalkSteps <= MaxWalkSteps)
      return !Out.TooLarge;
    Out.TooLarge = true;
    return false;
  }

  void walk(const Stmt *S) {
    if (!S || !step())
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return walkCompound(CS);
    if (const auto *FS = dyn_cast<ForStmt>(S))
      return walkFor(FS);
    if (const auto *WS = dyn_cast<WhileStmt>(S))
      return walkWhile(WS, nullptr, nullptr);
    if (const auto *IS = dyn_cast<IfStmt>(S))
      return walkIf(IS);
    if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
      if (keepsRolled(AS))
        RolledLoops.insert(AS->getSubStmt());
      return walk(AS->getSubStmt());
    }
    if (const auto *E = dyn_cast<Expr>(S))
      if (walkExpr(E))
        return;
    for (const Stmt *Child : S->children())
      walk(Child);
  }

  static bool endsInReturn(const Stmt *S) {
    if (!S)
      return false;
    if (isa<ReturnStmt>(S))
      return true;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return !CS->body_empty() && endsInReturn(CS->body_back());
    return false;
  }

  void walkCompound(const CompoundStmt *CS) {
    const size_t Saved = Conditions.size();
    for (const Stmt *Child : CS->body()) {
      const Stmt *Loop = Child; // `#pragma unroll` wraps the loop
      while (const auto *AS = dyn_cast<AttributedStmt>(Loop))
        Loop = AS->getSubStmt();
      if (const auto *WS = dyn_cast<WhileStmt>(Loop))
        walkWhile(WS, CS, Child);
      else
        walk(Child);
      // `if (c) return;` leaves only the lanes with !c for what follows.
      if (const auto *IS = dyn_cast<IfStmt>(Child))
        if (!IS->getElse() && !IS->getConditionVariable() &&
            endsInReturn(IS->getThen()))
          Conditions.push_back(
              {SymExpr::unary(Op::LNot, value(IS->getCond()), IntType{1, false}),
               "!(" + spelling(IS->getCond()) + ")"});
    }
    Conditions.resize(Saved);
  }

  void walkIf(const IfStmt *IS) {
    walk(IS->getInit());
    walk(IS->getConditionVariableDeclStmt());
    walk(IS->getCond());
    SymRef C = value(IS->getCond());
    const std::string Text = spelling(IS->getCond());
    Conditions.push_back({C, Text});
    walk(IS->getThen());
    Conditions.pop_back();
    if (IS->getElse()) {
      Conditions.push_back(
          {SymExpr::unary(Op::LNot, C, IntType{1, false}), "!(" + Text + ")"});
      walk(IS->getElse());
      Conditions.pop_back();
    }
  }

  /// Loops under `#pragma unroll 1` or `#pragma nounroll`.
  std::set<const Stmt *> RolledLoops;
  bool NextLoopRolled = false;

  bool keepsRolled(const AttributedStmt *AS) const {
    for (const Attr *A : AS->getAttrs())
      if (const auto *LH = dyn_cast<LoopHintAttr>(A)) {
        if (LH->getOption() == LoopHintAttr::Unroll &&
            LH->getState() == LoopHintAttr::Disable)
          return true;
        if (LH->getOption() == LoopHintAttr::UnrollCount && LH->getValue() &&
            !LH->getValue()->isValueDependent())
          if (auto V = LH->getValue()->getIntegerConstantExpr(Ctx))
            if (*V == 1)
              return true;
      }
    return false;
  }

  void walkFor(const ForStmt *FS) {
    NextLoopRolled = RolledLoops.count(FS) > 0;
    walk(FS->getInit());
    const VarDecl *Var = nullptr;
    SymRef Init;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
          if (VD->getInit() && VD->getType()->isIntegralOrEnumerationType()) {
            Var = VD;
            Init = value(VD->getInit());
          }
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
      if (BO->getOpcode() == BO_Assign)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
            if (VD->getType()->isIntegralOrEnumerationType()) {
              Var = VD;
              Init = value(BO->getRHS());
            }
    }
    if (!Var) {
      walk(FS->getCond());
      walk(FS->getInc());
      walk(FS->getBody());
      return;
    }
    walkLoop(Var, Init, "for (" + Var->getNameAsString() + " ...)",
             FS->getCond(), FS->getInc(), FS->getBody(), /*StopsOnContinue=*/false,
             [&] {
               walk(FS->getCond());
               walk(FS->getBody());
               walk(FS->getInc());
             });
  }

  /// `while (cond) { ...; v op= e; }` where the last statement is the only
  /// change of the local `v` in the function and `v` is declared in the
  /// block \p Parent that holds the loop (as its statement \p InParent),
  /// before it: enumerated like
  /// `for (v = init; cond; v op= e) { ... }` (the declaration runs each time
  /// the loop is reached, so its initializer is the start value).
  void walkWhile(const WhileStmt *WS, const CompoundStmt *Parent,
                 const Stmt *InParent) {
    const auto *Body = dyn_cast<CompoundStmt>(WS->getBody());
    const Expr *Update =
        Body && !Body->body_empty() ? dyn_cast<Expr>(Body->body_back()) : nullptr;
    const VarDecl *Var = Update ? updatedLocal(Update) : nullptr;
    if (!Var || WS->getConditionVariable() || !Var->getInit() ||
        !Var->getType()->isIntegralOrEnumerationType() ||
        !declaredBefore(Var, InParent, Parent) || mutationsInFunction(Var) != 1) {
      walk(WS->getCond());
      walk(WS->getBody());
      return;
    }
    walkLoop(Var, value(Var->getInit()),
             "while (" + spelling(WS->getCond()) + ")", WS->getCond(), Update,
             Body, /*StopsOnContinue=*/true, [&] {
               walk(WS->getCond());
               for (const Stmt *Child : Body->body())
                 walk(Child);
             });
  }

  /// The local variable that \p E increments, decrements or compound-
  /// assigns, if that is all \p E does.
  static const VarDecl *updatedLocal(const Expr *E) {
    E = E->IgnoreParens();
    const Expr *Target = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      Target = UO->isIncrementDecrementOp() ? UO->getSubExpr() : nullptr;
    else if (const auto *BO = dyn_cast<BinaryOperator>(E))
      Target = BO->isAssignmentOp() ? BO->getLHS() : nullptr;
    const auto *DRE =
        Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) ? VD : nullptr;
  }

  /// Whether \p VD is declared by a statement of \p Parent before \p S.
  static bool declaredBefore(const VarDecl *VD, const Stmt *S,
                             const CompoundStmt *Parent) {
    if (!Parent)
      return false;
    for (const Stmt *Child : Parent->body()) {
      if (Child == S)
        return false;
      if (const auto *DS = dyn_cast<DeclStmt>(Child))
        for (const Decl *D : DS->decls())
          if (D == VD)
            return true;
    }
    return false;
  }

  static unsigned mutationsInFunction(const VarDecl *VD) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!FD || !FD->getBody())
      return 0;
    MutationScan Scan;
    Scan.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    auto It = Scan.Count.find(VD);
    return It == Scan.Count.end() ? 0 : It->second;
  }

  /// Makes \p Var a loop symbol (initial value \p Init, header \p Cond and
  /// \p Inc) while \p WalkBody walks the loop.
  void walkLoop(const VarDecl *Var, const SymRef &Init, const std::string &Text,
                const Expr *Cond, const Expr *Inc, const Stmt *Body,
                bool StopsOnContinue, const std::function<void()> &WalkBody) {
    LoopModel L;
    SymbolInfo S;
    S.Kind = SymbolKind::LoopVar;
    S.Name = Var->getNameAsString();
    S.LoopIndex = static_cast<unsigned>(K.Loops.size());
    L.Var = K.addSymbol(S);
    L.VarType = intTypeOf(Ctx, Var->getType());
    L.Init = Init;
    L.Text = Text;
    L.UnrollDisabled = std::exchange(NextLoopRolled, false);
    K.Loops.push_back(L);
    const unsigned LoopIdx = S.LoopIndex;

    // Inside the loop the variable is the loop symbol, not its initializer.
    auto SavedBinding = Bindings.find(Var) != Bindings.end()
                            ? std::optional<SymRef>(Bindings[Var])
                            : std::nullopt;
    LocalCache.erase(Var);
    const SymRef VarSym = SymExpr::symbol(L.Var, L.VarType);
    Bindings[Var] = VarSym;

    if (Cond)
      K.Loops[LoopIdx].Cond = value(Cond);
    else
      K.Loops[LoopIdx].Enumerable = false;
    stepOf(Inc, Var, VarSym, LoopIdx);

    EarlyExitScan Exits;
    Exits.StopsOnContinue = StopsOnContinue;
    Exits.TraverseStmt(const_cast<Stmt *>(Body));
    // The variable must change only in the increment (for a while loop, the
    // update is part of the body: it was counted as the only change).
    MutationScan BodyScan;
    BodyScan.TraverseStmt(const_cast<Stmt *>(Body));
    const bool ChangedInBody = !StopsOnContinue && BodyScan.Mutated.count(Var);
    if (Exits.Found || ChangedInBody)
      K.Loops[LoopIdx].Enumerable = false;
    if (ChangedInBody)
      K.Loops[LoopIdx].Step = nullptr;

    LoopStack.push_back(LoopIdx);
    WalkBody();
    LoopStack.pop_back();
    if (SavedBinding)
      Bindings[Var] = *SavedBinding;
    else
      Bindings.erase(Var);
  }

  void stepOf(const Expr *Inc, const VarDecl *Var, const SymRef &VarSym,
              unsigned LoopIdx) {
    LoopModel &L = K.Loops[LoopIdx];
    auto refersToVar = [&](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == Var;
    };
    const IntType T = L.VarType;
    if (!Inc) {
      L.Enumerable = false;
      return;
    }
    Inc = Inc->IgnoreParens();
    if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
      if (UO->isIncrementDecrementOp() && refersToVar(UO->getSubExpr())) {
        const bool Up = UO->isIncrementOp();
        L.Step = SymExpr::constant(Up ? 1 : -1, T);
        L.Next = SymExpr::binary(Op::Add, VarSym, L.Step, T);
        return;
      }
    }
    if (const auto *CAO = dyn_cast<CompoundAssignOperator>(Inc)) {
      if (refersToVar(CAO->getLHS())) {
        SymRef R = SymExpr::cast(value(CAO->getRHS()), T);
        switch (CAO->getOpcode()) {
        case BO_AddAssign:
          L.Step = R;
          L.Next = SymExpr::binary(Op::Add, VarSym, R, T);
          return;
        case BO_SubAssign:
          L.Step = SymExpr::unary(Op::Neg, R, T);
          L.Next = SymExpr::binary(Op::Sub, VarSym, R, T);
          return;
        case BO_MulAssign:
          L.Next = SymExpr::binary(Op::Mul, VarSym, R, T);
          return;
        case BO_DivAssign:
          L.Next = SymExpr::binary(Op::Div, VarSym, R, T);
          return;
        case BO_ShlAssign:
          L.Next = SymExpr::binary(Op::Shl, VarSym, R, T);
          return;
        case BO_ShrAssign:
          L.Next = SymExpr::binary(Op::Shr, VarSym, R, T);
          return;
        default:
          break;
        }
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(Inc))
      if (BO->getOpcode() == BO_Assign && refersToVar(BO->getLHS())) {
        L.Next = SymExpr::cast(value(BO->getRHS()), T);
        return;
      }
    L.Enumerable = false;
  }

  /// Handles the expressions that access shared memory or call a device
  /// function. Returns true when the children were already walked.
  bool walkExpr(const Expr *E) {
    if (!step())
      return true; // children not walked either
    if (const auto *CE = dyn_cast<ImplicitCastExpr>(E))
      if (CE->getCastKind() == CK_LValueToRValue) {
        accessIfShared(CE->getSubExpr(), CE, AccessKind::Read);
        return false;
      }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp()) {
        // Right side first: it is evaluated before the store.
        walk(BO->getRHS());
        if (BO->isCompoundAssignmentOp())
          accessIfShared(BO->getLHS(), BO, AccessKind::Read);
        accessIfShared(BO->getLHS(), BO, AccessKind::Write);
        walkSubExprs(BO->getLHS());
        return true;
      }
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
        walk(BO->getLHS());
        SymRef C = value(BO->getLHS());
        if (BO->getOpcode() == BO_LOr)
          C = SymExpr::unary(Op::LNot, C, IntType{1, false});
        Conditions.push_back({C, spelling(BO->getLHS())});
        walk(BO->getRHS());
        Conditions.pop_back();
        return true;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->isIncrementDecrementOp()) {
        if (accessIfShared(UO->getSubExpr(), UO, AccessKind::Read))
          accessIfShared(UO->getSubExpr(), UO, AccessKind::Write);
        walkSubExprs(UO->getSubExpr());
        return true;
      }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      walk(CO->getCond());
      SymRef C = value(CO->getCond());
      const std::string Text = spelling(CO->getCond());
      Conditions.push_back({C, Text});
      walk(CO->getTrueExpr());
      Conditions.back() = {SymExpr::unary(Op::LNot, C, IntType{1, false}),
                           "!(" + Text + ")"};
      walk(CO->getFalseExpr());
      Conditions.pop_back();
      return true;
    }
    if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
      const CXXConstructorDecl *Ctor = CCE->getConstructor();
      if (Ctor && (Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
          CCE->getNumArgs() >= 1 &&
          accessIfShared(CCE->getArg(0), CCE, AccessKind::Read)) {
        walkSubExprs(CCE->getArg(0));
        return true;
      }
      return false;
    }
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2) {
        walk(OCE->getArg(1));
        if (OCE->getArg(1)->isGLValue())
          accessIfShared(OCE->getArg(1), OCE, AccessKind::Read);
        accessIfShared(OCE->getArg(0), OCE, AccessKind::Write);
        walkSubExprs(OCE->getArg(0));
        return true;
      }
      return false;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return walkCall(Call);
    return false;
  }

  /// Walks the subexpressions of an lvalue (its indices) without treating
  /// the lvalue itself as an access.
  void walkSubExprs(const Expr *LV) {
    LV = LV->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(LV)) {
      walkSubExprs(ASE->getBase());
      walk(ASE->getIdx());
      return;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(LV)) {
      if (ME->isArrow())
        walk(ME->getBase());
      else
        walkSubExprs(ME->getBase());
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(LV)) {
      walk(UO->getSubExpr());
      return;
    }
    if (isa<DeclRefExpr>(LV))
      return;
    walk(LV);
  }

  bool walkCall(const CallExpr *Call) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD)
      return false;
    if (isAtomicFunction(FD) && Call->getNumArgs() >= 1) {
      for (unsigned I = 1; I < Call->getNumArgs(); ++I)
        walk(Call->getArg(I));
      Touched.clear();
      if (auto P = pointer(Call->getArg(0))) {
        QualType T = Call->getArg(0)->getType()->getPointeeType();
        const Expr *Target = Call->getArg(0)->IgnoreParenImpCasts();
        if (const auto *AddrOf = dyn_cast<UnaryOperator>(Target))
          Target = AddrOf->getOpcode() == UO_AddrOf ? AddrOf->getSubExpr() : nullptr;
        record(Call, *P, T, AccessKind::Atomic, Call->getExprLoc(), Target);
      }
      walk(Call->getArg(0));
      return true;
    }
    const FunctionDecl *Def = nullptr;
    if (FD->hasBody(Def) && Def) {
      auto Active = std::find(Functions.begin(), Functions.end(), Def);
      for (auto It = Active; It != Functions.end(); ++It)
        Recursive.insert(*It); // every function of the cycle
    }
    if (!FD->hasBody(Def) || !Def || !Def->hasAttr<CUDADeviceAttr>() ||
        CallChain.size() >= MaxInlineDepth ||
        std::find(Functions.begin(), Functions.end(), Def) != Functions.end())
      return false;
    for (const Expr *Arg : Call->arguments())
      walk(Arg);
    // Analyse the callee in the caller's context: parameters become the
    // argument expressions.
    std::vector<std::pair<const ValueDecl *, std::optional<SymRef>>> Saved;
    std::vector<std::pair<const ValueDecl *, std::optional<std::optional<SharedPlace>>>> SavedPtr;
    unsigned ArgOffset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = 0; I < Def->getNumParams() && I + ArgOffset < Call->getNumArgs(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      const Expr *Arg = Call->getArg(I + ArgOffset);
      auto Old = Bindings.find(P);
      Saved.push_back({P, Old != Bindings.end() ? std::optional<SymRef>(Old->second)
                                                : std::nullopt});
      auto OldP = PointerBindings.find(P);
      SavedPtr.push_back({P, OldP != PointerBindings.end()
                                 ? std::optional<std::optional<SharedPlace>>(OldP->second)
                                 : std::nullopt});
      if (P->getType()->isIntegralOrEnumerationType())
        Bindings[P] = value(Arg);
      else if (P->getType()->isPointerType()) {
        Touched.clear();
        auto Place = pointer(Arg);
        if (Place) {
          Place->Depth = -1;
          keepTouched();
        }
        PointerBindings[P] = Place;
      }
    }
    Functions.push_back(Def);
    scanFunction(Def);
    CallChain.push_back(Call);
    walk(Def->getBody());
    CallChain.pop_back();
    Functions.pop_back();
    for (auto &[P, Old] : Saved) {
      if (Old)
        Bindings[P] = *Old;
      else
        Bindings.erase(P);
    }
    for (auto &[P, Old] : SavedPtr) {
      if (Old)
        PointerBindings[P] = *Old;
      else
        PointerBindings.erase(P);
    }
    // Inlined locals must not leak between call sites.
    LocalCache.clear();
    return true;
  }
};

} // namespace

ExtractedKernel extractKernel(ASTContext &Ctx, const FunctionDecl *Kernel,
                              unsigned WaveSize,
                              const std::set<const Expr *> *StrideMarks) {
  ExtractedKernel Out;
  Out.Kernel = Kernel;
  if (!Kernel->hasBody())
    return Out;
  Extractor(Ctx, Out, WaveSize, StrideMarks).run(Kernel);
  return Out;
}

} // namespace ldslint
