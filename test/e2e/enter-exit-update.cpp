// enter data / exit data (with finalize), update self/host/device (with
// if_present), and the wait directive, on the host in CI, on the fake-ROCR AMD
// device in CI (real present table), and on the NVIDIA GPU in scripts/h100.sh.
// Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %run %t 2>&1 | %count 0
#include <openacc.h>

#include <cstdio>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "enter-exit-update: %s\n", what);
    ++failures;
  }
}

int main() {
  const bool host = acc_get_device_type() == acc_device_host;
  const int n = 1024;
  std::vector<int> av(n, 1), bv(n, 0), sevens(n, 7);
  int *a = av.data(), *b = bv.data();

#pragma acc enter data copyin(a[0:n]) create(b[0:n])
  expect(acc_is_present(a, n * sizeof(int)) && acc_is_present(b, n * sizeof(int)),
         "enter data did not map");
  // What a kernel would do on the device.
  acc_memcpy_to_device(acc_deviceptr(a), sevens.data(), n * sizeof(int));
  if (!host)
    expect(a[0] == 1, "the device copy is not separate");
#pragma acc update self(a[0:n / 2])
  expect(a[0] == 7 && (host || a[n - 1] == 1), "update self moved the wrong range");
#pragma acc update host(a[n / 2:n / 2]) if_present
  expect(a[n - 1] == 7, "update host");

  for (int i = 0; i < n; ++i)
    b[i] = i;
#pragma acc update device(b[0:n]) async(1)
#pragma acc wait(1)
  std::vector<int> back(n, -1);
  acc_memcpy_from_device(back.data(), acc_deviceptr(b), n * sizeof(int));
  expect(back[n - 1] == n - 1, "update device");

  // A second reference: exit data copyout keeps the data until finalize.
#pragma acc enter data copyin(a[0:n])
#pragma acc exit data copyout(a[0:n])
  expect(acc_is_present(a, n * sizeof(int)), "exit data dropped a reference too many");
#pragma acc exit data copyout(a[0:n]) delete(b[0:n]) finalize
  expect(!host ? !acc_is_present(a, n * sizeof(int)) : true, "finalize left data mapped");
  std::vector<int> unmapped(4, 0);
  int *u = unmapped.data();
#pragma acc update self(u[0:4]) if_present
#pragma acc wait
  return failures ? 1 : 0;
}
