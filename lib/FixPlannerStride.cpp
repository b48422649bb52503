//===- FixPlannerStride.cpp - Fixes for the row stride of 1-D buffers -----===//
//
// A one-dimensional shared buffer indexed `As[k * BM + row]` is a matrix
// laid out by hand with rows of BM elements. Two fixes are planned, as for
// two-dimensional arrays (FixPlanner.cpp): padding, an edit of that stride
// in every index of the buffer (`k * (BM + 4) + row`) and of the buffer's
// size (`As[(BM + 4) * BK]`), or of the launch's dynamic size for
// `extern __shared__` memory (FixPlannerStrideSize.cpp,
// FixPlannerStridePad.cpp); and an XOR swizzle of the column term,
// `k * BM + (row ^ mask(k))`, which costs no memory
// (FixPlannerStrideSwizzle.cpp).
//
// Nothing is guessed: the kernels are modelled again (ir/StrideModel.h)
// with the stride as one symbol, and each candidate is evaluated on
// every access of the buffer, for every launch and target. Both edits are
// only correct when every access splits its index the same way,
// `x * S + y` with 0 <= y and y + width <= S: that is proven by evaluation
// too (the address with the stride set to 0 is y).
//
//===----------------------------------------------------------------------===//
#include "CarvedMemory.h"
#include "FixPlanner.h"
#include "LayoutObservers.h"
#include "StridePlan.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ldslint {

namespace {
constexpr IntType I64{64, true};
const std::string No = "no fix offered: ";
unsigned key(const ValueDecl *D) { return D->getLocation().getRawEncoding(); }
} // namespace

std::string FixPlanner::planRowStride(const std::vector<Use> &Uses,
                                      std::vector<Finding> &Findings) {
  StridePlan P;
  P.Decl = Uses.front().Site->Array;
  P.Name = P.Decl->getNameAsString();
  P.ElemBytes = elementBytes(P.Decl);
  P.Dynamic = P.Decl->getType()->isIncompleteArrayType();
  const std::string &Name = P.Name;
  if (namedUnderConditionalCompilation(Ctx.getSourceManager(), P.Decl))
    return No + "'" + Name + "' is used inside #if/#else blocks, whose code "
                             "in other configurations ldslint cannot see";
  for (auto Step : {&FixPlanner::strideTarget})
    if (std::string Why = (this->*Step)(P, Uses, Findings); !Why.empty())
      return No + Why;
  for (auto Step : {&FixPlanner::sharedStride, &FixPlanner::modelStride,
                    &FixPlanner::columnsInRows})
    if (std::string Why = (this->*Step)(P, Findings); !Why.empty())
      return No + Why;

  // Padding first unless the user prefers the swizzle (--prefer), as for
  // two-dimensional arrays; a padding the host must apply by hand (no
  // launch to edit) yields to a swizzle that needs no host change.
  std::string PadWhyNot, SwizzleWhyNot, Caveat;
  PadAfter = SwizzleAfter = nullptr;
  std::optional<Fix> Pad;
  if (SizeTaken.count(P.Decl->getLocation().getRawEncoding()))
    PadWhyNot = "padding would change 'sizeof(" + Name + ")', which the code uses";
  else if (std::string Why = strideSizeEdits(P, Findings); !Why.empty())
    PadWhyNot = Why;
  else
    Pad = padStride(P, Findings, PadWhyNot, Caveat);
  std::optional<Fix> Swz = swizzleColumns(P, Findings, SwizzleWhyNot);
  if (!Pad && !Swz)
    return No + PadWhyNot + "; " + SwizzleWhyNot;
  const bool PadByHand = Pad && Pad->Alternative;
  const bool SwizzleFirst = Swz && (!Pad || PreferSwizzle || PadByHand);
  std::vector<Fix> Chosen{SwizzleFirst ? *Swz : *Pad};
  Chosen.front().Alternative = false;
  if (SwizzleFirst ? Pad.has_value() : Swz.has_value()) {
    Chosen.push_back(SwizzleFirst ? *Pad : *Swz);
    Chosen.back().Alternative = true;
  } else if (PadByHand) {
    Chosen.front().Alternative = true; // described, not applied
  }
  attachAfterFix(P.Strided, SwizzleFirst, Findings);
  std::vector<std::string> Notes;
  if (!Caveat.empty())
    Notes.push_back(Caveat);
  if (!Pad)
    Notes.push_back("padding not offered: " + PadWhyNot);
  if (!Swz && !Pad->Alternative)
    Notes.push_back("XOR swizzle not offered: " + SwizzleWhyNot);
  if (AssumedInRow)
    Notes.push_back("the fix assumes that every column term of '" + Name +
                    "' stays inside its row (the block shape is unknown)");
  attachFixes(Uses, Chosen, Notes, Findings);
  return "";
}

// 1. Each access's subscript and the buffer to fix.
std::string FixPlanner::strideTarget(StridePlan &P, const std::vector<Use> &Uses,
                                     const std::vector<Finding> &Findings) {
  const SourceManager &SM = Ctx.getSourceManager();
  const QualType Element = Ctx.getBaseElementType(P.Decl->getType());
  const std::string &Name = P.Name;
  auto lineOf = [&](const Use &U) { return P.lineOf(U, Findings); };
  std::vector<std::pair<const Use *, BufferIndex>> Indexed;
  // Base (by declaration location: template instantiations share it) ->
  // has a conflicting access.
  std::map<unsigned, std::pair<const ValueDecl *, bool>> Bases;
  for (const Use &U : Uses) {
    std::optional<BufferIndex> BI = bufferIndex(U.Site->LValue, Ctx, Element);
    if (!BI)
      return "'" + Name + "' is one-dimensional and the access at line " +
             lineOf(U) + " is not written as a subscript of it (" + Name +
             "[index]), so no row stride can be edited";
    // A helper's pointer parameter may alias any part of the buffer, and
    // each helper has its own: an edit of one would not reach the others.
    if (const auto *Param = dyn_cast<ParmVarDecl>(BI->Base))
      return "'" + Name + "' is accessed at line " + lineOf(U) +
             " through the pointer parameter '" + Param->getNameAsString() +
             "' of a helper; ldslint edits the subscripts of the buffer or of a "
             "pointer carved from it in the kernel";
    Indexed.push_back({&U, *BI});
    auto &Entry = Bases[key(BI->Base)];
    Entry.first = BI->Base;
    Entry.second |= Findings[U.Finding].Result.Status == Verdict::Conflict;
  }
  // The buffer to pad: the array itself, or the one pointer carved from it
  // whose accesses conflict.
  std::map<unsigned, std::string> Conflicting; // by declaration
  for (const auto &[Key, Entry] : Bases)
    if (Entry.second || Bases.size() == 1) {
      const ValueDecl *Base = Entry.first;
      P.Target = Base;
      Conflicting[Key] = Base->getNameAsString();
    }
  if (Conflicting.size() > 1) {
    std::string List;
    for (const auto &[Key, B] : Conflicting)
      List += (List.empty() ? "'" : ", '") + B + "'";
    return "several buffers carved from '" + Name + "' conflict (" + List +
           "); ldslint pads one buffer at a time";
  }
  P.Buffer = P.Target->getNameAsString();
  const ValueDecl *Target = P.Target;
  const std::string &Buffer = P.Buffer;
  for (const auto &[U, BI] : Indexed) {
    if (key(BI.Base) != key(Target))
      continue;
    if (!P.ByKernel.count(U->Kernel))
      P.Kernels.push_back(U->Kernel);
    P.ByKernel[U->Kernel].push_back({U, BI, strideTerms(BI.Index, Ctx)});
  }
  const auto TwinsOf = Twins.find(key(P.Decl));
  if (TwinsOf != Twins.end())
    for (const Expr *E : TwinsOf->second)
      if (std::optional<BufferIndex> BI = bufferIndex(E, Ctx, Element);
          BI && key(BI->Base) == key(Target))
        P.Twins.push_back({*BI, strideTerms(BI->Index, Ctx)});
  // A pointer to the buffer must not be used other than by these accesses:
  // another use would keep the old stride.
  if (key(Target) != key(P.Decl)) {
    std::set<const DeclRefExpr *> Known;
    for (const auto &[U, BI] : Indexed)
      Known.insert(BI.BaseRef);
    for (const StridePlan::Twin &T : P.Twins)
      Known.insert(T.Index.BaseRef);
    for (const ModelledKernel *K : P.Kernels)
      if (const DeclRefExpr *Other = otherReference(K->Kernel, Target, Known))
        return "'" + Buffer + "' is used at line " +
               std::to_string(SM.getSpellingLineNumber(SM.getFileLoc(Other->getLocation()))) +
               " other than as " + Buffer + "[index]";
  }
  // A buffer carved further in: its accesses' addresses count from the
  // carve offset, a constant.
  if (key(Target) != key(P.Decl)) {
    const auto *VD = dyn_cast<VarDecl>(Target);
    std::optional<Carve> C = VD ? carveOf(VD->getInit()) : std::nullopt;
    if (C && C->Base->getDecl() == P.Decl)
      P.BaseElements = carveOffset(*C, Ctx).value_or(0);
  }
  // The other buffers carved from the same memory (Bases.size() > 1).
  for (const auto &[Key, Entry] : Bases)
    if (Key != key(Target)) {
      const ValueDecl *Base = Entry.first;
      const auto *VD = dyn_cast<VarDecl>(Base);
      if (!VD || Key == key(P.Decl))
        return "'" + Name + "' is accessed both directly and through '" +
               Buffer + "'";
      P.Others.push_back(VD);
    }
  return "";
}

// 2. Per kernel (instantiation), the stride every access shares: the
// largest constant that multiplies a term of every index.
std::string FixPlanner::sharedStride(StridePlan &P, const std::vector<Finding> &Findings) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const std::string &Name = P.Name;
  auto lineOf = [&](const Use &U) { return P.lineOf(U, Findings); };
  using Subscript = StridePlan::Subscript;
  std::map<unsigned, std::set<unsigned>> MarkedByAccess; // access -> edits
  std::set<int64_t> Strides; // each kernel's
  // The operand of \p T, edited; false when it is in a macro expansion.
  auto addEdit = [&](const StrideTerm &T) {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(T.Operand->getSourceRange()), SM, LO);
    if (T.Product->getOperatorLoc().isMacroID() || R.isInvalid())
      return false;
    P.Products.insert(SM.getFileLoc(T.Product->getOperatorLoc()));
    P.StrideEdits[{SM.getFileID(R.getBegin()).getHashValue(), SM.getFileOffset(R.getBegin())}] =
        {R, Lexer::getSourceText(R, SM, LO).str()};
    return true;
  };
  for (const ModelledKernel *K : P.Kernels) {
    std::set<int64_t> Common;
    bool First = true;
    for (const Subscript &S : P.ByKernel[K]) {
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
      for (const Subscript &S : P.ByKernel[K]) {
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
      return "the accesses of the one-dimensional '" + Name +
             "' do not share one row stride `x * stride + column` (" + Detail +
             ")";
    }
    const int64_t S = *Common.rbegin();
    Strides.insert(S);
    for (const Subscript &Sub : P.ByKernel[K]) {
      const unsigned AccessKey = SM.getFileOffset(SM.getFileLoc(Sub.U->Site->Loc));
      std::set<unsigned> Marked;
      for (const StrideTerm &T : Sub.Terms) {
        if (T.Value != S)
          continue;
        if (!addEdit(T))
          return "the index of '" + Name + "' at line " + lineOf(*Sub.U) +
                 " is written inside a macro expansion";
        Marked.insert(SM.getFileOffset(SM.getFileLoc(T.Operand->getBeginLoc())));
      }
      // Instantiations of one template share the source: each must edit
      // the same operands.
      auto Prior = MarkedByAccess.find(AccessKey);
      if (Prior != MarkedByAccess.end() && Prior->second != Marked)
        return "the instantiations of '" + Name +
               "' use different row strides at line " + lineOf(*Sub.U);
      MarkedByAccess[AccessKey] = Marked;
    }
  }
  // A twin is written as an executed subscript: the same terms.
  for (const StridePlan::Twin &T : P.Twins)
    for (const StrideTerm &Term : T.Terms)
      if (Strides.count(Term.Value) && !addEdit(Term))
        return "the index of '" + Name + "' at line " +
               std::to_string(SM.getSpellingLineNumber(SM.getFileLoc(T.Index.Index->getBeginLoc()))) +
               " is written inside a macro expansion";
  return "";
}

// 3. The kernels again, with the stride as a symbol (ir/StrideModel.h).
std::string FixPlanner::modelStride(StridePlan &P, const std::vector<Finding> &Findings) {
  const std::string &Name = P.Name;
  auto lineOf = [&](const Use &U) { return P.lineOf(U, Findings); };
  using Subscript = StridePlan::Subscript;
  std::set<const FunctionDecl *> Kernels;
  std::set<const VarDecl *> Arrays; // one per template instantiation
  for (const ModelledKernel *K : P.Kernels) {
    Kernels.insert(K->Kernel);
    for (const Subscript &Sub : P.ByKernel[K])
      Arrays.insert(Sub.U->Site->Array);
  }
  std::string WhyNot;
  auto Remodelled = modelRowStride(Ctx, Emitter, Kernels, P.Products, Arrays,
                                   Models.front(), EmitSystemHeaders, WhyNot);
  const std::string NotModelled = "the row stride of '" + Name + "' could not be modelled";
  if (Remodelled.empty())
    return NotModelled + (WhyNot.empty() ? "" : ": " + WhyNot);
  // The accesses of the buffer's array, in the order of the device IR,
  // in a kernel's first model and in its model with the stride.
  auto ofArray = [&](const ModelledKernel &K) {
    std::vector<const AccessSite *> Sites;
    for (const AccessSite &S : K.Accesses)
      if (S.Array->getLocation() == P.Decl->getLocation())
        Sites.push_back(&S);
    return Sites;
  };
  for (const ModelledKernel *K : P.Kernels) {
    const auto It = Remodelled.find(K->Kernel);
    if (It == Remodelled.end() || !It->second->StrideSymbol)
      return NotModelled;
    Restrided.push_back(std::move(It->second));
    Remodelled.erase(It);
    const ModelledKernel &NK = *Restrided.back();
    const std::vector<const AccessSite *> Before = ofArray(*K), After = ofArray(NK);
    if (Before.size() != After.size())
      return NotModelled;
    for (size_t I = 0; I < Before.size(); ++I)
      if (Before[I]->Loc != After[I]->Loc || Before[I]->Model.Kind != After[I]->Model.Kind)
        return NotModelled;
    for (const Subscript &Sub : P.ByKernel[K]) {
      Use N = *Sub.U;
      N.Kernel = &NK;
      const size_t At = std::find(Before.begin(), Before.end(), Sub.U->Site) - Before.begin();
      if (At == Before.size())
        return NotModelled;
      N.Site = After[At];
      if (!N.Site->Model.Address)
        return "not every access of '" + Name + "' could be analysed (line " +
               lineOf(*Sub.U) + ")";
      P.Strided.push_back(N);
      P.Subscripts.push_back(&Sub);
    }
  }
  return "";
}

// 4. Every access splits its element as x * S + y with the column y
// (the address with the stride set to 0) inside the row: then the padded
// or swizzled layout keeps every element distinct and reached by the same
// accesses.
std::string FixPlanner::columnsInRows(StridePlan &P, const std::vector<Finding> &Findings) {
  const std::string &Name = P.Name, &Buffer = P.Buffer;
  auto lineOf = [&](const Use &U) { return P.lineOf(U, Findings); };
  auto strideOf = [&](const Use &U) { return P.strideOf(U); };
  AssumedInRow = false;
  for (const Use &U : P.Strided) {
    const SymbolId Sym = *U.Kernel->StrideSymbol;
    const SymRef Column = SymExpr::binary(
        Op::Sub, substitute(U.Site->Model.Address, [&](SymbolId Id) -> SymRef {
          return Id == Sym ? SymExpr::constant(0, I64) : nullptr;
        }), SymExpr::constant(P.BaseElements * P.ElemBytes, I64), I64);
    const IntType Bool{32, true};
    const SymRef End = SymExpr::binary(
        Op::Add, Column, SymExpr::constant(U.Site->Model.WidthBytes, I64), I64);
    const SymRef Outside = SymExpr::binary(
        Op::LOr, SymExpr::binary(Op::LT, Column, SymExpr::constant(0, I64), Bool),
        SymExpr::binary(Op::GT, End, SymExpr::constant(strideOf(U) * P.ElemBytes, I64),
                        Bool),
        Bool);
    if (zeroWhereShapeKnown(U, Outside) == false)
      return "the access of '" + Name + "' at line " + lineOf(U) +
             " is not proven to stay inside a row of " +
             std::to_string(strideOf(U)) + " elements (x * " +
             std::to_string(strideOf(U)) + " + column with 0 <= column < " +
             std::to_string(strideOf(U)) + ")" +
             (Buffer != Name ? " of '" + Buffer + "'" : "");
  }
  return "";
}

} // namespace ldslint
