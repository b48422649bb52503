//===- DeviceFunctions.cpp ------------------------------------------------===//
#include "DeviceFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ldslint {

namespace {

/// Walks the declarations that can be or hold a kernel or a device
/// function's instantiation: namespaces, classes, their template
/// instantiations and friends. Function bodies, types and initialisers are
/// not walked: functions defined inside bodies (lambdas, local classes) are
/// members of a class the code generator emits where they are used, and no
/// kernel is declared there. The walk visits what a RecursiveASTVisitor
/// visiting template instantiations would, without its per-node work
/// (attributes, template parameters, qualifiers), which on a unit that
/// includes the CUDA and C++ headers was most of the walk's cost.
class DeviceFunctionFinder {
public:
  DeviceFunctionFinder(const SourceManager &SM, DeviceFunctions &Out)
      : SM(SM), Out(Out) {}

  void walk(const DeclContext *DC) {
    for (Decl *D : DC->decls())
      visit(D);
  }

private:
  void visit(Decl *D) {
    if (D->isImplicit())
      return; // implicit special members, injected class names: no kernel
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      function(FD);
    } else if (auto *FTD = dyn_cast<FunctionTemplateDecl>(D)) {
      // The pattern is dependent; its instantiations are not in any
      // declaration context. Explicit specializations are, as functions.
      if (FTD != FTD->getCanonicalDecl())
        return;
      for (FunctionDecl *Spec : FTD->specializations())
        for (FunctionDecl *Redecl : Spec->redecls())
          if (!Redecl->isImplicit() &&
              Redecl->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
            function(Redecl);
    } else if (auto *CTD = dyn_cast<ClassTemplateDecl>(D)) {
      // Implicit instantiations are in no declaration context; explicit
      // ones and specializations are, as classes.
      if (CTD != CTD->getCanonicalDecl())
        return;
      for (ClassTemplateSpecializationDecl *Spec : CTD->specializations())
        for (TagDecl *Redecl : Spec->redecls()) {
          auto *Specialization = cast<ClassTemplateSpecializationDecl>(Redecl);
          const auto Kind = Specialization->getSpecializationKind();
          if (!Redecl->isImplicit() &&
              (Kind == TSK_ImplicitInstantiation || Kind == TSK_Undeclared))
            walk(Specialization);
        }
    } else if (auto *RD = dyn_cast<CXXRecordDecl>(D)) {
      if (!RD->isLambda() && !isa<ClassTemplatePartialSpecializationDecl>(RD))
        walk(RD);
    } else if (auto *Friend = dyn_cast<FriendDecl>(D)) {
      if (NamedDecl *Befriended = Friend->getFriendDecl())
        visit(Befriended);
    } else if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D) || isa<ExportDecl>(D)) {
      walk(cast<DeclContext>(D));
    }
  }

  void function(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext())
      return;
    const bool Kernel = FD->hasAttr<CUDAGlobalAttr>();
    if (FD->isTemplateInstantiation() && (Kernel || FD->hasAttr<CUDADeviceAttr>()))
      Out.Instantiations.push_back(FD);
    if (!Kernel) {
      if (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>() &&
          !FD->isInlined() && FD->isExternallyVisible() &&
          FD->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
          !SM.isInSystemHeader(FD->getLocation()))
        Out.HasExternalDeviceFunctions = true;
      return;
    }
    if (!SM.isInSystemHeader(FD->getLocation()))
      Out.Kernels.push_back(FD);
    else if (FD->isTemplateInstantiation())
      Out.LibraryKernels.push_back(FD);
  }

  const SourceManager &SM;
  DeviceFunctions &Out;
};

} // namespace

DeviceFunctions findDeviceFunctions(ASTContext &Ctx) {
  DeviceFunctions Out;
  DeviceFunctionFinder Finder(Ctx.getSourceManager(), Out);
  Finder.walk(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace ldslint
