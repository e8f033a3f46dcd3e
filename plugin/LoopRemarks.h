//===- LoopRemarks.h - What the remarks say of a loop construct -*- C++ -*-===//
///
/// \file
/// The text of `-fplugin-arg-ferry-remarks` for loop constructs: how a
/// region's loop runs (over what, tiles, chunks, in order or proven
/// independent, the gangs of workers its nested loops share), and where a
/// loop nested in its iterations is spread. The emitters decide; these
/// functions only say it.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPREMARKS_H
#define FERRY_PLUGIN_LOOPREMARKS_H

#include "AccContext.h"

namespace ferry {
namespace plugin {

/// How a region's loop runs, as its remark tells it.
struct RegionShape {
  std::string Var;                    ///< its variable, or its nest's outermost
  llvm::ArrayRef<unsigned> TileSizes; ///< `tile`'s sizes; empty without
  unsigned CollapseLevels = 0;        ///< of a collapsed nest, else 0
  bool StaticChunk = false;           ///< `gang(static: n)`
  std::string StaticChunkText;        ///< its n ("8 on nvidia, 4 otherwise")
  bool Sequential = false;            ///< its iterations run in order
  bool ProvenIndependent = false;     ///< ... in parallel, as Ferry proved
  bool NestedSpread = false;          ///< loops nested in its iterations spread
  bool Workers = false;               ///< one of those is a worker loop
  /// The `worker(n)` that sets its gangs' workers; empty without.
  llvm::ArrayRef<clang::Token> GangWorkers;
  /// The same for some device types.
  const PerDeviceType *GangWorkersPerType = nullptr;
};

/// The remark's shape of a region's loop ("over 'i', ...").
std::string regionShapeRemark(clang::Preprocessor &PP, const RegionShape &S);

/// Where a loop nested in a region's iteration spreads.
struct NestedShape {
  int Level = 0;           ///< FERRY_LEVEL_*
  bool InWorker = false;   ///< a vector loop in a worker loop
  bool HoldsLoops = false; ///< a worker loop holding vector loops
  bool Nest = false;       ///< it has `collapse` or `tile`
  std::string Reductions;  ///< "op:var, ..."
};

/// The remark of a loop over \p Var nested in a region's iteration.
std::string nestedLoopRemark(clang::Preprocessor &PP, const clang::Token &Var,
                             const NestedShape &S);

} // namespace plugin
} // namespace ferry

#endif
