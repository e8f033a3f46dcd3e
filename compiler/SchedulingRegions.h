//===- SchedulingRegions.h - Bounded machine-scheduling regions --*- C++ -*-===//
///
/// \file
/// Fully unrolled NVVM kernels can hold basic blocks of tens of thousands
/// of instructions; see SchedulingRegions.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_SCHEDULINGREGIONS_H
#define FERRY_COMPILER_SCHEDULINGREGIONS_H

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

/// Cuts each basic block of more than 2 * Window instructions into
/// scheduling regions of about Window instructions (`llvm.amdgcn.sched.barrier(0)`
/// between them). Window comes from -ferry-sched-region-size (0: never).
/// Returns how many barriers went in.
unsigned boundSchedulingRegions(llvm::Module &M);

} // namespace ferry

#endif
