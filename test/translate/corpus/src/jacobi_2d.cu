// One Jacobi sweep of the 2D Laplace equation (5-point stencil).
__global__ void jacobi_step(const double *u, double *unew, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1)
    unew[y * nx + x] = 0.25 * (u[y * nx + x - 1] + u[y * nx + x + 1] +
                               u[(y - 1) * nx + x] + u[(y + 1) * nx + x]);
}
