//===- BlockShape.cpp ------------------------------------------------------===//
#include "BlockShape.h"

#include <cstdlib>

namespace ldslint {

std::string BlockShape::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

std::optional<BlockShape> parseBlockShape(const std::string &Text) {
  unsigned Dims[3] = {1, 1, 1};
  size_t Pos = 0;
  for (unsigned D = 0; D < 3; ++D) {
    size_t End = Text.find('x', Pos);
    std::string Part = Text.substr(Pos, End == std::string::npos ? End : End - Pos);
    if (Part.empty() || Part.size() > 5 ||
        Part.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    Dims[D] = static_cast<unsigned>(std::strtoul(Part.c_str(), nullptr, 10));
    if (End == std::string::npos)
      break;
    if (D == 2)
      return std::nullopt; // a fourth dimension
    Pos = End + 1;
  }
  BlockShape S;
  S.X = Dims[0];
  S.Y = Dims[1];
  S.Z = Dims[2];
  if (S.X == 0 || S.Y == 0 || S.Z == 0 || S.Z > 64 || S.X > 1024 ||
      S.Y > 1024 || S.threads() > 1024)
    return std::nullopt;
  return S;
}

unsigned warpCount(const BlockShape &Shape, unsigned WaveSize) {
  return (Shape.threads() + WaveSize - 1) / WaveSize;
}

std::vector<std::array<unsigned, 3>>
warpLanes(const BlockShape &Shape, unsigned WaveSize, unsigned Warp) {
  std::vector<std::array<unsigned, 3>> Lanes;
  const unsigned Begin = Warp * WaveSize;
  for (unsigned Linear = Begin;
       Linear < Begin + WaveSize && Linear < Shape.threads(); ++Linear)
    Lanes.push_back({Linear % Shape.X, (Linear / Shape.X) % Shape.Y,
                     Linear / (Shape.X * Shape.Y)});
  return Lanes;
}

} // namespace ldslint
