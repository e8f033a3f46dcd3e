//===- DiskCache.h - The runtime's files in Ferry's cache directory -*- C++ -*-===//
///
/// \file
/// What the runtime keeps between a program's runs: native code the CUDA
/// driver JIT-compiled from PTX (cuda/), and the images compiled from device
/// IR at first use (deferred/). The directory is the compile cache's
/// (FERRY_CACHE_DIR, else $XDG_CACHE_HOME/ferry or ~/.cache/ferry; none with
/// FERRY_CACHE=0); the LLVM-based compile cache in compiler/CompileCache.cpp
/// is not the runtime's to call. Every file is an aid: a missing, unreadable
/// or foreign one means "compile again".
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_DISKCACHE_H
#define FERRY_RUNTIME_CORE_DISKCACHE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ferry {

/// The subdirectory \p Sub of the cache directory, created if needed; ""
/// without one (FERRY_CACHE=0, no home, not creatable). Decided once per
/// process for each \p Sub.
std::string runtimeCacheDir(const char *Sub);

/// A 64-bit FNV-1a digest, fed piece by piece.
class Fnv1a {
public:
  void add(const void *Data, size_t Size) {
    for (size_t I = 0; I < Size; ++I)
      Hash = (Hash ^ static_cast<const unsigned char *>(Data)[I]) * 1099511628211ull;
  }
  void add(const std::string &Text) {
    add(Text.data(), Text.size());
    add("", 1); // "ab" + "c" differs from "a" + "bc"
  }
  void add(uint64_t Value) { add(&Value, sizeof Value); }
  /// 16 hexadecimal digits.
  std::string hex() const;

private:
  uint64_t Hash = 14695981039346656037ull; // FNV-1a 64's offset basis
};

/// The contents of \p Path; false when it cannot be read or is empty.
bool readCacheFile(const std::string &Path, std::vector<char> &Out);
/// Writes \p Bytes to \p Path whole, under a temporary name then renamed, so
/// that a reader never sees part of it; a failure leaves no file.
void writeCacheFile(const std::string &Path, const std::vector<char> &Bytes);

/// "<size>:<modification time in ns>" of \p Path, to tell a rebuilt file
/// from the one an entry was made with; "" when it cannot be stat'ed.
std::string fileIdentity(const std::string &Path);

} // namespace ferry

#endif
