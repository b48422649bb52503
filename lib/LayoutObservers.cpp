//===- LayoutObservers.cpp -------------------------------------------------===//
#include "LayoutObservers.h"
#include "StringCompat.h"

#include "FixModel.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "UnitWalk.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <cctype>

using namespace clang;

namespace ldslint {

namespace {

/// atomicAdd, __hip_atomic_*, __atomic_*, ...: a call the device IR has as
/// an atomic access of its first argument.
bool isAtomicFunction(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  const StringRef N = FD->getName();
  return startsWith(N, "atomic") || startsWith(N, "__hip_atomic") ||
         startsWith(N, "__atomic_") || startsWith(N, "__sync_fetch") ||
         startsWith(N, "unsafeAtomic") || startsWith(N, "safeAtomic");
}

const VarDecl *sharedVarIn(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenImpCasts();
  // A row of a multi-dimensional array (`tile[r]`) decays like the array.
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (!ASE->getType()->isArrayType())
      return nullptr;
    E = ASE->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (isSharedVariable(VD))
        return VD;
  return nullptr;
}

/// The shared variable that a pointer-typed expression points into: the
/// array, a row, an element or a member of one (`t`, `&t[r][c]`,
/// `(char *)&t[r][0]`), else null.
const VarDecl *sharedAddressIn(const Expr *E) {
  if (!E || !E->getType()->isPointerType())
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
  for (;;) {
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase()->IgnoreParenCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase()->IgnoreParenCasts();
    else
      break;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (isSharedVariable(VD))
        return VD;
  return nullptr;
}

/// Whether a function body turns pointers into integers or hands them to
/// inline asm (`__cvta_generic_to_shared` and cp.async wrappers): an address
/// passed to it escapes ldslint's view.
class LeakScan : public RecursiveASTVisitor<LeakScan> {
public:
  bool Leaks = false;
  bool VisitGCCAsmStmt(GCCAsmStmt *) {
    Leaks = true;
    return false; // stop: the answer is known
  }
  bool VisitCastExpr(CastExpr *CE) {
    Leaks |= CE->getCastKind() == CK_PointerToIntegral;
    return !Leaks;
  }
};

/// Finds the places where an array's layout is observed: sizeof, addresses
/// into it passed to calls that cannot be followed (or that leak them),
/// converted to integers, or given to inline asm.
class LayoutScan : public RecursiveASTVisitor<LayoutScan> {
public:
  std::map<unsigned, std::string> &Observed;
  std::map<unsigned, bool> &Sized;
  std::map<unsigned, std::vector<const DeclRefExpr *>> &References;
  LayoutScan(std::map<unsigned, std::string> &O, std::map<unsigned, bool> &S,
             std::map<unsigned, std::vector<const DeclRefExpr *>> &R,
             const SourceManager &SM, std::vector<SourceLocation> Within)
      : Observed(O), Sized(S), References(R), SM(SM), Within(std::move(Within)) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// With Within, only functions whose source holds one of its locations.
  bool TraverseDecl(Decl *D) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D))
      if (!Within.empty() && FD->doesThisDeclarationHaveABody() && !holdsOneOf(FD))
        return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    // `sizeof(t)` is recorded as Sized; `sizeof(decltype(t))` (a type
    // argument) keeps its reference, which nobody follows.
    const bool Expr = !E->isArgumentType();
    InSizeof += Expr;
    bool R = RecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E);
    InSizeof -= Expr;
    return R;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (InSizeof || !VD || !isSharedVariable(VD) ||
        VD->getDeclContext()->isDependentContext())
      return true;
    References[VD->getLocation().getRawEncoding()].push_back(DRE);
    return true;
  }

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (E->isArgumentType())
      return true;
    if (const VarDecl *VD = sharedVarIn(E->getArgumentExpr()))
      Sized[VD->getLocation().getRawEncoding()] = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    bool Followed = FD && FD->hasBody(Def) && Def && !leaks(Def);
    if (Followed)
      return true; // the callee is analysed in the caller's context
    // atomicAdd(&t[r][c], v) and friends are accesses (atomics of the
    // device IR).
    if (isAtomicFunction(FD))
      return true;
    for (const Expr *Arg : CE->arguments())
      if (const VarDecl *VD = sharedAddressIn(Arg))
        observe(VD, "an address in '" + VD->getNameAsString() + "' is passed to " +
                        (FD ? "'" + FD->getNameAsString() + "'"
                            : std::string("an indirect call")) +
                        ", which may depend on its layout");
    return true;
  }
  bool VisitCastExpr(CastExpr *CE) {
    if (CE->getCastKind() == CK_PointerToIntegral)
      if (const VarDecl *VD = sharedAddressIn(CE->getSubExpr()))
        observe(VD, "an address in '" + VD->getNameAsString() +
                        "' is converted to an integer");
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *AS) {
    auto check = [&](const Expr *E) {
      const Expr *Bare = E->IgnoreParenImpCasts();
      const VarDecl *VD = sharedAddressIn(E);
      if (!VD && isa<ArraySubscriptExpr>(Bare)) // "m"(t[r][c])
        VD = sharedAddressIn(cast<ArraySubscriptExpr>(Bare)->getBase());
      if (VD)
        observe(VD, "'" + VD->getNameAsString() + "' is used by inline asm");
    };
    for (const Expr *E : AS->inputs())
      check(E);
    for (const Expr *E : AS->outputs())
      check(E);
    return true;
  }

private:
  int InSizeof = 0;
  const SourceManager &SM;
  std::vector<SourceLocation> Within; ///< file locations
  std::map<const FunctionDecl *, bool> Leaking; ///< LeakScan per callee

  bool holdsOneOf(const FunctionDecl *FD) const {
    const SourceLocation Begin = SM.getFileLoc(FD->getBeginLoc());
    const SourceLocation End = SM.getFileLoc(FD->getEndLoc());
    return std::any_of(Within.begin(), Within.end(), [&](SourceLocation L) {
      return SM.isPointWithin(L, Begin, End);
    });
  }
  bool leaks(const FunctionDecl *Def) {
    auto [It, New] = Leaking.try_emplace(Def, false);
    if (New) {
      LeakScan Leak;
      Leak.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
      It->second = Leak.Leaks;
    }
    return It->second;
  }
  void observe(const VarDecl *VD, const std::string &Why) {
    Observed.emplace(VD->getLocation().getRawEncoding(), Why);
  }
};

/// The instantiations of \p Pattern, a member function (or member function
/// template) of a class template: those of each specialization of the
/// class. False where they cannot be listed this way (a class nested in
/// another, a partial or explicit specialization).
bool memberInstantiations(const FunctionDecl *Pattern, std::vector<Decl *> &Out) {
  const auto *Class = dyn_cast<CXXRecordDecl>(Pattern->getDeclContext());
  ClassTemplateDecl *Template = Class ? Class->getDescribedClassTemplate() : nullptr;
  if (!Template || !Class->getDeclContext()->isFileContext())
    return false;
  auto AddIfOf = [&](FunctionDecl *Method) {
    if (Method->getTemplateInstantiationPattern() == Pattern)
      Out.push_back(Method);
  };
  for (ClassTemplateSpecializationDecl *Spec : Template->specializations())
    for (Decl *D : Spec->decls()) {
      if (auto *Method = dyn_cast<FunctionDecl>(D))
        AddIfOf(Method);
      else if (auto *MemberTemplate = dyn_cast<FunctionTemplateDecl>(D))
        for (FunctionDecl *Method : MemberTemplate->specializations())
          AddIfOf(Method);
    }
  return true;
}

/// The declarations to traverse so that every function whose source holds
/// one of \p Arrays' declarations is scanned: each array's function, its
/// function template (whose traversal reaches every instantiation), or the
/// instantiations of a class template's member. Empty where that set is
/// not known this way (an array in a lambda, a local class, a nested
/// class): the whole unit is scanned then. A walk over the whole unit
/// visits every instantiated class too, most of the time of this scan on
/// template-heavy code (rocPRIM's tests).
std::vector<Decl *> functionsHolding(const std::set<const VarDecl *> &Arrays,
                                     const SourceManager &SM) {
  std::vector<Decl *> Holders;
  std::set<const Decl *> Seen;
  auto Add = [&](Decl *Holder) {
    if (!SM.isInSystemHeader(Holder->getLocation()) && Seen.insert(Holder).second)
      Holders.push_back(Holder); // system headers: as in the walk over the unit
  };
  std::set<const FunctionDecl *> Patterns;
  for (const VarDecl *VD : Arrays) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(
        VD->getParentFunctionOrMethod(/*LexicalParent=*/true));
    if (!FD)
      return {};
    const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
    if (!Pattern)
      Pattern = FD;
    if (!Patterns.insert(Pattern).second)
      continue;
    // A friend defined in a class template: its instantiations belong to
    // each specialization's friend, not to Pattern or its template.
    if (Pattern->getFriendObjectKind() != Decl::FOK_None)
      return {};
    const DeclContext *Outer = Pattern->getDeclContext();
    if (Outer->isDependentContext()) {
      std::vector<Decl *> Members;
      if (!memberInstantiations(Pattern, Members))
        return {};
      Add(const_cast<FunctionDecl *>(Pattern)); // as the walk over the unit
      for (Decl *M : Members)
        Add(M);
      continue;
    }
    if (!Outer->isFileContext() &&
        (!isa<CXXRecordDecl>(Outer) || isa<ClassTemplateSpecializationDecl>(Outer) ||
         cast<CXXRecordDecl>(Outer)->isLocalClass()))
      return {};
    Decl *Holder = const_cast<FunctionDecl *>(Pattern);
    if (FunctionTemplateDecl *Template = Pattern->getDescribedFunctionTemplate()) {
      Holder = Template->getCanonicalDecl(); // its instantiations
      // Pattern's body, where the template was declared earlier (walking
      // the canonical template walks only its own, bodiless, pattern).
      if (Holder != Template)
        Add(const_cast<FunctionDecl *>(Pattern));
    }
    Add(Holder);
  }
  return Holders;
}

} // namespace

LayoutObservations scanLayoutObservations(ASTContext &Ctx,
                                          const std::set<const VarDecl *> *Arrays) {
  LayoutObservations Result;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<SourceLocation> Within;
  if (Arrays && !Arrays->empty())
    for (const VarDecl *VD : *Arrays) {
      // Lexically: a block-scope `extern __shared__` array belongs to the
      // enclosing namespace, but only its own function names it.
      if (!VD->getParentFunctionOrMethod(/*LexicalParent=*/true)) {
        Within.clear(); // a file-scope array: any function can name it
        break;
      }
      Within.push_back(SM.getFileLoc(VD->getLocation()));
    }
  const std::vector<Decl *> Holders =
      Within.empty() ? std::vector<Decl *>() : functionsHolding(*Arrays, SM);
  LayoutScan Scan(Result.Observed, Result.Sized, Result.References, SM,
                  std::move(Within));
  if (!Holders.empty()) {
    for (Decl *D : Holders)
      Scan.TraverseDecl(D);
    return Result;
  }
  // System headers cannot name the user's arrays.
  traverseUnit(Scan, Ctx, /*SystemHeaders=*/false);
  return Result;
}

bool namedUnderConditionalCompilation(const SourceManager &SM, const VarDecl *VD) {
  // Code in #if/#else blocks may be skipped in this compile (another arch,
  // another configuration): the AST does not show it, so a swizzle could
  // not rewrite it. Scan the text that can name the array: the declaring
  // function's body, or the rest of the file for a file-scope array.
  SourceLocation Begin = SM.getFileLoc(VD->getLocation());
  SourceLocation End;
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()))
    if (FD->getBody())
      End = SM.getFileLoc(FD->getBody()->getEndLoc());
  const FileID FID = SM.getFileID(Begin);
  bool Invalid = false;
  const llvm::StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return true;
  const size_t From = SM.getFileOffset(Begin);
  const size_t To = End.isValid() && SM.getFileID(End) == FID
                        ? SM.getFileOffset(End)
                        : Buffer.size();
  const std::string Name = VD->getNameAsString();
  int Depth = 0;
  llvm::StringRef Text = Buffer.slice(From, To);
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    const llvm::StringRef Trimmed = Line.ltrim();
    if (startsWith(Trimmed, "#")) {
      const llvm::StringRef Directive = Trimmed.drop_front().ltrim();
      if (startsWith(Directive, "if"))
        ++Depth;
      else if (startsWith(Directive, "endif"))
        Depth = std::max(0, Depth - 1);
      continue;
    }
    if (Depth == 0)
      continue;
    for (size_t At = Line.find(Name); At != llvm::StringRef::npos;
         At = Line.find(Name, At + 1)) {
      auto isIdent = [](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; };
      const bool Start = At == 0 || !isIdent(Line[At - 1]);
      const bool Stop = At + Name.size() >= Line.size() || !isIdent(Line[At + Name.size()]);
      if (Start && Stop)
        return true;
    }
  }
  return false;
}

} // namespace ldslint
