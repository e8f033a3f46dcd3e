//===- DeferredCompileTest.cpp - ferry_compile_deferred, libferry.so's side ===//
///
/// The C entry the runtime calls to compile a program's device IR
/// (-fplugin-arg-ferry-jit) for the device it runs on: what it hands back
/// for each role and vendor, and the message of each way a call can fail.
//===----------------------------------------------------------------------===//
#include "ferry/DeferredCompile.h"
#include "ferry/DeviceLink.h"
#include "NvvmKernels.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

using namespace llvm;

namespace {

const char *const Kernel = TidKernel;

struct Image {
  std::string Kind, Triple, Arch;
  size_t Size;
};

void sink(void *Context, const char *Kind, const char *Triple, const char *Arch, const void *,
          size_t Size) {
  static_cast<std::vector<Image> *>(Context)->push_back({Kind, Triple, Arch, Size});
}

class DeferredCompileTest : public ::testing::Test {
protected:
  void SetUp() override {
    setenv("FERRY_CACHE", "0", 1);
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(Kernel, Err, Ctx);
    ASSERT_TRUE(M);
    raw_string_ostream OS(Bitcode);
    WriteBitcodeToFile(*M, OS);
  }
  void TearDown() override { unsetenv("FERRY_CACHE"); }

  /// Compiles \p Bytes as \p Role for \p Arch: the images, or the message.
  int compile(const std::string &Bytes, const char *Role, const char *Arch, int Emulated) {
    Images.clear();
    Message[0] = 'x';
    return ferry_compile_deferred(Bytes.data(), Bytes.size(), Role, Arch, Emulated, &sink,
                                  &Images, Message, sizeof Message);
  }

  LLVMContext Ctx;
  std::string Bitcode;
  std::vector<Image> Images;
  char Message[512];
};

TEST_F(DeferredCompileTest, KernelsBecomeTheDevicesLoadableImage) {
  ASSERT_EQ(compile(Bitcode, FERRY_DEFERRED_KERNELS, "gfx90a", 0), 0) << Message;
  EXPECT_STREQ(Message, "");
  ASSERT_EQ(Images.size(), 1u);
  EXPECT_EQ(Images[0].Kind, "object");
  EXPECT_EQ(Images[0].Triple, "amdgcn-amd-amdhsa");
  EXPECT_EQ(Images[0].Arch, "gfx90a");
  ASSERT_EQ(compile(Bitcode, FERRY_DEFERRED_KERNELS, "sm_90", 0), 0) << Message;
  ASSERT_EQ(Images.size(), 1u);
  EXPECT_EQ(Images[0].Kind, "ptx");
  EXPECT_EQ(Images[0].Triple, "nvptx64-nvidia-cuda");
  EXPECT_EQ(Images[0].Arch, "sm_90");
}

// The emulated AMD devices run the translated IR, right after its object;
// NVIDIA has none.
TEST_F(DeferredCompileTest, EmulatedDevicesGetTheTranslatedIRToo) {
  ASSERT_EQ(compile(Bitcode, FERRY_DEFERRED_ROUTINES, "gfx1100", 1), 0) << Message;
  ASSERT_EQ(Images.size(), 2u);
  EXPECT_EQ(Images[0].Kind, "object");
  EXPECT_EQ(Images[1].Kind, "bitcode");
  EXPECT_EQ(Images[1].Arch, "gfx1100");
  ASSERT_EQ(compile(Bitcode, FERRY_DEFERRED_LINKED_KERNELS, "sm_80", 1), 0) << Message;
  ASSERT_EQ(Images.size(), 1u);
  EXPECT_EQ(Images[0].Kind, "ptx");
}

TEST_F(DeferredCompileTest, EachFailureSaysWhy) {
  EXPECT_NE(compile(Bitcode, "everything", "gfx90a", 0), 0);
  EXPECT_STREQ(Message, "the device IR's role 'everything' is none of 'kernels', "
                        "'linked-kernels' and 'routines' (a program built by another version "
                        "of Ferry?)");
  EXPECT_NE(compile(Bitcode, FERRY_DEFERRED_KERNELS, "gfx9999", 0), 0);
  EXPECT_STREQ(Message, "unknown AMDGPU processor 'gfx9999' in target 'gfx9999' (e.g. gfx90a, "
                        "gfx942, gfx1030, gfx1100)");
  EXPECT_NE(compile("not bitcode", FERRY_DEFERRED_KERNELS, "gfx90a", 0), 0);
  EXPECT_EQ(std::string(Message).rfind("cannot compile the compute regions for gfx90a: ", 0), 0u)
      << Message;
  EXPECT_TRUE(Images.empty());
  EXPECT_NE(ferry_compile_deferred(nullptr, 0, FERRY_DEFERRED_KERNELS, "gfx90a", 0, &sink,
                                   &Images, Message, sizeof Message),
            0);
  EXPECT_STREQ(Message, "ferry_compile_deferred: a null argument");
  // A message longer than the buffer is cut, NUL-terminated.
  char Short[8];
  EXPECT_NE(ferry_compile_deferred(Bitcode.data(), Bitcode.size(), "x", "gfx90a", 0, &sink,
                                   &Images, Short, sizeof Short),
            0);
  EXPECT_STREQ(Short, "the dev");
}

} // namespace

// Where ferry-link reports a region it cannot compile: the sites the plugin
// records come back field for field, file names with tabs, newlines and
// backslashes (a `#line` directive's) included, and lines of another shape
// are left out.
TEST(RegionSites, ComeBackFieldForField) {
  const std::vector<ferry::RegionSite> Sites = {
      {"__ferry_a_cpp_3_loop_1f", "a.cpp:3 loop", "a.cpp:3:9"},
      {"__ferry_b_cpp_7_loop_2e", "odd\tname\\x:7 loop", "dir/odd\tname\nx\\y.cpp:7:1"}};
  const std::string Text = ferry::writeRegionSites(Sites);
  EXPECT_EQ(std::count(Text.begin(), Text.end(), '\n'), 2);
  const std::vector<ferry::RegionSite> Back =
      ferry::readRegionSites(Text + "a line\twith two fields\n\n");
  ASSERT_EQ(Back.size(), 2u);
  for (size_t I = 0; I < 2; ++I) {
    EXPECT_EQ(Back[I].Kernel, Sites[I].Kernel);
    EXPECT_EQ(Back[I].Name, Sites[I].Name);
    EXPECT_EQ(Back[I].Location, Sites[I].Location);
  }
  EXPECT_TRUE(ferry::readRegionSites("").empty());
}

// A compile error names the region after its kernel, and explains private
// memory over the limit; an error about another kernel is left as it is.
TEST(RegionSites, ErrorsNameTheRegion) {
  std::string Error = "stack frame size (163856) exceeds limit (131056) in function "
                      "'__ferry_a_cpp_3_loop_1f'";
  EXPECT_TRUE(ferry::explainRegionError(Error, "__ferry_a_cpp_3_loop_1f", "a.cpp:3 loop"));
  EXPECT_NE(Error.find("'__ferry_a_cpp_3_loop_1f' (the region 'a.cpp:3 loop')"),
            std::string::npos);
  EXPECT_NE(Error.find("that is the private memory of each work-item"), std::string::npos);
  std::string Other = "cannot select: 'llvm.foo' in function '__ferry_b'";
  EXPECT_FALSE(ferry::explainRegionError(Other, "__ferry_a_cpp_3_loop_1f", "a.cpp:3 loop"));
  EXPECT_EQ(Other, "cannot select: 'llvm.foo' in function '__ferry_b'");
  EXPECT_FALSE(ferry::explainRegionError(Other, "", "a.cpp:3 loop"));
}
