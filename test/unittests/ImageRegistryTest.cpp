//===- ImageRegistryTest.cpp - Reading OffloadBinary packages -------------===//
#include "core/ImageRegistry.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace ferry;

namespace {

/// Builds one OffloadBinary (version 1) the way LLVM lays it out.
std::vector<unsigned char> binary(uint16_t Kind, const char *Triple,
                                  const char *Arch, const std::string &Image) {
  std::vector<unsigned char> B(32 + 40 + 2 * 16, 0);
  auto Put64 = [&](size_t At, uint64_t V) { std::memcpy(&B[At], &V, 8); };
  auto Append = [&](const std::string &S) {
    size_t At = B.size();
    B.insert(B.end(), S.begin(), S.end());
    B.push_back(0);
    return At;
  };
  const unsigned char Magic[4] = {0x10, 0xFF, 0x10, 0xAD};
  std::memcpy(&B[0], Magic, 4);
  uint32_t Version = 1;
  std::memcpy(&B[4], &Version, 4);
  Put64(16, 32);
  Put64(24, 40);
  std::memcpy(&B[32], &Kind, 2);
  Put64(40, 72);
  Put64(48, 2);
  size_t K1 = Append("triple"), V1 = Append(Triple);
  size_t K2 = Append("arch"), V2 = Append(Arch);
  Put64(72, K1);
  Put64(80, V1);
  Put64(88, K2);
  Put64(96, V2);
  size_t ImageAt = B.size();
  B.insert(B.end(), Image.begin(), Image.end());
  Put64(56, ImageAt);
  Put64(64, Image.size());
  Put64(8, B.size());
  return B;
}

TEST(ImageRegistry, ReadsConcatenatedBinariesWithPadding) {
  auto A = binary(1, "amdgcn-amd-amdhsa", "gfx90a", "\x7f" "ELFcode");
  auto P = binary(5, "nvptx64-nvidia-cuda", "sm_80", ".version 7.8");
  std::vector<unsigned char> Package = A;
  Package.resize((Package.size() + 7) / 8 * 8, 0);
  Package.insert(Package.end(), P.begin(), P.end());
  std::vector<DeviceImageRef> Images;
  ASSERT_EQ(parseOffloadPackage(Package.data(), Package.size(), Images), "");
  ASSERT_EQ(Images.size(), 2u);
  EXPECT_STREQ(imageKindName(Images[0].Kind), "object");
  EXPECT_EQ(Images[0].Triple, "amdgcn-amd-amdhsa");
  EXPECT_EQ(Images[0].Arch, "gfx90a");
  EXPECT_EQ(std::string((const char *)Images[0].Data, Images[0].Size), "\x7f" "ELFcode");
  EXPECT_STREQ(imageKindName(Images[1].Kind), "ptx");
  EXPECT_EQ(Images[1].Arch, "sm_80");
}

TEST(ImageRegistry, RejectsEveryKindOfDamage) {
  auto Good = binary(1, "t", "a", "image");
  std::vector<DeviceImageRef> Out;
  auto Damaged = [&](auto Edit) {
    auto B = Good;
    Edit(B);
    Out.clear();
    return parseOffloadPackage(B.data(), B.size(), Out);
  };
  EXPECT_NE(Damaged([](auto &B) { B[0] = 0x11; }).find("bad magic"), std::string::npos);
  EXPECT_NE(Damaged([](auto &B) { B[4] = 2; }).find("version 2"), std::string::npos);
  EXPECT_NE(Damaged([](auto &B) { B[8] = 0xff; B[9] = 0xff; }).find("exceeds"),
            std::string::npos);
  EXPECT_NE(Damaged([](auto &B) { B[56] = 0xf0; }).find("image outside"), std::string::npos);
  EXPECT_NE(Damaged([](auto &B) { B[48] = 200; }).find("string table"), std::string::npos);
  EXPECT_NE(Damaged([](auto &B) { B.back() = 'x'; B[B.size() - 6] = 'x'; B[80] = (unsigned char)(B.size() - 1); })
                .find("not terminated"),
            std::string::npos);
  EXPECT_TRUE(Out.empty());
  // Truncated package.
  Out.clear();
  EXPECT_EQ(parseOffloadPackage(Good.data(), 20, Out),
            "at offset 0: truncated offload binary: 20 bytes left for a 32-byte header");
  EXPECT_NE(parseOffloadPackage(Good.data(), 3, Out).find("bad magic"), std::string::npos);
}

TEST(ImageRegistry, EmptyPackageHasNoImages) {
  std::vector<DeviceImageRef> Out;
  EXPECT_EQ(parseOffloadPackage(nullptr, 0, Out), "");
  EXPECT_TRUE(Out.empty());
}

} // namespace
