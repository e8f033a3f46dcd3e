//===- CompileCache.cpp - On-disk cache of compiled device images ---------===//
///
/// \file
/// Implementation of CompileCache.
///
//===----------------------------------------------------------------------===//
#include "ferry/Cache.h"

#include "FunctionTable.h"
#include "Lower.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <dlfcn.h>
#include <sys/stat.h>
#include <chrono>
#include <map>
#include <mutex>
#include <vector>

#ifndef FERRY_VERSION
#define FERRY_VERSION "unknown"
#endif

using namespace llvm;

namespace ferry {
namespace {

std::string defaultDir() {
  if (auto Env = sys::Process::GetEnv("FERRY_CACHE_DIR"))
    return *Env;
  SmallString<256> Dir;
  if (auto Xdg = sys::Process::GetEnv("XDG_CACHE_HOME"); Xdg && !Xdg->empty())
    Dir = *Xdg;
  else if (auto Home = sys::Process::GetEnv("HOME"))
    sys::path::append(Dir, *Home, ".cache");
  else
    sys::path::system_temp_directory(/*ErasedOnReboot=*/false, Dir);
  sys::path::append(Dir, "ferry");
  return std::string(Dir);
}

/// The digest of the library this code is in (libferry.so, or the program
/// that links it statically): a rebuilt compiler never reuses what an
/// earlier build of the same version compiled.
std::string buildDigest(const CacheOptions &Memo) {
  static const std::string Digest = [&] {
    Dl_info Info;
    if (!dladdr(reinterpret_cast<void *>(&buildDigest), &Info) || !Info.dli_fname)
      return std::string("unknown");
    return digestFiles({std::string(Info.dli_fname)}, Memo);
  }();
  return Digest;
}

} // namespace

namespace {
/// The key under which fileDigest remembers \p Path's digest: its identity
/// on disk, or "" when it has none (missing).
std::string fileIdentity(const std::string &Path) {
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
    return "";
  CacheKey Key;
  Key.field("ferry-file-digest", "1")
      .field("path", Path)
      .field("device", std::to_string(St.st_dev))
      .field("inode", std::to_string(St.st_ino))
      .field("size", std::to_string(St.st_size))
      .field("modified", std::to_string(St.st_mtim.tv_sec) + "." +
                             std::to_string(St.st_mtim.tv_nsec))
      .field("changed", std::to_string(St.st_ctim.tv_sec) + "." +
                            std::to_string(St.st_ctim.tv_nsec));
  return Key.hex();
}

/// The SHA-256 of \p Path's contents, computed.
std::string hashFile(const std::string &Path) {
  auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return "<missing>";
  return toHex(SHA256::hash(arrayRefFromStringRef((*Buffer)->getBuffer())),
               /*LowerCase=*/true);
}
} // namespace

std::string fileDigest(const std::string &Path, const CacheOptions &MemoOptions) {
  static std::mutex Mutex;
  static std::map<std::string, std::string> Known;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (auto It = Known.find(Path); It != Known.end())
    return It->second;
  std::string Digest;
  CacheOptions Of = MemoOptions;
  Of.Dir = CompileCache(MemoOptions).dir() + "/file-digests";
  CompileCache Memo(std::move(Of));
  std::string Identity = fileIdentity(Path);
  if (Identity.empty()) {
    Digest = "<missing>";
  } else if (std::optional<std::string> Hit = Memo.lookup(Identity);
             Hit && Hit->size() == 64 && all_of(*Hit, isHexDigit)) {
    Digest = std::move(*Hit);
  } else {
    Digest = hashFile(Path);
    if (Digest != "<missing>")
      consumeError(Memo.store(Identity, Digest)); // a memo that cannot be written is no error
  }
  Known.emplace(Path, Digest);
  return Digest;
}

std::string digestFiles(ArrayRef<std::string> Paths, const CacheOptions &Memo) {
  // Named by the file's name, not its path: the same libferry.so is
  // .../bin/../lib/libferry.so to the plugin and .../lib/libferry.so to the
  // runtime that opens it, and both must make the same keys.
  CacheKey Key;
  for (const std::string &P : Paths)
    Key.field(sys::path::filename(P), fileDigest(P, Memo));
  return Key.hex();
}

std::string deviceLibraryDigest(const std::string &Dir, const CacheOptions &Memo) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC))
    if (StringRef(I->path()).ends_with(".bc"))
      Files.push_back(I->path());
  std::sort(Files.begin(), Files.end());
  return digestFiles(Files, Memo);
}

CompileCache::CompileCache(CacheOptions O) : Opts(std::move(O)) {
  if (Opts.Dir.empty())
    Opts.Dir = defaultDir();
  if (auto Size = sys::Process::GetEnv("FERRY_CACHE_SIZE")) {
    uint64_t V;
    if (!StringRef(*Size).getAsInteger(10, V))
      Opts.MaxBytes = V;
  }
  if (auto Env = sys::Process::GetEnv("FERRY_CACHE"))
    if (*Env == "0" || StringRef(*Env).equals_insensitive("off"))
      Opts.Enabled = false;
}

CacheKey &CacheKey::field(StringRef Name, StringRef Value) {
  Hash.update(Name);
  Hash.update("=");
  Hash.update(Value);
  Hash.update("\n");
  return *this;
}

CacheKey &CacheKey::bytes(StringRef Bytes) {
  Hash.update(Bytes);
  return *this;
}

std::string CacheKey::hex() { return toHex(Hash.final(), /*LowerCase=*/true); }

namespace {
/// The key's fields for a compilation of \p Kind by \p Target with
/// \p Options and the libraries of \p LibraryDigest; the module follows.
CacheKey keyFields(StringRef Kind, StringRef Target, StringRef Options,
                   StringRef LibraryDigest, const CacheOptions &Memo) {
  CacheKey Key;
  Key.field("ferry", FERRY_VERSION)
      .field("build", buildDigest(Memo))
      .field("llvm", LLVM_VERSION_STRING)
      // Objects cached before .ferry.functions existed lack it.
      .field("function-table", std::to_string(FunctionsSectionVersion))
      .field("kind", Kind)
      .field("target", Target)
      .field("options", Options)
      .field("libraries", LibraryDigest);
  return Key;
}

/// The printed module, not its bitcode: bitcode also carries tables of the
/// whole LLVMContext (sync scopes, metadata kinds) that earlier compilations
/// in the same context extend.
std::string moduleText(const Module &M) {
  std::string Text;
  raw_string_ostream OS(Text);
  M.print(OS, nullptr);
  return Text;
}

/// Whether a compilation dumps its stages (and so bypasses the cache).
bool dumping(const DeviceTarget &T) {
  return !T.options().DumpDir.empty() || sys::Process::GetEnv("FERRY_DUMP_DIR").has_value();
}
} // namespace

std::string CompileCache::key(const Module &M, StringRef Kind, StringRef Target,
                              StringRef Options, StringRef LibraryDigest) {
  return keyFields(Kind, Target, Options, LibraryDigest, CacheOptions())
      .bytes(moduleText(M))
      .hex();
}

std::string CompileCache::path(const std::string &Key) const {
  SmallString<256> Path(Opts.Dir);
  sys::path::append(Path, Key);
  return std::string(Path);
}

void CompileCache::touch(const std::string &Key) {
  if (!Opts.Enabled)
    return;
  // The modification time is the use time for eviction. (Not OF_Append,
  // which creates the file: an entry evicted meanwhile stays away.)
  int FD;
  if (sys::fs::openFileForWrite(path(Key), FD, sys::fs::CD_OpenExisting))
    return;
  sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::time_point_cast<std::chrono::nanoseconds>(
              std::chrono::system_clock::now()));
  sys::Process::SafelyCloseFileDescriptor(FD);
}

std::optional<std::string> CompileCache::lookup(const std::string &Key) {
  if (!Opts.Enabled)
    return std::nullopt;
  auto Buffer = MemoryBuffer::getFile(path(Key), /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  touch(Key);
  return (*Buffer)->getBuffer().str();
}

Error CompileCache::store(const std::string &Key, StringRef Bytes) {
  if (!Opts.Enabled)
    return Error::success();
  if (std::error_code EC = sys::fs::create_directories(Opts.Dir))
    return createStringError(EC, "cannot create cache directory '%s': %s",
                             Opts.Dir.c_str(), EC.message().c_str());
  SmallString<256> Temp;
  const std::string Final = path(Key);
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(path(Key + ".tmp-%%%%%%%%"), FD, Temp))
    return createStringError(EC, "cannot write to cache directory '%s': %s",
                             Opts.Dir.c_str(), EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Bytes;
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Temp);
      return createStringError(inconvertibleErrorCode(),
                               "writing a cache entry in '%s' failed",
                               Opts.Dir.c_str());
    }
  }
  // Atomic: readers see the old entry, the new one, or none.
  if (std::error_code EC = sys::fs::rename(Temp, Final)) {
    sys::fs::remove(Temp);
    return createStringError(EC, "cannot store cache entry: %s", EC.message().c_str());
  }
  evict();
  return Error::success();
}

void CompileCache::evict() {
  struct Entry {
    std::string Path;
    uint64_t Size;
    sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  std::error_code EC;
  for (sys::fs::directory_iterator I(Opts.Dir, EC), E; I != E && !EC; I.increment(EC)) {
    sys::fs::file_status St;
    if (sys::fs::status(I->path(), St) || St.type() != sys::fs::file_type::regular_file)
      continue;
    if (StringRef(I->path()).contains(".tmp-"))
      continue; // another process is writing it
    Entries.push_back({I->path(), St.getSize(), St.getLastModificationTime()});
    Total += St.getSize();
  }
  if (Total <= Opts.MaxBytes)
    return;
  std::sort(Entries.begin(), Entries.end(),
            [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  for (const Entry &En : Entries) {
    if (Total <= Opts.MaxBytes)
      break;
    if (!sys::fs::remove(En.Path))
      Total -= En.Size;
  }
}

namespace {
/// The options field of a key: the target's, and \p Context where given.
std::string optionsField(const DeviceTarget::Identity &Id, StringRef Context) {
  std::string Options = Id.Options;
  if (!Context.empty())
    Options += (";context=" + Context).str();
  return Options;
}
} // namespace

Expected<std::string> CompileCache::compileKeyed(const std::string &Key,
                                                 function_ref<Expected<std::string>()> Compile) {
  if (std::optional<std::string> Hit = lookup(Key))
    return std::move(*Hit);
  Expected<std::string> Bytes = Compile();
  if (!Bytes)
    return Bytes.takeError();
  if (Error E = store(Key, *Bytes))
    consumeError(std::move(E)); // a cache that cannot be written is no error
  return Bytes;
}

Expected<std::string> CompileCache::compile(const DeviceTarget &T, const Module &M,
                                            ImageKind Kind, StringRef Context) {
  if (!enabled() || !T.produces(Kind) || dumping(T))
    return T.compile(M, Kind);
  DeviceTarget::Identity Id = T.identity(Opts);
  CacheKey Key = keyFields(imageKindName(Kind), Id.Processor, optionsField(Id, Context),
                           Id.Libraries, Opts);
  return compileKeyed(Key.bytes(moduleText(M)).hex(), [&] { return T.compile(M, Kind); });
}

Expected<std::string>
CompileCache::compileBitcode(const DeviceTarget &T, StringRef Bitcode,
                             function_ref<Expected<std::unique_ptr<Module>>()> Parse,
                             ImageKind Kind, StringRef Context) {
  auto ParseAndCompile = [&]() -> Expected<std::string> {
    Expected<std::unique_ptr<Module>> M = Parse();
    if (!M)
      return M.takeError();
    return T.compile(**M, Kind);
  };
  if (!enabled() || !T.produces(Kind) || dumping(T))
    return ParseAndCompile();
  DeviceTarget::Identity Id = T.identity(Opts);
  CacheKey Key = keyFields(imageKindName(Kind), Id.Processor, optionsField(Id, Context),
                           Id.Libraries, Opts);
  Key.field("module", "bitcode").bytes(Bitcode);
  return compileKeyed(Key.hex(), ParseAndCompile);
}

} // namespace ferry
