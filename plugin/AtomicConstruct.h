//===- AtomicConstruct.h - The atomic construct ----------------*- C++ -*-===//
///
/// \file
/// `#pragma acc atomic [read|write|update|capture] [if(cond)]` and its
/// statement become one call of the templates in <ferry/acc/atomic.h>:
/// the statement is taken apart into `x`, the operator and `expr` (or `v`),
/// checked against the forms OpenACC 3.3 allows, and rewritten wherever it
/// stands (in a compute region, in a routine, in host code).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_ATOMICCONSTRUCT_H
#define FERRY_PLUGIN_ATOMICCONSTRUCT_H

#include "AccContext.h"
#include "Directive.h"

namespace ferry {
namespace plugin {

/// Lexes the statement after an `atomic` directive and injects its rewrite;
/// marks its `x` where it is a variable (AccContext::markAtomicTarget).
void rewriteAtomic(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                   clang::SourceLocation PragmaLoc);

} // namespace plugin
} // namespace ferry

#endif
