//===- Lowering.cpp - Code objects and PTX from NVVM IR -------------------===//
///
/// \file
/// AMDGPU: translate -> link the ROCm device libraries (only what is needed,
/// internalized; the oclc_* control constants from the installed files, or
/// synthesized where the installation lacks a target) -> O3 (O1 for input
/// clang optimized already) with an AMDGPU TargetMachine -> verbose assembly
/// -> the .ferry.functions table (from the IR and the backend's resource
/// summaries) -> relocatable object assembled in memory -> lld (in process)
/// -> HSA code object. NVPTX: link libdevice ->
/// fold __nvvm_reflect -> O3 -> PTX.
/// Each stage can be dumped before the next starts (FERRY_DUMP_DIR).
///
//===----------------------------------------------------------------------===//
#include "Lower.h"

#include "BackendGuard.h"
#include "BackendSafety.h"
#include "DiagnosticCollector.h"
#include "FunctionTable.h"
#include "KernelCopies.h"
#include "AddressSinking.h"
#include "HardwareInstructions.h"
#include "PrivateArrayOffsets.h"
#include "SchedulingRegions.h"
#include "IncomingUnrolling.h"
#include "LoopRerolling.h"
#include "TranslateTarget.h"
#include "TranslationPasses.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <mutex>

LLD_HAS_DRIVER(elf)

using namespace llvm;

namespace ferry {
namespace {

Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

void initializeTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

/// Writes the stages of one compilation to a directory, if one is set.
class StageDumper {
public:
  StageDumper(std::string Dir, const Module &M, StringRef Target) : Dir(std::move(Dir)) {
    Base = sys::path::stem(M.getModuleIdentifier()).str();
    if (Base.empty())
      Base = "module";
    Base += "." + Target.str();
    for (char &C : Base)
      if (C == ':' || C == '/')
        C = '_';
  }
  bool enabled() const { return !Dir.empty(); }
  /// Where a failure's reader finds the stages so far.
  std::string hint() const {
    return enabled() ? "the stages so far are in '" + Dir + "'"
                     : "FERRY_DUMP_DIR=<dir> keeps the stages so far";
  }
  Error module(StringRef Stage, const Module &M) {
    if (!enabled())
      return Error::success();
    std::string Text;
    raw_string_ostream OS(Text);
    M.print(OS, nullptr);
    return bytes(Stage, "ll", OS.str());
  }
  Error bytes(StringRef Stage, StringRef Ext, StringRef Data) {
    if (!enabled())
      return Error::success();
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return fail("cannot create dump directory '" + Dir + "': " + EC.message());
    SmallString<256> Path(Dir);
    sys::path::append(Path, Base + "." + Stage + "." + Ext);
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    if (EC)
      return fail("cannot write '" + Path + "': " + EC.message());
    OS << Data;
    return Error::success();
  }

private:
  std::string Dir, Base;
};

std::string dumpDirFor(const std::string &Requested) {
  if (!Requested.empty())
    return Requested;
  if (std::optional<std::string> Env = sys::Process::GetEnv("FERRY_DUMP_DIR"))
    return *Env;
  return "";
}

/// The code generation level of AMD targets, at most the optimization level.
/// At 3 (CodeGenOptLevel::Aggressive, clang's -O3) the AMDGPU backend runs
/// GVN twice more over IR that has just been optimized (2 runs EarlyCSE
/// there) and duplicates tails more: slower, for no fewer registers on the
/// translation corpus or HeCBench's radix sort (bench/README.md).
cl::opt<unsigned> AMDGPUCodegenLevel(
    "ferry-amdgpu-codegen-opt", cl::init(2),
    cl::desc("Code generation level of AMD targets (0-3, at most -O; default 2)"));

/// The IR optimization level, after translation, of input that clang has
/// optimized already (DeviceOptions::InputOptimized), at most -O: O1
/// simplifies what the translation and the device libraries add in about
/// half of O3's time, and its code needs as few registers or fewer on the
/// translation corpus and the radix sort (bench/README.md).
cl::opt<unsigned> OptimizedInputLevel(
    "ferry-optimized-input-opt", cl::init(1),
    cl::desc("IR optimization level of translated optimized input (1-3, at most -O; "
             "default 1)"));

/// The level of optimize() for \p Opts: -O, or -ferry-optimized-input-opt
/// for optimized input.
unsigned irLevel(const AMDGPUOptions &Opts) {
  if (!Opts.InputOptimized || !Opts.OptLevel)
    return Opts.OptLevel;
  return std::clamp<unsigned>(OptimizedInputLevel, 1, Opts.OptLevel);
}

Expected<std::unique_ptr<TargetMachine>>
createTargetMachine(StringRef Triple, StringRef CPU, StringRef Features,
                    unsigned CodegenLevel,
                    FPOpFusion::FPOpFusionMode Fusion = FPOpFusion::Standard) {
  initializeTargets();
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(Triple.str(), Error);
  if (!T)
    return fail("no LLVM target for " + Triple + ": " + Error);
  llvm::TargetOptions Options;
  Options.AllowFPOpFusion = Fusion;
  auto Level = CodegenLevel >= 3   ? CodeGenOptLevel::Aggressive
               : CodegenLevel == 2 ? CodeGenOptLevel::Default
               : CodegenLevel == 1 ? CodeGenOptLevel::Less
                                   : CodeGenOptLevel::None;
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      Triple, CPU, Features, Options, Reloc::PIC_, std::nullopt, Level));
  if (!TM)
    return fail("cannot create a target machine for " + Triple + " " + CPU);
  return std::move(TM);
}

/// The new-PM default pipeline at \p OptLevel with \p TM's passes.
void optimize(Module &M, TargetMachine &TM, unsigned OptLevel) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  OptimizationLevel Level = OptLevel >= 3   ? OptimizationLevel::O3
                            : OptLevel == 2 ? OptimizationLevel::O2
                            : OptLevel == 1 ? OptimizationLevel::O1
                                            : OptimizationLevel::O0;
  ModulePassManager MPM = OptLevel ? PB.buildPerModuleDefaultPipeline(Level)
                                   : PB.buildO0DefaultPipeline(Level);
  // What HIP's link-time pipeline runs: the AMDGPU attributor infers which
  // implicit inputs (dispatch pointer, queue pointer, work-item ids, ...)
  // each kernel does not need, so their SGPRs/VGPRs are not preloaded.
  if (OptLevel && TM.getTargetTriple().isAMDGPU())
    if (Error E = PB.parsePassPipeline(MPM, "amdgpu-attributor"))
      consumeError(std::move(E)); // an older LLVM without it: fine
  MPM.run(M, MAM);
}

/// Code generation, guarded (BackendGuard.h): \p Stage names it in errors.
Expected<std::string> emit(Module &M, TargetMachine &TM, CodeGenFileType Type,
                           const Twine &Stage, const StageDumper &Dump) {
  SmallString<0> Out;
  raw_svector_ostream OS(Out);
  legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, OS, nullptr, Type))
    return fail("the target cannot emit this file type");
  if (Error E = runGuarded(
          Stage,
          [&] {
            PM.run(M);
            return Error::success();
          },
          Dump.hint()))
    return std::move(E);
  return std::string(Out.str());
}

/// The steps both lowerings take between the linked module and code
/// generation: optimize() (guarded), on AMDGPU the offsets into private
/// arrays folded into in-bounds addresses (PrivateArrayOffsets.h), the
/// addresses moved next to their accesses (AddressSinking.h) and single instructions for what the
/// translation wrote exactly in IR (HardwareInstructions.h), the
/// backend-safety rewrites for
/// \p Target, the "optimized" stage dump; the diagnostics each step
/// collected are its error.
Error optimizeForCodegen(Module &M, TargetMachine &TM, unsigned OptLevel,
                         const Twine &Stage, CodegenTarget Target,
                         DiagnosticCollector &Collect, StageDumper &Dump) {
  if (Error E = runGuarded(
          Stage,
          [&] {
            optimize(M, TM, OptLevel);
            return Error::success();
          },
          Dump.hint()))
    return E;
  if (Error E = Collect.takeError())
    return E;
  if (Target == CodegenTarget::AMDGPU && OptLevel > 0) {
    foldPrivateArrayOffsets(M);
    sinkAddressesToAccesses(M);
    useHardwareInstructions(M, TM.getTargetCPU());
  }
  if (Target == CodegenTarget::AMDGPU)
    boundSchedulingRegions(M);
  prepareForCodegen(M, Target);
  if (Error E = Collect.takeError())
    return E;
  return Dump.module("optimized", M);
}

/// Assembles \p Asm (what code generation printed for \p TM) into a
/// relocatable object in memory, as `clang -cc1as` would.
Expected<std::string> assemble(StringRef Asm, const TargetMachine &TM,
                               const Twine &Target, const StageDumper &Dump) {
  const llvm::Triple &TT = TM.getTargetTriple();
  const llvm::Target &T = TM.getTarget();
  SourceMgr Sources;
  Sources.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(Asm, "isa.s", false), SMLoc());
  MCTargetOptions Options;
  std::unique_ptr<MCRegisterInfo> MRI(T.createMCRegInfo(TT.str()));
  std::unique_ptr<MCAsmInfo> MAI(T.createMCAsmInfo(*MRI, TT.str(), Options));
  std::unique_ptr<MCSubtargetInfo> STI(T.createMCSubtargetInfo(
      TT.str(), TM.getTargetCPU(), TM.getTargetFeatureString()));
  std::unique_ptr<MCInstrInfo> MII(T.createMCInstrInfo());
  if (!MRI || !MAI || !STI || !MII)
    return fail("cannot create the assembler for " + Target);
  MCContext Ctx(TT, MAI.get(), MRI.get(), STI.get(), &Sources, &Options);
  std::string Messages;
  Ctx.setDiagnosticHandler([&](const SMDiagnostic &D, bool, const SourceMgr &,
                               std::vector<const MDNode *> &) {
    raw_string_ostream OS(Messages);
    D.print(nullptr, OS, /*ShowColors=*/false);
  });
  std::unique_ptr<MCObjectFileInfo> MOFI(
      T.createMCObjectFileInfo(Ctx, /*PIC=*/true));
  Ctx.setObjectFileInfo(MOFI.get());
  SmallString<0> Out;
  raw_svector_ostream OS(Out);
  std::unique_ptr<MCAsmBackend> Backend(T.createMCAsmBackend(*STI, *MRI, Options));
  std::unique_ptr<MCCodeEmitter> Emitter(T.createMCCodeEmitter(*MII, Ctx));
  if (!Backend || !Emitter)
    return fail("cannot create the assembler for " + Target);
  std::unique_ptr<MCObjectWriter> Writer = Backend->createObjectWriter(OS);
  std::unique_ptr<MCStreamer> Streamer(T.createMCObjectStreamer(
      TT, Ctx, std::move(Backend), std::move(Writer), std::move(Emitter), *STI));
  std::unique_ptr<MCAsmParser> Parser(createMCAsmParser(Sources, Ctx, *Streamer, *MAI));
  std::unique_ptr<MCTargetAsmParser> TargetParser(
      T.createMCAsmParser(*STI, *Parser, *MII, Options));
  if (!TargetParser)
    return fail("cannot create the assembler for " + Target);
  Parser->setTargetParser(*TargetParser);
  // The assembler ends the process on some input it accepted line by line
  // ("undefined .align directive" while writing a section): guarded.
  bool Failed = false;
  if (Error E = runGuarded(
          "assembling the code generated for " + Target,
          [&] {
            Failed = Parser->Run(/*NoInitialTextSection=*/false) || Ctx.hadError();
            return Error::success();
          },
          Dump.hint()))
    return std::move(E);
  if (Failed)
    return fail("assembling the code generated for " + Target + " failed (" +
                Dump.hint() + "):\n" + StringRef(Messages).rtrim());
  return std::string(Out.str());
}

/// Links the bitcode library at \p Path into \p M, only what \p M needs.
Error linkLibrary(Module &M, StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return fail("cannot read device library '" + Path +
                "': " + Buffer.getError().message());
  Expected<std::unique_ptr<Module>> Lib =
      getOwningLazyBitcodeModule(std::move(*Buffer), M.getContext());
  if (!Lib)
    return fail("device library '" + Path + "' is not LLVM bitcode: " +
                toString(Lib.takeError()));
  (*Lib)->setDataLayout(M.getDataLayout());
  (*Lib)->setTargetTriple(M.getTargetTriple());
  if (Linker::linkModules(M, std::move(*Lib), Linker::LinkOnlyNeeded))
    return fail("linking device library '" + Path + "' failed");
  // The libraries' unnamed functions (which -O0 code keeps as calls) get
  // names: the code object's function table finds each function by name
  // (the AMDGPU backend prints an unnamed one as __unnamed_N).
  nameUnamedGlobals(M);
  return Error::success();
}

/// The names of what \p M defines (not what it only declares).
StringSet<> definedNames(Module &M) {
  StringSet<> Own;
  for (GlobalValue &GV : M.global_values())
    if (!GV.isDeclaration())
      Own.insert(GV.getName());
  return Own;
}

/// Links ocml and ockl from \p Dir into \p M, and opencl.bc, which holds the
/// printf buffer's allocator (device printf, assert), where M calls it.
Error linkBitcodeLibraries(Module &M, StringRef Dir) {
  SmallVector<StringRef, 3> Libraries{"ocml.bc", "ockl.bc"};
  if (Function *Alloc = M.getFunction("__printf_alloc"); Alloc && Alloc->isDeclaration())
    Libraries.push_back("opencl.bc");
  for (StringRef Lib : Libraries) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Lib);
    if (Error E = linkLibrary(M, Path))
      return E;
  }
  return Error::success();
}

/// Floating-point modes of a module's code, for the device libraries.
struct FloatModes {
  bool DAZ = false;        ///< some function flushes f32 denormals
  bool FiniteOnly = true;  ///< every function of the module assumes no inf/NaN
  bool Unsafe = true;      ///< every function of the module is unsafe-fp-math (or approx-func)
};

/// \p M's modes: DAZ if any function flushes f32 denormals; finite-only /
/// unsafe math only if every function \p Own names (the module's code, not
/// the libraries') was compiled that way (CUDA's -use_fast_math).
FloatModes floatModes(Module &M, const StringSet<> &Own) {
  FloatModes Modes;
  bool AnyDefined = false;
  for (Function &F : M) {
    Modes.DAZ |= F.getFnAttribute("denormal-fp-math-f32").getValueAsString().starts_with(
        "preserve-sign");
    if (F.isDeclaration() || !Own.count(F.getName()))
      continue;
    AnyDefined = true;
    auto On = [&](StringRef A) { return F.getFnAttribute(A).getValueAsString() == "true"; };
    Modes.FiniteOnly &= On("no-infs-fp-math") && On("no-nans-fp-math");
    // (approx-func: ferry-nvcc's --use_fast_math, which allows approximate
    // functions without assuming finite values.)
    Modes.Unsafe &= On("unsafe-fp-math") || On("approx-func-fp-math");
  }
  Modes.FiniteOnly &= AnyDefined;
  Modes.Unsafe &= AnyDefined;
  return Modes;
}

/// The __oclc_* control variables ocml and ockl read.
struct ControlConstant {
  const char *Name;
  const char *FileStem; ///< oclc_<stem>_{on,off}.bc, or nullptr
  unsigned Bits;
  uint64_t Value;
};

/// The installed file that defines \p C for \p T.
std::string controlFile(const ControlConstant &C, const TranslateTarget &T) {
  if (C.FileStem)
    return (Twine("oclc_") + C.FileStem + (C.Value ? "_on.bc" : "_off.bc")).str();
  if (StringRef(C.Name) == "__oclc_ABI_version")
    return "oclc_abi_version_" + std::to_string(C.Value) + ".bc";
  return "oclc_isa_version_" + StringRef(T.Processor).drop_front(3).str() + ".bc";
}

/// Replaces the declaration \p GV with a definition of \p C's value, as the
/// installed control file would hold it.
void defineControlConstant(Module &M, GlobalVariable *GV, const ControlConstant &C) {
  Type *Ty = IntegerType::get(M.getContext(), C.Bits);
  auto *Def = new GlobalVariable(M, Ty, /*isConstant=*/true, GlobalValue::LinkOnceODRLinkage,
                                 ConstantInt::get(Ty, C.Value), "", nullptr,
                                 GlobalValue::NotThreadLocal, 4);
  Def->takeName(GV);
  Def->setVisibility(GlobalValue::ProtectedVisibility);
  GV->replaceAllUsesWith(Def);
  GV->eraseFromParent();
}

/// Defines each control variable the linked libraries declare: the
/// installed control file where \p Dir has it, else synthesized (Debian's
/// 5.2.3 has no gfx942/gfx11).
Error linkControlConstants(Module &M, const TranslateTarget &T, StringRef Dir,
                           const FloatModes &Modes) {
  const ControlConstant Controls[] = {
      {"__oclc_wavefrontsize64", "wavefrontsize64", 8, T.isWave64()},
      {"__oclc_daz_opt", "daz_opt", 8, Modes.DAZ},
      {"__oclc_finite_only_opt", "finite_only", 8, Modes.FiniteOnly},
      {"__oclc_unsafe_math_opt", "unsafe_math", 8, Modes.Unsafe},
      {"__oclc_correctly_rounded_sqrt32", "correctly_rounded_sqrt", 8, 1},
      {"__oclc_ABI_version", nullptr, 32, T.CodeObjectVersion * 100},
      {"__oclc_ISA_version", nullptr, 32, T.isaVersion()},
  };
  for (const ControlConstant &C : Controls) {
    GlobalVariable *GV = M.getGlobalVariable(C.Name, /*AllowInternal=*/true);
    if (!GV || !GV->isDeclaration())
      continue;
    SmallString<256> Path(Dir);
    sys::path::append(Path, controlFile(C, T));
    if (!sys::fs::exists(Path)) {
      defineControlConstant(M, GV, C);
      continue;
    }
    if (Error E = linkLibrary(M, Path))
      return E;
  }
  return Error::success();
}

/// The linked libraries' branches on the control constants folded and
/// what they no longer reach dropped, whatever the optimization level: the
/// code paths for other processors (`__oclc_ISA_version`, the wave size)
/// hold instructions this one lacks, which -O0 code kept (CUB's -O0 sort:
/// GFX10 functions that code generation for gfx90a removes, GFX9 wave
/// shifts that it refuses for gfx1100). \p Own: the module's own
/// functions, left as they are.
void foldLibraryControls(Module &M, const StringSet<> &Own) {
  FunctionAnalysisManager FAM;
  PassBuilder PB;
  PB.registerFunctionAnalyses(FAM);
  FunctionPassManager FPM;
  FPM.addPass(InstSimplifyPass());
  FPM.addPass(SimplifyCFGPass());
  for (Function &F : M)
    if (!F.isDeclaration() && !Own.count(F.getName()))
      FPM.run(F, FAM);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function &F : make_early_inc_range(M))
      if (F.hasLocalLinkage() && F.use_empty() && !Own.count(F.getName())) {
        F.eraseFromParent();
        Changed = true;
      }
  }
}

/// A device-library function \p M needs and the libraries in \p Dir lack,
/// as an error naming its callers.
Error checkLibraryFunctionsDefined(Module &M, StringRef Dir) {
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty())
      continue;
    StringRef Name = F.getName();
    if (!Name.starts_with("__ocml_") && !Name.starts_with("__ockl_") &&
        Name != "__printf_alloc")
      continue;
    std::string Users;
    for (User *U : F.users())
      if (auto *I = dyn_cast<Instruction>(U))
        if (Users.find(I->getFunction()->getName().str()) == std::string::npos)
          Users += (Users.empty() ? "" : ", ") + I->getFunction()->getName().str();
    return fail("device library function '" + Name + "' (needed by " + Users +
                ") is not in the device libraries of " + Dir);
  }
  return Error::success();
}

/// Links the ROCm device libraries of \p Dir into \p M: the libraries, then
/// the control constants for \p T and M's floating-point modes; what M
/// defines stays external, everything linked in is internalized (and
/// dropped when unused).
Error linkDeviceLibraries(Module &M, const TranslateTarget &T, StringRef Dir) {
  if (!sys::fs::is_directory(Dir))
    return fail("device library directory '" + Dir +
                "' does not exist (set FERRY_DEVICE_LIB_PATH or install "
                "rocm-device-libs)");
  StringSet<> Own = definedNames(M);
  if (Error E = linkBitcodeLibraries(M, Dir))
    return E;
  if (Error E = linkControlConstants(M, T, Dir, floatModes(M, Own)))
    return E;
  internalizeModule(M, [&](const GlobalValue &GV) {
    return Own.count(GV.getName()) ||
           (isa<Function>(GV) &&
            cast<Function>(GV).getCallingConv() == CallingConv::AMDGPU_KERNEL);
  });
  foldLibraryControls(M, Own);
  return checkLibraryFunctionsDefined(M, Dir);
}

/// Links a relocatable AMDGPU object into a code object with lld, in
/// process. lld writes its output through a file; both temporaries are
/// private and removed before returning.
Expected<std::string> linkCodeObject(StringRef Object, const Twine &Target) {
  static std::mutex LldMutex; // lld keeps global state
  static bool LldReusable = true; // false once lld says it cannot run again
  SmallString<128> In, Out;
  int FD;
  if (std::error_code EC = sys::fs::createTemporaryFile("ferry", "o", FD, In))
    return fail("cannot create a temporary file: " + EC.message());
  FileRemover RemoveIn(In);
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Object;
  }
  if (std::error_code EC = sys::fs::createTemporaryFile("ferry", "hsaco", Out))
    return fail("cannot create a temporary file: " + EC.message());
  FileRemover RemoveOut(Out);
  std::string Messages;
  raw_string_ostream ErrOS(Messages);
  const char *Args[] = {"ld.lld", "-shared", "--no-undefined", In.c_str(), "-o",
                        Out.c_str()};
  lld::Result R;
  {
    std::lock_guard<std::mutex> Lock(LldMutex);
    if (!LldReusable)
      return fail("cannot link the code object for " + Target +
                  ": lld failed earlier in this process and cannot run again");
    if (Error E = runGuarded("linking the code object for " + Target, [&] {
          R = lld::lldMain(Args, nulls(), ErrOS, {{lld::Gnu, &lld::elf::link}});
          return Error::success();
        })) {
      LldReusable = false;
      return std::move(E);
    }
    LldReusable = R.canRunAgain;
  }
  if (R.retCode)
    return fail("linking the code object failed: " + StringRef(ErrOS.str()).trim());
  ErrorOr<std::unique_ptr<MemoryBuffer>> Result = MemoryBuffer::getFile(Out);
  if (!Result)
    return fail("cannot read the linked code object: " +
                Result.getError().message());
  return (*Result)->getBuffer().str();
}

/// An error naming the functions \p M calls and the variables it uses and
/// defines nowhere (device-function libraries, another unit's `extern
/// __device__` variables), which a code object cannot reach.
Error checkCallsDefined(const Module &M) {
  std::string Missing;
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty())
      Missing += (Missing.empty() ? "'" : ", '") + F.getName().str() + "'";
  // (Undefined shared variables are the dynamic shared memory.)
  std::string Variables;
  for (const GlobalVariable &GV : M.globals())
    if (GV.isDeclaration() && GV.getAddressSpace() != 3 && !GV.use_empty() &&
        !GV.getName().starts_with("llvm."))
      Variables += (Variables.empty() ? "'" : ", '") + GV.getName().str() + "'";
  if (Missing.empty() && Variables.empty())
    return Error::success();
  std::string What;
  if (!Missing.empty())
    What = "call undefined functions " + Missing;
  if (!Variables.empty())
    What += (What.empty() ? "" : " and ") + ("use undefined variables " + Variables);
  return fail("the code object would " + What +
              " (define them, or build a relocatable object and link the "
              "device-function library at load time)");
}

/// The "input" and "translated" stages of \p M for \p Opts; on optimized
/// input, the module's own loops (not the device libraries', linked later)
/// that the runtime unroller unrolled are rolled back up and none is
/// runtime-unrolled again (LoopRerolling.h, IncomingUnrolling.h).
Error translateStage(Module &M, const AMDGPUOptions &Opts, StageDumper &Dump) {
  if (Error E = Dump.module("input", M))
    return E;
  if (Error E = translateToAMDGPU(M, Opts.Target))
    return E;
  if (Error E = Dump.module("translated", M))
    return E;
  if (Opts.InputOptimized && Opts.OptLevel) {
    rerollRuntimeUnrolledLoops(M);
    keepIncomingUnrolling(M);
  }
  return Error::success();
}

/// Entries of \p Functions for the kernels \p Copies names that it does
/// not describe (those taken out before optimization), as their originals'.
void describeKernelCopies(std::vector<FunctionEntry> &Functions,
                          ArrayRef<KernelCopy> Copies) {
  StringMap<size_t> ByName;
  for (auto [I, E] : enumerate(Functions))
    ByName[E.Name] = I;
  for (const KernelCopy &C : Copies) {
    auto Original = ByName.find(C.Original);
    if (ByName.contains(C.Name) || Original == ByName.end())
      continue;
    FunctionEntry E = Functions[Original->second];
    E.Name = C.Name;
    Functions.push_back(std::move(E));
  }
  llvm::sort(Functions, [](const FunctionEntry &A, const FunctionEntry &B) {
    return A.Name < B.Name;
  });
}

/// The optimized module \p M as a relocatable object for \p TargetID, with
/// its .ferry.functions table. One code generation: verbose assembly
/// carries the backend's resource summary of every function, and is then
/// assembled into the object. A kernel that is the same function as an
/// earlier one is compiled once and written twice (KernelCopies.h):
/// \p Copies, those taken out before optimization, and those equal after.
Expected<std::string> emitAMDGPUObject(Module &M, TargetMachine &TM, StringRef TargetID,
                                       std::vector<KernelCopy> Copies,
                                       DiagnosticCollector &Collect, StageDumper &Dump) {
  std::vector<FunctionEntry> Functions = describeFunctions(M);
  mergeKernelCopies(Copies, removeKernelCopies(M));
  describeKernelCopies(Functions, Copies);
  TM.Options.MCOptions.AsmVerbose = true;
  Expected<std::string> Asm =
      emit(M, TM, CodeGenFileType::AssemblyFile, "code generation for " + TargetID, Dump);
  if (!Asm)
    return Asm.takeError();
  if (Error E = Collect.takeError())
    return std::move(E);
  if (Error E = addKernelCopies(*Asm, Copies))
    return fail("code generation for " + TargetID + ": " + toString(std::move(E)));
  if (Error E = Dump.bytes("isa", "s", *Asm))
    return std::move(E);
  if (Error E = readResourceSummaries(*Asm, Functions))
    return fail("cannot describe the functions of the code object for " + TargetID + ": " +
                toString(std::move(E)));
  *Asm += functionTableDirectives(
      encodeFunctionTable(Functions, ("amdgcn-amd-amdhsa--" + TargetID).str()));
  Expected<std::string> Object = assemble(*Asm, TM, TargetID, Dump);
  if (!Object)
    return Object.takeError();
  if (Error E = Dump.bytes("object", "o", *Object))
    return std::move(E);
  return Object;
}

/// The code object of the relocatable \p Object, and its stage.
Expected<std::string> linkCodeObjectStage(StringRef Object, StringRef TargetID,
                                          StageDumper &Dump) {
  Expected<std::string> CodeObject = linkCodeObject(Object, TargetID);
  if (!CodeObject)
    return CodeObject.takeError();
  if (Error E = Dump.bytes("code-object", "hsaco", *CodeObject))
    return std::move(E);
  return CodeObject;
}

/// translate -> link the device libraries -> optimize -> object -> (unless
/// \p Relocatable) code object.
Expected<std::string> compileAMDGPU(const Module &NVVM, const AMDGPUOptions &Opts,
                                    bool Relocatable) {
  Expected<TranslateTarget> T = TranslateTarget::resolve(Opts.Target);
  if (!T)
    return T.takeError();
  std::unique_ptr<Module> M = CloneModule(NVVM);
  StageDumper Dump(dumpDirFor(Opts.DumpDir), *M, T->TargetID);
  if (Error E = translateStage(*M, Opts, Dump))
    return std::move(E);
  DiagnosticCollector Collect(M->getContext());
  if (Error E = linkDeviceLibraries(*M, *T, resolveDeviceLibDir(Opts.DeviceLibDir)))
    return std::move(E);
  if (Error E = Dump.module("linked", *M))
    return std::move(E);
  std::vector<KernelCopy> Copies = removeKernelCopies(*M);
  auto TM = createTargetMachine(M->getTargetTriple(), T->Processor, T->featureString(),
                                std::min<unsigned>(Opts.OptLevel, AMDGPUCodegenLevel));
  if (!TM)
    return TM.takeError();
  if (Error E = optimizeForCodegen(*M, **TM, irLevel(Opts), "optimizing for " + T->TargetID,
                                   CodegenTarget::AMDGPU, Collect, Dump))
    return std::move(E);
  if (!Relocatable)
    if (Error E = checkCallsDefined(*M))
      return std::move(E);
  Expected<std::string> Object =
      emitAMDGPUObject(*M, **TM, T->TargetID, std::move(Copies), Collect, Dump);
  if (!Object || Relocatable)
    return Object;
  return linkCodeObjectStage(*Object, T->TargetID, Dump);
}

} // namespace

std::string resolveDeviceLibDir(const std::string &Requested) {
  if (!Requested.empty())
    return Requested;
  if (std::optional<std::string> Env = sys::Process::GetEnv("FERRY_DEVICE_LIB_PATH"))
    return *Env;
  if (sys::fs::exists("/opt/rocm/amdgcn/bitcode/ocml.bc"))
    return "/opt/rocm/amdgcn/bitcode";
  return FERRY_DEFAULT_DEVICE_LIB_DIR;
}

Expected<std::string> compileToCodeObject(const Module &NVVM,
                                          const AMDGPUOptions &Opts) {
  return compileAMDGPU(NVVM, Opts, /*Relocatable=*/false);
}

Expected<std::string> compileToObject(const Module &NVVM, const AMDGPUOptions &Opts) {
  return compileAMDGPU(NVVM, Opts, /*Relocatable=*/true);
}

namespace {
/// The libdevice file for \p Requested (see PTXOptions), present or not.
std::string libdevicePath(const std::string &Requested) {
  if (!Requested.empty())
    return Requested;
  std::string Cuda = sys::Process::GetEnv("CUDA_PATH").value_or("/usr/local/cuda");
  return Cuda + "/nvvm/libdevice/libdevice.10.bc";
}
} // namespace

std::string findLibdevice(const std::string &Requested) {
  std::string Path = libdevicePath(Requested);
  return sys::fs::exists(Path) ? Path : "";
}

bool needsLibdevice(const Module &M) {
  for (const Function &F : M)
    if (F.isDeclaration() && F.getName().starts_with("__nv_"))
      return true;
  return false;
}

Error checkNVIDIAArch(const std::string &SM) {
  unsigned Number = 0;
  if (!StringRef(SM).starts_with("sm_") ||
      StringRef(SM).drop_front(3).rtrim("a").getAsInteger(10, Number))
    return fail("unknown NVIDIA architecture '" + SM + "' (e.g. sm_80, sm_90)");
  // LLVM only warns about an unknown CPU (on stderr) and then targets a
  // generic one: ask the subtarget table first.
  initializeTargets();
  std::string Message;
  const Target *NVPTX = TargetRegistry::lookupTarget("nvptx64-nvidia-cuda", Message);
  std::unique_ptr<MCSubtargetInfo> STI(
      NVPTX ? NVPTX->createMCSubtargetInfo("nvptx64-nvidia-cuda", "", "") : nullptr);
  if (STI && !STI->isCPUStringValid(SM))
    return fail("unknown NVIDIA architecture '" + SM +
                "': LLVM 19's NVPTX backend does not know it (e.g. sm_80, sm_90)");
  return Error::success();
}

/// The warp intrinsics CUDA has only before sm_70, where nvcc reports
/// "identifier "__shfl" is undefined" for newer targets: the NVVM ones
/// clang's headers still declare for every target, which NVPTX cannot
/// select there ("Cannot select: intrinsic %llvm.nvvm.shfl.idx.i32", an
/// internal error without a line). Their CUDA names, for the message.
static StringRef preVoltaWarpFunction(StringRef Intrinsic) {
  if (!Intrinsic.consume_front("llvm.nvvm."))
    return {};
  return StringSwitch<StringRef>(Intrinsic)
      .StartsWith("shfl.idx.", "__shfl")
      .StartsWith("shfl.up.", "__shfl_up")
      .StartsWith("shfl.down.", "__shfl_down")
      .StartsWith("shfl.bfly.", "__shfl_xor")
      .Case("vote.all", "__all")
      .Case("vote.any", "__any")
      .Case("vote.uni", "__uni")
      .Case("vote.ballot", "__ballot")
      .Default({});
}

/// An error naming the first function that calls a warp intrinsic of
/// preVoltaWarpFunction where \p SM is sm_70 or later.
static Error checkPreVoltaWarpCalls(const Module &M, const std::string &SM) {
  unsigned Number = 0;
  if (StringRef(SM).drop_front(3).rtrim("a").getAsInteger(10, Number) || Number < 70)
    return Error::success();
  for (const Function &F : M) {
    const StringRef Name = preVoltaWarpFunction(F.getName());
    if (Name.empty())
      continue;
    for (const User *U : F.users())
      if (const auto *CI = dyn_cast<CallBase>(U))
        return fail("'" + demangle(CI->getFunction()->getName().str()) + "' calls " + Name +
                    " (" + F.getName() + "), which CUDA has only before sm_70: for " + SM +
                    " use " + Name + "_sync with a mask of the lanes (nvcc: identifier \"" +
                    Name + "\" is undefined), or build for sm_60");
  }
  return Error::success();
}

/// The PTX ISA version the module's functions ask for ("+ptx85" in their
/// "target-features", as clang writes it from the CUDA version), as a
/// feature of the target machine: NVPTX writes `.version` from the target
/// machine alone, and without it inline PTX newer than the processor's
/// minimum ISA (cub's `bmsk` needs PTX 7.6; sm_80's minimum is 7.0) does
/// not assemble. The highest version LLVM 19 knows at most; none: "" (the
/// processor's minimum), or with \p Newest the highest LLVM 19 knows.
std::string ptxVersionFeature(const Module &M, StringRef SM, bool Newest) {
  std::string Message;
  const Target *NVPTX = TargetRegistry::lookupTarget("nvptx64-nvidia-cuda", Message);
  if (!NVPTX)
    return "";
  std::unique_ptr<MCSubtargetInfo> STI(
      NVPTX->createMCSubtargetInfo("nvptx64-nvidia-cuda", SM, ""));
  unsigned Known = 0, Wanted = 0;
  for (const SubtargetFeatureKV &KV : STI->getAllProcessorFeatures()) {
    unsigned V = 0;
    if (StringRef Key(KV.Key); Key.consume_front("ptx") && !Key.getAsInteger(10, V))
      Known = std::max(Known, V);
  }
  for (const Function &F : M) {
    Attribute A = F.getFnAttribute("target-features");
    if (!A.isValid())
      continue;
    SmallVector<StringRef, 4> Parts;
    A.getValueAsString().split(Parts, ',');
    for (StringRef P : Parts) {
      unsigned V = 0;
      if (P.consume_front("+ptx") && !P.getAsInteger(10, V))
        Wanted = std::max(Wanted, V);
    }
  }
  unsigned V = Wanted || !Newest ? std::min(Wanted, Known) : Known;
  return V ? "+ptx" + std::to_string(V) : "";
}

namespace {
/// Links libdevice into \p M where M calls it, only what M needs,
/// internalized; the "linked" stage.
Error linkLibdevice(Module &M, const PTXOptions &Opts, StageDumper &Dump) {
  if (!needsLibdevice(M))
    return Error::success();
  std::string Path = libdevicePath(Opts.LibdevicePath);
  if (!sys::fs::exists(Path))
    return fail("libdevice not found at '" + Path +
                "' (set CUDA_PATH to a CUDA toolkit): the module calls __nv_* "
                "functions");
  StringSet<> Own = definedNames(M);
  if (Error E = linkLibrary(M, Path))
    return E;
  internalizeModule(M, [&](const GlobalValue &GV) { return Own.count(GV.getName()); });
  return Dump.module("linked", M);
}

/// Whether \p M's own code was compiled with nvcc's --use_fast_math:
/// ferry-nvcc's -fapprox-func on every function it defines (libdevice's
/// aside).
bool isFastMath(const Module &M) {
  bool Any = false;
  for (const Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with("__nv_"))
      continue;
    if (!F.getFnAttribute("approx-func-fp-math").getValueAsBool())
      return false;
    Any = true;
  }
  return Any;
}

/// Folds __nvvm_reflect in \p M with CUDA's defaults for \p SM (LLVM 19's
/// own NVVMReflect folds __CUDA_PREC_SQRT to 0, turning sqrtf into
/// sqrt.approx; so does nvcc's --use_fast_math, -prec-sqrt=false).
void foldNVVMReflect(Module &M, StringRef SM, bool FastMath) {
  unsigned Number = 0;
  SM.drop_front(3).rtrim("a").getAsInteger(10, Number);
  TranslateTarget Reflect;
  Reflect.CudaArch = Number * 10;
  Reflect.ForAMDGPU = false;
  Reflect.PrecSqrt = !FastMath;
  ModuleAnalysisManager MAM;
  NVVMReflectPass(Reflect).run(M, MAM);
}

/// Whether \p M reads variadic arguments (va_arg, va_start, va_copy), which
/// LLVM 19's NVPTX cannot select with 32-bit local pointers (it aborts).
bool readsVariadicArguments(const Module &M) {
  for (const Function &F : M) {
    if (F.isVarArg() && !F.isDeclaration())
      return true;
    const Intrinsic::ID ID = F.getIntrinsicID();
    if ((ID == Intrinsic::vastart || ID == Intrinsic::vacopy || ID == Intrinsic::vaend) &&
        !F.use_empty())
      return true;
    for (const Instruction &I : instructions(F))
      if (isa<VAArgInst>(I))
        return true;
  }
  return false;
}

/// Whether \p M lets floating-point multiplies and adds be fused: any of its
/// floating-point operations carries the `contract` flag (clang's CUDA
/// default, -ffp-contract=fast, puts it on every one; -ffp-contract=off on
/// none) or a function has "unsafe-fp-math".
bool allowsContraction(const Module &M) {
  for (const Function &F : M) {
    if (F.getFnAttribute("unsafe-fp-math").getValueAsBool())
      return true;
    for (const Instruction &I : instructions(F))
      if (isa<FPMathOperator>(I) && I.hasAllowContract())
        return true;
  }
  return false;
}

/// The NVPTX target machine for \p M: with 32-bit pointers for shared,
/// constant and local memory (nvptx-short-ptr), as nvcc's PTX addresses
/// them, where \p M reads no variadic arguments (64-bit shared addresses
/// take a register pair and 64-bit integer arithmetic per access; on the
/// H200 bench/cuda's times did not move either way). LLVM 19 reads the choice from its
/// option when the target machine is made; the option is process-wide, so
/// it is set, used and restored under a lock. Where \p M allows contraction
/// (allowsContraction), floating-point multiplies and adds may be fused, as
/// nvcc's -fmad=true (its default): NVPTX then writes `mul.f32`/`add.f32`,
/// which ptxas may fuse, and not `mul.rn.f32`/`add.rn.f32`, which it must
/// not (nbody's PTX had 32 of those; its time on the H200 did not change).
Expected<std::unique_ptr<TargetMachine>> createPTXTargetMachine(const Module &M,
                                                                const PTXOptions &Opts,
                                                                bool NewestPTX) {
  initializeTargets();
  static std::mutex OptionLock;
  std::lock_guard<std::mutex> Guard(OptionLock);
  auto *ShortPointers =
      static_cast<cl::opt<bool> *>(cl::getRegisteredOptions().lookup("nvptx-short-ptr"));
  bool Before = ShortPointers && *ShortPointers;
  if (ShortPointers)
    ShortPointers->setValue(!readsVariadicArguments(M));
  auto TM = createTargetMachine("nvptx64-nvidia-cuda", Opts.SM, ptxVersionFeature(M, Opts.SM, NewestPTX),
                                Opts.OptLevel,
                                allowsContraction(M) ? FPOpFusion::Fast : FPOpFusion::Standard);
  if (ShortPointers)
    ShortPointers->setValue(Before);
  return TM;
}

/// Private arrays and aggregates of 16 bytes or more get 16-byte alignment,
/// as nvcc gives its local depot: CUDA code reads and writes them through
/// vector types (`reinterpret_cast<uint4 *>(v[c])[0]` on a `float v[8][4]`),
/// whose accesses clang marks 16-aligned while the alloca keeps the
/// element's 4; NVPTX trusts the access and the H200 stopped the kernel
/// with CUDA_ERROR_MISALIGNED_ADDRESS (cuda/private_vector_access.cu).
void alignPrivateAggregates(Module &M) {
  const DataLayout &DL = M.getDataLayout();
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *A = dyn_cast<AllocaInst>(&I))
        if (A->getAllocatedType()->isAggregateType() && A->getAlign() < Align(16))
          if (std::optional<TypeSize> Size = A->getAllocationSize(DL);
              Size && !Size->isScalable() && Size->getFixedValue() >= 16)
            A->setAlignment(Align(16));
}

/// nvcc's --use_fast_math is also -prec-div=false: float divisions as
/// div.approx (flushing denormals where the function does). NVPTX would
/// choose it only under unsafe-fp-math, which also lets it fuse multiplies
/// and adds that -fmad=false keeps apart.
void approximateDivisions(Module &M) {
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    const bool FTZ = F.getFnAttribute("denormal-fp-math-f32").getValueAsString().starts_with(
        "preserve-sign");
    for (Instruction &I : make_early_inc_range(instructions(F)))
      if (I.getOpcode() == Instruction::FDiv && I.getType()->isFloatTy()) {
        IRBuilder<> B(&I);
        Value *Div = B.CreateIntrinsic(
            FTZ ? Intrinsic::nvvm_div_approx_ftz_f : Intrinsic::nvvm_div_approx_f, {},
            {I.getOperand(0), I.getOperand(1)});
        I.replaceAllUsesWith(Div);
        I.eraseFromParent();
      }
  }
}

/// The linked module \p M optimized for Opts.SM and emitted as PTX
/// (\p FastMath: its code was compiled with --use_fast_math, isFastMath).
Expected<std::string> emitPTX(Module &M, const PTXOptions &Opts, bool FastMath, bool NewestPTX,
                              DiagnosticCollector &Collect, StageDumper &Dump) {
  auto TM = createPTXTargetMachine(M, Opts, NewestPTX);
  if (!TM)
    return TM.takeError();
  M.setDataLayout((*TM)->createDataLayout());
  alignPrivateAggregates(M);
  if (Error E = optimizeForCodegen(M, **TM, Opts.OptLevel, "optimizing for " + Opts.SM,
                                   CodegenTarget::NVPTX, Collect, Dump))
    return std::move(E);
  if (FastMath)
    approximateDivisions(M);
  Expected<std::string> PTX =
      emit(M, **TM, CodeGenFileType::AssemblyFile, "code generation for " + Opts.SM, Dump);
  if (!PTX)
    return PTX.takeError();
  if (Error E = Collect.takeError())
    return std::move(E);
  if (Error E = Dump.bytes("ptx", "ptx", *PTX))
    return std::move(E);
  return PTX;
}

/// compileToPTX, for the PTX version the module names or (NewestPTX) the
/// highest LLVM 19 knows where it names none.
Expected<std::string> compileToPTXVersion(const Module &NVVM, const PTXOptions &Opts,
                                          bool NewestPTX) {
  std::unique_ptr<Module> M = CloneModule(NVVM);
  StageDumper Dump(dumpDirFor(Opts.DumpDir), *M, Opts.SM);
  if (Error E = Dump.module("input", *M))
    return std::move(E);
  DiagnosticCollector Collect(M->getContext());
  if (Error E = checkNVVMInput(*M))
    return std::move(E);
  if (Error E = Collect.takeError())
    return std::move(E);
  redirectMathToLibdevice(*M);
  if (Error E = linkLibdevice(*M, Opts, Dump))
    return std::move(E);
  const bool FastMath = isFastMath(*M);
  foldNVVMReflect(*M, Opts.SM, FastMath);
  if (Error E = checkPreVoltaWarpCalls(*M, Opts.SM))
    return std::move(E);
  return emitPTX(*M, Opts, FastMath, NewestPTX, Collect, Dump);
}
} // namespace

Expected<std::string> compileToPTX(const Module &NVVM, const PTXOptions &Opts) {
  if (Error E = checkNVIDIAArch(Opts.SM))
    return std::move(E);
  // NVVM IR that names no PTX version (MLIR's, Numba's, Triton's, which give
  // it to their target machine instead) gets the processor's minimum, which
  // newer instructions (nanosleep, cp.async, cluster barriers) fail to
  // select under: such a module is compiled again for the newest version.
  Expected<std::string> PTX = compileToPTXVersion(NVVM, Opts, /*NewestPTX=*/false);
  if (PTX || !ptxVersionFeature(NVVM, Opts.SM, /*Newest=*/false).empty())
    return PTX;
  Expected<std::string> Newest = compileToPTXVersion(NVVM, Opts, /*NewestPTX=*/true);
  if (!Newest)
    return Newest.takeError(); // (the first attempt's error is that one's too, or older)
  consumeError(PTX.takeError());
  return Newest;
}

} // namespace ferry
