//===- ValueClasses.cpp -----------------------------------------------------===//
#include "ValueClasses.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace ldslint {
namespace {

/// Thresholds past this are not enumerated anyway.
constexpr int64_t Huge = int64_t(1) << 40;

/// How a subexpression behaves as the unknown u goes to infinity in one
/// direction (past the analysis's threshold).
struct Tail {
  enum Kind {
    Fail,    ///< nothing proven
    Bounded, ///< no longer depends on u, or periodic in it (`u % 2`)
    Grows,   ///< Sign * value >= (|u| - C) / M, for |u| >= C
    Periodic ///< depends on u, but its value modulo the window is periodic
  } K = Fail;
  std::optional<ValueBounds> Range; ///< Bounded: over the other symbols
  int Sign = 1;
  int64_t M = 1, C = 0;
  /// Grows: periodic modulo the window, with period lcm(window, Period)
  /// (sums and multiples of u and of periodic parts; not a quotient).
  bool Modular = false;
  /// Grows: an unsigned value past 2^(bits-1) (a negative one wrapped):
  /// huge, but a sum with another growing value may wrap back.
  bool Wrapped = false;
  int64_t Period = 1; ///< of the periodic parts

  static Tail fail() { return {}; }
  static Tail bounded(std::optional<ValueBounds> R, int64_t P = 1) {
    Tail T;
    T.K = Bounded;
    T.Range = R;
    T.Period = P;
    return T;
  }
  static Tail periodic(int64_t P) {
    Tail T;
    T.K = Periodic;
    T.Period = P;
    return T;
  }
  /// Periodic modulo the window.
  bool modular() const { return K == Periodic || (K == Grows && Modular); }
};

int64_t capped(__int128 V) { return V > Huge ? Huge : V < -Huge ? -Huge : int64_t(V); }

int64_t lcm(int64_t A, int64_t B) {
  const __int128 L = __int128(A) / std::gcd(A, B) * B;
  return capped(L);
}

/// The largest magnitude in \p R.
std::optional<int64_t> magnitude(const std::optional<ValueBounds> &R) {
  if (!R)
    return std::nullopt;
  const __int128 M = std::max<__int128>(-__int128(R->first), R->second);
  if (M > Huge)
    return std::nullopt;
  return int64_t(std::max<__int128>(M, 0));
}

std::optional<int64_t> literal(const SymExpr &E) {
  if (E.K == SymExpr::Kind::Const)
    return E.Value;
  if (E.K == SymExpr::Kind::Unary && E.Opcode == Op::Cast && E.A)
    return literal(*E.A);
  return std::nullopt;
}

class TailAnalysis {
public:
  TailAnalysis(SymbolId U, int Dir, const SymbolBounds &Others, int64_t Window)
      : U(U), Dir(Dir), Others(Others), Window(Window) {}

  Tail visit(const SymExpr &E) {
    Tail T = tailOf(E);
    // A value going to -infinity in an unsigned type wraps to one above
    // 2^(bits-1) (taken not to overflow): it grows, as (unsigned)-n does.
    if (T.K == Tail::Grows && T.Sign < 0 && !E.Type.Signed) {
      T.Sign = 1;
      T.Wrapped = true;
    }
    // Plain integer ranges of an unsigned node that leave its type wrap.
    if (T.K == Tail::Bounded && !E.Type.Signed && T.Range && !fitsType(*T.Range, E.Type))
      T.Range = rangeOf(E);
    return T;
  }

  /// |u| from which every tail stated holds.
  int64_t threshold() const { return Threshold; }

private:
  Tail tailOf(const SymExpr &E) {
    if (!mentions(E))
      return Tail::bounded(valueRange(E, Others));
    switch (E.K) {
    case SymExpr::Kind::Symbol: {
      Tail T;
      T.K = Tail::Grows;
      T.Sign = Dir;
      T.Modular = true;
      return T;
    }
    case SymExpr::Kind::Unary:
      return unary(E);
    case SymExpr::Kind::Binary:
      return binary(E);
    case SymExpr::Kind::Ternary:
      return select(E);
    default:
      return Tail::fail();
    }
  }

  SymbolId U;
  int Dir;
  const SymbolBounds &Others;
  int64_t Window;
  int64_t Threshold = 0;

  bool mentions(const SymExpr &E) const {
    if (E.K == SymExpr::Kind::Symbol)
      return E.Sym == U;
    for (const SymRef &Sub : {E.A, E.B, E.C})
      if (Sub && mentions(*Sub))
        return true;
    return false;
  }

  static bool fitsType(const ValueBounds &R, const IntType &T) {
    if (T.Bits >= 64)
      return T.Signed || R.first >= 0;
    const int64_t Min = T.Signed ? -(int64_t(1) << (T.Bits - 1)) : 0;
    const int64_t Max = T.Signed ? (int64_t(1) << (T.Bits - 1)) - 1 : (int64_t(1) << T.Bits) - 1;
    return R.first >= Min && R.second <= Max;
  }

  /// The range of a subexpression that depends on u only periodically.
  std::optional<ValueBounds> rangeOf(const SymExpr &E) const {
    return valueRange(E, [&](SymbolId Id) -> std::optional<ValueBounds> {
      return Id == U ? std::nullopt : Others(Id);
    });
  }

  /// The range of \p E, whose operands \p A and \p B no longer change
  /// with u: from theirs where the operation is plain arithmetic (u may be
  /// unbounded inside them: `2 tid - cpg * (2 tid / cpg)`), else from the
  /// operands' own symbols.
  std::optional<ValueBounds> combined(const SymExpr &E, const Tail &A, const Tail &B,
                                      std::optional<Op> As = std::nullopt) const {
    if (!A.Range || !B.Range)
      return rangeOf(E);
    const __int128 AL = A.Range->first, AH = A.Range->second, BL = B.Range->first,
                   BH = B.Range->second;
    auto make = [](__int128 Lo, __int128 Hi) -> std::optional<ValueBounds> {
      if (Lo < -Huge || Hi > Huge)
        return std::nullopt;
      return ValueBounds{int64_t(Lo), int64_t(Hi)};
    };
    switch (As ? *As : E.Opcode) {
    case Op::Add:
      return make(AL + BL, AH + BH);
    case Op::Sub:
      return make(AL - BH, AH - BL);
    case Op::Mul: {
      const __int128 P[4] = {AL * BL, AL * BH, AH * BL, AH * BH};
      return make(*std::min_element(P, P + 4), *std::max_element(P, P + 4));
    }
    case Op::Min:
      return make(std::min(AL, BL), std::min(AH, BH));
    case Op::Max:
      return make(std::max(AL, BL), std::max(AH, BH));
    case Op::Div: // by a constant
      if (BL == BH && BL != 0 && (E.Type.Signed || (AL >= 0 && BL > 0)))
        return make(std::min(AL / BL, AH / BL), std::max(AL / BL, AH / BL));
      return rangeOf(E);
    case Op::Rem: { // takes the dividend's sign, below the divisor
      if ((BL <= 0 && BH >= 0) || (!E.Type.Signed && (AL < 0 || BL < 0)))
        return rangeOf(E);
      const __int128 M = std::min(std::max(-AL, AH), std::max(-BL, BH) - 1);
      return make(AL < 0 ? -M : 0, AH > 0 ? M : 0);
    }
    case Op::Shl:
      if (BL == BH && BL >= 0 && BL < 32)
        return make(AL * (__int128(1) << int(BL)), AH * (__int128(1) << int(BL)));
      return rangeOf(E);
    default:
      return rangeOf(E);
    }
  }

  /// A bounded \p A's range converted to \p E's type: kept where it fits.
  std::optional<ValueBounds> converted(const SymExpr &E, const Tail &A) const {
    if (!A.Range)
      return rangeOf(E);
    return fitsType(*A.Range, E.Type) ? A.Range : rangeOf(E);
  }

  /// Past this |u|, \p G exceeds every value of magnitude \p Mag.
  bool beyond(const Tail &G, std::optional<int64_t> Mag) {
    if (!Mag)
      return false;
    const __int128 T = __int128(G.M) * (*Mag + 1) + G.C + 1;
    if (T > Huge)
      return false;
    Threshold = std::max(Threshold, int64_t(T));
    return true;
  }

  Tail negated(Tail T) {
    if (T.K == Tail::Grows)
      T.Sign = -T.Sign;
    if (T.K == Tail::Bounded && T.Range)
      T.Range = ValueBounds{-T.Range->second, -T.Range->first};
    return T;
  }

  Tail unary(const SymExpr &E) {
    const Tail A = visit(*E.A);
    if (A.K == Tail::Fail)
      return A;
    switch (E.Opcode) {
    case Op::Neg:
      return negated(A);
    case Op::Not: { // ~v = -v - 1
      if (A.K == Tail::Bounded)
        return Tail::bounded(rangeOf(E), A.Period);
      Tail T = negated(A);
      if (T.K == Tail::Grows)
        T.C = capped(__int128(T.C) + T.M);
      return T;
    }
    case Op::LNot:
      if (A.K == Tail::Bounded)
        return Tail::bounded(ValueBounds{0, 1}, A.Period);
      if (A.K == Tail::Grows && beyond(A, 0))
        return Tail::bounded(ValueBounds{0, 0});
      return Tail::fail();
    case Op::Cast: {
      if (A.K == Tail::Bounded)
        return Tail::bounded(converted(E, A), A.Period);
      const IntType &From = E.A->Type, &To = E.Type;
      if (A.K == Tail::Grows && A.Sign < 0 && !To.Signed) {
        // C's `tid * 2 / cpg` divides unsigned: a negative int becomes at
        // least 2^(bits-1), which bounds |u| in its type from above.
        if (!From.Signed || To.Bits < From.Bits)
          return Tail::fail();
        Tail T = A;
        T.Sign = 1;
        return T;
      }
      // An unsigned value past 2^(bits-1) is negative as a signed one.
      if (A.K == Tail::Grows && !From.Signed && To.Signed && To.Bits <= From.Bits)
        return Tail::fail();
      if (To.Bits >= From.Bits)
        return A;
      // Narrowing keeps a value modulo the window (a power of two).
      if (A.modular() && To.Bits < 63 && (int64_t(1) << To.Bits) % Window == 0)
        return Tail::periodic(A.Period);
      return Tail::fail();
    }
    default:
      return Tail::fail();
    }
  }

  Tail add(const Tail &A, const Tail &B, const SymExpr &E) {
    if (A.K == Tail::Fail || B.K == Tail::Fail)
      return Tail::fail();
    const int64_t P = lcm(A.Period, B.Period);
    if (A.K == Tail::Bounded && B.K == Tail::Bounded) // B is negated for a Sub
      return Tail::bounded(combined(E, A, B, Op::Add), P);
    if (A.K == Tail::Grows && B.K == Tail::Bounded) {
      const std::optional<int64_t> Mag = magnitude(B.Range);
      if (!Mag)
        return A.Modular ? Tail::periodic(P) : Tail::fail();
      Tail T = A;
      T.C = capped(__int128(A.C) + __int128(A.M) * *Mag);
      T.Period = P;
      return T;
    }
    if (A.K == Tail::Bounded)
      return add(B, A, E);
    if (A.K == Tail::Grows && B.K == Tail::Grows && A.Sign == B.Sign && !A.Wrapped &&
        !B.Wrapped) {
      Tail T = A;
      T.C = std::max(A.C, B.C);
      T.Modular = A.Modular && B.Modular;
      T.Period = P;
      return T;
    }
    if (A.modular() && (B.modular() || B.K == Tail::Bounded))
      return Tail::periodic(P);
    if (B.modular() && A.K == Tail::Bounded)
      return Tail::periodic(P);
    return Tail::fail();
  }

  Tail multiply(const Tail &A, const Tail &B, const SymExpr &E) {
    if (A.K == Tail::Fail || B.K == Tail::Fail)
      return Tail::fail();
    const int64_t P = lcm(A.Period, B.Period);
    if (A.K == Tail::Bounded && B.K == Tail::Bounded)
      return Tail::bounded(combined(E, A, B), P);
    if (A.K == Tail::Bounded)
      return multiply(B, A, E);
    if (B.K == Tail::Bounded) {
      if (B.Range && B.Range->first == 0 && B.Range->second == 0)
        return Tail::bounded(ValueBounds{0, 0});
      if (A.K == Tail::Grows && !A.Wrapped && B.Range &&
          (B.Range->first >= 1 || B.Range->second <= -1)) {
        Tail T = A;
        if (B.Range->second <= -1)
          T.Sign = -T.Sign;
        T.Period = P; // each lane's factor: still periodic modulo the window
        return T;
      }
      return A.modular() ? Tail::periodic(P) : Tail::fail();
    }
    if (A.modular() && B.modular())
      return Tail::periodic(P);
    return Tail::fail();
  }

  /// A comparison, min or max that stops depending on u: \p G against a
  /// bounded \p B.
  bool settles(const Tail &G, const Tail &B) {
    return G.K == Tail::Grows && B.K == Tail::Bounded && beyond(G, magnitude(B.Range));
  }

  Tail binary(const SymExpr &E) {
    const Tail A = visit(*E.A);
    if (A.K == Tail::Fail)
      return A;
    const Tail B = visit(*E.B);
    if (B.K == Tail::Fail)
      return B;
    const int64_t P = lcm(A.Period, B.Period);
    const bool BothBounded = A.K == Tail::Bounded && B.K == Tail::Bounded;
    const std::optional<int64_t> K = literal(*E.B);
    switch (E.Opcode) {
    case Op::Add:
      return add(A, B, E);
    case Op::Sub:
      return add(A, negated(B), E);
    case Op::Mul:
      return multiply(A, B, E);
    case Op::Shl:
      if (BothBounded)
        return Tail::bounded(combined(E, A, B), P);
      if (K && *K >= 0 && *K < 32 && B.K == Tail::Bounded)
        return multiply(A, Tail::bounded(ValueBounds{int64_t(1) << *K, int64_t(1) << *K}), E);
      return Tail::fail();
    case Op::Div:
    case Op::Shr: {
      if (BothBounded)
        return Tail::bounded(combined(E, A, B), P);
      if (A.K == Tail::Bounded && E.Opcode == Op::Div && B.K == Tail::Grows &&
          beyond(B, magnitude(A.Range)))
        return Tail::bounded(ValueBounds{0, 0}); // |divisor| > |dividend|
      if (A.K != Tail::Grows || B.K != Tail::Bounded)
        return Tail::fail();
      // v / k, v >> s: |quotient| >= |v| / k - 1.
      std::optional<ValueBounds> Divisor = B.Range;
      if (E.Opcode == Op::Shr) {
        if (!K || *K < 0 || *K >= 32)
          return Tail::fail();
        Divisor = ValueBounds{int64_t(1) << *K, int64_t(1) << *K};
      }
      if (!Divisor || (Divisor->first < 1 && Divisor->second > -1))
        return Tail::fail();
      const bool Negative = Divisor->second <= -1;
      const int64_t Most = Negative ? -Divisor->first : Divisor->second;
      if (Negative && !E.Type.Signed)
        return Tail::fail();
      Tail T = A;
      T.Sign = Negative ? -A.Sign : A.Sign;
      T.M = capped(__int128(A.M) * Most);
      T.C = capped(__int128(A.C) + __int128(A.M) * Most);
      T.Modular = false;
      return T;
    }
    case Op::Rem: {
      if (BothBounded)
        return Tail::bounded(combined(E, A, B), P);
      if (A.K == Tail::Bounded && B.K == Tail::Grows && beyond(B, magnitude(A.Range)))
        return Tail::bounded(A.Range, A.Period); // |divisor| > |dividend|
      // Periodic modulo the window, so modulo a divisor of it, and of one
      // sign past the threshold (or unsigned): the remainder is periodic.
      const bool OneSign = !E.Type.Signed || (A.K == Tail::Grows && beyond(A, 0));
      if (K && *K != 0 && B.K == Tail::Bounded && A.modular() && OneSign &&
          Window % std::llabs(*K) == 0)
        return Tail::bounded(rangeOf(E), lcm(A.Period, Window));
      return Tail::fail();
    }
    case Op::And: {
      if (BothBounded)
        return Tail::bounded(rangeOf(E), P);
      const Tail &V = K ? A : B;
      const std::optional<int64_t> Mask = K ? K : literal(*E.A);
      if (!Mask || *Mask < 0 || *Mask >= (int64_t(1) << 30))
        return Tail::fail();
      int64_t Pow = 1;
      while (Pow <= *Mask)
        Pow *= 2;
      if (V.modular() && Window % Pow == 0)
        return Tail::bounded(ValueBounds{0, *Mask}, lcm(V.Period, Window));
      return Tail::fail();
    }
    case Op::Or:
    case Op::Xor:
      return BothBounded ? Tail::bounded(rangeOf(E), P) : Tail::fail();
    case Op::LT:
    case Op::GT:
    case Op::LE:
    case Op::GE:
    case Op::EQ:
    case Op::NE:
      if (!BothBounded) {
        // Past the threshold the growing side is above (or below) every
        // value of the other: the test has one answer.
        const bool Left = A.K == Tail::Grows;
        const Tail &G = Left ? A : B, &Other = Left ? B : A;
        if (G.K == Tail::Grows && (E.A->Type.Signed || G.Sign > 0) && settles(G, Other)) {
          const bool Above = (G.Sign > 0) == Left; // A > B past it
          bool Truth = false;
          switch (E.Opcode) {
          case Op::LT: case Op::LE: Truth = !Above; break;
          case Op::GT: case Op::GE: Truth = Above; break;
          case Op::NE: Truth = true; break;
          default: Truth = false; break;
          }
          return Tail::bounded(ValueBounds{Truth, Truth});
        }
        return Tail::fail();
      }
      return Tail::bounded(ValueBounds{0, 1}, P);
    case Op::LAnd:
    case Op::LOr: {
      auto truth = [&](const Tail &T) {
        return T.K == Tail::Grows && beyond(T, 0) ? Tail::bounded(ValueBounds{1, 1}) : T;
      };
      const Tail TA = truth(A), TB = truth(B);
      if (TA.K == Tail::Bounded && TB.K == Tail::Bounded)
        return Tail::bounded(ValueBounds{0, 1}, lcm(TA.Period, TB.Period));
      return Tail::fail();
    }
    case Op::Min:
    case Op::Max: {
      if (BothBounded)
        return Tail::bounded(combined(E, A, B), P);
      const bool AGrows = A.K == Tail::Grows;
      const Tail &G = AGrows ? A : B, &Other = AGrows ? B : A;
      if (G.K != Tail::Grows || Other.K != Tail::Bounded || !beyond(G, magnitude(Other.Range)))
        return Tail::fail();
      // Past the threshold the growing side is above (below) the other.
      const bool GrowingWins = (E.Opcode == Op::Max) == (G.Sign > 0);
      return GrowingWins ? G : Other;
    }
    default:
      return Tail::fail();
    }
  }

  Tail select(const SymExpr &E) {
    const Tail Cond = visit(*E.A);
    if (Cond.K != Tail::Bounded)
      return Tail::fail();
    // A test with one answer past the threshold picks one side.
    if (Cond.Range && Cond.Range->first == Cond.Range->second && Cond.Period == 1)
      return visit(Cond.Range->first ? *E.B : *E.C);
    const Tail A = visit(*E.B), B = visit(*E.C);
    if (A.K == Tail::Fail || B.K == Tail::Fail)
      return Tail::fail();
    const int64_t P = lcm(Cond.Period, lcm(A.Period, B.Period));
    if (A.K == Tail::Bounded && B.K == Tail::Bounded)
      return Tail::bounded(rangeOf(E), P);
    if (A.K == Tail::Grows && B.K == Tail::Grows && A.Sign == B.Sign) {
      Tail T = A;
      T.M = std::max(A.M, B.M);
      T.C = std::max(A.C, B.C);
      T.Modular = A.Modular && B.Modular;
      T.Period = P;
      return T;
    }
    if ((A.modular() || A.K == Tail::Bounded) && (B.modular() || B.K == Tail::Bounded))
      return Tail::periodic(P);
    return Tail::fail();
  }
};

/// The threshold and period of one direction, or nothing.
std::optional<std::pair<int64_t, int64_t>>
oneDirection(SymbolId Unknown, int Dir, const std::vector<const SymExpr *> &Exprs,
             const SymbolBounds &Others, int64_t Window) {
  // Every expression must stop depending on u (or repeat exactly): an
  // address that only repeats modulo the window could still make two lanes
  // meet in one word for some values and not for others.
  TailAnalysis Analysis(Unknown, Dir, Others, Window);
  int64_t Period = 1;
  for (const SymExpr *E : Exprs) {
    const Tail T = Analysis.visit(*E);
    if (T.K != Tail::Bounded)
      return std::nullopt;
    Period = lcm(Period, T.Period);
  }
  return std::make_pair(Analysis.threshold(), Period);
}

} // namespace

std::optional<ValueClassRange>
valueClassRange(SymbolId Unknown, const IntType &Type,
                const std::vector<const SymExpr *> &Exprs, const SymbolBounds &Others,
                int64_t Window, int64_t MaxValues) {
  if (Exprs.empty() || Window <= 0)
    return std::nullopt;
  const auto Up = oneDirection(Unknown, +1, Exprs, Others, Window);
  if (!Up)
    return std::nullopt;
  std::optional<std::pair<int64_t, int64_t>> Down;
  if (Type.Signed && !(Down = oneDirection(Unknown, -1, Exprs, Others, Window)))
    return std::nullopt;
  // One period for both tails, each of which holds a whole one.
  ValueClassRange R;
  R.Period = Down ? lcm(Up->second, Down->second) : Up->second;
  __int128 High = __int128(std::max<int64_t>(Up->first, 1)) + R.Period - 1;
  __int128 Low = Down ? -(__int128(std::max<int64_t>(Down->first, 1)) + R.Period - 1) : 0;
  // Within the type: a narrow type may hold fewer values than the tails.
  if (Type.Bits < 64) {
    const __int128 TypeMax =
        Type.Signed ? (__int128(1) << (Type.Bits - 1)) - 1 : (__int128(1) << Type.Bits) - 1;
    const __int128 TypeMin = Type.Signed ? -(__int128(1) << (Type.Bits - 1)) : 0;
    High = std::min(High, TypeMax);
    Low = std::max(Low, TypeMin);
  }
  if (High - Low + 1 > MaxValues)
    return std::nullopt;
  R.Low = int64_t(Low);
  R.High = int64_t(High);
  return R;
}

} // namespace ldslint
