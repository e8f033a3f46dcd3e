//===- KernelArgsTest.cpp - Kernarg segments of real code objects ---------===//
///
/// \file
/// test/runtime/Inputs/geometry.ll compiled by Ferry for gfx90a with code
/// object v4 (block and grid sizes from the dispatch packet: no hidden
/// arguments) and v5 (hidden block counts, group sizes, remainders, global
/// offsets, grid dims, dynamic LDS size), filled for a 3-D dispatch.
///
//===----------------------------------------------------------------------===//
#include "hsa/KernelArgs.h"

#include "TestImages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>

using namespace ferry;

namespace {

SymbolInfo loadKernel(const std::string &Name) {
  std::string Bytes = readTestImage(Name);
  ImageIndex I;
  EXPECT_EQ(indexImage(Bytes.data(), Bytes.size(), I), "");
  for (const SymbolInfo &S : I.Symbols)
    if (S.Kind == FERRY_SYMBOL_KERNEL)
      return S;
  ADD_FAILURE() << "no kernel in " << Name;
  return {};
}

template <typename T> T at(const std::vector<uint8_t> &Seg, size_t Offset) {
  T V;
  std::memcpy(&V, Seg.data() + Offset, sizeof V);
  return V;
}

struct Explicit {
  float *Out = reinterpret_cast<float *>(0x1122334455667788);
  int64_t N = -5;
  float S = 2.5f;
  void *Values[3] = {&Out, &N, &S};
};

DispatchGeometry geometry() {
  DispatchGeometry G;
  G.Grid[0] = 3, G.Grid[1] = 2, G.Grid[2] = 5;
  G.Block[0] = 64, G.Block[1] = 4, G.Block[2] = 1;
  G.DynamicLDS = 1024;
  G.QueuePtr = 0xdead0000;
  return G;
}

void expectExplicit(const std::vector<uint8_t> &Seg) {
  EXPECT_EQ(at<uint64_t>(Seg, 0), 0x1122334455667788u);
  EXPECT_EQ(at<int64_t>(Seg, 8), -5);
  EXPECT_EQ(at<float>(Seg, 16), 2.5f);
}

TEST(KernelArgs, V4HasOnlyExplicitArguments) {
  SymbolInfo K = loadKernel("geometry.cov4.hsaco");
  ASSERT_EQ(K.Args.size(), 3u);
  EXPECT_EQ(explicitArgCount(K.Args), 3u);
  EXPECT_EQ(K.KernargSize, 20u);
  Explicit E;
  std::vector<uint8_t> Seg;
  ASSERT_EQ(fillKernargs(K, E.Values, geometry(), Seg), "");
  ASSERT_EQ(Seg.size(), 20u);
  expectExplicit(Seg);
}

TEST(KernelArgs, V5HiddenArgumentsFollowTheMetadata) {
  SymbolInfo K = loadKernel("geometry.cov5.hsaco");
  EXPECT_EQ(explicitArgCount(K.Args), 3u);
  EXPECT_EQ(K.KernargAlign, 8u);
  ASSERT_GE(K.KernargSize, 148u);
  Explicit E;
  std::vector<uint8_t> Seg;
  ASSERT_EQ(fillKernargs(K, E.Values, geometry(), Seg), "");
  expectExplicit(Seg);
  // The v5 implicit-argument block starts at the first 8-aligned offset after
  // the explicit arguments (24); its fields sit at fixed offsets within it.
  const size_t Base = 24;
  EXPECT_EQ(at<uint32_t>(Seg, Base + 0), 3u);  // block_count_x
  EXPECT_EQ(at<uint32_t>(Seg, Base + 4), 2u);  // block_count_y
  EXPECT_EQ(at<uint32_t>(Seg, Base + 8), 5u);  // block_count_z
  EXPECT_EQ(at<uint16_t>(Seg, Base + 12), 64); // group_size_x
  EXPECT_EQ(at<uint16_t>(Seg, Base + 14), 4);  // group_size_y
  EXPECT_EQ(at<uint16_t>(Seg, Base + 16), 1);  // group_size_z
  EXPECT_EQ(at<uint16_t>(Seg, Base + 18), 0);  // remainder_x: whole blocks
  EXPECT_EQ(at<uint64_t>(Seg, Base + 40), 0u); // global_offset_x
  EXPECT_EQ(at<uint16_t>(Seg, Base + 64), 3);  // grid_dims
  EXPECT_EQ(at<uint32_t>(Seg, Base + 120), 1024u); // dynamic_lds_size
  // Every hidden argument the metadata names was recognized.
  for (const KernelArgDesc &A : K.Args)
    EXPECT_TRUE(!isHiddenArg(A) || A.Offset >= Base) << A.ValueKind;
}

TEST(KernelArgs, GridDimsCountTheDimensionsInUse) {
  SymbolInfo K = loadKernel("geometry.cov5.hsaco");
  Explicit E;
  std::vector<uint8_t> Seg;
  DispatchGeometry G;
  G.Grid[0] = 100, G.Block[0] = 256;
  ASSERT_EQ(fillKernargs(K, E.Values, G, Seg), "");
  EXPECT_EQ(at<uint16_t>(Seg, 24 + 64), 1);
  G.Grid[1] = 2;
  ASSERT_EQ(fillKernargs(K, E.Values, G, Seg), "");
  EXPECT_EQ(at<uint16_t>(Seg, 24 + 64), 2);
}

TEST(KernelArgs, Errors) {
  SymbolInfo K = loadKernel("geometry.cov5.hsaco");
  Explicit E;
  std::vector<uint8_t> Seg;
  DispatchGeometry G = geometry();
  G.Block[0] = 70000; // does not fit hidden_group_size_x (2 bytes)
  EXPECT_EQ(fillKernargs(K, E.Values, G, Seg),
            "hidden_group_size_x = 70000 does not fit its 2 bytes (kernel geometry)");
  void *Missing[3] = {E.Values[0], nullptr, E.Values[2]};
  EXPECT_EQ(fillKernargs(K, Missing, geometry(), Seg), "argument 1 of geometry is missing");
  SymbolInfo Odd = K;
  Odd.Args.push_back({200, 8, "hidden_something_new"});
  EXPECT_EQ(fillKernargs(Odd, E.Values, geometry(), Seg),
            "kernel geometry has a hidden argument Ferry cannot fill: hidden_something_new");
  SymbolInfo Short = K;
  Short.KernargSize = 16;
  EXPECT_NE(fillKernargs(Short, E.Values, geometry(), Seg).find("lies past the 16-byte"),
            std::string::npos);
  // Hostile metadata: an offset that wraps around with its size, a segment
  // of an absurd size.
  SymbolInfo Wrapping = K;
  Wrapping.Args[0].Offset = UINT64_MAX - 3;
  EXPECT_NE(fillKernargs(Wrapping, E.Values, geometry(), Seg).find("lies past the"),
            std::string::npos);
  SymbolInfo Huge = K;
  Huge.KernargSize = uint64_t(1) << 60;
  EXPECT_EQ(fillKernargs(Huge, E.Values, geometry(), Seg),
            "the kernarg segment of geometry claims 1152921504606846976 bytes (at most 1048576)");
}

TEST(IsaCheck, ProcessorAndFeatures) {
  const std::string Agent = "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-";
  EXPECT_EQ(checkIsaCompatible("amdgcn-amd-amdhsa--gfx90a", Agent), "");
  EXPECT_EQ(checkIsaCompatible("amdgcn-amd-amdhsa--gfx90a:sramecc+", Agent), "");
  EXPECT_EQ(checkIsaCompatible("amdgcn-amd-amdhsa--gfx90a:xnack+", Agent),
            "the image is for gfx90a:xnack+ but the device is gfx90a:sramecc+:xnack- "
            "(xnack-); compile with --offload-arch=gfx90a:xnack- or with "
            "--offload-arch=gfx90a (any xnack)");
  EXPECT_EQ(checkIsaCompatible("amdgcn-amd-amdhsa--gfx942", Agent),
            "the image is for gfx942 but the device is gfx90a:sramecc+:xnack-; compile with "
            "--offload-arch=gfx90a");
  // A feature the device does not report counts as off.
  EXPECT_NE(checkIsaCompatible("amdgcn-amd-amdhsa--gfx1030:xnack+",
                               "amdgcn-amd-amdhsa--gfx1030"),
            "");
}

} // namespace

namespace {

TEST(DispatchPacket, FieldsHeaderAndLimits) {
  DispatchGeometry G;
  G.Grid[0] = 3, G.Grid[1] = 2;
  G.Block[0] = 64, G.Block[1] = 4;
  G.DynamicLDS = 256;
  hsa_kernel_dispatch_packet_t P;
  uint32_t First = 0;
  int Kernarg;
  ASSERT_EQ(buildDispatchPacket(G, 0xabc, 16, 32, &Kernarg, hsa_signal_t{7}, P, First), "");
  EXPECT_EQ(First & 0xff, unsigned(HSA_PACKET_TYPE_KERNEL_DISPATCH));
  EXPECT_TRUE(First & (1u << HSA_PACKET_HEADER_BARRIER));
  EXPECT_EQ((First >> HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) & 3, HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_EQ(First >> 16, 2u) << "setup: two dimensions";
  EXPECT_EQ(P.grid_size_x, 192u);
  EXPECT_EQ(P.grid_size_y, 8u);
  EXPECT_EQ(P.grid_size_z, 1u);
  EXPECT_EQ(P.workgroup_size_x, 64);
  EXPECT_EQ(P.group_segment_size, 16u + 256u);
  EXPECT_EQ(P.private_segment_size, 32u);
  EXPECT_EQ(P.kernel_object, 0xabcu);
  EXPECT_EQ(P.kernarg_address, &Kernarg);
  EXPECT_EQ(P.completion_signal.handle, 7u);
  EXPECT_EQ(gridDims(G), 2);

  G.Block[0] = 70000;
  EXPECT_NE(buildDispatchPacket(G, 0, 0, 0, nullptr, hsa_signal_t{0}, P, First)
                .find("is not a valid AMD dispatch"),
            std::string::npos);
  G.Block[0] = 64;
  G.Grid[2] = 0;
  EXPECT_NE(buildDispatchPacket(G, 0, 0, 0, nullptr, hsa_signal_t{0}, P, First), "");
}

} // namespace
