// What every PolyBench-style benchmark shares, the OpenACC versions
// (compiled by Ferry, or by any compiler that ignores the directives) and
// their CUDA twins alike: the repetition count, command-line sizes, the
// wall-clock timer, the one-line report "<name> <best seconds>" and the
// comparison against the sequential reference. Header-only, plain C++17;
// the CUDA helpers at the end are seen by nvcc only.
#ifndef FERRY_BENCH_POLYBENCH_COMMON_H
#define FERRY_BENCH_POLYBENCH_COMMON_H

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace pb {

/// Timed repetitions after the untimed warm-up run.
constexpr int kRepeats = 5;

/// The positive integer in argv[Index] (1-based), or \p Default when absent.
/// Anything else ends the program with a usage message.
inline long arg(int argc, char **argv, int Index, long Default, long Max = 0) {
  if (argc <= Index)
    return Default;
  char *End = nullptr;
  const long V = std::strtol(argv[Index], &End, 10);
  if (End == argv[Index] || *End != '\0' || V <= 0 || (Max > 0 && V > Max)) {
    if (Max > 0)
      std::fprintf(stderr, "%s: argument %d must be an integer in 1..%ld\n", argv[0], Index, Max);
    else
      std::fprintf(stderr, "%s: argument %d must be a positive integer\n", argv[0], Index);
    std::exit(2);
  }
  return V;
}

/// Wall-clock seconds since construction.
class Timer {
public:
  Timer() : Start(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  }

private:
  std::chrono::steady_clock::time_point Start;
};

/// The shortest of the timed repetitions.
struct Best {
  double Seconds = std::numeric_limits<double>::infinity();
  void add(double S) { Seconds = std::min(Seconds, S); }
};

/// The benchmark's only line on stdout.
inline void report(const char *Name, const Best &B) { std::printf("%s %.6g\n", Name, B.Seconds); }

/// Compares Rows x Cols elements of \p Got with \p Ref (row I at I * Ld).
/// An element passes when |got - ref| <= RelTol * max(|ref|, 1e-3 * max|ref|):
/// relative to the element, but elements much smaller than the array's
/// largest are compared relative to a floor (cancellation makes their
/// relative error meaningless). Prints the first bad element on stderr.
inline bool check(const char *Name, const char *What, const double *Got, const double *Ref,
                  long Rows, long Cols, long Ld, double RelTol) {
  double MaxAbs = 0;
  for (long I = 0; I < Rows; ++I)
    for (long J = 0; J < Cols; ++J)
      MaxAbs = std::max(MaxAbs, std::fabs(Ref[I * Ld + J]));
  const double Floor = 1e-3 * MaxAbs;
  for (long I = 0; I < Rows; ++I)
    for (long J = 0; J < Cols; ++J) {
      const double G = Got[I * Ld + J], R = Ref[I * Ld + J];
      if (!(std::fabs(G - R) <= RelTol * std::max(std::fabs(R), Floor))) {
        if (Rows == 1)
          std::fprintf(stderr, "%s: mismatch in %s at [%ld]: got %.17g, expected %.17g\n", Name,
                       What, J, G, R);
        else
          std::fprintf(stderr, "%s: mismatch in %s at [%ld][%ld]: got %.17g, expected %.17g\n",
                       Name, What, I, J, G, R);
        return false;
      }
    }
  return true;
}

/// One-dimensional form: \p Count elements.
inline bool check(const char *Name, const char *What, const double *Got, const double *Ref,
                  long Count, double RelTol) {
  return check(Name, What, Got, Ref, 1, Count, Count, RelTol);
}

/// Tolerances: results computed in the reference's order (up to contraction
/// into fused multiply-adds), and results whose summation order differs.
constexpr double kExact = 1e-9;
constexpr double kReordered = 1e-6;

} // namespace pb

#ifdef __CUDACC__
#include <cuda_runtime.h>

namespace pb {

/// Ends the program when a CUDA call failed.
inline void cuda(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "CUDA error in %s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}
#define PB_CUDA(call) ::pb::cuda((call), #call)

/// Device time between start() and seconds() on the default stream.
class EventTimer {
public:
  EventTimer() {
    PB_CUDA(cudaEventCreate(&Begin));
    PB_CUDA(cudaEventCreate(&End));
  }
  ~EventTimer() {
    cudaEventDestroy(Begin);
    cudaEventDestroy(End);
  }
  void start() { PB_CUDA(cudaEventRecord(Begin)); }
  /// Records the end, waits for it, and returns the seconds in between;
  /// also reports any launch error of the kernels in between.
  double seconds() {
    PB_CUDA(cudaGetLastError());
    PB_CUDA(cudaEventRecord(End));
    PB_CUDA(cudaEventSynchronize(End));
    float Ms = 0;
    PB_CUDA(cudaEventElapsedTime(&Ms, Begin, End));
    return Ms * 1e-3;
  }

private:
  cudaEvent_t Begin, End;
};

/// Blocks of \p Block covering \p N.
inline unsigned blocks(long N, unsigned Block) { return unsigned((N + Block - 1) / Block); }

/// Copies \p Count doubles between host and device.
inline void toDevice(double *Dev, const double *Host, long Count) {
  PB_CUDA(cudaMemcpy(Dev, Host, sizeof(double) * Count, cudaMemcpyHostToDevice));
}
inline void toHost(double *Host, const double *Dev, long Count) {
  PB_CUDA(cudaMemcpy(Host, Dev, sizeof(double) * Count, cudaMemcpyDeviceToHost));
}
inline double *deviceArray(long Count) {
  double *P = nullptr;
  PB_CUDA(cudaMalloc(&P, sizeof(double) * Count));
  return P;
}

/// Sum over a warp, result in lane 0.
__device__ inline double warpSum(double V) {
  for (int O = 16; O > 0; O /= 2)
    V += __shfl_down_sync(0xffffffffu, V, O);
  return V;
}

} // namespace pb
#endif

#endif
