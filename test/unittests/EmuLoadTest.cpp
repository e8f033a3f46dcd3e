//===- EmuLoadTest.cpp - Loading programs through the emulator's C ABI ----===//
///
/// \file
/// What ferry_emu_load_linked answers for input it cannot load: an error
/// naming what is wrong, never a crash (no images at all, bytes that are
/// not bitcode).
///
//===----------------------------------------------------------------------===//
#include "ferry/Emu.h"

#include "gtest/gtest.h"

#include <string>

namespace {

TEST(EmuLoad, NoImagesIsAnError) {
  char Error[256] = "";
  void *Program = nullptr;
  EXPECT_NE(ferry_emu_load_linked(nullptr, nullptr, 0, "gfx90a", nullptr, 0, &Program,
                                  Error, sizeof Error),
            0);
  EXPECT_EQ(Program, nullptr);
  EXPECT_EQ(std::string(Error), "ferry_emu_load_linked: no image to load (count is 0)");
}

TEST(EmuLoad, BytesThatAreNotBitcodeAreAnError) {
  const char Bytes[] = "not bitcode";
  const void *Images[] = {Bytes};
  const size_t Sizes[] = {sizeof Bytes};
  char Error[256] = "";
  void *Program = nullptr;
  EXPECT_NE(ferry_emu_load_linked(Images, Sizes, 1, "gfx90a", nullptr, 0, &Program, Error,
                                  sizeof Error),
            0);
  EXPECT_EQ(Program, nullptr);
  EXPECT_EQ(std::string(Error).rfind("the emulated image is not bitcode", 0), 0u) << Error;
}

} // namespace
