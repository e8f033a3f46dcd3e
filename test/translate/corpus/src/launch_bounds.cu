// Kernels with launch bounds (max threads, min blocks per SM).
__global__ void __launch_bounds__(256, 2) scale_bounded(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= s;
}
__global__ void __launch_bounds__(1024) copy_bounded(const int *a, int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = a[i];
}
