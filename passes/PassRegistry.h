//===- PassRegistry.h - Registers Ferry's passes with a PassBuilder -*- C++ -*-===//
///
/// \file
/// One entry point for every host of Ferry's passes: the opt plugin, the
/// clang plugin (through CodeGenOptions::PassBuilderCallbacks) and
/// ferry-translate.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_PASSREGISTRY_H
#define FERRY_PASSES_PASSREGISTRY_H

namespace llvm {
class PassBuilder;
}

namespace ferry {

/// Makes every pass of PassRegistry.def parseable by name in \p PB.
void registerPasses(llvm::PassBuilder &PB);

} // namespace ferry

#endif
