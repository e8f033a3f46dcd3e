// Device-side printf: integers, floating point, strings (literal and from a local array), hex and
// characters reach the host's stdout once the kernel is synchronized, in launch order across
// synchronized launches.
//
// Lines printed on stdout, in this order (host lines are flushed before every launch):
//   host: start
//   int: 42 -7 4000000000 1099511627776
//   float: 3.500000 0.333 -1.250000e+02
//   string: hello from the GPU / local buffer
//   hex: beef CAFE 00001234 char: Z
//   launch 0 thread 0
//   launch 1 thread 0
//   launch 2 thread 0
//   then, in any order (one warp, so use CHECK-DAG):
//     lane 0 of block 0: value 0
//     lane 5 of block 0: value 25
//     lane 31 of block 0: value 961
//   host: done
//   PASS
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: host: start
// CHECK-NEXT: int: 42 -7 4000000000 1099511627776
// CHECK-NEXT: float: 3.500000 0.333 -1.250000e+02
// CHECK-NEXT: string: hello from the GPU / local buffer
// CHECK-NEXT: hex: beef CAFE 00001234 char: Z
// CHECK-NEXT: launch 0 thread 0
// CHECK-NEXT: launch 1 thread 0
// CHECK-NEXT: launch 2 thread 0
// CHECK-DAG: lane 0 of block 0: value 0
// CHECK-DAG: lane 5 of block 0: value 25
// CHECK-DAG: lane 31 of block 0: value 961
// CHECK: host: done
// CHECK-NEXT: PASS
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: CUDA error '%s' (%s) in %s\n", __FILE__, __LINE__,  \
                    cudaGetErrorString(err_), cudaGetErrorName(err_), #call);           \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

__global__ void formats(int i, float f, double d)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        char local[16] = {'l', 'o', 'c', 'a', 'l', ' ', 'b', 'u', 'f', 'f', 'e', 'r', '\0'};
        printf("int: %d %d %u %lld\n", i, -7, 4000000000u, 1LL << 40);
        printf("float: %f %.3f %e\n", f, d, -125.0);
        printf("string: %s / %s\n", "hello from the GPU", local);
        printf("hex: %x %X %08x char: %c\n", 0xbeef, 0xCAFE, 0x1234, 'Z');
    }
}

__global__ void oneLine(int launch)
{
    if (threadIdx.x == 0)
        printf("launch %d thread %d\n", launch, (int)threadIdx.x);
}

__global__ void someLanes()
{
    int lane = threadIdx.x;
    if (lane == 0 || lane == 5 || lane == 31)
        printf("lane %d of block %d: value %d\n", lane, (int)blockIdx.x, lane * lane);
}

int main()
{
    printf("host: start\n");
    fflush(stdout);

    formats<<<1, 32>>>(42, 3.5f, 1.0 / 3.0);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    fflush(stdout);

    for (int k = 0; k < 3; ++k) {
        oneLine<<<1, 4>>>(k);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        fflush(stdout);
    }

    someLanes<<<1, 32>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    fflush(stdout);

    printf("host: done\n");
    printf("PASS\n");
    return 0;
}
