//===- CompileCacheTest.cpp - The on-disk compile cache -------------------===//
#include "ferry/Cache.h"
#include "Lower.h"
#include "NvvmKernels.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace {

class CompileCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("ferry-cache-test", Dir));
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  ferry::CompileCache cache(uint64_t MaxBytes = 1 << 20, bool Enabled = true) {
    ferry::CacheOptions O;
    O.Dir = std::string(Dir);
    O.MaxBytes = MaxBytes;
    O.Enabled = Enabled;
    return ferry::CompileCache(O);
  }
  /// The cache's entries (not the file-digests memo's directory).
  std::vector<std::string> files() {
    std::vector<std::string> Names;
    std::error_code EC;
    for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC))
      if (!sys::fs::is_directory(I->path()))
        Names.push_back(sys::path::filename(I->path()).str());
    std::sort(Names.begin(), Names.end());
    return Names;
  }
  /// In a cache of 100 bytes: stores a, then b (40 bytes each), lets \p Use
  /// use a, stores c: the entries left.
  std::vector<std::string> filesAfterUsingA(function_ref<void(ferry::CompileCache &)> Use) {
    auto C = cache(/*MaxBytes=*/100);
    auto Store = [&](const char *Key) {
      EXPECT_FALSE(bool(C.store(Key, std::string(40, Key[0]))));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    };
    Store("a");
    Store("b");
    Use(C);
    Store("c");
    return files();
  }
  std::unique_ptr<Module> parse(StringRef Text) {
    SMDiagnostic Err;
    auto M = parseAssemblyString(Text, Err, Ctx);
    if (!M)
      Err.print("test", errs());
    return M;
  }

  SmallString<128> Dir;
  LLVMContext Ctx;
};

const char *const Kernel = TidKernel;

TEST_F(CompileCacheTest, StoresAndFindsEntries) {
  auto C = cache();
  EXPECT_FALSE(C.lookup("abc"));
  ASSERT_FALSE(bool(C.store("abc", "bytes")));
  EXPECT_EQ(C.lookup("abc"), std::optional<std::string>("bytes"));
  EXPECT_EQ(files(), std::vector<std::string>{"abc"});
}

TEST_F(CompileCacheTest, KeyChangesWithEveryInput) {
  auto M = parse(Kernel);
  auto M2 = parse(std::string(Kernel) + "\n@g = global i32 1\n");
  ASSERT_TRUE(M && M2);
  using ferry::CompileCache;
  std::string K = CompileCache::key(*M, "hsaco", "gfx90a", "cov=5", "libs");
  EXPECT_EQ(K, CompileCache::key(*M, "hsaco", "gfx90a", "cov=5", "libs"));
  EXPECT_EQ(K.size(), 64u);
  EXPECT_NE(K, CompileCache::key(*M2, "hsaco", "gfx90a", "cov=5", "libs"));
  EXPECT_NE(K, CompileCache::key(*M, "ptx", "gfx90a", "cov=5", "libs"));
  EXPECT_NE(K, CompileCache::key(*M, "hsaco", "gfx90a:xnack-", "cov=5", "libs"));
  EXPECT_NE(K, CompileCache::key(*M, "hsaco", "gfx90a", "cov=4", "libs"));
  EXPECT_NE(K, CompileCache::key(*M, "hsaco", "gfx90a", "cov=5", "other libs"));
}

TEST_F(CompileCacheTest, ConcurrentFillsLeaveOneCompleteEntry) {
  auto C = cache();
  std::string Big(1 << 16, 'x');
  std::vector<std::thread> Threads;
  std::atomic<int> Torn{0};
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&] {
      auto Local = cache();
      for (int I = 0; I < 20; ++I) {
        ASSERT_FALSE(bool(Local.store("shared", Big)));
        if (auto V = Local.lookup("shared"); V && *V != Big)
          ++Torn;
      }
    });
  for (auto &T : Threads)
    T.join();
  EXPECT_EQ(Torn.load(), 0);
  EXPECT_EQ(C.lookup("shared"), std::optional<std::string>(Big));
  EXPECT_EQ(files(), std::vector<std::string>{"shared"}); // no temporaries left
}

TEST_F(CompileCacheTest, EvictsLeastRecentlyUsedFirst) {
  // a is now more recent than b
  EXPECT_EQ(filesAfterUsingA([](ferry::CompileCache &C) { EXPECT_TRUE(C.lookup("a")); }),
            (std::vector<std::string>{"a", "c"}));
}

TEST_F(CompileCacheTest, TouchRefreshesTheUseTimeAsLookupDoes) {
  SmallString<128> A(Dir);
  sys::path::append(A, "a");
  EXPECT_EQ(cache().path("a"), std::string(A));
  EXPECT_EQ(filesAfterUsingA([](ferry::CompileCache &C) {
              C.touch("a");
              C.touch("none"); // creates nothing
            }),
            (std::vector<std::string>{"a", "c"}));
}

TEST_F(CompileCacheTest, KeysDigestNamedFieldsThenBytes) {
  // sha256("kind=pch\nclang=19\nmodule text")
  EXPECT_EQ(ferry::CacheKey().field("kind", "pch").field("clang", "19").bytes("module text").hex(),
            "e1b4a78409ef1f5da83916c3785fdee3d6ac7210748634004e1f2076fd3dddb4");
}

TEST_F(CompileCacheTest, DisabledCacheTouchesNothing) {
  auto C = cache(1 << 20, /*Enabled=*/false);
  ASSERT_FALSE(bool(C.store("k", "v")));
  EXPECT_FALSE(C.lookup("k"));
  EXPECT_TRUE(files().empty());
}

TEST_F(CompileCacheTest, CodeObjectsComeFromTheCacheOnAHit) {
  auto M = parse(Kernel);
  ASSERT_TRUE(M);
  auto C = cache();
  auto Target = [](const char *Arch) {
    auto T = ferry::DeviceTarget::create(Arch);
    EXPECT_TRUE(bool(T)) << toString(T.takeError());
    return std::move(*T);
  };
  auto GFX90A = Target("gfx90a");
  const auto Hsaco = ferry::ImageKind::CodeObject;
  auto First = C.compile(*GFX90A, *M, Hsaco);
  ASSERT_TRUE(bool(First)) << toString(First.takeError());
  ASSERT_EQ(files().size(), 1u);
  // The device libraries' digests are remembered in this cache.
  EXPECT_TRUE(sys::fs::is_directory(Dir + "/file-digests"));
  // Replace the entry: a hit must return it, not recompile.
  std::string Entry = (Dir + "/" + files()[0]).str();
  {
    std::error_code EC;
    raw_fd_ostream OS(Entry, EC);
    OS << "cached";
  }
  auto Second = C.compile(*GFX90A, *M, Hsaco);
  ASSERT_TRUE(bool(Second));
  EXPECT_EQ(*Second, "cached");
  // Another target is a miss and a second entry.
  auto Third = C.compile(*Target("gfx1100"), *M, Hsaco);
  ASSERT_TRUE(bool(Third));
  EXPECT_NE(*Third, "cached");
  EXPECT_EQ(files().size(), 2u);
}


TEST_F(CompileCacheTest, BitcodeIsParsedOnlyOnAMiss) {
  auto M = parse(Kernel);
  ASSERT_TRUE(M);
  std::string Bitcode;
  {
    raw_string_ostream OS(Bitcode);
    WriteBitcodeToFile(*M, OS);
  }
  auto C = cache();
  auto T = ferry::DeviceTarget::create("gfx90a");
  ASSERT_TRUE(bool(T)) << toString(T.takeError());
  int Parses = 0;
  LLVMContext Local;
  auto Parse = [&]() -> Expected<std::unique_ptr<Module>> {
    ++Parses;
    return parseBitcodeFile(MemoryBufferRef(Bitcode, "kernel"), Local);
  };
  const auto Hsaco = ferry::ImageKind::CodeObject;
  auto First = C.compileBitcode(**T, Bitcode, Parse, Hsaco);
  ASSERT_TRUE(bool(First)) << toString(First.takeError());
  EXPECT_EQ(Parses, 1);
  ASSERT_EQ(files().size(), 1u);
  // The same bitcode again: the entry, unparsed.
  auto Second = C.compileBitcode(**T, Bitcode, Parse, Hsaco);
  ASSERT_TRUE(bool(Second));
  EXPECT_EQ(*Second, *First);
  EXPECT_EQ(Parses, 1);
  // Other options (the plugin's -mllvm context) are a miss.
  auto Third = C.compileBitcode(**T, Bitcode, Parse, Hsaco, "-unroll-threshold=0");
  ASSERT_TRUE(bool(Third));
  EXPECT_EQ(Parses, 2);
  EXPECT_EQ(files().size(), 2u);
  // A parse error comes back as the error, and nothing is stored.
  auto Broken = C.compileBitcode(
      **T, "not bitcode", [] { return Expected<std::unique_ptr<Module>>(
                                   createStringError(inconvertibleErrorCode(), "bad bitcode")); },
      Hsaco);
  ASSERT_FALSE(bool(Broken));
  EXPECT_EQ(toString(Broken.takeError()), "bad bitcode");
  EXPECT_EQ(files().size(), 2u);
}


/// ferry::fileDigest of \p Path computed in a new process (the digest is
/// remembered once per process), with FERRY_CACHE_DIR=\p CacheDir, and
/// \p Memo's options.
std::string fileDigestInNewProcess(const std::string &Path, const std::string &CacheDir,
                                   const ferry::CacheOptions &Memo = {}) {
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return "<pipe failed>";
  pid_t Child = fork();
  if (Child == 0) {
    setenv("FERRY_CACHE_DIR", CacheDir.c_str(), 1);
    std::string Digest = ferry::fileDigest(Path, Memo);
    ssize_t Written = write(Pipe[1], Digest.data(), Digest.size());
    _exit(Written == ssize_t(Digest.size()) ? 0 : 1);
  }
  close(Pipe[1]);
  std::string Digest;
  char Buffer[128];
  for (ssize_t N; (N = read(Pipe[0], Buffer, sizeof Buffer)) > 0;)
    Digest.append(Buffer, size_t(N));
  close(Pipe[0]);
  int Status = 0;
  waitpid(Child, &Status, 0);
  return Digest;
}

TEST_F(CompileCacheTest, FileDigestsAreRememberedUntilTheFileChanges) {
  const std::string Input = (Dir + "/input").str();
  auto Write = [&](StringRef Text) {
    std::error_code EC;
    raw_fd_ostream(Input, EC) << Text;
    ASSERT_FALSE(EC);
  };
  const std::string CacheDir = (Dir + "/cache").str();
  const std::string Memo = CacheDir + "/file-digests";
  auto MemoFiles = [&] {
    std::vector<std::string> Paths;
    std::error_code EC;
    for (sys::fs::directory_iterator I(Memo, EC), E; I != E && !EC; I.increment(EC))
      Paths.push_back(I->path());
    return Paths;
  };
  Write("abc");
  // SHA-256 of "abc", and one memo entry holding it.
  const std::string ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  EXPECT_EQ(fileDigestInNewProcess(Input, CacheDir), ABC);
  std::vector<std::string> Entries = MemoFiles();
  ASSERT_EQ(Entries.size(), 1u);
  auto Contents = MemoryBuffer::getFile(Entries[0]);
  ASSERT_TRUE(bool(Contents));
  EXPECT_EQ((*Contents)->getBuffer(), ABC);
  // The next process reads the memo instead of the file (a planted digest
  // shows it).
  {
    std::error_code EC;
    raw_fd_ostream(Entries[0], EC) << std::string(64, 'a');
  }
  EXPECT_EQ(fileDigestInNewProcess(Input, CacheDir), std::string(64, 'a'));
  // A write to the file (same size) is seen: the contents are hashed again.
  Write("xyz");
  EXPECT_EQ(fileDigestInNewProcess(Input, CacheDir),
            "3608bca1e44ea6c4d268eb6db02260269892c0b42b86bbf1e77a6fa16c3c9282");
  // A missing file has no memo entry.
  EXPECT_EQ(fileDigestInNewProcess((Dir + "/absent").str(), CacheDir), "<missing>");
  EXPECT_EQ(MemoFiles().size(), 2u);
}

// The key's digest of Ferry's library and the device libraries is their
// names and contents, not where they were found: the plugin and the runtime
// (device code compiled at first use) reach the same libferry.so by
// different paths and must make the same keys.
TEST_F(CompileCacheTest, FileDigestsOfKeysAreNamesAndContentsNotPaths) {
  auto Write = [&](StringRef Sub, StringRef Name, StringRef Text) {
    SmallString<128> Path(Dir);
    sys::path::append(Path, Sub);
    EXPECT_FALSE(sys::fs::create_directories(Path));
    sys::path::append(Path, Name);
    std::error_code EC;
    raw_fd_ostream(Path, EC) << Text;
    EXPECT_FALSE(EC);
    return std::string(Path);
  };
  const std::string A = Write("a", "libx.so", "abc");
  const std::string B = Write("b", "libx.so", "abc");
  const std::string Renamed = Write("b", "liby.so", "abc");
  const std::string Changed = Write("c", "libx.so", "abd");
  const std::string Dotted = (Dir + "/b/../a/libx.so").str();
  ferry::CacheOptions NoMemo;
  NoMemo.Enabled = false;
  auto Digest = [&](const std::string &Path) { return ferry::digestFiles({Path}, NoMemo); };
  EXPECT_EQ(Digest(A), Digest(B));
  EXPECT_EQ(Digest(A), Digest(Dotted));
  EXPECT_NE(Digest(A), Digest(Renamed));
  EXPECT_NE(Digest(A), Digest(Changed));
}

TEST_F(CompileCacheTest, FileDigestsAreRememberedInTheCachesOwnDirectory) {
  const std::string Input = (Dir + "/input").str();
  {
    std::error_code EC;
    raw_fd_ostream(Input, EC) << "abc";
    ASSERT_FALSE(EC);
  }
  const std::string ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  const std::string Default = (Dir + "/default").str(), Own = (Dir + "/own").str();
  // A cache of its own directory (a JIT's CacheOptions): the memo is there,
  // not in the default cache.
  ferry::CacheOptions O;
  O.Dir = Own;
  EXPECT_EQ(fileDigestInNewProcess(Input, Default, O), ABC);
  EXPECT_TRUE(sys::fs::is_directory(Own + "/file-digests"));
  EXPECT_FALSE(sys::fs::exists(Default));
  // A disabled cache: the digest is computed, nothing is written.
  ferry::CacheOptions Off;
  Off.Dir = (Dir + "/off").str();
  Off.Enabled = false;
  EXPECT_EQ(fileDigestInNewProcess(Input, Default, Off), ABC);
  EXPECT_FALSE(sys::fs::exists(Off.Dir));
  EXPECT_FALSE(sys::fs::exists(Default));
}

} // namespace
