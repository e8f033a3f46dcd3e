//===- ComgrLinkTest.cpp - Linking device-function libraries (AMD) --------===//
///
/// \file
/// test/device/Inputs/axpy-kernel.ll calls axpy_element, defined only in
/// axpy-library.ll; both compiled by Ferry to relocatable objects. comgr
/// links them into one code object; without the library the unresolved
/// function is named.
///
//===----------------------------------------------------------------------===//
#include "hsa/ComgrLink.h"

#include "core/SymbolIndex.h"

#include "TestImages.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace ferry;

namespace {

class ComgrLink : public testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    if (std::string Why = ComgrLinker::get().availability(); !Why.empty())
      GTEST_SKIP() << Why;
  }
  std::string target() const { return std::string("amdgcn-amd-amdhsa--") + GetParam(); }
  std::string Kernel = readTestImage(std::string("axpy-kernel.") + GetParam() + ".o");
  std::string Library = readTestImage(std::string("axpy-library.") + GetParam() + ".o");
};

TEST_P(ComgrLink, KernelWithLibraryBecomesOneCodeObject) {
  EXPECT_EQ(undefinedSymbols(Kernel.data(), Kernel.size()),
            std::vector<std::string>{"axpy_element"});
  std::shared_ptr<const std::vector<char>> Exe;
  ASSERT_EQ(ComgrLinker::get().link({{"kernel image", Kernel.data(), Kernel.size()},
                                     {"library 1", Library.data(), Library.size()}},
                                    target(), Exe),
            "");
  ASSERT_TRUE(Exe);
  EXPECT_TRUE(undefinedSymbols(Exe->data(), Exe->size()).empty());
  ImageIndex I;
  ASSERT_EQ(indexImage(Exe->data(), Exe->size(), I), "");
  EXPECT_EQ(I.Target, target());
  ASSERT_EQ(I.Symbols.size(), 2u);
  EXPECT_EQ(I.Symbols[0].Name, "axpy");
  EXPECT_EQ(I.Symbols[0].Kind, FERRY_SYMBOL_KERNEL);
  EXPECT_EQ(I.Symbols[1].Name, "axpy_element");
  EXPECT_EQ(I.Symbols[1].Kind, FERRY_SYMBOL_FUNCTION);
  // The linker concatenates the inputs' .ferry.functions tables.
  ASSERT_EQ(I.Functions.size(), 2u);
  EXPECT_EQ(I.Functions[0].Name, "axpy");
  EXPECT_EQ(I.Functions[0].Table, 0u);
  EXPECT_EQ(I.Functions[1].Name, "axpy_element");
  EXPECT_EQ(I.Functions[1].Table, 1u);
  EXPECT_EQ(resolveLinkedResources(I), "");

  // The same image set links once.
  std::shared_ptr<const std::vector<char>> Again;
  ASSERT_EQ(ComgrLinker::get().link({{"kernel image", Kernel.data(), Kernel.size()},
                                     {"library 1", Library.data(), Library.size()}},
                                    target(), Again),
            "");
  EXPECT_EQ(Again.get(), Exe.get());
}

TEST_P(ComgrLink, UnresolvedFunctionIsNamed) {
  std::shared_ptr<const std::vector<char>> Exe;
  EXPECT_EQ(ComgrLinker::get().link({{"kernel image", Kernel.data(), Kernel.size()}}, target(),
                                    Exe),
            "unresolved device function axpy_element after linking for " + target() +
                " (images searched: kernel image)");
}

TEST_P(ComgrLink, CorruptObjectsAreRefusedBeforeComgrSeesThem) {
  std::shared_ptr<const std::vector<char>> Exe;
  std::string Truncated = Kernel.substr(0, 64);
  EXPECT_EQ(ComgrLinker::get().link({{"kernel image", Truncated.data(), Truncated.size()}},
                                    target(), Exe),
            "kernel image is not a relocatable AMDGPU object: truncated (section headers past "
            "its 64 bytes)");
  std::string Error =
      ComgrLinker::get().link({{"kernel image", Kernel.data(), Kernel.size()},
                               {"library 1", Library.data(), Library.size() / 2}},
                              target(), Exe);
  EXPECT_EQ(Error.rfind("library 1 is not a relocatable AMDGPU object: truncated", 0), 0u)
      << Error;
  EXPECT_EQ(ComgrLinker::get().link({{"kernel image", "garbage", 7}}, target(), Exe),
            "kernel image is not a relocatable AMDGPU object: no ELF header");
}

INSTANTIATE_TEST_SUITE_P(Targets, ComgrLink, testing::Values("gfx90a", "gfx1030"));

// ROCm 5.2.3's comgr predates gfx11: the message says so and what to do.
TEST(ComgrLinkUnknownTarget, SaysWhatToDoInstead) {
  if (std::string Why = ComgrLinker::get().availability(); !Why.empty())
    GTEST_SKIP() << Why;
  std::string Kernel = readTestImage("axpy-kernel.gfx1100.o");
  std::shared_ptr<const std::vector<char>> Exe;
  std::string Error = ComgrLinker::get().link({{"kernel image", Kernel.data(), Kernel.size()}},
                                              "amdgcn-amd-amdhsa--gfx1100", Exe);
  if (Error.empty())
    GTEST_SKIP() << "this comgr knows gfx1100";
  EXPECT_NE(Error.find("does not know the target amdgcn-amd-amdhsa--gfx1100; link the "
                       "device-function libraries into the kernel image at compile time"),
            std::string::npos)
      << Error;
}

} // namespace
