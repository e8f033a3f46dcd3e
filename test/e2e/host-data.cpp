// host_data use_device: inside its statement the named pointers and arrays
// hold device addresses, which host code hands to device code written
// elsewhere (here a region with deviceptr, as a call into a CUDA or HIP
// library would take them); if_present keeps host addresses of data that
// is not present, and if(false) keeps them always.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <openacc.h>

// A "library" that takes device pointers.
static void scale_on_device(double *d, int n, double f) {
#pragma acc parallel loop deviceptr(d)
  for (int i = 0; i < n; ++i)
    d[i] *= f;
}

int main() {
  const int n = 1000;
  double a[n], *b = new double[n], c[4] = {1, 2, 3, 4};
  for (int i = 0; i < n; ++i)
    a[i] = i, b[i] = i;
  const bool device = acc_get_device_type() != acc_device_host;
  int err = 0;
#pragma acc data copy(a, b[0:n])
  {
#pragma acc host_data use_device(a, b)
    {
      if (device && (acc_hostptr(a) == a || acc_hostptr(b) == b)) {
        std::printf("use_device gave host addresses\n");
        ++err;
      }
      scale_on_device(a, n, 2);
      scale_on_device(b, n, 3);
    }
  }
#pragma acc host_data use_device(c) if_present
  if (c[0] != 1) // not present: the host's array
    ++err;
  int on = 0;
#pragma acc data copyin(c)
#pragma acc host_data use_device(c) if(on)
  {
    if (c[3] != 4)
      ++err;
  }
  for (int i = 0; i < n; ++i)
    if (a[i] != 2.0 * i || b[i] != 3.0 * i) {
      std::printf("a[%d] = %g, b[%d] = %g\n", i, a[i], i, b[i]);
      ++err;
      break;
    }
  delete[] b;
  return err;
}
