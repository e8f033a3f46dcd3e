//===- ferry/Emu.h - Run GPU kernels on the CPU --------------------*- C++ -*-===//
///
/// \file
/// libferry-emu: a SIMT emulator for device modules in either dialect, NVVM
/// (warp 32) or AMDGPU after Ferry's translation (wave64 with EMU32, or
/// wave32). A clone of the module is retargeted to the host (address spaces
/// stay, the host treats them as flat memory; group memory becomes
/// per-work-group storage; private allocas per work-item), every
/// `llvm.nvvm.*` / `llvm.amdgcn.*` call becomes a call into the emulator's
/// runtime, and ORC JIT-compiles the result. Each work-item runs as a fiber
/// (Boost.Context); work-groups run on a thread pool. Barriers are
/// work-group rendezvous, cross-lane operations are wave rendezvous among
/// the lanes that reach the same call site; when lanes can never meet the
/// launch fails with a deadlock report naming the kernel and call sites.
/// AMDGPU kernels get their kernarg segment, hidden arguments included,
/// from the same code as the HSA backend (fillKernargs over the metadata of
/// the module compiled to a code object).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_EMU_H
#define FERRY_EMU_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {
namespace emu {

enum class Dialect { NVVM, AMDGPU };

struct Options {
  Dialect Kind = Dialect::NVVM;
  /// AMDGPU: the processor the module was translated for ("gfx90a"); its
  /// wave size (64 on gfx9, 32 on gfx10+ as Ferry translates) is the
  /// emulated one. NVVM: warps of 32.
  std::string Arch;
  /// AMDGPU: the module compiled to a code object (for example by
  /// ferry::DeviceTarget::compile); its metadata gives the kernarg layout,
  /// hidden arguments included. Empty: kernels that read hidden arguments
  /// fail when they do.
  std::string CodeObject;
  /// Work-groups run on this many threads (0: the hardware's).
  unsigned Threads = 0;
  /// Checking mode: every access to group memory is checked against the
  /// work-group's allocation; one outside it fails the launch, naming the
  /// kernel, the call site of the access and the offset.
  bool Check = false;
  /// Instruments every global-memory access for Launch::Memory (implied by
  /// Check).
  bool BoundsCheck = false;
  /// Race checking: two work-items of one launch that write a byte of
  /// global memory, or of two work-groups that write and read it, with
  /// neither a barrier of their work-group nor a device-scope release
  /// between them, fail the launch, naming both accesses and work-items
  /// (atomics are not checked).
  bool RaceCheck = false;
  /// With RaceCheck: a read and a write of two work-items of one work-group
  /// are checked too. Not by default: gang-redundant code (all work-items
  /// run it, one stores) reads what its leader writes without using it.
  bool RaceCheckReads = false;
};

struct Launch {
  uint32_t Grid[3] = {1, 1, 1};  ///< work-groups per dimension
  uint32_t Block[3] = {1, 1, 1}; ///< work-items per work-group
  uint32_t DynamicShared = 0;    ///< bytes of dynamic group memory
  /// With Options::BoundsCheck: the memory the launch's pointers reach
  /// (start, bytes). An access to global memory outside it, the module's
  /// variables, the arguments, group memory and the work-item's stack fails
  /// the launch, naming the kernel, the access and the address, instead of
  /// touching whatever lies there. nullptr: global accesses are not checked.
  const std::vector<std::pair<const void *, uint64_t>> *Memory = nullptr;
};

/// A module ready to run: JIT-compiled once, launched any number of times.
class Program {
public:
  /// Takes \p M (in either dialect, as Options says) and compiles it.
  static llvm::Expected<std::unique_ptr<Program>> create(std::unique_ptr<llvm::Module> M,
                                                         const Options &Opts);
  virtual ~Program();

  /// The kernels of the module.
  virtual std::vector<std::string> kernels() const = 0;
  /// The kernel's parameters: their sizes in bytes and whether each is a
  /// pointer.
  virtual llvm::Expected<std::vector<std::pair<uint32_t, bool>>>
  parameters(const std::string &Kernel) const = 0;
  /// Runs \p Kernel over the launch; \p Args points to each argument's value
  /// (pointers are host addresses). Fails with the kernel named on a
  /// deadlock or an operation the emulator does not model.
  virtual llvm::Error run(const std::string &Kernel, const Launch &L,
                          const std::vector<const void *> &Args) = 0;
  /// The address and size of a variable of the module (device globals that
  /// the runtime fills, `__ferry_global_*`).
  virtual llvm::Expected<std::pair<uint64_t, uint64_t>> symbol(const std::string &Name) = 0;
};

} // namespace emu
} // namespace ferry

/* The C ABI that the runtime opens with dlopen (no LLVM types): an emulated
 * AMD device's modules. Each call returns 0 on success, else writes why into
 * error[0..error_size) and returns non-zero. */
extern "C" {
int ferry_emu_load(const void *bitcode, size_t bitcode_size, const char *arch,
                   const void *code_object, size_t code_object_size, void **program,
                   char *error, size_t error_size);
/* As ferry_emu_load for the first of `count` modules linked with the others
 * (translation units that call each other's `routine`s): one program. */
int ferry_emu_load_linked(const void *const *bitcodes, const size_t *bitcode_sizes, size_t count,
                          const char *arch, const void *code_object, size_t code_object_size,
                          void **program, char *error, size_t error_size);
void ferry_emu_unload(void *program);
int ferry_emu_has_kernel(void *program, const char *kernel);
/* `memory`: `memory_count` pairs (start, bytes) of the memory the kernel may
 * reach besides the module's own (the device's allocations); in checking
 * mode (FERRY_EMU_CHECK at load) an access of global memory outside them
 * fails the launch (Launch::Memory). Null: not checked. */
int ferry_emu_launch(void *program, const char *kernel, const uint32_t grid[3],
                     const uint32_t block[3], uint32_t dynamic_shared, void *const *args,
                     const uint64_t *memory, size_t memory_count, char *error,
                     size_t error_size);
int ferry_emu_symbol(void *program, const char *name, uint64_t *address, uint64_t *size);
}

#endif
