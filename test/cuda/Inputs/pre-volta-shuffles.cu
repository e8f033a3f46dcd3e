// Warp functions CUDA has only before sm_70 (test/cuda/pre-volta-shuffles.test).
__global__ void rotate(int *p) {
  p[threadIdx.x] = __shfl(p[threadIdx.x], (threadIdx.x + 1) % 32);
#ifdef XOR
  p[threadIdx.x] += __shfl_xor(p[threadIdx.x], 1);
#endif
}

int main() { return 0; }
