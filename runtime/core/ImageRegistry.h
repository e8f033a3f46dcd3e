//===- ImageRegistry.h - Device images known to the runtime ----*- C++ -*-===//
///
/// \file
/// Programs built by Ferry carry their device images in LLVM's OffloadBinary
/// format (the .llvm.offloading section) and register them from a
/// constructor. The runtime reads that format itself (no LLVM here),
/// validating every offset, and keeps the images for the backends.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_IMAGEREGISTRY_H
#define FERRY_RUNTIME_CORE_IMAGEREGISTRY_H

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace ferry {

/// One image of a package; Data points into the registered package.
struct DeviceImageRef {
  uint16_t Kind = 0; ///< OffloadBinary ImageKind: 1 object, 2 bitcode, 5 PTX
  std::string Triple, Arch, Producer;
  /// The FERRY_DEFERRED_KEY role of device IR that the runtime compiles at
  /// first use (ferry/DeferredCompile.h); empty for a compiled image.
  std::string Deferred;
  /// A CUDA program's AMD image: the sm_NN it was translated from
  /// (FERRY_CUDA_ARCH_KEY, ferry/PackageKeys.h); empty otherwise.
  std::string CudaArch;
  /// Its FERRY_DIGEST_KEY, and for an image ferry-link compiled, the digest
  /// of the device IR it came from (FERRY_COMPILED_FROM_KEY,
  /// ferry/PackageKeys.h).
  std::string Digest, CompiledFrom;
  const unsigned char *Data = nullptr;
  size_t Size = 0;
  /// The package it came in (its number in registration order); images the
  /// runtime compiled from a package's device IR count as that package's.
  size_t Package = 0;
};

/// The first bytes of every OffloadBinary (LLVM's `OffloadBinary::Magic`).
inline constexpr unsigned char OffloadBinaryMagic[4] = {0x10, 0xFF, 0x10, 0xAD};

/// The header ferry-nvcc puts before the package of a CUDA program's file
/// (where nvcc puts its fat binary): these 8 bytes, then the package's size
/// as a little-endian 64-bit number (runtime/cudart/CudaRuntime.h).
inline constexpr char CudaPackageMagic[8] = {'F', 'E', 'R', 'R', 'Y', 'C', 'U', '1'};
/// The same for the NVVM bitcode of relocatable device code (-rdc), which
/// only ferry-nvcc's device link reads.
inline constexpr char CudaRelocatableMagic[8] = {'F', 'E', 'R', 'R', 'Y', 'R', 'D', '1'};

/// "object", "bitcode", "cubin", "fatbinary", "ptx", or "unknown".
const char *imageKindName(uint16_t Kind);
/// The OffloadBinary ImageKind that imageKindName calls \p Name (0 for an
/// unknown one).
uint16_t imageKindNumber(const char *Name);

/// Parses a package of concatenated OffloadBinary entries. Returns an empty
/// string on success, else what is wrong and at which offset.
std::string parseOffloadPackage(const unsigned char *Data, size_t Size,
                                std::vector<DeviceImageRef> &Out);

class ImageRegistry {
public:
  static ImageRegistry &get();
  /// Adds every image of a package; returns the parse error, if any.
  std::string addPackage(const void *Data, size_t Size);
  size_t size() const;
  /// Image \p Index, or nullptr. Images are only appended and never move, so
  /// the pointer (and its strings) stay valid for the life of the process.
  const DeviceImageRef *image(size_t Index) const;
  /// The translated IR for \p Arch (bitcode, not device IR) that follows
  /// object image \p Object in its package, which the emulated devices run
  /// (-fplugin-arg-ferry-embed-ir, or compiled from the package's device IR
  /// and registered after the registry's other images); nullptr if none.
  const DeviceImageRef *translatedIR(size_t Object, const std::string &Arch) const;
  /// Whether any package brought device IR for the runtime to compile
  /// (DeviceImageRef::Deferred).
  bool hasDeviceIR() const;
  /// Adds an image the runtime compiled (\p Ref's Data and Size are set to
  /// \p Bytes, which the registry keeps).
  void addCompiled(DeviceImageRef Ref, std::string Bytes);

private:
  mutable std::mutex Mutex;
  std::deque<DeviceImageRef> Images;
  std::deque<std::string> Compiled;
  size_t Packages = 0;
  bool DeviceIR = false;
};

} // namespace ferry

#endif
