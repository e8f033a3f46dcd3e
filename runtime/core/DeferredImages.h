//===- DeferredImages.h - Device IR compiled at first use -------*- C++ -*-===//
///
/// \file
/// Units built with `-fplugin-arg-ferry-jit`, and by ferry-clang++'s default
/// (for its link), carry their device module as NVVM bitcode
/// (ferry/DeferredCompile.h). The first time a program needs a kernel on a
/// device that none of a package's images runs on (on the emulated devices:
/// none with its translated IR), the runtime
/// compiles that package's device IR for the device's processor with
/// libferry.so, opened with dlopen (the runtime itself never links LLVM),
/// and registers the images as the package's own.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_DEFERREDIMAGES_H
#define FERRY_RUNTIME_CORE_DEFERREDIMAGES_H

#include "core/Error.h"
#include "core/ImageRegistry.h"

#include <functional>
#include <string>

namespace ferry {

/// Compiles for \p Arch ("gfx90a:sramecc+:xnack-", "sm_90") the device IR
/// of every registered package without an image (a registry index) that
/// \p Runs on the device,
/// once per package and processor, and appends the images to the registry;
/// \p Emulated: each object's translated IR too. Returns at once for a
/// program without device IR. An error names the package's
/// device IR, the processor and the compiler's reason (it is returned again,
/// without compiling again, for the package's later kernels).
Error compileDeferredImages(const std::string &Arch, bool Emulated,
                            const std::function<bool(size_t)> &Runs);

} // namespace ferry

#endif
