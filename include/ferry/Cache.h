//===- ferry/Cache.h - On-disk cache of compiled device images --*- C++ -*-===//
///
/// \file
/// A content-addressed cache for the JIT paths: the key hashes the input IR
/// (as printed),
/// Ferry's and LLVM's versions, the device libraries' contents, the full
/// target ID and every option that changes the output (never anything
/// volatile such as clock rates). Entries are written to a temporary file and
/// renamed into place, so several processes can fill the cache at once; the
/// total size is bounded, least recently used entries go first.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_CACHE_H
#define FERRY_CACHE_H

#include "ferry/DeviceTarget.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {

struct CacheOptions {
  /// Empty: FERRY_CACHE_DIR, else $XDG_CACHE_HOME/ferry, else ~/.cache/ferry.
  std::string Dir;
  /// Upper bound of the cache's size in bytes (FERRY_CACHE_SIZE overrides;
  /// default 256 MiB).
  uint64_t MaxBytes = 256ull << 20;
  /// False, or FERRY_CACHE=0: compile every time, touch nothing on disk.
  bool Enabled = true;
};

class CompileCache {
public:
  explicit CompileCache(CacheOptions Opts = {});

  bool enabled() const { return Opts.Enabled; }
  const std::string &dir() const { return Opts.Dir; }

  /// The stored bytes for \p Key (a hex digest), refreshing its use time.
  std::optional<std::string> lookup(const std::string &Key);
  /// Stores \p Bytes under \p Key atomically, then evicts down to the bound.
  llvm::Error store(const std::string &Key, llvm::StringRef Bytes);

  /// \p M compiled by \p T into \p Kind, from the cache or compiled and
  /// stored. Errors are never stored. \p Context is whatever else decides
  /// the output in this process (the plugin's `-mllvm` options); it is part
  /// of the key. A compilation that dumps its stages (DeviceOptions::DumpDir
  /// or FERRY_DUMP_DIR) bypasses the cache, so that the stages are written.
  llvm::Expected<std::string> compile(const DeviceTarget &T, const llvm::Module &M,
                                      ImageKind Kind, llvm::StringRef Context = "");

  /// The key of a compilation: a SHA-256 hex digest of everything that
  /// determines its output.
  static std::string key(const llvm::Module &M, llvm::StringRef Kind,
                         llvm::StringRef Target, llvm::StringRef Options,
                         llvm::StringRef LibraryDigest);

private:
  void evict();
  CacheOptions Opts;
};

} // namespace ferry

#endif
