// Warp-synchronous shared-memory exchange with __syncwarp and lane masks.
__global__ void rotate_within_warp(const int *in, int *out) {
  __shared__ int buf[256];
  unsigned lane = threadIdx.x & 31;
  buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncwarp();
  int v = buf[(threadIdx.x & ~31u) | ((lane + 1) & 31)];
  __syncwarp(0xffffffffu);
  unsigned lt;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  out[blockIdx.x * blockDim.x + threadIdx.x] = v + __popc(lt) - id;
}
