//===- HsaBackend.cpp - AMD GPUs through ROCR (HSA) -----------------------===//
///
/// \file
/// Device discovery through ROCR. Without /dev/kfd, hsa_init returns
/// HSA_STATUS_ERROR_OUT_OF_RESOURCES (0x1008): that means "no AMD device" and
/// is reported only through status(), never printed.
///
//===----------------------------------------------------------------------===//
#include "hsa/HsaBackend.h"

#include "core/Debug.h"
#include "core/DynamicLibrary.h"

#include <hsa/hsa.h>

#include <cstdio>
#include <string>
#include <vector>

namespace ferry {
namespace {

/// The ROCR entry points Ferry uses, resolved by name from the library.
#define FERRY_HSA_SYMBOLS(X)                                                   \
  X(hsa_init)                                                                  \
  X(hsa_shut_down)                                                             \
  X(hsa_status_string)                                                         \
  X(hsa_iterate_agents)                                                        \
  X(hsa_agent_get_info)

struct HsaApi {
#define FERRY_DECLARE(Name) decltype(&::Name) Name = nullptr;
  FERRY_HSA_SYMBOLS(FERRY_DECLARE)
#undef FERRY_DECLARE

  bool load(DynamicLibrary &Lib) {
    bool Ok = true;
#define FERRY_LOAD(Name) Ok &= Lib.load(#Name, Name);
    FERRY_HSA_SYMBOLS(FERRY_LOAD)
#undef FERRY_LOAD
    return Ok;
  }
};

std::string hexStatus(hsa_status_t S) {
  char Buf[16];
  std::snprintf(Buf, sizeof Buf, "0x%x", unsigned(S));
  return Buf;
}

class HsaBackend final : public Backend {
public:
  ~HsaBackend() override {
    if (Initialized)
      Api.hsa_shut_down();
  }
  const char *name() const override { return "hsa"; }
  DeviceKind kind() const override { return DeviceKind::Radeon; }

protected:
  void discover() override {
    std::vector<std::string> Candidates;
    if (auto Override = envString("FERRY_HSA_LIB"))
      Candidates.push_back(*Override);
    else
      Candidates = {"libhsa-runtime64.so.1", "/opt/rocm/lib/libhsa-runtime64.so.1"};
    if (!Lib.open(Candidates)) {
      Status = "ROCR not available: " + Lib.error();
      return;
    }
    if (!Api.load(Lib)) {
      Status = "ROCR unusable: " + Lib.error();
      return;
    }
    hsa_status_t S = Api.hsa_init();
    if (S != HSA_STATUS_SUCCESS) {
      Status = S == HSA_STATUS_ERROR_OUT_OF_RESOURCES
                   ? "no AMD GPU (hsa_init: 0x1008, no usable /dev/kfd)"
                   : "hsa_init failed: " + describe(S);
      return;
    }
    Initialized = true;
    int GPUs = 0;
    std::pair<HsaApi *, int *> Ctx(&Api, &GPUs);
    S = Api.hsa_iterate_agents(
        [](hsa_agent_t Agent, void *Data) {
          auto *Self = static_cast<std::pair<HsaApi *, int *> *>(Data);
          hsa_device_type_t Type;
          if (Self->first->hsa_agent_get_info(Agent, HSA_AGENT_INFO_DEVICE,
                                              &Type) == HSA_STATUS_SUCCESS &&
              Type == HSA_DEVICE_TYPE_GPU)
            ++*Self->second;
          return HSA_STATUS_SUCCESS;
        },
        &Ctx);
    if (S != HSA_STATUS_SUCCESS) {
      Status = "hsa_iterate_agents failed: " + describe(S);
      return;
    }
    NumDevices = GPUs;
    Status = GPUs ? "ok" : "no AMD GPU agent";
    debugf("hsa: %d GPU agent(s) via %s", GPUs, Lib.path().c_str());
  }

private:
  std::string describe(hsa_status_t S) {
    const char *Text = nullptr;
    if (Api.hsa_status_string(S, &Text) == HSA_STATUS_SUCCESS && Text)
      return hexStatus(S) + " (" + Text + ")";
    return hexStatus(S);
  }

  DynamicLibrary Lib;
  HsaApi Api;
  bool Initialized = false;
};

} // namespace

std::unique_ptr<Backend> createHsaBackend() {
  return std::make_unique<HsaBackend>();
}

} // namespace ferry
