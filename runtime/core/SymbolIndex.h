//===- SymbolIndex.h - What an image defines --------------------*- C++ -*-===//
///
/// \file
/// ROCR exposes only kernels and variables as executable symbols, not device
/// functions, so Ferry indexes images itself: kernels (each with its kernel
/// descriptor), device functions (FUNC symbols without a descriptor) and
/// variables, with sizes, for HSA code objects (libelf; resources from the
/// AMDGPU metadata note, msgpack-cxx), PTX text, OffloadBinary packages, and
/// executables carrying a .llvm.offloading section. No LLVM.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_SYMBOLINDEX_H
#define FERRY_RUNTIME_CORE_SYMBOLINDEX_H

#include "core/ImageRegistry.h"
#include "ferry/runtime.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ferry {

/// One kernel argument from the AMDGPU metadata (`.args`).
struct KernelArgDesc {
  uint64_t Offset = 0, Size = 0;
  std::string ValueKind; ///< by_value, global_buffer, hidden_block_count_x, ...
};

struct SymbolInfo {
  std::string Name;
  ferry_symbol_kind Kind;
  uint64_t Size = 0;   ///< bytes (functions: code size)
  uint64_t Offset = 0; ///< in the image; the device address once loaded
  uint64_t DescriptorOffset = 0; ///< kernels of code objects: where NAME.kd is
  /// Kernels of code objects: resources from the metadata (0 if unknown).
  uint64_t VGPRs = 0, SGPRs = 0, AGPRs = 0, LDS = 0, Scratch = 0, Wave = 0,
           KernargSize = 0, KernargAlign = 0;
  /// Kernels of code objects: the largest work-group (launch bounds), 0 if
  /// the metadata does not say.
  uint64_t MaxFlatWorkGroupSize = 0;
  /// Kernels of code objects (v5): the stack grows past Scratch at run time
  /// (recursion, indirect calls, calls into other images).
  bool DynamicStack = false;
  /// Kernels of code objects: every argument, explicit and hidden, in order.
  std::vector<KernelArgDesc> Args;
};

/// One function of a code object's `.ferry.functions` section (see
/// docs/code-object-metadata.md): resources, callees and prototype, for
/// kernels and device functions alike.
struct FunctionRecord {
  std::string Name;
  bool Kernel = false;
  bool Local = false; ///< internal to its object: no other object calls it
  uint64_t VGPRs = 0, SGPRs = 0, AGPRs = 0, Scratch = 0, LDS = 0;
  /// Its own call sites include an indirect call or a call to a function
  /// its object does not define.
  bool CallsUnknown = false;
  std::string ReturnType;
  std::vector<std::string> Params;
  std::vector<std::string> Callees; ///< directly called, once each
  uint64_t IndirectCalls = 0;
  /// False for another compiler's device functions, whose registers and
  /// stack no section records.
  bool HasResources = true;
  /// Its object takes its address: it may be called through a pointer
  /// (`address_taken`; absent in tables of older objects: false).
  bool AddressTaken = false;
  /// Which table of the section: a linker concatenates its inputs'
  /// sections, so a linked code object holds one table per input object.
  unsigned Table = 0;
};

/// The version of `.ferry.functions` tables this reader understands.
inline constexpr uint64_t FunctionTableVersion = 1;

struct ImageIndex {
  /// "hsa-code-object", "ptx", "llvm-bitcode", "host-elf", "offload-package"
  std::string Format;
  std::string Target; ///< amdhsa.target, PTX .target, or ""
  std::vector<SymbolInfo> Symbols;
  /// Code objects: `amdhsa.printf`, the format strings of device printf
  /// ("0:0:<hash>,<format>", see core/DevicePrintf.h).
  std::vector<std::string> PrintfFormats;
  /// Code objects: the records of `.ferry.functions`, by table, then name.
  std::vector<FunctionRecord> Functions;
  /// Code objects: why Functions lacks some or all records ("" when every
  /// table was read): no section, or a table of a version this runtime
  /// does not read.
  std::string FunctionsNote;
  /// For host ELF files (executables, objects): the images in their
  /// .llvm.offloading section; for OffloadBinary packages: their images.
  std::vector<ImageIndex> Embedded;
  std::vector<std::string> EmbeddedArch;
  /// The embedded images themselves: pointers into the indexed bytes, valid
  /// while those are.
  std::vector<DeviceImageRef> EmbeddedImages;
};

/// Where an ELF image (32- or 64-bit, with a whole header) is cut short:
/// std::nullopt when its section headers and every section's contents lie
/// within \p Size bytes, -1 when the section headers do not, else the index
/// of the first section that does not.
std::optional<int> elfTruncation(const void *Data, size_t Size);

/// What indexImage says of bytes in none of the formats above.
inline constexpr const char *UnknownImageFormat =
    "not a device image: expected an HSA code object, PTX, an OffloadBinary package, or an "
    "executable or object built by Ferry";

/// Indexes \p Data (any of the formats above). Returns "" or what is wrong.
std::string indexImage(const void *Data, size_t Size, ImageIndex &Out);

/// The record of function \p Name as a call from table \p Table resolves
/// it: that table's own definition, else another table's non-local one;
/// nullptr when no table defines it.
const FunctionRecord *findFunction(const ImageIndex &Index, const std::string &Name,
                                   unsigned Table);

/// For a code object linked from several objects (a kernel image and
/// device-function libraries): checks every kernel against the functions of
/// other objects it reaches through calls, and returns "" or why the link
/// result cannot run. A kernel's registers were fixed when it was compiled,
/// without the library: a reachable function that uses more VGPRs, SGPRs or
/// AGPRs than the kernel's own record is refused, naming both and the
/// numbers. The stack is the dispatcher's to size: a kernel's Scratch
/// becomes its own plus the largest reachable library function's.
std::string resolveLinkedResources(ImageIndex &Index);

/// "" when a loader can run \p Index's code; else why not. AMDGPU code
/// objects with global constructors or destructors of device variables hold
/// kernels `amdgcn.device.init`/`amdgcn.device.fini` that a HIP-style
/// loader launches around the program; Ferry does not (NVVM IR comes from
/// CUDA, which has no such initialization; its translation refuses them),
/// so it refuses such images rather than run them uninitialized.
std::string checkRunnable(const ImageIndex &Index);

/// The target ID of AMDGPU code object (or relocatable object) bytes, from
/// its metadata ("amdgcn-amd-amdhsa--gfx90a:xnack-"); "" for anything else
/// (another ELF machine, not ELF, unreadable).
std::string amdgpuObjectTarget(const void *Data, size_t Size);
/// Whether \p Data is an ELF file for AMDGPU (readable or not).
bool isAMDGPUElf(const void *Data, size_t Size);
/// The processor of a target ID: "gfx90a" of the one above, or of "gfx90a".
std::string targetProcessor(const std::string &TargetID);

} // namespace ferry

#endif
