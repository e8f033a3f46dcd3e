// STREAM (copy, scale, add, triad) and a dot product written with Ferry's
// OpenACC directives: one data region around all repeats, each kernel a
// synchronous `parallel loop` over present data. Prints "kernel GB/s".
#include "stream.h"

int main(int argc, char **argv) {
  const long n = stream::size(argc, argv);
  const double s = stream::kScalar;
  std::vector<double> av(n, 1.0), bv(n, 2.0), cv(n, 0.0);
  double *a = av.data(), *b = bv.data(), *c = cv.data();
  std::vector<double> tc, ts, ta, tt, td;
  double dot = 0;
#pragma acc data copy(a[0:n], b[0:n], c[0:n])
  {
    for (int k = 0; k < stream::kRepeats; ++k) {
      tc.push_back(stream::seconds([&] {
#pragma acc parallel loop present(a[0:n], c[0:n])
        for (long i = 0; i < n; ++i)
          c[i] = a[i];
      }));
      ts.push_back(stream::seconds([&] {
#pragma acc parallel loop present(b[0:n], c[0:n])
        for (long i = 0; i < n; ++i)
          b[i] = s * c[i];
      }));
      ta.push_back(stream::seconds([&] {
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n])
        for (long i = 0; i < n; ++i)
          c[i] = a[i] + b[i];
      }));
      tt.push_back(stream::seconds([&] {
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n])
        for (long i = 0; i < n; ++i)
          a[i] = b[i] + s * c[i];
      }));
    }
    for (int k = 0; k < stream::kRepeats; ++k)
      td.push_back(stream::seconds([&] {
        double sum = 0;
#pragma acc parallel loop present(a[0:n], b[0:n]) reduction(+:sum)
        for (long i = 0; i < n; ++i)
          sum += a[i] * b[i];
        dot = sum;
      }));
  }
  stream::reportAll(tc, ts, ta, tt, td, n);
  return stream::check(a, b, c, n, dot) ? 0 : 1;
}
