//===- FerryABI.cpp - The C ABI that Ferry-compiled code calls ------------===//
///
/// \file
/// Thin C entry points of <ferry/runtime.h>, forwarding to the Runtime.
///
//===----------------------------------------------------------------------===//
#include "core/Debug.h"
#include "core/ImageRegistry.h"
#include "core/Runtime.h"
#include "core/SymbolIndex.h"
#include "ferry/runtime.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

using namespace ferry;

extern "C" {

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

const ferry_region *ferry_set_data_region(const ferry_region *Region) {
  return setCurrentRegion(Region);
}

ferry_status ferry_launch_region(const ferry_launch_desc *Desc) {
  if (!Desc)
    return FERRY_ERROR_INVALID;
  return Runtime::get().launchRegion(*Desc);
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
void ferry_dev_loop_failed(void) {
  errorf("a loop nested in a compute region's iteration does not terminate (its step does "
         "not move the variable towards the bound)");
  std::abort();
}

ferry_status ferry_register_images(const void *Package, size_t Size) {
  std::string Error = ImageRegistry::get().addPackage(Package, Size);
  if (!Error.empty()) {
    errorf("corrupt device image package (%zu bytes) %s", Size, Error.c_str());
    return FERRY_ERROR_INVALID;
  }
  return FERRY_SUCCESS;
}

size_t ferry_image_count(void) { return ImageRegistry::get().size(); }

ferry_status ferry_get_image_info(size_t Index, ferry_image_info *Info) {
  const DeviceImageRef *I = ImageRegistry::get().image(Index);
  if (!Info || !I)
    return FERRY_ERROR_INVALID;
  Info->kind = imageKindName(I->Kind);
  Info->triple = I->Triple.c_str();
  Info->arch = I->Arch.c_str();
  Info->data = I->Data;
  Info->size = I->Size;
  return FERRY_SUCCESS;
}

struct ferry_kernel_s {
  Backend *B;
  void *Handle;
};
/// A module owns the kernel handles handed out for it.
struct ferry_module_s {
  Backend *B;
  void *Handle;
  std::vector<std::unique_ptr<ferry_kernel_s>> Kernels;
  std::vector<ferry::ImageIndex> Indexes; ///< of the images given at load
  std::vector<ferry_symbol> Symbols;      ///< built on first request
  bool Listed = false;
  std::mutex ListMutex;
};

ferry_status ferry_module_load(const ferry_image_desc *Images, size_t Count,
                               ferry_module *Out) {
  if (!Images || !Count || !Out)
    return FERRY_ERROR_INVALID;
  Runtime &R = Runtime::get();
  auto K = R.selectedKind();
  if (!K)
    return FERRY_ERROR_NO_DEVICE;
  Backend &B = R.backendFor(*K);
  std::vector<Backend::Image> List;
  for (size_t I = 0; I < Count; ++I) {
    if (!Images[I].kind || !Images[I].data)
      return FERRY_ERROR_INVALID;
    List.push_back({Images[I].kind, Images[I].data, Images[I].size});
  }
  void *Handle = nullptr;
  if (ferry_status S = B.loadModule(R.deviceNum(*K), List, &Handle))
    return S;
  auto *M = new ferry_module_s;
  M->B = &B;
  M->Handle = Handle;
  for (const Backend::Image &I : List) {
    M->Indexes.emplace_back();
    if (std::string Error = indexImage(I.Data, I.Size, M->Indexes.back()); !Error.empty())
      debugf("module symbols: an image of the module cannot be indexed: %s", Error.c_str());
  }
  *Out = M;
  return FERRY_SUCCESS;
}

ferry_status ferry_module_symbols(ferry_module M, const ferry_symbol **Symbols, size_t *Count) {
  if (!M || !Symbols || !Count)
    return FERRY_ERROR_INVALID;
  std::lock_guard<std::mutex> Lock(M->ListMutex);
  if (!M->Listed) {
    // NVIDIA modules give addresses of variables only; asking for others
    // would only produce errors.
    const bool Everything = M->B->kind() != DeviceKind::Nvidia;
    for (const ImageIndex &Index : M->Indexes)
      for (const SymbolInfo &S : Index.Symbols) {
        ferry_symbol Out = {S.Name.c_str(), S.Kind, S.Size, S.Offset, 0};
        uint64_t Size = 0;
        if ((Everything || S.Kind == FERRY_SYMBOL_VARIABLE) &&
            M->B->symbolAddress(M->Handle, S.Name.c_str(), Out.address, Size) != FERRY_SUCCESS)
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
  if (!M || !Name || !Out)
    return FERRY_ERROR_INVALID;
  void *Handle = nullptr;
  if (ferry_status S = M->B->getKernel(M->Handle, Name, &Handle))
    return S;
  M->Kernels.push_back(std::make_unique<ferry_kernel_s>(ferry_kernel_s{M->B, Handle}));
  *Out = M->Kernels.back().get();
  return FERRY_SUCCESS;
}

ferry_status ferry_module_symbol(ferry_module M, const char *Name, uint64_t *Address,
                                 uint64_t *Size) {
  if (!M || !Name || !Address || !Size)
    return FERRY_ERROR_INVALID;
  return M->B->symbolAddress(M->Handle, Name, *Address, *Size);
}

ferry_status ferry_module_unload(ferry_module M) {
  if (!M)
    return FERRY_ERROR_INVALID;
  ferry_status S = M->B->unloadModule(M->Handle);
  delete M;
  return S;
}

ferry_status ferry_launch(ferry_kernel K, const uint32_t Grid[3],
                          const uint32_t Block[3], uint32_t SharedBytes, void **Args,
                          int Async) {
  if (!K || !Grid || !Block)
    return FERRY_ERROR_INVALID;
  Runtime &R = Runtime::get();
  const DeviceKind Kind = K->B->kind();
  return K->B->launch(K->Handle, Grid, Block, SharedBytes, Args,
                      R.resolveAsync(Kind, R.deviceNum(Kind), Async));
}

ferry_status ferry_image_symbols(size_t Index, const ferry_symbol **Symbols,
                                 size_t *Count) {
  // Built once per image and kept: images are never unregistered.
  static std::mutex Mutex;
  static std::map<size_t, std::pair<std::unique_ptr<ImageIndex>,
                                    std::vector<ferry_symbol>>> Cache;
  const DeviceImageRef *I = ImageRegistry::get().image(Index);
  if (!I || !Symbols || !Count)
    return FERRY_ERROR_INVALID;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto &Entry = Cache[Index];
  if (!Entry.first) {
    auto Idx = std::make_unique<ImageIndex>();
    std::string Error = indexImage(I->Data, I->Size, *Idx);
    if (!Error.empty()) {
      errorf("image %zu (%s): %s", Index, I->Arch.c_str(), Error.c_str());
      Cache.erase(Index);
      return FERRY_ERROR_INVALID;
    }
    for (const SymbolInfo &S : Idx->Symbols)
      Entry.second.push_back({S.Name.c_str(), S.Kind, S.Size, S.Offset, 0});
    Entry.first = std::move(Idx);
  }
  *Symbols = Entry.second.data();
  *Count = Entry.second.size();
  return FERRY_SUCCESS;
}

size_t ferry_backend_count(void) { return Runtime::get().backends().size(); }

ferry_status ferry_get_backend_info(size_t Index, ferry_backend_info *Info) {
  auto &Backends = Runtime::get().backends();
  if (!Info || Index >= Backends.size())
    return FERRY_ERROR_INVALID;
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

} // extern "C"
