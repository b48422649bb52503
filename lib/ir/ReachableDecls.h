//===- ReachableDecls.h - What the kernels can call --------*- C++ -*-===//
//
// Handing clang's code generator a device function it will not need costs
// its mangled name and a look at whether it must be emitted; a unit that
// includes CUDA's headers holds thousands of such functions, and that
// bookkeeping was the larger part of generating the kernels; so do the
// static data members of the classes of the C++ library. This walk
// finds, from the functions and variables that will be emitted, the ones
// their code can reach: named, called, constructed, destroyed, or virtual
// in a class they construct. It may miss a function (one named only through a
// default argument, say); DeviceModule checks for that after generating
// and generates again with every function when it happened.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_REACHABLEDECLS_H
#define LDSLINT_IR_REACHABLEDECLS_H

#include "clang/AST/Decl.h"

#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace ldslint {

struct Reached {
  /// Canonical declarations.
  llvm::DenseSet<const clang::FunctionDecl *> Functions;
  /// Variables of static storage (globals, static data members), canonical.
  llvm::DenseSet<const clang::VarDecl *> Variables;
};

/// What \p Roots' bodies and \p Variables' initialisers reach,
/// transitively, roots included.
Reached reachedFrom(const std::vector<const clang::FunctionDecl *> &Roots,
                    const std::vector<const clang::VarDecl *> &Variables);

} // namespace ldslint

#endif
