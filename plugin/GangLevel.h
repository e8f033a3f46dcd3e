//===- GangLevel.h - A region's iterations on a whole gang ------*- C++ -*-===//
///
/// \file
/// A region whose iterations hold `loop` constructs of their own
/// (FERRY_REGION_NESTED) runs each iteration on a whole GPU block: every
/// work-item runs the iteration's own code redundantly (SPMD), the nested
/// loops (ferry::acc::inner_loop) spread their iterations over the
/// work-items. For that to mean what OpenACC means by gang-redundant code
/// with vector-single statements, the device copy of the region's chunk is
/// prepared here, like OpenMPOpt's SPMDization of generic regions:
///  - the code of the iteration is inlined into the chunk (the nested loops
///    stay calls: every work-item makes them together);
///  - what it writes to memory that is not its own (stores, atomics,
///    memory intrinsics, calls that may write) happens once, on lane 0,
///    followed by a block barrier, and a value such a call returns is
///    broadcast to every lane;
///  - arrays declared in the iteration that its nested loops use move to
///    group memory, one copy per gang, so that the work-items share them.
/// Where that cannot be done the region keeps one iteration per work-item
/// and its nested loops run in order inside (flattenInnerLevels); the
/// reason is returned for the remark.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_GANGLEVEL_H
#define FERRY_PLUGIN_GANGLEVEL_H

#include "llvm/IR/Function.h"

#include <string>

namespace ferry {
namespace plugin {

/// Prepares \p Chunk (in the device module); \p SharedName names the group
/// variables it creates. Returns an empty string, or why it cannot.
/// \p Workers (FERRY_REGION_WORKERS): the rounds of its worker loops
/// (ferry::acc::worker_rounds) are prepared the same way at the worker level
/// (stores on vector lane 0 of the worker, a warp synchronization, arrays of
/// a worker iteration in group memory, one copy per worker), and the
/// region's ferry_dev_* calls become the ferry_devw_* functions, which read
/// a gang as a block of workers (threadIdx.y) of one warp of vector lanes.
std::string prepareGangLevel(llvm::Function &Chunk, llvm::StringRef SharedName,
                             bool Workers = false);

/// The nested loops of \p Chunk's region run in order inside each
/// work-item: their ferry_dev_* calls become one lane of width 1.
void flattenInnerLevels(llvm::Function &Chunk);

} // namespace plugin
} // namespace ferry

#endif
