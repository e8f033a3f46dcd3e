//===- CRegion.h - A region's launch in a C translation unit ---*- C++ -*-===//
///
/// \file
/// C has no lambdas and no templates: a region of a C translation unit is a
/// closure struct that the host code fills, and a block literal (clang's
/// blocks extension, which the plugin turns on for C) that captures
/// nothing, in the region's static slot:
/// \code
///   struct ferry_closure { double *a; int x; long long __ferry_lo[1], ... };
///   struct ferry_closure __ferry_cl; __ferry_cl.a = (a); ...
///   static ferry_acc_slot __ferry_slot [[annotate("ferry.device_region")]] = {
///     {0}, (void *)^(const void *__ferry_cv, long long __ferry_begin,
///                    long long __ferry_end, void *__ferry_pv) {
///       const struct ferry_closure *__ferry_c = __ferry_cv;
///       __typeof__(&(a)[0]) a = __ferry_c->a; __typeof__(x) x = __ferry_c->x;
///       for (long long __ferry_k = __ferry_begin; ...) {
///         int i = ...; do body while (0); } },
///     init, combine, sizeof(struct ferry_closure), ..., &__ferry_region };
///   ferry_acc_launch(&__ferry_region, __ferry_options, &__ferry_slot, ...);
/// \endcode
/// The variables the body uses are found by looking its names up where the
/// directive stands (Sema's current scope): data shared with the device
/// (named in data clauses, arrays, implied copies) is captured as a
/// pointer, which the runtime translates to the device copy; scalars and
/// structs named whole are reached through a pointer the body's names are
/// rewritten to; everything else is firstprivate (a copy per chunk).
/// Ferry's outliner turns the block literals into the chunk, init and
/// combine functions of acc.h's slot, so the device pipeline is C++'s.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_CREGION_H
#define FERRY_PLUGIN_CREGION_H

#include "AccContext.h"
#include "CanonicalLoop.h"
#include "LoopReductions.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

/// What the C form of a region launch needs from its loop construct.
struct CRegionInput {
  const Directive &D;       ///< the loop construct (or compute construct)
  const Directive *Compute; ///< the compute construct around a `loop`
  llvm::ArrayRef<CanonicalLoop> Nest;   ///< the loop, or a collapsed nest
  llvm::ArrayRef<clang::Token> Implied; ///< shared besides the data clauses
  const LoopReductions &Reductions;
  /// The construct's own private and firstprivate sections (`c[lo:len]`).
  llvm::ArrayRef<PrivateSection> Sections;
};

/// Whether \p PP compiles C (not C++).
inline bool isC(const clang::Preprocessor &PP) {
  return !PP.getLangOpts().CPlusPlus;
}

/// Emits the C launch of a region (after its region descriptor, options and
/// data scope). False after a diagnostic (nothing emitted).
bool emitCRegionLaunch(clang::Preprocessor &PP, const AccContext &Ctx,
                       clang::SourceLocation PragmaLoc, TokenBuilder &B,
                       const CRegionInput &In);

/// The C form of a construct's data scope: entered now, left by the
/// cleanup attribute when the block ends.
void emitCDataScope(TokenBuilder &B, unsigned Items);

} // namespace plugin
} // namespace ferry

#endif
