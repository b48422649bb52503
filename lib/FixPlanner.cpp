//===- FixPlanner.cpp ------------------------------------------------------===//
#include "FixPlanner.h"

#include "DebugTime.h"
#include "LoopFusion.h"

#include <chrono>
#include <cstdlib>
#include "LayoutObservers.h"
#include "SwizzleShapes.h"
#include "StringCompat.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"

#include <algorithm>
#include <cctype>
#include <set>

using namespace clang;

namespace ldslint {

namespace {

constexpr IntType I64{64, true};

/// Source text of an index, parenthesised unless it is one token.
std::string operand(const Expr *E, const SourceManager &SM,
                    const LangOptions &LO, bool &Ok) {
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO);
  if (R.isInvalid()) {
    Ok = false;
    return "";
  }
  return asOperand(Lexer::getSourceText(R, SM, LO).str());
}

} // namespace

FixPlanner::FixPlanner(ASTContext &Ctx, std::vector<BankModel> Models,
                       bool PreferSwizzle, const std::set<const VarDecl *> *Arrays)
    : Ctx(Ctx), Models(std::move(Models)), PreferSwizzle(PreferSwizzle) {
  LayoutObservations Scan = scanLayoutObservations(Ctx, Arrays);
  LayoutObserved = std::move(Scan.Observed);
  SizeTaken = std::move(Scan.Sized);
  References = std::move(Scan.References);
}

void FixPlanner::addAccess(const ModelledKernel &K, const AccessSite &Site,
                           const std::vector<Launch> &Launches,
                           size_t FindingIndex) {
  ByDeclaration[Site.Array->getLocation().getRawEncoding()].push_back(
      {&K, &Site, Launches, FindingIndex});
}

void FixPlanner::plan(std::vector<Finding> &Findings) {
  CurrentFindings = &Findings;
  for (auto &[Loc, Uses] : ByDeclaration) {
    bool AnyConflict = false;
    for (const Use &U : Uses)
      AnyConflict |= Findings[U.Finding].Result.Status == Verdict::Conflict;
    if (!AnyConflict)
      continue;
    const auto Start = std::chrono::steady_clock::now();
    if (Deadline && Start > *Deadline) {
      for (const Use &U : Uses)
        if (Findings[U.Finding].Result.Status == Verdict::Conflict)
          Findings[U.Finding].FixNotes.push_back(
              "no fix searched: the time budget of this translation unit "
              "(option time-budget) ran out");
      continue;
    }
    std::string WhyNot = planGroup(Uses, Findings);
    if (debugTimeEnabled())
      llvm::errs() << "ldslint: fix planning for '"
                   << Uses.front().Site->Array->getName() << "' "
                   << secondsSince(Start) << " s\n";
    if (WhyNot.empty())
      continue;
    for (const Use &U : Uses)
      if (Findings[U.Finding].Result.Status == Verdict::Conflict)
        Findings[U.Finding].FixNotes.push_back(WhyNot);
  }
}

std::string FixPlanner::unfollowedUse(const VarDecl *Array) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Refs = References.find(Array->getLocation().getRawEncoding());
  if (Refs != References.end())
    for (const DeclRefExpr *DRE : Refs->second)
      if (!Followed.count(DRE))
        return "'" + Array->getNameAsString() + "' is used at line " +
               std::to_string(SM.getSpellingLineNumber(SM.getFileLoc(DRE->getLocation()))) +
               " in a way ldslint does not follow";
  return "";
}

int64_t FixPlanner::elementBytes(const VarDecl *Array) const {
  // Per declaration: instantiations of one template array (float, double)
  // differ.
  return std::max<int64_t>(
      1, Ctx.getTypeSizeInChars(Ctx.getBaseElementType(Array->getType())).getQuantity());
}

bool FixPlanner::columnStaysInRow(const Use &U) const {
  const auto &Ext = U.Kernel->Extents.at(U.Site->Array);
  const int64_t N = U.Kernel->Model.Symbols[Ext.back()].Value;
  const SymRef C = U.Site->Indices.back();
  const IntType Bool{32, true};
  const SymRef Outside = SymExpr::binary(
      Op::LOr, SymExpr::binary(Op::LT, C, SymExpr::constant(0, I64), Bool),
      SymExpr::binary(Op::GE, C, SymExpr::constant(N, I64), Bool), Bool);
  return zeroWhereShapeKnown(U, Outside).value_or(true);
}

std::optional<bool> FixPlanner::zeroWhereShapeKnown(const Use &U,
                                                    const SymRef &Condition) const {
  // Only launches with a known block shape can prove it; under the default
  // lane structure (blockDim.x any multiple of the warp size) or shapes
  // assumed from the thread numbering the index range is unknown, and the
  // fix is offered under the stated assumption.
  Use Known = U;
  Known.Launches.clear();
  for (const Launch &L : U.Launches)
    if (L.first && !L.first->Assumed)
      Known.Launches.push_back(L);
  if (Known.Launches.size() != U.Launches.size())
    AssumedInRow = true;
  if (Known.Launches.empty())
    return std::nullopt;
  EvalOptions Zero;
  Zero.ExpectZeroAddress = true;
  return allClean(Known, Zero, Condition);
}

void FixPlanner::attachFixes(const std::vector<Use> &Uses,
                             const std::vector<Fix> &Chosen,
                             const std::vector<std::string> &Notes,
                             std::vector<Finding> &Findings) const {
  const Finding *Carrier = nullptr;
  for (const Use &U : Uses) {
    Finding &Fd = Findings[U.Finding];
    if (Fd.Result.Status != Verdict::Conflict)
      continue;
    if (!Carrier) {
      Fd.Fixes = Chosen;
      Fd.FixNotes.insert(Fd.FixNotes.end(), Notes.begin(), Notes.end());
      Carrier = &Fd;
      continue;
    }
    Fd.FixNotes.push_back(Chosen.front().Description +
                          " (the edit is attached to the warning at line " +
                          std::to_string(Carrier->Line) + ")");
  }
}

std::string FixPlanner::perInstantiation(
    const std::vector<Use> &Uses,
    const std::function<std::optional<Fix>(const std::vector<Use> &)> &Solve) {
  if (Diagnosing || !CurrentFindings)
    return "";
  std::map<std::string, std::vector<Use>> ByKernel;
  for (const Use &U : Uses)
    ByKernel[(*CurrentFindings)[U.Finding].Function].push_back(U);
  if (ByKernel.size() < 2)
    return "";
  Diagnosing = true;
  const bool SavedUnproven = Unproven;
  std::string Text = "; the instantiations disagree:";
  bool AnyAlone = false;
  for (const auto &[Kernel, Sub] : ByKernel) {
    std::optional<Fix> Alone = Solve(Sub);
    AnyAlone |= Alone.has_value();
    Text += " for '" + Kernel + "' alone: " +
            (Alone ? Alone->Description : std::string("none")) + ";";
  }
  Text.pop_back();
  Unproven = SavedUnproven;
  Diagnosing = false;
  return AnyAlone ? Text : "";
}

std::string FixPlanner::removesEveryConflict() const {
  return (Unproven ? " is proven to remove every conflict" : " removes every conflict") +
         onTargets() +
         (Unproven ? " (enumerating the accesses exceeds the evaluation budget)" : "");
}

std::string FixPlanner::onTargets() const {
  if (Models.size() < 2)
    return "";
  // Sorted, so that every target's compile words the note the same way.
  std::vector<std::string> Names;
  for (const BankModel &M : Models)
    Names.push_back(M.Arch);
  std::sort(Names.begin(), Names.end());
  std::string Text = " on ";
  for (size_t I = 0; I < Names.size(); ++I)
    Text += (I == 0 ? "" : I + 1 == Names.size() ? " and " : ", ") + Names[I];
  return Text;
}

bool FixPlanner::everyUseClean(
    const std::vector<Use> &Uses, const std::function<EvalOptions(const Use &)> &OptionsOf,
    const std::function<SymRef(const Use &)> &AddressOf) const {
  for (const Use &U : Uses)
    if (!allClean(U, OptionsOf(U), AddressOf ? AddressOf(U) : nullptr))
      return false;
  return true;
}

std::optional<SwizzleShape> FixPlanner::firstCleanSwizzle(
    const std::vector<SwizzleShape> &Shapes, const std::vector<Use> &Uses,
    const std::function<SymRef(const Use &, const SwizzleShape &)> &AddressOf) const {
  for (const SwizzleShape &S : Shapes)
    if (everyUseClean(Uses, [](const Use &) { return EvalOptions(); },
                      [&](const Use &U) { return AddressOf(U, S); }))
      return S;
  return std::nullopt;
}

bool FixPlanner::allClean(const Use &U, const EvalOptions &Extra,
                          const SymRef &Address) const {
  AccessModel A = U.Site->Model;
  if (Address)
    A.Address = Address;
  auto Clean = [&](const EvalResult &R) {
    if ((R.Status == Verdict::Ok && !R.MeanKnown) ||
        (R.Status == Verdict::Unknown && R.BudgetExceeded))
      Unproven = true;
    return R.Status == Verdict::Ok && R.MeanKnown;
  };
  std::vector<EvalResult> RuledOut;
  bool InBounds = false;
  for (const auto &[Shape, Options] : U.Launches) {
    EvalOptions O = Options;
    for (const auto &[Sym, V] : Extra.ExtentOverrides)
      O.ExtentOverrides[Sym] = V;
    O.ExpectZeroAddress = Extra.ExpectZeroAddress;
    O.StopAtFirstConflict = !Extra.ExpectZeroAddress;
    // Clean means proven clean: every instruction enumerated (MeanKnown).
    for (const BankModel &Model : Models) {
      if (Spent > SearchBudget) {
        OutOfBudget = true;
        return false;
      }
      // As the back end emits it: a pad that breaks the fusion of loop
      // iterations into LDS.128 is costed as the scalar accesses it leaves.
      EvalResult R = evaluateAsEmitted(U.Kernel->Model, A, Shape, Model, O);
      Spent += R.LaneEvaluations;
      // A shape assumed from the thread numbering under which a lane leaves
      // the array is not the program's (as in evaluateOverLaunches).
      if (R.ShapeRuledOut) {
        RuledOut.push_back(std::move(R));
        continue;
      }
      InBounds = true;
      if (!Clean(R))
        return false;
    }
  }
  if (!InBounds)
    for (const EvalResult &R : RuledOut)
      if (!Clean(R))
        return false;
  return true;
}

TextEdit FixPlanner::edit(CharSourceRange Range, const std::string &Text) const {
  const SourceManager &SM = Ctx.getSourceManager();
  TextEdit E;
  E.Range = Range;
  E.Replacement = Text;
  llvm::SmallString<256> Path(SM.getFilename(Range.getBegin()));
  SM.getFileManager().makeAbsolutePath(Path);
  E.File = std::string(Path.str());
  E.Offset = SM.getFileOffset(Range.getBegin());
  E.Length = SM.getFileOffset(Range.getEnd()) - E.Offset;
  E.Line = SM.getSpellingLineNumber(Range.getBegin());
  E.Column = SM.getSpellingColumnNumber(Range.getBegin());
  return E;
}

std::optional<Fix> FixPlanner::padding(const std::vector<Use> &Uses,
                                       const std::string &ExtentText,
                                       CharSourceRange ExtentRange,
                                       std::string &WhyNot) {
  const VarDecl *Decl = Uses.front().Site->Array;
  Unproven = false;
  const std::string Name = Decl->getNameAsString();
  if (SizeTaken.count(Decl->getLocation().getRawEncoding())) {
    WhyNot = "padding would change 'sizeof(" + Name + ")', which the code uses";
    return std::nullopt;
  }
  const int64_t ElemBytes = elementBytes(Decl);
  int64_t Step = 1;
  for (const Use &U : Uses)
    Step = std::max<int64_t>(Step, U.Site->Model.WidthBytes / elementBytes(U.Site->Array));
  int64_t MaxPad = 1;
  for (const BankModel &Model : Models)
    MaxPad = std::max<int64_t>(MaxPad, Model.NumBanks * Model.BankBytes / ElemBytes);

  for (int64_t Pad = Step; Pad <= MaxPad; Pad += Step) {
    bool Works = true;
    for (const Use &U : Uses) {
      const auto &Ext = U.Kernel->Extents.at(U.Site->Array);
      const SymbolId Inner = Ext.back();
      const int64_t N = U.Kernel->Model.Symbols[Inner].Value;
      EvalOptions Padded;
      Padded.ExtentOverrides[Inner] = N + Pad;
      if (!allClean(U, Padded)) {
        Works = false;
        break;
      }
      if (U.Site->Direct)
        continue;
      // Reached through a pointer: the padded program must reach the same
      // elements, i.e. the pointer arithmetic must stay inside a row.
      const int64_t Elem = elementBytes(U.Site->Array);
      const int64_t RowBytes = N * Elem, PaddedRow = (N + Pad) * Elem;
      auto bind = [&](int64_t InnerValue) {
        return substitute(U.Site->Model.Address, [&](SymbolId Id) -> SymRef {
          const SymbolInfo &S = U.Kernel->Model.Symbols[Id];
          if (S.Kind != SymbolKind::Extent)
            return nullptr;
          return SymExpr::constant(Id == Inner ? InnerValue : S.Value, I64);
        });
      };
      SymRef Unpadded = bind(N), PaddedAddr = bind(N + Pad);
      SymRef Row = SymExpr::constant(RowBytes, I64);
      SymRef Remapped = SymExpr::binary(
          Op::Add,
          SymExpr::binary(Op::Mul, SymExpr::binary(Op::Div, Unpadded, Row, I64),
                          SymExpr::constant(PaddedRow, I64), I64),
          SymExpr::binary(Op::Rem, Unpadded, Row, I64), I64);
      EvalOptions Zero;
      Zero.ExpectZeroAddress = true;
      if (!allClean(U, Zero, SymExpr::binary(Op::Sub, PaddedAddr, Remapped, I64))) {
        WhyNot = "padding would move the elements that the access at line " +
                 std::to_string(Ctx.getSourceManager().getSpellingLineNumber(
                     Ctx.getSourceManager().getFileLoc(U.Site->Loc))) +
                 " reaches through a pointer that walks across rows";
        return std::nullopt;
      }
    }
    if (!Works)
      continue;

    // Cost and limit, per kernel that uses the array.
    const auto &Ext = Uses.front().Kernel->Extents.at(Decl);
    int64_t Outer = 1;
    for (size_t D = 0; D + 1 < Ext.size(); ++D)
      Outer *= Uses.front().Kernel->Model.Symbols[Ext[D]].Value;
    const int64_t Inner = Uses.front().Kernel->Model.Symbols[Ext.back()].Value;
    const int64_t OldBytes = Outer * Inner * ElemBytes;
    const int64_t NewBytes = Outer * (Inner + Pad) * ElemBytes;
    for (const Use &U : Uses) {
      int64_t Total = 0;
      for (const auto &[VD, E] : U.Kernel->Extents)
        Total += VD == U.Site->Array
                     ? NewBytes
                     : Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
      for (const BankModel &Model : Models)
        if (Total > Model.SharedLimitBytes) {
          WhyNot = "padding '" + Name + "' by " + std::to_string(Pad) +
                   " would need " + std::to_string(Total) +
                   " bytes of static shared memory, over the " +
                   std::to_string(Model.SharedLimitBytes / 1024) +
                   " KiB limit of " + Model.Arch;
          return std::nullopt;
        }
    }
    // A literal extent becomes the padded literal; anything else (a macro,
    // a template parameter, an expression) keeps its spelling plus the pad.
    const std::string Replacement =
        ExtentText.find_first_not_of("0123456789") == std::string::npos
            ? std::to_string(Inner + Pad)
            : ExtentText + " + " + std::to_string(Pad);
    Fix F;
    F.Description = "pad the innermost dimension of '" + Name + "' from " +
                    std::to_string(Inner) + " to " +
                    std::to_string(Inner + Pad) + " elements (+" +
                    std::to_string(NewBytes - OldBytes) + " bytes)";
    F.Edits.push_back(edit(ExtentRange, Replacement));
    PadAfter = [this, Pad](const Use &U, const Finding &Fd) {
      EvalOptions Padded;
      const SymbolId Inner = U.Kernel->Extents.at(U.Site->Array).back();
      Padded.ExtentOverrides[Inner] = U.Kernel->Model.Symbols[Inner].Value + Pad;
      return evaluateFixed(U, Fd, Padded, nullptr);
    };
    return F;
  }
  WhyNot = "no padding of the innermost dimension of '" + Name + "' up to " +
           std::to_string(MaxPad) + " elements" + removesEveryConflict();
  WhyNot += perInstantiation(Uses, [&](const std::vector<Use> &Sub) {
    std::string Ignored;
    return padding(Sub, ExtentText, ExtentRange, Ignored);
  });
  return std::nullopt;
}


std::optional<Fix> FixPlanner::swizzle(const std::vector<Use> &Uses,
                                       const std::string &ExtentText,
                                       std::string &WhyNot) {
  const VarDecl *Decl = Uses.front().Site->Array;
  Unproven = false;
  const std::string Name = Decl->getNameAsString();
  const SourceManager &SM = Ctx.getSourceManager();
  const int64_t ElemBytes = elementBytes(Decl);
  int64_t VectorElems = 1, RowLength = 0;
  const auto Forbidden = NoSwizzle.find(Decl->getLocation().getRawEncoding());
  if (Forbidden != NoSwizzle.end()) {
    WhyNot = "no XOR swizzle: " + Forbidden->second;
    return std::nullopt;
  }
  for (const Use &U : Uses) {
    const auto &Ext = U.Kernel->Extents.at(U.Site->Array);
    const int64_t N = U.Kernel->Model.Symbols[Ext.back()].Value;
    if (!isPowerOfTwo(N)) {
      WhyNot = "an XOR swizzle needs a power-of-two row length (" +
               std::to_string(N) + ")";
      return std::nullopt;
    }
    if (!U.Site->Direct) {
      WhyNot = "an XOR swizzle needs every access of '" + Name +
               "' written as " + Name + "[row][column]";
      return std::nullopt;
    }
    RowLength = RowLength ? std::min(RowLength, N) : N;
    VectorElems = std::max<int64_t>(VectorElems,
                                    U.Site->Model.WidthBytes / elementBytes(U.Site->Array));
  }
  if (!isPowerOfTwo(VectorElems) && VectorElems != 1) {
    WhyNot = "an XOR swizzle needs power-of-two vector widths";
    return std::nullopt;
  }
  // A vector access must start at a multiple of its width, so that the
  // swizzle (a multiple of the widest vector) moves it whole.
  for (const Use &U : Uses) {
    const int64_t Width = U.Site->Model.WidthBytes / elementBytes(U.Site->Array);
    if (Width <= 1)
      continue;
    EvalOptions Zero;
    Zero.ExpectZeroAddress = true;
    const SymRef Misaligned = SymExpr::binary(
        Op::Rem, U.Site->Indices.back(), SymExpr::constant(Width, I64), I64);
    if (!allClean(U, Zero, Misaligned)) {
      WhyNot = "the vector access at line " +
               std::to_string(Ctx.getSourceManager().getSpellingLineNumber(
                   Ctx.getSourceManager().getFileLoc(U.Site->Loc))) +
               " is not proven to start at a multiple of " +
               std::to_string(Width) + " elements";
      return std::nullopt;
    }
  }

  // address' = address + ((c ^ mask(r)) - c) * element size
  auto swizzledAddress = [&](const Use &U, const SwizzleShape &S) {
    const auto &Ext = U.Kernel->Extents.at(U.Site->Array);
    const int64_t N = U.Kernel->Model.Symbols[Ext.back()].Value;
    const SymRef C = U.Site->Indices.back();
    const SymRef R = U.Site->Indices[U.Site->Indices.size() - 2];
    const SymRef Mask = SymExpr::binary(
        Op::Rem,
        SymExpr::binary(Op::Mul,
                        SymExpr::binary(Op::Div, R, SymExpr::constant(S.Div, I64), I64),
                        SymExpr::constant(S.Mul, I64), I64),
        SymExpr::constant(N, I64), I64);
    const SymRef Swizzled = SymExpr::binary(Op::Xor, C, Mask, I64);
    return SymExpr::binary(
        Op::Add, U.Site->Model.Address,
        SymExpr::binary(Op::Mul, SymExpr::binary(Op::Sub, Swizzled, C, I64),
                        SymExpr::constant(elementBytes(U.Site->Array), I64), I64),
        I64);
  };
  const std::optional<SwizzleShape> Found =
      firstCleanSwizzle(swizzleShapes(VectorElems, RowLength), Uses, swizzledAddress);
  if (!Found) {
    WhyNot = "no XOR swizzle of '" + Name + "' (column ^ ((row / 2^i) * 2^j % " +
             std::to_string(RowLength) + ")" +
             (VectorElems > 1 ? ", in steps of " + std::to_string(VectorElems) +
                                    " elements for its vector accesses"
                              : std::string()) +
             ")" + removesEveryConflict();
    WhyNot += perInstantiation(Uses, [&](const std::vector<Use> &Sub) {
      std::string Ignored;
      return swizzle(Sub, ExtentText, Ignored);
    });
    return std::nullopt;
  }

  SwizzleAfter = [this, swizzledAddress, S = *Found](const Use &U, const Finding &Fd) {
    return evaluateFixed(U, Fd, EvalOptions(), swizzledAddress(U, S));
  };
  Fix F;
  std::set<std::pair<unsigned, unsigned>> EditedOffsets; // (file, offset)
  // Every subscript: the accesses', then those with no access of their own.
  std::vector<const std::vector<const Expr *> *> Subscripts;
  for (const Use &U : Uses)
    Subscripts.push_back(&U.Site->IndexExprs);
  const auto Extra = Unexecuted.find(Decl->getLocation().getRawEncoding());
  if (Extra != Unexecuted.end())
    for (const std::vector<const Expr *> &Indices : Extra->second)
      Subscripts.push_back(&Indices);
  for (const std::vector<const Expr *> *Indices : Subscripts) {
    const Expr *Col = Indices->back();
    const Expr *RowE = (*Indices)[Indices->size() - 2];
    bool Ok = true;
    const std::string ColText = operand(Col, SM, Ctx.getLangOpts(), Ok);
    const std::string RowText = operand(RowE, SM, Ctx.getLangOpts(), Ok);
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Col->getSourceRange()), SM,
        Ctx.getLangOpts());
    // Also refuse macro arguments: the argument may be used elsewhere in
    // the macro, and an edit there would change those uses too.
    const bool InMacro = Col->getBeginLoc().isMacroID() ||
                         Col->getEndLoc().isMacroID() ||
                         RowE->getBeginLoc().isMacroID() ||
                         RowE->getEndLoc().isMacroID();
    if (!Ok || Range.isInvalid() || InMacro) {
      WhyNot = "an index of '" + Name + "' is written inside a macro expansion";
      return std::nullopt;
    }
    if (!EditedOffsets
             .insert({SM.getFileID(Range.getBegin()).getHashValue(),
                      SM.getFileOffset(Range.getBegin())})
             .second)
      continue; // the same source access in another instantiation or call
    F.Edits.push_back(
        edit(Range, ColText + " ^ (" + maskText(*Found, RowText, ExtentText) + ")"));
  }
  F.Description = "XOR-swizzle the column index of '" + Name +
                  "' by the row (column ^ (" +
                  maskText(*Found, "row", ExtentText) + ")) in all " +
                  std::to_string(F.Edits.size()) + " accesses (no extra memory" +
                  (VectorElems > 1 ? "; " + std::to_string(VectorElems * ElemBytes) +
                                         "-byte vectors stay whole and aligned"
                                   : std::string()) +
                  ")";
  return F;
}

std::string FixPlanner::planGroup(const std::vector<Use> &Uses,
                                  std::vector<Finding> &Findings) {
  const VarDecl *Decl = Uses.front().Site->Array;
  const std::string Name = Decl->getNameAsString();
  const SourceManager &SM = Ctx.getSourceManager();
  const std::string No = "no fix offered: ";
  if (Decl->getLocation().isMacroID())
    return No + "'" + Name + "' is declared inside a macro expansion";
  // Only arrays of known extents whose every dimension the model has
  // (an array reached only through a cast, or `extern T a[][32]`, is not).
  const unsigned Rank = [&] {
    unsigned R = 0;
    for (QualType T = Decl->getType(); const auto *CAT = Ctx.getAsConstantArrayType(T);
         T = CAT->getElementType())
      ++R;
    return R;
  }();
  const bool OneDimensional =
      Rank == 1 || (Rank == 0 && Decl->getType()->isIncompleteArrayType() &&
                    !Decl->getType()->getArrayElementTypeNoTypeQual()->isArrayType());
  for (const Use &U : Uses) {
    auto Ext = U.Kernel->Extents.find(U.Site->Array);
    if (Decl->getType()->isIncompleteArrayType() && !OneDimensional)
      return No + "'" + Name + "' is dynamic shared memory sized by the host";
    if ((Rank == 0 && !OneDimensional) ||
        (Rank != 0 &&
         (Ext == U.Kernel->Extents.end() || Ext->second.size() != Rank)))
      return No + "'" + Name + "' is not an array of known extents in every access";
  }
  // What the source does with the layout is the more specific reason (a
  // memcpy of the array is also an access the analysis leaves unknown).
  auto Observed = LayoutObserved.find(Decl->getLocation().getRawEncoding());
  if (Observed != LayoutObserved.end())
    return No + Observed->second;
  for (const Use &U : Uses)
    if (Findings[U.Finding].Result.Status == Verdict::Unknown)
      return No + "not every access of '" + Name + "' could be analysed (line " +
             std::to_string(Findings[U.Finding].Line) + ")";
  // Every use of the array must be one the analysis followed: a pointer
  // that changes, a reference parameter, a callee reached through a pointer
  // or decltype would keep the old layout.
  const std::string Unfollowed = unfollowedUse(Decl);
  if (!Unfollowed.empty())
    return No + Unfollowed;
  if (OneDimensional)
    return planRowStride(Uses, Findings);
  // Both fixes move elements within rows: an index that leaves its row
  // (`t[0][i]` for i up to 1023) would reach other elements afterwards.
  AssumedInRow = false;
  for (const Use &U : Uses)
    if (U.Site->Direct && U.Site->Indices.size() >= 2 && !columnStaysInRow(U))
      return No + "the column index of the access at line " +
             std::to_string(Findings[U.Finding].Line) +
             " is not proven to stay inside its row";

  // The innermost extent as written.
  ArrayTypeLoc Innermost;
  unsigned Dims = 0;
  if (TypeSourceInfo *TSI = Decl->getTypeSourceInfo())
    for (TypeLoc TL = TSI->getTypeLoc().getUnqualifiedLoc();;) {
      auto ATL = TL.getAs<ArrayTypeLoc>();
      if (!ATL)
        break;
      Innermost = ATL;
      ++Dims;
      TL = ATL.getElementLoc().getUnqualifiedLoc();
    }
  if (Dims < 2 && Rank >= 2)
    return No + "the extents of '" + Name + "' are written in a type alias; "
                "editing it would change every array of that type";
  if (Dims < 2)
    return No + "'" + Name + "' is one-dimensional: padding does not move its "
                             "elements; change the index instead";
  const Expr *SizeExpr = Innermost.getSizeExpr();
  if (!SizeExpr)
    return No + "the innermost extent of '" + Name + "' is not written";
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(SizeExpr->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid())
    return No + "the extent of '" + Name + "' is written inside a macro expansion";
  // The extent as an operand: `BLOCK * 2` must become `(BLOCK * 2) + 1` and
  // `r % (BLOCK * 2)`, not `r % BLOCK * 2`.
  const std::string ExtentText =
      asOperand(Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str());

  // Code of other configurations (#if/#else) is not in this AST: it may
  // index the array by hand, so neither fix can be checked against it.
  if (namedUnderConditionalCompilation(SM, Decl))
    return No + "'" + Name + "' is used inside #if/#else blocks, whose code "
                             "in other configurations ldslint cannot see";
  std::string PadWhyNot, SwizzleWhyNot;
  Spent = 0;
  OutOfBudget = false;
  PadAfter = SwizzleAfter = nullptr;
  std::optional<Fix> Pad = padding(Uses, ExtentText, Range, PadWhyNot);
  std::optional<Fix> Swz = swizzle(Uses, ExtentText, SwizzleWhyNot);
  if (OutOfBudget && !Pad && !Swz)
    return No + "checking candidate paddings and swizzles of '" + Name +
           "' against every access exceeded the search budget (" +
           std::to_string(SearchBudget) +
           " lane evaluations)" +
           (AssumedInRow ? "; a known block shape (the assume-block option or a "
                           "constant launch shape) makes each check cheaper"
                         : "");
  if (!Pad && !Swz)
    return No + PadWhyNot + "; " + SwizzleWhyNot;
  std::vector<Fix> Chosen;
  const bool SwizzleFirst = Swz && (!Pad || PreferSwizzle);
  Chosen.push_back(SwizzleFirst ? *Swz : *Pad);
  if (SwizzleFirst ? Pad.has_value() : Swz.has_value()) {
    Chosen.push_back(SwizzleFirst ? *Pad : *Swz);
    Chosen.back().Alternative = true;
  }

  attachAfterFix(Uses, SwizzleFirst, Findings);
  std::vector<std::string> Notes;
  if (!Pad)
    Notes.push_back("padding not offered: " + PadWhyNot);
  if (AssumedInRow)
    Notes.push_back("the fix assumes that every column index of '" + Name +
                    "' stays inside its row (the block shape is unknown)");
  attachFixes(Uses, Chosen, Notes, Findings);
  return "";
}

} // namespace ldslint
