// The structured data construct and the data clauses of compute constructs:
// data is present inside, copied back at the end, nested constructs share it,
// if(false) maps nothing. Runs on the host in CI, on the fake-ROCR AMD device
// (real present table, fake device memory) in CI, and on the NVIDIA GPU in
// scripts/h100.sh. Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %run %t 2>&1 | %count 0
#include <openacc.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "data-construct: %s\n", what);
    ++failures;
  }
}

int main() {
  const bool host = acc_get_device_type() == acc_device_host;
  const int n = 4096;
  std::vector<float> av(n, 1.0f), bv(n, 5.0f), twos(n, 2.0f);
  float *a = av.data(), *b = bv.data();
  float scale = 3.0f;

#pragma acc data copy(a[0:n]) copyin(b[0:n]) copyin(scale)
  {
    expect(acc_is_present(a, n * sizeof(float)) && acc_is_present(b, n * sizeof(float)) &&
               acc_is_present(&scale, sizeof scale),
           "data not present inside the data construct");
    // What a kernel would do to a and b.
    acc_memcpy_to_device(acc_deviceptr(a), twos.data(), n * sizeof(float));
    acc_memcpy_to_device(acc_deviceptr(b), twos.data(), n * sizeof(float));
#pragma acc data present(a[0:n]) copy(a[0:n / 2])
    {
      expect(acc_deviceptr(a) != nullptr, "nested present lost the data");
    }
    if (!host)
      expect(a[0] == 1.0f, "copied back before the outermost construct ended");
  }
  expect(a[0] == 2.0f && a[n - 1] == 2.0f, "copy did not copy back at the end");
  expect(b[0] == (host ? 2.0f : 5.0f), "copyin copied back");
  if (!host)
    expect(!acc_is_present(a, n * sizeof(float)), "still present after the construct");

  // create(zero:) clears the device copy; copyout(zero:) brings zeros back
  // when the region writes nothing.
  std::vector<float> zv(n, 9.0f);
  float *z = zv.data();
#pragma acc data copyout(zero: z[0:n])
  {
    if (!host)
      expect(z[0] == 9.0f, "copyout(zero:) touched the host copy early");
  }
  expect(host ? z[0] == 9.0f : z[0] == 0.0f, "copyout(zero:) did not bring zeros back");

  // if(false): nothing is mapped.
  const bool use = false;
#pragma acc data copyin(b[0:n]) if(use)
  {
    if (!host)
      expect(!acc_is_present(b, n * sizeof(float)), "if(false) mapped data");
  }

  // Data clauses of compute constructs: on the host and on a GPU (not on
  // CI's fake ROCR, which dispatches no kernels).
  if (!std::getenv("FERRY_HSA_LIB")) {
#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])
    for (int i = 0; i < n; ++i)
      a[i] += b[i];
    expect(a[7] == (host ? 4.0f : 7.0f), "parallel loop with data clauses"); // b: 2 on the host, 5 on a GPU
#pragma acc data copy(a[0:n])
    {
#pragma acc parallel loop present(a[0:n])
      for (int i = 0; i < n; ++i)
        a[i] *= 2;
#pragma acc parallel loop present(a[0:n]) async(1)
      for (int i = 0; i < n; ++i)
        a[i] += 1;
      acc_wait(1);
    }
    expect(a[7] == (host ? 9.0f : 15.0f), "loops nested in a data construct");
  }
  return failures ? 1 : 0;
}
