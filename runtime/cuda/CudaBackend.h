//===- CudaBackend.h - NVIDIA GPUs through the CUDA driver -----*- C++ -*-===//
///
/// \file
/// The NVIDIA backend talks to the CUDA driver API, opened with dlopen
/// (libcuda.so.1, or FERRY_CUDA_LIB).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CUDA_CUDABACKEND_H
#define FERRY_RUNTIME_CUDA_CUDABACKEND_H

#include "core/Backend.h"

#include <memory>

namespace ferry {

std::unique_ptr<Backend> createCudaBackend();

} // namespace ferry

#endif
