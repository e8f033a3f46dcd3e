// A kernel taking a struct by value (read) and another that writes its copy.
struct Params { float scale; float bias; int n; float weights[8]; };
__global__ void affine(Params p, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) y[i] = p.scale * x[i] + p.bias + p.weights[i & 7];
}
__global__ void affine_mut(Params p, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p.weights[threadIdx.x & 7] += 1.0f;
  if (i < p.n) y[i] = p.scale * x[i] + p.weights[(i + 1) & 7];
}
