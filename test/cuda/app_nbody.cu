// A small all-pairs n-body simulation in the style of the CUDA samples: float4 positions (w = mass)
// loaded into shared-memory tiles, rsqrtf-based body-body interactions, leapfrog integration with
// ping-pong position buffers over a few steps, compared with a host simulation.
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: CUDA error '%s' (%s) in %s\n", __FILE__, __LINE__,  \
                    cudaGetErrorString(err_), cudaGetErrorName(err_), #call);           \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

#define BLOCK_SIZE 128
#define SOFTENING_SQUARED 0.01f

__device__ float3 bodyBodyInteraction(float3 ai, float4 bi, float4 bj)
{
    float3 r;
    r.x = bj.x - bi.x;
    r.y = bj.y - bi.y;
    r.z = bj.z - bi.z;
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING_SQUARED;
    float invDist = rsqrtf(distSqr);
    float invDistCube = invDist * invDist * invDist;
    float s = bj.w * invDistCube;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

__global__ void integrateBodies(float4 *__restrict__ newPos, float4 *__restrict__ vel,
                                const float4 *__restrict__ oldPos, float dt, float damping,
                                int numBodies)
{
    __shared__ float4 tile[BLOCK_SIZE];
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    float4 myPos = index < numBodies ? oldPos[index] : make_float4(0.f, 0.f, 0.f, 0.f);
    float3 acc = make_float3(0.0f, 0.0f, 0.0f);

    for (int tileStart = 0; tileStart < numBodies; tileStart += BLOCK_SIZE) {
        int j = tileStart + threadIdx.x;
        tile[threadIdx.x] = j < numBodies ? oldPos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
#pragma unroll 8
        for (int k = 0; k < BLOCK_SIZE; ++k)
            acc = bodyBodyInteraction(acc, myPos, tile[k]);  // padding bodies have zero mass
        __syncthreads();
    }

    if (index < numBodies) {
        float4 v = vel[index];
        v.x = (v.x + acc.x * dt) * damping;
        v.y = (v.y + acc.y * dt) * damping;
        v.z = (v.z + acc.z * dt) * damping;
        myPos.x += v.x * dt;
        myPos.y += v.y * dt;
        myPos.z += v.z * dt;
        newPos[index] = myPos;
        vel[index] = v;
    }
}

// Host reference, same algorithm in double precision.
static void hostStep(std::vector<double> &pos, std::vector<double> &vel, int n, double dt,
                     double damping)
{
    std::vector<double> next(pos);
    for (int i = 0; i < n; ++i) {
        double ax = 0, ay = 0, az = 0;
        for (int j = 0; j < n; ++j) {
            double rx = pos[4 * j] - pos[4 * i];
            double ry = pos[4 * j + 1] - pos[4 * i + 1];
            double rz = pos[4 * j + 2] - pos[4 * i + 2];
            double d2 = rx * rx + ry * ry + rz * rz + (double)SOFTENING_SQUARED;
            double inv = 1.0 / sqrt(d2);
            double s = pos[4 * j + 3] * inv * inv * inv;
            ax += rx * s;
            ay += ry * s;
            az += rz * s;
        }
        double *v = &vel[4 * i];
        v[0] = (v[0] + ax * dt) * damping;
        v[1] = (v[1] + ay * dt) * damping;
        v[2] = (v[2] + az * dt) * damping;
        next[4 * i] += v[0] * dt;
        next[4 * i + 1] += v[1] * dt;
        next[4 * i + 2] += v[2] * dt;
    }
    pos.swap(next);
}

int main()
{
    const int numBodies = 300;  // not a multiple of BLOCK_SIZE: the last tile is padded
    const int steps = 3;
    const float dt = 0.01f, damping = 0.995f;

    // Bodies on a jittered shell with a little rotation, as the samples' "shell" configuration.
    std::vector<float4> hPos(numBodies), hVel(numBodies);
    std::vector<double> refPos(4 * numBodies), refVel(4 * numBodies);
    unsigned seed = 7;
    auto rnd = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (float)(seed >> 8) / 16777216.0f;  // [0, 1)
    };
    for (int i = 0; i < numBodies; ++i) {
        float x = rnd() * 2 - 1, y = rnd() * 2 - 1, z = rnd() * 2 - 1;
        float len = sqrtf(x * x + y * y + z * z) + 0.1f;
        float radius = 2.0f + rnd();
        hPos[i] = make_float4(x / len * radius, y / len * radius, z / len * radius,
                              0.5f + rnd());
        hVel[i] = make_float4(-hPos[i].y * 0.1f, hPos[i].x * 0.1f, 0.0f, 0.0f);
        refPos[4 * i] = hPos[i].x;
        refPos[4 * i + 1] = hPos[i].y;
        refPos[4 * i + 2] = hPos[i].z;
        refPos[4 * i + 3] = hPos[i].w;
        refVel[4 * i] = hVel[i].x;
        refVel[4 * i + 1] = hVel[i].y;
        refVel[4 * i + 2] = hVel[i].z;
        refVel[4 * i + 3] = 0.0;
    }

    float4 *dPos[2], *dVel;
    CHECK(cudaMalloc(&dPos[0], numBodies * sizeof(float4)));
    CHECK(cudaMalloc(&dPos[1], numBodies * sizeof(float4)));
    CHECK(cudaMalloc(&dVel, numBodies * sizeof(float4)));
    CHECK(cudaMemcpy(dPos[0], hPos.data(), numBodies * sizeof(float4), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dVel, hVel.data(), numBodies * sizeof(float4), cudaMemcpyHostToDevice));

    int numBlocks = (numBodies + BLOCK_SIZE - 1) / BLOCK_SIZE;
    int cur = 0;
    for (int s = 0; s < steps; ++s) {
        integrateBodies<<<numBlocks, BLOCK_SIZE>>>(dPos[1 - cur], dVel, dPos[cur], dt, damping,
                                                   numBodies);
        CHECK(cudaGetLastError());
        cur = 1 - cur;
        hostStep(refPos, refVel, numBodies, dt, damping);
    }
    CHECK(cudaDeviceSynchronize());

    std::vector<float4> outPos(numBodies), outVel(numBodies);
    CHECK(cudaMemcpy(outPos.data(), dPos[cur], numBodies * sizeof(float4), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(outVel.data(), dVel, numBodies * sizeof(float4), cudaMemcpyDeviceToHost));

    // Float accumulation over ~300 terms against a double reference: allow a small relative error.
    int bad = 0;
    double maxPosErr = 0, maxVelErr = 0;
    for (int i = 0; i < numBodies; ++i) {
        const float p[4] = {outPos[i].x, outPos[i].y, outPos[i].z, outPos[i].w};
        const float v[3] = {outVel[i].x, outVel[i].y, outVel[i].z};
        for (int c = 0; c < 4; ++c) {
            double err = fabs(p[c] - refPos[4 * i + c]);
            maxPosErr = err > maxPosErr ? err : maxPosErr;
            if (err > 1e-4 * (1.0 + fabs(refPos[4 * i + c]))) {
                if (bad++ < 10)
                    fprintf(stderr, "body %d pos[%d] = %.7g, want %.7g\n", i, c, p[c],
                            refPos[4 * i + c]);
            }
        }
        for (int c = 0; c < 3; ++c) {
            double err = fabs(v[c] - refVel[4 * i + c]);
            maxVelErr = err > maxVelErr ? err : maxVelErr;
            if (err > 1e-3 * (1.0 + fabs(refVel[4 * i + c]))) {
                if (bad++ < 10)
                    fprintf(stderr, "body %d vel[%d] = %.7g, want %.7g\n", i, c, v[c],
                            refVel[4 * i + c]);
            }
        }
    }
    printf("n-body: %d bodies, %d steps, max position error %.3g, max velocity error %.3g\n",
           numBodies, steps, maxPosErr, maxVelErr);

    CHECK(cudaFree(dPos[0]));
    CHECK(cudaFree(dPos[1]));
    CHECK(cudaFree(dVel));

    if (bad) {
        printf("FAILED: %d values out of tolerance\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
