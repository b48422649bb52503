//===- ThreadNumbering.h - The block width a kernel's code implies -*- C++ -*-===//
//
// Kernels written for one block shape often number their threads
// themselves and share the work out again in another shape:
//
//   const int tidx = B_X * threadIdx.y + threadIdx.x;   // B_X: a template
//   const int loadY = tidx / preloadCases, loadX = tidx % preloadCases;
//
// Such a number is only a numbering of the block's threads when blockDim.x
// is B_X (wider blocks give two threads one number). When no launch site
// gives the kernel's shape, that is the block width to assume, rather than
// the default (a whole number of warps along x), which a kernel 16 threads
// wide never runs with.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_IR_THREADNUMBERING_H
#define LDSLINT_IR_THREADNUMBERING_H

#include "llvm/IR/Function.h"

#include <optional>

namespace ldslint {

/// C when \p Kernel computes `threadIdx.y * C + threadIdx.x` (C a power of
/// two from 4 to 1024, the same C everywhere) and takes that number apart
/// again (divides it, takes a remainder, shifts, masks or compares it),
/// reads no blockDim.x and no threadIdx.z; otherwise nullopt. An index that
/// is only an address (`tile[threadIdx.y * 33 + threadIdx.x]`, a padded
/// tile) says nothing about the block.
std::optional<unsigned> threadRowWidth(const llvm::Function &Kernel);

} // namespace ldslint

#endif
