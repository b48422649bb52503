//===- FixPlanner.h - Padding and XOR-swizzle fixes that provably help -*- C++ -*-===//
//
// For each shared array with a conflicting access, two candidate fixes are
// checked against every access of the array in the translation unit (all
// kernels, instantiations and analysed launches):
//  * padding: the smallest padding of the innermost dimension (in steps of
//    the widest vector access, so vector rows stay aligned) that makes every
//    access conflict-free, within the target's static shared-memory limit;
//    accesses through pointers must provably reach the same elements after
//    padding;
//  * XOR swizzle: `c ^ (r % N)` on the innermost index for a power-of-two
//    row length N, when every access is a plain `a[r][c]` subscript that can
//    be rewritten; costs no memory.
// Padding is preferred when it works; the swizzle is chosen otherwise, and
// the one not chosen is described as an alternative. Fixes are refused, with
// a note saying why, when the layout is observed elsewhere (sizeof, a call
// that cannot be followed), the declaration or an edited index is in a macro
// expansion, or some access could not be analysed. With several targets in
// one build (offload archs), a fix must work on all of them, so that every
// target's compile offers the same edit.
// One-dimensional buffers indexed `b[x * S + column]` get the padding of
// their row stride S instead (FixPlannerStride.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_FIXPLANNER_H
#define LDSLINT_FIXPLANNER_H

#include "Finding.h"
#include "FixModel.h"
#include "SwizzleShapes.h"
#include "ir/StrideModel.h"

#include <chrono>
#include <functional>
#include <optional>
#include <map>
#include <memory>
#include <set>

namespace ldslint {

class FixPlanner {
public:
  /// \p Models: the target being compiled first, then the other targets of
  /// the same build (same wave size); a fix must hold on every one.
  /// \p Arrays: every array the planner will be asked about (its safety
  /// scans look only where those can be named); null: any.
  FixPlanner(clang::ASTContext &Ctx, std::vector<BankModel> Models,
             bool PreferSwizzle = false,
             const std::set<const clang::VarDecl *> *Arrays = nullptr);

  /// One analysed launch: block shape and evaluation options (fixed
  /// kernel arguments).
  using Launch = std::pair<std::optional<BlockShape>, EvalOptions>;

  void addAccess(const ModelledKernel &K, const AccessSite &Site,
                 const std::vector<Launch> &Launches, size_t FindingIndex);

  /// References to shared variables that a model accounts for (the AST
  /// model's ModelledKernel::FollowedRefs, ir/FixSites.h's Followed).
  void follow(const std::set<const clang::DeclRefExpr *> &Refs) {
    Followed.insert(Refs.begin(), Refs.end());
  }

  /// Why the source depends on \p Array's layout (sizeof aside), or "".
  std::string layoutObserved(const clang::VarDecl *Array) const {
    auto It = LayoutObserved.find(Array->getLocation().getRawEncoding());
    return It == LayoutObserved.end() ? std::string() : It->second;
  }

  /// Subscripts of \p Array (indices, outermost first) with no access of
  /// their own that a swizzle must rewrite too; or, with \p Why, that
  /// \p Array must not be swizzled (ir/FixSites.h).
  void addUnexecutedSubscripts(const clang::VarDecl *Array,
                               std::vector<std::vector<const clang::Expr *>> Subscripts) {
    auto &Into = Unexecuted[Array->getLocation().getRawEncoding()];
    Into.insert(Into.end(), Subscripts.begin(), Subscripts.end());
  }
  /// Subscripts of the one-dimensional \p Array with no access of their
  /// own, written as one that has (ir/FixSites.h): row-stride edits
  /// rewrite them too.
  void addTwins(const clang::VarDecl *Array, const std::vector<const clang::Expr *> &Exprs) {
    auto &Into = Twins[Array->getLocation().getRawEncoding()];
    Into.insert(Into.end(), Exprs.begin(), Exprs.end());
  }
  void forbidSwizzle(const clang::VarDecl *Array, std::string Why) {
    NoSwizzle[Array->getLocation().getRawEncoding()] = std::move(Why);
  }

  /// "'a' is used at line N in a way ldslint does not follow" for the first
  /// reference to \p Array no model accounts for, or "".
  std::string unfollowedUse(const clang::VarDecl *Array) const;

  /// Attaches fixes (or notes saying why none) to \p Findings.
  void plan(std::vector<Finding> &Findings);
  /// Fix search stops here (the translation unit's time budget): arrays not
  /// reached keep their findings, with a note that no fix was searched.
  void setDeadline(std::optional<std::chrono::steady_clock::time_point> D) {
    Deadline = D;
  }
  /// How the planner emits the device code again, with a one-dimensional
  /// buffer's row stride as a symbol (ir/StrideModel.h); without it no
  /// row-stride fix is offered. \p SystemHeaders: the analysis's option
  /// LibraryKernels.
  void setEmitter(DeviceEmitter E, bool SystemHeaders) {
    Emitter = std::move(E);
    EmitSystemHeaders = SystemHeaders;
  }

private:
  struct Use {
    const ModelledKernel *Kernel;
    const AccessSite *Site;
    std::vector<Launch> Launches;
    size_t Finding;
  };
  clang::ASTContext &Ctx;
  std::vector<BankModel> Models;
  bool PreferSwizzle;
  /// " on sm_80 and sm_90" when several targets are planned for, else "".
  std::string onTargets() const;
  std::map<unsigned, std::vector<Use>> ByDeclaration;
  /// Declaration location -> why its layout must not change (sizeof, a
  /// call that takes the whole array, ...).
  std::map<unsigned, std::string> LayoutObserved;
  std::map<unsigned, bool> SizeTaken;
  std::map<unsigned, std::vector<const clang::DeclRefExpr *>> References;
  std::set<const clang::DeclRefExpr *> Followed;
  std::map<unsigned, std::vector<std::vector<const clang::Expr *>>> Unexecuted;
  std::map<unsigned, std::string> NoSwizzle;
  std::map<unsigned, std::vector<const clang::Expr *>> Twins;

  std::string planGroup(const std::vector<Use> &Uses,
                        std::vector<Finding> &Findings);
  /// A one-dimensional buffer (static, `extern` or carved): padding of the
  /// row stride its index arithmetic shares, or an XOR swizzle of its
  /// column term (FixPlannerStride.cpp). Attaches the fix and returns "",
  /// or returns why none is offered.
  std::string planRowStride(const std::vector<Use> &Uses,
                            std::vector<Finding> &Findings);
  /// The steps of planRowStride; each returns why no fix, or "".
  struct StridePlan; // StridePlan.h
  std::string strideTarget(StridePlan &P, const std::vector<Use> &Uses,
                           const std::vector<Finding> &Findings);
  std::string sharedStride(StridePlan &P, const std::vector<Finding> &Findings);
  std::string modelStride(StridePlan &P, const std::vector<Finding> &Findings);
  std::string columnsInRows(StridePlan &P, const std::vector<Finding> &Findings);
  /// Padding's edits of the buffer's size, the carve offsets after it and
  /// the launch's dynamic size (FixPlannerStrideSize.cpp).
  std::string strideSizeEdits(StridePlan &P, const std::vector<Finding> &Findings);
  /// The smallest pad of the row stride that removes every conflict
  /// (FixPlannerStridePad.cpp); \p Caveat: why it is only described.
  std::optional<Fix> padStride(StridePlan &P, const std::vector<Finding> &Findings,
                               std::string &WhyNot, std::string &Caveat);
  /// `x * S + (column ^ mask(x))` in every access
  /// (FixPlannerStrideSwizzle.cpp).
  std::optional<Fix> swizzleColumns(StridePlan &P, const std::vector<Finding> &Findings,
                                    std::string &WhyNot);
  /// Evaluates \p Condition (an expression of the access that must be 0)
  /// on every launch of \p U whose block shape is known: nullopt when no
  /// launch has one. Sets AssumedInRow when some launch has none: the
  /// caller offers its fix under that stated assumption.
  std::optional<bool> zeroWhereShapeKnown(const Use &U, const SymRef &Condition) const;
  /// Puts \p Chosen on the first conflicting finding of \p Uses (one
  /// diagnostic carries the edits, so that -fixit applies them once) with
  /// \p Notes, and a pointer to it on the others.
  void attachFixes(const std::vector<Use> &Uses, const std::vector<Fix> &Chosen,
                   const std::vector<std::string> &Notes,
                   std::vector<Finding> &Findings) const;
  /// Kernels modelled again with a row stride as a symbol; the Uses that
  /// planRowStride evaluates point into them.
  std::vector<std::unique_ptr<ModelledKernel>> Restrided;
  DeviceEmitter Emitter;
  bool EmitSystemHeaders = false;
  std::optional<Fix> padding(const std::vector<Use> &Uses,
                             const std::string &ExtentText,
                             clang::CharSourceRange ExtentRange,
                             std::string &WhyNot);
  std::optional<Fix> swizzle(const std::vector<Use> &Uses,
                             const std::string &ExtentText,
                             std::string &WhyNot);
  bool allClean(const Use &U, const EvalOptions &Extra,
                const SymRef &Address = nullptr) const;
  /// Every one of \p Uses is clean with its own evaluation options (a
  /// padded stride) and, where \p AddressOf is given, a changed address.
  bool everyUseClean(const std::vector<Use> &Uses,
                     const std::function<EvalOptions(const Use &)> &OptionsOf,
                     const std::function<SymRef(const Use &)> &AddressOf = nullptr) const;
  /// The first of \p Shapes under which every use is clean, its address
  /// swizzled by \p AddressOf.
  std::optional<SwizzleShape>
  firstCleanSwizzle(const std::vector<SwizzleShape> &Shapes, const std::vector<Use> &Uses,
                    const std::function<SymRef(const Use &, const SwizzleShape &)> &AddressOf) const;
  /// 0 <= innermost index < row length, for every lane of every launch
  /// with a known block shape (AssumedInRow is set when some launch has none).
  bool columnStaysInRow(const Use &U) const;
  int64_t elementBytes(const clang::VarDecl *Array) const;
  mutable bool AssumedInRow = false;

  /// Set when a candidate looked clean but its enumeration hit the budget
  /// (then it is not offered: a fix must be proven).
  mutable bool Unproven = false;
  /// Work spent searching fixes for the current array (lane evaluations),
  /// and whether it ran out: the search must not slow the compile down.
  mutable uint64_t Spent = 0;
  mutable bool OutOfBudget = false;
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  static constexpr uint64_t SearchBudget = 2000000;
  /// " removes every conflict on sm_80 and sm_90", or "is proven to ..."
  /// when the budget stopped a candidate's proof.
  std::string removesEveryConflict() const;
  /// When the uses span several template instantiations and no candidate
  /// fixes all of them: which instantiations each fix would work for alone
  /// ("; alone, 'tr<32>': pad ... ; 'tr<16>': none"), else "".
  std::string perInstantiation(
      const std::vector<Use> &Uses,
      const std::function<std::optional<Fix>(const std::vector<Use> &)> &Solve);
  const std::vector<Finding> *CurrentFindings = nullptr;
  bool Diagnosing = false;
  TextEdit edit(clang::CharSourceRange Range, const std::string &Text) const;

  /// How the padding / swizzle found last re-evaluates an access, for the
  /// bank map after the fix (Finding::AfterFix; FixPicture.cpp).
  std::function<EvalResult(const Use &, const Finding &)> PadAfter, SwizzleAfter;
  EvalResult evaluateFixed(const Use &U, const Finding &F, const EvalOptions &Extra,
                           const SymRef &Address) const;
  void attachAfterFix(const std::vector<Use> &Uses, bool Swizzled,
                      std::vector<Finding> &Findings) const;
};

} // namespace ldslint

#endif
