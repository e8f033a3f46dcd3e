//===- SymbolIndexTest.cpp - The symbol index on real images --------------===//
///
/// \file
/// Code objects (v4, v5) and PTX that Ferry compiled from
/// test/runtime/Inputs/symbols.ll at build time: one kernel, one device
/// function, two variables.
///
//===----------------------------------------------------------------------===//
#include "core/SymbolIndex.h"

#include "TestImages.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace ferry;

namespace {

const SymbolInfo *find(const ImageIndex &I, const std::string &Name) {
  for (const SymbolInfo &S : I.Symbols)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

void expectLibrarySymbols(const ImageIndex &I) {
  ASSERT_EQ(I.Symbols.size(), 4u);
  // Sorted: kernels, functions, variables.
  EXPECT_EQ(I.Symbols[0].Name, "apply");
  EXPECT_EQ(I.Symbols[0].Kind, FERRY_SYMBOL_KERNEL);
  EXPECT_EQ(I.Symbols[1].Name, "scale_element");
  EXPECT_EQ(I.Symbols[1].Kind, FERRY_SYMBOL_FUNCTION);
  EXPECT_EQ(find(I, "scale")->Kind, FERRY_SYMBOL_VARIABLE);
  EXPECT_EQ(find(I, "scale")->Size, 4u);
  EXPECT_EQ(find(I, "table")->Size, 256u);
  EXPECT_EQ(find(I, "apply.kd"), nullptr) << "descriptors belong to their kernel";
}

class CodeObject : public testing::TestWithParam<const char *> {};

TEST_P(CodeObject, KernelsFunctionsVariablesAndResources) {
  std::string Bytes = readTestImage(GetParam());
  ImageIndex I;
  ASSERT_EQ(indexImage(Bytes.data(), Bytes.size(), I), "");
  EXPECT_EQ(I.Format, "hsa-code-object");
  expectLibrarySymbols(I);
  const SymbolInfo &K = I.Symbols[0];
  EXPECT_GT(K.Size, 0u);
  EXPECT_GT(K.VGPRs, 0u);
  EXPECT_GT(K.SGPRs, 0u);
  EXPECT_EQ(K.LDS, 0u);
  EXPECT_EQ(K.Scratch, 0u);
  // Two explicit arguments (ptr, i32); v5 appends the hidden arguments after
  // them, but the segment size counts only what the kernel uses.
  EXPECT_GE(K.KernargSize, 12u);
  const SymbolInfo &F = I.Symbols[1];
  EXPECT_GT(F.Size, 0u);
  EXPECT_NE(F.Offset, K.Offset);
  if (std::string(GetParam()).find("cov4") != std::string::npos) {
    EXPECT_EQ(I.Target, "amdgcn-amd-amdhsa--gfx90a");
    EXPECT_EQ(K.Wave, 64u);
  } else {
    EXPECT_EQ(I.Target, "amdgcn-amd-amdhsa--gfx1100");
    EXPECT_EQ(K.Wave, 32u);
  }
}

INSTANTIATE_TEST_SUITE_P(SymbolIndex, CodeObject,
                         testing::Values("symbols.cov4.hsaco", "symbols.cov5.hsaco"));

TEST(SymbolIndex, PTX) {
  std::string Text = readTestImage("symbols.ptx");
  ImageIndex I;
  ASSERT_EQ(indexImage(Text.data(), Text.size(), I), "");
  EXPECT_EQ(I.Format, "ptx");
  EXPECT_EQ(I.Target, "sm_80");
  expectLibrarySymbols(I);
}

TEST(SymbolIndex, DamagedImagesAreRefused) {
  std::string Bytes = readTestImage("symbols.cov4.hsaco");
  ImageIndex I;
  EXPECT_NE(indexImage(Bytes.data(), Bytes.size() / 2, I).find("truncated ELF file"),
            std::string::npos);
  std::string BadNote = Bytes;
  size_t At = BadNote.find(std::string("AMDGPU\0\0", 8));
  ASSERT_NE(At, std::string::npos);
  BadNote[At + 8] = char(0xC1); // never used by MessagePack
  ImageIndex J;
  EXPECT_NE(indexImage(BadNote.data(), BadNote.size(), J).find("malformed AMDGPU metadata"),
            std::string::npos);
  ImageIndex K;
  EXPECT_EQ(indexImage("garbage", 7, K), "not an HSA code object, PTX, or ELF host file");
}

} // namespace
