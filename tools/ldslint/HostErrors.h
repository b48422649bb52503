//===- HostErrors.h - Errors confined to host-only functions -----*- C++ -*-===//
//
// nvcc compiles host code with the host compiler; clang's device compile
// parses it too, and rejects some of what nvcc's build accepts or what only
// the host side would report (a runtime API a newer CUDA removed, a host
// overload clang's headers lack). A semantic error inside the body of a
// host-only function cannot change the device code: with -fgpu-defer-diag
// (which the driver adds unless told -fno-gpu-defer-diag) the filter sets
// it aside: it is not printed, and the compile does not count it as failed
// (clang's engine still counts it, so the error limit is lifted: the set
// aside errors would otherwise stop the parse). The kernels are analysed,
// the driver says where the errors were, and no launch shape is read from
// the functions they were in (clang drops a statement with an error, and
// what it wrote with it). Syntax errors, errors anywhere else and fatal
// ones stop the file as before.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_TOOLS_HOSTERRORS_H
#define LDSLINT_TOOLS_HOSTERRORS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class FunctionDecl;
}

namespace ldslint {

class HostErrorFilter : public clang::DiagnosticConsumer {
public:
  struct SetAside {
    clang::SourceLocation Loc;
    std::string Message;
  };

  /// Puts a filter in front of \p CI's diagnostic consumer (it keeps the
  /// consumer and forwards everything it does not set aside), when the
  /// compile defers GPU diagnostics (-fgpu-defer-diag); else none.
  static HostErrorFilter *install(clang::CompilerInstance &CI);

  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void finish() override;
  void clear() override;
  bool IncludeInDiagnosticCounts() const override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// The errors set aside, in the order clang reported them.
  const std::vector<SetAside> &setAside() const { return Found; }
  /// The functions they were in (canonical declarations).
  const std::set<const clang::FunctionDecl *> &functions() const { return InFunctions; }
  /// Whether an error that was not set aside was reported.
  bool keptErrors() const { return KeptErrors > 0; }

private:
  HostErrorFilter(clang::CompilerInstance &CI, clang::DiagnosticConsumer &Next,
                  std::unique_ptr<clang::DiagnosticConsumer> Owned);
  /// Sema's current function when it is compiled for the host only.
  const clang::FunctionDecl *hostOnlyFunction() const;

  clang::CompilerInstance &CI;
  clang::DiagnosticConsumer &Next;
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
  std::vector<SetAside> Found;
  std::set<const clang::FunctionDecl *> InFunctions;
  unsigned KeptErrors = 0;
  /// The last error or warning was set aside: its notes go with it.
  bool DroppingNotes = false;
};

} // namespace ldslint

#endif
