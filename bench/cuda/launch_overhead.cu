// Launch overhead of `<<<>>>`: an empty kernel launched with <<<1, 32>>>,
//   sync:  10000 launches, each followed by cudaDeviceSynchronize (launch + round trip),
//   async: 100000 launches back to back, then one cudaDeviceSynchronize (launch throughput),
// both timed with the host's steady clock after a warm-up.
//   nvcc -O3 -arch=sm_80 launch_overhead.cu -o launch_overhead && ./launch_overhead [--small]
// Prints "LAUNCH sync <us per launch>", "LAUNCH async <us per launch>" and PASS. --small divides
// the counts by 100.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: CUDA error '%s' (%s) in %s\n", __FILE__, __LINE__,  \
                    cudaGetErrorString(err_), cudaGetErrorName(err_), #call);           \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

static bool parseSmall(int argc, char **argv)
{
    bool small = false;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--small") == 0) {
            small = true;
        } else {
            fprintf(stderr, "usage: %s [--small]\n", argv[0]);
            exit(2);
        }
    }
    return small;
}

__global__ void empty() {}

static double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char **argv)
{
    const bool small = parseSmall(argc, argv);
    const int syncCount = small ? 100 : 10000;
    const int asyncCount = small ? 1000 : 100000;
    const int warmup = small ? 10 : 1000;

    // Warm-up: creates the context, loads the module, and exercises both paths.
    for (int i = 0; i < warmup; ++i) {
        empty<<<1, 32>>>();
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
    }
    for (int i = 0; i < warmup; ++i)
        empty<<<1, 32>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    // (a) launch + synchronize.
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < syncCount; ++i) {
        empty<<<1, 32>>>();
        CHECK(cudaDeviceSynchronize());
    }
    const double syncUs = secondsSince(t0) * 1e6 / syncCount;
    CHECK(cudaGetLastError());

    // (b) launches back to back, one synchronize at the end.
    t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < asyncCount; ++i)
        empty<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize());
    const double asyncUs = secondsSince(t0) * 1e6 / asyncCount;
    CHECK(cudaGetLastError());

    printf("LAUNCH sync %.3f\n", syncUs);
    printf("LAUNCH async %.3f\n", asyncUs);
    printf("PASS\n");
    return 0;
}
