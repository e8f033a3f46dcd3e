//===- EmuMathTableTest.cpp - Host versions of mapped libdevice -----------===//
///
/// \file
/// The emulator runs NVVM modules before libdevice is linked and their
/// translations before ocml is: every libdevice function the translator
/// maps (passes/Libdevice.def) needs a host version under its __nv_* name,
/// and every ocml function it maps one to needs one under the ocml name.
/// This walks the translator's own tables, so a row added there without an
/// emulator version fails here.
///
//===----------------------------------------------------------------------===//
#include "Scheduler.h"
#include "TranslationPasses.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace {

const char *const LibdeviceFunctions[] = {
#define FERRY_LIBDEVICE_FUNCTION(NAME) NAME,
#include "LibdeviceFunctions.def"
};

TEST(EmuMathTable, EveryMappedLibdeviceFunctionHasAHostVersion) {
  std::vector<std::string> Missing;
  unsigned Mapped = 0;
  for (const char *Name : LibdeviceFunctions) {
    std::string Target;
    if (!ferry::isLibdeviceFunctionMapped(Name, &Target))
      continue;
    ++Mapped;
    if (!ferry::emu::mathFunction(Name))
      Missing.push_back(Name);
    if (Target.rfind("__ocml_", 0) == 0 && !ferry::emu::mathFunction(Target))
      Missing.push_back(Target + " (for " + Name + ")");
  }
  EXPECT_GT(Mapped, 300u) << "the table walk found too few mapped functions";
  std::string List;
  for (const std::string &M : Missing)
    List += "  " + M + "\n";
  EXPECT_TRUE(Missing.empty())
      << Missing.size()
      << " functions have no host version in emu/MathFunctions.def:\n"
      << List;
}

} // namespace
