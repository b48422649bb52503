//===- NvccFlags.cpp -------------------------------------------------------===//
#include "NvccFlags.h"

#include <algorithm>
#include <cstring>
#include <regex>

namespace ldslint {

namespace {

bool startsWith(const std::string &S, const char *P) {
  return S.compare(0, std::strlen(P), P) == 0;
}

/// nvcc options that take a value, in their long and short spellings,
/// which clang does not understand and the analysis does not need.
const char *const DroppedWithValue[] = {
    "-Xcompiler", "--compiler-options", "-Xptxas", "--ptxas-options",
    "-Xnvlink", "--nvlink-options", "-Xlinker", "--linker-options",
    "-Xarchive", "--archive-options", "-maxrregcount", "--maxrregcount",
    "-ccbin", "--compiler-bindir", "-t", "--threads", "-default-stream",
    "--default-stream", "-rdc", "--relocatable-device-code", "-ewp",
    "--extensible-whole-program", "--diag-suppress", "-diag-suppress",
    "--diag-warn", "--diag-error", "-ftz", "--ftz", "-prec-div", "--prec-div",
    "-prec-sqrt", "--prec-sqrt", "-fmad", "--fmad", "-keep-dir", "--keep-dir",
    "-Wno-deprecated-gpu-targets", "-split-compile", "--split-compile",
    "-lineinfo", "--generate-line-info", "-res-usage", "--resource-usage",
    "-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
    "-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker",
    "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
    "--expt-extended-lambda", "-expt-extended-lambda", "--extended-lambda",
    "-extended-lambda", "-use_fast_math", "--use_fast_math", "-dc",
    "--device-c", "-dw", "--device-w", "-G", "--device-debug", "-keep",
    "--keep", "-restrict", "--restrict", "-dlink", "--device-link",
    "-cudart", "--cudart", "-cudadevrt", "--cudadevrt"};

/// Which of those take a value in the next argument when not written
/// `-opt=value`.
bool takesValue(const std::string &Opt) {
  static const char *const Flags[] = {
      "-lineinfo", "--generate-line-info", "-res-usage", "--resource-usage",
      "-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
      "-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker",
      "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
      "--expt-extended-lambda", "-expt-extended-lambda", "--extended-lambda",
      "-extended-lambda", "-use_fast_math", "--use_fast_math", "-dc",
      "--device-c", "-dw", "--device-w", "-G", "--device-debug", "-keep",
      "--keep", "-restrict", "--restrict", "-dlink", "--device-link",
      "-Wno-deprecated-gpu-targets"};
  return std::none_of(std::begin(Flags), std::end(Flags),
                      [&](const char *F) { return Opt == F; });
}

/// sm_XX for every compute_XX / sm_XX / lto_XX in \p Value (an -arch value
/// or a -gencode `arch=...,code=...` list).
void collectArchs(const std::string &Value, std::vector<std::string> &Archs) {
  static const std::regex Arch("(?:sm|compute|lto)_([0-9]+[a-z]?)");
  for (std::sregex_iterator It(Value.begin(), Value.end(), Arch), End;
       It != End; ++It) {
    const std::string A = "sm_" + (*It)[1].str();
    if (std::find(Archs.begin(), Archs.end(), A) == Archs.end())
      Archs.push_back(A);
  }
}

} // namespace

bool isNvcc(const std::string &Argv0) {
  const size_t Slash = Argv0.find_last_of("/\\");
  std::string Name = Slash == std::string::npos ? Argv0 : Argv0.substr(Slash + 1);
  if (Name.size() > 4 && Name.compare(Name.size() - 4, 4, ".exe") == 0)
    Name.resize(Name.size() - 4);
  return Name == "nvcc";
}

TranslatedCommand translateNvccCommand(const std::vector<std::string> &Args) {
  TranslatedCommand Out;
  Out.Args.push_back("clang++");
  for (size_t I = 1; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    auto next = [&]() -> std::string {
      return I + 1 < Args.size() ? Args[++I] : std::string();
    };
    // Target archs.
    for (const char *Opt : {"-arch", "--gpu-architecture", "-gencode",
                            "--generate-code", "-code", "--gpu-code"}) {
      const std::string O = Opt;
      if (A == O) {
        collectArchs(next(), Out.Archs);
        goto next_arg;
      }
      if (startsWith(A, (O + "=").c_str())) {
        collectArchs(A.substr(O.size() + 1), Out.Archs);
        goto next_arg;
      }
    }
    if (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "cu") {
      Out.Args.push_back("-x");
      Out.Args.push_back("cuda");
      ++I;
      continue;
    }
    for (const char *Opt : {"-isystem=", "-I=", "-include=", "-D=", "-U="})
      if (startsWith(A, Opt)) {
        const std::string Flag(Opt, std::strlen(Opt) - 1);
        Out.Args.push_back(Flag);
        Out.Args.push_back(A.substr(std::strlen(Opt)));
        goto next_arg;
      }
    for (const char *Opt : DroppedWithValue) {
      const std::string O = Opt;
      if (A == O) {
        std::string Written = A;
        if (takesValue(O) && I + 1 < Args.size())
          Written += " " + next();
        Out.Dropped.push_back(Written);
        goto next_arg;
      }
      if (startsWith(A, (O + "=").c_str())) {
        Out.Dropped.push_back(A);
        goto next_arg;
      }
    }
    Out.Args.push_back(A);
  next_arg:;
  }
  return Out;
}

} // namespace ldslint
