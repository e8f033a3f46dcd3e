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

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SHA256.h"

#include <cstdint>
#include <memory>
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

/// A key being built: the SHA-256 digest of named fields (`name=value`, a
/// line each) and of any bytes added as they are. The compile cache's keys
/// are made so, and so is the plugin's key of its header's PCH.
class CacheKey {
public:
  CacheKey &field(llvm::StringRef Name, llvm::StringRef Value);
  CacheKey &bytes(llvm::StringRef Bytes);
  /// The key: the digest as lowercase hex (the key is done then).
  std::string hex();

private:
  llvm::SHA256 Hash;
};

/// The SHA-256 of the contents of the file \p Path (lowercase hex;
/// "<missing>" for a file that cannot be read). Hashing Ferry's library, the
/// device libraries and ptxas costs about a second of CPU per compile, so the
/// digest is remembered in the directory of the compile cache of \p Memo
/// (the default one: FERRY_CACHE_DIR, ...; a CompileCache passes its own
/// options) under the file's identity (device, inode, size, modification and
/// status-change times: any write to the file changes the status-change
/// time) and read from there by later processes; with that cache disabled
/// (\p Memo's Enabled, FERRY_CACHE=0) it is computed each time and nothing
/// is written. Once per process for each file.
std::string fileDigest(const std::string &Path, const CacheOptions &Memo = {});

class CompileCache {
public:
  explicit CompileCache(CacheOptions Opts = {});

  bool enabled() const { return Opts.Enabled; }
  const std::string &dir() const { return Opts.Dir; }

  /// The stored bytes for \p Key (a hex digest), refreshing its use time.
  std::optional<std::string> lookup(const std::string &Key);
  /// The file of the entry \p Key, stored or not.
  std::string path(const std::string &Key) const;
  /// Refreshes the use time of the entry \p Key (the modification time,
  /// which eviction reads), as lookup does; nothing where there is none.
  void touch(const std::string &Key);
  /// Stores \p Bytes under \p Key atomically, then evicts down to the bound.
  llvm::Error store(const std::string &Key, llvm::StringRef Bytes);

  /// \p M compiled by \p T into \p Kind, from the cache or compiled and
  /// stored. Errors are never stored. \p Context is whatever else decides
  /// the output in this process (the plugin's `-mllvm` options); it is part
  /// of the key. A compilation that dumps its stages (DeviceOptions::DumpDir
  /// or FERRY_DUMP_DIR) bypasses the cache, so that the stages are written.
  llvm::Expected<std::string> compile(const DeviceTarget &T, const llvm::Module &M,
                                      ImageKind Kind, llvm::StringRef Context = "");

  /// As compile(), for a module that comes as \p Bitcode (the plugin's
  /// targets each parse the file's device module into a context of their
  /// own): the key digests the bitcode itself, so that a hit neither parses
  /// nor prints the module; \p Parse makes it on a miss.
  llvm::Expected<std::string>
  compileBitcode(const DeviceTarget &T, llvm::StringRef Bitcode,
                 llvm::function_ref<llvm::Expected<std::unique_ptr<llvm::Module>>()> Parse,
                 ImageKind Kind, llvm::StringRef Context = "");

  /// The key of a compilation: a SHA-256 hex digest of everything that
  /// determines its output.
  static std::string key(const llvm::Module &M, llvm::StringRef Kind,
                         llvm::StringRef Target, llvm::StringRef Options,
                         llvm::StringRef LibraryDigest);

private:
  void evict();
  /// The entry \p Key, or \p Compile's bytes stored under it.
  llvm::Expected<std::string> compileKeyed(const std::string &Key,
                                           llvm::function_ref<llvm::Expected<std::string>()> Compile);
  CacheOptions Opts;
};

} // namespace ferry

#endif
