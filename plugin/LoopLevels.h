//===- LoopLevels.h - Where a loop construct stands in a region -*- C++ -*-===//
///
/// \file
/// How the open constructs around a loop decide the way it runs: the
/// compute construct it belongs to, and for a `loop` in the iterations of a
/// region that is a loop construct, the level it spreads over (worker,
/// vector, or both) or none (it runs in order inside each iteration: `seq`,
/// a third level under anything but a worker loop, a sequential region), and
/// whether it spreads only when Ferry proves its iterations independent.
/// The picture of which loop goes where is in docs/plugin.md.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPLEVELS_H
#define FERRY_PLUGIN_LOOPLEVELS_H

#include "AccContext.h"

namespace ferry {
namespace plugin {

/// For \p D, a `loop` in the iterations of a region that is a loop
/// construct: the FERRY_LEVEL_* it spreads over, or 0 when it runs in order
/// inside each iteration.
int nestedLevel(AccContext &Ctx, const Directive &D);
/// For a nested loop \p D: whether it spreads only when Ferry proves its
/// iterations independent (in `kernels` without `independent`, `auto`).
bool nestedNeedsProof(AccContext &Ctx, const Directive &D);
/// The compute construct \p D belongs to (`kernels`, `parallel loop`, ...;
/// itself when combined), or null for an orphaned loop.
const Directive *computeDirectiveOf(AccContext &Ctx, const Directive &D);
/// The kind of construct a `loop` of a compute construct of kind
/// \p Enclosing runs as (parallel loop, kernels loop, serial loop); \p D's
/// own kind for any other.
ConstructKind effectiveKind(const Directive &D,
                            std::optional<ConstructKind> Enclosing);

} // namespace plugin
} // namespace ferry

#endif
