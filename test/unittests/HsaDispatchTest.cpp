//===- HsaDispatchTest.cpp - The HSA backend against a fake ROCR ----------===//
///
/// \file
/// Runs the HSA backend's whole path - discovery, pools, staged copies, ISA
/// check, loading (comgr link for relocatable images), kernel lookup, AQL
/// packet and kernarg segment, signal recycling, fault reporting - against
/// the test double in fake/FakeRocr.cpp (FERRY_HSA_LIB, set by ctest), with
/// Ferry's own code objects. No AMD GPU runs the code; what is checked is
/// what would be handed to one.
///
//===----------------------------------------------------------------------===//
#include "core/SymbolIndex.h"
#include "hsa/ComgrLink.h"
#include "hsa/HsaBackend.h"
#include "ferry/runtime.h"
#include "openacc.h"

#include <hsa/hsa.h>

#include "QueueChecks.h"
#include "TestImages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>
#include <fstream>
#include <iterator>
#include <string>

using namespace ferry;

namespace {

struct Fake {
  int (*count)();
  void (*last)(hsa_kernel_dispatch_packet_t *, uint8_t *);
  void (*faultNext)();
  void (*onDispatch)(void (*)(const hsa_kernel_dispatch_packet_t *));
};

class HsaDispatch : public testing::Test {
protected:
  void SetUp() override {
    B = createHsaBackend();
    ASSERT_EQ(B->status(), "ok") << "FERRY_HSA_LIB must name the fake ROCR";
    void *Lib = dlopen(std::getenv("FERRY_HSA_LIB"), RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(Lib, nullptr);
    F.count = reinterpret_cast<int (*)()>(dlsym(Lib, "fake_hsa_dispatch_count"));
    F.last = reinterpret_cast<void (*)(hsa_kernel_dispatch_packet_t *, uint8_t *)>(
        dlsym(Lib, "fake_hsa_last_dispatch"));
    F.faultNext = reinterpret_cast<void (*)()>(dlsym(Lib, "fake_hsa_fault_next"));
    F.onDispatch = reinterpret_cast<decltype(F.onDispatch)>(dlsym(Lib, "fake_hsa_on_dispatch"));
    ASSERT_TRUE(F.count && F.last && F.faultNext && F.onDispatch);
  }
  void TearDown() override { F.onDispatch(nullptr); }
  std::unique_ptr<Backend> B;
  Fake F;
};

TEST_F(HsaDispatch, DiscoveryAndProperties) {
  EXPECT_EQ(B->numDevices(), 1);
  EXPECT_EQ(B->isa(0), "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-");
  Backend::Properties P;
  ASSERT_EQ(B->properties(0, P).status(), FERRY_SUCCESS);
  EXPECT_EQ(P.Vendor, "AMD");
  EXPECT_EQ(P.Name, "gfx-fake");
  EXPECT_EQ(P.TotalMemory, size_t(1) << 34);
}

TEST_F(HsaDispatch, StagedCopiesRoundTripLargerThanTheStagingBuffer) {
  const size_t N = (9 << 20) + 3; // three staging rounds
  std::vector<char> In(N), Out(N, 0);
  for (size_t I = 0; I < N; ++I)
    In[I] = char(I * 31);
  void *Dev = nullptr;
  ASSERT_EQ(B->allocate(0, N, &Dev).status(), FERRY_SUCCESS);
  ASSERT_EQ(B->copyToDevice(0, Dev, In.data(), N, acc_async_sync).status(), FERRY_SUCCESS);
  ASSERT_EQ(B->copyFromDevice(0, Out.data(), Dev, N, 4).status(), FERRY_SUCCESS);
  EXPECT_EQ(In, Out);
  EXPECT_EQ(B->release(0, Dev).status(), FERRY_SUCCESS);
}

// A kernel that calls through a function pointer has a dynamic stack (v5:
// .uses_dynamic_stack, no fixed size for the callee's frames): the dispatch
// adds the 1 KiB per work-item that CUDA and HIP give such kernels.
TEST_F(HsaDispatch, KernelWithADynamicStackGetsADefaultStack) {
  std::string Code = readTestImage("fnptr-kernel.gfx90a.hsaco");
  ImageIndex Index;
  ASSERT_EQ(indexImage(Code.data(), Code.size(), Index), "");
  const SymbolInfo *Apply = nullptr;
  for (const SymbolInfo &S : Index.Symbols)
    if (S.Name == "apply")
      Apply = &S;
  ASSERT_TRUE(Apply);
  ASSERT_TRUE(Apply->DynamicStack);
  std::unique_ptr<DeviceModule> M;
  DeviceKernel *K = nullptr;
  ASSERT_EQ(B->loadModule(0, {{"object", Code.data(), Code.size()}}, M).status(), FERRY_SUCCESS);
  ASSERT_EQ(B->getKernel(*M, "apply", K).status(), FERRY_SUCCESS);
  void *Fn = nullptr, *In = nullptr, *Out = nullptr;
  int N = 0;
  void *Args[] = {&Fn, &In, &Out, &N};
  const uint32_t One[3] = {1, 1, 1};
  ASSERT_EQ(K->launch(One, One, 0, Args, acc_async_sync).status(), FERRY_SUCCESS);
  hsa_kernel_dispatch_packet_t P;
  uint8_t Kernarg[512];
  F.last(&P, Kernarg);
  EXPECT_EQ(P.private_segment_size, Apply->Scratch + 1024);
  EXPECT_EQ(B->unloadModule(std::move(M)).status(), FERRY_SUCCESS);
}

TEST_F(HsaDispatch, PacketAndV5KernargsOfALaunch) {
  std::string Code = readTestImage("geometry.cov5.hsaco");
  std::unique_ptr<DeviceModule> M;
  DeviceKernel *K = nullptr;
  ASSERT_EQ(B->loadModule(0, {{"object", Code.data(), Code.size()}}, M).status(), FERRY_SUCCESS);
  ASSERT_EQ(B->getKernel(*M, "geometry", K).status(), FERRY_SUCCESS);
  float *Out = reinterpret_cast<float *>(0x1000);
  int64_t N = 77;
  float S = 0.5f;
  void *Args[] = {&Out, &N, &S};
  const uint32_t Grid[3] = {8, 4, 2}, Block[3] = {32, 2, 1};
  const int Before = F.count();
  ASSERT_EQ(K->launch(Grid, Block, 256, Args, acc_async_sync).status(), FERRY_SUCCESS);
  ASSERT_EQ(F.count(), Before + 1);
  hsa_kernel_dispatch_packet_t P;
  uint8_t Kernarg[512];
  F.last(&P, Kernarg);
  EXPECT_EQ(P.header & 0x1ff, (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                                  (1 << HSA_PACKET_HEADER_BARRIER))
      << "a dispatch packet with the barrier bit (queues run in order)";
  EXPECT_EQ((P.header >> HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) & 3, HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_EQ((P.header >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 3, HSA_FENCE_SCOPE_SYSTEM);
  EXPECT_EQ(P.setup, 3) << "three dimensions";
  EXPECT_EQ(P.workgroup_size_x, 32);
  EXPECT_EQ(P.workgroup_size_y, 2);
  EXPECT_EQ(P.grid_size_x, 256u) << "grid sizes are in work-items";
  EXPECT_EQ(P.grid_size_y, 8u);
  EXPECT_EQ(P.grid_size_z, 2u);
  EXPECT_EQ(P.group_segment_size, 16u + 256u) << "static LDS plus the dynamic request";
  int64_t GotN;
  std::memcpy(&GotN, Kernarg + 8, 8);
  EXPECT_EQ(GotN, 77);
  uint32_t BlockCountX;
  uint16_t GroupSizeY;
  uint32_t DynamicLds;
  std::memcpy(&BlockCountX, Kernarg + 24, 4);
  std::memcpy(&GroupSizeY, Kernarg + 24 + 14, 2);
  std::memcpy(&DynamicLds, Kernarg + 24 + 120, 4);
  EXPECT_EQ(BlockCountX, 8u);
  EXPECT_EQ(GroupSizeY, 2);
  EXPECT_EQ(DynamicLds, 256u);

  // Many queued launches recycle signals and kernarg slots.
  for (int I = 0; I < 1000; ++I)
    ASSERT_EQ(K->launch(Grid, Block, 0, Args, 1).status(), FERRY_SUCCESS);
  EXPECT_EQ(B->wait(0, 1, false).status(), FERRY_SUCCESS);
  EXPECT_TRUE(B->idle(0, 1, false));
  EXPECT_EQ(B->unloadModule(std::move(M)).status(), FERRY_SUCCESS);
}

TEST_F(HsaDispatch, AFaultNamesTheKernel) {
  std::string Code = readTestImage("geometry.cov4.hsaco");
  std::unique_ptr<DeviceModule> M;
  DeviceKernel *K = nullptr;
  ASSERT_EQ(B->loadModule(0, {{"object", Code.data(), Code.size()}}, M).status(), FERRY_SUCCESS);
  ASSERT_EQ(B->getKernel(*M, "geometry", K).status(), FERRY_SUCCESS);
  float *Out = nullptr;
  int64_t N = 1;
  float S = 1;
  void *Args[] = {&Out, &N, &S};
  const uint32_t One[3] = {1, 1, 1};
  F.faultNext();
  Error E = K->launch(One, One, 0, Args, acc_async_sync);
  EXPECT_EQ(E.status(), FERRY_ERROR_BACKEND);
  EXPECT_NE(E.message().find("kernel 'geometry' faulted on radeon device 0 (gfx-fake)"),
            std::string::npos)
      << E.message();
  EXPECT_FALSE(B->unloadModule(std::move(M)));
}

/// What the "kernel" of the printf test writes: one record through the
/// printf buffer its kernarg segment names, as __printf_alloc would.
struct PrintfKernel {
  static inline uint64_t BufferOffset = 0; ///< of hidden_printf_buffer
  static inline uint64_t Hash = 0;         ///< of "item %d: %.3f %s\n"
  static void run(const hsa_kernel_dispatch_packet_t *P) {
    uint8_t *Buffer;
    std::memcpy(&Buffer, static_cast<uint8_t *>(P->kernarg_address) + BufferOffset, 8);
    std::vector<uint8_t> R(4 + 8 + 8 + 8 + 8);
    const uint32_t Control = uint32_t(R.size()) << 2 | 2;
    const uint64_t I = 1;
    const double X = 0.5;
    std::memcpy(R.data(), &Control, 4);
    std::memcpy(R.data() + 4, &Hash, 8);
    std::memcpy(R.data() + 12, &I, 8);
    std::memcpy(R.data() + 20, &X, 8);
    std::memcpy(R.data() + 28, "one", 4);
    uint32_t Used;
    std::memcpy(&Used, Buffer, 4);
    std::memcpy(Buffer + 8 + Used, R.data(), R.size());
    Used += uint32_t(R.size());
    std::memcpy(Buffer, &Used, 4);
  }
};

TEST_F(HsaDispatch, DevicePrintfIsPrintedWhenTheQueueDrains) {
  std::string Code = readTestImage("printf.cov4.hsaco");
  ImageIndex Index;
  ASSERT_EQ(indexImage(Code.data(), Code.size(), Index), "");
  for (const std::string &Entry : Index.PrintfFormats)
    if (Entry.find(",item %d") != std::string::npos)
      PrintfKernel::Hash = std::strtoull(Entry.c_str() + 4, nullptr, 16);
  for (const SymbolInfo &S : Index.Symbols)
    for (const KernelArgDesc &A : S.Args)
      if (A.ValueKind == "hidden_printf_buffer")
        PrintfKernel::BufferOffset = A.Offset;
  ASSERT_NE(PrintfKernel::Hash, 0u);
  ASSERT_NE(PrintfKernel::BufferOffset, 0u);
  std::unique_ptr<DeviceModule> M;
  DeviceKernel *K = nullptr;
  ASSERT_EQ(B->loadModule(0, {{"object", Code.data(), Code.size()}}, M).status(), FERRY_SUCCESS);
  ASSERT_EQ(B->getKernel(*M, "_Z13device_printfPKfPixi", K).status(), FERRY_SUCCESS);
  float *X = nullptr;
  int *Status = nullptr;
  long long Big = 0;
  int Tag = 0;
  void *Args[] = {&X, &Status, &Big, &Tag};
  const uint32_t One[3] = {1, 1, 1};
  F.onDispatch(PrintfKernel::run);
  // Asynchronous launches print when their queue is waited for, once.
  testing::internal::CaptureStdout();
  ASSERT_EQ(K->launch(One, One, 0, Args, 3).status(), FERRY_SUCCESS);
  ASSERT_EQ(K->launch(One, One, 0, Args, 3).status(), FERRY_SUCCESS);
  EXPECT_EQ(B->wait(0, 3, false).status(), FERRY_SUCCESS);
  EXPECT_EQ(B->wait(0, 3, false).status(), FERRY_SUCCESS);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "item 1: 0.500 one\nitem 1: 0.500 one\n");
  // A kernel that prints, then faults (a failed assertion): the message
  // comes first, then the fault.
  testing::internal::CaptureStdout();
  F.faultNext();
  Error E = K->launch(One, One, 0, Args, acc_async_sync);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "item 1: 0.500 one\n");
  EXPECT_NE(E.message().find("kernel '_Z13device_printfPKfPixi' faulted"), std::string::npos)
      << E.message();
  EXPECT_FALSE(B->unloadModule(std::move(M)));
}

/// \p E fails with \p Status and a message containing \p Text.
void expectError(const Error &E, ferry_status Status, const char *Text) {
  EXPECT_EQ(E.status(), Status) << E.message();
  EXPECT_NE(E.message().find(Text), std::string::npos) << E.message();
}

TEST_F(HsaDispatch, MismatchedImagesAndNamesAreRefused) {
  testing::internal::CaptureStderr();
  std::string Other = readTestImage("symbols.cov5.hsaco"); // gfx1100
  std::unique_ptr<DeviceModule> M;
  expectError(B->loadModule(0, {{"object", Other.data(), Other.size()}}, M),
              FERRY_ERROR_INVALID,
              "the image is for gfx1100 but the device is gfx90a:sramecc+:xnack-; "
              "compile with --offload-arch=gfx90a");
  std::string Code = readTestImage("geometry.cov5.hsaco");
  ASSERT_EQ(B->loadModule(0, {{"object", Code.data(), Code.size()}}, M).status(), FERRY_SUCCESS);
  DeviceKernel *K = nullptr;
  expectError(B->getKernel(*M, "nope", K), FERRY_ERROR_INVALID,
              "no kernel 'nope' in the code object");
  float *Out = nullptr;
  void *Args[] = {&Out, nullptr, nullptr};
  ASSERT_EQ(B->getKernel(*M, "geometry", K).status(), FERRY_SUCCESS);
  const uint32_t Zero[3] = {0, 1, 1}, One[3] = {1, 1, 1};
  expectError(K->launch(Zero, One, 0, Args, acc_async_sync), FERRY_ERROR_INVALID,
              "is not a valid AMD dispatch");
  expectError(K->launch(One, One, 0, Args, acc_async_sync), FERRY_ERROR_INVALID,
              "argument 1 of geometry is missing");
  EXPECT_FALSE(B->unloadModule(std::move(M)));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "") << "errors are values, not printed";
}

TEST_F(HsaDispatch, SymbolAddressesOfALoadedModule) {
  std::string Code = readTestImage("symbols.cov4.hsaco"); // gfx90a: apply, scale_element, table
  ImageIndex Index;
  ASSERT_EQ(indexImage(Code.data(), Code.size(), Index), "");
  std::unique_ptr<DeviceModule> M;
  ASSERT_EQ(B->loadModule(0, {{"object", Code.data(), Code.size()}}, M).status(), FERRY_SUCCESS);
  uint64_t Kernel = 0, Function = 0, Variable = 0, Size = 0;
  ASSERT_EQ(B->symbolAddress(*M, "apply", Kernel, Size).status(), FERRY_SUCCESS);
  EXPECT_EQ(Size, 64u);
  ASSERT_EQ(B->symbolAddress(*M, "scale_element", Function, Size).status(), FERRY_SUCCESS);
  EXPECT_EQ(Size, Index.Symbols[1].Size);
  // The function sits where the image puts it relative to the descriptor.
  EXPECT_EQ(Function - Kernel, Index.Symbols[1].Offset - Index.Symbols[0].DescriptorOffset);
  ASSERT_EQ(B->symbolAddress(*M, "table", Variable, Size).status(), FERRY_SUCCESS);
  EXPECT_EQ(Size, 256u);
  expectError(B->symbolAddress(*M, "missing", Variable, Size), FERRY_ERROR_INVALID,
              "no symbol 'missing'");
  EXPECT_FALSE(B->unloadModule(std::move(M)));
}

// The same through the C ABI and the runtime's own (fake) AMD device.
TEST_F(HsaDispatch, ModuleSymbolListingThroughTheCApi) {
  acc_set_device_type(acc_device_radeon);
  ASSERT_EQ(acc_get_num_devices(acc_device_radeon), 1);
  std::string Code = readTestImage("symbols.cov4.hsaco");
  ferry_image_desc Image = {"object", Code.data(), Code.size()};
  ferry_module M = nullptr;
  ASSERT_EQ(ferry_module_load(&Image, 1, &M), FERRY_SUCCESS);
  const ferry_symbol *Syms = nullptr;
  size_t Count = 0;
  ASSERT_EQ(ferry_module_symbols(M, &Syms, &Count), FERRY_SUCCESS);
  ASSERT_EQ(Count, 4u);
  for (size_t I = 0; I < Count; ++I)
    EXPECT_NE(Syms[I].address, 0u) << Syms[I].name;
  uint64_t Address = 0, Size = 0;
  ASSERT_EQ(ferry_module_symbol(M, "table", &Address, &Size), FERRY_SUCCESS);
  EXPECT_EQ(Address, Syms[3].address);
  EXPECT_EQ(ferry_module_unload(M), FERRY_SUCCESS);
  acc_set_device_type(acc_device_host);
}

TEST_F(HsaDispatch, KernelWithItsLibraryIsLinkedThenLoaded) {
  if (!ComgrLinker::get().availability().empty())
    GTEST_SKIP() << ComgrLinker::get().availability();
  std::string Kernel = readTestImage("axpy-kernel.gfx90a.o");
  std::string Library = readTestImage("axpy-library.gfx90a.o");
  std::unique_ptr<DeviceModule> M;
  DeviceKernel *K = nullptr;
  ASSERT_EQ(B->loadModule(0,
                          {{"object", Kernel.data(), Kernel.size()},
                           {"object", Library.data(), Library.size()}},
                          M).status(),
            FERRY_SUCCESS);
  EXPECT_EQ(B->getKernel(*M, "axpy", K).status(), FERRY_SUCCESS);
  EXPECT_FALSE(B->unloadModule(std::move(M)));
  // Without the library, the missing function is named.
  expectError(B->loadModule(0, {{"object", Kernel.data(), Kernel.size()}}, M),
              FERRY_ERROR_INVALID, "unresolved device function axpy_element");
}

// axpy-library-heavy.ll defines axpy_element with far more VGPRs than the
// kernel was compiled for (their .ferry.functions records say how many):
// the loader refuses the link, naming both and the numbers.
TEST_F(HsaDispatch, LibraryNeedingMoreRegistersThanItsKernelIsRefused) {
  if (!ComgrLinker::get().availability().empty())
    GTEST_SKIP() << ComgrLinker::get().availability();
  std::string Kernel = readTestImage("axpy-kernel.gfx90a.o");
  std::string Heavy = readTestImage("axpy-library-heavy.gfx90a.o");
  ImageIndex KernelIndex, HeavyIndex;
  ASSERT_EQ(indexImage(Kernel.data(), Kernel.size(), KernelIndex), "");
  ASSERT_EQ(indexImage(Heavy.data(), Heavy.size(), HeavyIndex), "");
  ASSERT_EQ(KernelIndex.Functions.size(), 1u);
  ASSERT_EQ(HeavyIndex.Functions.size(), 1u);
  const FunctionRecord &K = KernelIndex.Functions[0], &F = HeavyIndex.Functions[0];
  ASSERT_GT(F.VGPRs, K.VGPRs);
  std::unique_ptr<DeviceModule> M;
  testing::internal::CaptureStderr();
  expectError(B->loadModule(0,
                            {{"object", Kernel.data(), Kernel.size()},
                             {"object", Heavy.data(), Heavy.size()}},
                            M),
              FERRY_ERROR_INVALID,
              ("kernel 'axpy' was compiled for " + std::to_string(K.VGPRs) +
               " VGPRs, but library function 'axpy_element' it calls uses " +
               std::to_string(F.VGPRs))
                  .c_str());
  // The failure is a value: nothing printed.
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

} // namespace

namespace {

/// \p P as the runtime's messages print it (%p).
std::string ptr(const void *P) {
  char S[32];
  std::snprintf(S, sizeof S, "%p", P);
  return S;
}

// The data clauses of constructs on a (fake) AMD device: structured counts,
// copy back at the last exit, present errors with rollback, no_create.
class DataClauses : public testing::Test {
protected:
  void SetUp() override { acc_set_device_type(acc_device_radeon); }
  void TearDown() override { acc_set_device_type(acc_device_host); }
  const ferry_region Region = {"data test", "HsaDispatchTest.cpp", 1, 1, 0};
};

TEST_F(DataClauses, CopyCopyinCopyoutAtEntryAndExit) {
  int A[16], B[16], C[16];
  for (int I = 0; I < 16; ++I)
    A[I] = I, B[I] = 100 + I, C[I] = -1;
  ferry_data_item Items[] = {{A, sizeof A, FERRY_DATA_COPY, 0, "A", 0, nullptr, nullptr, 0},
                             {B, sizeof B, FERRY_DATA_COPYIN, 0, "B", 0, nullptr, nullptr, 0},
                             {C, sizeof C, FERRY_DATA_COPYOUT, 1, "C", 0, nullptr, nullptr, 0}};
  ASSERT_EQ(ferry_data_enter(&Region, Items, 3, acc_async_sync), FERRY_SUCCESS);
  EXPECT_TRUE(acc_is_present(A, sizeof A) && acc_is_present(B, sizeof B) &&
              acc_is_present(C, sizeof C));
  // What a kernel would do: change A and B on the device.
  int Twos[16];
  for (int &T : Twos)
    T = 2;
  acc_memcpy_to_device(acc_deviceptr(A), Twos, sizeof Twos);
  acc_memcpy_to_device(acc_deviceptr(B), Twos, sizeof Twos);
  ASSERT_EQ(ferry_data_exit(&Region, Items, 3, acc_async_sync), FERRY_SUCCESS);
  EXPECT_FALSE(acc_is_present(A, sizeof A));
  EXPECT_EQ(A[5], 2) << "copy copies back";
  EXPECT_EQ(B[5], 105) << "copyin does not";
  EXPECT_EQ(C[5], 0) << "copyout(zero:) brings back the zeroed device copy";
}

TEST_F(DataClauses, DynamicReferenceKeepsDataAcrossTheConstruct) {
  int A[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  acc_copyin(A, sizeof A);
  ferry_data_item Items[] = {{A, sizeof A, FERRY_DATA_COPY, 0, "A", 0, nullptr, nullptr, 0}};
  ASSERT_EQ(ferry_data_enter(&Region, Items, 1, acc_async_sync), FERRY_SUCCESS);
  int Nines[8] = {9, 9, 9, 9, 9, 9, 9, 9};
  acc_memcpy_to_device(acc_deviceptr(A), Nines, sizeof Nines);
  ASSERT_EQ(ferry_data_exit(&Region, Items, 1, acc_async_sync), FERRY_SUCCESS);
  EXPECT_TRUE(acc_is_present(A, sizeof A));
  EXPECT_EQ(A[0], 1) << "not the last reference: no copy back yet";
  acc_copyout(A, sizeof A);
  EXPECT_EQ(A[0], 9);
}

TEST_F(DataClauses, AbsentPresentDataFailsAndReleasesWhatWasEntered) {
  int A[8] = {0}, P[8] = {0};
  ferry_data_item Items[] = {{A, sizeof A, FERRY_DATA_COPYIN, 0, "A[0:8]", 0, nullptr, nullptr, 0},
                             {P, sizeof P, FERRY_DATA_PRESENT, 0, "P[0:8]", 0, nullptr, nullptr, 0}};
  testing::internal::CaptureStderr();
  EXPECT_NE(ferry_data_enter(&Region, Items, 2, acc_async_sync), FERRY_SUCCESS);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("data test (HsaDispatchTest.cpp:1): data clause present(P[0:8]) failed"),
            std::string::npos)
      << Err;
  EXPECT_FALSE(acc_is_present(A, sizeof A)) << "the copyin was rolled back";
  EXPECT_EQ(Items[0].entered, 0);
}

TEST_F(DataClauses, NoCreateOfAbsentDataHoldsNothing) {
  int A[8] = {0};
  ferry_data_item Items[] = {{A, sizeof A, FERRY_DATA_NO_CREATE, 0, "A", 0, nullptr, nullptr, 0},
                             {A, sizeof A, FERRY_DATA_DEVICEPTR, 0, "A", 0, nullptr, nullptr, 0}};
  ASSERT_EQ(ferry_data_enter(&Region, Items, 2, acc_async_sync), FERRY_SUCCESS);
  EXPECT_EQ(Items[0].entered, 0);
  EXPECT_FALSE(acc_is_present(A, sizeof A));
  EXPECT_EQ(ferry_data_exit(&Region, Items, 2, acc_async_sync), FERRY_SUCCESS);
}

// The present table says what is wrong with the range; the routine that
// asked follows with its name and data_arg (before, only the first line).
TEST_F(DataClauses, ExitAndUpdateOfDataNotWhollyPresentNameTheRoutine) {
  static char A[64];
  acc_copyin(A, 16);
  testing::internal::CaptureStderr();
  acc_update_device(A, 64);
  acc_copyout(A, 64);
  acc_delete_async(A + 8, 32, 1);
  acc_update_self(A + 32, 8);
  std::string Err = testing::internal::GetCapturedStderr();
  acc_wait(1);
  acc_delete(A, 16);
  for (const std::string &Line :
       {"acc_update_device: data_arg " + ptr(A) + " (64 bytes) was not updated on radeon device 0",
        "acc_copyout: data_arg " + ptr(A) + " (64 bytes) was not copied out on radeon device 0",
        "acc_delete_async: data_arg " + ptr(A + 8) + " (32 bytes) was not deleted on radeon "
                                                      "device 0",
        "it is not present on radeon device 0\nferry: error: acc_update_self: data_arg " +
            ptr(A + 32) + " (8 bytes) was not updated on radeon device 0"})
    EXPECT_NE(Err.find(Line), std::string::npos) << Line << "\n" << Err;
  EXPECT_NE(Err.find("is partially present on radeon device 0"), std::string::npos) << Err;
}

// acc_map_data refuses device memory that would be used after its free or
// twice (a freed block, another host range's device copy, a range past its
// block), and acc_free refuses a block that is still mapped; before, each was
// taken and later copies wrote to freed or foreign device memory.
TEST_F(DataClauses, MapDataRefusesDeviceMemoryItCannotOwn) {
  static char A[64], B[64];
  testing::internal::CaptureStderr();
  void *Freed = acc_malloc(64);
  acc_free(Freed);
  acc_map_data(A, Freed, 64);
  const bool FreedMapped = acc_is_present(A, 64);
  void *Small = acc_malloc(8);
  acc_map_data(A, Small, 64);
  const bool SmallMapped = acc_is_present(A, 64);
  acc_copyin(B, 64);
  void *Copy = acc_deviceptr(B);
  acc_map_data(A, Copy, 64);
  const bool CopyMapped = acc_is_present(A, 64);
  acc_map_data(A, Small, 8);
  acc_map_data(A, Small, 8);
  acc_free(Small);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_FALSE(FreedMapped || SmallMapped || CopyMapped);
  EXPECT_TRUE(acc_is_present(A, 8)) << "the block stays mapped";
  acc_unmap_data(A);
  acc_free(Small);
  acc_delete(B, 64);
  for (const std::string &Line :
       {"acc_map_data: data_dev " + ptr(Freed) + " on radeon device 0 is in the block at " +
            ptr(Freed) + " (64 bytes) that acc_free freed; nothing mapped",
        "acc_map_data: the 64 bytes at data_dev " + ptr(Small) +
            " on radeon device 0 run 56 bytes past the end of the 8-byte block",
        "acc_map_data: data_dev " + ptr(Copy) + " is already the device memory of host data at " +
            ptr(B) + " on radeon device 0; nothing mapped",
        "acc_free: data_dev " + ptr(Small) + " on radeon device 0 is mapped to host data at " +
            ptr(A) + " by acc_map_data (acc_unmap_data first); nothing freed",
        "acc_map_data: host range [" + ptr(A) + ", " + ptr(A + 8) +
            ") is already present on radeon device 0"})
    EXPECT_NE(Err.find(Line), std::string::npos) << Line << "\n" << Err;
}

// acc_delete / acc_copyout of data that acc_map_data mapped would take its
// dynamic reference count to zero, which OpenACC 3.3 leaves to
// acc_unmap_data alone: refused with the reason and the routine; the data
// stays mapped and nothing is copied. Before, the mapping went silently.
TEST_F(DataClauses, DeleteAndCopyoutLeaveAccMapDataMappingsAlone) {
  static int A[16];
  void *D = acc_malloc(sizeof A);
  ASSERT_NE(D, nullptr);
  acc_map_data(A, D, sizeof A);
  testing::internal::CaptureStderr();
  acc_delete(A, sizeof A);
  acc_copyout_finalize(A, sizeof A);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(acc_deviceptr(A), D) << "still mapped";
  acc_unmap_data(A);
  acc_free(D);
  char Range[64];
  std::snprintf(Range, sizeof Range, "[%#zx, %#zx)", size_t(reinterpret_cast<uintptr_t>(A)),
                size_t(reinterpret_cast<uintptr_t>(A + 16)));
  const std::string Reason = std::string("ferry: error: host range ") + Range +
                             " was mapped by acc_map_data on radeon device 0: its dynamic "
                             "reference count stays 1 until acc_unmap_data\n";
  EXPECT_EQ(Err, Reason + "ferry: error: acc_delete: data_arg " + ptr(A) +
                     " (64 bytes) was not deleted on radeon device 0\n" + Reason +
                     "ferry: error: acc_copyout_finalize: data_arg " + ptr(A) +
                     " (64 bytes) was not copied out on radeon device 0\n");
}

// acc_unmap_data inside a data construct that uses the mapped data (its
// structured reference count is 1) is an error in OpenACC 3.3: refused with
// the routine and the count, the mapping left as it is. Before, the mapping
// went and the construct's exit found nothing.
TEST_F(DataClauses, UnmapDataInsideADataConstructIsRefused) {
  static int A[16];
  void *D = acc_malloc(sizeof A);
  ASSERT_NE(D, nullptr);
  acc_map_data(A, D, sizeof A);
  ferry_data_item Items[] = {{A, sizeof A, FERRY_DATA_PRESENT, 0, "A", 0, nullptr, nullptr, 0}};
  ASSERT_EQ(ferry_data_enter(&Region, Items, 1, acc_async_sync), FERRY_SUCCESS);
  testing::internal::CaptureStderr();
  acc_unmap_data(A);
  const std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(acc_deviceptr(A), D) << "still mapped";
  ASSERT_EQ(ferry_data_exit(&Region, Items, 1, acc_async_sync), FERRY_SUCCESS);
  testing::internal::CaptureStderr();
  acc_unmap_data(A);
  acc_free(D);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "") << "unmapped after the construct";
  EXPECT_FALSE(acc_is_present(A, sizeof A));
  EXPECT_EQ(Err, "ferry: error: acc_unmap_data: host data at " + ptr(A) +
                     " on radeon device 0 has a structured reference count of 1 (a data or "
                     "compute construct uses it); nothing unmapped\n");
}

// A queue that no work ever used is complete on a GPU too: acc_wait_any
// returns its index at once, with no message.
TEST_F(DataClauses, WaitAnyReturnsAQueueThatWasNeverUsed) { expectNeverUsedQueuesComplete(); }

// acc_free refuses a block that acc_map_data mapped at an offset into it as
// it refuses one mapped at its start; before, the block was freed and the
// mapping went on naming freed device memory.
TEST_F(DataClauses, FreeRefusesABlockMappedAtAnOffsetIntoIt) {
  static char A[64];
  char *D = static_cast<char *>(acc_malloc(256));
  ASSERT_NE(D, nullptr);
  acc_map_data(A, D + 64, sizeof A);
  testing::internal::CaptureStderr();
  acc_free(D);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(acc_deviceptr(A), D + 64) << "the mapping stays";
  acc_unmap_data(A);
  testing::internal::CaptureStderr();
  acc_free(D);
  const std::string Unmapped = testing::internal::GetCapturedStderr();
  EXPECT_EQ(Err, "ferry: error: acc_free: data_dev " + ptr(D) +
                     " on radeon device 0 is mapped, from 64 bytes into the block, to host data "
                     "at " +
                     ptr(A) + " by acc_map_data (acc_unmap_data first); nothing freed\n");
  EXPECT_EQ(Unmapped, "") << "freed once unmapped";
}

// bytes larger than the host data, running into unmapped pages, is refused
// before any copy touches them; before, the copy faulted (SIGSEGV, no word).
TEST_F(DataClauses, HostRangesIntoUnmappedMemoryAreRefused) {
  const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  char *P = static_cast<char *>(
      mmap(nullptr, 2 * Page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(P, MAP_FAILED);
  ASSERT_EQ(munmap(P + Page, Page), 0);
  void *D = acc_malloc(2 * Page);
  testing::internal::CaptureStderr();
  EXPECT_EQ(acc_copyin(P, 2 * Page), nullptr);
  acc_memcpy_to_device(D, P, 2 * Page);
  acc_memcpy_from_device(P, D, 2 * Page);
  acc_copyin(P, Page);
  acc_update_self(P, 2 * Page);
  acc_copyout(P, 2 * Page);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(acc_is_present(P, Page));
  acc_delete(P, Page);
  acc_free(D);
  munmap(P, Page);
  const std::string Tail = " run into host memory that is not mapped (bytes is larger than the "
                           "data); nothing done\n";
  const std::string Bytes = std::to_string(2 * Page);
  EXPECT_EQ(Err, "ferry: error: acc_copyin: the " + Bytes + " bytes at data_arg " + ptr(P) + Tail +
                     "ferry: error: acc_memcpy_to_device: the " + Bytes +
                     " bytes at data_host_src " + ptr(P) + Tail +
                     "ferry: error: acc_memcpy_from_device: the " + Bytes +
                     " bytes at data_host_dest " + ptr(P) + Tail +
                     "ferry: error: acc_update_self: the " + Bytes + " bytes at data_arg " +
                     ptr(P) + Tail + "ferry: error: acc_copyout: the " + Bytes +
                     " bytes at data_arg " + ptr(P) + Tail);
}

TEST_F(DataClauses, ApiMisuseIsRefusedWithAMessage) {
  int A[4] = {0};
  testing::internal::CaptureStderr();
  acc_map_data(A, nullptr, sizeof A);
  EXPECT_FALSE(acc_is_present(A, sizeof A));
  acc_set_device_num(99, acc_device_radeon);
  EXPECT_EQ(acc_get_device_num(acc_device_radeon), 0);
  acc_set_device_num(-1, acc_device_radeon);
  EXPECT_EQ(acc_get_device_num(acc_device_radeon), 0);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("acc_map_data: data_dev is a null pointer; nothing mapped"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("acc_set_device_num: radeon device 99 does not exist (1 device(s)); "
                     "keeping device 0"),
            std::string::npos)
      << Err;
}

} // namespace
