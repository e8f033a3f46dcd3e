// Asking for a GPU that is not there stops the region with a message naming
// the device type, the backend's reason and the region: never a silent
// fallback to the host.
// UNSUPPORTED: hsa, cuda
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=radeon %not --crash %run %t 2>&1 | %FileCheck --check-prefix=RADEON %s
// RUN: env ACC_DEVICE_TYPE=nvidia %not --crash %run %t 2>&1 | %FileCheck --check-prefix=NVIDIA %s
// RUN: env ACC_DEVICE_TYPE=quantum %not --crash %run %t 2>&1 | %FileCheck --check-prefix=BAD %s
// RUN: env ACC_DEVICE_TYPE=HOST %run %t
int main() {
  int v[8] = {0};
#pragma acc parallel loop copyout(v)
  for (int i = 0; i < 8; ++i)
    v[i] = i;
  return v[7] == 7 ? 0 : 1;
}
// RADEON: ferry: error: ACC_DEVICE_TYPE=radeon requested, but the hsa backend has no device: no AMD GPU
// RADEON: ferry: error: requested-device-missing.cpp:12 parallel loop: {{compute region|data clauses}} not run: no usable device
// NVIDIA: ferry: error: ACC_DEVICE_TYPE=nvidia requested, but the cuda backend has no device: {{.*}}libcuda.so.1
// BAD: ferry: error: ACC_DEVICE_TYPE='quantum' is not a device type (use host, nvidia or radeon)
