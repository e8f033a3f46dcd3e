//===- LoopLevels.cpp - Where a loop construct stands in a region ---------===//
///
/// \file
/// See LoopLevels.h.
///
//===----------------------------------------------------------------------===//
#include "LoopLevels.h"

#include "ferry/runtime.h"

using namespace clang;

namespace ferry {
namespace plugin {

ConstructKind effectiveKind(const Directive &D,
                            std::optional<ConstructKind> Enclosing) {
  if (D.Kind != ConstructKind::Loop || !Enclosing)
    return D.Kind;
  switch (*Enclosing) {
  case ConstructKind::Serial:
    return ConstructKind::SerialLoop;
  case ConstructKind::Kernels:
    return ConstructKind::KernelsLoop;
  default:
    return ConstructKind::ParallelLoop;
  }
}

/// The kind of construct the region of \p Region (the outermost open loop)
/// runs as: a `loop` takes its compute construct's (\p Compute; a `loop`
/// without one runs as a `parallel loop`).
static ConstructKind regionKind(const Directive &Region,
                                const OpenConstruct *Compute) {
  if (Region.Kind == ConstructKind::Loop && !Compute)
    return ConstructKind::ParallelLoop;
  return effectiveKind(Region, Compute ? std::optional(Compute->D->Kind)
                                       : std::nullopt);
}

/// Whether a third level under \p Middle, the second, can spread: \p Middle
/// is a worker loop (with `worker` alone, or without a level clause, as
/// NVHPC maps a three-level nest) and neither collapses nor tiles.
static bool spreadsUnder(const OpenConstruct &Middle, const Directive &D) {
  const Directive &M = *Middle.D;
  const bool WorkerLoop =
      Middle.Level && !Middle.NeedsProof &&
      (Middle.AutoLevel || Middle.Level == FERRY_LEVEL_WORKER);
  return WorkerLoop && !M.find(ClauseKind::Collapse) &&
         !M.find(ClauseKind::Tile) && !D.find(ClauseKind::Worker) &&
         !D.find(ClauseKind::Collapse) && !D.find(ClauseKind::Tile);
}

int nestedLevel(AccContext &Ctx, const Directive &D) {
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  // A third level is the vector loop of a worker loop; under any other it
  // runs in order inside the second, as does a fourth level. Under a worker
  // loop that spreads only if proven (known once its body is read), in
  // order too.
  if (Loops.size() == 2 ? !spreadsUnder(*Loops[1], D) : Loops.size() != 1)
    return 0;
  const Directive &Region = *Loops[0]->D;
  const ConstructKind Kind =
      regionKind(Region, Ctx.enclosingComputeConstruct());
  // The region's own iterations must be gangs: not in order, not already
  // spread over workers or vector lanes. (A region loop that needs a proof
  // of independence and does not get it runs in order, and the outliner
  // runs its nested loops in order inside.)
  if (Kind == ConstructKind::SerialLoop || Region.find(ClauseKind::Seq) ||
      (!Region.find(ClauseKind::Gang) &&
       (Region.find(ClauseKind::Worker) || Region.find(ClauseKind::Vector))))
    return 0;
  // This loop: independent (implied in `parallel`, written in `kernels` or
  // proven, see nestedNeedsProof) and below the gang level.
  if (D.find(ClauseKind::Seq) || D.find(ClauseKind::Gang))
    return 0;
  int Level = (D.find(ClauseKind::Worker) ? FERRY_LEVEL_WORKER : 0) |
              (D.find(ClauseKind::Vector) ? FERRY_LEVEL_VECTOR : 0);
  return Level ? Level : FERRY_LEVEL_VECTOR;
}

bool nestedNeedsProof(AccContext &Ctx, const Directive &D) {
  if (D.find(ClauseKind::Auto) || D.Implicit) // (a plain loop, in `parallel` too)
    return true;
  if (D.find(ClauseKind::Independent))
    return false;
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  return !Loops.empty() &&
         regionKind(*Loops[0]->D, Ctx.enclosingComputeConstruct()) ==
             ConstructKind::KernelsLoop;
}

const Directive *computeDirectiveOf(AccContext &Ctx, const Directive &D) {
  if (D.Kind != ConstructKind::Loop)
    return &D;
  if (OpenConstruct *Compute = Ctx.enclosingComputeConstruct())
    return Compute->D;
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  if (!Loops.empty() && Loops[0]->D->Kind != ConstructKind::Loop)
    return Loops[0]->D; // a `loop` in a `parallel loop`
  return nullptr;
}

} // namespace plugin
} // namespace ferry
