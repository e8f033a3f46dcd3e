// Data semantics real programs rely on (OpenACC 3.3 2.6 and 2.5.15):
// scalars a 'kernels' construct assigns are copy (their values are seen
// after it), a reduction variable in a data clause of its own or of an
// enclosing construct ends with the reduction's result (the device copy
// that is copied back holds it), private(c[0:n]) gives each iteration its
// own array, and deviceptr on a data construct holds for the compute
// constructs inside it.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <openacc.h>

static int check(const char *What, double Got, double Want) {
  if (Got == Want)
    return 0;
  std::printf("%s: got %g, want %g\n", What, Got, Want);
  return 1;
}

int main() {
  const int n = 1000;
  static double a[n];
  for (int i = 0; i < n; ++i)
    a[i] = 1;
  int err = 0;

  double total = 0;
  int last = -1, count = 0;
#pragma acc kernels copyin(a)
  {
    total = 5;
    for (int i = 0; i < n; ++i)
      total += a[i];
    count++;
  }
#pragma acc kernels loop copyin(a)
  for (int i = 0; i < n; ++i)
    last = i; // in order (not independent): the last iteration's value
  err += check("kernels scalar", total, 5.0 + n) + check("kernels ++", count, 1) +
         check("kernels loop scalar", last, n - 1);

  double s = 0, s2 = 10, s3 = 0;
#pragma acc parallel loop reduction(+:s) copy(s) copyin(a)
  for (int i = 0; i < n; ++i)
    s += a[i];
#pragma acc data copy(s2) copyin(a)
  {
#pragma acc parallel loop reduction(+:s2)
    for (int i = 0; i < n; ++i)
      s2 += a[i];
#pragma acc parallel loop reduction(+:s2)
    for (int i = 0; i < n; ++i)
      s2 += 2 * a[i];
  }
#pragma acc data copy(s3)
  {
#pragma acc parallel loop reduction(max:s3) copyin(a)
    for (int i = 0; i < n; ++i)
      s3 = a[i] * i > s3 ? a[i] * i : s3;
  }
  err += check("reduction+copy", s, n) + check("reduction in data", s2, 10.0 + 3 * n) +
         check("max in data", s3, n - 1);

  double c[8], out[n];
#pragma acc parallel loop private(c[0:8]) copyout(out)
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 8; ++k)
      c[k] = i + k;
    out[i] = c[0] + c[7];
  }
  for (int i = 0; i < n; ++i)
    if (out[i] != 2.0 * i + 7) {
      err += check("private section", out[i], 2.0 * i + 7);
      break;
    }

  double *d = static_cast<double *>(acc_malloc(n * sizeof(double)));
#pragma acc data deviceptr(d)
  {
#pragma acc parallel loop
    for (int i = 0; i < n; ++i)
      d[i] = 3.0 * i;
  }
  double back[n];
  acc_memcpy_from_device(back, d, sizeof back);
  acc_free(d);
  err += check("deviceptr on data", back[n - 1], 3.0 * (n - 1));
  return err;
}
