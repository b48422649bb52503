//===- LocationsByFrame.cpp ------------------------------------------------===//
#include "ir/LocationsByFrame.h"

namespace ldslint {

const llvm::DILocation *withOuter(const llvm::DILocation *L,
                                  const llvm::DILocation *Outer) {
  if (!Outer)
    return L;
  const llvm::DILocation *Inner =
      L->getInlinedAt() ? withOuter(L->getInlinedAt(), Outer) : Outer;
  return llvm::DILocation::get(L->getContext(), L->getLine(), L->getColumn(),
                               L->getScope(), const_cast<llvm::DILocation *>(Inner));
}

namespace {
bool sameFrame(const llvm::DILocation *A, const llvm::DILocation *B) {
  return A->getLine() == B->getLine() && A->getColumn() == B->getColumn() &&
         A->getScope() == B->getScope();
}
} // namespace

void LocationsByFrame::add(const llvm::DILocation *Survivor,
                           const llvm::DILocation *Other, bool Chainable) {
  if (Seen.insert({Survivor, Other}).second)
    ByFrame[Key{Survivor->getLine(), Survivor->getColumn(), Survivor->getScope()}]
        .push_back({Survivor, Other, Chainable});
}

std::vector<const llvm::DILocation *>
LocationsByFrame::at(const llvm::DILocation *L) const {
  // An access stands for what the accesses it replaced stood for: a read
  // answered from one that was itself answered from an earlier read
  // (NCCL's `work->channelLo` at three lines, the second and third
  // replaced by the first before it was replaced in turn).
  std::vector<const llvm::DILocation *> Out = direct(L, false);
  std::set<const llvm::DILocation *> Seen(Out.begin(), Out.end());
  Seen.insert(L);
  for (size_t I = 0; I < Out.size() && Out.size() < 256; ++I)
    for (const llvm::DILocation *Next : direct(Out[I], true))
      if (Seen.insert(Next).second)
        Out.push_back(Next);
  return Out;
}

std::vector<const llvm::DILocation *>
LocationsByFrame::direct(const llvm::DILocation *L, bool ChainableOnly) const {
  std::vector<const llvm::DILocation *> Out;
  if (!L)
    return Out;
  auto It = ByFrame.find(Key{L->getLine(), L->getColumn(), L->getScope()});
  if (It == ByFrame.end())
    return Out;
  for (const auto &[Survivor, Other, Chainable] : It->second) {
    if (ChainableOnly && !Chainable)
      continue;
    // The survivor's chain (as recorded, before later inlining) must be the
    // innermost part of \p L's: then the other access sits in the same
    // context, and the rest of \p L's chain is where that was inlined.
    const llvm::DILocation *S = Survivor, *A = L;
    while (S && A && sameFrame(S, A)) {
      S = S->getInlinedAt();
      A = A->getInlinedAt();
    }
    if (S)
      continue;
    Out.push_back(withOuter(Other, A));
  }
  return Out;
}

} // namespace ldslint
