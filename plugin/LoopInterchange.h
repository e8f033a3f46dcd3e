//===- LoopInterchange.h - A loop construct out of its control loop -*- C++ -*-===//
///
/// \file
/// In a compute construct whose code around its loops runs as host control
/// (BlockConstruct), a `loop` construct that is the whole body of a plain
/// `for` (alone in braces, or without) launches once per iteration of that
/// `for`:
///
///     for (i = 1; i < n; i++)          // host control: n launches
///       #pragma acc loop
///       for (j = 0; j < n; j++)
///         x[i][j] = x[i][j] - x[i-1][j] * a[i][j];
///
/// When Ferry proves that the iterations over `j` stay independent with
/// the loop over `i` inside each of them (every access of an iteration
/// touches only elements no other iteration touches, whatever `i`), the
/// two are interchanged: one launch whose iterations over `j` each run the
/// loop over `i` in order. The sweep of an ADI stencil, or any column-wise
/// recurrence written row by row, goes from n launches per sweep to one.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPINTERCHANGE_H
#define FERRY_PLUGIN_LOOPINTERCHANGE_H

#include "AccContext.h"

namespace ferry {
namespace plugin {

/// At the `loop` construct \p D (its directive at \p PragmaLoc) in host
/// control: when it is the whole body of a plain `for` just lexed and the
/// interchange is proven legal, takes the `for` header back from the
/// compute construct's tokens (a condition that is always true stands
/// there, which first gives the host's copy of the outer variable the value
/// the loop leaves) and enters `for (inner) { for (T outer) body }` into
/// the token stream, for \p D to lex as its loop; true then. Otherwise
/// leaves everything as it was.
bool interchangeWithControlLoop(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                                clang::SourceLocation PragmaLoc);

} // namespace plugin
} // namespace ferry

#endif
