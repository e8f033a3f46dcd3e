//===- HostBranches.h - Branches device code never takes -------*- C++ -*-===//
///
/// \file
/// `if (acc_on_device(acc_device_host)) report(...);` in a routine is the
/// host's code: acc_on_device is a constant of each device image (0 for
/// acc_device_host, 1 for acc_device_not_host on every device), which the
/// image's optimization folds away with the branch. Kokkos' OpenACC backend
/// builds KOKKOS_IF_ON_HOST on it, GCC folds it in its offload compiler. The
/// outliner leaves such branches out of what device code reaches (the
/// functions and globals they use) and of the device module.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_HOSTBRANCHES_H
#define FERRY_PLUGIN_HOSTBRANCHES_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class BasicBlock;
class Function;
class Module;
} // namespace llvm

namespace ferry {
namespace plugin {

/// The blocks of \p F that device code may run: those reached from its
/// entry without a branch that acc_on_device(acc_device_host) or
/// acc_on_device(acc_device_not_host) rules out on a device.
llvm::SmallPtrSet<const llvm::BasicBlock *, 16> deviceBlocks(const llvm::Function &F);

/// In device module \p Dev: those calls replaced by their constants, the
/// branches they decide folded, the blocks only the host runs removed.
void foldHostBranches(llvm::Module &Dev);

} // namespace plugin
} // namespace ferry

#endif
