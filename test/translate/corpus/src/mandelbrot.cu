// Escape-time Mandelbrot set.
__global__ void mandelbrot(int *iters, int w, int h, int maxIter) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float cr = -2.0f + 3.0f * x / w, ci = -1.5f + 3.0f * y / h, zr = 0, zi = 0;
  int k = 0;
  while (k < maxIter && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++k;
  }
  iters[y * w + x] = k;
}
