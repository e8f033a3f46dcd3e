// Wrong arguments to the queue, device and device-to-device routines of
// OpenACC 3.3: a message naming the routine and the argument, then nothing
// done (or the routine's error value) and the program goes on. The same on
// the host, the emulated gfx90a and the fake-ROCR AMD device; data that must
// be present is only checked where the device has memory of its own.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,GPU
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %run %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,GPU
#include <openacc.h>

#include <cstdio>

static void step(const char *What) { std::fprintf(stderr, "-- %s\n", What); }

double a[64], b[64];
double *loose = a;

int main() {
  int failures = 0;
  const acc_device_t type = acc_get_device_type();

  step("queues");
  acc_wait(-7);
  acc_wait_async(1, -4);
  acc_copyin_async(a, sizeof a, -3);
  acc_set_default_async(-9);
  failures += acc_get_default_async() != 0;
  failures += acc_async_test(-5) != 1;
  // CHECK-LABEL: -- queues
  // CHECK-NEXT: ferry: error: acc_wait: wait_arg -7 is not an async queue (a number >= 0, acc_async_noval or acc_async_sync); nothing done
  // CHECK-NEXT: ferry: error: acc_wait_async: async_arg -4 is not an async queue
  // CHECK-NEXT: ferry: error: acc_copyin_async: async_arg -3 is not an async queue
  // CHECK-NEXT: ferry: error: acc_set_default_async: async_arg -9 is not an async queue (a number >= 0, acc_async_sync or acc_async_default); the default stays 0
  // CHECK-NEXT: ferry: error: acc_async_test: wait_arg -5 is not an async queue

  step("wait_any");
  int queues[3] = {1, -6, acc_async_sync};
  failures += acc_wait_any(-1, queues) != -1;
  failures += acc_wait_any(2, nullptr) != -1;
  failures += acc_wait_any(3, queues) != 0;
  int none[2] = {-6, acc_async_sync};
  failures += acc_wait_any(2, none) != -1;
  failures += acc_wait_any(0, nullptr) != -1; // nothing to wait for: no message
  // CHECK-LABEL: -- wait_any
  // CHECK-NEXT: ferry: error: acc_wait_any: count -1 is negative; returning -1
  // CHECK-NEXT: ferry: error: acc_wait_any: wait_arg is a null pointer but count is 2; returning -1
  // CHECK-NEXT: ferry: error: acc_wait_any: wait_arg[1] is -6, not an async queue; skipped
  // CHECK-NEXT: ferry: error: acc_wait_any: wait_arg[0] is -6, not an async queue; skipped

  step("devices");
  acc_wait_device(0, 3);
  acc_async_test_all_device(-1);
  acc_wait_any_device(1, queues, 7);
  acc_init_device(2, type);
  acc_shutdown_device(-1, type);
  acc_init_device(0, acc_device_t(42));
  acc_shutdown_device(0, acc_device_nvidia);
  // CHECK-LABEL: -- devices
  // CHECK-NEXT: ferry: error: acc_wait_device: dev_num 3 is not a [[KIND:host|radeon]] device (there is 1); nothing done
  // CHECK-NEXT: ferry: error: acc_async_test_all_device: dev_num -1 is not a [[KIND]] device (there is 1); nothing done
  // CHECK-NEXT: ferry: error: acc_wait_any_device: dev_num 7 is not a [[KIND]] device (there is 1); nothing done
  // CHECK-NEXT: ferry: error: acc_init_device: dev_num 2 is not a [[KIND]] device (there is 1); nothing done
  // CHECK-NEXT: ferry: error: acc_shutdown_device: dev_num -1 is not a [[KIND]] device (there is 1); nothing done
  // CHECK-NEXT: ferry: error: acc_init_device: dev_type 42 is not a device type; nothing done
  // CHECK-NEXT: ferry: error: acc_shutdown_device: dev_num 0 is not a nvidia device (there are 0); nothing done

  step("copies");
  acc_memcpy_device_async(nullptr, a, 8, 1);
  acc_memcpy_d2d(a, nullptr, 8, 0, 0);
  acc_memcpy_d2d(a, b, sizeof a, 1, 0);
  acc_memcpy_d2d_async(a, b, sizeof a, 0, -2, 1);
  acc_memcpy_d2d(a, b, sizeof a, 0, 0); // not present on a GPU
  acc_memcpy_d2d(nullptr, nullptr, 0, 5, 5); // nothing to copy: no message
  // CHECK-LABEL: -- copies
  // CHECK-NEXT: ferry: error: acc_memcpy_device_async: data_dev_dest is a null pointer but bytes is 8
  // CHECK-NEXT: ferry: error: acc_memcpy_d2d: data_arg_src is a null pointer but bytes is 8
  // CHECK-NEXT: ferry: error: acc_memcpy_d2d: dev_num_dest 1 is not a [[KIND]] device (there is 1); nothing copied
  // CHECK-NEXT: ferry: error: acc_memcpy_d2d_async: dev_num_src -2 is not a [[KIND]] device (there is 1); nothing copied
  // GPU-NEXT: ferry: error: acc_memcpy_d2d: data_arg_dest 0x{{[0-9a-f]+}} (512 bytes) is not present on radeon device 0; nothing copied

  step("attach");
  acc_attach(nullptr);
  acc_detach_finalize_async(nullptr, 1);
  acc_attach(reinterpret_cast<void **>(&loose)); // the pointer is not present: no action
  acc_copyin(&loose, sizeof loose);
  acc_attach(reinterpret_cast<void **>(&loose)); // its target is not present
  acc_detach(reinterpret_cast<void **>(&loose)); // not attached: no action
  acc_delete(&loose, sizeof loose);
  // CHECK-LABEL: -- attach
  // CHECK-NEXT: ferry: error: acc_attach: ptr_addr is a null pointer; nothing done
  // CHECK-NEXT: ferry: error: acc_detach_finalize_async: ptr_addr is a null pointer; nothing done
  // GPU-NEXT: ferry: error: acc_attach: the pointer at ptr_addr 0x{{[0-9a-f]+}} points to 0x{{[0-9a-f]+}}, which is not present on radeon device 0; nothing attached

  step("streams");
  if (acc_get_device_type() == acc_device_nvidia) {
    failures += acc_get_cuda_stream(0) == nullptr; // the queue's stream
  } else {
    failures += acc_get_cuda_stream(0) != nullptr; // not an NVIDIA device
    failures += acc_set_cuda_stream(0, &failures) != 0;
  }
  // CHECK-LABEL: -- streams
  // CHECK-NEXT: -- end

  step("end");
  std::printf("failures: %d\n", failures);
  // CHECK-NEXT: failures: 0
  return failures;
}
