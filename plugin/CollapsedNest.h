//===- CollapsedNest.h - A loop nest as one flat region loop ----*- C++ -*-===//
///
/// \file
/// A region's nest of loops (`collapse(n)`, `tile(...)`, a region whose
/// body is one plain rectangular nested loop, or one loop with
/// `gang(static: n)`) runs as one flat loop: each level's trip count is
/// computed once, before the region, the region runs over their product
/// (or over tiles, or over the gangs' chunks), and the body recomputes the
/// original variables (outermost slowest) before running unchanged:
/// \code
///   using __ferry_t0 = T0; const __int128 __ferry_lo0 = (__int128)(lo0);
///   const __int128 __ferry_st0 = (__int128)(st0) * -1;
///   const int64_t __ferry_n0 = ::ferry::acc::collapsed_trip_count<cmp0,
///   __ferry_t0>(...); ...
///   ... for __ferry_k in [0, product):
///   { __ferry_t0 i = index_at<__ferry_t0>(__ferry_lo0, (k / (n1*...)) % n0,
///   __ferry_st0); ...
///     body }
/// \endcode
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_COLLAPSEDNEST_H
#define FERRY_PLUGIN_COLLAPSEDNEST_H

#include "AccContext.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

/// What flattening a nest needs to know of the region's schedule.
struct NestSchedule {
  /// `tile`'s sizes; empty without.
  llvm::ArrayRef<unsigned> TileSizes;
  /// `gang(static: n)`'s n; empty without.
  llvm::ArrayRef<clang::Token> StaticChunk;
  /// Loops nested in its iterations spread over a gang.
  bool NestedSpread = false;
  /// Those loops spread and the region's iterations are not in order.
  bool OneIterationPerGang = false;
  bool VectorLength = false; ///< the directive has `vector_length`
  bool Reduces = false;      ///< the directive has `reduction`
};

/// The flat loop and what the region declares for it.
struct FlatNest {
  CanonicalLoop Loop;     ///< `int64_t __ferry_k` over [0, count)
  TokenList Prelude;      ///< the trip counts, emitted before the region
  TokenList AfterOptions; ///< emitted after the launch options are set
  TokenList Copies;       ///< captured by copy under default(none)
  unsigned Levels = 0;    ///< of the nest
  std::string OuterVar;   ///< the outermost variable of the nest
};

/// The flat loop that runs \p Nest (outermost first) as \p S schedules it.
FlatNest flattenNest(clang::Preprocessor &PP, clang::SourceLocation PragmaLoc,
                     llvm::ArrayRef<CanonicalLoop> Nest, const NestSchedule &S);

/// A region whose body is one plain rectangular loop of \p Nested alone
/// joins it: \p Nest gets it as a second level (a collapsed nest), and with
/// \p Remarks the nested loop's remark says so. False when it does not.
bool joinNestedLoop(clang::Preprocessor &PP, bool Remarks,
                    llvm::SmallVectorImpl<CanonicalLoop> &Nest,
                    std::vector<InnerLoop> &Nested);

} // namespace plugin
} // namespace ferry

#endif
