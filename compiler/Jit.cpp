//===- Jit.cpp - NVVM IR to loaded programs (ferry/jit.h) -----------------===//
///
/// \file
/// The JIT API: a Session asks the runtime which device is selected, makes
/// the DeviceTarget for its processor, compiles modules through the compile
/// cache and loads them with ferry_module_load. The C API wraps the C++ one
/// and leaves each failure's message in the runtime's ferry_last_error.
///
//===----------------------------------------------------------------------===//
#include "ferry/jit.h"

#include "openacc.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;

namespace ferry {
namespace jit {
namespace {

Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// A failed runtime call: the routine, what it was doing and the runtime's
/// status and message.
Error runtimeError(StringRef Routine, const Twine &What, ferry_status S) {
  const char *Message = ferry_last_error();
  return fail(Routine + " (" + What + ") failed with status " + Twine(int(S)) +
              (Message && *Message ? Twine(": ") + Message : Twine()));
}

Expected<std::unique_ptr<Module>> parseModule(StringRef IR, StringRef Name, LLVMContext &Ctx) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M =
      parseIR(MemoryBufferRef(IR, Name), Diag, Ctx);
  if (!M) {
    std::string Text;
    raw_string_ostream OS(Text);
    Diag.print(Name.str().c_str(), OS, /*ShowColors=*/false);
    return fail("cannot read " + Name + ": " + StringRef(OS.str()).trim());
  }
  return std::move(M);
}

} // namespace

Error Kernel::launch(Dim3 Grid, Dim3 Block, uint32_t SharedBytes, ArrayRef<void *> Args,
                     int Async) const {
  const uint32_t G[3] = {Grid.X, Grid.Y, Grid.Z}, B[3] = {Block.X, Block.Y, Block.Z};
  if (ferry_status S = ferry_launch(Handle, G, B, SharedBytes,
                                    const_cast<void **>(Args.data()), Async))
    return runtimeError("ferry_launch", "kernel '" + Name + "'", S);
  return Error::success();
}

Program::~Program() { ferry_module_unload(Module); }

Expected<const Kernel &> Program::kernel(StringRef Name) {
  auto It = Kernels.find(Name);
  if (It != Kernels.end())
    return *It->second;
  ferry_kernel Handle = nullptr;
  if (ferry_status S = ferry_module_get_kernel(Module, Name.str().c_str(), &Handle))
    return runtimeError("ferry_module_get_kernel", "kernel '" + Name + "'", S);
  std::unique_ptr<Kernel> &K = Kernels[Name];
  K.reset(new Kernel(Name.str(), Handle));
  return *K;
}

Expected<std::pair<uint64_t, uint64_t>> Program::symbol(StringRef Name) const {
  uint64_t Address = 0, Size = 0;
  if (ferry_status S = ferry_module_symbol(Module, Name.str().c_str(), &Address, &Size))
    return runtimeError("ferry_module_symbol", "symbol '" + Name + "'", S);
  return std::make_pair(Address, Size);
}

Expected<std::unique_ptr<Session>> Session::create(SessionOptions Opts) {
  if (Opts.InstallFatalErrorHandler)
    installFatalErrorHandler();
  if (!Opts.DeviceType.empty()) {
    acc_device_t Type = Opts.DeviceType == "radeon"   ? acc_device_radeon
                        : Opts.DeviceType == "nvidia" ? acc_device_nvidia
                                                      : acc_device_none;
    if (Type == acc_device_none)
      return fail("device type '" + Opts.DeviceType +
                  "' is not a JIT target (use \"radeon\" or \"nvidia\")");
    acc_set_device_type(Type);
  }
  ferry_device_desc Device;
  if (ferry_status S = ferry_selected_device(&Device))
    return runtimeError("ferry_selected_device", "the selected device", S);
  if (Opts.DeviceNum >= 0 && Opts.DeviceNum != Device.number) {
    acc_set_device_num(Opts.DeviceNum, acc_get_device_type());
    if (ferry_status S = ferry_selected_device(&Device))
      return runtimeError("ferry_selected_device", "device " + Twine(Opts.DeviceNum), S);
    if (Device.number != Opts.DeviceNum)
      return fail("there is no " + Twine(Device.type) + " device " + Twine(Opts.DeviceNum));
  }
  if (std::strcmp(Device.type, "host") == 0 || !*Device.arch)
    return fail(Twine("the selected device is the ") + Device.type +
                ", not a GPU: the JIT compiles for AMD and NVIDIA GPUs (set "
                "ACC_DEVICE_TYPE=radeon or nvidia, or FERRY_EMULATE=gfx90a for the "
                "emulated AMD device)");
  Expected<std::unique_ptr<DeviceTarget>> Target =
      DeviceTarget::create(Device.arch, Opts.Device);
  if (!Target)
    return Target.takeError();
  return std::unique_ptr<Session>(
      new Session(std::move(*Target), Device.emulated != 0, std::move(Opts.Cache)));
}

Expected<std::vector<DeviceImage>> Session::compile(const Module &M,
                                                    ArrayRef<const Module *> Libraries) {
  const bool AMD = Target->vendor() == Vendor::AMD;
  std::vector<DeviceImage> Images;
  auto Add = [&](const Module &Part, ImageKind Kind) -> Error {
    Expected<std::string> Bytes = Cache.compile(*Target, Part, Kind);
    if (!Bytes)
      return fail("compiling '" + Part.getModuleIdentifier() + "' for " + Target->arch() +
                  ": " + toString(Bytes.takeError()));
    Images.push_back({Kind, Target->triple().str(), Target->arch(), std::move(*Bytes)});
    return Error::success();
  };
  // A kernel module that calls into libraries stays relocatable (AMD); the
  // emulated device also needs each object's translated IR, right after it.
  const ImageKind Main = AMD && !Libraries.empty() ? ImageKind::Object : Target->loadableKind();
  const ImageKind Library = AMD ? ImageKind::Object : ImageKind::PTX;
  for (const Module *Part : {&M}) {
    if (Error E = Add(*Part, Main))
      return std::move(E);
    if (Emulated)
      if (Error E = Add(*Part, ImageKind::TranslatedIR))
        return std::move(E);
  }
  for (const Module *Lib : Libraries) {
    if (Error E = Add(*Lib, Library))
      return std::move(E);
    if (Emulated)
      if (Error E = Add(*Lib, ImageKind::TranslatedIR))
        return std::move(E);
  }
  return std::move(Images);
}

Expected<std::unique_ptr<Program>> Session::load(const Module &M,
                                                 ArrayRef<const Module *> Libraries) {
  Expected<std::vector<DeviceImage>> Images = compile(M, Libraries);
  if (!Images)
    return Images.takeError();
  std::vector<ferry_image_desc> Descs;
  for (const DeviceImage &I : *Images)
    Descs.push_back({runtimeKindName(I.Kind), I.Bytes.data(), I.Bytes.size()});
  ferry_module Module = nullptr;
  if (ferry_status S = ferry_module_load(Descs.data(), Descs.size(), &Module))
    return runtimeError("ferry_module_load",
                        "'" + M.getModuleIdentifier() + "' on " + Target->arch(), S);
  return std::unique_ptr<Program>(new Program(Module, std::move(*Images)));
}

Expected<std::unique_ptr<Program>> Session::load(StringRef IR, ArrayRef<StringRef> Libraries) {
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> M = parseModule(IR, "the module", Ctx);
  if (!M)
    return M.takeError();
  std::vector<std::unique_ptr<Module>> Libs;
  std::vector<const Module *> LibPtrs;
  for (size_t I = 0; I < Libraries.size(); ++I) {
    Expected<std::unique_ptr<Module>> L =
        parseModule(Libraries[I], "library " + std::to_string(I), Ctx);
    if (!L)
      return L.takeError();
    LibPtrs.push_back(L->get());
    Libs.push_back(std::move(*L));
  }
  return load(**M, LibPtrs);
}

} // namespace jit
} // namespace ferry

// The C API.

struct ferry_jit_session_s {
  std::unique_ptr<ferry::jit::Session> S;
};
struct ferry_jit_program_s {
  std::unique_ptr<ferry::jit::Program> P;
};

namespace {

ferry_status failed(const char *Routine, llvm::Error E, ferry_status S = FERRY_ERROR_INVALID) {
  ferry_set_last_error((std::string(Routine) + ": " + llvm::toString(std::move(E))).c_str());
  return S;
}

ferry_status invalid(const char *Message) {
  ferry_set_last_error(Message);
  return FERRY_ERROR_INVALID;
}

llvm::StringRef bytes(ferry_jit_buffer B) {
  return llvm::StringRef(static_cast<const char *>(B.data), B.size);
}

} // namespace

extern "C" {

ferry_status ferry_jit_session_create(const ferry_jit_options *Options,
                                      ferry_jit_session *Out) {
  if (!Out)
    return invalid("ferry_jit_session_create: out is NULL");
  ferry::jit::SessionOptions Opts;
  if (Options) {
    if (Options->device_type)
      Opts.DeviceType = Options->device_type;
    Opts.DeviceNum = Options->device_num;
    if (Options->opt_level > 3)
      return invalid("ferry_jit_session_create: opt_level must be 0 to 3");
    Opts.Device.OptLevel = Options->opt_level;
    Opts.Cache.Enabled = Options->use_cache != 0;
  }
  auto S = ferry::jit::Session::create(std::move(Opts));
  if (!S)
    return failed("ferry_jit_session_create", S.takeError(), FERRY_ERROR_NO_DEVICE);
  *Out = new ferry_jit_session_s{std::move(*S)};
  return FERRY_SUCCESS;
}

void ferry_jit_session_destroy(ferry_jit_session Session) { delete Session; }

const char *ferry_jit_session_arch(ferry_jit_session Session) {
  return Session ? Session->S->target().arch().c_str() : "";
}

ferry_status ferry_jit_load(ferry_jit_session Session, ferry_jit_buffer Module,
                            const ferry_jit_buffer *Libraries, size_t NumLibraries,
                            ferry_jit_program *Out) {
  if (!Session || !Out || !Module.data || (NumLibraries && !Libraries))
    return invalid("ferry_jit_load: session, module and out must not be NULL");
  std::vector<llvm::StringRef> Libs;
  for (size_t I = 0; I < NumLibraries; ++I)
    Libs.push_back(bytes(Libraries[I]));
  auto P = Session->S->load(bytes(Module), Libs);
  if (!P)
    return failed("ferry_jit_load", P.takeError());
  *Out = new ferry_jit_program_s{std::move(*P)};
  return FERRY_SUCCESS;
}

ferry_status ferry_jit_get_kernel(ferry_jit_program Program, const char *Name,
                                  ferry_kernel *Out) {
  if (!Program || !Name || !Out)
    return invalid("ferry_jit_get_kernel: program, name and out must not be NULL");
  auto K = Program->P->kernel(Name);
  if (!K)
    return failed("ferry_jit_get_kernel", K.takeError());
  *Out = K->handle();
  return FERRY_SUCCESS;
}

void ferry_jit_program_destroy(ferry_jit_program Program) { delete Program; }


} // extern "C"
