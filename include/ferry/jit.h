/*===- ferry/jit.h - NVVM IR to a launchable kernel in one call ------------===*
 *
 * The porting API of libferry.so (CMake: Ferry::compiler). A program that
 * generates NVVM-dialect IR in memory (nvptx64 triple, llvm.nvvm.*
 * intrinsics, libdevice __nv_* calls, kernels in nvvm.annotations or with
 * ptx_kernel) hands the module to a session and gets back a loaded program
 * whose kernels it launches on the device the runtime selected:
 *
 *   AMD       translate, lower to a code object, load through ROCR
 *   NVIDIA    lower to PTX, load through the CUDA driver
 *   emulated  FERRY_EMULATE=gfx90a|gfx1100: code object plus translated IR,
 *             run by libferry-emu.so on the CPU
 *
 * Compilations go through the content-addressed compile cache that
 * ferry-translate --cache uses (FERRY_CACHE_DIR, FERRY_CACHE=0). Device
 * selection is the runtime's: ACC_DEVICE_TYPE, ACC_DEVICE_NUM,
 * FERRY_EMULATE, or the session options. Nothing is printed: every failure
 * comes back as an llvm::Error (C++) or a status plus ferry_last_error()
 * (C, the runtime's per-thread message, shared with ferry_launch). docs/jit.md describes both APIs.
 *
 *===----------------------------------------------------------------------===*/
#ifndef FERRY_JIT_H
#define FERRY_JIT_H

#include "ferry/runtime.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ferry_jit_session_s *ferry_jit_session;
typedef struct ferry_jit_program_s *ferry_jit_program;

typedef struct ferry_jit_options {
  /* "radeon", "nvidia" or NULL (the runtime's selection). */
  const char *device_type;
  /* Device number within the type; -1: the runtime's (ACC_DEVICE_NUM). */
  int device_num;
  /* 0-3 (default 3 when the options pointer is NULL). */
  unsigned opt_level;
  /* 0: no compile cache for this session. */
  int use_cache;
} ferry_jit_options;

/* A module as LLVM IR text or bitcode (told apart by the bitcode magic). */
typedef struct ferry_jit_buffer {
  const void *data;
  size_t size;
} ferry_jit_buffer;

/* A session on the selected device; `options` may be NULL. */
ferry_status ferry_jit_session_create(const ferry_jit_options *options,
                                      ferry_jit_session *out);
void ferry_jit_session_destroy(ferry_jit_session session);
/* The processor the session compiles for: "gfx90a:sramecc+:xnack-", "sm_90". */
const char *ferry_jit_session_arch(ferry_jit_session session);

/* Compiles `module` (and the device-function libraries it calls, linked at
 * load time) for the session's device and loads it. */
ferry_status ferry_jit_load(ferry_jit_session session, ferry_jit_buffer module,
                            const ferry_jit_buffer *libraries, size_t num_libraries,
                            ferry_jit_program *out);
/* Kernel `name` of a loaded program, for ferry_launch. */
ferry_status ferry_jit_get_kernel(ferry_jit_program program, const char *name,
                                  ferry_kernel *out);
/* Unloads the program; its kernels become invalid. */
void ferry_jit_program_destroy(ferry_jit_program program);

/* Kernels launch with ferry_launch (ferry/runtime.h). */

#ifdef __cplusplus
} /* extern "C" */

#include "ferry/Cache.h"
#include "ferry/DeviceTarget.h"
#include "ferry/Offload.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {
namespace jit {

struct Dim3 {
  uint32_t X = 1, Y = 1, Z = 1;
  Dim3(uint32_t X = 1, uint32_t Y = 1, uint32_t Z = 1) : X(X), Y(Y), Z(Z) {}
};

struct SessionOptions {
  /// "radeon", "nvidia", or empty: the runtime's selection (ACC_DEVICE_TYPE,
  /// then AMD, NVIDIA). The host is not a JIT target.
  std::string DeviceType;
  /// -1: the runtime's device number for the type.
  int DeviceNum = -1;
  /// Optimization, dumps, device-library locations.
  DeviceOptions Device;
  /// The compile cache (the same store and keys as ferry-translate --cache).
  CacheOptions Cache;
  /// Installs Ferry's LLVM fatal-error handler for the process
  /// (ferry::installFatalErrorHandler), so that a failure inside LLVM comes
  /// back in the returned error with LLVM's message and nothing is printed.
  /// false for a process that installs its own handler in the same LLVM
  /// library: the failure still comes back as an error, with the message
  /// where that handler sends it.
  bool InstallFatalErrorHandler = true;
};

class Kernel {
public:
  const std::string &name() const { return Name; }
  ferry_kernel handle() const { return Handle; }

  /// Launches with \p Args: one pointer per kernel parameter, pointing at its
  /// value. \p Async is an OpenACC queue (default: wait until done).
  llvm::Error launch(Dim3 Grid, Dim3 Block, uint32_t SharedBytes, llvm::ArrayRef<void *> Args,
                     int Async = -2 /*acc_async_sync*/) const;

  /// launch() with the parameters' values: call(grid, block, shmem, a, b, n).
  template <typename... Ts>
  llvm::Error operator()(Dim3 Grid, Dim3 Block, uint32_t SharedBytes, Ts... Values) const {
    std::array<void *, sizeof...(Ts)> Args = {static_cast<void *>(&Values)...};
    return launch(Grid, Block, SharedBytes, Args);
  }

private:
  friend class Program;
  Kernel(std::string Name, ferry_kernel Handle) : Name(std::move(Name)), Handle(Handle) {}
  std::string Name;
  ferry_kernel Handle;
};

/// A loaded module; unloaded when destroyed.
class Program {
public:
  ~Program();
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;

  /// Kernel \p Name (looked up once, then kept).
  llvm::Expected<const Kernel &> kernel(llvm::StringRef Name);
  /// Device address and size of a variable or function of the module.
  llvm::Expected<std::pair<uint64_t, uint64_t>> symbol(llvm::StringRef Name) const;
  ferry_module module() const { return Module; }
  /// The images the program was loaded from (first the kernel module's).
  const std::vector<DeviceImage> &images() const { return Images; }

private:
  friend class Session;
  Program(ferry_module M, std::vector<DeviceImage> Images)
      : Module(M), Images(std::move(Images)) {}
  ferry_module Module;
  std::vector<DeviceImage> Images;
  llvm::StringMap<std::unique_ptr<Kernel>> Kernels;
};

class Session {
public:
  static llvm::Expected<std::unique_ptr<Session>> create(SessionOptions Opts = {});

  /// The target the session compiles for (the selected device's processor).
  const DeviceTarget &target() const { return *Target; }
  /// Whether the device is the emulated AMD device.
  bool emulated() const { return Emulated; }

  /// Compiles \p M (not modified) and the device-function libraries it
  /// calls, and loads them as one program: on AMD the kernel module and the
  /// libraries become relocatable objects linked at load time (comgr), on
  /// NVIDIA PTX linked by the driver (cuLink).
  llvm::Expected<std::unique_ptr<Program>>
  load(const llvm::Module &M, llvm::ArrayRef<const llvm::Module *> Libraries = {});
  /// load() of IR text or bitcode.
  llvm::Expected<std::unique_ptr<Program>>
  load(llvm::StringRef IR, llvm::ArrayRef<llvm::StringRef> Libraries = {});

  /// The images load() would load for \p M, without loading them.
  llvm::Expected<std::vector<DeviceImage>>
  compile(const llvm::Module &M, llvm::ArrayRef<const llvm::Module *> Libraries = {});

private:
  Session(std::unique_ptr<DeviceTarget> T, bool Emulated, CacheOptions C)
      : Target(std::move(T)), Emulated(Emulated), Cache(std::move(C)) {}
  std::unique_ptr<DeviceTarget> Target;
  bool Emulated;
  CompileCache Cache;
};

} // namespace jit
} // namespace ferry

#endif /* __cplusplus */

#endif /* FERRY_JIT_H */
