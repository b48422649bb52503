//===- FixSites.h - The fix planner's model of an array, from the device IR -*- C++ -*-===//
//
// Padding a multi-dimensional shared array changes the stride of every
// dimension but the innermost, and a swizzle moves the column by the row:
// the planner proves either by evaluating each access again with the
// array's extents as symbols (FixPlanner.h). The findings' own per-lane
// addresses (LaneValues) are flat byte offsets; here each access of such an
// array gets the same address rewritten as
//
//   address + sum over dimensions d of index_d * (stride_d(extents) - stride_d)
//
// with its indices from the device IR's GEP chain (ArrayIndices.h), which is
// the address itself at the declared extents. The source only supplies what
// an edit needs: the declaration, and for a swizzle the subscript written
// `a[row][column]` at the finding's location.
//
// A one-dimensional buffer keeps its flat addresses; each access gets the
// subscript or dereference written at its location, which the row-stride
// planner reads (ir/StrideModel.h models the stride as a symbol). A
// subscript of the buffer with no access of its own is edited like the
// executed one written the same way (Twins); one written otherwise refuses
// the buffer.
//
// An array gets no model, and the reason, when one of its accesses has no
// indices, steps over rows through a pointer typed apart from the array, or
// the array's address is used other than by those accesses (stored, passed
// to a call that was not inlined, converted to an integer). A reference the
// source does not subscript in every dimension (a reference parameter,
// `float (*p)[32] = a`) keeps the old row length: the planner refuses those
// arrays too, as it does for any reference no model follows.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_FIXSITES_H
#define LDSLINT_IR_FIXSITES_H

#include "FixModel.h"
#include "ir/IrFindings.h"

#include <map>
#include <memory>
#include <set>

namespace ldslint {

struct IrFixSites {
  /// One per analysed kernel that accesses an array asked for: its model
  /// (the kernel's symbols plus one Extent symbol per dimension of each
  /// array) and those accesses.
  std::vector<std::unique_ptr<ModelledKernel>> Kernels;
  /// Arrays asked for whose accesses are all modelled here.
  std::set<const clang::VarDecl *> Modelled;
  /// The others: why not.
  std::map<const clang::VarDecl *, std::string> Refused;
  /// The references to the arrays that are subscripted in every dimension:
  /// the uses these models account for. The fix planner refuses an array
  /// with any other reference (FixPlanner::follow).
  std::set<const clang::DeclRefExpr *> Followed;
  /// Per modelled array, the subscripts (indices, outermost first) that no
  /// access stands for: a swizzle must rewrite them too.
  std::map<const clang::VarDecl *, std::vector<std::vector<const clang::Expr *>>> Unexecuted;
  /// Per modelled one-dimensional buffer, the subscripts with no access of
  /// their own written exactly as one that has (a read the compiler takes
  /// from an earlier access): row-stride edits apply to them too.
  std::map<const clang::VarDecl *, std::vector<const clang::Expr *>> Twins;
  /// Modelled arrays that must not be swizzled, and why.
  std::map<const clang::VarDecl *, std::string> NoSwizzle;
};

/// The models of \p Arrays (multi-dimensional arrays of known extents).
IrFixSites fixSitesFromIr(clang::ASTContext &Ctx,
                          const std::vector<AnalysedKernel> &Kernels,
                          const std::set<const clang::VarDecl *> &Arrays);

} // namespace ldslint

#endif
