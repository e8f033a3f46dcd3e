//===- SymbolIndexTest.cpp - The symbol index on real images --------------===//
///
/// \file
/// Code objects (v4, v5) and PTX that Ferry compiled from
/// test/runtime/Inputs/symbols.ll at build time: one kernel, one device
/// function, two variables.
///
//===----------------------------------------------------------------------===//
#include "core/SymbolIndex.h"

#include "core/ImageRegistry.h"

#include "TestImages.h"

#include <gtest/gtest.h>

#include <cstring>
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

// .ferry.functions describes the kernel and the device function: the same
// registers as the metadata note for the kernel, callees and prototypes.
TEST(SymbolIndex, FunctionTable) {
  std::string Bytes = readTestImage("symbols.cov4.hsaco");
  ImageIndex I;
  ASSERT_EQ(indexImage(Bytes.data(), Bytes.size(), I), "");
  EXPECT_EQ(I.FunctionsNote, "");
  ASSERT_EQ(I.Functions.size(), 2u);
  const FunctionRecord &K = I.Functions[0], &F = I.Functions[1];
  EXPECT_EQ(K.Name, "apply");
  EXPECT_TRUE(K.Kernel);
  EXPECT_EQ(K.VGPRs, I.Symbols[0].VGPRs);
  EXPECT_EQ(K.SGPRs, I.Symbols[0].SGPRs);
  EXPECT_EQ(K.ReturnType, "void");
  EXPECT_EQ(K.Params, (std::vector<std::string>{"ptr addrspace(1)", "i32"}));
  EXPECT_EQ(K.Callees, std::vector<std::string>{"scale_element"});
  EXPECT_FALSE(K.CallsUnknown);
  EXPECT_EQ(F.Name, "scale_element");
  EXPECT_FALSE(F.Kernel);
  EXPECT_GT(F.VGPRs, 0u);
  EXPECT_EQ(F.ReturnType, "float");
  EXPECT_EQ(F.Params, std::vector<std::string>{"float"});
  EXPECT_TRUE(F.Callees.empty());
  EXPECT_EQ(findFunction(I, "scale_element", 0), &F);
}

// A damaged table is refused with where it is; a table of a later version,
// or no section (a code object from another compiler), leaves the records
// out and says why.
TEST(SymbolIndex, DamagedOrAbsentFunctionTable) {
  const std::string Bytes = readTestImage("symbols.cov4.hsaco");
  const size_t Table = Bytes.find("\x83\xa9" "functions");
  ASSERT_NE(Table, std::string::npos);
  std::string Bad = Bytes;
  Bad[Table] = char(0xC1); // never used by MessagePack
  ImageIndex I;
  EXPECT_EQ(indexImage(Bad.data(), Bad.size(), I)
                .rfind("malformed .ferry.functions section: table 0 at offset 0: not MessagePack", 0),
            0u);
  std::string Later = Bytes;
  const size_t Version = Later.find("\xa7version", Table);
  ASSERT_NE(Version, std::string::npos);
  ASSERT_EQ(Later[Version + 8], char(1));
  Later[Version + 8] = char(2);
  ImageIndex J;
  ASSERT_EQ(indexImage(Later.data(), Later.size(), J), "");
  EXPECT_TRUE(J.Functions.empty());
  EXPECT_EQ(J.FunctionsNote, "table 0 has version 2, this runtime reads version 1");
  std::string Absent = Bytes;
  const size_t Name = Absent.find(std::string(".ferry.functions\0", 17));
  ASSERT_NE(Name, std::string::npos);
  Absent[Name + 1] = 'g';
  ImageIndex K;
  ASSERT_EQ(indexImage(Absent.data(), Absent.size(), K), "");
  // Without the section, the functions come from the symbols and
  // relocations (a linked code object has no relocations left).
  EXPECT_EQ(K.FunctionsNote.rfind("no .ferry.functions section", 0), 0u);
  EXPECT_EQ(K.Symbols.size(), 4u);
}

// A linked code object: kernel k (table 0) reaches f and g of a library
// (table 1) through calls; a local function of another table never answers
// a call from outside it.
TEST(SymbolIndex, LinkedResources) {
  auto Record = [](std::string Name, unsigned Table, uint64_t VGPRs, uint64_t Scratch,
                   std::vector<std::string> Callees) {
    FunctionRecord R;
    R.Name = std::move(Name);
    R.Table = Table;
    R.VGPRs = VGPRs;
    R.SGPRs = 40;
    R.Scratch = Scratch;
    R.Callees = std::move(Callees);
    return R;
  };
  ImageIndex I;
  SymbolInfo K;
  K.Name = "k";
  K.Kind = FERRY_SYMBOL_KERNEL;
  K.Scratch = 16;
  I.Symbols.push_back(K);
  I.Functions = {Record("k", 0, 42, 16, {"f"}), Record("f", 1, 10, 32, {"g"}),
                 Record("g", 1, 41, 24, {}), Record("g", 2, 99, 999, {})};
  I.Functions[0].Kernel = true;
  I.Functions[3].Local = true;
  EXPECT_EQ(resolveLinkedResources(I), "");
  EXPECT_EQ(I.Symbols[0].Scratch, 16u + 32u);

  I.Symbols[0].Scratch = 16;
  I.Functions[2].VGPRs = 43;
  EXPECT_EQ(resolveLinkedResources(I),
            "kernel 'k' was compiled for 42 VGPRs, but library function 'g' it calls uses 43: "
            "rebuild the library so that it uses fewer, or link it into the kernel's image at "
            "compile time");
}

TEST(SymbolIndex, PTX) {
  std::string Text = readTestImage("symbols.ptx");
  ImageIndex I;
  ASSERT_EQ(indexImage(Text.data(), Text.size(), I), "");
  EXPECT_EQ(I.Format, "ptx");
  EXPECT_EQ(I.Target, "sm_80");
  expectLibrarySymbols(I);
}

// The NVPTX backend declares a function used before its definition first.
TEST(SymbolIndex, PTXFunctionDeclaredBeforeItsDefinitionIsListedOnce) {
  const std::string Ptx = ".version 7.8\n.target sm_90\n.address_size 64\n"
                          ".visible .func  (.param .b32 func_retval0) later\n(\n"
                          "\t.param .b32 later_param_0\n)\n;\n"
                          ".visible .func  (.param .b32 func_retval0) later(\n"
                          "\t.param .b32 later_param_0\n)\n{\n\tret;\n}\n";
  ImageIndex I;
  ASSERT_EQ(indexImage(Ptx.data(), Ptx.size(), I), "");
  ASSERT_EQ(I.Symbols.size(), 1u);
  EXPECT_EQ(I.Symbols[0].Name, "later");
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
  EXPECT_EQ(indexImage("garbage", 7, K), UnknownImageFormat);
}

// Without its metadata note a code object's kernels have unknown resources
// and arguments: refused, not listed with zeros (the note's type is changed,
// so that nothing else moves).
TEST(SymbolIndex, CodeObjectWithoutMetadataIsRefused) {
  std::string Bytes = readTestImage("symbols.cov4.hsaco");
  size_t At = Bytes.find(std::string("AMDGPU\0\0", 8));
  ASSERT_NE(At, std::string::npos);
  ASSERT_EQ(Bytes[At - 4], char(32)); // NT_AMDGPU_METADATA
  Bytes[At - 4] = 0;
  ImageIndex I;
  EXPECT_EQ(indexImage(Bytes.data(), Bytes.size(), I),
            "the code object has no AMDGPU metadata note (NT_AMDGPU_METADATA): its kernels' "
            "resources and arguments are unknown");
}

// Text is PTX only when it starts (after comments) with .version and .target;
// text that merely mentions them, or binary data, is not.
TEST(SymbolIndex, OnlyRealPTXIsPTX) {
  const std::string Mentions = "notes: PTX has a .version and a .target directive\n";
  ImageIndex I;
  EXPECT_EQ(indexImage(Mentions.data(), Mentions.size(), I), UnknownImageFormat);
  // The metadata of a code object names amdhsa.version and amdhsa.target.
  const char Raw[] = "\x82\xaa" "amdhsa.version" "\x92\x01\x02\xad" "amdhsa.target";
  const std::string Binary(Raw, sizeof Raw);
  ImageIndex J;
  EXPECT_EQ(indexImage(Binary.data(), Binary.size(), J), UnknownImageFormat);
  const std::string Ptx = "// comment\n/* block */\n.version 8.0\n.target sm_90\n"
                          ".address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";
  ImageIndex K;
  ASSERT_EQ(indexImage(Ptx.data(), Ptx.size(), K), "");
  EXPECT_EQ(K.Format, "ptx");
  EXPECT_EQ(K.Target, "sm_90");
}

// An OffloadBinary package file (ferry-translate --emit=offload) is read as
// one: each image indexed on its own.
TEST(SymbolIndex, OffloadPackage) {
  const std::string Code = readTestImage("symbols.cov4.hsaco"),
                    Ptx = readTestImage("symbols.ptx");
  auto Binary = [](uint16_t Kind, const char *Arch, const std::string &Image) {
    // Header, one entry, one string ("arch"), then the strings and the image.
    std::string B(32 + 40 + 16, '\0');
    auto Put = [&](size_t At, uint64_t V, size_t N) { std::memcpy(&B[At], &V, N); };
    std::memcpy(&B[0], OffloadBinaryMagic, 4);
    Put(4, 1, 4);
    Put(16, 32, 8);
    Put(24, 40, 8);
    Put(32, Kind, 2);
    Put(40, 72, 8);
    Put(48, 1, 8);
    Put(72, B.size(), 8);
    B += std::string("arch") + '\0';
    Put(80, B.size(), 8);
    B += std::string(Arch) + '\0';
    B.resize((B.size() + 7) / 8 * 8, '\0');
    Put(56, B.size(), 8);
    Put(64, Image.size(), 8);
    B += Image;
    B.resize((B.size() + 7) / 8 * 8, '\0');
    Put(8, B.size(), 8);
    return B;
  };
  const std::string Package = Binary(1, "gfx90a", Code) + Binary(5, "sm_80", Ptx);
  ImageIndex I;
  ASSERT_EQ(indexImage(Package.data(), Package.size(), I), "");
  EXPECT_EQ(I.Format, "offload-package");
  ASSERT_EQ(I.Embedded.size(), 2u);
  EXPECT_EQ(I.EmbeddedArch[0], "gfx90a");
  EXPECT_EQ(I.Embedded[0].Format, "hsa-code-object");
  expectLibrarySymbols(I.Embedded[0]);
  EXPECT_EQ(I.EmbeddedArch[1], "sm_80");
  EXPECT_EQ(I.Embedded[1].Format, "ptx");
  expectLibrarySymbols(I.Embedded[1]);
  // A damaged package is refused with the OffloadBinary reader's message.
  ImageIndex J;
  EXPECT_NE(indexImage(Package.data(), 40, J).find("binary size"), std::string::npos);
}

} // namespace
