// printf in compute regions, as OpenACC programs print from the device: in a
// parallel loop (selected iterations), a kernels loop, a serial region, a
// routine, gang-redundant code of a region with a nested loop (once per
// gang), with every argument class (int, unsigned, long, double from float,
// char, constant and computed strings, `*` widths). On the GPU it is CUDA's
// vprintf; on AMD devices Ferry's translation writes the printf buffer that
// the runtime prints when the region's queue completes. Lines from different
// work-items come in any order, so they are checked sorted; the same lines
// on the host, both emulated AMD devices and (scripts/h100.sh) the GPU.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t | sort | %FileCheck %s
// RUN: %emu-gfx90a %run %t | sort | %FileCheck %s
// RUN: %emu-gfx1100 %run %t | sort | %FileCheck %s
#include <cstdio>

// CHECK:      gang 0 row sum 28
// CHECK-NEXT: gang 1 row sum 92
// CHECK-NEXT: i=0 x=0.00 even 0
// CHECK-NEXT: i=250 x=125.00 even 250000000000
// CHECK-NEXT: i=500 x=250.00 even 500000000000
// CHECK-NEXT: i=750 x=375.00 even 750000000000
// CHECK-NEXT: kernels: 999 -> 0x3e7
// CHECK-NEXT: routine sees 123 [   abc] 'z' 4294967295
// CHECK-NEXT: serial: n=1000 total=249750.0
// CHECK-NOT: {{.}}

#pragma acc routine seq
void describe(int v, const char *s) {
  printf("routine sees %d [%*s] '%c' %u\n", v, 6, s, 'z', 4294967295u);
}

static const char *parity(int i) { return i % 2 ? "odd" : "even"; }

int main() {
  const int n = 1000;
  static float x[n];
  static int m[2][8];
  for (int i = 0; i < n; ++i)
    x[i] = i * 0.5f;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 8; ++c)
      m[r][c] = r * 8 + c;

#pragma acc parallel loop copyin(x)
  for (int i = 0; i < n; ++i)
    if (i % 250 == 0)
      printf("i=%d x=%.2f %s %ld\n", i, x[i], parity(i), (long)i * 1000000000L);

#pragma acc kernels loop independent copyin(x)
  for (int i = 0; i < n; ++i)
    if (i == n - 1)
      printf("kernels: %d -> %#x\n", i, i);

#pragma acc serial copyin(x)
  {
    double total = 0;
    for (int i = 0; i < n; ++i)
      total += x[i];
    printf("serial: n=%d total=%.1f\n", n, total);
    describe(123, "abc");
  }

#pragma acc parallel loop gang copyin(m)
  for (int r = 0; r < 2; ++r) {
    int sum = 0;
#pragma acc loop vector reduction(+ : sum)
    for (int c = 0; c < 8; ++c)
      sum += m[r][c];
    printf("gang %d row sum %d\n", r, sum);
  }
  return 0;
}
