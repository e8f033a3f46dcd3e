//===- Errors.cpp - cudaGetErrorName and cudaGetErrorString ---------------===//
///
/// \file
/// The name and a description of every cudaError_t value (ErrorNames.def).
///
//===----------------------------------------------------------------------===//
#include "cudart/CudaRuntime.h"

#include <cstring>

namespace {
/// The code a program passed, read as its bytes: a value outside the
/// enumeration (cudaGetErrorString((cudaError_t)123456)) is answered, and
/// loading it as the enumeration's type is undefined.
int codeOf(const cudaError_t &Error) {
  int Code;
  static_assert(sizeof Code == sizeof Error, "cudaError_t is int-sized");
  std::memcpy(&Code, &Error, sizeof Code);
  return Code;
}
} // namespace

extern "C" {

const char *cudaGetErrorName(cudaError_t Error) {
  switch (codeOf(Error)) {
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
  switch (codeOf(Error)) {
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
