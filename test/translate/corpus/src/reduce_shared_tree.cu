// Classic shared-memory tree reduction of ints.
__global__ void reduce_tree(const int *in, int *out, int n) {
  extern __shared__ int s[];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
  int v = 0;
  if (i < n) v += in[i];
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  s[t] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
