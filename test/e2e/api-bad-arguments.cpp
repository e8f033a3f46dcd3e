// Wrong arguments to the OpenACC memory and data routines are errors naming
// the routine and the argument; the routine then does nothing (or returns
// NULL) and the program goes on - never a crash, a glibc abort or a pointer
// to too little memory. The same on the host, the emulated gfx90a and the
// fake-ROCR AMD device.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %run %t 2>&1 | %FileCheck %s
#include <openacc.h>

#include <cstdint>
#include <cstdio>

static void step(const char *What) { std::fprintf(stderr, "-- %s\n", What); }

int main() {
  static char a[64];
  char b[64] = {0};
  int failures = 0;

  step("memcpy");
  char *d = static_cast<char *>(acc_malloc(64));
  failures += d == nullptr;
  acc_memcpy_to_device(nullptr, a, 64);
  acc_memcpy_to_device(d, nullptr, 64);
  acc_memcpy_from_device(b, nullptr, 64);
  acc_memcpy_from_device(nullptr, d, 64);
  acc_memcpy_device(d, nullptr, 64);
  acc_memcpy_to_device(nullptr, nullptr, 0); // nothing to copy: no error
  // CHECK-LABEL: -- memcpy
  // CHECK-NEXT: ferry: error: acc_memcpy_to_device: data_dev_dest is a null pointer but bytes is 64
  // CHECK-NEXT: ferry: error: acc_memcpy_to_device: data_host_src is a null pointer but bytes is 64
  // CHECK-NEXT: ferry: error: acc_memcpy_from_device: data_dev_src is a null pointer but bytes is 64
  // CHECK-NEXT: ferry: error: acc_memcpy_from_device: data_host_dest is a null pointer but bytes is 64
  // CHECK-NEXT: ferry: error: acc_memcpy_device: data_dev_src is a null pointer but bytes is 64

  step("copyin");
  failures += acc_copyin(nullptr, 64) != nullptr;
  failures += acc_create(nullptr, 8) != nullptr;
  failures += acc_copyin(a, SIZE_MAX) != nullptr;
  acc_copyout(nullptr, 64);
  acc_update_device(a + 1, SIZE_MAX);
  failures += acc_copyin(nullptr, 0) != nullptr; // no action, no error
  // CHECK-LABEL: -- copyin
  // CHECK-NEXT: ferry: error: acc_copyin: data_arg is a null pointer but bytes is 64
  // CHECK-NEXT: ferry: error: acc_create: data_arg is a null pointer but bytes is 8
  // CHECK-NEXT: ferry: error: acc_copyin: data_arg (0x{{[0-9a-f]+}}) plus bytes (18446744073709551615) lies past the end of the address space
  // CHECK-NEXT: ferry: error: acc_copyout: data_arg is a null pointer but bytes is 64
  // CHECK-NEXT: ferry: error: acc_update_device: data_arg (0x{{[0-9a-f]+}}) plus bytes (18446744073709551615) lies past the end of the address space

  step("malloc");
  failures += acc_malloc(SIZE_MAX) != nullptr;
  failures += acc_malloc(SIZE_MAX - 100) != nullptr;
  failures += acc_malloc(0) != nullptr; // no error
  // CHECK-LABEL: -- malloc
  // CHECK: ferry: error: acc_malloc: cannot allocate 18446744073709551615 bytes (bytes) on {{host|radeon}} device 0; returning NULL
  // CHECK: ferry: error: acc_malloc: cannot allocate 18446744073709551515 bytes (bytes) on {{host|radeon}} device 0; returning NULL

  step("free");
  acc_free(b);
  acc_free(d + 16);
  acc_free(d);
  acc_free(d);
  acc_free(nullptr); // no action, no error
  // CHECK-LABEL: -- free
  // CHECK-NEXT: ferry: error: acc_free: data_dev 0x{{[0-9a-f]+}} on {{host|radeon}} device 0 was not allocated by acc_malloc; nothing freed
  // CHECK-NEXT: ferry: error: acc_free: data_dev 0x{{[0-9a-f]+}} on {{host|radeon}} device 0 points 16 bytes into the block at 0x{{[0-9a-f]+}} (64 bytes) from acc_malloc, not at its start; nothing freed
  // CHECK-NEXT: ferry: error: acc_free: data_dev 0x{{[0-9a-f]+}} on {{host|radeon}} device 0 was freed already (a block of 64 bytes from acc_malloc); nothing freed

  step("end");
  std::printf("failures: %d\n", failures);
  // CHECK-LABEL: -- end
  // CHECK-NEXT: failures: 0
  return failures;
}
