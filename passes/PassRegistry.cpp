//===- PassRegistry.cpp - Registers Ferry's passes with a PassBuilder -----===//
///
/// \file
/// Implementation of registerPasses.
///
//===----------------------------------------------------------------------===//
#include "PassRegistry.h"

#include "VerifyTranslated.h"

#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace ferry {

void registerPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define FERRY_MODULE_PASS(NAME, CREATE)                                        \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "PassRegistry.def"
        return false;
      });
}

} // namespace ferry
