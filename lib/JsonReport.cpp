//===- JsonReport.cpp ------------------------------------------------------===//
#include "JsonReport.h"

#include "DiagnosticReporter.h"

#include <cmath>

namespace ldslint {

namespace {
double rounded(double V) { return std::round(V * 1e4) / 1e4; }
} // namespace

llvm::json::Value findingToJson(const Finding &F) {
  const EvalResult &R = F.Result;
  llvm::json::Object O;
  O["file"] = F.File;
  O["line"] = F.Line;
  O["column"] = F.Column;
  O["function"] = F.Function;
  O["array"] = F.Array;
  O["access"] = accessKindName(F.Kind);
  O["width"] = F.WidthBytes;
  O["arch"] = F.Arch;
  if (F.Block)
    O["block"] = llvm::json::Array{F.Block->X, F.Block->Y, F.Block->Z};
  else
    O["block"] = nullptr;
  O["block_source"] = F.Block ? F.BlockSource : "default";
  O["status"] = verdictName(R.Status);
  const bool Known = R.Status != Verdict::Unknown;
  O["degree"] = Known ? llvm::json::Value(R.Degree) : llvm::json::Value(nullptr);
  if (Known && R.LeastDegree > 0)
    O["least_degree"] = R.LeastDegree; // the degree depends on a value
  O["wavefronts_per_instruction"] =
      Known && R.MeanKnown && !R.MeanOverAssumedShapes
          ? llvm::json::Value(rounded(R.Wavefronts))
                           : llvm::json::Value(nullptr);
  O["ideal_wavefronts_per_instruction"] =
      Known && R.MeanKnown && !R.MeanOverAssumedShapes
          ? llvm::json::Value(rounded(R.Ideal))
                           : llvm::json::Value(nullptr);
  std::string Reason = R.Reason;
  if (Reason.empty() && R.Status == Verdict::Conflict)
    Reason = describeCollision(F);
  O["reason"] = Reason;
  if (!Known)
    O["data_dependent"] = R.DataDependent;
  llvm::json::Array Assumptions;
  if (F.Block)
    Assumptions.push_back("block " + F.Block->str() + " from " + F.BlockSource);
  for (const std::string &A : R.Assumptions)
    Assumptions.push_back(A);
  O["assumptions"] = std::move(Assumptions);
  llvm::json::Array Fixes;
  for (const Fix &Fx : F.Fixes) {
    llvm::json::Array Edits;
    for (const TextEdit &E : Fx.Edits)
      Edits.push_back(llvm::json::Object{{"file", E.File},
                                         {"offset", E.Offset},
                                         {"length", E.Length},
                                         {"line", E.Line},
                                         {"column", E.Column},
                                         {"replacement", E.Replacement}});
    Fixes.push_back(llvm::json::Object{{"description", Fx.Description},
                                       {"alternative", Fx.Alternative},
                                       {"edits", std::move(Edits)}});
  }
  O["fixes"] = std::move(Fixes);
  if (!F.FixNotes.empty()) {
    llvm::json::Array Notes;
    for (const std::string &N : F.FixNotes)
      Notes.push_back(N);
    O["fix_notes"] = std::move(Notes);
  }
  return llvm::json::Value(std::move(O));
}

llvm::json::Value findingsToJson(const std::vector<llvm::json::Value> &Items) {
  llvm::json::Array A;
  for (const llvm::json::Value &V : Items)
    A.push_back(V);
  return llvm::json::Object{{"findings", std::move(A)}};
}

} // namespace ldslint
