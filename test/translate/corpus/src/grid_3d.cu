// 3D indexing with every block and grid dimension.
__global__ void fill3d(float *v, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < nx && y < ny && z < nz)
    v[(z * ny + y) * nx + x] = x + 10.0f * y + 100.0f * z + gridDim.x + gridDim.y * 2 + gridDim.z * 3;
}
