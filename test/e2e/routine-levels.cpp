// 'routine' at every level (seq, vector, worker) with orphaned loops
// inside (a vector reduction, a worker loop), on a static function, a
// function template and a member function; 'bind' by identifier in the
// named form and by string on an extern "C" function: on a device the
// bound functions run, on the host the original ones.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -O0 %s -o %t.O0 && %emu-gfx90a %run %t.O0 2>&1 | %count 0
#include <cstdio>
#pragma acc routine seq
static double square(double x) { return x * x; }

#pragma acc routine vector
double row_sum(const double *row, int m) {
  double s = 0;
#pragma acc loop vector reduction(+:s)
  for (int j = 0; j < m; ++j)
    s += row[j];
  return s;
}

double host_scale(double x);
double device_scale(double x) { return 3 * x; }
#pragma acc routine(host_scale) seq bind(device_scale)
double host_scale(double x) { return 2 * x; }

#pragma acc routine seq bind("dev_neg")
double host_neg(double x) { return x; }
extern "C" double dev_neg(double x) { return -x; }

#pragma acc routine worker
template <class T> void fill(T *p, int m, T v) {
#pragma acc loop worker
  for (int j = 0; j < m; ++j)
    p[j] = v + j;
}

struct Poly {
  double c0, c1;
#pragma acc routine seq
  double at(double x) const { return c0 + c1 * x; }
};

int main() {
  const int n = 64, m = 32;
  double a[n * m], sums[n], sq[n], sc[n], ng[n], pv[n];
  Poly p = {1, 2};
#pragma acc parallel loop gang copyout(a, sums, sq, sc, ng, pv)
  for (int i = 0; i < n; ++i) {
    fill(&a[i * m], m, double(i));
    sums[i] = row_sum(&a[i * m], m);
    sq[i] = square(i);
    sc[i] = host_scale(i);
    ng[i] = host_neg(i);
    pv[i] = p.at(i);
  }
  int err = 0;
  const bool dev = acc_get_device_type() != acc_device_host;
  for (int i = 0; i < n; ++i) {
    double want = m * double(i) + m * (m - 1) / 2.0;
    if (sums[i] != want) { printf("sums[%d] %g want %g\n", i, sums[i], want); ++err; }
    if (sq[i] != double(i) * i) { printf("sq %d\n", i); ++err; }
    if (sc[i] != (dev ? 3 : 2) * double(i)) { printf("sc[%d] %g\n", i, sc[i]); ++err; }
    if (ng[i] != (dev ? -1 : 1) * double(i)) { printf("ng[%d] %g\n", i, ng[i]); ++err; }
    if (pv[i] != 1 + 2.0 * i) { printf("pv %d\n", i); ++err; }
  }
  return err;
}
