//===- LaunchSites.cpp -----------------------------------------------------===//
//
// Block shapes and constant kernel arguments read at launch sites.
//
// A launch reads its block shape (and integer arguments) from expressions
// that are folded where the launch reads them (`ValueFolder`):
//  * constants (anything clang folds: literals, constexpr, enumerators,
//    template arguments, macros);
//  * locals, integer or x/y/z records (dim3, uint3), followed from their
//    declaration through every later change that certainly runs before the
//    read: `dim3 b; b.x = 32; b.y = 8;`, `b = other;`, `n *= 2;`, `++n`;
//  * constructors (through their member initializers: `dim3(32, 8)`,
//    `dim3(uint3)`), helper functions (their return value, with the
//    arguments bound to the parameters), `?:` and integer arithmetic with C
//    semantics.
// A change that may or may not run before the read (in a branch, in a loop,
// after the read in a loop that carries it, through a pointer, a non-const
// reference or a lambda) makes the value unknown, and so does anything not
// listed. An unknown extent makes the launch's shape unknown (the
// evaluator's stated default): never a guessed constant.
//
// Where the launching function leaves the shape unknown because it comes
// from the function's parameters, each call of the function in the
// translation unit binds them (two levels of callers), and a launch under
// an `if` that such a binding decides against is dropped for that call.
// A kernel launched through a local function pointer is launched by each
// kernel the pointer is set to.
//
//===----------------------------------------------------------------------===//
#include "LaunchSites.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "UnitWalk.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <array>
#include <deque>
#include <map>
#include <memory>

using namespace clang;

namespace ldslint {

namespace {

/// The index of \p Call's argument for \p Callee's first parameter: 1 for
/// a member operator, which takes the object as argument 0, else 0.
unsigned firstParameterArgument(const CallExpr *Call, const FunctionDecl *Callee) {
  return isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) &&
                 !cast<CXXMethodDecl>(Callee)->isStatic()
             ? 1
             : 0;
}

std::optional<int64_t> foldInt(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

// ReqdWorkGroupSizeAttr holds unsigned extents up to LLVM 18, Exprs after.
std::optional<int64_t> foldInt(unsigned V, const ASTContext &) { return V; }

/// The most threads a block of \p Kernel has: `__launch_bounds__(N)`, which
/// CUDA keeps as such and HIP's headers spell
/// `amdgpu_flat_work_group_size(1, N)`.
std::optional<int64_t> maxThreadsOf(const FunctionDecl *Kernel, const ASTContext &Ctx) {
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
    return foldInt(LB->getMaxThreads(), Ctx);
  if (const auto *WG = Kernel->getAttr<AMDGPUFlatWorkGroupSizeAttr>())
    return foldInt(WG->getMax(), Ctx);
  return std::nullopt;
}

std::optional<BlockShape> shapeOf(int64_t X, int64_t Y, int64_t Z) {
  if (X <= 0 || Y <= 0 || Z <= 0 || X > 1024 || Y > 1024 || Z > 1024)
    return std::nullopt;
  return parseBlockShape(std::to_string(X) + "x" + std::to_string(Y) + "x" +
                         std::to_string(Z));
}

/// A launch whose block has constant leading extents and run-time trailing
/// ones (`dim3 b{4, 8, n / 32}`): the lanes of each warp (their threadIdx)
/// are fixed by the constant extents alone when every warp lies inside one
/// (y, z) row (x a multiple of 32) or inside one z slice (x * y a multiple
/// of 32, z unknown). The
/// unknown extents are taken as large as fit (every warp full); the shape's
/// Source says so. Null when the lanes would depend on an unknown extent.
std::optional<BlockShape> partialShape(std::optional<int64_t> X, std::optional<int64_t> Y,
                                       std::optional<int64_t> Z) {
  if (!X || *X <= 0 || *X > 1024 || (Y && (*Y <= 0 || *X * *Y > 1024)))
    return std::nullopt;
  std::string Unknown;
  if (Y && !Z && *X * *Y % 32 == 0) {
    Z = std::min<int64_t>(64, 1024 / (*X * *Y));
    Unknown = "blockDim.z";
  } else if (!Y && *X % 32 == 0) {
    const int64_t Known = Z && *Z > 0 ? *Z : 1;
    Unknown = Z ? "blockDim.y" : "blockDim.y and blockDim.z";
    Z = Known;
    Y = std::max<int64_t>(1, 1024 / (*X * Known));
  } else {
    return std::nullopt;
  }
  std::optional<BlockShape> S = shapeOf(*X, *Y, *Z);
  if (S)
    S->Source = " (" + Unknown + " not constant there: assumed " + S->str() +
                ", the most threads that fit; each warp's threadIdx values are "
                "the same for any " + Unknown + ")";
  return S;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

using llvm::APSInt;

/// An integer (part 0) or the x, y, z of a record such as dim3: each part
/// known or not.
struct Value {
  std::array<std::optional<APSInt>, 3> Part;

  bool operator==(const Value &O) const {
    for (unsigned I = 0; I < 3; ++I) {
      if (Part[I].has_value() != O.Part[I].has_value())
        return false;
      if (Part[I] && !APSInt::isSameValue(*Part[I], *O.Part[I]))
        return false;
    }
    return true;
  }
  /// The parts on which \p A and \p B agree.
  static Value meet(const Value &A, const Value &B) {
    Value V;
    for (unsigned I = 0; I < 3; ++I)
      if (A.Part[I] && B.Part[I] && APSInt::isSameValue(*A.Part[I], *B.Part[I]))
        V.Part[I] = A.Part[I];
    return V;
  }
  static Value ofInt(std::optional<APSInt> I) {
    Value V;
    V.Part[0] = std::move(I);
    return V;
  }
};

/// 0, 1, 2 for the fields x, y, z; -1 otherwise.
int xyzIndex(const FieldDecl *F) {
  if (!F || !F->getIdentifier())
    return -1;
  StringRef N = F->getName();
  return N == "x" ? 0 : N == "y" ? 1 : N == "z" ? 2 : -1;
}

/// A record with integer fields x, y and z (dim3, uint3, HIP's dim3).
bool isXYZRecord(QualType T) {
  const RecordDecl *RD = T.getNonReferenceType()->getAsRecordDecl();
  if (!RD || !RD->getDefinition())
    return false;
  unsigned Seen = 0;
  for (const FieldDecl *F : RD->getDefinition()->fields()) {
    int I = xyzIndex(F);
    if (I >= 0 && F->getType()->isIntegralOrEnumerationType())
      Seen |= 1u << I;
  }
  return Seen == 7;
}

bool isIntType(QualType T) {
  return T.getNonReferenceType()->isIntegralOrEnumerationType();
}

//===----------------------------------------------------------------------===//
// Function bodies: parents, order, and how each local is used
//===----------------------------------------------------------------------===//

/// One change of a local (or parameter).
struct Write {
  const Stmt *At = nullptr; ///< the expression that changes the variable
  int Part = -1;            ///< -1: the whole variable; 0..2: x, y, z
  enum KindT { Set, Compound, Inc, Dec, Opaque } Kind = Opaque;
  const Expr *RHS = nullptr; ///< Set: the new value; Compound: the operand
  unsigned Order = 0;        ///< post-order position in the body
};

struct VarUses {
  bool Escapes = false; ///< address taken, bound to a reference, unknown use
  std::vector<Write> Writes;
};

struct BodyInfo {
  const Stmt *Body = nullptr;
  std::unique_ptr<ParentMap> PM;
  llvm::DenseMap<const Stmt *, unsigned> Post;
  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> Refs;
  llvm::DenseMap<const VarDecl *, const DeclStmt *> Decls;
  llvm::DenseMap<const VarDecl *, VarUses> Uses;
  /// Uses of one record member of a local (classifyMemberUses).
  llvm::DenseMap<std::pair<const VarDecl *, const FieldDecl *>, VarUses> MemberUses;
  /// Statements of a block: their index, and how many of the block's
  /// statements up to and including them are case labels.
  llvm::DenseMap<const Stmt *, std::pair<unsigned, unsigned>> InBlock;
  llvm::DenseMap<const Stmt *, bool> CaseLabelInside;
  bool HasGoto = false, HasLoop = false, HasSwitch = false;

  const Stmt *parent(const Stmt *S) const { return PM->getParent(S); }
  /// S, its parent, ..., the body; empty if S is not in the body.
  llvm::SmallVector<const Stmt *, 16> chain(const Stmt *S) const {
    llvm::SmallVector<const Stmt *, 16> C;
    for (const Stmt *P = S; P; P = parent(P))
      C.push_back(P);
    if (C.empty() || C.back() != Body)
      C.clear();
    return C;
  }
};

std::unique_ptr<BodyInfo> scanBody(const Stmt *Body) {
  auto B = std::make_unique<BodyInfo>();
  B->Body = Body;
  B->PM = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  struct Item {
    const Stmt *S;
    Stmt::const_child_iterator It, End;
  };
  std::vector<Item> Stack;
  unsigned N = 0;
  auto push = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        B->Refs[VD].push_back(DRE);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          B->Decls[VD] = DS;
    } else if (isa<GotoStmt, IndirectGotoStmt>(S)) {
      B->HasGoto = true;
    } else if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      unsigned I = 0, Cases = 0;
      for (const Stmt *C : CS->body()) {
        Cases += isa<SwitchCase>(C);
        B->InBlock[C] = {I++, Cases};
      }
    } else if (isa<SwitchStmt>(S)) {
      B->HasSwitch = true;
    }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      B->HasLoop = true;
    auto Children = S->children();
    Stack.push_back({S, Children.begin(), Children.end()});
  };
  push(Body);
  while (!Stack.empty()) {
    Item &Top = Stack.back();
    if (Top.It != Top.End) {
      const Stmt *C = *Top.It;
      ++Top.It;
      if (C)
        push(C);
      continue;
    }
    B->Post[Top.S] = N++;
    Stack.pop_back();
  }
  return B;
}

const Stmt *skipParensUp(const BodyInfo &B, const Stmt *S, const Stmt *&Child) {
  Child = S;
  const Stmt *P = B.parent(S);
  while (P && isa<ParenExpr>(P)) {
    Child = P;
    P = B.parent(P);
  }
  return P;
}

/// A call to nvcc's host min/max (by value) that clang's device compile
/// could not resolve.
bool isByValueHostCall(const RecoveryExpr *RE) {
  for (const Expr *Sub : RE->subExpressions()) {
    if (!Sub)
      return false;
    DeclarationName Name;
    if (const auto *OE = dyn_cast<OverloadExpr>(Sub->IgnoreParenImpCasts()))
      Name = OE->getName();
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParenImpCasts()))
      Name = DRE->getDecl()->getDeclName();
    if (!Name.isIdentifier())
      return false;
    StringRef N = Name.getAsIdentifierInfo()->getName();
    return N == "min" || N == "max" || N == "umin" || N == "umax" ||
           N == "llmin" || N == "llmax" || N == "ullmin" || N == "ullmax";
  }
  return false;
}

/// Sorts one use of a variable (\p Ref: a reference to it, or to the
/// record member followed) into a read (ignored), a write or an escape.
void classifyUse(const BodyInfo &B, const Expr *Ref, VarUses &U) {
  auto opaque = [&](const Stmt *At, int Part) {
    Write W;
    W.At = At;
    W.Part = Part;
    W.Kind = Write::Opaque;
    U.Writes.push_back(W);
  };
  {
    const Stmt *L = nullptr;
    const Stmt *P = skipParensUp(B, Ref, L);
    int Part = -1;
    // `v.x`: a part; `v.other`: not one of the parts we track.
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
      if (ME->isArrow() || ME->getBase() != L) {
        U.Escapes = true;
        return;
      }
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        Part = xyzIndex(FD);
        if (Part < 0)
          return; // another field: x, y, z do not change through it
        P = skipParensUp(B, ME, L);
      } else if (const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl())) {
        if (!MD->isConst() && !MD->isStatic())
          opaque(B.parent(ME) ? B.parent(ME) : ME, -1);
        return;
      } else {
        U.Escapes = true;
        return;
      }
    }
    if (!P) {
      U.Escapes = true;
      return;
    }
    if (cast<Expr>(L)->getType().isConstQualified())
      return; // cannot change through a const lvalue
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
      const CastKind K = ICE->getCastKind();
      if (K == CK_LValueToRValue || K == CK_ToVoid ||
          (K == CK_NoOp && ICE->getType().isConstQualified()))
        return; // read
      // `return v;` and other copies or moves from an xvalue
      if (K == CK_NoOp)
        if (const auto *CCE = dyn_cast_or_null<CXXConstructExpr>(B.parent(ICE)))
          if (CCE->getConstructor() &&
              CCE->getConstructor()->isCopyOrMoveConstructor())
            return;
      U.Escapes = true;
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp()) {
        Write W;
        W.At = UO;
        W.Part = Part;
        W.Kind = UO->isIncrementOp() ? Write::Inc : Write::Dec;
        U.Writes.push_back(W);
      } else {
        U.Escapes = true; // &v and anything else on the lvalue
      }
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getLHS() == L && BO->isAssignmentOp()) {
        Write W;
        W.At = BO;
        W.Part = Part;
        W.RHS = BO->getRHS();
        W.Kind = BO->getOpcode() == BO_Assign ? Write::Set : Write::Compound;
        U.Writes.push_back(W);
      } else if (BO->getOpcode() == BO_Comma && BO->getLHS() == L) {
        // discarded
      } else {
        U.Escapes = true;
      }
      return;
    }
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(P)) {
      if (OCE->getNumArgs() > 0 && OCE->getArg(0) == L) {
        if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2) {
          Write W;
          W.At = OCE;
          W.Part = Part;
          W.Kind = Write::Set;
          W.RHS = OCE->getArg(1);
          U.Writes.push_back(W);
          return;
        }
        const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OCE->getDirectCallee());
        if (MD && MD->isConst())
          return;
      }
      opaque(OCE, Part); // bound to a non-const reference
      return;
    }
    if (isa<CallExpr, CXXConstructExpr>(P)) {
      opaque(P, Part); // bound to a non-const reference parameter
      return;
    }
    if (isa<UnaryExprOrTypeTraitExpr, LambdaExpr>(P))
      return; // unevaluated; a capture (the lambda's own uses are scanned)
    if (const auto *RE = dyn_cast<RecoveryExpr>(P)) {
      // A call clang could not resolve (host code set aside by
      // -fgpu-defer-diag): nvcc's host min/max take their operands by value.
      if (!isByValueHostCall(RE))
        opaque(RE, Part);
      return;
    }
    U.Escapes = true; // a reference binding, asm output, anything else
  }
}

/// Sorts the uses of \p VD into reads (ignored), writes and escapes.
VarUses classifyUses(const BodyInfo &B, const VarDecl *VD) {
  VarUses U;
  auto It = B.Refs.find(VD);
  if (It == B.Refs.end())
    return U;
  for (const DeclRefExpr *DRE : It->second)
    classifyUse(B, DRE, U);
  return U;
}

/// The uses of the record member \p Field of the local record \p VD
/// (`config.blockDim` of a cudaLaunchConfig_t): its writes, whole
/// (`config.blockDim = dim3(128)`) or by part (`config.blockDim.x = n`).
/// Other members do not change it; the record's address passed as a
/// pointer to const (the launch call) reads it; the record written whole
/// changes it in a way not followed; anything else is an escape.
VarUses classifyMemberUses(const BodyInfo &B, const VarDecl *VD, const FieldDecl *Field) {
  VarUses U;
  auto It = B.Refs.find(VD);
  if (It == B.Refs.end())
    return U;
  for (const DeclRefExpr *DRE : It->second) {
    const Stmt *L = nullptr;
    const Stmt *P = skipParensUp(B, DRE, L);
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(P);
        ME && !ME->isArrow() && ME->getBase() == L) {
      if (ME->getMemberDecl() == Field)
        classifyUse(B, ME, U);
      else if (!isa<FieldDecl>(ME->getMemberDecl()))
        U.Escapes = true; // a member function may change any member
      continue;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
        UO && UO->getOpcode() == UO_AddrOf) {
      const Stmt *Arg = nullptr;
      const Stmt *Use = skipParensUp(B, UO, Arg);
      while (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Use))
        Use = skipParensUp(B, ICE, Arg);
      const auto *Call = dyn_cast_or_null<CallExpr>(Use);
      // An operator call's arguments do not line up with a member
      // operator's parameters (its object is argument 0): not followed.
      const FunctionDecl *Callee =
          Call && !isa<CXXOperatorCallExpr>(Call) ? Call->getDirectCallee() : nullptr;
      bool ToConst = false;
      if (Callee)
        for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams(); ++I)
          if (Call->getArg(I) == Arg) {
            const QualType T = Callee->getParamDecl(I)->getType();
            ToConst = T->isPointerType() && T->getPointeeType().isConstQualified();
          }
      if (!ToConst)
        U.Escapes = true;
      continue;
    }
    VarUses Whole;
    classifyUse(B, DRE, Whole);
    U.Escapes |= Whole.Escapes;
    for (Write W : Whole.Writes) {
      W.Kind = Write::Opaque; // the record written whole: not followed
      W.Part = -1;
      U.Writes.push_back(W);
    }
  }
  return U;
}

//===----------------------------------------------------------------------===//
// Control flow: does a write certainly run before a read?
//===----------------------------------------------------------------------===//

bool isLoop(const Stmt *S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// Runs \p Child exactly once whenever \p Parent runs (jumps aside)?
bool runsOnceWith(const BodyInfo &B, const Stmt *Parent, const Stmt *Child) {
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return Child == If->getInit() || Child == If->getConditionVariableDeclStmt() ||
           Child == If->getCond();
  if (const auto *Sw = dyn_cast<SwitchStmt>(Parent))
    return Child == Sw->getInit() || Child == Sw->getConditionVariableDeclStmt() ||
           Child == Sw->getCond();
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return Child == For->getInit();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Parent))
    return Child == Range->getInit() || Child == Range->getRangeStmt() ||
           Child == Range->getBeginStmt() || Child == Range->getEndStmt();
  if (const auto *CO = dyn_cast<ConditionalOperator>(Parent))
    return Child == CO->getCond();
  if (const auto *BO = dyn_cast<BinaryOperator>(Parent))
    return !BO->isLogicalOp() || Child == BO->getLHS();
  if (const auto *Try = dyn_cast<CXXTryStmt>(Parent))
    return Child == Try->getTryBlock();
  // A block runs its statements in order (a jump into it past the write is
  // checked where the read is: see entersBetween); a label runs its
  // statement whether reached by a jump or by falling through.
  if (isa<CompoundStmt, DeclStmt, ReturnStmt, AttributedStmt, SwitchCase,
          LabelStmt>(Parent))
    return true;
  if (isa<BinaryConditionalOperator, LambdaExpr, BlockExpr,
          UnaryExprOrTypeTraitExpr, CXXNoexceptExpr, CXXTypeidExpr,
          GenericSelectionExpr, ChooseExpr, CXXFoldExpr, OpaqueValueExpr>(Parent))
    return false;
  return isa<Expr>(Parent);
}

enum class Relation { Before, Irrelevant, Maybe };

/// Has \p S (outside nested switches) a case or default label?
bool hasCaseLabel(BodyInfo &B, const Stmt *S) {
  if (!S || isa<SwitchStmt>(S))
    return false;
  if (isa<SwitchCase>(S))
    return true;
  auto It = B.CaseLabelInside.find(S);
  if (It != B.CaseLabelInside.end())
    return It->second;
  bool Found = false;
  for (const Stmt *C : S->children())
    if (hasCaseLabel(B, C)) {
      Found = true;
      break;
    }
  B.CaseLabelInside[S] = Found;
  return Found;
}

/// Can a switch jump into the block \p Lca after its statement \p CW and
/// reach its later statement \p CR without running \p CW? (goto: see
/// HasGoto)
bool entersBetween(BodyInfo &B, const Stmt *Lca, const Stmt *CW, const Stmt *CR) {
  if (!B.HasSwitch || !isa<CompoundStmt>(Lca))
    return false;
  auto W = B.InBlock.find(CW), R = B.InBlock.find(CR);
  if (W == B.InBlock.end() || R == B.InBlock.end())
    return true;
  // case labels strictly between the two, or inside the reading statement
  const unsigned Between = R->second.second - W->second.second -
                           (isa<SwitchCase>(CR) ? 1 : 0);
  return Between > 0 || hasCaseLabel(B, CR);
}

/// Position of \p Child among the parts of \p Parent that run in sequence
/// (-1: not one of them, e.g. a loop body).
int sequencePos(const BodyInfo &B, const Stmt *Parent, const Stmt *Child) {
  if (isa<CompoundStmt>(Parent)) {
    auto It = B.InBlock.find(Child);
    return It == B.InBlock.end() ? -1 : static_cast<int>(It->second.first);
  }
  if (const auto *If = dyn_cast<IfStmt>(Parent)) {
    if (Child == If->getInit())
      return 0;
    if (Child == If->getConditionVariableDeclStmt())
      return 1;
    if (Child == If->getCond())
      return 2;
    if (Child == If->getThen() || Child == If->getElse())
      return 3; // the arms: see exclusiveArms
    return -1;
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(Parent)) {
    if (Child == Sw->getInit())
      return 0;
    if (Child == Sw->getConditionVariableDeclStmt())
      return 1;
    if (Child == Sw->getCond())
      return 2;
    if (Child == Sw->getBody())
      return 3;
    return -1;
  }
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return Child == For->getInit() ? 0 : 1; // the rest repeats
  if (const auto *CO = dyn_cast<ConditionalOperator>(Parent))
    return Child == CO->getCond() ? 0 : 1;
  if (const auto *BO = dyn_cast<BinaryOperator>(Parent)) {
    if (BO->isLogicalOp() || BO->getOpcode() == BO_Comma)
      return Child == BO->getLHS() ? 0 : 1;
    return -1; // unsequenced (or sequenced the other way round)
  }
  return -1;
}

bool exclusiveArms(const Stmt *Parent, const Stmt *A, const Stmt *B) {
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return (A == If->getThen() && B == If->getElse()) ||
           (A == If->getElse() && B == If->getThen());
  if (const auto *CO = dyn_cast<ConditionalOperator>(Parent))
    return (A == CO->getTrueExpr() && B == CO->getFalseExpr()) ||
           (A == CO->getFalseExpr() && B == CO->getTrueExpr());
  return false;
}

/// Does a loop enclosing \p From (strictly) carry values of a variable
/// declared under \p DeclAncestors (empty: a parameter) around to the next
/// iteration?
bool loopCarried(const BodyInfo &B, const Stmt *From,
                 const llvm::SmallPtrSetImpl<const Stmt *> &DeclAncestors) {
  if (!B.HasLoop)
    return false;
  const Stmt *Child = From;
  for (const Stmt *P = B.parent(From); P; Child = P, P = B.parent(P)) {
    if (!isLoop(P) || DeclAncestors.count(P))
      continue;
    if (const auto *For = dyn_cast<ForStmt>(P))
      if (Child == For->getInit())
        continue;
    if (const auto *Range = dyn_cast<CXXForRangeStmt>(P))
      if (Child == Range->getInit() || Child == Range->getRangeStmt())
        continue;
    return true;
  }
  return false;
}

/// A read, with what every write is compared against.
struct ReadPoint {
  llvm::SmallVector<const Stmt *, 16> Chain; ///< the read, ..., the body
  llvm::SmallPtrSet<const Stmt *, 16> OnChain;
  llvm::SmallPtrSet<const Stmt *, 16> DeclAncestors;
  unsigned Post = 0;
};

/// Where \p Read stands in \p B, and the statements around the variable's
/// declaration \p Decl (null: a parameter); false when \p Read is not in
/// \p B.
bool readPoint(const BodyInfo &B, const Stmt *Read, const Stmt *Decl, ReadPoint &R) {
  R.Chain = B.chain(Read);
  if (R.Chain.empty())
    return false;
  R.OnChain.insert(R.Chain.begin(), R.Chain.end());
  R.Post = B.Post.lookup(Read);
  if (Decl)
    for (const Stmt *S : B.chain(Decl))
      R.DeclAncestors.insert(S);
  return true;
}

/// How the write at \p W relates to the read \p R.
Relation relate(BodyInfo &B, const Stmt *W, const ReadPoint &R) {
  if (R.OnChain.count(W)) // the read is inside the write: the write completes after
    return loopCarried(B, W, R.DeclAncestors) ? Relation::Maybe
                                              : Relation::Irrelevant;
  const Stmt *CW = W;
  const Stmt *Lca = B.parent(W);
  while (Lca && !R.OnChain.count(Lca)) {
    CW = Lca;
    Lca = B.parent(Lca);
  }
  if (!Lca || Lca == R.Chain.front())
    return Relation::Maybe;
  const Stmt *CR = nullptr;
  for (size_t I = 1; I < R.Chain.size(); ++I)
    if (R.Chain[I] == Lca) {
      CR = R.Chain[I - 1];
      break;
    }
  if (!CR)
    return Relation::Maybe;
  if (exclusiveArms(Lca, CW, CR))
    return loopCarried(B, Lca, R.DeclAncestors) ? Relation::Maybe
                                                : Relation::Irrelevant;
  const int PW = sequencePos(B, Lca, CW), PR = sequencePos(B, Lca, CR);
  if (PW < 0 || PR < 0 || PW == PR)
    return Relation::Maybe;
  if (PW > PR)
    return loopCarried(B, Lca, R.DeclAncestors) ? Relation::Maybe
                                                : Relation::Irrelevant;
  // The write's statement comes first: it certainly runs if every step down
  // to the write runs once, and the read is not reached by a jump past it.
  if (entersBetween(B, Lca, CW, CR))
    return Relation::Maybe;
  for (const Stmt *C = W; C != CW;) {
    const Stmt *P = B.parent(C);
    if (!runsOnceWith(B, P, C))
      return Relation::Maybe;
    C = P;
  }
  return Relation::Before;
}

//===----------------------------------------------------------------------===//
// The folder
//===----------------------------------------------------------------------===//

/// A function being evaluated: its body and the values of its parameters.
struct Frame {
  const FunctionDecl *Fn = nullptr;
  const Stmt *Body = nullptr;
  /// The parameters bound by the call, and the locals a branch around the
  /// launch fixes (`switch (k) { case 64: ... }` with `const int k = ...`).
  llvm::DenseMap<const VarDecl *, Value> Args;
};

class ValueFolder {
public:
  ValueFolder(ASTContext &Ctx, const std::set<const FunctionDecl *> *Broken)
      : Ctx(Ctx), Broken(Broken) {}

  /// An integer expression, read where it stands in \p F.
  std::optional<APSInt> integer(const Expr *E, const Frame *F, unsigned Depth = 0);
  /// An x/y/z record (or an integer n, read as n, 1, 1).
  Value record(const Expr *E, const Frame *F, unsigned Depth = 0);
  /// An integer or an x/y/z record, by the type of \p E.
  Value value(const Expr *E, const Frame *F, unsigned Depth = 0) {
    if (isXYZRecord(E->getType()))
      return record(E, F, Depth);
    if (isIntType(E->getType()))
      return Value::ofInt(integer(E, F, Depth));
    return Value();
  }
  /// The x/y/z record member \p Field of the local record \p Record names
  /// (`&config` or `config`), read at \p Read: cudaLaunchKernelEx's
  /// `config.blockDim`, followed through its writes as a local is.
  Value member(const Expr *Record, const FieldDecl *Field, const Stmt *Read,
               const Frame *F, unsigned Depth = 0);
  /// Is \p S, in \p F, under an `if` whose condition folds against it?
  bool unreachable(const Stmt *S, const Frame *F);
  /// The parameters of \p F's function that the branches around \p S fix
  /// (`switch (threads) { case 512: S }`, `if (n == 64) S`), for those the
  /// function never changes; added to \p F's bindings in \p Out, with
  /// their text in \p Why ("threads == 512").
  bool bindGuards(const Stmt *S, const Frame &F, Frame &Out, std::string &Why);
  /// The kernels a local function pointer called as \p Callee is set to
  /// anywhere in its function (any of them may be the one launched).
  std::vector<const FunctionDecl *> kernelsHeldBy(const Expr *Callee,
                                                  const Frame *F);

private:
  static constexpr unsigned MaxDepth = 24;
  static constexpr unsigned MaxCallDepth = 4;

  ASTContext &Ctx;
  const std::set<const FunctionDecl *> *Broken;
  llvm::DenseMap<const Stmt *, std::unique_ptr<BodyInfo>> Bodies;
  unsigned CallDepth = 0;

  /// \p VD's uses in \p B, its writes in the body's order (cached).
  const VarUses &usesOf(BodyInfo &B, const VarDecl *VD) {
    auto It = B.Uses.find(VD);
    if (It == B.Uses.end()) {
      VarUses U = classifyUses(B, VD);
      for (Write &W : U.Writes)
        W.Order = B.Post.lookup(W.At);
      std::sort(U.Writes.begin(), U.Writes.end(),
                [](const Write &A, const Write &B) { return A.Order < B.Order; });
      It = B.Uses.insert({VD, std::move(U)}).first;
    }
    return It->second;
  }

  bool isBroken(const FunctionDecl *Fn) const {
    return Broken && Fn && Broken->count(Fn->getCanonicalDecl());
  }

  BodyInfo &body(const Stmt *Body) {
    std::unique_ptr<BodyInfo> &B = Bodies[Body];
    if (!B)
      B = scanBody(Body);
    return *B;
  }

  APSInt convert(const APSInt &V, QualType T) const {
    T = T.getNonReferenceType();
    if (T->isBooleanType())
      return APSInt(llvm::APInt(1, V != 0 ? 1 : 0), true);
    APSInt R = V.extOrTrunc(Ctx.getIntWidth(T));
    R.setIsSigned(T->isSignedIntegerOrEnumerationType());
    return R;
  }
  std::optional<APSInt> binary(BinaryOperatorKind Op, APSInt L, APSInt R,
                               QualType LHSType, QualType ResultType) const;
  Value variable(const VarDecl *VD, const Stmt *Read, const Frame *F,
                 unsigned Depth);
  Value compute(const VarDecl *VD, const Stmt *Read, const Frame *F,
                unsigned Depth);
  Value applyWritesBefore(BodyInfo &B, const VarUses &U, const ReadPoint &R, Value V,
                          const Frame *F, unsigned Depth);
  bool capturedUnchanged(BodyInfo &B, const VarDecl *VD, const LambdaExpr *LE);
  llvm::DenseMap<std::pair<const VarDecl *, const Stmt *>, Value> Memo;
  Value call(const CallExpr *CE, const Frame *F, unsigned Depth);
  Value construct(const CXXConstructExpr *CCE, const Frame *F, unsigned Depth);
  void apply(const Write &W, Value &V, const Frame *F, unsigned Depth);
};

std::optional<APSInt> ValueFolder::binary(BinaryOperatorKind Op, APSInt L,
                                          APSInt R, QualType LHSType,
                                          QualType ResultType) const {
  switch (Op) {
  case BO_Shl:
  case BO_Shr: {
    if (R.isNegative() || R.getLimitedValue() >= L.getBitWidth())
      return std::nullopt;
    const unsigned N = static_cast<unsigned>(R.getLimitedValue());
    return convert(Op == BO_Shl ? L << N : L >> N, ResultType);
  }
  default:
    break;
  }
  if (L.getBitWidth() != R.getBitWidth() || L.isSigned() != R.isSigned())
    R = convert(R, LHSType);
  switch (Op) {
  case BO_Add:
    return convert(L + R, ResultType);
  case BO_Sub:
    return convert(L - R, ResultType);
  case BO_Mul:
    return convert(L * R, ResultType);
  case BO_Div:
  case BO_Rem:
    if (R == 0 || (L.isSigned() && L.isMinSignedValue() && R.isAllOnes()))
      return std::nullopt;
    return convert(Op == BO_Div ? L / R : L % R, ResultType);
  case BO_And:
    return convert(L & R, ResultType);
  case BO_Or:
    return convert(L | R, ResultType);
  case BO_Xor:
    return convert(L ^ R, ResultType);
  case BO_LT:
    return convert(APSInt::get(L < R), ResultType);
  case BO_GT:
    return convert(APSInt::get(L > R), ResultType);
  case BO_LE:
    return convert(APSInt::get(L <= R), ResultType);
  case BO_GE:
    return convert(APSInt::get(L >= R), ResultType);
  case BO_EQ:
    return convert(APSInt::get(L == R), ResultType);
  case BO_NE:
    return convert(APSInt::get(L != R), ResultType);
  case BO_LAnd:
    return convert(APSInt::get(L != 0 && R != 0), ResultType);
  case BO_LOr:
    return convert(APSInt::get(L != 0 || R != 0), ResultType);
  default:
    return std::nullopt;
  }
}

std::optional<APSInt> ValueFolder::integer(const Expr *E, const Frame *F,
                                           unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || !isIntType(E->getType()))
    return std::nullopt;
  {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return convert(R.Val.getInt(), E->getType());
  }
  ++Depth;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = CE->getSubExpr();
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return integer(Sub, F, Depth);
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
      if (auto V = integer(Sub, F, Depth))
        return convert(*V, CE->getType());
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (isIntType(VD->getType()))
        return variable(VD, DRE, F, Depth).Part[0];
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const int I = xyzIndex(FD);
    if (I < 0 || ME->isArrow() || !isXYZRecord(ME->getBase()->getType()))
      return std::nullopt;
    if (auto V = record(ME->getBase(), F, Depth).Part[I])
      return convert(*V, ME->getType());
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return std::nullopt;
    if (BO->getOpcode() == BO_Comma)
      return std::nullopt;
    auto L = integer(BO->getLHS(), F, Depth);
    if (!L)
      return std::nullopt;
    if (BO->getOpcode() == BO_LAnd && *L == 0)
      return convert(APSInt::get(0), BO->getType());
    if (BO->getOpcode() == BO_LOr && *L != 0)
      return convert(APSInt::get(1), BO->getType());
    auto R = integer(BO->getRHS(), F, Depth);
    if (!R)
      return std::nullopt;
    return binary(BO->getOpcode(), *L, *R, BO->getLHS()->getType(), BO->getType());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto V = integer(UO->getSubExpr(), F, Depth);
    if (!V)
      return std::nullopt;
    switch (UO->getOpcode()) {
    case UO_Plus:
      return convert(*V, UO->getType());
    case UO_Minus:
      return convert(-*V, UO->getType());
    case UO_Not:
      return convert(~*V, UO->getType());
    case UO_LNot:
      return convert(APSInt::get(*V == 0), UO->getType());
    default:
      return std::nullopt;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    auto C = integer(CO->getCond(), F, Depth);
    if (C)
      return integer(*C != 0 ? CO->getTrueExpr() : CO->getFalseExpr(), F, Depth);
    auto A = integer(CO->getTrueExpr(), F, Depth);
    auto B = integer(CO->getFalseExpr(), F, Depth);
    if (A && B && APSInt::isSameValue(*A, *B))
      return convert(*A, CO->getType());
    return std::nullopt;
  }
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return integer(FE->getSubExpr(), F, Depth);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return integer(MTE->getSubExpr(), F, Depth);
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return integer(Subst->getReplacement(), F, Depth);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (auto V = call(CE, F, Depth).Part[0])
      return convert(*V, CE->getType());
  return std::nullopt;
}

Value ValueFolder::record(const Expr *E, const Frame *F, unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent())
    return Value();
  if (isIntType(E->getType())) {
    Value V;
    if (auto N = integer(E, F, Depth))
      V.Part[0] = convert(*N, Ctx.UnsignedIntTy);
    V.Part[1] = V.Part[2] = APSInt(llvm::APInt(32, 1), true);
    return V;
  }
  if (!isXYZRecord(E->getType()))
    return Value();
  ++Depth;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_ConstructorConversion:
    case CK_UncheckedDerivedToBase:
    case CK_DerivedToBase:
      return record(CE->getSubExpr(), F, Depth);
    case CK_UserDefinedConversion:
      if (const auto *Call = dyn_cast<CallExpr>(CE->getSubExpr()))
        return call(Call, F, Depth);
      return record(CE->getSubExpr(), F, Depth);
    default:
      return Value();
    }
  }
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return record(FE->getSubExpr(), F, Depth);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return record(MTE->getSubExpr(), F, Depth);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return record(BTE->getSubExpr(), F, Depth);
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E))
    return construct(CCE, F, Depth);
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    if (ILE->getNumInits() == 1 && isXYZRecord(ILE->getInit(0)->getType()))
      return record(ILE->getInit(0), F, Depth);
    const RecordDecl *RD = E->getType()->getAsRecordDecl()->getDefinition();
    Value V;
    unsigned I = 0;
    for (const FieldDecl *FD : RD->fields()) {
      if (I >= ILE->getNumInits())
        break;
      const int Part = xyzIndex(FD);
      if (Part >= 0)
        if (auto N = integer(ILE->getInit(I), F, Depth))
          V.Part[Part] = convert(*N, FD->getType());
      ++I;
    }
    return V;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return variable(VD, DRE, F, Depth);
    return Value();
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (auto C = integer(CO->getCond(), F, Depth))
      return record(*C != 0 ? CO->getTrueExpr() : CO->getFalseExpr(), F, Depth);
    return Value::meet(record(CO->getTrueExpr(), F, Depth),
                       record(CO->getFalseExpr(), F, Depth));
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return call(CE, F, Depth);
  // constexpr and other constant records
  Expr::EvalResult R;
  if (E->EvaluateAsRValue(R, Ctx) && R.Val.isStruct()) {
    const RecordDecl *RD = E->getType()->getAsRecordDecl()->getDefinition();
    Value V;
    for (const FieldDecl *FD : RD->fields()) {
      const int Part = xyzIndex(FD);
      const unsigned Index = FD->getFieldIndex();
      if (Part >= 0 && Index < R.Val.getStructNumFields() &&
          R.Val.getStructField(Index).isInt())
        V.Part[Part] = R.Val.getStructField(Index).getInt();
    }
    return V;
  }
  return Value();
}

Value ValueFolder::construct(const CXXConstructExpr *CCE, const Frame *F,
                             unsigned Depth) {
  const CXXConstructorDecl *Ctor = CCE->getConstructor();
  if (!Ctor)
    return Value();
  if ((Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
      CCE->getNumArgs() >= 1)
    return record(CCE->getArg(0), F, Depth);
  const FunctionDecl *DefFn = nullptr;
  if (!Ctor->hasBody(DefFn) || CallDepth >= MaxCallDepth)
    return Value();
  const auto *Def = dyn_cast<CXXConstructorDecl>(DefFn);
  if (!Def)
    return Value();
  // Bind the arguments, then read each part from its member initializer.
  Frame Callee;
  Callee.Fn = Def;
  Callee.Body = Def->getBody();
  for (unsigned I = 0; I < Def->getNumParams() && I < CCE->getNumArgs(); ++I)
    Callee.Args[Def->getParamDecl(I)] = value(CCE->getArg(I), F, Depth);
  Value V;
  ++CallDepth;
  for (const CXXCtorInitializer *Init : Def->inits()) {
    const int Part = xyzIndex(Init->getMember());
    if (Part >= 0 && Init->getInit())
      if (auto N = integer(Init->getInit(), &Callee, Depth))
        V.Part[Part] = convert(*N, Init->getMember()->getType());
  }
  --CallDepth;
  return V;
}

Value ValueFolder::call(const CallExpr *CE, const Frame *F, unsigned Depth) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || Def->isVariadic() ||
      CallDepth >= MaxCallDepth)
    return Value();
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def))
    if (MD->isVirtual())
      return Value();
  const unsigned Shift = firstParameterArgument(CE, Def);
  Frame Frm;
  Frm.Fn = Def;
  Frm.Body = Def->getBody();
  for (unsigned I = 0; I < Def->getNumParams() && I + Shift < CE->getNumArgs(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    QualType T = P->getType();
    if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
      continue; // the callee may change the caller's variable
    Frm.Args[P] = value(CE->getArg(I + Shift), F, Depth);
  }
  // The value of every return statement (outside lambdas): all must agree.
  std::optional<Value> Result;
  ++CallDepth;
  std::vector<const Stmt *> Work{Frm.Body};
  bool Any = false;
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      Any = true;
      Value V = Ret->getRetValue() ? value(Ret->getRetValue(), &Frm, Depth + 1)
                                   : Value();
      Result = Result ? Value::meet(*Result, V) : V;
      continue;
    }
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
  --CallDepth;
  if (!Any || !Result)
    return Value();
  return *Result;
}

bool ValueFolder::unreachable(const Stmt *S, const Frame *F) {
  if (!F || !F->Body)
    return false;
  BodyInfo &B = body(F->Body);
  const Stmt *Child = S;
  for (const Stmt *P = B.parent(S); P; Child = P, P = B.parent(P)) {
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || If->isConsteval() || (Child != If->getThen() && Child != If->getElse()))
      continue;
    if (auto C = integer(If->getCond(), F))
      if ((*C != 0) != (Child == If->getThen()))
        return true;
  }
  return false;
}

namespace {
/// The parameter or local variable \p E names, if any.
const VarDecl *namedVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() ? VD : nullptr;
}

/// The statement before \p S in its block, or null.
const Stmt *previousInBlock(const CompoundStmt *Block, const Stmt *S) {
  const Stmt *Prev = nullptr;
  for (const Stmt *C : Block->body()) {
    if (C == S)
      return Prev;
    Prev = C;
  }
  return nullptr;
}
} // namespace

bool ValueFolder::bindGuards(const Stmt *S, const Frame &F, Frame &Out,
                             std::string &Why) {
  if (!F.Body || !F.Fn || isBroken(F.Fn))
    return false;
  BodyInfo &B = body(F.Body);
  // A `goto` may enter the guarded statements without passing the test.
  if (B.HasGoto)
    return false;
  bool Any = false;
  auto bind = [&](const VarDecl *P, const APSInt &V) {
    // A local of this body, like a parameter, that nothing writes after its
    // initialisation: one value wherever it is read on the way to S.
    if (!P || P->getDeclContext() != F.Fn || Out.Args.count(P) ||
        !isIntType(P->getType()) || P->getType()->isReferenceType() ||
        (!isa<ParmVarDecl>(P) && !B.Decls.count(P)))
      return;
    // A local whose initialiser folds keeps that value (a case it cannot
    // take is not reached).
    if (!isa<ParmVarDecl>(P) && P->getInit() && integer(P->getInit(), &F))
      return;
    VarUses U = classifyUses(B, P);
    if (U.Escapes || !U.Writes.empty())
      return;
    Out.Args[P] = Value::ofInt(convert(V, P->getType()));
    Why += std::string(Why.empty() ? "" : ", ") + P->getName().str() + " == " +
           llvm::toString(V, 10);
    Any = true;
  };
  const Stmt *Child = S;
  for (const Stmt *P = B.parent(S); P; Child = P, P = B.parent(P)) {
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      const auto *Cmp = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
      if (If->isConsteval() || If->getConditionVariable() || !Cmp ||
          !((Cmp->getOpcode() == BO_EQ && Child == If->getThen()) ||
            (Cmp->getOpcode() == BO_NE && Child == If->getElse())))
        continue;
      if (auto C = foldInt(Cmp->getRHS(), Ctx))
        bind(namedVar(Cmp->getLHS()), APSInt::get(*C));
      else if (auto C = foldInt(Cmp->getLHS(), Ctx))
        bind(namedVar(Cmp->getRHS()), APSInt::get(*C));
      continue;
    }
    // `case C:` heading S: S is the label's statement, or comes after it in
    // the switch's block with no other label between (fall-through from a
    // statement that can complete normally keeps the value unknown).
    const CaseStmt *Label = nullptr;
    const CompoundStmt *Block = nullptr;
    if (const auto *CS = dyn_cast<CaseStmt>(P)) {
      if (Child != CS->getSubStmt() || CS->caseStmtIsGNURange())
        continue;
      Label = CS;
      Block = dyn_cast_or_null<CompoundStmt>(B.parent(CS));
    } else if (const auto *CB = dyn_cast<CompoundStmt>(P)) {
      if (isa<SwitchCase>(Child) || !isa_and_nonnull<SwitchStmt>(B.parent(CB)))
        continue;
      for (const Stmt *Prev = previousInBlock(CB, Child); Prev;
           Prev = previousInBlock(CB, Prev)) {
        if (isa<SwitchCase>(Prev)) {
          Label = dyn_cast<CaseStmt>(Prev);
          break;
        }
        if (hasCaseLabel(B, Prev))
          break;
      }
      if (!Label || Label->caseStmtIsGNURange() || isa<SwitchCase>(Label->getSubStmt()))
        continue;
      Block = CB;
    }
    if (!Label || !Block)
      continue;
    const auto *Switch = dyn_cast_or_null<SwitchStmt>(B.parent(Block));
    if (!Switch || Switch->getConditionVariable() || Switch->getInit())
      continue;
    const Stmt *Before = previousInBlock(Block, Label);
    if (Before && !isa<BreakStmt, ReturnStmt, ContinueStmt>(Before))
      continue;
    if (auto C = foldInt(Label->getLHS(), Ctx))
      bind(namedVar(Switch->getCond()), APSInt::get(*C));
  }
  return Any;
}

std::vector<const FunctionDecl *>
ValueFolder::kernelsHeldBy(const Expr *Callee, const Frame *F) {
  std::vector<const FunctionDecl *> Kernels;
  if (!Callee || !F || !F->Body || isBroken(F->Fn))
    return Kernels;
  Callee = Callee->IgnoreParenCasts(); // `(const void *)f` for a launch call
  if (const auto *UO = dyn_cast<UnaryOperator>(Callee))
    if (UO->getOpcode() == UO_Deref)
      Callee = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Callee);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage())
    return Kernels;
  std::vector<const Expr *> Values;
  if (VD->getInit())
    Values.push_back(VD->getInit());
  BodyInfo &B = body(F->Body);
  auto It = B.Refs.find(VD);
  if (It != B.Refs.end())
    for (const DeclRefExpr *Ref : It->second) {
      const Stmt *Child = nullptr;
      const Stmt *P = skipParensUp(B, Ref, Child);
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
        if (BO->getOpcode() == BO_Assign && BO->getLHS() == Child)
          Values.push_back(BO->getRHS());
    }
  while (!Values.empty()) {
    const Expr *E = Values.back()->IgnoreParenCasts(); // `void *k = (void *)kern;`
    Values.pop_back();
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      Values.push_back(CO->getTrueExpr());
      Values.push_back(CO->getFalseExpr());
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_AddrOf)
        E = UO->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl()))
        if (FD->hasAttr<CUDAGlobalAttr>() &&
            std::find(Kernels.begin(), Kernels.end(), FD) == Kernels.end())
          Kernels.push_back(FD);
  }
  return Kernels;
}

Value ValueFolder::variable(const VarDecl *VD, const Stmt *Read,
                            const Frame *F, unsigned Depth) {
  // Reads in a frame without bound parameters have one value: computed
  // once (a chain of updates costs its length, a cycle is unknown).
  if (F && F->Args.empty()) {
    const auto Key = std::make_pair(VD, Read);
    auto It = Memo.find(Key);
    if (It != Memo.end())
      return It->second;
    Memo[Key] = Value();
    Value V = compute(VD, Read, F, Depth);
    Memo[Key] = V;
    return V;
  }
  return compute(VD, Read, F, Depth);
}

Value ValueFolder::compute(const VarDecl *VD, const Stmt *Read,
                           const Frame *F, unsigned Depth) {
  QualType T = VD->getType();
  const bool Record = isXYZRecord(T);
  if (!Record && !isIntType(T))
    return Value();
  const auto *Parm = dyn_cast<ParmVarDecl>(VD);
  if (T->isReferenceType() && !(Parm && T.getNonReferenceType().isConstQualified()))
    return Value();
  // A local a branch around the launch fixed (bindGuards).
  if (!Parm && F)
    if (auto It = F->Args.find(VD); It != F->Args.end())
      return It->second;
  // Constants: namespace-scope, static and const locals with an initializer.
  if (!VD->hasLocalStorage() || (!Parm && T.isConstQualified())) {
    if (!T.isConstQualified() || !VD->getInit())
      return Value();
    const Frame *InitFrame = VD->hasLocalStorage() ? F : nullptr;
    return value(VD->getInit(), InitFrame, Depth + 1);
  }
  if (!F || isBroken(F->Fn))
    return Value();
  const Stmt *Decl = nullptr;
  Value V;
  if (Parm) {
    if (Parm->getDeclContext() != F->Fn)
      return Value();
    auto It = F->Args.find(Parm);
    if (It != F->Args.end())
      V = It->second;
    // Read outside the body (a member initializer): the bound value.
    if (!F->Body || body(F->Body).chain(Read).empty())
      return V;
  }
  if (!F->Body)
    return Value();
  BodyInfo &B = body(F->Body);
  if (!Parm) {
    auto DIt = B.Decls.find(VD);
    if (DIt == B.Decls.end())
      return Value(); // declared outside this body
    Decl = DIt->second;
    if (VD->getInit())
      V = value(VD->getInit(), F, Depth + 1);
  }
  ReadPoint R;
  if (!readPoint(B, Read, Decl, R))
    return Value();
  // Read inside a lambda that does not declare the variable: captured when
  // the lambda was made (the outermost such lambda), or by reference and
  // read whenever it is called.
  const LambdaExpr *MadeAt = nullptr;
  for (const Stmt *S : R.Chain) {
    if (S == Read || R.DeclAncestors.count(S))
      continue;
    if (isa<BlockExpr>(S))
      return Value();
    if (const auto *LE = dyn_cast<LambdaExpr>(S))
      MadeAt = LE;
  }
  if (MadeAt)
    return capturedUnchanged(B, VD, MadeAt) ? variable(VD, MadeAt, F, Depth + 1) : Value();
  return applyWritesBefore(B, usesOf(B, VD), R, V, F, Depth);
}

/// \p V changed by each of \p U's writes that certainly runs before the
/// read \p R; a part a write may or may not change is unknown.
Value ValueFolder::applyWritesBefore(BodyInfo &B, const VarUses &U, const ReadPoint &R,
                                     Value V, const Frame *F, unsigned Depth) {
  if (U.Escapes || (B.HasGoto && !U.Writes.empty()))
    return Value();
  // Without loops, a write that ends after the read (post-order) cannot
  // come before it.
  auto End = U.Writes.end();
  if (!B.HasLoop)
    End = std::lower_bound(U.Writes.begin(), U.Writes.end(), R.Post,
                           [](const Write &W, unsigned P) { return W.Order < P; });
  std::vector<const Write *> Before;
  std::array<bool, 3> Lost{false, false, false};
  for (auto It = U.Writes.begin(); It != End; ++It) {
    const Write &W = *It;
    switch (relate(B, W.At, R)) {
    case Relation::Before:
      Before.push_back(&W);
      break;
    case Relation::Irrelevant:
      break;
    case Relation::Maybe:
      if (W.Part < 0)
        Lost = {true, true, true};
      else
        Lost[W.Part] = true;
      break;
    }
  }
  std::sort(Before.begin(), Before.end(),
            [](const Write *A, const Write *B) { return A->Order < B->Order; });
  for (const Write *W : Before)
    apply(*W, V, F, Depth + 1);
  for (unsigned I = 0; I < 3; ++I)
    if (Lost[I])
      V.Part[I].reset();
  return V;
}

Value ValueFolder::member(const Expr *Record, const FieldDecl *Field, const Stmt *Read,
                          const Frame *F, unsigned Depth) {
  const Expr *E = Record->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      VD->getType()->isReferenceType() || !F || !F->Body || isBroken(F->Fn))
    return Value();
  BodyInfo &B = body(F->Body);
  auto DIt = B.Decls.find(VD);
  if (DIt == B.Decls.end())
    return Value();
  // The member as the declaration leaves it: its initializer in a braced
  // list (`cudaLaunchConfig_t c{}` value-initialises dim3 to 1, 1, 1).
  Value V;
  if (const auto *ILE = dyn_cast_or_null<InitListExpr>(
          VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr))
    if (Field->getFieldIndex() < ILE->getNumInits())
      V = record(ILE->getInit(Field->getFieldIndex()), F, Depth + 1);
  ReadPoint R;
  if (!readPoint(B, Read, DIt->second, R))
    return Value();
  for (const Stmt *S : R.Chain)
    if (!R.DeclAncestors.count(S) && isa<LambdaExpr, BlockExpr>(S))
      return Value(); // read in a lambda: when it runs is not followed
  auto Key = std::make_pair(VD, Field);
  auto It = B.MemberUses.find(Key);
  if (It == B.MemberUses.end()) {
    VarUses U = classifyMemberUses(B, VD, Field);
    for (Write &W : U.Writes)
      W.Order = B.Post.lookup(W.At);
    std::sort(U.Writes.begin(), U.Writes.end(),
              [](const Write &A, const Write &B) { return A.Order < B.Order; });
    It = B.MemberUses.insert({Key, std::move(U)}).first;
  }
  return applyWritesBefore(B, It->second, R, V, F, Depth);
}

/// Whether the lambda \p LE of \p B holds, whenever it runs, the value \p VD
/// has where \p LE is made: it captures \p VD and nothing writes \p VD inside
/// it; by reference, nothing writes it after the lambda is made either (nor
/// in a loop around it), and its address is not taken.
bool ValueFolder::capturedUnchanged(BodyInfo &B, const VarDecl *VD, const LambdaExpr *LE) {
  bool ByRef = false, Captured = false;
  for (const LambdaCapture &C : LE->captures())
    if (C.capturesVariable() && C.getCapturedVar() == VD) {
      Captured = true;
      ByRef = C.getCaptureKind() == LCK_ByRef;
    }
  if (!Captured)
    return false;
  const VarUses &U = usesOf(B, VD);
  if (ByRef && U.Escapes)
    return false;
  const unsigned Made = B.Post.lookup(LE);
  const auto Around = B.chain(LE);
  for (const Write &W : U.Writes) {
    const auto Chain = B.chain(W.At);
    if (llvm::is_contained(Chain, LE))
      return false;
    if (!ByRef)
      continue;
    if (B.Post.lookup(W.At) > Made)
      return false;
    for (const Stmt *S : Around)
      if (isLoop(S) && llvm::is_contained(Chain, S))
        return false;
  }
  return true;
}

void ValueFolder::apply(const Write &W, Value &V, const Frame *F, unsigned Depth) {
  const unsigned P = W.Part < 0 ? 0 : W.Part;
  if (W.Kind == Write::Opaque) {
    if (W.Part < 0)
      V = Value();
    else
      V.Part[P].reset();
    return;
  }
  if (W.Kind == Write::Set) {
    if (W.Part < 0)
      V = value(W.RHS, F, Depth);
    else
      V.Part[P] = integer(W.RHS, F, Depth);
    return;
  }
  std::optional<APSInt> &Old = V.Part[P];
  if (!Old)
    return;
  if (W.Kind == Write::Inc || W.Kind == Write::Dec) {
    const auto *UO = cast<UnaryOperator>(W.At);
    APSInt One = convert(APSInt::get(1), UO->getType());
    Old = convert(W.Kind == Write::Inc ? *Old + One : *Old - One, UO->getType());
    return;
  }
  const auto *CAO = dyn_cast<CompoundAssignOperator>(W.At);
  auto R = CAO ? integer(CAO->getRHS(), F, Depth) : std::nullopt;
  if (!R) {
    Old.reset();
    return;
  }
  const BinaryOperatorKind Op =
      BinaryOperator::getOpForCompoundAssignment(CAO->getOpcode());
  const QualType LT = CAO->getComputationLHSType();
  auto N = binary(Op, convert(*Old, LT), *R, LT, CAO->getComputationResultType());
  if (N)
    Old = convert(*N, CAO->getType());
  else
    Old.reset();
}

//===----------------------------------------------------------------------===//
// Launch sites
//===----------------------------------------------------------------------===//

std::optional<int64_t> toInt64(const std::optional<APSInt> &V) {
  if (!V)
    return std::nullopt;
  if (V->isSigned())
    return V->isSignedIntN(64) ? std::optional<int64_t>(V->getSExtValue())
                               : std::nullopt;
  return V->isIntN(63) ? std::optional<int64_t>(V->getZExtValue()) : std::nullopt;
}

/// Collects the launches of a translation unit and the calls of the
/// functions that contain them, then reads each launch's configuration.
/// A launch: `k<<<grid, block>>>(args)` or a runtime call
/// (`cudaLaunchCooperativeKernel((void *)k, grid, block, args)`).
struct Launch {
  const CallExpr *Site;
  const Expr *Kernel;                 ///< the kernel (or a pointer holding it)
  const Expr *Block;                  ///< the block's extents
  std::vector<const Expr *> Args;     ///< the kernel's arguments, when written
  const FunctionDecl *Fn;             ///< the function around the launch
  /// Set when Block is a launch configuration (`&config` of
  /// cudaLaunchKernelEx): its member that holds the block's extents.
  const FieldDecl *BlockMember = nullptr;
};

/// The kernel a runtime launch call names: `k`, `&k`, `(void *)k`,
/// `reinterpret_cast<const void *>(&k<T>)`.
const FunctionDecl *kernelNamedBy(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  return FD && FD->hasAttr<CUDAGlobalAttr>() ? FD : nullptr;
}

/// Whether \p Callee launches a kernel given as its first argument with
/// the grid and the block as its next two: cudaLaunchKernel,
/// cudaLaunchCooperativeKernel, hipLaunchKernel, hipLaunchCooperativeKernel
/// (and their templates), hipExtLaunchKernel.
bool isRuntimeLaunch(const FunctionDecl *Callee) {
  const IdentifierInfo *Id = Callee->getIdentifier();
  if (!Id)
    return false;
  // The per-thread default stream's (nvcc --default-stream per-thread).
  const StringRef Name = Id->getName().split("_ptsz").first.split("_spt").first;
  return Name == "cudaLaunchKernel" || Name == "cudaLaunchCooperativeKernel" ||
         Name == "hipLaunchKernel" || Name == "hipLaunchCooperativeKernel" ||
         Name == "hipExtLaunchKernel";
}

/// The member holding the block's extents when \p CE launches a kernel
/// given as its second argument with a launch configuration as its first:
/// `cudaLaunchKernelEx(&config, k, args...)`, cudaLaunchKernelExC,
/// hipLaunchKernelEx, hipLaunchKernelExC (`config.blockDim`).
const FieldDecl *configLaunchBlock(const CallExpr *CE, const FunctionDecl *Callee) {
  const IdentifierInfo *Id = Callee->getIdentifier();
  if (!Id || CE->getNumArgs() < 2)
    return nullptr;
  const StringRef Name = Id->getName().split("_ptsz").first.split("_spt").first;
  if (Name != "cudaLaunchKernelEx" && Name != "cudaLaunchKernelExC" &&
      Name != "hipLaunchKernelEx" && Name != "hipLaunchKernelExC")
    return nullptr;
  const QualType T = CE->getArg(0)->IgnoreParenImpCasts()->getType();
  const RecordDecl *RD =
      T->isPointerType() ? T->getPointeeType()->getAsRecordDecl() : nullptr;
  if (!RD || !(RD = RD->getDefinition()))
    return nullptr;
  for (const FieldDecl *FD : RD->fields())
    if (FD->getName() == "blockDim" && isXYZRecord(FD->getType()))
      return FD;
  return nullptr;
}

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Ctx, LaunchSites &Out,
                const std::set<const FunctionDecl *> *Broken)
      : Ctx(Ctx), Out(Out), Folder(Ctx, Broken) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// Kernels and device functions launch nothing without relocatable
  /// device code (clang rejects a launch in device code then), and host
  /// code cannot call them: their bodies are most of a unit's AST.
  bool deviceOnly(const FunctionDecl *FD) const {
    return !Ctx.getLangOpts().GPURelocatableDeviceCode &&
           (FD->hasAttr<CUDAGlobalAttr>() ||
            (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()));
  }

#define LDSLINT_TRAVERSE_FN(CLASS)                                             \
  bool Traverse##CLASS(CLASS *FD) {                                            \
    if (deviceOnly(FD))                                                        \
      return true;                                                             \
    Functions.push_back(FD);                                                   \
    bool R = RecursiveASTVisitor::Traverse##CLASS(FD);                         \
    Functions.pop_back();                                                      \
    return R;                                                                  \
  }
  LDSLINT_TRAVERSE_FN(FunctionDecl)
  LDSLINT_TRAVERSE_FN(CXXMethodDecl)
  LDSLINT_TRAVERSE_FN(CXXConstructorDecl)
  LDSLINT_TRAVERSE_FN(CXXDestructorDecl)
  LDSLINT_TRAVERSE_FN(CXXConversionDecl)
#undef LDSLINT_TRAVERSE_FN

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *KCE) {
    const CallExpr *Config = KCE->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return true;
    // A template's pattern: its instantiations are the launches.
    const FunctionDecl *Fn = Functions.empty() ? nullptr : Functions.back();
    if (Fn && Fn->isDependentContext())
      return true;
    Launch L{KCE, KCE->getCallee(), Config->getArg(1), {},
             Fn && Fn->getBody() ? Fn : nullptr};
    for (const Expr *A : KCE->arguments())
      L.Args.push_back(A);
    Launches.push_back(std::move(L));
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (isa<CUDAKernelCallExpr>(CE) || Functions.empty() ||
        Functions.back()->isDependentContext() || !Functions.back()->getBody())
      return true;
    if (const FunctionDecl *Callee = CE->getDirectCallee()) {
      if (isRuntimeLaunch(Callee) && CE->getNumArgs() >= 3)
        Launches.push_back({CE, CE->getArg(0), CE->getArg(2), {}, Functions.back()});
      else if (const FieldDecl *Block = configLaunchBlock(CE, Callee))
        Launches.push_back({CE, CE->getArg(1), CE->getArg(0), {}, Functions.back(), Block});
      else if (!Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
        Calls[Callee->getCanonicalDecl()].push_back({CE, Functions.back()});
    }
    return true;
  }

  /// Reads every launch found that \p Read accepts.
  void finish(const std::function<bool(const FunctionDecl *)> &Read) {
    for (const Launch &L : Launches) {
      const FunctionDecl *Callee = isa<CUDAKernelCallExpr>(L.Site)
                                       ? L.Site->getDirectCallee()
                                       : kernelNamedBy(L.Kernel);
      if (Read && Callee && !Read(Callee))
        continue;
      read(L);
    }
  }

private:
  struct Context {
    const Frame *F;
    std::string Via; ///< " (from the call at ...)" for a caller's binding
    const CallExpr *Call = nullptr; ///< the call of the launching function bound
  };

  static constexpr unsigned MaxCallerDepth = 2;
  static constexpr size_t MaxContexts = 16;

  ASTContext &Ctx;
  LaunchSites &Out;
  ValueFolder Folder;
  std::vector<const FunctionDecl *> Functions;
  std::vector<Launch> Launches;
  llvm::DenseMap<const FunctionDecl *,
                 std::vector<std::pair<const CallExpr *, const FunctionDecl *>>>
      Calls;
  std::deque<Frame> Frames; ///< frames of callers' bindings (stable addresses)
  llvm::DenseMap<const FunctionDecl *, std::vector<Context>> CallerLevel;

  std::string where(SourceLocation Loc) const {
    const SourceManager &SM = Ctx.getSourceManager();
    return SM.getExpansionLoc(Loc).printToString(SM);
  }

  /// \p Fn with its parameters bound at each call of it in the translation
  /// unit (callers' parameters in turn at their calls, up to MaxCallerDepth).
  /// Where \p Kernel (a launch's callee) is a parameter of \p Fn: the
  /// kernel each call of \p Fn passes for it, by call (calls passing
  /// something else are left out).
  std::map<const CallExpr *, const FunctionDecl *> kernelsPassedTo(const FunctionDecl *Fn,
                                                                  const Expr *Kernel) {
    std::map<const CallExpr *, const FunctionDecl *> Out;
    if (!Fn || !Kernel)
      return Out;
    Kernel = Kernel->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Kernel))
      if (UO->getOpcode() == UO_Deref)
        Kernel = UO->getSubExpr()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(Kernel);
    const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!P || P->getDeclContext() != Fn)
      return Out;
    auto It = Calls.find(Fn->getCanonicalDecl());
    if (It == Calls.end())
      return Out;
    const unsigned Index = P->getFunctionScopeIndex();
    for (const auto &[Call, Caller] : It->second) {
      const unsigned Shift = firstParameterArgument(Call, Fn);
      if (Index + Shift < Call->getNumArgs())
        if (const FunctionDecl *K = kernelNamedBy(Call->getArg(Index + Shift)))
          Out[Call] = K;
    }
    return Out;
  }

  std::vector<Context> callerContexts(const FunctionDecl *Fn, unsigned Depth,
                                      std::vector<const FunctionDecl *> &Stack) {
    // A caller's contexts one level up do not depend on the launch asked
    // for (the one function on the stack below is never its own caller
    // here), so each is worked out once: NVIDIA's and llm.c's wrappers,
    // one per kernel, are all called from the same few functions.
    if (Depth == 1)
      if (auto Known = CallerLevel.find(Fn); Known != CallerLevel.end())
        return Known->second;
    std::vector<Context> Out;
    auto It = Calls.find(Fn->getCanonicalDecl());
    if (It == Calls.end() || Depth >= MaxCallerDepth ||
        std::find(Stack.begin(), Stack.end(), Fn) != Stack.end())
      return Out;
    Stack.push_back(Fn);
    for (const auto &[Call, Caller] : It->second) {
      if (Caller == Fn || Fn->getNumParams() == 0)
        continue;
      // The caller's own contexts: bound at each of its calls, else unbound.
      std::vector<Context> CallerCtx = callerContexts(Caller, Depth + 1, Stack);
      if (CallerCtx.empty()) {
        Frames.push_back(Frame());
        Frame &Top = Frames.back();
        Top.Fn = Caller;
        Top.Body = Caller->getBody();
        CallerCtx.push_back({&Top, ""});
      }
      for (const Context &C : CallerCtx) {
        Frames.push_back(Frame());
        Frame &F = Frames.back();
        F.Fn = Fn;
        F.Body = Fn->getBody();
        const unsigned Shift = firstParameterArgument(Call, Fn);
        for (unsigned I = 0; I < Fn->getNumParams() && I + Shift < Call->getNumArgs(); ++I) {
          const ParmVarDecl *P = Fn->getParamDecl(I);
          QualType T = P->getType();
          if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
            continue;
          F.Args[P] = Folder.value(Call->getArg(I + Shift), C.F);
        }
        Out.push_back({&F, " (from the call at " + where(Call->getBeginLoc()) + ")" + C.Via, Call});
        if (Out.size() >= MaxContexts)
          break;
      }
      if (Out.size() >= MaxContexts)
        break;
    }
    Stack.pop_back();
    if (Depth == 1)
      CallerLevel[Fn] = Out;
    return Out;
  }

  void read(const Launch &L) {
    const CallExpr *KCE = L.Site;
    const FunctionDecl *Fn = L.Fn;
    Frames.push_back(Frame());
    Frame &Top = Frames.back();
    const Frame *FP = nullptr;
    if (Fn) {
      Top.Fn = Fn;
      Top.Body = Fn->getBody();
      FP = &Top;
    }
    // The kernel: named, or held by a local function pointer (NVIDIA's
    // transpose: `kernel = &transposeNaive; ... kernel<<<g, b>>>()`).
    std::vector<const FunctionDecl *> Callees;
    if (const FunctionDecl *Callee = isa<CUDAKernelCallExpr>(KCE)
                                         ? KCE->getDirectCallee()
                                         : kernelNamedBy(L.Kernel))
      Callees.push_back(Callee);
    else
      Callees = Folder.kernelsHeldBy(L.Kernel, FP);
    // A kernel passed to the launching function (composable_kernel's
    // `launch_and_time_kernel(cfg, kernel, grid, dim3(BlockSize), ...)`):
    // each call launches the one it passes, under that call's shape.
    const std::map<const CallExpr *, const FunctionDecl *> Passed =
        Callees.empty() ? kernelsPassedTo(Fn, L.Kernel) : decltype(Passed)();
    for (const auto &[Call, Kernel] : Passed)
      if (std::find(Callees.begin(), Callees.end(), Kernel) == Callees.end())
        Callees.push_back(Kernel);
    if (Callees.empty())
      return;
    const std::string At = "the launch at " + where(KCE->getBeginLoc());
    // Each context's block value and reachability are asked more than once.
    std::map<const Frame *, Value> Blocks;
    std::map<const Frame *, bool> Unreachable;
    auto unreachableIn = [&](const Frame *F) {
      auto [It, New] = Unreachable.try_emplace(F, false);
      if (New)
        It->second = Folder.unreachable(KCE, F);
      return It->second;
    };
    auto shapeIn = [&](const Frame *F, bool Partial = false) -> std::optional<BlockShape> {
      auto [It, New] = Blocks.try_emplace(F);
      if (New)
        It->second = L.BlockMember ? Folder.member(L.Block, L.BlockMember, KCE, F)
                                   : Folder.record(L.Block, F);
      const Value &Block = It->second;
      auto X = toInt64(Block.Part[0]), Y = toInt64(Block.Part[1]),
           Z = toInt64(Block.Part[2]);
      if (X && Y && Z)
        return shapeOf(*X, *Y, *Z);
      if (Partial)
        return partialShape(X, Y, Z);
      return std::nullopt;
    };
    // Where the function's own code leaves the shape unknown, each call of
    // the function may fix it (`void run(int threads) { k<<<g, threads>>>(); }`);
    // a call under which the launch cannot run adds nothing.
    std::vector<Context> Contexts{{FP, ""}};
    // Where the branches around the launch fix a parameter the shape is
    // built from (`switch (threads) { case 512: k<<<g, threads>>>(); }`).
    if (Fn && !shapeIn(FP)) {
      Frames.push_back(Top);
      Frame &Guarded = Frames.back();
      std::string Why;
      if (Folder.bindGuards(KCE, Top, Guarded, Why) && shapeIn(&Guarded)) {
        Contexts = {{&Guarded, " (where " + Why + ")"}};
        FP = &Guarded;
      }
    }
    // So may an integer argument that is the function's parameter (hip-tests'
    // streams sample: `void run(..., int width) { k<<<g, b>>>(..., width); }`).
    auto argumentUnknownIn = [&](const Frame *F) {
      for (const FunctionDecl *Callee : Callees)
        for (unsigned I = 0; I < L.Args.size() && I < Callee->getNumParams(); ++I)
          if (Callee->getParamDecl(I)->getType()->isIntegralOrEnumerationType() &&
              !toInt64(Folder.integer(L.Args[I], F)))
            return true;
      return false;
    };
    const bool ShapeKnown = shapeIn(FP).has_value();
    if (Fn && (!ShapeKnown || argumentUnknownIn(FP))) {
      std::vector<const FunctionDecl *> Stack;
      std::vector<Context> Callers = callerContexts(Fn, 0, Stack);
      std::vector<Context> Live;
      for (Context &C : Callers)
        if (!unreachableIn(C.F))
          Live.push_back(std::move(C));
      // Too many calls to follow: the others count as an unknown shape.
      if (Callers.size() >= MaxContexts)
        Live.push_back({FP, ""});
      // For an argument, the callers must keep the shape known here (which
      // a branch around the launch may have fixed: NVIDIA's reductions).
      const bool KeepsShape = std::all_of(Live.begin(), Live.end(), [&](const Context &C) {
        return C.F && shapeIn(C.F);
      });
      if (!Live.empty() && (!ShapeKnown || KeepsShape))
        Contexts = std::move(Live);
    }
    for (const Context &C : Contexts) {
      if (C.F && unreachableIn(C.F))
        continue;
      LaunchConfig Shape;
      Shape.Where = At + C.Via;
      Shape.Shape = shapeIn(C.F, /*Partial=*/true);
      if (Shape.Shape)
        Shape.Shape->Source = Shape.Where + Shape.Shape->Source;
      for (const FunctionDecl *Callee : Callees) {
        // Passed by its caller: only that call's context launches it (a
        // context of no call, the launching function's own, is every
        // call's).
        if (!Passed.empty() && C.Call) {
          auto It = Passed.find(C.Call);
          if (It == Passed.end() || It->second != Callee)
            continue;
        }
        LaunchConfig Config = Shape;
        for (unsigned I = 0; I < L.Args.size() && I < Callee->getNumParams(); ++I)
          if (Callee->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
            if (auto V = toInt64(Folder.integer(L.Args[I], C.F)))
              Config.Args[I] = *V;
        auto &Configs = Out[Callee->getCanonicalDecl()];
        if (std::find(Configs.begin(), Configs.end(), Config) == Configs.end())
          Configs.push_back(Config);
      }
    }
  }
};

/// The shape to use when launch sites give none.
std::optional<BlockShape> fallbackShape(ASTContext &Ctx, const FunctionDecl *Kernel,
                                        const std::optional<BlockShape> &Assumed,
                                        bool UsesThreadIdxYZ) {
  if (Assumed) {
    BlockShape S = *Assumed;
    S.Source = "the assume-block option";
    return S;
  }
  if (!UsesThreadIdxYZ)
    if (auto N = maxThreadsOf(Kernel, Ctx))
      if (auto S = parseBlockShape(std::to_string(*N))) {
        S->Source = "__launch_bounds__(" + std::to_string(*N) +
                    ") of a kernel that uses only threadIdx.x";
        S->UpperBound = true;
        return S;
      }
  return std::nullopt;
}

/// The shapes to assume for a kernel that numbers its threads
/// `threadIdx.y * Width + threadIdx.x` (ir/ThreadNumbering.h) when nothing
/// else gives its shape: blockDim.x = Width, and blockDim.y from
/// __launch_bounds__ when it divides, else every power of two from a warp's
/// worth to 1024 threads or the bound (each evaluated; the least result of
/// those that keep the lanes inside the array stands, LaunchEvaluation.cpp).
std::vector<BlockShape> shapesOfThreadNumbering(ASTContext &Ctx,
                                                const FunctionDecl *Kernel,
                                                unsigned Width) {
  const std::string Why = "an assumption (no launch gives the shape): the kernel "
                          "numbers its threads threadIdx.y * " +
                          std::to_string(Width) +
                          " + threadIdx.x, so blockDim.x = " + std::to_string(Width);
  std::vector<BlockShape> Out;
  auto Add = [&](unsigned Y, const std::string &Rest) {
    if (auto S = shapeOf(Width, Y, 1)) {
      S->Source = Why + Rest;
      S->Assumed = true;
      Out.push_back(*S);
    }
  };
  int64_t MaxThreads = 1024;
  if (auto N = maxThreadsOf(Kernel, Ctx)) {
    if (*N < Width)
      return Out; // the numbering is not the block's
    if (*N % Width == 0 && *N <= 1024) {
      Add(static_cast<unsigned>(*N / Width),
          ", blockDim.y = " + std::to_string(*N / Width) + " from __launch_bounds__(" +
              std::to_string(*N) + ")");
      return Out;
    }
    MaxThreads = std::min<int64_t>(*N, 1024);
  }
  // At least a warp of 32, each power of two; largest first: where shapes
  // tie, the one shown is the fullest block that stays inside the arrays.
  const unsigned Least = Width >= 32 ? 1 : 32 / Width;
  const unsigned Most = static_cast<unsigned>(MaxThreads / Width);
  for (unsigned Y = 1024 / Width; Y >= Least; Y /= 2) // Width: a power of two
    if (Y <= Most)
      Add(Y, "; blockDim.y = " + std::to_string(Y) + " shown, of the powers of two " +
                 std::to_string(Least) + " to " + std::to_string(Most));
  return Out;
}

} // namespace

LaunchSites collectLaunchSites(ASTContext &Ctx, bool SystemHeaders,
                               const std::function<bool(const FunctionDecl *)> &Read,
                               const std::set<const FunctionDecl *> *Broken) {
  LaunchSites Out;
  LaunchVisitor V(Ctx, Out, Broken);
  traverseUnit(V, Ctx, SystemHeaders);
  V.finish(Read);
  return Out;
}

std::vector<LaunchConfig> launchConfigsFor(ASTContext &Ctx,
                                           const FunctionDecl *Kernel,
                                           const LaunchSites &Launches,
                                           const std::optional<BlockShape> &Assumed,
                                           bool UsesThreadIdxYZ,
                                           std::optional<unsigned> ThreadRowWidth) {
  std::optional<BlockShape> Required;
  if (const auto *A = Kernel->getAttr<ReqdWorkGroupSizeAttr>()) {
    auto X = foldInt(A->getXDim(), Ctx), Y = foldInt(A->getYDim(), Ctx),
         Z = foldInt(A->getZDim(), Ctx);
    if (X && Y && Z)
      if ((Required = shapeOf(*X, *Y, *Z)))
        Required->Source = "reqd_work_group_size";
  }
  std::vector<LaunchConfig> Configs;
  auto It = Launches.find(Kernel->getCanonicalDecl());
  if (It != Launches.end())
    Configs = It->second;
  if (Configs.empty())
    Configs.push_back(LaunchConfig());
  const std::optional<BlockShape> Fallback =
      fallbackShape(Ctx, Kernel, Assumed, UsesThreadIdxYZ);
  std::vector<LaunchConfig> Out;
  for (LaunchConfig C : Configs) {
    if (Required)
      C.Shape = Required;
    else if (!C.Shape)
      C.Shape = Fallback;
    std::vector<LaunchConfig> Ways{C};
    if (!C.Shape && ThreadRowWidth) {
      Ways.clear();
      for (const BlockShape &S : shapesOfThreadNumbering(Ctx, Kernel, *ThreadRowWidth)) {
        Ways.push_back(C);
        Ways.back().Shape = S;
      }
      if (Ways.empty())
        Ways.push_back(C);
    }
    for (const LaunchConfig &W : Ways)
      if (std::find(Out.begin(), Out.end(), W) == Out.end())
        Out.push_back(W);
  }
  return Out;
}

} // namespace ldslint
