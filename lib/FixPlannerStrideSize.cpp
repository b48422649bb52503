//===- FixPlannerStrideSize.cpp - Room for padded rows of a 1-D buffer ----===//
//
// Padding the rows of a one-dimensional buffer grows it: a factor of its
// declared size equal to the stride is edited (`As[(BM + 4) * BK]`); for
// `extern __shared__` memory, the same factor of the launch's dynamic size
// where it is written in this file; for carved memory, the carve offsets
// of the buffers after it too (CarvedMemory.h).
//
//===----------------------------------------------------------------------===//
#include "CarvedMemory.h"
#include "FixPlanner.h"
#include "StridePlan.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ldslint {

namespace {
constexpr IntType I64{64, true};
} // namespace

std::string FixPlanner::strideSizeEdits(StridePlan &P,
                                        const std::vector<Finding> &Findings) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const std::string &Name = P.Name, &Buffer = P.Buffer;
  auto lineOf = [&](const Use &U) { return P.lineOf(U, Findings); };
  if (!P.Others.empty()) {
    if (P.Kernels.size() != 1)
      return "'" + Name + "' is carved in several kernels or instantiations; "
                               "ldslint plans carved memory for one kernel";
    std::set<const FunctionDecl *> Launched{P.Kernels.front()->Kernel->getCanonicalDecl()};
    std::vector<const Expr *> CarveFactors, SizeFactors;
    int64_t Elements = 0;
    const int64_t S = P.strideOf(P.Strided.front());
    const std::string StrideText =
        P.StrideEdits.empty() ? std::string() : P.StrideEdits.begin()->second.Text;
    std::string Why = planCarves(Ctx, P.Decl, P.Target, P.Others, S, P.ElemBytes,
                                 StrideText, Launched, CarveFactors, P.Moved, SizeFactors,
                                 Elements, P.SizeWhyNot);
    if (!Why.empty())
      return Why;
    P.Rows = Elements / S;
    P.RowsOf[P.Kernels.front()] = P.Rows;
    P.CarvedElements = Elements;
    for (auto [Factors, Into] : {std::pair{&CarveFactors, &P.CarveEdits},
                                 std::pair{&SizeFactors, &P.SizeEdits}})
      for (const Expr *F : *Factors) {
        CharSourceRange R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(F->getSourceRange()), SM, LO);
        if (R.isInvalid())
          return "a carve offset or size of '" + Name +
                 "' is written inside a macro expansion";
        Into->push_back({R, Lexer::getSourceText(R, SM, LO).str()});
      }
    // The buffer's accesses must stay inside it: it ends Elements after
    // its carve offset (and after padding, Rows * (S + pad)).
    for (const Use &U : P.Strided) {
      const IntType Bool{32, true};
      const SymRef Beyond = SymExpr::binary(
          Op::GT,
          SymExpr::binary(Op::Add, U.Site->Model.Address,
                          SymExpr::constant(U.Site->Model.WidthBytes, I64), I64),
          SymExpr::constant((P.BaseElements + Elements) * P.ElemBytes, I64), Bool);
      if (zeroWhereShapeKnown(U, Beyond) != true)
        return "the access of '" + Buffer + "' at line " + lineOf(U) +
               " is not proven to stay before the next buffer carved from '" +
               Name + "'";
    }
  } else if (!P.Dynamic) {
    std::set<unsigned> FactorOffsets;
    for (const Use &U : P.Strided) {
      const VarDecl *VD = U.Site->Array;
      TypeSourceInfo *TSI = VD->getTypeSourceInfo();
      auto ATL = TSI ? TSI->getTypeLoc().getUnqualifiedLoc().getAs<ArrayTypeLoc>()
                     : ArrayTypeLoc();
      const auto *CAT = Ctx.getAsConstantArrayType(VD->getType());
      if (!ATL || !ATL.getSizeExpr() || !CAT)
        return "the size of '" + Name + "' is not written in its declaration";
      const int64_t Total = static_cast<int64_t>(CAT->getSize().getZExtValue());
      const int64_t S = P.strideOf(U);
      if (Total % S != 0)
        return "the size of '" + Name + "' (" + std::to_string(Total) +
               ") is not a whole number of rows of " + std::to_string(S);
      P.RowsOf[U.Kernel] = Total / S;
      if (!P.Rows)
        P.Rows = Total / S;
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
        return "the size of '" + Name + "' is written inside a macro expansion";
      const std::string Text = Lexer::getSourceText(R, SM, LO).str();
      if (!Factor && Text.find_first_not_of("0123456789") != std::string::npos)
        return "the size of '" + Name + "' (" + Text +
               ") has no factor equal to the row stride " +
               std::to_string(S);
      if (FactorOffsets.insert(SM.getFileOffset(R.getBegin())).second)
        P.SizeEdits.push_back({R, Factor ? Text : std::string()});
      if (FactorOffsets.size() > 1)
        return "the instantiations of '" + Name +
               "' have their row stride at different places in its size";
    }
  } else {
    std::set<const FunctionDecl *> Launched;
    for (const ModelledKernel *K : P.Kernels)
      Launched.insert(K->Kernel->getCanonicalDecl());
    const std::vector<const Expr *> Launches = launchDynamicSizes(Ctx, Launched);
    std::set<unsigned> Offsets;
    for (const Expr *Bytes : Launches) {
      const Expr *Factor = nullptr;
      const int64_t S = P.strideOf(P.Strided.front());
      if (Bytes)
        for (const Expr *F : productFactors(Bytes))
          if (constantValue(F, Ctx) == std::optional<int64_t>(S))
            Factor = F;
      CharSourceRange R;
      if (Factor)
        R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(Factor->getSourceRange()), SM, LO);
      if (!Factor || R.isInvalid()) {
        P.SizeWhyNot = "a launch passes its dynamic shared memory size without a "
                     "factor " + std::to_string(S) + " that ldslint could edit";
        P.SizeEdits.clear();
        break;
      }
      if (Offsets.insert(SM.getFileOffset(R.getBegin())).second)
        P.SizeEdits.push_back({R, Lexer::getSourceText(R, SM, LO).str()});
    }
    if (Launches.empty())
      P.SizeWhyNot = "no launch of the kernel is in this file";
    if (!P.SizeWhyNot.empty())
      P.SizeEdits.clear();
  }
  return "";
}

} // namespace ldslint
