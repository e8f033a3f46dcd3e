//===- CudaBackend.cpp - NVIDIA GPUs through the CUDA driver --------------===//
///
/// \file
/// Device discovery through the CUDA driver API. The toolkit headers are not
/// required: the few driver types Ferry needs are declared here with the
/// driver's documented ABI (CUresult and CUdevice are ints).
///
//===----------------------------------------------------------------------===//
#include "cuda/CudaBackend.h"

#include "core/Debug.h"
#include "core/DynamicLibrary.h"

#include <string>
#include <vector>

namespace ferry {
namespace {

using CUresult = int;
using CUdevice = int;
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;

struct CudaApi {
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDeviceGetCount)(int *) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;

  bool load(DynamicLibrary &Lib) {
    bool Ok = Lib.load("cuInit", cuInit);
    Ok &= Lib.load("cuDeviceGetCount", cuDeviceGetCount);
    Ok &= Lib.load("cuGetErrorString", cuGetErrorString);
    return Ok;
  }
};

class CudaBackend final : public Backend {
public:
  const char *name() const override { return "cuda"; }
  DeviceKind kind() const override { return DeviceKind::Nvidia; }

protected:
  void discover() override {
    std::vector<std::string> Candidates;
    if (auto Override = envString("FERRY_CUDA_LIB"))
      Candidates.push_back(*Override);
    else
      Candidates = {"libcuda.so.1"};
    if (!Lib.open(Candidates)) {
      Status = "CUDA driver not available: " + Lib.error();
      return;
    }
    if (!Api.load(Lib)) {
      Status = "CUDA driver unusable: " + Lib.error();
      return;
    }
    CUresult R = Api.cuInit(0);
    if (R != CUDA_SUCCESS) {
      Status = R == CUDA_ERROR_NO_DEVICE ? "no NVIDIA GPU (cuInit: 100)"
                                         : "cuInit failed: " + describe(R);
      return;
    }
    int Count = 0;
    R = Api.cuDeviceGetCount(&Count);
    if (R != CUDA_SUCCESS) {
      Status = "cuDeviceGetCount failed: " + describe(R);
      return;
    }
    NumDevices = Count;
    Status = Count ? "ok" : "no NVIDIA GPU";
    debugf("cuda: %d device(s) via %s", Count, Lib.path().c_str());
  }

private:
  std::string describe(CUresult R) {
    const char *Text = nullptr;
    std::string S = std::to_string(R);
    if (Api.cuGetErrorString && Api.cuGetErrorString(R, &Text) == CUDA_SUCCESS &&
        Text)
      S += std::string(" (") + Text + ")";
    return S;
  }

  DynamicLibrary Lib;
  CudaApi Api;
};

} // namespace

std::unique_ptr<Backend> createCudaBackend() {
  return std::make_unique<CudaBackend>();
}

} // namespace ferry
