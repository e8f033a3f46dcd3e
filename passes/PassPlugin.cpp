//===- PassPlugin.cpp - libferry-passes.so for opt -load-pass-plugin ------===//
///
/// \file
/// The entry point LLVM's pass-plugin loader looks for.
///
//===----------------------------------------------------------------------===//
#include "PassRegistry.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Ferry", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &PB) { ferry::registerPasses(PB); }};
}
