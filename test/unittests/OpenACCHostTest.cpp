//===- OpenACCHostTest.cpp - The OpenACC API on the host backend ----------===//
#include "ferry/runtime.h"
#include "openacc.h"

#include "QueueChecks.h"

#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

TEST(OpenACCHost, DeviceTypeAndNumbers) {
  acc_set_device_type(acc_device_host);
  EXPECT_EQ(acc_get_device_type(), acc_device_host);
  EXPECT_EQ(acc_get_num_devices(acc_device_host), 1);
  acc_set_device_num(0, acc_device_host);
  EXPECT_EQ(acc_get_device_num(acc_device_host), 0);
  EXPECT_TRUE(acc_on_device(acc_device_host));
  EXPECT_FALSE(acc_on_device(acc_device_nvidia));
}

TEST(OpenACCHost, SharedMemoryDataIsAlwaysPresent) {
  acc_set_device_type(acc_device_host);
  int V[8] = {1, 2, 3};
  EXPECT_EQ(acc_copyin(V, sizeof V), V);
  EXPECT_EQ(acc_create(V, sizeof V), V);
  EXPECT_TRUE(acc_is_present(V, sizeof V));
  EXPECT_EQ(acc_deviceptr(V), V);
  EXPECT_EQ(acc_hostptr(V), V);
  acc_update_device(V, sizeof V);
  acc_copyout(V, sizeof V);
  acc_delete_finalize(V, sizeof V);
  EXPECT_EQ(V[2], 3);
}

// `declare create(p[lo:len])` at namespace scope: a null pointer or an empty
// section enters nothing; a section that wraps around is refused.
TEST(OpenACCHost, DeclaredSections) {
  acc_set_device_type(acc_device_host);
  double V[8] = {};
  EXPECT_EQ(ferry_declare_global_section(nullptr, 0, 100, sizeof(double), FERRY_DATA_CREATE,
                                         "p[0:100]"),
            FERRY_SUCCESS);
  EXPECT_EQ(ferry_declare_global_section(V, 2, 0, sizeof(double), FERRY_DATA_COPYIN, "V[2:0]"),
            FERRY_SUCCESS);
  EXPECT_EQ(ferry_declare_global_section(V, 2, 4, sizeof(double), FERRY_DATA_COPYIN, "V[2:4]"),
            FERRY_SUCCESS);
  EXPECT_TRUE(acc_is_present(V + 2, 4 * sizeof(double)));
  EXPECT_EQ(ferry_declare_global_section(V, SIZE_MAX / sizeof(double), 1, sizeof(double),
                                         FERRY_DATA_CREATE, "V[huge:1]"),
            FERRY_ERROR_INVALID);
}

TEST(OpenACCHost, MemoryAndCopies) {
  acc_set_device_type(acc_device_host);
  EXPECT_EQ(acc_malloc(0), nullptr);
  char *D = static_cast<char *>(acc_malloc(64));
  ASSERT_NE(D, nullptr);
  char Src[64], Dst[64];
  for (int I = 0; I < 64; ++I)
    Src[I] = char(I);
  acc_memcpy_to_device(D, Src, 64);
  char *D2 = static_cast<char *>(acc_malloc(64));
  acc_memcpy_device(D2, D, 64);
  acc_memcpy_from_device_async(Dst, D2, 64, 3);
  acc_wait(3);
  EXPECT_TRUE(acc_async_test(3));
  EXPECT_TRUE(acc_async_test_all());
  acc_wait_all();
  EXPECT_EQ(std::memcmp(Src, Dst, 64), 0);
  acc_free(D);
  acc_free(D2);
}

// A queue that no work ever used has nothing to wait for: it is complete,
// and acc_wait_any returns its index at once, with no message (OpenACC 3.3
// acc_wait_any: the index of a completed queue; -1 only when no entry names
// a queue).
TEST(OpenACCHost, WaitAnyReturnsAQueueThatWasNeverUsed) {
  acc_set_device_type(acc_device_host);
  expectNeverUsedQueuesComplete();
}

// On the host the device memory is host memory: a device range that runs
// into unmapped pages is refused like a host range (mincore) instead of
// faulting in the copy, in acc_memcpy_to/from_device (and _async),
// acc_memcpy_device and acc_memcpy_d2d; before, each died with SIGSEGV. The
// data routines copy nothing on the host, so they have nothing to refuse.
TEST(OpenACCHost, DeviceRangesIntoUnmappedMemoryAreRefused) {
  acc_set_device_type(acc_device_host);
  const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  char *P = static_cast<char *>(
      mmap(nullptr, 2 * Page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  ASSERT_NE(P, MAP_FAILED);
  ASSERT_EQ(munmap(P + Page, Page), 0);
  std::vector<char> Big(2 * Page);
  char *B = Big.data();
  testing::internal::CaptureStderr();
  acc_memcpy_to_device(P, B, 2 * Page);
  acc_memcpy_from_device(B, P, 2 * Page);
  acc_memcpy_to_device_async(P, B, 2 * Page, 1);
  acc_wait(1);
  acc_memcpy_device(P, B, 2 * Page);
  acc_memcpy_device(B, P, 2 * Page);
  acc_memcpy_d2d(P, B, 2 * Page, 0, 0);
  acc_memcpy_d2d(B, P, 2 * Page, 0, 0);
  acc_update_device(P, 2 * Page);
  acc_update_self(P, 2 * Page);
  const std::string Err = testing::internal::GetCapturedStderr();
  munmap(P, Page);
  auto Line = [&](const char *Routine, const char *Arg) {
    char S[300];
    std::snprintf(S, sizeof S,
                  "ferry: error: %s: the %zu bytes at %s %p run into host memory that is not "
                  "mapped (bytes is larger than the data); nothing done\n",
                  Routine, 2 * Page, Arg, static_cast<void *>(P));
    return std::string(S);
  };
  EXPECT_EQ(Err, Line("acc_memcpy_to_device", "data_dev_dest") +
                     Line("acc_memcpy_from_device", "data_dev_src") +
                     Line("acc_memcpy_to_device_async", "data_dev_dest") +
                     Line("acc_memcpy_device", "data_dev_dest") +
                     Line("acc_memcpy_device", "data_dev_src") +
                     Line("acc_memcpy_d2d", "data_arg_dest") +
                     Line("acc_memcpy_d2d", "data_arg_src"));
}

TEST(OpenACCHost, Properties) {
  EXPECT_GT(acc_get_property(0, acc_device_host, acc_property_memory), 0u);
  EXPECT_GT(acc_get_property(0, acc_device_host, acc_property_free_memory), 0u);
  EXPECT_STREQ(acc_get_property_string(0, acc_device_host, acc_property_vendor), "host");
  EXPECT_STREQ(acc_get_property_string(0, acc_device_host, acc_property_name), "host CPU");
  EXPECT_EQ(acc_get_property(0, acc_device_host, acc_property_name), 0u);
}

// A device that does not exist or a number that is no device type gets 0 or
// NULL and a message naming the argument; before, a wrong dev_type silently
// answered for the current device.
TEST(OpenACCHost, PropertiesOfNoDevice) {
  acc_set_device_type(acc_device_host);
  testing::internal::CaptureStderr();
  EXPECT_EQ(acc_get_property_string(5, acc_device_host, acc_property_name), nullptr);
  EXPECT_EQ(acc_get_property(-1, acc_device_host, acc_property_memory), 0u);
  EXPECT_EQ(acc_get_property(0, acc_device_t(42), acc_property_memory), 0u);
  EXPECT_EQ(acc_get_property_string(0, acc_device_t(42), acc_property_name), nullptr);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "ferry: error: acc_get_property_string: dev_num 5 is not a host device (there is "
            "1); returning NULL\n"
            "ferry: error: acc_get_property: dev_num -1 is not a host device (there is 1); "
            "returning 0\n"
            "ferry: error: acc_get_property: dev_type 42 is not a device type; returning 0\n"
            "ferry: error: acc_get_property_string: dev_type 42 is not a device type; "
            "returning NULL\n");
}

TEST(OpenACCHost, InitAndShutdownKeepTheDeviceUsable) {
  acc_init(acc_device_host);
  EXPECT_EQ(acc_get_device_type(), acc_device_host);
  acc_shutdown(acc_device_host);
  acc_init(acc_device_host);
  int V = 7;
  EXPECT_EQ(acc_copyin(&V, sizeof V), &V);
  acc_delete(&V, sizeof V);
}

// acc_init and acc_shutdown of a number that is no device type say so under
// their own names and leave the selected type as it was.
TEST(OpenACCHost, InitAndShutdownOfAnUnknownType) {
  acc_set_device_type(acc_device_host);
  testing::internal::CaptureStderr();
  acc_init(acc_device_t(-3));
  acc_shutdown(acc_device_t(99));
  acc_init(acc_device_none);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "ferry: error: acc_init: dev_type -3 is not a device type; nothing done\n"
            "ferry: error: acc_shutdown: dev_type 99 is not a device type; nothing done\n"
            "ferry: error: acc_init: dev_type 0 is not a device type; nothing done\n");
  EXPECT_EQ(acc_get_device_type(), acc_device_host);
}

// The routines that take a device type refuse a number that is none: before,
// acc_get_device_num and acc_set_device_num silently took it for the current
// type or for every type.
TEST(OpenACCHost, DeviceTypeRoutinesRefuseANumberThatIsNoType) {
  acc_set_device_type(acc_device_host);
  testing::internal::CaptureStderr();
  EXPECT_EQ(acc_get_num_devices(acc_device_t(77)), 0);
  EXPECT_EQ(acc_get_device_num(acc_device_t(42)), -1);
  acc_set_device_num(0, acc_device_t(-8));
  EXPECT_EQ(acc_on_device(acc_device_t(42)), 0);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "ferry: error: acc_get_num_devices: dev_type 77 is not a device type; returning "
            "0\n"
            "ferry: error: acc_get_device_num: dev_type 42 is not a device type; returning "
            "-1\n"
            "ferry: error: acc_set_device_num: dev_type -8 is not a device type; nothing "
            "done\n"
            "ferry: error: acc_on_device: dev_type 42 is not a device type; returning 0\n");
  EXPECT_EQ(acc_get_device_num(acc_device_host), 0);
}

// A type the program selects that has no device is reported as the
// program's choice; before, the message blamed ACC_DEVICE_TYPE, which the
// program never set.
TEST(OpenACCHost, InitOfATypeWithoutDevicesBlamesTheProgram) {
  if (acc_get_num_devices(acc_device_nvidia) > 0)
    GTEST_SKIP() << "an NVIDIA GPU is present";
  testing::internal::CaptureStderr();
  acc_init(acc_device_nvidia);
  const std::string Err = testing::internal::GetCapturedStderr();
  acc_set_device_type(acc_device_host);
  EXPECT_EQ(Err.rfind("ferry: error: the program selected device type nvidia (acc_set_device_type "
                      "or acc_init), but the cuda backend has no device: ",
                      0),
            0u)
      << Err;
  EXPECT_EQ(Err.find("ACC_DEVICE_TYPE"), std::string::npos) << Err;
}

// The asynchronous and finalize variants of the data routines: on the host
// the device is the host, so data is always present and never moves, and
// each routine returns normally and leaves the data as it was.
TEST(OpenACCHost, AsyncAndFinalizeVariants) {
  acc_set_device_type(acc_device_host);
  int V[4] = {1, 2, 3, 4};
  acc_copyin_async(V, sizeof V, 1);
  acc_create_async(V, sizeof V, 1);
  acc_update_device_async(V, sizeof V, 1);
  acc_update_self(V, sizeof V);
  acc_update_self_async(V, sizeof V, 2);
  acc_copyout_async(V, sizeof V, 1);
  acc_copyout_finalize(V, sizeof V);
  acc_copyout_finalize_async(V, sizeof V, 2);
  acc_delete_async(V, sizeof V, 1);
  acc_delete_finalize_async(V, sizeof V, 2);
  char Dst[sizeof V];
  acc_memcpy_to_device_async(Dst, V, sizeof V, 3);
  acc_wait_all_async(4);
  acc_wait(4);
  acc_wait_all();
  EXPECT_EQ(std::memcmp(Dst, V, sizeof V), 0);
  EXPECT_EQ(V[3], 4);
  EXPECT_TRUE(acc_is_present(V, sizeof V));
}

TEST(OpenACCHost, MapAndUnmapAreIdentitiesOnTheHost) {
  acc_set_device_type(acc_device_host);
  int V[8] = {0};
  acc_map_data(V, V, sizeof V);
  EXPECT_EQ(acc_deviceptr(V), V);
  acc_unmap_data(V);
  EXPECT_TRUE(acc_is_present(V, sizeof V));
}

// acc_property_free_memory counts what Ferry allocated on the host.
TEST(OpenACCHost, FreeMemoryDropsByAnAllocation) {
  acc_set_device_type(acc_device_host);
  const size_t Before = acc_get_property(0, acc_device_host, acc_property_free_memory);
  const size_t Bytes = size_t(64) << 20;
  void *P = acc_malloc(Bytes);
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(acc_get_property(0, acc_device_host, acc_property_free_memory), Before - Bytes);
  acc_free(P);
  EXPECT_EQ(acc_get_property(0, acc_device_host, acc_property_free_memory), Before);
}

// Wrong device numbers, queues and counts: a message naming the routine and
// the argument, and nothing done.
/// \p P as the runtime's messages print it (%p).
static std::string ptrText(const void *P) {
  char S[32];
  std::snprintf(S, sizeof S, "%p", P);
  return S;
}

TEST(OpenACCHost, WrongArgumentsOfTheQueueAndDeviceRoutines) {
  acc_set_device_type(acc_device_host);
  auto Stderr = [](auto Call) {
    testing::internal::CaptureStderr();
    Call();
    return testing::internal::GetCapturedStderr();
  };
  EXPECT_EQ(Stderr([] { acc_wait_device(0, 3); }),
            "ferry: error: acc_wait_device: dev_num 3 is not a host device (there is 1); "
            "nothing done\n");
  EXPECT_EQ(Stderr([] { acc_init_device(1, acc_device_host); }),
            "ferry: error: acc_init_device: dev_num 1 is not a host device (there is 1); "
            "nothing done\n");
  EXPECT_EQ(Stderr([] { acc_shutdown_device(0, acc_device_t(42)); }),
            "ferry: error: acc_shutdown_device: dev_type 42 is not a device type; nothing "
            "done\n");
  EXPECT_EQ(Stderr([] { acc_wait(-7); }),
            "ferry: error: acc_wait: wait_arg -7 is not an async queue (a number >= 0, "
            "acc_async_noval or acc_async_sync); nothing done\n");
  EXPECT_EQ(Stderr([] { EXPECT_EQ(acc_wait_any(-1, nullptr), -1); }),
            "ferry: error: acc_wait_any: count -1 is negative; returning -1\n");
  EXPECT_EQ(Stderr([] { EXPECT_EQ(acc_wait_any(2, nullptr), -1); }),
            "ferry: error: acc_wait_any: wait_arg is a null pointer but count is 2; returning "
            "-1\n");
  EXPECT_EQ(Stderr([] { acc_set_default_async(-9); }),
            "ferry: error: acc_set_default_async: async_arg -9 is not an async queue (a number "
            ">= 0, acc_async_sync or acc_async_default); the default stays 0\n");
  EXPECT_EQ(Stderr([] { acc_attach(nullptr); }),
            "ferry: error: acc_attach: ptr_addr is a null pointer; nothing done\n");
  int V = 1;
  EXPECT_EQ(Stderr([&] { acc_memcpy_d2d(&V, &V, sizeof V, 0, 2); }),
            "ferry: error: acc_memcpy_d2d: dev_num_src 2 is not a host device (there is 1); "
            "nothing copied\n");
  EXPECT_EQ(Stderr([] { EXPECT_EQ(acc_get_cuda_stream(0), nullptr); }), "");
  // Shared memory holds every range there is, not one that is none.
  EXPECT_EQ(Stderr([&] { EXPECT_EQ(acc_is_present(nullptr, 8), 0); }),
            "ferry: error: acc_is_present: data_arg is a null pointer but bytes is 8\n");
  EXPECT_EQ(Stderr([&] { EXPECT_EQ(acc_is_present(&V, SIZE_MAX), 0); }),
            "ferry: error: acc_is_present: data_arg (" + ptrText(&V) +
                ") plus bytes (18446744073709551615) lies past the end of the address space\n");
  // The _async forms of the copies name themselves, not their synchronous
  // forms.
  EXPECT_EQ(Stderr([&] { acc_memcpy_to_device_async(&V, &V, sizeof V, -77); }),
            "ferry: error: acc_memcpy_to_device_async: async_arg -77 is not an async queue (a "
            "number >= 0, acc_async_noval or acc_async_sync); nothing done\n");
  EXPECT_EQ(Stderr([&] { acc_memcpy_from_device_async(nullptr, &V, sizeof V, 1); }),
            "ferry: error: acc_memcpy_from_device_async: data_host_dest is a null pointer but "
            "bytes is 4\n");
}

// acc_init_device and acc_shutdown_device leave the device usable; the
// deprecated names do what their successors do.
TEST(OpenACCHost, DeviceLifecycleAndDeprecatedNames) {
  acc_init_device(0, acc_device_host);
  acc_shutdown_device(0, acc_device_host);
  acc_set_device_type(acc_device_host);
  int V[4] = {1, 2, 3, 4}, W[4] = {0};
  EXPECT_EQ(acc_pcopyin(V, sizeof V), V);
  EXPECT_EQ(acc_present_or_copyin(V, sizeof V), V);
  EXPECT_EQ(acc_pcreate(V, sizeof V), V);
  EXPECT_EQ(acc_present_or_create(V, sizeof V), V);
  acc_memcpy_device_async(W, V, sizeof V, 2);
  acc_async_wait(2);
  EXPECT_EQ(std::memcmp(V, W, sizeof V), 0);
  int X[4] = {0};
  acc_memcpy_d2d(X, V, sizeof V, 0, 0);
  EXPECT_EQ(X[3], 4);
  int *P = V;
  acc_attach(reinterpret_cast<void **>(&P)); // shared memory: nothing to do
  acc_detach_finalize(reinterpret_cast<void **>(&P));
  EXPECT_EQ(P, V);
}
