//===- ClosureUses.h - The closure bytes a region's code reads ---*- C++ -*-===//
///
/// \file
/// At launch the runtime translates every pointer of a region's closure to
/// its device address, and stops the region where one points to memory the
/// device does not have. A pointer the region's code never reads needs no
/// translation: a struct captured whole whose unused member points to host
/// memory (XSBench's `Inputs in` with `char *HM` from argv) must not stop
/// the region. closureLoads follows the closure pointer from the region's
/// chunk function through constant offsets, clang's spill slots of pointer
/// parameters, copies into locals and calls of defined functions, and
/// collects the byte ranges its loads read. Anything else the pointer flows into
/// (a store of it, a call of a declaration, a variable offset, a phi)
/// gives no answer: then every pointer counts as read.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_CLOSUREUSES_H
#define FERRY_PLUGIN_CLOSUREUSES_H

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace llvm {
class DataLayout;
class Function;
} // namespace llvm

namespace ferry {
namespace plugin {

/// The [begin, end) byte ranges of the closure (the first parameter of
/// \p Chunk) that the code \p Chunk reaches loads or copies; nullopt where
/// the closure's address goes where the analysis does not follow it.
std::optional<std::vector<std::pair<uint64_t, uint64_t>>>
closureReads(llvm::Function &Chunk, const llvm::DataLayout &DL);

} // namespace plugin
} // namespace ferry

#endif
