//===- Errors.cpp - cudaGetErrorName and cudaGetErrorString ---------------===//
///
/// \file
/// The name and a description of every cudaError_t value (ErrorNames.def).
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

extern "C" {

const char *cudaGetErrorName(cudaError_t Error) {
  switch (ferry::cudart::enumValue(Error)) {
#define CUDA_ERROR(Name, Description)                                                              \
  case Name:                                                                                       \
    return #Name;
#include "cudart/ErrorNames.def"
#undef CUDA_ERROR
  default:
    return "cudaErrorUnknown";
  }
}

const char *cudaGetErrorString(cudaError_t Error) {
  switch (ferry::cudart::enumValue(Error)) {
#define CUDA_ERROR(Name, Description)                                                              \
  case Name:                                                                                       \
    return Description;
#include "cudart/ErrorNames.def"
#undef CUDA_ERROR
  default:
    return "unrecognized error code";
  }
}

} // extern "C"
