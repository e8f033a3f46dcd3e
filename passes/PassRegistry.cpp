//===- PassRegistry.cpp - Registers Ferry's passes with a PassBuilder -----===//
///
/// \file
/// Implementation of registerPasses. `nvvm-to-amdgpu<arch=...;wave=...;cov=...>`
/// is the whole translation; each translation pass is also available alone
/// with the same parameters.
///
//===----------------------------------------------------------------------===//
#include "PassRegistry.h"

#include "BackendSafety.h"
#include "TranslationPasses.h"
#include "VerifyTranslated.h"

#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace ferry {

/// The target named by a pass's parameters (defaults: gfx90a, auto, v5).
static Expected<TranslateTarget> targetFromParams(StringRef Params) {
  Expected<TargetOptions> Opts = parseTargetParams(Params);
  if (!Opts)
    return Opts.takeError();
  return TranslateTarget::resolve(*Opts);
}

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
        auto Parse = [&](StringRef PassName) -> std::optional<TranslateTarget> {
          if (!PassBuilder::checkParametrizedPassName(Name, PassName))
            return std::nullopt;
          auto T = PassBuilder::parsePassParameters(targetFromParams, Name, PassName);
          if (!T) {
            errs() << "ferry: " << PassName << ": " << toString(T.takeError()) << "\n";
            return std::nullopt;
          }
          return *T;
        };
        if (auto T = Parse("nvvm-to-amdgpu")) {
          buildTranslationPipeline(MPM, *T);
          return true;
        }
#define FERRY_TARGET_PASS(NAME, CLASS)                                         \
  if (auto T = Parse(NAME)) {                                                  \
    MPM.addPass(CLASS(*T));                                                    \
    return true;                                                               \
  }
#include "PassRegistry.def"
        return false;
      });
}

} // namespace ferry
