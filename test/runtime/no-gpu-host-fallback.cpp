// With no GPU on the machine, a program linked with the runtime finds no
// device, runs its compute region on the host, and prints nothing on stderr.
// UNSUPPORTED: hsa, cuda
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %run %t 2> %t.stderr | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=STDERR %s < %t.stderr
// RUN: env FERRY_DEBUG=1 %run %t 2>&1 | %FileCheck --check-prefix=DEBUG %s
#include <openacc.h>
#include <cstdio>

int main() {
  int gpus = acc_get_num_devices(acc_device_not_host);
  long sum = 0;
#pragma acc parallel loop reduction(+:sum)
  for (int i = 1; i <= 1000; ++i)
    sum += i;
  std::printf("gpus=%d type=%s sum=%ld\n", gpus,
              acc_get_device_type() == acc_device_host ? "host" : "other", sum);
  return sum == 500500 ? 0 : 1;
}
// CHECK: gpus=0 type=host sum=500500
// STDERR-NOT: {{.}}
// DEBUG: ferry: debug: selected device type host
