//===- SwizzleShapes.h - XOR masks of rows, simplest first -*- C++ -*-===//
//
// Shared by the XOR swizzles of two-dimensional arrays (FixPlanner.cpp) and
// of the column term of one-dimensional buffers
// (FixPlannerStrideSwizzle.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_SWIZZLESHAPES_H
#define LDSLINT_SWIZZLESHAPES_H

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ldslint {

inline bool isPowerOfTwo(int64_t V) { return V > 1 && (V & (V - 1)) == 0; }

/// \p Text, parenthesised unless it is one token (a name or a number), so
/// that it can stand next to any operator.
inline std::string asOperand(const std::string &Text) {
  const bool OneToken =
      !Text.empty() &&
      Text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                             "0123456789_.") == std::string::npos;
  return OneToken ? Text : "(" + Text + ")";
}

/// The XOR mask of a row: `(row / Div) * Mul % N`. Mul is a multiple of the
/// widest vector access (in elements), so a vector keeps its alignment and
/// moves as a whole; Div > 1 gives consecutive rows the same mask, for
/// accesses that read several rows per vector (a float4 transpose).
struct SwizzleShape {
  int64_t Div = 1, Mul = 1;
};

inline std::vector<SwizzleShape> swizzleShapes(int64_t VectorElems, int64_t RowLength) {
  // Simplest first: the textbook `c ^ (r % N)`, then a wider multiplier or
  // divisor, each a power of two.
  std::vector<std::pair<int, SwizzleShape>> Ranked;
  for (int64_t Div = 1, DivLog = 0; Div <= 16; Div *= 2, ++DivLog)
    for (int64_t Mul = VectorElems, MulLog = 0; Mul < RowLength; Mul *= 2, ++MulLog)
      Ranked.push_back({static_cast<int>(DivLog + MulLog), {Div, Mul}});
  std::stable_sort(Ranked.begin(), Ranked.end(),
                   [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<SwizzleShape> Shapes;
  for (const auto &R : Ranked)
    Shapes.push_back(R.second);
  return Shapes;
}

inline std::string maskText(const SwizzleShape &S, const std::string &Row,
                     const std::string &N) {
  std::string T = S.Div > 1 ? "(" + Row + " / " + std::to_string(S.Div) + ")" : Row;
  if (S.Mul > 1)
    T += " * " + std::to_string(S.Mul);
  return T + " % " + N;
}

} // namespace ldslint

#endif
