//===- LambdaRoutines.h - routine and bind with lambdas ---------*- C++ -*-===//
///
/// \file
/// `routine` and `bind` where a variable that holds a lambda stands for a
/// function (OpenACC 3.3, 2.15.1; the public conformance suite's
/// routine_bind_*lambda* files):
///
///     #pragma acc routine vector bind(dev)   // before the variable
///     auto host = [](double *a, long n) { ... };
///     #pragma acc routine(f) bind(dev)       // a function bound to ...
///     auto dev = [](double *a, long n) { ... };  // ... a lambda declared later
///
/// The routine (or the bind target) is the closure's call operator. A
/// lambda's variable is declared by its `;`, after the directive, and a
/// bind target may be declared anywhere in the translation unit, so the
/// names wait here until a top-level declaration declares them; then the
/// call operator gets the annotation the outliner reads:
/// `ferry.routine;...` for a routine, `ferry.bindtarget;name=NAME` for a
/// target (the outliner binds a function and a lambda of the same
/// parameters through a thunk that adds or drops the closure's `this`).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LAMBDAROUTINES_H
#define FERRY_PLUGIN_LAMBDAROUTINES_H

#include "clang/AST/DeclGroup.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class IdentifierInfo;
class Sema;
class VarDecl;
} // namespace clang

namespace ferry {
namespace plugin {

/// When \p VD holds a lambda: gives its call operator \p Annotation (a
/// `ferry.routine` record) with `;lambda=NAME` added, and returns true.
bool annotateLambdaRoutine(const clang::VarDecl &VD, llvm::StringRef Annotation);

class LambdaRoutines {
public:
  /// `#pragma acc routine ...` (no name) followed by `auto NAME = ...`: once
  /// the variable at \p NameLoc is declared, its lambda's call operator gets
  /// \p Annotation.
  void routineBefore(const clang::IdentifierInfo *Name, clang::SourceLocation NameLoc,
                     std::string Annotation);
  /// `bind(NAME)` at \p Loc: if a variable of that name holds a lambda (one
  /// declared already, found through \p S, or one declared later), its call
  /// operator is the target.
  void bindTo(clang::Sema *S, llvm::StringRef Name, clang::SourceLocation Loc);
  /// Marks the variables of \p Group (and of the namespaces in it) that
  /// hold lambdas and that a directive waits for.
  void declared(clang::Sema &S, clang::DeclGroupRef Group);
  /// Reports the routines whose `auto NAME = ...` declared no lambda.
  void finish(clang::DiagnosticsEngine &DE);

private:
  struct Routine {
    const clang::IdentifierInfo *Name;
    clang::SourceLocation NameLoc;
    std::string Annotation;
    bool Done = false;
  };
  void declared(clang::Sema &S, clang::Decl *D);
  /// Marks \p VD's call operator as the target of `bind(NAME)`; false when
  /// \p VD holds no lambda.
  bool markTarget(clang::Sema &S, clang::VarDecl *VD, clang::SourceLocation BindLoc);

  std::vector<Routine> Routines;
  /// Bind targets not declared yet, with the `bind` clause's location.
  llvm::StringMap<clang::SourceLocation> Targets;
};

} // namespace plugin
} // namespace ferry

#endif
