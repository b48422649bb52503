//===- PaddingPlanner.h - `[N][N+1]` padding that provably helps -*- C++ -*-===//
//
// For each shared array with a conflicting access, finds the smallest
// padding of the innermost dimension (in steps of the widest vector access,
// so vector rows stay aligned) that makes every access of the array in the
// translation unit conflict-free under every analysed block shape, checks
// the target's static shared-memory limit, and turns it into an edit of the
// extent as written. Template instantiations that share one declaration
// share one plan. When no fix is offered, the findings say why.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_PADDINGPLANNER_H
#define LDSLINT_PADDINGPLANNER_H

#include "Finding.h"
#include "KernelExtractor.h"

#include <map>

namespace ldslint {

class PaddingPlanner {
public:
  PaddingPlanner(clang::ASTContext &Ctx, const BankModel &Model)
      : Ctx(Ctx), Model(Model) {}

  /// One analysed launch: block shape and evaluation options (fixed
  /// kernel arguments).
  using Launch = std::pair<std::optional<BlockShape>, EvalOptions>;

  void addAccess(const ExtractedKernel &K, const AccessSite &Site,
                 const std::vector<Launch> &Launches, size_t FindingIndex);

  /// Attaches fixes (or notes saying why none) to \p Findings.
  void plan(std::vector<Finding> &Findings);

private:
  struct Use {
    const ExtractedKernel *Kernel;
    const AccessSite *Site;
    std::vector<Launch> Launches;
    size_t Finding;
  };
  clang::ASTContext &Ctx;
  const BankModel &Model;
  std::map<unsigned, std::vector<Use>> ByDeclaration;

  std::string planGroup(const std::vector<Use> &Uses,
                        std::vector<Finding> &Findings);
};

} // namespace ldslint

#endif
