//===- FixPicture.cpp - Each access re-evaluated under the chosen fix ------===//
//
// The fix planner proves a fix with "is every instruction clean?" queries
// that stop early. For the bank map after the fix (--explain, the HTML
// report) each conflicting access is evaluated once more, fully, with the
// chosen padding or swizzle, showing the same warp and iteration as the
// finding's picture.
//
//===----------------------------------------------------------------------===//
#include "FixPlanner.h"
#include "LoopFusion.h"

namespace ldslint {

EvalResult FixPlanner::evaluateFixed(const Use &U, const Finding &F,
                                     const EvalOptions &Extra,
                                     const SymRef &Address) const {
  AccessModel A = U.Site->Model;
  if (Address)
    A.Address = Address;
  // The launch the finding reports (its block shape), else the first.
  const Launch *Chosen = U.Launches.empty() ? nullptr : &U.Launches.front();
  for (const Launch &L : U.Launches)
    if (L.first.has_value() == F.Block.has_value() &&
        (!L.first || *L.first == *F.Block)) {
      Chosen = &L;
      break;
    }
  const BankModel *Model = &Models.front();
  for (const BankModel &M : Models)
    if (M.Arch == F.Arch)
      Model = &M;
  EvalOptions O = Chosen ? Chosen->second : EvalOptions();
  for (const auto &[Sym, V] : Extra.ExtentOverrides)
    O.ExtentOverrides[Sym] = V;
  if (!F.Result.Picture.empty())
    O.PictureAt = std::make_pair(F.Result.Picture.Warp, F.Result.Picture.Context);
  return evaluateAsEmitted(U.Kernel->Model, A,
                        Chosen ? Chosen->first : std::optional<BlockShape>(),
                        *Model, O);
}

void FixPlanner::attachAfterFix(const std::vector<Use> &Uses, bool Swizzled,
                                std::vector<Finding> &Findings) const {
  const auto &After = Swizzled ? SwizzleAfter : PadAfter;
  if (!After)
    return;
  for (const Use &U : Uses) {
    Finding &F = Findings[U.Finding];
    if (F.Result.Status == Verdict::Conflict && !F.AfterFix)
      F.AfterFix = After(U, F);
  }
}

} // namespace ldslint
