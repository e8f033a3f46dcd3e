//===- Timing.h - What the launch benchmarks share --------------*- C++ -*-===//
///
/// \file
/// Per-call time of a launch loop and the median of rounds, for
/// launch_overhead.cpp and host_launch_overhead.cpp.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_BENCH_TIMING_H
#define FERRY_BENCH_TIMING_H

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

namespace bench {

using Clock = std::chrono::steady_clock;

/// Microseconds per call of \p Launch over \p Count calls; a call that
/// returns true (failure) ends the program.
template <class Fn> double microsPerCall(Fn &&Launch, int Count) {
  auto T0 = Clock::now();
  for (int I = 0; I < Count; ++I)
    if (Launch())
      std::exit(1);
  return std::chrono::duration<double, std::micro>(Clock::now() - T0).count() / Count;
}

inline double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

} // namespace bench

#endif
