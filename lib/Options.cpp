//===- Options.cpp ---------------------------------------------------------===//
#include "Options.h"

#include "Explain.h"

#include <cmath>
#include <cstdlib>

namespace ldslint {

std::optional<double> parseBudget(const std::string &Text) {
  char *End = nullptr;
  const double V = std::strtod(Text.c_str(), &End);
  if (Text.empty() || *End || !(V >= 0))
    return std::nullopt;
  return V;
}

std::string applyOption(ToolOptions &Opts, const std::string &Arg) {
  const size_t Eq = Arg.find('=');
  const std::string Name = Arg.substr(0, Eq);
  const std::string Value = Eq == std::string::npos ? "" : Arg.substr(Eq + 1);
  if (Name == "assume-block") {
    auto S = parseBlockShape(Value);
    if (!S)
      return "invalid block shape '" + Value +
             "' (expected X, XxY or XxYxZ with at most 1024 threads)";
    Opts.Analysis.AssumeBlock = S;
    return "";
  }
  if (Name == "arch") {
    if (!lookupBankModel(Value))
      return "unknown arch '" + Value + "'; known: " + knownArchList();
    Opts.ArchOverride = Value;
    return "";
  }
  if (Name == "min-degree") {
    char *End = nullptr;
    long V = std::strtol(Value.c_str(), &End, 10);
    if (Value.empty() || *End || V < 2 || V > 64)
      return "invalid min-degree '" + Value + "' (expected 2..64)";
    Opts.Report.MinDegree = static_cast<unsigned>(V);
    return "";
  }
  if (Name == "time-budget") {
    std::optional<double> V = parseBudget(Value);
    if (!V)
      return "invalid time-budget '" + Value + "' (expected seconds, 0 for no limit)";
    Opts.Analysis.TimeBudgetSeconds = *V;
    return "";
  }
  if (Name == "memory-budget") {
    std::optional<double> V = parseBudget(Value);
    if (!V)
      return "invalid memory-budget '" + Value + "' (expected MB, 0 for no limit)";
    Opts.Analysis.MemoryBudgetMB = *V;
    return "";
  }
  if (Name == "json") {
    if (Value.empty())
      return "json= needs a file name";
    Opts.JsonPath = Value;
    return "";
  }
  if (Name == "explain") {
    if (Eq != std::string::npos && Value.empty())
      return "explain= needs FILE:LINE[:COL] (or plain explain for every conflict)";
    std::string Error;
    if (!Value.empty() && !parseExplainSelector(Value, Error))
      return Error;
    Opts.Explain = true;
    Opts.ExplainAt = Value;
    return "";
  }
  if (Name == "prefer") {
    if (Value != "padding" && Value != "swizzle")
      return "invalid prefer '" + Value + "' (expected padding or swizzle)";
    Opts.Analysis.PreferSwizzle = Value == "swizzle";
    return "";
  }
  if (Name == "show-unknown" && Value.empty()) {
    Opts.Report.ShowUnknown = true;
    return "";
  }
  if (Name == "no-werror" && Value.empty()) {
    Opts.Report.NoWerror = true;
    return "";
  }
  if (Name == "report-all" && Value.empty()) {
    Opts.Report.ShowUnknown = true;
    Opts.Report.ShowOk = true;
    Opts.Analysis.LibraryKernels = true;
    return "";
  }
  return "unknown option '" + Arg + "'";
}

const char *optionHelp() {
  return "  assume-block=XxYxZ  block shape when no launch site or attribute "
         "gives one\n"
         "  arch=NAME           analyse as this target (e.g. sm_90, gfx942)\n"
         "  min-degree=N        report conflicts of at least N ways (default 2)\n"
         "  json=FILE           also write the findings as JSON; one file serves a\n"
         "                      whole build (each compile replaces its own entries)\n"
         "  explain[=FILE:LINE[:COL]]  draw the bank map of each reported conflict\n"
         "                      (or of the accesses there) on stderr\n"
         "  prefer=padding|swizzle  fix offered first when both work "
         "(default padding)\n"
         "  show-unknown        remark on accesses whose conflicts cannot be "
         "decided\n"
         "  report-all          remark on every access, conflict-free ones too (and\n"
         "                      analyse library kernels in system headers: their\n"
         "                      remarks are in the JSON; clang hides them)\n"
         "  no-werror           findings stay warnings under -Werror\n"
         "  time-budget=SECONDS per translation unit and target (default 60, 0: no\n"
         "                      limit); kernels not reached in time are listed\n"
         "  memory-budget=MB    memory the analysis may add per translation unit\n"
         "                      and target (default 4096, 0: no limit); likewise\n";
}

} // namespace ldslint
