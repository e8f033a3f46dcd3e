//===- Translate.cpp - NVVM-dialect IR to AMDGPU IR -----------------------===//
///
/// \file
/// The translation pipeline and the driver that runs it on a module and turns
/// the diagnostics its passes report into an llvm::Error.
///
//===----------------------------------------------------------------------===//
#include "ferry/Translate.h"

#include "BackendSafety.h"
#include "DiagnosticCollector.h"
#include "TranslationPasses.h"
#include "VerifyTranslated.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/SCCP.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

namespace ferry {

void buildTranslationPipeline(ModulePassManager &MPM, const TranslateTarget &T) {
  MPM.addPass(NVVMReflectPass(T));
  // Branches on __nvvm_reflect results disappear before anything in them is
  // translated (libdevice has paths for other architectures).
  FunctionPassManager Fold;
  Fold.addPass(SCCPPass());
  Fold.addPass(SimplifyCFGPass());
  MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Fold)));
  MPM.addPass(LowerPTXAsmPass(T));
  MPM.addPass(AtomicScopesPass(T));
  MPM.addPass(LowerNVVMIntrinsicsPass(T));
  MPM.addPass(LowerLibdevicePass(T));
  MPM.addPass(KernelABIPass(T));
  MPM.addPass(RetargetModulePass(T));
  MPM.addPass(ByvalArgumentsPass(T));
  MPM.addPass(PrivateAllocasPass(T));
  MPM.addPass(DeviceServicesPass(T));
  MPM.addPass(VerifyTranslatedPass());
}

Error translateToAMDGPU(Module &M, const TargetOptions &Opts) {
  Expected<TranslateTarget> T = TranslateTarget::resolve(Opts);
  if (!T)
    return T.takeError();
  DiagnosticCollector Collect(M.getContext());
  if (Error E = checkNVVMInput(M))
    return E;
  if (Error E = Collect.takeError())
    return E;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  buildTranslationPipeline(MPM, *T);
  MPM.run(M, MAM);
  if (Error E = Collect.takeError())
    return E;
  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyModule(M, &OS))
    return createStringError(inconvertibleErrorCode(),
                             "internal error: the translated module is invalid: %s",
                             OS.str().c_str());
  return Error::success();
}

} // namespace ferry
