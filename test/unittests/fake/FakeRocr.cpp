//===- FakeRocr.cpp - A stand-in for ROCR that runs no code ---------------===//
///
/// \file
/// A test double of libhsa-runtime64.so.1 with the entry points Ferry's HSA
/// backend uses: one GPU agent (ISA from FAKE_HSA_ISA, default gfx90a with
/// sramecc+ and xnack-) and one CPU agent, pools backed by malloc, signals,
/// queues whose doorbell "executes" each AQL packet by recording it and
/// signalling completion (or, with fake_hsa_fault_next, reporting a fault to
/// the queue's callback; fake_hsa_on_dispatch runs a test function as the
/// kernel first), and executables that find kernel descriptors by
/// name in the loaded bytes. The tests read what was dispatched through
/// fake_hsa_last_dispatch. Loaded with FERRY_HSA_LIB; Ferry test code only.
///
//===----------------------------------------------------------------------===//
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

constexpr uint64_t GpuAgent = 1, CpuAgent = 2;
constexpr uint64_t DevicePool = 11, KernargPool = 12, FinePool = 13;

struct Queue;
struct Signal {
  std::atomic<int64_t> Value{0};
  Queue *Doorbell = nullptr; ///< set for a queue's doorbell
};

struct Queue {
  hsa_queue_t Q{};
  std::vector<hsa_kernel_dispatch_packet_t> Ring;
  Signal Bell;
  std::atomic<uint64_t> Write{0}, Read{0};
  void (*Callback)(hsa_status_t, hsa_queue_t *, void *) = nullptr;
  void *Data = nullptr;
};

struct Executable {
  std::vector<char> Code;
  std::vector<std::unique_ptr<std::string>> Symbols;
};

struct Dispatch {
  hsa_kernel_dispatch_packet_t Packet;
  std::vector<uint8_t> Kernarg;
};

std::mutex Mutex;
Dispatch Last;
int Dispatches = 0;
bool FaultNext = false;
/// Runs as the "kernel" of every dispatch (fake_hsa_on_dispatch).
void (*OnDispatch)(const hsa_kernel_dispatch_packet_t *) = nullptr;

Signal *sig(hsa_signal_t S) { return reinterpret_cast<Signal *>(S.handle); }

void runPackets(Queue &Q) {
  while (Q.Read < Q.Write) {
    hsa_kernel_dispatch_packet_t &P = Q.Ring[Q.Read % Q.Ring.size()];
    bool Fault;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Last.Packet = P;
      Last.Kernarg.assign(static_cast<uint8_t *>(P.kernarg_address),
                          static_cast<uint8_t *>(P.kernarg_address) + 512);
      ++Dispatches;
      Fault = FaultNext;
      FaultNext = false;
    }
    if (OnDispatch)
      OnDispatch(&P);
    hsa_signal_t Done = P.completion_signal;
    P.header = HSA_PACKET_TYPE_INVALID;
    ++Q.Read;
    if (Fault)
      Q.Callback(hsa_status_t(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION), &Q.Q, Q.Data);
    else if (Done.handle)
      sig(Done)->Value -= 1;
  }
}

} // namespace

extern "C" {

// Test controls.
int fake_hsa_dispatch_count() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Dispatches;
}
void fake_hsa_last_dispatch(hsa_kernel_dispatch_packet_t *Packet, uint8_t *Kernarg512) {
  std::lock_guard<std::mutex> Lock(Mutex);
  *Packet = Last.Packet;
  std::memcpy(Kernarg512, Last.Kernarg.data(), Last.Kernarg.size());
}
void fake_hsa_on_dispatch(void (*Kernel)(const hsa_kernel_dispatch_packet_t *)) {
  std::lock_guard<std::mutex> Lock(Mutex);
  OnDispatch = Kernel;
}
void fake_hsa_fault_next() {
  std::lock_guard<std::mutex> Lock(Mutex);
  FaultNext = true;
}

hsa_status_t hsa_init() { return HSA_STATUS_SUCCESS; }
hsa_status_t hsa_shut_down() { return HSA_STATUS_SUCCESS; }
hsa_status_t hsa_status_string(hsa_status_t, const char **S) {
  *S = "fake ROCR status";
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_system_get_info(hsa_system_info_t A, void *V) {
  if (A == HSA_SYSTEM_INFO_VERSION_MAJOR)
    *static_cast<uint16_t *>(V) = 1;
  else if (A == HSA_SYSTEM_INFO_VERSION_MINOR)
    *static_cast<uint16_t *>(V) = 1;
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_iterate_agents(hsa_status_t (*Cb)(hsa_agent_t, void *), void *Data) {
  for (uint64_t A : {CpuAgent, GpuAgent})
    if (hsa_status_t S = Cb(hsa_agent_t{A}, Data); S != HSA_STATUS_SUCCESS)
      return S == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : S;
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_agent_get_info(hsa_agent_t A, hsa_agent_info_t Attribute, void *V) {
  // The AMD extensions' attributes (HSA_AMD_AGENT_INFO_*, 0xA000 on) come
  // through this enumeration's type, outside its range: read as bytes.
  int I;
  std::memcpy(&I, &Attribute, sizeof I);
  if (I == HSA_AGENT_INFO_DEVICE)
    *static_cast<hsa_device_type_t *>(V) = A.handle == GpuAgent ? HSA_DEVICE_TYPE_GPU
                                                                : HSA_DEVICE_TYPE_CPU;
  else if (I == HSA_AGENT_INFO_NAME)
    std::strcpy(static_cast<char *>(V), A.handle == GpuAgent ? "gfx-fake" : "cpu");
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_agent_iterate_isas(hsa_agent_t, hsa_status_t (*Cb)(hsa_isa_t, void *),
                                    void *Data) {
  hsa_status_t S = Cb(hsa_isa_t{1}, Data);
  return S == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : S;
}
hsa_status_t hsa_isa_get_info_alt(hsa_isa_t, hsa_isa_info_t I, void *V) {
  const char *Env = std::getenv("FAKE_HSA_ISA");
  std::string Name = Env ? Env : "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-";
  if (I == HSA_ISA_INFO_NAME_LENGTH)
    *static_cast<uint32_t *>(V) = uint32_t(Name.size() + 1);
  else if (I == HSA_ISA_INFO_NAME)
    std::memcpy(V, Name.c_str(), Name.size() + 1);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_amd_agent_iterate_memory_pools(
    hsa_agent_t A, hsa_status_t (*Cb)(hsa_amd_memory_pool_t, void *), void *Data) {
  std::vector<uint64_t> Pools =
      A.handle == GpuAgent ? std::vector<uint64_t>{DevicePool}
                           : std::vector<uint64_t>{KernargPool, FinePool};
  for (uint64_t P : Pools)
    if (hsa_status_t S = Cb(hsa_amd_memory_pool_t{P}, Data); S != HSA_STATUS_SUCCESS)
      return S;
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t P,
                                          hsa_amd_memory_pool_info_t I, void *V) {
  switch (I) {
  case HSA_AMD_MEMORY_POOL_INFO_SEGMENT:
    *static_cast<hsa_amd_segment_t *>(V) = HSA_AMD_SEGMENT_GLOBAL;
    break;
  case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED:
    *static_cast<bool *>(V) = true;
    break;
  case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS:
    *static_cast<uint32_t *>(V) =
        P.handle == DevicePool ? HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED
        : P.handle == KernargPool
            ? HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT |
                  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED
            : HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED;
    break;
  case HSA_AMD_MEMORY_POOL_INFO_SIZE:
    *static_cast<size_t *>(V) = size_t(1) << 34;
    break;
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t, size_t Size, uint32_t,
                                          void **Ptr) {
  // Like ROCR, a size beyond any pool is out of resources (not a wrapped one).
  *Ptr = Size <= SIZE_MAX - 64 ? std::aligned_alloc(64, (Size + 63) / 64 * 64) : nullptr;
  return *Ptr ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_OUT_OF_RESOURCES;
}
hsa_status_t hsa_amd_memory_pool_free(void *Ptr) {
  std::free(Ptr);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_amd_agents_allow_access(uint32_t, const hsa_agent_t *, const uint32_t *,
                                         const void *) {
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_amd_memory_async_copy(void *Dst, hsa_agent_t, const void *Src, hsa_agent_t,
                                       size_t Size, uint32_t, const hsa_signal_t *,
                                       hsa_signal_t Done) {
  std::memcpy(Dst, Src, Size);
  sig(Done)->Value -= 1;
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_queue_create(hsa_agent_t, uint32_t Size, hsa_queue_type32_t,
                              void (*Cb)(hsa_status_t, hsa_queue_t *, void *), void *Data,
                              uint32_t, uint32_t, hsa_queue_t **Out) {
  auto *Q = new Queue;
  Q->Ring.resize(Size);
  Q->Q.base_address = Q->Ring.data();
  Q->Q.size = Size;
  Q->Bell.Doorbell = Q;
  Q->Q.doorbell_signal.handle = reinterpret_cast<uint64_t>(&Q->Bell);
  Q->Callback = Cb;
  Q->Data = Data;
  *Out = &Q->Q;
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_queue_destroy(hsa_queue_t *Q) {
  delete reinterpret_cast<Queue *>(Q); // Q is the first member
  return HSA_STATUS_SUCCESS;
}
uint64_t hsa_queue_add_write_index_scacq_screl(const hsa_queue_t *Q, uint64_t N) {
  return reinterpret_cast<Queue *>(const_cast<hsa_queue_t *>(Q))->Write.fetch_add(N);
}
uint64_t hsa_queue_load_read_index_scacquire(const hsa_queue_t *Q) {
  return reinterpret_cast<Queue *>(const_cast<hsa_queue_t *>(Q))->Read.load();
}
hsa_status_t hsa_signal_create(hsa_signal_value_t V, uint32_t, const hsa_agent_t *,
                               hsa_signal_t *S) {
  auto *New = new Signal;
  New->Value = V;
  S->handle = reinterpret_cast<uint64_t>(New);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_signal_destroy(hsa_signal_t S) {
  delete sig(S);
  return HSA_STATUS_SUCCESS;
}
void hsa_signal_store_relaxed(hsa_signal_t S, hsa_signal_value_t V) { sig(S)->Value = V; }
void hsa_signal_store_screlease(hsa_signal_t S, hsa_signal_value_t V) {
  sig(S)->Value = V;
  if (Queue *Q = sig(S)->Doorbell)
    runPackets(*Q);
}
hsa_signal_value_t hsa_signal_load_scacquire(hsa_signal_t S) { return sig(S)->Value; }
hsa_signal_value_t hsa_signal_wait_scacquire(hsa_signal_t S, hsa_signal_condition_t,
                                             hsa_signal_value_t, uint64_t, hsa_wait_state_t) {
  return sig(S)->Value; // packets complete at the doorbell: no waiting
}
hsa_status_t hsa_code_object_reader_create_from_memory(const void *Code, size_t Size,
                                                       hsa_code_object_reader_t *R) {
  auto *Bytes = new std::vector<char>(static_cast<const char *>(Code),
                                      static_cast<const char *>(Code) + Size);
  R->handle = reinterpret_cast<uint64_t>(Bytes);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_code_object_reader_destroy(hsa_code_object_reader_t R) {
  delete reinterpret_cast<std::vector<char> *>(R.handle);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_executable_create_alt(hsa_profile_t, hsa_default_float_rounding_mode_t,
                                       const char *, hsa_executable_t *E) {
  E->handle = reinterpret_cast<uint64_t>(new Executable);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_executable_load_agent_code_object(hsa_executable_t E, hsa_agent_t,
                                                   hsa_code_object_reader_t R, const char *,
                                                   hsa_loaded_code_object_t *) {
  reinterpret_cast<Executable *>(E.handle)->Code =
      *reinterpret_cast<std::vector<char> *>(R.handle);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_executable_freeze(hsa_executable_t, const char *) { return HSA_STATUS_SUCCESS; }
hsa_status_t hsa_executable_destroy(hsa_executable_t E) {
  delete reinterpret_cast<Executable *>(E.handle);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_executable_get_symbol_by_name(hsa_executable_t E, const char *Name,
                                               const hsa_agent_t *, hsa_executable_symbol_t *S) {
  auto *X = reinterpret_cast<Executable *>(E.handle);
  std::string Key = std::string(Name) + '\0'; // a whole name in the string table
  if (std::search(X->Code.begin(), X->Code.end(), Key.begin(), Key.end()) == X->Code.end())
    return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
  for (const auto &Known : X->Symbols) // one handle per name, like ROCR's
    if (*Known == Name) {
      S->handle = reinterpret_cast<uint64_t>(Known.get());
      return HSA_STATUS_SUCCESS;
    }
  X->Symbols.push_back(std::make_unique<std::string>(Name));
  S->handle = reinterpret_cast<uint64_t>(X->Symbols.back().get());
  return HSA_STATUS_SUCCESS;
}
hsa_status_t hsa_executable_symbol_get_info(hsa_executable_symbol_t S,
                                            hsa_executable_symbol_info_t I, void *V) {
  switch (I) {
  case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT:
    *static_cast<uint64_t *>(V) = S.handle; // any unique address
    break;
  case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE:
    *static_cast<uint32_t *>(V) = 16;
    break;
  case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE:
    *static_cast<uint32_t *>(V) = 0;
    break;
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS:
    *static_cast<uint64_t *>(V) = S.handle;
    break;
  case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE:
    *static_cast<uint32_t *>(V) = 256;
    break;
  default:
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  return HSA_STATUS_SUCCESS;
}

} // extern "C"
