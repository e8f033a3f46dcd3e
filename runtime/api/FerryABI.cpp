//===- FerryABI.cpp - The C ABI that Ferry-compiled code calls ------------===//
///
/// \file
/// Thin C entry points of <ferry/runtime.h>, forwarding to the Runtime.
/// The porting-facing routines (images, modules, kernels, backends) return
/// their failures as a status and keep the message for ferry_last_error();
/// the entry points of Ferry-compiled programs print theirs.
///
//===----------------------------------------------------------------------===//
#include "core/Debug.h"
#include "core/Error.h"
#include "core/ImageRegistry.h"
#include "core/Runtime.h"
#include "core/SymbolIndex.h"
#include "ferry/runtime.h"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace ferry;

namespace {

/// The message of the last porting-facing routine that failed on this
/// thread (ferry_last_error).
thread_local std::string LastError;

/// Ends routine \p Routine with failure \p E: the message is kept for
/// ferry_last_error, printed only with FERRY_DEBUG=1, and the status
/// returned.
ferry_status fail(const char *Routine, const Error &E) {
  LastError = std::string(Routine) + ": " + E.message();
  debugf("%s", LastError.c_str());
  return E.status();
}

/// A null pointer argument \p Arg of \p Routine.
ferry_status failNull(const char *Routine, const char *Arg) {
  return fail(Routine, makeError(FERRY_ERROR_INVALID, "%s is NULL", Arg));
}

} // namespace

extern "C" {

const char *ferry_last_error(void) { return LastError.c_str(); }

void ferry_clear_error(void) { LastError.clear(); }

void ferry_set_last_error(const char *Message) {
  LastError = Message ? Message : "";
  debugf("%s", LastError.c_str());
}

ferry_status ferry_parallel_for(const ferry_region *Region, const void *Closure,
                                size_t /*ClosureSize*/, int64_t TripCount,
                                ferry_host_chunk_fn HostFn,
                                const ferry_reduction *Reduction,
                                void *Result) {
  if (!Region || !HostFn || (Reduction && !Result))
    return FERRY_ERROR_INVALID;
  return Runtime::get().parallelFor(*Region, Closure, TripCount, HostFn,
                                    Reduction, Result);
}

ferry_status ferry_enter_host_region(const ferry_region *Region) {
  if (!Region)
    return FERRY_ERROR_INVALID;
  return Runtime::get().enterHostRegion(*Region);
}

void ferry_region_abort(const ferry_region *Region, const char *Why) {
  if (Why && Region && Region->name)
    std::fprintf(stderr, "ferry: error: %s: %s\n", Region->name, Why);
  else if (Why)
    std::fprintf(stderr, "ferry: error: %s\n", Why);
  std::fflush(stderr);
  std::abort();
}

const ferry_region *ferry_set_data_region(const ferry_region *Region) {
  return setCurrentRegion(Region);
}

// Compiled programs fill ferry_launch_desc (acc.h's parallel_loop: one
// initializer in the fields' order): fields are only ever appended, after
// `defer`, in this order.
static_assert(offsetof(ferry_launch_desc, num_workers) > offsetof(ferry_launch_desc, defer) &&
                  offsetof(ferry_launch_desc, privates) > offsetof(ferry_launch_desc, num_workers),
              "ferry_launch_desc: append fields, never reorder them");

ferry_status ferry_launch_region(const ferry_launch_desc *Desc) {
  if (!Desc)
    return FERRY_ERROR_INVALID;
  return Runtime::get().launchRegion(*Desc);
}

void ferry_launch_loop(const ferry_launch_desc *Desc, int Here) {
  if (Desc->trip_count < 0)
    ferry_region_abort(Desc->region, "the loop does not terminate (its step does not move the "
                                     "variable towards the bound)");
  if (Here) {
    if (Desc->reduction)
      Desc->reduction->init(Desc->result);
    runHostChunk(*Desc->region, Desc->host_fn, Desc->closure, 0, Desc->trip_count,
                 Desc->result);
    return;
  }
  if (ferry_launch_region(Desc) != FERRY_SUCCESS)
    ferry_region_abort(Desc->region, nullptr);
}

ferry_status ferry_finish_deferred(const ferry_region *Construct) {
  if (!Construct)
    return FERRY_ERROR_INVALID;
  return Runtime::get().finishDeferred(*Construct);
}

// The host's inner levels: one work-item each.
int64_t ferry_dev_lane(int) { return 0; }
int64_t ferry_dev_width(int) { return 1; }
void ferry_dev_sync(int) {}
void ferry_dev_reduce(int, void *, uint32_t, ferry_combine_fn) {}
int64_t ferry_dev_gang_id(void) { return 0; }
int64_t ferry_dev_thread_id(void) { return 0; }
int64_t ferry_dev_worker_id(void) { return 0; }
void ferry_dev_loop_failed(void) {
  errorf("a loop nested in a compute region's iteration does not terminate (its step does "
         "not move the variable towards the bound)");
  std::abort();
}
void ferry_dev_section_too_long(void) {
  errorf("a reduction on an array section in a loop nested in a compute region's iteration "
         "has more elements than Ferry's private copies hold (64 bytes; give the section a "
         "constant length, or reduce in the region's own loop)");
  std::abort();
}
void ferry_dev_inner_begin(int) {}
void ferry_dev_inner_end(int) {}
void ferry_dev_reduce_scalar(int, void *, uint32_t, int, int) {}

// Printed as well: the constructor that Ferry-compiled programs register
// their images from has nobody to return the status to.
ferry_status ferry_register_images(const void *Package, size_t Size) {
  std::string Message = ImageRegistry::get().addPackage(Package, Size);
  if (Message.empty())
    return FERRY_SUCCESS;
  Error E = makeError(FERRY_ERROR_INVALID, "corrupt device image package (%zu bytes) %s", Size,
                      Message.c_str());
  report(E);
  return fail("ferry_register_images", E);
}

size_t ferry_image_count(void) { return ImageRegistry::get().size(); }

ferry_status ferry_get_image_info(size_t Index, ferry_image_info *Info) {
  if (!Info)
    return failNull("ferry_get_image_info", "info");
  const DeviceImageRef *I = ImageRegistry::get().image(Index);
  if (!I)
    return fail("ferry_get_image_info",
                makeError(FERRY_ERROR_INVALID, "image %zu does not exist (%zu registered)",
                          Index, ferry_image_count()));
  Info->kind = imageKindName(I->Kind);
  Info->triple = I->Triple.c_str();
  Info->arch = I->Arch.c_str();
  Info->data = I->Data;
  Info->size = I->Size;
  return FERRY_SUCCESS;
}

struct ferry_module_s;
struct ferry_kernel_s {
  DeviceKernel *Handle; ///< owned by Owner's module
  ferry_module_s *Owner;
};
/// A module owns the kernel handles handed out for it.
struct ferry_module_s {
  std::unique_ptr<DeviceModule> Handle;
  std::vector<std::unique_ptr<ferry_kernel_s>> Kernels;
  std::vector<ferry::ImageIndex> Indexes; ///< of the images given at load
  std::vector<ferry_symbol> Symbols;      ///< built on first request
  bool Listed = false;
  std::mutex ListMutex;
};

ferry_status ferry_module_load(const ferry_image_desc *Images, size_t Count,
                               ferry_module *Out) {
  const char *Routine = "ferry_module_load";
  if (!Out)
    return failNull(Routine, "out");
  if (!Count)
    return fail(Routine, makeError(FERRY_ERROR_INVALID, "no images (count is 0)"));
  if (!Images)
    return failNull(Routine, "images");
  Runtime &R = Runtime::get();
  DeviceKind K;
  if (Error E = R.selectKind(K))
    return fail(Routine, E);
  Backend &B = R.backendFor(K);
  const int Device = R.deviceNum(K);
  // One list for every backend: each takes the images it can use, in order
  // (the first is the kernel image, the others its libraries); translated IR
  // goes with the object before it.
  std::vector<Backend::Image> List;
  std::string Kinds;
  bool ObjectTaken = false;
  for (size_t I = 0; I < Count; ++I) {
    if (!Images[I].kind || !Images[I].data)
      return fail(Routine, makeError(FERRY_ERROR_INVALID, "images[%zu] has a NULL %s", I,
                                     Images[I].kind ? "data" : "kind"));
    const Backend::Image Image{Images[I].kind, Images[I].data, Images[I].size};
    Kinds += (Kinds.empty() ? "" : ", ") + Image.Kind;
    if (Image.Kind == "object")
      if (std::string Target = amdgpuObjectTarget(Image.Data, Image.Size); !Target.empty())
        Kinds += " for " + targetProcessor(Target);
    const bool Bitcode = Image.Kind == "bitcode";
    const bool Take = (!Bitcode || ObjectTaken) && B.takesImage(Device, Image);
    if (!Bitcode)
      ObjectTaken = Take && Image.Kind == "object";
    if (Take)
      List.push_back(Image);
  }
  // None for the device: images of its kind for another target are handed
  // on, so that the backend says what does not match (the image's target
  // and the device's).
  if (List.empty())
    for (size_t I = 0; I < Count; ++I) {
      const Backend::Image Image{Images[I].kind, Images[I].data, Images[I].size};
      if (K == DeviceKind::Nvidia ? Image.Kind == "ptx"
                                  : Image.Kind == "object" ||
                                        (Image.Kind == "bitcode" && B.takesImage(Device, Image)))
        List.push_back(Image);
    }
  if (List.empty())
    return fail(Routine, makeError(FERRY_ERROR_INVALID,
                                   "none of the %zu images (%s) is for %s device %d: AMD GPUs "
                                   "load code objects of their target (the emulated ones with "
                                   "the translated IR after each), NVIDIA GPUs PTX",
                                   Count, Kinds.c_str(), deviceKindName(K), Device));
  std::unique_ptr<DeviceModule> Handle;
  if (Error E = B.loadModule(Device, List, Handle))
    return fail(Routine, E);
  auto *M = new ferry_module_s;
  M->Handle = std::move(Handle);
  for (const Backend::Image &I : List) {
    if (I.Kind == "bitcode") // the emulator's translated IR: no symbols of its own
      continue;
    M->Indexes.emplace_back();
    if (std::string Error = indexImage(I.Data, I.Size, M->Indexes.back()); !Error.empty())
      debugf("module symbols: an image of the module cannot be indexed: %s", Error.c_str());
  }
  *Out = M;
  return FERRY_SUCCESS;
}

ferry_status ferry_module_symbols(ferry_module M, const ferry_symbol **Symbols, size_t *Count) {
  if (!M || !Symbols || !Count)
    return failNull("ferry_module_symbols", !M ? "module" : !Symbols ? "symbols" : "count");
  std::lock_guard<std::mutex> Lock(M->ListMutex);
  if (!M->Listed) {
    // NVIDIA modules have no kernel addresses; asking would only produce
    // errors.
    Backend &B = M->Handle->backend();
    const bool Everything = B.kind() != DeviceKind::Nvidia;
    for (const ImageIndex &Index : M->Indexes)
      for (const SymbolInfo &S : Index.Symbols) {
        ferry_symbol Out = {S.Name.c_str(), S.Kind, S.Size, S.Offset, 0};
        uint64_t Size = 0;
        if ((Everything || S.Kind != FERRY_SYMBOL_KERNEL) &&
            B.symbolAddress(*M->Handle, S.Name.c_str(), Out.address, Size))
          Out.address = 0;
        M->Symbols.push_back(Out);
      }
    M->Listed = true;
  }
  *Symbols = M->Symbols.data();
  *Count = M->Symbols.size();
  return FERRY_SUCCESS;
}

ferry_status ferry_module_get_kernel(ferry_module M, const char *Name,
                                     ferry_kernel *Out) {
  const char *Routine = "ferry_module_get_kernel";
  if (!M || !Name || !Out)
    return failNull(Routine, !M ? "module" : !Name ? "name" : "out");
  DeviceKernel *Handle = nullptr;
  if (Error E = M->Handle->backend().getKernel(*M->Handle, Name, Handle))
    return fail(Routine, E);
  M->Kernels.push_back(std::make_unique<ferry_kernel_s>(ferry_kernel_s{Handle, M}));
  *Out = M->Kernels.back().get();
  return FERRY_SUCCESS;
}

ferry_status ferry_kernel_get_resources(ferry_kernel K, ferry_kernel_resources *Out) {
  const char *Routine = "ferry_kernel_get_resources";
  if (!K || !Out)
    return failNull(Routine, !K ? "kernel" : "out");
  *Out = {};
  // The kernel's metadata, in the images given at load (AMD code objects).
  const SymbolInfo *Info = nullptr;
  for (const ImageIndex &Index : K->Owner->Indexes)
    for (const SymbolInfo &S : Index.Symbols)
      if (!Info && S.Kind == FERRY_SYMBOL_KERNEL && S.Name == K->Handle->name() &&
          Index.Format == "hsa-code-object")
        Info = &S;
  // CUdevice_attribute numbers, which every backend answers in its terms.
  enum { MaxThreadsPerBlock = 0, SharedSizeBytes = 1, LocalSizeBytes = 3, NumRegs = 4 };
  int Regs = 0, Local = 0, Shared = 0, MaxThreads = 0;
  DeviceKernel &Kernel = *K->Handle;
  if (Kernel.attribute(NumRegs, Regs) && Kernel.attribute(LocalSizeBytes, Local) &&
      Kernel.attribute(SharedSizeBytes, Shared) &&
      Kernel.attribute(MaxThreadsPerBlock, MaxThreads)) {
    *Out = {uint32_t(Regs), 0, uint64_t(Local), uint64_t(Shared), uint32_t(MaxThreads)};
  } else {
    // The code object's metadata (the emulated AMD devices).
    if (!Info)
      return fail(Routine, makeError(FERRY_ERROR_INVALID,
                                     "the %s device says nothing of the resources of kernel '%s'",
                                     deviceKindName(Kernel.backend().kind()),
                                     Kernel.name().c_str()));
    *Out = {uint32_t(Info->VGPRs + Info->AGPRs), uint32_t(Info->SGPRs), Info->Scratch, Info->LDS,
            uint32_t(Info->MaxFlatWorkGroupSize)};
  }
  // AMD: the SGPRs, which CUDA has no attribute for, from the metadata.
  if (Kernel.backend().kind() != DeviceKind::Nvidia && Info)
    Out->scalar_registers = uint32_t(Info->SGPRs);
  return FERRY_SUCCESS;
}

ferry_status ferry_module_symbol(ferry_module M, const char *Name, uint64_t *Address,
                                 uint64_t *Size) {
  const char *Routine = "ferry_module_symbol";
  if (!M || !Name || !Address || !Size)
    return failNull(Routine, !M ? "module" : !Name ? "name" : !Address ? "address" : "size");
  if (Error E = M->Handle->backend().symbolAddress(*M->Handle, Name, *Address, *Size))
    return fail(Routine, E);
  return FERRY_SUCCESS;
}

ferry_status ferry_module_unload(ferry_module M) {
  if (!M)
    return failNull("ferry_module_unload", "module");
  Error E = M->Handle->backend().unloadModule(std::move(M->Handle));
  delete M;
  return E ? fail("ferry_module_unload", E) : FERRY_SUCCESS;
}

ferry_status ferry_launch(ferry_kernel K, const uint32_t Grid[3],
                          const uint32_t Block[3], uint32_t SharedBytes, void **Args,
                          int Async) {
  const char *Routine = "ferry_launch";
  if (!K || !Grid || !Block)
    return failNull(Routine, !K ? "kernel" : !Grid ? "grid" : "block");
  // Every backend refuses an empty grid, each in its own words.
  for (const uint32_t *Dims : {Grid, Block})
    if (!Dims[0] || !Dims[1] || !Dims[2])
      return fail(Routine, makeError(FERRY_ERROR_INVALID,
                                     "kernel '%s': %s (%u, %u, %u) has a zero dimension",
                                     K->Handle->name().c_str(),
                                     Dims == Grid ? "grid" : "block", Dims[0], Dims[1], Dims[2]));
  if (Error E = queueError("async", Async))
    return fail(Routine, E);
  Runtime &R = Runtime::get();
  const DeviceKind Kind = K->Handle->backend().kind();
  if (Error E = K->Handle->launch(Grid, Block, SharedBytes, Args,
                                  R.resolveAsync(Kind, R.deviceNum(Kind), Async)))
    return fail(Routine, E);
  return FERRY_SUCCESS;
}

ferry_status ferry_image_symbols(size_t Index, const ferry_symbol **Symbols,
                                 size_t *Count) {
  if (!Symbols || !Count)
    return failNull("ferry_image_symbols", !Symbols ? "symbols" : "count");
  if (Error E = Runtime::get().imageSymbols(Index, *Symbols, *Count))
    return fail("ferry_image_symbols", E);
  return FERRY_SUCCESS;
}

size_t ferry_backend_count(void) { return Runtime::get().backends().size(); }

ferry_status ferry_get_backend_info(size_t Index, ferry_backend_info *Info) {
  auto &Backends = Runtime::get().backends();
  if (!Info)
    return failNull("ferry_get_backend_info", "info");
  if (Index >= Backends.size())
    return fail("ferry_get_backend_info",
                makeError(FERRY_ERROR_INVALID, "backend %zu does not exist (%zu backends)",
                          Index, Backends.size()));
  Backend &B = *Backends[Index];
  Info->name = B.name();
  Info->device_type = deviceKindName(B.kind());
  Info->num_devices = B.numDevices();
  Info->status = B.status().c_str();
  return FERRY_SUCCESS;
}

const char *ferry_selected_device_type(void) {
  auto K = Runtime::get().selectedKind();
  return K ? deviceKindName(*K) : "none";
}

ferry_status ferry_selected_device(ferry_device_desc *Out) {
  const char *Routine = "ferry_selected_device";
  if (!Out)
    return failNull(Routine, "out");
  Runtime &R = Runtime::get();
  DeviceKind K;
  if (Error E = R.selectKind(K))
    return fail(Routine, E);
  Backend &B = R.backendFor(K);
  const int Device = R.deviceNum(K);
  thread_local std::string Arch;
  Arch = isaProcessor(B.isa(Device));
  Out->type = deviceKindName(K);
  Out->number = Device;
  Out->arch = Arch.c_str();
  Out->emulated = B.emulated();
  return FERRY_SUCCESS;
}

} // extern "C"
