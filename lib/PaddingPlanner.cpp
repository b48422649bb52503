//===- PaddingPlanner.cpp --------------------------------------------------===//
#include "PaddingPlanner.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace ldslint {

void PaddingPlanner::addAccess(const ExtractedKernel &K, const AccessSite &Site,
                               const std::vector<Launch> &Launches,
                               size_t FindingIndex) {
  ByDeclaration[Site.Array->getLocation().getRawEncoding()].push_back(
      {&K, &Site, Launches, FindingIndex});
}

void PaddingPlanner::plan(std::vector<Finding> &Findings) {
  for (auto &[Loc, Uses] : ByDeclaration) {
    bool AnyConflict = false;
    for (const Use &U : Uses)
      AnyConflict |= Findings[U.Finding].Result.Status == Verdict::Conflict;
    if (!AnyConflict)
      continue;
    std::string WhyNot = planGroup(Uses, Findings);
    if (WhyNot.empty())
      continue;
    for (const Use &U : Uses)
      if (Findings[U.Finding].Result.Status == Verdict::Conflict)
        Findings[U.Finding].FixNotes.push_back(WhyNot);
  }
}

namespace {

/// Bytes of all shared arrays the kernel uses, with \p Array resized.
int64_t kernelSharedBytes(const ASTContext &Ctx, const ExtractedKernel &K,
                          const VarDecl *Array, int64_t ArrayBytes) {
  int64_t Total = 0;
  for (const auto &[VD, Ext] : K.Extents)
    Total += VD == Array ? ArrayBytes
                         : Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
  return Total;
}

} // namespace

std::string PaddingPlanner::planGroup(const std::vector<Use> &Uses,
                                      std::vector<Finding> &Findings) {
  const VarDecl *Decl = Uses.front().Site->Array;
  const std::string Name = Decl->getNameAsString();
  const SourceManager &SM = Ctx.getSourceManager();
  if (Decl->getLocation().isMacroID())
    return "no fix offered: '" + Name + "' is declared inside a macro expansion";
  for (const Use &U : Uses)
    if (Findings[U.Finding].Result.Status == Verdict::Unknown)
      return "no fix offered: not every access of '" + Name +
             "' could be analysed (line " +
             std::to_string(Findings[U.Finding].Line) + ")";

  // The innermost extent as written.
  TypeSourceInfo *TSI = Decl->getTypeSourceInfo();
  if (!TSI)
    return "no fix offered: the declaration of '" + Name + "' has no type location";
  ArrayTypeLoc Innermost;
  unsigned Dims = 0;
  for (TypeLoc TL = TSI->getTypeLoc().getUnqualifiedLoc();;) {
    auto ATL = TL.getAs<ArrayTypeLoc>();
    if (!ATL)
      break;
    Innermost = ATL;
    ++Dims;
    TL = ATL.getElementLoc().getUnqualifiedLoc();
  }
  if (Dims < 2)
    return "no fix offered: padding a one-dimensional array does not move "
           "its elements; change the index instead (for example an XOR "
           "swizzle)";
  const Expr *SizeExpr = Innermost ? Innermost.getSizeExpr() : nullptr;
  if (!SizeExpr)
    return "no fix offered: the innermost extent of '" + Name + "' is not written";
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(SizeExpr->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid())
    return "no fix offered: the extent of '" + Name +
           "' is written inside a macro expansion";

  const QualType Elem = Ctx.getBaseElementType(Decl->getType());
  const int64_t ElemBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
  if (ElemBytes <= 0)
    return "no fix offered: unknown element size";
  int64_t Step = 1;
  for (const Use &U : Uses)
    Step = std::max<int64_t>(Step, U.Site->Model.WidthBytes / ElemBytes);

  const int64_t MaxPad = Model.NumBanks * Model.BankBytes / ElemBytes;
  for (int64_t Pad = Step; Pad <= MaxPad; Pad += Step) {
    bool AllClean = true;
    for (const Use &U : Uses) {
      const auto &Ext = U.Kernel->Extents.at(U.Site->Array);
      const SymbolId Inner = Ext.back();
      for (const auto &[Shape, Options] : U.Launches) {
        EvalOptions Padded = Options;
        Padded.ExtentOverrides[Inner] = U.Kernel->Model.Symbols[Inner].Value + Pad;
        EvalResult R = evaluateAccess(U.Kernel->Model, U.Site->Model, Shape,
                                      Model, Padded);
        if (R.Status != Verdict::Ok) {
          AllClean = false;
          break;
        }
      }
      if (!AllClean)
        break;
    }
    if (!AllClean)
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
      int64_t Total = kernelSharedBytes(Ctx, *U.Kernel, U.Site->Array, NewBytes);
      if (Total > Model.SharedLimitBytes)
        return "no fix offered: padding '" + Name + "' by " +
               std::to_string(Pad) + " would need " + std::to_string(Total) +
               " bytes of static shared memory, over the " +
               std::to_string(Model.SharedLimitBytes / 1024) + " KiB limit of " +
               Model.Arch;
    }

    // A literal extent becomes the padded literal; anything else (a macro,
    // a template parameter, an expression) keeps its spelling plus the pad.
    const std::string Written =
        Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
    const std::string Replacement =
        Written.find_first_not_of("0123456789") == std::string::npos
            ? std::to_string(Inner + Pad)
            : Written + " + " + std::to_string(Pad);
    TextEdit Edit;
    Edit.Range = Range;
    Edit.Replacement = Replacement;
    llvm::SmallString<256> Path(SM.getFilename(Range.getBegin()));
    SM.getFileManager().makeAbsolutePath(Path);
    Edit.File = std::string(Path.str());
    Edit.Offset = SM.getFileOffset(Range.getBegin());
    Edit.Length = SM.getFileOffset(Range.getEnd()) - Edit.Offset;
    Edit.Line = SM.getSpellingLineNumber(Range.getBegin());
    Edit.Column = SM.getSpellingColumnNumber(Range.getBegin());
    Fix F;
    F.Description = "pad the innermost dimension of '" + Name + "' from " +
                    std::to_string(Inner) + " to " +
                    std::to_string(Inner + Pad) + " elements (+" +
                    std::to_string(NewBytes - OldBytes) + " bytes)";
    F.Edits.push_back(Edit);
    // One diagnostic carries the edit, so that -fixit applies it once.
    const Finding *Carrier = nullptr;
    for (const Use &U : Uses) {
      Finding &Fd = Findings[U.Finding];
      if (Fd.Result.Status != Verdict::Conflict)
        continue;
      if (!Carrier) {
        Fd.Fixes.push_back(F);
        Carrier = &Fd;
      } else {
        Fd.FixNotes.push_back(F.Description +
                              " (the edit is attached to the warning at line " +
                              std::to_string(Carrier->Line) + ")");
      }
    }
    return "";
  }
  return "no fix offered: no padding of the innermost dimension of '" + Name +
         "' up to " + std::to_string(MaxPad) +
         " elements removes every conflict";
}

} // namespace ldslint
