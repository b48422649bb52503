//===- DeviceFunctions.cpp ------------------------------------------------===//
#include "DeviceFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ldslint {

namespace {

class DeviceFunctionFinder : public RecursiveASTVisitor<DeviceFunctionFinder> {
public:
  DeviceFunctionFinder(const SourceManager &SM, DeviceFunctions &Out)
      : SM(SM), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // Functions defined inside bodies (lambdas, local classes) are members of
  // a class, which the code generator emits where they are used, and no
  // kernel is declared there: only declarations need the walk.
  bool TraverseStmt(Stmt *, DataRecursionQueue * = nullptr) { return true; }
  template <typename... Flags> bool TraverseTypeLoc(TypeLoc, Flags...) { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext())
      return true;
    const bool Kernel = FD->hasAttr<CUDAGlobalAttr>();
    if (FD->isTemplateInstantiation() && (Kernel || FD->hasAttr<CUDADeviceAttr>()))
      Out.Instantiations.push_back(FD);
    if (!Kernel)
      return true;
    if (!SM.isInSystemHeader(FD->getLocation()))
      Out.Kernels.push_back(FD);
    else if (FD->isTemplateInstantiation())
      Out.LibraryKernels.push_back(FD);
    return true;
  }

private:
  const SourceManager &SM;
  DeviceFunctions &Out;
};

} // namespace

DeviceFunctions findDeviceFunctions(ASTContext &Ctx) {
  DeviceFunctions Out;
  DeviceFunctionFinder Finder(Ctx.getSourceManager(), Out);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace ldslint
