// Streaming loads and stores (__ldcs, __stcs: non-temporal hints) of
// 16-bit types (bf16, half, short) and wider ones. The emulator's host code
// generation crashed on a non-temporal load narrower than 32 bits (LLVM
// 19's x86 instruction selection; llm.c's layernorm_backward reads bf16
// with __ldcs): the whole image failed to load. The emulator drops the
// hints, which the host's caches do not need.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void stream(float *out, const __nv_bfloat16 *b, const __half *h, const short *s,
                       const float4 *f, float4 *g) {
  const int i = threadIdx.x;
  out[i] = __bfloat162float(__ldcs(&b[i])) + __half2float(__ldcs(&h[i])) + float(__ldcs(&s[i]));
  float4 v = __ldcs(&f[i]);
  v.x += 1;
  __stcs(&g[i], v);
}

int main() {
  __nv_bfloat16 hb[32];
  __half hh[32];
  short hs[32];
  float4 hf[32];
  for (int i = 0; i < 32; i++) {
    hb[i] = __float2bfloat16(float(i));
    hh[i] = __float2half(float(2 * i));
    hs[i] = short(3 * i);
    hf[i] = make_float4(float(i), 0, 0, 0);
  }
  __nv_bfloat16 *b;
  __half *h;
  short *s;
  float4 *f, *g;
  float *out;
  cudaMalloc(&b, sizeof hb);
  cudaMalloc(&h, sizeof hh);
  cudaMalloc(&s, sizeof hs);
  cudaMalloc(&f, sizeof hf);
  cudaMalloc(&g, sizeof hf);
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemcpy(h, hh, sizeof hh, cudaMemcpyHostToDevice);
  cudaMemcpy(s, hs, sizeof hs, cudaMemcpyHostToDevice);
  cudaMemcpy(f, hf, sizeof hf, cudaMemcpyHostToDevice);
  stream<<<1, 32>>>(out, b, h, s, f, g);
  float r[32];
  float4 rg[32];
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(rg, g, sizeof rg, cudaMemcpyDeviceToHost);
  int bad = cudaGetLastError() != cudaSuccess;
  for (int i = 0; i < 32; i++)
    if (r[i] != 6.0f * i || rg[i].x != i + 1.0f) {
      printf("%d: %g %g\n", i, r[i], rg[i].x);
      ++bad;
    }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
