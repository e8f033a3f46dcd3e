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

/// Whether the C form of a `loop` nested in a region's iteration
/// (emitCNestedLoop) can run \p D over \p L: reduction and private
/// variables named whole (no sections, no members), reductions of scalars
/// (by their types where Sema knows them, else never subscripted in the
/// loop), no `collapse` or `tile`. Otherwise the loop runs in order inside the
/// iteration, and \p Why says why.
bool cNestedLoopSpreads(clang::Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                        const CanonicalLoop &L, std::string &Why);

/// The C form of a `loop` spread over the work-items of the gang that runs
/// a region's iteration (acc.h's inner_loop: C has no lambdas), at
/// FERRY_LEVEL_* \p Level:
/// \code
///   { typedef T __ferry_inner_t; ... its bounds, trip count ...
///     __typeof__(s) *__ferry_io0 = &(s);
///     ferry_dev_inner_begin(LEVEL);
///     { __typeof__((*__ferry_io0)) __ferry_ir0 = identity;
///       for (long long __ferry_ik = ferry_dev_lane(LEVEL); __ferry_ik < n;
///            __ferry_ik += ferry_dev_width(LEVEL)) {
///         __ferry_inner_t __ferry_iv = lo + __ferry_ik * step;
///         do body while (0); }
///       old = *__ferry_io0; ferry_dev_reduce_scalar(LEVEL, &__ferry_ir0, ...);
///       *__ferry_io0 = old op __ferry_ir0; }   (ferry_dev_sync without)
///     ferry_dev_inner_end(LEVEL); }
/// \endcode
/// The body's loop variable, reduction variables (each lane's partial) and
/// private variables are renamed to the copies declared here. Reductions of
/// integers, float and double combine over the lanes; with one of another
/// type (long double, complex) lane 0 runs every iteration and the other
/// lanes take its result. Ferry's
/// outliner makes the code between the two marks the nested loop's own
/// function, which every work-item of the gang calls (GangLevel.cpp).
/// Returns how many tokens it injected, \p First the location of the first.
size_t emitCNestedLoop(clang::Preprocessor &PP, clang::SourceLocation PragmaLoc,
                       const Directive &D, const CanonicalLoop &L, int Level,
                       clang::SourceLocation &First);

/// The C form of a construct's data scope: entered now, left by the
/// cleanup attribute when the block ends.
void emitCDataScope(TokenBuilder &B, unsigned Items);

} // namespace plugin
} // namespace ferry

#endif
