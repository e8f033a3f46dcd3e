// What both STREAM versions share: the sizes, the data and the report, so
// that the Ferry and CUDA figures are measured the same way.
#ifndef FERRY_BENCH_STREAM_H
#define FERRY_BENCH_STREAM_H

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace stream {

constexpr long kDefaultN = 1L << 27; // doubles per array (1 GiB)
constexpr int kRepeats = 20;
constexpr double kScalar = 3.0;

inline long size(int argc, char **argv) { return argc > 1 ? std::atol(argv[1]) : kDefaultN; }

/// Wall time of one synchronous call, in seconds.
template <class F> double seconds(F &&Fn) {
  const auto Start = std::chrono::steady_clock::now();
  Fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

/// Best time of the repeats (the first is a warm-up and is dropped), as
/// STREAM reports; prints "name GB/s".
inline void report(const char *Name, std::vector<double> &Times, double Bytes) {
  std::sort(Times.begin() + 1, Times.end());
  std::printf("%-6s %10.1f GB/s\n", Name, Bytes / Times[1] / 1e9);
}

/// The five kernels' lines: copy and scale move two arrays, add and triad
/// three, the dot product reads two; \p N doubles each.
inline void reportAll(std::vector<double> &Copy, std::vector<double> &Scale,
                      std::vector<double> &Add, std::vector<double> &Triad,
                      std::vector<double> &Dot, long N) {
  const double W = sizeof(double) * double(N);
  report("copy", Copy, 2 * W);
  report("scale", Scale, 2 * W);
  report("add", Add, 3 * W);
  report("triad", Triad, 3 * W);
  report("dot", Dot, 2 * W);
}

/// STREAM's check: after the repeats a, b, c hold known values.
inline bool check(const double *A, const double *B, const double *C, long N, double Dot) {
  double Ea = 1.0, Eb = 2.0, Ec = 0.0;
  for (int K = 0; K < kRepeats; ++K) {
    Ec = Ea;
    Eb = kScalar * Ec;
    Ec = Ea + Eb;
    Ea = Eb + kScalar * Ec;
  }
  for (long I = 0; I < N; I += N / 97 + 1)
    if (A[I] != Ea || B[I] != Eb || C[I] != Ec) {
      std::fprintf(stderr, "stream: wrong value at %ld: %g %g %g (expected %g %g %g)\n", I, A[I],
                   B[I], C[I], Ea, Eb, Ec);
      return false;
    }
  const double Expected = Ea * Eb * double(N);
  if (std::fabs(Dot - Expected) > 1e-8 * std::fabs(Expected)) {
    std::fprintf(stderr, "stream: dot %.17g, expected %.17g\n", Dot, Expected);
    return false;
  }
  return true;
}

} // namespace stream

#endif
