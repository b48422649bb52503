//===- FixPlannerStridePad.cpp - The cheapest padding of a 1-D buffer's rows -===//
//
// Candidate pads of the row stride are evaluated on every access of the
// buffer, smallest first; the first that removes every conflict is the
// fix, with its edits of the stride, the size and the carve offsets
// (FixPlannerStrideSize.cpp).
//
//===----------------------------------------------------------------------===//
#include "FixPlanner.h"
#include "StridePlan.h"

#include <algorithm>
#include <numeric>

using namespace clang;

namespace ldslint {

std::string paddedText(const std::string &Text, int64_t NewValue, int64_t Pad) {
  if (!Text.empty() && Text.find_first_not_of("0123456789") == std::string::npos)
    return std::to_string(NewValue);
  return "(" + Text + " + " + std::to_string(Pad) + ")";
}

std::optional<Fix> FixPlanner::padStride(StridePlan &P,
                                         const std::vector<Finding> &Findings,
                                         std::string &WhyNot, std::string &Caveat) {
  const std::string &Name = P.Name;
  // The smallest pad that makes every access conflict-free. Pads that keep
  // rows as aligned as they are (up to 16 bytes) come first, so that the
  // vector loads and stores the compiler forms from the rows stay vectors.
  // Explicit vector accesses must stay aligned whatever the pad (VectorStep).
  int64_t VectorStep = 1, Step = 1;
  for (const Use &U : P.Strided) {
    VectorStep = std::max<int64_t>(VectorStep, U.Site->Model.WidthBytes / P.ElemBytes);
    const int64_t Align = std::gcd<int64_t>(P.strideOf(U) * P.ElemBytes, 16);
    Step = std::max<int64_t>(Step, Align / P.ElemBytes);
  }
  Step = std::max(Step, VectorStep);
  // Buffers carved after this one move by rows * pad elements: keep them
  // 16-byte aligned (their own vector accesses), so their conflicts, a
  // uniform shift of banks, stay what they were.
  if (P.CarvedElements) {
    const int64_t Carve = 16 / std::gcd<int64_t>(P.Rows * P.ElemBytes, 16);
    Step = std::lcm<int64_t>(Step, Carve);
    VectorStep = std::lcm<int64_t>(VectorStep, Carve);
  }
  int64_t MaxPad = 1;
  for (const BankModel &Model : Models)
    MaxPad = std::max<int64_t>(MaxPad, Model.NumBanks * Model.BankBytes / P.ElemBytes);
  Unproven = false;
  Spent = 0;
  OutOfBudget = false;
  auto works = [&](int64_t Pad) {
    return everyUseClean(P.Strided, [&](const Use &U) {
      EvalOptions Padded;
      Padded.ExtentOverrides[*U.Kernel->StrideSymbol] = P.strideOf(U) + Pad;
      return Padded;
    });
  };
  std::optional<int64_t> Found;
  for (int64_t Pad = Step; Pad <= MaxPad && !Found; Pad += Step)
    if (works(Pad))
      Found = Pad;
  // Then pads that lower the rows' alignment: the planner evaluates every
  // access as the back end will emit it (LoopFusion.h), so a pad that stops
  // ptxas fusing loop iterations is costed as the 4-byte accesses it leaves.
  // Also the reason a smaller pad than the one found is not offered.
  std::vector<int64_t> Misaligning; // smaller than the pad found, not clean
  const bool SavedUnproven = Unproven;
  for (int64_t Pad = VectorStep; Pad <= MaxPad && Step > VectorStep; Pad += VectorStep) {
    if (Pad % Step == 0)
      continue;
    if (Found && Pad > *Found)
      break;
    const bool Clean = works(Pad);
    if (OutOfBudget) {
      Misaligning.clear();
      break;
    }
    if (Clean && !Found) {
      Found = Pad;
      break;
    }
    if (Clean) { // also clean, but the aligned pad is preferred: no claim
      Misaligning.clear();
      break;
    }
    Misaligning.push_back(Pad);
  }
  if (Found && *Found % Step == 0) {
    Unproven = SavedUnproven; // the checks of smaller pads prove nothing here
    OutOfBudget = false;
  }
  if (!Found) {
    WhyNot = (OutOfBudget ? "checking candidate row strides of '" + Name +
                                   "' exceeded the search budget"
                             : "no padding of the row stride of '" + Name +
                                   "' (" + std::to_string(P.strideOf(P.Strided.front())) +
                                   " elements) by a multiple of " +
                                   std::to_string(VectorStep) + " up to " +
                                   std::to_string(MaxPad) + removesEveryConflict());
    return std::nullopt;
  }
  const int64_t Pad = *Found, S0 = P.strideOf(P.Strided.front());
  if (P.Rows)
    for (const Use &U : P.Strided) {
      int64_t Total = 0;
      for (const auto &[VD, E] : U.Kernel->Extents)
        Total += VD == U.Site->Array
                     ? P.RowsOf[U.Kernel] * (P.strideOf(U) + Pad) * P.ElemBytes
                     : Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
      for (const BankModel &Model : Models)
        if (Total > Model.SharedLimitBytes) {
          WhyNot = "padding the rows of '" + Name + "' by " +
                 std::to_string(Pad) + " would need " + std::to_string(Total) +
                 " bytes of static shared memory, over the " +
                 std::to_string(Model.SharedLimitBytes / 1024) + " KiB limit of " +
                 Model.Arch;
          return std::nullopt;
        }
    }

  Fix F;
  // The stride as most indices spell it; other names of the same value
  // (`WM` where WM == BM) are edited too and named in the note.
  std::map<std::string, unsigned> Spellings;
  for (const auto &[Key, E] : P.StrideEdits) {
    F.Edits.push_back(edit(E.Range, paddedText(E.Text, S0 + Pad, Pad)));
    ++Spellings[E.Text];
  }
  std::string StrideText, AlsoSpelled;
  unsigned Most = 0;
  for (const auto &[Text, Count] : Spellings)
    if (Count > Most)
      StrideText = Text, Most = Count;
  for (const auto &[Text, Count] : Spellings)
    if (Text != StrideText)
      AlsoSpelled += (AlsoSpelled.empty() ? "`" : ", `") + Text + "`";
  const size_t IndexEdits = F.Edits.size();
  for (const SourceEdit &E : P.CarveEdits)
    F.Edits.push_back(edit(E.Range, paddedText(E.Text, S0 + Pad, Pad)));
  for (const SourceEdit &E : P.SizeEdits)
    F.Edits.push_back(edit(E.Range, E.Text.empty()
                                        ? std::to_string(P.Rows * (S0 + Pad))
                                        : paddedText(E.Text, S0 + Pad, Pad)));
  // Instantiations with other strides (template parameters).
  std::string OtherStrides;
  std::set<int64_t> Listed{S0};
  for (const Use &U : P.Strided)
    if (Listed.insert(P.strideOf(U)).second)
      OtherStrides += ", " + std::to_string(P.strideOf(U)) + " to " +
                      std::to_string(P.strideOf(U) + Pad) + " in '" +
                      Findings[U.Finding].Function + "'";
  std::string OthersText;
  {
    std::set<std::string> Names;
    for (const VarDecl *O : P.Moved)
      Names.insert(O->getNameAsString());
    for (const std::string &N : Names)
      OthersText += (OthersText.empty() ? "'" : ", '") + N + "'";
    OthersText += Names.size() == 1 ? " is" : " are";
  }
  int64_t Align = 16, AlignBefore = 16;
  for (const Use &U : P.Strided) {
    Align = std::min<int64_t>(Align, std::gcd<int64_t>((P.strideOf(U) + Pad) * P.ElemBytes, 16));
    AlignBefore = std::min<int64_t>(AlignBefore, std::gcd<int64_t>(P.strideOf(U) * P.ElemBytes, 16));
  }
  std::string AlignText =
      Align < AlignBefore
          ? "rows become " + std::to_string(Align) + "-byte aligned (were " +
                std::to_string(AlignBefore) +
                "): no pad that keeps them aligned removes every conflict, and "
                "each access was checked as it will then be emitted"
          : "rows stay " + std::to_string(Align) + "-byte aligned" +
                (Align >= 8 ? ", so vector accesses stay whole" : "");
  if (!Misaligning.empty() && Align >= AlignBefore) {
    std::string List;
    for (size_t I = 0; I < Misaligning.size(); ++I)
      List += (I == 0 ? "" : I + 1 == Misaligning.size() ? " and " : ", ") +
              std::to_string(Misaligning[I]);
    AlignText += "; smaller pads (" + List +
                 ") would break that alignment and still leave conflicts";
  }
  F.Description =
      "pad the rows of '" + P.Buffer + "' from " + std::to_string(S0) + " to " +
      std::to_string(S0 + Pad) + " elements" +
      (OtherStrides.empty() ? std::string()
                            : " in '" + Findings[P.Strided.front().Finding].Function +
                                  "'" + OtherStrides) +
      ": the stride `" + StrideText +
      "` becomes `" + paddedText(StrideText, S0 + Pad, Pad) + "` in " +
      std::to_string(IndexEdits) + (IndexEdits == 1 ? " index" : " indices") +
      (AlsoSpelled.empty() ? std::string()
                           : " (and " + AlsoSpelled +
                                 ", equal to it here, where an index uses it as the stride)") +
      (P.CarveEdits.empty() ? std::string() : " and where " + OthersText + " carved") +
      (P.Dynamic ? (P.SizeEdits.empty() ? std::string()
                                    : " and in the launch's dynamic shared memory size")
               : std::string(" and in its size")) +
      " (" +
      (P.Rows ? "+" + std::to_string(P.Rows * Pad * P.ElemBytes) + " bytes; "
            : "+" + std::to_string(Pad * P.ElemBytes) + " bytes per row; ") +
      AlignText + ")";
  if (P.Dynamic && P.SizeEdits.empty()) {
    // Not applied: the host must allocate the padded rows, and ldslint
    // cannot edit that here.
    F.Alternative = true;
    Caveat = "the padding of '" + P.Buffer +
             "' is not applied automatically: " + P.SizeWhyNot +
             "; the dynamic shared memory size of every launch must grow from "
             "rows * " + std::to_string(S0) + " to rows * " +
             std::to_string(S0 + Pad) + " elements of " +
             std::to_string(P.ElemBytes) + " bytes";
  }

  PadAfter = [this, Pad](const Use &U, const Finding &Fd) {
    EvalOptions Padded;
    const SymbolId Stride = *U.Kernel->StrideSymbol;
    Padded.ExtentOverrides[Stride] = U.Kernel->Model.Symbols[Stride].Value + Pad;
    return evaluateFixed(U, Fd, Padded, nullptr);
  };
  return F;
}

} // namespace ldslint
