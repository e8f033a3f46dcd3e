// Arrays named in no data clause are copy in every compute construct
// (OpenACC 3.3 2.6.2), as programs that write `parallel loop` without
// clauses rely on: local, static and global arrays written in a region are
// seen after it, on the host and on devices; arrays in a data construct
// around it stay the data construct's; const arrays are read as they are.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <openacc.h>

double field[512];

static int check(const char *What, double Got, double Want) {
  if (Got == Want)
    return 0;
  std::printf("%s: got %g, want %g\n", What, Got, Want);
  return 1;
}

int main() {
  int err = 0;
  const int n = 512;
  double a[n], b[n][4];
  static float s[n];
  const double w[3] = {0.25, 0.5, 0.25};
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    field[i] = 2 * a[i];
    s[i] = float(i);
    for (int k = 0; k < 4; ++k)
      b[i][k] = w[k % 3] * i;
  }
  err += check("global", field[n - 1], 2.0 * (n - 1)) + check("static", s[7], 7) +
         check("2-d", b[8][1], 0.5 * 8);
#pragma acc kernels
  {
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
  err += check("kernels", a[10], 11);
#pragma acc data copyin(a)
  {
    // a is the data construct's (copyin): the host copy stays as it was.
#pragma acc parallel loop
    for (int i = 0; i < n; ++i)
      a[i] = -1;
  }
  // (on the host, data is shared: the region wrote the host's array)
  err += check("data construct's", a[3], acc_get_device_type() == acc_device_host ? -1 : 4);
  return err;
}
