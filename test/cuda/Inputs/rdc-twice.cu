// A __device__ function with external linkage: two objects of this file
// (each with its own KERNEL) do not link as relocatable device code.
__device__ float twice(float x) { return 2 * x; }
__global__ void KERNEL(float *p) { *p = twice(*p); }
