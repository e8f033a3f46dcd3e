//===- OpenACCEmulatedTest.cpp - The OpenACC API on the emulated gfx90a ---===//
///
/// \file
/// The memory routines on the emulated AMD device (FERRY_EMULATE=gfx90a),
/// whose device memory is host memory. The device is chosen when the runtime
/// starts, so each case runs in a child process of its own (a death test in
/// the threadsafe style re-runs the binary for that case alone) and exits 0
/// when what it saw was right.
///
//===----------------------------------------------------------------------===//
#include "openacc.h"

#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

/// Two pages of which only the first is mapped.
char *pageThenHole(size_t Page) {
  char *P = static_cast<char *>(
      mmap(nullptr, 2 * Page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (P == MAP_FAILED || munmap(P + Page, Page) != 0)
    std::abort();
  return P;
}

std::string intoUnmapped(const char *Routine, size_t Bytes, const char *Arg, const void *P) {
  char S[300];
  std::snprintf(S, sizeof S,
                "ferry: error: %s: the %zu bytes at %s %p run into host memory that is not "
                "mapped (bytes is larger than the data); nothing done\n",
                Routine, Bytes, Arg, P);
  return S;
}

/// The emulated device's memory is host memory: a device range that runs
/// into unmapped pages is refused like a host range (mincore) instead of
/// faulting in the copy, in acc_memcpy_to/from_device (and _async),
/// acc_memcpy_device, acc_map_data and acc_memcpy_d2d. Before, each died
/// with SIGSEGV.
void deviceRangesIntoUnmappedMemory() {
  setenv("FERRY_EMULATE", "gfx90a", 1);
  setenv("ACC_DEVICE_TYPE", "radeon", 1);
  if (acc_get_num_devices(acc_device_radeon) != 1 ||
      acc_get_device_type() != acc_device_radeon) {
    std::fprintf(stderr, "no emulated gfx90a\n");
    std::_Exit(2);
  }
  const size_t Page = size_t(sysconf(_SC_PAGESIZE)), N = 2 * Page;
  char *P = pageThenHole(Page);
  std::vector<char> Big(N), Host(N), Other(N);
  testing::internal::CaptureStderr();
  acc_memcpy_to_device(P, Big.data(), N);
  acc_memcpy_from_device(Big.data(), P, N);
  acc_memcpy_to_device_async(P, Big.data(), N, 1);
  acc_wait(1);
  acc_memcpy_device(P, Big.data(), N);
  acc_memcpy_device(Big.data(), P, N);
  acc_map_data(Host.data(), P, N);
  const bool MappedIntoTheHole = acc_is_present(Host.data(), N);
  // Device memory the program unmaps after acc_map_data took it.
  char *Q = static_cast<char *>(
      mmap(nullptr, N, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  acc_map_data(Host.data(), Q, N);
  acc_copyin(Other.data(), N);
  munmap(Q + Page, Page);
  acc_memcpy_d2d(Host.data(), Other.data(), N, 0, 0);
  acc_memcpy_d2d(Other.data(), Host.data(), N, 0, 0);
  const std::string Err = testing::internal::GetCapturedStderr();
  const std::string Expected =
      intoUnmapped("acc_memcpy_to_device", N, "data_dev_dest", P) +
      intoUnmapped("acc_memcpy_from_device", N, "data_dev_src", P) +
      intoUnmapped("acc_memcpy_to_device_async", N, "data_dev_dest", P) +
      intoUnmapped("acc_memcpy_device", N, "data_dev_dest", P) +
      intoUnmapped("acc_memcpy_device", N, "data_dev_src", P) +
      intoUnmapped("acc_map_data", N, "data_dev", P) +
      intoUnmapped("acc_memcpy_d2d", N, "the device copy of data_arg_dest", Q) +
      intoUnmapped("acc_memcpy_d2d", N, "the device copy of data_arg_src", Q);
  if (Err != Expected || MappedIntoTheHole) {
    std::fprintf(stderr, "%s\nexpected:\n%s\nmapped into the hole: %d\n", Err.c_str(),
                 Expected.c_str(), MappedIntoTheHole);
    std::_Exit(1);
  }
  std::_Exit(0);
}

TEST(OpenACCEmulatedDeathTest, DeviceRangesIntoUnmappedMemoryAreRefused) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(deviceRangesIntoUnmappedMemory(), testing::ExitedWithCode(0), "");
}

} // namespace
