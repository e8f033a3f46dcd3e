// Copies that run past the device memory they start in are refused, naming
// the routine, the argument and the block, and nothing is copied (4 KiB into
// a 64-byte acc_malloc block was a glibc heap abort on the host and a
// SIGSEGV on the emulated device). A zero-length acc_copyin overlaps
// nothing: a later acc_copyin of the range around it works (it was a false
// "partially present" error on the emulated device).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,DEV
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,DEV
#include <openacc.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static void step(const char *What) { std::fprintf(stderr, "-- %s\n", What); }

int main() {
  std::vector<char> host(8192, 7), back(8192, 0);
  int failures = 0;
  char *d = static_cast<char *>(acc_malloc(64));

  step("past a block");
  // CHECK-LABEL: -- past a block
  acc_memcpy_to_device(d, host.data(), 4096);
  // CHECK-NEXT: ferry: error: acc_memcpy_to_device: the 4096 bytes at data_dev_dest 0x{{[0-9a-f]+}} on {{host|radeon}} device 0 run 4032 bytes past the end of the 64-byte block at 0x{{[0-9a-f]+}} from acc_malloc; nothing copied
  acc_memcpy_to_device(d, host.data(), SIZE_MAX / 2);
  // CHECK-NEXT: ferry: error: acc_memcpy_to_device: the {{[0-9]+}} bytes at data_dev_dest {{.*}} past the end of the 64-byte block
  acc_memcpy_from_device(back.data(), d + 1, 64);
  // CHECK-NEXT: ferry: error: acc_memcpy_from_device: the 64 bytes at data_dev_src {{.*}} run 1 bytes past the end of the 64-byte block
  acc_memcpy_device(d, d + 16, 64);
  // CHECK-NEXT: ferry: error: acc_memcpy_device: the 64 bytes at data_dev_src {{.*}} run 16 bytes past the end of the 64-byte block
  acc_memcpy_to_device_async(d + 60, host.data(), 8, acc_async_sync);
  // CHECK-NEXT: ferry: error: acc_memcpy_to_device_async: the 8 bytes at data_dev_dest {{.*}} run 4 bytes past the end of the 64-byte block

  acc_memcpy_to_device(d - 16, host.data(), 32);
  // CHECK-NEXT: ferry: error: acc_memcpy_to_device: the 32 bytes at data_dev_dest 0x{{[0-9a-f]+}} on {{host|radeon}} device 0 start outside device memory the runtime allocated: the range overlaps the 64-byte device block at 0x{{[0-9a-f]+}} without lying within it; nothing copied

  step("within a block");
  // CHECK-LABEL: -- within a block
  acc_memcpy_to_device(d + 32, host.data(), 32);
  acc_memcpy_from_device(back.data(), d + 32, 32);
  failures += back[31] != 7;
  acc_free(d);

  // On a device (the host's data is its own device copy).
  const bool device = acc_get_device_type() != acc_device_host;
  step("past a device copy");
  // CHECK-LABEL: -- past a device copy
  char *a = static_cast<char *>(acc_copyin(host.data(), 128));
  if (device)
    acc_memcpy_to_device(a + 64, back.data(), 65);
  // DEV-NEXT: ferry: error: acc_memcpy_to_device: the 65 bytes at data_dev_dest {{.*}} run 1 bytes past the end of the device copy of host
  acc_delete(host.data(), 128);

  step("zero-length copyin");
  // CHECK-LABEL: -- zero-length copyin
  char buf[4096];
  std::memset(buf, 3, sizeof buf);
  acc_copyin(buf, 0);
  acc_copyin(buf, sizeof buf);
  failures += !acc_is_present(buf, sizeof buf);
  acc_delete(buf, sizeof buf);
  failures += !acc_is_present(buf, sizeof buf); // the zero-length entry still counts
  acc_delete(buf, 0);
  if (device)
    failures += acc_is_present(buf, sizeof buf) != 0;

  step("done");
  // CHECK-LABEL: -- done
  // CHECK-NOT: error
  std::fprintf(stderr, "failures: %d\n", failures);
  // CHECK: failures: 0
  return failures;
}
