//===- HostBackend.h - The host as a device --------------------*- C++ -*-===//
///
/// \file
/// The host backend always has one device: the CPU, whose cores run regions
/// through the HostThreadPool.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_HOST_HOSTBACKEND_H
#define FERRY_RUNTIME_HOST_HOSTBACKEND_H

#include "core/Backend.h"

#include <memory>

namespace ferry {

std::unique_ptr<Backend> createHostBackend();

} // namespace ferry

#endif
