// The remark of a construct with device_type lists the clauses that hold
// for some device types only, and the types, chosen when it runs; a loop
// schedule that is the same for every type is the construct's own.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s

void f(int n, float *a) {
// CHECK: remark: ferry: 'parallel loop' over 'i': {{.*}}; data: copy(a[0:n]); per device type, chosen at launch: num_gangs(6) on radeon, vector_length(64) on radeon, num_gangs(8) on nvidia, vector_length(128) on nvidia, async(1) on host;
#pragma acc parallel loop copy(a[0:n]) num_gangs(4) device_type(radeon) num_gangs(6) vector_length(64) dtype(nvidia) num_gangs(8) vector_length(128) device_type(host) async(1)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// CHECK: remark: ferry: 'parallel loop' over 'i': {{.*}}per device type, chosen at launch: vector(32) on radeon, vector(128) on host, nvidia;
#pragma acc parallel loop copy(a[0:n]) gang vector device_type(radeon) vector(32) device_type(*) vector(128)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// The schedule for every type, `seq` from device_type(*), runs in order.
// CHECK: remark: ferry: 'parallel loop' over 'i', iterations in order:
#pragma acc parallel loop copy(a[0:n]) device_type(*) seq
  for (int i = 1; i < n; ++i)
    a[i] += a[i - 1];
}
