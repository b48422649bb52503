//===- FixPlannerStride.cpp - Padding the row stride of 1-D buffers -------===//
//
// A one-dimensional shared buffer indexed `As[k * BM + row]` is a matrix
// laid out by hand with rows of BM elements. Its padding is an edit of
// that stride in every index of the buffer (`k * (BM + 4) + row`) and of
// the buffer's size (`As[(BM + 4) * BK]`), or of the launch's dynamic size
// for `extern __shared__` memory.
//
// Nothing is guessed: the kernels are extracted again with the stride's
// operands modelled as one paddable symbol, and each candidate pad is
// evaluated on every access of the buffer, for every launch and target.
// The edit is only correct when every access splits its index the same
// way, `x * S + y` with 0 <= y and y + width <= S: that is proven by
// evaluation too (the address with the stride set to 0 is y).
//
//===----------------------------------------------------------------------===//
#include "FixPlanner.h"
#include "LayoutObservers.h"
#include "RowStride.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <numeric>

using namespace clang;

namespace ldslint {

namespace {

constexpr IntType I64{64, true};

/// Launches `k<<<grid, block, bytes>>>` of any of \p Kernels, with the
/// dynamic shared memory argument as written (null where it is not given).
class DynamicSizes : public RecursiveASTVisitor<DynamicSizes> {
public:
  explicit DynamicSizes(std::set<const FunctionDecl *> Kernels)
      : Kernels(std::move(Kernels)) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *KCE) {
    const FunctionDecl *Callee = KCE->getDirectCallee();
    if (!Callee || !Kernels.count(Callee->getCanonicalDecl()))
      return true;
    const CallExpr *Config = KCE->getConfig();
    const Expr *Bytes = nullptr;
    if (Config && Config->getNumArgs() >= 3 &&
        !isa<CXXDefaultArgExpr>(Config->getArg(2)))
      Bytes = Config->getArg(2);
    Found.push_back(Bytes);
    return true;
  }
  std::set<const FunctionDecl *> Kernels;
  std::vector<const Expr *> Found;
};

std::string numberOrText(const std::string &Text, int64_t NewValue, int64_t Pad) {
  if (!Text.empty() && Text.find_first_not_of("0123456789") == std::string::npos)
    return std::to_string(NewValue);
  return "(" + Text + " + " + std::to_string(Pad) + ")";
}

/// Any reference to \p Var in \p Kernel's body other than \p Known.
const DeclRefExpr *otherReference(const FunctionDecl *Kernel, const ValueDecl *Var,
                                  const std::set<const DeclRefExpr *> &Known) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *Var;
    const std::set<const DeclRefExpr *> &Known;
    const DeclRefExpr *Found = nullptr;
    Finder(const ValueDecl *V, const std::set<const DeclRefExpr *> &K) : Var(V), Known(K) {}
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl()->getLocation() == Var->getLocation() &&
          !Known.count(DRE) && !Found)
        Found = DRE;
      return true;
    }
  } F(Var, Known);
  if (Kernel->getBody())
    F.TraverseStmt(Kernel->getBody());
  return F.Found;
}

/// The buffers carved after \p Target (which starts \p Decl's memory) move
/// when Target's rows grow: the factor \p S of Target's size in each carve
/// offset counted from the start (\p CarveFactors), and in the launch's
/// dynamic size or the array's size (\p SizeFactors; empty with
/// \p SizeWhyNot set when the launch's cannot be edited). \p Elements:
/// Target's size. Returns why not, or "".
std::string planCarves(const ASTContext &Ctx, const VarDecl *Decl,
                       const ValueDecl *Target,
                       const std::vector<const VarDecl *> &Others, int64_t S,
                       int64_t ElemBytes, const std::set<const FunctionDecl *> &Launched,
                       std::vector<const Expr *> &CarveFactors,
                       std::vector<const Expr *> &SizeFactors, int64_t &Elements,
                       std::string &SizeWhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const std::string Name = Decl->getNameAsString(), Buffer = Target->getNameAsString();
  auto lineOf = [&](const clang::Decl *D) {
    return std::to_string(SM.getSpellingLineNumber(SM.getFileLoc(D->getLocation())));
  };
  if (Target != Decl) {
    const auto *VD = dyn_cast<VarDecl>(Target);
    std::optional<Carve> C = VD ? carveOf(VD->getInit()) : std::nullopt;
    if (!C || C->Base->getDecl() != Decl ||
        (C->Offset && constantValue(C->Offset, Ctx) != std::optional<int64_t>(0)))
      return "'" + Buffer + "' is not carved at the start of '" + Name +
             "'; ldslint pads only the first buffer of carved memory";
  }
  std::vector<std::pair<const VarDecl *, Carve>> Anchored;
  std::set<const ValueDecl *> Carved{Target};
  for (const VarDecl *B : Others)
    Carved.insert(B);
  Elements = 0;
  for (const VarDecl *B : Others) {
    std::optional<Carve> C = carveOf(B->getInit());
    if (!C || !B->getType()->isPointerType())
      return "the carve of '" + B->getNameAsString() + "' (line " + lineOf(B) +
             ") is not `" + Name + " + offset`";
    const ValueDecl *From = C->Base->getDecl();
    if (From != Decl && From != Target) {
      if (!Carved.count(From))
        return "the carve of '" + B->getNameAsString() + "' (line " + lineOf(B) +
               ") is not `" + Name + " + offset`";
      continue; // carved from a buffer that moves: moves with it
    }
    const std::optional<int64_t> Off = C->Offset ? constantValue(C->Offset, Ctx)
                                                 : std::optional<int64_t>(0);
    if (!Off || *Off <= 0)
      return "the carve offset of '" + B->getNameAsString() + "' (line " +
             lineOf(B) + ") is not a positive constant";
    Anchored.push_back({B, *C});
    Elements = Elements ? std::min(Elements, *Off) : *Off;
  }
  if (!Elements)
    return "no buffer carved from '" + Name + "' follows '" + Buffer + "'";
  if (Elements % S != 0)
    return "'" + Buffer + "' (" + std::to_string(Elements) +
           " elements up to the next carved buffer) is not a whole number of rows of " +
           std::to_string(S);
  for (const auto &[B, C] : Anchored) {
    const Expr *F = termFactor(C.Offset, S, Elements, ElemBytes, Ctx);
    if (!F)
      return "the carve offset of '" + B->getNameAsString() + "' (line " +
             lineOf(B) + ") does not count '" + Buffer + "' as a product with its row stride " +
             std::to_string(S);
    CarveFactors.push_back(F);
  }
  if (!Decl->getType()->isIncompleteArrayType()) {
    TypeSourceInfo *TSI = Decl->getTypeSourceInfo();
    auto ATL = TSI ? TSI->getTypeLoc().getUnqualifiedLoc().getAs<ArrayTypeLoc>()
                   : ArrayTypeLoc();
    const Expr *F = ATL ? termFactor(ATL.getSizeExpr(), S, Elements, ElemBytes, Ctx)
                        : nullptr;
    if (!F)
      return "the size of '" + Name + "' does not count '" + Buffer +
             "' as a product with its row stride " + std::to_string(S);
    SizeFactors.push_back(F);
    return "";
  }
  DynamicSizes Scan(Launched);
  Scan.TraverseDecl(const_cast<TranslationUnitDecl *>(Ctx.getTranslationUnitDecl()));
  for (const Expr *Bytes : Scan.Found) {
    const Expr *F = termFactor(Bytes, S, Elements, ElemBytes, Ctx);
    if (!F) {
      SizeWhyNot = "a launch passes its dynamic shared memory size without a term "
                   "counting '" + Buffer + "' as a product with its row stride " +
                   std::to_string(S);
      SizeFactors.clear();
      return "";
    }
    SizeFactors.push_back(F);
  }
  if (Scan.Found.empty())
    SizeWhyNot = "no launch of the kernel is in this file";
  return "";
}

} // namespace

std::string FixPlanner::planRowStride(const std::vector<Use> &Uses,
                                      std::vector<Finding> &Findings) {
  const VarDecl *Decl = Uses.front().Site->Array;
  const std::string Name = Decl->getNameAsString();
  const std::string No = "no fix offered: ";
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const QualType Element = Ctx.getBaseElementType(Decl->getType());
  const int64_t ElemBytes = elementBytes(Decl);
  const bool Dynamic = Decl->getType()->isIncompleteArrayType();
  auto lineOf = [&](const Use &U) { return std::to_string(Findings[U.Finding].Line); };

  if (SizeTaken.count(Decl->getLocation().getRawEncoding()))
    return No + "padding would change 'sizeof(" + Name + ")', which the code uses";
  if (namedUnderConditionalCompilation(SM, Decl))
    return No + "'" + Name + "' is used inside #if/#else blocks, whose code "
                             "in other configurations ldslint cannot see";

  // 1. Each access's subscript and the strides its index is built from.
  struct Subscript {
    const Use *U;
    BufferIndex Index;
    std::vector<StrideTerm> Terms;
  };
  std::vector<const ExtractedKernel *> Kernels; // first-seen order
  std::map<const ExtractedKernel *, std::vector<Subscript>> ByKernel;
  std::vector<std::pair<const Use *, BufferIndex>> Indexed;
  // Base (by declaration location: template instantiations share it) ->
  // has a conflicting access.
  std::map<unsigned, std::pair<const ValueDecl *, bool>> Bases;
  auto key = [](const ValueDecl *D) { return D->getLocation().getRawEncoding(); };
  for (const Use &U : Uses) {
    std::optional<BufferIndex> BI = bufferIndex(U.Site->LValue, Ctx, Element);
    if (!BI)
      return No + "'" + Name + "' is one-dimensional and the access at line " +
             lineOf(U) + " is not written as a subscript of it (" + Name +
             "[index]), so no row stride can be edited";
    Indexed.push_back({&U, *BI});
    auto &Entry = Bases[key(BI->Base)];
    Entry.first = BI->Base;
    Entry.second |= Findings[U.Finding].Result.Status == Verdict::Conflict;
  }
  // The buffer to pad: the array itself, or the one pointer carved from it
  // whose accesses conflict.
  const ValueDecl *Target = nullptr;
  std::set<std::string> Conflicting;
  for (const auto &[Key, Entry] : Bases)
    if (Entry.second || Bases.size() == 1) {
      const ValueDecl *Base = Entry.first;
      Target = Base;
      Conflicting.insert(Base->getNameAsString());
    }
  if (Conflicting.size() > 1) {
    std::string List;
    for (const std::string &B : Conflicting)
      List += (List.empty() ? "'" : ", '") + B + "'";
    return No + "several buffers carved from '" + Name + "' conflict (" + List +
           "); ldslint pads one buffer at a time";
  }
  const std::string Buffer = Target->getNameAsString();
  for (const auto &[U, BI] : Indexed) {
    if (key(BI.Base) != key(Target))
      continue;
    if (!ByKernel.count(U->Kernel))
      Kernels.push_back(U->Kernel);
    ByKernel[U->Kernel].push_back({U, BI, strideTerms(BI.Index, Ctx)});
  }
  // A pointer to the buffer must not be used other than by these accesses:
  // another use would keep the old stride.
  if (key(Target) != key(Decl)) {
    std::set<const DeclRefExpr *> Known;
    for (const auto &[U, BI] : Indexed)
      Known.insert(BI.BaseRef);
    for (const ExtractedKernel *K : Kernels)
      if (const DeclRefExpr *Other = otherReference(K->Kernel, Target, Known))
        return No + "'" + Buffer + "' is used at line " +
               std::to_string(SM.getSpellingLineNumber(SM.getFileLoc(Other->getLocation()))) +
               " other than as " + Buffer + "[index]";
  }
  // The other buffers carved from the same memory (Bases.size() > 1).
  std::vector<const VarDecl *> Others;
  for (const auto &[Key, Entry] : Bases)
    if (Key != key(Target)) {
      const ValueDecl *Base = Entry.first;
      const auto *VD = dyn_cast<VarDecl>(Base);
      if (!VD || Key == key(Decl))
        return No + "'" + Name + "' is accessed both directly and through '" +
               Buffer + "'";
      Others.push_back(VD);
    }

  // 2. Per kernel (instantiation), the stride every access shares: the
  // largest constant that multiplies a term of every index.
  std::map<const ExtractedKernel *, int64_t> Stride;
  std::map<const ExtractedKernel *, std::set<const Expr *>> Marks;
  struct StrideEdit {
    CharSourceRange Range;
    std::string Text;
  };
  std::map<std::pair<unsigned, unsigned>, StrideEdit> Edits; // (file, offset)
  std::map<unsigned, std::set<unsigned>> MarkedByAccess;    // access -> edits
  for (const ExtractedKernel *K : Kernels) {
    std::set<int64_t> Common;
    bool First = true;
    for (const Subscript &S : ByKernel[K]) {
      std::set<int64_t> Values;
      for (const StrideTerm &T : S.Terms)
        Values.insert(T.Value);
      if (First)
        Common = Values;
      else
        for (auto It = Common.begin(); It != Common.end();)
          It = Values.count(*It) ? std::next(It) : Common.erase(It);
      First = false;
    }
    if (Common.empty()) {
      std::string Detail;
      std::set<std::string> Seen;
      for (const Subscript &S : ByKernel[K]) {
        std::string Line = "line " + lineOf(*S.U) + ": ";
        std::set<int64_t> Values;
        for (const StrideTerm &T : S.Terms)
          Values.insert(T.Value);
        const auto *Var = dyn_cast<DeclRefExpr>(S.Index.Index->IgnoreParenImpCasts());
        if (Values.empty() && Var)
          // Its stride may serve other uses of the variable too.
          Line += "the index is the variable '" + Var->getDecl()->getNameAsString() +
                  "', which ldslint does not edit";
        else if (Values.empty())
          Line += "none";
        for (int64_t V : Values)
          Line += (Line.back() == ' ' ? "" : ", ") + std::to_string(V);
        if (Seen.insert(Line).second)
          Detail += (Detail.empty() ? "" : "; ") + Line;
      }
      return No + "the accesses of the one-dimensional '" + Name +
             "' do not share one row stride `x * stride + column` (" + Detail +
             ")";
    }
    const int64_t S = *Common.rbegin();
    Stride[K] = S;
    for (const Subscript &Sub : ByKernel[K]) {
      const unsigned AccessKey = SM.getFileOffset(SM.getFileLoc(Sub.U->Site->Loc));
      std::set<unsigned> Marked;
      for (const StrideTerm &T : Sub.Terms) {
        if (T.Value != S)
          continue;
        CharSourceRange R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(T.Operand->getSourceRange()), SM, LO);
        if (T.Product->getOperatorLoc().isMacroID() || R.isInvalid())
          return No + "the index of '" + Name + "' at line " + lineOf(*Sub.U) +
                 " is written inside a macro expansion";
        Marks[K].insert(T.Operand);
        const unsigned Offset = SM.getFileOffset(R.getBegin());
        Marked.insert(Offset);
        Edits[{SM.getFileID(R.getBegin()).getHashValue(), Offset}] = {
            R, Lexer::getSourceText(R, SM, LO).str()};
      }
      // Instantiations of one template share the source: each must edit
      // the same operands.
      auto Prior = MarkedByAccess.find(AccessKey);
      if (Prior != MarkedByAccess.end() && Prior->second != Marked)
        return No + "the instantiations of '" + Name +
               "' use different row strides at line " + lineOf(*Sub.U);
      MarkedByAccess[AccessKey] = Marked;
    }
  }

  // 3. The kernels again, with the stride as a paddable symbol.
  std::vector<Use> Strided;
  for (const ExtractedKernel *K : Kernels) {
    Reextracted.push_back(std::make_unique<ExtractedKernel>(
        extractKernel(Ctx, K->Kernel, Models.front().WaveSize, &Marks[K])));
    const ExtractedKernel &NK = *Reextracted.back();
    if (!NK.StrideSymbol || NK.Accesses.size() != K->Accesses.size())
      return No + "the row stride of '" + Name + "' could not be modelled";
    for (const Subscript &Sub : ByKernel[K]) {
      Use N = *Sub.U;
      N.Kernel = &NK;
      N.Site = &NK.Accesses[Sub.U->Site - K->Accesses.data()];
      if (!N.Site->Model.Address)
        return No + "not every access of '" + Name + "' could be analysed (line " +
               lineOf(*Sub.U) + ")";
      Strided.push_back(N);
    }
  }
  auto strideOf = [&](const Use &U) { return U.Kernel->Model.Symbols[*U.Kernel->StrideSymbol].Value; };

  // 4. Every access splits its element as x * S + y with the column y
  // (the address with the stride set to 0) inside the row: then the
  // padded layout keeps every element distinct and reached by the same
  // accesses.
  AssumedInRow = false;
  for (const Use &U : Strided) {
    const SymbolId Sym = *U.Kernel->StrideSymbol;
    const SymRef Column = substitute(U.Site->Model.Address, [&](SymbolId Id) -> SymRef {
      return Id == Sym ? SymExpr::constant(0, I64) : nullptr;
    });
    const IntType Bool{32, true};
    const SymRef End = SymExpr::binary(
        Op::Add, Column, SymExpr::constant(U.Site->Model.WidthBytes, I64), I64);
    const SymRef Outside = SymExpr::binary(
        Op::LOr, SymExpr::binary(Op::LT, Column, SymExpr::constant(0, I64), Bool),
        SymExpr::binary(Op::GT, End, SymExpr::constant(strideOf(U) * ElemBytes, I64),
                        Bool),
        Bool);
    Use Known = U;
    Known.Launches.clear();
    for (const Launch &L : U.Launches)
      if (L.first)
        Known.Launches.push_back(L);
    if (Known.Launches.size() != U.Launches.size())
      AssumedInRow = true;
    EvalOptions Zero;
    Zero.ExpectZeroAddress = true;
    if (!Known.Launches.empty() && !allClean(Known, Zero, Outside))
      return No + "the access of '" + Name + "' at line " + lineOf(U) +
             " is not proven to stay inside a row of " +
             std::to_string(strideOf(U)) + " elements (x * " +
             std::to_string(strideOf(U)) + " + column with 0 <= column < " +
             std::to_string(strideOf(U)) + ")" +
             (Buffer != Name ? " of '" + Buffer + "'" : "");
  }

  // 5. The size: a factor of the declared size equal to the stride, or
  // the launch's dynamic size for extern memory.
  std::vector<StrideEdit> SizeEdits, CarveEdits;
  int64_t Rows = 0; // rows of the static buffer in the first kernel (0: dynamic)
  std::map<const ExtractedKernel *, int64_t> RowsOf;
  std::string SizeWhyNot;
  int64_t CarvedElements = 0; // the padded buffer's size, when carved
  if (!Others.empty()) {
    if (Kernels.size() != 1)
      return No + "'" + Name + "' is carved in several kernels or instantiations; "
                               "ldslint plans carved memory for one kernel";
    std::set<const FunctionDecl *> Launched{Kernels.front()->Kernel->getCanonicalDecl()};
    std::vector<const Expr *> CarveFactors, SizeFactors;
    int64_t Elements = 0;
    const int64_t S = strideOf(Strided.front());
    std::string Why = planCarves(Ctx, Decl, Target, Others, S, ElemBytes, Launched,
                                 CarveFactors, SizeFactors, Elements, SizeWhyNot);
    if (!Why.empty())
      return No + Why;
    Rows = Elements / S;
    RowsOf[Kernels.front()] = Rows;
    CarvedElements = Elements;
    for (auto [Factors, Into] : {std::pair{&CarveFactors, &CarveEdits},
                                 std::pair{&SizeFactors, &SizeEdits}})
      for (const Expr *F : *Factors) {
        CharSourceRange R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(F->getSourceRange()), SM, LO);
        if (R.isInvalid())
          return No + "a carve offset or size of '" + Name +
                 "' is written inside a macro expansion";
        Into->push_back({R, Lexer::getSourceText(R, SM, LO).str()});
      }
    // The buffer's accesses must stay inside it: after padding it ends
    // Rows * (S + pad) elements in.
    for (const Use &U : Strided) {
      const IntType Bool{32, true};
      const SymRef Beyond = SymExpr::binary(
          Op::GT,
          SymExpr::binary(Op::Add, U.Site->Model.Address,
                          SymExpr::constant(U.Site->Model.WidthBytes, I64), I64),
          SymExpr::constant(Elements * ElemBytes, I64), Bool);
      Use Known = U;
      Known.Launches.clear();
      for (const Launch &L : U.Launches)
        if (L.first)
          Known.Launches.push_back(L);
      EvalOptions Zero;
      Zero.ExpectZeroAddress = true;
      if (Known.Launches.empty() || !allClean(Known, Zero, Beyond))
        return No + "the access of '" + Buffer + "' at line " + lineOf(U) +
               " is not proven to stay before the next buffer carved from '" +
               Name + "'";
    }
  } else if (!Dynamic) {
    std::set<unsigned> FactorOffsets;
    for (const Use &U : Strided) {
      const VarDecl *VD = U.Site->Array;
      TypeSourceInfo *TSI = VD->getTypeSourceInfo();
      auto ATL = TSI ? TSI->getTypeLoc().getUnqualifiedLoc().getAs<ArrayTypeLoc>()
                     : ArrayTypeLoc();
      const auto *CAT = Ctx.getAsConstantArrayType(VD->getType());
      if (!ATL || !ATL.getSizeExpr() || !CAT)
        return No + "the size of '" + Name + "' is not written in its declaration";
      const int64_t Total = static_cast<int64_t>(CAT->getSize().getZExtValue());
      const int64_t S = strideOf(U);
      if (Total % S != 0)
        return No + "the size of '" + Name + "' (" + std::to_string(Total) +
               ") is not a whole number of rows of " + std::to_string(S);
      RowsOf[U.Kernel] = Total / S;
      if (!Rows)
        Rows = Total / S;
      const Expr *Factor = nullptr;
      for (const Expr *F : productFactors(ATL.getSizeExpr()))
        if (constantValue(F, Ctx) == std::optional<int64_t>(S)) {
          Factor = F;
          break;
        }
      const Expr *Edited = Factor ? Factor : ATL.getSizeExpr();
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(Edited->getSourceRange()), SM, LO);
      if (R.isInvalid())
        return No + "the size of '" + Name + "' is written inside a macro expansion";
      const std::string Text = Lexer::getSourceText(R, SM, LO).str();
      if (!Factor && Text.find_first_not_of("0123456789") != std::string::npos)
        return No + "the size of '" + Name + "' (" + Text +
               ") has no factor equal to the row stride " +
               std::to_string(S);
      if (FactorOffsets.insert(SM.getFileOffset(R.getBegin())).second)
        SizeEdits.push_back({R, Factor ? Text : std::string()});
      if (FactorOffsets.size() > 1)
        return No + "the instantiations of '" + Name +
               "' have their row stride at different places in its size";
    }
  } else {
    std::set<const FunctionDecl *> Launched;
    for (const ExtractedKernel *K : Kernels)
      Launched.insert(K->Kernel->getCanonicalDecl());
    DynamicSizes Scan(Launched);
    Scan.TraverseDecl(Ctx.getTranslationUnitDecl());
    std::set<unsigned> Offsets;
    for (const Expr *Bytes : Scan.Found) {
      const Expr *Factor = nullptr;
      const int64_t S = strideOf(Strided.front());
      if (Bytes)
        for (const Expr *F : productFactors(Bytes))
          if (constantValue(F, Ctx) == std::optional<int64_t>(S))
            Factor = F;
      CharSourceRange R;
      if (Factor)
        R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(Factor->getSourceRange()), SM, LO);
      if (!Factor || R.isInvalid()) {
        SizeWhyNot = "a launch passes its dynamic shared memory size without a "
                     "factor " + std::to_string(S) + " that ldslint could edit";
        SizeEdits.clear();
        break;
      }
      if (Offsets.insert(SM.getFileOffset(R.getBegin())).second)
        SizeEdits.push_back({R, Lexer::getSourceText(R, SM, LO).str()});
    }
    if (Scan.Found.empty())
      SizeWhyNot = "no launch of the kernel is in this file";
    if (!SizeWhyNot.empty())
      SizeEdits.clear();
  }

  // 6. The smallest pad that makes every access conflict-free. Steps keep
  // rows aligned as they were (up to 16 bytes), so that the vector loads
  // and stores the compiler forms from the rows stay vectors.
  int64_t Step = 1;
  for (const Use &U : Strided) {
    Step = std::max<int64_t>(Step, U.Site->Model.WidthBytes / ElemBytes);
    const int64_t Align = std::gcd<int64_t>(strideOf(U) * ElemBytes, 16);
    Step = std::max<int64_t>(Step, Align / ElemBytes);
  }
  // Buffers carved after this one move by rows * pad elements: keep them
  // 16-byte aligned (their own vector accesses), so their conflicts, a
  // uniform shift of banks, stay what they were.
  if (CarvedElements)
    Step = std::lcm<int64_t>(
        Step, 16 / std::gcd<int64_t>(Rows * ElemBytes, 16));
  int64_t MaxPad = 1;
  for (const BankModel &Model : Models)
    MaxPad = std::max<int64_t>(MaxPad, Model.NumBanks * Model.BankBytes / ElemBytes);
  Unproven = false;
  Spent = 0;
  OutOfBudget = false;
  std::optional<int64_t> Found;
  for (int64_t Pad = Step; Pad <= MaxPad && !Found; Pad += Step) {
    bool Works = true;
    for (const Use &U : Strided) {
      EvalOptions Padded;
      Padded.ExtentOverrides[*U.Kernel->StrideSymbol] = strideOf(U) + Pad;
      if (!allClean(U, Padded)) {
        Works = false;
        break;
      }
    }
    if (Works)
      Found = Pad;
  }
  if (!Found)
    return No + (OutOfBudget ? "checking candidate row strides of '" + Name +
                                   "' exceeded the search budget"
                             : "no padding of the row stride of '" + Name +
                                   "' (" + std::to_string(strideOf(Strided.front())) +
                                   " elements) by a multiple of " +
                                   std::to_string(Step) + " up to " +
                                   std::to_string(MaxPad) + removesEveryConflict());
  const int64_t Pad = *Found, S0 = strideOf(Strided.front());
  if (Rows)
    for (const Use &U : Strided) {
      int64_t Total = 0;
      for (const auto &[VD, E] : U.Kernel->Extents)
        Total += VD == U.Site->Array
                     ? RowsOf[U.Kernel] * (strideOf(U) + Pad) * ElemBytes
                     : Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
      for (const BankModel &Model : Models)
        if (Total > Model.SharedLimitBytes)
          return No + "padding the rows of '" + Name + "' by " +
                 std::to_string(Pad) + " would need " + std::to_string(Total) +
                 " bytes of static shared memory, over the " +
                 std::to_string(Model.SharedLimitBytes / 1024) + " KiB limit of " +
                 Model.Arch;
    }

  Fix F;
  std::string StrideText;
  for (const auto &[Key, E] : Edits) {
    F.Edits.push_back(edit(E.Range, numberOrText(E.Text, S0 + Pad, Pad)));
    StrideText = E.Text;
  }
  const size_t IndexEdits = F.Edits.size();
  for (const StrideEdit &E : CarveEdits)
    F.Edits.push_back(edit(E.Range, numberOrText(E.Text, S0 + Pad, Pad)));
  for (const StrideEdit &E : SizeEdits)
    F.Edits.push_back(edit(E.Range, E.Text.empty()
                                        ? std::to_string(Rows * (S0 + Pad))
                                        : numberOrText(E.Text, S0 + Pad, Pad)));
  // Instantiations with other strides (template parameters).
  std::string OtherStrides;
  std::set<int64_t> Listed{S0};
  for (const Use &U : Strided)
    if (Listed.insert(strideOf(U)).second)
      OtherStrides += ", " + std::to_string(strideOf(U)) + " to " +
                      std::to_string(strideOf(U) + Pad) + " in '" +
                      Findings[U.Finding].Function + "'";
  std::string OthersText;
  {
    std::set<std::string> Names;
    for (const VarDecl *O : Others)
      Names.insert(O->getNameAsString());
    for (const std::string &N : Names)
      OthersText += (OthersText.empty() ? "'" : ", '") + N + "'";
  }
  int64_t Align = 16;
  for (const Use &U : Strided)
    Align = std::min<int64_t>(Align, std::gcd<int64_t>((strideOf(U) + Pad) * ElemBytes, 16));
  F.Description =
      "pad the rows of '" + Buffer + "' from " + std::to_string(S0) + " to " +
      std::to_string(S0 + Pad) + " elements" +
      (OtherStrides.empty() ? std::string()
                            : " in '" + Findings[Strided.front().Finding].Function +
                                  "'" + OtherStrides) +
      ": the stride `" + StrideText +
      "` becomes `" + numberOrText(StrideText, S0 + Pad, Pad) + "` in " +
      std::to_string(IndexEdits) + (IndexEdits == 1 ? " index" : " indices") +
      (CarveEdits.empty() ? std::string() : " and where " + OthersText + " is carved") +
      (Dynamic ? (SizeEdits.empty() ? std::string()
                                    : " and in the launch's dynamic shared memory size")
               : std::string(" and in its size")) +
      " (" +
      (Rows ? "+" + std::to_string(Rows * Pad * ElemBytes) + " bytes; "
            : "+" + std::to_string(Pad * ElemBytes) + " bytes per row; ") +
      "rows stay " + std::to_string(Align) + "-byte aligned" +
      (Align >= 8 ? ", so vector accesses stay whole" : "") + ")";
  std::string Caveat;
  if (Dynamic && SizeEdits.empty()) {
    // Not applied: the host must allocate the padded rows, and ldslint
    // cannot edit that here.
    F.Alternative = true;
    Caveat = "the padding of '" + Buffer +
             "' is not applied automatically: " + SizeWhyNot +
             "; the dynamic shared memory size of every launch must grow from "
             "rows * " + std::to_string(S0) + " to rows * " +
             std::to_string(S0 + Pad) + " elements of " +
             std::to_string(ElemBytes) + " bytes";
  }

  const Finding *Carrier = nullptr;
  for (const Use &U : Uses) {
    Finding &Fd = Findings[U.Finding];
    if (Fd.Result.Status != Verdict::Conflict)
      continue;
    if (!Carrier) {
      Fd.Fixes = {F};
      if (!Caveat.empty())
        Fd.FixNotes.push_back(Caveat);
      if (AssumedInRow)
        Fd.FixNotes.push_back("the fix assumes that every column term of '" +
                              Name + "' stays inside its row (the block shape "
                                     "is unknown)");
      Carrier = &Fd;
      continue;
    }
    Fd.FixNotes.push_back(F.Description + " (the edit is attached to the warning at line " +
                          std::to_string(Carrier->Line) + ")");
  }
  return "";
}

} // namespace ldslint
