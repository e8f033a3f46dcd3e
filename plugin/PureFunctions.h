//===- PureFunctions.h - Functions that only compute a value -*- C++ -*-===//
///
/// \file
/// A `kernels` loop that calls a function of the program stays provably
/// independent when the function only computes a value from its arguments:
/// `static double sq(double v) { return v * v; }` reads and writes no
/// memory the loop could share between iterations. The test reads the
/// function's definition (it must be visible where the construct is) and
/// is conservative: anything it cannot see through makes the function
/// "may write memory", and the loop runs in order, as before.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_PUREFUNCTIONS_H
#define FERRY_PLUGIN_PUREFUNCTIONS_H

namespace clang {
class FunctionDecl;
} // namespace clang

namespace ferry {
namespace plugin {

/// Whether \p FD computes its result from its arguments alone: it is
/// defined here (not a template, not variadic, not a non-static member),
/// takes and returns arithmetic or enumeration values, and its body names
/// only its parameters, its own non-static variables, constant globals and
/// enumerators, and calls only C math functions and functions of the same
/// kind (no recursion); no `asm`, no conversion of an integer to a
/// pointer, no object construction, no member call, no lambda. Its
/// pointers can then point only at its own variables or at constants, so
/// whatever it writes is its own.
bool computesOnlyFromArguments(const clang::FunctionDecl &FD);

} // namespace plugin
} // namespace ferry

#endif
