//===- StridePlan.h - What the row-stride fixes of a 1-D buffer share -*- C++ -*-===//
//
// Internal to the fix planner's one-dimensional steps
// (FixPlannerStride*.cpp): the buffer being fixed, the stride its accesses
// share and where it is written, the kernels modelled again with that stride
// as a symbol, and the size and carve edits that padding needs.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_STRIDEPLAN_H
#define LDSLINT_STRIDEPLAN_H

#include "FixPlanner.h"
#include "RowStride.h"

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ldslint {

/// A piece of source to edit and its text as written.
struct SourceEdit {
  clang::CharSourceRange Range;
  std::string Text;
};

struct FixPlanner::StridePlan {
  const clang::VarDecl *Decl = nullptr; ///< the shared array
  std::string Name;                     ///< its name
  /// The buffer to fix: the array itself, or the pointer carved from it
  /// whose accesses conflict.
  const clang::ValueDecl *Target = nullptr;
  std::string Buffer;
  int64_t ElemBytes = 1;
  bool Dynamic = false; ///< `extern __shared__`
  /// Where Target starts in the array, in elements (a carve offset).
  int64_t BaseElements = 0;
  /// The other buffers carved from the same array.
  std::vector<const clang::VarDecl *> Others;

  /// One access of Target: its subscript and the strides its index is
  /// built from.
  struct Subscript {
    const Use *U;
    BufferIndex Index;
    std::vector<StrideTerm> Terms;
  };
  std::vector<const ModelledKernel *> Kernels; ///< first-seen order
  /// Subscripts of Target with no access of their own, written as one
  /// that has: edited the same way.
  struct Twin {
    BufferIndex Index;
    std::vector<StrideTerm> Terms;
  };
  std::vector<Twin> Twins;
  std::map<const ModelledKernel *, std::vector<Subscript>> ByKernel;
  /// The multiplications (their operators' file locations) whose stride
  /// operand is modelled as the paddable symbol.
  std::set<clang::SourceLocation> Products;
  /// Where the stride is written in the indices, by (file, offset).
  std::map<std::pair<unsigned, unsigned>, SourceEdit> StrideEdits;

  /// The accesses of Target in the kernels modelled again, whose
  /// StrideSymbol is the row stride; Subscripts[i] is Strided[i]'s.
  std::vector<Use> Strided;
  std::vector<const Subscript *> Subscripts;

  // Padding's size edits (FixPlannerStrideSize.cpp).
  std::vector<SourceEdit> SizeEdits, CarveEdits;
  int64_t Rows = 0; ///< rows of the buffer in the first kernel (0: dynamic)
  std::map<const ModelledKernel *, int64_t> RowsOf;
  std::string SizeWhyNot;
  int64_t CarvedElements = 0; ///< the padded buffer's size, when carved
  /// The buffers carved after Target, whose carve offsets CarveEdits edit.
  std::vector<const clang::VarDecl *> Moved;

  int64_t strideOf(const Use &U) const {
    return U.Kernel->Model.Symbols[*U.Kernel->StrideSymbol].Value;
  }
  /// "line N" of \p U's finding.
  std::string lineOf(const Use &U, const std::vector<Finding> &Findings) const {
    return std::to_string(Findings[U.Finding].Line);
  }
};

/// `S + Pad` as an edit of \p Text (the stride as written): the number
/// itself when Text is a literal, else `(Text + Pad)`.
std::string paddedText(const std::string &Text, int64_t NewValue, int64_t Pad);

} // namespace ldslint

#endif
