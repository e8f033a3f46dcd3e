//===- HsaBackend.h - AMD GPUs through ROCR (HSA) --------------*- C++ -*-===//
///
/// \file
/// The AMD backend talks to ROCR directly, opened with dlopen
/// (libhsa-runtime64.so.1, or FERRY_HSA_LIB).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_HSA_HSABACKEND_H
#define FERRY_RUNTIME_HSA_HSABACKEND_H

#include "core/Backend.h"

#include <memory>

namespace ferry {

std::unique_ptr<Backend> createHsaBackend();

} // namespace ferry

#endif
