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

/// nvcc options that clang does not understand and the analysis does not
/// need, and whether they take a value (`-opt value` or `-opt=value`).
struct NvccOnly {
  const char *Name;
  bool TakesValue;
};
const NvccOnly Dropped[] = {
    {"-Xcompiler", true}, {"--compiler-options", true}, {"-Xptxas", true},
    {"--ptxas-options", true}, {"-Xnvlink", true}, {"--nvlink-options", true},
    {"-Xlinker", true}, {"--linker-options", true}, {"-Xarchive", true},
    {"--archive-options", true}, {"-maxrregcount", true},
    {"--maxrregcount", true}, {"-ccbin", true}, {"--compiler-bindir", true},
    {"-t", true}, {"--threads", true}, {"-default-stream", true},
    {"--default-stream", true}, {"-rdc", true},
    {"--relocatable-device-code", true}, {"-ewp", true},
    {"--extensible-whole-program", true}, {"--diag-suppress", true},
    {"-diag-suppress", true}, {"--diag-warn", true}, {"--diag-error", true},
    {"-ftz", true}, {"--ftz", true}, {"-prec-div", true}, {"--prec-div", true},
    {"-prec-sqrt", true}, {"--prec-sqrt", true}, {"-fmad", true},
    {"--fmad", true}, {"-keep-dir", true}, {"--keep-dir", true},
    {"-split-compile", true}, {"--split-compile", true},
    {"-cudart", true}, {"--cudart", true}, {"-cudadevrt", true},
    {"--cudadevrt", true},
    {"-Wno-deprecated-gpu-targets", false}, {"-lineinfo", false},
    {"--generate-line-info", false}, {"-res-usage", false},
    {"--resource-usage", false}, {"-forward-unknown-to-host-compiler", false},
    {"--forward-unknown-to-host-compiler", false},
    {"-forward-unknown-to-host-linker", false},
    {"--forward-unknown-to-host-linker", false},
    {"--expt-relaxed-constexpr", false}, {"-expt-relaxed-constexpr", false},
    {"--expt-extended-lambda", false}, {"-expt-extended-lambda", false},
    {"--extended-lambda", false}, {"-extended-lambda", false},
    {"-use_fast_math", false}, {"--use_fast_math", false}, {"-dc", false},
    {"--device-c", false}, {"-dw", false}, {"--device-w", false},
    {"-G", false}, {"--device-debug", false}, {"-keep", false},
    {"--keep", false}, {"-restrict", false}, {"--restrict", false},
    {"-dlink", false}, {"--device-link", false}};

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
    // Relocatable device code changes what ptxas emits (it does not fuse
    // loop iterations into wider accesses then): clang's -fgpu-rdc tells
    // the analysis.
    for (const char *Opt : {"-rdc", "--relocatable-device-code"})
      if (A == Opt || startsWith(A, (std::string(Opt) + "=").c_str())) {
        const std::string V = A == Opt ? next() : A.substr(std::strlen(Opt) + 1);
        if (V == "true")
          Out.Args.push_back("-fgpu-rdc");
        goto next_arg;
      }
    if (A == "-dc" || A == "--device-c") {
      Out.Args.push_back("-fgpu-rdc");
      goto next_arg;
    }
    for (const NvccOnly &Opt : Dropped) {
      const std::string O = Opt.Name;
      if (A == O) {
        std::string Written = A;
        if (Opt.TakesValue && I + 1 < Args.size())
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
