//===- RowStride.h - Row strides written in 1-D index arithmetic -*- C++ -*-===//
//
// Syntax helpers for padding a one-dimensional shared buffer: a kernel that
// declares `__shared__ float As[BM * BK]` and indexes `As[k * BM + row]`
// lays out rows of BM elements by hand. Padding means editing that stride
// (`k * (BM + 4) + row`) in every index of the buffer, and its size. These
// helpers only read the source; whether an edit is correct and helps is
// decided by re-evaluating the accesses (FixPlannerStride.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_ROWSTRIDE_H
#define LDSLINT_ROWSTRIDE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <vector>

namespace ldslint {

/// The subscript of a buffer that an access reaches: `b[i]`, `*(T *)&b[i]`,
/// `((T *)&b[i])[0]`, `*(T *)(b + i)` or `((T *)(b + i))[0]`, where b is
/// the shared array or a pointer variable and i counts elements of
/// \p Element.
struct BufferIndex {
  const clang::Expr *Index = nullptr;
  const clang::ValueDecl *Base = nullptr; ///< the array or pointer variable
  const clang::DeclRefExpr *BaseRef = nullptr;
};
std::optional<BufferIndex> bufferIndex(const clang::Expr *LValue,
                                       const clang::ASTContext &Ctx,
                                       clang::QualType Element);

/// One `x * S` (or `S * x`) term of an index's top-level sum, where S is an
/// integer constant expression greater than one and x is not constant.
struct StrideTerm {
  const clang::Expr *Operand = nullptr; ///< S, as the multiplication has it
  const clang::BinaryOperator *Product = nullptr;
  int64_t Value = 0;
};
std::vector<StrideTerm> strideTerms(const clang::Expr *Index,
                                    const clang::ASTContext &Ctx);

/// The index \p Index split at \p Term, one of its stride terms:
/// `x * S + column` or `column + x * S` (in `x * S + a - b` the column is
/// `a - b`). Row: x; Begin/End: the column term's first and last token,
/// written contiguously. Null Row when the index is not of that form.
struct ColumnTerm {
  const clang::Expr *Row = nullptr;
  clang::SourceLocation Begin, End;
};
ColumnTerm columnTerm(const clang::Expr *Index, const StrideTerm &Term);

/// The factors of a product (`BM * BK`, `2 * (BM * BK)`), as written.
std::vector<const clang::Expr *> productFactors(const clang::Expr *E);

/// In a sum of products (`BM * BK + BK * BN`, possibly times constants such
/// as `sizeof(float)`), the factor equal to \p Stride of the term whose
/// value is \p Elements (or \p Elements * \p ElementBytes, a size in
/// bytes): where a buffer of that many elements is counted. Null if none.
/// Where several terms match (`BM * BK + BK * BN` with BM == BN), the one
/// whose factor is spelled \p Prefer (the stride as the buffer's indices
/// write it) wins, so the edit names the buffer's own stride.
const clang::Expr *termFactor(const clang::Expr *E, int64_t Stride,
                              int64_t Elements, int64_t ElementBytes,
                              const clang::ASTContext &Ctx,
                              const std::string &Prefer = "");
/// The same over the terms of a sum written in several pieces.
const clang::Expr *termFactor(const std::vector<const clang::Expr *> &Es,
                              int64_t Stride, int64_t Elements,
                              int64_t ElementBytes, const clang::ASTContext &Ctx,
                              const std::string &Prefer = "");

/// A pointer carved from shared memory: `p = base + offset`,
/// `p = base + a + b` (offsets a and b), `p = &base[offset]` or `p = base`
/// (no offsets).
struct Carve {
  const clang::DeclRefExpr *Base = nullptr;
  std::vector<const clang::Expr *> Offsets;
};
std::optional<Carve> carveOf(const clang::Expr *Init);
/// The carve's offset in elements, where every piece is a constant.
std::optional<int64_t> carveOffset(const Carve &C, const clang::ASTContext &Ctx);

/// The value of an integer constant expression, if it is one.
std::optional<int64_t> constantValue(const clang::Expr *E,
                                     const clang::ASTContext &Ctx);

} // namespace ldslint

#endif
