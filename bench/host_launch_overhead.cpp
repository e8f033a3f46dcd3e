//===- host_launch_overhead.cpp - Ferry's host launch vs a plain call -----===//
///
/// \file
/// The host backend's cost per region launch: an empty one-iteration region
/// through ferry_launch_region (synchronous, and queued then waited) against
/// calling the same host function directly, alternating rounds, median of
/// the rounds.
///   host_launch_overhead [N]
///
//===----------------------------------------------------------------------===//
#include "Timing.h"
#include "ferry/runtime.h"
#include <openacc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using bench::Clock;

static volatile int64_t Sink;
static void emptyChunk(const void *, int64_t Begin, int64_t End, void *) { Sink = End - Begin; }

int main(int argc, char **argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 20000;
  acc_set_device_type(acc_device_host);
  static const ferry_region Region = {"empty", "host_launch_overhead.cpp", 1, 1, 0};
  int Closure = 0;
  ferry_launch_desc D = {};
  D.region = &Region;
  D.closure = &Closure;
  D.closure_size = sizeof Closure;
  D.trip_count = 1;
  D.host_fn = emptyChunk;
  D.async = acc_async_sync;

  auto Sync = [&] { return ferry_launch_region(&D) != FERRY_SUCCESS; };
  auto Direct = [&] {
    emptyChunk(&Closure, 0, 1, nullptr);
    return false;
  };
  auto Queued = [&](int Count) {
    D.async = 1;
    auto T0 = Clock::now();
    for (int I = 0; I < Count; ++I)
      if (ferry_launch_region(&D))
        std::exit(1);
    acc_wait(1);
    D.async = acc_async_sync;
    return std::chrono::duration<double, std::micro>(Clock::now() - T0).count() / Count;
  };
  bench::microsPerCall(Sync, 1000);
  Queued(1000);
  std::vector<double> S, Q, R;
  for (int Round = 0; Round < 11; ++Round) {
    S.push_back(bench::microsPerCall(Sync, N));
    Q.push_back(Queued(N));
    R.push_back(bench::microsPerCall(Direct, N));
  }
  std::printf("host region, sync     ferry %.3f us   direct call %.3f us   ferry adds %.3f us\n",
              bench::median(S), bench::median(R), bench::median(S) - bench::median(R));
  std::printf("host region, queued   ferry %.3f us   direct call %.3f us   ferry adds %.3f us\n",
              bench::median(Q), bench::median(R), bench::median(Q) - bench::median(R));
  return 0;
}
