// A project's own cuda.h (darknet's src/cuda.h): its helpers, and the CUDA
// runtime through it.
#pragma once
#include "cuda_runtime.h"
int own_cuda_h_helper(cudaError_t status);
