//===- SymExpr.cpp ---------------------------------------------------------===//
#include "SymExpr.h"

#include <array>
#include <unordered_map>
#include <utility>

namespace ldslint {

SymRef SymExpr::constant(int64_t V, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Const;
  E->Type = T;
  E->Value = T.wrap(V);
  return E;
}

SymRef SymExpr::symbol(SymbolId S, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Symbol;
  E->Type = T;
  E->Sym = S;
  return E;
}

SymRef SymExpr::unary(Op O, SymRef A, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Unary;
  E->Type = T;
  E->Opcode = O;
  E->A = std::move(A);
  return E;
}

SymRef SymExpr::binary(Op O, SymRef A, SymRef B, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Binary;
  E->Type = T;
  E->Opcode = O;
  E->A = std::move(A);
  E->B = std::move(B);
  return E;
}

SymRef SymExpr::select(SymRef Cond, SymRef A, SymRef B, IntType T) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Ternary;
  E->Type = T;
  E->Opcode = Op::Select;
  E->A = std::move(Cond);
  E->B = std::move(A);
  E->C = std::move(B);
  return E;
}

SymRef SymExpr::cast(SymRef A, IntType T) { return unary(Op::Cast, A, T); }

std::optional<int64_t> evaluate(const SymExpr &E, const SymbolValues &Values) {
  return evaluateWith(E, Values);
}

namespace {
/// The nodes of one walk, each with a value: an inline list searched in
/// order while it is short (most expressions have a few dozen nodes, and
/// this runs for most expressions of every access), a hash map beyond.
template <typename V> class NodeMap {
public:
  const V *find(const SymExpr *N) const {
    if (Count > SmallLimit) {
      const auto It = Big.find(N);
      return It == Big.end() ? nullptr : &It->second;
    }
    for (size_t I = 0; I < Count; ++I)
      if (Small[I].first == N)
        return &Small[I].second;
    return nullptr;
  }
  /// Adds \p N unless it is there; whether it was added.
  bool insert(const SymExpr *N, V Value) {
    if (find(N))
      return false;
    add(N, std::move(Value));
    return true;
  }
  /// Adds \p N, which the caller knows is not there.
  void add(const SymExpr *N, V Value) {
    if (Count < SmallLimit) {
      Small[Count++] = {N, std::move(Value)};
      return;
    }
    if (Count == SmallLimit)
      for (auto &[Key, Old] : Small)
        Big.emplace(Key, std::move(Old));
    Count = SmallLimit + 1;
    Big.emplace(N, std::move(Value));
  }

private:
  static constexpr size_t SmallLimit = 32;
  size_t Count = 0; ///< SmallLimit + 1 once the map is used
  std::array<std::pair<const SymExpr *, V>, SmallLimit> Small;
  std::unordered_map<const SymExpr *, V> Big;
};

/// A stack of nodes, inline while it is short.
class NodeStack {
public:
  void push(const SymExpr *N) {
    if (Size < Inline.size())
      Inline[Size] = N;
    else
      More.push_back(N);
    ++Size;
  }
  const SymExpr *pop() {
    --Size;
    if (Size < Inline.size())
      return Inline[Size];
    const SymExpr *N = More.back();
    More.pop_back();
    return N;
  }
  bool empty() const { return Size == 0; }

private:
  std::array<const SymExpr *, 64> Inline;
  std::vector<const SymExpr *> More;
  size_t Size = 0;
};
} // namespace

void forEachSymbol(const SymExpr &E, const std::function<void(SymbolId)> &F) {
  // Expressions are DAGs: a select chain built from merge phis shares its
  // operands, and a walk of the tree would be exponential (rocPRIM's block
  // sort: minutes). Each node is visited once.
  NodeStack Work;
  Work.push(&E);
  NodeMap<bool> Seen;
  Seen.insert(&E, true);
  while (!Work.empty()) {
    const SymExpr *N = Work.pop();
    if (N->K == SymExpr::Kind::Symbol)
      F(N->Sym);
    for (const SymRef *Child : {&N->A, &N->B, &N->C})
      if (*Child && Seen.insert(Child->get(), true))
        Work.push(Child->get());
  }
}

namespace {
/// rewrite() with each shared node rewritten once (see forEachSymbol).
SymRef rewriteOnce(const SymRef &E, const std::function<SymRef(const SymRef &)> &Replace,
                   NodeMap<SymRef> &Done) {
  if (!E)
    return E;
  if (const SymRef *Found = Done.find(E.get()))
    return *Found;
  SymRef Out = Replace(E);
  if (!Out) {
    if (E->K == SymExpr::Kind::Const || E->K == SymExpr::Kind::Symbol) {
      Out = E;
    } else {
      SymRef A = rewriteOnce(E->A, Replace, Done), B = rewriteOnce(E->B, Replace, Done),
             C = rewriteOnce(E->C, Replace, Done);
      if (A == E->A && B == E->B && C == E->C) {
        Out = E;
      } else {
        auto N = std::make_shared<SymExpr>(*E);
        N->A = A;
        N->B = B;
        N->C = C;
        Out = N;
      }
    }
  }
  Done.add(E.get(), Out); // not there: looked up above, and a DAG has no cycle
  return Out;
}
} // namespace

SymRef rewrite(const SymRef &E, const std::function<SymRef(const SymRef &)> &Replace) {
  if (!E)
    return E;
  NodeMap<SymRef> Done;
  return rewriteOnce(E, Replace, Done);
}

SymRef withoutUniformMultiples(const SymRef &E, int64_t W,
                               const std::function<bool(const SymRef &)> &Uniform) {
  SymRef X = E;
  while (X->K == SymExpr::Kind::Unary && X->Opcode == Op::Cast && X->Type.Bits >= 32)
    X = X->A;
  auto constant = [](SymRef C) -> std::optional<int64_t> {
    while (C->K == SymExpr::Kind::Unary && C->Opcode == Op::Cast && C->Type.Bits >= 32)
      C = C->A;
    if (C->K == SymExpr::Kind::Const)
      return C->Value;
    return std::nullopt;
  };
  if (const std::optional<int64_t> C = constant(X))
    return *C % W == 0 ? nullptr : E;
  if (X->K != SymExpr::Kind::Binary)
    return E;
  if (X->Opcode == Op::Mul)
    for (const auto &[F, Other] : {std::pair(X->A, X->B), std::pair(X->B, X->A)})
      if (const std::optional<int64_t> C = constant(F); C && *C % W == 0 && Uniform(Other))
        return nullptr;
  if (X->Opcode == Op::Shl)
    if (const std::optional<int64_t> C = constant(X->B);
        C && *C >= 0 && *C < 63 && (int64_t(1) << *C) % W == 0 && Uniform(X->A))
      return nullptr;
  if (X->Opcode != Op::Add)
    return E;
  const SymRef A = withoutUniformMultiples(X->A, W, Uniform);
  const SymRef B = withoutUniformMultiples(X->B, W, Uniform);
  if (!A || !B)
    return A ? A : B;
  if (A == X->A && B == X->B)
    return E;
  return SymExpr::binary(Op::Add, A, B, X->Type);
}

SymRef substitute(const SymRef &E,
                  const std::function<SymRef(SymbolId)> &Replace) {
  return rewrite(E, [&](const SymRef &Node) -> SymRef {
    return Node->K == SymExpr::Kind::Symbol ? Replace(Node->Sym) : nullptr;
  });
}

namespace {
const char *opSpelling(Op O) {
  switch (O) {
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Rem: return "%";
  case Op::Shl: return "<<";
  case Op::Shr: return ">>";
  case Op::And: return "&";
  case Op::Or: return "|";
  case Op::Xor: return "^";
  case Op::LT: return "<";
  case Op::GT: return ">";
  case Op::LE: return "<=";
  case Op::GE: return ">=";
  case Op::EQ: return "==";
  case Op::NE: return "!=";
  case Op::LAnd: return "&&";
  case Op::LOr: return "||";
  case Op::Neg: return "-";
  case Op::Not: return "~";
  case Op::LNot: return "!";
  default: return "?";
  }
}
} // namespace

std::string toString(const SymExpr &E,
                     const std::function<std::string(SymbolId)> &Name) {
  switch (E.K) {
  case SymExpr::Kind::Const:
    return std::to_string(E.Value);
  case SymExpr::Kind::Symbol:
    return Name(E.Sym);
  case SymExpr::Kind::Unary:
    if (E.Opcode == Op::Cast)
      return toString(*E.A, Name);
    return std::string(opSpelling(E.Opcode)) + toString(*E.A, Name);
  case SymExpr::Kind::Binary:
    if (E.Opcode == Op::Min || E.Opcode == Op::Max)
      return std::string(E.Opcode == Op::Min ? "min(" : "max(") +
             toString(*E.A, Name) + ", " + toString(*E.B, Name) + ")";
    return "(" + toString(*E.A, Name) + " " + opSpelling(E.Opcode) + " " +
           toString(*E.B, Name) + ")";
  case SymExpr::Kind::Ternary:
    return "(" + toString(*E.A, Name) + " ? " + toString(*E.B, Name) + " : " +
           toString(*E.C, Name) + ")";
  }
  return "?";
}

} // namespace ldslint
