//===- BlockShape.h - Thread-block shape and the lanes of each warp -*- C++ -*-===//
#ifndef LDSLINT_BLOCKSHAPE_H
#define LDSLINT_BLOCKSHAPE_H

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace ldslint {

struct BlockShape {
  unsigned X = 1, Y = 1, Z = 1;
  std::string Source; ///< where the shape comes from, for messages
  /// Not launched but assumed (ir/ThreadNumbering.h): a lane past the end of
  /// an array rules the shape out, as it does the default assumptions.
  bool Assumed = false;
  /// From `__launch_bounds__(N)`: the most threads a launch may have, not
  /// necessarily the launch's shape (a value under which a lane of this
  /// shape leaves an array may still be one a smaller launch runs with).
  bool UpperBound = false;

  unsigned threads() const { return X * Y * Z; }
  std::string str() const; ///< "32x8x1"
  bool operator==(const BlockShape &O) const {
    return X == O.X && Y == O.Y && Z == O.Z && Assumed == O.Assumed &&
           UpperBound == O.UpperBound;
  }
};

/// Parses "32", "32x8" or "32x8x2". nullopt on malformed or absurd shapes
/// (more than 1024 threads, a zero extent, z above 64).
std::optional<BlockShape> parseBlockShape(const std::string &Text);

/// threadIdx of each lane of warp \p Warp: lanes are consecutive linear
/// thread ids, x fastest, then y, then z. Lanes past the end of the block
/// are absent (partial last warp).
std::vector<std::array<unsigned, 3>>
warpLanes(const BlockShape &Shape, unsigned WaveSize, unsigned Warp);

unsigned warpCount(const BlockShape &Shape, unsigned WaveSize);

} // namespace ldslint

#endif
