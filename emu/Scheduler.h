//===- Scheduler.h - Work-items as fibers, work-groups as rendezvous -*- C++ -*-===//
///
/// \file
/// The emulator's execution model. Every work-item of a work-group is a
/// fiber on the thread that runs the group. A work-item runs until it
/// finishes, reaches a barrier, or reaches a cross-lane operation; then the
/// scheduler resolves what can be resolved: a barrier when every work-item
/// that has not exited waits at one, a cross-lane operation when the lanes
/// of a wave that take part have all arrived (NVVM `.sync` operations: the
/// lanes of their member mask; AMDGPU: the lanes waiting at that call site
/// once no lane of the wave can run, which is the EXEC mask of that point).
/// Nothing else to run and nothing to resolve is a deadlock, reported with
/// the kernel, the work-group and each waiting call site.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_EMU_SCHEDULER_H
#define FERRY_EMU_SCHEDULER_H

#include "ferry/Emu.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ferry {
namespace emu {

/// The cross-lane and group operations that rendezvous.
enum class Op : uint8_t {
  None,
  Barrier,      ///< work-group barrier; In: predicate for the popc/and/or forms
  BarrierPopc,
  BarrierAnd,
  BarrierOr,
  BarrierAdd,   ///< AMDGPU __ockl_wgred_*: work-group reductions at a barrier
  BarrierAndBits,
  BarrierOrBits,
  ShflUp,       ///< NVVM shfl.sync: In value, B lane operand, C clamp/segment
  ShflDown,
  ShflBfly,
  ShflIdx,
  Ballot,       ///< NVVM vote.ballot.sync
  VoteAny,
  VoteAll,
  VoteUni,
  ActiveMask,
  WarpSync,     ///< bar.warp.sync
  ReduxAdd,
  ReduxUMin,
  ReduxUMax,
  ReduxMin,
  ReduxMax,
  ReduxAnd,
  ReduxOr,
  ReduxXor,
  MatchAny,
  Bpermute,     ///< AMDGPU ds.bpermute: B byte address, In value
  AmdBallot,    ///< AMDGPU ballot: In predicate
  ReadLane,     ///< AMDGPU readlane: B lane
  ReadFirstLane,
  WaveBarrier,
  Matrix,       ///< a matrix product (Matrix.h): In points to the lane's buffers
};

const char *opName(Op O);

/// Race checking (Options::RaceCheck): the global-memory accesses of one
/// launch, by work-item (Scheduler.cpp).
struct RaceTable;
std::shared_ptr<RaceTable> newRaceTable();

/// What one launch needs at run time.
struct Dispatch {
  std::string Kernel;
  Launch L;
  unsigned WaveSize = 32;
  bool MaskedOps = true; ///< NVVM: cross-lane ops carry member masks
  uint64_t SharedBytes = 0;
  void (*Entry)(void *const *Args) = nullptr;
  void *const *Args = nullptr;
  /// AMDGPU: the kernarg segment and where its hidden arguments start.
  const uint8_t *Kernarg = nullptr;
  uint64_t ImplicitOffset = 0;
  /// AMDGPU: where the kernarg segment holds the printf buffer's address
  /// (hidden_printf_buffer), or -1.
  int64_t PrintfOffset = -1;
  /// AMDGPU: the dispatch packet, as the HSA backend builds it
  /// (`llvm.amdgcn.dispatch.ptr`); nullptr without a code object.
  const void *Packet = nullptr;
  /// Bounds checking of global accesses: the ranges [begin, end) they may
  /// touch besides group memory and the work-item's stack, sorted; nullptr:
  /// unchecked.
  const std::vector<std::pair<uintptr_t, uintptr_t>> *Allowed = nullptr;
  /// Names of the call sites of the module (by site id).
  const std::vector<std::string> *Sites = nullptr;
  unsigned Threads = 0;
  /// Race checking: the launch's accesses so far; nullptr: unchecked.
  RaceTable *Races = nullptr;
  /// Race checking of reads against writes within a work-group too.
  bool RaceReads = false;
};

/// Runs every work-group of \p D; returns "" or what went wrong.
std::string runDispatch(const Dispatch &D);

/// The addresses of the runtime functions that replace intrinsics, by the
/// intrinsic's name (RuntimeFunctions.def); nullptr for an intrinsic the emulator does not model.
void *runtimeFunction(const std::string &Intrinsic);

/// Inline PTX the emulator runs (NVVM modules): the function for a
/// template's normalized text (`add.f16 $0,$1,$2`), or nullptr. Lane-local
/// special registers (`%laneid`, `%lanemask_*`) and `nanosleep` are in
/// laneAsmFunction.
void *ptxAsmFunction(const std::string &Normalized);
void *laneAsmFunction(const std::string &Normalized);

/// The host implementation of a device math function (`__nv_*`, `__ocml_*`)
/// or nullptr (Math.cpp).
void *mathFunction(const std::string &Name);

/// The compiler-runtime functions the host code generator may call for what
/// the host CPU has no instruction for (float and double to bfloat16 without
/// AVX512-BF16: `__truncsfbf2`, `__truncdfbf2`), by symbol name (Math.cpp).
const std::map<std::string, void *> &compilerRuntimeFunctions();

/// Each work-item runs on a stack of its own of WorkItemStackBytes, of which
/// StackReserve is kept for the emulator's runtime functions.
constexpr uint64_t WorkItemStackBytes = 256 * 1024;
constexpr uint64_t StackReserve = 32 * 1024;

/// The address of `void __ferry_emu.stack_check(i32 site, i64 bytes)`, which
/// fails the launch when the work-item's stack has not \p bytes left
/// (Program.cpp's addStackChecks places the calls).
void *stackCheckFunction();

/// The address of `void __ferry_emu.check_global(i32 site, ptr p, i64
/// bytes)`: with Dispatch::Allowed, an access outside it fails the launch.
void *globalCheckFunction();
/// Device code's malloc and free (\p Free) under bounds checking: the
/// host's, with the blocks recorded for emu_check_global.
void *heapFunction(bool Free);

/// The address of the checking-mode function
/// `void __ferry_emu.check_group(i32 site, ptr addrspace(3) p, i64 bytes)`.
void *groupCheckFunction();

/// Checking mode for private memory: `poison(ptr, i64)` after an alloca,
/// `unpoison(ptr, i64)` on a store, `check_init(i32 site, ptr, i64)` before
/// a load; a load of bytes never stored fails the launch.
void *poisonFunction();
void *unpoisonFunction();
void *checkInitFunction();

/// Race checking: `void __ferry_emu.race(i32 site, ptr p, i64 bytes, i32
/// write)` before each plain global load and after each store (memcpy and
/// memset: both ends), and `void __ferry_emu.race_release(i32 site)` before each fence of
/// device or system scope and each atomic that releases.
void *raceAccessFunction();
void *raceReleaseFunction();

/// The address of `void __ferry_emu.matrix(i32 site, i32 op, ptr in, ptr out,
/// ptr mem, i32 ld)`, which runs every tensor-core intrinsic (Matrix.h).
void *matrixFunction();

/// The address of the function returning the current work-group's group
/// memory (`ptr __ferry_emu.shared(i64 offset)`).
void *sharedMemoryFunction();

/// The address of `void __ferry_emu.lockstep()`, called before each volatile
/// access: the work-item lets every other runnable one of its group run to
/// its own next volatile access (or barrier, or end) first. Warp-synchronous
/// code (a warp's lanes exchanging values through volatile shared memory
/// without __syncwarp, as CUDA's classic reductions and scans do) then sees
/// the other lanes' stores as a lockstep wave does, and a spin-wait on a
/// volatile flag lets the work-item that sets it run.
void *lockstepFunction();

/// The address of `void __ferry_emu.wave_step()`, called before each plain
/// load and store of group memory: the work-item waits until the other
/// lanes of its wave have reached their next group-memory access (or
/// barrier, or end). A wave's lanes take those accesses in lockstep, as on
/// a GPU, so warp-synchronous code that exchanges values through
/// non-volatile shared memory without __syncwarp (TeaLeaf's and gardenia's
/// reductions) sees the other lanes' stores as a wave does.
void *waveStepFunction();

} // namespace emu
} // namespace ferry

#endif
