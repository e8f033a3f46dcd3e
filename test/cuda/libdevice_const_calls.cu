// ferry-nvcc compiles device code without libdevice (-nocudalib), so clang
// knows sqrtf and fabsf only as calls of __nv_sqrtf and __nv_fabsf. Declared
// as clang's header declares them (no attributes) such a call may read and
// write any memory: the dead stores to b[1] below survive the normalization
// between them, clang merges the three `= 1.0f` into one store through a
// phi of pointers, and the basis stays a private array (AO bench's
// orthoBasis: 16 bytes of scratch on gfx90a where HIP has none). ferry-nvcc's
// <__clang_cuda_libdevice_declares.h> (tools/ferry-nvcc/libdevice-attributes.py)
// declares the short libdevice functions `const` again: no scratch, and the
// results stay right.
// RUN: %ferry-nvcc -O3 -arch=sm_80 --offload-arch=gfx90a,gfx1100 %s -o %t
// RUN: %ferry-info --image %t | %FileCheck %s --check-prefix=RES
// RES: kernel{{ +}}_Z5basesPK3VecPS_i{{( +[0-9]+){5} +}}0{{ +}}64
// RES: kernel{{ +}}_Z5basesPK3VecPS_i{{( +[0-9]+){5} +}}0{{ +}}32
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>

struct Vec {
  float x, y, z;
};

__device__ void normalize(Vec &V) {
  const float Length = sqrtf(V.x * V.x + V.y * V.y + V.z * V.z);
  if (fabsf(Length) > 1e-17f) {
    V.x /= Length;
    V.y /= Length;
    V.z /= Length;
  }
}

__device__ Vec cross(const Vec &A, const Vec &B) {
  return {A.y * B.z - A.z * B.y, A.z * B.x - A.x * B.z, A.x * B.y - A.y * B.x};
}

/// An orthonormal basis around N: B[2] = N, B[1] the axis N is farthest
/// from, made orthogonal.
__device__ void basis(Vec B[3], const Vec &N) {
  B[2] = N;
  B[1] = {0, 0, 0};
  if (N.x < 0.6f && N.x > -0.6f)
    B[1].x = 1.0f;
  else if (N.y < 0.6f && N.y > -0.6f)
    B[1].y = 1.0f;
  else if (N.z < 0.6f && N.z > -0.6f)
    B[1].z = 1.0f;
  else
    B[1].x = 1.0f;
  B[0] = cross(B[1], B[2]);
  normalize(B[0]);
  B[1] = cross(B[2], B[0]);
  normalize(B[1]);
}

__global__ void bases(const Vec *Normals, Vec *Out, int N) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  Vec B[3];
  basis(B, Normals[I]);
  for (int K = 0; K < 3; ++K)
    Out[3 * I + K] = B[K];
}

int main() {
  const int N = 256;
  Vec *Normals, *Out;
  cudaMallocManaged(&Normals, N * sizeof(Vec));
  cudaMallocManaged(&Out, 3 * N * sizeof(Vec));
  for (int I = 0; I < N; ++I) {
    Vec V = {std::cos(0.1f * I), std::sin(0.07f * I), std::cos(0.013f * I * I)};
    const float L = std::sqrt(V.x * V.x + V.y * V.y + V.z * V.z);
    Normals[I] = {V.x / L, V.y / L, V.z / L};
  }
  bases<<<(N + 63) / 64, 64>>>(Normals, Out, N);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  int Errors = 0;
  auto Dot = [](const Vec &A, const Vec &B) { return A.x * B.x + A.y * B.y + A.z * B.z; };
  for (int I = 0; I < N; ++I) {
    const Vec *B = Out + 3 * I;
    const bool Orthonormal = std::fabs(Dot(B[0], B[1])) < 1e-5f &&
                             std::fabs(Dot(B[0], B[2])) < 1e-5f &&
                             std::fabs(Dot(B[1], B[2])) < 1e-5f &&
                             std::fabs(Dot(B[0], B[0]) - 1) < 1e-5f &&
                             std::fabs(Dot(B[1], B[1]) - 1) < 1e-5f;
    if (!Orthonormal && Errors++ < 5)
      std::printf("basis %d is not orthonormal\n", I);
  }
  std::printf(Errors ? "FAIL\n" : "PASS\n");
  return Errors != 0;
}
