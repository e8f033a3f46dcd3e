//===- Translate.cpp - NVVM-dialect IR to AMDGPU IR -----------------------===//
///
/// \file
/// The translation driver: runs the translation pipeline on a module and
/// turns the diagnostics its passes report into an llvm::Error.
///
//===----------------------------------------------------------------------===//
#include "ferry/Translate.h"

#include "DiagnosticCollector.h"
#include "VerifyTranslated.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {

Error translateToAMDGPU(Module &M, const TargetOptions &Opts) {
  if (Opts.CodeObjectVersion != 4 && Opts.CodeObjectVersion != 5)
    return createStringError(inconvertibleErrorCode(),
                             "code object version %u is not supported (use 4 "
                             "or 5)",
                             Opts.CodeObjectVersion);
  DiagnosticCollector Collect(M.getContext());
  reportUntranslated(M);
  return Collect.takeError();
}

} // namespace ferry
