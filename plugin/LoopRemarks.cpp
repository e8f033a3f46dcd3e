//===- LoopRemarks.cpp - What the remarks say of a loop construct ---------===//
///
/// \file
/// See LoopRemarks.h.
///
//===----------------------------------------------------------------------===//
#include "LoopRemarks.h"

#include "ConstructPieces.h"
#include "DeviceTypeClauses.h"

#include "ferry/runtime.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// "over a tile(8, 32) nest: tiles of 8x32 iterations, ...".
static std::string tileShape(const RegionShape &S) {
  std::string Sizes, Cross;
  unsigned Volume = 1;
  for (unsigned Size : S.TileSizes) {
    Sizes += (Sizes.empty() ? "" : ", ") + std::to_string(Size);
    Cross += (Cross.empty() ? "" : "x") + std::to_string(Size);
    Volume *= Size;
  }
  return "over a tile(" + Sizes + ") nest: tiles of " + Cross +
         " iterations, the tile loops over gangs, the element loops over a "
         "gang's " +
         (S.NestedSpread ? "work-items"
                         : std::to_string((Volume + 31) / 32 * 32) +
                               " work-items (unless vector_length sets them)") +
         ", partial tiles at the edges skip the missing elements";
}

/// ", each iteration on one gang ...": how the loops nested in its
/// iterations share a gang, and what its `worker(n)` does.
static std::string gangShape(Preprocessor &PP, const RegionShape &S) {
  const bool Nested = S.NestedSpread && !S.Sequential;
  std::string Shape;
  if (Nested && S.Workers)
    Shape += ", each iteration on one gang of workers (one warp each, " +
             (S.GangWorkers.empty()
                  ? std::string("num_workers")
                  : "worker(" + spellingOf(PP, S.GangWorkers) + ")") +
             " of them) that share its worker loops, their vector loops on "
             "each worker's lanes";
  else if (Nested)
    Shape +=
        ", each iteration on one gang whose work-items share its nested loops";
  if (!S.GangWorkers.empty() && !(Nested && S.Workers))
    Shape +=
        ", worker(" + spellingOf(PP, S.GangWorkers) +
        ") without effect (no worker loop of the region holds vector loops)";
  for (const auto &[Types, Count] : *S.GangWorkersPerType)
    Shape += ", worker(" + spellingOf(PP, Count) + ") on " +
             deviceTypeNames(Types) +
             (Nested && S.Workers ? " sets the gang's workers there"
                                  : " without effect (no worker loop of the "
                                    "region holds vector loops)");
  return Shape;
}

std::string regionShapeRemark(Preprocessor &PP, const RegionShape &S) {
  std::string Shape = "over '" + S.Var + "'";
  if (!S.TileSizes.empty())
    Shape = tileShape(S);
  else if (S.CollapseLevels > 1)
    Shape = "over a collapse(" + std::to_string(S.CollapseLevels) + ") nest";
  if (S.StaticChunk && S.TileSizes.empty())
    Shape += ", gang(static:" + S.StaticChunkText +
             "): chunks of that many consecutive iterations dealt to the gangs "
             "in turn (gang g runs chunks g, g+G, ...; G from num_gangs, or "
             "enough for a block's worth each)";
  if (S.Sequential)
    Shape += ", iterations in order";
  else if (S.ProvenIndependent)
    Shape += ", iterations proven independent";
  return Shape + gangShape(PP, S);
}

std::string nestedLoopRemark(Preprocessor &PP, const Token &Var,
                             const NestedShape &S) {
  std::string Text = "'loop' over '" + PP.getSpelling(Var) +
                     "' nested in a region's iteration: ";
  if (S.InWorker)
    Text += "spread over the vector lanes of the worker running the enclosing "
            "worker iteration (vector level)";
  else if (S.Level == FERRY_LEVEL_WORKER && S.HoldsLoops)
    Text += "spread over the gang's workers, one warp each (worker level); its "
            "own code is worker-single (its stores on lane 0 of the worker), "
            "its vector loops spread over the worker's lanes";
  else
    Text +=
        std::string(
            "spread over the work-items of the gang running that iteration (") +
        (S.Level == FERRY_LEVEL_WORKER   ? "worker"
         : S.Level == FERRY_LEVEL_VECTOR ? "vector"
                                         : "worker vector") +
        " level)";
  if (S.Nest)
    Text +=
        "; only its outermost loop is spread, the others run in order inside";
  if (!S.Reductions.empty())
    Text += std::string("; reductions combined over the ") +
            (S.InWorker ? "worker's lanes"
             : S.Level == FERRY_LEVEL_WORKER && S.HoldsLoops
                 ? "gang's workers"
                 : "gang's work-items") +
            ": " + S.Reductions;
  return Text;
}

} // namespace plugin
} // namespace ferry
