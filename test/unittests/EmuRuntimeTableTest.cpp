//===- EmuRuntimeTableTest.cpp - The emulator's intrinsic table -----------===//
///
/// \file
/// Every row of emu/RuntimeFunctions.def is found by runtimeFunction under
/// its name, no name is given twice (a second row would be ignored), and a
/// name the table lacks finds nothing.
///
//===----------------------------------------------------------------------===//
#include "Scheduler.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

namespace {

const char *const RuntimeNames[] = {
#define FERRY_EMU_RUNTIME(NAME, FUNCTION) NAME,
#include "RuntimeFunctions.def"
};

TEST(EmuRuntimeTable, EveryRowIsFoundUnderItsName) {
  std::set<std::string> Seen;
  for (const char *Name : RuntimeNames) {
    EXPECT_NE(ferry::emu::runtimeFunction(Name), nullptr) << Name;
    EXPECT_TRUE(Seen.insert(Name).second) << Name << " has two rows";
  }
  EXPECT_EQ(Seen.size(), 95u) << "rows added or removed: update this count";
}

TEST(EmuRuntimeTable, UnknownNameFindsNothing) {
  EXPECT_EQ(ferry::emu::runtimeFunction("llvm.nvvm.not.modeled"), nullptr);
  EXPECT_EQ(ferry::emu::runtimeFunction(""), nullptr);
}

TEST(EmuRuntimeTable, AliasesShareTheirFunction) {
  using ferry::emu::runtimeFunction;
  EXPECT_EQ(runtimeFunction("llvm.nvvm.read.ptx.sreg.globaltimer"),
            runtimeFunction("llvm.nvvm.read.ptx.sreg.clock64"));
  EXPECT_EQ(runtimeFunction("llvm.amdgcn.s.memrealtime"),
            runtimeFunction("llvm.amdgcn.s.memtime"));
  EXPECT_EQ(runtimeFunction("llvm.amdgcn.readlane.i32"),
            runtimeFunction("llvm.amdgcn.readlane"));
}

} // namespace
