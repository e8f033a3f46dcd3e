// Data constructs and data directives on queues: a data construct with
// async leaves its data on the queue after the regions queued inside it;
// update and exit data on queues complete at acc_wait. Host backend (and the
// fake-ROCR device, where the present table is real). Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %run %t 2>&1 | %count 0
#include <openacc.h>

#include <cstdio>
#include <vector>

int main() {
  const bool host = acc_get_device_type() == acc_device_host;
  const int n = 2048;
  std::vector<double> v(n, 1.0);
  double *p = v.data();
  int bad = 0;
#pragma acc data copy(p[0:n]) async(1)
  {
    bad += !acc_is_present(p, n * sizeof(double));
  }
  acc_wait(1);
  bad += !host && acc_is_present(p, n * sizeof(double));

#pragma acc enter data copyin(p[0:n]) async(2)
  acc_wait(2);
  std::vector<double> twos(n, 2.0);
  acc_memcpy_to_device(acc_deviceptr(p), twos.data(), n * sizeof(double));
#pragma acc update self(p[0:n]) async(2)
#pragma acc exit data delete(p[0:n]) async(2) wait(1)
#pragma acc wait(2)
  bad += p[n - 1] != 2.0;
  bad += !host && acc_is_present(p, n * sizeof(double));
  if (bad)
    std::fprintf(stderr, "data-async: %d wrong\n", bad);
  return bad ? 1 : 0;
}
