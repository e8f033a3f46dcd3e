//===- PivotControl.h - Pivot loops as host control --------------*- C++ -*-===//
///
/// \file
/// A compute construct whose statement is one `loop` construct that is a
/// pivot loop (LU as PolyBench-ACC writes it: `#pragma acc parallel` around
/// `#pragma acc loop for (k ...)`, whose iterations k and k + 1 both write
/// the trailing matrix) runs that loop on the host as its sequential
/// control, each loop in it a region of its own at full width, instead of
/// on one gang. See PivotControl.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_PIVOTCONTROL_H
#define FERRY_PLUGIN_PIVOTCONTROL_H

#include "AccContext.h"

#include "clang/Lex/Preprocessor.h"

namespace ferry {
namespace plugin {

/// At the compute directive at \p PragmaLoc (its `#`): whether its statement
/// is a pivot loop that can run as host control. Then the pivot loop's
/// directive and the `loop` directives its nested loops drop are recorded
/// in \p Ctx (AccContext::addPivotControl, addPlainDirective), and
/// \p PlainLoops gets the `for`s that are the construct's loops of their
/// own (plain loops of the pivot loop's body, with a dropped directive's
/// loop nested in them).
bool findPivotControl(clang::Preprocessor &PP, AccContext &Ctx, clang::SourceLocation PragmaLoc,
                      llvm::SmallVectorImpl<clang::SourceLocation> &PlainLoops);

} // namespace plugin
} // namespace ferry

#endif
