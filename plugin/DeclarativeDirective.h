//===- DeclarativeDirective.h - routine, init, shutdown, set ---*- C++ -*-===//
///
/// \file
/// Directives without a statement of their own:
///  - `routine [(name)] gang|worker|vector|seq [bind(f)|bind("f")] [nohost]`:
///    Ferry compiles every function a compute region reaches for the device,
///    so a routine needs no code of its own; `bind` leaves a record
///    (`annotate("ferry.routine;bind=f")`) from which the outliner makes the
///    device's calls go to `f` (see docs/plugin.md, "Routines").
///  - `init`, `shutdown` and `set`: calls of the runtime library on the spot
///    (acc_init_device, acc_shutdown_device, acc_set_device_type,
///    acc_set_device_num, acc_set_default_async), under their `if`.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DECLARATIVEDIRECTIVE_H
#define FERRY_PLUGIN_DECLARATIVEDIRECTIVE_H

#include "AccContext.h"
#include "Directive.h"

namespace ferry {
namespace plugin {

void rewriteRoutine(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                    clang::SourceLocation PragmaLoc);

/// `declare` in a function body: the data clauses hold from here to the end
/// of the enclosing scope (a ferry::acc::declare_scope object), and for the
/// compute constructs in that scope that use the variables. At namespace
/// scope (`create`, `copyin`, `deviceptr`, `device_resident`, `link` of
/// whole variables): the variables live on the device for the whole program
/// (ferry_declare_global), regions use the device copy, and the outliner
/// finds them through `annotate("ferry.declare;...")` records. A
/// one-dimensional section of a pointer or array (`a[lo:len]`, `a[:len]`,
/// `arr[lo:]`) is entered when the program starts and never left
/// (ferry_declare_global_section: nothing for a null pointer); the variable
/// itself gets no device copy and no record.
void rewriteDeclare(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                    clang::SourceLocation PragmaLoc);

void rewriteDeviceDirective(clang::Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                            clang::SourceLocation PragmaLoc);

} // namespace plugin
} // namespace ferry

#endif
