//===- launch_overhead.cpp - Ferry launch vs the raw driver call ----------===//
///
/// \file
/// An empty kernel launched N times and waited for each time, through
/// ferry_launch (synchronous queue) and through cuLaunchKernel +
/// cuStreamSynchronize on the same kind of stream, alternating rounds; then
/// N asynchronous launches followed by one wait, both ways. Reports the
/// median per-launch time of each and Ferry's overhead.
///   launch_overhead <empty-kernel.ptx> [N]
///
//===----------------------------------------------------------------------===//
#include "Timing.h"
#include "ferry/runtime.h"
#include <openacc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using bench::Clock;
using CUresult = int;
using CUstream = void *;
using CUfunction = void *;
using CUmodule = void *;

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: launch_overhead <empty-kernel.ptx> [N]\n");
    return 2;
  }
  const int N = argc > 2 ? std::atoi(argv[2]) : 20000;
  std::ifstream In(argv[1]);
  std::stringstream SS;
  SS << In.rdbuf();
  std::string Ptx = SS.str();

  acc_set_device_type(acc_device_nvidia);
  ferry_image_desc Image = {"ptx", Ptx.data(), Ptx.size()};
  ferry_module M;
  ferry_kernel K;
  if (ferry_module_load(&Image, 1, &M) || ferry_module_get_kernel(M, "empty", &K))
    return 1;

  // The raw driver path, on the context Ferry made current.
  void *Lib = dlopen("libcuda.so.1", RTLD_NOW);
  auto Sym = [&](const char *Name) { return dlsym(Lib, Name); };
  auto cuModuleLoadData = (CUresult(*)(CUmodule *, const void *))Sym("cuModuleLoadData");
  auto cuModuleGetFunction =
      (CUresult(*)(CUfunction *, CUmodule, const char *))Sym("cuModuleGetFunction");
  auto cuStreamCreate = (CUresult(*)(CUstream *, unsigned))Sym("cuStreamCreate");
  auto cuStreamSynchronize = (CUresult(*)(CUstream))Sym("cuStreamSynchronize");
  auto cuLaunchKernel =
      (CUresult(*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                   unsigned, unsigned, CUstream, void **, void **))Sym("cuLaunchKernel");
  CUmodule RawM;
  CUfunction RawF;
  CUstream RawS;
  if (cuModuleLoadData(&RawM, Ptx.c_str()) || cuModuleGetFunction(&RawF, RawM, "empty") ||
      cuStreamCreate(&RawS, 1))
    return 1;

  const uint32_t One[3] = {1, 1, 1};
  auto Ferry = [&] { return ferry_launch(K, One, One, 0, nullptr, acc_async_sync); };
  auto Raw = [&] {
    return cuLaunchKernel(RawF, 1, 1, 1, 1, 1, 1, 0, RawS, nullptr, nullptr) ||
           cuStreamSynchronize(RawS);
  };
  bench::microsPerCall(Ferry, 1000); // warm up both paths
  bench::microsPerCall(Raw, 1000);
  std::vector<double> F, R;
  for (int Round = 0; Round < 5; ++Round) {
    F.push_back(bench::microsPerCall(Ferry, N / 5));
    R.push_back(bench::microsPerCall(Raw, N / 5));
  }
  const double FM = bench::median(F), RM = bench::median(R);
  std::printf("launch+sync      ferry %.2f us   raw %.2f us   ferry adds %.2f us (%.2fx)\n",
              FM, RM, FM - RM, FM / RM);

  // Asynchronous: N launches, one wait.
  auto FerryAsync = [&] {
    auto T0 = Clock::now();
    for (int I = 0; I < N; ++I)
      if (ferry_launch(K, One, One, 0, nullptr, 1))
        std::exit(1);
    acc_wait(1);
    return std::chrono::duration<double, std::micro>(Clock::now() - T0).count() / N;
  };
  auto RawAsync = [&] {
    auto T0 = Clock::now();
    for (int I = 0; I < N; ++I)
      if (cuLaunchKernel(RawF, 1, 1, 1, 1, 1, 1, 0, RawS, nullptr, nullptr))
        std::exit(1);
    cuStreamSynchronize(RawS);
    return std::chrono::duration<double, std::micro>(Clock::now() - T0).count() / N;
  };
  double FA = FerryAsync(), RA = RawAsync();
  FA = std::min(FA, FerryAsync());
  RA = std::min(RA, RawAsync());
  std::printf("async launches   ferry %.2f us   raw %.2f us   ferry adds %.2f us (%.2fx)\n",
              FA, RA, FA - RA, FA / RA);
  return 0;
}
