//===- HostErrors.cpp -------------------------------------------------------===//
#include "HostErrors.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace ldslint {

HostErrorFilter::HostErrorFilter(CompilerInstance &CI, DiagnosticConsumer &Next,
                                 std::unique_ptr<DiagnosticConsumer> Owned)
    : CI(CI), Next(Next), Owned(std::move(Owned)) {}

HostErrorFilter *HostErrorFilter::install(CompilerInstance &CI) {
  if (!CI.getLangOpts().GPUDeferDiag)
    return nullptr;
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  DiagnosticConsumer *Current = Diags.getClient();
  std::unique_ptr<DiagnosticConsumer> Owned =
      Diags.ownsClient() ? Diags.takeClient() : nullptr;
  auto *Filter = new HostErrorFilter(CI, *Current, std::move(Owned));
  Diags.setClient(Filter, /*ShouldOwnClient=*/true);
  // Errors set aside count towards clang's limit of errors, which stops
  // the parse: with no limit, only the file's own errors stop it.
  Diags.setErrorLimit(0);
  return Filter;
}

void HostErrorFilter::BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) {
  Next.BeginSourceFile(LO, PP);
}
void HostErrorFilter::EndSourceFile() { Next.EndSourceFile(); }
void HostErrorFilter::finish() { Next.finish(); }
void HostErrorFilter::clear() {
  DiagnosticConsumer::clear();
  Next.clear();
}
bool HostErrorFilter::IncludeInDiagnosticCounts() const {
  return Next.IncludeInDiagnosticCounts();
}

/// Sema's current function (a lambda's own call operator inside one) is
/// compiled for the host only: no __device__ or __global__ attribute,
/// explicit or implied (constexpr functions and those under `#pragma clang
/// force_cuda_host_device` carry an implicit __device__).
const FunctionDecl *HostErrorFilter::hostOnlyFunction() const {
  if (!CI.hasSema())
    return nullptr;
  const FunctionDecl *FD = CI.getSema().getCurFunctionDecl(/*AllowLambda=*/true);
  if (!FD || FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>())
    return nullptr;
  return FD;
}

void HostErrorFilter::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                       const Diagnostic &Info) {
  if (Level == DiagnosticsEngine::Note) {
    if (DroppingNotes)
      return;
  } else {
    // Only Sema's errors: after a syntax error the parser may have taken
    // a kernel for part of a host function's body.
    const unsigned ID = Info.getID();
    const FunctionDecl *Host =
        Level == DiagnosticsEngine::Error && ID >= diag::DIAG_START_SEMA &&
                ID < diag::DIAG_START_ANALYSIS
            ? hostOnlyFunction()
            : nullptr;
    DroppingNotes = Host != nullptr;
    if (Host) {
      llvm::SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      Found.push_back({Info.getLocation(), Text.str().str()});
      InFunctions.insert(Host->getCanonicalDecl());
      // The lambda's function too: launches in its body are read in it.
      if (const auto *MD = dyn_cast<CXXMethodDecl>(Host))
        if (MD->getParent()->isLambda())
          if (const auto *Around = dyn_cast<FunctionDecl>(MD->getParent()->getDeclContext()))
            InFunctions.insert(Around->getCanonicalDecl());
      return;
    }
  }
  if (Level >= DiagnosticsEngine::Error)
    ++KeptErrors;
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  Next.HandleDiagnostic(Level, Info);
}

} // namespace ldslint
